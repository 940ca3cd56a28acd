package mcp_test

// A client for engine tests: the real server behind a real transport
// (stdio.Peer lines, or streamhttp.Handler with parsed HTTP), under either
// version, recording for each request what came back and on which channel.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/internal/specschema"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/transport/streamhttp"
)

var (
	versions   = []string{protocol.V20251125, protocol.V20260728}
	transports = []string{"stdio", "http"}
)

func noSleep(ctx context.Context, _ time.Duration) error { return ctx.Err() }

// Channels an answer can arrive on.
const (
	chStdout = "stdout"            // stdio: one line per message
	chJSON   = "application/json"  // HTTP: one JSON object
	chSSE    = "text/event-stream" // HTTP: an SSE stream
	chNone   = "none"              // HTTP: no body (202)
)

// answer is what one request got back.
type answer struct {
	status  int    // HTTP status; 0 on stdio
	channel string // chStdout, chJSON, chSSE, chNone
	msgs    []*jsonrpc.Message
	raws    [][]byte
	primed  bool // a 2025-11-25 SSE stream opened with a priming event
}

// last is the response (the last message), or nil.
func (a answer) last() *jsonrpc.Message {
	if len(a.msgs) == 0 {
		return nil
	}
	return a.msgs[len(a.msgs)-1]
}

// notes are the methods of the notifications before the response.
func (a answer) notes() []string {
	var out []string
	for _, m := range a.msgs {
		if m.Kind() == jsonrpc.KindNotification {
			out = append(out, m.Method)
		}
	}
	return out
}

// client talks to one server over one transport under one version.
type client struct {
	t         *testing.T
	version   string
	transport string
	srv       *mcp.Server
	peer      *stdio.Peer
	h         *streamhttp.Handler
	session   string
	nextID    int64
	// answer plays the client's side of the server's own requests
	// (2025-11-25 elicitation/create, sampling/createMessage, roots/list):
	// given the request, the response to send back at once, or nil to
	// leave it unanswered. Nil answers nothing.
	answer func(req *jsonrpc.Message) *jsonrpc.Message
	// answered records each response the client sent back: the message
	// and, over HTTP, the status of its POST and the body.
	answered []answered
}

// answered is one response the client sent to a request of the server.
type answered struct {
	msg    *jsonrpc.Message
	status int
	body   string
}

// reply sends the client's response to a request the server made while
// one of the client's requests runs: a line on stdin (stdio) or its own
// POST in the session (HTTP), as the 2025-11-25 transports have it.
func (c *client) reply(req *jsonrpc.Message) {
	if c.answer == nil || req.Kind() != jsonrpc.KindRequest {
		return
	}
	resp := c.answer(req)
	if resp == nil {
		return
	}
	if c.transport == "stdio" {
		c.peer.HandleLine(context.Background(), resp.Encode(), func(out *jsonrpc.Message) {
			c.t.Errorf("the server answered a response: %s", out.Encode())
		})
		c.answered = append(c.answered, answered{msg: resp})
		return
	}
	w := httptest.NewRecorder()
	c.h.ServeHTTP(w, c.post(resp, nil))
	c.answered = append(c.answered, answered{msg: resp, status: w.Code, body: w.Body.String()})
}

// sseWriter is an http.ResponseWriter that lets the client react to each
// SSE event as the server writes it (a real client reads the stream while
// the request runs).
type sseWriter struct {
	*httptest.ResponseRecorder
	seen    int
	onEvent func(data []byte)
}

func (w *sseWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseRecorder.Write(b)
	body := w.Body.String()
	for {
		end := strings.Index(body[w.seen:], "\n\n")
		if end < 0 {
			break
		}
		event := body[w.seen : w.seen+end]
		w.seen += end + 2
		for _, line := range strings.Split(event, "\n") {
			if d, ok := strings.CutPrefix(line, "data: "); ok && w.onEvent != nil {
				w.onEvent([]byte(d))
			}
		}
	}
	return n, err
}

func (w *sseWriter) Flush() {}

// dial opens a client; a 2025-11-25 client runs the initialize handshake
// first, declaring caps.
func dial(t *testing.T, srv *mcp.Server, version, transport string, caps map[string]any) *client {
	t.Helper()
	c := &client{t: t, version: version, transport: transport, srv: srv}
	if transport == "stdio" {
		c.peer = stdio.NewPeer(srv)
	} else {
		c.h = streamhttp.New(streamhttp.Options{Server: srv, NewSessionID: func() string { return "sess-1" }})
	}
	if protocol.IsModern(version) {
		return c
	}
	p := mcp.InitializeParamsWith(version, nil)
	if caps != nil {
		p["capabilities"] = caps
	}
	a := c.raw(jsonrpc.Request(jsonrpc.IntID(c.id()), protocol.MethodInitialize, p), nil)
	if a.last() == nil || a.last().Error != nil {
		t.Fatalf("initialize: %+v", a.last())
	}
	c.raw(jsonrpc.Notification(protocol.MethodInitialized, nil), nil)
	return c
}

func (c *client) id() int64 { c.nextID++; return c.nextID }

// opts adjust one request.
type opts struct {
	meta    map[string]any    // extra _meta (logLevel, progressToken, client capabilities)
	headers map[string]string // extra HTTP headers (Mcp-Param-*), or overrides
}

// call sends method with params under the client's version: 2026-07-28
// requests carry the per-request _meta and the mirrored headers.
func (c *client) call(method string, params map[string]any, o opts) answer {
	var p map[string]any
	if protocol.IsModern(c.version) {
		p = mcp.RequestParams(c.version, params, nil)
		meta := p["_meta"].(map[string]any)
		for k, v := range o.meta {
			meta[k] = v
		}
	} else {
		p = mcp.RequestParams(c.version, params, o.meta)
	}
	return c.raw(jsonrpc.Request(jsonrpc.IntID(c.id()), method, p), o.headers)
}

func (c *client) raw(m *jsonrpc.Message, headers map[string]string) answer {
	c.t.Helper()
	if c.transport == "stdio" {
		var a answer
		a.channel = chStdout
		c.peer.HandleLine(context.Background(), m.Encode(), func(out *jsonrpc.Message) {
			a.msgs = append(a.msgs, out)
			a.raws = append(a.raws, out.Encode())
			c.reply(out)
		})
		return a
	}
	req := c.post(m, headers)
	w := &sseWriter{ResponseRecorder: httptest.NewRecorder()}
	w.onEvent = func(data []byte) {
		if out, err := jsonrpc.Decode(data); err == nil {
			c.reply(out)
		}
	}
	c.h.ServeHTTP(w, req)
	if id := w.Header().Get(protocol.HeaderSessionID); id != "" {
		c.session = id
	}
	a := answer{status: w.Code, channel: w.Header().Get("Content-Type")}
	body := w.Body.String()
	switch a.channel {
	case chJSON:
		a.add(c.t, []byte(body))
	case chSSE:
		sc := bufio.NewScanner(strings.NewReader(body))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "data:" || line == "data: ":
				a.primed = true
			case strings.HasPrefix(line, "data: "):
				a.add(c.t, []byte(strings.TrimPrefix(line, "data: ")))
			}
		}
	case "":
		a.channel = chNone
	}
	return a
}

// post builds the HTTP request that carries m, with the headers its
// version requires (and the session's, for 2025-11-25), then headers on
// top ("" deletes one).
func (c *client) post(m *jsonrpc.Message, headers map[string]string) *http.Request {
	req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:8080/mcp", strings.NewReader(string(m.Encode())))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if protocol.IsModern(c.version) {
		req.Header.Set(protocol.HeaderProtocolVersion, c.version)
		req.Header.Set(protocol.HeaderMethod, m.Method)
		var p struct {
			Name *string `json:"name"`
			URI  *string `json:"uri"`
		}
		_ = json.Unmarshal(m.Params, &p)
		switch {
		case m.Method == protocol.MethodResourcesRead && p.URI != nil:
			req.Header.Set(protocol.HeaderName, protocol.EncodeValue(*p.URI))
		case (m.Method == protocol.MethodToolsCall || m.Method == protocol.MethodPromptsGet) && p.Name != nil:
			req.Header.Set(protocol.HeaderName, protocol.EncodeValue(*p.Name))
		case protocol.NameField(m.Method) == "taskId":
			var tp struct {
				TaskID *string `json:"taskId"`
			}
			_ = json.Unmarshal(m.Params, &tp)
			if tp.TaskID != nil {
				req.Header.Set(protocol.HeaderName, protocol.EncodeValue(*tp.TaskID))
			}
		}
		if m.Method == protocol.MethodToolsCall && p.Name != nil {
			mirror(req, c.srv.Registry().HeaderParams(*p.Name), m.Params)
		}
	} else if m.Method != protocol.MethodInitialize {
		req.Header.Set(protocol.HeaderSessionID, c.session)
		req.Header.Set(protocol.HeaderProtocolVersion, c.version)
	}
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	return req
}

// mirror sets the Mcp-Param-* headers of a tools/call the way a client
// must (2026-07-28 streamable-http §Client Behavior).
func mirror(req *http.Request, params []protocol.HeaderParam, raw json.RawMessage) {
	var p struct {
		Arguments map[string]any `json:"arguments"`
	}
	_ = json.Unmarshal(raw, &p)
	for _, hp := range params {
		var v any = p.Arguments
		for _, k := range hp.Path {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		switch x := v.(type) {
		case string:
			req.Header.Set(protocol.HeaderParamPrefix+hp.Header, protocol.EncodeValue(x))
		case float64:
			req.Header.Set(protocol.HeaderParamPrefix+hp.Header, fmt.Sprint(x))
		case bool:
			req.Header.Set(protocol.HeaderParamPrefix+hp.Header, fmt.Sprint(x))
		}
	}
}

func (a *answer) add(t *testing.T, raw []byte) {
	t.Helper()
	m, err := jsonrpc.Decode(raw)
	if err != nil {
		t.Fatalf("server sent an invalid message %s: %v", raw, err.Err.Message)
	}
	a.msgs = append(a.msgs, m)
	a.raws = append(a.raws, raw)
}

// Schema definitions of what the engine sends, per method.
var (
	resultDefs = map[string]string{
		protocol.MethodToolsList:          "ListToolsResult",
		protocol.MethodToolsCall:          "CallToolResult",
		protocol.MethodResourcesList:      "ListResourcesResult",
		protocol.MethodResourcesTemplates: "ListResourceTemplatesResult",
		protocol.MethodResourcesRead:      "ReadResourceResult",
		protocol.MethodPromptsList:        "ListPromptsResult",
		protocol.MethodPromptsGet:         "GetPromptResult",
		protocol.MethodComplete:           "CompleteResult",
		protocol.MethodDiscover:           "DiscoverResult",
		protocol.MethodInitialize:         "InitializeResult",
		protocol.MethodSubscribe:          "EmptyResult",
		protocol.MethodUnsubscribe:        "EmptyResult",
		protocol.MethodSetLevel:           "EmptyResult",
	}
	notificationDefs = map[string]string{
		protocol.MethodCancelled:           "CancelledNotification",
		protocol.MethodElicitationComplete: "ElicitationCompleteNotification", // 2025-11-25
		protocol.MethodTaskStatus:          "TaskStatusNotification",          // 2025-11-25
		protocol.MethodTaskNotice:          specschema.TasksDef("TaskStatusNotification"),
		protocol.MethodProgress:            "ProgressNotification",
		protocol.MethodLog:                 "LoggingMessageNotification",
		protocol.MethodResourceUpdated:     "ResourceUpdatedNotification",
		protocol.MethodResourcesChanged:    "ResourceListChangedNotification",
		protocol.MethodPromptsChanged:      "PromptListChangedNotification",
		protocol.MethodToolsChanged:        "ToolListChangedNotification",
		protocol.MethodAcknowledged:        "SubscriptionsAcknowledgedNotification",
	}
	// requestDefs are the requests a 2025-11-25 server sends its client.
	requestDefs = map[string]string{
		protocol.MethodElicit: "ElicitRequest",
		protocol.MethodSample: "CreateMessageRequest",
		protocol.MethodRoots:  "ListRootsRequest",
	}
	// taskResultDefs are the results of the tasks methods per version (the
	// extension's in 2026-07-28).
	taskResultDefs = map[string]map[string]string{
		protocol.V20251125: {protocol.MethodTasksGet: "GetTaskResult", protocol.MethodTasksCancel: "CancelTaskResult",
			protocol.MethodTasksList: "ListTasksResult", protocol.MethodTasksResult: "GetTaskPayloadResult"},
		protocol.V20260728: {protocol.MethodTasksGet: specschema.TasksDef("GetTaskResult"),
			protocol.MethodTasksUpdate: specschema.TasksDef("AckResult"), protocol.MethodTasksCancel: specschema.TasksDef("AckResult")},
	}
	errorDefs2026 = map[int]string{
		protocol.CodeMissingRequiredClientCapability: "MissingRequiredClientCapabilityError",
		protocol.CodeHeaderMismatch:                  "HeaderMismatchError",
		protocol.CodeUnsupportedProtocolVersion:      "UnsupportedProtocolVersionError",
	}
)

// validate checks every message of a against its version's schema: the
// envelope, the result of method, each notification, and the 2026-07-28
// error definitions.
func validate(t *testing.T, s *specschema.Schemas, version, method string, a answer) {
	t.Helper()
	for _, p := range problems(s, version, method, a) {
		t.Error(p)
	}
}

func problems(s *specschema.Schemas, version, method string, a answer) []string {
	if s == nil {
		return nil
	}
	var out []string
	for i, m := range a.msgs {
		raw := a.raws[i]
		if err := s.Validate("JSONRPCMessage", raw); err != nil {
			out = append(out, fmt.Sprintf("%s: %v\n%s", version, err, raw))
		}
		var def string
		var target []byte = raw
		var rt struct {
			ResultType string          `json:"resultType"`
			Task       json.RawMessage `json:"task"`
		}
		_ = json.Unmarshal(m.Result, &rt)
		switch k := m.Kind(); {
		case k == jsonrpc.KindRequest:
			// Only 2025-11-25 servers send requests (2026-07-28 mrtr: "The
			// previous pattern of server-initiated requests is no longer
			// supported").
			if protocol.IsModern(version) {
				out = append(out, fmt.Sprintf("%s: a server-initiated request on a 2026-07-28 stream: %s", version, raw))
				continue
			}
			def = requestDefs[m.Method]
		case k == jsonrpc.KindNotification:
			def = notificationDefs[m.Method]
		case k == jsonrpc.KindResult && protocol.IsModern(version) && rt.ResultType == protocol.ResultInputRequired:
			def, target = "InputRequiredResult", m.Result
			if err := s.Validate("JSONRPCResultResponse", raw); err != nil {
				out = append(out, fmt.Sprintf("%s %s: %v\n%s", version, method, err, raw))
			}
		case k == jsonrpc.KindResult && taskResultDefs[version][method] != "":
			def, target = taskResultDefs[version][method], m.Result
		case k == jsonrpc.KindResult && protocol.IsModern(version) && rt.ResultType == protocol.ResultTask:
			def, target = specschema.TasksDef("CreateTaskResult"), m.Result
		case k == jsonrpc.KindResult && !protocol.IsModern(version) && method == protocol.MethodToolsCall && rt.Task != nil:
			def, target = "CreateTaskResult", m.Result
		case k == jsonrpc.KindResult:
			def, target = resultDefs[method], m.Result
			if version == protocol.V20260728 && def != "" && def != "EmptyResult" {
				// The whole response too (…ResultResponse definitions).
				if err := s.Validate(def+"Response", raw); err != nil {
					out = append(out, fmt.Sprintf("%s %s: %v\n%s", version, method, err, raw))
				}
			}
		case k == jsonrpc.KindError:
			if version == protocol.V20260728 {
				def = errorDefs2026[m.Error.Code]
			}
			if def == "" {
				def = "JSONRPCErrorResponse"
			}
		}
		if def == "" {
			out = append(out, fmt.Sprintf("%s: no schema definition known for %s (%s)", version, method, raw))
			continue
		}
		if err := s.Validate(def, target); err != nil {
			out = append(out, fmt.Sprintf("%s %s: %v\n%s", version, method, err, target))
		}
	}
	return out
}

// schemas loads both versions' schemas; without MCP_SPEC_DIR the tests
// run without schema validation (make test always sets it).
func schemas(t *testing.T) map[string]*specschema.Schemas {
	out := map[string]*specschema.Schemas{}
	if _, ok := specschema.Have(t); !ok {
		return out // messages are not validated against the official schemas
	}
	for _, v := range versions {
		out[v] = specschema.Load(t, v)
	}
	return out
}

func resultOf(t *testing.T, a answer, v any) {
	t.Helper()
	m := a.last()
	if m == nil || m.Error != nil || m.Result == nil {
		t.Fatalf("want a result, got %+v", m)
	}
	if err := json.Unmarshal(m.Result, v); err != nil {
		t.Fatalf("result %s: %v", m.Result, err)
	}
}

func short(b []byte) string {
	if len(b) > 300 {
		return fmt.Sprintf("%s…", b[:300])
	}
	return string(b)
}
