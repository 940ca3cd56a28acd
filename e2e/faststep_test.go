package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	ui "mcpwirelab/app"
	"mcpwirelab/sim/scenario"
)

// snapshotJS serialises everything a step changes: the rows (step, class,
// hidden, aria-current), the player, the line under the rows and the
// inspector (class and step sections, without the fill mark).
const snapshotJS = `(() => {
  const g = (id) => document.getElementById(id);
  const rows = Array.from(document.querySelectorAll("#sequence .rows > li")).map((li) =>
    [li.dataset.step, li.className, li.hidden, li.firstElementChild.getAttribute("aria-current")].join("|"));
  const more = g("seq-more");
  return JSON.stringify({
    rows,
    counter: g("step-counter").textContent,
    prev: g("prev").disabled, next: g("next").disabled,
    jump: g("jump").value, valuetext: g("jump").getAttribute("aria-valuetext"),
    more: more ? more.className + "|" + more.textContent : "",
    inspector: g("inspector").className,
    body: g("insp-step").innerHTML,
    clock: g("vclock-t").textContent,
  });
})()`

// jsSettle waits two animation frames and 30 ms: go-app's frame (1/120 s
// after an event) and its deferred work have run.
const jsSettle = `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 30))))`

type stepSnapshot struct {
	Rows                   []string
	Counter                string
	Prev, Next             bool
	Jump, Valuetext, More  string
	Inspector, Body, Clock string
}

func snapshot(t *testing.T, ctx context.Context, what string) stepSnapshot {
	t.Helper()
	var raw string
	run(t, ctx, what, chromedp.Evaluate(snapshotJS, &raw))
	var s stepSnapshot
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return s
}

// diffSnapshots names the first field that differs ("" when equal).
func diffSnapshots(a, b stepSnapshot) string {
	if strings.Join(a.Rows, "\n") != strings.Join(b.Rows, "\n") {
		return fmt.Sprintf("rows:\n%s\nvs\n%s", strings.Join(a.Rows, "\n"), strings.Join(b.Rows, "\n"))
	}
	for _, f := range [][3]string{
		{"counter", a.Counter, b.Counter}, {"prev", fmt.Sprint(a.Prev), fmt.Sprint(b.Prev)},
		{"next", fmt.Sprint(a.Next), fmt.Sprint(b.Next)}, {"jump", a.Jump, b.Jump},
		{"valuetext", a.Valuetext, b.Valuetext}, {"more", a.More, b.More},
		{"inspector", a.Inspector, b.Inspector}, {"clock", a.Clock, b.Clock}, {"body", a.Body, b.Body},
	} {
		if f[1] != f[2] {
			return fmt.Sprintf("%s: %.300q vs %.300q", f[0], f[1], f[2])
		}
	}
	return ""
}

// TestInstantStep checks the step patch (app/faststep.go): a click on
// "next" shows the whole next step before the click handler returns
// (before go-app's next frame), and whatever mix of patched steps and
// go-app frames happens, the page ends exactly as a fresh load of the
// same link draws it.
func TestInstantStep(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	link := func(step int) string {
		return fmt.Sprintf("%s/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=%d&lang=en", srv.URL, step)
	}
	loadLink(t, ctx, link(3))
	if bad := evalString(t, ctx, `Array.from(document.querySelectorAll("#sequence .row-btn[aria-current]")).map((b) => b.getAttribute("aria-current")).filter((v) => v !== "step").join(",")`); bad != "" {
		t.Fatalf("rows with an aria-current other than \"step\": %q", bad)
	}

	// Synchronous: read the page in the same task as the click.
	var got string
	run(t, ctx, "click next and read at once", chromedp.Evaluate(`(() => {
  document.getElementById("next").click();
  const cur = document.querySelector("#sequence .row.current");
  return [document.getElementById("step-cur").textContent, cur && cur.dataset.step, cur && cur.hidden,
    document.querySelector("#insp-step .insp-step").textContent,
    document.querySelector("#sequence .rows > li[data-step='3']").className.includes("past"),
    document.getElementById("prev").disabled].join(",");
})()`, &got))
	if got != "4,4,false,Step 4,true,false" {
		t.Fatalf("right after the click: %q, want counter 4, current row 4 shown, inspector on step 4, row 3 past, prev enabled (go-app's frame then adds the hidden row 5)", got)
	}
	eventually(t, "URL step=4", queryIs(ctx, "step", "4"))

	// Several steps within one task (no go-app frame in between), then
	// frames: next, next, back to 2 through a row, next.
	steps := []struct{ js, want string }{
		{`document.getElementById("next").click(); document.getElementById("next").click();`, "6"},
		{`document.querySelector("#sequence .rows > li[data-step='2'] .row-btn").click();`, "2"},
		{`document.getElementById("next").click(); document.getElementById("prev").click(); document.getElementById("next").click();`, "3"},
		{`document.getElementById("restart").click(); document.getElementById("next").click();`, "2"},
	}
	for _, st := range steps {
		run(t, ctx, st.js, chromedp.Evaluate(st.js+` 0`, nil))
		eventually(t, "URL step="+st.want, queryIs(ctx, "step", st.want))
		// Let go-app's frame (and its deferred fills) run.
		run(t, ctx, "wait two frames", evalAsync(jsSettle, nil))
		after := snapshot(t, ctx, "snapshot after "+st.js)
		n, _ := strconv.Atoi(st.want)
		loadLink(t, ctx, link(n))
		fresh := snapshot(t, ctx, "snapshot of a fresh load at step "+st.want)
		if d := diffSnapshots(after, fresh); d != "" {
			t.Fatalf("after %s the page differs from a fresh load of step %s: %s", st.js, st.want, d)
		}
	}

	// With a filter (rows in between are missing), bursts of steps still
	// leave every drawn row in the state of the current step.
	loadLink(t, ctx, link(2))
	run(t, ctx, "filter on server-to-client", chromedp.Evaluate(`(() => {
  const s = document.getElementById("filter-dir"); s.value = "s2c"; s.dispatchEvent(new Event("change", { bubbles: true })); })()`, nil))
	run(t, ctx, "settle", evalAsync(jsSettle, nil))
	for _, js := range []string{
		`document.getElementById("next").click(); document.getElementById("next").click(); document.getElementById("next").click();`,
		`document.getElementById("prev").click(); document.getElementById("next").click(); document.getElementById("prev").click();`,
	} {
		run(t, ctx, js, chromedp.Evaluate(js+` 0`, nil))
		run(t, ctx, "settle", evalAsync(jsSettle, nil))
		bad := evalString(t, ctx, `(() => {
  const cur = parseInt(document.getElementById("step-cur").textContent);
  const out = [];
  for (const li of document.querySelectorAll("#sequence .rows > li")) {
    const n = parseInt(li.dataset.step);
    const want = n < cur ? "past" : n === cur ? "current" : "upcoming";
    const aria = li.firstElementChild.getAttribute("aria-current");
    if (!li.classList.contains(want) || li.hidden !== (want === "upcoming") || (aria === "step") !== (want === "current")) out.push(n + ":" + li.className + ":" + li.hidden + ":" + aria);
  }
  if (document.querySelector("#insp-step .insp-step").textContent !== "Step " + cur) out.push("inspector");
  return out.join(" ");
})()`)
		if bad != "" {
			t.Fatalf("with a filter, after %s: rows not in the current step's state: %s", js, bad)
		}
	}

	// To the end (without a filter): the last step has no upcoming row and
	// the end marker.
	loadLink(t, ctx, link(3))
	run(t, ctx, "end", chromedp.Evaluate(`(() => { const n = document.getElementById("next"); while (!n.disabled) n.click(); })()`, nil))
	total := evalInt(t, ctx, jsTotal)
	eventually(t, "at the last step", queryIs(ctx, "step", fmt.Sprint(total)))
	run(t, ctx, "wait frames", evalAsync(jsSettle, nil))
	end := snapshot(t, ctx, "snapshot at the end")
	if !strings.Contains(end.More, "end") || !end.Next || end.Prev {
		t.Fatalf("at the end: more %q, next disabled %v, prev disabled %v", end.More, end.Next, end.Prev)
	}
	loadLink(t, ctx, link(total))
	if d := diffSnapshots(end, snapshot(t, ctx, "fresh end")); d != "" {
		t.Fatalf("walked to the end vs a fresh load of the last step: %s", d)
	}
}

// TestEmbeddedFirstTrace checks the trace the prerendered page carries
// (app/embed.go): the wasm shows it without running the engine first, then
// runs the engine when idle and keeps the page as it is when both agree,
// or shows the engine's trace when the page's differs (a page served by
// another build).
func TestEmbeddedFirstTrace(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	link := srv.URL + "/?scenario=tool-call&version=2026-07-28&transport=stdio&fault=none&step=2&lang=en"
	loadLink(t, ctx, link)
	if got := evalString(t, ctx, `document.documentElement.dataset.wlFirst`); got != "embedded" {
		t.Fatalf("first trace came from %q, want the page's (embedded)", got)
	}
	eventually(t, "engine agrees with the page", evalBool(t, ctx, `document.documentElement.dataset.wlVerified === "same"`))
	want := snapshot(t, ctx, "page after the check")

	// The same link through a server whose page carries another run (the
	// unknown-tool fault) under the link's options.
	other, err := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio", Fault: "unknown-tool"})
	if err != nil {
		t.Fatal(err)
	}
	forged := ui.EmbeddedTraceHTML(other, scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio", Fault: "none"})
	re := regexp.MustCompile(`<script type="application/json" id="wl-trace" [^>]*>[^<]*</script>`)
	tamper := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, _ := http.NewRequest(r.Method, srv.URL+r.URL.RequestURI(), nil)
		req.Header = r.Header.Clone()
		req.Header.Del("Accept-Encoding")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			if !re.Match(body) {
				http.Error(w, "no embedded trace in the page", http.StatusBadGateway)
				return
			}
			body = re.ReplaceAllLiteral(body, []byte(forged))
		}
		for k, v := range res.Header {
			if k != "Content-Length" {
				w.Header()[k] = v
			}
		}
		w.WriteHeader(res.StatusCode)
		w.Write(body)
	}))
	defer tamper.Close()
	forgedLink := strings.Replace(link, srv.URL, tamper.URL, 1)
	loadLink(t, ctx, forgedLink)
	if got := evalString(t, ctx, `document.documentElement.dataset.wlFirst`); got != "embedded" {
		t.Fatalf("forged page: first trace came from %q, want embedded", got)
	}
	eventually(t, "engine replaces the forged trace", evalBool(t, ctx, `document.documentElement.dataset.wlVerified === "replaced"`))
	run(t, ctx, "settle", evalAsync(jsSettle, nil))
	if d := diffSnapshots(snapshot(t, ctx, "forged page after the check"), want); d != "" {
		t.Fatalf("after replacing the forged trace the page differs from the genuine one: %s", d)
	}
}
