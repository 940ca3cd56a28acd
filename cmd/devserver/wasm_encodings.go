//go:build !(js && wasm)

package main

// The encodings of app.wasm that browsers download: brotli (quality 11)
// and gzip (-9), made once per build and cached by content.
//
// `make wasm` runs `devserver compress`, which writes web/app.wasm.br and
// web/app.wasm.gz beside web/app.wasm. They come from a cache keyed by a
// SHA-256 of app.wasm (and the encoder settings), so an unchanged build is
// not compressed again: a second `make run` starts at once. The dev server
// serves exactly those files (it compresses nothing at start-up) and
// `devserver static` copies them. Every file read back — beside app.wasm
// or from the cache — must decode to exactly the current app.wasm, or it is
// ignored: a stale or corrupt file is never served.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"mcpwirelab/internal/encodings"
)

// wasmAsset is app.wasm held in memory in its three encodings; br or gz is
// nil when no up-to-date file of that encoding was found.
type wasmAsset struct {
	raw     []byte
	modTime time.Time
	version string
	// mu guards br and gz: with -compress the server starts before they
	// are made, and compressInBackground sets them while requests read
	// them (encoded, setEncoded).
	mu     sync.RWMutex
	br, gz []byte
}

// encoded returns the brotli and gzip encodings there are so far.
func (a *wasmAsset) encoded() (br, gz []byte) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return a.br, a.gz
}

// setEncoded replaces one encoding (enc is encodings.Br or encodings.Gz).
func (a *wasmAsset) setEncoded(enc encodings.Coding, b []byte) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if enc.Name == encodings.Br.Name {
		a.br = b
	} else {
		a.gz = b
	}
}

// loadWasm reads dir/app.wasm and the app.wasm.br / app.wasm.gz beside it
// that decode to it. Nothing is compressed here: an encoding without an
// up-to-date file is not offered (the browser gets the next best one, in
// the end app.wasm as is), with a warning naming the fix. A missing
// app.wasm is not an error (the MCP endpoint is still useful): raw is nil.
//
// With compressing (-compress), the missing files are not warned about:
// compressInBackground says what it makes instead.
func loadWasm(dir string, compressing bool, logf func(string, ...any)) (*wasmAsset, error) {
	p := filepath.Join(dir, "app.wasm")
	raw, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return &wasmAsset{}, nil
	}
	if err != nil {
		return nil, err
	}
	a := &wasmAsset{raw: raw, modTime: time.Now()}
	if st, err := os.Stat(p); err == nil {
		a.modTime = st.ModTime()
	}
	var wg sync.WaitGroup
	wg.Go(func() { a.br = encodings.Br.ReadMatching(p+encodings.Br.Ext, raw) })
	wg.Go(func() { a.gz = encodings.Gz.ReadMatching(p+encodings.Gz.Ext, raw) })
	wg.Wait()
	var missing []string
	for _, e := range []struct {
		ext string
		b   []byte
	}{{".br", a.br}, {".gz", a.gz}} {
		if e.b == nil {
			missing = append(missing, "app.wasm"+e.ext)
		}
	}
	if len(missing) > 0 && !compressing {
		logf("%s: missing, or not made from this app.wasm: not offered; `make wasm` (or `devserver compress -web %s`) makes them",
			strings.Join(missing, " and "), dir)
	}
	logf("app.wasm: %s raw, %s brotli, %s gzip", mib(len(raw)), sizeOrNone(a.br), sizeOrNone(a.gz))
	return a, nil
}

// encodingFor negotiates among the encodings there are (br, gz: encoded's
// snapshot) and returns the chosen one's name and bytes ("", nil: app.wasm
// as is).
func encodingFor(acceptEncoding string, br, gz []byte) (string, []byte) {
	var offers []string
	if br != nil {
		offers = append(offers, encodings.Br.Name)
	}
	if gz != nil {
		offers = append(offers, encodings.Gz.Name)
	}
	switch encodings.NegotiateAmong(acceptEncoding, offers...) {
	case encodings.Br.Name:
		return encodings.Br.Name, br
	case encodings.Gz.Name:
		return encodings.Gz.Name, gz
	}
	return "", nil
}

// compressTick is how often compressInBackground says it is still at
// brotli.
const compressTick = 20 * time.Second

// compressInBackground makes the encodings loadWasm did not find while the
// server already serves app.wasm (make run on a fresh clone, where brotli
// quality 11 of a 16 MB wasm takes minutes on 2 cores): gzip first (a
// second or two), then brotli, each from the cache when this build was
// compressed before, else compressed now. Each is served as soon as it is
// ready (the next request negotiates with it) and written beside app.wasm
// and into the cache, so the next start and `make static` find it. It
// says what it does, and while brotli runs, every tick how long it has
// taken. The channel closes when both are done.
func (a *wasmAsset) compressInBackground(webDir, cacheDir string, brLevel int, tick time.Duration, logf func(string, ...any)) <-chan struct{} {
	done := make(chan struct{})
	br, gz := a.encoded()
	if a.raw == nil || br != nil && gz != nil {
		close(done)
		return done
	}
	sum := sha256.Sum256(a.raw)
	key := hex.EncodeToString(sum[:])
	serving := "app.wasm as is (" + mib(len(a.raw)) + ")"
	if gz != nil {
		serving = "gzip (" + mib(len(gz)) + ")"
	}
	go func() {
		defer close(done)
		made := false
		for _, job := range []struct {
			enc   encodings.Coding
			level int
			have  []byte
			what  string
		}{{encodings.Gz, encodings.GzipLevel, gz, fmt.Sprintf("gzip -%d", encodings.GzipLevel)}, {encodings.Br, brLevel, br, fmt.Sprintf("brotli %d", brLevel)}} {
			if job.have != nil {
				continue
			}
			logf("app.wasm: %s of %s in the background; serving %s meanwhile", job.what, mib(len(a.raw)), serving)
			start := time.Now()
			stop := make(chan struct{})
			go func() {
				t := time.NewTicker(tick)
				defer t.Stop()
				for {
					select {
					case <-stop:
						return
					case <-t.C:
						logf("app.wasm: %s still compressing (%s so far); the page works meanwhile", job.what, time.Since(start).Round(time.Second))
					}
				}
			}()
			b, from, err := encodings.EncodeOne(webDir, a.raw, key, cacheDir, job.enc, job.level)
			close(stop)
			if err != nil {
				logf("wasm cache %s: %v", cacheDir, err)
			}
			made = made || from == encodings.FromEncoding
			if from != encodings.FromWeb && webDir != "" {
				if err := encodings.WriteAtomic(filepath.Join(webDir, "app.wasm"+job.enc.Ext), b); err != nil {
					logf("app.wasm%s: %v", job.enc.Ext, err)
				}
			}
			a.setEncoded(job.enc, b)
			serving = job.what + " (" + mib(len(b)) + ")"
			logf("app.wasm: %s done (%s, %s) in %s; serving it now", job.what, mib(len(b)), from, time.Since(start).Round(time.Millisecond))
		}
		if made && cacheDir != "" {
			if err := encodings.PruneCache(cacheDir, encodings.CacheKeep); err != nil {
				logf("wasm cache %s: %v", cacheDir, err)
			}
		}
	}()
	return done
}

func sizeOrNone(b []byte) string {
	if b == nil {
		return "no"
	}
	return mib(len(b))
}

const compressUsage = `usage: devserver compress [-web DIR] [-cache DIR]

Writes DIR/app.wasm.br (brotli quality 11) and DIR/app.wasm.gz (gzip -9)
for DIR/app.wasm, the files the dev server and the static export serve.
They are taken from a cache keyed by a SHA-256 of app.wasm when this
build was compressed before (make wasm runs this after every build), and
left alone when they are already up to date.

flags:
`

// runCompress is the `compress` subcommand (make wasm). Exit codes: 0 ok,
// 1 failure, 2 usage.
func runCompress(args []string, stdout, stderr io.Writer) int {
	webDir, cacheDir := "web", encodings.DefaultCache()
	fs := flag.NewFlagSet("compress", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, compressUsage); fs.PrintDefaults() }
	fs.StringVar(&webDir, "web", webDir, "directory holding app.wasm")
	fs.StringVar(&cacheDir, "cache", cacheDir, `cache of compressed builds ("" for none)`)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "compress: unexpected argument %q (flags: -web, -cache)", fs.Arg(0))
	}
	raw, err := os.ReadFile(filepath.Join(webDir, "app.wasm"))
	if err != nil {
		fmt.Fprintf(stderr, "devserver: compress: %v (build it first: make wasm)\n", err)
		return 1
	}
	enc := encodings.EncodeWasm(webDir, raw, cacheDir, encodings.BrotliQuality, func(format string, a ...any) {
		fmt.Fprintf(stderr, "devserver: compress: "+format+"\n", a...)
	})
	for _, f := range []struct {
		ext  string
		b    []byte
		from encodings.Source
	}{{".br", enc.Br, enc.BrFrom}, {".gz", enc.Gz, enc.GzFrom}} {
		if f.from == encodings.FromWeb {
			continue
		}
		if err := encodings.WriteAtomic(filepath.Join(webDir, "app.wasm"+f.ext), f.b); err != nil {
			fmt.Fprintf(stderr, "devserver: compress: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "app.wasm: %s raw, %s brotli (%s), %s gzip (%s), in %s\n", mib(len(raw)),
		mib(len(enc.Br)), enc.BrFrom, mib(len(enc.Gz)), enc.GzFrom, enc.Took.Round(time.Millisecond))
	return 0
}
