//go:build !(js && wasm)

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/internal/encodings"
	"mcpwirelab/internal/staticsite"
)

const staticUsage = `usage: devserver static [-out DIR] [-prefix /sub/path] [-web DIR] [-static DIR] [-brotli 0-11] [-cache DIR]

Writes the app as plain files for a static host: index.html, app.js,
app-worker.js (offline, versioned cache app-<Version>), manifest.webmanifest,
wasm_exec.js, app.css, web/app.wasm (+ .br and .gz for hosts that serve
precompressed files) and static/. With -prefix the site works only when
served under that path, e.g. https://course.example/course/mcp-lab/.

flags:
`

// runStatic is the `static` subcommand. Exit codes: 0 ok, 1 failure, 2 usage.
func runStatic(args []string, stdout, stderr io.Writer) int {
	cfg := staticsite.Config{Out: filepath.Join("web", "site"), WebDir: "web", StaticDir: "static", BrotliLevel: 11}
	fs := flag.NewFlagSet("static", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, staticUsage); fs.PrintDefaults() }
	fs.StringVar(&cfg.Out, "out", cfg.Out, "output folder (what a previous export wrote there is replaced; other files are kept)")
	fs.StringVar(&cfg.Prefix, "prefix", "", "URL path the site is served under, e.g. /course/mcp-lab (default: the host's root)")
	fs.StringVar(&cfg.WebDir, "web", cfg.WebDir, "directory holding app.wasm (build it with make wasm)")
	fs.StringVar(&cfg.StaticDir, "static", cfg.StaticDir, "directory of CSS and icons")
	fs.StringVar(&cfg.Domain, "domain", "", "host name the site is served from, for the page's og:url (optional), e.g. course.example")
	fs.IntVar(&cfg.BrotliLevel, "brotli", cfg.BrotliLevel, "brotli level for app.wasm.br when web/ has no up-to-date one (11: smallest, about a minute)")
	fs.StringVar(&cfg.CacheDir, "cache", encodings.DefaultCache(), `cache of compressed builds, by content ("" for none)`)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "static: unexpected argument %q (flags: -out, -prefix, -web, -static, -brotli)", fs.Arg(0))
	}
	prefix, err := staticsite.NormalizePrefix(cfg.Prefix)
	if err != nil {
		return usageError(stderr, "static: -prefix %q: %v", cfg.Prefix, err)
	}
	cfg.Prefix = prefix
	if cfg.BrotliLevel < 0 || cfg.BrotliLevel > 11 {
		return usageError(stderr, "static: -brotli %d: want 0–11", cfg.BrotliLevel)
	}
	if cfg.Domain != "" && !staticsite.IsHostName(cfg.Domain) {
		// It goes into index.html (og:url): a quote would inject markup.
		return usageError(stderr, "static: -domain %q: want a bare host name such as course.example (letters, digits, '-' and '.')", cfg.Domain)
	}
	if strings.TrimSpace(cfg.Out) == "" {
		return usageError(stderr, "static: -out must not be empty")
	}
	if err := staticsite.CheckOut(cfg); err != nil {
		// The root, the home folder, the current folder…: a refused flag.
		return usageError(stderr, "static: %v", err)
	}
	res, err := exportStatic(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "devserver: static: %v\n", err)
		return 1
	}
	at := cfg.Prefix + "/"
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "devserver: static: WARNING: %s\n", w)
	}
	fmt.Fprintf(stdout, "static site written to %s (%d files, version %s)\n", cfg.Out, len(res.Files), res.Version)
	fmt.Fprintf(stdout, "  app.wasm  %s raw, %s brotli, %s gzip\n", mib(res.Raw), mib(res.Brotli), mib(res.Gzip))
	fmt.Fprintf(stdout, "  serve it at %s on any static host, e.g.\n", at)
	fmt.Fprintf(stdout, "    https://course.example%s?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=en\n", at)
	if cfg.Prefix != "" {
		fmt.Fprintf(stdout, "  it works only under %s; for another path run again with -prefix\n", at)
	}
	return 0
}

// exportStatic is staticsite.Export with the dev server's own go-app
// Handler (newAppHandler: title, icons and CSS from static/, Version from
// the content hash, the offline worker; no token) and its generated icons.
func exportStatic(cfg staticsite.Config) (*staticsite.Result, error) {
	if cfg.Handler == nil {
		cfg.Handler = func(raw []byte) *app.Handler {
			wasm := &wasmAsset{raw: raw, version: buildVersion(raw, cfg.StaticDir)}
			return newAppHandler(serveConfig{StaticDir: cfg.StaticDir, NoAuth: true}, wasm, nil)
		}
	}
	if cfg.Icons == nil {
		cfg.Icons = fallbackIcons()
	}
	return staticsite.Export(cfg)
}
