//go:build !(js && wasm)

package main

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"mcpwirelab/internal/encodings"
	"mcpwirelab/internal/fastpage"
)

// go-app's own app.js is patched exactly once; one of another shape is
// refused, not patched blindly.
func TestPatchAppJS(t *testing.T) {
	registerRoutes.Do(registerUI)
	h := newAppHandler(serveConfig{StaticDir: t.TempDir(), NoAuth: true}, &wasmAsset{version: "x"}, http.NotFoundHandler())
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.js", nil))
	js, err := fastpage.PatchAppJS(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), "mcpwlStart();") || strings.Contains(string(js), fastpage.AppJSStart) {
		t.Error("app.js not patched")
	}
	// The prefetch names the wasm go-app fetches, and go-app's fetch takes
	// the prefetched bytes.
	m := fastpage.AppJSWasmRE.FindSubmatch(js)
	if m == nil || !strings.Contains(string(js), "mcpwlPrefetch("+string(m[1])+");") || strings.Contains(string(js), "__WASM__") {
		t.Errorf("the prefetch does not name go-app's wasm URL (%q)", m)
	}
	if !strings.Contains(string(js), fastpage.AppJSWasmFetchFast) || strings.Contains(string(js), fastpage.AppJSWasmFetch) {
		t.Error("go-app's fetchWithProgress still fetches the wasm itself")
	}
	if _, err := fastpage.PatchAppJS(js); err == nil {
		t.Error("a patched app.js was patched again")
	}
	if _, err := fastpage.PatchAppJS([]byte("goappInitWebAssembly();")); err == nil {
		t.Error("an app.js of another shape was accepted")
	}
}

// The dev server's pages: critical CSS inline, nothing render-blocking,
// compressed when the browser accepts it, 304 on the version's ETag.
func TestPageServer(t *testing.T) {
	registerRoutes.Do(registerUI)
	static := t.TempDir()
	writeTree(t, static, map[string]string{"app.css": ".toolbar{border-radius:12px}.nowhere-in-the-page{x:y}"})
	cfg := serveConfig{StaticDir: static, NoAuth: true}
	h := newAppHandler(cfg, &wasmAsset{version: "x"}, http.NotFoundHandler())
	srv := encodings.CompressText(fastpage.PageHandler(h, static, t.Logf))
	get := func(path, enc string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		if enc != "" {
			r.Header.Set("Accept-Encoding", enc)
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, r)
		return rec
	}
	rec := get("/?scenario=tool-call&step=2", "")
	page := rec.Body.String()
	if rec.Code != 200 || !strings.Contains(page, `<style id="wl-critical">`) || !strings.Contains(page, ".toolbar{border-radius:12px}") {
		t.Fatalf("page: %d\n%.2000s", rec.Code, page)
	}
	if strings.Contains(page, "nowhere-in-the-page") {
		t.Error("critical CSS has a rule for a class the page lacks")
	}
	head, _, _ := strings.Cut(page, "</head>")
	if regexp.MustCompile(`<link [^>]*rel="stylesheet"`).MatchString(strings.Split(head, "<noscript>")[0]) {
		t.Errorf("a stylesheet blocks the first paint:\n%s", head)
	}
	if br := get("/?scenario=tool-call&step=2", "br, gzip"); br.Header().Get("Content-Encoding") != "br" || br.Body.Len() >= len(page)/2 {
		t.Errorf("page not sent brotli-compressed: %q, %d of %d bytes", br.Header().Get("Content-Encoding"), br.Body.Len(), len(page))
	}
	if js := get("/app.js", ""); !strings.Contains(js.Body.String(), "mcpwlStart();") {
		t.Error("app.js not patched")
	}
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Header.Set("If-None-Match", `"`+h.Version+`"`)
	nm := httptest.NewRecorder()
	srv.ServeHTTP(nm, r)
	if nm.Code != http.StatusNotModified {
		t.Errorf("If-None-Match of the version: %d", nm.Code)
	}
}
