package client

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// stdioTransport binds the client to stdio (2026-07-28
// basic/transports/stdio; 2025-11-25 basic/transports §stdio): one JSON-RPC
// message per line on the server's stdin and stdout. One pipe carries
// everything, so what the server writes is routed to the exchange it
// belongs to: a response by its id, progress by its progressToken, a
// subscription's notifications by their subscription id, anything else to
// whoever listens.
type stdioTransport struct {
	p wire.Pipe
	c *Client

	mu       sync.Mutex
	pending  []*Exchange // requests waiting for their response, in the order sent
	writing  []*Exchange // exchanges whose line is being written
	listener *Exchange
	closing  *Exchange
	broken   string
}

// NewStdio returns a client that speaks stdio to the server behind p.
func NewStdio(p wire.Pipe, cfg Config) *Client {
	t := &stdioTransport{p: p}
	p.Attach(t.onPiece)
	return New(t, cfg)
}

func (t *stdioTransport) bind(c *Client) { t.c = c }

// Start implements Transport: the host launches the server process.
func (t *stdioTransport) Start(ctx context.Context) error { return t.p.Start(ctx) }

func (t *stdioTransport) brokenReason() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.broken
}

// Send implements Transport: write the line, then wait for the response
// of a request.
func (t *stdioTransport) Send(x *Exchange) error {
	line := append(x.Msg.Encode(), '\n')
	request := x.Msg.Kind() == jsonrpc.KindRequest
	t.mu.Lock()
	if request {
		t.pending = append(t.pending, x)
	}
	t.writing = append(t.writing, x)
	t.mu.Unlock()
	defer t.forget(x)
	if err := t.p.Write(x.ctx, line); err != nil {
		return err
	}
	if !request {
		return nil
	}
	return idle(t.p.Wait(x.ctx, x.Finished))
}

// idle maps the ends of waiting that are not failures to nil.
func idle(err error) error {
	if errors.Is(err, wire.ErrIdle) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}

func (t *stdioTransport) forget(x *Exchange) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.pending = remove(t.pending, x)
	t.writing = remove(t.writing, x)
}

func remove(list []*Exchange, x *Exchange) []*Exchange {
	for i, y := range list {
		if y == x {
			return append(list[:i], list[i+1:]...)
		}
	}
	return list
}

// Listen implements Transport: a 2025-11-25 server that declared
// listChanged writes notifications/tools/list_changed on stdout between
// responses (server/tools §List Changed Notification).
func (t *stdioTransport) Listen(x *Exchange) error {
	t.mu.Lock()
	t.listener = x
	t.mu.Unlock()
	defer func() {
		t.mu.Lock()
		t.listener = nil
		t.mu.Unlock()
	}()
	return idle(t.p.Wait(x.ctx, x.Finished))
}

// Resume implements Transport: a pipe has no streams to resume.
func (t *stdioTransport) Resume(*Exchange, string) error {
	return errors.New("client: stdio has no response streams to resume")
}

// Close implements Transport: stdio §Shutdown, "the client SHOULD initiate
// shutdown by closing the input stream to the child process".
func (t *stdioTransport) Close(x *Exchange) error {
	t.mu.Lock()
	t.closing = x
	t.mu.Unlock()
	return t.p.CloseStdin(x.ctx)
}

// Cancel implements Transport: on stdio the only way to cancel is
// notifications/cancelled (2026-07-28 stdio §Cancellation; 2025-11-25
// basic/utilities/cancellation). Stopping a Listen sends nothing: there
// is no request to cancel, the client just stops waiting.
func (t *stdioTransport) Cancel(x *Exchange, cause Cause) {
	if x.Msg != nil {
		t.c.sendCancelled(x, cause)
	}
}

// onPiece receives everything the pipe carries.
func (t *stdioTransport) onPiece(p *wire.Piece) {
	switch {
	case p.Event.Channel == trace.Stdin && p.Event.Kind == trace.KindMessage:
		if x := t.writer(p.Event.Raw); x != nil {
			x.Sent(p)
			return
		}
	case p.Event.Channel == trace.Stdin:
		t.mu.Lock()
		x := t.closing
		t.mu.Unlock()
		if x != nil {
			x.Record(&Event{Piece: *p, Tag: x.Opts.Tag})
			return
		}
	case p.Event.Channel == trace.Stdout:
		t.mu.Lock()
		broken := t.broken
		if broken == "" && p.Invalid != "" {
			// The client cannot read past a line that is not a message
			// (stdio §Messages: the server "MUST NOT write anything to its
			// stdout that is not a valid MCP message"): the connection is
			// lost, and nothing in flight will get its answer.
			t.broken = p.Invalid
			for _, x := range t.pending {
				x.cancel()
			}
		}
		t.mu.Unlock()
		if broken != "" {
			t.c.observe(&Event{Piece: *p, Unread: true})
			return
		}
		if p.Invalid == "" && len(p.Msgs) == 1 {
			if x := t.route(p.Msgs[0]); x != nil {
				x.Received(p)
				return
			}
			if p.Msgs[0].Kind() == jsonrpc.KindRequest {
				// A request of the server while nothing of the client's is
				// in flight: it is still owed a response.
				t.c.observe(&Event{Piece: *p})
				t.c.answer(nil, p.Msgs[0])
				return
			}
		}
	}
	t.c.observe(&Event{Piece: *p})
}

// writer is the exchange whose line is being written: the one whose
// message it is, or else the latest (a wrapper of the pipe changed the
// line on its way, as a fault does).
func (t *stdioTransport) writer(raw string) *Exchange {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i := len(t.writing) - 1; i >= 0; i-- {
		if x := t.writing[i]; string(x.Msg.Encode())+"\n" == raw {
			return x
		}
	}
	if n := len(t.writing); n > 0 {
		return t.writing[n-1]
	}
	return nil
}

// route finds the exchange a message the server wrote belongs to.
func (t *stdioTransport) route(m *jsonrpc.Message) *Exchange {
	t.mu.Lock()
	defer t.mu.Unlock()
	if m.Method == "" {
		for i := len(t.pending) - 1; i >= 0; i-- {
			if x := t.pending[i]; x.Msg.ID == m.ID || m.ID.IsZero() {
				return x
			}
		}
		return nil
	}
	if m.Kind() == jsonrpc.KindRequest {
		// 2025-11-25: a request of the server serves the request it is
		// handling (the latest one waiting), or, with none, the session.
		if n := len(t.pending); n > 0 {
			return t.pending[n-1]
		}
		return t.listener
	}
	var p struct {
		Token json.RawMessage            `json:"progressToken"`
		Meta  map[string]json.RawMessage `json:"_meta"`
	}
	_ = jsonUnmarshal(m.Params, &p)
	for _, x := range t.pending {
		if tok := x.token(); tok != "" && len(p.Token) > 0 && tok == string(p.Token) {
			return x
		}
		// 2026-07-28 basic/patterns/subscriptions: every notification of a
		// subscription carries its id (the listen request's id) in _meta.
		if sub, ok := p.Meta[protocol.MetaSubscriptionID]; ok && string(sub) == x.Msg.ID.String() {
			return x
		}
	}
	// A log message names no request, but it belongs to one: 2026-07-28
	// server/utilities/logging, "notifications/message is request-scoped"
	// (sent before that request's response); a 2025-11-25 server writes it
	// while it works on a request too. One pipe carries everything, so it
	// goes to the request awaiting its answer when there is exactly one.
	if m.Method == protocol.MethodLog && t.listener == nil && len(t.pending) == 1 {
		return t.pending[0]
	}
	return t.listener
}
