package scenario

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/netguard"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/wire"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/transport/streamhttp"
)

// Classify sets the Class of every event of a trace: what the event means
// for the lesson, so a learner who reads the colour first reads it right.
//
// Wire events are judged by their bytes, with the rules the server itself
// applies: a line on a stdio pipe that is not a JSON-RPC message, an HTTP
// message whose Content-Length is not the length of its body, a request
// from a foreign Origin, 2026-07-28 headers that disagree with the body
// (streamhttp.CheckHeaders, the server's and the graders' check),
// or a 2025-11-25 request without the session id the server issued, is a
// violation; a JSON-RPC error, a result with isError or an HTTP error
// status is an expected error (the error path working, on its channel).
// Host-internal events carry no bytes to judge: the engine names the ones
// that are the host or client failing (failureNotes) or a bug deciding
// what goes on the wire (violationNotes). Everything else is normal: a
// server's start-up line on stderr, "stdin closed; exiting" and a clean
// exit included.
//
// Each message of the trace is decoded once (decodeMessages), by the
// decoder the client and the server use (jsonrpc.Decode), and every rule
// reads that decoding.
func Classify(t *trace.Trace) {
	c := classifier{}
	for i := range t.Events {
		e := &t.Events[i]
		e.Class = c.class(t, e, decodeMessages(e))
	}
}

// decoded is one message of an event as jsonrpc.Decode read it: msg is
// nil when the bytes are not a valid JSON-RPC message. A result's isError
// and tools members are found in the same reading (resultMembers).
type decoded struct {
	raw     json.RawMessage
	msg     *jsonrpc.Message
	isError bool            // a result with "isError": true
	tools   json.RawMessage // a result's "tools" member
}

// decodeMessages decodes the messages of a wire event, once.
func decodeMessages(e *trace.Event) []decoded {
	if e.Kind != trace.KindMessage || len(e.Messages) == 0 {
		return nil
	}
	out := make([]decoded, len(e.Messages))
	for i, m := range wire.EventMessages(e) {
		d := &out[i]
		d.raw = e.Messages[i]
		if m != nil {
			d.msg = m
			if m.Kind() == jsonrpc.KindResult {
				d.isError, d.tools = resultMembers(m.Result)
			}
		}
	}
	return out
}

// resultMembers reads a result's isError and tools members in one pass
// over the result (a result that is not an object has neither; an
// isError that is not a boolean is not true).
func resultMembers(result json.RawMessage) (isError bool, tools json.RawMessage) {
	var r struct {
		IsError json.RawMessage `json:"isError"`
		Tools   json.RawMessage `json:"tools"`
	}
	if json.Unmarshal(result, &r) != nil {
		return false, nil
	}
	if len(r.IsError) > 0 && json.Unmarshal(r.IsError, &isError) != nil {
		isError = false
	}
	return isError, r.Tools
}

// classifier keeps what an event's class depends on from earlier events:
// the 2025-11-25 session id the server issued over HTTP.
type classifier struct {
	session bool // a response carried Mcp-Session-Id and no DELETE ended it since
	asks    askJudge
	// params are the x-mcp-header parameters of each tool the last
	// tools/list result showed: what a 2026-07-28 tools/call must mirror.
	params map[string][]protocol.HeaderParam
}

// learnTools keeps the x-mcp-header parameters of the tools a response
// lists (read as the client and the server read them).
func (c *classifier) learnTools(ms []decoded) {
	for _, d := range ms {
		tools, ok := listedTools(d)
		if !ok {
			continue
		}
		c.params = map[string][]protocol.HeaderParam{}
		for _, t := range tools {
			if p, err := primitive.HeaderParamsOf(t.InputSchema); err == nil {
				c.params[t.Name] = p
			}
		}
	}
}

// listedTools is the tools a message's result lists, if it lists any: of
// a result as decoded, or, for bytes that are not a valid JSON-RPC
// message, of a "result" member read leniently as before.
func listedTools(d decoded) ([]mcp.Tool, bool) {
	var r struct {
		Tools []mcp.Tool `json:"tools"`
	}
	if d.msg == nil {
		var m struct {
			Result *json.RawMessage `json:"result"`
		}
		if json.Unmarshal(d.raw, &m) != nil || m.Result == nil || json.Unmarshal(*m.Result, &r) != nil {
			return nil, false
		}
	} else if d.tools == nil || json.Unmarshal(d.tools, &r.Tools) != nil {
		return nil, false
	}
	return r.Tools, r.Tools != nil
}

// badParams reports whether a 2026-07-28 tools/call's Mcp-Param-* headers
// disagree with its arguments, by the server's own check
// (streamhttp.CheckParams), for a tool the trace listed.
func (c *classifier) badParams(h http.Header, m *jsonrpc.Message) bool {
	if m.Method != protocol.MethodToolsCall {
		return false
	}
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if json.Unmarshal(m.Params, &p) != nil {
		return false
	}
	return streamhttp.CheckParams(h, c.params[p.Name], p.Arguments) != ""
}

func (c *classifier) class(t *trace.Trace, e *trace.Event, ms []decoded) trace.Class {
	if c.violates(t, e, ms) {
		return trace.ClassViolation
	}
	if cl, ok := noteClass(e.Note); ok {
		return cl
	}
	if e.Kind == trace.KindMessage && reportsError(e, ms) {
		return trace.ClassExpectedError
	}
	return trace.ClassNormal
}

// noteClass is the class the engine gives a note regardless of bytes.
func noteClass(note string) (trace.Class, bool) {
	for _, k := range violationNotes {
		if noteIs(note, k) {
			return trace.ClassViolation, true
		}
	}
	for _, k := range failureNotes {
		if noteIs(note, k) {
			return trace.ClassFailure, true
		}
	}
	return "", false
}

// noteIs reports whether note is key or one of its sub-keys (key + ".…").
func noteIs(note, key string) bool {
	return note == key || strings.HasPrefix(note, key+".")
}

// violationNotes are host-internal steps that are a bug deciding the
// bytes (the client counting characters as Content-Length) or the server
// seeing the damage (bytes left over for the next request).
var violationNotes = []string{
	"content-length.short.count",
	"content-length.long.count",
	"content-length.leftover",
}

// failureNotes are steps where the host or client fails: it surfaces an
// error to the model or the user, gives up, or loses what it was waiting
// for.
var failureNotes = []string{
	"host.failure",               // the client hands a failure to the host and disconnects
	"capabilities.refused",       // "Method not found" reaches the host
	"model.reads-protocol-error", // "Tool call failed": the model gets a protocol error
	"model.reads-tool-error",     // the model gets a tool execution error (and may self-correct)
	"version.reject",             // the client cannot speak the offered version and disconnects
	"lb.session-lost",            // the session is unknown on the other replica
	"lb.give-up",
	"retries.exhausted",
	"http-timeout.fired",   // no response bytes before the client's deadline
	"retry-after.too-long", // the server asks for a longer wait than the client accepts
	"no-retry",             // a 4xx the client reports instead of retrying
	"content-length.waiting",
	"stream-drop.lost",        // the network broke the response stream
	"stdout-pollution.unread", // a response the client never reads: the connection broke first
	"poisoning.flagged",       // instructions for the model hidden in a tool description
	"poisoning.model-obeys",   // the model follows them
	// The resources, prompts and logging scenarios (primitives.go).
	"resources.not-found", // an attachment the server does not have
	"logging.refused",     // logging/setLevel refused: "Method not found" reaches the host
	"log.missing",         // the log panel the user watches stays empty
	"refused.not-retried", // 2026-07-28: the user declined; the call ends without its result
}

// violates reports whether a wire event's bytes break a rule; it also
// follows the 2025-11-25 session as it is issued and deleted.
func (c *classifier) violates(t *trace.Trace, e *trace.Event, ms []decoded) bool {
	if e.Kind != trace.KindMessage || e.Raw == "" {
		return false
	}
	if c.asks.violates(e, ms) {
		return true // an answer that does not answer what the server asked
	}
	switch e.Channel {
	case trace.Stdin, trace.Stdout:
		// stdio §Messages: the server MUST NOT write anything to its
		// stdout that is not a valid MCP message (nor the client to stdin).
		for i, line := range strings.Split(strings.TrimSuffix(e.Raw, "\n"), "\n") {
			if i < len(ms) && string(ms[i].raw) == line {
				// The line is the message as recorded: decoded already.
				if ms[i].msg == nil {
					return true
				}
				continue
			}
			if _, invalid := wire.DecodeLine([]byte(line)); invalid != "" {
				return true
			}
		}
	case trace.HTTPResponse:
		if e.HTTP != nil && !e.HTTP.Chunk && e.HTTP.Headers[protocol.HeaderSessionID] != nil {
			c.session = true
		}
		c.learnTools(ms)
		return e.HTTP != nil && !e.HTTP.Chunk && badContentLength(e.Raw)
	case trace.HTTPRequest:
		return c.badRequest(t, e, ms)
	}
	return false
}

// badRequest checks a request's bytes as the server does.
func (c *classifier) badRequest(t *trace.Trace, e *trace.Event, ms []decoded) bool {
	if badContentLength(e.Raw) {
		return true // RFC 9112 §6.2: the body is exactly Content-Length bytes
	}
	req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(e.Raw)))
	if err != nil {
		return true
	}
	if req.Method == http.MethodDelete {
		c.session = false
	}
	// The dev server's DNS-rebinding defence, which the simulator runs in
	// front of its handler too (netguard.CheckLoopbackHost): a request to
	// the MCP endpoint whose Host is not a loopback name is refused with
	// 403. (The HTTP lessons' toy API lives elsewhere.)
	if req.URL.Path == EndpointPath && !netguard.IsLoopbackHost(req.Host) {
		return true
	}
	// transports §Security: a present Origin that is not the server's own
	// (loopback here) is refused with 403.
	if o := req.Header.Get("Origin"); o != "" && !loopbackOrigins().Allows(o) {
		return true
	}
	// The handler's rules for a POST's headers (streamhttp.CheckPOST):
	// transports §Sending Messages, Accept lists both media types (406),
	// and the body is application/json (415).
	if req.Method == http.MethodPost && req.URL.Path == EndpointPath {
		if status, _ := streamhttp.CheckPOST(req.Header); status != 0 {
			return true
		}
	}
	var m *jsonrpc.Message
	if len(ms) == 1 {
		m = ms[0].msg
	}
	if protocol.IsModern(t.EventVersion(*e)) {
		// 2026-07-28 §Request Metadata: the headers mirror the body.
		// The server's own check (streamhttp.CheckHeaders), which it
		// answers with -32020 HeaderMismatch.
		// Its tool parameters mirrored into Mcp-Param-* too (§Custom
		// Headers from Tool Parameters), also answered with -32020.
		return m != nil && req.Method == http.MethodPost && (len(streamhttp.CheckHeaders(req.Header, m)) > 0 || c.badParams(req.Header, m))
	}
	// 2025-11-25 §Session Management 2: once the server issued a session
	// id, every later request but a new initialize MUST carry it.
	// §Protocol Version Header: inside the session, an invalid or
	// unsupported MCP-Protocol-Version (streamhttp.CheckSessionVersion,
	// answered with 400).
	opens := m != nil && m.Method == protocol.MethodInitialize
	if c.session && req.Header.Get(protocol.HeaderSessionID) != "" {
		return streamhttp.CheckSessionVersion(req.Header, t.EventVersion(*e)) != ""
	}
	return c.session && !opens && req.Header.Get(protocol.HeaderSessionID) == ""
}

// loopbackOrigins is the virtual server's Origin policy (streamhttp.New's
// default): loopback origins on any port.
func loopbackOrigins() *netguard.OriginPolicy {
	p, _ := netguard.NewOriginPolicy(true)
	return p
}

// badContentLength reports whether an HTTP message declares a
// Content-Length other than the length in bytes of the body that follows
// its head.
func badContentLength(raw string) bool {
	head, body, ok := strings.Cut(raw, "\r\n\r\n")
	if !ok {
		return false
	}
	for _, line := range strings.Split(head, "\r\n")[1:] {
		name, value, ok := strings.Cut(line, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(value))
		return err != nil || n != len(body)
	}
	return false
}

// reportsError reports whether an event carries an error the way the spec
// asks for one: a JSON-RPC error response, a tool result with isError, or
// an HTTP error status.
func reportsError(e *trace.Event, ms []decoded) bool {
	if e.Channel == trace.HTTPResponse && e.HTTP != nil && e.HTTP.Status >= 400 {
		return true
	}
	for _, d := range ms {
		var k jsonrpc.Kind // 0: not a valid message
		if d.msg != nil {
			k = d.msg.Kind()
		}
		switch k {
		case jsonrpc.KindRequest, jsonrpc.KindNotification:
			// neither member
		case jsonrpc.KindResult:
			if d.isError {
				return true
			}
		default:
			// An error response ("error": null decodes too, so the member
			// itself is read), or bytes that are not a valid message.
			if errorMember(d.raw) {
				return true
			}
		}
	}
	return false
}

// errorMember reports whether a message has an "error" member that is
// not null or a result with isError, read leniently (any message, valid
// JSON-RPC or not).
func errorMember(raw json.RawMessage) bool {
	var m struct {
		Error  json.RawMessage `json:"error"`
		Result struct {
			IsError bool `json:"isError"`
		} `json:"result"`
	}
	return json.Unmarshal(raw, &m) == nil && (len(m.Error) > 0 && !bytes.Equal(m.Error, []byte("null")) || m.Result.IsError)
}
