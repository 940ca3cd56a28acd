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

	"mcpwirelab/internal/encodings"
	"mcpwirelab/internal/staticsite"
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
	enc := encodings.EncodeWasm("", raw, "", testBrotli, nolog)
	for name, b := range map[string][]byte{"app.wasm.br": enc.Br, "app.wasm.gz": enc.Gz} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func cacheFile(raw []byte, enc encodings.Coding, level int) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:]) + enc.CacheSuffix(level)
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
	if !encodings.Br.DecodesTo(br, raw) || !encodings.Gz.DecodesTo(gz, raw) {
		t.Fatal("written files do not decode to app.wasm")
	}
	if _, err := os.Stat(filepath.Join(cache, cacheFile(raw, encodings.Br, encodings.BrotliQuality))); err != nil {
		t.Errorf("quality %d entry not cached: %v", encodings.BrotliQuality, err)
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
		os.WriteFile(filepath.Join(cfg.WebDir, "app.wasm.gz"), encodings.Gz.Encode(fakeWasm("v0"), encodings.GzipLevel), 0o644) // a stale one
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
	os.WriteFile(filepath.Join(web, "app.wasm.gz"), encodings.Gz.Encode(fakeWasm("v0"), encodings.GzipLevel), 0o644) // stale

	// A few links: the fragments do not depend on app.wasm's encodings
	// (TestStaticExport writes them all).
	out := filepath.Join(t.TempDir(), "site")
	res, err := exportStatic(staticsite.Config{Out: out, WebDir: web, StaticDir: filepath.Join(moduleRoot(t), "static"), BrotliLevel: testBrotli, CacheDir: cache, Links: fewLinks})
	if err != nil {
		t.Fatal(err)
	}
	if !res.BrotliFromBuild || res.GzipFromBuild {
		t.Errorf("from build: brotli %v, gzip %v", res.BrotliFromBuild, res.GzipFromBuild)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "web", "app.wasm.br")); !bytes.Equal(got, br) {
		t.Error("app.wasm.br is not the build's file")
	}
	if got, _ := os.ReadFile(filepath.Join(out, "web", "app.wasm.gz")); !encodings.Gz.DecodesTo(got, raw) {
		t.Error("exported app.wasm.gz does not decode to app.wasm")
	}
	if _, err := os.Stat(filepath.Join(cache, cacheFile(raw, encodings.Gz, encodings.GzipLevel))); err != nil {
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
		e           encodings.Coding
	}{{"br, gzip", "br", encodings.Br}, {"gzip", "gzip", encodings.Gz}} {
		enc, body := getWasm(a, c.accept)
		if enc != c.enc || !c.e.DecodesTo(body, raw) {
			t.Errorf("Accept-Encoding %q after compressing: %q, %d bytes", c.accept, enc, len(body))
		}
		beside, _ := os.ReadFile(filepath.Join(web, "app.wasm"+c.e.Ext))
		if !bytes.Equal(beside, body) {
			t.Errorf("app.wasm%s beside app.wasm is not the served one", c.e.Ext)
		}
	}
	for _, f := range []string{cacheFile(raw, encodings.Br, testBrotli), cacheFile(raw, encodings.Gz, encodings.GzipLevel)} {
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
			if !encodings.Br.DecodesTo(body, fakeWasm("v1")) {
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
