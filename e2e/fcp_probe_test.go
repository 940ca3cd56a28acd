package e2e

// A probe for first-paint experiments (not a budget; BENCHMARKS.md,
// "Session 5: first paint"): variants of the lab's page, made by rewriting
// what a running dev server sends (probeVariants), are loaded cold (fresh
// context, cache disabled, app.wasm, scripts and stylesheets blocked: the
// prerendered page alone) and interleaved with the hello world's static
// site (built by `hello -out DIR` plus its app.wasm), and the median first
// contentful paint of each is printed with Chromium's layout and style
// times. TestFCPTrace writes one DevTools trace per variant and round;
// TestFCPSizes prints the heights the wl-first rules of static/stage.css
// reserve.
//
//	MCPWL_FCPPROBE=http://127.0.0.1:PORT MCPWL_HELLO=DIR MCPWL_PROBE_VARIANTS=nofirst,nocss \
//	  MCPWL_PROBE_N=16 go test -run TestFCPProbe -v ./e2e/
//
// Variants join with "+" (scale+defertp); MCPWL_FCPPROBE_BASE=URL adds
// another dev server's page (e.g. main's code) as "base"; TestFCPFonts
// lists the fonts the first frame draws with.

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"encoding/json"
	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
	"sync"
)

type probeVariant struct {
	name string
	fn   func(string) string
}

func probeProxy(t *testing.T, upstream string, fn func(string) string) string {
	u, _ := url.Parse(upstream)
	rp := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			rp.ServeHTTP(w, r)
			return
		}
		resp, err := http.Get(upstream + r.URL.RequestURI())
		if err != nil {
			http.Error(w, err.Error(), 502)
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		s := fn(string(b))
		if os.Getenv("MCPWL_PROBE_DUMP") != "" {
			os.WriteFile(os.Getenv("MCPWL_PROBE_DUMP")+"-"+strconv.Itoa(len(s))+".html", []byte(s), 0o644)
		}
		var buf strings.Builder
		zw := brotli.NewWriterLevel(&buf, 5)
		zw.Write([]byte(s))
		zw.Close()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Encoding", "br")
		w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
		io.WriteString(w, buf.String())
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func probeFCP(t *testing.T, bctx context.Context, u string, block bool) (float64, map[string]float64) {
	ctx, cancel := freshContext(t, bctx)
	defer cancel()
	ctx, tcancel := context.WithTimeout(ctx, 60*time.Second)
	defer tcancel()
	var got struct {
		FCP, LCP float64
	}
	acts := []chromedp.Action{network.Enable(), network.SetCacheDisabled(true), network.SetBypassServiceWorker(true)}
	if block {
		acts = append(acts, network.SetBlockedURLs([]string{"*app.wasm*", "*.css*", "*.js"}))
	}
	acts = append(acts, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(instrument("#step-counter", labStepShown, false)).Do(ctx)
		return err
	}), chromedp.Navigate(u), evalAsync(`new Promise((resolve) => {
  new PerformanceObserver((l) => { const e = l.getEntriesByName("first-contentful-paint")[0]; if (e) window.__chromeShown.then((c) => resolve({FCP: e.startTime, LCP: c})); }).observe({ type: "paint", buffered: true });
  setTimeout(() => resolve({FCP: 0, LCP: 0}), 5000);
})`, &got))
	var ms []*performance.Metric
	acts = append([]chromedp.Action{performance.Enable()}, acts...)
	acts = append(acts, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		ms, err = performance.GetMetrics().Do(ctx)
		return err
	}))
	if err := chromedp.Run(ctx, acts...); err != nil {
		t.Fatalf("%s: %v", u, err)
	}
	m := map[string]float64{"chrome": got.LCP}
	for _, x := range ms {
		m[x.Name] = x.Value
	}
	return got.FCP, m
}

// probeVariant names: a "+" joins variants (applied in order).
func probeVariantFunc(name string) (func(string) string, bool) {
	var fns []func(string) string
	for _, n := range strings.Split(name, "+") {
		fn, ok := probeVariants[n]
		if !ok {
			return nil, false
		}
		fns = append(fns, fn)
	}
	return func(s string) string {
		for _, fn := range fns {
			s = fn(s)
		}
		return s
	}, true
}

func TestFCPProbe(t *testing.T) {
	upstream := os.Getenv("MCPWL_FCPPROBE")
	if upstream == "" {
		t.Skip("MCPWL_FCPPROBE=<dev server URL>")
	}
	n := 12
	if s := os.Getenv("MCPWL_PROBE_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	variants := []probeVariant{{"page", func(s string) string { return s }}}
	for _, name := range strings.Split(os.Getenv("MCPWL_PROBE_VARIANTS"), ",") {
		if fn, ok := probeVariantFunc(name); ok {
			variants = append(variants, probeVariant{name, fn})
		}
	}
	type target struct{ name, url string }
	var targets []target
	for _, v := range variants {
		targets = append(targets, target{v.name, probeProxy(t, upstream, v.fn) + labDeepLink})
	}
	// MCPWL_FCPPROBE_BASE: a second dev server (another commit's code),
	// loaded as "base" in the same rounds.
	if base := os.Getenv("MCPWL_FCPPROBE_BASE"); base != "" {
		targets = append(targets, target{"base", probeProxy(t, base, func(s string) string { return s }) + labDeepLink})
	}
	if dir := os.Getenv("MCPWL_HELLO"); dir != "" {
		srv := httptest.NewServer(precompressed(dir))
		t.Cleanup(srv.Close)
		targets = append(targets, target{"hello", srv.URL + "/"})
	}
	bctx, cancel := newBenchBrowser(t)
	defer cancel()
	res := map[string][]float64{}
	met := map[string]map[string][]float64{}
	for i := 0; i < n; i++ {
		for k := range targets {
			tg := targets[(i+k)%len(targets)]
			f, m := probeFCP(t, bctx, tg.url, tg.name != "hello")
			res[tg.name] = append(res[tg.name], f)
			if met[tg.name] == nil {
				met[tg.name] = map[string][]float64{}
			}
			for k, v := range m {
				met[tg.name][k] = append(met[tg.name][k], v)
			}
		}
	}
	h := median(res["hello"])
	for _, tg := range targets {
		xs := append([]float64(nil), res[tg.name]...)
		sort.Float64s(xs)
		r := ""
		if h > 0 {
			r = fmt.Sprintf("%.2f×", median(xs)/h)
		}
		t.Logf("%-14s median %5.0f ms  %s  %v; chrome drawn %.0f ms", tg.name, median(xs), r, xs, median(met[tg.name]["chrome"]))
		mm := met[tg.name]
		t.Logf("%-14s   layout %.1f ms (%0.f), style %.1f ms (%.0f), script %.1f ms, task %.1f ms, nodes %.0f, layoutObjects %.0f", "",
			1000*median(mm["LayoutDuration"]), median(mm["LayoutCount"]), 1000*median(mm["RecalcStyleDuration"]), median(mm["RecalcStyleCount"]),
			1000*median(mm["ScriptDuration"]), 1000*median(mm["TaskDuration"]), median(mm["Nodes"]), median(mm["LayoutObjects"]))
	}
	t.Logf("load average: %s", loadAverage())
}

func addCSS(css string) func(string) string {
	return func(s string) string { return strings.Replace(s, "</style>", css+"</style>", 1) }
}

// probeVariants rewrite the page (the ones BENCHMARKS.md, "Session 5:
// first paint", reports).
var probeVariants = map[string]func(string) string{
	// The page before session 5: no wl-first mark, everything in the
	// first frame.
	"rafreveal": func(s string) string {
		return strings.Replace(s, `if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",later);else later()`,
			`function early(){requestAnimationFrame(function(){setTimeout(function(){h.classList.remove("wl-first")},0)})}if(d.readyState==="loading"){d.addEventListener("DOMContentLoaded",later);d.addEventListener("DOMContentLoaded",early)}else{later();early()}`, 1)
	},
	"nofirst": func(s string) string { return strings.Replace(s, `h.classList.add("wl-first");`, "", 1) },
	// No critical CSS: the unstyled page.
	"nocss": func(s string) string {
		return regexp.MustCompile(`(?s)<style id="wl-critical">.*?</style>`).ReplaceAllString(s, "")
	},
	// The body replaced by one heading: what the head costs.
	"bare": func(s string) string {
		return s[:strings.Index(s, "<body")] + "<body><h1>Hello, world!</h1></body></html>"
	},
	// No CJK text (the language button): no CJK fallback font.
	"nocjk": func(s string) string { return strings.Replace(s, ">中文<", ">ZH<", 1) },
	// Solid borders instead of dashed ones.
	"nodash": addCSS(`*{border-style:solid!important}`),
	// One font, one size, no bold or italic.
	"onefontsize": addCSS(`*{font-family:sans-serif!important;font-weight:400!important;font-style:normal!important;font-size:16px!important}`),
	// Only the step: no top bar, toolbar, player, filter or footer.
	"onlystep": func(s string) string {
		for _, re := range []string{`(?s)<header class="top">.*?</header>`, `(?s)<section id="toolbar".*?</section>`, `(?s)<section class="player".*?</section>`, `(?s)<div class="filter".*?</div>`, `(?s)<footer.*?</footer>`} {
			s = regexp.MustCompile(re).ReplaceAllString(s, "")
		}
		return s
	},
	// Session 6: the font sizes of the critical CSS rounded to a scale of
	// five (0.75, 0.85, 1, 1.2, 1.3 rem), weights 600 and 800 to 700.
	"scale": func(s string) string {
		re := regexp.MustCompile(`(?s)<style id="wl-critical">.*?</style>`)
		return re.ReplaceAllStringFunc(s, func(css string) string {
			css = regexp.MustCompile(`font-size:([0-9.]+)(rem|em|px)`).ReplaceAllStringFunc(css, func(m string) string {
				sm := regexp.MustCompile(`([0-9.]+)(rem|em|px)`).FindStringSubmatch(m)
				v, _ := strconv.ParseFloat(sm[1], 64)
				if sm[2] == "px" {
					v /= 17
				}
				if sm[2] == "em" {
					return m
				}
				best := 1.0
				for _, c := range []float64{0.75, 0.85, 1, 1.2, 1.3, 1.7} {
					if d, e := c-v, best-v; d*d < e*e {
						best = c
					}
				}
				return fmt.Sprintf("font-size:%grem", best)
			})
			return regexp.MustCompile(`font-weight:(600|800)`).ReplaceAllString(css, "font-weight:700")
		})
	},
	// Session 6: the toolbar and the player also left to the chrome's
	// frame (1600×1000: heights of TestFCPSizes).
	"defertp": addCSS(`.wl-first .lab #toolbar{content-visibility:hidden;contain-intrinsic-size:none 50.32px}.wl-first .lab .player{content-visibility:hidden;contain-intrinsic-size:none 36.95px}`),
	// No embedded trace or early steps (69 kB of JSON).
	"nojson": func(s string) string {
		return regexp.MustCompile(`(?s)<script type="application/json".*?</script>`).ReplaceAllString(s, "")
	},
}

// TestFCPTrace records one DevTools trace per variant (MCPWL_PROBE_TRACE=DIR).
func TestFCPTrace(t *testing.T) {
	upstream, dir := os.Getenv("MCPWL_FCPPROBE"), os.Getenv("MCPWL_PROBE_TRACE")
	if upstream == "" || dir == "" {
		t.Skip("MCPWL_FCPPROBE, MCPWL_PROBE_TRACE")
	}
	variants := []probeVariant{{"page", func(s string) string { return s }}}
	for _, name := range strings.Split(os.Getenv("MCPWL_PROBE_VARIANTS"), ",") {
		if fn, ok := probeVariantFunc(name); ok {
			variants = append(variants, probeVariant{name, fn})
		}
	}
	bctx, cancel := newBenchBrowser(t)
	defer cancel()
	reps := 3
	if n, _ := strconv.Atoi(os.Getenv("MCPWL_PROBE_N")); n > 0 {
		reps = n
	}
	helloURL := ""
	if dir := os.Getenv("MCPWL_HELLO"); dir != "" {
		srv := httptest.NewServer(precompressed(dir))
		t.Cleanup(srv.Close)
		helloURL = srv.URL + "/"
		variants = append(variants, probeVariant{"hello", nil})
	}
	for r := 0; r < reps; r++ {
		for _, v := range variants {
			u, blocked := helloURL, []string{}
			if v.fn != nil {
				u, blocked = probeProxy(t, upstream, v.fn)+labDeepLink, []string{"*app.wasm*", "*.css*", "*.js"}
			}
			ctx, c := freshContext(t, bctx)
			var mu sync.Mutex
			var evs []json.RawMessage
			done := make(chan struct{})
			chromedp.ListenTarget(ctx, func(ev any) {
				switch e := ev.(type) {
				case *tracing.EventDataCollected:
					mu.Lock()
					for _, x := range e.Value {
						evs = append(evs, json.RawMessage(x))
					}
					mu.Unlock()
				case *tracing.EventTracingComplete:
					close(done)
				}
			})
			cats := []string{"devtools.timeline", "blink", "loading", "toplevel", "disabled-by-default-devtools.timeline", "blink.user_timing", "fonts", "cc", "viz", "gpu", "benchmark"}
			var fcp float64
			err := chromedp.Run(ctx, network.Enable(), network.SetCacheDisabled(true), network.SetBlockedURLs(blocked),
				tracing.Start().WithTraceConfig(&tracing.TraceConfig{IncludedCategories: cats}).WithTransferMode(tracing.TransferModeReportEvents),
				chromedp.Navigate(u), evalAsync(`new Promise((resolve) => {
  new PerformanceObserver((l) => { const e = l.getEntriesByName("first-contentful-paint")[0]; if (e) resolve(e.startTime); }).observe({ type: "paint", buffered: true });
  setTimeout(() => resolve(0), 5000);
})`, &fcp), chromedp.Sleep(300*time.Millisecond), tracing.End())
			if err != nil {
				t.Fatal(err)
			}
			<-done
			mu.Lock()
			b, _ := json.Marshal(map[string]any{"traceEvents": evs})
			mu.Unlock()
			os.WriteFile(fmt.Sprintf("%s/tr-%s-%d.json", dir, v.name, r), b, 0o644)
			t.Logf("%s: fcp %.0f", v.name, fcp)
			c()
		}
	}
}

func TestFCPSizes(t *testing.T) {
	upstream := os.Getenv("MCPWL_FCPPROBE")
	if upstream == "" {
		t.Skip()
	}
	link := labDeepLink
	if l := os.Getenv("MCPWL_PROBE_LINK"); l != "" {
		link = l
	}
	bctx, cancel := newBenchBrowser(t)
	defer cancel()
	for _, sz := range [][2]int64{{1600, 1000}, {1280, 720}, {1920, 1080}, {1366, 768}, {2560, 1440}} {
		ctx, c := freshContext(t, bctx)
		var out string
		if err := chromedp.Run(ctx, network.Enable(), network.SetBlockedURLs([]string{"*app.wasm*", "*.js"}), chromedp.EmulateViewport(sz[0], sz[1]), chromedp.Navigate(upstream+link), chromedp.Sleep(500*time.Millisecond),
			chromedp.Evaluate(`[".top","#topnav",".top-actions",".brand","#toolbar",".player",".filter",".guide",".export",".heads","#sequence","#inspector"].map(s=>{const e=document.querySelector(s);if(!e)return s+" -";const r=e.getBoundingClientRect(),cs=getComputedStyle(e);return s+" "+r.top.toFixed(1)+"+"+r.height.toFixed(1)+"/"+r.width.toFixed(0)+" c="+(parseFloat(cs.height)-parseFloat(cs.paddingTop)-parseFloat(cs.paddingBottom)-parseFloat(cs.borderTopWidth)-parseFloat(cs.borderBottomWidth)).toFixed(2)+" "+cs.display}).join("  ")`, &out)); err != nil {
			t.Fatal(err)
		}
		t.Logf("%dx%d %s", sz[0], sz[1], out)
		c()
	}
}

// TestFCPFonts prints the fonts the first frame draws its text with: for
// every (family, size, weight, style) the number of text nodes in view
// using it, with a sample. Each distinct family and size is a font
// "strike" the renderer asks the browser process about (a synchronous
// call: BENCHMARKS.md, "Session 6: first paint"), and each is rasterized
// glyph by glyph.
func TestFCPFonts(t *testing.T) {
	upstream := os.Getenv("MCPWL_FCPPROBE")
	if upstream == "" {
		t.Skip("MCPWL_FCPPROBE=<dev server URL>")
	}
	link := labDeepLink
	if l := os.Getenv("MCPWL_PROBE_LINK"); l != "" {
		link = l
	}
	bctx, cancel := newBenchBrowser(t)
	defer cancel()
	ctx, c := freshContext(t, bctx)
	defer c()
	var out string
	if err := chromedp.Run(ctx, network.Enable(), network.SetBlockedURLs([]string{"*app.wasm*", "*.js", "*.css*"}), chromedp.EmulateViewport(1600, 1000), chromedp.Navigate(upstream+link), chromedp.Sleep(800*time.Millisecond),
		chromedp.Evaluate(`document.documentElement.classList.add("wl-first")`, nil),
		chromedp.Evaluate(fcpFontsJS, &out)); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + out)
}

const fcpFontsJS = `(() => {
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const by = new Map(), strikes = new Set(), chars = new Set();
  for (let n; (n = w.nextNode()); ) {
    const s = n.textContent.trim(), e = n.parentElement;
    if (!s || !e || !e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    if (r.bottom < 0 || r.top > innerHeight || r.width === 0) continue;
    const cs = getComputedStyle(e);
    const fam = cs.fontFamily.split(",")[0];
    const k = fam + " " + cs.fontSize + " " + cs.fontWeight + " " + cs.fontStyle;
    strikes.add(fam + " " + cs.fontSize);
    for (const ch of s) if (ch.codePointAt(0) > 0x2000) chars.add(ch);
    const v = by.get(k) || { n: 0, sample: "", sel: "" };
    v.n++; if (!v.sample) { v.sample = s.slice(0, 30); v.sel = e.tagName.toLowerCase() + (e.className ? "." + String(e.className).split(" ").join(".") : ""); }
    by.set(k, v);
  }
  const rows = [...by.entries()].sort((a, b) => a[0] < b[0] ? -1 : 1).map(([k, v]) => k.padEnd(44) + String(v.n).padStart(4) + "  " + v.sel.slice(0, 40).padEnd(40) + " " + JSON.stringify(v.sample));
  return rows.join("\n") + "\n" + by.size + " faces, " + strikes.size + " family-size strikes; characters beyond U+2000: " + [...chars].join(" ");
})()`
