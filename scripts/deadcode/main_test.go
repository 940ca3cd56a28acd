package main

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestCombine: a function is dead when every build that compiles its file
// leaves it unreached: reported by both, or by the one build that compiles
// its file (a js-only or native-only file); one build reaching it keeps it
// alive, listed apart.
func TestCombine(t *testing.T) {
	native := result{build: "native", compiled: map[string]bool{"a.go": true, "native.go": true}, dead: []fn{
		{Pkg: "m/p", Name: "Both", File: "a.go", Pos: "a.go:1"},
		{Pkg: "m/p", Name: "OnlyNative", File: "a.go", Pos: "a.go:2"},
		{Pkg: "m/p", Name: "NativeFile", File: "native.go", Pos: "native.go:1"},
	}}
	wasm := result{build: "wasm", compiled: map[string]bool{"a.go": true, "js.go": true}, dead: []fn{
		{Pkg: "m/p", Name: "Both", File: "a.go", Pos: "a.go:1"},
		{Pkg: "m/p", Name: "JSFile", File: "js.go", Pos: "js.go:1"},
	}}
	dead, partly := combine([]result{native, wasm})
	var names []string
	for _, d := range dead {
		names = append(names, d.Name)
	}
	if !slices.Equal(names, []string{"Both", "JSFile", "NativeFile"}) {
		t.Errorf("dead %q", names)
	}
	if len(partly) != 1 || partly[0].fn.Name != "OnlyNative" || !slices.Equal(partly[0].by, []string{"native"}) {
		t.Errorf("partly %+v", partly)
	}
}

// TestJudge: a dead function that is not kept fails, and so does a kept
// one that a binary reaches again; kept dead ones pass.
func TestJudge(t *testing.T) {
	dead := []fn{{Pkg: "m/p", Name: "Kept", Pos: "a.go:1"}, {Pkg: "m/p", Name: "T.New", Pos: "a.go:9"}}
	kept := map[string]string{"m/p.Kept": "tests of q use it", "m/p.Revived": "was dead"}
	got := judge(dead, kept)
	if len(got) != 2 || !strings.HasPrefix(got[0], "a.go:9: m/p.T.New: no binary reaches it") || !strings.HasPrefix(got[1], "m/p.Revived: kept in scripts/deadcode/kept.txt but no longer dead") {
		t.Errorf("problems %q", got)
	}
	if p := judge(dead[:1], map[string]string{"m/p.Kept": "x"}); len(p) != 0 {
		t.Errorf("a kept dead function: %q", p)
	}
}

// TestReadKept: every line names a function and its reason, once; the
// repository's own list reads.
func TestReadKept(t *testing.T) {
	for _, bad := range []string{"m/p.F\n", "m/p.F why\nm/p.F again\n"} {
		if _, err := readKept(strings.NewReader(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	k, err := readKept(strings.NewReader("# c\n\nm/p.F the tests of q use it\n"))
	if err != nil || k["m/p.F"] != "the tests of q use it" {
		t.Errorf("%v %v", k, err)
	}
	f, err := os.Open("kept.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := readKept(f); err != nil {
		t.Error(err)
	}
}

// TestParseReport reads deadcode -json's shape.
func TestParseReport(t *testing.T) {
	got, err := parseReport([]byte(`[{"Name":"ui","Path":"mcpwirelab/app","Funcs":[{"Name":"labState.x","Position":{"File":"app/model.go","Line":7,"Col":2},"Generated":false}]}]`))
	if err != nil || len(got) != 1 || got[0].key() != "mcpwirelab/app.labState.x" || got[0].Pos != "app/model.go:7" || got[0].File != "app/model.go" {
		t.Errorf("%+v %v", got, err)
	}
}
