//go:build !(js && wasm)

package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	ui "mcpwirelab/app"
)

func TestServePagesAndStatic(t *testing.T) {
	ts := startServer(t, nil)
	resp, body := ts.do(t, nil, "GET", "/", "", nil)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	page := string(body)
	version := buildVersion(fakeWasm("v1"), ts.cfg.StaticDir)
	for _, want := range []string{
		"<title>MCP Wire Lab", `id="app-wasm-loader"`, "0%",
		"/static/loader.css?v=" + version, "/static/icon-192.png?v=" + version,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page, "raw.githubusercontent.com") {
		t.Error("page refers to remote icons")
	}

	_, appJS := ts.do(t, nil, "GET", "/app.js", "", nil)
	for _, want := range []string{`"MCPWL_LIVE":"1"`, `goappWasmContentLength = "` + itoa(len(fakeWasm("v1"))) + `"`, `"GOAPP_VERSION":"` + version + `"`} {
		if !strings.Contains(string(appJS), want) {
			t.Errorf("app.js lacks %s", want)
		}
	}
	if strings.Contains(string(appJS), testToken) || strings.Contains(page, testToken) {
		t.Error("the page or app.js carries the token")
	}
	if !strings.Contains(page, ui.TokenIntake) {
		t.Error("the page lacks the token intake script")
	}

	for _, c := range []struct{ path, ctype, cache string }{
		{"/static/loader.css", "text/css; charset=utf-8", "no-cache"},
		{"/static/loader.css?v=" + version, "text/css; charset=utf-8", "public, max-age=31536000, immutable"},
		{"/static/loader.css?v=stale", "text/css; charset=utf-8", "no-cache"},
		{"/static/icon-192.png?v=" + version, "image/png", "public, max-age=31536000, immutable"},
		{"/static/icon-512.png", "image/png", "no-cache"},
		{"/static/icon.svg", "image/svg+xml", "no-cache"},
		{"/static/app.webmanifest", "application/manifest+json", "no-cache"},
		{"/web/extra.js", "text/javascript; charset=utf-8", "no-cache"},
		{"/manifest.webmanifest", "application/manifest+json", ""},
		{"/app.css", "text/css", ""},
	} {
		resp, _ := ts.do(t, nil, "GET", c.path, "", nil)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != c.ctype {
			t.Errorf("%s: %d %q, want 200 %q", c.path, resp.StatusCode, resp.Header.Get("Content-Type"), c.ctype)
		}
		if c.cache != "" && resp.Header.Get("Cache-Control") != c.cache {
			t.Errorf("%s: Cache-Control %q, want %q", c.path, resp.Header.Get("Cache-Control"), c.cache)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", c.path)
		}
		if resp.Header.Get("Cross-Origin-Resource-Policy") != "same-origin" {
			t.Errorf("%s: Cross-Origin-Resource-Policy %q", c.path, resp.Header.Get("Cross-Origin-Resource-Policy"))
		}
	}
	for _, p := range []string{"/static/", "/static/missing.css", "/static/.hidden", "/web/", "/static/../serve.go"} {
		if resp, _ := ts.do(t, nil, "GET", p, "", nil); resp.StatusCode != 404 && resp.StatusCode != 301 {
			t.Errorf("%s: %d, want 404", p, resp.StatusCode)
		}
	}
	if resp, _ := ts.do(t, nil, "POST", "/static/loader.css", "x", nil); resp.StatusCode != 405 {
		t.Errorf("POST static: %d", resp.StatusCode)
	}
	// DNS rebinding: a foreign Host gets nothing, not even the page (it
	// holds the token).
	if resp, _ := ts.do(t, nil, "GET", "/app.js", "", map[string]string{"Host": "rebind.evil.example:8080"}); resp.StatusCode != 403 {
		t.Errorf("foreign Host: %d", resp.StatusCode)
	}
	if !strings.Contains(ts.stdout.String(), "open   "+ts.base+"/#token="+testToken+"\n") {
		t.Errorf("banner: %q", ts.stdout.String())
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestServeWasmPrecompressed(t *testing.T) {
	ts := startServer(t, nil)
	raw := fakeWasm("v1")
	version := buildVersion(raw, ts.cfg.StaticDir)
	decode := map[string]func([]byte) []byte{
		"br": func(b []byte) []byte { out, _ := io.ReadAll(brotli.NewReader(bytes.NewReader(b))); return out },
		"gzip": func(b []byte) []byte {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				return nil
			}
			out, _ := io.ReadAll(zr)
			return out
		},
		"": func(b []byte) []byte { return b },
	}
	for _, c := range []struct{ accept, enc string }{
		{"br, gzip, deflate", "br"},
		{"gzip, deflate, br;q=0.5", "br"},
		{"gzip", "gzip"},
		{"x-gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"*", "br"},
		{"", ""},
		{"identity", ""},
		{"deflate", ""},
		{"br;q=0, gzip;q=0", ""},
	} {
		resp, body := ts.do(t, nil, "GET", "/web/app.wasm", "", map[string]string{"Accept-Encoding": c.accept})
		h := resp.Header
		wantETag := `"` + version + `"`
		if c.enc != "" {
			wantETag = `"` + version + "-" + c.enc + `"`
		}
		if resp.StatusCode != 200 || h.Get("Content-Type") != "application/wasm" ||
			h.Get("Content-Encoding") != c.enc || h.Get("Vary") != "Accept-Encoding" ||
			h.Get("Cache-Control") != "no-cache" || h.Get("ETag") != wantETag ||
			h.Get("Content-Length") != itoa(len(body)) {
			t.Errorf("Accept-Encoding %q: %d %v", c.accept, resp.StatusCode, h)
		}
		if !bytes.Equal(decode[c.enc](body), raw) {
			t.Errorf("Accept-Encoding %q: body does not decode to app.wasm", c.accept)
		}
		if c.enc != "" && len(body) >= len(raw) {
			t.Errorf("%s not smaller: %d >= %d", c.enc, len(body), len(raw))
		}
		// Revalidation with the ETag of that representation.
		resp, body = ts.do(t, nil, "GET", "/web/app.wasm", "", map[string]string{"Accept-Encoding": c.accept, "If-None-Match": wantETag})
		if resp.StatusCode != 304 || len(body) != 0 {
			t.Errorf("If-None-Match %s: %d", wantETag, resp.StatusCode)
		}
	}
	resp, body := ts.do(t, nil, "HEAD", "/web/app.wasm", "", map[string]string{"Accept-Encoding": "br"})
	if resp.StatusCode != 200 || len(body) != 0 || resp.ContentLength <= 0 {
		t.Errorf("HEAD: %d %d", resp.StatusCode, resp.ContentLength)
	}
	// go-app's aliases reach the same handler.
	if resp, _ := ts.do(t, nil, "GET", "/app.wasm", "", map[string]string{"Accept-Encoding": "gzip"}); resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("/app.wasm alias: %v", resp.Header)
	}
	if resp, _ := ts.do(t, nil, "GET", "/"+version+"/web/app.wasm", "", map[string]string{"Accept-Encoding": "br"}); resp.Header.Get("Content-Encoding") != "br" {
		t.Errorf("versioned alias: %d %v", resp.StatusCode, resp.Header)
	}
	if resp, _ := ts.do(t, nil, "POST", "/web/app.wasm", "x", nil); resp.StatusCode != 405 {
		t.Errorf("POST wasm: %d", resp.StatusCode)
	}
}

func TestLoadWasmPrecompressedFiles(t *testing.T) {
	dir := t.TempDir()
	raw := fakeWasm("v2")
	os.WriteFile(filepath.Join(dir, "app.wasm"), raw, 0o644)
	// A valid .br from the build is used as is.
	var br bytes.Buffer
	bw := brotli.NewWriterLevel(&br, 11)
	bw.Write(raw)
	bw.Close()
	os.WriteFile(filepath.Join(dir, "app.wasm.br"), br.Bytes(), 0o644)
	// A stale .gz (older build) is ignored, and none is made at start-up.
	var gz bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write(fakeWasm("v1"))
	gw.Close()
	os.WriteFile(filepath.Join(dir, "app.wasm.gz"), gz.Bytes(), 0o644)

	var logs []string
	a, err := loadWasm(dir, false, func(f string, args ...any) { logs = append(logs, f) })
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.br, br.Bytes()) {
		t.Error("app.wasm.br not used")
	}
	if a.gz != nil {
		t.Error("stale app.wasm.gz kept")
	}
	if !strings.Contains(strings.Join(logs, "\n"), "missing, or not made from this app.wasm") {
		t.Errorf("stale file not reported: %q", logs)
	}
	// Missing app.wasm: not fatal, served as 404 with a hint.
	a, err = loadWasm(t.TempDir(), false, func(string, ...any) {})
	if err != nil || a.raw != nil {
		t.Fatalf("missing wasm: %v", err)
	}
	// A new build changes the version.
	if buildVersion(raw, dir) == buildVersion(fakeWasm("v1"), dir) {
		t.Error("version ignores app.wasm")
	}
}

// TestNoResponseRevealsTheToken (issue 12 item 1): nothing the server
// answers without the token contains it — not the page, app.js, the
// worker, the manifest, any file the worker precaches, the errors of /mcp
// or of a preflight — and nothing it serves depends on it (two tokens give
// the same bytes, so no hash of it leaks either). Only the start-up line
// carries it, in the URL fragment, which browsers never send.
func TestNoResponseRevealsTheToken(t *testing.T) {
	a := startServer(t, nil)
	b := startServer(t, func(c *serveConfig) { c.Token = "another-token-abcdefghijklmnopqrstuvwxyz" })
	version := buildVersion(fakeWasm("v1"), a.cfg.StaticDir)
	paths := []string{"/", "/?scenario=tool-call&step=3", "/app.js", "/app-worker.js", "/manifest.webmanifest", "/wasm_exec.js",
		"/app.css", "/web/app.wasm", "/app.wasm", "/" + version + "/web/app.wasm", "/web/extra.js", "/static/loader.css",
		"/static/icon-192.png", "/static/icon.svg", "/missing", "/mcp"}
	_, worker := a.do(t, nil, "GET", "/app-worker.js", "", nil)
	m := regexp.MustCompile(`const resourcesToCache = (\[.*?\]);`).FindSubmatch(worker)
	if m == nil {
		t.Fatalf("no resourcesToCache in app-worker.js")
	}
	var precached []string
	if err := json.Unmarshal(m[1], &precached); err != nil || len(precached) < 5 {
		t.Fatalf("resourcesToCache %s: %v", m[1], err)
	}
	paths = append(paths, precached...)
	served := func(ts *testServer) []string {
		var out []string
		for _, p := range paths {
			for _, req := range []struct {
				method, body string
				hdr          map[string]string
			}{
				{"GET", "", nil},
				{"GET", "", map[string]string{"Accept-Encoding": "br, gzip"}},
				{"HEAD", "", nil},
				{"POST", "{}", map[string]string{"Content-Type": "application/json"}},
				{"POST", "{}", map[string]string{"Authorization": "Bearer wrong", "Origin": ts.base}},
				{"OPTIONS", "", map[string]string{"Origin": ts.base, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization"}},
				{"OPTIONS", "", map[string]string{"Origin": "http://127.0.0.1:1", "Access-Control-Request-Method": "POST"}},
			} {
				resp, body := ts.do(t, nil, req.method, p, req.body, req.hdr)
				var hdr strings.Builder
				resp.Header.Write(&hdr)
				for _, secret := range []string{testToken, "another-token-abcdefghijklmnopqrstuvwxyz"} {
					if strings.Contains(hdr.String(), secret) || bytes.Contains(body, []byte(secret)) {
						t.Errorf("%s %s (%v): the answer contains the token", req.method, p, req.hdr)
					}
				}
				if req.method == "GET" && req.hdr == nil {
					// Sorted bytes: go-app writes attributes in map order.
					sorted := bytes.Clone(body)
					slices.Sort(sorted)
					out = append(out, fmt.Sprintf("%s %d %x", p, resp.StatusCode, sha256.Sum256(sorted)))
				}
			}
		}
		return out
	}
	ga, gb := served(a), served(b)
	for i := range ga {
		if ga[i] != gb[i] {
			t.Errorf("the answer depends on the token: %s vs %s", ga[i], gb[i])
		}
	}
	for _, ts := range []*testServer{a, b} {
		banner := ts.stdout.String()
		if want := "  open   " + ts.base + "/" + ui.TokenFragment + ts.cfg.Token + "\n"; !strings.Contains(banner, want) {
			t.Errorf("banner lacks %q: %q", want, banner)
		}
	}
}
