// Package golden compares what a test produces with reviewed files in
// testdata, as gofmt's testdata/*.golden are: a mismatch fails with a
// unified line diff of the two (internal/linediff), a file no run
// produces any more (an orphan) fails too, and go test -update rewrites
// the files and removes the orphans, to be reviewed with git diff.
//
//	var goldens = golden.Files{Glob: "testdata/*.jsonl"}
//
//	func TestGolden(t *testing.T) {
//		var produced []string
//		for _, c := range cases {
//			path := "testdata/" + c.name + ".jsonl"
//			produced = append(produced, path)
//			t.Run(c.name, func(t *testing.T) { goldens.Check(t, path, run(c)) })
//		}
//		goldens.Orphans(t, produced)
//	}
//
// The -update flag is this package's: a test package that imports it must
// not define its own.
package golden

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpwirelab/internal/linediff"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata with what the tests produce, and remove the ones no test produces (review with git diff)")

// Updating reports whether the test binary runs with -update.
func Updating() bool { return *update }

// maxDiffLines bounds the diff a failure prints; the rest is counted.
const maxDiffLines = 80

// Files is one test's set of golden files: the paths Glob matches
// (relative to the package directory, e.g. "testdata/*.jsonl").
type Files struct {
	Glob string
}

// Check compares got with the golden file at path (which Glob must
// match): a difference fails t with the lines that differ; a missing file
// fails too. With -update it writes got there instead.
func (f Files) Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if ok, err := filepath.Match(f.Glob, path); err != nil || !ok {
		t.Fatalf("golden file %s is outside %s: its orphans would not be found", path, f.Glob)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, got) {
			return
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("updated %s", path)
		return
	}
	if msg := Compare(path, got); msg != "" {
		t.Error(msg)
	}
}

// Compare is Check's verdict: "" when the file at path holds got, else
// the failure message (the missing file, or the diff from the file to
// got, at most maxDiffLines lines).
func Compare(path string, got []byte) string {
	want, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Sprintf("golden file %s does not exist (a new run: go test -update writes it; review it before committing)", path)
	}
	if err != nil {
		return err.Error()
	}
	d := linediff.Unified(path, "this run", want, got)
	if d == "" {
		return ""
	}
	return fmt.Sprintf("%s differs from this run (-: the golden file, +: this run):\n%s%s"+
		"if the change is intended: go test -update, then review git diff %s", path, truncate(d), firstDifference(want, got), path)
}

// firstDifference points at the first byte that differs, with a little
// of its line around it: a transcript's lines are long.
func firstDifference(want, got []byte) string {
	line, col := 1, 0
	for i := 0; ; i++ {
		if i == len(want) || i == len(got) || want[i] != got[i] {
			return fmt.Sprintf("first difference: line %d, byte %d: golden %q, this run %q\n", line, col+1, around(want, i), around(got, i))
		}
		col++
		if want[i] == '\n' {
			line, col = line+1, 0
		}
	}
}

// around is b's bytes from 20 before i to 40 after it, inside i's line.
func around(b []byte, i int) string {
	lo, hi := max(i-20, 0), min(i+40, len(b))
	if j := bytes.LastIndexByte(b[lo:min(i, len(b))], '\n'); j >= 0 {
		lo += j + 1
	}
	if j := bytes.IndexByte(b[min(i, len(b)):hi], '\n'); j >= 0 {
		hi = min(i, len(b)) + j
	}
	return string(b[lo:hi])
}

// truncate keeps the first maxDiffLines lines of d and counts the rest.
func truncate(d string) string {
	ls := strings.SplitAfter(d, "\n")
	if len(ls) <= maxDiffLines+1 {
		return d
	}
	more := 0
	for _, l := range ls[maxDiffLines:] {
		if strings.HasPrefix(l, "-") || strings.HasPrefix(l, "+") {
			more++
		}
	}
	return strings.Join(ls[:maxDiffLines], "") + fmt.Sprintf("… and %d more changed lines\n", more)
}

// Orphans fails t for each file Glob matches that produced does not name:
// a golden file no run produces any more (a renamed or removed run, whose
// file would otherwise stay reviewed and unread). With -update it removes
// them. produced must name every file the whole test would write, also
// when -run selects only some of it.
func (f Files) Orphans(t testing.TB, produced []string) {
	t.Helper()
	orphans, err := OrphansOf(f.Glob, produced)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range orphans {
		if *update {
			if err := os.Remove(o); err != nil {
				t.Fatal(err)
			}
			t.Logf("removed %s: no run produces it", o)
			continue
		}
		t.Errorf("orphan golden file %s: no run produces it (remove it, or run go test -update, which does)", o)
	}
}

// OrphansOf lists the files glob matches that produced does not name, in
// name order.
func OrphansOf(glob string, produced []string) ([]string, error) {
	files, err := filepath.Glob(glob)
	if err != nil {
		return nil, err
	}
	made := map[string]bool{}
	for _, p := range produced {
		made[filepath.Clean(p)] = true
	}
	var out []string
	for _, p := range files {
		if !made[filepath.Clean(p)] {
			out = append(out, p)
		}
	}
	return out, nil
}
