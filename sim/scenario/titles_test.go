package scenario

import (
	"slices"
	"testing"

	"mcpwirelab/sim/text"
)

// titleProblems: the mistakes of a titles table for these scenarios: its
// format, a scenario without a title (each has both languages, the
// Chinese in Chinese) and a title of no scenario.
func titleProblems(tb *text.Table, names []string) []string {
	return keyedProblems(tb, names, "title", "scenario")
}

// keyedProblems: the mistakes of a table that must hold one record per
// key (what: what a record is, "title"; of: what a key names,
// "scenario"): its format, a key without a record (both languages, the
// Chinese in Chinese), and a record of no key (other than extra ones).
// Sorted.
func keyedProblems(tb *text.Table, keys []string, what, of string, extra ...string) []string {
	var out []string
	for _, err := range tb.Errs {
		out = append(out, err.Error())
	}
	for _, n := range keys {
		switch t, ok := tb.Get(n); {
		case !ok:
			out = append(out, "no "+what+" for "+n)
		case !hasCJK(t.Zh):
			out = append(out, "the Chinese "+what+" of "+n+" is not Chinese: "+t.Zh)
		}
	}
	for _, k := range tb.Keys() {
		if !slices.Contains(keys, k) && !slices.Contains(extra, k) {
			out = append(out, tb.Where[k]+": ["+k+"] is no "+of)
		}
	}
	slices.Sort(out)
	return out
}

// TestTitles: every scenario List gives has its title in text/titles.text,
// in both languages, and every title there is a scenario's.
func TestTitles(t *testing.T) {
	var names []string
	for _, s := range List() {
		names = append(names, s.Name)
		if s.Title.En == "" || s.Title.Zh == "" {
			t.Errorf("%s: List gives the title %+v", s.Name, s.Title)
		}
	}
	for _, p := range titleProblems(titles(), names) {
		t.Error(p)
	}
	// A scenario lost from List() leaves its golden transcripts orphans,
	// which TestGolden fails: no count of scenarios here.
	if len(names) == 0 {
		t.Error("no scenarios")
	}
}

// TestTitlesBroken: a scenario without a title, an English "Chinese" and a
// title of a scenario that does not exist are each found.
func TestTitlesBroken(t *testing.T) {
	tb := text.Load(text.Source{Name: "t.text", Data: "[a]\nen: A\nzh: 甲\n\n[b]\nen: B\nzh: B\n\n[gone]\nen: G\nzh: 乙\n"})
	got := titleProblems(tb, []string{"a", "b", "c"})
	want := []string{"no title for c", "t.text:9: [gone] is no scenario", "the Chinese title of b is not Chinese: B"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
