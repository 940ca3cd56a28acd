//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "mcpwirelab/app"
	"mcpwirelab/internal/encodings"
	"mcpwirelab/internal/fastpage"
	"mcpwirelab/internal/staticsite"
)

func TestStaticFlags(t *testing.T) {
	web := t.TempDir()
	os.WriteFile(filepath.Join(web, "app.wasm"), fakeWasm("flags"), 0o644)
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-prefix", "course/mcp-lab"}, 2, `must start with "/"`},
		{[]string{"-prefix", "/course//lab"}, 2, "empty path segment"},
		{[]string{"-prefix", "/course/../etc"}, 2, `".." segments`},
		{[]string{"-prefix", "/course lab"}, 2, "use only letters, digits and -._~"},
		{[]string{"-prefix", "/lab?x=1"}, 2, "use only letters, digits and -._~"},
		// Issue 12 item 10: url.PathEscape leaves these alone; README says -._~.
		{[]string{"-prefix", "/a:b"}, 2, `segment "a:b": use only letters, digits and -._~`},
		{[]string{"-prefix", "/a@b"}, 2, "use only letters"},
		{[]string{"-prefix", "/a&b=c"}, 2, "use only letters"},
		{[]string{"-prefix", "/a+b"}, 2, "use only letters"},
		{[]string{"-prefix", "/a$b"}, 2, "use only letters"},
		{[]string{"-prefix", "/é"}, 2, "use only letters"},
		{[]string{"-brotli", "12"}, 2, "want 0–11"},
		{[]string{"-domain", "https://course.example"}, 2, "bare host name"},
		// Issue 12 item 10: a quote went into index.html as markup.
		{[]string{"-domain", `x"><script>alert(1)</script>`}, 2, "bare host name"},
		{[]string{"-domain", "course.example'"}, 2, "bare host name"},
		{[]string{"-domain", `x"onmouseover=alert(1)`}, 2, "bare host name"},
		{[]string{"-domain", "-bad.example"}, 2, "bare host name"},
		{[]string{"-domain", "a..b"}, 2, "bare host name"},
		{[]string{"-domain", strings.Repeat("a", 64) + ".example"}, 2, "bare host name"},
		{[]string{"-nope"}, 2, "flag provided but not defined"},
		{[]string{"extra"}, 2, "unexpected argument"},
		{[]string{"-out", ""}, 2, "-out must not be empty"},
		{[]string{"-web", t.TempDir(), "-out", filepath.Join(t.TempDir(), "site")}, 1, "app.wasm not found: build it first (make wasm)"},
		// A refused -out is a bad flag (README: bad flags exit with code 2),
		// refused before app.wasm is even looked for.
		{[]string{"-web", web, "-out", web}, 2, "is (or holds) the -web folder"},
		{[]string{"-web", web, "-out", filepath.Dir(web)}, 2, "is (or holds) the -web folder"},
		{[]string{"-web", web, "-out", "/"}, 2, "the filesystem root"},
		{[]string{"-web", web, "-out", home}, 2, "your home folder"},
		{[]string{"-web", web, "-out", "."}, 2, "the current folder or one of its parents"},
		{[]string{"-web", t.TempDir(), "-out", "/"}, 2, "the filesystem root"},
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

// fewLinks are the fragments of the exports that test where the export
// writes (every run's take about ten seconds: TestStaticExport has them).
var fewLinks = ui.ReaderLinks()[:2]

// exportForTest runs the export of a fake wasm under prefix.
func exportForTest(t *testing.T, prefix, seed string, out string, links []url.Values) *staticsite.Result {
	t.Helper()
	registerRoutes.Do(registerUI)
	web := t.TempDir()
	if err := os.WriteFile(filepath.Join(web, "app.wasm"), fakeWasm(seed), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := exportStatic(staticsite.Config{Out: out, Prefix: prefix, WebDir: web, StaticDir: filepath.Join(moduleRoot(t), "static"), BrotliLevel: 5, Domain: "course.example", Links: links})
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
	// A few links: e2e TestStaticExportEveryRun checks every run's fragment
	// in the real binary's export (one full export per make test).
	res := exportForTest(t, prefix, "export", out, fewLinks)
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
		// Loaded by the boot script once the page is painted (page_fast.go).
		`"` + prefix + `/app.js"`, `"` + prefix + `/wasm_exec.js"`, `<style id="wl-critical">`,
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
	boot := regexp.MustCompile(`(?s)<script id="wl-boot">(.*?)</script>`).FindStringSubmatch(index)
	if boot == nil {
		t.Fatal("index.html has no boot script")
	}
	for _, m := range regexp.MustCompile(`"(/[^"]*)"`).FindAllStringSubmatch(boot[1], -1) {
		if !strings.HasPrefix(m[1], prefix+"/") {
			t.Errorf("the boot script loads %s outside %s/", m[1], prefix)
		}
	}
	// Nothing in the head blocks the first paint: no stylesheet link
	// outside <noscript>, no script with a src.
	head, _, _ := strings.Cut(index, "</head>")
	head = regexp.MustCompile(`(?s)<noscript>.*?</noscript>`).ReplaceAllString(head, "")
	if b := regexp.MustCompile(`<link [^>]*rel="stylesheet"[^>]*>|<script [^>]*src=[^>]*>`).FindAllString(head, -1); len(b) > 0 {
		t.Errorf("index.html's head has render-blocking resources: %q", b)
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

	// The links' fragments, stamped with the version; every text file is
	// precompressed.
	for _, q := range fewLinks {
		b, err := os.ReadFile(filepath.Join(out, "runs", filepath.FromSlash(fastpage.FragmentPath(q))))
		if err != nil || !strings.HasPrefix(string(b), res.Version+"\n<div ") {
			t.Errorf("fragment %s: %v %.40q", fastpage.FragmentPath(q), err, b)
		}
		// Rendered for its own link (they are rendered two at a time).
		if strings.Contains(string(b), `id="wl-early"`) && !strings.Contains(string(b), `id="wl-early">{"run":"`+ui.ReaderKeyOf(q)+`","lang":"`+q.Get("lang")+`"`) {
			t.Errorf("fragment %s holds another run's data", fastpage.FragmentPath(q))
		}
	}
	if p := precompressProblems(out); len(p) > 0 {
		t.Errorf("precompressed files:\n%s", strings.Join(p, "\n"))
	}

	// A new build replaces the previous export and changes the version
	// (hence the worker's cache name).
	res2 := exportForTest(t, prefix, "export-v2", out, fewLinks)
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

// precompressProblems lists the text files of an export without a .br
// and a .gz that decode to them (the export's own manifest, a hidden
// file no page asks for, is left out).
func precompressProblems(dir string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || !slices.Contains(staticsite.TextExts, filepath.Ext(p)) || d.Name() == staticsite.ExportManifest {
			return err
		}
		raw, _ := os.ReadFile(p)
		for _, enc := range []string{".br", ".gz"} {
			b, err := os.ReadFile(p + enc)
			var got []byte
			if err == nil {
				if enc == ".br" {
					got, err = io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
				} else if zr, zerr := gzip.NewReader(bytes.NewReader(b)); zerr == nil {
					got, err = io.ReadAll(zr)
				} else {
					err = zerr
				}
			}
			if err != nil || !bytes.Equal(got, raw) {
				rel, _ := filepath.Rel(dir, p)
				out = append(out, fmt.Sprintf("%s%s: %v", rel, enc, err))
			}
		}
		return nil
	})
	return out
}

// The broken twins of precompressProblems: a missing .br and a .gz of
// other bytes are reported.
func TestPrecompressProblems(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"index.html": "<p>hello</p>", "app.js": "go()"})
	if err := staticsite.PrecompressText(dir); err != nil {
		t.Fatal(err)
	}
	if p := precompressProblems(dir); len(p) != 0 {
		t.Fatalf("fresh: %v", p)
	}
	os.Remove(filepath.Join(dir, "index.html.br"))
	os.WriteFile(filepath.Join(dir, "app.js.gz"), encodings.EncodeText("gzip", []byte("other")), 0o644)
	if p := precompressProblems(dir); len(p) != 2 {
		t.Errorf("want 2 problems, got %v", p)
	}
}

func TestStaticExportRoot(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	exportForTest(t, "", "root", out, fewLinks)
	index := readExport(t, out, "index.html")
	if !strings.Contains(index, `"/app.js"`) || !strings.Contains(index, `href="/static/app.css?v=`) {
		t.Error("root export does not link /app.js and /static/app.css")
	}
	if !strings.Contains(readExport(t, out, "app.js"), `"GOAPP_ROOT_PREFIX":"/"`) {
		t.Error("root export: GOAPP_ROOT_PREFIX is not /")
	}
}

// The dev server hands out the same worker.
func TestDevServerUsesOfflineWorker(t *testing.T) {
	h := newAppHandler(serveConfig{StaticDir: t.TempDir(), NoAuth: true}, &wasmAsset{version: "x"}, http.NotFoundHandler())
	if h.ServiceWorkerTemplate != staticsite.AppWorkerTemplate {
		t.Fatal("dev server handler does not use the offline worker")
	}
	rec := httptest.NewRecorder()
	registerRoutes.Do(registerUI)
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/app-worker.js", nil))
	if !strings.Contains(rec.Body.String(), `request.mode === "navigate"`) {
		t.Error("/app-worker.js lacks the offline navigation fallback")
	}
	var _ app.ResourceResolver = staticsite.PrefixResolver{}
}

func readExport(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// writeTree creates files (slash paths → content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkTree fails unless every file holds its content.
func checkTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || string(b) != body {
			t.Errorf("%s: %q, %v; want %q (a user's file was touched)", name, b, err, body)
		}
	}
}

// userFiles are what a course site keeps in its export folder.
var userFiles = map[string]string{
	"CNAME":             "course.example\n",
	".git/config":       "[core]\n",
	".git/HEAD":         "ref: refs/heads/gh-pages\n",
	"README.md":         "# our course\n",
	"lessons/01.md":     "lesson one\n",
	"lessons/img/a.png": "png",
	"static/ours.css":   "body{}",  // inside a folder the export writes
	"web/notes.txt":     "keep me", // likewise
}

// Issue 12 item 6: re-exporting into a previous export replaces only what
// the export wrote (its manifest), removes what it no longer writes, and
// keeps a site's own files: CNAME, .git/, README.md, lessons/, and files
// inside the folders the export uses.
func TestStaticExportKeepsUserFiles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	res := exportForTest(t, "", "one", out, fewLinks)
	writeTree(t, out, userFiles)
	// A file the previous export wrote that this one no longer writes, in
	// a folder only it created.
	writeTree(t, out, map[string]string{"old/gone.js": "x"})
	var m staticsite.Manifest
	if err := json.Unmarshal([]byte(readExport(t, out, staticsite.ExportManifest)), &m); err != nil || len(m.Files) != len(res.Files) {
		t.Fatalf("manifest %+v: %v", m, err)
	}
	m.Files, m.Dirs = append(m.Files, "old/gone.js"), append(m.Dirs, "old")
	m.SHA256["old/gone.js"] = sha256Hex("x")
	b, _ := json.Marshal(m)
	os.WriteFile(filepath.Join(out, staticsite.ExportManifest), b, 0o644)

	res2 := exportForTest(t, "", "two", out, fewLinks)
	checkTree(t, out, userFiles)
	if res2.Version == res.Version || !strings.Contains(readExport(t, out, "app-worker.js"), res2.Version) {
		t.Error("the re-export did not replace the export's own files")
	}
	for _, gone := range []string{"old/gone.js", "old"} {
		if _, err := os.Stat(filepath.Join(out, gone)); !os.IsNotExist(err) {
			t.Errorf("%s: still there (%v)", gone, err)
		}
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), staticsite.ExportTmpPrefix) {
			t.Errorf("working folder %s left in the export", e.Name())
		}
	}
	if err := json.Unmarshal([]byte(readExport(t, out, staticsite.ExportManifest)), &m); err != nil || slices.Contains(m.Files, "CNAME") || slices.Contains(m.Files, "old/gone.js") || !slices.Contains(m.Files, "index.html") {
		t.Errorf("new manifest %+v: %v", m, err)
	}

	// A first export into a gh-pages checkout adds its files beside the
	// user's, deleting nothing.
	pages := t.TempDir()
	writeTree(t, pages, userFiles)
	exportForTest(t, "", "three", pages, fewLinks)
	checkTree(t, pages, userFiles)
	if _, err := os.Stat(filepath.Join(pages, "index.html")); err != nil {
		t.Error("no index.html in the gh-pages folder")
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Issue 27 item 7: the manifest is a file in the user's folder, not
// proof. One that lists CNAME, README.md and .git/config (without a hash,
// or with a hash of other bytes) makes the next export keep them and say
// so; a file the export wrote that the user has since edited is not
// overwritten. Without the recorded hashes the export deleted all three.
func TestStaticExportTrustsNoManifest(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	exportForTest(t, "", "one", out, fewLinks)
	writeTree(t, out, userFiles)
	var m staticsite.Manifest
	if err := json.Unmarshal([]byte(readExport(t, out, staticsite.ExportManifest)), &m); err != nil {
		t.Fatal(err)
	}
	if m.SHA256 == nil {
		m.SHA256 = map[string]string{}
	}
	if len(m.SHA256) != len(m.Files) || m.SHA256["index.html"] != sha256Hex(readExport(t, out, "index.html")) {
		t.Errorf("the manifest does not record what the export wrote: %d hashes for %d files", len(m.SHA256), len(m.Files))
	}
	m.Files = append(m.Files, "CNAME", "README.md", ".git/config")
	m.SHA256["CNAME"] = sha256Hex("not what the user wrote\n")
	m.SHA256[".git/config"] = sha256Hex("")
	b, _ := json.Marshal(m) // README.md listed without a hash
	os.WriteFile(filepath.Join(out, staticsite.ExportManifest), b, 0o644)

	res := exportForTest(t, "", "two", out, fewLinks)
	checkTree(t, out, userFiles)
	want := "kept .git/config, CNAME, README.md: the previous " + staticsite.ExportManifest + " lists them, but they no longer hold what an export wrote"
	if !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.HasPrefix(w, want) }) {
		t.Errorf("the export does not say what it kept: %q", res.Warnings)
	}
	m = staticsite.Manifest{}
	if err := json.Unmarshal([]byte(readExport(t, out, staticsite.ExportManifest)), &m); err != nil || slices.Contains(m.Files, "CNAME") || m.SHA256["README.md"] != "" {
		t.Errorf("the new manifest still claims the user's files: %+v", m.Files)
	}

	// A file the export wrote and the user edited is the user's now.
	writeTree(t, out, map[string]string{"index.html": "<html>my edit</html>"})
	registerRoutes.Do(registerUI)
	web := t.TempDir()
	os.WriteFile(filepath.Join(web, "app.wasm"), fakeWasm("three"), 0o644)
	_, err := exportStatic(staticsite.Config{Out: out, WebDir: web, StaticDir: filepath.Join(moduleRoot(t), "static"), BrotliLevel: 1, Links: fewLinks})
	if err == nil || !strings.Contains(err.Error(), "already has index.html, which no export of this tool wrote") {
		t.Errorf("an edited index.html: %v", err)
	}
	if got := readExport(t, out, "index.html"); got != "<html>my edit</html>" {
		t.Errorf("the user's edit of index.html was overwritten (%d bytes now)", len(got))
	}
}

// Issue 12 item 6: folders an export must not write into are refused with
// a clear message and lose nothing: another go-app site (index.html,
// app-worker.js, wasm_exec.js but no manifest), -out foo/.. (the current
// folder), a manifest naming paths outside the folder, a symlink out of it.
func TestStaticExportRefuses(t *testing.T) {
	registerRoutes.Do(registerUI)
	web := t.TempDir()
	os.WriteFile(filepath.Join(web, "app.wasm"), fakeWasm("refuse"), 0o644)
	staticDir := filepath.Join(moduleRoot(t), "static")
	export := func(out string) error {
		_, err := exportStatic(staticsite.Config{Out: out, WebDir: web, StaticDir: staticDir, BrotliLevel: 1, Links: fewLinks})
		return err
	}

	site := t.TempDir()
	goapp := map[string]string{"index.html": "<html>their site</html>", "app-worker.js": "// theirs", "wasm_exec.js": "// theirs", "CNAME": "x\n"}
	writeTree(t, site, goapp)
	if err := export(site); err == nil || !strings.Contains(err.Error(), "already has app-worker.js, index.html, wasm_exec.js, which no export of this tool wrote") {
		t.Errorf("another go-app site: %v", err)
	}
	checkTree(t, site, goapp)

	// -out foo/.. from a folder holding the user's work.
	work := t.TempDir()
	writeTree(t, work, map[string]string{"foo/page.html": "mine", "notes.txt": "mine"})
	t.Chdir(work)
	if err := export("foo/.."); err == nil || !strings.Contains(err.Error(), "-out foo/.. ("+work+") is the current folder or one of its parents") {
		t.Errorf("-out foo/..: %v", err)
	}
	if err := export(".."); err == nil || !strings.Contains(err.Error(), "the current folder or one of its parents") {
		t.Errorf("-out ..: %v", err)
	}
	checkTree(t, work, map[string]string{"foo/page.html": "mine", "notes.txt": "mine"})

	// A manifest that names a path outside the folder is not obeyed.
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{"precious.txt": "keep"})
	tampered := t.TempDir()
	rel, _ := filepath.Rel(tampered, filepath.Join(outside, "precious.txt"))
	b, _ := json.Marshal(staticsite.Manifest{Tool: staticsite.ManifestTool, Files: []string{filepath.ToSlash(rel)}})
	os.WriteFile(filepath.Join(tampered, staticsite.ExportManifest), b, 0o644)
	if err := export(tampered); err == nil || !strings.Contains(err.Error(), "which is not a path inside the folder") {
		t.Errorf("tampered manifest: %v", err)
	}
	checkTree(t, outside, map[string]string{"precious.txt": "keep"})

	// A symlink where the export puts a folder is not followed out.
	linked := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(linked, "web")); err != nil {
		t.Skip(err)
	}
	if err := export(linked); err == nil || !strings.Contains(err.Error(), "already has web") {
		t.Errorf("symlinked web/: %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Errorf("the export wrote through a symlink: %v", entries)
	}
}
