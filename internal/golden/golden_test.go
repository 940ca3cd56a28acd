package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompare: the same bytes pass; other bytes fail with the diff and the
// first differing byte; a missing file says how to write it.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.jsonl")
	os.WriteFile(path, []byte("{\"seq\":1}\n{\"seq\":2,\"raw\":\"POST /mcp\"}\n{\"seq\":3}\n"), 0o644)
	if msg := Compare(path, []byte("{\"seq\":1}\n{\"seq\":2,\"raw\":\"POST /mcp\"}\n{\"seq\":3}\n")); msg != "" {
		t.Errorf("equal bytes: %s", msg)
	}
	msg := Compare(path, []byte("{\"seq\":1}\n{\"seq\":2,\"raw\":\"GET /mcp\"}\n{\"seq\":3}\n"))
	for _, want := range []string{
		"@@ -1,3 +1,3 @@\n {\"seq\":1}\n-{\"seq\":2,\"raw\":\"POST /mcp\"}\n+{\"seq\":2,\"raw\":\"GET /mcp\"}\n {\"seq\":3}\n",
		`first difference: line 2, byte 17: golden "{\"seq\":2,\"raw\":\"POST /mcp\"}", this run "{\"seq\":2,\"raw\":\"GET /mcp\"}"`,
		"go test -update",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the failure lacks %q:\n%s", want, msg)
		}
	}
	if msg := Compare(filepath.Join(dir, "none.jsonl"), nil); !strings.Contains(msg, "does not exist") {
		t.Errorf("missing file: %q", msg)
	}
}

// TestTruncate: a diff longer than maxDiffLines is cut there and the
// changed lines left out are counted.
func TestTruncate(t *testing.T) {
	var old, new strings.Builder
	for i := 0; i < 200; i++ {
		old.WriteString("a\n")
		new.WriteString("b\n")
	}
	msg := Compare(writeTemp(t, old.String()), []byte(new.String()))
	if n := strings.Count(msg, "\n"); n > maxDiffLines+5 || !strings.Contains(msg, "… and 323 more changed lines") {
		t.Errorf("%d lines:\n%s", n, msg)
	}
}

// TestOrphansOf: the files the glob matches that no run names, in order.
func TestOrphansOf(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.jsonl", "b.jsonl", "c.jsonl", "d.txt"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	got, err := OrphansOf(filepath.Join(dir, "*.jsonl"), []string{filepath.Join(dir, "b.jsonl"), filepath.Join(dir, "x", "..", "a.jsonl")})
	if err != nil || len(got) != 1 || got[0] != filepath.Join(dir, "c.jsonl") {
		t.Errorf("orphans %q %v", got, err)
	}
}

func writeTemp(t *testing.T, s string) string {
	p := filepath.Join(t.TempDir(), "g")
	os.WriteFile(p, []byte(s), 0o644)
	return p
}
