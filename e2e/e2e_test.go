// Package e2e drives the real visualizer (app.wasm) in headless Chromium.
//
// The tests build the wasm, serve it with go-app's own Handler (not the dev
// server, so they do not depend on cmd/devserver's flags), and check what a
// learner sees. Without /usr/bin/chromium they are skipped, unless
// MCPWL_REQUIRE_BROWSER=1, when they fail instead.
//
//	go test ./e2e/                      # skip if no browser
//	MCPWL_REQUIRE_BROWSER=1 go test ./e2e/ -v
//	MCPWL_SCREENSHOT_DIR=docs go test ./e2e/   # also keep the PNGs there
package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "mcpwirelab/app"
	"mcpwirelab/internal/testenv"
)

var chromiumPaths = []string{"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"}

// repoRoot is the module root (this file lives in <root>/e2e).
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

func findChromium(t *testing.T) string {
	t.Helper()
	for _, p := range chromiumPaths {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	msg := "headless Chromium not found (looked for " + strings.Join(chromiumPaths, ", ") + "); install it (apt-get install chromium) to run the browser tests"
	if os.Getenv("MCPWL_REQUIRE_BROWSER") == "1" {
		t.Fatal(msg + " — MCPWL_REQUIRE_BROWSER=1 makes this a failure")
	}
	t.Skip(msg)
	return ""
}

var (
	siteDir string
	siteErr error
)

// buildSite compiles app.wasm once per test binary into a temp dir laid
// out as go-app expects (<dir>/web/app.wasm).
func buildSite(t *testing.T) string {
	t.Helper()
	testenv.SkipShort(t, "the app's wasm build")
	if siteDir != "" || siteErr != nil {
		if siteErr != nil {
			t.Fatal(siteErr)
		}
		return siteDir
	}
	dir, err := os.MkdirTemp("", "mcpwl-e2e-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-ldflags=-s -w", "-o", filepath.Join(dir, "web", "app.wasm"), "./cmd/devserver")
	cmd.Dir = repoRoot()
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		siteErr = fmt.Errorf("building app.wasm: %v\n%s", err, out)
		t.Fatal(siteErr)
	}
	siteDir = dir
	return dir
}

var registered bool

// parallelTests: a test on newServer and a browser of its own calls
// t.Parallel() once newServer has built the site (buildSite and ui.Register
// run in the sequential phase, so their globals are never raced) and
// before it starts its browser (newBrowser's deadline starts then). go test
// runs -parallel (GOMAXPROCS) of them at once after the sequential tests:
// their page loads overlap one another's waits. Tests on the dev server
// binary, the static export and the timing-sensitive first-paint checks
// stay sequential.

// webDir serves <dir>/web/* and resolves local URLs under the hosting
// prefix, as app.PrefixedLocation does (app.LocalDir(dir) would put dir
// itself into the URLs, and PrefixedLocation cannot serve files).
type webDir struct {
	http.Handler
	prefix string
}

func (w webDir) Resolve(location string) string {
	switch {
	case strings.HasPrefix(location, "http://") || strings.HasPrefix(location, "https://"):
		return location
	case location == "/" || location == "":
		if w.prefix == "" {
			return "/"
		}
		return w.prefix
	}
	return w.prefix + location
}

// newServer serves the app under prefix ("" or "/lab") the way a static
// host would: page requests go to go-app's Handler, /static/ to the CSS.
func newServer(t *testing.T, prefix string) *httptest.Server {
	t.Helper()
	dir := buildSite(t)
	if !registered {
		ui.Register()
		registered = true
	}
	staticDir := filepath.Join(repoRoot(), "static")
	h := &app.Handler{
		Name:  "MCP Wire Lab",
		Title: "MCP Wire Lab",
		// go-app passes these through Resources.Resolve, which adds the prefix.
		Styles:    staticStyles(t, staticDir),
		Icon:      app.Icon{Default: "/static/icon-192.png", SVG: "/static/icon.svg"},
		Resources: webDir{prefix: prefix, Handler: http.FileServer(http.Dir(dir))},
		Version:   "e2e",
	}
	mux := http.NewServeMux()
	mux.Handle(prefix+"/static/", http.StripPrefix(prefix+"/static/", http.FileServer(http.Dir(staticDir))))
	if prefix == "" {
		mux.Handle("/", h)
	} else {
		mux.Handle(prefix+"/", http.StripPrefix(prefix, h))
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// staticStyles links every static/*.css, loader.css first, as the dev
// server does.
func staticStyles(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.css"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no stylesheets in %s: %v", dir, err)
	}
	sort.SliceStable(names, func(i, j int) bool {
		return filepath.Base(names[i]) == "loader.css" && filepath.Base(names[j]) != "loader.css"
	})
	var out []string
	for _, n := range names {
		out = append(out, "/static/"+filepath.Base(n))
	}
	return out
}

// newBrowser starts a fresh headless Chromium with the launch flags known
// to work here.
func newBrowser(t *testing.T) (context.Context, context.CancelFunc) {
	t.Helper()
	actx, acancel := newAllocator(t)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, tcancel := context.WithTimeout(ctx, 90*time.Second)
	return ctx, func() { tcancel(); cancel(); acancel() }
}

// newAllocator prepares a headless Chromium with a fresh profile; extra
// options (e.g. precise memory figures for the benchmarks) are appended.
func newAllocator(t *testing.T, extra ...chromedp.ExecAllocatorOption) (context.Context, context.CancelFunc) {
	t.Helper()
	testenv.SkipShort(t, "headless Chromium")
	exe := findChromium(t)
	// Not t.TempDir: Chromium may still be writing its profile when the
	// test ends, and TempDir's cleanup would then fail the test.
	profile, err := os.MkdirTemp("", "mcpwl-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(profile) })
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1600, 1000),
	}
	return chromedp.NewExecAllocator(context.Background(), append(opts, extra...)...)
}

// waitReady waits until the wasm has mounted the page (prerendered HTML
// looks the same, so the mark set in OnMount is what counts). On the dev
// server's and the static export's pages it first asks for the simulator,
// as a control only the wasm answers does (window.mcpwlNeed,
// cmd/devserver/page_fast.go): there the wasm otherwise starts only once a
// reader who used the page pauses.
func waitReady() chromedp.Action {
	return chromedp.Tasks{
		chromedp.Evaluate(`window.mcpwlNeed && window.mcpwlNeed(), true`, nil),
		chromedp.WaitVisible(`html[data-wl-ready="1"] #lab`, chromedp.ByQuery),
	}
}

func text(sel string, out *string) chromedp.Action {
	return chromedp.Text(sel, out, chromedp.ByQuery, chromedp.NodeVisible)
}

func key(k string) chromedp.Action {
	return chromedp.KeyEvent(k)
}

func shot(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	var buf []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&buf, 100)); err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	return saveShot(t, buf, name)
}

// saveShot writes a screenshot under the test output:
// $MCPWL_SCREENSHOT_DIR, or <tmp>/mcpwl-e2e-shots.
func saveShot(t *testing.T, buf []byte, name string) string {
	t.Helper()
	dir := os.Getenv("MCPWL_SCREENSHOT_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "mcpwl-e2e-shots")
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(repoRoot(), dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", p)
	return p
}

func currentURL(ctx context.Context) (*url.URL, error) {
	var s string
	if err := chromedp.Run(ctx, chromedp.Location(&s)); err != nil {
		return nil, err
	}
	return url.Parse(s)
}

// eventually polls cond until it holds or 10 s pass: go-app updates the
// DOM asynchronously after an event.
func eventually(t *testing.T, what string, cond func() (bool, string)) {
	t.Helper()
	var last string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		ok, got := cond()
		if ok {
			return
		}
		last = got
	}
	t.Fatalf("%s: never happened; last seen %q", what, last)
}

func textIs(t *testing.T, ctx context.Context, sel string, check func(string) bool) func() (bool, string) {
	return func() (bool, string) {
		var s string
		if err := chromedp.Run(ctx, text(sel, &s)); err != nil {
			return false, err.Error()
		}
		return check(s), s
	}
}

func queryIs(ctx context.Context, param, want string) func() (bool, string) {
	return func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		return u.Query().Get(param) == want, u.String()
	}
}

func counter(n, total int) func(string) bool {
	return func(s string) bool {
		s = strings.Join(strings.Fields(s), " ")
		if total < 0 {
			return strings.Contains(s, fmt.Sprintf(" %d ", n))
		}
		return strings.HasSuffix(s, fmt.Sprintf("%d / %d", n, total)) || strings.HasSuffix(s, fmt.Sprintf("%d of %d", n, total))
	}
}

func TestDeepLinkStepAndToggle(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()

	link := srv.URL + "/?scenario=tool-call&version=2026-07-28&transport=http&step=3&lang=zh"
	if err := chromedp.Run(ctx, chromedp.Navigate(link), waitReady()); err != nil {
		t.Fatalf("load %s: %v", link, err)
	}

	// Step counter, Chinese UI, highlighted step 3.
	eventually(t, "counter shows step 3 in Chinese", textIs(t, ctx, "#step-counter", func(s string) bool {
		return strings.Contains(s, "步骤") && strings.Contains(s, "3 /")
	}))
	var cur string
	if err := chromedp.Run(ctx, chromedp.AttributeValue(".row.current", "data-step", &cur, nil, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if cur != "3" {
		t.Fatalf("highlighted row is step %q, want 3", cur)
	}
	// Steps 1–3 are drawn; step 4 is in the DOM but hidden (the instant
	// step patch reveals it, faststep.go); later steps are not drawn.
	var rows []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll("#sequence .row")).map(r => r.dataset.step + (r.hidden ? "h" : "") + (getComputedStyle(r).display === "none" ? "n" : ""))`, &rows)); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rows, " "); got != "1 2 3 4hn" {
		t.Fatalf("rows at step 3: %q, want %q (steps 1-3 shown, step 4 hidden, later steps not drawn)", got, "1 2 3 4hn")
	}
	var next string
	if err := chromedp.Run(ctx, text("#next", &next)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(next, "下一步") {
		t.Fatalf("next button %q is not Chinese", next)
	}
	var total int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`parseInt(document.getElementById("jump").max)`, &total)); err != nil {
		t.Fatal(err)
	}
	if total < 3 {
		t.Fatalf("trace has %d steps", total)
	}
	shot(t, ctx, "step3-zh.png")

	// → and ← move one step; the URL follows.
	if err := chromedp.Run(ctx, key(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "→ goes to step 4", textIs(t, ctx, "#step-counter", counter(4, total)))
	eventually(t, "URL step=4", queryIs(ctx, "step", "4"))
	if err := chromedp.Run(ctx, key(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "← goes back to step 3", textIs(t, ctx, "#step-counter", counter(3, total)))
	eventually(t, "URL step=3", queryIs(ctx, "step", "3"))

	// Walk to a later step, then toggle the version: the engine re-runs and
	// the URL and screen change.
	for i := 0; i < 3; i++ {
		if err := chromedp.Run(ctx, chromedp.Click("#next", chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "clicked to step 6", queryIs(ctx, "step", "6"))
	var before string
	_ = chromedp.Run(ctx, text("#inspector .insp-label", &before))
	if err := chromedp.Run(ctx, key("v")); err != nil {
		t.Fatal(err)
	}
	eventually(t, "v switches version in URL", queryIs(ctx, "version", "2025-11-25"))
	eventually(t, "version button pressed", func() (bool, string) {
		var s string
		err := chromedp.Run(ctx, chromedp.AttributeValue(`#version [data-value="2025-11-25"]`, "aria-pressed", &s, nil, chromedp.ByQuery))
		return err == nil && s == "true", s
	})
	var jsonLen int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("#inspector .t-k").length`, &jsonLen)); err != nil {
		t.Fatal(err)
	}
	t.Logf("after version toggle: step label was %q; %d JSON keys shown", before, jsonLen)

	// Transport toggle with the button.
	if err := chromedp.Run(ctx, chromedp.Click(`#transport [data-value="stdio"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "transport=stdio in URL", queryIs(ctx, "transport", "stdio"))
	eventually(t, "stdio lanes shown (stderr lane)", func() (bool, string) {
		var n int
		err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll(".lane-stderr").length`, &n))
		return err == nil && n == 1, fmt.Sprint(n)
	})
	shot(t, ctx, "stdio-2025-zh.png")

	// Fault selector.
	if err := chromedp.Run(ctx,
		chromedp.SetValue("#fault", "timeout", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("fault").dispatchEvent(new Event("change", {bubbles: true}))`, nil),
	); err != nil {
		t.Fatal(err)
	}
	eventually(t, "fault=timeout in URL", queryIs(ctx, "fault", "timeout"))
	// Go to the end: the deadline clock shows the cancellation.
	if err := chromedp.Run(ctx, key(kb.End)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "deadline clock expired", func() (bool, string) {
		var cls string
		err := chromedp.Run(ctx, chromedp.AttributeValue("#clock", "class", &cls, nil, chromedp.ByQuery))
		return err == nil && strings.Contains(cls, "expired"), cls
	})
	shot(t, ctx, "timeout-end-zh.png")

	// Language switch to English, remembered.
	if err := chromedp.Run(ctx, chromedp.Click("#lang-switch", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "lang=en in URL", queryIs(ctx, "lang", "en"))
	eventually(t, "English counter", textIs(t, ctx, "#step-counter", func(s string) bool { return strings.Contains(s, "Step") }))
	var stored string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`localStorage.getItem("mcpwl.lang")`, &stored)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stored, "en") {
		t.Fatalf("language not remembered: localStorage has %q", stored)
	}
}

func TestScreenshotForReadme(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	link := srv.URL + "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=9&lang=en"
	if err := chromedp.Run(ctx, chromedp.Navigate(link), waitReady()); err != nil {
		t.Fatal(err)
	}
	eventually(t, "step 9", queryIs(ctx, "step", "9"))
	// Point at a field: the field guide explains it.
	// Headless pages have no OS focus: emulate it so focus events fire.
	if err := chromedp.Run(ctx, emulation.SetFocusEmulationEnabled(true), chromedp.Focus(`#inspector .term[data-term="method"]`, chromedp.ByQuery)); err != nil {
		t.Logf("no method field to focus at step 9: %v", err)
	}
	eventually(t, "field guide explains method", textIs(t, ctx, "#field-guide", func(s string) bool { return strings.Contains(s, "What the sender asks for") }))
	var buf []byte
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(1600, 1000), chromedp.CaptureScreenshot(&buf)); err != nil {
		t.Fatal(err)
	}
	shot(t, ctx, "readme-full.png")
	// The README screenshot is refreshed only on request, so a test run
	// never dirties the work tree: MCPWL_UPDATE_SCREENSHOT=1 go test ./e2e
	if os.Getenv("MCPWL_UPDATE_SCREENSHOT") == "" {
		return
	}
	out := filepath.Join(repoRoot(), "docs", "screenshot.png")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("README screenshot: %s", out)
}

func TestBadLinkFallsBackWithNotice(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	link := srv.URL + "/?scenario=tool-call&version=1999-01-01&transport=pigeon&step=9999&lang=en"
	if err := chromedp.Run(ctx, chromedp.Navigate(link), waitReady()); err != nil {
		t.Fatal(err)
	}
	var notice string
	eventually(t, "notice shown", textIs(t, ctx, "#notices", func(s string) bool {
		notice = s
		return strings.Contains(s, "1999-01-01") && strings.Contains(s, "pigeon")
	}))
	var total int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`parseInt(document.getElementById("jump").max)`, &total)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "step past the end shows the last", textIs(t, ctx, "#step-counter", counter(total, total)))
	eventually(t, "URL normalised", queryIs(ctx, "version", ui.DefaultVersion))
	t.Logf("notice: %s", notice)
}

func TestSubPathHosting(t *testing.T) {
	srv := newServer(t, "/lab")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	link := srv.URL + "/lab/?scenario=tool-call&version=2025-11-25&transport=stdio&step=2&lang=en"
	if err := chromedp.Run(ctx, chromedp.Navigate(link), waitReady()); err != nil {
		t.Fatalf("load under sub-path: %v", err)
	}
	if err := chromedp.Run(ctx, key(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "URL keeps the prefix and follows", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		return strings.HasPrefix(u.Path, "/lab") && u.Query().Get("step") == "3", u.String()
	})
	// The stylesheet loaded from under the prefix.
	var bg string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`getComputedStyle(document.querySelector(".toolbar")).borderRadius`, &bg)); err != nil {
		t.Fatal(err)
	}
	if bg != "12px" {
		t.Fatalf("app.css not applied under sub-path (toolbar radius %q)", bg)
	}
}

func TestCompareExportPresenterPrint(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	link := srv.URL + "/?scenario=tool-call&version=2026-07-28&transport=http&view=compare&lang=en"
	if err := chromedp.Run(ctx, chromedp.Navigate(link), waitReady()); err != nil {
		t.Fatal(err)
	}
	var onlyA, onlyB int
	if err := chromedp.Run(ctx,
		chromedp.WaitVisible("#compare", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll("#compare .only-a").length`, &onlyA),
		chromedp.Evaluate(`document.querySelectorAll("#compare .only-b").length`, &onlyB),
	); err != nil {
		t.Fatal(err)
	}
	if onlyA == 0 || onlyB == 0 {
		t.Fatalf("compare view marks %d steps only in 2025-11-25 and %d only in 2026-07-28; want some of each", onlyA, onlyB)
	}
	shot(t, ctx, "compare-en.png")

	// dual-era runs under 2026-07-28 only: the columns are the run
	// without a fault and the selected fault's.
	loadLink(t, ctx, srv.URL+"/?scenario=dual-era&version=2026-07-28&transport=http&fault=legacy-server&view=compare&lang=en")
	// The middle column's marks speak for themselves on screen; its name
	// (cmp.mid, app/compare.go) is for a screen reader only (sr-only).
	heads := evalString(t, ctx, `[...document.querySelectorAll("#compare thead th")].map((th) => th.textContent).join("|")`)
	if heads != "No fault|Difference|Server speaks only 2025-11-25" {
		t.Fatalf("dual-era compare headings %q", heads)
	}
	if mid := evalString(t, ctx, `[...document.querySelectorAll("#compare thead th.cmp-mid > *")].map((e) => e.className + ":" + e.textContent).join("|")`); mid != "sr-only:Difference" {
		t.Fatalf("dual-era compare: the middle heading should be named for screen readers only, got %q", mid)
	}
	if n := evalInt(t, ctx, `document.querySelectorAll("#compare .only-b").length`); n == 0 {
		t.Fatal("dual-era compare: no step marked as only with the legacy server")
	}
	if got := evalString(t, ctx, `document.getElementById("cmp-h").textContent`); got != "Same scenario, without and with the fault" {
		t.Fatalf("dual-era compare title %q", got)
	}
	loadLink(t, ctx, link)

	// Back to stepping with c; presenter mode with p.
	if err := chromedp.Run(ctx, key("c"), key("p")); err != nil {
		t.Fatal(err)
	}
	eventually(t, "presenter mode on", func() (bool, string) {
		var cls string
		err := chromedp.Run(ctx, chromedp.AttributeValue("#lab", "class", &cls, nil, chromedp.ByQuery))
		return err == nil && strings.Contains(cls, "presenter"), cls
	})
	eventually(t, "URL has present=1 and no compare", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		return u.Query().Get("present") == "1" && u.Query().Get("view") == "", u.String()
	})
	for i := 0; i < 8; i++ {
		_ = chromedp.Run(ctx, key(kb.ArrowRight))
	}
	eventually(t, "step 9", queryIs(ctx, "step", "9"))
	shot(t, ctx, "presenter-en.png")
	// Presenter mode folds the export bar away: leave it with p.
	if err := chromedp.Run(ctx, key("p")); err != nil {
		t.Fatal(err)
	}
	eventually(t, "presenter mode off", queryIs(ctx, "present", ""))

	// Mermaid export dialog.
	if err := chromedp.Run(ctx, chromedp.Click("#mermaid", chromedp.ByQuery), chromedp.WaitVisible("#mermaid-text", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var mer string
	if err := chromedp.Run(ctx, chromedp.Value("#mermaid-text", &mer, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(mer, "sequenceDiagram") {
		t.Fatalf("mermaid text %q", mer)
	}
	// Escape closes it; while it is open ? does nothing (the dialog is
	// modal), so wait until it is gone.
	if err := chromedp.Run(ctx, key(kb.Escape), chromedp.WaitNotPresent("#mermaid-dialog", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}

	// Help dialog with ?.
	if err := chromedp.Run(ctx, key("?"), chromedp.WaitVisible("#help", chromedp.ByQuery), key(kb.Escape)); err != nil {
		t.Fatal(err)
	}

	// Print view: every step expanded.
	var total, printed int
	if err := chromedp.Run(ctx,
		emulation.SetEmulatedMedia().WithMedia("print"),
		chromedp.Evaluate(`parseInt(document.getElementById("jump").max)`, &total),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#print-all .print-step")).filter(e => e.offsetParent !== null).length`, &printed),
	); err != nil {
		t.Fatal(err)
	}
	if printed != total || total == 0 {
		t.Fatalf("print view shows %d steps of %d", printed, total)
	}
}

// TestServerSideRender checks the prerendered HTML without a browser: a
// deep link already shows its step before the wasm loads.
func TestServerSideRender(t *testing.T) {
	if !registered {
		ui.Register()
		registered = true
	}
	h := &app.Handler{Name: "MCP Wire Lab", Resources: webDir{Handler: http.NotFoundHandler()}, Version: "t"}
	srv := httptest.NewServer(h)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/?scenario=tool-call&version=2026-07-28&transport=http&step=2&lang=zh")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	html := string(b)
	for _, want := range []string{`id="step-counter"`, "步骤", `data-step="2"`} {
		if !strings.Contains(html, want) {
			t.Errorf("prerendered page lacks %q", want)
		}
	}
}
