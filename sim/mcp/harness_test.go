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
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/transport/streamhttp"
)

var (
	versions   = []string{mcp.V20251125, mcp.V20260728}
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
}

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
	if mcp.IsModern(version) {
		return c
	}
	p := mcp.InitializeParams(version)
	if caps != nil {
		p["capabilities"] = caps
	}
	a := c.raw(jsonrpc.Request(jsonrpc.IntID(c.id()), mcp.MethodInitialize, p), nil)
	if a.last() == nil || a.last().Error != nil {
		t.Fatalf("initialize: %+v", a.last())
	}
	c.raw(jsonrpc.Notification(mcp.MethodInitialized, nil), nil)
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
	if mcp.IsModern(c.version) {
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
		})
		return a
	}
	req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:8080/mcp", strings.NewReader(string(m.Encode())))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if mcp.IsModern(c.version) {
		req.Header.Set(streamhttp.HeaderProtocolVersion, c.version)
		req.Header.Set(streamhttp.HeaderMethod, m.Method)
		var p struct {
			Name *string `json:"name"`
			URI  *string `json:"uri"`
		}
		_ = json.Unmarshal(m.Params, &p)
		switch {
		case m.Method == mcp.MethodResourcesRead && p.URI != nil:
			req.Header.Set(streamhttp.HeaderName, streamhttp.EncodeValue(*p.URI))
		case (m.Method == mcp.MethodToolsCall || m.Method == mcp.MethodPromptsGet) && p.Name != nil:
			req.Header.Set(streamhttp.HeaderName, streamhttp.EncodeValue(*p.Name))
		}
		if m.Method == mcp.MethodToolsCall && p.Name != nil {
			mirror(req, c.srv.Registry().HeaderParams(*p.Name), m.Params)
		}
	} else if m.Method != mcp.MethodInitialize {
		req.Header.Set(streamhttp.HeaderSessionID, c.session)
		req.Header.Set(streamhttp.HeaderProtocolVersion, c.version)
	}
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	w := httptest.NewRecorder()
	c.h.ServeHTTP(w, req)
	if id := w.Header().Get(streamhttp.HeaderSessionID); id != "" {
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

// mirror sets the Mcp-Param-* headers of a tools/call the way a client
// must (2026-07-28 streamable-http §Client Behavior).
func mirror(req *http.Request, params []toolbox.HeaderParam, raw json.RawMessage) {
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
			req.Header.Set(streamhttp.HeaderParamPrefix+hp.Header, streamhttp.EncodeValue(x))
		case float64:
			req.Header.Set(streamhttp.HeaderParamPrefix+hp.Header, fmt.Sprint(x))
		case bool:
			req.Header.Set(streamhttp.HeaderParamPrefix+hp.Header, fmt.Sprint(x))
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
		mcp.MethodToolsList:          "ListToolsResult",
		mcp.MethodToolsCall:          "CallToolResult",
		mcp.MethodResourcesList:      "ListResourcesResult",
		mcp.MethodResourcesTemplates: "ListResourceTemplatesResult",
		mcp.MethodResourcesRead:      "ReadResourceResult",
		mcp.MethodPromptsList:        "ListPromptsResult",
		mcp.MethodPromptsGet:         "GetPromptResult",
		mcp.MethodComplete:           "CompleteResult",
		mcp.MethodDiscover:           "DiscoverResult",
		mcp.MethodInitialize:         "InitializeResult",
		mcp.MethodSubscribe:          "EmptyResult",
		mcp.MethodUnsubscribe:        "EmptyResult",
		mcp.MethodSetLevel:           "EmptyResult",
	}
	notificationDefs = map[string]string{
		mcp.MethodProgress:         "ProgressNotification",
		mcp.MethodLog:              "LoggingMessageNotification",
		mcp.MethodResourceUpdated:  "ResourceUpdatedNotification",
		mcp.MethodResourcesChanged: "ResourceListChangedNotification",
		mcp.MethodPromptsChanged:   "PromptListChangedNotification",
		mcp.MethodToolsChanged:     "ToolListChangedNotification",
		mcp.MethodAcknowledged:     "SubscriptionsAcknowledgedNotification",
	}
	errorDefs2026 = map[int]string{
		jsonrpc.CodeMissingRequiredClientCapability: "MissingRequiredClientCapabilityError",
		jsonrpc.CodeHeaderMismatch:                  "HeaderMismatchError",
		jsonrpc.CodeUnsupportedProtocolVersion:      "UnsupportedProtocolVersionError",
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
		switch m.Kind() {
		case jsonrpc.KindNotification:
			def = notificationDefs[m.Method]
		case jsonrpc.KindResult:
			def, target = resultDefs[method], m.Result
			if version == mcp.V20260728 && def != "" && def != "EmptyResult" {
				// The whole response too (…ResultResponse definitions).
				if err := s.Validate(def+"Response", raw); err != nil {
					out = append(out, fmt.Sprintf("%s %s: %v\n%s", version, method, err, raw))
				}
			}
		case jsonrpc.KindError:
			if version == mcp.V20260728 {
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
