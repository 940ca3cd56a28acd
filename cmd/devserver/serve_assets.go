//go:build !(js && wasm)

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "mcpwirelab/app"
	"mcpwirelab/internal/encodings"
	"mcpwirelab/internal/staticsite"
)

func mib(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }

// buildVersion is the content version: a hash of app.wasm and of the files
// of staticDir. It is the wasm's ETag, the ?v= of static URLs and go-app's
// Version (the service worker's cache name), so caches update whenever a
// new build or new CSS/icons are served.
func buildVersion(wasm []byte, staticDir string) string {
	h := sha256.New()
	h.Write(wasm)
	for _, name := range staticsite.ListFiles(staticDir, "") {
		b, err := os.ReadFile(filepath.Join(staticDir, name))
		if err != nil {
			continue
		}
		fmt.Fprintf(h, "\x00%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// ServeHTTP serves /web/app.wasm in the best accepted encoding.
// Cache-Control: no-cache with an ETag per build and encoding: the browser
// revalidates on each load and gets 304 until a new build changes Version.
func (a *wasmAsset) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if a.raw == nil {
		http.Error(w, "app.wasm not found: build it with\n  GOOS=js GOARCH=wasm go build -o web/app.wasm ./cmd/devserver\n",
			http.StatusNotFound)
		return
	}
	h := w.Header()
	body, etag := a.raw, `"`+a.version+`"`
	br, gz := a.encoded()
	if enc, b := encodingFor(r.Header.Get("Accept-Encoding"), br, gz); enc != "" {
		body = b
		// A strong ETag names one representation (RFC 9110 §8.8.3), so
		// each encoding of the build gets its own.
		etag = `"` + a.version + "-" + enc + `"`
		h.Set("Content-Encoding", enc)
	}
	h.Set("Content-Type", "application/wasm")
	h.Add("Vary", "Accept-Encoding")
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", etag)
	h.Set("Last-Modified", a.modTime.UTC().Format(http.TimeFormat))
	if encodings.ETagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Type")
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	// Not http.ServeContent: it omits Content-Length whenever
	// Content-Encoding is set, and byte ranges of an encoded body are of
	// no use to go-app's loader.
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// contentTypes is explicit so that the answer does not depend on the
// host's mime tables (.webmanifest is missing from many).
var contentTypes = map[string]string{
	".css":         "text/css; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".webp":        "image/webp",
	".ico":         "image/x-icon",
	".webmanifest": "application/manifest+json",
	".wasm":        "application/wasm",
	".html":        "text/html; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".woff2":       "font/woff2",
}

// fileServer serves the files of dir under prefix (no listings, no
// dotfiles). Requests carrying ?v=<current version> are immutable for a
// year: the URL changes with every build. Others revalidate (no-cache,
// Last-Modified). fallback holds generated files used when dir lacks them.
type fileServer struct {
	dir, prefix, version string
	fallback             map[string][]byte
	started              time.Time
}

func (s *fileServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+strings.TrimPrefix(r.URL.Path, s.prefix)), "/")
	if name == "" || name == "." || strings.HasPrefix(name, ".") || strings.Contains(name, "/.") {
		http.NotFound(w, r)
		return
	}
	if ct, ok := contentTypes[strings.ToLower(path.Ext(name))]; ok {
		w.Header().Set("Content-Type", ct)
	}
	if v := r.URL.Query().Get("v"); v != "" && v == s.version {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	f, err := http.Dir(s.dir).Open("/" + name)
	if err == nil {
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			http.ServeContent(w, r, name, st.ModTime(), f)
			return
		}
	}
	if b, ok := s.fallback[name]; ok {
		http.ServeContent(w, r, name, s.started, bytes.NewReader(b))
		return
	}
	w.Header().Del("Cache-Control")
	http.NotFound(w, r)
}

// webResources is go-app's ResourceResolver: URLs stay as written
// ("/web/app.wasm"), and the few /web/ requests go-app forwards itself
// (/app.wasm, /<version>/web/…) reach the same handlers as the mux's.
type webResources struct {
	version string
	wasm    http.Handler
	files   http.Handler
}

func (webResources) Resolve(location string) string { return location }

func (res webResources) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r2 := r.Clone(r.Context())
	r2.URL.Path = strings.TrimPrefix(r.URL.Path, "/"+res.version)
	if r2.URL.Path == "/web/app.wasm" {
		res.wasm.ServeHTTP(w, r2)
		return
	}
	res.files.ServeHTTP(w, r2)
}

// newAppHandler configures go-app for MCP Wire Lab. Every *.css of the
// static directory is linked (loader.css styles the wasm loading screen),
// versioned with ?v= so it can be cached for a year. Icons come from
// static/icon-192.png, icon-512.png, icon.svg and icon-maskable.png, or
// from generated fallbacks, so nothing is fetched from the internet.
func newAppHandler(cfg serveConfig, wasm *wasmAsset, files http.Handler) *app.Handler {
	v := "?v=" + wasm.version
	var styles []string
	css := staticsite.ListFiles(cfg.StaticDir, ".css")
	sort.SliceStable(css, func(i, j int) bool { return css[i] == "loader.css" && css[j] != "loader.css" })
	for _, name := range css {
		styles = append(styles, "/static/"+name+v)
	}
	icon := func(name string) string { return "/static/" + name + v }
	maskable := icon("icon-512.png")
	if _, err := os.Stat(filepath.Join(cfg.StaticDir, "icon-maskable.png")); err == nil {
		maskable = icon("icon-maskable.png")
	}
	// go-app copies Env into app.js, which anyone can load (and the
	// service worker precaches): nothing secret goes there. The token
	// reaches the page only through the URL fragment the start-up line
	// prints, which ui.TokenIntake moves into sessionStorage.
	env := map[string]string{}
	// Reading before the wasm runs (app/early.go).
	head := []string{ui.ReaderScript(ui.ReaderIndex())}
	if cfg.Live {
		env[ui.EnvLive] = "1"
		if cfg.NoAuth {
			env[ui.EnvNoAuth] = "1"
		} else {
			head = append(head, ui.TokenIntake)
		}
	}
	h := &app.Handler{
		Name:        "MCP Wire Lab",
		ShortName:   "Wire Lab",
		Title:       "MCP Wire Lab",
		Description: "A teaching simulator of the Model Context Protocol: every byte on the wire, explained.",
		Icon: app.Icon{
			Default:  icon("icon-192.png"),
			Large:    icon("icon-512.png"),
			SVG:      icon("icon.svg"),
			Maskable: maskable,
		},
		BackgroundColor: "#0f172a",
		ThemeColor:      "#0f172a",
		LoadingLabel:    "{progress}%",
		Styles:          styles,
		Env:             env,
		RawHeaders:      head,
		// The content version: with no token in app.js, a restart with a
		// new token needs no new service-worker cache.
		Version:   wasm.version,
		Resources: webResources{version: wasm.version, wasm: wasm, files: files},
		// Offline deep links: see internal/staticsite/static_worker.go (shared with `devserver static`).
		ServiceWorkerTemplate: staticsite.AppWorkerTemplate,
		// go-app precaches the PNG icons but not the SVG favicon.
		CacheableResources: []string{icon("icon.svg")},
	}
	if wasm.raw != nil {
		// The raw size: fetch() reports decoded bytes, so the loading
		// percentage is right whatever Content-Encoding was used.
		h.WasmContentLength = strconv.Itoa(len(wasm.raw))
	}
	return h
}

// fallbackIcons draws simple local icons for when static/ has none: two
// nodes joined by a wire on a dark square.
func fallbackIcons() map[string][]byte {
	out := map[string][]byte{"icon.svg": []byte(fallbackSVG)}
	for _, size := range []int{192, 512} {
		var b bytes.Buffer
		if err := png.Encode(&b, drawIcon(size)); err == nil {
			out[fmt.Sprintf("icon-%d.png", size)] = b.Bytes()
		}
	}
	return out
}

const fallbackSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
	`<rect width="64" height="64" rx="12" fill="#0f172a"/>` +
	`<line x1="18" y1="32" x2="46" y2="32" stroke="#38bdf8" stroke-width="4"/>` +
	`<circle cx="18" cy="32" r="8" fill="#38bdf8"/><circle cx="46" cy="32" r="8" fill="#f59e0b"/></svg>`

func drawIcon(size int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	bg := color.RGBA{0x0f, 0x17, 0x2a, 0xff}
	blue := color.RGBA{0x38, 0xbd, 0xf8, 0xff}
	amber := color.RGBA{0xf5, 0x9e, 0x0b, 0xff}
	s := float64(size) / 64
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			fx, fy := float64(x)/s, float64(y)/s
			c := bg
			switch {
			case (fx-18)*(fx-18)+(fy-32)*(fy-32) <= 64:
				c = blue
			case (fx-46)*(fx-46)+(fy-32)*(fy-32) <= 64:
				c = amber
			case fx >= 18 && fx <= 46 && fy >= 30 && fy <= 34:
				c = blue
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}
