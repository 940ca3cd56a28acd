package ui

import (
	"fmt"
	"strings"
	"testing"

	"mcpwirelab/sim/scenario"
)

// eraRows runs a scenario under both versions and aligns them as the
// compare view does.
func eraRows(t *testing.T, o scenario.Options) (a, b []Step, rows []Row) {
	t.Helper()
	for i, v := range []string{"2025-11-25", "2026-07-28"} {
		o.Version = v
		tr, err := scenario.Run(o)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			a = BuildSteps(tr)
		} else {
			b = BuildSteps(tr)
		}
	}
	return a, b, Align(a, b)
}

// rowOf finds the row holding the step with note in column a (or b).
func rowOf(a, b []Step, rows []Row, col, note string) (Row, bool) {
	for _, r := range rows {
		if col == "a" && r.A >= 0 && a[r.A].Ev.Note == note || col == "b" && r.B >= 0 && b[r.B].Ev.Note == note {
			return r, true
		}
	}
	return Row{}, false
}

func dumpRows(a, b []Step, rows []Row) string {
	var sb strings.Builder
	for _, r := range rows {
		l, rt := "—", "—"
		if r.A >= 0 {
			l = a[r.A].Ev.Note
		}
		if r.B >= 0 {
			rt = b[r.B].Ev.Note
		}
		fmt.Fprintf(&sb, "%-32s | %s\n", l, rt)
	}
	return sb.String()
}

// TestCompareAlignsByRole: in the compare view of the scenarios where the
// server asks the client, the 2025-11-25 server request sits on the row of
// the 2026-07-28 input_required result, the client's response on the row
// of the retry, both marked as one role carried differently; what only
// 2025-11-25 needs (the stream's priming event, the 202 for the answer,
// the stream's end) has a row of its own.
func TestCompareAlignsByRole(t *testing.T) {
	for _, tc := range []struct {
		scenario, transport, ask, answer string
		only2025                         []string
	}{
		{"elicitation", "http", "elicit.ask", "elicit.answer.accept", []string{"elicit.stream-prime", "elicit.answer-accepted", "elicit.stream-end"}},
		{"elicitation", "stdio", "elicit.ask.on-stdio", "elicit.answer.accept", nil},
		{"sampling", "http", "sample.ask", "sample.answer.result", []string{"sample.answer-accepted"}},
		{"roots", "stdio", "roots.ask.on-stdio", "roots.answer.result", nil},
	} {
		name := tc.scenario + "/" + tc.transport
		a, b, rows := eraRows(t, scenario.Options{Scenario: tc.scenario, Transport: tc.transport})
		pairs := map[string]string{tc.ask: strings.SplitN(tc.ask, ".", 2)[0] + ".input-required", tc.answer: strings.SplitN(tc.ask, ".", 2)[0] + ".retry.request"}
		for left, right := range pairs {
			r, ok := rowOf(a, b, rows, "a", left)
			if !ok || r.B < 0 || b[r.B].Ev.Note != right {
				t.Errorf("%s: %s is not on the row of %s:\n%s", name, left, right, dumpRows(a, b, rows))
				continue
			}
			mv := phaseMove(a[r.A], b[r.B], LangEn)
			if mv == "" || !strings.Contains(mv, " → ") {
				t.Errorf("%s: the row of %s is not marked as moved (%q)", name, left, mv)
			}
		}
		for _, n := range tc.only2025 {
			if r, ok := rowOf(a, b, rows, "a", n); !ok || r.B >= 0 {
				t.Errorf("%s: %s is not a 2025-11-25-only row (%+v):\n%s", name, n, r, dumpRows(a, b, rows))
			}
		}
		// The same step in both eras is not marked as moved.
		if r, ok := rowOf(a, b, rows, "a", "model.answers"); !ok || r.B < 0 || phaseMove(a[r.A], b[r.B], LangEn) != "" {
			t.Errorf("%s: the model's answer is not one plain row", name)
		}
		if !anyMoved(a, b, rows) {
			t.Errorf("%s: no row moved", name)
		}
	}
	// The question's role is named in both languages, from the engine.
	a, b, rows := eraRows(t, scenario.Options{Scenario: "elicitation", Transport: "http"})
	r, _ := rowOf(a, b, rows, "a", "elicit.ask")
	if en, zh := phaseRole(a[r.A], LangEn), phaseRole(b[r.B], LangZh); en == "" || zh == "" || en == zh {
		t.Errorf("roles %q / %q", en, zh)
	}
	if got := phaseMove(a[r.A], b[r.B], LangEn); got != "SSE · request elicitation/create → 200 OK · result input_required" {
		t.Errorf("what moved: %q", got)
	}
}

// TestCompareWithoutRolesFallsBack is the broken fixture of the test
// above: without the engine's phases the question and the retry do not
// share a row (and nothing is marked as moved), so the alignment really is
// the phases' doing.
func TestCompareWithoutRolesFallsBack(t *testing.T) {
	a, b, _ := eraRows(t, scenario.Options{Scenario: "elicitation", Transport: "http"})
	for _, s := range [][]Step{a, b} {
		for i := range s {
			s[i].Ev.Phase = ""
		}
	}
	rows := Align(a, b)
	if r, ok := rowOf(a, b, rows, "a", "elicit.ask"); ok && r.B >= 0 && b[r.B].Ev.Note == "elicit.input-required" {
		t.Errorf("without phases the question still pairs with input_required:\n%s", dumpRows(a, b, rows))
	}
	if anyMoved(a, b, rows) {
		t.Error("without phases a row is marked as moved")
	}
}
