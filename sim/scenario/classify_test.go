package scenario

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/text"
	"mcpwirelab/sim/trace"
)

// faultKeyEvents names, for every fault of every scenario, the events
// that show it and their class: the keys of each fault's entry in faults,
// keyed "<scenario>/<fault>".
var faultKeyEvents = func() map[string][]keyEvent {
	out := map[string][]keyEvent{}
	for _, d := range faults {
		for sc, ks := range d.keys {
			out[sc+"/"+d.name] = ks
		}
	}
	return out
}()

// pendingFaults do nothing today, so they have no key event yet; the test
// fails once they change their trace, asking for one. (progress/timeout was
// one until issue 11 made its deadline bite.)
var pendingFaults = map[string]string{}

func applies(when string, o Options) bool {
	for _, w := range strings.Fields(when) {
		if w != o.Version && w != o.Transport {
			return false
		}
	}
	return true
}

// TestFaultKeyEventClasses checks the class of every fault's key events
// in every version and transport the fault runs under, and that every
// fault the engine offers has key events.
func TestFaultKeyEventClasses(t *testing.T) {
	covered := map[string]bool{}
	var clean = map[string]*trace.Trace{}
	for _, m := range matrixTraces(t) {
		if m.o.Fault == FaultNone {
			clean[m.o.Scenario+"/"+m.o.Version+"/"+m.o.Transport] = m.tr
		}
	}
	for _, m := range matrixTraces(t) {
		o := m.o
		if o.Fault == FaultNone {
			continue
		}
		name := o.Scenario + "/" + o.Fault
		if why, ok := pendingFaults[name]; ok {
			if c := clean[o.Scenario+"/"+o.Version+"/"+o.Transport]; c != nil && !sameEvents(c, m.tr) {
				t.Errorf("%s %s %s: %s no longer holds (the trace differs from the run without a fault): give it key events in faultKeyEvents", name, o.Version, o.Transport, why)
			}
			continue
		}
		wants, ok := faultKeyEvents[name]
		if !ok {
			t.Errorf("fault %s of scenario %s has no key events in faultKeyEvents", o.Fault, o.Scenario)
			continue
		}
		covered[name] = true
		for _, w := range wants {
			if !applies(w.when, o) {
				continue
			}
			e, ok := findNote(m.tr, w.note)
			if !ok {
				t.Errorf("%s %s %s: no %s event", name, o.Version, o.Transport, w.note)
				continue
			}
			if e.Class != w.class {
				t.Errorf("%s %s %s: event %d (%s) is %q, want %q", name, o.Version, o.Transport, e.Seq, w.note, e.Class, w.class)
			}
		}
	}
	for name := range faultKeyEvents {
		if !covered[name] {
			t.Errorf("faultKeyEvents lists %s, which no scenario runs", name)
		}
	}
}

func findNote(t *trace.Trace, note string) (trace.Event, bool) {
	for _, e := range t.Events {
		if e.Note == note || e.Note == note+"."+stdioLabel { // the same step, with its stdio note
			return e, true
		}
	}
	return trace.Event{}, false
}

func sameEvents(a, b *trace.Trace) bool {
	ja, _ := json.Marshal(a.Events)
	jb, _ := json.Marshal(b.Events)
	return string(ja) == string(jb)
}

// TestCleanRunsAreNotFlagged: without a fault nothing is a violation, and
// the ordinary events of a server's life are normal: its start-up line on
// stderr, "stdin closed; exiting", its exit, a client closing a stream it
// is done with.
func TestCleanRunsAreNotFlagged(t *testing.T) {
	for _, m := range matrixTraces(t) {
		for _, e := range m.tr.Events {
			if e.Class == "" {
				t.Errorf("%+v event %d (%s) has no class", m.o, e.Seq, e.Note)
			}
			if m.o.Fault == FaultNone && e.Class == violation {
				t.Errorf("%s %s %s without a fault: event %d (%s) is a violation", m.o.Scenario, m.o.Version, m.o.Transport, e.Seq, e.Note)
			}
			switch {
			case e.Note == "stderr.log", e.Note == "shutdown.exit", e.Note == "shutdown.close-stdin",
				strings.HasSuffix(e.Note, ".close-stream") && m.o.Fault == FaultNone, e.Kind == trace.KindLaunch:
				if e.Class != normal {
					t.Errorf("%+v event %d (%s %q) is %q, want normal", m.o, e.Seq, e.Note, e.Raw, e.Class)
				}
			}
		}
	}
}

// TestClassifyJudgesTheBytes: the class follows the bytes, not the note
// or the fault. Each case takes an event of a real trace, breaks (or
// repairs) its bytes, and checks the class changes.
func TestClassifyJudgesTheBytes(t *testing.T) {
	run := func(o Options) *trace.Trace {
		t.Helper()
		tr, err := Run(o)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	find := func(tr *trace.Trace, note string) int {
		t.Helper()
		for i, e := range tr.Events {
			if e.Note == note {
				return i
			}
		}
		t.Fatalf("%s %s: no %s event", tr.Scenario, tr.Fault, note)
		return -1
	}
	cases := []struct {
		name   string
		o      Options
		note   string
		change func(e *trace.Event)
		want   trace.Class
	}{
		{"the stray stdout line, made a JSON-RPC message, is normal",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio", Fault: FaultStdoutPollution}, "stdout-pollution.line",
			func(e *trace.Event) {
				e.Raw = `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}` + "\n"
			}, normal},
		{"a request line on stdin that is not JSON is a violation",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio"}, "tools-call.request.on-stdio",
			func(e *trace.Event) { e.Raw = "tools/call list_emails\n" }, violation},
		{"a short Content-Length, counted in bytes, is normal",
			Options{Scenario: "http-content-length", Version: "2026-07-28", Transport: "http", Fault: FaultShortLength}, "content-length.short.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Content-Length: 29\r\n", "Content-Length: 65\r\n", 1)
			}, normal},
		{"a Content-Length one byte too long is a violation",
			Options{Scenario: "http-anatomy", Version: "2026-07-28", Transport: "http"}, "api.digest.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Content-Length: 65\r\n", "Content-Length: 66\r\n", 1)
			}, violation},
		{"Mcp-Name changed to another tool is a violation",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http"}, "tools-call.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Mcp-Name: list_emails\r\n", "Mcp-Name: list_employees\r\n", 1)
			}, violation},
		{"Mcp-Name put back to the body's tool is normal",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: FaultHeaderMismatch}, "mismatched.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Mcp-Name: list_employees\r\n", "Mcp-Name: list_emails\r\n", 1)
			}, normal},
		{"a 2025-11-25 request without the issued session id is a violation",
			Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http"}, "tools-call.request",
			func(e *trace.Event) { e.Raw = dropHeader(e.Raw, "Mcp-Session-Id") }, violation},
		{"a POST whose body is not application/json is a violation",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http"}, "tools-call.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Content-Type: application/json\r\n", "Content-Type: text/plain;charset=UTF-8\r\n", 1)
			}, violation},
		{"a 2025-11-25 request in its session with another MCP-Protocol-Version is a violation",
			Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http"}, "tools-call.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "MCP-Protocol-Version: 2025-11-25\r\n", "MCP-Protocol-Version: "+oldVersion+"\r\n", 1)
			}, violation},
		{"a foreign Origin is a violation",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http"}, "tools-list.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "\r\n\r\n", "\r\nOrigin: http://attacker.example\r\n\r\n", 1)
			}, violation},
		{"a foreign Host on the MCP endpoint is a violation",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http"}, "tools-list.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Host: 127.0.0.1:8080\r\n", "Host: attacker.example:8080\r\n", 1)
			}, violation},
		{"a rebound request with loopback Host and Origin is normal",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: FaultDNSRebinding}, "rebound.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Host: attacker.example:8080\r\n", "Host: 127.0.0.1:8080\r\n", 1)
				e.Raw = strings.Replace(e.Raw, "Origin: http://attacker.example:8080\r\n", "Origin: http://127.0.0.1:8080\r\n", 1)
			}, normal},
		{"a loopback Origin is normal",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: FaultBadOrigin}, "forged.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Origin: http://attacker.example\r\n", "Origin: http://127.0.0.1:8080\r\n", 1)
			}, normal},
		{"Mcp-Param-Office that disagrees with the office argument is a violation",
			Options{Scenario: "prompts", Version: "2026-07-28", Transport: "http"}, "post-welcome.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Mcp-Param-Office: =?base64?5LiK5rW3?=\r\n", "Mcp-Param-Office: Shanghai\r\n", 1)
			}, violation},
		{"a request without the Mcp-Param-Office its tool's schema asks for is a violation",
			Options{Scenario: "prompts", Version: "2026-07-28", Transport: "http"}, "post-welcome.request",
			func(e *trace.Event) { e.Raw = dropHeader(e.Raw, "Mcp-Param-Office") }, violation},
		{"Mcp-Param-Office put back to the Base64 of the argument is normal",
			Options{Scenario: "prompts", Version: "2026-07-28", Transport: "http", Fault: FaultParamMismatch}, "rewritten.request",
			func(e *trace.Event) {
				e.Raw = strings.Replace(e.Raw, "Mcp-Param-Office: Shanghai\r\n", "Mcp-Param-Office: =?base64?5LiK5rW3?=\r\n", 1)
			}, normal},
		{"a result that turns into isError is an expected error",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio"}, "tools-call.result",
			func(e *trace.Event) {
				e.Messages = []json.RawMessage{json.RawMessage(`{"jsonrpc":"2.0","id":3,"result":{"content":[],"isError":true}}`)}
			}, expected},
		// Each message is decoded once (decodeMessages); bytes that are
		// not a valid JSON-RPC message are still read for an error member.
		{"an error response without \"jsonrpc\" still reports an error",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio"}, "tools-call.result",
			func(e *trace.Event) {
				e.Messages = []json.RawMessage{json.RawMessage(`{"id":3,"error":{"code":-32602,"message":"Unknown tool"}}`)}
			}, expected},
		{"an \"error\": null response reports no error",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio", Fault: FaultUnknownTool}, "tools-call.error.32602",
			func(e *trace.Event) {
				e.Messages = []json.RawMessage{json.RawMessage(`{"jsonrpc":"2.0","id":3,"error":null}`)}
			}, normal},
		{"a stdout line that differs from its recorded message is judged by its own bytes",
			Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio"}, "tools-call.result",
			func(e *trace.Event) { e.Raw = `{"jsonrpc":"2.0","id":3}` + "\n" }, violation},
	}
	for _, c := range cases {
		tr := run(c.o)
		i := find(tr, c.note)
		before := tr.Events[i].Class
		c.change(&tr.Events[i])
		Classify(tr)
		if got := tr.Events[i].Class; got != c.want {
			t.Errorf("%s: class %q (before the change %q), want %q\n%s", c.name, got, before, c.want, tr.Events[i].Raw)
		} else if before == c.want {
			t.Errorf("%s: the class was already %q before the change: the case proves nothing", c.name, before)
		}
	}
}

func dropHeader(raw, name string) string {
	var out []string
	for _, l := range strings.Split(raw, "\r\n") {
		if !strings.HasPrefix(strings.ToLower(l), strings.ToLower(name)+":") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\r\n")
}

// TestClassNotesExist keeps the note tables of Classify honest: every
// note it names is one the engine has an annotation for (a typo would
// silently leave an event normal).
func TestClassNotesExist(t *testing.T) {
	notes := noteIndex()
	for _, k := range append(append([]string{}, failureNotes...), violationNotes...) {
		found := false
		for n := range notes {
			if noteIs(mustKey(t, n).Path, k) {
				found = true
			}
		}
		if !found {
			t.Errorf("Classify names note %q, which has no annotation", k)
		}
	}
}

// TestPhasesHaveTitles: every phase the scenarios give an event has a
// title in both languages, and a phase that names nothing has none.
func TestPhasesHaveTitles(t *testing.T) {
	seen := 0
	for _, m := range matrixTraces(t) {
		for _, e := range m.tr.Events {
			if e.Phase == "" {
				continue
			}
			seen++
			if tt, ok := PhaseTitle(e.Phase); !ok || tt.En == "" || tt.Zh == "" {
				t.Errorf("%s %s %s event %d (%s): phase %q has no title", m.o.Scenario, m.o.Version, m.o.Transport, e.Seq, e.Note, e.Phase)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no event has a phase")
	}
	for _, p := range []string{"", "2:", "no-such-phase", "2:no-such-phase"} {
		if _, ok := PhaseTitle(p); ok {
			t.Errorf("PhaseTitle(%q) has a title", p)
		}
	}
	if tt, _ := PhaseTitle("2:question"); !strings.HasPrefix(tt.En, "call 2: ") {
		t.Errorf("PhaseTitle(2:question) = %q", tt.En)
	}
}

// phaseProblems: the mistakes of a phases table for these emitted phases:
// its format, a phase without a name (both languages, the Chinese in
// Chinese), a name of no phase, and [round] without its two values in
// both languages.
func phaseProblems(tb *text.Table, phases []string) []string {
	out := keyedProblems(tb, phases, "name", "phase an event has", roundKey)
	r, ok := tb.Get(roundKey)
	switch {
	case !ok:
		out = append(out, "no ["+roundKey+"]")
	case strings.Count(r.En, "%s") != 2:
		out = append(out, "["+roundKey+"] takes the call's number and the phase's name: "+r.En)
	case text.CheckVerbs(r) != "":
		out = append(out, "["+roundKey+"]: "+text.CheckVerbs(r))
	}
	slices.Sort(out)
	return out
}

// TestPhaseNames: text/phases.text names exactly the phases the scenarios
// give their events (a second call's "2:question" by [round]).
func TestPhaseNames(t *testing.T) {
	var phases []string
	for _, m := range matrixTraces(t) {
		for _, e := range m.tr.Events {
			_, base, cut := strings.Cut(e.Phase, ":")
			if !cut {
				base = e.Phase
			}
			if base != "" && !slices.Contains(phases, base) {
				phases = append(phases, base)
			}
		}
	}
	for _, p := range phaseProblems(phaseTitles(), phases) {
		t.Error(p)
	}
	if tt, _ := PhaseTitle("2:question"); tt.Zh != "第 2 次调用：服务器向客户端提问" {
		t.Errorf("PhaseTitle(2:question).Zh = %q", tt.Zh)
	}
	if _, ok := PhaseTitle(roundKey); ok {
		t.Errorf("PhaseTitle(%q) has a title", roundKey)
	}
}

// TestPhaseNamesBroken: a phase without a name, an English "Chinese", a
// name of no phase and a [round] with one value are each found.
func TestPhaseNamesBroken(t *testing.T) {
	tb := text.Load(text.Source{Name: "p.text", Data: "[round]\nen: call %s\nzh: 第 %s 次\n\n[a]\nen: A\nzh: 甲\n\n[b]\nen: B\nzh: B\n\n[gone]\nen: G\nzh: 乙\n"})
	got := phaseProblems(tb, []string{"a", "b", "c"})
	want := []string{"[round] takes the call's number and the phase's name: call %s", "no name for c", "p.text:13: [gone] is no phase an event has", "the Chinese name of b is not Chinese: B"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
