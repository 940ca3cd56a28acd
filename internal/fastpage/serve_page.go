//go:build !(js && wasm)

package fastpage

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "mcpwirelab/app"
	"mcpwirelab/internal/encodings"
)

// pageServer serves go-app's pages as Page rewrites them and go-app's
// app.js as PatchAppJS patches it; everything else go-app answers goes
// through unchanged. If the page or app.js is not shaped as expected, it
// is served as go-app made it (slower, never broken) and the reason is
// logged once.
type pageServer struct {
	app  *app.Handler
	fast *Page // nil: pages unchanged
	logf func(string, ...any)

	warnOnce sync.Once
	jsOnce   sync.Once
	appJS    []byte // patched, or nil to pass go-app's through

	mu    sync.Mutex
	cache map[string]*cachedPage // by request URI
}

// PageHandler wraps go-app's handler for the dev server: staticDir
// holds the CSS that newAppHandler linked.
func PageHandler(h *app.Handler, staticDir string, logf func(string, ...any)) *pageServer {
	p := &pageServer{app: h, logf: logf}
	fast, err := New(PageStyles(h), func(href string) ([]byte, error) {
		return ReadLinkedCSS(h, href, staticDir, func() ([]byte, error) { return goAppCSS(h) })
	})
	if err != nil {
		logf("WARNING: pages keep their render-blocking stylesheets: %v", err)
	} else {
		fast.Stamp, fast.Runs = h.Version, h.Resources.Resolve(RunsDir)
		p.fast = fast
	}
	return p
}

// RunsDir is the folder of the reader's fragments (app/early.go): two per
// run and language, runs/<scenario>/<version>_<transport>_<fault>.<lang>.html
// and, in the compare view, ….<lang>.compare.html.
const RunsDir = "/runs/"

// fragmentQuery is the link of a fragment's path below RunsDir
// ("tool-call/2026-07-28_http_none.zh.html"); ok is false for a path
// that names no run of the engine's matrix the way ui.ReaderKeyOf does.
func fragmentQuery(rel string) (url.Values, bool) {
	name, ok := strings.CutSuffix(rel, ".html")
	if !ok {
		return nil, false
	}
	name, compare := strings.CutSuffix(name, compareSuffix)
	key, lang, ok := cutLast(name, ".")
	if !ok || lang != ui.LangEn && lang != ui.LangZh {
		return nil, false
	}
	scen, rest, ok := strings.Cut(key, "/")
	parts := strings.SplitN(rest, "_", 3)
	if !ok || len(parts) != 3 {
		return nil, false
	}
	q := url.Values{"scenario": {scen}, "version": {parts[0]}, "transport": {parts[1]}, "fault": {parts[2]}, "lang": {lang}}
	if compare {
		q.Set("view", "compare")
	}
	if ui.ReaderKeyOf(q) != key {
		return nil, false
	}
	return q, true
}

func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// FragmentPath is the file of a link's fragment below RunsDir.
func FragmentPath(q url.Values) string {
	p := ui.ReaderKeyOf(q) + "." + q.Get("lang")
	if q.Get("view") == "compare" {
		p += compareSuffix
	}
	return p + ".html"
}

// compareSuffix names a run's fragment in the compare view.
const compareSuffix = ".compare"

// RenderFragment is the fragment of link q: the #lab that go-app
// prerenders for it (as every page, CompactHTML), after a first line
// holding the build's version, which the reader compares with its own.
func RenderFragment(h http.Handler, version string, q url.Values) ([]byte, error) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/?"+q.Encode(), nil))
	if rec.Code != http.StatusOK {
		return nil, fmt.Errorf("%s: HTTP %d", q.Encode(), rec.Code)
	}
	lab, err := labElement(ui.CompactHTML(rec.Body.String()))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", q.Encode(), err)
	}
	return []byte(version + "\n" + lab), nil
}

// labElement is the page's #lab: the body's first element, which ends
// where go-app's loader begins. (A run the engine refuses has no
// #wl-early: the reader shows its explanation and leaves the rest to the
// wasm.)
func labElement(page string) (string, error) {
	start := strings.Index(page, "<body>") + len("<body>")
	end := strings.LastIndex(page, "<aside ") // the loader is the body's last element
	if start < len("<body>") || end < start || !labStartRE.MatchString(page[start:]) || !strings.HasSuffix(page[:end], "</div>") ||
		!strings.Contains(page[end:min(end+200, len(page))], `id="app-wasm-loader"`) {
		return "", ErrPageShape
	}
	return page[start:end], nil
}

// labStartRE is #lab's start tag (go-app writes attributes in any order).
var labStartRE = regexp.MustCompile(`^<div\b[^>]*\sid="lab"`)

// serveFragment answers a fragment's path (below RunsDir) with the
// fragment rendered now: the dev server's links follow the same reader
// as the static export's.
func (p *pageServer) serveFragment(w http.ResponseWriter, r *http.Request, rel string) {
	q, ok := fragmentQuery(rel)
	if !ok {
		http.NotFound(w, r)
		return
	}
	b, err := RenderFragment(p.app, p.app.Version, q)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(b)
	}
}

// PageStyles are the stylesheet URLs go-app links, as the page writes
// them: its own /app.css first, then Styles, resolved.
func PageStyles(h *app.Handler) []string {
	out := []string{h.Resources.Resolve("/app.css")}
	for _, s := range h.Styles {
		if s == "/app.css" { // go-app prepended it already
			continue
		}
		out = append(out, h.Resources.Resolve(s))
	}
	return out
}

// ReadLinkedCSS returns the CSS at a linked URL: go-app's app.css, or a
// file of staticDir (/static/NAME?v=…, under the resolver's prefix).
func ReadLinkedCSS(h *app.Handler, href, staticDir string, goApp func() ([]byte, error)) ([]byte, error) {
	if href == h.Resources.Resolve("/app.css") {
		return goApp()
	}
	p, _, _ := strings.Cut(href, "?")
	rel, ok := strings.CutPrefix(p, strings.TrimSuffix(h.Resources.Resolve("/static/"), "/")+"/")
	if !ok || rel == "" || strings.Contains(rel, "/") || strings.HasPrefix(rel, ".") {
		return nil, os.ErrNotExist
	}
	return os.ReadFile(filepath.Join(staticDir, rel))
}

// goAppCSS is the app.css go-app serves (its loader and not-found styles).
func goAppCSS(h http.Handler) ([]byte, error) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.css", nil))
	if rec.Code != http.StatusOK {
		return nil, os.ErrNotExist
	}
	return rec.Body.Bytes(), nil
}

// passThrough: paths go-app answers with the wasm, which is not buffered.
func passThrough(path string) bool {
	return path == "/app.wasm" || path == "/goapp.wasm" || strings.Contains(path, "/web/")
}

func (p *pageServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if passThrough(r.URL.Path) || r.Method != http.MethodGet && r.Method != http.MethodHead {
		p.app.ServeHTTP(w, r)
		return
	}
	etag := `"` + p.app.Version + `"`
	if encodings.ETagMatches(r.Header.Get("If-None-Match"), etag) {
		// What go-app answers too (its ETag is the version, for every
		// path); encodings.CompressText's weak ETag of the same version matches.
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("ETag", etag)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if rel, ok := strings.CutPrefix(r.URL.Path, RunsDir); ok {
		p.serveFragment(w, r, rel)
		return
	}
	if r.URL.Path == "/app.js" || r.URL.Path == "/goapp.js" {
		if js := p.patchedAppJS(); js != nil {
			h := w.Header()
			h.Set("Content-Type", "application/javascript")
			h.Set("Cache-Control", "no-cache")
			h.Set("ETag", etag)
			h.Set("Content-Length", strconv.Itoa(len(js)))
			if r.Method != http.MethodHead {
				_, _ = w.Write(js)
			}
			return
		}
	}
	if pg := p.page(r); pg != nil {
		pg.serve(w, r)
		return
	}
	p.app.ServeHTTP(w, r)
}

// page is the fast page for r (made once per URL, kept in a small cache:
// the page depends only on the URL and the build), or nil when go-app does
// not answer r with a page.
func (p *pageServer) page(r *http.Request) *cachedPage {
	key := r.URL.RequestURI()
	p.mu.Lock()
	pg := p.cache[key]
	p.mu.Unlock()
	if pg != nil {
		return pg
	}
	req := r.Clone(r.Context())
	req.Method = http.MethodGet
	req.Header.Del("If-None-Match")
	rec := httptest.NewRecorder()
	p.app.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		return nil
	}
	body := rec.Body.Bytes()
	if p.fast != nil {
		if out, err := p.fast.Rewrite(body, r.URL.RawQuery); err == nil {
			body = out
		} else {
			p.warnOnce.Do(func() { p.logf("WARNING: page served as go-app wrote it: %v", err) })
		}
	}
	pg = &cachedPage{header: rec.Header().Clone(), raw: body, br: encodings.EncodeText("br", body), gz: encodings.EncodeText("gzip", body)}
	p.mu.Lock()
	if len(p.cache) >= maxCachedPages {
		clear(p.cache) // rarely: a learner visits a few dozen links
	}
	if p.cache == nil {
		p.cache = map[string]*cachedPage{}
	}
	p.cache[key] = pg
	p.mu.Unlock()
	return pg
}

// maxCachedPages bounds the page cache (a page is ~60 KB, ~25 KB more
// compressed).
const maxCachedPages = 64

// cachedPage is a fast page with its compressed forms.
type cachedPage struct {
	header      http.Header
	raw, br, gz []byte
}

func (pg *cachedPage) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range pg.header {
		h[k] = v
	}
	body := pg.raw
	h.Add("Vary", "Accept-Encoding")
	if enc := encodings.Negotiate(r.Header.Get("Accept-Encoding")); enc != "" {
		if enc == "br" {
			body = pg.br
		} else {
			body = pg.gz
		}
		h.Set("Content-Encoding", enc)
		if et := h.Get("ETag"); et != "" && !strings.HasPrefix(et, "W/") {
			h.Set("ETag", "W/"+et) // another representation (RFC 9110 §8.8.3)
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// patchedAppJS is go-app's app.js with PatchAppJS applied, made once.
func (p *pageServer) patchedAppJS() []byte {
	p.jsOnce.Do(func() {
		rec := httptest.NewRecorder()
		p.app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.js", nil))
		js, err := PatchAppJS(rec.Body.Bytes())
		if err != nil {
			p.logf("WARNING: app.js served as go-app wrote it: %v", err)
			return
		}
		p.appJS = js
	})
	return p.appJS
}
