// Package encodings is how the lab's served files are compressed: app.wasm
// in brotli and gzip, made once per build and kept by content under the
// cache root (EncodeWasm; files beside app.wasm that decode to it win),
// the text responses compressed on the fly (CompressText) or ahead
// (EncodeText), and the Accept-Encoding and If-None-Match rules they are
// served by (Negotiate, ETagMatches).
package encodings

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"

	"mcpwirelab/internal/cachedir"
)

// Encoder settings of the served files. The brotli window is the largest
// RFC 7932 allows without the large-window extension (16 MiB, lgwin 24):
// a Go wasm is 7–15 MB, so with the library's default 4 MiB window the
// encoder cannot refer back to most of the file.
const (
	BrotliQuality = 11
	brotliWindow  = 24
	GzipLevel     = gzip.BestCompression
)

// CacheKeep is how many builds the cache keeps (least recently used
// ones go first); each is ~3–6 MB. The browser tests' exports (other
// builds, other brotli levels) pass through it too, so it keeps more than
// a few.
const CacheKeep = 16

// DefaultCache is wasm under the cache root every installer uses
// (cachedir.Root: $MCPWL_CACHE, else ~/.cache/mcpwirelab on Linux), or ""
// (no cache) when the system has no cache folder.
func DefaultCache() string {
	root, err := cachedir.Root()
	if err != nil {
		return ""
	}
	return filepath.Join(root, "wasm")
}

// Coding is one content coding of app.wasm.
type Coding struct {
	Name   string // Content-Encoding token
	Ext    string // file suffix
	decode func(io.Reader) (io.Reader, error)
	Encode func(raw []byte, level int) []byte
}

var (
	Br = Coding{
		Name: "br", Ext: ".br",
		decode: func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		Encode: func(raw []byte, level int) []byte {
			var b bytes.Buffer
			w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: level, LGWin: brotliWindow})
			_, _ = w.Write(raw)
			_ = w.Close()
			return b.Bytes()
		},
	}
	Gz = Coding{
		Name: "gzip", Ext: ".gz",
		decode: func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		Encode: func(raw []byte, level int) []byte {
			var b bytes.Buffer
			w, _ := gzip.NewWriterLevel(&b, level)
			_, _ = w.Write(raw)
			_ = w.Close()
			return b.Bytes()
		},
	}
)

func (e Coding) CacheSuffix(level int) string {
	if e.Name == "br" {
		return fmt.Sprintf(".q%dw%d.br", level, brotliWindow)
	}
	return fmt.Sprintf(".%d.gz", level)
}

// decodesTo reports whether enc decodes to exactly raw.
func (e Coding) DecodesTo(enc, raw []byte) bool {
	r, err := e.decode(bytes.NewReader(enc))
	if err != nil {
		return false
	}
	got, err := io.ReadAll(io.LimitReader(r, int64(len(raw))+1))
	return err == nil && bytes.Equal(got, raw)
}

// readMatching returns the file's bytes if it decodes to exactly raw, else
// nil (missing, stale or corrupt).
func (e Coding) ReadMatching(p string, raw []byte) []byte {
	b, err := os.ReadFile(p)
	if err != nil || !e.DecodesTo(b, raw) {
		return nil
	}
	return b
}

// Source says where an encoding came from.
type Source string

const (
	FromWeb      Source = "beside app.wasm"
	FromCache    Source = "cache"
	FromEncoding Source = "compressed now"
)

// Wasm are the two served encodings of one app.wasm.
type Wasm struct {
	Br, Gz         []byte
	BrFrom, GzFrom Source
	Took           time.Duration
}

// EncodeWasm returns the brotli and gzip encodings of raw: the files
// beside app.wasm in webDir if they decode to raw, else the cache's
// (cacheDir/<sha256>.<settings>, if they decode to raw), else freshly
// compressed ones, which are then stored in the cache. cacheDir "" means
// no cache. Nothing here fails: a cache that cannot be written is only
// reported to logf (the encodings are right; the next build compresses
// again).
func EncodeWasm(webDir string, raw []byte, cacheDir string, brLevel int, logf func(string, ...any)) Wasm {
	start := time.Now()
	sum := sha256.Sum256(raw)
	key := hex.EncodeToString(sum[:])
	var res Wasm
	var mu sync.Mutex
	var cacheErr error
	var wg sync.WaitGroup
	for _, job := range []struct {
		enc   Coding
		level int
		out   *[]byte
		from  *Source
	}{{Br, brLevel, &res.Br, &res.BrFrom}, {Gz, GzipLevel, &res.Gz, &res.GzFrom}} {
		wg.Go(func() {
			var err error
			*job.out, *job.from, err = EncodeOne(webDir, raw, key, cacheDir, job.enc, job.level)
			if err != nil {
				mu.Lock()
				cacheErr = err
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if cacheDir != "" && (res.BrFrom == FromEncoding || res.GzFrom == FromEncoding) && cacheErr == nil {
		cacheErr = PruneCache(cacheDir, CacheKeep)
	}
	if cacheErr != nil {
		logf("wasm cache %s: %v", cacheDir, cacheErr)
	}
	res.Took = time.Since(start)
	return res
}

// EncodeOne returns one encoding of raw (key: its SHA-256 in hex): the
// file beside app.wasm in webDir if it decodes to raw, else the cache's,
// else compressed now and stored in the cache (err: the store failed; the
// bytes are right all the same).
func EncodeOne(webDir string, raw []byte, key, cacheDir string, enc Coding, level int) (b []byte, from Source, err error) {
	if webDir != "" {
		if b := enc.ReadMatching(filepath.Join(webDir, "app.wasm"+enc.Ext), raw); b != nil {
			return b, FromWeb, nil
		}
	}
	var cached string
	if cacheDir != "" {
		cached = filepath.Join(cacheDir, key+enc.CacheSuffix(level))
		if b := enc.ReadMatching(cached, raw); b != nil {
			now := time.Now()
			_ = os.Chtimes(cached, now, now) // recently used: kept by PruneCache
			return b, FromCache, nil
		}
	}
	b = enc.Encode(raw, level)
	if cached != "" {
		err = WriteAtomic(cached, b)
	}
	return b, FromEncoding, err
}

// WriteAtomic writes b to p through a temporary file in the same folder,
// so that a reader (another build, another worktree) never sees half a
// file.
func WriteAtomic(p string, b []byte) error {
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

// PruneCache keeps the keep most recently used builds (by the newest
// modification time of their files) and removes the others' files. Only
// files named like cache entries are touched.
func PruneCache(dir string, keep int) error {
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

// Negotiate picks br > gzip > identity among the codings the
// client accepts (q > 0), per RFC 9110 §12.5.3.
func Negotiate(acceptEncoding string) string {
	return NegotiateAmong(acceptEncoding, "br", "gzip")
}

// NegotiateAmong returns the first of offers (in order of preference) the
// client accepts, or "" (identity).
func NegotiateAmong(acceptEncoding string, offers ...string) string {
	q := map[string]float64{}
	for _, part := range strings.Split(acceptEncoding, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		if name == "x-gzip" {
			name = "gzip"
		}
		weight := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					weight = f
				} else {
					weight = 0
				}
			}
		}
		q[name] = weight
	}
	accepts := func(coding string) bool {
		if w, ok := q[coding]; ok {
			return w > 0
		}
		w, ok := q["*"]
		return ok && w > 0
	}
	for _, coding := range offers {
		if accepts(coding) {
			return coding
		}
	}
	return ""
}

// ETagMatches implements If-None-Match's weak comparison (RFC 9110 §13.1.2).
func ETagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// EncodeText compresses a text body as CompressText does.
func EncodeText(enc string, b []byte) []byte {
	var buf bytes.Buffer
	zw := NewTextEncoder(enc, &buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// NewTextEncoder: brotli 5 and gzip 6 cost about a millisecond for a page
// and get within a few percent of the smallest.
func NewTextEncoder(enc string, w io.Writer) io.WriteCloser {
	if enc == "br" {
		return brotli.NewWriterLevel(w, 5)
	}
	zw, _ := gzip.NewWriterLevel(w, gzip.DefaultCompression)
	return zw
}

// compressibleTypes are the responses CompressText compresses.
var compressibleTypes = []string{"text/html", "text/css", "text/javascript", "application/javascript", "application/json",
	"application/manifest+json", "image/svg+xml", "text/plain"}

// minCompress: smaller bodies are sent as they are.
const minCompress = 1024

// CompressText compresses text responses (pages, scripts, stylesheets,
// the manifest) with brotli or gzip when the client accepts it: a page
// with its embedded first trace is ~80 KB of text and ~15 KB compressed.
// The wasm is precompressed (wasmAsset) and never passes here compressed
// twice: a response that already has a Content-Encoding is left alone.
func CompressText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		enc := Negotiate(r.Header.Get("Accept-Encoding"))
		if r.Method != http.MethodGet || enc == "" || r.Header.Get("Range") != "" {
			next.ServeHTTP(w, r)
			return
		}
		cw := &compressWriter{ResponseWriter: w, enc: enc}
		defer cw.finish()
		next.ServeHTTP(cw, r)
	})
}

// compressWriter decides at WriteHeader whether the response is
// compressed.
type compressWriter struct {
	http.ResponseWriter
	enc     string
	decided bool
	zw      io.WriteCloser // nil: pass through
	status  int
}

func (c *compressWriter) WriteHeader(code int) {
	if c.decided {
		return
	}
	c.decided, c.status = true, code
	h := c.Header()
	h.Add("Vary", "Accept-Encoding")
	size, _ := strconv.Atoi(h.Get("Content-Length"))
	if code == http.StatusOK && h.Get("Content-Encoding") == "" && isCompressible(h.Get("Content-Type")) &&
		(size == 0 || size >= minCompress) {
		h.Del("Content-Length")
		h.Set("Content-Encoding", c.enc)
		if et := h.Get("ETag"); et != "" && !strings.HasPrefix(et, "W/") {
			// Another representation of the same content (RFC 9110 §8.8.3).
			h.Set("ETag", `W/`+et)
		}
		c.zw = NewTextEncoder(c.enc, c.ResponseWriter)
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *compressWriter) Write(b []byte) (int, error) {
	if !c.decided {
		if c.Header().Get("Content-Type") == "" {
			c.Header().Set("Content-Type", http.DetectContentType(b))
		}
		c.WriteHeader(http.StatusOK)
	}
	if c.zw != nil {
		return c.zw.Write(b)
	}
	return c.ResponseWriter.Write(b)
}

func (c *compressWriter) finish() {
	if c.zw != nil {
		_ = c.zw.Close()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

func isCompressible(contentType string) bool {
	ct := strings.ToLower(strings.TrimSpace(strings.Split(contentType, ";")[0]))
	for _, t := range compressibleTypes {
		if ct == t {
			return true
		}
	}
	return false
}
