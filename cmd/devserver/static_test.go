//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestStaticFlags(t *testing.T) {
	web := t.TempDir()
	os.WriteFile(filepath.Join(web, "app.wasm"), fakeWasm("flags"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-prefix", "course/mcp-lab"}, 2, `must start with "/"`},
		{[]string{"-prefix", "/course//lab"}, 2, "empty path segment"},
		{[]string{"-prefix", "/course/../etc"}, 2, `".." segments`},
		{[]string{"-prefix", "/course lab"}, 2, "needs URL escaping"},
		{[]string{"-prefix", "/lab?x=1"}, 2, "needs URL escaping"},
		{[]string{"-brotli", "12"}, 2, "want 0–11"},
		{[]string{"-domain", "https://course.example"}, 2, "bare host name"},
		{[]string{"-nope"}, 2, "flag provided but not defined"},
		{[]string{"extra"}, 2, "unexpected argument"},
		{[]string{"-out", ""}, 2, "-out must not be empty"},
		{[]string{"-web", t.TempDir(), "-out", filepath.Join(t.TempDir(), "site")}, 1, "app.wasm not found: build it first (make wasm)"},
		{[]string{"-web", web, "-out", web}, 1, "not a previous export"},
		{[]string{"-h"}, 0, "usage: devserver static"},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"static"}, c.args...), nil, &out, &errb)
		if code != c.code || !strings.Contains(errb.String(), c.want) {
			t.Errorf("static %q: exit %d, stderr %q; want exit %d and %q", c.args, code, errb.String(), c.code, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(web, "app.wasm")); err != nil {
		t.Errorf("a refused -out lost its files: %v", err)
	}
}

func TestNormalizePrefix(t *testing.T) {
	for in, want := range map[string]string{"": "", "/": "", "/lab": "/lab", "/course/mcp-lab/": "/course/mcp-lab", "/a-b_c.d~e": "/a-b_c.d~e"} {
		if got, err := normalizePrefix(in); err != nil || got != want {
			t.Errorf("normalizePrefix(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestPrefixResolver(t *testing.T) {
	r := prefixResolver{prefix: "/course/mcp-lab"}
	for in, want := range map[string]string{
		"/":                        "/course/mcp-lab",
		"":                         "/course/mcp-lab",
		"/web/app.wasm":            "/course/mcp-lab/web/app.wasm",
		"/web":                     "/course/mcp-lab/web",
		"web/x.js":                 "/course/mcp-lab/web/x.js",
		"/static/app.css?v=1":      "/course/mcp-lab/static/app.css?v=1",
		"/app-worker.js":           "/course/mcp-lab/app-worker.js",
		"https://cdn.example/x.js": "https://cdn.example/x.js",
	} {
		if got := r.Resolve(in); got != want {
			t.Errorf("Resolve(%q) = %q, want %q", in, got, want)
		}
	}
	if got := (prefixResolver{}).Resolve("/"); got != "/" {
		t.Errorf("root Resolve(/) = %q", got)
	}
}

// TestOfflineWorkerTemplate pins the patch of go-app's worker: if a go-app
// upgrade changes DefaultAppWorkerJS, this fails instead of silently
// falling back to a worker without offline deep links.
func TestOfflineWorkerTemplate(t *testing.T) {
	s, err := offlineWorkerTemplate()
	if err != nil {
		t.Fatal(err)
	}
	if s != appWorkerTemplate {
		t.Fatal("appWorkerTemplate is not the patched template")
	}
	for _, want := range []string{`request.mode === "navigate"`, "ignoreSearch: true", "cache.match(startPage)", "event.waitUntil(installWorker()", `"app-" + "{{.Version}}"`, "{{.ResourcesToCache}}", `self.addEventListener("push"`} {
		if !strings.Contains(s, want) {
			t.Errorf("worker template lacks %q", want)
		}
	}
	if strings.Count(s, `addEventListener("fetch"`) != 1 {
		t.Error("worker template must have exactly one fetch handler")
	}
}

// exportForTest runs the export of a fake wasm under prefix.
func exportForTest(t *testing.T, prefix, seed string, out string) *staticResult {
	t.Helper()
	registerRoutes.Do(registerUI)
	web := t.TempDir()
	if err := os.WriteFile(filepath.Join(web, "app.wasm"), fakeWasm(seed), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := exportStatic(staticConfig{Out: out, Prefix: prefix, WebDir: web, StaticDir: filepath.Join(moduleRoot(t), "static"), BrotliLevel: 5, Domain: "course.example"})
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	return res
}

func TestStaticExport(t *testing.T) {
	const prefix = "/course/mcp-lab"
	os.Setenv("GOAPP_ROOT_PREFIX", "before")
	defer os.Unsetenv("GOAPP_ROOT_PREFIX")
	out := filepath.Join(t.TempDir(), "site")
	res := exportForTest(t, prefix, "export", out)
	if got := os.Getenv("GOAPP_ROOT_PREFIX"); got != "before" {
		t.Errorf("export left GOAPP_ROOT_PREFIX=%q in the environment", got)
	}
	for _, f := range []string{"index.html", "app.js", "app-worker.js", "manifest.webmanifest", "wasm_exec.js", "app.css",
		"web/app.wasm", "web/app.wasm.br", "web/app.wasm.gz", "static/app.css", "static/loader.css", "static/icon-192.png", "static/icon-512.png", "static/icon.svg"} {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Mode().Perm()&0o044 != 0o044 {
			t.Errorf("%s: %v (must exist and be world-readable)", f, err)
		}
	}
	raw := fakeWasm("export")
	br, _ := os.ReadFile(filepath.Join(out, "web", "app.wasm.br"))
	if got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br))); err != nil || !bytes.Equal(got, raw) {
		t.Errorf("app.wasm.br does not decode to app.wasm (%v)", err)
	}
	gz, _ := os.ReadFile(filepath.Join(out, "web", "app.wasm.gz"))
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, raw) {
		t.Errorf("app.wasm.gz does not decode to app.wasm (%v)", err)
	}
	if res.Raw != len(raw) || res.Brotli != len(br) || res.Gzip != len(gz) {
		t.Errorf("result sizes %+v", res)
	}

	// Same handler configuration as the dev server, under the prefix.
	index := readExport(t, out, "index.html")
	content := buildVersion(raw, filepath.Join(moduleRoot(t), "static"))
	for _, want := range []string{
		"<title>MCP Wire Lab", `id="app-wasm-loader"`, `id="step-counter"`,
		`href="` + prefix + `/static/loader.css?v=` + content + `"`,
		`href="` + prefix + `/static/app.css?v=` + content + `"`,
		`href="` + prefix + `/static/icon.svg?v=` + content + `"`,
		`href="` + prefix + `/manifest.webmanifest"`,
		`src="` + prefix + `/app.js"`, `src="` + prefix + `/wasm_exec.js"`,
		`content="https://course.example` + prefix + `"`,
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	// No local URL escapes the prefix.
	for _, m := range regexp.MustCompile(`(?:href|src)="(/[^"]*)"`).FindAllStringSubmatch(index, -1) {
		if !strings.HasPrefix(m[1], prefix+"/") {
			t.Errorf("index.html links %s outside %s/", m[1], prefix)
		}
	}
	if strings.Contains(index, "raw.githubusercontent.com") {
		t.Error("index.html refers to remote icons")
	}
	appJS := readExport(t, out, "app.js")
	for _, want := range []string{`"GOAPP_ROOT_PREFIX":"` + prefix + `"`, `"GOAPP_VERSION":"` + res.Version + `"`,
		`"` + prefix + `/web/app.wasm"`, `"` + prefix + `/app-worker.js"`, `goappWasmContentLength = "` + itoa(len(raw)) + `"`} {
		if !strings.Contains(appJS, want) {
			t.Errorf("app.js lacks %s", want)
		}
	}
	if strings.Contains(appJS, "MCPWL_TOKEN") {
		t.Error("static app.js embeds an MCP token")
	}
	if res.Version != content {
		t.Errorf("Version %s, want the content hash %s", res.Version, content)
	}
	worker := readExport(t, out, "app-worker.js")
	for _, want := range []string{`const cacheName = "app-" + "` + res.Version + `"`, `"` + prefix + `/web/app.wasm"`, `request.mode === "navigate"`} {
		if !strings.Contains(worker, want) {
			t.Errorf("app-worker.js lacks %s", want)
		}
	}
	var manifest map[string]any
	if err := json.Unmarshal([]byte(readExport(t, out, "manifest.webmanifest")), &manifest); err != nil {
		t.Fatal(err)
	}
	if manifest["start_url"] != prefix+"/" || manifest["scope"] != prefix+"/" {
		t.Errorf("manifest start_url %v scope %v, want %s/", manifest["start_url"], manifest["scope"], prefix)
	}

	// A plain file server under the prefix: deep links land on index.html.
	mux := http.NewServeMux()
	mux.Handle(prefix+"/", http.StripPrefix(prefix, http.FileServer(http.Dir(out))))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for path, want := range map[string]string{
		prefix + "/?scenario=tool-call&version=2025-11-25&transport=stdio&step=4&lang=zh": `id="step-counter"`,
		prefix + "/web/app.wasm":                "\x00asm",
		prefix + "/static/app.css?v=" + content: ".toolbar",
		prefix + "/app-worker.js":               "cacheName",
	} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: %d, body lacks %q", path, resp.StatusCode, want)
		}
	}

	// A new build replaces the previous export and changes the version
	// (hence the worker's cache name).
	res2 := exportForTest(t, prefix, "export-v2", out)
	if res2.Version == res.Version {
		t.Error("a new wasm did not change Version")
	}
	if !strings.Contains(readExport(t, out, "app-worker.js"), `"app-" + "`+res2.Version+`"`) {
		t.Error("re-export did not update app-worker.js")
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 1 {
		t.Errorf("temporary directories left next to the export: %v", entries)
	}
}

func TestStaticExportRoot(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	exportForTest(t, "", "root", out)
	index := readExport(t, out, "index.html")
	if !strings.Contains(index, `src="/app.js"`) || !strings.Contains(index, `href="/static/app.css?v=`) {
		t.Error("root export does not link /app.js and /static/app.css")
	}
	if !strings.Contains(readExport(t, out, "app.js"), `"GOAPP_ROOT_PREFIX":"/"`) {
		t.Error("root export: GOAPP_ROOT_PREFIX is not /")
	}
}

// The dev server hands out the same worker.
func TestDevServerUsesOfflineWorker(t *testing.T) {
	h := newAppHandler(serveConfig{StaticDir: t.TempDir(), NoAuth: true}, &wasmAsset{version: "x"}, http.NotFoundHandler())
	if h.ServiceWorkerTemplate != appWorkerTemplate {
		t.Fatal("dev server handler does not use the offline worker")
	}
	rec := httptest.NewRecorder()
	registerRoutes.Do(registerUI)
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/app-worker.js", nil))
	if !strings.Contains(rec.Body.String(), `request.mode === "navigate"`) {
		t.Error("/app-worker.js lacks the offline navigation fallback")
	}
	var _ app.ResourceResolver = prefixResolver{}
}

func readExport(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
