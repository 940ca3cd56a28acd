package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync"
	"time"

	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"

	"mcpwirelab/sim/wire"
)

// UserAgent is the User-Agent header of the lab's client.
const UserAgent = "mcp-wire-lab-client/1.0"

// httpTransport binds the client to Streamable HTTP (2026-07-28
// basic/transports/streamable-http; 2025-11-25 basic/transports
// §Streamable HTTP): every message is a POST to one endpoint, answered by
// one JSON object, 202, or an SSE stream.
type httpTransport struct {
	w        wire.HTTP
	endpoint string
	c        *Client

	mu      sync.Mutex
	streams map[*Exchange]*wire.Stream
}

// NewHTTP returns a client that speaks Streamable HTTP to endpoint (an
// http:// URL) over w.
func NewHTTP(w wire.HTTP, endpoint string, cfg Config) *Client {
	return New(&httpTransport{w: w, endpoint: endpoint, streams: map[*Exchange]*wire.Stream{}}, cfg)
}

func (h *httpTransport) bind(c *Client) { h.c = c }

// Start implements Transport: HTTP has nothing to open in advance.
func (h *httpTransport) Start(context.Context) error { return nil }

// newRequest builds a request the way the version wants it on the wire.
func (h *httpTransport) newRequest(method string, x *Exchange) *http.Request {
	var body io.Reader
	if x.Msg != nil {
		body = bytes.NewReader(x.Msg.Encode())
	}
	req, _ := http.NewRequest(method, h.endpoint, body)
	hd := req.Header
	hd["User-Agent"] = []string{UserAgent}
	if x.Msg != nil {
		// transports §Sending Messages: "The client MUST include an Accept
		// header, listing both application/json and text/event-stream".
		hd["Content-Type"] = []string{"application/json"}
		hd["Accept"] = []string{"application/json, text/event-stream"}
	}
	s := h.c.Session()
	switch {
	case protocol.IsModern(s.Version):
		if x.Msg != nil {
			// 2026-07-28 §Request Metadata: every POST mirrors the body's
			// protocol version and method into headers, and the name of
			// the tool, prompt or resource it addresses into Mcp-Name.
			hd[protocol.HeaderProtocolVersion] = []string{s.Version}
			hd[protocol.HeaderMethod] = []string{x.Msg.Method}
			if name, ok := mirroredName(x.Msg); ok {
				hd[protocol.HeaderName] = []string{protocol.EncodeValue(name)}
			}
			if x.Msg.Method == protocol.MethodToolsCall {
				// §Custom Headers from Tool Parameters: each x-mcp-header
				// parameter of the tool into Mcp-Param-{name}.
				for name, v := range h.c.paramHeaders(x.Msg) {
					hd[name] = []string{v}
				}
			}
		}
	case s.ID != "":
		// 2025-11-25 §Session Management 2: "the client MUST include it in
		// the Mcp-Session-Id header on all of its subsequent HTTP
		// requests"; §Protocol Version Header: and the negotiated version.
		hd[protocol.HeaderSessionID] = []string{s.ID}
		if s.Negotiated {
			hd[protocol.HeaderProtocolVersion] = []string{s.Version}
		}
	}
	return req
}

// mirroredName is the value 2026-07-28 puts in Mcp-Name: the params field
// the transport names for the method (protocol.NameField: params.name of
// tools/call and prompts/get, params.uri of resources/read, params.taskId
// of the tasks extension's tasks/get, tasks/update and tasks/cancel).
func mirroredName(m *jsonrpc.Message) (string, bool) {
	field := protocol.NameField(m.Method)
	if field == "" {
		return "", false
	}
	var p map[string]json.RawMessage
	_ = jsonUnmarshal(m.Params, &p)
	var v string
	if raw, ok := p[field]; ok && json.Unmarshal(raw, &v) == nil {
		return v, true
	}
	return "", false
}

// Send implements Transport: one POST.
func (h *httpTransport) Send(x *Exchange) error {
	return h.do(h.newRequest(http.MethodPost, x), x)
}

// Listen implements Transport: 2025-11-25 §Listening for Messages from the
// Server, a GET that the server answers with an SSE stream.
func (h *httpTransport) Listen(x *Exchange) error {
	req := h.newRequest(http.MethodGet, x)
	req.Header["Accept"] = []string{"text/event-stream"}
	return h.do(req, x)
}

// Resume implements Transport: 2025-11-25 §Resumability and Redelivery,
// "Resumption is always via HTTP GET with Last-Event-ID".
func (h *httpTransport) Resume(x *Exchange, lastEventID string) error {
	req := h.newRequest(http.MethodGet, x)
	req.Header["Accept"] = []string{"text/event-stream"}
	req.Header["Last-Event-ID"] = []string{lastEventID}
	return h.do(req, x)
}

// Close implements Transport: 2025-11-25 §Session Management 5, clients
// "SHOULD send an HTTP DELETE to the MCP endpoint with the Mcp-Session-Id
// header" when they leave. 2026-07-28 has no session to end.
func (h *httpTransport) Close(x *Exchange) error {
	s := h.c.Session()
	if protocol.IsModern(s.Version) || s.ID == "" {
		return nil
	}
	return h.do(h.newRequest(http.MethodDelete, x), x)
}

// do runs one exchange on the wire.
func (h *httpTransport) do(req *http.Request, x *Exchange) error {
	s := &wire.Stream{}
	h.mu.Lock()
	h.streams[x] = s
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.streams, x)
		h.mu.Unlock()
	}()
	opened := false
	var lastID string
	var retry time.Duration
	var graceStop func()
	s.OnPiece = func(p *wire.Piece) {
		x.mu.Lock()
		stopped := x.stopped
		x.mu.Unlock()
		switch {
		case stopped && p.Event.Channel == trace.HTTPResponse:
			// The client gave up on the stream and reads no more of it:
			// what is still in flight goes with the dropped connection.
		case p.Event.Channel == trace.HTTPRequest:
			x.Sent(p)
		case p.Event.Kind == trace.KindClose:
			// The network broke the response stream.
			x.Record(&Event{Piece: *p, Tag: x.Opts.Tag})
		default:
			if p.EventID != "" {
				lastID = p.EventID
			}
			if p.Retry > 0 {
				retry = p.Retry
			}
			x.Received(p)
			if !opened && p.Event.HTTP != nil && !p.Event.HTTP.Chunk && isStream(p) && x.Opts.OnOpen != nil && !s.Closed() {
				opened = true
				x.Opts.OnOpen(x.stop)
			}
			if graceStop == nil && x.resumed() && x.hasResponse() {
				// A resumed stream carries one request's response; once it
				// came the client has what it reconnected for. The server
				// "SHOULD terminate the SSE stream" after it (§Sending
				// Messages 6); one that keeps it open gets it closed by the
				// client after ResumeGrace ("The client MAY close the SSE
				// stream at any time", §Listening for Messages from the
				// Server).
				graceStop = h.c.cfg.After(ResumeGrace, func() {
					x.mu.Lock()
					ended := x.ended
					x.mu.Unlock()
					if !ended {
						h.c.cancel(x, CauseStop)
					}
				})
			}
		}
	}
	res, err := h.w.Do(x.ctx, req, s)
	if graceStop != nil {
		graceStop()
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.ended, x.retry = true, retry
	if res.Response != nil {
		x.status = res.Response.StatusCode
		if sid := res.Response.Header.Get(protocol.HeaderSessionID); sid != "" {
			h.c.update(func(s *Session) { s.ID = sid })
		}
	}
	if errors.Is(err, wire.ErrClosed) || (err != nil && x.ctx.Err() != nil) {
		if !x.byClient {
			// Nobody on the client's side closed it: the stream dropped.
			x.dropped, x.lastEventID = true, lastID
		}
		return nil
	}
	if err == nil && x.resp == nil && !x.byClient && lastID != "" && x.expectsResponse() &&
		res.Response != nil && wire.IsEventStream(res.Response.Header.Get("Content-Type")) && !protocol.IsModern(h.c.Version()) {
		// 2025-11-25 §Sending Messages 6: after an event with an ID the
		// server "MAY close the connection (without terminating the SSE
		// stream) at any time"; "The client SHOULD then 'poll' the SSE
		// stream by attempting to reconnect" (§Resumability and
		// Redelivery 2: "whether due to network failure or server-initiated
		// closure"). The stream ended without the response: the client
		// treats it as dropped, to be resumed (Resume). 2026-07-28 streams
		// are not resumable.
		x.dropped, x.lastEventID = true, lastID
	}
	return err
}

// ResumeGrace is how long the client leaves a resumed stream open after
// the response it reconnected for, for the server to end it (on the
// client's clock).
const ResumeGrace = 100 * time.Millisecond

// isStream reports whether a response piece is the head of an SSE stream.
func isStream(p *wire.Piece) bool {
	for _, v := range p.Event.HTTP.Headers["Content-Type"] {
		if wire.IsEventStream(v) {
			return true
		}
	}
	return false
}

// Cancel implements Transport. 2026-07-28 basic/patterns/cancellation:
// closing the response stream "MUST be treated by the server as
// cancellation". 2025-11-25 §Sending Messages 6: "Disconnection SHOULD NOT
// be interpreted as the client cancelling its request... To cancel, the
// client SHOULD explicitly send an MCP CancelledNotification", so the
// client POSTs notifications/cancelled and then drops the stream. A
// 2025-11-25 GET stream answers no request: it is just closed.
func (h *httpTransport) Cancel(x *Exchange, cause Cause) {
	h.mu.Lock()
	s := h.streams[x]
	h.mu.Unlock()
	closeStream := func() {
		if s != nil {
			s.Close()
		}
	}
	modern := protocol.IsModern(h.c.Version())
	if modern || x.Msg == nil {
		spec := "basic/transports/streamable-http#cancellation"
		if !modern {
			spec = "basic/transports#listening-for-messages-from-the-server"
		}
		x.closeEvent(wire.ClosePiece(trace.Client, trace.Server, trace.HTTPRequest), RoleCloseStream, cause, spec)
		closeStream()
		return
	}
	h.c.sendCancelled(x, cause)
	x.closeEvent(wire.ClosePiece(trace.Client, trace.Server, trace.HTTPRequest), RoleDropStream, cause,
		"basic/utilities/cancellation#cancellation-flow")
	closeStream()
}
