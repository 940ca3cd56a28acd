package e2e

// Reading before the wasm runs (app/early.go): the dev server's prerendered
// page steps through its whole trace (buttons, → and ←), and the wasm takes
// over at the step the reader reached.

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// earlyState is what the page shows: the counter's step, the current row,
// the inspector's heading and HTML, the URL's step, the early script's
// last step and whether the wasm has mounted.
type earlyState struct {
	Cur, Row, Head, Insp, URLStep, Early, Ready string
	PrevOff                                     bool
}

const earlyStateJS = `JSON.stringify({
  Cur: document.getElementById("step-cur").textContent,
  Row: (document.querySelector("#sequence .row.current") || { dataset: {} }).dataset.step || "",
  Head: (document.querySelector("#insp-step .insp-step") || {}).textContent || "",
  Insp: (document.getElementById("insp-step") || {}).innerHTML || "",
  URLStep: new URL(location.href).searchParams.get("step") || "",
  Early: document.documentElement.dataset.wlEarly || "",
  Ready: document.documentElement.dataset.wlReady || "",
  PrevOff: document.getElementById("prev").disabled })`

func readEarly(t *testing.T, ctx context.Context) earlyState {
	t.Helper()
	var s string
	if err := chromedp.Run(ctx, chromedp.Evaluate(earlyStateJS, &s)); err != nil {
		t.Fatal(err)
	}
	var st earlyState
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// earlyDiag says, for a failure, what a click at #next's centre meets now,
// the page's classes and whether the reader waits for a fragment (it then
// ignores the controls): where a click that did nothing went.
func earlyDiag(ctx context.Context) string {
	var s string
	_ = chromedp.Run(ctx, chromedp.Evaluate(`(() => { const n = document.getElementById("next"), r = n.getBoundingClientRect(),
  e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return JSON.stringify({next: [r.x, r.y, r.width, r.height], hit: e ? e.tagName + "#" + e.id + "." + e.className : null, inNext: !!(e && n.contains(e)),
    html: document.documentElement.className, fallback: document.documentElement.dataset.wlFallback || "", pending: !!window.mcpwlPending,
    scrollY: scrollY, sheets: document.styleSheets.length, labs: document.querySelectorAll("#lab").length}) })()`, &s))
	return "diagnosis: " + s
}

// shows reports whether the page shows step n everywhere the reader looks.
func (s earlyState) shows(n int) bool {
	ns := strconv.Itoa(n)
	return s.Cur == ns && s.Row == ns && s.URLStep == ns && len(s.Head) > len(ns) && s.Head[len(s.Head)-len(ns)-1:] == " "+ns
}

func TestEarlySteps(t *testing.T) {
	base := startBenchDevServer(t, filepath.Join(buildSite(t), "web"))
	link := base + "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=en"
	bctx, cancel := newBrowser(t)
	defer cancel()

	// Without the wasm (blocked): the page steps to the end and back.
	ctx, c1 := freshContext(t, bctx)
	defer c1()
	if err := chromedp.Run(ctx, network.Enable(), network.SetBlockedURLs([]string{"*app.wasm*"}),
		chromedp.Navigate(link), chromedp.WaitVisible("#next", chromedp.ByQuery),
		// The steps the page carries (#wl-early) come after the player in
		// the page: a click before they are parsed has nothing to draw. The
		// player is drawn in the frame after the first (the wl-first mark,
		// static/stage.css): until then a click at its place hits nothing.
		chromedp.Poll(`document.getElementById("wl-early") !== null && document.readyState !== "loading" && !document.documentElement.classList.contains("wl-first")`, nil)); err != nil {
		t.Fatal(err)
	}
	// The full stylesheets arrive after the first frame (bootJS's load):
	// the player must not move when they apply (a reader's click, like
	// chromedp's, aims at where the button was painted), and the clicks
	// below wait for them and for the fonts, so that a click computed
	// before a late reflow cannot land beside #next.
	var moved string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const r = () => JSON.stringify(document.getElementById("next").getBoundingClientRect());
  window.mcpwlNextAt = r(); return "" })()`, nil),
		chromedp.Poll(`(() => { const ls = [...document.querySelectorAll('link[rel="stylesheet"]')];
  return ls.length > 0 && ls.every(l => l.sheet && l.media !== "print") && document.fonts.status === "loaded" })()`, nil),
		chromedp.Evaluate(`(() => { const now = JSON.stringify(document.getElementById("next").getBoundingClientRect());
  return now === window.mcpwlNextAt ? "" : window.mcpwlNextAt + " -> " + now })()`, &moved)); err != nil {
		t.Fatal(err)
	}
	if moved != "" {
		t.Errorf("#next moved when the stylesheets applied (a layout shift after the first paint): %s", moved)
	}
	start := readEarly(t, ctx)
	if start.Cur != "3" || start.Ready != "" {
		t.Fatalf("prerendered page: %+v", start)
	}
	click := func(sel string) earlyState {
		t.Helper()
		if err := chromedp.Run(ctx, chromedp.Click(sel, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		return readEarly(t, ctx)
	}
	var total int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`parseInt(document.getElementById("jump").max, 10)`, &total)); err != nil {
		t.Fatal(err)
	}
	// The whole trace, to its last step (Next is then disabled).
	for n := 4; n <= total; n++ {
		if s := click("#next"); !s.shows(n) || s.Early != strconv.Itoa(n) {
			t.Fatalf("Next before the wasm: want step %d of %d, page shows %+v\n%s", n, total, s, earlyDiag(ctx))
		}
	}
	var nextOff bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("next").disabled`, &nextOff)); err != nil || !nextOff {
		t.Fatalf("at the last step (%d) Next is not disabled (%v)", total, err)
	}
	for n := total - 1; n >= 3; n-- {
		if s := click("#prev"); !s.shows(n) {
			t.Fatalf("Previous before the wasm: want step %d, page shows %+v", n, s)
		}
	}
	for _, k := range []struct {
		key  string
		want int
	}{{kb.ArrowRight, 4}, {kb.ArrowRight, 5}, {kb.ArrowLeft, 4}, {kb.ArrowLeft, 3}} {
		if err := chromedp.Run(ctx, key(k.key)); err != nil {
			t.Fatal(err)
		}
		if s := readEarly(t, ctx); !s.shows(k.want) {
			t.Fatalf("%q before the wasm: want step %d, page shows %+v", k.key, k.want, s)
		}
	}
	if back := readEarly(t, ctx); back.Insp != start.Insp {
		t.Errorf("back at the linked step, the inspector differs from the prerendered one:\n%s\nwant\n%s", back.Insp, start.Insp)
	}

	// With the wasm held back until the reader has stepped twice: it
	// starts at the step the reader reached, and Next goes on from there.
	ctx2, c2 := freshContext(t, bctx)
	defer c2()
	paused := make(chan fetch.RequestID, 1)
	chromedp.ListenTarget(ctx2, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			select {
			case paused <- e.RequestID:
			default:
			}
		}
	})
	if err := chromedp.Run(ctx2, fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "*app.wasm*"}}),
		chromedp.Navigate(link), chromedp.WaitVisible("#next", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var id fetch.RequestID
	select {
	case id = <-paused:
	case <-time.After(20 * time.Second):
		t.Fatal("the page never asked for app.wasm")
	}
	ctx = ctx2
	click("#next")
	if s := click("#next"); !s.shows(5) || s.Ready != "" {
		t.Fatalf("before the wasm: want step 5, page shows %+v", s)
	}
	// The page only prefetched the wasm (page_fast.go); the fetch that
	// compiles it comes when the wasm is needed: let it through too.
	if err := chromedp.Run(ctx2, fetch.ContinueRequest(id), fetch.Disable(), waitReady()); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the wasm shows step 5", func() (bool, string) {
		s := readEarly(t, ctx2)
		return s.shows(5) && s.Ready == "1", s.Cur + " " + s.Row + " " + s.URLStep
	})
	click("#next")
	eventually(t, "Next on the wasm's page steps to 6", func() (bool, string) {
		s := readEarly(t, ctx2)
		return s.shows(6), s.Cur + " " + s.Row + " " + s.URLStep
	})
	// → is the wasm's alone now: one step, not two.
	if err := chromedp.Run(ctx2, key(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "→ on the wasm's page steps to 7", func() (bool, string) {
		s := readEarly(t, ctx2)
		return s.shows(7), s.Cur + " " + s.Row + " " + s.URLStep
	})
	time.Sleep(300 * time.Millisecond)
	if s := readEarly(t, ctx2); !s.shows(7) {
		t.Errorf("one → on the wasm's page moved twice: %s %s %s", s.Cur, s.Row, s.URLStep)
	}
}

// The critical CSS alone styles the prerendered page as the full
// stylesheets do: every element's computed style (a set of properties
// that shape what is seen) is the same with the stylesheets blocked as
// after they have loaded. (The loader is left out: app.js changes its
// label and animation while the page loads, at different moments.)
func TestCriticalCSSMatchesFullSheets(t *testing.T) {
	base := startBenchDevServer(t, filepath.Join(buildSite(t), "web"))
	link := base + "/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=4&lang=en"
	bctx, cancel := newBrowser(t)
	defer cancel()
	const styles = `JSON.stringify(Array.from(document.body.querySelectorAll("*")).filter((el) => !el.closest("script,noscript,template,#app-wasm-loader")).map((el) => {
  const cs = getComputedStyle(el);
  return (el.id || el.className || el.tagName) + " " + ["display", "position", "visibility", "color", "background-color", "font-family", "font-size", "font-weight",
    "margin-top", "margin-left", "padding-top", "padding-left", "border-top-width", "border-top-style", "border-radius", "grid-template-columns", "flex-direction",
    "text-align", "white-space", "overflow-x", "box-shadow", "opacity", "width", "height"].map((p) => cs.getPropertyValue(p)).join("|");
}))`
	load := func(block []string, waitSheets bool) []string {
		ctx, c := freshContext(t, bctx)
		defer c()
		var s string
		acts := []chromedp.Action{network.Enable(), network.SetBlockedURLs(block), chromedp.Navigate(link), chromedp.WaitVisible("#next", chromedp.ByQuery)}
		if waitSheets {
			acts = append(acts, chromedp.Poll(`Array.from(document.querySelectorAll("head > link[rel=stylesheet]")).length > 0 &&
  Array.from(document.querySelectorAll("head > link[rel=stylesheet]")).every((l) => l.sheet && l.media !== "print")`, nil, chromedp.WithPollingTimeout(20*time.Second)))
		}
		acts = append(acts, chromedp.Sleep(300*time.Millisecond), chromedp.Evaluate(styles, &s))
		if err := chromedp.Run(ctx, acts...); err != nil {
			t.Fatal(err)
		}
		var out []string
		if err := json.Unmarshal([]byte(s), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	critical := load([]string{"*app.wasm*", "*.css*"}, false)
	full := load([]string{"*app.wasm*"}, true)
	if len(critical) != len(full) || len(full) < 100 {
		t.Fatalf("%d elements with the critical CSS, %d with the full sheets", len(critical), len(full))
	}
	bad := 0
	for i := range full {
		if critical[i] != full[i] {
			if bad++; bad <= 10 {
				t.Errorf("element %d:\n critical %s\n     full %s", i, critical[i], full[i])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d elements styled differently by the critical CSS alone", bad, len(full))
	}
}
