package streamhttp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

const modernMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`

// do sends raw HTTP/1.1 request text through the handler, as the simulator
// does, and returns the response.
func do(t *testing.T, h http.Handler, raw string) *httptest.ResponseRecorder {
	t.Helper()
	req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
	if err != nil {
		t.Fatalf("bad test request: %v\n%s", err, raw)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// post builds a POST with a JSON body and the given extra header lines.
func post(body string, headers ...string) string {
	var b strings.Builder
	b.WriteString("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n")
	b.WriteString("Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n")
	for _, h := range headers {
		b.WriteString(h + "\r\n")
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	return b.String()
}

func errorOf(t *testing.T, w *httptest.ResponseRecorder) *jsonrpc.Error {
	t.Helper()
	m, err := jsonrpc.Decode(w.Body.Bytes())
	if err != nil {
		t.Fatalf("body is not JSON-RPC: %v: %q", err, w.Body.String())
	}
	if m.Error == nil {
		t.Fatalf("expected an error response, got %s", w.Body.String())
	}
	return m.Error
}

func modernHeaders(method string, name ...string) []string {
	h := []string{"MCP-Protocol-Version: 2026-07-28", "Mcp-Method: " + method}
	for _, n := range name {
		h = append(h, "Mcp-Name: "+n)
	}
	return h
}

func TestModernStatusesAndCodes(t *testing.T) {
	call := func(name string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + name + `","arguments":{}},` + modernMeta + `}`
	}
	call = func(name string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + name + `","arguments":{},` + modernMeta + `}}`
	}
	list := `{"jsonrpc":"2.0","id":"L","method":"tools/list","params":{` + modernMeta + `}}`
	tests := []struct {
		name   string
		raw    string
		status int
		code   int // 0 = success
		substr string
	}{
		{"discover ok", post(`{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{`+modernMeta+`}}`, modernHeaders("server/discover")...), 200, 0, `"supportedVersions":["2026-07-28","2025-11-25"]`},
		{"tools/list ok, session id ignored", post(list, append(modernHeaders("tools/list"), "Mcp-Session-Id: stale")...), 200, 0, `"ttlMs":300000`},
		{"missing _meta → -32602 400", post(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`, modernHeaders("tools/list")...), 400, -32602, "missing required _meta field io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities"},
		{"missing capabilities → -32602 400", post(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`, modernHeaders("tools/list")...), 400, -32602, "io.modelcontextprotocol/clientCapabilities"},
		{"missing MCP-Protocol-Version → -32020", post(list, "Mcp-Method: tools/list"), 400, -32020, "MCP-Protocol-Version is missing"},
		{"version header mismatch → -32020", post(list, "MCP-Protocol-Version: 2025-11-25", "Mcp-Method: tools/list"), 400, -32020, "header value '2025-11-25' does not match body value '2026-07-28'"},
		{"Mcp-Method mismatch → -32020", post(list, modernHeaders("tools/call")...), 400, -32020, "Mcp-Method header value 'tools/call' does not match body value 'tools/list'"},
		{"Mcp-Method case matters", post(list, modernHeaders("Tools/List")...), 400, -32020, "Mcp-Method header value"},
		{"Mcp-Name missing → -32020", post(call("list_emails"), modernHeaders("tools/call")...), 400, -32020, "Mcp-Name is missing"},
		{"Mcp-Name mismatch → -32020", post(call("list_emails"), modernHeaders("tools/call", "list_employees")...), 400, -32020, "'list_employees' does not match body value 'list_emails'"},
		{"Mcp-Name base64 decoded and compared", post(call("查询_员工"), modernHeaders("tools/call", protocol.EncodeValue("查询_员工"))...), 200, -32602, "Unknown tool: 查询_员工"},
		{"Mcp-Name bad base64 → -32020", post(call("x"), modernHeaders("tools/call", "=?base64?!!!?=")...), 400, -32020, "invalid Base64"},
		{"unsupported version → -32022 with data", post(strings.ReplaceAll(list, "2026-07-28", "1900-01-01"), "MCP-Protocol-Version: 1900-01-01", "Mcp-Method: tools/list"), 400, -32022, `"data":{"supported":["2026-07-28","2025-11-25"],"requested":"1900-01-01"}`},
		{"unknown method → 404 -32601", post(`{"jsonrpc":"2.0","id":1,"method":"foo/bar","params":{`+modernMeta+`}}`, modernHeaders("foo/bar")...), 404, -32601, "Method not found: foo/bar"},
		{"logging/setLevel gone in 2026-07-28 → 404 -32601", post(`{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info",`+modernMeta+`}}`, modernHeaders("logging/setLevel")...), 404, -32601, "set io.modelcontextprotocol/logLevel in each request's _meta"},
		{"initialize with modern _meta → -32601", post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{`+modernMeta+`}}`, modernHeaders("initialize")...), 404, -32601, "2026-07-28 has no handshake"},
		{"ping → -32601", post(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{`+modernMeta+`}}`, modernHeaders("ping")...), 404, -32601, "ping was removed"},
		{"unknown tool → 200 -32602", post(call("nope"), modernHeaders("tools/call", "nope")...), 200, -32602, "Unknown tool: nope"},
		{"bad arguments → isError result", post(strings.Replace(call("list_emails"), `"arguments":{}`, `"arguments":{"limit":500}`, 1), modernHeaders("tools/call", "list_emails")...), 200, 0, `"isError":true`},
		{"parse error → 400 -32700", post(`{"jsonrpc":`, modernHeaders("tools/list")...), 400, -32700, "Parse error"},
		{"batch → 400 -32600", post(`[`+list+`]`, modernHeaders("tools/list")...), 400, -32600, "batch"},
		{"response in body → 400", post(`{"jsonrpc":"2.0","id":1,"result":{}}`, modernHeaders("x")...), 400, -32600, "not a response"},
		{"foreign Origin → 403", post(list, append(modernHeaders("tools/list"), "Origin: http://attacker.example")...), 403, -32600, "Origin"},
		{"suffix trick Origin → 403", post(list, append(modernHeaders("tools/list"), "Origin: http://127.0.0.1.evil.com")...), 403, -32600, "Origin"},
		{"loopback Origin ok", post(list, append(modernHeaders("tools/list"), "Origin: http://localhost:5173")...), 200, 0, `"tools":[`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := New(Options{Server: labserver.NewServer(mcp.Config{})})
			w := do(t, h, tt.raw)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d; body %s", w.Code, tt.status, w.Body.String())
			}
			if tt.code != 0 {
				if e := errorOf(t, w); e.Code != tt.code {
					t.Fatalf("code %d, want %d (%s)", e.Code, tt.code, e.Message)
				}
			} else if m, err := jsonrpc.Decode(w.Body.Bytes()); err != nil || m.Error != nil {
				t.Fatalf("want a result, got %s", w.Body.String())
			}
			if !strings.Contains(w.Body.String(), tt.substr) {
				t.Fatalf("body does not contain %q:\n%s", tt.substr, w.Body.String())
			}
			if got := w.Header().Get(protocol.HeaderSessionID); got != "" {
				t.Fatalf("a 2026-07-28 response minted a session id %q", got)
			}
		})
	}
}

func TestModernGetDeleteAre405(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{})})
	for _, m := range []string{"GET", "DELETE", "PUT"} {
		w := do(t, h, m+" /mcp HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
		if w.Code != 405 || w.Header().Get("Allow") == "" {
			t.Errorf("%s: status %d allow %q, want 405 with Allow", m, w.Code, w.Header().Get("Allow"))
		}
	}
}

func TestAcceptAndContentType(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{})})
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{` + modernMeta + `}}`
	raw := strings.Replace(post(body, modernHeaders("tools/list")...), "Accept: application/json, text/event-stream", "Accept: application/json", 1)
	if w := do(t, h, raw); w.Code != http.StatusNotAcceptable {
		t.Errorf("Accept without text/event-stream: %d, want 406", w.Code)
	}
	raw = strings.Replace(post(body, modernHeaders("tools/list")...), "Content-Type: application/json", "Content-Type: text/plain", 1)
	if w := do(t, h, raw); w.Code != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain body: %d, want 415", w.Code)
	}
}

// TestLegacySession walks the 2025-11-25 session rules.
func TestLegacySession(t *testing.T) {
	n := 0
	h := New(Options{Server: labserver.NewServer(mcp.Config{}), NewSessionID: func() string { n++; return fmt.Sprintf("sess-%d", n) }})
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	w := do(t, h, post(init))
	if w.Code != 200 || w.Header().Get("Mcp-Session-Id") != "sess-1" {
		t.Fatalf("initialize: %d session %q body %s", w.Code, w.Header().Get("Mcp-Session-Id"), w.Body.String())
	}
	if !strings.Contains(w.Body.String(), `"protocolVersion":"2025-11-25"`) || strings.Contains(w.Body.String(), "resultType") {
		t.Fatalf("initialize result: %s", w.Body.String())
	}
	sess := []string{"Mcp-Session-Id: sess-1", "MCP-Protocol-Version: 2025-11-25"}
	list := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`

	// Business method before notifications/initialized is refused.
	if w := do(t, h, post(list, sess...)); w.Code != 400 || errorOf(t, w).Code != -32600 {
		t.Fatalf("tools/list before initialized: %d %s", w.Code, w.Body.String())
	}
	// ping is allowed at any time.
	if w := do(t, h, post(`{"jsonrpc":"2.0","id":"p","method":"ping"}`, sess...)); w.Code != 200 || w.Body.String() != `{"jsonrpc":"2.0","id":"p","result":{}}` {
		t.Fatalf("ping: %d %s", w.Code, w.Body.String())
	}
	w = do(t, h, post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, sess...))
	if w.Code != 202 || w.Body.Len() != 0 {
		t.Fatalf("initialized: %d %q, want 202 with no body", w.Code, w.Body.String())
	}
	w = do(t, h, post(list, sess...))
	if w.Code != 200 || strings.Contains(w.Body.String(), "ttlMs") || !strings.Contains(w.Body.String(), `"name":"list_employees"`) {
		t.Fatalf("tools/list: %d %s", w.Code, w.Body.String())
	}
	if w := do(t, h, post(list)); w.Code != 400 || !strings.Contains(w.Body.String(), "Mcp-Session-Id header is required") {
		t.Fatalf("missing session: %d %s", w.Code, w.Body.String())
	}
	if w := do(t, h, post(list, "Mcp-Session-Id: nope")); w.Code != 404 {
		t.Fatalf("unknown session: %d %s", w.Code, w.Body.String())
	}
	if w := do(t, h, post(list, "Mcp-Session-Id: sess-1", "MCP-Protocol-Version: 2024-11-05")); w.Code != 400 {
		t.Fatalf("wrong protocol version header: %d", w.Code)
	}
	if w := do(t, h, post(`{"jsonrpc":"2.0","id":9,"method":"server/discover"}`, sess...)); w.Code != 200 || errorOf(t, w).Code != -32601 {
		t.Fatalf("server/discover in a legacy session: %d %s", w.Code, w.Body.String())
	}
	w = do(t, h, "DELETE /mcp HTTP/1.1\r\nHost: x\r\nMcp-Session-Id: sess-1\r\n\r\n")
	if w.Code != 204 {
		t.Fatalf("DELETE: %d", w.Code)
	}
	if w := do(t, h, post(list, sess...)); w.Code != 404 {
		t.Fatalf("after DELETE: %d, want 404", w.Code)
	}
}

func TestVersionNegotiationAnswersLatestLegacy(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{})})
	w := do(t, h, post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"old","version":"0"}}}`))
	var res struct {
		Result mcp.InitializeResult `json:"result"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil || res.Result.ProtocolVersion != "2025-11-25" {
		t.Fatalf("negotiated %q (%v), want the server's latest 2025-11-25", res.Result.ProtocolVersion, err)
	}
}

func TestSessionLimitExpiresOldest(t *testing.T) {
	n := 0
	h := New(Options{Server: labserver.NewServer(mcp.Config{}), MaxSessions: 2, NewSessionID: func() string { n++; return fmt.Sprintf("s%d", n) }})
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for i := 0; i < 3; i++ {
		do(t, h, post(init))
	}
	if h.Sessions() != 2 {
		t.Fatalf("%d sessions, want 2", h.Sessions())
	}
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	if w := do(t, h, post(ping, "Mcp-Session-Id: s1")); w.Code != 404 {
		t.Fatalf("oldest session still alive: %d", w.Code)
	}
	if w := do(t, h, post(ping, "Mcp-Session-Id: s3")); w.Code != 200 {
		t.Fatalf("newest session: %d", w.Code)
	}
}

func TestProgressStreamsSSE(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: noSleep})})
	body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":2},"_meta":{"progressToken":"t1","io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	w := do(t, h, post(body, modernHeaders("tools/call", "export_timesheets")...))
	if ct := w.Header().Get("Content-Type"); ct != "text/event-stream" || w.Header().Get("X-Accel-Buffering") != "no" {
		t.Fatalf("content type %q, headers %v", ct, w.Header())
	}
	events := strings.Split(strings.TrimSpace(w.Body.String()), "\n\n")
	if len(events) != 3 {
		t.Fatalf("%d SSE events, want 2 progress + 1 result:\n%s", len(events), w.Body.String())
	}
	if !strings.HasPrefix(events[0], "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"t1\",\"progress\":1,\"total\":2") {
		t.Fatalf("first event: %q", events[0])
	}
	if !strings.Contains(events[2], `"id":7,"result":{"resultType":"complete"`) {
		t.Fatalf("last event: %q", events[2])
	}
}

// TestListenKeepAlive: a quiet subscriptions/listen stream gets SSE comment
// lines (":") so idle intermediaries keep it open; they carry no message.
func TestListenKeepAlive(t *testing.T) {
	srv := labserver.NewServer(mcp.Config{PollEvery: 10 * time.Millisecond, KeepAliveEvery: 30 * time.Millisecond})
	h := New(Options{Server: srv})
	body := `{"jsonrpc":"2.0","id":"s","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},` + modernMeta + `}}`
	req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(post(body, modernHeaders("subscriptions/listen")...))))
	if err != nil {
		t.Fatal(err)
	}
	// The client closes the stream once it has seen two keep-alives (or
	// after 10 s): a fixed window flaked on a loaded machine, where the
	// test's goroutines got too little CPU to see 30 ms timers fire.
	keepAlives := regexp.MustCompile(`(?m)^:$`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &liveRecorder{header: http.Header{}}
	done := make(chan struct{})
	go func() { h.ServeHTTP(w, req.WithContext(ctx)); close(done) }()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if len(keepAlives.FindAllString(w.String(), -1)) >= 2 {
			break
		}
	}
	cancel()
	<-done
	got := w.String()
	if !strings.HasPrefix(got, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/acknowledged\"") {
		t.Fatalf("stream does not start with the acknowledgment: %q", got)
	}
	// A keep-alive is a comment line alone, ":" then a blank line; two in a
	// row share a newline, so count lines, not "\n:\n\n".
	if n := len(keepAlives.FindAllString(got, -1)); n < 2 {
		t.Fatalf("%d keep-alive comments in %q, want at least 2", n, got)
	}
	if strings.Contains(got, `"id":"s","result"`) {
		t.Fatal("a client-closed subscription got a completion result")
	}
}

// liveRecorder is a ResponseWriter a test can read while the handler is
// still writing (httptest.ResponseRecorder is not safe for that).
type liveRecorder struct {
	mu     sync.Mutex
	header http.Header
	body   strings.Builder
}

func (r *liveRecorder) Header() http.Header { return r.header }
func (r *liveRecorder) WriteHeader(int)     {}
func (r *liveRecorder) Flush()              {}
func (r *liveRecorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.body.Write(p)
}
func (r *liveRecorder) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.body.String()
}
