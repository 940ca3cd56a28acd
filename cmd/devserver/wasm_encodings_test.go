//go:build !(js && wasm)

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testBrotli keeps the tests fast; the cache key names the level, so the
// entries never pass for quality 11 ones.
const testBrotli = 5

func nolog(string, ...any) {}

// writeEncodings puts app.wasm.br and app.wasm.gz for dir/app.wasm beside
// it, as `make wasm` does (without a cache).
func writeEncodings(t testing.TB, dir string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	enc := encodeWasm("", raw, "", testBrotli, nolog)
	for name, b := range map[string][]byte{"app.wasm.br": enc.br, "app.wasm.gz": enc.gz} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func cacheFile(raw []byte, enc encoding, level int) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:]) + enc.cacheSuffix(level)
}

func TestEncodeWasmCachedByContent(t *testing.T) {
	cache, web := t.TempDir(), t.TempDir()
	v1, v2 := fakeWasm("v1"), fakeWasm("v2")
	check := func(what string, got wasmEncodings, raw []byte, brFrom, gzFrom source) {
		t.Helper()
		if got.brFrom != brFrom || got.gzFrom != gzFrom {
			t.Errorf("%s: brotli from %q, gzip from %q; want %q, %q", what, got.brFrom, got.gzFrom, brFrom, gzFrom)
		}
		if !brEncoding.decodesTo(got.br, raw) || !gzEncoding.decodesTo(got.gz, raw) {
			t.Errorf("%s: an encoding does not decode to its app.wasm", what)
		}
	}

	first := encodeWasm(web, v1, cache, testBrotli, nolog)
	check("first build", first, v1, fromEncoding, fromEncoding)
	for _, f := range []string{cacheFile(v1, brEncoding, testBrotli), cacheFile(v1, gzEncoding, gzipLevel)} {
		if _, err := os.Stat(filepath.Join(cache, f)); err != nil {
			t.Errorf("not cached: %v", err)
		}
	}

	// Same content: reused byte for byte, nothing compressed.
	again := encodeWasm(web, v1, cache, testBrotli, nolog)
	check("same build", again, v1, fromCache, fromCache)
	if !bytes.Equal(again.br, first.br) || !bytes.Equal(again.gz, first.gz) {
		t.Error("cached encodings differ from the first ones")
	}
	// Another brotli level is another entry.
	if other := encodeWasm(web, v1, cache, testBrotli-1, nolog); other.brFrom != fromEncoding || other.gzFrom != fromCache {
		t.Errorf("level %d: brotli from %q, gzip from %q", testBrotli-1, other.brFrom, other.gzFrom)
	}

	// Changed wasm: compressed again, and never answered with v1's files.
	changed := encodeWasm(web, v2, cache, testBrotli, nolog)
	check("changed build", changed, v2, fromEncoding, fromEncoding)

	// A cache file that does not decode to this wasm — corrupt, truncated,
	// or another build's under this name — is not used and is replaced.
	brPath := filepath.Join(cache, cacheFile(v1, brEncoding, testBrotli))
	gzPath := filepath.Join(cache, cacheFile(v1, gzEncoding, gzipLevel))
	os.WriteFile(brPath, first.br[:len(first.br)/2], 0o644)
	os.WriteFile(gzPath, changed.gz, 0o644) // v2's gzip under v1's key
	repaired := encodeWasm(web, v1, cache, testBrotli, nolog)
	check("bad cache files", repaired, v1, fromEncoding, fromEncoding)
	if b, _ := os.ReadFile(brPath); !brEncoding.decodesTo(b, v1) {
		t.Error("the corrupt cache file was not replaced")
	}
	os.WriteFile(gzPath, []byte("not gzip at all"), 0o644)
	if got := encodeWasm(web, v1, cache, testBrotli, nolog); got.gzFrom != fromEncoding || !gzEncoding.decodesTo(got.gz, v1) {
		t.Errorf("garbage cache file: gzip from %q", got.gzFrom)
	}

	// Files beside app.wasm win when they decode to it; stale ones do not.
	os.WriteFile(filepath.Join(web, "app.wasm.br"), first.br, 0o644)
	os.WriteFile(filepath.Join(web, "app.wasm.gz"), first.gz, 0o644)
	check("files beside app.wasm", encodeWasm(web, v1, cache, testBrotli, nolog), v1, fromWeb, fromWeb)
	check("stale files beside app.wasm", encodeWasm(web, v2, cache, testBrotli, nolog), v2, fromCache, fromCache)

	// No cache at all still works.
	check("no cache", encodeWasm("", v2, "", testBrotli, nolog), v2, fromEncoding, fromEncoding)
}

func TestEncodeWasmUnwritableCache(t *testing.T) {
	dir := t.TempDir()
	blocked := filepath.Join(dir, "file")
	os.WriteFile(blocked, []byte("x"), 0o644) // a file where the cache folder should be
	var logs []string
	got := encodeWasm("", fakeWasm("v1"), filepath.Join(blocked, "wasm"), testBrotli, func(f string, a ...any) {
		logs = append(logs, fmt.Sprintf(f, a...))
	})
	if !brEncoding.decodesTo(got.br, fakeWasm("v1")) || !gzEncoding.decodesTo(got.gz, fakeWasm("v1")) {
		t.Error("encodings wrong when the cache cannot be written")
	}
	if len(logs) != 1 || !strings.Contains(logs[0], "wasm cache") {
		t.Errorf("logs: %q", logs)
	}
}

func TestPruneWasmCache(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	var keys []string
	for i := range 10 {
		sum := sha256.Sum256([]byte{byte(i)})
		key := hex.EncodeToString(sum[:])
		keys = append(keys, key)
		for _, suffix := range []string{".q11w24.br", ".9.gz"} {
			p := filepath.Join(dir, key+suffix)
			os.WriteFile(p, []byte("x"), 0o644)
			// key 9 is the newest, key 0 the oldest
			os.Chtimes(p, now, now.Add(time.Duration(i-10)*time.Minute))
		}
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	os.WriteFile(filepath.Join(dir, "abc.br"), []byte("not an entry"), 0o644)
	if err := pruneWasmCache(dir, 8); err != nil {
		t.Fatal(err)
	}
	for i, key := range keys {
		_, err := os.Stat(filepath.Join(dir, key+".9.gz"))
		if kept := err == nil; kept != (i >= 2) {
			t.Errorf("entry %d (age %d min): kept=%v", i, 10-i, kept)
		}
	}
	for _, name := range []string{"notes.txt", "abc.br"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s removed: %v", name, err)
		}
	}
}

func TestCompressCommand(t *testing.T) {
	web, cache := t.TempDir(), t.TempDir()
	raw := fakeWasm("v1")
	os.WriteFile(filepath.Join(web, "app.wasm"), raw, 0o644)
	run := func() string {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := runCompress([]string{"-web", web, "-cache", cache}, &out, &errOut); code != 0 {
			t.Fatalf("compress: exit %d: %s", code, errOut.String())
		}
		return out.String()
	}
	if out := run(); !strings.Contains(out, "(compressed now)") {
		t.Errorf("first run: %q", out)
	}
	br, _ := os.ReadFile(filepath.Join(web, "app.wasm.br"))
	gz, _ := os.ReadFile(filepath.Join(web, "app.wasm.gz"))
	if !brEncoding.decodesTo(br, raw) || !gzEncoding.decodesTo(gz, raw) {
		t.Fatal("written files do not decode to app.wasm")
	}
	if _, err := os.Stat(filepath.Join(cache, cacheFile(raw, brEncoding, brotliQuality))); err != nil {
		t.Errorf("quality %d entry not cached: %v", brotliQuality, err)
	}
	// Up to date: nothing rewritten.
	st, _ := os.Stat(filepath.Join(web, "app.wasm.br"))
	if out := run(); strings.Count(out, "(beside app.wasm)") != 2 {
		t.Errorf("second run: %q", out)
	}
	if st2, _ := os.Stat(filepath.Join(web, "app.wasm.br")); !st2.ModTime().Equal(st.ModTime()) {
		t.Error("an up-to-date file was rewritten")
	}
	// A corrupt file beside app.wasm is replaced from the cache.
	os.WriteFile(filepath.Join(web, "app.wasm.br"), br[:10], 0o644)
	if out := run(); !strings.Contains(out, "brotli (cache)") {
		t.Errorf("after corruption: %q", out)
	}
	if b, _ := os.ReadFile(filepath.Join(web, "app.wasm.br")); !bytes.Equal(b, br) {
		t.Error("corrupt app.wasm.br not replaced")
	}

	var errOut bytes.Buffer
	if code := runCompress([]string{"-web", t.TempDir()}, &bytes.Buffer{}, &errOut); code != 1 || !strings.Contains(errOut.String(), "make wasm") {
		t.Errorf("no app.wasm: exit %d %q", code, errOut.String())
	}
	if code := runCompress([]string{"extra"}, &bytes.Buffer{}, &bytes.Buffer{}); code != 2 {
		t.Errorf("stray argument: exit %d", code)
	}
}

// The dev server serves exactly the files beside app.wasm: it makes none
// at start-up, and one that does not decode to app.wasm is not offered.
func TestServeOnlyMatchingEncodings(t *testing.T) {
	ts := startServer(t, func(cfg *serveConfig) {
		os.WriteFile(filepath.Join(cfg.WebDir, "app.wasm.gz"), gzEncoding.encode(fakeWasm("v0"), gzipLevel), 0o644) // a stale one
	})
	raw := fakeWasm("v1")
	br, _ := os.ReadFile(filepath.Join(ts.cfg.WebDir, "app.wasm.br"))
	for _, c := range []struct {
		accept, enc string
		body        []byte
	}{
		{"gzip, br", "br", br},
		{"gzip", "", raw}, // no up-to-date .gz: the wasm as is
	} {
		resp, body := ts.do(t, nil, "GET", "/web/app.wasm", "", map[string]string{"Accept-Encoding": c.accept})
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != c.enc || !bytes.Equal(body, c.body) {
			t.Errorf("Accept-Encoding %q: %d %q, %d bytes", c.accept, resp.StatusCode, resp.Header.Get("Content-Encoding"), len(body))
		}
	}
	if logs := ts.logs.String(); !strings.Contains(logs, "app.wasm.gz: missing, or not made from this app.wasm") {
		t.Errorf("stale file not reported: %s", logs)
	}
}

// The static export copies the files `make wasm` made, byte for byte, and
// never a stale one.
func TestStaticExportUsesBuildEncodings(t *testing.T) {
	web, cache := t.TempDir(), t.TempDir()
	raw := fakeWasm("v1")
	os.WriteFile(filepath.Join(web, "app.wasm"), raw, 0o644)
	writeEncodings(t, web)
	br, _ := os.ReadFile(filepath.Join(web, "app.wasm.br"))
	os.WriteFile(filepath.Join(web, "app.wasm.gz"), gzEncoding.encode(fakeWasm("v0"), gzipLevel), 0o644) // stale

	out := filepath.Join(t.TempDir(), "site")
	res, err := exportStatic(staticConfig{Out: out, WebDir: web, StaticDir: filepath.Join(moduleRoot(t), "static"), BrotliLevel: testBrotli, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	if !res.BrotliFromBuild || res.GzipFromBuild {
		t.Errorf("from build: brotli %v, gzip %v", res.BrotliFromBuild, res.GzipFromBuild)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "web", "app.wasm.br")); !bytes.Equal(got, br) {
		t.Error("app.wasm.br is not the build's file")
	}
	if got, _ := os.ReadFile(filepath.Join(out, "web", "app.wasm.gz")); !gzEncoding.decodesTo(got, raw) {
		t.Error("exported app.wasm.gz does not decode to app.wasm")
	}
	if _, err := os.Stat(filepath.Join(cache, cacheFile(raw, gzEncoding, gzipLevel))); err != nil {
		t.Errorf("the gzip made for the export is not cached: %v", err)
	}
}

// getWasm asks a for app.wasm with accept and returns the Content-Encoding
// and the body.
func getWasm(a *wasmAsset, accept string) (string, []byte) {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/web/app.wasm", nil)
	req.Header.Set("Accept-Encoding", accept)
	a.ServeHTTP(rec, req)
	return rec.Header().Get("Content-Encoding"), rec.Body.Bytes()
}

// make run on a fresh clone: the server serves app.wasm as is at once,
// while gzip and then brotli are made in the background; each is served
// once ready, written beside app.wasm and cached, and the log says what
// happens.
func TestCompressInBackground(t *testing.T) {
	web, cache := t.TempDir(), t.TempDir()
	raw := fakeWasm("bg")
	os.WriteFile(filepath.Join(web, "app.wasm"), raw, 0o644)
	a, err := loadWasm(web, true, nolog)
	if err != nil {
		t.Fatal(err)
	}
	a.version = "v"
	if enc, body := getWasm(a, "br, gzip"); enc != "" || !bytes.Equal(body, raw) {
		t.Fatalf("before compressing: %q, %d bytes; want app.wasm as is", enc, len(body))
	}
	var logs syncBuffer
	logf := func(f string, args ...any) { fmt.Fprintf(&logs, f+"\n", args...) }
	<-a.compressInBackground(web, cache, testBrotli, 50*time.Millisecond, logf)
	for _, c := range []struct {
		accept, enc string
		e           encoding
	}{{"br, gzip", "br", brEncoding}, {"gzip", "gzip", gzEncoding}} {
		enc, body := getWasm(a, c.accept)
		if enc != c.enc || !c.e.decodesTo(body, raw) {
			t.Errorf("Accept-Encoding %q after compressing: %q, %d bytes", c.accept, enc, len(body))
		}
		beside, _ := os.ReadFile(filepath.Join(web, "app.wasm"+c.e.ext))
		if !bytes.Equal(beside, body) {
			t.Errorf("app.wasm%s beside app.wasm is not the served one", c.e.ext)
		}
	}
	for _, f := range []string{cacheFile(raw, brEncoding, testBrotli), cacheFile(raw, gzEncoding, gzipLevel)} {
		if _, err := os.Stat(filepath.Join(cache, f)); err != nil {
			t.Errorf("not cached: %v", err)
		}
	}
	got := logs.String()
	for _, want := range []string{"app.wasm: gzip -9 of 0.26 MB in the background; serving app.wasm as is (0.26 MB) meanwhile",
		"app.wasm: gzip -9 done", "app.wasm: brotli 5 of 0.26 MB in the background; serving gzip -9 (", "app.wasm: brotli 5 done"} {
		if !strings.Contains(got, want) {
			t.Errorf("log lacks %q:\n%s", want, got)
		}
	}
	// Both there: nothing to do, nothing said.
	var again syncBuffer
	<-a.compressInBackground(web, cache, testBrotli, time.Millisecond, func(f string, args ...any) { fmt.Fprintf(&again, f+"\n", args...) })
	if again.String() != "" {
		t.Errorf("compressed again: %s", again.String())
	}
}

// -compress through the server: no encodings at start, brotli (quality 11)
// served once made.
func TestServeCompressFlag(t *testing.T) {
	ts := startServer(t, func(cfg *serveConfig) {
		os.Remove(filepath.Join(cfg.WebDir, "app.wasm.br"))
		os.Remove(filepath.Join(cfg.WebDir, "app.wasm.gz"))
		cfg.CompressWasm, cfg.CacheDir = true, t.TempDir()
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, body := ts.do(t, nil, "GET", "/web/app.wasm", "", map[string]string{"Accept-Encoding": "br"})
		if resp.Header.Get("Content-Encoding") == "br" {
			if !brEncoding.decodesTo(body, fakeWasm("v1")) {
				t.Fatal("the brotli body does not decode to app.wasm")
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no brotli after a minute; logs:\n%s", ts.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(ts.logs.String(), "app.wasm: brotli 11 done") {
		t.Errorf("logs:\n%s", ts.logs.String())
	}
}
