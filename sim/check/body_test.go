package check

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// traceOf numbers events into a capture of version and transport, with
// their messages decoded from Raw where the event carries one line or one
// body (what the recorder stores).
func traceOf(version, transport string, events ...trace.Event) *trace.Trace {
	t := &trace.Trace{Scenario: Scenario, Version: version, Transport: transport}
	for i := range events {
		events[i].Seq = i + 1
		if events[i].Messages == nil {
			events[i].Messages = []json.RawMessage{}
		}
	}
	t.Events = events
	return t
}

// sentHTTP is a request or notification POSTed on exchange ex, tagged.
func sentHTTP(tag string, ex int, m *jsonrpc.Message) trace.Event {
	return trace.Event{From: trace.Client, To: trace.Server, Channel: trace.HTTPRequest, Kind: trace.KindMessage,
		Note: tag + ".sent", Raw: "POST /mcp HTTP/1.1\r\n\r\n" + string(m.Encode()),
		Messages: []json.RawMessage{m.Encode()}, HTTP: &trace.HTTPInfo{Method: "POST", Exchange: ex}}
}

// answerHTTP is the response on exchange ex, exactly as raw arrived, cut by
// the engine's parser (its messages are what the parser read).
func answerHTTP(ex int, raw ...string) []trace.Event {
	p := wire.ResponseParser{Exchange: ex}
	var out []trace.Event
	for _, r := range raw {
		if pc := p.Feed([]byte(r)); pc != nil {
			out = append(out, pc.Event)
		}
	}
	return out
}

// bilingual checks a message's two languages, as checkGraded does.
func bilingual(t *testing.T, tr *trace.Trace, m Msg) {
	t.Helper()
	if err := checkMsg(m, true); err != nil {
		t.Error(err)
	}
	for _, p := range zhProblems(t, tr, m) {
		t.Errorf("the Chinese %q: %s", m.Zh(), p)
	}
}

// TestNotificationChunkedEmpty: a Node server answers a notification with
// 202 Accepted and an empty chunked body ("0\r\n\r\n"); that is an empty
// body, as Content-Length: 0 is. Its twin, a chunked body that says
// something, still fails, and names what it said (the de-chunked body, not
// the chunk sizes).
func TestNotificationChunkedEmpty(t *testing.T) {
	note := jsonrpc.Notification(UnknownNotification, nil)
	for _, c := range []struct {
		name string
		raw  []string
		want Verdict
		says string
	}{
		{"node-202-chunked", []string{"HTTP/1.1 202 Accepted\r\nTransfer-Encoding: chunked\r\nDate: x\r\n\r\n0\r\n\r\n"}, Pass, ""},
		{"node-202-chunked-split", []string{"HTTP/1.1 202 Accepted\r\nTransfer-Encoding: chunked\r\n\r\n", "0\r\n\r\n"}, Pass, ""},
		{"go-202-length", []string{"HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n"}, Pass, ""},
		{"202-chunked-text", []string{"HTTP/1.1 202 Accepted\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"}, Fail, `"hello"`},
		{"200-empty", []string{"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"}, Fail, "HTTP 200"},
	} {
		t.Run(c.name, func(t *testing.T) {
			evs := append([]trace.Event{sentHTTP(tagNotify, 3, note)}, answerHTTP(3, c.raw...)...)
			tr := traceOf(protocol.V20260728, "http", evs...)
			j := &judge{view: newView(tr)}
			g := j.notification()
			bilingual(t, tr, g.Msg)
			if g.Verdict != c.want || !strings.Contains(g.Message, c.says) {
				t.Fatalf("%s: %s, want %s saying %q", c.name, g.Verdict, c.want, c.says)
			}
			if c.want == Fail && strings.Contains(g.Message, `"5`) {
				t.Errorf("the message quotes the chunk framing: %s", g.Message)
			}
		})
	}
}

// TestSpeaksSaysWhatCame: a legacy stateful server refuses server/discover
// with HTTP 400 and a JSON-RPC error whose id is null (the TypeScript SDK
// v1's "Server not initialized"); the verdict says so, not "got no
// answer". Its twin, a response that never came, still says no answer.
func TestSpeaksSaysWhatCame(t *testing.T) {
	body := `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Server not initialized"},"id":null}`
	req := jsonrpc.Request(jsonrpc.IntID(1), protocol.MethodDiscover, nil)
	for _, c := range []struct {
		name string
		raw  []string
		says []string
	}{
		{"400-json-rpc-error", []string{"HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" +
			fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(body), body)}, []string{"HTTP 400", "-32000", "Server not initialized"}},
		{"405-empty", []string{"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n"}, []string{"HTTP 405", "empty body"}},
		{"no-response", nil, []string{"got no answer"}},
	} {
		evs := append([]trace.Event{sentHTTP(tagDiscover, 1, req)}, answerHTTP(1, c.raw...)...)
		tr := traceOf(protocol.V20260728, "http", evs...)
		ok, seq, why := Speaks(tr)
		bilingual(t, tr, why)
		for _, s := range c.says {
			if ok || seq == 0 || !strings.Contains(why.En(), s) {
				t.Errorf("%s: %v step %d %q, want it to say %q", c.name, ok, seq, why.En(), s)
			}
		}
	}
}

// TestNullIDErrorIsTheAnswer: over HTTP an error whose id is null (JSON-RPC
// 2.0 §5, written by a server that refuses the request before reading its
// id) answers its exchange: meta-required judges its code (-32602 passes)
// instead of reporting no JSON-RPC answer; the twin with another code
// fails, naming it.
func TestNullIDErrorIsTheAnswer(t *testing.T) {
	req := jsonrpc.Request(jsonrpc.IntID(3), protocol.MethodToolsList, nil)
	for code, want := range map[int]Verdict{-32602: Pass, -32601: Fail} {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","error":{"code":%d,"message":"Invalid params: _meta is required"},"id":null}`, code)
		evs := append([]trace.Event{sentHTTP(tagNoMeta, 4, req)},
			answerHTTP(4, fmt.Sprintf("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body))...)
		tr := traceOf(protocol.V20260728, "http", evs...)
		j := &judge{view: newView(tr)}
		g := j.meta()
		bilingual(t, tr, g.Msg)
		if g.Verdict != want || strings.Contains(g.Message, "no JSON-RPC answer") || (want == Fail && !strings.Contains(g.Message, "-32601")) {
			t.Errorf("code %d: %s %q, want %s", code, g.Verdict, g.Message, want)
		}
	}
}
