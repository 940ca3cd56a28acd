//go:build !(js && wasm)

package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"mcpwirelab/internal/fastpage"
)

// The dev server answers the reader's fragments (app/early.go) as the
// static export writes them: the build's version, then the #lab go-app
// prerenders for the run, in the language asked for. A path that names no
// run the way the reader names it is a 404, not a page for another run.
func TestDevServerFragments(t *testing.T) {
	registerRoutes.Do(registerUI)
	h := newAppHandler(serveConfig{StaticDir: t.TempDir(), NoAuth: true}, &wasmAsset{version: "v9"}, http.NotFoundHandler())
	p := fastpage.PageHandler(h, t.TempDir(), t.Logf)
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code, rec.Body.String()
	}
	code, body := get("/runs/tool-call/2025-11-25_stdio_none.zh.html")
	if code != 200 || !strings.HasPrefix(body, "v9\n<div ") || !strings.Contains(body, `id="wl-early">{"run":"tool-call/2025-11-25_stdio_none","lang":"zh"`) ||
		!strings.Contains(body, "步骤") || strings.Contains(body, "<head>") || !strings.HasSuffix(body, "</div>") {
		t.Errorf("fragment: %d %.300q", code, body)
	}
	for _, bad := range []string{
		"/runs/tool-call/2025-11-25_stdio_none.fr.html",
		"/runs/tool-call/1999-01-01_stdio_none.en.html", // ParseView would show the default version: not this name
		"/runs/no-such/2025-11-25_stdio_none.en.html",
		"/runs/tool-call/2025-11-25_stdio.en.html",
		"/runs/tool-call/2025-11-25_stdio_none.en.json",
	} {
		if code, _ := get(bad); code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", bad, code)
		}
	}
}
