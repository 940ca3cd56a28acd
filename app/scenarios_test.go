package ui

import (
	"net/url"
	"strings"
	"testing"

	"mcpwirelab/sim/httplab"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

func run(t *testing.T, o scenario.Options) (*trace.Trace, []Step) {
	t.Helper()
	tr, err := scenario.Run(o)
	if err != nil {
		t.Fatal(err)
	}
	return tr, BuildSteps(tr)
}

func TestParseViewInapplicable(t *testing.T) {
	infos := scenario.List()
	cases := []struct {
		q, param, want string
	}{
		{"scenario=load-balancer&transport=stdio", "transport", "http"},
		{"scenario=http-sse&transport=stdio", "transport", "http"},
		{"scenario=dual-era&version=2025-11-25", "version", "2026-07-28"},
		{"scenario=progress&fault=legacy-server", "fault", "none"},
	}
	for _, c := range cases {
		vals, _ := url.ParseQuery(c.q)
		v, ns := ParseView(vals, infos)
		if len(ns) != 1 || ns[0].Param != c.param || ns[0].Kind != NoticeNA || ns[0].Fallback != c.want || ns[0].Allowed == "" {
			t.Errorf("%s: notices %+v, want one %q notice falling back to %s", c.q, ns, NoticeNA, c.want)
		}
		got := map[string]string{"version": v.Version, "transport": v.Transport, "fault": v.Fault}[c.param]
		if got != c.want {
			t.Errorf("%s: %s = %s, want %s", c.q, c.param, got, c.want)
		}
		if _, err := scenario.Run(scenario.Options{Scenario: v.Scenario, Version: v.Version, Transport: v.Transport, Fault: v.Fault}); err != nil {
			t.Errorf("%s: fallback does not run: %v", c.q, err)
		}
	}
	// A value no scenario knows is still "unknown", not "does not apply".
	vals, _ := url.ParseQuery("scenario=dual-era&version=1999")
	if _, ns := ParseView(vals, infos); len(ns) != 1 || ns[0].Kind != "" {
		t.Errorf("unknown version: %+v", ns)
	}
}

func TestParseViewClientSettings(t *testing.T) {
	infos := scenario.List()
	vals, _ := url.ParseQuery("scenario=http-status-retries&version=2026-07-28&transport=http&timeout=900&retries=0&base=100&jitter=20")
	v, ns := ParseView(vals, infos)
	if len(ns) != 0 {
		t.Fatalf("notices: %+v", ns)
	}
	want := httplab.ClientConfig{TimeoutMs: 900, Retries: -1, BaseDelayMs: 100, JitterPct: 20}
	if v.Client != want {
		t.Fatalf("client %+v, want %+v", v.Client, want)
	}
	if q := v.Query(); !strings.Contains(q, "&timeout=900&retries=0&base=100&jitter=20") {
		t.Fatalf("query %q does not keep the settings", q)
	}
	// Out of range or not a number: a notice, the default kept.
	for _, q := range []string{"retries=11", "timeout=0", "timeout=60001", "base=x", "jitter=101", "retries=-2"} {
		vals, _ := url.ParseQuery("scenario=http-status-retries&" + q)
		v, ns := ParseView(vals, infos)
		if len(ns) != 1 || v.Client != (httplab.ClientConfig{}) {
			t.Errorf("%s: %+v %+v", q, v.Client, ns)
		}
	}
	// Other scenarios do not carry them.
	vals, _ = url.ParseQuery("scenario=tool-call&retries=2")
	if v, _ := ParseView(vals, infos); strings.Contains(v.Query(), "retries") {
		t.Errorf("tool-call link keeps retries: %s", v.Query())
	}
	// Every range matches the engine's Validate at both ends.
	for _, p := range clientParams {
		for _, n := range []int{p.Min, p.Max} {
			c, ok := SetClientValue(httplab.ClientConfig{}, p.Param, n)
			if !ok || c.Validate() != nil {
				t.Errorf("%s=%d rejected", p.Param, n)
			}
		}
		if _, ok := SetClientValue(httplab.ClientConfig{}, p.Param, p.Max+1); ok {
			t.Errorf("%s=%d accepted", p.Param, p.Max+1)
		}
		if ClientValue(httplab.ClientConfig{}, p.Param) != p.Def {
			t.Errorf("%s default %d", p.Param, ClientValue(httplab.ClientConfig{}, p.Param))
		}
	}
}

func TestRetriesChangeTheTrace(t *testing.T) {
	_, def := run(t, scenario.Options{Scenario: "http-status-retries", Version: "2026-07-28", Transport: "http"})
	c, _ := SetClientValue(httplab.ClientConfig{}, "retries", 1)
	_, one := run(t, scenario.Options{Scenario: "http-status-retries", Version: "2026-07-28", Transport: "http", Client: c})
	if len(one) >= len(def) {
		t.Fatalf("retries=1 gives %d steps, default %d", len(one), len(def))
	}
}

func TestTimelineWaits(t *testing.T) {
	_, steps := run(t, scenario.Options{Scenario: "http-status-retries", Version: "2026-07-28", Transport: "http"})
	tl := BuildTimeline(steps)
	var waits []int64
	for _, sp := range tl.Spans {
		if sp.Kind == "wait" {
			waits = append(waits, sp.EndMs-sp.StartMs)
		}
	}
	if got := len(waits); got != 3 || waits[0] != 250 || waits[1] != 500 || waits[2] != 2000 {
		t.Fatalf("waits %v, want [250 500 2000]", waits)
	}
	if tl.EndMs != steps[len(steps)-1].Ev.TimeMs || tl.EndMs == 0 {
		t.Fatalf("end %d", tl.EndMs)
	}
	if got := axisTicks(2750); got[0] != 0 || got[len(got)-1] != 2750 || len(got) > 7 {
		t.Fatalf("ticks %v", got)
	}
	if got := axisTicks(0); len(got) != 1 {
		t.Fatalf("ticks of 0: %v", got)
	}
}

func TestHTTPTimeoutDeadlines(t *testing.T) {
	_, steps := run(t, scenario.Options{Scenario: "http-content-length", Version: "2026-07-28", Transport: "http", Fault: "long-length"})
	ds := FindDeadlines(steps)
	if len(ds) != 6 {
		t.Fatalf("%d deadlines, want 6 (one per attempt)", len(ds))
	}
	for _, d := range ds {
		if d.EndMs-d.StartMs != 2000 || !strings.HasPrefix(d.ID, "POST /digest") {
			t.Errorf("deadline %+v", d)
		}
	}
	if d, ok := DeadlineAt(ds, ds[1].ReqIdx); !ok || d != ds[1] {
		t.Errorf("DeadlineAt second request: %+v", d)
	}
	if _, ok := DeadlineAt(ds, 0); ok {
		t.Errorf("a deadline before the first request")
	}
	// The MCP lesson keeps its single deadline.
	_, steps = run(t, scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "timeout"})
	if ds := FindDeadlines(steps); len(ds) != 1 {
		t.Fatalf("tool-call timeout: %d deadlines", len(ds))
	}
}

func TestReplicas(t *testing.T) {
	_, steps := run(t, scenario.Options{Scenario: "load-balancer", Version: "2026-07-28", Transport: "http"})
	if Replicas(steps) != 2 {
		t.Fatalf("replicas %d", Replicas(steps))
	}
	_, steps = run(t, scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http"})
	if Replicas(steps) != 0 {
		t.Fatalf("tool-call replicas %d", Replicas(steps))
	}
}

// After a dual-era fallback the events say 2025-11-25, and so must their
// annotations.
func TestFallbackAnnotationsUseEventVersion(t *testing.T) {
	tr, _ := run(t, scenario.Options{Scenario: "dual-era", Version: "2026-07-28", Transport: "http", Fault: "legacy-server"})
	seen := 0
	for _, e := range tr.Events {
		if e.Version == "" {
			continue
		}
		seen++
		n := scenario.AnnotationFor(e.Note, tr.EventVersion(e))
		if n.Spec != "" && !strings.HasPrefix(n.Spec, e.Version) {
			t.Errorf("step %d (%s): spec %s for a %s event", e.Seq, e.Note, n.Spec, e.Version)
		}
	}
	if seen == 0 {
		t.Fatal("no fallback events")
	}
}

func TestTranscriptCommand(t *testing.T) {
	c, _ := SetClientValue(httplab.ClientConfig{}, "retries", 0)
	got := TranscriptCommand(scenario.Options{Scenario: "http-status-retries", Version: "2026-07-28", Transport: "http", Fault: "none", Client: c})
	want := "bin/devserver transcript -scenario http-status-retries -version 2026-07-28 -transport http -retries -1"
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// The compare view puts both versions side by side; a scenario that runs
// under one version compares its runs without and with a fault instead.
func TestCompareOptions(t *testing.T) {
	infos := map[string]scenario.Info{}
	for _, in := range scenario.List() {
		infos[in.Name] = in
	}
	o := scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "timeout"}
	a, b, byFault := CompareOptions(infos["tool-call"], o)
	if byFault || a.Version != "2025-11-25" || b.Version != "2026-07-28" || a.Fault != "timeout" || b.Fault != "timeout" || a.Transport != "http" {
		t.Fatalf("tool-call: %+v | %+v | byFault %v", a, b, byFault)
	}
	for _, c := range []struct{ fault, want string }{
		{"none", "legacy-server"}, {"", "legacy-server"}, {"unsupported-version", "unsupported-version"}, {"legacy-server", "legacy-server"},
	} {
		o := scenario.Options{Scenario: "dual-era", Version: "2026-07-28", Transport: "stdio", Fault: c.fault}
		a, b, byFault := CompareOptions(infos["dual-era"], o)
		if !byFault || a.Fault != "none" || b.Fault != c.want || a.Version != "2026-07-28" || b.Version != "2026-07-28" || b.Transport != "stdio" {
			t.Fatalf("dual-era fault %q: %+v | %+v | byFault %v", c.fault, a, b, byFault)
		}
		if _, err := scenario.Run(a); err != nil {
			t.Fatal(err)
		}
		if _, err := scenario.Run(b); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStepsReadTheEngineFacts: exchanges, pairs and deadlines come from the
// trace's facts, not from ids or the order of events. The 2025-11-25 GET
// stream's notification arrives while a nested tools/list is the last
// request sent: it still belongs to the GET's exchange.
func TestStepsReadTheEngineFacts(t *testing.T) {
	_, steps := run(t, scenario.Options{Scenario: "list-changed", Version: "2025-11-25", Transport: "http"})
	get, changed := -1, -1
	for i, s := range steps {
		switch {
		case s.Ev.Note == "get-stream.request":
			get = i
		case s.Ev.Note == "tools-changed":
			changed = i
		}
	}
	if get < 0 || changed < 0 || steps[changed].Exchange != steps[get].Exchange || steps[changed-1].Exchange == steps[get].Exchange {
		t.Fatalf("GET step %d, notification step %d: exchanges %d, %d", get, changed, steps[max(get, 0)].Exchange, steps[max(changed, 0)].Exchange)
	}
	// A subscription the client leaves is not a missed deadline.
	if _, ok := FindDeadline(steps); ok {
		t.Fatal("deadline found in list-changed")
	}

	// Without the engine's pairing fact a response with the same id is not
	// paired: the stdout-pollution run's response is never read.
	_, steps = run(t, scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio", Fault: "stdout-pollution"})
	for _, s := range steps {
		if s.Ev.Note == "stdout-pollution.unread" && s.Pair >= 0 {
			t.Fatalf("the unread response is paired with step %d", s.Pair+1)
		}
	}
	broken := httpTrace()
	broken.Events[7].InReplyTo = 0
	if s := BuildSteps(broken); s[7].Pair >= 0 || s[2].Pair >= 0 || s[7].Msgs[0].Method != "" {
		t.Fatalf("pairing without the fact: %d %d %q", s[7].Pair, s[2].Pair, s[7].Msgs[0].Method)
	}
	broken.Events[2].DeadlineMs = 0
	if _, ok := FindDeadline(BuildSteps(broken)); ok {
		t.Fatal("a cancellation without a deadline counted as a missed deadline")
	}
}
