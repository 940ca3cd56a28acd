package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

func msg(s string) []json.RawMessage { return []json.RawMessage{json.RawMessage(s)} }

// httpTrace is a small hand-made HTTP trace (2026-07-28 style), classified
// by the engine.
func httpTrace() *trace.Trace {
	return classified(&trace.Trace{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "timeout", Events: []trace.Event{
		{Seq: 1, From: trace.Host, To: trace.Host, Channel: trace.HostChannel, Kind: trace.KindThink, Raw: "Which e-mails?\n", Note: "user.prompt"},
		{Seq: 2, From: trace.Host, To: trace.Client, Channel: trace.HostChannel, Kind: trace.KindLaunch, Raw: "connect http://127.0.0.1:8080/mcp\n", Note: "launch.http"},
		{Seq: 3, From: trace.Client, To: trace.Server, Channel: trace.HTTPRequest, Kind: trace.KindMessage, TimeMs: 0, DeadlineMs: 2500, Note: "call.request",
			Raw:      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 60\r\nAccept: application/json, text/event-stream\r\nAuthorization: Bearer secret\r\nContent-Type: application/json\r\nMcp-Method: tools/call\r\nMcp-Name: it's\r\n\r\n" + `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"it's","_meta":{"progressToken":"p"}}}`,
			Messages: msg(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"it's","_meta":{"progressToken":"p"}}}`),
			HTTP:     &trace.HTTPInfo{Method: "POST", Path: "/mcp", Headers: map[string][]string{"Mcp-Method": {"tools/call"}}, Exchange: 1}},
		{Seq: 4, From: trace.Server, To: trace.Client, Channel: trace.HTTPResponse, Kind: trace.KindMessage, TimeMs: 10, Note: "sse.start",
			Raw: "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n", HTTP: &trace.HTTPInfo{Status: 200, Headers: sseHeaders, Exchange: 1}},
		{Seq: 5, From: trace.Server, To: trace.Client, Channel: trace.HTTPResponse, Kind: trace.KindMessage, TimeMs: 500, Note: "progress",
			Raw: "data: {}\n\n", Messages: msg(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}}`), HTTP: &trace.HTTPInfo{Status: 200, Headers: sseHeaders, Chunk: true, Exchange: 1}},
		{Seq: 6, From: trace.Client, To: trace.Server, Channel: trace.HTTPRequest, Kind: trace.KindMessage, TimeMs: 2500, Cancels: 3, Note: "timeout.cancelled",
			Raw: "POST /mcp HTTP/1.1\r\n\r\n{}", Messages: msg(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"timeout"}}`), HTTP: &trace.HTTPInfo{Method: "POST", Path: "/mcp", Exchange: 2}},
		{Seq: 7, From: trace.Server, To: trace.Client, Channel: trace.HTTPResponse, Kind: trace.KindMessage, TimeMs: 2500, Note: "accepted",
			Raw: "HTTP/1.1 202 Accepted\r\n\r\n", HTTP: &trace.HTTPInfo{Status: 202, Exchange: 2}},
		{Seq: 8, From: trace.Server, To: trace.Client, Channel: trace.HTTPResponse, Kind: trace.KindMessage, TimeMs: 2600, InReplyTo: 3, Note: "err",
			Raw: "HTTP/1.1 400 Bad Request\r\n\r\n", Messages: msg(`{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"bad"}}`), HTTP: &trace.HTTPInfo{Status: 400, Exchange: 1}},
	}})
}

// sseHeaders are an event stream's headers, which the engine records on
// every piece of the response.
var sseHeaders = map[string][]string{"Content-Type": {"text/event-stream"}}

func classified(t *trace.Trace) *trace.Trace {
	scenario.Classify(t)
	return t
}

func stdioTrace(version string) *trace.Trace {
	ev := []trace.Event{
		{Seq: 1, From: trace.Host, To: trace.Server, Channel: trace.HostChannel, Kind: trace.KindLaunch, Raw: "$ devserver -stdio\n", Note: "launch.stdio"},
		{Seq: 2, From: trace.Server, To: trace.Client, Channel: trace.Stderr, Kind: trace.KindMessage, Raw: "ready\n", Note: "stderr.log"},
	}
	if version == "2025-11-25" {
		ev = append(ev,
			trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Note: "initialize.request", Raw: `{"jsonrpc":"2.0","id":1,"method":"initialize"}` + "\n", Messages: msg(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`)},
			trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Note: "initialize.result", InReplyTo: 3, Raw: `{"jsonrpc":"2.0","id":1,"result":{}}` + "\n", Messages: msg(`{"jsonrpc":"2.0","id":1,"result":{}}`)},
		)
	} else {
		ev = append(ev,
			trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Note: "discover.request", Raw: `{"jsonrpc":"2.0","id":1,"method":"server/discover"}` + "\n", Messages: msg(`{"jsonrpc":"2.0","id":1,"method":"server/discover"}`)},
			trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Note: "discover.result", InReplyTo: 3, Raw: `{"jsonrpc":"2.0","id":1,"result":{}}` + "\n", Messages: msg(`{"jsonrpc":"2.0","id":1,"result":{}}`)},
		)
	}
	ev = append(ev,
		trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Note: "call.request", Raw: `{"jsonrpc":"2.0","id":2,"method":"tools/call"}` + "\n", Messages: msg(`{"jsonrpc":"2.0","id":2,"method":"tools/call"}`)},
		trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Note: "call.result", InReplyTo: 5, Raw: `{"jsonrpc":"2.0","id":2,"result":{"isError":true}}` + "\n", Messages: msg(`{"jsonrpc":"2.0","id":2,"result":{"isError":true}}`)},
		trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindClose, Note: "close"},
	)
	for i := range ev {
		ev[i].Seq = i + 1
	}
	return classified(&trace.Trace{Scenario: "tool-call", Version: version, Transport: "stdio", Fault: "none", Events: ev})
}

func TestBuildStepsHTTP(t *testing.T) {
	s := BuildSteps(httpTrace())
	if len(s) != 8 {
		t.Fatalf("%d steps", len(s))
	}
	dirs := []string{DirHost, DirLaunch, DirC2S, DirS2C, DirS2C, DirC2S, DirS2C, DirS2C}
	for i, d := range dirs {
		if s[i].Dir != d {
			t.Errorf("step %d dir %s, want %s", i+1, s[i].Dir, d)
		}
		if s[i].N != i+1 {
			t.Errorf("step %d numbered %d", i+1, s[i].N)
		}
	}
	if s[2].Wire() != "POST /mcp" || s[3].Wire() != "200 OK" || s[4].Wire() != "SSE" || s[7].Wire() != "400 Bad Request" {
		t.Errorf("wire tags: %q %q %q %q", s[2].Wire(), s[3].Wire(), s[4].Wire(), s[7].Wire())
	}
	if s[2].Exchange != 1 || s[3].Exchange != 1 || s[4].Exchange != 1 || s[5].Exchange != 2 || s[6].Exchange != 2 {
		t.Errorf("exchanges: %d %d %d %d %d", s[2].Exchange, s[3].Exchange, s[4].Exchange, s[5].Exchange, s[6].Exchange)
	}
	if s[2].Pair != 7 || s[7].Pair != 2 {
		t.Errorf("id pairing: request pair %d, response pair %d", s[2].Pair, s[7].Pair)
	}
	if got := s[7].Label(LangEn); got != "error -32602 #7" {
		t.Errorf("error label %q", got)
	}
	if s[7].Severity() != "expected" || s[3].Severity() != "ok" {
		t.Errorf("severity: %s %s", s[7].Severity(), s[3].Severity())
	}
	if got := s[2].Label(LangEn); got != "tools/call #7" {
		t.Errorf("request label %q", got)
	}
	if got := s[0].Label(LangEn); got != "Which e-mails?" {
		t.Errorf("think label %q", got)
	}
	if got := s[1].Label(LangEn); got != "connect http://127.0.0.1:8080/mcp" {
		t.Errorf("launch label %q", got)
	}
	if m := Methods(s); strings.Join(m, ",") != "tools/call,notifications/progress,notifications/cancelled" {
		t.Errorf("methods %v", m)
	}
	if f := s[2].Features(); strings.Join(f, ",") != "Mcp-Method,_meta" {
		t.Errorf("features %v", f)
	}
}

func TestStdioStepsAndSeverity(t *testing.T) {
	s := BuildSteps(stdioTrace("2025-11-25"))
	if s[1].Dir != DirStderr || s[1].Severity() != "ok" { // a log line on stderr is normal
		t.Errorf("stderr step: %s %s", s[1].Dir, s[1].Severity())
	}
	if got := s[5].Label(LangZh); got != "工具错误 tools/call #2" {
		t.Errorf("isError label %q", got)
	}
	if s[5].Severity() != "expected" {
		t.Errorf("isError severity %s", s[5].Severity())
	}
	if s[6].Ev.Kind != trace.KindClose || s[6].Severity() != "ok" || s[6].Label(LangEn) != "stdin closed" {
		t.Errorf("close step: %q %s", s[6].Label(LangEn), s[6].Severity())
	}
}

func TestMatchesFilter(t *testing.T) {
	s := BuildSteps(httpTrace())
	var n int
	for _, st := range s {
		if st.Matches("tools/call", "") {
			n++
		}
	}
	if n != 2 { // the request and the error answering it
		t.Errorf("tools/call matches %d steps, want 2", n)
	}
	n = 0
	for _, st := range s {
		if st.Matches("", DirC2S) {
			n++
		}
	}
	if n != 2 {
		t.Errorf("c2s matches %d", n)
	}
}

func TestFindDeadline(t *testing.T) {
	s := BuildSteps(httpTrace())
	d, ok := FindDeadline(s)
	if !ok || d.ReqIdx != 2 || d.CancelIdx != 5 || d.StartMs != 0 || d.EndMs != 2500 || d.ID != "7" {
		t.Fatalf("deadline %+v %v", d, ok)
	}
	if _, ok := FindDeadline(BuildSteps(stdioTrace("2026-07-28"))); ok {
		t.Fatal("deadline found in a trace without cancellation")
	}
}

func TestMapStepAcrossVersions(t *testing.T) {
	a := BuildSteps(stdioTrace("2025-11-25"))
	b := BuildSteps(stdioTrace("2026-07-28"))
	// Same note key (call.request at index 4 in both).
	if got := MapStep(a, 4, b); got != 4 {
		t.Errorf("call.request mapped to %d", got)
	}
	// initialize.request has no counterpart by note or message: falls
	// back to the nearest earlier step that has one (stderr.log, index 1).
	if got := MapStep(a, 2, b); got != 1 {
		t.Errorf("initialize mapped to %d, want 1", got)
	}
	// Past the end clamps.
	if got := MapStep(a, 99, b[:3]); got != 2 {
		t.Errorf("clamp: %d", got)
	}
	if got := MapStep(a, 3, nil); got != 0 {
		t.Errorf("empty: %d", got)
	}
}

func TestMapStepByMessageWhenNotesDiffer(t *testing.T) {
	a := BuildSteps(stdioTrace("2026-07-28"))
	bt := stdioTrace("2026-07-28")
	for i := range bt.Events {
		bt.Events[i].Note = "other." + bt.Events[i].Note
	}
	b := BuildSteps(bt)
	for i := range a {
		if got := MapStep(a, i, b); got != i {
			t.Errorf("step %d mapped to %d", i, got)
		}
	}
}

func TestAlignMarksVersionOnlySteps(t *testing.T) {
	a := BuildSteps(stdioTrace("2025-11-25"))
	b := BuildSteps(stdioTrace("2026-07-28"))
	rows := Align(a, b)
	var onlyA, onlyB, both int
	seenA, seenB := map[int]bool{}, map[int]bool{}
	for _, r := range rows {
		switch {
		case r.A < 0:
			onlyB++
		case r.B < 0:
			onlyA++
		default:
			both++
		}
		if r.A >= 0 {
			seenA[r.A] = true
		}
		if r.B >= 0 {
			seenB[r.B] = true
		}
	}
	if onlyA != 2 || onlyB != 2 || both != 5 {
		t.Errorf("onlyA %d onlyB %d both %d: %+v", onlyA, onlyB, both, rows)
	}
	if len(seenA) != len(a) || len(seenB) != len(b) {
		t.Error("a step is missing from the alignment")
	}
}

// The real engine: every combination it offers builds, labels, maps and
// exports without panicking.
func TestEngineMatrix(t *testing.T) {
	for _, in := range scenario.List() {
		for _, v := range in.Versions {
			for _, tp := range in.Transports {
				var prev []Step
				for _, f := range in.Faults {
					tr, err := scenario.Run(scenario.Options{Scenario: in.Name, Version: v, Transport: tp, Fault: f})
					if err != nil {
						continue // a fault that does not apply here
					}
					s := BuildSteps(tr)
					if len(s) == 0 {
						t.Errorf("%s %s %s %s: empty trace", in.Name, v, tp, f)
					}
					for i, st := range s {
						if st.Label(LangEn) == "" || st.Label(LangZh) == "" {
							t.Errorf("%s %s %s %s step %d: empty label", in.Name, v, tp, f, i+1)
						}
						_, _ = Reproduce(tr, i, "")
						for _, m := range st.Ev.Messages {
							PrettyJSON(m)
						}
						RawLines(st.Ev.Raw)
					}
					if !strings.HasPrefix(Mermaid(tr, LangZh), "sequenceDiagram\n") {
						t.Error("mermaid header")
					}
					if prev != nil {
						for i := range prev {
							if j := MapStep(prev, i, s); j < 0 || j >= len(s) {
								t.Errorf("MapStep out of range: %d", j)
							}
						}
					}
					prev = s
				}
			}
		}
	}
}
