package check

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
)

// catalogProblems lists what the entries of a catalog lack: an id (once),
// its texts (title and what in verdicts.text), its judge, a probe's tag and
// note, a sentence for every version; a fresh probe must be one.
func catalogProblems(ds []Def) []string {
	var out []string
	seen := map[string]bool{}
	notes := map[string]bool{}
	for _, p := range probeNotes {
		notes[p.tag] = true
	}
	for _, d := range ds {
		bad := func(f string, a ...any) { out = append(out, d.ID+": "+fmt.Sprintf(f, a...)) }
		if d.ID == "" || seen[d.ID] {
			bad("no id, or the id twice")
		}
		seen[d.ID] = true
		for _, suffix := range []string{titleSuffix, whatSuffix} {
			if f, ok := verdictTable().Get(d.ID + suffix); !ok || f.En == "" || f.Zh == "" {
				bad("no [%s%s] in %s", d.ID, suffix, verdictFile)
			}
		}
		if d.judge == nil {
			bad("no judge")
		}
		if d.cite == nil {
			bad("no sentence")
		} else {
			for _, v := range protocol.Versions() {
				if c, _, _ := d.cite(v, "stdio"); c.Quote == "" || c.Spec == "" {
					bad("no sentence for %s", v)
				}
			}
		}
		if d.probe != nil && (d.tag == "" || !notes[normTag(d.tag)]) {
			bad("probe tag %q has no note in probeNotes", d.tag)
		}
		if d.fresh && d.probe == nil && d.freshEach == nil {
			bad("fresh, but no probe")
		}
	}
	return out
}

// TestCatalog: every entry of the catalog is complete; the broken twin, an
// entry with nothing but its id and a fresh flag, is not.
func TestCatalog(t *testing.T) {
	for _, p := range catalogProblems(defs) {
		t.Error(p)
	}
	got := catalogProblems([]Def{{ID: "mcpwl-bare", fresh: true, probe: (*prober).origin, tag: "mcpwl-no-note"}})
	for _, want := range []string{"[mcpwl-bare.title]", "[mcpwl-bare.what]", "no judge", "no sentence", "has no note"} {
		if !strings.Contains(strings.Join(got, "\n"), want) {
			t.Errorf("a bare entry passes %q: %v", want, got)
		}
	}
}

// levelsOf is the level column of the README's table: the level of the
// sentence each version cites (where the check applies), once when the
// versions agree.
func levelsOf(d Def) string {
	var parts []string
	same := true
	var first Level
	for i, v := range protocol.Versions() {
		c, ok, _ := d.cite(v, "stdio")
		if !ok {
			c, _, _ = d.cite(v, "http")
		}
		if i == 0 {
			first = c.Level
		} else if c.Level != first {
			same = false
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", c.Level, v))
	}
	if same {
		return string(first)
	}
	return strings.Join(parts, ", ")
}

// readmeChecks is the README's table of the checks, from the catalog.
func readmeChecks() string {
	var b strings.Builder
	b.WriteString("| id | level | what it checks |\n| --- | --- | --- |\n")
	for _, d := range Defs() {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", d.ID, levelsOf(d), d.What.En)
	}
	return b.String()
}

// TestReadmeChecks: the README's table of the checks is the catalog's
// (id, level per version, what it checks): a check added, renamed or
// reworded in the catalog fails here until the README says the same.
func TestReadmeChecks(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := readmeChecks()
	if !strings.Contains(string(readme), want) {
		t.Errorf("README.md, \"Check your own server\": the table of the checks is not the catalog's; it should read:\n%s", want)
	}
	if strings.Count(want, "\n") != len(Defs())+2 {
		t.Errorf("the table has %d lines for %d checks", strings.Count(want, "\n"), len(Defs()))
	}
}
