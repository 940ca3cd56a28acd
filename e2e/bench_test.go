package e2e

// TestPageBudgets measures the page budgets of the README ("Performance
// budgets") against a go-app hello world (e2e/testdata/hello) built with the
// same flags, in one run, and prints a table with PASS/FAIL per budget. It
// runs only with MCPWL_BENCH=1 (make bench), never in make test:
//
//	MCPWL_BENCH=1 go test -run '^TestPageBudgets$' -count=1 -v -timeout 15m ./e2e/
//
// Both sites are static exports served by the same plain file server on
// 127.0.0.1, which serves app.wasm.br / .gz when the browser accepts them.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

const (
	benchColdLoads   = 10
	benchSteps       = 100
	benchActions     = 1000
	benchBrotliLevel = 11 // as `devserver static` writes app.wasm.br
	labDeepLink      = "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=1&lang=en"
)

// What "first rendered" means for each page (instrument): the lab's step
// counter shows a step of a trace ("Step 1 of 12") and the inspector shows
// that step's sections; the reference shows its heading.
const (
	labStepShown = `(el) => /\b[1-9][0-9]* of [1-9][0-9]*/.test(el.textContent) && !!document.querySelector("#insp-step .insp-step")`
	helloShown   = `(el) => el.textContent.length > 0`
)

// Budgets (README "Performance budgets").
const (
	budgetTransferRatio = 1.25
	budgetFirstRatio    = 1.25
	budgetStepMedianMs  = 16
	budgetStepP95Ms     = 33
	budgetMemoryRatio   = 1.2
)

type benchSite struct {
	name string
	dir  string // static site root
	wasm []byte // raw
	br   []byte
	gz   []byte
	url  string // server base

	mu       sync.Mutex
	encoding map[string]int // Content-Encoding of the app.wasm responses
}

func (s *benchSite) served(enc string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.encoding == nil {
		s.encoding = map[string]int{}
	}
	if enc == "" {
		enc = "identity"
	}
	s.encoding[enc]++
}

func goBuild(t *testing.T, out, pkg string, wasm bool, flags ...string) {
	t.Helper()
	args := append([]string{"build"}, flags...)
	args = append(args, "-o", out, pkg)
	cmd := exec.Command("go", args...)
	cmd.Dir = repoRoot()
	cmd.Env = os.Environ()
	if wasm {
		cmd.Env = append(cmd.Env, "GOOS=js", "GOARCH=wasm")
	}
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, b)
	}
}

// buildBenchSites builds the lab's and the reference's wasm with the flags of
// `make wasm`, exports them as static sites and compresses every wasm file
// with the same settings. floor is the reference built with -tags
// jsonschema: hello world plus the JSON Schema library the lab is required
// to use (e2e/testdata/hello/schema.go), reported for information.
func buildBenchSites(t *testing.T) (lab, ref, floor *benchSite) {
	dir := t.TempDir()
	wasmFlags := []string{"-trimpath", "-ldflags=-s -w"} // Makefile: wasm
	os.MkdirAll(filepath.Join(dir, "lab-web"), 0o755)
	goBuild(t, filepath.Join(dir, "lab-web", "app.wasm"), "./cmd/devserver", true, wasmFlags...)
	goBuild(t, filepath.Join(dir, "hello.wasm"), "./e2e/testdata/hello", true, wasmFlags...)
	goBuild(t, filepath.Join(dir, "hello-jsonschema.wasm"), "./e2e/testdata/hello", true, append([]string{"-tags", "jsonschema"}, wasmFlags...)...)
	goBuild(t, filepath.Join(dir, "hello"), "./e2e/testdata/hello", false)

	lab = &benchSite{name: "MCP Wire Lab", dir: filepath.Join(dir, "lab")}
	cmd := exec.Command(buildDevserver(t), "static", "-web", filepath.Join(dir, "lab-web"),
		"-static", filepath.Join(repoRoot(), "static"), "-out", lab.dir, "-brotli", "0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("devserver static: %v\n%s", err, b)
	}
	ref = &benchSite{name: "hello world", dir: filepath.Join(dir, "hello-site")}
	floor = &benchSite{name: "hello world + jsonschema/v6", dir: filepath.Join(dir, "hello-jsonschema-site")}
	for _, s := range []*benchSite{ref, floor} {
		if b, err := exec.Command(filepath.Join(dir, "hello"), "-out", s.dir).CombinedOutput(); err != nil {
			t.Fatalf("hello -out: %v\n%s", err, b)
		}
		// The reference uses the lab's icons so that neither page fetches
		// anything from the internet.
		os.MkdirAll(filepath.Join(s.dir, "static"), 0o755)
		for _, name := range []string{"icon-192.png", "icon.svg"} {
			b, err := os.ReadFile(filepath.Join(repoRoot(), "static", name))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(s.dir, "static", name), b, 0o644)
		}
	}
	var err error
	if lab.wasm, err = os.ReadFile(filepath.Join(dir, "lab-web", "app.wasm")); err != nil {
		t.Fatal(err)
	}
	if ref.wasm, err = os.ReadFile(filepath.Join(dir, "hello.wasm")); err != nil {
		t.Fatal(err)
	}
	if floor.wasm, err = os.ReadFile(filepath.Join(dir, "hello-jsonschema.wasm")); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, s := range []*benchSite{lab, ref, floor} {
		wg.Go(func() {
			var b bytes.Buffer
			w := brotli.NewWriterLevel(&b, benchBrotliLevel)
			w.Write(s.wasm)
			w.Close()
			s.br = b.Bytes()
		})
		wg.Go(func() {
			var b bytes.Buffer
			w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
			w.Write(s.wasm)
			w.Close()
			s.gz = b.Bytes()
		})
	}
	wg.Wait()
	for _, s := range []*benchSite{lab, ref, floor} {
		for name, b := range map[string][]byte{"app.wasm": s.wasm, "app.wasm.br": s.br, "app.wasm.gz": s.gz} {
			if err := os.WriteFile(filepath.Join(s.dir, "web", name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return lab, ref, floor
}

// precompressed serves dir like http.FileServer, plus <file>.br / .gz for
// .wasm when the request accepts them (what a host with precompressed
// files does).
func precompressed(dir string, served func(encoding string)) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			ae := r.Header.Get("Accept-Encoding")
			for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
				if !strings.Contains(ae, enc.token) {
					continue
				}
				b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(r.URL.Path)+enc.ext))
				if err != nil {
					continue
				}
				w.Header().Set("Content-Type", "application/wasm")
				w.Header().Set("Content-Encoding", enc.token)
				w.Header().Set("Vary", "Accept-Encoding")
				w.Header().Set("Content-Length", fmt.Sprint(len(b)))
				served(enc.token)
				w.Write(b)
				return
			}
			w.Header().Set("Content-Type", "application/wasm")
			served("")
		}
		files.ServeHTTP(w, r)
	})
}

// newBenchBrowser is newBrowser's Chromium with precise memory figures.
func newBenchBrowser(t *testing.T) (context.Context, context.CancelFunc) {
	t.Helper()
	actx, acancel := newAllocator(t, chromedp.Flag("enable-precise-memory-info", true))
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Run(ctx); err != nil { // start the browser
		cancel()
		acancel()
		t.Fatal(err)
	}
	return ctx, func() { cancel(); acancel() }
}

// instrument runs before any page script: it records when the page is
// first rendered by the wasm (data-wl-ready="1" on <html> and the element
// at selector showing what rendered(el) — a JS predicate — accepts) and
// keeps the wasm instance to read its memory.
//
// The predicate matters: data-wl-ready is set in OnMount, and go-app may
// mount a component before it has rendered its content (the lab used to
// mount an empty visualizer, "Step 0 of 0", and draw the linked step one
// frame later), so "ready and #step-counter present" could fire before the
// first step was on screen.
func instrument(selector, rendered string) string {
	return fmt.Sprintf(`(() => {
  const wrap = (name) => {
    const orig = WebAssembly[name];
    if (!orig) return;
    WebAssembly[name] = async function (...args) {
      const res = await orig.apply(this, args);
      window.__wasmInstance = res.instance || res;
      window.__wasmReady = performance.now();
      return res;
    };
  };
  wrap("instantiateStreaming");
  wrap("instantiate");
  window.__firstRender = new Promise((resolve) => {
    const rendered = %s;
    const done = () => {
      if (!document.documentElement || document.documentElement.getAttribute("data-wl-ready") !== "1") return false;
      const el = document.querySelector(%q);
      return el !== null && rendered(el);
    };
    const obs = new MutationObserver(() => {
      if (done()) { obs.disconnect(); resolve(performance.now()); }
    });
    obs.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
})();`, rendered, selector)
}

type coldLoad struct {
	FirstMs float64 `json:"first"` // navigation start → first rendered page
	FCPMs   float64 `json:"fcp"`   // first contentful paint (the prerendered HTML)
	WasmMs  float64 `json:"wasm"`  // navigation start → wasm fetched, compiled and instantiated
	// Source is where the lab's first trace came from (data-wl-first:
	// "embedded" in the page, or "engine"); empty for the reference.
	Source string `json:"source"`
}

// freshContext opens a tab in a new browser context (its own empty HTTP
// cache, storage and service workers), disposed by the returned cancel.
// chromedp.WithNewBrowserContext cannot be used: Chromium's headless mode
// answers "no browser is open" unless the target gets its own window.
func freshContext(t *testing.T, bctx context.Context) (context.Context, context.CancelFunc) {
	t.Helper()
	var id cdp.BrowserContextID
	var tid target.ID
	browserOnly := func(ctx context.Context) context.Context {
		return cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
	}
	if err := chromedp.Run(bctx, chromedp.ActionFunc(func(ctx context.Context) error {
		ctx = browserOnly(ctx)
		var err error
		if id, err = target.CreateBrowserContext().WithDisposeOnDetach(true).Do(ctx); err != nil {
			return err
		}
		tid, err = target.CreateTarget("about:blank").WithBrowserContextID(id).WithNewWindow(true).Do(ctx)
		return err
	})); err != nil {
		t.Fatalf("new browser context: %v", err)
	}
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithTargetID(tid))
	return ctx, func() {
		cancel()
		_ = chromedp.Run(bctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return target.DisposeBrowserContext(id).Do(browserOnly(ctx))
		}))
	}
}

// measureColdLoad opens url in a fresh browser context (empty HTTP cache,
// no service worker, cache disabled, workers bypassed) and returns the time
// from navigation start to the first rendered page.
func measureColdLoad(t *testing.T, bctx context.Context, url, selector, rendered string) coldLoad {
	t.Helper()
	ctx, cancel := freshContext(t, bctx)
	defer cancel()
	ctx, tcancel := context.WithTimeout(ctx, 60*time.Second)
	defer tcancel()
	var res coldLoad
	err := chromedp.Run(ctx,
		network.Enable(),
		network.SetCacheDisabled(true),
		network.SetBypassServiceWorker(true),
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(instrument(selector, rendered)).Do(ctx)
			return err
		}),
		chromedp.Navigate(url),
		evalAsync(`(async () => {
  const first = await window.__firstRender;
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return { first, fcp: fcp ? fcp.startTime : 0, wasm: window.__wasmReady || 0, source: document.documentElement.dataset.wlFirst || "" };
})()`, &res),
	)
	if err != nil {
		t.Fatalf("cold load of %s: %v", url, err)
	}
	return res
}

// stepRun clicks #next n times (restarting at the end of the trace,
// unmeasured) and returns, per click, the time until the DOM shows the
// new step (MutationObserver: the counter changed, and the current row
// and the inspector's heading show the counter's step) and until the next
// animation frame.
const stepRunJS = `(async (n) => {
  const counterText = () => document.getElementById("step-counter").textContent;
  const shown = () => {
    const n = document.getElementById("step-cur").textContent;
    const row = document.querySelector("#sequence .row.current");
    const head = document.querySelector("#insp-step .insp-step");
    return row !== null && !row.hidden && row.dataset.step === n && head !== null && head.textContent.endsWith(" " + n);
  };
  const change = (act) => new Promise((resolve, reject) => {
    const before = counterText();
    const t0 = performance.now();
    const obs = new MutationObserver(() => {
      if (counterText() !== before && shown()) { obs.disconnect(); clearTimeout(to); resolve(performance.now() - t0); }
    });
    obs.observe(document.getElementById("lab"), { subtree: true, childList: true, characterData: true, attributes: true });
    const to = setTimeout(() => { obs.disconnect(); reject(new Error("step counter unchanged 2 s after the click")); }, 2000);
    act();
    lastSync = performance.now() - t0;
  });
  let lastSync = 0;
  const sync = [];
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  const dom = [], paint = [];
  let restarts = 0;
  await frame();
  while (dom.length < n) {
    const next = document.getElementById("next");
    if (next.disabled) {
      await change(() => document.getElementById("restart").click());
      restarts++;
      await frame();
      continue;
    }
    const t0 = performance.now();
    dom.push(await change(() => next.click()));
    sync.push(lastSync);
    paint.push((await frame()) - t0);
  }
  return { dom, paint, sync, restarts, total: parseInt(document.getElementById("jump").max) };
})`

// actionsJS performs n step/toggle actions (next, or restart at the end;
// every 5th a version toggle, every 7th a transport toggle, every 50th a
// language switch), each awaited until the DOM changed.
const actionsJS = `(async (n) => {
  const lab = () => document.getElementById("lab");
  const change = (act) => new Promise((resolve, reject) => {
    const obs = new MutationObserver(() => { obs.disconnect(); clearTimeout(to); resolve(); });
    obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    const to = setTimeout(() => { obs.disconnect(); reject(new Error("no DOM change 2 s after an action")); }, 2000);
    act();
  });
  const other = (group) => document.querySelector("#" + group + " [aria-pressed=false]");
  for (let i = 1; i <= n; i++) {
    let btn;
    if (i % 50 === 0) btn = document.getElementById("lang-switch");
    else if (i % 7 === 0) btn = other("transport");
    else if (i % 5 === 0) btn = other("version");
    else {
      btn = document.getElementById("next");
      if (btn.disabled) btn = document.getElementById("restart");
    }
    if (!btn) throw new Error("no button for action " + i);
    await change(() => btn.click());
  }
  return n;
})`

type memSample struct {
	JSHeap float64 `json:"js"`
	Wasm   float64 `json:"wasm"`
}

func sampleMemory(ctx context.Context) (memSample, error) {
	var m memSample
	err := chromedp.Run(ctx,
		heapprofiler.CollectGarbage(),
		heapprofiler.CollectGarbage(),
		chromedp.Evaluate(`({ js: performance.memory.usedJSHeapSize,
		  wasm: window.__wasmInstance ? window.__wasmInstance.exports.mem.buffer.byteLength : -1 })`, &m),
	)
	return m, err
}

func sub(a, b []float64) []float64 {
	out := make([]float64, len(a))
	for i := range a {
		out[i] = a[i] - b[i]
	}
	return out
}

func median(xs []float64) float64 { return percentile(xs, 50) }

// percentile: nearest-rank on a sorted copy.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	k := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(k, len(s)-1))]
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func mb(n float64) string { return fmt.Sprintf("%.2f MB", n/1e6) }

func verdict(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}

func TestPageBudgets(t *testing.T) {
	if os.Getenv("MCPWL_BENCH") != "1" {
		t.Skip("page budgets run only with MCPWL_BENCH=1 (make bench)")
	}
	start := time.Now()
	lab, ref, floor := buildBenchSites(t)
	for _, s := range []*benchSite{lab, ref, floor} {
		srv := httptest.NewServer(precompressed(s.dir, s.served))
		t.Cleanup(srv.Close)
		s.url = srv.URL
	}
	t.Logf("built and compressed in %s", time.Since(start).Round(time.Second))

	bctx, cancel := newBenchBrowser(t)
	defer cancel()
	var product, chromeVersion string
	if err := chromedp.Run(bctx, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		_, product, _, _, _, err = browser.GetVersion().Do(ctx)
		return err
	})); err != nil {
		t.Fatal(err)
	}
	chromeVersion = product

	// Time to first step: rotate the pages, fresh context each.
	var labFirst, refFirst, labFCP, refFCP, labWasm, refWasm, floorFirst []float64
	labSource := map[string]int{}
	for i := 0; i < benchColdLoads; i++ {
		for k := range 3 {
			switch (i + k) % 3 {
			case 0:
				l := measureColdLoad(t, bctx, lab.url+labDeepLink, "#step-counter", labStepShown)
				labFirst, labFCP, labWasm = append(labFirst, l.FirstMs), append(labFCP, l.FCPMs), append(labWasm, l.WasmMs)
				labSource[l.Source]++
			case 1:
				l := measureColdLoad(t, bctx, ref.url+"/", "#hello", helloShown)
				refFirst, refFCP, refWasm = append(refFirst, l.FirstMs), append(refFCP, l.FCPMs), append(refWasm, l.WasmMs)
			default:
				floorFirst = append(floorFirst, measureColdLoad(t, bctx, floor.url+"/", "#hello", helloShown).FirstMs)
			}
		}
	}
	t.Logf("first render, lab ms: %.0f", labFirst)
	t.Logf("first render, ref ms: %.0f", refFirst)

	// Step latency and memory, in one more fresh context.
	ctx, ccancel := freshContext(t, bctx)
	defer ccancel()
	ctx, tcancel := context.WithTimeout(ctx, 6*time.Minute)
	defer tcancel()
	var steps struct {
		Dom, Paint, Sync []float64
		Restarts, Total  int
	}
	if err := chromedp.Run(ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(instrument("#step-counter", labStepShown)).Do(ctx)
			return err
		}),
		chromedp.Navigate(lab.url+labDeepLink),
		evalAsync(`window.__firstRender`, nil),
		evalAsync(fmt.Sprintf("%s(%d)", stepRunJS, benchSteps), &steps),
	); err != nil {
		t.Fatalf("step run: %v", err)
	}

	var domNodes string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
	  const n = (sel) => { const e = document.querySelector(sel); return e ? e.querySelectorAll("*").length : 0; };
	  return document.querySelectorAll("*").length + " elements (#print-all " + n("#print-all") + ", #sequence " + n("#sequence") +
	    ", #inspector " + n("#inspector") + ", #compare " + n("#compare") + ")";
	})()`, &domNodes)); err != nil {
		t.Fatal(err)
	}

	var mem10, mem1000 memSample
	var err error
	if err = chromedp.Run(ctx, chromedp.Navigate(lab.url+labDeepLink), evalAsync(`window.__firstRender`, nil),
		evalAsync(fmt.Sprintf("%s(%d)", actionsJS, 10), nil)); err != nil {
		t.Fatalf("first 10 actions: %v", err)
	}
	if mem10, err = sampleMemory(ctx); err != nil {
		t.Fatal(err)
	}
	actStart := time.Now()
	if err = chromedp.Run(ctx, evalAsync(fmt.Sprintf("%s(%d)", actionsJS, benchActions-10), nil)); err != nil {
		t.Fatalf("1,000 actions: %v", err)
	}
	actDur := time.Since(actStart)
	if mem1000, err = sampleMemory(ctx); err != nil {
		t.Fatal(err)
	}

	// Report.
	var b strings.Builder
	row := func(cols ...string) { fmt.Fprintf(&b, "| %s |\n", strings.Join(cols, " | ")) }
	fmt.Fprintf(&b, "\nMachine: nproc %d (GOMAXPROCS %d), %s; %s %s/%s; %s\n\n", goruntime.NumCPU(), goruntime.GOMAXPROCS(0), cpuModel(), goruntime.Version(), goruntime.GOOS, goruntime.GOARCH, chromeVersion)
	row("budget", "MCP Wire Lab", "hello world (reference)", "ratio / limit", "result")
	row("---", "---", "---", "---", "---")
	brRatio := float64(len(lab.br)) / float64(len(ref.br))
	row("wasm transfer, brotli q11", mb(float64(len(lab.br))), mb(float64(len(ref.br))), fmt.Sprintf("%.2f× / ≤ %.2f×", brRatio, budgetTransferRatio), verdict(brRatio <= budgetTransferRatio))
	gzRatio := float64(len(lab.gz)) / float64(len(ref.gz))
	row("wasm transfer, gzip -9 (info)", mb(float64(len(lab.gz))), mb(float64(len(ref.gz))), fmt.Sprintf("%.2f×", gzRatio), "")
	row("wasm raw (info)", mb(float64(len(lab.wasm))), mb(float64(len(ref.wasm))), fmt.Sprintf("%.2f×", float64(len(lab.wasm))/float64(len(ref.wasm))), "")
	lf, rf := median(labFirst), median(refFirst)
	row(fmt.Sprintf("time to first step / render, median of %d cold loads", benchColdLoads), fmt.Sprintf("%.0f ms", lf), fmt.Sprintf("%.0f ms", rf), fmt.Sprintf("%.2f× / ≤ %.2f×", lf/rf, budgetFirstRatio), verdict(lf/rf <= budgetFirstRatio))
	row("… wasm fetched + compiled + instantiated, median (info)", fmt.Sprintf("%.0f ms", median(labWasm)), fmt.Sprintf("%.0f ms", median(refWasm)), fmt.Sprintf("%.2f×", median(labWasm)/median(refWasm)), "")
	row("… Go start-up + first render after that, median (info)", fmt.Sprintf("%.0f ms", median(sub(labFirst, labWasm))), fmt.Sprintf("%.0f ms", median(sub(refFirst, refWasm))), "", "")
	// The floor: what the required JSON Schema library alone costs.
	ff := median(floorFirst)
	row("hello world + jsonschema/v6 (required, issue 2): transfer brotli / first render (info)",
		fmt.Sprintf("%s / %.0f ms", mb(float64(len(floor.br))), ff), "",
		fmt.Sprintf("%.2f× / %.2f× the reference", float64(len(floor.br))/float64(len(ref.br)), ff/rf), "")
	row("first contentful paint (prerendered HTML), median (info)", fmt.Sprintf("%.0f ms", median(labFCP)), fmt.Sprintf("%.0f ms", median(refFCP)), "", "")
	sm, s95 := median(steps.Dom), percentile(steps.Dom, 95)
	row(fmt.Sprintf("step latency, click → DOM, median of %d", len(steps.Dom)), fmt.Sprintf("%.1f ms", sm), "", fmt.Sprintf("≤ %d ms", budgetStepMedianMs), verdict(sm <= budgetStepMedianMs))
	row("step latency, click → DOM, p95", fmt.Sprintf("%.1f ms", s95), "", fmt.Sprintf("≤ %d ms", budgetStepP95Ms), verdict(s95 <= budgetStepP95Ms))
	row("… of which inside click() (synchronous Go handler), median / p95 (info)", fmt.Sprintf("%.1f / %.1f ms", median(steps.Sync), percentile(steps.Sync, 95)), "", "", "")
	row("step latency, click → next frame, median / p95 (info)", fmt.Sprintf("%.1f / %.1f ms", median(steps.Paint), percentile(steps.Paint, 95)), "", "", "")
	jsRatio, wasmRatio := mem1000.JSHeap/mem10.JSHeap, mem1000.Wasm/mem10.Wasm
	row("JS heap after GC, 10 → 1,000 actions", mb(mem10.JSHeap)+" → "+mb(mem1000.JSHeap), "", fmt.Sprintf("%.2f× / ≤ %.1f×", jsRatio, budgetMemoryRatio), verdict(jsRatio <= budgetMemoryRatio))
	row("wasm linear memory (Go heap), 10 → 1,000 actions", mb(mem10.Wasm)+" → "+mb(mem1000.Wasm), "", fmt.Sprintf("%.2f× / ≤ %.1f×", wasmRatio, budgetMemoryRatio), verdict(wasmRatio <= budgetMemoryRatio))
	fmt.Fprintf(&b, "\nTrace: %d steps, %d restarts in the step run; 990 actions took %s; DOM: %s.\n",
		steps.Total, steps.Restarts, actDur.Round(time.Millisecond), domNodes)
	fmt.Fprintf(&b, "First trace of the lab's cold loads, by source (data-wl-first: embedded in the page, or engine): %v.\n", labSource)
	fmt.Fprintf(&b, "app.wasm responses by Content-Encoding (Chromium over http://127.0.0.1): lab %v, reference %v, reference + jsonschema %v; total %s.\n",
		lab.encoding, ref.encoding, floor.encoding, time.Since(start).Round(time.Second))
	raw, _ := json.Marshal(map[string]any{"labFirst": labFirst, "refFirst": refFirst, "floorFirst": floorFirst, "stepsDomP50": sm, "stepsDomMax": slices.Max(steps.Dom)})
	fmt.Fprintf(&b, "raw: %s\n", raw)
	t.Log(b.String())

	for _, c := range []struct {
		ok   bool
		what string
	}{
		{brRatio <= budgetTransferRatio, fmt.Sprintf("wasm transfer %.2f× the reference (budget %.2f×)", brRatio, budgetTransferRatio)},
		{lf/rf <= budgetFirstRatio, fmt.Sprintf("time to first step %.2f× the reference (budget %.2f×)", lf/rf, budgetFirstRatio)},
		{sm <= budgetStepMedianMs, fmt.Sprintf("step latency median %.1f ms (budget %d ms)", sm, budgetStepMedianMs)},
		{s95 <= budgetStepP95Ms, fmt.Sprintf("step latency p95 %.1f ms (budget %d ms)", s95, budgetStepP95Ms)},
		{jsRatio <= budgetMemoryRatio, fmt.Sprintf("JS heap grew %.2f× (budget %.1f×)", jsRatio, budgetMemoryRatio)},
		{wasmRatio <= budgetMemoryRatio, fmt.Sprintf("wasm memory grew %.2f× (budget %.1f×)", wasmRatio, budgetMemoryRatio)},
	} {
		if !c.ok {
			t.Errorf("budget missed: %s", c.what)
		}
	}
}
