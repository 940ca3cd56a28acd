package client

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/wire"
)

// CallOptions tunes one request, notification or stream.
type CallOptions struct {
	// Tag names the exchange for the Observer (every Event of it carries
	// the tag); the client gives it no meaning.
	Tag string
	// Meta is extra _meta for the request (a progressToken).
	Meta map[string]any
	// LogLevel asks a 2026-07-28 server for log messages at or above this
	// level on this request's response stream: _meta
	// io.modelcontextprotocol/logLevel (server/utilities/logging
	// §Per-request log level). Without it the server "MUST NOT emit
	// notifications/message" for the request. 2025-11-25 has no
	// per-request level (the session's comes from SetLevel), so there it is
	// not sent.
	LogLevel string
	// Timeout is the client's deadline: when it passes without a response
	// the client cancels the request the way the version and transport
	// require (Transport.Cancel). Zero means none.
	Timeout time.Duration
	// OnNotify sees each notification the server sends for this exchange
	// (progress, a subscription's notifications), after the Observer saw
	// it. stop ends the exchange the way Cancel does (a subscription the
	// client leaves).
	OnNotify func(n *jsonrpc.Message, stop func())
	// OnOpen runs when a streamed response's head arrives (the 2025-11-25
	// GET stream carries no first message to react to).
	OnOpen func(stop func())
}

// Outcome is what the client got for one exchange.
type Outcome struct {
	ID       jsonrpc.ID       // the request's id (zero for a notification or a stream)
	Response *jsonrpc.Message // the response, nil when none arrived
	Status   int              // HTTP status (0 on stdio, or when the connection closed first)
	TimedOut bool             // the deadline passed and the client cancelled
	// Broken is set when the connection is unusable: the server wrote
	// something that is not JSON-RPC on stdout (the decoder's message).
	Broken string
	// Dropped: the response stream ended before the response: the network
	// broke it, or a 2025-11-25 server closed it after an event ID to be
	// polled (transports §Sending Messages 6: the server "MAY close the
	// connection (without terminating the SSE stream)"). LastEventID is the
	// last SSE event ID received on it, Retry the reconnection time its
	// retry: field set (0 when none), which Resume waits.
	Dropped     bool
	LastEventID string
	Retry       time.Duration
	// Err is a failure of the transport itself (a connection refused, a
	// process that would not start), not of the protocol.
	Err error
	// InputRequired is the last 2026-07-28 InputRequiredResult of the
	// request when the client could not retry it (no Host, a question the
	// Host declined, or too many rounds); nil otherwise. Rounds counts the
	// retries the client made; Declined says the Host declined a question
	// (the request is then left unanswered, as mrtr allows).
	InputRequired *mcp.InputRequiredResult
	Rounds        int
	Declined      bool

	seq int // the Observer's number of the request's event
}

// Result unmarshals the response's result into v; false for an error
// response, no response, or a result that does not fit v.
func (o Outcome) Result(v any) bool {
	if o.Response == nil || o.Response.Error != nil {
		return false
	}
	return json.Unmarshal(o.Response.Result, v) == nil
}

// Error is the response's JSON-RPC error, nil when there is none.
func (o Outcome) Error() *jsonrpc.Error {
	if o.Response == nil {
		return nil
	}
	return o.Response.Error
}

// Summary says in a few words what an outcome was, for a log or a
// report: the transport's failure, the broken connection, the deadline,
// the JSON-RPC error, no answer, or the HTTP status.
func (o Outcome) Summary() string {
	switch {
	case o.Err != nil:
		return o.Err.Error()
	case o.Broken != "":
		return "connection lost: " + o.Broken
	case o.TimedOut:
		return "no answer in time"
	case o.Error() != nil:
		return fmt.Sprintf("error %d %s", o.Error().Code, o.Error().Message)
	case o.Response == nil:
		return "no answer"
	case o.Status != 0:
		return fmt.Sprintf("HTTP %d", o.Status)
	}
	return "answered"
}

// Role says what an Event does for its exchange.
type Role string

const (
	// RoleMessage (the zero value): the exchange's own bytes.
	RoleMessage Role = ""
	// RoleCancel: a notifications/cancelled the client sends for another
	// exchange (stdio; 2025-11-25 HTTP), and the answer to it.
	RoleCancel Role = "cancel"
	// RoleCloseStream: the client closes a response stream to cancel
	// (2026-07-28 HTTP) or to stop listening (a 2025-11-25 GET stream).
	RoleCloseStream Role = "close-stream"
	// RoleDropStream: the client drops a stream after cancelling its
	// request by notification (2025-11-25 HTTP).
	RoleDropStream Role = "drop-stream"
	// RoleAnswer: the client's response to a request of the server
	// (2025-11-25: on stdin, or POSTed and answered 202), and the answer to
	// that POST. Event.Asked names the method it answers.
	RoleAnswer Role = "answer"
	// RoleRetry: a 2026-07-28 request retried with inputResponses and the
	// requestState after an InputRequiredResult, and its outcome.
	// Event.Round counts the retries.
	RoleRetry Role = "retry"
)

// Cause says why the client ended an exchange early.
type Cause string

const (
	CauseNone    Cause = ""
	CauseTimeout Cause = "timeout" // the deadline passed
	CauseStop    Cause = "stop"    // the caller stopped it (left a subscription)
)

// Event is one thing the client put on or took off the wire: the wire's
// piece plus the client's facts about it.
type Event struct {
	wire.Piece
	Tag   string // the exchange's CallOptions.Tag
	Role  Role
	Cause Cause // for RoleCancel, RoleCloseStream, RoleDropStream
	// Unread: the client did not read this; the connection broke before.
	Unread bool
	// InReplyTo is the Observer's number of the event that carried the
	// request this event's response answers (0 when none).
	InReplyTo int
	// Cancels is the number of the request event this event ends early.
	Cancels int
	// Timeout is the deadline the client set for the request this event
	// sends.
	Timeout time.Duration
	// Asked is, for RoleAnswer, the method of the server's request the
	// client answers.
	Asked string
	// Round is, for RoleRetry, which retry of the request this is (1 for
	// the first).
	Round int
}

// Observer sees every Event, in order. Observe returns the number it gave
// the event, which later events' InReplyTo and Cancels refer to. Real
// transports may call it from more than one goroutine.
type Observer interface {
	Observe(e *Event) int
}

// ObserverFunc adapts a function to Observer.
type ObserverFunc func(e *Event) int

// Observe implements Observer.
func (f ObserverFunc) Observe(e *Event) int { return f(e) }

// Exchange is one request, notification or stream in flight, shared by the
// Client and its Transport.
type Exchange struct {
	// Msg is what the exchange sends; nil for a stream the client opens
	// without a message (the 2025-11-25 GET stream, a resumption).
	Msg *jsonrpc.Message
	// Expect is the id of the request whose response a resumed stream
	// carries.
	Expect jsonrpc.ID
	Opts   CallOptions
	Role   Role
	Cause  Cause
	// Cancels is the event number of the request a RoleCancel exchange
	// cancels.
	Cancels int
	// Asked and Round: Event.Asked and Event.Round of the exchange.
	Asked string
	Round int

	c      *Client
	ctx    context.Context
	cancel context.CancelFunc
	ending sync.WaitGroup // a cancellation in progress (a real timer's goroutine)

	mu          sync.Mutex
	seq         int // the Observer's number of the request's event
	resp        *jsonrpc.Message
	status      int
	timedOut    bool
	stopped     bool // Cancel or stop was called
	byClient    bool // the client closed the stream (not the network)
	dropped     bool
	lastEventID string
	retry       time.Duration
	done        bool
	ended       bool // the wire's exchange is over (no close can reach it)
}

// token is the progressToken the exchange's request carries, as JSON.
func (x *Exchange) token() string {
	if t, ok := x.Opts.Meta[protocol.MetaProgressToken]; ok {
		b, _ := json.Marshal(t)
		return string(b)
	}
	return ""
}

// Finished reports whether the exchange needs nothing more: its response
// arrived, or it was stopped or cancelled.
func (x *Exchange) Finished() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.resp != nil || x.stopped || x.done || x.ctx.Err() != nil
}

// Context is the exchange's context: cancelled when the client gives up.
func (x *Exchange) Context() context.Context { return x.ctx }

// Sent reports the piece that put the exchange's message on the wire.
func (x *Exchange) Sent(p *wire.Piece) {
	e := &Event{Piece: *p, Tag: x.Opts.Tag, Role: x.Role, Cause: x.Cause, Cancels: x.Cancels, Asked: x.Asked, Round: x.Round}
	if x.Msg != nil && x.Msg.Kind() == jsonrpc.KindRequest {
		e.Timeout = x.Opts.Timeout
	}
	seq := x.c.observe(e)
	x.mu.Lock()
	if x.seq == 0 {
		x.seq = seq
	}
	x.mu.Unlock()
}

// Received reports a piece the server sent on this exchange and
// dispatches its messages: notifications to OnNotify, the response to the
// outcome.
func (x *Exchange) Received(p *wire.Piece) {
	e := &Event{Piece: *p, Tag: x.Opts.Tag, Role: x.Role, Cause: x.Cause, Asked: x.Asked, Round: x.Round}
	x.mu.Lock()
	for _, m := range p.Msgs {
		if x.answers(m) && x.Role != RoleCancel {
			if x.stopped {
				e.Unread = true // the answer to a request the client cancelled: ignored
			} else {
				e.InReplyTo = x.seq
			}
		}
	}
	x.mu.Unlock()
	x.c.observe(e)
	x.dispatch(p.Msgs)
}

// answers reports whether m is the response this exchange waits for: a
// response with its request's id, or (HTTP, where the connection says
// which request it belongs to) one whose id could not be read, such as a
// 403 for the whole request.
func (x *Exchange) answers(m *jsonrpc.Message) bool {
	if m.Method != "" {
		return false
	}
	if x.Msg == nil {
		return !x.Expect.IsZero() && m.ID == x.Expect
	}
	return m.ID == x.Msg.ID || m.ID.IsZero()
}

// dispatch hands messages to the exchange.
func (x *Exchange) dispatch(msgs []*jsonrpc.Message) {
	for _, m := range msgs {
		if m.Kind() == jsonrpc.KindRequest {
			// A request of the server's own (2025-11-25 elicitation,
			// sampling, roots), on this exchange's stream: the Host answers.
			x.mu.Lock()
			stopped := x.stopped
			x.mu.Unlock()
			if !stopped {
				x.c.answer(x, m)
			}
			continue
		}
		if m.Method != "" {
			x.mu.Lock()
			stopped := x.stopped
			x.mu.Unlock()
			if x.Opts.OnNotify != nil && !stopped {
				x.Opts.OnNotify(m, x.stop)
			}
			continue
		}
		if x.answers(m) {
			x.mu.Lock()
			// basic/utilities/cancellation: "The sender of the
			// cancellation notification SHOULD ignore any response to
			// the request that arrives afterward."
			if !x.stopped {
				x.resp = m
			}
			x.mu.Unlock()
		}
	}
}

// resumed reports whether the exchange is a resumed stream: it sends
// nothing and expects one request's response.
func (x *Exchange) resumed() bool { return x.Msg == nil && !x.Expect.IsZero() }

// expectsResponse reports whether a response is what ends the exchange: a
// request's, or the one a resumed stream carries.
func (x *Exchange) expectsResponse() bool {
	return x.resumed() || (x.Msg != nil && x.Msg.Kind() == jsonrpc.KindRequest)
}

// hasResponse reports whether the exchange's response arrived.
func (x *Exchange) hasResponse() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.resp != nil
}

// stop ends the exchange at the caller's request.
func (x *Exchange) stop() { x.c.cancel(x, CauseStop) }

// Reason is the text of a notifications/cancelled for this exchange
// (basic/utilities/cancellation: "reason" is optional, for logging).
func (x *Exchange) Reason(cause Cause) string {
	if cause == CauseTimeout {
		return fmt.Sprintf("client timeout after %d ms", x.Opts.Timeout.Milliseconds())
	}
	return "client is done with the subscription"
}

// Record reports an event of the exchange that is not a wire piece the
// transport received (a close the client decides).
func (x *Exchange) Record(e *Event) int { return x.c.observe(e) }

func (x *Exchange) outcome() Outcome {
	x.mu.Lock()
	defer x.mu.Unlock()
	out := Outcome{Response: x.resp, Status: x.status, TimedOut: x.timedOut, Dropped: x.dropped,
		LastEventID: x.lastEventID, Retry: x.retry, seq: x.seq}
	if x.Msg != nil {
		out.ID = x.Msg.ID
	}
	return out
}

func jsonUnmarshal(b []byte, v any) error {
	if len(b) == 0 {
		return nil
	}
	return json.Unmarshal(b, v)
}
