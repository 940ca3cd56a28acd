package e2e

// TestPageBudgets measures the page budgets of the README ("Performance
// budgets", issue 25) in one run and prints a table with PASS/FAIL per
// budget. It runs only with MCPWL_BENCH=1 (make bench), never in make test:
//
//	MCPWL_BENCH=1 go test -run '^TestPageBudgets$' -count=1 -v -timeout 60m ./e2e/
//
// Built with the flags of `make wasm` and compressed by `devserver
// compress` (the command `make wasm` runs: brotli 11 and gzip -9, cached by
// content):
//
//   - the lab on both hosts: the real dev server (what `make run` serves),
//     and the static export (`devserver static`, what `make static`
//     writes) served by a plain file server on 127.0.0.1 that sends the
//     precompressed files (precompressed);
//   - a go-app hello world (e2e/testdata/hello), the reference for paint,
//     served the same way.
//
// Every page is loaded cold (fresh browser context, cache disabled,
// service worker bypassed) on three profiles (linkProfiles: loopback,
// hotel Wi-Fi, slow mobile with the CPU slowed 4×); bench_link_test.go
// has the measurements.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	goruntime "runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"mcpwirelab/internal/testenv"
)

const (
	benchColdLoads = 10
	benchSteps     = 100
	benchActions   = 1000
	labDeepLink    = "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=1&lang=en"
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
	budgetStepMedianMs = 16
	budgetStepP95Ms    = 33
	budgetMemoryRatio  = 1.2
)

type benchSite struct {
	name string
	web  string // holds app.wasm, app.wasm.br, app.wasm.gz
	url  string // server base
	wasm []byte // raw
	gz   int    // size of app.wasm.gz
}

func goBuild(t *testing.T, out, pkg string, wasm bool, flags ...string) {
	t.Helper()
	testenv.SkipShort(t, "a go build")
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

// makeWasmFlags are the go build flags of `make wasm` (Makefile: wasm).
var makeWasmFlags = []string{"-trimpath", "-ldflags=-s -w"}

// compress runs `devserver compress` on web (as `make wasm` does) and
// returns what it printed.
func compress(t *testing.T, web string) string {
	t.Helper()
	testenv.SkipShort(t, "the dev server binary")
	out, err := exec.Command(buildDevserver(t), "compress", "-web", web).CombinedOutput()
	if err != nil {
		t.Fatalf("devserver compress -web %s: %v\n%s", web, err, out)
	}
	return strings.TrimSpace(string(out))
}

// buildBenchSites builds the three wasm files with the flags of `make
// wasm`, compresses each as `make wasm` does, and lays out the lab's web/
// folder for the dev server and the references' static sites.
func buildBenchSites(t *testing.T) (lab, ref, floor *benchSite) {
	testenv.SkipShort(t, "the benchmarks' builds")
	dir := t.TempDir()
	lab = &benchSite{name: "MCP Wire Lab", web: filepath.Join(dir, "lab-web")}
	ref = &benchSite{name: "hello world", web: filepath.Join(dir, "hello-site", "web")}
	floor = &benchSite{name: "hello world + jsonschema/v6", web: filepath.Join(dir, "hello-jsonschema-site", "web")}
	os.MkdirAll(lab.web, 0o755)
	goBuild(t, filepath.Join(lab.web, "app.wasm"), "./cmd/devserver", true, makeWasmFlags...)
	goBuild(t, filepath.Join(dir, "hello"), "./e2e/testdata/hello", false)
	for _, s := range []*benchSite{ref, floor} {
		site := filepath.Dir(s.web)
		if b, err := exec.Command(filepath.Join(dir, "hello"), "-out", site).CombinedOutput(); err != nil {
			t.Fatalf("hello -out: %v\n%s", err, b)
		}
		flags := makeWasmFlags
		if s == floor {
			flags = append([]string{"-tags", "jsonschema"}, flags...)
		}
		goBuild(t, filepath.Join(s.web, "app.wasm"), "./e2e/testdata/hello", true, flags...)
		// The references use the lab's icons so that no page fetches
		// anything from the internet.
		os.MkdirAll(filepath.Join(site, "static"), 0o755)
		for _, name := range []string{"icon-192.png", "icon.svg"} {
			b, err := os.ReadFile(filepath.Join(repoRoot(), "static", name))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(site, "static", name), b, 0o644)
		}
	}
	for _, s := range []*benchSite{lab, ref, floor} {
		t.Logf("%s: %s", s.name, compress(t, s.web))
		var err error
		if s.wasm, err = os.ReadFile(filepath.Join(s.web, "app.wasm")); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(filepath.Join(s.web, "app.wasm.gz"))
		if err != nil {
			t.Fatal(err)
		}
		s.gz = int(st.Size())
	}
	return lab, ref, floor
}

// startBenchDevServer runs the real dev server on web (the lab's wasm and
// the files `devserver compress` made) and returns its base URL.
func startBenchDevServer(t *testing.T, web string) string {
	t.Helper()
	testenv.SkipShort(t, "the dev server binary")
	cmd := exec.Command(buildDevserver(t), "-addr", "127.0.0.1:0", "-web", web, "-static", filepath.Join(repoRoot(), "static"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var logs strings.Builder
	cmd.Stderr = &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`open\s+(http://[^/\s#]+)`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case base := <-found:
		return base
	case <-time.After(60 * time.Second):
		t.Fatalf("the dev server printed no URL; stderr:\n%s", logs.String())
	}
	return ""
}

// precompressed serves dir like http.FileServer, plus <file>.br / .gz for
// any file that has one when the request accepts it (what a host with
// precompressed files does: nginx's gzip_static, Caddy's precompressed).
func precompressed(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if strings.HasSuffix(p, "/") {
			p += "index.html"
		}
		ctype := mime.TypeByExtension(filepath.Ext(p))
		if strings.HasSuffix(p, ".wasm") {
			ctype = "application/wasm"
		}
		ae := r.Header.Get("Accept-Encoding")
		for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if !strings.Contains(ae, enc.token) || ctype == "" {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)+enc.ext))
			if err != nil {
				continue
			}
			w.Header().Set("Content-Type", ctype)
			w.Header().Set("Content-Encoding", enc.token)
			w.Header().Set("Vary", "Accept-Encoding")
			w.Header().Set("Content-Length", fmt.Sprint(len(b)))
			w.Write(b)
			return
		}
		if ctype == "application/wasm" {
			w.Header().Set("Content-Type", ctype)
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
//
// With clickNext (the lab) it also measures "interactive": from the
// moment a step counter is on the page it clicks #next every 4 ms until
// the counter shows a later step than the first one it read and the page
// shows that step (its row is the current one, the inspector's heading
// names it); window.__interactive is that moment and window.__interactiveBy
// says who drew it: "early" (the prerendered page's own script,
// app/early.go, before the wasm runs) or "wasm". It then keeps clicking
// until a click steps on the page the wasm mounted (data-wl-ready="1"):
// window.__wasmInteractive (info). A click on a button of the prerendered
// page that has no early step does nothing.
func instrument(selector, rendered string, clickNext bool) string {
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
  // The boot script's wl-first mark (cmd/devserver/page_fast.go) leaves
  // the chrome around the step to the frame after the first paint:
  // __chromeShown is when the main thread has drawn that frame (the mark
  // gone, then the next animation frame's work done), for the info row.
  window.__chromeShown = new Promise((resolve) => {
    let marked = false;
    const obs = new MutationObserver(() => {
      const h = document.documentElement;
      if (!h) return;
      if (h.classList.contains("wl-first")) { marked = true; return; }
      if (marked) { obs.disconnect(); requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)); }
    });
    obs.observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
    // The boot script marks the page in its head: a page not marked by
    // the time it is parsed has no such frame.
    document.addEventListener("DOMContentLoaded", () => { if (!marked) { obs.disconnect(); resolve(0); } });
  });
  const rendered = %s;
  const done = () => {
    if (!document.documentElement || document.documentElement.getAttribute("data-wl-ready") !== "1") return false;
    const el = document.querySelector(%q);
    return el !== null && rendered(el);
  };
  window.__firstRender = new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (done()) { obs.disconnect(); resolve(performance.now()); }
    });
    obs.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const stepOf = () => {
    const c = document.getElementById("step-counter");
    const m = c && /\b([0-9]+) of ([1-9][0-9]*)/.exec(c.textContent);
    return m ? +m[1] : null;
  };
  const stepShown = (n) => {
    const row = document.querySelector("#sequence .row.current");
    const head = document.querySelector("#insp-step .insp-step");
    return row !== null && !row.hidden && row.dataset.step === String(n) && head !== null && head.textContent.endsWith(" " + n);
  };
  let resolveWasm;
  window.__wasmInteractive = new Promise((r) => { resolveWasm = r; });
  window.__interactive = new Promise((resolve) => {
    if (!%t) { resolve(0); resolveWasm(0); return; }
    let first = null, stepped = false, wasmFrom = null, finished = false;
    const check = () => {
      if (finished) return;
      const s = stepOf();
      if (s === null) return;
      if (first === null) first = s;
      if (!stepped && s > first && stepShown(s)) {
        stepped = true;
        window.__interactiveBy = document.documentElement.getAttribute("data-wl-ready") === "1" ? "wasm" : "early";
        resolve(performance.now());
      }
      if (done()) {
        if (wasmFrom === null) wasmFrom = s;
        else if (s > wasmFrom && stepShown(s)) { finished = true; obs.disconnect(); resolveWasm(performance.now()); }
      }
    };
    const obs = new MutationObserver(check);
    obs.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    const tick = () => {
      check();
      if (finished) return;
      const next = document.getElementById("next");
      if (first !== null && next && !next.disabled) { next.click(); check(); }
      if (!finished) setTimeout(tick, 4);
    };
    tick();
  });
})();`, rendered, selector, clickNext)
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

// budget is one line of the verdict.
type budget struct {
	ok   bool
	what string
}

func ms(x float64) string { return fmt.Sprintf("%.0f ms", x) }

func TestPageBudgets(t *testing.T) {
	testenv.SkipShort(t, "the page budgets' browsers, builds and Lighthouse")
	if os.Getenv("MCPWL_BENCH") != "1" {
		t.Skip("page budgets run only with MCPWL_BENCH=1 (make bench)")
	}
	start := time.Now()
	lab, ref, _ := buildBenchSites(t)
	lab.url = startBenchDevServer(t, lab.web)
	srv := httptest.NewServer(precompressed(filepath.Dir(ref.web)))
	t.Cleanup(srv.Close)
	ref.url = srv.URL
	site, exportTook := exportForBench(t, lab.web)
	static := httptest.NewServer(precompressed(site))
	t.Cleanup(static.Close)
	t.Logf("built and compressed in %s (devserver static: %s)", time.Since(start).Round(time.Second), exportTook.Round(100*time.Millisecond))

	bctx, cancel := newBenchBrowser(t)
	defer cancel()
	var chromeVersion string
	if err := chromedp.Run(bctx, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		_, chromeVersion, _, _, _, err = browser.GetVersion().Do(ctx)
		return err
	})); err != nil {
		t.Fatal(err)
	}

	// The link a Chinese reader opens from a chapter: a deep step, in zh.
	const link = "/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=5&lang=zh"
	hosts := []hostURL{{"static export", static.URL + link}, {"dev server", lab.url + link}}
	profiles := linkProfiles()
	shown := map[string]map[*linkProfile][]linkLoad{}
	for _, h := range hosts {
		shown[h.name] = map[*linkProfile][]linkLoad{}
	}
	// MCPWL_BENCH_PART=link measures the linked step and its bytes only
	// (a few minutes: for trying a change to the first view);
	// MCPWL_BENCH_PART=visit the inputs through the wasm's start and the
	// first visit's bytes only (every profile, both hosts);
	// MCPWL_BENCH_PART=lighthouse the two Lighthouse runs only;
	// MCPWL_BENCH_PART=steps the step latency and memory only.
	part := os.Getenv("MCPWL_BENCH_PART")
	want := benchParts(t, part)
	for _, p := range profiles {
		for i := 0; i < linkLoads && want("link"); i++ {
			p.helloFCP = append(p.helloFCP, measureHello(t, bctx, p, ref.url+"/"))
			for _, h := range hosts {
				shown[h.name][p] = append(shown[h.name][p], measureLink(t, bctx, p, h.url, 5, "zh"))
			}
		}
		t.Logf("%s: hello FCP %v, static %v, dev %v", p.name, p.helloFCP, shown["static export"][p], shown["dev server"][p])
	}
	inputs := map[string]map[*linkProfile]inputRun{}
	for _, h := range hosts {
		if !want("visit") {
			break
		}
		inputs[h.name] = map[*linkProfile]inputRun{}
		for _, p := range profiles {
			inputs[h.name][p] = measureInputs(t, bctx, p, h.url)
		}
	}
	lh := map[string]map[string]float64{}
	var lhErr error
	for _, preset := range []string{"desktop", "mobile"} {
		if !want("lighthouse") {
			break
		}
		if lh[preset], lhErr = lighthouseScores(t, static.URL+link, preset); lhErr != nil {
			t.Errorf("lighthouse: %v", lhErr)
			break
		}
	}

	// Step latency and memory (the wasm's page), in one more fresh context.
	var steps struct {
		Dom, Paint, Sync []float64
		Restarts, Total  int
	}
	var domNodes string
	var mem10, mem1000 memSample
	var actDur time.Duration
	if want("steps") {
		steps, domNodes, mem10, mem1000, actDur = stepsAndMemory(t, bctx, lab.url)
	}
	reportLinks(t, start, chromeVersion, exportTook, link, hosts, profiles, shown, inputs, lh, lhErr, part, steps, domNodes, mem10, mem1000, actDur, lab)
}

func stepsAndMemory(t *testing.T, bctx context.Context, labURL string) (steps struct {
	Dom, Paint, Sync []float64
	Restarts, Total  int
}, domNodes string, mem10, mem1000 memSample, actDur time.Duration) {
	ctx, ccancel := freshContext(t, bctx)
	defer ccancel()
	ctx, tcancel := context.WithTimeout(ctx, 6*time.Minute)
	defer tcancel()
	if err := chromedp.Run(ctx,
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(instrument("#step-counter", labStepShown, false)).Do(ctx)
			return err
		}),
		chromedp.Navigate(labURL+labDeepLink), chromedp.Evaluate(`window.mcpwlNeed && window.mcpwlNeed(), true`, nil),
		evalAsync(`window.__firstRender`, nil),
		evalAsync(fmt.Sprintf("%s(%d)", stepRunJS, benchSteps), &steps),
	); err != nil {
		t.Fatalf("step run: %v", err)
	}
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
	  const n = (sel) => { const e = document.querySelector(sel); return e ? e.querySelectorAll("*").length : 0; };
	  return document.querySelectorAll("*").length + " elements (#print-all " + n("#print-all") + ", #sequence " + n("#sequence") +
	    ", #inspector " + n("#inspector") + ", #compare " + n("#compare") + ")";
	})()`, &domNodes)); err != nil {
		t.Fatal(err)
	}
	var err error
	if err = chromedp.Run(ctx, chromedp.Navigate(labURL+labDeepLink), chromedp.Evaluate(`window.mcpwlNeed && window.mcpwlNeed(), true`, nil), evalAsync(`window.__firstRender`, nil),
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
	actDur = time.Since(actStart)
	if mem1000, err = sampleMemory(ctx); err != nil {
		t.Fatal(err)
	}
	return steps, domNodes, mem10, mem1000, actDur
}

type hostURL struct{ name, url string }

// benchParts is whether MCPWL_BENCH_PART (part: "" for all) asks for a
// part of the page budgets; an unknown name fails the run rather than
// measuring nothing.
func benchParts(t *testing.T, part string) func(string) bool {
	t.Helper()
	switch part {
	case "", "link", "visit", "lighthouse", "steps":
	default:
		t.Fatalf("MCPWL_BENCH_PART=%q: one of link, visit, lighthouse, steps (or unset for all)", part)
	}
	return func(name string) bool { return part == "" || part == name }
}

func reportLinks(t *testing.T, start time.Time, chromeVersion string, exportTook time.Duration, link string, hosts []hostURL, profiles []*linkProfile,
	shown map[string]map[*linkProfile][]linkLoad, inputs map[string]map[*linkProfile]inputRun, lh map[string]map[string]float64, lhErr error, part string,
	steps struct {
		Dom, Paint, Sync []float64
		Restarts, Total  int
	}, domNodes string, mem10, mem1000 memSample, actDur time.Duration, lab *benchSite) {

	// Report: every part unless MCPWL_BENCH_PART names one.
	want := benchParts(t, part)
	var b strings.Builder
	var budgets []budget
	row := func(cols ...string) { fmt.Fprintf(&b, "| %s |\n", strings.Join(cols, " | ")) }
	check := func(name string, value, limit float64, unit string) string {
		ok := value <= limit
		budgets = append(budgets, budget{ok, fmt.Sprintf("%s: %.2f%s (budget ≤ %.2f%s)", name, value, unit, limit, unit)})
		return verdict(ok)
	}
	atLeast := func(name string, value, limit float64) string {
		ok := value >= limit
		budgets = append(budgets, budget{ok, fmt.Sprintf("%s: %.0f (budget ≥ %.0f)", name, value, limit)})
		return verdict(ok)
	}
	fmt.Fprintf(&b, "\nMachine: nproc %d (GOMAXPROCS %d), %s; %s %s/%s; %s; load average at the end: %s\n",
		goruntime.NumCPU(), goruntime.GOMAXPROCS(0), cpuModel(), goruntime.Version(), goruntime.GOOS, goruntime.GOARCH, chromeVersion, loadAverage())
	fmt.Fprintf(&b, "Link: %s (median of %d cold loads per host and profile); devserver static took %s.\n\n", link, linkLoads, exportTook.Round(100*time.Millisecond))
	row("budget", "host", "profile", "measured", "reference / limit", "result")
	row("---", "---", "---", "---", "---", "---")
	for _, p := range profiles {
		if !want("link") {
			break
		}
		hello := median(p.helloFCP)
		for _, h := range hosts {
			var ms, bytes []float64
			by := map[string]int{}
			for _, l := range shown[h.name][p] {
				ms, bytes = append(ms, l.Ms), append(bytes, l.Bytes)
				by[l.By]++
			}
			ratio := median(ms) / hello
			row("linked step on screen (row + explanation, zh) vs the hello world's FCP", h.name, p.name,
				fmt.Sprintf("%.0f ms (drawn by %v)", median(ms), by), fmt.Sprintf("%.0f ms; %.2f× / ≤ %.1f×", hello, ratio, budgetLinkedStepRatio),
				check(h.name+", "+p.name+": linked step vs hello FCP", ratio, budgetLinkedStepRatio, "×"))
			if p == profiles[0] {
				row("bytes to read the link (everything fetched before the step is on screen)", h.name, "", fmt.Sprintf("%.1f kB", median(bytes)/1e3),
					fmt.Sprintf("≤ %.0f kB", budgetReadBytes/1e3), check(h.name+": bytes to read a link", median(bytes)/1e3, budgetReadBytes/1e3, " kB"))
			}
		}
	}
	for _, h := range hosts {
		for _, p := range profiles {
			if !want("visit") {
				break
			}
			r := inputs[h.name][p]
			worst := 0.0
			for _, d := range r.Inputs {
				worst = max(worst, d)
			}
			longest := 0.0
			for _, d := range r.Long {
				longest = max(longest, d)
			}
			row("every input answered (→ every 300 ms, from navigation through the wasm's start)", h.name, p.name,
				fmt.Sprintf("worst %.0f ms over %d presses (%d over 16 ms); wasm started at press %d; longest task %.0f ms", worst, r.Presses, len(r.Inputs), r.WasmAt, longest),
				fmt.Sprintf("≤ %.0f ms", p.inputBudgetMs), check(h.name+", "+p.name+": worst input", worst, p.inputBudgetMs, " ms"))
			if p == profiles[0] {
				row("first visit, total bytes (the wasm included; every response counted)", h.name, "", fmt.Sprintf("%s (app.wasm %s in %d responses)", mb(r.Bytes), mb(r.WasmWire), r.WasmFetches),
					fmt.Sprintf("≤ %s", mb(budgetFirstVisitBytes)),
					check(h.name+": first visit total", r.Bytes/1e6, budgetFirstVisitBytes/1e6, " MB"))
			}
		}
	}
	for _, preset := range []string{"desktop", "mobile"} {
		if !want("lighthouse") {
			break
		}
		sc := lh[preset]
		if sc == nil {
			row("Lighthouse "+lighthouseVersion+" "+preset, "static export", "", "not run: "+fmt.Sprint(lhErr), "", "FAIL")
			budgets = append(budgets, budget{false, "Lighthouse " + preset + " not run"})
			continue
		}
		row("Lighthouse "+lighthouseVersion+" "+preset+": Performance", "static export", "", fmt.Sprintf("%.0f (TBT %.0f ms, LCP %.0f ms, FCP %.0f ms, CLS %.3f)", sc["performance"],
			sc["total-blocking-time"], sc["largest-contentful-paint"], sc["first-contentful-paint"], sc["cumulative-layout-shift"]), "≥ 90",
			atLeast("Lighthouse "+preset+" Performance", sc["performance"], budgetLighthousePerf))
		for _, c := range []string{"accessibility", "best-practices", "seo"} {
			row("Lighthouse "+lighthouseVersion+" "+preset+": "+c, "static export", "", fmt.Sprintf("%.0f", sc[c]), "100", atLeast("Lighthouse "+preset+" "+c, sc[c], budgetLighthouseOther))
		}
	}
	if want("steps") {
		sm, s95 := median(steps.Dom), percentile(steps.Dom, 95)
		row(fmt.Sprintf("step latency on the wasm's page, click → DOM, median of %d", len(steps.Dom)), "dev server", "loopback", fmt.Sprintf("%.1f ms", sm), fmt.Sprintf("≤ %d ms", budgetStepMedianMs), check("step latency median", sm, budgetStepMedianMs, " ms"))
		row("step latency, click → DOM, p95", "dev server", "loopback", fmt.Sprintf("%.1f ms", s95), fmt.Sprintf("≤ %d ms", budgetStepP95Ms), check("step latency p95", s95, budgetStepP95Ms, " ms"))
		row("… of which inside click() (synchronous Go handler), median / p95 (info)", "", "", fmt.Sprintf("%.1f / %.1f ms", median(steps.Sync), percentile(steps.Sync, 95)), "", "")
		row("step latency, click → next frame, median / p95 (info)", "", "", fmt.Sprintf("%.1f / %.1f ms", median(steps.Paint), percentile(steps.Paint, 95)), "", "")
		jsRatio, wasmRatio := mem1000.JSHeap/mem10.JSHeap, mem1000.Wasm/mem10.Wasm
		row("JS heap after GC, 10 → 1,000 actions", "dev server", "", mb(mem10.JSHeap)+" → "+mb(mem1000.JSHeap), fmt.Sprintf("%.2f× / ≤ %.1f×", jsRatio, budgetMemoryRatio), check("JS heap growth", jsRatio, budgetMemoryRatio, "×"))
		row("wasm linear memory (Go heap), 10 → 1,000 actions", "dev server", "", mb(mem10.Wasm)+" → "+mb(mem1000.Wasm), fmt.Sprintf("%.2f× / ≤ %.1f×", wasmRatio, budgetMemoryRatio), check("wasm memory growth", wasmRatio, budgetMemoryRatio, "×"))
	}
	row("wasm raw / gzip -9 file (info)", "", "", mb(float64(len(lab.wasm)))+" / "+mb(float64(lab.gz)), "", "")
	fmt.Fprintf(&b, "\nTrace: %d steps, %d restarts in the step run; 990 actions took %s; DOM: %s; total %s.\n",
		steps.Total, steps.Restarts, actDur.Round(time.Millisecond), domNodes, time.Since(start).Round(time.Second))
	byName := map[string]map[string][]linkLoad{}
	for h, m := range shown {
		byName[h] = map[string][]linkLoad{}
		for p, l := range m {
			byName[h][p.name] = l
		}
	}
	raw, _ := json.Marshal(map[string]any{"shown": byName, "lighthouse": lh})
	fmt.Fprintf(&b, "raw: %s\n", raw)
	t.Log(b.String())

	for _, c := range budgets {
		if !c.ok {
			t.Errorf("budget missed: %s", c.what)
		}
	}
}

// loadAverage is /proc/loadavg's first three fields (the machine is
// shared: timings move with it).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
