package client_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/fault"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/transport/streamhttp"
	"mcpwirelab/sim/vclock"
	"mcpwirelab/sim/virtual"
	"mcpwirelab/sim/wire"
)

// events is an Observer that keeps what the client reports (a task's
// background work may log while the test reads: snapshot).
type events struct {
	mu   sync.Mutex
	list []*client.Event
}

func (o *events) Observe(e *client.Event) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.list = append(o.list, e)
	return len(o.list)
}

// snapshot is the events so far.
func (o *events) snapshot() []*client.Event {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]*client.Event(nil), o.list...)
}

// find returns the first event whose channel and messages match.
func (o *events) find(ch trace.Channel, match func(e *client.Event) bool) (int, *client.Event) {
	for i, e := range o.list {
		if e.Event.Channel == ch && match(e) {
			return i + 1, e
		}
	}
	return 0, nil
}

func hasMethod(method string) func(e *client.Event) bool {
	return func(e *client.Event) bool { return len(e.Msgs) == 1 && e.Msgs[0].Method == method }
}

// engineClient is a client over the virtual wire to the engine's server,
// on a virtual clock.
type engineClient struct {
	c     *client.Client
	clock *vclock.Clock
	obs   *events
	srv   *mcp.Server
}

func newEngineClient(t *testing.T, version, transport string, wrap func(wire.HTTP) wire.HTTP, serverCfg func(*mcp.Config)) *engineClient {
	t.Helper()
	return engineClientWith(t, version, transport, wrap, serverCfg, nil)
}

// engineClientWith is newEngineClient with the client's configuration
// edited by clientCfg (its Host, its clock).
func engineClientWith(t *testing.T, version, transport string, wrap func(wire.HTTP) wire.HTTP, serverCfg func(*mcp.Config), clientCfg func(*client.Config)) *engineClient {
	t.Helper()
	e := &engineClient{clock: &vclock.Clock{}, obs: &events{}}
	cfg := labserver.Config()
	cfg.Sleep = e.clock.Sleep
	if serverCfg != nil {
		serverCfg(&cfg)
	}
	ccfg := client.Config{Version: version, Observer: e.obs, After: func(d time.Duration, f func()) func() { return e.clock.AfterFunc(d, f).Stop }}
	if clientCfg != nil {
		clientCfg(&ccfg)
	}
	if transport == "stdio" {
		var pipe *virtual.Pipe
		cfg.Logf = func(f string, a ...any) { pipe.Stderr(f, a...) }
		e.srv = labserver.NewServer(cfg)
		pipe = virtual.NewPipe(e.srv)
		e.c = client.NewStdio(pipe, ccfg)
		return e
	}
	e.srv = labserver.NewServer(cfg)
	var w wire.HTTP = &wire.VirtualHTTP{Route: wire.Handler(streamhttp.New(streamhttp.Options{Server: e.srv}))}
	if wrap != nil {
		w = wrap(w)
	}
	e.c = client.NewHTTP(w, "http://127.0.0.1:8080/mcp", ccfg)
	return e
}

var ctx = context.Background()

// TestClientAgainstTheEngine: open, list, call, unknown tool, bad
// arguments, progress and a deadline's cancellation, at both versions over
// both transports, against the engine's own server.
func TestClientAgainstTheEngine(t *testing.T) {
	for _, version := range protocol.Versions() {
		for _, transport := range []string{"stdio", "http"} {
			t.Run(version+"/"+transport, func(t *testing.T) {
				e := newEngineClient(t, version, transport, nil, nil)
				c := e.c
				if _, err := c.Open(ctx); err != nil {
					t.Fatal(err)
				}
				s := c.Session()
				switch {
				case protocol.IsModern(version) && (s.Negotiated || s.ID != "" || len(s.Capabilities) == 0):
					t.Fatalf("2026-07-28 session %+v: want discovered capabilities, no handshake, no session id", s)
				case !protocol.IsModern(version) && (!s.Negotiated || s.Version != protocol.V20251125 || (transport == "http") != (s.ID != "")):
					t.Fatalf("2025-11-25 session %+v", s)
				}
				tools, out := c.ListTools(ctx, client.CallOptions{})
				if out.Error() != nil || len(tools) != len(labserver.Config().Tools.Tools()) || tools[0].Name != "list_employees" {
					t.Fatalf("tools/list: %v %+v", out.Error(), tools)
				}
				res, out := c.CallTool(ctx, "list_emails", map[string]any{"urgent": true, "limit": 2}, client.CallOptions{})
				if out.Error() != nil || res.IsError || len(res.Content) == 0 || !strings.Contains(res.Content[0].Text, "urgent") {
					t.Fatalf("tools/call: %v %+v", out.Error(), res)
				}
				// server/tools §Error Handling: an unknown tool is a protocol
				// error, bad arguments a tool execution error.
				_, out = c.CallTool(ctx, "search_mail", map[string]any{}, client.CallOptions{})
				if e := out.Error(); e == nil || e.Code != protocol.CodeInvalidParams {
					t.Fatalf("unknown tool: %+v", out)
				}
				res, out = c.CallTool(ctx, "list_emails", map[string]any{"limit": 500}, client.CallOptions{})
				if out.Error() != nil || !res.IsError {
					t.Fatalf("bad arguments: %v %+v", out.Error(), res)
				}

				progress := 0
				before := len(e.obs.list)
				_, out = c.CallTool(ctx, "export_timesheets", map[string]any{"department": "Sales", "steps": 5}, client.CallOptions{
					Meta: map[string]any{protocol.MetaProgressToken: "p1"}, Timeout: 2500 * time.Millisecond,
					OnNotify: func(n *jsonrpc.Message, _ func()) {
						if n.Method == protocol.MethodProgress {
							progress++
						}
					}})
				if !out.TimedOut || out.Response != nil || progress != 2 || e.clock.Now() < 2500*time.Millisecond {
					t.Fatalf("deadline: timed out %v, response %v, %d progress at %v", out.TimedOut, out.Response, progress, e.clock.Now())
				}
				checkCancelled(t, e.obs.list[before:], before, version, transport)

				// The connection is still good afterwards.
				if _, out := c.ListTools(ctx, client.CallOptions{}); out.Error() != nil || out.Response == nil {
					t.Fatalf("after the cancellation: %+v", out)
				}
				if err := c.Close(ctx, client.CallOptions{}); err != nil {
					t.Fatal(err)
				}
				last := e.obs.list[len(e.obs.list)-1].Event
				switch {
				case transport == "stdio" && last.Raw != "exit status 0\n":
					t.Fatalf("stdio close: last event %+v", last)
				case transport == "http" && !protocol.IsModern(version) && last.HTTP.Status != http.StatusNoContent:
					t.Fatalf("2025-11-25 HTTP close: last event %+v", last)
				}
			})
		}
	}
}

// checkCancelled: the request carries its deadline, and the way it is
// cancelled is the version's and transport's (and names the request).
func checkCancelled(t *testing.T, evs []*client.Event, offset int, version, transport string) {
	t.Helper()
	req := 0
	for i, e := range evs {
		if len(e.Msgs) == 1 && e.Msgs[0].Method == protocol.MethodToolsCall {
			req = offset + i + 1
			if e.Timeout != 2500*time.Millisecond {
				t.Fatalf("the request's deadline is %v", e.Timeout)
			}
		}
	}
	var how []string
	for _, e := range evs {
		if e.Cancels == 0 {
			continue
		}
		if e.Cancels != req {
			t.Fatalf("event cancels %d, the request is %d", e.Cancels, req)
		}
		if e.Event.Kind == trace.KindClose {
			how = append(how, string(e.Role))
		} else {
			how = append(how, e.Msgs[0].Method)
		}
	}
	want := protocol.MethodCancelled // stdio, either version
	switch {
	case transport == "http" && protocol.IsModern(version):
		want = string(client.RoleCloseStream) // 2026-07-28: closing the stream cancels
	case transport == "http":
		want = protocol.MethodCancelled + " " + string(client.RoleDropStream)
	}
	if strings.Join(how, " ") != want {
		t.Fatalf("cancelled by %q, want %q", how, want)
	}
}

// TestClientResumesOrReissues: after the network drops a response stream,
// 2025-11-25 resumes it with Last-Event-ID and gets the rest, the tool
// having run once; 2026-07-28 cannot resume and sends the request again
// with a new id.
func TestClientResumesOrReissues(t *testing.T) {
	for _, version := range protocol.Versions() {
		t.Run(version, func(t *testing.T) {
			e := newEngineClient(t, version, "http", fault.DropStream, nil)
			if _, err := e.c.Open(ctx); err != nil {
				t.Fatal(err)
			}
			o := client.CallOptions{Meta: map[string]any{protocol.MetaProgressToken: "p"}}
			_, out := e.c.CallTool(ctx, "export_timesheets", map[string]any{"department": "Sales", "steps": 3}, o)
			if !out.Dropped || out.Response != nil {
				t.Fatalf("the drop: %+v", out)
			}
			if client.CanResume(e.c.Version(), out) != !protocol.IsModern(version) {
				t.Fatalf("CanResume %v for %s (last event %q)", client.CanResume(e.c.Version(), out), version, out.LastEventID)
			}
			var got client.Outcome
			if client.CanResume(e.c.Version(), out) {
				if out.LastEventID != "1-1" {
					t.Fatalf("last event id %q", out.LastEventID)
				}
				got = e.c.Resume(ctx, out, client.CallOptions{})
				if got.ID != (jsonrpc.ID{}) || got.Response == nil || got.Response.ID != out.ID {
					t.Fatalf("resumed: %+v", got)
				}
				n, ev := e.obs.find(trace.HTTPRequest, func(e *client.Event) bool { return e.Event.HTTP.Method == http.MethodGet })
				if n == 0 || ev.Event.HTTP.Headers["Last-Event-Id"][0] != "1-1" {
					t.Fatalf("no GET with Last-Event-ID: %+v", ev)
				}
			} else {
				_, got = e.c.CallTool(ctx, "export_timesheets", map[string]any{"department": "Sales", "steps": 3}, o)
				if got.Response == nil || got.ID == out.ID {
					t.Fatalf("re-issued: %+v (first id %s)", got, out.ID)
				}
			}
			var res mcp.CallToolResult
			if !got.Result(&res) || res.IsError {
				t.Fatalf("result %s", got.Response.Result)
			}
		})
	}
}

// TestClientListens: subscriptions/listen (2026-07-28) and the 2025-11-25
// GET stream or stdout lines deliver the tool-list change; stop ends the
// listening.
func TestClientListens(t *testing.T) {
	for _, version := range protocol.Versions() {
		for _, transport := range []string{"stdio", "http"} {
			t.Run(version+"/"+transport, func(t *testing.T) {
				e := newEngineClient(t, version, transport, nil, func(c *mcp.Config) { c.ListChanged, c.Tools = true, toolbox.Default() })
				if _, err := e.c.Open(ctx); err != nil {
					t.Fatal(err)
				}
				e.clock.AfterFunc(1500*time.Millisecond, func() { e.srv.SetTools(toolbox.Default().MustWith(toolbox.BookRoom())) })
				var seen []string
				out := e.c.Listen(ctx, mcp.SubscriptionFilter{ToolsListChanged: true}, client.CallOptions{OnNotify: func(n *jsonrpc.Message, stop func()) {
					seen = append(seen, n.Method)
					if n.Method == protocol.MethodToolsChanged {
						stop()
					}
				}})
				want := protocol.MethodToolsChanged
				if protocol.IsModern(version) {
					want = protocol.MethodAcknowledged + " " + protocol.MethodToolsChanged
				}
				if strings.Join(seen, " ") != want || out.Response != nil {
					t.Fatalf("saw %v, response %v", seen, out.Response)
				}
				tools, _ := e.c.ListTools(ctx, client.CallOptions{})
				if len(tools) != len(toolbox.Default().Tools())+1 {
					t.Fatalf("%d tools after the change", len(tools))
				}
			})
		}
	}
}

// TestClientHeaders: the HTTP binding mirrors what 2026-07-28 wants into
// headers (and encodes a non-ASCII name); 2025-11-25 sends the session and
// the negotiated version after the handshake, and never the 2026 headers.
func TestClientHeaders(t *testing.T) {
	var reqs []*http.Request
	capture := func(w wire.HTTP) wire.HTTP {
		return fault.EditRequest(w, nil, func(r *http.Request) { reqs = append(reqs, r.Clone(ctx)) })
	}
	e := newEngineClient(t, protocol.V20260728, "http", capture, nil)
	_, _ = e.c.CallTool(ctx, "汇总", json.RawMessage(`{}`), client.CallOptions{})
	// The client writes the names as the spec spells them (MCP-Protocol-Version),
	// so they are read here by exact key.
	get := func(h http.Header, name string) string {
		if v := h[name]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	h := reqs[0].Header
	if get(h, protocol.HeaderProtocolVersion) != protocol.V20260728 || get(h, protocol.HeaderMethod) != protocol.MethodToolsCall ||
		get(h, protocol.HeaderName) != protocol.EncodeValue("汇总") || get(h, protocol.HeaderSessionID) != "" {
		t.Fatalf("2026-07-28 headers %v", h)
	}
	reqs = nil
	e = newEngineClient(t, protocol.V20251125, "http", capture, nil)
	if _, err := e.c.Open(ctx); err != nil {
		t.Fatal(err)
	}
	if h := reqs[0].Header; get(h, protocol.HeaderSessionID) != "" || get(h, protocol.HeaderProtocolVersion) != "" {
		t.Fatalf("initialize headers %v", h)
	}
	if h := reqs[1].Header; get(h, protocol.HeaderSessionID) == "" || get(h, protocol.HeaderProtocolVersion) != protocol.V20251125 || get(h, protocol.HeaderMethod) != "" {
		t.Fatalf("initialized headers %v", h)
	}
}

// TestClientRejectsAnUnsupportedVersion: a client that only supports an
// older version does not accept the server's answer (lifecycle §Version
// Negotiation) and Open says so; a 2026-07-28 client asking for an unknown
// version retries once with one from the server's list.
func TestClientRejectsAnUnsupportedVersion(t *testing.T) {
	srv := labserver.NewServer(mcp.Config{})
	w := &wire.VirtualHTTP{Route: wire.Handler(streamhttp.New(streamhttp.Options{Server: srv}))}
	old := client.NewHTTP(w, "http://x/mcp", client.Config{Version: "2025-03-26", Supported: []string{"2025-03-26"}})
	_, err := old.Open(ctx)
	if ve, ok := err.(*client.ErrVersion); !ok || ve.Offered != protocol.V20251125 || old.Session().Negotiated {
		t.Fatalf("old client: %v, session %+v", err, old.Session())
	}
	future := client.NewHTTP(w, "http://x/mcp", client.Config{Version: "2099-01-01", Supported: []string{"2099-01-01", protocol.V20260728}})
	if _, err := future.Open(ctx); err != nil || future.Version() != protocol.V20260728 {
		t.Fatalf("future client: %v, speaks %s", err, future.Version())
	}
}

// TestStdioPollution: a line that is not JSON-RPC on stdout breaks the
// connection; what came after it is unread.
func TestStdioPollution(t *testing.T) {
	var pipe *virtual.Pipe
	srv := labserver.NewServer(mcp.Config{Logf: func(f string, a ...any) { pipe.Stderr(f, a...) }})
	pipe = virtual.NewPipe(srv)
	obs := &events{}
	c := client.NewStdio(fault.PolluteStdout(pipe, protocol.MethodToolsList), client.Config{Version: protocol.V20260728, Observer: obs})
	_, out := c.ListTools(ctx, client.CallOptions{})
	if out.Broken == "" || out.Response != nil {
		t.Fatalf("outcome %+v", out)
	}
	_, garbage := obs.find(trace.Stdout, func(e *client.Event) bool { return e.Invalid != "" })
	_, unread := obs.find(trace.Stdout, func(e *client.Event) bool { return e.Unread })
	if garbage == nil || unread == nil || unread.InReplyTo != 0 {
		t.Fatalf("events %+v %+v", garbage, unread)
	}
}
