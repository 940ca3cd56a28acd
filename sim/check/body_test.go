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

// stdin is a request or notification the client wrote on stdin, tagged.
func stdin(tag string, m *jsonrpc.Message) trace.Event {
	return trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage,
		Note: tag + ".sent", Raw: string(m.Encode()) + "\n", Messages: []json.RawMessage{m.Encode()}}
}

// stdout is a line the server wrote, with the messages the engine's line
// decoder read from it (none for a line it refuses).
func stdoutLine(line string, inReplyTo int) trace.Event {
	e := trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage,
		Raw: line + "\n", InReplyTo: inReplyTo}
	if m, invalid := wire.DecodeLine([]byte(line + "\n")); invalid == "" && m != nil {
		e.Messages = []json.RawMessage{m.Encode()}
	}
	return e
}

// TestNullIDErrorIsTheAnswerStdio is TestNullIDErrorIsTheAnswer on stdio:
// an error whose id is null (JSON-RPC 2.0 §5: "If there was an error in
// detecting the id in the Request object (e.g. Parse error/Invalid
// Request), it MUST be Null"; 2025-11-25 basic/index §Error Responses
// excepts such errors from echoing the id) answers the latest request
// still waiting, as over HTTP its exchange does. The line decoder refuses
// it, the client matched nothing, yet meta-required judges its code
// (-32602 passes, -32601 fails naming it), and no other check names the
// line: not notification-unanswered (a notification came before it), not
// ids-echoed, not stdout-protocol-only. Its twins: a result with id null
// after a notification is no answer to anything and still fails
// notification-unanswered, naming the notification; an error with id null
// while nothing waits is a bad line still.
func TestNullIDErrorIsTheAnswerStdio(t *testing.T) {
	note := jsonrpc.Notification(protocol.MethodInitialized, nil)
	req := jsonrpc.Request(jsonrpc.IntID(3), protocol.MethodToolsList, nil)
	for code, want := range map[int]Verdict{-32602: Pass, -32601: Fail} {
		line := fmt.Sprintf(`{"jsonrpc":"2.0","error":{"code":%d,"message":"Invalid params: _meta is required"},"id":null}`, code)
		tr := traceOf(protocol.V20260728, "stdio", stdin(tagNotify, note), stdin(tagNoMeta, req), stdoutLine(line, 0))
		if len(tr.Events[2].Messages) != 0 {
			t.Fatalf("the line decoder read %s: the test needs a line it refuses", line)
		}
		j := &judge{view: newView(tr)}
		g := j.meta()
		bilingual(t, tr, g.Msg)
		if g.Verdict != want || g.Seq != 3 || strings.Contains(g.Message, "no JSON-RPC answer") || (want == Fail && !strings.Contains(g.Message, "-32601")) {
			t.Errorf("code %d: meta-required %s at step %d %q, want %s at step 3", code, g.Verdict, g.Seq, g.Message, want)
		}
		for _, g := range []Graded{j.notification(), j.ids(), j.stdout()} {
			if g.Verdict == Fail {
				t.Errorf("code %d: %s fails on the answer: %q", code, g.ID, g.Message)
			}
		}
	}

	// A result with id null answers the notification: no request waits,
	// and a result cannot lack its request's id.
	res := `{"jsonrpc":"2.0","id":null,"result":{}}`
	tr := traceOf(protocol.V20251125, "stdio", stdin(tagNotify, note), stdoutLine(res, 0))
	if g := (&judge{view: newView(tr)}).notification(); g.Verdict != Fail || g.Seq != 2 || !strings.Contains(g.Message, protocol.MethodInitialized) {
		t.Errorf("a result with id null after %s: notification-unanswered %s at step %d %q, want a failure at step 2 naming it",
			protocol.MethodInitialized, g.Verdict, g.Seq, g.Message)
	}
	// Even while a request waits, a result with id null answers nothing.
	tr = traceOf(protocol.V20251125, "stdio", stdin(tagNotify, note), stdin(tagList, req), stdoutLine(res, 0))
	if g := (&judge{view: newView(tr)}).notification(); g.Verdict != Fail || g.Seq != 3 {
		t.Errorf("a result with id null while a request waits: notification-unanswered %s at step %d %q, want a failure at step 3", g.Verdict, g.Seq, g.Message)
	}
	// An error with id null while nothing waits answers the notification.
	line := `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}`
	tr = traceOf(protocol.V20251125, "stdio", stdin(tagNotify, note), stdoutLine(line, 0))
	if g := (&judge{view: newView(tr)}).notification(); g.Verdict != Fail || g.Seq != 2 {
		t.Errorf("an error with id null, nothing waiting: notification-unanswered %s at step %d %q, want a failure at step 2", g.Verdict, g.Seq, g.Message)
	}
}

// TestIDLessErrorAnswersItsRequest: an error without an id at all (the
// MCP schema's JSONRPCErrorResponse has "id?") that the client paired with
// the request waiting for it (InReplyTo) is that request's answer, not a
// response to a notification; the same line with nothing waiting still
// fails notification-unanswered.
func TestIDLessErrorAnswersItsRequest(t *testing.T) {
	note := jsonrpc.Notification(protocol.MethodInitialized, nil)
	req := jsonrpc.Request(jsonrpc.IntID(3), protocol.MethodToolsList, nil)
	line := `{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: _meta is required"}}`
	tr := traceOf(protocol.V20260728, "stdio", stdin(tagNotify, note), stdin(tagNoMeta, req), stdoutLine(line, 2))
	j := &judge{view: newView(tr)}
	if g := j.notification(); g.Verdict != Pass {
		t.Errorf("the answer to step 2: notification-unanswered %s %q, want pass", g.Verdict, g.Message)
	}
	if g := j.meta(); g.Verdict != Pass {
		t.Errorf("meta-required %s %q, want pass", g.Verdict, g.Message)
	}
	tr = traceOf(protocol.V20251125, "stdio", stdin(tagNotify, note), stdoutLine(line, 0))
	if g := (&judge{view: newView(tr)}).notification(); g.Verdict != Fail || g.Seq != 2 {
		t.Errorf("nothing waiting: notification-unanswered %s at step %d %q, want a failure at step 2", g.Verdict, g.Seq, g.Message)
	}
}

// TestCancelledCallResultInFlight: a cancelled call's own result written
// within cancelGrace of the cancellation and before the server answered
// the barrier (the ping sent right after the cancellation) completed as it
// was cancelled (basic/utilities/cancellation §Timing Considerations:
// "potentially after a response has already been sent"):
// cancellation-honoured passes. Its twins fail: the same result after the
// barrier's answer, or long after the cancellation, and an error ("context
// canceled", the go-sdk's answer) before it, which only a server that read
// the cancellation writes.
func TestCancelledCallResultInFlight(t *testing.T) {
	call := jsonrpc.Request(jsonrpc.IntID(5), protocol.MethodToolsCall,
		json.RawMessage(`{"name":"slow","arguments":{},"_meta":{"progressToken":"slow-1"}}`))
	cancel := jsonrpc.Notification(protocol.MethodCancelled, json.RawMessage(`{"requestId":5,"reason":"test"}`))
	ping := jsonrpc.Request(jsonrpc.IntID(6), protocol.MethodPing, nil)
	ok := `{"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"done"}]}}`
	canceled := `{"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"context canceled"}],"isError":true}}`
	pong := `{"jsonrpc":"2.0","id":6,"result":{}}`
	for _, c := range []struct {
		name  string
		lines []string // what the server wrote, in order
		after int64    // ms after the cancellation
		want  Verdict
	}{
		{"result before the barrier's answer", []string{ok, pong}, 20, Pass},
		{"result after the barrier's answer", []string{pong, ok}, 20, Fail},
		{"isError before the barrier's answer", []string{canceled, pong}, 20, Fail},
		// A server that reads nothing while a call runs (the blocking
		// fixture) answers the barrier only after the call: its result,
		// long after the cancellation, is not one that crossed it.
		{"result long after the cancellation, before the barrier's answer", []string{ok, pong}, 2 * cancelGrace, Fail},
	} {
		evs := []trace.Event{stdin(tagCancel+"-1", call), stdin(tagCancel+"-1-notice", cancel), stdin(tagCancel+"-1"+tagBarrier, ping)}
		for _, l := range c.lines {
			reply := 1
			if l == pong {
				reply = 3
			}
			e := stdoutLine(l, reply)
			e.TimeMs = c.after
			evs = append(evs, e)
		}
		tr := traceOf(protocol.V20251125, "stdio", evs...)
		g := (&judge{view: newView(tr)}).cancellation()
		bilingual(t, tr, g.Msg)
		if g.Verdict != c.want {
			t.Errorf("%s: cancellation-honoured %s %q, want %s", c.name, g.Verdict, g.Message, c.want)
		}
	}
}

// TestNullIDErrorAfterCancelled: a request the client cancelled waits for
// no answer, so an error with id null that comes after it, with nothing
// else waiting, is no answer to it: it answers the notification sent last
// and fails notification-unanswered.
func TestNullIDErrorAfterCancelled(t *testing.T) {
	call := jsonrpc.Request(jsonrpc.IntID(5), protocol.MethodToolsCall, json.RawMessage(`{"name":"slow","arguments":{}}`))
	cancel := stdin(tagCancel+"-1-notice", jsonrpc.Notification(protocol.MethodCancelled, json.RawMessage(`{"requestId":5}`)))
	cancel.Cancels = 1
	note := jsonrpc.Notification(protocol.MethodInitialized, nil)
	line := `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}`
	tr := traceOf(protocol.V20251125, "stdio", stdin(tagCancel+"-1", call), cancel, stdin(tagNotify, note), stdoutLine(line, 0))
	if g := (&judge{view: newView(tr)}).notification(); g.Verdict != Fail || g.Seq != 4 {
		t.Errorf("notification-unanswered %s at step %d %q, want a failure at step 4", g.Verdict, g.Seq, g.Message)
	}
}

// A request of an earlier process (a fresh probe starts another) waits no
// more once the next process is launched: an error with id null in the new
// one, after a notification, is the answer to nothing and fails
// notification-unanswered. Its twin, without the launch between them,
// pairs the error with the old request and passes.
func TestNullIDErrorAfterRelaunch(t *testing.T) {
	call := jsonrpc.Request(jsonrpc.IntID(5), protocol.MethodToolsCall, json.RawMessage(`{"name":"slow","arguments":{}}`))
	note := jsonrpc.Notification(protocol.MethodInitialized, nil)
	line := `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}`
	launch := trace.Event{From: trace.Host, To: trace.Server, Channel: trace.HostChannel, Kind: trace.KindLaunch, Raw: "$ server\n"}
	for _, c := range []struct {
		name   string
		events []trace.Event
		want   Verdict
	}{
		{"relaunched", []trace.Event{stdin(tagCancel+"-1", call), launch, stdin(tagNotify, note), stdoutLine(line, 0)}, Fail},
		{"the same process", []trace.Event{stdin(tagCancel+"-1", call), stdin(tagNotify, note), stdoutLine(line, 0)}, Pass},
	} {
		tr := traceOf(protocol.V20251125, "stdio", c.events...)
		if g := (&judge{view: newView(tr)}).notification(); g.Verdict != c.want {
			t.Errorf("%s: notification-unanswered %s at step %d %q, want %s", c.name, g.Verdict, g.Seq, g.Message, c.want)
		}
	}
}
