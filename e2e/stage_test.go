package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mcpwirelab/sim/exercise"
)

// The stage (static/stage.css, app/stage.go): what is visible without
// scrolling, measured in the page. visible() clips an element's box by the
// viewport and by every scrolling ancestor (and, for a row of the lanes,
// by the sticky lane heads that cover the top of their panel).
const jsStage = `(() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const visible = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    let top = Math.max(r.top, 0), bottom = Math.min(r.bottom, vh), left = Math.max(r.left, 0), right = Math.min(r.right, vw);
    for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (/(auto|scroll|hidden)/.test(cs.overflowY) || /(auto|scroll|hidden)/.test(cs.overflowX)) {
        const pr = p.getBoundingClientRect();
        top = Math.max(top, pr.top); bottom = Math.min(bottom, pr.bottom);
        left = Math.max(left, pr.left); right = Math.min(right, pr.right);
      }
    }
    if (el.closest("#sequence")) {
      const heads = document.querySelector("#sequence .heads");
      if (heads) top = Math.max(top, heads.getBoundingClientRect().bottom);
    }
    const cs = getComputedStyle(el);
    return {h: Math.round(Math.max(0, bottom - top)), w: Math.round(Math.max(0, right - left)), full: Math.round(r.height),
      line: parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.4, font: parseFloat(cs.fontSize)};
  };
  const q = (s) => document.querySelector(s);
  const font = (s) => { const e = q(s); return e ? parseFloat(getComputedStyle(e).fontSize) : 0; };
  const shown = (s) => { const e = q(s); return !!e && e.getClientRects().length > 0; };
  const rows = [...document.querySelectorAll("#sequence .row:not([hidden])")].filter((r) => visible(r).h > 0.9 * r.getBoundingClientRect().height).length;
  return JSON.stringify({
    scrollY: window.scrollY, scrollW: document.documentElement.scrollWidth, vw,
    row: visible(q("#sequence .row.current")), note: visible(q("#note-text")),
    bytes: visible(q("#insp-step #raw-bytes") || q("#insp-step #host-text") || q("#insp-step .raw p")),
    rows,
    fonts: {arrow: font("#sequence .row.current .arrow-label .text"), note: font("#note-text"), wire: font("#insp-step pre.wire"),
      json: font("#insp-step pre.json"), hosttext: font("#insp-step pre.hosttext"), chip: font("#sequence .row.current .chip"),
      badge: font("#insp-step .sev-badge"), tl: font("#timeline .tl-tick"), cmpText: font("#compare .cmp-line .text"), cmpNote: font("#compare .cmp-note")},
    chrome: {subtitle: shown(".subtitle"), nav: shown("#topnav"), toolbar: shown("#toolbar"), export: shown(".export") && q(".export").getBoundingClientRect().top < vh}
  });
})()`

type visibleBox struct {
	H, W, Full int
	Line, Font float64
}

type stageReport struct {
	ScrollY float64
	ScrollW int
	VW      int
	Row     *visibleBox
	Note    *visibleBox
	Bytes   *visibleBox
	Rows    int
	Fonts   map[string]float64
	Chrome  map[string]bool
}

// The lab scrolls the current row into the lanes after its first frame,
// which may come a moment after the page says it is ready on a loaded
// machine: measureStage measures again until the row has settled (or 3 s
// have passed) and returns the last measurement, which checkStage judges.
func measureStage(t *testing.T, ctx context.Context) stageReport {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		var r stageReport
		if err := json.Unmarshal([]byte(evalString(t, ctx, jsStage)), &r); err != nil {
			t.Fatal(err)
		}
		settled := r.Row != nil && r.Row.Full > 0 && r.Row.H >= r.Row.Full-1
		if settled || time.Now().After(deadline) {
			return r
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// shotViewport saves what the viewport shows (not the full page) under
// the test output.
func shotViewport(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	var buf []byte
	run(t, ctx, "screenshot", chromedp.CaptureScreenshot(&buf))
	return saveShot(t, buf, name)
}

// stageLinks are views whose stage must fit: the plain case, the deadline
// clock, the HTTP lessons' time axis (the worst case: axis, clock and a
// long fault name), a host-internal step, stdio with its stderr lane.
var stageLinks = []string{
	"scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=9",
	"scenario=tool-call&version=2026-07-28&transport=http&fault=timeout&step=12",
	"scenario=http-content-length&version=2026-07-28&transport=http&fault=long-length&step=20",
	"scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&step=19",
	"scenario=tool-call&version=2025-11-25&transport=stdio&fault=stdout-pollution&step=12",
	"scenario=progress&version=2025-11-25&transport=http&fault=stream-drop&step=16",
}

// checkStage asserts the stage is in view without scrolling: the whole
// current row, at least two lines of the explanation and three of the
// bytes (or all of them when shorter).
func checkStage(t *testing.T, where string, r stageReport) {
	t.Helper()
	if r.ScrollY != 0 {
		t.Errorf("%s: the page is scrolled (%v px)", where, r.ScrollY)
	}
	if r.Row == nil || r.Row.Full == 0 || r.Row.H < r.Row.Full-1 {
		t.Errorf("%s: the current row is not fully in view: %+v", where, r.Row)
	}
	need := func(name string, b *visibleBox, lines float64) {
		if b == nil {
			t.Errorf("%s: no %s in the page", where, name)
			return
		}
		want := min(float64(b.Full), lines*b.Line) - 1
		if float64(b.H) < want {
			t.Errorf("%s: only %d px of the %s in view (of %d; want %.0f = %.0f lines)", where, b.H, name, b.Full, want, lines)
		}
	}
	need("explanation", r.Note, 2)
	need("bytes", r.Bytes, 3)
	if r.ScrollW > r.VW {
		t.Errorf("%s: the page is %d px wide in a %d px viewport", where, r.ScrollW, r.VW)
	}
}

// TestStageVisible: at 1280×720 (a projector) and 1440×900 the current
// step in the lanes, its explanation and its bytes are in view without
// scrolling, also with the deadline clock and the HTTP time axis.
func TestStageVisible(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	for _, size := range [][2]int64{{1280, 720}, {1440, 900}} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size[0], size[1]))
		for i, link := range stageLinks {
			for _, lang := range []string{"en", "zh"} {
				visit(t, ctx, srv.URL+"/?"+link+"&lang="+lang)
				r := measureStage(t, ctx)
				where := fmt.Sprintf("%d×%d %s lang=%s", size[0], size[1], link, lang)
				checkStage(t, where, r)
				t.Logf("%s: %d rows fully visible; row %d/%d px, explanation %d/%d px, bytes %d/%d px",
					where, r.Rows, r.Row.H, r.Row.Full, r.Note.H, r.Note.Full, r.Bytes.H, r.Bytes.Full)
				if lang == "en" && (i == 0 || i == 2) {
					shotViewport(t, ctx, fmt.Sprintf("stage-%dx%d-%d.png", size[0], size[1], i))
				}
			}
		}
	}
}

// TestPresenterStage: presenter mode at 1920×1080 folds the chrome and
// carries the large type (the explanation and the current arrow ≥ 28 px,
// the bytes ≥ 24 px, status chips and the time axis ≥ 18 px), the compare
// view too; at 1280×720 its stage still fits.
func TestPresenterStage(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	run(t, ctx, "viewport", chromedp.EmulateViewport(1920, 1080))
	for i, link := range stageLinks {
		visit(t, ctx, srv.URL+"/?"+link+"&present=1&lang=en")
		r := measureStage(t, ctx)
		where := "presenter 1920×1080 " + link
		checkStage(t, where, r)
		for k, v := range r.Chrome {
			if v {
				t.Errorf("%s: the %s is shown in presenter mode", where, k)
			}
		}
		atLeast := map[string]float64{"arrow": 28, "note": 28, "wire": 24, "hosttext": 24, "json": 24, "chip": 18, "badge": 18, "tl": 18}
		if r.Bytes != nil && r.Bytes.Font < 24 {
			t.Errorf("%s: the bytes block's text is %.1f px, want ≥ 24", where, r.Bytes.Font)
		}
		for k, want := range atLeast {
			if got, ok := r.Fonts[k]; ok && got != 0 && got < want {
				t.Errorf("%s: %s text is %.1f px, want ≥ %.0f", where, k, got, want)
			}
		}
		if r.Fonts["arrow"] == 0 || r.Fonts["note"] == 0 || r.Bytes == nil {
			t.Errorf("%s: missing the arrow, the explanation or the bytes: %v", where, r.Fonts)
		}
		t.Logf("%s: fonts %v; %d rows fully visible", where, r.Fonts, r.Rows)
		if i == 0 || i == 2 {
			shotViewport(t, ctx, fmt.Sprintf("presenter-1920x1080-%d.png", i))
		}
	}
	// The compare view scales too.
	loadLink(t, ctx, srv.URL+"/?scenario=tool-call&version=2026-07-28&transport=http&view=compare&present=1&lang=en")
	r := measureStage(t, ctx)
	if r.Fonts["cmpText"] < 28 || r.Fonts["cmpNote"] < 28 {
		t.Errorf("presenter compare: step text %.1f px, notes %.1f px, want ≥ 28", r.Fonts["cmpText"], r.Fonts["cmpNote"])
	}
	t.Logf("presenter compare 1920×1080: fonts %v", r.Fonts)
	shotViewport(t, ctx, "presenter-compare-1920x1080.png")

	// 1280×720: the same stage, proportionally smaller.
	run(t, ctx, "viewport", chromedp.EmulateViewport(1280, 720))
	for _, link := range stageLinks {
		visit(t, ctx, srv.URL+"/?"+link+"&present=1&lang=en")
		r := measureStage(t, ctx)
		checkStage(t, "presenter 1280×720 "+link, r)
		t.Logf("presenter 1280×720 %s: fonts arrow %.1f, note %.1f, bytes %.1f; %d rows fully visible", link, r.Fonts["arrow"], r.Fonts["note"], r.Bytes.Font, r.Rows)
	}
	loadLink(t, ctx, srv.URL+"/?"+stageLinks[0]+"&present=1&lang=en")
	shotViewport(t, ctx, "presenter-1280x720.png")
	if os.Getenv("MCPWL_UPDATE_SCREENSHOT") != "" {
		saveDoc(t, ctx, "presenter.png")
	}
}

// saveDoc writes the viewport to docs/<name> (README screenshots, only on
// request: MCPWL_UPDATE_SCREENSHOT=1).
func saveDoc(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	var buf []byte
	run(t, ctx, "screenshot", chromedp.CaptureScreenshot(&buf))
	out := filepath.Join(repoRoot(), "docs", name)
	if err := os.WriteFile(out, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("README screenshot: %s", out)
}

// jsPhone checks the phone layout: nothing wider than the screen, lane
// names that do not overlap, arrow labels that wrap only between words or
// after a "/", and time-axis labels that do not run into each other.
const jsPhone = `(() => {
  const out = [];
  const vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw) out.push("page is " + document.documentElement.scrollWidth + " px wide in " + vw);
  for (const el of document.querySelectorAll("#lab *")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > vw + 1 && !el.closest("pre, .seq-panel, .compare, .tl-list, table") && getComputedStyle(el).position !== "fixed") {
      out.push("overflows the screen: " + el.tagName + "." + el.className + " right=" + Math.round(r.right)); break;
    }
  }
  const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const heads = [...document.querySelectorAll("#sequence .lane-head strong")].map((e) => e.getBoundingClientRect());
  for (let i = 0; i < heads.length; i++) for (let j = i + 1; j < heads.length; j++) if (overlap(heads[i], heads[j])) out.push("lane names overlap: " + i + " and " + j);
  for (const span of document.querySelectorAll("#sequence .row:not([hidden]) .arrow-label .text")) {
    const text = span.textContent;
    const range = document.createRange();
    let pos = 0, lastTop = null;
    const walker = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let k = 0; k < n.data.length; k++, pos++) {
        range.setStart(n, k); range.setEnd(n, k + 1);
        const rects = range.getClientRects();
        if (!rects.length) continue;
        const top = rects[0].top;
        if (lastTop !== null && top > lastTop + 2) {
          const before = text[pos - 1], here = text[pos];
          // Breaks are fine at a space, after / , : · -, and between CJK
          // characters; inside a word only when the word is wider than the
          // label (nothing else could fit it).
          const ok = /[\s\/,:·\-]/.test(before) || /\s/.test(here) || /[\u3000-\u9fff\uff00-\uffef]/.test(before + here);
          if (!ok) {
            let a = pos, b = pos;
            while (a > 0 && !/[\s\/,:·\-]/.test(text[a - 1])) a--;
            while (b < text.length && !/[\s\/,:·\-]/.test(text[b])) b++;
            const word = text.slice(a, b + (b < text.length && !/\s/.test(text[b]) ? 1 : 0));
            const probe = document.createElement("span");
            probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
            probe.textContent = word;
            span.appendChild(probe);
            const wide = probe.getBoundingClientRect().width > span.clientWidth;
            probe.remove();
            if (!wide) out.push("label broken inside a word that fits: " + JSON.stringify(text.slice(0, pos)) + " | " + JSON.stringify(text.slice(pos)));
          }
        }
        lastTop = top;
      }
    }
  }
  const labels = [...document.querySelectorAll("#timeline .tl-label, #timeline .tl-tick")].filter((e) => e.getClientRects().length).map((e) => [e.textContent, e.getBoundingClientRect()]);
  for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) if (overlap(labels[i][1], labels[j][1])) out.push("time labels collide: " + labels[i][0] + " / " + labels[j][0]);
  return out.join("\n");
})()`

// TestPhoneLayout: at 390×844 nothing scrolls sideways, lane names do not
// overlap, arrow labels do not break inside a word, time labels do not
// collide — stepped through every scenario; and no other view (exercises,
// calculator, progress, capture) scrolls sideways, in either language.
func TestPhoneLayout(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	run(t, ctx, "viewport", chromedp.EmulateViewport(390, 844))
	links := []string{
		"scenario=tool-call&version=2026-07-28&transport=http&fault=none",
		"scenario=tool-call&version=2025-11-25&transport=stdio&fault=stdout-pollution",
		"scenario=progress&version=2026-07-28&transport=http&fault=none",
		"scenario=load-balancer&version=2025-11-25&transport=http&fault=none",
		"scenario=list-changed&version=2026-07-28&transport=http&fault=none",
		"scenario=http-content-length&version=2026-07-28&transport=http&fault=long-length",
		"scenario=http-status-retries&version=2026-07-28&transport=http&fault=none",
		"scenario=tool-call&version=2026-07-28&transport=http&view=compare",
	}
	for i, link := range links {
		for _, lang := range []string{"en", "zh"} {
			visit(t, ctx, srv.URL+"/?"+link+"&step=999&lang="+lang)
			if got := evalString(t, ctx, jsPhone); got != "" {
				t.Errorf("390×844 %s lang=%s:\n%s", link, lang, got)
			}
		}
		if i == 0 || i == 5 {
			shotViewport(t, ctx, fmt.Sprintf("phone-390x844-%d.png", i))
		}
	}
	// The other views (README: nothing scrolls sideways on a phone): each
	// kind of exercise once, the calculator, the progress table with an
	// answer of every status, the capture view.
	pages := []string{"view=exercises", "view=calc", "view=progress", "view=capture"}
	all := exercise.All()
	kinds := map[exercise.Kind]bool{}
	for _, ex := range all {
		if !kinds[ex.Kind] {
			kinds[ex.Kind] = true
			pages = append(pages, "view=exercises&ex="+ex.ID)
		}
	}
	st := exercise.NewStore()
	st.Exercises[all[0].ID] = &exercise.Progress{Attempts: 12, Solved: true, LastAnswer: "x"}
	st.Exercises[all[1].ID] = &exercise.Progress{Attempts: 3, LastAnswer: "y"}
	run(t, ctx, "store progress", chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem(%q, %q)`, exercise.StoreKey, st.Marshal()), nil))
	// The first page is loaded after the progress is stored, so the lab
	// reads it at its start; the others are navigated to.
	for k, page := range pages {
		for _, lang := range []string{"en", "zh"} {
			if k == 0 && lang == "en" {
				loadLink(t, ctx, srv.URL+"/?"+page+"&lang="+lang)
			} else {
				visit(t, ctx, srv.URL+"/?"+page+"&lang="+lang)
			}
			if got := evalString(t, ctx, jsPhone); got != "" {
				t.Errorf("390×844 %s lang=%s:\n%s", page, lang, got)
				shotViewport(t, ctx, "phone-390x844-"+strings.NewReplacer("=", "-", "&", "-").Replace(page)+"-"+lang+".png")
			}
		}
	}
}

// TestStepKeysAfterASelect: the presenter picks a fault with the mouse;
// → then steps (the select keeps the focus but does not take the key), and
// the scenario and the fault stay as picked. In a text field (a client
// setting) the arrows stay the field's.
func TestStepKeysAfterASelect(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	loadLink(t, ctx, srv.URL+"/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=en")
	pick := func(sel, value string) {
		t.Helper()
		// A mouse click opens and focuses the select; choosing an option
		// sets its value, fires change and closes the list, leaving the
		// focus on the select, as the browser does (headless Chromium
		// cannot click inside the native list: blur and focus close it).
		run(t, ctx, "click "+sel, chromedp.Click(sel, chromedp.ByQuery))
		run(t, ctx, "choose "+value, chromedp.Evaluate(fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); s.blur(); s.focus(); return true })()`, sel, value), nil))
	}
	pick("#fault", "timeout")
	eventually(t, "fault=timeout", queryIs(ctx, "fault", "timeout"))
	if id := evalString(t, ctx, `document.activeElement.id`); id != "fault" {
		t.Fatalf("focus is on %q, not on the fault select", id)
	}
	u, _ := currentURL(ctx)
	step := u.Query().Get("step")
	run(t, ctx, "→", key(kb.ArrowRight))
	eventually(t, "→ stepped", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		return u.Query().Get("step") != step, u.String()
	})
	u, _ = currentURL(ctx)
	if u.Query().Get("scenario") != "tool-call" || u.Query().Get("fault") != "timeout" || evalString(t, ctx, `document.getElementById("fault").value`) != "timeout" {
		t.Fatalf("→ on the fault select changed the view: %s (select shows %q)", u, evalString(t, ctx, `document.getElementById("fault").value`))
	}
	if got, want := u.Query().Get("step"), fmt.Sprint(atoi(step)+1); got != want {
		t.Fatalf("→ went to step %s, want %s", got, want)
	}
	run(t, ctx, "←", key(kb.ArrowLeft))
	eventually(t, "← stepped back", queryIs(ctx, "step", step))

	// The scenario select: pick one with the mouse, then → → steps twice.
	pick("#scenario", "progress")
	eventually(t, "scenario=progress", queryIs(ctx, "scenario", "progress"))
	u, _ = currentURL(ctx)
	step = u.Query().Get("step")
	run(t, ctx, "→ →", key(kb.ArrowRight), key(kb.ArrowRight))
	eventually(t, "two steps on", queryIs(ctx, "step", fmt.Sprint(atoi(step)+2)))
	if u, _ := currentURL(ctx); u.Query().Get("scenario") != "progress" {
		t.Fatalf("→ on the scenario select switched the scenario: %s", u)
	}
	// The speed select too.
	pick("#speed", "2")
	run(t, ctx, "→ on speed", key(kb.ArrowRight))
	eventually(t, "three steps on", queryIs(ctx, "step", fmt.Sprint(atoi(step)+3)))
	if v := evalString(t, ctx, `document.getElementById("speed").value`); v != "2" {
		t.Fatalf("→ changed the speed to %q", v)
	}

	// A text field keeps its arrows: no step.
	loadLink(t, ctx, srv.URL+"/?scenario=http-status-retries&version=2026-07-28&transport=http&step=4&lang=en")
	run(t, ctx, "open the client settings", chromedp.Click("#client-panel > summary", chromedp.ByQuery))
	run(t, ctx, "focus the timeout field", chromedp.Focus("#client-timeout", chromedp.ByQuery), key(kb.ArrowRight), key(kb.ArrowLeft), key(kb.ArrowRight))
	if u, _ := currentURL(ctx); u.Query().Get("step") != "4" {
		t.Fatalf("arrows in a text field stepped: %s", u)
	}
	if !strings.Contains(evalString(t, ctx, `document.activeElement.id`), "client-timeout") {
		t.Fatal("the field lost the focus")
	}
}

func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}

// TestPresenterCompareStageBar: in presenter mode the compare view has no
// player, yet the hall must see what is compared: the stage bar stands
// above the two runs (the scenario, both versions, the transport) and its
// ⚙ unfolds the toolbar.
func TestPresenterCompareStageBar(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	run(t, ctx, "viewport", chromedp.EmulateViewport(1920, 1080))
	loadLink(t, ctx, srv.URL+"/?scenario=tool-call&transport=http&view=compare&step=4&present=1&lang=en")
	var title string
	var shown bool
	run(t, ctx, "the stage bar", chromedp.WaitVisible("#stage-title", chromedp.ByQuery), text("#stage-title", &title))
	for _, want := range []string{"2025-11-25", "2026-07-28", "⇄", "Streamable HTTP"} {
		if !strings.Contains(title, want) {
			t.Errorf("stage title %q lacks %q", title, want)
		}
	}
	shot(t, ctx, "presenter-compare.png")
	run(t, ctx, "unfold the toolbar", click("#tools-toggle"))
	eventually(t, "the toolbar shown", func() (bool, string) {
		run(t, ctx, "toolbar", chromedp.Evaluate(`(() => { const r = document.getElementById("toolbar").getBoundingClientRect(); return r.height > 0 })()`, &shown))
		return shown, title
	})
}
