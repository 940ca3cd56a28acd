//go:build !(js && wasm)

// Package staticsite is `devserver static`: it exports the app as plain
// files for any static host, optionally under a sub-path (a course site's
// /course/mcp-lab/).
//
// The pages come from app.GenerateStaticWebsite with the dev server's own
// go-app Handler (Config.Handler: cmd/devserver's newAppHandler, title,
// icons and CSS from static/, Version from the content hash, the offline
// worker), with two changes: every URL is resolved under the prefix, and
// no /mcp token is embedded (a static host has no MCP endpoint).
package staticsite

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	ui "mcpwirelab/app"
	"mcpwirelab/internal/encodings"
	"mcpwirelab/internal/fastpage"
)

type Config struct {
	Out         string // output directory (replaced if it holds a previous export)
	Prefix      string // "" (site root) or "/course/mcp-lab": no trailing slash
	WebDir      string // holds app.wasm (and optional app.wasm.br / .gz)
	StaticDir   string // CSS and icons, copied to <out>/static/
	BrotliLevel int    // 0–11 for app.wasm.br when web/ has no matching one
	CacheDir    string // compressed builds by content (encodings.EncodeWasm); "" for none
	Domain      string // optional host name for og:url, e.g. course.example
	// Links are the links prerendered as the reader's fragments; nil
	// means every run of the engine's matrix (ui.ReaderLinks). Tests of
	// where the export writes pass a few.
	Links []url.Values
	// Handler is the app's go-app Handler for a build of app.wasm (raw):
	// the dev server's own (cmd/devserver newAppHandler), without a token.
	Handler func(raw []byte) *app.Handler
	// Icons are the generated icons the Handler links when StaticDir lacks
	// them (name → PNG or SVG bytes).
	Icons map[string][]byte
}

// Result describes a finished export.
type Result struct {
	Version           string
	Raw, Brotli, Gzip int
	Files             []string // relative to Out, sorted
	BrotliFromBuild   bool     // app.wasm.br was taken from WebDir
	GzipFromBuild     bool
	Warnings          []string // what could not be made fast (the pages still work)
}

// NormalizePrefix accepts "", "/" (site root) or an absolute URL path made
// of plain segments; it returns "" or the path without its trailing slash.
func NormalizePrefix(p string) (string, error) {
	if p == "" || p == "/" {
		return "", nil
	}
	if !strings.HasPrefix(p, "/") {
		return "", errors.New(`must start with "/", e.g. /course/mcp-lab`)
	}
	p = strings.TrimSuffix(p, "/")
	for _, seg := range strings.Split(p[1:], "/") {
		switch {
		case seg == "":
			return "", errors.New(`empty path segment ("//")`)
		case seg == "." || seg == "..":
			return "", errors.New(`"." and ".." segments are not allowed`)
		case !isUnreserved(seg):
			// RFC 3986 §2.3 unreserved characters only: url.PathEscape
			// leaves ": @ & = + $" alone, which a static host or a course
			// page's link may read differently.
			return "", fmt.Errorf("segment %q: use only letters, digits and -._~", seg)
		}
	}
	return p, nil
}

func isUnreserved(seg string) bool {
	for i := 0; i < len(seg); i++ {
		switch c := seg[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '.', c == '_', c == '~':
		default:
			return false
		}
	}
	return true
}

// IsHostName accepts a DNS host name (RFC 1123 labels: letters, digits and
// inner hyphens, 1–63 characters each, 253 in all), as -domain is written
// into the page.
func IsHostName(h string) bool {
	if len(h) > 253 {
		return false
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			switch c := label[i]; {
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-':
			default:
				return false
			}
		}
	}
	return true
}

// PrefixResolver is go-app's ResourceResolver for the export: every local
// URL gets the prefix ("/web/app.wasm" → "/course/mcp-lab/web/app.wasm",
// "/static/app.css?v=…" likewise), and "/" becomes the prefix itself, which
// go-app also uses as GOAPP_ROOT_PREFIX to route in the browser. Unlike
// app.PrefixedLocation it is not an http.Handler (nothing is served).
type PrefixResolver struct{ Prefix string }

func (r PrefixResolver) Resolve(loc string) string {
	switch {
	case strings.HasPrefix(loc, "http://") || strings.HasPrefix(loc, "https://"):
		return loc
	case loc == "" || loc == "/":
		if r.Prefix == "" {
			return "/"
		}
		return r.Prefix
	case !strings.HasPrefix(loc, "/"):
		loc = "/" + loc
	}
	return r.Prefix + loc
}

// staticHandler is the app's Handler (cfg.Handler) configured for the
// export.
func staticHandler(cfg Config, raw []byte) *app.Handler {
	h := cfg.Handler(raw)
	h.Resources = PrefixResolver{Prefix: cfg.Prefix}
	h.Domain = cfg.Domain
	return h
}

// Export writes the site into a working folder inside cfg.Out, then
// moves its files into place and removes only what the previous export
// wrote (static_out.go): a failed generation leaves the previous export,
// and files the export did not write (CNAME, .git/, README.md, lessons/…)
// are never touched.
func Export(cfg Config) (res *Result, err error) {
	raw, err := os.ReadFile(filepath.Join(cfg.WebDir, "app.wasm"))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s/app.wasm not found: build it first (make wasm)", cfg.WebDir)
		}
		return nil, err
	}
	out, err := resolveOut(cfg)
	if err != nil {
		return nil, err
	}
	var wasmBr, wasmGz []byte
	res = &Result{Raw: len(raw)}
	nolog := func(string, ...any) {}
	// The files `make wasm` wrote beside app.wasm, or the cache's, or
	// compressed now (and cached), while the pages are generated.
	var wg sync.WaitGroup
	wg.Go(func() {
		enc := encodings.EncodeWasm(cfg.WebDir, raw, cfg.CacheDir, cfg.BrotliLevel, nolog)
		wasmBr, wasmGz = enc.Br, enc.Gz
		res.BrotliFromBuild, res.GzipFromBuild = enc.BrFrom == encodings.FromWeb, enc.GzFrom == encodings.FromWeb
	})

	if st, err := os.Stat(out); err == nil && !st.IsDir() {
		wg.Wait()
		return nil, fmt.Errorf("-out %s is a file, not a folder", cfg.Out)
	}
	if _, err := os.Stat(out); errors.Is(err, os.ErrNotExist) {
		// A new folder: if the export fails, it does not stay behind.
		defer func() {
			if err != nil {
				_ = os.Remove(out) // only when empty
			}
		}()
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		wg.Wait()
		return nil, err
	}
	root, err := os.OpenRoot(out)
	if err != nil {
		wg.Wait()
		return nil, err
	}
	defer root.Close()
	prev, err := readManifest(root)
	if err != nil {
		wg.Wait()
		return nil, fmt.Errorf("-out %s: %w", cfg.Out, err)
	}
	tmp, err := os.MkdirTemp(out, ExportTmpPrefix)
	if err != nil {
		wg.Wait()
		return nil, err
	}
	defer os.RemoveAll(tmp) // only the export's own working folder

	h := staticHandler(cfg, raw)
	genErr := generateWithEnv(tmp, h)
	wg.Wait()
	if genErr != nil {
		return nil, fmt.Errorf("generating pages: %w", genErr)
	}
	res.Version, res.Brotli, res.Gzip = h.Version, len(wasmBr), len(wasmGz)
	links := cfg.Links
	if links == nil {
		links = ui.ReaderLinks()
	}
	extra, err := writeFragments(tmp, h, links)
	if err != nil {
		return nil, fmt.Errorf("prerendering the runs: %w", err)
	}
	res.Warnings = fastExport(tmp, cfg.StaticDir, h, extra)
	if err := fixManifest(filepath.Join(tmp, "manifest.webmanifest"), cfg.Prefix+"/"); err != nil {
		return nil, err
	}

	for name, b := range map[string][]byte{"app.wasm": raw, "app.wasm.br": wasmBr, "app.wasm.gz": wasmGz} {
		if err := os.WriteFile(filepath.Join(tmp, "web", name), b, 0o644); err != nil {
			return nil, err
		}
	}
	if err := copyStatic(cfg.StaticDir, filepath.Join(tmp, "static"), cfg.Icons); err != nil {
		return nil, err
	}
	if err := PrecompressText(tmp); err != nil {
		return nil, err
	}
	if err := filepath.WalkDir(tmp, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(tmp, p)
			res.Files = append(res.Files, filepath.ToSlash(rel))
		}
		mode := os.FileMode(0o644) // hosts must read it
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode)
	}); err != nil {
		return nil, err
	}
	kept, err := placeExport(root, filepath.Base(tmp), res.Files, res.Version, prev)
	if err != nil {
		return nil, fmt.Errorf("-out %s: %w", cfg.Out, err)
	}
	res.Warnings = append(res.Warnings, keptWarning(kept)...)
	return res, nil
}

// fastExport rewrites the generated pages and app.js as the dev server
// serves them (page_fast.go); what cannot be rewritten stays as go-app
// wrote it and is reported.
func fastExport(dir, staticDir string, h *app.Handler, extra string) (warnings []string) {
	fast, err := fastpage.New(fastpage.PageStyles(h), func(href string) ([]byte, error) {
		return fastpage.ReadLinkedCSS(h, href, staticDir, func() ([]byte, error) { return os.ReadFile(filepath.Join(dir, "app.css")) })
	})
	if err != nil {
		warnings = append(warnings, fmt.Sprintf("pages keep their render-blocking stylesheets: %v", err))
	} else {
		fast.Stamp, fast.Runs, fast.Extra = h.Version, h.Resources.Resolve(fastpage.RunsDir), extra
		// A static host answers every link with index.html: its reader
		// data is its own run's fragment's (written beside the others).
		fast.Lean = true
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	for _, p := range pages {
		if fast == nil {
			break
		}
		b, err := os.ReadFile(p)
		if err == nil {
			// Rendered for the bare page: a static host answers every
			// query string with it.
			b, err = fast.Rewrite(b, "")
		}
		if err == nil {
			err = os.WriteFile(p, b, 0o644)
		}
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s left as go-app wrote it: %v", filepath.Base(p), err))
		}
	}
	js := filepath.Join(dir, "app.js")
	b, err := os.ReadFile(js)
	if err == nil {
		b, err = fastpage.PatchAppJS(b)
	}
	if err == nil {
		err = os.WriteFile(js, b, 0o644)
	}
	if err != nil {
		warnings = append(warnings, fmt.Sprintf("app.js left as go-app wrote it: %v", err))
	}
	return warnings
}

// writeFragments prerenders links (every run of the engine's matrix in
// both languages: ui.ReaderLinks) with the export's own go-app Handler, the
// renderer of index.html, into dir/runs/ (fastpage.FragmentPath), two at a time
// (go-app's Handler prerenders concurrently, as the dev server serves:
// TestStaticExport checks that every fragment names its own run).
// It returns markup naming every element, class and id the fragments
// use: index.html's critical CSS must style any of them, since the reader
// shows one before the full stylesheets have arrived.
func writeFragments(dir string, h *app.Handler, links []url.Values) (string, error) {
	var (
		mu    sync.Mutex
		usage = fastpage.Usage{Tags: map[string]bool{}, Classes: map[string]bool{}, IDs: map[string]bool{}}
		first error
		wg    sync.WaitGroup
	)
	next := make(chan url.Values)
	for range 2 {
		wg.Go(func() {
			for q := range next {
				b, err := fastpage.RenderFragment(h, h.Version, q)
				if err == nil {
					p := filepath.Join(dir, "runs", filepath.FromSlash(fastpage.FragmentPath(q)))
					if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
						err = os.WriteFile(p, b, 0o644)
					}
				}
				u := fastpage.UsageOf(string(b))
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				usage.Merge(u)
				mu.Unlock()
			}
		})
	}
	for _, q := range links {
		next <- q
	}
	close(next)
	wg.Wait()
	return usage.Markup(), first
}

// TextExts are the files PrecompressText compresses: every text file the
// export writes (pages, fragments, scripts, stylesheets, the manifests,
// the SVG icon).
var TextExts = []string{".html", ".js", ".css", ".json", ".webmanifest", ".svg", ".txt"}

// PrecompressText writes NAME.br and NAME.gz beside every text file of
// dir, as app.wasm has them, for hosts that serve precompressed files
// (nginx gzip_static/brotli_static, Caddy's precompressed, most CDNs);
// a host that does not still serves the files themselves. With the dev
// server's levels (encodings.EncodeText: brotli 5, gzip 6): brotli 9 made the
// fragments 6 % smaller and the export four times slower.
func PrecompressText(dir string) error {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && slices.Contains(TextExts, filepath.Ext(p)) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	next := make(chan string)
	errs := make(chan error, 2)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			var first error
			for p := range next {
				if first != nil {
					continue
				}
				b, err := os.ReadFile(p)
				if err == nil {
					err = os.WriteFile(p+".br", encodings.EncodeText("br", b), 0o644)
				}
				if err == nil {
					err = os.WriteFile(p+".gz", encodings.EncodeText("gzip", b), 0o644)
				}
				first = err
			}
			errs <- first
		})
	}
	for _, p := range files {
		next <- p
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// generateWithEnv runs app.GenerateStaticWebsite and restores the process
// environment afterwards: go-app's Handler copies its Env (GOAPP_ROOT_PREFIX,
// GOAPP_VERSION, …) into os.Setenv when it builds app.js.
func generateWithEnv(dir string, h *app.Handler) error {
	keys := []string{"GOAPP_INTERNAL_URLS", "GOAPP_VERSION", "GOAPP_STATIC_RESOURCES_URL", "GOAPP_ROOT_PREFIX"}
	for k := range h.Env {
		keys = append(keys, k)
	}
	saved := map[string]*string{}
	for _, k := range keys {
		if v, ok := os.LookupEnv(k); ok {
			saved[k] = &v
		} else {
			saved[k] = nil
		}
	}
	defer func() {
		for k, v := range saved {
			if v == nil {
				os.Unsetenv(k)
			} else {
				os.Setenv(k, *v)
			}
		}
	}()
	return app.GenerateStaticWebsite(dir, h)
}

// fixManifest sets start_url and scope to the site's directory
// ("/course/mcp-lab/"): go-app writes start_url without the trailing slash
// (outside the worker's scope, so not installable, and a redirect on plain
// file servers) and scope "/" (the whole host).
func fixManifest(p, root string) error {
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	m["start_url"], m["scope"] = root, root
	if b, err = json.Marshal(m); err != nil {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}

// copyStatic copies the regular, non-hidden files of src into dst, plus
// the generated icons (Config.Icons) for those the Handler links but src
// lacks.
func copyStatic(src, dst string, icons map[string][]byte) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	have := map[string]bool{}
	for _, name := range ListFiles(src, "") {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
			return err
		}
		have[name] = true
	}
	for name, b := range icons {
		if !have[name] {
			if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// ListFiles returns the sorted regular, non-hidden files of dir with the
// given extension ("" for all).
func ListFiles(dir, ext string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") &&
			(ext == "" || strings.EqualFold(filepath.Ext(e.Name()), ext)) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}
