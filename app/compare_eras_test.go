package ui

import (
	"strings"
	"testing"

	"mcpwirelab/sim/scenario"
)

func steps(t *testing.T, o scenario.Options) []Step {
	t.Helper()
	tr, err := scenario.Run(o)
	if err != nil {
		t.Fatal(err)
	}
	return BuildSteps(tr)
}

// TestAlignPairsWhatMoved: in the compare view resources/subscribe sits on
// the row of subscriptions/listen, marked as a change; the not-found error
// pairs -32002 with -32602, marked too; steps that do the same thing are
// not marked; and host-internal steps pair only with the same step (the
// model's answer never with the host's empty log panel).
func TestAlignPairsWhatMoved(t *testing.T) {
	changes := func(o scenario.Options) (map[string]bool, []Step, []Step, []Row) {
		a, b := o, o
		a.Version, b.Version = "2025-11-25", "2026-07-28"
		sa, sb := steps(t, a), steps(t, b)
		rows := Align(sa, sb)
		got := map[string]bool{}
		for _, r := range rows {
			if r.A >= 0 && r.B >= 0 {
				if d := eraChange(sa[r.A], sb[r.B]); d != "" {
					got[d] = true
				}
				if sa[r.A].Dir == DirHost && sa[r.A].Ev.Note != sb[r.B].Ev.Note {
					t.Errorf("%s: host step %s paired with %s", o.Scenario, sa[r.A].Ev.Note, sb[r.B].Ev.Note)
				}
			}
		}
		return got, sa, sb, rows
	}
	got, _, _, _ := changes(scenario.Options{Scenario: "resources", Transport: "http"})
	if len(got) != 1 || !got["resources/subscribe → subscriptions/listen"] {
		t.Errorf("resources: changes %v", got)
	}
	got, _, _, _ = changes(scenario.Options{Scenario: "resources", Transport: "stdio", Fault: scenario.FaultNotFound})
	if !got["-32002 → -32602"] || !got["resources/subscribe → subscriptions/listen"] {
		t.Errorf("resources not-found: changes %v", got)
	}
	got, sa, sb, rows := changes(scenario.Options{Scenario: "logging", Transport: "http"})
	if len(got) != 0 {
		t.Errorf("logging: changes %v", got)
	}
	// setLevel has no counterpart: its rows stay 2025-11-25's; the export
	// carries the level in 2026-07-28's _meta.
	for _, r := range rows {
		switch {
		case r.A >= 0 && strings.Contains(sa[r.A].Label("en"), "logging/setLevel") && r.B >= 0:
			t.Errorf("logging/setLevel paired with %s", sb[r.B].Label("en"))
		case r.B >= 0 && sb[r.B].Ev.Note == "export-call.request":
			if f := strings.Join(sb[r.B].Features(), " "); !strings.Contains(f, "_meta logLevel") {
				t.Errorf("the 2026-07-28 export's features %q", f)
			}
			if r.A < 0 || strings.Contains(strings.Join(sa[r.A].Features(), " "), "logLevel") {
				t.Errorf("the 2025-11-25 export: row %+v", r)
			}
		}
	}
	// The same step, the same bytes' meaning: no change.
	a := steps(t, scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http"})
	for i := range a {
		if d := eraChange(a[i], a[i]); d != "" {
			t.Errorf("step %d differs from itself: %s", i, d)
		}
	}
}
