package e2e

// The static export read before (and without) the wasm (app/early.go):
// a deep link paints its step from the run's fragment, in the page's
// language, every step and toggle works, the hand-over keeps the step
// and the focus, and a missing or stale fragment falls back to the wasm
// with a notice.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// staticHost serves an export under prefix as a static host with
// precompressed files does (NAME.br or NAME.gz when the request accepts
// it, else NAME); override, when set, answers a path instead.
type staticHost struct {
	*httptest.Server
	mu       sync.Mutex
	paths    []string
	wire     []hostRequest
	override func(p string) (status int, body []byte, ok bool)
}

// hostRequest is one answer of a staticHost: its path, status and the
// body's bytes on the wire (after Content-Encoding), once written.
type hostRequest struct {
	Path    string
	Status  int
	Bytes   int
	Purpose string // the request's Sec-Purpose ("prefetch" for <link rel=prefetch>)
}

// countingWriter counts the status and body bytes of an answer.
type countingWriter struct {
	http.ResponseWriter
	status, bytes int
}

func (w *countingWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *countingWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func newStaticHost(t *testing.T, dir, prefix string) *staticHost {
	t.Helper()
	h := &staticHost{}
	files := http.StripPrefix(prefix, precompressed(dir))
	h.Server = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		h.paths = append(h.paths, r.URL.Path)
		o := h.override
		h.mu.Unlock()
		w := &countingWriter{ResponseWriter: rw}
		defer func() {
			h.mu.Lock()
			h.wire = append(h.wire, hostRequest{r.URL.Path, w.status, w.bytes, r.Header.Get("Sec-Purpose")})
			h.mu.Unlock()
		}()
		if o != nil {
			if code, b, ok := o(r.URL.Path); ok {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.WriteHeader(code)
				w.Write(b)
				return
			}
		}
		if !strings.HasPrefix(r.URL.Path, prefix+"/") {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(h.Close)
	return h
}

func (h *staticHost) setOverride(f func(p string) (int, []byte, bool)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.override = f
}

// answered returns the answers finished so far, in order.
func (h *staticHost) answered() []hostRequest {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]hostRequest(nil), h.wire...)
}

func (h *staticHost) served() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.paths...)
}

// readerState is what the page shows, for the reader tests.
type readerState struct {
	Cur, Row, Head, Counter, Lang, URL, Stored, Stale, Fallback, Label, Ready, Focus string
}

const readerStateJS = `JSON.stringify({
  Cur: (document.getElementById("step-cur") || {}).textContent || "",
  Row: (document.querySelector("#sequence .row.current") || { dataset: {} }).dataset.step || "",
  Head: (document.querySelector("#insp-step .insp-step") || {}).textContent || "",
  Counter: (document.getElementById("step-counter") || {}).textContent || "",
  Lang: document.documentElement.lang,
  URL: location.search,
  Stored: String(localStorage.getItem("mcpwl.lang")),
  Stale: String(document.documentElement.classList.contains("wl-stale") && getComputedStyle(document.getElementById("lab") || document.body).display === "none"),
  Fallback: document.documentElement.dataset.wlFallback || "",
  Label: (document.getElementById("app-wasm-loader") || { getAttribute: () => "" }).getAttribute("data-label") || "",
  Ready: document.documentElement.dataset.wlReady || "",
  Focus: (document.activeElement && (document.activeElement.id || document.activeElement.dataset.value)) || "" })`

func readReader(t *testing.T, ctx context.Context) readerState {
	t.Helper()
	return evalJSON[readerState](t, ctx, readerStateJS)
}

// shows: step n is on screen (counter, current row, inspector heading),
// in lang ("zh": the counter says 步骤).
func (s readerState) shows(n int, lang string) bool {
	ns := fmt.Sprint(n)
	zh := strings.Contains(s.Counter, "步骤")
	return s.Cur == ns && s.Row == ns && strings.HasSuffix(s.Head, " "+ns) && zh == (lang == "zh") && s.Stale == "false"
}

// readerContext is a fresh browser context whose languages are langs
// (navigator.languages), with the wasm blocked when block.
func readerContext(t *testing.T, bctx context.Context, langs string, block bool) (context.Context, context.CancelFunc) {
	t.Helper()
	ctx, cancel := freshContext(t, bctx)
	acts := []chromedp.Action{network.Enable(),
		emulation.SetUserAgentOverride("Mozilla/5.0 (X11; Linux x86_64) Chrome/130 Safari/537.36").WithAcceptLanguage(langs)}
	if block {
		acts = append(acts, network.SetBlockedURLs([]string{"*app.wasm*"}))
	}
	if err := chromedp.Run(ctx, acts...); err != nil {
		cancel()
		t.Fatal(err)
	}
	return ctx, cancel
}

func waitReader(t *testing.T, ctx context.Context, what string, n int, lang string) readerState {
	t.Helper()
	var last readerState
	eventually(t, what, func() (bool, string) {
		last = readReader(t, ctx)
		return last.shows(n, lang), fmt.Sprintf("%+v", last)
	})
	return last
}

// A deep link without lang= on a static host, opened by a browser set to
// Chinese, with the wasm blocked: the page shows the step in Chinese from
// the run's fragment, writes no lang= and stores nothing; every step and
// toggle works. The broken twin: the same link in an English browser
// shows English (the test tells the two apart).
func TestStaticReaderDeepLinkZh(t *testing.T) {
	_, host, bctx, cancel := readerSetup(t)
	defer cancel()
	link := host.URL + coursePrefix + "/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=5"

	for _, c := range []struct{ langs, want string }{{"en-US,en", "en"}, {"zh-CN,zh;q=0.9,en;q=0.8", "zh"}} {
		ctx, c2 := readerContext(t, bctx, c.langs, true)
		if err := chromedp.Run(ctx, chromedp.Navigate(link)); err != nil {
			t.Fatal(err)
		}
		s := waitReader(t, ctx, c.langs+": the deep link's step 5", 5, c.want)
		if strings.Contains(s.URL, "lang=") || s.Stored != "null" || s.Ready != "" {
			t.Errorf("%s: a reader who never chose: URL %q, stored %q, wasm %q", c.langs, s.URL, s.Stored, s.Ready)
		}
		if c.want == "zh" && s.Lang != "zh-CN" || c.want == "en" && s.Lang != "en" {
			t.Errorf("%s: <html lang=%q>", c.langs, s.Lang)
		}
		if c.want == "zh" && !strings.Contains(s.Label, "加载") {
			t.Errorf("the loading badge is not in Chinese: %q", s.Label)
		}
		c2()
	}
	fragment := coursePrefix + "/runs/tool-call/2025-11-25_stdio_none.zh.html"
	if paths := host.served(); !slices.Contains(paths, fragment) {
		t.Errorf("the Chinese fragment %s was not fetched: %v", fragment, paths)
	}

	ctx, c2 := readerContext(t, bctx, "zh-CN,zh", true)
	defer c2()
	if err := chromedp.Run(ctx, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	waitReader(t, ctx, "step 5", 5, "zh")
	var total int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`parseInt(document.getElementById("jump").max, 10)`, &total)); err != nil {
		t.Fatal(err)
	}
	step := func(what string, act chromedp.Action, n int) {
		t.Helper()
		if err := chromedp.Run(ctx, act); err != nil {
			t.Fatal(err)
		}
		waitReader(t, ctx, what, n, "zh")
		if u := readReader(t, ctx).URL; !strings.Contains(u, fmt.Sprintf("step=%d", n)) {
			t.Errorf("%s: the address says %s", what, u)
		}
	}
	step("Next", chromedp.Click("#next", chromedp.ByQuery), 6)
	step("→", key(kb.ArrowRight), 7)
	step("←", key(kb.ArrowLeft), 6)
	step("End", key(kb.End), total)
	step("Home", key(kb.Home), 1)
	step("a click on row 1's neighbour after Next", chromedp.Click("#next", chromedp.ByQuery), 2)
	step("a click on row 1", chromedp.Click(`#sequence li[data-step="1"] .row-btn`, chromedp.ByQuery), 1)
	step("the slider", chromedp.Evaluate(`(() => { const j = document.getElementById("jump"); j.value = "4"; j.dispatchEvent(new Event("input", {bubbles: true})); })()`, nil), 4)
	step("Restart", chromedp.Click("#restart", chromedp.ByQuery), 1)
	// Play steps on its own, then pauses.
	if err := chromedp.Run(ctx, chromedp.Click("#play", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "Play reaches step 2", func() (bool, string) { s := readReader(t, ctx); return s.shows(2, "zh"), s.Cur })
	if err := chromedp.Run(ctx, chromedp.Click("#play", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	paused := readReader(t, ctx).Cur
	time.Sleep(1600 * time.Millisecond)
	if s := readReader(t, ctx); s.Cur != paused {
		t.Errorf("paused at %s, the page went on to %s", paused, s.Cur)
	}
	step("End again", key(kb.End), total)

	// The version toggle: the other run's fragment, at the equivalent step,
	// still in Chinese, the focus on the button pressed.
	if err := chromedp.Run(ctx, chromedp.Click(`#version [data-value="2026-07-28"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the version toggled before the wasm", func() (bool, string) {
		s := readReader(t, ctx)
		return strings.Contains(s.URL, "version=2026-07-28") && s.Stale == "false" && strings.Contains(s.Counter, "步骤") && s.Focus == "2026-07-28", fmt.Sprintf("%+v", s)
	})
	if err := chromedp.Run(ctx, chromedp.Click(`#transport [data-value="http"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the transport toggled before the wasm", func() (bool, string) {
		s := readReader(t, ctx)
		return strings.Contains(s.URL, "transport=http") && strings.Contains(s.URL, "version=2026-07-28"), s.URL
	})
	// The v key twice: the other version and back (keys.go's pick).
	for _, v := range []string{"2025-11-25", "2026-07-28"} {
		if err := chromedp.Run(ctx, key("v")); err != nil {
			t.Fatal(err)
		}
		eventually(t, "v to "+v+" before the wasm", func() (bool, string) {
			s := readReader(t, ctx)
			return strings.Contains(s.URL, "version="+v) && strings.Contains(s.URL, "transport=http") && s.Stale == "false", s.URL
		})
	}
	fault := pickFault(t, ctx)
	eventually(t, "the fault picked before the wasm", func() (bool, string) {
		s := readReader(t, ctx)
		return strings.Contains(s.URL, "fault="+fault), s.URL
	})
	// The compare view, before the wasm: the fragment of this run in the
	// compare view, its current row moved by the arrows, and back.
	var at int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`parseInt(document.getElementById("step-cur").textContent, 10)`, &at),
		chromedp.Click(`#viewmode [data-value="compare"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	const cmpJS = `(() => { const tb = document.querySelector("#lab tbody[data-cur]"); const cur = tb && tb.querySelector("tr.current");
  return tb ? tb.dataset.cur + ":" + (cur ? cur.dataset[tb.dataset.cur] : "none") : "no table"; })()`
	cmpAt := func(what string, step int) {
		t.Helper()
		eventually(t, what, func() (bool, string) {
			var s string
			_ = chromedp.Run(ctx, chromedp.Evaluate(cmpJS, &s))
			u := readReader(t, ctx).URL
			return strings.HasSuffix(s, fmt.Sprintf(":%d", step-1)) && strings.Contains(u, "view=compare") && strings.Contains(u, fmt.Sprintf("step=%d", step)), s + " " + u
		})
	}
	cmpAt("the compare view at the step", at)
	if err := chromedp.Run(ctx, key(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	cmpAt("← in the compare view", at-1)
	if err := chromedp.Run(ctx, chromedp.Click(`#viewmode [data-value="steps"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitReader(t, ctx, "back to the steps", at-1, "zh")

	// The language switch: a choice, written into the address and kept.
	if err := chromedp.Run(ctx, chromedp.Click("#lang-switch", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "English, chosen", func() (bool, string) {
		s := readReader(t, ctx)
		return !strings.Contains(s.Counter, "步骤") && strings.Contains(s.URL, "lang=en") && s.Stored == `"en"` && s.Lang == "en", fmt.Sprintf("%+v", s)
	})
	if s := readReader(t, ctx); s.Ready != "" {
		t.Errorf("the wasm ran although it was blocked: %+v", s)
	}
}

// readerSetup is the export under coursePrefix, a static host serving it
// with its precompressed files, and a browser.
func readerSetup(t *testing.T) (site string, host *staticHost, bctx context.Context, cancel context.CancelFunc) {
	t.Helper()
	site = staticExport(t, coursePrefix)
	host = newStaticHost(t, site, coursePrefix)
	bctx, cancel = newBrowser(t)
	return site, host, bctx, cancel
}

// The hand-over: the reader steps while the wasm is held back; once it
// runs, it shows the same step, and the focus stays on Next.
func TestStaticReaderHandOver(t *testing.T) {
	_, host, bctx, cancel := readerSetup(t)
	defer cancel()
	ctx, c2 := readerContext(t, bctx, "en-US", false)
	defer c2()
	paused := make(chan fetch.RequestID, 1)
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			select {
			case paused <- e.RequestID:
			default:
			}
		}
	})
	link := host.URL + coursePrefix + "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=en"
	if err := chromedp.Run(ctx, fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "*app.wasm*"}}), chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	waitReader(t, ctx, "step 3", 3, "en")
	// This link is the start page itself (no fragment): its player is in
	// the chrome's frame (the wl-first mark, static/stage.css), and a
	// click at its place hits nothing until the mark goes.
	if err := chromedp.Run(ctx, chromedp.Poll(`document.readyState !== "loading" && !document.documentElement.classList.contains("wl-first")`, nil)); err != nil {
		t.Fatal(err)
	}
	for n := 4; n <= 7; n++ {
		if err := chromedp.Run(ctx, chromedp.Click("#next", chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		waitReader(t, ctx, fmt.Sprint("Next to ", n), n, "en")
	}
	if err := chromedp.Run(ctx, chromedp.Focus("#next", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var id fetch.RequestID
	select {
	case id = <-paused:
	case <-time.After(30 * time.Second):
		t.Fatal("the page never asked for app.wasm")
	}
	// The page only prefetched the wasm (page_fast.go); the fetch that
	// compiles it comes when the wasm is needed: let it through too.
	if err := chromedp.Run(ctx, fetch.ContinueRequest(id), fetch.Disable(), waitReady()); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the wasm shows step 7 with the focus on Next", func() (bool, string) {
		s := readReader(t, ctx)
		return s.Ready == "1" && s.shows(7, "en") && s.Focus == "next", fmt.Sprintf("%+v", s)
	})
	if err := chromedp.Run(ctx, chromedp.Click("#next", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	waitReader(t, ctx, "the wasm's Next to 8", 8, "en")
}

// A fragment that is stale (another export's) or missing is not shown:
// the page keeps the full loading screen with a notice in its language,
// and the wasm draws the link. The broken twin: the intact fragment is
// shown, with no notice.
func TestStaticReaderFallback(t *testing.T) {
	site, host, bctx, cancel := readerSetup(t)
	defer cancel()
	const rel = "/runs/tool-call/2025-11-25_http_none.zh.html"
	good, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(good), "\n")
	link := host.URL + coursePrefix + "/?scenario=tool-call&version=2025-11-25&transport=http&fault=none&step=4&lang=zh"
	for _, c := range []struct {
		name     string
		override func(p string) (int, []byte, bool)
		fallback string
	}{
		{"intact (the twin)", nil, ""},
		{"stale", func(p string) (int, []byte, bool) {
			return 200, []byte("0000000000000000\n" + body), path.Clean(p) == coursePrefix+rel
		}, "stale"},
		{"missing", func(p string) (int, []byte, bool) { return 404, []byte("not found"), path.Clean(p) == coursePrefix+rel }, "HTTP 404"},
	} {
		host.setOverride(c.override)
		ctx, c2 := readerContext(t, bctx, "zh-CN", true)
		if err := chromedp.Run(ctx, chromedp.Navigate(link)); err != nil {
			t.Fatal(err)
		}
		if c.fallback == "" {
			waitReader(t, ctx, c.name, 4, "zh")
			if s := readReader(t, ctx); s.Fallback != "" {
				t.Errorf("%s: fallback %q", c.name, s.Fallback)
			}
			c2()
			continue
		}
		eventually(t, c.name+": the notice on the loading screen", func() (bool, string) {
			s := readReader(t, ctx)
			return s.Fallback == c.fallback && s.Stale == "true" && strings.Contains(s.Label, "模拟器"), fmt.Sprintf("%+v", s)
		})
		c2()
		// With the wasm: it draws the link.
		ctx, c2 = readerContext(t, bctx, "zh-CN", false)
		if err := chromedp.Run(ctx, chromedp.Navigate(link), waitReady()); err != nil {
			t.Fatal(err)
		}
		eventually(t, c.name+": the wasm draws step 4", func() (bool, string) {
			s := readReader(t, ctx)
			return s.Cur == "4" && strings.Contains(s.Counter, "步骤") && s.Fallback == c.fallback, fmt.Sprintf("%+v", s)
		})
		c2()
	}
	host.setOverride(nil)
}

// embed=1 in a chapter page of six lazy frames: each frame shows the
// stage alone (no top bar, no toolbar, no export bar) with a link to the
// full lab at its step, in the page's language; the frames read and step
// without loading the wasm, and a frame whose reader clicks a control
// only the wasm answers starts its own wasm, the others none. The broken
// twin: the same link without embed=1 shows the top bar and no link.
func TestStaticReaderEmbed(t *testing.T) {
	_, host, bctx, cancel := readerSetup(t)
	defer cancel()
	base := host.URL + coursePrefix + "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&lang=zh"
	var chapter strings.Builder
	chapter.WriteString(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>第 3 章</title></head><body><h1>第 3 章</h1>`)
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&chapter, `<p>第 %d 段</p><iframe id="f%d" src="%s&step=%d&embed=1" title="MCP Wire Lab" width="900" height="700" loading="lazy"></iframe>`, i, i, base, i+1)
	}
	chapter.WriteString(`</body></html>`)
	host.setOverride(func(p string) (int, []byte, bool) {
		return 200, []byte(chapter.String()), p == coursePrefix+"/chapter.html"
	})
	ctx, c2 := readerContext(t, bctx, "zh-CN", false)
	defer c2()
	if err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(1000, 5200, 1, false), chromedp.Navigate(host.URL+coursePrefix+"/chapter.html")); err != nil {
		t.Fatal(err)
	}
	const frameJS = `(() => { const out = []; for (const f of document.querySelectorAll("iframe")) { const d = f.contentDocument; if (!d || !d.documentElement) { out.push(null); continue; }
  const vis = (sel) => { const e = d.querySelector(sel); return !!e && f.contentWindow.getComputedStyle(e).display !== "none"; };
  const a = d.getElementById("embed-open");
  out.push({ cur: (d.getElementById("step-cur") || {}).textContent || "", top: vis(".top"), toolbar: vis("#toolbar"), open: vis("#embed-open"),
    text: a ? a.textContent : "", href: a ? a.getAttribute("href") : "", target: a ? a.target : "", wasm: d.documentElement.dataset.wlWasm || "",
    ready: d.documentElement.dataset.wlReady || "", scripts: d.querySelectorAll('script[src*="app.js"]').length }); } return JSON.stringify(out); })()`
	type frame struct {
		Cur, Text, Href, Target, Wasm, Ready string
		Top, Toolbar, Open                   bool
		Scripts                              int
	}
	read := func() []*frame {
		var s string
		if err := chromedp.Run(ctx, chromedp.Evaluate(frameJS, &s)); err != nil {
			t.Fatal(err)
		}
		var fs []*frame
		if err := json.Unmarshal([]byte(s), &fs); err != nil {
			t.Fatal(err)
		}
		return fs
	}
	eventually(t, "six frames show their steps", func() (bool, string) {
		fs := read()
		for i, f := range fs {
			if f == nil || f.Cur != fmt.Sprint(i+2) {
				return false, fmt.Sprintf("frame %d: %+v", i+1, f)
			}
		}
		return len(fs) == 6, fmt.Sprint(len(fs))
	})
	for i, f := range read() {
		if f.Top || f.Toolbar || !f.Open || !strings.Contains(f.Text, "在完整实验室中打开") || f.Target != "_top" ||
			!strings.Contains(f.Href, fmt.Sprintf("step=%d", i+2)) || strings.Contains(f.Href, "embed") {
			t.Errorf("frame %d: %+v", i+1, f)
		}
	}
	// A step in frame 3, before any wasm.
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("f3").contentDocument.getElementById("next").click()`, nil)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "frame 3 steps", func() (bool, string) {
		f := read()[2]
		return f.Cur == "5" && strings.Contains(f.Href, "step=5"), fmt.Sprintf("%+v", f)
	})
	time.Sleep(2500 * time.Millisecond) // longer than the quiet time of a full page
	for i, f := range read() {
		if f.Wasm != "" || f.Ready != "" || f.Scripts != 0 {
			t.Errorf("frame %d loaded the wasm unasked: %+v", i+1, f)
		}
	}
	// A control only the wasm answers, in frame 2: its wasm starts, the
	// others stay without.
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("f2").contentDocument.querySelector("[data-copy]").click()`, nil)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "frame 2's wasm runs", func() (bool, string) { f := read()[1]; return f.Ready == "1" && f.Cur == "3", fmt.Sprintf("%+v", f) })
	for i, f := range read() {
		if i != 1 && (f.Wasm != "" || f.Ready != "") {
			t.Errorf("frame %d started its wasm: %+v", i+1, f)
		}
	}
	if f := read()[1]; f.Top || f.Toolbar || !f.Open {
		t.Errorf("frame 2 on the wasm is not the stage alone: %+v", f)
	}
	host.setOverride(nil)

	// The twin: the full lab.
	ctx3, c3 := readerContext(t, bctx, "zh-CN", true)
	defer c3()
	if err := chromedp.Run(ctx3, chromedp.Navigate(base+"&step=2")); err != nil {
		t.Fatal(err)
	}
	waitReader(t, ctx3, "the full lab", 2, "zh")
	var top, open bool
	if err := chromedp.Run(ctx3, chromedp.Evaluate(`getComputedStyle(document.querySelector(".top")).display !== "none"`, &top),
		chromedp.Evaluate(`getComputedStyle(document.getElementById("embed-open")).display !== "none"`, &open)); err != nil {
		t.Fatal(err)
	}
	if !top || open {
		t.Errorf("the full lab: top bar shown %v, embed link shown %v", top, open)
	}
}

// The compare view's toolbar before the wasm (app/early.go, #wl-cmp): on
// the static export with the wasm blocked, the version and transport
// buttons and the fault menu put the other run's compare fragment in
// place, at the step its column maps to, in the page's language, the
// focus on the button pressed. The broken twin: the same page with the
// reader's compare picks removed (cmpTog answering nothing) leaves the
// compare view as it was.
func TestStaticReaderCompareToggles(t *testing.T) {
	site, host, bctx, cancel := readerSetup(t)
	defer cancel()
	link := host.URL + coursePrefix + "/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=5&lang=zh&view=compare"
	const cmpJS = `(() => { const tb = document.querySelector("#lab tbody[data-cur]"); const cur = tb && tb.querySelector("tr.current");
  const on = document.querySelector("#version [aria-pressed]:not([aria-pressed=false])");
  return JSON.stringify({ col: tb ? tb.dataset.cur : "", row: cur ? cur.dataset[tb.dataset.cur] : "", version: on ? on.dataset.value : "",
    lang: document.documentElement.lang, url: location.search, title: document.title, ready: document.documentElement.dataset.wlReady || "",
    focus: (document.activeElement && (document.activeElement.id || document.activeElement.dataset.value)) || "" }); })()`
	type cmpState struct{ Col, Row, Version, Lang, URL, Title, Ready, Focus string }
	read := func(ctx context.Context) cmpState { return evalJSON[cmpState](t, ctx, cmpJS) }
	// at: the compare view shows version v, its column col current at the
	// address's step, in Chinese.
	at := func(s cmpState, col, v string) bool {
		var n int
		fmt.Sscan(s.Row, &n)
		return s.Col == col && s.Version == v && s.Row != "" && s.Lang == "zh-CN" && strings.Contains(s.URL, "view=compare") &&
			strings.Contains(s.URL, "version="+v) && strings.Contains(s.URL, fmt.Sprintf("step=%d", n+1))
	}
	open := func(ctx context.Context) {
		t.Helper()
		if err := chromedp.Run(ctx, chromedp.Navigate(link)); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the compare view at step 5", func() (bool, string) {
			s := read(ctx)
			return at(s, "a", "2025-11-25") && s.Row == "4", fmt.Sprintf("%+v", s)
		})
	}

	ctx, c2 := readerContext(t, bctx, "zh-CN", true)
	defer c2()
	open(ctx)
	title := read(ctx).Title
	if err := chromedp.Run(ctx, chromedp.Click(`#version [data-value="2026-07-28"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the version toggled in the compare view", func() (bool, string) {
		s := read(ctx)
		return at(s, "b", "2026-07-28") && s.Focus == "2026-07-28" && s.Title != title, fmt.Sprintf("%+v", s)
	})
	if err := chromedp.Run(ctx, chromedp.Click(`#transport [data-value="http"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the transport toggled in the compare view", func() (bool, string) {
		s := read(ctx)
		return at(s, "b", "2026-07-28") && strings.Contains(s.URL, "transport=http"), fmt.Sprintf("%+v", s)
	})
	// The t key, then the v key (keys.go's picks, #wl-cmp's keys).
	if err := chromedp.Run(ctx, key("t")); err != nil {
		t.Fatal(err)
	}
	eventually(t, "t in the compare view", func() (bool, string) {
		s := read(ctx)
		return at(s, "b", "2026-07-28") && strings.Contains(s.URL, "transport=stdio"), fmt.Sprintf("%+v", s)
	})
	if err := chromedp.Run(ctx, key("v")); err != nil {
		t.Fatal(err)
	}
	eventually(t, "v in the compare view", func() (bool, string) {
		s := read(ctx)
		return at(s, "a", "2025-11-25") && strings.Contains(s.URL, "transport=stdio"), fmt.Sprintf("%+v", s)
	})
	for _, c := range []struct{ sel, want string }{{`#version [data-value="2026-07-28"]`, "transport=stdio"}, {`#transport [data-value="http"]`, "transport=http"}} {
		if err := chromedp.Run(ctx, chromedp.Click(c.sel, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		eventually(t, c.sel+" clicked again", func() (bool, string) {
			s := read(ctx)
			return at(s, "b", "2026-07-28") && strings.Contains(s.URL, c.want), fmt.Sprintf("%+v", s)
		})
	}
	fault := pickFault(t, ctx)
	eventually(t, "the fault picked in the compare view", func() (bool, string) {
		s := read(ctx)
		return at(s, "b", "2026-07-28") && strings.Contains(s.URL, "transport=http") && strings.Contains(s.URL, "fault="+fault), fmt.Sprintf("%+v", s)
	})
	if s := read(ctx); s.Ready != "" {
		t.Errorf("the wasm ran although it was blocked: %+v", s)
	}
	for _, p := range []string{"/runs/tool-call/2026-07-28_stdio_none.zh.compare.html", "/runs/tool-call/2026-07-28_http_none.zh.compare.html",
		"/runs/tool-call/2026-07-28_http_" + fault + ".zh.compare.html"} {
		if !slices.Contains(host.served(), coursePrefix+p) {
			t.Errorf("%s was not fetched", p)
		}
	}

	// The twin: the reader without its compare picks.
	const pick = "function cmpTog(p,v,f){"
	brokenReader(t, site, host, pick, pick+"return true;")
	defer host.setOverride(nil)
	ctx3, c3 := readerContext(t, bctx, "zh-CN", true)
	defer c3()
	open(ctx3)
	if err := chromedp.Run(ctx3, chromedp.Click(`#version [data-value="2026-07-28"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	if s := read(ctx3); !at(s, "a", "2025-11-25") {
		t.Errorf("without the reader's compare picks the view changed anyway: %+v", s)
	}
}

// What else a step changes, before the wasm (readerStep's parts): the
// HTTP timeline's heading, marker and list follow the reader's step, and
// the deadline clock of the timeout lesson runs out at its last step. The
// broken twin: the same page without the reader's parts (parts() never
// called) leaves them at the linked step.
func TestStaticReaderStepParts(t *testing.T) {
	site, host, bctx, cancel := readerSetup(t)
	defer cancel()
	const partsJS = `(() => { const now = document.getElementById("tl-now"), mark = document.querySelector("#timeline .tl-mark.current"),
    li = document.querySelector("#tl-details li.current"), clock = document.getElementById("clock");
  return JSON.stringify({ now: now ? now.textContent : "", mark: mark ? mark.dataset.step : "", item: li ? li.textContent : "",
    clock: clock ? (clock.hidden ? "hidden" : clock.className) : "", total: (document.getElementById("jump") || {}).max || "" }); })()`
	type parts struct{ Now, Mark, Item, Clock, Total string }
	read := func(ctx context.Context) parts { return evalJSON[parts](t, ctx, partsJS) }
	// timelineAt: the timeline shows step n (1-based).
	timelineAt := func(p parts, n int) bool {
		ns := fmt.Sprint(n)
		return strings.HasPrefix(p.Now, "step "+ns+" ") && p.Mark == ns && strings.HasPrefix(p.Item, "Step "+ns+" ")
	}
	open := func(ctx context.Context, link string) {
		t.Helper()
		if err := chromedp.Run(ctx, chromedp.Navigate(link)); err != nil {
			t.Fatal(err)
		}
		waitReader(t, ctx, "step 1", 1, "en")
	}
	retries := host.URL + coursePrefix + "/?scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&step=1&lang=en"
	ctx, c2 := readerContext(t, bctx, "en-US", true)
	defer c2()
	open(ctx, retries)
	if p := read(ctx); !timelineAt(p, 1) {
		t.Fatalf("the linked step's timeline: %+v", p)
	}
	var total int
	fmt.Sscan(read(ctx).Total, &total)
	for _, c := range []struct {
		key string
		n   int
	}{{kb.End, total}, {kb.ArrowLeft, total - 1}, {kb.Home, 1}, {kb.ArrowRight, 2}} {
		if err := chromedp.Run(ctx, key(c.key)); err != nil {
			t.Fatal(err)
		}
		eventually(t, fmt.Sprintf("the timeline at step %d", c.n), func() (bool, string) { p := read(ctx); return timelineAt(p, c.n), fmt.Sprintf("%+v", p) })
	}

	// The deadline clock: hidden before the request, run out at the end.
	open(ctx, host.URL+coursePrefix+"/?scenario=tool-call&version=2026-07-28&transport=http&fault=timeout&step=1&lang=en")
	if p := read(ctx); p.Clock != "hidden" {
		t.Errorf("the clock at step 1: %+v", p)
	}
	if err := chromedp.Run(ctx, key(kb.End)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the clock ran out at the last step", func() (bool, string) {
		p := read(ctx)
		return strings.Contains(p.Clock, "expired"), fmt.Sprintf("%+v", p)
	})
	if s := readReader(t, ctx); s.Ready != "" {
		t.Errorf("the wasm ran although it was blocked: %+v", s)
	}

	// The twin: the reader without its parts.
	brokenReader(t, site, host, "parts(i,s,box);", "")
	defer host.setOverride(nil)
	ctx3, c3 := readerContext(t, bctx, "en-US", true)
	defer c3()
	open(ctx3, retries)
	if err := chromedp.Run(ctx3, key(kb.End)); err != nil {
		t.Fatal(err)
	}
	waitReader(t, ctx3, "the twin's last step", total, "en")
	if p := read(ctx3); timelineAt(p, total) || !timelineAt(p, 1) {
		t.Errorf("without the reader's parts the timeline followed anyway: %+v", p)
	}
}

// pickFault picks the fault menu's first fault (not "none") as a reader
// does (a change event) and returns it.
func pickFault(t *testing.T, ctx context.Context) string {
	t.Helper()
	var fault string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll("#fault option")).map(o => o.value).find(v => v !== "none") || ""`, &fault)); err != nil || fault == "" {
		t.Fatalf("no fault to pick (%v)", err)
	}
	if err := chromedp.Run(ctx, chromedp.SetValue("#fault", fault, chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("fault").dispatchEvent(new Event("change", {bubbles: true}))`, nil)); err != nil {
		t.Fatal(err)
	}
	return fault
}

// evalJSON evaluates js (an expression giving JSON text) into a T.
func evalJSON[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	var s string
	if err := chromedp.Run(ctx, chromedp.Evaluate(js, &s)); err != nil {
		t.Fatal(err)
	}
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// brokenReader has host answer the start page with the export's
// index.html whose reader script has code replaced by with (a broken twin).
func brokenReader(t *testing.T, site string, host *staticHost, code, with string) {
	t.Helper()
	page, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), code) {
		t.Fatalf("index.html has no %q: update the twin", code)
	}
	broken := []byte(strings.Replace(string(page), code, with, 1))
	host.setOverride(func(p string) (int, []byte, bool) { return 200, broken, p == coursePrefix+"/" })
}

// Offline, a run the reader has opened reads from its fragment: the
// service worker keeps every fragment fetched (also the first visit's,
// fetched again once the worker takes over), and a deep link to that run
// with the network gone shows its step without a fallback. The broken
// twin: a run never opened has no fragment offline and falls back to the
// wasm (cached) with the notice.
func TestStaticReaderOfflineFragments(t *testing.T) {
	site := staticExport(t, coursePrefix)
	version := exportVersion(t, site)
	host := newPlainHost(t, site, coursePrefix)
	bctx, cancel := newBrowser(t)
	defer cancel()
	ctx, c2 := readerContext(t, bctx, "zh-CN", false)
	defer c2()
	opened := host.URL + coursePrefix + "/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=5&lang=zh"
	fragment := host.URL + coursePrefix + "/runs/tool-call/2025-11-25_stdio_none.zh.html"
	if err := chromedp.Run(ctx, chromedp.Navigate(opened), waitReady()); err != nil {
		t.Fatal(err)
	}
	waitOfflineReady(t, ctx, version, host.URL)
	probe := fmt.Sprintf(`(async () => !!(await (await caches.open(%q)).match(%q)))()`, "app-"+version, fragment)
	eventually(t, "the first visit's fragment is in app-"+version, func() (bool, string) {
		var ok bool
		if err := chromedp.Run(ctx, evalAsync(probe, &ok)); err != nil {
			return false, err.Error()
		}
		return ok, fragment
	})

	host.setOffline(true)
	if err := chromedp.Run(ctx, network.EmulateNetworkConditions(true, 0, -1, -1)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(strings.Replace(opened, "step=5", "step=3", 1))); err != nil {
		t.Fatal(err)
	}
	if s := waitReader(t, ctx, "the opened run, offline", 3, "zh"); s.Fallback != "" {
		t.Errorf("offline, the opened run fell back: %+v", s)
	}

	// The twin: a run never opened.
	other := host.URL + coursePrefix + "/?scenario=progress&version=2026-07-28&transport=http&fault=none&step=2&lang=zh"
	if err := chromedp.Run(ctx, chromedp.Navigate(other)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "offline, a run never opened falls back to the wasm", func() (bool, string) {
		s := readReader(t, ctx)
		return s.Fallback != "" && s.Cur == "2", fmt.Sprintf("%+v", s)
	})
}

// On a phone before the wasm (blocked, so the loading badge stays): a
// deep link's first screen shows the step's row and the first lines of
// its explanation below the player that sticks to the top, and the badge
// covers neither; so does every → and Next, by the scroll rule the wasm
// follows too (app/scroll.go's keepJS). Broken twins: the page scrolled
// back to its top, and the badge moved over the row, each fail the same
// measure.
func TestStaticReaderPhone(t *testing.T) {
	_, host, bctx, cancel := readerSetup(t)
	defer cancel()
	for _, lang := range []string{"en", "zh"} {
		ctx, c2 := readerContext(t, bctx, "en-US", true)
		run(t, ctx, "viewport", chromedp.EmulateViewport(390, 844))
		link := host.URL + coursePrefix + "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=5&lang=" + lang
		run(t, ctx, "open "+link, chromedp.Navigate(link))
		waitReader(t, ctx, lang+": step 5", 5, lang)
		eventually(t, "the full stylesheets and the fonts", func() (bool, string) {
			s := evalString(t, ctx, `String(window.mcpwlStyled === 1 && document.fonts.status === "loaded")`)
			return s == "true", s
		})
		settle(t, ctx)
		check := func(where string) {
			t.Helper()
			// The badge shows on the page the host served for the start
			// page (en); a fragment put in its place (zh) hides it
			// (loader.css, .wl-read).
			if b := evalString(t, ctx, `(() => { const b = document.getElementById("app-wasm-loader"); return String(!!b && b.getClientRects().length > 0) })()`); lang == "en" && b != "true" {
				t.Fatalf("%s %s: the loading badge is not shown, so the measure cannot tell whether it covers the step", lang, where)
			}
			for _, p := range stackedProblems(measureHall(t, ctx)) {
				t.Errorf("%s phone before the wasm, %s: %s", lang, where, p)
			}
		}
		check("the first screen")
		shotViewport(t, ctx, "reader-phone-first-"+lang+".png")
		for n := 6; n <= 8; n++ {
			run(t, ctx, "→", key(kb.ArrowRight))
			waitReader(t, ctx, fmt.Sprintf("→ to %d", n), n, lang)
			settle(t, ctx)
			check(fmt.Sprintf("after → to %d", n))
		}
		run(t, ctx, "Next", chromedp.Click("#next", chromedp.ByQuery))
		waitReader(t, ctx, "Next to 9", 9, lang)
		settle(t, ctx)
		check("after Next")
		if lang == "en" {
			run(t, ctx, "scroll to the top", chromedp.Evaluate(`window.scrollTo(0, 0), true`, nil))
			if p := strings.Join(stackedProblems(measureHall(t, ctx)), "\n"); !strings.Contains(p, "not in view") {
				t.Errorf("broken twin: the page at its top still counts step 9 as in view: %q", p)
			}
			run(t, ctx, "the step back in view", key(kb.ArrowLeft))
			waitReader(t, ctx, "← to 8", 8, lang)
			settle(t, ctx)
			check("after ←")
			run(t, ctx, "the badge over the row", chromedp.Evaluate(`(() => { const r = document.querySelector("#sequence .row.current").getBoundingClientRect(), b = document.getElementById("app-wasm-loader");
  b.style.bottom = "auto"; b.style.top = Math.round(r.top) + "px"; return true })()`, nil))
			if p := strings.Join(stackedProblems(measureHall(t, ctx)), "\n"); !strings.Contains(p, "loading badge covers the row") {
				t.Errorf("broken twin: the badge over the row is not seen: %q", p)
			}
		}
		c2()
	}
}
