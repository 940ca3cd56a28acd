package encodings

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpwirelab/internal/testenv"
)

// testBrotli keeps the tests fast; the cache key names the level, so the
// entries never pass for quality 11 ones.
const testBrotli = 5

func nolog(string, ...any) {}

func cacheFile(raw []byte, enc Coding, level int) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:]) + enc.CacheSuffix(level)
}

func TestEncodeWasmCachedByContent(t *testing.T) {
	cache, web := t.TempDir(), t.TempDir()
	v1, v2 := testenv.FakeWasm("v1"), testenv.FakeWasm("v2")
	check := func(what string, got Wasm, raw []byte, brFrom, gzFrom Source) {
		t.Helper()
		if got.BrFrom != brFrom || got.GzFrom != gzFrom {
			t.Errorf("%s: brotli from %q, gzip from %q; want %q, %q", what, got.BrFrom, got.GzFrom, brFrom, gzFrom)
		}
		if !Br.DecodesTo(got.Br, raw) || !Gz.DecodesTo(got.Gz, raw) {
			t.Errorf("%s: an encoding does not decode to its app.wasm", what)
		}
	}

	first := EncodeWasm(web, v1, cache, testBrotli, nolog)
	check("first build", first, v1, FromEncoding, FromEncoding)
	for _, f := range []string{cacheFile(v1, Br, testBrotli), cacheFile(v1, Gz, GzipLevel)} {
		if _, err := os.Stat(filepath.Join(cache, f)); err != nil {
			t.Errorf("not cached: %v", err)
		}
	}

	// Same content: reused byte for byte, nothing compressed.
	again := EncodeWasm(web, v1, cache, testBrotli, nolog)
	check("same build", again, v1, FromCache, FromCache)
	if !bytes.Equal(again.Br, first.Br) || !bytes.Equal(again.Gz, first.Gz) {
		t.Error("cached encodings differ from the first ones")
	}
	// Another brotli level is another entry.
	if other := EncodeWasm(web, v1, cache, testBrotli-1, nolog); other.BrFrom != FromEncoding || other.GzFrom != FromCache {
		t.Errorf("level %d: brotli from %q, gzip from %q", testBrotli-1, other.BrFrom, other.GzFrom)
	}

	// Changed wasm: compressed again, and never answered with v1's files.
	changed := EncodeWasm(web, v2, cache, testBrotli, nolog)
	check("changed build", changed, v2, FromEncoding, FromEncoding)

	// A cache file that does not decode to this wasm — corrupt, truncated,
	// or another build's under this name — is not used and is replaced.
	brPath := filepath.Join(cache, cacheFile(v1, Br, testBrotli))
	gzPath := filepath.Join(cache, cacheFile(v1, Gz, GzipLevel))
	os.WriteFile(brPath, first.Br[:len(first.Br)/2], 0o644)
	os.WriteFile(gzPath, changed.Gz, 0o644) // v2's gzip under v1's key
	repaired := EncodeWasm(web, v1, cache, testBrotli, nolog)
	check("bad cache files", repaired, v1, FromEncoding, FromEncoding)
	if b, _ := os.ReadFile(brPath); !Br.DecodesTo(b, v1) {
		t.Error("the corrupt cache file was not replaced")
	}
	os.WriteFile(gzPath, []byte("not gzip at all"), 0o644)
	if got := EncodeWasm(web, v1, cache, testBrotli, nolog); got.GzFrom != FromEncoding || !Gz.DecodesTo(got.Gz, v1) {
		t.Errorf("garbage cache file: gzip from %q", got.GzFrom)
	}

	// Files beside app.wasm win when they decode to it; stale ones do not.
	os.WriteFile(filepath.Join(web, "app.wasm.br"), first.Br, 0o644)
	os.WriteFile(filepath.Join(web, "app.wasm.gz"), first.Gz, 0o644)
	check("files beside app.wasm", EncodeWasm(web, v1, cache, testBrotli, nolog), v1, FromWeb, FromWeb)
	check("stale files beside app.wasm", EncodeWasm(web, v2, cache, testBrotli, nolog), v2, FromCache, FromCache)

	// No cache at all still works.
	check("no cache", EncodeWasm("", v2, "", testBrotli, nolog), v2, FromEncoding, FromEncoding)
}

func TestEncodeWasmUnwritableCache(t *testing.T) {
	dir := t.TempDir()
	blocked := filepath.Join(dir, "file")
	os.WriteFile(blocked, []byte("x"), 0o644) // a file where the cache folder should be
	var logs []string
	got := EncodeWasm("", testenv.FakeWasm("v1"), filepath.Join(blocked, "wasm"), testBrotli, func(f string, a ...any) {
		logs = append(logs, fmt.Sprintf(f, a...))
	})
	if !Br.DecodesTo(got.Br, testenv.FakeWasm("v1")) || !Gz.DecodesTo(got.Gz, testenv.FakeWasm("v1")) {
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
	if err := PruneCache(dir, 8); err != nil {
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

func TestNegotiateEncoding(t *testing.T) {
	for in, want := range map[string]string{
		"br":                   "br",
		"BR":                   "br",
		"gzip;q=1.0, br;q=0.1": "br",
		"br;q=0":               "",
		"br;q=bogus, gzip":     "gzip",
		"*;q=0":                "",
		"*, br;q=0":            "gzip",
		" , ;;, gzip ; q=0.3":  "gzip",
	} {
		if got := Negotiate(in); got != want {
			t.Errorf("Negotiate(%q) = %q, want %q", in, got, want)
		}
	}
}
