package ui

import (
	"strings"
	"testing"

	"mcpwirelab/sim/exercise"
)

func TestParseImport(t *testing.T) {
	good := `{"version":1,"exercises":{"idempotency":{"attempts":2,"solved":true,"lastAnswer":"{}"}}}`
	s, err := ParseImport([]byte(good), LangEn)
	if err != nil || s.Get("idempotency").Attempts != 2 {
		t.Fatalf("good file: %v %+v", err, s)
	}
	bad := map[string]string{
		"":                                "empty",
		"{\n  \"version\": 1,\n  oops\n}": "line 3, column 3",
		"[1]":                             "not a progress export",
		`{"exercises":{}}`:                "not a progress export",
		`{"version":0,"exercises":{}}`:    "format version 0",
		`{"version":2}`:                   "format version 2",
		`{"version":1,"exercises":{"x":{"attempts":-1}}}`: "$.exercises.x.attempts",
		`{"version":1,"exercises":[]}`:                    "$.exercises: expected object, got array",
	}
	for in, want := range bad {
		_, err := ParseImport([]byte(in), LangEn)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseImport(%q) = %v; want an error containing %q", in, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "was reset") {
			t.Errorf("import error must not say the progress was reset: %v", err)
		}
		if _, zerr := ParseImport([]byte(in), LangZh); zerr == nil {
			t.Errorf("zh: %q accepted", in)
		}
	}
	if _, err := ParseImport([]byte(strings.Repeat(" ", maxImportBytes+1)), LangEn); err == nil || !strings.Contains(err.Error(), "bytes") {
		t.Errorf("huge file: %v", err)
	}
}

func TestShapeDetail(t *testing.T) {
	_, en := exercise.LoadStoreLang([]byte(`{"version":1,"exercises":{"a":{"solved":"yes"}}}`), "en")
	_, zh := exercise.LoadStoreLang([]byte(`{"version":1,"exercises":{"a":{"solved":"yes"}}}`), "zh")
	for _, n := range []string{en, zh} {
		d := shapeDetail(n)
		if !strings.HasPrefix(d, "$.exercises.a.solved") {
			t.Errorf("detail of %q is %q", n, d)
		}
	}
}

func TestMergeStores(t *testing.T) {
	cur := exercise.NewStore()
	cur.Exercises["a"] = &exercise.Progress{Attempts: 3, Solved: false, LastAnswer: "mine"}
	cur.Exercises["b"] = &exercise.Progress{Attempts: 1, Solved: true, LastAnswer: "b1"}
	imp := exercise.NewStore()
	imp.Exercises["a"] = &exercise.Progress{Attempts: 2, Solved: true, LastAnswer: "theirs"}
	imp.Exercises["b"] = &exercise.Progress{Attempts: 1, Solved: true, LastAnswer: "b1"}
	imp.Exercises["c"] = &exercise.Progress{Attempts: 5, LastAnswer: "c5"}
	out, changed := MergeStores(cur, imp)
	if changed != 2 {
		t.Errorf("changed %d, want 2 (a solved, c new)", changed)
	}
	// Only the import solved a: its answer goes with "solved".
	if a := out.Get("a"); a != (exercise.Progress{Attempts: 3, Solved: true, LastAnswer: "theirs"}) {
		t.Errorf("a = %+v", a)
	}
	if c := out.Get("c"); c.Attempts != 5 || c.LastAnswer != "c5" {
		t.Errorf("c = %+v", c)
	}
	// Inputs untouched.
	if cur.Get("a").Solved || len(cur.Exercises) != 2 {
		t.Errorf("merge changed its input: %+v", cur.Exercises)
	}
	// The merged store is a valid store (round-trips through Marshal).
	back, notice := exercise.LoadStore(out.Marshal())
	if notice != "" || back.Get("c").Attempts != 5 {
		t.Errorf("merged store does not round-trip: %q", notice)
	}
}

// TestMergeKeepsTheSolvedAnswer: export with a wrong attempt, reset,
// solve, import the export: the exercise shows the answer that solved it.
func TestMergeKeepsTheSolvedAnswer(t *testing.T) {
	exported := exercise.NewStore()
	exported.Record(exercise.IDNxM, "wrong", exercise.Feedback{})
	cur := exercise.NewStore() // after the reset
	cur.Record(exercise.IDNxM, "right", exercise.Feedback{Correct: true})
	out, _ := MergeStores(cur, exported)
	if p := out.Get(exercise.IDNxM); !p.Solved || p.LastAnswer != "right" || p.Attempts != 1 {
		t.Fatalf("merged %+v, want solved with the answer that solved it", p)
	}
	// Both solved, or neither: the side with more attempts, the import on a tie.
	more := exercise.NewStore()
	more.Exercises[exercise.IDNxM] = &exercise.Progress{Attempts: 4, Solved: true, LastAnswer: "later"}
	if p := func() exercise.Progress { o, _ := MergeStores(cur, more); return o.Get(exercise.IDNxM) }(); p.LastAnswer != "later" || p.Attempts != 4 {
		t.Fatalf("both solved: %+v", p)
	}
}

func TestProgressTotals(t *testing.T) {
	s := exercise.NewStore()
	s.Record(exercise.IDNxM, "x", exercise.Feedback{Correct: true})
	s.Record(exercise.IDIdempotency, "y", exercise.Feedback{})
	s.Record(exercise.IDIdempotency, "z", exercise.Feedback{})
	s.Record("not-an-exercise", "z", exercise.Feedback{Correct: true})
	got := ProgressTotals(s)
	want := Totals{Exercises: 20, Solved: 1, Attempted: 2, Attempts: 3}
	if got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}
