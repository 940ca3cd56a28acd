package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The entry point is the pinned version's, under the cache root: another
// version left in the cache is not it (the tests ask -installed for it).
func TestEntryPointIsThePinnedVersion(t *testing.T) {
	root := t.TempDir()
	t.Setenv("MCPWL_CACHE", root)
	other := filepath.Join(root, "everything", "2025.0.0", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
	if err := os.MkdirAll(filepath.Dir(other), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	entry, err := entryPoint()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := set.Dir()
	if err != nil {
		t.Fatal(err)
	}
	if want := dir + string(filepath.Separator); !strings.HasPrefix(entry, want) || !strings.HasPrefix(dir, filepath.Join(root, "everything")) {
		t.Errorf("entry %s, want it under %s", entry, want)
	}
	if _, err := os.Stat(entry); err == nil {
		t.Errorf("%s exists: only another version was installed", entry)
	}
}
