package e2e

// The static export (`devserver static`) served by a plain file server
// (http.FileServer, no go-app code) under a sub-path, as a course site would
// host it: deep links, stepping, and offline after the first visit.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	ui "mcpwirelab/app"
	"mcpwirelab/internal/fastpage"
	"mcpwirelab/internal/testenv"
)

const coursePrefix = "/course/mcp-lab"

var (
	devserverOnce sync.Once
	devserverBin  string
	devserverErr  error
	exportsMu     sync.Mutex
	exports       = map[string]string{}
)

// buildDevserver compiles the native devserver once per test binary.
func buildDevserver(t testing.TB) string {
	t.Helper()
	testenv.SkipShort(t, "the dev server binary")
	devserverOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mcpwl-devserver-")
		if err != nil {
			devserverErr = err
			return
		}
		devserverBin = filepath.Join(dir, "devserver")
		cmd := exec.Command("go", "build", "-o", devserverBin, "./cmd/devserver")
		cmd.Dir = repoRoot()
		if out, err := cmd.CombinedOutput(); err != nil {
			devserverErr = fmt.Errorf("building devserver: %v\n%s", err, out)
		}
	})
	if devserverErr != nil {
		t.Fatal(devserverErr)
	}
	return devserverBin
}

// staticExport runs `devserver static -prefix prefix` on the test's wasm
// build (once per prefix) and returns the site directory.
func staticExport(t *testing.T, prefix string) string {
	t.Helper()
	testenv.SkipShort(t, "the dev server binary")
	exportsMu.Lock()
	defer exportsMu.Unlock()
	if dir, ok := exports[prefix]; ok {
		return dir
	}
	site := buildSite(t)
	out := filepath.Join(site, "export"+strings.ReplaceAll(prefix, "/", "_"))
	cmd := exec.Command(buildDevserver(t), "static", "-web", filepath.Join(site, "web"),
		"-static", filepath.Join(repoRoot(), "static"), "-out", out, "-prefix", prefix, "-brotli", "1")
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("devserver static: %v\n%s", err, b)
	}
	t.Logf("devserver static: %s", b)
	exports[prefix] = out
	return out
}

// plainHost is a plain file server for the export under prefix. It logs
// request paths, and when offline it drops every connection without an
// answer, like a host that went away.
type plainHost struct {
	*httptest.Server
	mu      sync.Mutex
	paths   []string
	offline bool
	refused []string
}

func newPlainHost(t *testing.T, dir, prefix string) *plainHost {
	t.Helper()
	h := &plainHost{}
	mux := http.NewServeMux()
	mux.Handle(prefix+"/", http.StripPrefix(prefix, http.FileServer(http.Dir(dir))))
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		off := h.offline
		if off {
			h.refused = append(h.refused, r.URL.Path)
		} else {
			h.paths = append(h.paths, r.URL.Path)
		}
		h.mu.Unlock()
		if off {
			panic(http.ErrAbortHandler)
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(h.Close)
	return h
}

func (h *plainHost) setOffline(off bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.offline = off
}

// seen returns the paths served and the paths refused while offline.
func (h *plainHost) seen() (served, refused []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.paths...), append([]string(nil), h.refused...)
}

func evalAsync(expr string, out any) chromedp.Action {
	return chromedp.Evaluate(expr, out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
		return p.WithAwaitPromise(true)
	})
}

func TestStaticExportSubPathDeepLink(t *testing.T) {
	site := staticExport(t, coursePrefix)
	host := newPlainHost(t, site, coursePrefix)
	ctx, cancel := newBrowser(t)
	defer cancel()

	link := host.URL + coursePrefix + "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=en"
	if err := chromedp.Run(ctx, chromedp.Navigate(link), waitReady()); err != nil {
		t.Fatalf("load %s: %v", link, err)
	}
	var total int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`parseInt(document.getElementById("jump").max)`, &total)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "deep link shows step 3", textIs(t, ctx, "#step-counter", counter(3, total)))
	for i := 0; i < 2; i++ {
		if err := chromedp.Run(ctx, chromedp.Click("#next", chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Run(ctx, key(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "stepped to 6", textIs(t, ctx, "#step-counter", counter(6, total)))
	eventually(t, "URL keeps the prefix and follows the step", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		q := u.Query()
		return u.Path == coursePrefix+"/" && q.Get("step") == "6" && q.Get("version") == "2026-07-28" && q.Get("transport") == "http", u.String()
	})
	// Toggle the version: the engine re-runs, the URL still keeps the prefix.
	if err := chromedp.Run(ctx, chromedp.Click(`#version [data-value="2025-11-25"]`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "version toggled under the prefix", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		return u.Path == coursePrefix+"/" && u.Query().Get("version") == "2025-11-25", u.String()
	})
	var radius string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`getComputedStyle(document.querySelector(".toolbar")).borderRadius`, &radius)); err != nil {
		t.Fatal(err)
	}
	if radius != "12px" {
		t.Errorf("static/app.css not applied under the sub-path (toolbar radius %q)", radius)
	}
	paths, _ := host.seen()
	for _, p := range paths {
		if !strings.HasPrefix(p, coursePrefix+"/") && p != "/favicon.ico" {
			t.Errorf("the page requested %s, outside %s/", p, coursePrefix)
		}
	}
	t.Logf("requests: %v", paths)
}

// waitOfflineReady waits until the service worker controls the page and its
// versioned cache holds the wasm and the start page.
func waitOfflineReady(t *testing.T, ctx context.Context, version, origin string) {
	t.Helper()
	probe := fmt.Sprintf(`(async () => {
		if (!navigator.serviceWorker.controller) return "no controller yet";
		const names = await caches.keys();
		if (!names.includes(%[1]q)) return "caches: " + names.join(",");
		const c = await caches.open(%[1]q);
		const have = (await c.keys()).map(r => r.url);
		for (const u of [%[2]q, %[3]q]) if (!have.includes(u)) return "cache lacks " + u + ": " + have.join(" ");
		return "ok";
	})()`, "app-"+version, origin+coursePrefix+"/web/app.wasm", origin+coursePrefix+"/")
	eventually(t, "service worker installed with app-"+version, func() (bool, string) {
		var s string
		if err := chromedp.Run(ctx, evalAsync(probe, &s)); err != nil {
			return false, err.Error()
		}
		return s == "ok", s
	})
}

// exportVersion is the export's Version (app.js's GOAPP_VERSION).
func exportVersion(t *testing.T, site string) string {
	t.Helper()
	appJS, err := os.ReadFile(filepath.Join(site, "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`"GOAPP_VERSION":"([^"]+)"`).FindSubmatch(appJS)
	if m == nil {
		t.Fatal("no GOAPP_VERSION in app.js")
	}
	return string(m[1])
}

// TestStaticExportEveryRun: the real `devserver static` (the binary, as
// make static runs it) writes a fragment for every run of the engine's
// matrix in both languages, stamped with the export's version and
// rendered for its own link, with its precompressed twins. (cmd/devserver's
// TestStaticExport checks the export's other files on a few links; this is
// the one full export a make test builds.)
func TestStaticExportEveryRun(t *testing.T) {
	site := staticExport(t, coursePrefix)
	version := exportVersion(t, site)
	links := ui.ReaderLinks()
	if len(links) < 100 {
		t.Fatalf("only %d reader links: the matrix shrank", len(links))
	}
	for _, q := range links {
		p := filepath.Join(site, "runs", filepath.FromSlash(fastpage.FragmentPath(q)))
		b, err := os.ReadFile(p)
		if err != nil || !strings.HasPrefix(string(b), version+"\n<div ") {
			t.Errorf("fragment %s: %v %.40q", fastpage.FragmentPath(q), err, b)
			continue
		}
		// Rendered for its own link (they are rendered two at a time).
		if strings.Contains(string(b), `id="wl-early"`) && !strings.Contains(string(b), `id="wl-early">{"run":"`+ui.ReaderKeyOf(q)+`","lang":"`+q.Get("lang")+`"`) {
			t.Errorf("fragment %s holds another run's data", fastpage.FragmentPath(q))
		}
		for _, enc := range []string{".br", ".gz"} {
			if st, err := os.Stat(p + enc); err != nil || st.Size() == 0 {
				t.Errorf("fragment %s has no %s: %v", fastpage.FragmentPath(q), enc, err)
			}
		}
	}
}

func TestStaticExportOffline(t *testing.T) {
	site := staticExport(t, coursePrefix)
	version := exportVersion(t, site)
	host := newPlainHost(t, site, coursePrefix)
	ctx, cancel := newBrowser(t)
	defer cancel()

	first := host.URL + coursePrefix + "/?scenario=tool-call&version=2026-07-28&transport=http&step=2&lang=en"
	if err := chromedp.Run(ctx, chromedp.Navigate(first), waitReady()); err != nil {
		t.Fatalf("first visit: %v", err)
	}
	waitOfflineReady(t, ctx, version, host.URL)

	// Network off: the host drops every connection and the browser is
	// told it is offline.
	host.setOffline(true)
	if err := chromedp.Run(ctx, network.Enable(), network.EmulateNetworkConditions(true, 0, -1, -1)); err != nil {
		t.Fatal(err)
	}

	if err := chromedp.Run(ctx, chromedp.Reload(), waitReady()); err != nil {
		t.Fatalf("offline reload: %v", err)
	}
	var total int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`parseInt(document.getElementById("jump").max)`, &total)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "offline reload shows step 2", textIs(t, ctx, "#step-counter", counter(2, total)))

	// A deep link never visited before (other query string): served from
	// the cached start page, rendered from the URL.
	deep := host.URL + coursePrefix + "/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=5&lang=zh"
	if err := chromedp.Run(ctx, chromedp.Navigate(deep), waitReady()); err != nil {
		t.Fatalf("offline deep link: %v", err)
	}
	eventually(t, "offline deep link shows step 5 in Chinese", textIs(t, ctx, "#step-counter", func(s string) bool {
		return strings.Contains(s, "步骤") && strings.Contains(s, "5 /")
	}))
	if err := chromedp.Run(ctx, chromedp.Click("#next", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "offline stepping, URL keeps the prefix", func() (bool, string) {
		u, err := currentURL(ctx)
		if err != nil {
			return false, err.Error()
		}
		return u.Path == coursePrefix+"/" && u.Query().Get("step") == "6" && u.Query().Get("transport") == "stdio", u.String()
	})
	var lanes int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll(".lane-stderr").length`, &lanes)); err != nil {
		t.Fatal(err)
	}
	if lanes != 1 {
		t.Errorf("offline stdio deep link: %d stderr lanes, want 1", lanes)
	}
	_, refused := host.seen()
	t.Logf("offline: the host refused %d requests %v; the pages came from app-%s", len(refused), refused, version)

	// Back online, the page still loads from the network.
	host.setOffline(false)
	if err := chromedp.Run(ctx, network.EmulateNetworkConditions(false, 0, -1, -1)); err != nil {
		t.Fatal(err)
	}
	before, _ := host.seen()
	if err := chromedp.Run(ctx, chromedp.Reload(), waitReady()); err != nil {
		t.Fatalf("online reload: %v", err)
	}
	after, _ := host.seen()
	if len(after) == len(before) {
		t.Error("online reload did not reach the host (navigations should be network-first)")
	}
}
