package text

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpwirelab/sim/text/texttest"
)

// TestParseTableOK reads a table that uses every feature of the format.
func TestParseTableOK(t *testing.T) {
	b, err := os.ReadFile("testdata/ok.text")
	if err != nil {
		t.Fatal(err)
	}
	got, errs := ParseTable("ok.text", string(b))
	if len(errs) > 0 {
		t.Fatal(errors.Join(errs...))
	}
	want := []Entry{
		{Key: "ctl.step", Line: 6, Text: Text{"Step #1: go.", "步骤 #1：开始。"}},
		{Key: "ex.summary_2", Line: 10, Text: Text{"%[2]d of %[3]d solved, 100%%.", "已完成 %[2]d / %[3]d，100%%。"}},
		{Key: "prompt", Line: 14, Text: Text{"First line.\nSecond line.\n\n  indented: kept", "第一行。\n第二行。"}},
		{Key: "label", Line: 22, Text: Text{"Translation: ", " 译文："}},
		{Key: "quoted", Line: 26, Text: Text{`"Quoted" at both ends`, `"a" not at both ends`}},
	}
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if g := got[i]; g.Key != w.Key || g.Line != w.Line || g.Text != w.Text {
			t.Errorf("entry %d: %+v\nwant %+v", i, g, w)
		}
	}
	if len(got[0].Comments) != 4 {
		t.Errorf("comments %q", got[0].Comments)
	}
}

// TestParseTableBroken: each fixture in testdata/broken names the errors
// it must give ("# want: line: message", in order).
func TestParseTableBroken(t *testing.T) {
	texttest.Broken(t, "testdata/broken/*.text", 11, func(name, data string) []error {
		_, errs := ParseTable(name, data)
		return errs
	})
}

// TestLoadClash: a key in two files is an error naming both; the first
// definition is kept.
func TestLoadClash(t *testing.T) {
	tb := Load(Source{"a.text", "[k]\nen: A.\nzh: 甲。\n"}, Source{"b.text", "\n[k]\nen: B.\nzh: 乙。\n"})
	if len(tb.Errs) != 1 || tb.Errs[0].Error() != "b.text:2: [k] is already defined at a.text:1" {
		t.Fatalf("errors %v", tb.Errs)
	}
	if x, _ := tb.Get("k"); x.En != "A." {
		t.Errorf("kept %+v", x)
	}
}

func TestVerbs(t *testing.T) {
	for _, c := range []struct {
		format, want string
	}{
		{"no verbs, 100%%", "none"},
		{"%s: expected %d, got %-8s", "arg 1 %s, arg 2 %d, arg 3 %-8s"},
		{"%[2]d of %[3]d · %[1]d", "arg 1 %d, arg 2 %d, arg 3 %d"},
		{"part %s (a line `### %[1]s`)", "arg 1 %s"},
		{"%d bytes: %[1]d characters, %d", "arg 1 %d, arg 2 %d"},
		{"%5.2f%%", "arg 1 %5.2f"},
	} {
		if got := showVerbs(Verbs(c.format)); got != c.want {
			t.Errorf("Verbs(%q) = %s, want %s", c.format, got, c.want)
		}
	}
}

// TestCheckVerbsBroken: every entry of the fixture is a translation whose
// verbs do not match; a good twin passes.
func TestCheckVerbsBroken(t *testing.T) {
	b, err := os.ReadFile("testdata/verbs-broken.text")
	if err != nil {
		t.Fatal(err)
	}
	entries, errs := ParseTable("verbs-broken.text", string(b))
	if len(errs) > 0 || len(entries) != 4 {
		t.Fatalf("%d entries, %v", len(entries), errs)
	}
	for _, e := range entries {
		if CheckVerbs(e.Text) == "" {
			t.Errorf("[%s]: verbs %q and %q pass", e.Key, e.Text.En, e.Text.Zh)
		}
	}
	if why := CheckVerbs(Text{"%[2]d of %[3]d solved · %[1]d attempts.", "已完成 %[2]d / %[3]d · 共提交 %[1]d 次。"}); why != "" {
		t.Errorf("good twin: %s", why)
	}
}

func TestInFallsBack(t *testing.T) {
	if got := (Text{En: "a"}).In(ZH); got != "a" {
		t.Errorf("In(zh) of English only = %q", got)
	}
	if got := (Text{"a", "甲"}).In(ZH); got != "甲" {
		t.Errorf("In(zh) = %q", got)
	}
	if got := (Text{"a", "甲"}).In("fr"); got != "a" {
		t.Errorf("In(fr) = %q", got)
	}
}

// FuzzParseTable: whatever ParseTable reads, FormatEntry writes back so it
// reads the same; Formattable says which values cannot be written.
func FuzzParseTable(f *testing.F) {
	for _, g := range []string{"testdata/*.text", "testdata/broken/*"} {
		files, _ := filepath.Glob(g)
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b))
			}
		}
	}
	f.Add("[a]\nen: x\n| y\n|\nzh: 甲\n")
	f.Add("[a]\nen: \" x \"\nzh: \"\"甲\"\"\n")
	f.Fuzz(func(t *testing.T, data string) {
		entries, _ := ParseTable("f.text", data)
		var b strings.Builder
		for _, e := range entries {
			for _, v := range []string{e.Text.En, e.Text.Zh} {
				if why := Formattable(v); why != "" {
					t.Fatalf("[%s]: ParseTable read a value that %s: %q", e.Key, why, v)
				}
			}
			FormatEntry(&b, Entry{Key: e.Key, Text: e.Text})
		}
		again, errs := ParseTable("g.text", b.String())
		if len(errs) > 0 || len(again) != len(entries) {
			t.Fatalf("written back: %v, %d of %d\n%s", errs, len(again), len(entries), b.String())
		}
		for i := range entries {
			if again[i].Key != entries[i].Key || again[i].Text != entries[i].Text {
				t.Fatalf("entry %d: %+v, then %+v", i, entries[i], again[i])
			}
		}
		Verbs(data) // never panics
	})
}

// TestLazyParsesOnce: the files are read at the first call, once.
func TestLazyParsesOnce(t *testing.T) {
	calls := 0
	get := Lazy(func() []Source { calls++; return []Source{{"a.text", "[k]\nen: A.\nzh: 甲。\n"}} })
	if calls != 0 {
		t.Fatal("Lazy read the files before the first call")
	}
	if x, ok := get().Get("k"); !ok || x.Zh != "甲。" || get() != get() || calls != 1 {
		t.Errorf("%+v %v, %d reads", x, ok, calls)
	}
}
