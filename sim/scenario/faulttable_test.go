package scenario

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// faultTableProblems lists what is wrong with a fault table: a name twice,
// a fault a scenario lists without an entry, an entry no scenario lists,
// a requirement without its sentence (or a sentence without one), and an
// entry whose texts are missing: its UI label [fault.<name>], its
// [fault.na.<name>] when it has a requirement (keys of the UI's text), its
// row in the README's §Scenarios and faults.
func faultTableProblems(defs []faultDef, listed []string, uiKeys map[string]bool, readme string) []string {
	var out []string
	seen := map[string]bool{}
	for _, d := range defs {
		if seen[d.name] {
			out = append(out, d.name+": two entries")
		}
		seen[d.name] = true
		needs := d.transport != "" || d.modern || d.legacy
		if needs != (d.why != "") {
			out = append(out, d.name+": a requirement needs its sentence (why), and a sentence its requirement")
		}
		if !uiKeys["fault."+d.name] {
			out = append(out, d.name+": no [fault."+d.name+"] in app/text/lab.text")
		}
		if needs && !uiKeys["fault.na."+d.name] {
			out = append(out, d.name+": no [fault.na."+d.name+"] in app/text/lab.text")
		}
		if d.name != FaultNone && !strings.Contains(readme, "`"+d.name+"`") {
			out = append(out, d.name+": not in README.md §Scenarios and faults")
		}
	}
	used := map[string]bool{}
	for _, f := range listed {
		used[f] = true
		if !seen[f] {
			out = append(out, f+": listed by a scenario, no entry in faults")
		}
	}
	for _, d := range defs {
		if !used[d.name] {
			out = append(out, d.name+": no scenario lists it")
		}
	}
	return out
}

var textKey = regexp.MustCompile(`(?m)^\[([^\]\s]+)\]\s*$`)

func faultTexts(t *testing.T) (map[string]bool, string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "app", "text", "lab.text"))
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, m := range textKey.FindAllStringSubmatch(string(b), -1) {
		keys[m[1]] = true
	}
	r, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, sec, _ := strings.Cut(string(r), "\n### Scenarios and faults\n")
	sec, _, _ = strings.Cut(sec, "\n## ")
	return keys, sec
}

// TestFaultTable: every fault is one entry with its texts, and the
// scenarios list only faults that have one.
func TestFaultTable(t *testing.T) {
	var listed []string
	for _, s := range List() {
		listed = append(listed, s.Faults...)
	}
	keys, readme := faultTexts(t)
	for _, p := range faultTableProblems(faults, listed, keys, readme) {
		t.Error(p)
	}
}

// TestFaultTableBroken: an entry without its sentence, without its texts,
// listed by no scenario, and a listed fault without an entry are each
// reported.
func TestFaultTableBroken(t *testing.T) {
	keys, readme := faultTexts(t)
	defs := append(append([]faultDef(nil), faults...), faultDef{name: "new-fault", transport: "http"})
	listed := []string{"orphan-fault"}
	for _, d := range faults {
		listed = append(listed, d.name)
	}
	got := strings.Join(faultTableProblems(defs, listed, keys, readme), "\n")
	for _, want := range []string{
		"new-fault: a requirement needs its sentence",
		"new-fault: no [fault.new-fault] in app/text/lab.text",
		"new-fault: no [fault.na.new-fault] in app/text/lab.text",
		"new-fault: not in README.md",
		"new-fault: no scenario lists it",
		"orphan-fault: listed by a scenario, no entry in faults",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

// TestFaultAppliesFromTheTable: FaultApplies answers what the entries say
// (the sentences the UI translates as fault.na.*).
func TestFaultAppliesFromTheTable(t *testing.T) {
	for _, tt := range []struct {
		fault, version, transport string
		ok                        bool
	}{
		{FaultStdoutPollution, "2026-07-28", "http", false},
		{FaultStdoutPollution, "2026-07-28", "stdio", true},
		{FaultHeaderMismatch, "2025-11-25", "http", false},
		{FaultHeaderMismatch, "2026-07-28", "http", true},
		{FaultMissingSession, "2026-07-28", "http", false},
		{FaultMissingSession, "2025-11-25", "http", true},
		{FaultTamperedState, "2025-11-25", "stdio", false},
		{FaultSetLevel, "2026-07-28", "stdio", true},
		{"no-such-fault", "2025-11-25", "stdio", true},
	} {
		ok, why := FaultApplies(tt.fault, tt.version, tt.transport)
		if ok != tt.ok || (ok != (why == "")) {
			t.Errorf("FaultApplies(%s, %s, %s) = %v %q, want %v", tt.fault, tt.version, tt.transport, ok, why, tt.ok)
		}
	}
}
