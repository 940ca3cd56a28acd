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
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"

	"mcpwirelab/internal/cachedir"
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

// setEncoded replaces one encoding (enc is brEncoding or gzEncoding).
func (a *wasmAsset) setEncoded(enc encoding, b []byte) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if enc.name == brEncoding.name {
		a.br = b
	} else {
		a.gz = b
	}
}

// Encoder settings of the served files. The brotli window is the largest
// RFC 7932 allows without the large-window extension (16 MiB, lgwin 24):
// a Go wasm is 7–15 MB, so with the library's default 4 MiB window the
// encoder cannot refer back to most of the file.
const (
	brotliQuality = 11
	brotliWindow  = 24
	gzipLevel     = gzip.BestCompression
)

// wasmCacheKeep is how many builds the cache keeps (least recently used
// ones go first); each is ~3–6 MB. The browser tests' exports (other
// builds, other brotli levels) pass through it too, so it keeps more than
// a few.
const wasmCacheKeep = 16

// defaultWasmCache is wasm under the cache root every installer uses
// (cachedir.Root: $MCPWL_CACHE, else ~/.cache/mcpwirelab on Linux), or ""
// (no cache) when the system has no cache folder.
func defaultWasmCache() string {
	root, err := cachedir.Root()
	if err != nil {
		return ""
	}
	return filepath.Join(root, "wasm")
}

// encoding is one content coding of app.wasm.
type encoding struct {
	name   string // Content-Encoding token
	ext    string // file suffix
	decode func(io.Reader) (io.Reader, error)
	encode func(raw []byte, level int) []byte
}

var (
	brEncoding = encoding{
		name: "br", ext: ".br",
		decode: func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		encode: func(raw []byte, level int) []byte {
			var b bytes.Buffer
			w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: level, LGWin: brotliWindow})
			_, _ = w.Write(raw)
			_ = w.Close()
			return b.Bytes()
		},
	}
	gzEncoding = encoding{
		name: "gzip", ext: ".gz",
		decode: func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		encode: func(raw []byte, level int) []byte {
			var b bytes.Buffer
			w, _ := gzip.NewWriterLevel(&b, level)
			_, _ = w.Write(raw)
			_ = w.Close()
			return b.Bytes()
		},
	}
)

func (e encoding) cacheSuffix(level int) string {
	if e.name == "br" {
		return fmt.Sprintf(".q%dw%d.br", level, brotliWindow)
	}
	return fmt.Sprintf(".%d.gz", level)
}

// decodesTo reports whether enc decodes to exactly raw.
func (e encoding) decodesTo(enc, raw []byte) bool {
	r, err := e.decode(bytes.NewReader(enc))
	if err != nil {
		return false
	}
	got, err := io.ReadAll(io.LimitReader(r, int64(len(raw))+1))
	return err == nil && bytes.Equal(got, raw)
}

// readMatching returns the file's bytes if it decodes to exactly raw, else
// nil (missing, stale or corrupt).
func (e encoding) readMatching(p string, raw []byte) []byte {
	b, err := os.ReadFile(p)
	if err != nil || !e.decodesTo(b, raw) {
		return nil
	}
	return b
}

// source says where an encoding came from.
type source string

const (
	fromWeb      source = "beside app.wasm"
	fromCache    source = "cache"
	fromEncoding source = "compressed now"
)

// wasmEncodings are the two served encodings of one app.wasm.
type wasmEncodings struct {
	br, gz         []byte
	brFrom, gzFrom source
	took           time.Duration
}

// encodeWasm returns the brotli and gzip encodings of raw: the files
// beside app.wasm in webDir if they decode to raw, else the cache's
// (cacheDir/<sha256>.<settings>, if they decode to raw), else freshly
// compressed ones, which are then stored in the cache. cacheDir "" means
// no cache. Nothing here fails: a cache that cannot be written is only
// reported to logf (the encodings are right; the next build compresses
// again).
func encodeWasm(webDir string, raw []byte, cacheDir string, brLevel int, logf func(string, ...any)) wasmEncodings {
	start := time.Now()
	sum := sha256.Sum256(raw)
	key := hex.EncodeToString(sum[:])
	var res wasmEncodings
	var mu sync.Mutex
	var cacheErr error
	var wg sync.WaitGroup
	for _, job := range []struct {
		enc   encoding
		level int
		out   *[]byte
		from  *source
	}{{brEncoding, brLevel, &res.br, &res.brFrom}, {gzEncoding, gzipLevel, &res.gz, &res.gzFrom}} {
		wg.Go(func() {
			var err error
			*job.out, *job.from, err = encodeOne(webDir, raw, key, cacheDir, job.enc, job.level)
			if err != nil {
				mu.Lock()
				cacheErr = err
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if cacheDir != "" && (res.brFrom == fromEncoding || res.gzFrom == fromEncoding) && cacheErr == nil {
		cacheErr = pruneWasmCache(cacheDir, wasmCacheKeep)
	}
	if cacheErr != nil {
		logf("wasm cache %s: %v", cacheDir, cacheErr)
	}
	res.took = time.Since(start)
	return res
}

// encodeOne returns one encoding of raw (key: its SHA-256 in hex): the
// file beside app.wasm in webDir if it decodes to raw, else the cache's,
// else compressed now and stored in the cache (err: the store failed; the
// bytes are right all the same).
func encodeOne(webDir string, raw []byte, key, cacheDir string, enc encoding, level int) (b []byte, from source, err error) {
	if webDir != "" {
		if b := enc.readMatching(filepath.Join(webDir, "app.wasm"+enc.ext), raw); b != nil {
			return b, fromWeb, nil
		}
	}
	var cached string
	if cacheDir != "" {
		cached = filepath.Join(cacheDir, key+enc.cacheSuffix(level))
		if b := enc.readMatching(cached, raw); b != nil {
			now := time.Now()
			_ = os.Chtimes(cached, now, now) // recently used: kept by pruneWasmCache
			return b, fromCache, nil
		}
	}
	b = enc.encode(raw, level)
	if cached != "" {
		err = writeAtomic(cached, b)
	}
	return b, fromEncoding, err
}

// writeAtomic writes b to p through a temporary file in the same folder,
// so that a reader (another build, another worktree) never sees half a
// file.
func writeAtomic(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-"+filepath.Base(p)+"-")
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(f.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(f.Name(), p)
	}
	if werr != nil {
		_ = os.Remove(f.Name())
	}
	return werr
}

// pruneWasmCache keeps the keep most recently used builds (by the newest
// modification time of their files) and removes the others' files. Only
// files named like cache entries are touched.
func pruneWasmCache(dir string, keep int) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	latest := map[string]time.Time{}
	files := map[string][]string{}
	for _, e := range entries {
		key, ok := cacheKey(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if info.ModTime().After(latest[key]) {
			latest[key] = info.ModTime()
		}
		files[key] = append(files[key], e.Name())
	}
	keys := make([]string, 0, len(latest))
	for k := range latest {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return latest[keys[i]].After(latest[keys[j]]) })
	var errs []error
	for _, k := range keys[min(keep, len(keys)):] {
		for _, name := range files[k] {
			if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// cacheKey returns the SHA-256 part of a cache file name
// ("<64 hex digits>.<settings>.br|gz").
func cacheKey(name string) (string, bool) {
	key, rest, ok := strings.Cut(name, ".")
	if !ok || len(key) != 64 || !(strings.HasSuffix(rest, ".br") || strings.HasSuffix(rest, ".gz")) {
		return "", false
	}
	if _, err := hex.DecodeString(key); err != nil {
		return "", false
	}
	return key, true
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
	wg.Go(func() { a.br = brEncoding.readMatching(p+brEncoding.ext, raw) })
	wg.Go(func() { a.gz = gzEncoding.readMatching(p+gzEncoding.ext, raw) })
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
		offers = append(offers, brEncoding.name)
	}
	if gz != nil {
		offers = append(offers, gzEncoding.name)
	}
	switch negotiateAmong(acceptEncoding, offers...) {
	case brEncoding.name:
		return brEncoding.name, br
	case gzEncoding.name:
		return gzEncoding.name, gz
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
			enc   encoding
			level int
			have  []byte
			what  string
		}{{gzEncoding, gzipLevel, gz, fmt.Sprintf("gzip -%d", gzipLevel)}, {brEncoding, brLevel, br, fmt.Sprintf("brotli %d", brLevel)}} {
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
			b, from, err := encodeOne(webDir, a.raw, key, cacheDir, job.enc, job.level)
			close(stop)
			if err != nil {
				logf("wasm cache %s: %v", cacheDir, err)
			}
			made = made || from == fromEncoding
			if from != fromWeb && webDir != "" {
				if err := writeAtomic(filepath.Join(webDir, "app.wasm"+job.enc.ext), b); err != nil {
					logf("app.wasm%s: %v", job.enc.ext, err)
				}
			}
			a.setEncoded(job.enc, b)
			serving = job.what + " (" + mib(len(b)) + ")"
			logf("app.wasm: %s done (%s, %s) in %s; serving it now", job.what, mib(len(b)), from, time.Since(start).Round(time.Millisecond))
		}
		if made && cacheDir != "" {
			if err := pruneWasmCache(cacheDir, wasmCacheKeep); err != nil {
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
	webDir, cacheDir := "web", defaultWasmCache()
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
	enc := encodeWasm(webDir, raw, cacheDir, brotliQuality, func(format string, a ...any) {
		fmt.Fprintf(stderr, "devserver: compress: "+format+"\n", a...)
	})
	for _, f := range []struct {
		ext  string
		b    []byte
		from source
	}{{".br", enc.br, enc.brFrom}, {".gz", enc.gz, enc.gzFrom}} {
		if f.from == fromWeb {
			continue
		}
		if err := writeAtomic(filepath.Join(webDir, "app.wasm"+f.ext), f.b); err != nil {
			fmt.Fprintf(stderr, "devserver: compress: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "app.wasm: %s raw, %s brotli (%s), %s gzip (%s), in %s\n", mib(len(raw)),
		mib(len(enc.br)), enc.brFrom, mib(len(enc.gz)), enc.gzFrom, enc.took.Round(time.Millisecond))
	return 0
}
