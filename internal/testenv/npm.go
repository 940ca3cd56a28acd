package testenv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FakeNPM puts an npm on PATH (and a fresh MCPWL_CACHE) for the test: a
// shell script that appends each call's arguments to the returned log, sets
// $prefix from --prefix and then runs body (what the test's npm does: fill
// $prefix/node_modules, sleep, exit with a status).
func FakeNPM(t *testing.T, body string) (log string) {
	t.Helper()
	bin := t.TempDir()
	log = filepath.Join(bin, "calls")
	script := `#!/bin/sh
echo "$@" >> ` + log + `
while [ $# -gt 0 ]; do
  if [ "$1" = --prefix ]; then prefix=$2; fi
  shift
done
` + body
	if err := os.WriteFile(filepath.Join(bin, "npm"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("MCPWL_CACHE", t.TempDir())
	return log
}

// NPMCalls are the calls a FakeNPM's log recorded, one line of arguments
// each (none when npm never ran).
func NPMCalls(t *testing.T, log string) []string {
	t.Helper()
	b, err := os.ReadFile(log)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	if s := strings.TrimSpace(string(b)); s != "" {
		return strings.Split(s, "\n")
	}
	return nil
}
