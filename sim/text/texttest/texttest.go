// Package texttest holds what the tests of the course text's readers
// share: running broken fixtures and reading the Go sources that name keys.
package texttest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Broken reads each fixture that glob matches (at least min of them)
// with parse. A fixture names the errors it must give, in order, in lines
// "# want: <line>: <message>"; each error must start with
// "<file name>:<line>: <message>".
func Broken(t testing.TB, glob string, min int, parse func(name, data string) []error) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) < min {
		t.Fatalf("%s: %d broken fixtures, want at least %d", glob, len(files), min)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		var want []string
		for _, l := range strings.Split(string(b), "\n") {
			if w, ok := strings.CutPrefix(l, "# want: "); ok {
				want = append(want, name+":"+w)
			}
		}
		errs := parse(name, string(b))
		if len(want) == 0 || len(errs) != len(want) {
			t.Errorf("%s: got %d errors %v, want %d %q", name, len(errs), errs, len(want), want)
			continue
		}
		for i, e := range errs {
			if !strings.HasPrefix(e.Error(), want[i]) {
				t.Errorf("%s: error %d\n got %s\nwant %s", name, i, e, want[i])
			}
		}
	}
}

// Source is a Go file of the package under test.
type Source struct{ Name, Text string }

// GoSources returns the package's Go files, tests left out, in name order.
func GoSources(t testing.TB) []Source {
	t.Helper()
	return goSources(t, false)
}

// SourceMap returns the package's Go files by name, its tests too when
// tests is set (the source rules that go/parser checks read it).
func SourceMap(t testing.TB, tests bool) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range goSources(t, tests) {
		out[f.Name] = f.Text
	}
	return out
}

func goSources(t testing.TB, tests bool) []Source {
	t.Helper()
	files, _ := filepath.Glob("*.go")
	var out []Source
	for _, f := range files {
		if !tests && strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, Source{f, string(b)})
	}
	return out
}
