//go:build !(js && wasm)

// Package fastpage rewrites go-app's pages. The page a reader opens
// paints the linked step at once, before the wasm (issue 19, "first step
// visible"). go-app writes a page that waits: every
// stylesheet linked in the head blocks the first paint, and its loader
// covers the prerendered step with a full-screen overlay until the wasm
// runs. Page rewrites that page, for the dev server (every page it
// serves) and for `devserver static` (index.html):
//
//   - the stylesheets' links leave the head; in their place go the
//     page's critical CSS (page_css.go: the rules that can match its
//     markup), inline, and a script that links the full stylesheets
//     without blocking (script-inserted stylesheets never block rendering),
//     with the same links in <noscript>;
//   - go-app's indentation and its boolean attributes written ="false"
//     go (ui.CompactHTML, app/prerender.go): the page shows the text, the
//     selected options and the enabled buttons the wasm will draw;
//   - static/loader.css turns the loader into a small progress badge in a
//     corner (it no longer hides the page).
//
// app.js (go-app's, patched by PatchAppJS) then waits for the first paint
// before it compiles the wasm, and registers the service worker only once
// the wasm runs: both used to compete with the first paint for the CPU and
// the network.
package fastpage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	ui "mcpwirelab/app"
)

// Page rewrites go-app's pages. sheets maps a stylesheet URL as go-app
// links it (resolved, versioned) to its parsed rules; a stylesheet it does
// not know stays linked as it was.
type Page struct {
	sheets map[string][]cssNode
	// Stamp is the build's version (the fragments' first line) and runs
	// the URL of their folder (reader script, app/early.go).
	Stamp, Runs string
	// Extra is markup beyond the page's own that its critical CSS must
	// style: on a static host, every fragment the reader may put in
	// place of #lab before the full stylesheets arrive.
	Extra string
}

// New parses the stylesheets: read returns a linked URL's CSS.
func New(hrefs []string, read func(href string) ([]byte, error)) (*Page, error) {
	p := &Page{sheets: map[string][]cssNode{}}
	for _, h := range hrefs {
		b, err := read(h)
		if err != nil {
			return nil, fmt.Errorf("stylesheet %s: %w", h, err)
		}
		p.sheets[h] = parseCSS(string(b))
	}
	return p, nil
}

var (
	headTagRE = regexp.MustCompile(`<(link|script)\b[^>]*>(</script>)?`)
	attrRE    = regexp.MustCompile(`\s([a-zA-Z-]+)(?:="([^"]*)")?`)
)

// tagAttrs reads the attributes of a start tag as go-app writes them
// (name="value" or a bare name).
func tagAttrs(tag string) map[string]string {
	attrs := map[string]string{}
	inner := strings.TrimSuffix(strings.TrimSuffix(tag, "</script>"), ">")
	if i := strings.IndexAny(inner, " \t\n"); i >= 0 {
		for _, a := range attrRE.FindAllStringSubmatch(inner[i:], -1) {
			attrs[strings.ToLower(a[1])] = html.UnescapeString(a[2])
		}
	}
	return attrs
}

// ErrPageShape: the page is not shaped as go-app v10.1.11 writes it.
var ErrPageShape = errors.New("the page has no <head>…</head> as go-app writes it")

// Rewrite returns the fast version of a page go-app rendered for a request
// with the given query string (without '?').
func (p *Page) Rewrite(page []byte, query string) ([]byte, error) {
	return p.rewriteCompact(ui.CompactHTML(string(page)), query)
}

// rewriteCompact is Rewrite of a page CompactHTML has already been
// applied to.
func (p *Page) rewriteCompact(s, query string) ([]byte, error) {
	headEnd := strings.Index(s, "</head>")
	if headEnd < 0 || !strings.Contains(s[:headEnd], "<head>") {
		return nil, ErrPageShape
	}
	head := s[:headEnd]
	type span struct{ start, end int }
	var moved []span
	var hrefs, scripts []string
	var sheets [][]cssNode
	for _, m := range headTagRE.FindAllStringSubmatchIndex(head, -1) {
		tag := head[m[0]:m[1]]
		a := tagAttrs(tag)
		if head[m[2]:m[3]] == "script" {
			// go-app's deferred scripts (wasm_exec.js, app.js): loaded
			// after the first paint, in order. Inline scripts (the token
			// intake) stay where they are and run first.
			_, deferred := a["defer"]
			if !deferred || a["src"] == "" || m[4] < 0 {
				continue
			}
			scripts = append(scripts, a["src"])
		} else {
			rules, known := p.sheets[a["href"]]
			if a["rel"] != "stylesheet" || !known || a["media"] != "" {
				continue
			}
			hrefs = append(hrefs, a["href"])
			sheets = append(sheets, rules)
		}
		moved = append(moved, span{m[0], m[1]})
	}
	if len(moved) == 0 {
		return []byte(s), nil
	}
	var b strings.Builder
	b.Grow(len(s) + 16<<10)
	last := 0
	for k, l := range moved {
		// The whole line the element stood on goes.
		start, end := l.start-lineIndent(s, l.start), l.end
		if end < len(s) && s[end] == '\n' {
			end++
		}
		b.WriteString(s[last:start])
		if k == 0 {
			run, lang := pageRun(s)
			boot := bootConfig{Query: query, Stamp: p.Stamp, Root: p.Runs, Run: run, Lang: lang}
			p.writeHead(&b, boot, hrefs, scripts, criticalCSS(sheets, s+p.Extra))
		}
		last = end
	}
	b.WriteString(s[last:])
	return []byte(b.String()), nil
}

// lineIndent is the number of spaces or tabs before s[i] on its line.
func lineIndent(s string, i int) int {
	n := 0
	for i-n-1 >= 0 && (s[i-n-1] == ' ' || s[i-n-1] == '\t') {
		n++
	}
	return n
}

// bootJS links the stylesheets and loads the scripts (CSS and JS: JSON
// arrays of URLs: __CSS__ and __JS__) once the page is on screen: when the
// body is parsed (DOMContentLoaded: the wasm takes over the whole page) and
// the browser has presented the first contentful paint (the
// first-contentful-paint entry, which Chromium, Firefox and Safari report
// once the frame is displayed, not when the main thread painted it: the
// raster threads still need the CPU then). Where paint timing is missing,
// two animation frames stand in for it; a hidden tab paints nothing, so
// there, and in any case after 3 s, it loads them at once.
// window.mcpwlPainted tells app.js (appJSFast) not to wait again.
//
// It also marks the page <html class="wl-first"> while it is parsed: the
// visualizer's chrome (navigation, view actions, toolbar, player, filter,
// field guide; static/stage.css) waits for the next frame, so the first one, which
// shows the step, has less to lay out and paint. The mark goes when the
// first contentful paint is reported (taking it off as soon as the main
// thread has drawn the first frame lets the second frame compete with the
// first one's raster for the CPU: FCP 2.36x the hello world's instead of
// 2.13-2.15x in BENCHMARKS.md's session 5). The stylesheets and the
// scripts (and so the wasm's download and compilation) start one frame
// later (after 0.5 s at the latest), so that they do not hold back the
// chrome's frame.
//
// First, it tells the reader script (app/early.go) what the page is
// (window.mcpwlBoot, __BOOT__: the query it was rendered for, the run and
// language it shows, the build's version and the fragments' folder): a
// static host answers every link with index.html (rendered for the bare
// start page) and the offline worker with the cached start page, so the
// reader fetches the link's fragment, or marks a page it cannot read
// <html class="wl-stale">: loader.css then hides it behind the full
// loading screen until the wasm draws the link. window.mcpwlNeed loads
// the scripts (and so starts the wasm) at once, for a control only the
// wasm answers.
const bootJS = `(function(d,w){var h=d.documentElement;w.mcpwlBoot=__BOOT__;h.classList.add("wl-first");var done=0,loaded=0,js=0,quiet=0,armed=0,need;` +
	`var emb=/[?&]embed=1(&|$)/.test(location.search),needed=new Promise(function(r){need=r});` +
	// The wasm's start: at once when asked (mcpwlNeed), else once the
	// reader, having used the page (a key, a click, the wheel, a touch),
	// has been still for __QUIET__ ms and the browser is idle
	// (mcpwlWhenNeeded, app.js). A page only read is never frozen by it.
	// An embedded frame (embed=1) loads and compiles it only when asked: a
	// chapter may hold six.
	`w.mcpwlNeed=function(){load();if(emb)scripts();need()};` +
	`function still(){clearTimeout(quiet);quiet=setTimeout(function(){var ri=w.requestIdleCallback||function(f){setTimeout(f,0)};ri(function(){need()},{timeout:1000})},__QUIET__)}` +
	`w.mcpwlWhenNeeded=function(){if(!armed++&&!emb)["keydown","pointerdown","wheel","touchstart"].forEach(function(e){d.addEventListener(e,still,{capture:true,passive:true})});return needed};` +
	// While the reader fetches the link's fragment (window.mcpwlPending,
	// app/early.go), the stylesheets and scripts wait: on a slow link they
	// would share its bandwidth.
	`function after(f){if(w.mcpwlPending)w.mcpwlPending.then(f,f);else f()}` +
	// The stylesheets apply together, once all have arrived (each loads
	// as media=print, then all switch to all in one task): applied one by
	// one as each arrived, the page passed through layouts of half its
	// rules (the toolbar 22 px taller, the top bar 63 px to the right, and
	// back 26 ms later: Lighthouse desktop CLS 0.68-0.75 in two runs of
	// three, and a click aimed in between landed beside its button).
	`function load(){if(loaded++)return;after(function(){var ls=__CSS__.map(function(u){var l=d.createElement("link");l.rel="stylesheet";l.media="print";l.href=u;return l}),n=ls.length;` +
	`function one(){if(--n===0){ls.forEach(function(l){l.media="all"});w.mcpwlStyled=1;d.dispatchEvent(new Event("mcpwl-styled"))}}ls.forEach(function(l){l.onload=l.onerror=one;d.head.appendChild(l)});if(!emb)scripts()})}` +
	`function scripts(){if(js++)return;after(function(){__JS__.forEach(function(u){var s=d.createElement("script");s.src=u;s.async=false;d.head.appendChild(s)})})}` +
	`function go(){if(done++)return;w.mcpwlPainted=1;h.classList.remove("wl-first");if(d.visibilityState==="hidden"){load();return}` +
	`requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,500)}` +
	`function later(){if(d.visibilityState==="hidden"){go();return}d.addEventListener("visibilitychange",go);setTimeout(go,3000);` +
	`var P=w.PerformanceObserver,t=P&&P.supportedEntryTypes;if(t&&t.indexOf("paint")>=0){` +
	`var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}});o.observe({type:"paint",buffered:true})}` +
	`else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}` +
	`if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",later);else later()})(document,window);`

// quietMs is how long a reader who has used the page must be still before
// the wasm starts on its own (bootJS): its start is one long task (about
// 0.6 s here, 2.4 s on a CPU four times slower: BENCHMARKS.md), which
// must not fall on a key press. A reader who steps on keeps the reader
// script's steps; one who pauses gets the simulator; one who only reads
// is never frozen (nor is Lighthouse's load).
const quietMs = 1500

// bootConfig is window.mcpwlBoot (bootJS).
type bootConfig struct {
	Query string `json:"q"`     // the link the page was rendered for, without '?'
	Stamp string `json:"stamp"` // the build's version: a fragment's first line
	Root  string `json:"root"`  // the fragments' folder URL, ending in '/'
	Run   string `json:"run"`   // the run the page shows (ui.ReaderKeyOf), "" for none
	Lang  string `json:"lang"`  // its language
}

// pageEarlyRE finds the run and language of a page's #wl-early.
var pageEarlyRE = regexp.MustCompile(`id="wl-early">\{"run":"([^"\\]*)","lang":"([a-z]*)"`)

// pageRun is the run and language the page's reader data is for.
func pageRun(page string) (run, lang string) {
	if m := pageEarlyRE.FindStringSubmatch(page); m != nil {
		return m[1], m[2]
	}
	return "", ""
}

// writeHead writes what replaces the stylesheet links and the scripts.
func (p *Page) writeHead(b *strings.Builder, boot bootConfig, hrefs, scripts []string, critical string) {
	// "</style" cannot occur in CSS outside a string; in one it would end
	// the element early, so it is escaped the CSS way.
	b.WriteString(`<style id="wl-critical">` + strings.ReplaceAll(critical, "</", `<\/`) + "</style>\n")
	js := strings.NewReplacer("__BOOT__", jsJSON(boot), "__QUIET__", strconv.Itoa(quietMs), "__CSS__", jsArray(hrefs), "__JS__", jsArray(scripts)).Replace(bootJS)
	b.WriteString(`<script id="wl-boot">` + js + "</script>\n")
	b.WriteString("<noscript>")
	for _, h := range hrefs {
		b.WriteString(`<link rel="stylesheet" href="` + html.EscapeString(h) + `">`)
	}
	b.WriteString("</noscript>\n")
}

// jsArray is a JavaScript array of strings, safe inside a <script>.
func jsArray(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = jsString(s)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// jsJSON is v as a JavaScript literal, safe inside a <script>.
func jsJSON(v any) string {
	b, _ := json.Marshal(v) // escapes '<', '>' and '&'
	return string(b)
}

// jsString is a JavaScript string literal, safe inside a <script>: JSON's
// escapes (a Go quoted string is not always valid JavaScript), with '<',
// '>' and '&' as \u escapes.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// AppJSStart is how go-app v10.1.11's app.js starts the app.
const AppJSStart = "goappInitServiceWorker();\ngoappWatchForUpdate();\ngoappWatchForInstallable();\ngoappInitWebAssembly();\n"

// appJSFast starts it after the first paint. requestAnimationFrame runs
// just before the browser paints the frame and the timeout after it; a
// hidden tab paints nothing (and runs no animation frames), so there it
// goes on at once. It then only prefetches the wasm (mcpwlPrefetch: a
// low-priority download, its chunks kept as they arrive: no compilation)
// and waits for window.mcpwlWhenNeeded (bootJS: the reader asked for the
// simulator, or used the page and paused): go-app's goappInitWebAssembly
// then compiles and instantiates the wasm from those bytes (its fetch
// goes through mcpwlWasmFetch: PatchAppJS) and starts the Go program,
// three long tasks a reader who only reads never meets. The service worker
// (whose install downloads every file again, app.wasm included, for the
// offline cache) is registered once the wasm has started, when the
// browser is idle. __WASM__ is the wasm's URL as go-app's app.js names it.
const appJSFast = "goappWatchForUpdate();\ngoappWatchForInstallable();\nmcpwlStart();\n\n" +
	`// MCP Wire Lab (cmd/devserver/page_fast.go): paint the prerendered page
// first, prefetch the wasm, compile and run it when needed, then register
// the service worker.
async function mcpwlStart() {
  await new Promise((resolve) => {
    if (window.mcpwlPainted || document.visibilityState === "hidden") {
      resolve();
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
    document.addEventListener("visibilitychange", resolve, { once: true });
  });
  const root = document.documentElement;
  mcpwlPrefetch(__WASM__);
  if (window.mcpwlWhenNeeded) {
    await window.mcpwlWhenNeeded();
  }
  root.setAttribute("data-wl-wasm", "loading");
  try {
    await goappInitWebAssembly();
    root.setAttribute("data-wl-wasm", "running");
  } finally {
    const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 300));
    idle(() => goappInitServiceWorker(), { timeout: 3000 });
  }
}

// The wasm's one download (issue 25). A <link rel=prefetch> only fills
// the HTTP cache, and go-app's fetch downloaded the wasm a second time
// whenever that cache did not answer it: while the prefetch was still
// arriving, with the cache disabled, or for a response a host sends
// without validators (e2e TestStaticWasmFetchedOnce: two full downloads in
// each case). So the page fetches it itself, at low priority, and reads
// the body as it arrives (a body nobody reads stops after its first
// buffers), keeping the chunks; go-app's fetchWithProgress asks
// mcpwlWasmFetch, which answers the first request for that URL with a
// Response replaying the chunks kept and then the rest as it arrives
// (streaming compilation and the loading percentage work as before), each
// chunk let go once handed over. Any other request, or one after a
// prefetch that failed before any byte was handed over, is a plain fetch.
// (Declarations only: app.js calls mcpwlStart before these lines run.)
var mcpwlTake;

function mcpwlWasmFetch(url) {
  return mcpwlTake ? mcpwlTake(url) : fetch(url);
}

function mcpwlPrefetch(url) {
  const chunks = [];
  let ended = false, failed = null, wake = null;
  const woken = () => { if (wake) { const w = wake; wake = null; w(); } };
  const head = fetch(url, { priority: "low" }).then((resp) => {
    const reader = resp.body.getReader();
    (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          woken();
        }
        ended = true;
      } catch (err) {
        failed = err;
      }
      woken();
    })();
    return resp;
  });
  head.catch(() => {});
  let taken = false;
  mcpwlTake = async (u) => {
    if (taken || u !== url) {
      return fetch(u);
    }
    taken = true;
    let resp;
    try {
      resp = await head;
    } catch {
      return fetch(u);
    }
    if (failed && chunks.length === 0) {
      return fetch(u);
    }
    let i = 0;
    const body = new ReadableStream({
      async pull(controller) {
        while (i >= chunks.length && !ended && !failed) {
          await new Promise((r) => { wake = r; });
        }
        if (i < chunks.length) {
          controller.enqueue(chunks[i]);
          chunks[i++] = null;
        } else if (failed) {
          controller.error(failed);
        } else {
          controller.close();
        }
      },
    });
    return new Response(body, { status: resp.status, statusText: resp.statusText, headers: resp.headers });
  };
}
`

// AppJSWasmRE finds the wasm's URL in go-app's goappInitWebAssembly.
var AppJSWasmRE = regexp.MustCompile(`fetchWithProgress\(\s*("[^"]+")`)

// AppJSWasmFetch is the fetch of go-app v10.1.11's fetchWithProgress,
// and AppJSWasmFetchFast what PatchAppJS makes of it: the prefetched
// bytes (appJSFast's mcpwlWasmFetch).
const (
	AppJSWasmFetch     = "async function fetchWithProgress(url, progess) {\n  const response = await fetch(url);\n"
	AppJSWasmFetchFast = "async function fetchWithProgress(url, progess) {\n  const response = await mcpwlWasmFetch(url);\n"
)

// PatchAppJS returns go-app's app.js with the start of appJSFast, and its
// wasm fetched once (AppJSWasmFetchFast). It fails if go-app's app.js no
// longer starts or fetches the wasm as expected (a go-app upgrade must be
// looked at, not patched blindly).
func PatchAppJS(js []byte) ([]byte, error) {
	m := AppJSWasmRE.FindSubmatch(js)
	if bytes.Count(js, []byte(AppJSStart)) != 1 || bytes.Count(js, []byte(AppJSWasmFetch)) != 1 ||
		!bytes.Contains(js, []byte("async function goappInitWebAssembly()")) || m == nil {
		return nil, errors.New("go-app's app.js changed shape (no single start sequence or wasm fetch, or no wasm URL): review appJSFast in page_fast.go")
	}
	fast := strings.Replace(appJSFast, "__WASM__", string(m[1]), 1)
	js = bytes.Replace(js, []byte(AppJSStart), []byte(fast), 1)
	return bytes.Replace(js, []byte(AppJSWasmFetch), []byte(AppJSWasmFetchFast), 1), nil
}
