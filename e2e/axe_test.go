package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mcpwirelab/scripts/npmcache"
)

// axeVersion is axe-core, Deque's accessibility engine (the one
// Lighthouse and the browsers' own audits build on), pinned exactly and
// installed by npmcache into the shared cache the first time a run needs it.
const axeVersion = "4.14.1"

// axeSource is axe.min.js, installed once per cache.
func axeSource(t *testing.T) string {
	t.Helper()
	dir, err := npmcache.Set{Folder: "axe-core", Packages: map[string]string{"axe-core": axeVersion}}.Install()
	if err != nil {
		t.Fatalf("installing axe-core: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// axeViolation is one rule axe found broken on a page, with the elements
// that break it (CSS selector, axe's own summary, the start of the HTML).
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
		HTML    string `json:"html"`
	} `json:"nodes"`
}

// jsAxe runs axe on the whole document (every rule axe runs by default:
// WCAG 2.0–2.2 A and AA and its best practices) and returns the
// violations as JSON.
const jsAxe = `axe.run(document, {resultTypes: ["violations"]}).then((r) => JSON.stringify(r.violations.map((v) => ({
  id: v.id, impact: v.impact, help: v.help,
  nodes: v.nodes.slice(0, 40).map((n) => ({target: n.target, failureSummary: n.failureSummary, html: n.html.slice(0, 160)}))}))))`

// runAxe injects axe (once per document) and returns its violations.
func runAxe(t *testing.T, ctx context.Context, src string) []axeViolation {
	t.Helper()
	var loaded bool
	run(t, ctx, "axe loaded?", chromedp.Evaluate(`typeof window.axe === "object"`, &loaded))
	if !loaded {
		run(t, ctx, "inject axe", chromedp.Evaluate(src+"\n;true", nil))
	}
	var raw string
	run(t, ctx, "axe.run", chromedp.Evaluate(jsAxe, &raw, func(p *cdpruntime.EvaluateParams) *cdpruntime.EvaluateParams {
		return p.WithAwaitPromise(true)
	}))
	var vs []axeViolation
	if err := json.Unmarshal([]byte(raw), &vs); err != nil {
		t.Fatalf("axe's answer: %v\n%s", err, raw)
	}
	return vs
}

// serious keeps the critical and serious violations (the goal: none).
func serious(vs []axeViolation) []axeViolation {
	var out []axeViolation
	for _, v := range vs {
		if v.Impact == "critical" || v.Impact == "serious" {
			out = append(out, v)
		}
	}
	return out
}

func describeViolations(vs []axeViolation) string {
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "\n  %s (%s): %s", v.ID, v.Impact, v.Help)
		for _, n := range v.Nodes {
			fmt.Fprintf(&b, "\n    %v %s\n      %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " / "), n.HTML)
		}
	}
	return b.String()
}

// axeState is one page state the audit looks at: a link, then actions
// that bring the page to the state (open a dialog, load a capture…).
type axeState struct {
	name, link string
	setup      []chromedp.Action
}

// axeStates: every view, with what a view opens (the dialogs, a loaded
// capture, graded feedback), in the states where the violations
// showed (past and failed steps, the deadline clock, the HTTP lessons'
// time axis).
func axeStates(t *testing.T) []axeState {
	capture, err := filepath.Abs("testdata/capture-go-sdk-stdio-2026-07-28.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	waitVis := func(sel string) chromedp.Action { return chromedp.WaitVisible(sel, chromedp.ByQuery) }
	// press clicks sel the way a script does: the audit is of the state a
	// click opens, not of the pointer's path. A pointer click aims at the
	// coordinates the button had when chromedp scrolled to it, and on the
	// phone the lab may still scroll the current step into view after its
	// start (app/scroll.go): the click then met another element and the
	// dialog never opened (a 60 s setup timeout, once in three runs).
	press := func(sel string) chromedp.Action {
		return chromedp.Tasks{waitVis(sel), chromedp.Evaluate(`document.querySelector(`+strconv.Quote(sel)+`).click(), true`, nil)}
	}
	return []axeState{
		{name: "visualizer http", link: "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=6"},
		{name: "visualizer stdio timeout (deadline clock, failure rows)", link: "/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=timeout&step=12"},
		{name: "visualizer stdout pollution (violation rows)", link: "/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=stdout-pollution&step=12"},
		{name: "visualizer http lesson (time axis)", link: "/?scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&step=19"},
		{name: "visualizer http lesson (waits to come)", link: "/?scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&step=3"},
		{name: "visualizer help dialog", link: "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3",
			setup: []chromedp.Action{chromedp.Focus("#next", chromedp.ByQuery), key("?"), waitVis("#help")}},
		{name: "visualizer mermaid dialog", link: "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3",
			setup: []chromedp.Action{chromedp.Evaluate(`navigator.clipboard.writeText = () => new Promise(() => {})`, nil), press("#mermaid"), waitVis("#mermaid-dialog")}},
		{name: "compare", link: "/?scenario=resources&version=2026-07-28&transport=stdio&fault=not-found&view=compare&step=4"},
		{name: "compare http lesson", link: "/?scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&view=compare&step=3"},
		{name: "embed", link: "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=4&embed=1"},
		{name: "exercises", link: "/?view=exercises"},
		{name: "exercise graded", link: "/?view=exercises&ex=init-handshake",
			setup: []chromedp.Action{press("#submit"), waitVis("#feedback")}},
		{name: "calculator", link: "/?view=calc&n=6&m=15"},
		{name: "progress", link: "/?view=progress"},
		{name: "progress reset dialog", link: "/?view=progress",
			setup: []chromedp.Action{press("#prog-reset"), waitVis("#reset-dialog")}},
		{name: "capture", link: "/?view=capture"},
		{name: "capture loaded", link: "/?view=capture",
			setup: []chromedp.Action{waitVis("#cap-file"), chromedp.SetUploadFiles("#cap-file", []string{capture}, chromedp.ByQuery), waitVis("#cap-view"), key(kb.ArrowRight), key(kb.ArrowRight)}},
	}
}

// axeLayouts: desktop at a projector's 1280×720 in both languages, and
// presenter mode there and a phone (390×844, touch, 3× pixels) on every
// state in one language each, the two languages taking turns state by
// state (axeLang). What presenter mode changes is the colours and the
// type's size, what a phone changes is the layout (what scrolls, what
// sticks, what folds): every state looks different there, but the words'
// own checks (names, label in name, lang) are of the same elements as on
// the desktop, where both languages are audited on every state.
var axeLayouts = []struct {
	name    string
	w, h    int64
	scale   float64
	mobile  bool
	present string
	both    bool     // every state in en and zh, else axeLang's one
	skip    []string // name prefixes of the states the layout leaves out
}{
	{name: "desktop", w: 1280, h: 720, scale: 1, both: true},
	// Presenter mode hides the export bar (no Mermaid button) and has no
	// embedded stage.
	{name: "presenter", w: 1280, h: 720, scale: 1, present: "&present=1", skip: []string{"embed", "visualizer mermaid"}},
	{name: "phone", w: 390, h: 844, scale: 3, mobile: true},
}

// axeLang is the language a one-language layout audits state i in: en
// and zh in turn, the phone starting where presenter mode does not, so
// each state is seen in the other language of the two there.
func axeLang(layout, i int) string {
	if (i+layout)%2 == 0 {
		return "en"
	}
	return "zh"
}

// TestAxeNoSeriousViolations runs axe-core in headless Chromium over
// every view × en/zh at 1280×720, and over every view in presenter mode
// and on a phone (axeLayouts), with the dialogs open and a capture
// loaded: no critical and no serious violation. Moderate and minor ones
// are logged. The layouts run in parallel, each in one window of one
// Chromium (its own browser context), state after state (navigated to in
// the page where nothing of the state before can linger: visit).
func TestAxeNoSeriousViolations(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	src := axeSource(t)
	actx, acancel := newAllocator(t)
	defer acancel()
	browser, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	run(t, browser, "start Chromium")
	states := axeStates(t)
	var mu sync.Mutex
	failed := map[string]int{}
	t.Run("layouts", func(t *testing.T) {
		for li, lay := range axeLayouts {
			t.Run(lay.name, func(t *testing.T) {
				t.Parallel()
				// One tab for the layout's states, in a window of its own
				// (a tab behind another is hidden: no frames, slowed timers).
				tab, tcancel := freshContext(t, browser)
				defer tcancel()
				run(t, tab, "viewport", emulation.SetDeviceMetricsOverride(lay.w, lay.h, lay.scale, lay.mobile), emulation.SetTouchEmulationEnabled(lay.mobile))
				// fresh: the next state needs a page load of its own (the
				// first; after a state whose setup opened a dialog or
				// loaded a capture; around the embedded stage, which a page
				// is from its start); the others are navigated to (visit).
				fresh := true
				for i, st := range states {
					if slices.ContainsFunc(lay.skip, func(p string) bool { return strings.HasPrefix(st.name, p) }) {
						continue
					}
					langs := []string{axeLang(li, i)}
					if lay.both {
						langs = []string{"en", "zh"}
					}
					for _, lang := range langs {
						t.Run(strings.ReplaceAll(lang+"/"+st.name, " ", "_"), func(t *testing.T) {
							ctx, cancel := context.WithTimeout(tab, 60*time.Second)
							defer cancel()
							link := st.link + "&lang=" + lang + lay.present
							embed := strings.Contains(link, "embed=1")
							if fresh || embed {
								loadLink(t, ctx, srv.URL+link)
							} else {
								visit(t, ctx, srv.URL+link)
							}
							fresh = len(st.setup) > 0 || embed
							run(t, ctx, "setup", st.setup...)
							vs := runAxe(t, ctx, src)
							if bad := serious(vs); len(bad) > 0 {
								mu.Lock()
								for _, v := range bad {
									failed[v.ID]++
								}
								mu.Unlock()
								t.Errorf("%s: %d critical/serious violations:%s", link, len(bad), describeViolations(bad))
							}
							if rest := len(vs) - len(serious(vs)); rest > 0 && testing.Verbose() {
								t.Logf("%s: moderate/minor:%s", link, describeViolations(vs))
							}
						})
					}
				}
			})
		}
	})
	if len(failed) > 0 {
		var ids []string
		for id, n := range failed {
			ids = append(ids, fmt.Sprintf("%s×%d", id, n))
		}
		sort.Strings(ids)
		t.Logf("serious violations by rule: %s", strings.Join(ids, " "))
	}
}

// TestAxeFindsPlantedViolations is the audit's broken twin: on a real page
// state, planted elements that break a serious rule each (a button with no
// name, grey on grey text, a name that does not contain the visible label,
// a progress bar with no name, a modal dialog's page behind it left
// usable) are each reported, so a clean run above means something.
func TestAxeFindsPlantedViolations(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	src := axeSource(t)
	ctx, cancel := newBrowser(t)
	defer cancel()
	loadLink(t, ctx, srv.URL+"/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=en")
	if bad := serious(runAxe(t, ctx, src)); len(bad) > 0 {
		t.Fatalf("the page before planting is not clean:%s", describeViolations(bad))
	}
	run(t, ctx, "plant", chromedp.Evaluate(`(() => {
  const d = document.createElement("div");
  d.id = "planted";
  d.innerHTML = '<button id="p-empty"></button>' +
    '<p id="p-grey" style="color:#999;background:#aaa">grey on grey</p>' +
    '<button id="p-name" aria-label="Switch language to Chinese">中文</button>' +
    '<div id="p-bar" role="progressbar" aria-valuenow="3" aria-valuemin="0" aria-valuemax="9"></div>';
  document.getElementById("lab").appendChild(d);
  return true;
})()`, nil))
	got := map[string]bool{}
	for _, v := range serious(runAxe(t, ctx, src)) {
		for _, n := range v.Nodes {
			for _, id := range []string{"p-empty", "p-grey", "p-name", "p-bar"} {
				if fmt.Sprint(n.Target) == "[#"+id+"]" {
					got[v.ID+" "+id] = true
				}
			}
		}
	}
	for _, want := range []string{"button-name p-empty", "color-contrast p-grey", "label-content-name-mismatch p-name", "aria-progressbar-name p-bar"} {
		if !got[want] {
			t.Errorf("axe did not report %s; it reported %v", want, got)
		}
	}
}
