package ui

import (
	"net/url"
	"testing"

	"mcpwirelab/sim/scenario"
)

var testInfos = []scenario.Info{
	{Name: "tool-call", Versions: []string{"2025-11-25", "2026-07-28"}, Transports: []string{"stdio", "http"}, Faults: []string{"none", "timeout", "bad-origin"}},
	{Name: "progress", Versions: []string{"2025-11-25", "2026-07-28"}, Transports: []string{"stdio", "http"}, Faults: []string{"none"}},
}

func TestParseViewRoundTrip(t *testing.T) {
	q := "scenario=tool-call&version=2025-11-25&transport=stdio&fault=timeout&step=7&lang=zh&view=compare&present=1"
	vals, _ := url.ParseQuery(q)
	v, ns := ParseView(vals, testInfos)
	if len(ns) != 0 {
		t.Fatalf("notices for a good link: %+v", ns)
	}
	want := View{Scenario: "tool-call", Version: "2025-11-25", Transport: "stdio", Fault: "timeout", Step: 7, Lang: "zh", Compare: true, Present: true}
	if v != want {
		t.Fatalf("got %+v, want %+v", v, want)
	}
	if got := v.Query(); got != q {
		t.Fatalf("Query() = %q, want %q", got, q)
	}
}

func TestParseViewDefaults(t *testing.T) {
	v, ns := ParseView(url.Values{}, testInfos)
	if len(ns) != 0 {
		t.Fatalf("notices: %+v", ns)
	}
	want := View{Scenario: "tool-call", Version: DefaultVersion, Transport: DefaultTransport, Fault: "none", Step: 1}
	if v != want {
		t.Fatalf("got %+v, want %+v", v, want)
	}
}

func TestParseViewBadValues(t *testing.T) {
	cases := []struct {
		q     string
		param string
		check func(View) bool
	}{
		{"scenario=nope", "scenario", func(v View) bool { return v.Scenario == "tool-call" }},
		{"version=1999", "version", func(v View) bool { return v.Version == DefaultVersion }},
		{"transport=pigeon", "transport", func(v View) bool { return v.Transport == DefaultTransport }},
		{"fault=meteor", "fault", func(v View) bool { return v.Fault == "none" }},
		{"scenario=progress&fault=timeout", "fault", func(v View) bool { return v.Fault == "none" && v.Scenario == "progress" }},
		{"step=abc", "step", func(v View) bool { return v.Step == 1 }},
		{"step=0", "step", func(v View) bool { return v.Step == 1 }},
		{"step=-3", "step", func(v View) bool { return v.Step == 1 }},
		{"lang=fr", "lang", func(v View) bool { return v.Lang == "" }},
		{"view=3d", "view", func(v View) bool { return !v.Compare }},
	}
	for _, c := range cases {
		vals, _ := url.ParseQuery(c.q)
		v, ns := ParseView(vals, testInfos)
		if len(ns) != 1 || ns[0].Param != c.param {
			t.Errorf("%s: notices %+v, want one for %s", c.q, ns, c.param)
		}
		if !c.check(v) {
			t.Errorf("%s: bad fallback %+v", c.q, v)
		}
	}
}

func TestParseViewStepPastEndKept(t *testing.T) {
	// Clamping to the last step happens once the trace is known.
	v, ns := ParseView(url.Values{"step": {"9999"}}, testInfos)
	if len(ns) != 0 || v.Step != 9999 {
		t.Fatalf("got %+v %+v", v, ns)
	}
}

func TestParseViewNoScenarios(t *testing.T) {
	v, _ := ParseView(url.Values{"scenario": {"x"}}, nil)
	if v.Version == "" || v.Transport == "" {
		t.Fatalf("no defaults without scenarios: %+v", v)
	}
}

// TestParseViewKnowsEveryView: every view of the navigation is a view a
// link may name, so ?view=capture opens the capture view without the
// hidden "unknown view" notice it raised (ParseView had a list of its
// own, without capture); an unknown view still raises one.
func TestParseViewKnowsEveryView(t *testing.T) {
	for _, view := range navViews {
		q := url.Values{"view": {view}}
		if _, ns := ParseView(q, testInfos); len(ns) != 0 {
			t.Errorf("?view=%s: notices %+v", view, ns)
		}
		if p, ns := ParsePage(q); p.View != view || len(ns) != 0 {
			t.Errorf("?view=%s: page %+v, notices %+v", view, p, ns)
		}
	}
	_, ns := ParseView(url.Values{"view": {"captures"}}, testInfos)
	if len(ns) != 1 || ns[0].Param != "view" || ns[0].Value != "captures" {
		t.Errorf("?view=captures: notices %+v, want one for view", ns)
	}
}
