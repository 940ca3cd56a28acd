package scenario

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"mcpwirelab/internal/golden"
	"mcpwirelab/sim/trace"
)

// matrix lists every applicable (scenario, version, transport, fault).
func matrix() []Options {
	var out []Options
	for _, s := range List() {
		for _, v := range s.Versions {
			for _, tr := range s.Transports {
				for _, f := range s.Faults {
					if ok, _ := FaultApplies(f, v, tr); ok {
						out = append(out, Options{Scenario: s.Name, Version: v, Transport: tr, Fault: f})
					}
				}
			}
		}
	}
	return out
}

// matrixRun is one combination of the matrix and its trace.
type matrixRun struct {
	o  Options
	tr *trace.Trace
}

var (
	matrixOnce sync.Once
	matrixRuns []matrixRun
	matrixErr  error
)

// matrixTraces runs every combination of the matrix once per test binary;
// the tests that only read traces share the result.
func matrixTraces(t *testing.T) []matrixRun {
	t.Helper()
	matrixOnce.Do(func() {
		for _, o := range matrix() {
			tr, err := Run(o)
			if err != nil {
				matrixErr = fmt.Errorf("%+v: %w", o, err)
				return
			}
			matrixRuns = append(matrixRuns, matrixRun{o, tr})
		}
	})
	if matrixErr != nil {
		t.Fatal(matrixErr)
	}
	return matrixRuns
}

// goldens are the reviewed transcripts: one per run of the matrix.
var goldens = golden.Files{Glob: filepath.Join("testdata", "*.jsonl")}

func goldenName(o Options) string {
	return filepath.Join("testdata", o.Scenario+"_"+o.Version+"_"+o.Transport+"_"+o.Fault+".jsonl")
}

// transcript is o's run as JSON Lines.
func transcript(t *testing.T, o Options) []byte {
	t.Helper()
	tr, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := tr.WriteJSONL(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestGolden compares every transcript with its reviewed golden file (a
// mismatch shows the lines that differ), and fails on a golden file no run
// of the matrix produces. Regenerate with:
// go test ./sim/scenario -run TestGolden -update
func TestGolden(t *testing.T) {
	var produced []string
	for _, o := range matrix() {
		path := goldenName(o)
		produced = append(produced, path)
		t.Run(o.Scenario+"/"+o.Version+"/"+o.Transport+"/"+o.Fault, func(t *testing.T) {
			goldens.Check(t, path, transcript(t, o))
		})
	}
	goldens.Orphans(t, produced)
}

// TestGoldenMismatchShowsTheLines is TestGolden's broken twin for a
// changed transcript: a golden file with one event changed fails with
// that line and the run's, three lines of context, not the whole file.
func TestGoldenMismatchShowsTheLines(t *testing.T) {
	got := transcript(t, Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "none"})
	lines := strings.SplitAfter(string(got), "\n")
	if len(lines) < 12 {
		t.Fatalf("%d lines", len(lines))
	}
	const at = 6 // the 7th event
	mutated := strings.Replace(lines[at], `"seq":7`, `"seq":70`, 1)
	if mutated == lines[at] {
		t.Fatalf("line %d has no seq 7: %s", at+1, lines[at])
	}
	path := filepath.Join(t.TempDir(), "tool-call.jsonl")
	os.WriteFile(path, []byte(strings.Join(lines[:at], "")+mutated+strings.Join(lines[at+1:], "")), 0o644)
	msg := golden.Compare(path, got)
	for _, want := range []string{"@@ -4,7 +4,7 @@\n", "\n-" + mutated, "\n+" + lines[at], "\n " + lines[at-1], "\n " + lines[at+3]} {
		if !strings.Contains(msg, want) {
			t.Errorf("the failure lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, lines[at-4]) || strings.Contains(msg, lines[at+4]) {
		t.Errorf("the failure shows more than three lines of context:\n%s", msg)
	}
	if golden.Compare(path, []byte(strings.Join(lines[:at], "")+mutated+strings.Join(lines[at+1:], ""))) != "" {
		t.Error("the same bytes fail")
	}
}

// TestGoldenOrphanFails is TestGolden's broken twin for a removed run: in
// a copy of testdata, a planted transcript of a fault no scenario has is
// the one orphan found; the real testdata has none (TestGolden).
func TestGoldenOrphanFails(t *testing.T) {
	dir := t.TempDir()
	files, _ := filepath.Glob(goldens.Glob)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644)
	}
	planted := filepath.Join(dir, "tool-call_2026-07-28_http_no-such-fault.jsonl")
	os.WriteFile(planted, []byte("{}\n"), 0o644)
	var produced []string
	for _, o := range matrix() {
		produced = append(produced, filepath.Join(dir, filepath.Base(goldenName(o))))
	}
	orphans, err := golden.OrphansOf(filepath.Join(dir, "*.jsonl"), produced)
	if err != nil || len(orphans) != 1 || orphans[0] != planted {
		t.Fatalf("orphans of the copy: %q %v, want only %s", orphans, err, planted)
	}
}

// TestEveryNoteIsWritten fails when the engine emits an event whose note key
// has no written annotation (in both languages, with a spec reference for
// wire events).
func TestEveryNoteIsWritten(t *testing.T) {
	missing := map[string]bool{}
	for _, m := range matrixTraces(t) {
		o, tr := m.o, m.tr
		for _, e := range tr.Events {
			v := tr.EventVersion(e)
			if !HasAnnotation(e.Note, v) {
				missing[NoteKey{e.Note, v}.String()] = true
				continue
			}
			n := AnnotationFor(e.Note, v)
			if n.Text.En == "" || n.Text.Zh == "" {
				t.Errorf("note %s (%s): missing English or Chinese text", e.Note, o.Version)
			}
		}
	}
	keys := make([]string, 0, len(missing))
	for k := range missing {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("no annotation for note key %s", k)
	}
}
