package mcp_test

// 2025-11-25 server requests beyond one question and one answer: answers
// nobody waits for, a client that never answers (timeout, cancellation),
// a client that refuses, and the roots cache with
// notifications/roots/list_changed and the session stream.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

// TestLegacyAnswersRouted: a response to a request of the server is
// accepted (202) once; one nobody waits for is refused (HTTP 400 with a
// JSON-RPC error without id; on stdio nothing is written); outside a
// 2025-11-25 session a response is always refused.
func TestLegacyAnswersRouted(t *testing.T) {
	sch := schemas(t)
	stray := jsonrpc.Result(jsonrpc.IntID(99), map[string]any{"roots": []any{}})
	// HTTP, in a session: nothing waits for id 99.
	c := dial(t, courseServer(), protocol.V20251125, "http", rootsCap)
	w := httptest.NewRecorder()
	c.h.ServeHTTP(w, c.post(stray, nil))
	if w.Code != http.StatusBadRequest || strings.Contains(w.Body.String(), `"id"`) || !strings.Contains(w.Body.String(), "no request of this server with id 99 is waiting") {
		t.Errorf("stray response: %d %s", w.Code, w.Body.String())
	}
	// Without a session, or as 2026-07-28.
	for name, hdr := range map[string]map[string]string{
		"no session": {protocol.HeaderSessionID: ""},
		"2026-07-28": {protocol.HeaderSessionID: "", protocol.HeaderProtocolVersion: protocol.V20260728},
	} {
		w := httptest.NewRecorder()
		c.h.ServeHTTP(w, c.post(stray, hdr))
		if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "not a response") {
			t.Errorf("%s: %d %s", name, w.Code, w.Body.String())
		}
	}
	// stdio: a response is never answered.
	s := dial(t, courseServer(), protocol.V20251125, "stdio", rootsCap)
	s.peer.HandleLine(context.Background(), stray.Encode(), func(m *jsonrpc.Message) {
		t.Errorf("stdio answered a response: %s", m.Encode())
	})
	// The real thing, answered twice: the first answer is taken (202), the
	// second finds nobody waiting (400).
	var first *jsonrpc.Message
	c.answer = func(req *jsonrpc.Message) *jsonrpc.Message {
		first = jsonrpc.Result(req.ID, map[string]any{"roots": []any{map[string]any{"uri": "file:///w"}}})
		return first
	}
	a := c.call(protocol.MethodToolsCall, map[string]any{"name": "export_roster", "arguments": map[string]any{"department": "Sales"}}, opts{})
	validate(t, sch[protocol.V20251125], protocol.V20251125, protocol.MethodToolsCall, a)
	if len(c.answered) != 1 || c.answered[0].status != http.StatusAccepted {
		t.Fatalf("answers %+v", c.answered)
	}
	w = httptest.NewRecorder()
	c.h.ServeHTTP(w, c.post(first, nil))
	if w.Code != http.StatusBadRequest {
		t.Errorf("second answer to the same request: %d %s", w.Code, w.Body.String())
	}
}

// TestLegacyAskTimeout: a client that never answers. The server waits
// AskTimeout, then cancels its own request on the same stream
// (lifecycle §Timeouts) and the tool reports it.
func TestLegacyAskTimeout(t *testing.T) {
	sch := schemas(t)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			srv := labserver.NewServer(mcp.Config{Tools: toolbox.Course(), Sleep: noSleep, AskTimeout: 20 * time.Millisecond})
			c := dial(t, srv, protocol.V20251125, tr, samplingCap)
			a := c.call(protocol.MethodToolsCall, map[string]any{"name": "summarize_inbox", "arguments": map[string]any{}}, opts{})
			validate(t, sch[protocol.V20251125], protocol.V20251125, protocol.MethodToolsCall, a)
			var kinds []string
			for _, m := range a.msgs {
				kinds = append(kinds, m.Kind().String()+" "+m.Method)
			}
			if got := strings.Join(kinds, ", "); got != "request sampling/createMessage, notification notifications/cancelled, result " {
				t.Fatalf("messages: %s", got)
			}
			if !strings.Contains(string(a.raws[1]), `"params":{"requestId":1,"reason":"no answer within 20ms"}`) {
				t.Errorf("cancellation %s", a.raws[1])
			}
			if !strings.Contains(string(a.raws[2]), `did not answer within 20ms, so the server cancelled its request.","type":"text"`) && !strings.Contains(string(a.raws[2]), `did not answer within 20ms, so the server cancelled its request."}],"isError":true`) {
				t.Errorf("result %s", a.raws[2])
			}
		})
	}
}

// TestLegacyAskCancelledByClient: the client cancels its tools/call while
// the server waits for an answer: nothing more is sent for it, and the
// late answer finds nobody waiting.
func TestLegacyAskCancelledByClient(t *testing.T) {
	c := dial(t, courseServer(), protocol.V20251125, "stdio", samplingCap)
	var late *jsonrpc.Message
	c.answer = func(req *jsonrpc.Message) *jsonrpc.Message {
		late = jsonrpc.Result(req.ID, summary)
		cancel := jsonrpc.Notification(protocol.MethodCancelled, map[string]any{"requestId": 2, "reason": "user gave up"})
		c.peer.HandleLine(context.Background(), cancel.Encode(), func(m *jsonrpc.Message) { t.Errorf("answered a notification: %s", m.Encode()) })
		return nil
	}
	a := c.call(protocol.MethodToolsCall, map[string]any{"name": "summarize_inbox", "arguments": map[string]any{}}, opts{})
	if len(a.msgs) != 1 || a.msgs[0].Method != protocol.MethodSample {
		t.Errorf("after the cancellation the server sent %d messages: %v", len(a.msgs), a.msgs)
	}
	if r := c.srv.Handle(context.Background(), c.peer.Conn(), late, nil); r.Status != http.StatusBadRequest {
		t.Errorf("late answer: %+v", r)
	}
}

// TestLegacyClientRefuses: a JSON-RPC error as the answer (the user
// rejected sampling) is a tool execution error naming it.
func TestLegacyClientRefuses(t *testing.T) {
	c := dial(t, courseServer(), protocol.V20251125, "http", samplingCap)
	c.answer = func(req *jsonrpc.Message) *jsonrpc.Message {
		return jsonrpc.ErrorResponse(req.ID, jsonrpc.NewError(-1, "User rejected sampling request", nil))
	}
	a := c.call(protocol.MethodToolsCall, map[string]any{"name": "summarize_inbox", "arguments": map[string]any{}}, opts{})
	if !strings.Contains(string(a.raws[len(a.raws)-1]), `the client refused sampling/createMessage (-1 User rejected sampling request).`) {
		t.Errorf("refusal: %s", a.raws[len(a.raws)-1])
	}
}

// TestLegacyRootsCache: roots are asked once per session and kept;
// notifications/roots/list_changed drops them, and the next call that
// needs them asks again (client/roots §Root List Changes; the annotation
// roots-changed says so); the session stream does not ask on its own.
func TestLegacyRootsCache(t *testing.T) {
	sch := schemas(t)
	srv := labserver.NewServer(mcp.Config{Tools: toolbox.Course(), Sleep: noSleep})
	c := dial(t, srv, protocol.V20251125, "stdio", rootsCap)
	workspace := "file:///home/ana/one"
	asked := 0
	c.answer = func(req *jsonrpc.Message) *jsonrpc.Message {
		asked++
		return jsonrpc.Result(req.ID, map[string]any{"roots": []any{map[string]any{"uri": workspace}}})
	}
	export := func() string {
		a := c.call(protocol.MethodToolsCall, map[string]any{"name": "export_roster", "arguments": map[string]any{"department": "Finance"}}, opts{})
		validate(t, sch[protocol.V20251125], protocol.V20251125, protocol.MethodToolsCall, a)
		return string(a.raws[len(a.raws)-1])
	}
	export()
	if out := export(); asked != 1 || !strings.Contains(out, "file:///home/ana/one/rosters/finance.csv") {
		t.Fatalf("second export asked again (%d) or lost the roots: %s", asked, out)
	}
	// The user switches workspace; the client says so.
	workspace = "file:///home/ana/two"
	c.raw(jsonrpc.Notification(protocol.MethodRootsChanged, nil), nil)
	// The server asks nothing on its own: the session stream stays quiet
	// however many times it looks (an unsolicited roots/list would race
	// the client's next call, which asks anyway).
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	var streamed []*jsonrpc.Message
	_ = srv.WatchSession(ctx, c.peer.Conn(), nil, func(m *jsonrpc.Message) { streamed = append(streamed, m) })
	if len(streamed) != 0 || asked != 1 {
		t.Fatalf("session stream after list_changed: %v (asked %d times)", streamed, asked)
	}
	// The next call that needs the roots asks once, and gets the new ones.
	if out := export(); asked != 2 || !strings.Contains(out, "file:///home/ana/two/rosters/finance.csv") {
		t.Errorf("after list_changed: asked %d times, %s", asked, out)
	}
	if out := export(); asked != 2 || !strings.Contains(out, "file:///home/ana/two/rosters/finance.csv") {
		t.Errorf("the new roots were not kept: asked %d times, %s", asked, out)
	}
}

// TestElicitationURLMode: a URL-mode question (engine level: no course
// tool uses it). 2025-11-25 sends elicitationId and, when the tool says
// the out-of-band step finished, notifications/elicitation/complete;
// 2026-07-28 input requests carry neither (the retry tells the server).
func TestElicitationURLMode(t *testing.T) {
	sch := schemas(t)
	reg := toolbox.Default().MustWith(primitive.Def{
		Tool: primitive.Tool{Name: "connect_calendar", Description: "Links the user's calendar.", InputSchema: toolbox.Schema(map[string]any{})},
		Run: func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
			a, err := env.Elicit(ctx, primitive.ElicitURL("link", "Sign in to your calendar", "https://calendar.example/link?s=1", "el-1"))
			if err != nil {
				return primitive.Result{}, err
			}
			if env.ElicitationComplete != nil {
				env.ElicitationComplete("el-1")
			}
			return primitive.Result{Text: "calendar: " + a.Action}, nil
		}})
	urlCaps := map[string]any{"elicitation": map[string]any{"url": map[string]any{}}}
	for _, v := range versions {
		for _, tr := range transports {
			srv := labserver.NewServer(mcp.Config{Tools: reg, Sleep: noSleep})
			c := dial(t, srv, v, tr, urlCaps)
			o := opts{}
			if protocol.IsModern(v) {
				o.meta = map[string]any{protocol.MetaClientCapabilities: urlCaps}
			}
			c.answer = func(req *jsonrpc.Message) *jsonrpc.Message {
				if !strings.Contains(string(req.Params), `"mode":"url","message":"Sign in to your calendar","url":"https://calendar.example/link?s=1","elicitationId":"el-1"`) {
					t.Errorf("%s/%s: %s", v, tr, req.Params)
				}
				return jsonrpc.Result(req.ID, map[string]any{"action": "accept"})
			}
			a := c.call(protocol.MethodToolsCall, map[string]any{"name": "connect_calendar", "arguments": map[string]any{}}, o)
			validate(t, sch[v], v, protocol.MethodToolsCall, a)
			var methods []string
			for _, m := range a.msgs {
				methods = append(methods, m.Method)
			}
			if protocol.IsModern(v) {
				r := inputRequired(t, a)
				if p := string(r.InputRequests["link"].Params); p != `{"message":"Sign in to your calendar","mode":"url","url":"https://calendar.example/link?s=1"}` {
					t.Errorf("2026-07-28 URL input request %s", p)
				}
				continue
			}
			if got := strings.Join(methods, " "); got != "elicitation/create notifications/elicitation/complete " {
				t.Errorf("%s/%s messages %q", v, tr, got)
			}
			if !strings.Contains(string(a.raws[1]), `"params":{"elicitationId":"el-1"}`) || !strings.Contains(string(a.raws[2]), "calendar: accept") {
				t.Errorf("%s/%s: %s %s", v, tr, a.raws[1], a.raws[2])
			}
		}
	}
}
