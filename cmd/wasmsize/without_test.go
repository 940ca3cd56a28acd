package main

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

func TestMatchPkg(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"a/b/...", "a/b", true},
		{"a/b/...", "a/b/c", true},
		{"a/b/...", "a/bc", false}, // a plain prefix match would take it
		{"a/b/...", "a", false},
		{"a/b", "a/b", true},
		{"a/b", "a/b/c", false},
		{"net/http", "net/http/internal", false},
	} {
		if got := matchPkg(c.pattern, c.path); got != c.want {
			t.Errorf("matchPkg(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
	if _, err := parseGroup("a/b,,c"); err == nil {
		t.Error("an empty pattern accepted")
	}
	if _, err := parseGroup("embed:"); err == nil {
		t.Error("embed: without a pattern accepted")
	}
	g, err := parseGroup("a/b/..., embed:c")
	if err != nil || strings.Join(g.code, " ") != "a/b/..." || strings.Join(g.embeds, " ") != "a/b/... c" {
		t.Errorf("parseGroup: %+v %v", g, err)
	}
}

// fileText is an embedded file of the tiny module's package a/b/c: its
// second data segment.
var fileText = strings.Repeat("course text ", 8)

func tinyWithFile(t *testing.T) ([]byte, *module, *packages) {
	b := tinyModuleData(fileText)
	m, err := parseModule(b)
	if err != nil {
		t.Fatal(err)
	}
	return b, m, newPackages([]string{"a/b/c", "main"})
}

func readFake(name string) ([]byte, error) {
	switch name {
	case "c/text":
		return []byte(fileText), nil
	case "c/short":
		return []byte("abc"), nil // too short to be found for certain
	case "c/absent":
		return []byte(strings.Repeat("not in the binary ", 5)), nil
	}
	return nil, os.ErrNotExist
}

func TestZeroOut(t *testing.T) {
	embeds := map[string][]string{"a/b/c": {"c/text", "c/short", "c/absent"}, "main": {"c/missing"}}
	for _, c := range []struct {
		spec           string
		code, embedded int
		zeroedFuncs    []int // indexes of the functions whose bodies are zero
		fileGone       bool
		missing        int
	}{
		// The method and the generated equality function of a/b/c: bodies
		// of 130 and 5 bytes (their length prefixes kept).
		{"a/b/c", 135, len(fileText), []int{1, 2}, true, 2},
		{"embed:a/b/c", 0, len(fileText), nil, true, 2},
		{"a/b", 0, 0, nil, false, 0}, // exact: not a/b/c
		{"a/...", 135, len(fileText), []int{1, 2}, true, 2},
	} {
		b, m, pkgs := tinyWithFile(t)
		out := append([]byte(nil), b...)
		g, err := parseGroup(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := zeroOut(out, m, pkgs, embeds, readFake, &g, map[string]bool{}); err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		if g.codeBytes != c.code || g.embedBytes != c.embedded || len(g.embedsMissing) != c.missing {
			t.Errorf("%s: code %d, files %d, missing %v; want %d, %d, %d", c.spec, g.codeBytes, g.embedBytes, g.embedsMissing, c.code, c.embedded, c.missing)
		}
		zeroed := map[int]bool{}
		for _, i := range c.zeroedFuncs {
			zeroed[i] = true
		}
		for i, f := range m.funcs {
			n, _ := (&reader{b: out, off: f.off}).u32()
			body := out[f.off+len(uleb128(n)) : f.off+f.size]
			allZero := !bytes.ContainsFunc(body, func(r rune) bool { return r != 0 })
			if allZero != zeroed[i] || int(n) != len(body) {
				t.Errorf("%s: function %s zeroed %v (prefix %d, body %d bytes), want %v", c.spec, f.name, allZero, n, len(body), zeroed[i])
			}
		}
		if gone := !bytes.Contains(out, []byte(fileText)); gone != c.fileGone {
			t.Errorf("%s: embedded file gone %v, want %v", c.spec, gone, c.fileGone)
		}
		if _, err := parseModule(out); err != nil {
			t.Errorf("%s: the zeroed module no longer parses: %v", c.spec, err)
		}
	}
	b, m, pkgs := tinyWithFile(t)
	g, _ := parseGroup("main")
	if err := zeroOut(b, m, pkgs, embeds, readFake, &g, map[string]bool{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an unreadable embedded file: %v", err)
	}
}

func TestPrintWithout(t *testing.T) {
	b := tinyModuleData(fileText)
	in := input{what: "tiny", wasm: b, packages: []string{"a/b/c", "main"}, embeds: map[string][]string{"a/b/c": {"c/text"}}}
	bd := &breakdown{rows: []row{{pkg: "a/b/c", data: 100, tables: 20}, {pkg: "main", data: 7}}}
	nonZero := func(b []byte) int { return len(b) - bytes.Count(b, []byte{0}) }
	var out bytes.Buffer
	groups := []group{}
	for _, s := range []string{"embed:a/b/c", "a/b/c"} {
		g, _ := parseGroup(s)
		groups = append(groups, g)
	}
	if err := printWithout(&out, in, bd, groups, readFake, nonZero); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "not found") {
		t.Errorf("the second row looked again for the file the first took out:\n%s", out.String())
	}
	m, _ := parseModule(b)
	served := nonZero(withoutNames(b, m))
	if nonZero(b) <= served {
		t.Fatalf("the name section was not dropped: %d vs %d", nonZero(b), served)
	}
	// Cumulative: the second row lacks the file too, and counts a/b/c's
	// data and tables as kept.
	wantRows := []string{
		"| (nothing: the build as served) | | | | " + kb(served) + " | |",
		"| embed:a/b/c | 0.0 | 0.1 | 0.0 | " + kb(served-len(fileText)) + " | -0.1 kB |",
		"| a/b/c | 0.1 | 0.0 | 0.1 | " + kb(served-len(fileText)-135) + " | -0.2 kB |",
	}
	for _, w := range wantRows {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, out.String())
		}
	}
	// A name section that is not last would move the offsets: refused.
	moved := append(append([]byte(nil), b[:m.names.start]...), b[m.names.end:]...)
	moved = append(moved[:8], append(append([]byte(nil), b[m.names.start:m.names.end]...), moved[8:]...)...)
	in.wasm = moved
	if err := printWithout(&bytes.Buffer{}, in, bd, groups, readFake, nonZero); err == nil || !strings.Contains(err.Error(), "not the last") {
		t.Errorf("a name section first: %v", err)
	}
}
