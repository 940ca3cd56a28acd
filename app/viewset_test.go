package ui

import (
	"strings"
	"testing"
)

// TestViewSet: one Set for the four toggles; it reports a change only when
// the value differs, the link then says the new value, and an unknown
// parameter changes nothing.
func TestViewSet(t *testing.T) {
	v := View{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "none", Step: 3}
	for _, c := range []struct{ param, value, inLink string }{
		{paramScenario, "progress", "scenario=progress"},
		{paramVersion, "2025-11-25", "version=2025-11-25"},
		{paramTransport, "stdio", "transport=stdio"},
		{paramFault, "timeout", "fault=timeout"},
	} {
		if !v.Set(c.param, c.value) {
			t.Errorf("Set(%s, %s) reported no change", c.param, c.value)
		}
		if v.Set(c.param, c.value) {
			t.Errorf("Set(%s, %s) again reported a change", c.param, c.value)
		}
		if q := v.Query(); !strings.Contains(q, c.inLink) {
			t.Errorf("after Set(%s, %s) the link is %s", c.param, c.value, q)
		}
	}
	before := v
	if v.Set("step", "9") || v != before {
		t.Errorf("Set of an unknown parameter changed the view: %+v", v)
	}
}
