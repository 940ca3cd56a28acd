package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mcpwirelab/sim/scenario"
)

// loadLink opens a deep link and waits for the wasm to take over.
func loadLink(t *testing.T, ctx context.Context, link string) {
	t.Helper()
	run(t, ctx, "load "+link, chromedp.Navigate(link), waitReady())
}

// visit shows a link in the tab: a page load (loadLink) when the tab shows
// no started lab of the same origin and path, else a navigation inside the
// page, as the browser's Back does (history.pushState, then popstate:
// go-app's OnNav reads the link, Lab.markNav counts it in <html
// data-wl-nav>). It waits for that count to move and for two frames. A
// wasm start costs seconds of CPU on two cores; the tests that audit many
// states in one window (axe, the hall, the stage) start it once per
// window this way. A test of what a fresh page load does uses loadLink.
func visit(t *testing.T, ctx context.Context, link string) {
	t.Helper()
	var n string
	run(t, ctx, "before "+link, chromedp.Evaluate(fmt.Sprintf(`(() => { const h = document.documentElement, u = new URL(%q, location.href);
  return h.getAttribute("data-wl-ready") === "1" && u.origin === location.origin && u.pathname === location.pathname ? (h.getAttribute("data-wl-nav") || "0") : "" })()`, link), &n))
	if n == "" {
		loadLink(t, ctx, link)
		return
	}
	run(t, ctx, "navigate to "+link, chromedp.Evaluate(fmt.Sprintf(`history.pushState({}, "", %q), dispatchEvent(new PopStateEvent("popstate", {state: {}})), true`, link), nil))
	eventually(t, "OnNav read "+link, func() (bool, string) {
		got := evalString(t, ctx, `document.documentElement.getAttribute("data-wl-nav") || ""`)
		return got != n, got
	})
	settle(t, ctx)
}

func evalInt(t *testing.T, ctx context.Context, js string) int {
	t.Helper()
	var n int
	run(t, ctx, js, chromedp.Evaluate(js, &n))
	return n
}

func evalString(t *testing.T, ctx context.Context, js string) string {
	t.Helper()
	var s string
	run(t, ctx, js, chromedp.Evaluate(js, &s))
	return s
}

const (
	jsTotal   = `parseInt(document.getElementById("jump").max)`
	jsNotices = `document.getElementById("notices").innerText.trim()`
	jsBody    = `document.body.innerText`
	// jsCompareRows is a function of a selector: the compare view's rows
	// it matches, each as its text and the title of its middle cell.
	jsCompareRows = `(sel) => [...document.querySelectorAll(sel)].map((r) => r.innerText + " @" + (r.querySelector(".cmp-mid") || {}).title).join("\n")`
)

// compareRows is the text of the compare view's rows sel matches
// (jsCompareRows).
func compareRows(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return evalString(t, ctx, "("+jsCompareRows+")("+fmt.Sprintf("%q", sel)+")")
}

// stepToTheEnd opens a deep link at step 1 and steps with → to its last
// step (at least 10), the inspector following each; one step must cite
// the spec section spec, and no notice may show.
func stepToTheEnd(t *testing.T, ctx context.Context, name, link, spec string) {
	t.Helper()
	visit(t, ctx, link)
	total := evalInt(t, ctx, jsTotal)
	if total < 10 {
		t.Fatalf("%s: %d steps", name, total)
	}
	cited := false
	for i := 2; i <= total; i++ {
		run(t, ctx, "→", key(kb.ArrowRight))
		eventually(t, fmt.Sprintf("%s: step %d", name, i), textIs(t, ctx, "#inspector .insp-step", func(s string) bool {
			return strings.HasSuffix(s, fmt.Sprint(" ", i))
		}))
		cited = cited || strings.Contains(evalString(t, ctx, `(document.querySelector("#inspector .spec a") || {}).textContent || ""`), spec)
	}
	if !cited {
		t.Errorf("%s: no step cites %s", name, spec)
	}
	if n := evalString(t, ctx, jsNotices); n != "" {
		t.Errorf("%s: notice: %q", name, n)
	}
}

// TestEveryScenarioDeepLink opens every scenario the engine lists at step
// 2, checks its title and counter, walks to the last step and checks that
// it renders without an error notice.
func TestEveryScenarioDeepLink(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	for _, in := range scenario.List() {
		link := fmt.Sprintf("%s/?scenario=%s&version=%s&transport=%s&step=2&lang=en", srv.URL, in.Name, in.Versions[0], in.Transports[0])
		loadLink(t, ctx, link)
		eventually(t, in.Name+": step 2", textIs(t, ctx, "#step-counter", counter(2, -1)))
		if got := evalString(t, ctx, `document.getElementById("scenario").selectedOptions[0].textContent`); got != in.Title.En {
			t.Errorf("%s: scenario picker shows %q, want %q", in.Name, got, in.Title.En)
		}
		if n := evalString(t, ctx, jsNotices); n != "" {
			t.Errorf("%s: notice on a good link: %q", in.Name, n)
		}
		total := evalInt(t, ctx, jsTotal)
		if total < 3 {
			t.Fatalf("%s: %d steps", in.Name, total)
		}
		// A few steps with →, then End.
		run(t, ctx, "→", key(kb.ArrowRight))
		eventually(t, in.Name+": → to step 3", textIs(t, ctx, "#step-counter", counter(3, total)))
		run(t, ctx, "End", key(kb.End))
		eventually(t, in.Name+": last step", textIs(t, ctx, "#step-counter", counter(total, total)))
		eventually(t, in.Name+": inspector shows the last step", textIs(t, ctx, "#inspector .insp-step", func(s string) bool {
			return strings.HasSuffix(s, fmt.Sprint(" ", total))
		}))
		if n := evalString(t, ctx, jsNotices); n != "" {
			t.Errorf("%s: notice at the last step: %q", in.Name, n)
		}
		timeline := evalInt(t, ctx, `document.querySelectorAll("#timeline .tl-mark").length`)
		if strings.HasPrefix(in.Name, "http-") != (timeline == total) {
			t.Errorf("%s: timeline has %d markers for %d steps", in.Name, timeline, total)
		}
		if strings.HasPrefix(in.Name, "http-") && evalInt(t, ctx, `document.querySelectorAll("#tl-details li").length`) != total {
			t.Errorf("%s: the timeline's list of times does not list every step", in.Name)
		}
	}
}

func TestLoadBalancerReplicas(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	loadLink(t, ctx, srv.URL+"/?scenario=load-balancer&version=2026-07-28&transport=http&step=1&lang=en")
	run(t, ctx, "End", key(kb.End))
	eventually(t, "replica 2 shown on an arrow", evalBool(t, ctx, `[...document.querySelectorAll("#sequence .chip.replica")].some(e => e.textContent.includes("replica 2"))`))
	eventually(t, "server lane says 2 replicas", textIs(t, ctx, ".lane-server strong", func(s string) bool { return s == "Server (2 replicas)" }))
	// Step 14 is the answer of replica 2 to send_draft.
	run(t, ctx, "back to step 14", key(kb.ArrowLeft), key(kb.ArrowLeft))
	eventually(t, "step 14", queryIs(ctx, "step", "14"))
	eventually(t, "inspector header names the replica", textIs(t, ctx, "#inspector .route", func(s string) bool { return strings.Contains(s, "replica 2") }))
	shot(t, ctx, "load-balancer-en.png")
	run(t, ctx, "switch to Chinese", click("#lang-switch"))
	eventually(t, "replica chip in Chinese", evalBool(t, ctx, `document.body.innerText.includes("副本 2")`))

	// The version and transport toggles say what does not apply.
	dis := evalString(t, ctx, `(() => { const b = document.querySelector('#transport [data-value="stdio"]'); return b.disabled + "|" + b.title })()`)
	if !strings.HasPrefix(dis, "true|") || len(dis) < 8 {
		t.Errorf("stdio button: disabled|title = %q", dis)
	}
	if hint := evalString(t, ctx, `document.getElementById("transport-hint").innerText`); !strings.Contains(hint, "Streamable HTTP") {
		t.Errorf("transport hint %q", hint)
	}
}

func TestDualEraFallbackAnnotations(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	// Step 10 is tools/list after the fallback: its note exists for both
	// versions, so the trace's version would pick the wrong one.
	loadLink(t, ctx, srv.URL+"/?scenario=dual-era&version=2026-07-28&transport=http&fault=legacy-server&step=10&lang=en")
	eventually(t, "spec link follows the event's 2025-11-25", textIs(t, ctx, "#inspector .spec a", func(s string) bool { return strings.Contains(s, "2025-11-25") }))
	run(t, ctx, "End", key(kb.End))
	eventually(t, "last step spec 2025-11-25", textIs(t, ctx, "#inspector .spec a", func(s string) bool { return strings.Contains(s, "2025-11-25") }))
	// Before the fallback the client still speaks 2026-07-28.
	run(t, ctx, "Home", key(kb.Home), key(kb.ArrowRight), key(kb.ArrowRight))
	eventually(t, "probe spec 2026-07-28", textIs(t, ctx, "#inspector .spec a", func(s string) bool { return strings.Contains(s, "2026-07-28") }))
}

func TestHTTPRetriesSettingsAndTimeline(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	base := srv.URL + "/?scenario=http-status-retries&version=2026-07-28&transport=http&lang=en"
	loadLink(t, ctx, base+"&step=1")
	def := evalInt(t, ctx, jsTotal)
	loadLink(t, ctx, base+"&retries=1&step=1")
	one := evalInt(t, ctx, jsTotal)
	if one >= def {
		t.Fatalf("retries=1 gives %d steps, the default %d", one, def)
	}
	eventually(t, "URL keeps retries=1", queryIs(ctx, "retries", "1"))
	if v := evalString(t, ctx, `document.getElementById("client-retries").value`); v != "1" {
		t.Errorf("retries field shows %q", v)
	}

	// Back to the default, walk to the 429 wait: the timeline labels it.
	loadLink(t, ctx, base+"&step=19")
	eventually(t, "timeline shows the waits", evalBool(t, ctx, `(() => { const t = document.getElementById("timeline").innerText; return t.includes("wait 250 ms") && t.includes("wait 500 ms") && t.includes("wait 2000 ms") })()`))
	eventually(t, "current marker", evalBool(t, ctx, `document.querySelector('#timeline .tl-mark.current').dataset.step === "19"`))
	if now := evalString(t, ctx, `document.getElementById("tl-now").innerText`); !strings.Contains(now, "750 ms") {
		t.Errorf("timeline now %q", now)
	}
	shot(t, ctx, "http-status-retries-en.png")

	// An out-of-range value: an error, the last valid value kept.
	run(t, ctx, "type retries=99", chromedp.Evaluate(`(() => { const e = document.getElementById("client-retries"); e.value = "99"; e.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, nil))
	eventually(t, "error shown", textIs(t, ctx, "#client-err-retries", func(s string) bool { return strings.Contains(s, "0 to 10") && strings.Contains(s, "5") }))
	if u, _ := currentURL(ctx); u.Query().Get("retries") != "" || evalInt(t, ctx, jsTotal) != def {
		t.Errorf("invalid retries changed the run: %v", u)
	}
	// A valid one re-runs the engine and goes into the link.
	run(t, ctx, "type retries=0", chromedp.Evaluate(`(() => { const e = document.getElementById("client-retries"); e.value = "0"; e.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, nil))
	eventually(t, "URL retries=0", queryIs(ctx, "retries", "0"))
	eventually(t, "error gone", evalBool(t, ctx, `!document.getElementById("client-err-retries")`))
	if n := evalInt(t, ctx, jsTotal); n >= one {
		t.Errorf("retries=0 gives %d steps, retries=1 %d", n, one)
	}

	// Switching to a stdio-only view of a scenario that cannot run there:
	// pick an http-only scenario while on stdio.
	loadLink(t, ctx, srv.URL+"/?scenario=tool-call&version=2026-07-28&transport=stdio&fault=stdout-pollution&lang=en")
	run(t, ctx, "pick http-sse",
		chromedp.SetValue("#scenario", "http-sse", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("scenario").dispatchEvent(new Event("change", {bubbles: true}))`, nil))
	eventually(t, "transport switched to http", queryIs(ctx, "transport", "http"))
	eventually(t, "notice says why", textIs(t, ctx, "#notices", func(s string) bool {
		return strings.Contains(s, "switched from “stdio (pipes)” to “Streamable HTTP”") && strings.Contains(s, "fault")
	}))
	u, _ := currentURL(ctx)
	if u.Query().Get("fault") != "none" {
		t.Errorf("fault not reset: %s", u)
	}

	// A deep link with an inapplicable combination falls back with a notice.
	loadLink(t, ctx, srv.URL+"/?scenario=http-sse&version=2026-07-28&transport=stdio&lang=en&jitter=300")
	eventually(t, "link notice", textIs(t, ctx, "#notices", func(s string) bool {
		return strings.Contains(s, "does not run with transport “stdio (pipes)”") && strings.Contains(s, "300")
	}))
	eventually(t, "URL normalised", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		q, _ := url.ParseQuery(u.RawQuery)
		return q.Get("transport") == "http" && q.Get("jitter") == "", u.String()
	})
}

// TestStreamDropResume opens the stream-drop fault of the progress
// scenario: 2025-11-25 shows the resuming GET with Last-Event-ID and its
// annotation; 2026-07-28 shows the re-issued request; the fault picker
// offers the fault only where it applies.
func TestStreamDropResume(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	// Step 16 of the 2025-11-25 trace is the resuming GET.
	loadLink(t, ctx, srv.URL+"/?scenario=progress&version=2025-11-25&transport=http&fault=stream-drop&step=16&lang=en")
	if n := evalString(t, ctx, jsNotices); n != "" {
		t.Fatalf("notice on a good link: %q", n)
	}
	eventually(t, "inspector shows the GET with Last-Event-ID", evalBool(t, ctx,
		`document.querySelector("#insp-step #raw-bytes") !== null && document.querySelector("#insp-step #raw-bytes").textContent.includes("Last-Event-ID: 1-1") && document.querySelector("#insp-step #raw-bytes").textContent.startsWith("GET /mcp")`))
	if note := evalString(t, ctx, `document.getElementById("note-text").textContent`); !strings.Contains(note, "after event 1-1") {
		t.Errorf("annotation of the resume request: %q", note)
	}
	if got := evalString(t, ctx, `document.getElementById("fault").selectedOptions[0].textContent`); got != "Network drops the response stream" {
		t.Errorf("fault picker shows %q", got)
	}
	// The same link in 2026-07-28: no resumption, a second tools/call.
	loadLink(t, ctx, srv.URL+"/?scenario=progress&version=2026-07-28&transport=http&fault=stream-drop&step=1&lang=zh")
	run(t, ctx, "End", key(kb.End))
	eventually(t, "two tools/call rows", evalBool(t, ctx, `[...document.querySelectorAll("#sequence .row:not([hidden]) .text")].filter((e) => e.textContent.includes("tools/call")).length >= 2`))
	if body := evalString(t, ctx, jsBody); strings.Contains(body, "Last-Event-ID") {
		t.Error("2026-07-28 trace mentions Last-Event-ID")
	}
	// stdio has no response stream: the fault falls back with a notice.
	loadLink(t, ctx, srv.URL+"/?scenario=progress&version=2026-07-28&transport=stdio&fault=stream-drop&lang=en")
	eventually(t, "a notice explains the fallback", evalBool(t, ctx, `document.getElementById("notices").innerText.includes("HTTP")`))
}
