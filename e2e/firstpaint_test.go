package e2e

// The first paint of the prerendered page (static/stage.css, the boot
// script of cmd/devserver/page_fast.go): while <html> is marked wl-first,
// the chrome around the step (navigation, view actions, toolbar, player,
// filter, field guide) is skipped (content-visibility: hidden) with the
// height it will have; the boot script takes the mark off once the first
// contentful paint is reported. The step (the lanes with its row, the
// inspector's explanation and bytes) is in that first frame, and nothing
// the reader sees moves when the chrome appears.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// firstFrame is what the page shows with the wl-first mark and without.
type firstFrame struct {
	// Rects of what the reader sees of the step, by selector: x, y,
	// width, height.
	Rects map[string][4]float64
	// Visible: checkVisibility() of the step's parts and of the chrome.
	Step, Chrome map[string]bool
}

// The step's parts the first frame must show, and the chrome it may leave
// to the next one.
var (
	firstFrameStep   = []string{"#sequence .row.current", "#insp-step .insp-step", ".insp-label", "#note-text", "#insp-step .insp-bytes > :first-child", ".lane-host", ".lane-server", ".top h1"}
	firstFrameChrome = []string{"#nav-lab", "#lang-switch", "#scenario", "#step-counter", "#next", "#filter-method"}
)

const firstFrameJS = `(() => {
  const rect = (s) => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
  const vis = (list) => Object.fromEntries(list.map((s) => { const e = document.querySelector(s); return [s, !!e && e.checkVisibility()]; }));
  const all = %s.concat(["#sequence", "#inspector", ".workspace", ".player", "#toolbar", ".top", "#timeline"]);
  return JSON.stringify({ Rects: Object.fromEntries(all.map((s) => [s, rect(s)])), Step: vis(%s), Chrome: vis(%s) });
})()`

func readFirstFrame(t *testing.T, ctx context.Context) firstFrame {
	t.Helper()
	js := fmt.Sprintf(firstFrameJS, jsList(firstFrameStep), jsList(firstFrameStep), jsList(firstFrameChrome))
	var s string
	if err := chromedp.Run(ctx, chromedp.Evaluate(js, &s)); err != nil {
		t.Fatal(err)
	}
	var f firstFrame
	if err := json.Unmarshal([]byte(s), &f); err != nil {
		t.Fatal(err)
	}
	return f
}

func jsList(ss []string) string {
	b, _ := json.Marshal(ss)
	return string(b)
}

// firstFrameProblems loads link at the viewport, waits for the boot script
// to take the wl-first mark off and for the full stylesheets, and compares
// the page with the mark put back (the first frame) and without it.
// extraCSS is added to the page first (the broken twins).
func firstFrameProblems(t *testing.T, bctx context.Context, link string, w, h int64, extraCSS string) (problems []string, deferred []string) {
	t.Helper()
	ctx, cancel := freshContext(t, bctx)
	defer cancel()
	ctx, tcancel := context.WithTimeout(ctx, 60*time.Second)
	defer tcancel()
	var painted bool
	if err := chromedp.Run(ctx, network.Enable(), network.SetBlockedURLs([]string{"*app.wasm*"}), chromedp.EmulateViewport(w, h), chromedp.Navigate(link),
		chromedp.Poll(`!document.documentElement.classList.contains("wl-first") && document.readyState === "complete" &&
  Array.from(document.querySelectorAll("head > link[rel=stylesheet]")).length > 0 &&
  Array.from(document.querySelectorAll("head > link[rel=stylesheet]")).every((l) => l.sheet && l.media !== "print")`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(`performance.getEntriesByName("first-contentful-paint").length === 1`, &painted),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const s = document.createElement("style"); s.textContent = %q; document.head.appendChild(s); })()`, extraCSS), nil),
	); err != nil {
		t.Fatal(err)
	}
	if !painted {
		problems = append(problems, "no first contentful paint by the time the page was loaded")
	}
	after := readFirstFrame(t, ctx)
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.documentElement.classList.add("wl-first")`, nil)); err != nil {
		t.Fatal(err)
	}
	first := readFirstFrame(t, ctx)
	for _, s := range firstFrameStep {
		if !first.Step[s] {
			problems = append(problems, "the first frame does not show "+s)
		}
	}
	for _, s := range firstFrameChrome {
		if !after.Chrome[s] {
			problems = append(problems, s+" is not shown after the first frame")
		}
		if !first.Chrome[s] {
			deferred = append(deferred, s)
		}
	}
	for s, a := range after.Rects {
		f := first.Rects[s]
		for i := range a {
			if math.Abs(a[i]-f[i]) > 0.5 {
				problems = append(problems, fmt.Sprintf("%s moves when the chrome appears: %v in the first frame, %v after", s, f, a))
				break
			}
		}
	}
	return problems, deferred
}

func TestFirstFrameShowsTheStepAndNothingMoves(t *testing.T) {
	base := startBenchDevServer(t, t.TempDir()) // the prerendered page only: no wasm
	bctx, cancel := newBrowser(t)
	defer cancel()
	for _, tc := range []struct {
		link      string
		w, h      int64
		deferring bool
	}{
		{labDeepLink, 1600, 1000, true},
		{labDeepLink, 1280, 720, true},
		{"/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=4&lang=zh", 1366, 768, true},
		{httpLesson, 1600, 900, true},
		// The toolbar with a hint under an unavailable choice is taller.
		{httpLesson, 1280, 720, true},
		{strings.Replace(httpLesson, "lang=en", "lang=zh", 1), 1366, 768, true},
		// Where the top bar wraps or shows the subtitle, everything is
		// drawn at once.
		{labDeepLink, 1920, 1080, false},
		{labDeepLink, 1000, 800, false},
	} {
		problems, deferred := firstFrameProblems(t, bctx, base+tc.link, tc.w, tc.h, "")
		for _, p := range problems {
			t.Errorf("%s at %dx%d: %s", tc.link, tc.w, tc.h, p)
		}
		if want := map[bool]int{true: len(firstFrameChrome)}[tc.deferring]; len(deferred) != want {
			t.Errorf("%s at %dx%d: the chrome left to the second frame is %v, want %d of %v", tc.link, tc.w, tc.h, deferred, want, firstFrameChrome)
		}
	}

	// Broken twins: a reserved height that is wrong moves the step when
	// the chrome appears (each deferred part, and the toolbar's taller
	// variant); a rule that skips the step leaves it out of the first
	// frame.
	for _, tw := range []struct{ link, css string }{
		{labDeepLink, `.wl-first .lab .top .topnav { contain-intrinsic-size: none 50px !important; }`},
		{labDeepLink, `.wl-first .lab .top-actions { contain-intrinsic-size: none 10px !important; }`},
		{labDeepLink, `.wl-first .lab #toolbar { contain-intrinsic-size: none 40px !important; }`},
		{httpLesson, `.wl-first .lab #toolbar:has(.na-hint) { contain-intrinsic-size: none 49.82px !important; }`},
		{labDeepLink, `.wl-first .lab .player { contain-intrinsic-size: none 30px !important; }`},
		{labDeepLink, `.wl-first .lab .filter { contain-intrinsic-size: none 20px !important; }`},
		{labDeepLink, `.wl-first .lab .seq-panel { content-visibility: hidden; }`},
		{labDeepLink, `.wl-first .lab .insp-bytes { content-visibility: hidden; }`},
	} {
		if problems, _ := firstFrameProblems(t, bctx, base+tw.link, 1600, 1000, tw.css); len(problems) == 0 {
			t.Errorf("%s with %s: the checker found nothing", tw.link, tw.css)
		}
	}
}

// httpLesson is a deep link into an HTTP lesson (a time axis, and a hint
// under the toolbar's transport: stdio is not available).
const httpLesson = "/?scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&step=2&lang=en"
