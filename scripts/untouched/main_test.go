package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// gitDir is a checkout with two tracked files, a tracked symlink and an
// ignored folder.
func gitDir(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "CONFORMANCE.md"), []byte("table\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "testdata"), 0o755)
	os.WriteFile(filepath.Join(dir, "testdata", "a.jsonl"), []byte("{}\n"), 0o644)
	os.Symlink("CONFORMANCE.md", filepath.Join(dir, "link"))
	os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("/web/\n"), 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	return dir
}

// TestRun: a command that rewrites, removes or re-links a tracked file is
// caught, file by file, even when it succeeds; one that only writes
// untracked or ignored files, or writes a tracked file's same bytes back,
// is not; the command's exit status is kept.
func TestRun(t *testing.T) {
	for _, c := range []struct {
		script  string
		code    int
		changed []string
	}{
		{"echo new >> CONFORMANCE.md", 0, []string{"CONFORMANCE.md"}},
		{"rm testdata/a.jsonl; echo x > CONFORMANCE.md; exit 3", 3, []string{"CONFORMANCE.md", "testdata/a.jsonl"}},
		{"ln -sf testdata/a.jsonl link", 0, []string{"link"}},
		{"chmod +x CONFORMANCE.md", 0, []string{"CONFORMANCE.md"}},
		{"mkdir -p web && echo x > web/app.wasm && echo y > testdata/new.jsonl", 0, nil},
		{"printf 'table\\n' > CONFORMANCE.md", 0, nil},
		{"exit 4", 4, nil},
	} {
		dir := gitDir(t)
		code, changed, err := run(dir, []string{"sh", "-c", c.script})
		if err != nil || code != c.code || !slices.Equal(changed, c.changed) {
			t.Errorf("%q: exit %d, changed %q, %v; want exit %d, changed %q", c.script, code, changed, err, c.code, c.changed)
		}
	}
}

// TestRunOutsideACheckout: no git checkout, nothing compared, and it says
// so; the command still runs.
func TestRunOutsideACheckout(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir)) // in case the temp folder is inside a checkout
	code, changed, err := run(dir, []string{"sh", "-c", "echo x > f; exit 5"})
	if code != 5 || changed != nil || err == nil {
		t.Errorf("exit %d, changed %q, err %v", code, changed, err)
	}
	if _, statErr := os.Stat(filepath.Join(dir, "f")); statErr != nil {
		t.Errorf("the command did not run: %v", statErr)
	}
}
