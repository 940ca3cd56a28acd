package scenario

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"mcpwirelab/sim/trace"
)

var update = flag.Bool("update", false, "rewrite testdata/*.jsonl golden transcripts")

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

func goldenName(o Options) string {
	return filepath.Join("testdata", o.Scenario+"_"+o.Version+"_"+o.Transport+"_"+o.Fault+".jsonl")
}

// TestGolden compares every transcript with its reviewed golden file.
// Regenerate with: go test ./sim/scenario -run TestGolden -update
func TestGolden(t *testing.T) {
	for _, o := range matrix() {
		t.Run(o.Scenario+"/"+o.Version+"/"+o.Transport+"/"+o.Fault, func(t *testing.T) {
			tr, err := Run(o)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := tr.WriteJSONL(&got); err != nil {
				t.Fatal(err)
			}
			path := goldenName(o)
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				gl, wl := bytes.Split(got.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
				for i := 0; i < len(gl) || i < len(wl); i++ {
					var g, w []byte
					if i < len(gl) {
						g = gl[i]
					}
					if i < len(wl) {
						w = wl[i]
					}
					if !bytes.Equal(g, w) {
						t.Fatalf("%s differs at line %d:\n got: %s\nwant: %s\n(review, then run with -update)", path, i+1, g, w)
					}
				}
			}
		})
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
