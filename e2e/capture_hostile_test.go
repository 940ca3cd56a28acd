package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"mcpwirelab/sim/check"
	"mcpwirelab/sim/trace"
)

// crafted writes the real capture with its first stdout answer replaced
// by raw and msgs, and returns the file and that step's number.
func crafted(t *testing.T, name, raw string, msgs ...string) (string, int) {
	t.Helper()
	f, err := os.Open("testdata/capture-go-sdk-stdio-2026-07-28.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := check.ReadTranscript(f)
	if err != nil {
		t.Fatal(err)
	}
	step := 0
	for i := range tr.Events {
		if ev := &tr.Events[i]; ev.Channel == trace.Stdout && len(ev.Messages) > 0 {
			ev.Raw, ev.Messages, step = raw, nil, i+1
			for _, m := range msgs {
				ev.Messages = append(ev.Messages, json.RawMessage(m))
			}
			break
		}
	}
	var b strings.Builder
	if err := tr.WriteJSONL(&b); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p, step
}

// stepJS presses → and resolves, once the counter shows the next step and
// two frames have been painted, with the milliseconds it took and the
// size of the inspector it built.
const stepJS = `new Promise(resolve => {
  const before = document.querySelector("#cap-counter").textContent;
  const t0 = performance.now();
  window.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
  const poll = () => {
    if (document.querySelector("#cap-counter").textContent === before) { requestAnimationFrame(poll); return; }
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const insp = document.querySelector("#inspector") || document.body;
      resolve({ms: performance.now() - t0, nodes: insp.querySelectorAll("*").length, html: insp.innerHTML.length});
    }));
  };
  requestAnimationFrame(poll);
})`

type stepCost struct {
	Ms    float64 `json:"ms"`
	Nodes int     `json:"nodes"`
	HTML  int     `json:"html"`
}

// TestCaptureHostileTranscripts (issue 27 item 3) opens crafted
// transcripts in the capture view and steps onto the crafted step: JSON
// nested 9,990 deep (75 KB: it took the tab past 4 GiB) and one 30 MB
// line (a 7.6 s freeze). The step's inspector stays small (bounded
// nodes and HTML, with a note on what is left out); the time of each step
// is reported, not asserted. Then a tab that stopped while showing a
// transcript does not reopen it at the reload (no crash loop).
func TestCaptureHostileTranscripts(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	deep := `{"jsonrpc":"2.0","id":1,"result":{"tools":` + strings.Repeat("[", 9990) + strings.Repeat("]", 9990) + `}}`
	files := []struct {
		name, raw string
		msgs      []string
	}{
		{"deep.jsonl", deep + "\n", []string{deep}},
		{"line.jsonl", strings.Repeat("x", 30<<20) + "\n", nil},
	}
	for _, f := range files {
		file, step := crafted(t, f.name, f.raw, f.msgs...)
		// A fresh tab: no transcript kept from the one before.
		run(t, ctx, "open "+f.name, chromedp.Navigate(srv.URL+"/?view=capture&lang=en"), waitView("#capture"),
			chromedp.Evaluate(`sessionStorage.clear()`, nil), chromedp.Reload(), waitView("#capture"),
			chromedp.SetUploadFiles("#cap-file", []string{file}, chromedp.ByQuery))
		eventually(t, f.name+" open", evalBool(t, ctx, fmt.Sprintf(`(document.querySelector(".cap-summary") || {}).textContent?.includes(%q)`, f.name)))
		run(t, ctx, "to the step before", chromedp.Evaluate(`window.dispatchEvent(new KeyboardEvent("keydown", {key: "Home", bubbles: true}))`, nil))
		eventually(t, "step 1", textIs(t, ctx, "#cap-counter", counter(1, -1)))
		var costs []stepCost
		for i := 1; i < step; i++ {
			var c stepCost
			run(t, ctx, "step", chromedp.Evaluate(stepJS, &c, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
			costs = append(costs, c)
		}
		last := costs[len(costs)-1]
		// Once more, back and forth: the second visit of the step.
		var back, again stepCost
		run(t, ctx, "back", chromedp.Evaluate(strings.Replace(stepJS, "ArrowRight", "ArrowLeft", 1), &back, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
			chromedp.Evaluate(stepJS, &again, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
		var note bool
		run(t, ctx, "the note", chromedp.Evaluate(`!!document.querySelector("#inspector .t-note")`, &note))
		t.Logf("%s: step %d (crafted) %.0f ms, %d nodes, %d KB of inspector HTML; again %.0f ms; the steps before: %v, back %.0f ms",
			f.name, step, last.Ms, last.Nodes, last.HTML>>10, again.Ms, costs[:len(costs)-1], back.Ms)
		if last.Nodes > 20000 || last.HTML > 1<<20 || !note {
			t.Errorf("%s: the crafted step built %d nodes and %d KB (note shown: %v)", f.name, last.Nodes, last.HTML>>10, note)
		}
	}

	// The deep one (75 KB) is kept for a reload. A tab that stopped while
	// showing it leaves the mark set: the reload says so and opens nothing.
	file, _ := crafted(t, "deep.jsonl", files[0].raw, files[0].msgs...)
	run(t, ctx, "open the deep one", chromedp.Navigate(srv.URL+"/?view=capture&lang=en"), waitView("#capture"),
		chromedp.SetUploadFiles("#cap-file", []string{file}, chromedp.ByQuery), chromedp.WaitVisible("#cap-view", chromedp.ByQuery))
	eventually(t, "the mark cleared once shown", evalBool(t, ctx, `sessionStorage.getItem("mcpwirelab.capture.v1.showing") === null && sessionStorage.getItem("mcpwirelab.capture.v1") !== null`))
	run(t, ctx, "a tab that stopped", chromedp.Evaluate(`sessionStorage.setItem("mcpwirelab.capture.v1.showing", "1")`, nil),
		chromedp.Reload(), waitView("#capture"))
	eventually(t, "the reload says why and opens nothing", evalBool(t, ctx, fmt.Sprintf(
		`(() => { const e = document.querySelector("#cap-error"); return !!e && e.textContent.includes(%q) && !document.querySelector("#cap-view") && sessionStorage.getItem("mcpwirelab.capture.v1") === null })()`,
		"was not reopened")))
	// The next reload is a normal one.
	run(t, ctx, "reload again", chromedp.Reload(), waitView("#capture"))
	var errShown bool
	run(t, ctx, "no error now", chromedp.Evaluate(`!!document.querySelector("#cap-error")`, &errShown))
	if errShown {
		t.Error("the note stays after the next reload")
	}
}
