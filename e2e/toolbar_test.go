package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"mcpwirelab/sim/scenario"
)

// jsTopBar reports the visualizer's top bar: whether the capture tab is
// shown (laid out, inside the viewport, not hidden) and its accessible
// name's text, and on how many rows the bar's three blocks (brand,
// navigation, actions) and the tabs lie; with hide, the capture tab is
// taken out first (the bar as it was before the tab had room).
const jsTopBar = `((hide) => {
  const box = el => el.getBoundingClientRect();
  const rows = els => { const tops = []; for (const e of els) { const r = box(e); if (r.width === 0) continue;
    if (!tops.some(t => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top); } return tops.length; };
  const top = document.querySelector('#lab .top');
  const cap = document.getElementById('nav-capture');
  cap.style.display = hide ? 'none' : '';
  const r = box(cap), st = getComputedStyle(cap);
  const out = {shown: r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none' &&
      r.left >= 0 && r.right <= document.documentElement.clientWidth + 0.5,
    name: cap.querySelector('.nav-text') ? cap.querySelector('.nav-text').textContent : '',
    labelShown: !!cap.querySelector('.nav-text') && box(cap.querySelector('.nav-text')).width > 1,
    drawn: (() => { const t = cap.querySelector('.nav-text'); if (!t) return '';
      const more = t.querySelector('.nav-more');
      return (more && box(more).width <= 1 ? t.textContent.slice(0, t.textContent.length - more.textContent.length) : t.textContent).trim(); })(),
    blocks: rows([top.querySelector('.brand'), top.querySelector('.topnav'), top.querySelector('.top-actions')]),
    tabs: rows(top.querySelectorAll('.nav-link')), height: Math.round(box(top).height)};
  const nav = box(top.querySelector('.topnav')), acts = box(top.querySelector('.top-actions')), brand = box(top.querySelector('.brand'));
  out.navWithActions = Math.min(nav.bottom, acts.bottom) - Math.max(nav.top, acts.top) > 0;
  out.brandAbove = brand.bottom <= Math.min(nav.top, acts.top) + 0.5;
  cap.style.display = '';
  return JSON.stringify(out);
})`

type topBar struct {
	Shown        bool
	Name         string
	LabelShown   bool   // the name is drawn, not only given to screen readers
	Drawn        string // what of it is drawn (the parts clipped to 1 px left out)
	Blocks, Tabs int
	Height       int
	// NavWithActions: the tabs and the actions overlap vertically (one
	// row); BrandAbove: the title block ends above both.
	NavWithActions, BrandAbove bool
}

// jsAtReady runs before the page's scripts: when <html data-wl-ready>
// becomes "1" it records what the page shows in window.__atReady: "shell"
// or "lab" (the visualizer's layout), the view's own element, the lab's
// language.
const jsAtReady = `new MutationObserver(function (_, mo) {
  if (document.documentElement.getAttribute("data-wl-ready") !== "1") return;
  mo.disconnect();
  const lab = document.getElementById("lab");
  const view = ["capture", "exercises", "calc", "progress"].find((v) => document.querySelector('#lab .nav-link[aria-current="page"]#nav-' + v)) || "lab";
  window.__atReady = (lab && lab.classList.contains("shell") ? "shell" : "lab") + " " + view + " " + (lab ? lab.lang || document.documentElement.lang : "");
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-wl-ready"]});`

func measureTopBar(t *testing.T, ctx context.Context, hide bool) topBar {
	t.Helper()
	var r topBar
	if err := json.Unmarshal([]byte(evalString(t, ctx, fmt.Sprintf("%s(%v)", jsTopBar, hide))), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCaptureTabOnTopBar: the capture view's tab is on the visualizer's
// top bar at 1280×720, with the bar on one line, and on a 390×844 phone,
// where it adds no row to the bar; in both languages, its full name
// kept for screen readers and drawn where it fits (Chinese from 1024 px,
// English from 1440 px). (Presenter mode folds the navigation away.)
func TestCaptureTabOnTopBar(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	names := map[string]string{"en": "Check a server", "zh": "检查服务器"}
	for _, size := range [][2]int64{{1280, 720}, {1440, 900}, {390, 844}} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size[0], size[1]))
		for _, link := range []string{stageLinks[0], stageLinks[2], "view=compare&" + stageLinks[0]} {
			for _, lang := range []string{"en", "zh"} {
				visit(t, ctx, srv.URL+"/?"+link+"&lang="+lang)
				where := fmt.Sprintf("%d×%d %s lang=%s", size[0], size[1], link, lang)
				r, without := measureTopBar(t, ctx, false), measureTopBar(t, ctx, true)
				t.Logf("%s: %+v (without the tab: %+v)", where, r, without)
				if !r.Shown {
					t.Errorf("%s: the capture tab is not shown", where)
				}
				if r.Name != names[lang] {
					t.Errorf("%s: the capture tab's name is %q, want %q", where, r.Name, names[lang])
				}
				// From 1024 px its name is drawn (in English from 1280 px the
				// whole name, its first word below), on a phone the icon and
				// its tooltip.
				if wantLabel := size[0] >= 1024; r.LabelShown != wantLabel {
					t.Errorf("%s: the capture tab's name drawn %v, want %v", where, r.LabelShown, wantLabel)
				}
				if r.LabelShown && r.Drawn != names[lang] {
					t.Errorf("%s: the capture tab shows %q, want %q", where, r.Drawn, names[lang])
				}
				if size[0] >= 1280 && (r.Blocks != 1 || r.Tabs != 1) {
					t.Errorf("%s: the top bar is on %d rows, its tabs on %d; want one line", where, r.Blocks, r.Tabs)
				}
				if r.Blocks > without.Blocks || r.Tabs > without.Tabs || r.Height > without.Height {
					t.Errorf("%s: the capture tab wraps the bar: %+v, without it %+v", where, r, without)
				}
			}
		}
	}
	// The other views (the title with its subtitle): the title on its
	// row, the tabs and the actions on the next, in both languages. The
	// shorter Chinese subtitle once let the tabs climb beside the title
	// and pushed the actions onto a third row.
	//
	// The page is that view already when the wasm says it is ready: the
	// lab once mounted an empty visualizer first and drew the linked view
	// one frame after data-wl-ready, and this measurement now and then
	// read that frame's bar (the flake of issue 30). jsAtReady records
	// the page's view at the moment the mark is set.
	var scriptID page.ScriptIdentifier
	run(t, ctx, "watch data-wl-ready", chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		scriptID, err = page.AddScriptToEvaluateOnNewDocument(jsAtReady).Do(ctx)
		return err
	}))
	defer run(t, ctx, "stop watching", chromedp.ActionFunc(func(ctx context.Context) error {
		return page.RemoveScriptToEvaluateOnNewDocument(scriptID).Do(ctx)
	}))
	for _, size := range [][2]int64{{1280, 720}, {1920, 1080}} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size[0], size[1]))
		for _, view := range []string{"capture", "exercises", "calc", "progress"} {
			for _, lang := range []string{"en", "zh"} {
				loadLink(t, ctx, srv.URL+"/?view="+view+"&lang="+lang)
				where := fmt.Sprintf("%d×%d view=%s lang=%s", size[0], size[1], view, lang)
				want := fmt.Sprintf("shell %s %s", view, map[string]string{"en": "en", "zh": "zh-CN"}[lang])
				if at := evalString(t, ctx, `window.__atReady || ""`); at != want {
					t.Errorf("%s: when the wasm marked the page ready it showed %q, want %q", where, at, want)
				}
				if r := measureTopBar(t, ctx, false); r.Blocks != 2 || !r.NavWithActions || !r.BrandAbove {
					t.Errorf("%s: top bar %+v; want the title above, the tabs and the actions on one row below it", where, r)
				}
			}
		}
	}
	// The tab leads to the capture view.
	run(t, ctx, "viewport", chromedp.EmulateViewport(1280, 720))
	loadLink(t, ctx, srv.URL+"/?"+stageLinks[0]+"&lang=en")
	run(t, ctx, "open the capture tab", chromedp.Click("#nav-capture", chromedp.ByQuery))
	eventually(t, "the capture view", queryIs(ctx, "view", "capture"))
}

// TestVersionToggleOffInHTTPLessons: the HTTP lessons send plain HTTP, the
// same bytes under both versions, so the version toggle is disabled there
// with the reason written under it, `v` does nothing, and the client lane
// says it is an HTTP client; an MCP scenario keeps the toggle and the MCP
// client (the twin).
func TestVersionToggleOffInHTTPLessons(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	const js = `JSON.stringify({
  enabled: [...document.querySelectorAll("#version .seg-btn")].filter((b) => !b.disabled).length,
  hint: (document.getElementById("version-hint") || {}).textContent || "",
  why: [...document.querySelectorAll("#version .seg-btn")].map((b) => b.title).join(" | "),
  client: document.querySelector("#sequence .lane-client small").textContent})`
	type state struct {
		Enabled           int
		Hint, Why, Client string
	}
	read := func() state {
		var s state
		if err := json.Unmarshal([]byte(evalString(t, ctx, js)), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, lang := range []string{"en", "zh"} {
		loadLink(t, ctx, srv.URL+"/?scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&step=3&lang="+lang)
		s := read()
		want := map[string][2]string{"en": {"Plain HTTP: no MCP version", "HTTP client inside the host"},
			"zh": {"普通 HTTP，没有 MCP 版本", "Host 内的 HTTP 客户端"}}[lang]
		if s.Enabled != 0 || !strings.Contains(s.Hint, want[0]) || !strings.HasPrefix(s.Client, want[1]) || !strings.Contains(s.Why, "HTTP") {
			t.Errorf("HTTP lesson, %s: %+v", lang, s)
		}
		run(t, ctx, "v", key("v"))
		if u, err := currentURL(ctx); err != nil || u.Query().Get("version") != "2026-07-28" {
			t.Errorf("v changed the version in an HTTP lesson: %v %v", u, err)
		}
	}
	loadLink(t, ctx, srv.URL+"/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=en")
	if s := read(); s.Enabled != 2 || s.Hint != "" || s.Why != " | " || s.Client != "MCP client inside the host" {
		t.Errorf("tool-call: %+v; want both versions to pick and the MCP client", s)
	}
	run(t, ctx, "v", key("v"))
	eventually(t, "v toggles the version of an MCP scenario", queryIs(ctx, "version", "2025-11-25"))
}

// jsToolbarRows is on how many rows the toolbar's fields lie.
const jsToolbarRows = `(() => { const tops = [];
  for (const f of document.querySelectorAll("#toolbar > .field")) { const r = f.getBoundingClientRect(); if (r.width === 0) continue;
    if (!tops.some((t) => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top); }
  return tops.length; })()`

// TestToolbarOneRowEveryScenario: at 1280×720 the toolbar (scenario,
// version, transport, fault) stays on one row whatever the scenario, in
// both languages (the Prompts scenario's long title once wrapped it).
// Each language's page is loaded once; the other links are navigated to
// inside it, as the browser's Back does (history and popstate: go-app's
// OnNav reads the link), so the wasm starts twice, not 46 times (those
// starts took five minutes of make test's CPU).
func TestToolbarOneRowEveryScenario(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	// The two languages in parallel, each in a window of its own.
	browser, bcancel := hallBrowser(t)
	defer bcancel()
	t.Run("langs", func(t *testing.T) {
		for _, lang := range []string{"en", "zh"} {
			t.Run(lang, func(t *testing.T) {
				t.Parallel()
				ctx, cancel := hallWindow(t, browser, 180*time.Second)
				defer cancel()
				run(t, ctx, "viewport", chromedp.EmulateViewport(1280, 720))
				for _, in := range scenario.List() {
					link := fmt.Sprintf("/?scenario=%s&version=%s&transport=%s&lang=%s", in.Name, in.Versions[len(in.Versions)-1], in.Transports[len(in.Transports)-1], lang)
					visit(t, ctx, srv.URL+link) // a page load for the first
					eventually(t, link+" drawn", func() (bool, string) {
						s := evalString(t, ctx, `(() => { const s = document.getElementById("scenario"); return (s ? s.value : "") + " " + document.documentElement.lang })()`)
						return strings.HasPrefix(s, in.Name+" ") && strings.Contains(s, map[string]string{"en": " en", "zh": " zh"}[lang]), s
					})
					settle(t, ctx)
					if n := evalInt(t, ctx, jsToolbarRows); n != 1 {
						t.Errorf("%s: the toolbar is on %d rows", link, n)
					}
				}
			})
		}
	})
}
