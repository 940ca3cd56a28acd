package ui

import (
	"fmt"
	"net/textproto"
	"regexp"
	"strconv"
	"testing"

	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// The stream-opening (priming) event of a 2025-11-25 HTTP stream is titled
// by its SSE event, not by the hex chunk-size line of the chunked transfer
// coding in front of it (it was "f").
func TestPrimingEventTitle(t *testing.T) {
	_, s := run(t, scenario.Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http", Fault: "timeout"})
	p, next := s[11], s[12] // step=12 of the deep link, and the piece after it
	for lang, want := range map[string]string{LangEn: "priming event (id 1-0)", LangZh: "预备事件（编号 1-0）"} {
		if got := p.Label(lang); got != want {
			t.Errorf("%s: step 12 titled %q, want %q (raw %q)", lang, got, want, p.Ev.Raw)
		}
	}
	if p.Wire() != "200 OK" || next.Wire() != "SSE" || next.Label(LangEn) != "notifications/progress" {
		t.Errorf("wire %q, next %q %q", p.Wire(), next.Wire(), next.Label(LangEn))
	}
}

// chunkSize is what a title must never be: a chunk-size line (RFC 9112
// §7.1), the framing of the body rather than the body.
var chunkSize = regexp.MustCompile(`^[0-9A-Fa-f]+$`)

// No step of any scenario is titled by a chunk-size line, and a piece is
// tagged "SSE" only when its response is an event stream.
func TestNoChunkFramingInTitles(t *testing.T) {
	everyRun(t, func(name string, tr *trace.Trace) {
		for _, p := range framingProblems(BuildSteps(tr)) {
			t.Errorf("%s: %s", name, p)
		}
	})
}

// everyRun calls f with every run the engine offers: each scenario under
// each of its versions, transports and faults that apply.
func everyRun(t *testing.T, f func(name string, tr *trace.Trace)) {
	t.Helper()
	for _, in := range scenario.List() {
		for _, v := range in.Versions {
			for _, tp := range in.Transports {
				for _, fault := range in.Faults {
					tr, err := scenario.Run(scenario.Options{Scenario: in.Name, Version: v, Transport: tp, Fault: fault})
					if err != nil {
						continue // a fault that does not apply here
					}
					f(in.Name+" "+v+" "+tp+" "+fault, tr)
				}
			}
		}
	}
}

func framingProblems(steps []Step) []string {
	var out []string
	for _, st := range steps {
		for _, lang := range []string{LangEn, LangZh} {
			if l := st.Label(lang); chunkSize.MatchString(l) {
				out = append(out, fmt.Sprintf("step %d (%s): titled by a chunk-size line %q", st.N, lang, l))
			}
		}
		if st.Wire() == "SSE" && !wire.IsEventStream(textproto.MIMEHeader(st.Ev.HTTP.Headers).Get("Content-Type")) {
			out = append(out, fmt.Sprintf("step %d: tagged SSE, its response is not text/event-stream", st.N))
		}
	}
	return out
}

// The broken fixture: a title taken from the raw body bytes (what the
// model did before it de-chunked) is caught by the check.
func TestNoChunkFramingBrokenFixture(t *testing.T) {
	_, s := run(t, scenario.Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http", Fault: "timeout"})
	bad := s[11]
	bad.SSE, bad.Events, bad.Body, bad.More = false, nil, "f\r\n", false // the body read without de-chunking
	if p := framingProblems([]Step{bad}); len(p) != 2 {
		t.Fatalf("a step titled \"f\" passes the check: %q", p)
	}
	sse := s[12]
	sse.Ev.HTTP = &trace.HTTPInfo{Status: 200, Chunk: true, Headers: map[string][]string{"Content-Type": {"application/json"}}}
	if p := framingProblems([]Step{sse}); len(p) != 1 {
		t.Fatalf("a JSON body's piece tagged SSE passes the check: %q", p)
	}
}

// capture builds the events a real capture records for one request and
// its response arriving in pieces: the engine's response parser cuts them,
// as `devserver check -out` does.
func capture(reqBody string, pieces ...string) *trace.Trace {
	req := trace.Event{Seq: 1, From: trace.Client, To: trace.Server, Channel: trace.HTTPRequest, Kind: trace.KindMessage,
		Raw:      "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:9\r\nContent-Type: application/json\r\nContent-Length: 46\r\n\r\n" + reqBody,
		Messages: msg(reqBody), HTTP: &trace.HTTPInfo{Method: "POST", Path: "/mcp", Exchange: 1}}
	tr := &trace.Trace{Version: "2025-11-25", Transport: "http", Events: []trace.Event{req}}
	p := wire.ResponseParser{Exchange: 1}
	for _, b := range pieces {
		pc := p.Feed([]byte(b))
		e := pc.Event
		e.Seq = len(tr.Events) + 1
		if len(e.Messages) > 0 {
			e.InReplyTo = 1
		}
		tr.Events = append(tr.Events, e)
	}
	return tr
}

const listReq = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`

type want struct{ wire, en, zh string }

func checkTitles(t *testing.T, steps []Step, wants []want) {
	t.Helper()
	for i, w := range wants {
		s := steps[i+1]
		if got := [3]string{s.Wire(), s.Label(LangEn), s.Label(LangZh)}; got != [3]string{w.wire, w.en, w.zh} {
			t.Errorf("piece %d: %q, want %q", i+1, got, [3]string{w.wire, w.en, w.zh})
		}
	}
}

// The trial's capture: an application/json answer, chunked, that arrives
// in two pieces was titled by a raw JSON fragment and its second piece
// tagged "SSE".
func TestCaptureJSONInPieces(t *testing.T) {
	head := "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
	frag, rest := `{"jsonrpc":"2.0","id":2,"result":`, `{"tools":[]}}`
	tr := capture(listReq,
		head+chunk(frag),
		chunk(rest)+"0\r\n\r\n")
	checkTitles(t, BuildSteps(tr), []want{
		{"200 OK", "response body (first part)", "响应体（第一部分）"},
		{"HTTP", "result tools/list #2", "结果 tools/list #2"},
	})
	// Three pieces: the middle one is more of the body, the last one (the
	// zero-size chunk alone) its end.
	tr = capture(listReq,
		head+chunk(frag),
		chunk(rest),
		"0\r\n\r\n")
	// The body completes with the third piece: the message is read there.
	checkTitles(t, BuildSteps(tr), []want{
		{"200 OK", "response body (first part)", "响应体（第一部分）"},
		{"HTTP", "response body (continued)", "响应体（续）"},
		{"HTTP", "result tools/list #2", "结果 tools/list #2"},
	})
	// A Content-Length body in two pieces, no chunking.
	body := frag + rest
	tr = capture(listReq,
		"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+body[:20],
		body[20:])
	checkTitles(t, BuildSteps(tr), []want{
		{"200 OK", "response body (first part)", "响应体（第一部分）"},
		{"HTTP", "result tools/list #2", "结果 tools/list #2"},
	})
}

// An event stream in pieces: the priming event, an event cut across two
// pieces, a comment, and the last chunk.
func TestCaptureSSEInPieces(t *testing.T) {
	head := "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
	ev := "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"tools\":[]}}\n\n"
	tr := capture(listReq,
		head+chunk("id: 7\ndata:\n\n"),
		chunk(ev[:20]),
		chunk(ev[20:]),
		chunk(": keep-alive\n"),
		"0\r\n\r\n")
	checkTitles(t, BuildSteps(tr), []want{
		{"200 OK", "priming event (id 7)", "预备事件（编号 7）"},
		{"SSE", "part of an event", "事件的一部分"},
		{"SSE", "result tools/list #2", "结果 tools/list #2"},
		{"SSE", "comment: keep-alive", "注释：keep-alive"},
		{"SSE", "end of the body (last chunk)", "响应体结束（最后一个分块）"},
	})
}

// chunk is s as one chunk of the chunked transfer coding (RFC 9112 §7.1).
func chunk(s string) string { return strconv.FormatInt(int64(len(s)), 16) + "\r\n" + s + "\r\n" }
