// Package trace defines the record the engine produces and every face of
// MCP Wire Lab consumes: the browser visualizer renders it, the
// `devserver transcript` command prints it as JSON Lines, and the golden
// tests compare it byte for byte.
//
// A trace is an ordered list of events. Each event is one thing crossing a
// boundary between the Host, the Client and the Server: a line on a stdio
// pipe, the bytes of an HTTP request or response (or one flushed chunk of a
// streamed response), a stream being closed, or a Host-internal step such as
// the model reading the tool list.
package trace

import (
	"encoding/json"
	"io"
)

// Party is one of the three actors of the simulation.
type Party string

const (
	Host   Party = "host"
	Client Party = "client"
	Server Party = "server"
)

// Channel is where the bytes of an event travel.
type Channel string

const (
	Stdin        Channel = "stdin"         // client → server pipe (stdio)
	Stdout       Channel = "stdout"        // server → client pipe (stdio)
	Stderr       Channel = "stderr"        // server diagnostics (stdio)
	HTTPRequest  Channel = "http-request"  // raw HTTP/1.1 request text
	HTTPResponse Channel = "http-response" // raw HTTP/1.1 response text (or one streamed chunk)
	HostChannel  Channel = "host"          // inside the Host: model ↔ client, nothing on a wire
)

// Kind says what sort of event it is; the visualizer draws them differently.
type Kind string

const (
	KindMessage Kind = "message" // bytes on a wire
	KindClose   Kind = "close"   // a stream or pipe was closed (raw is empty)
	KindLaunch  Kind = "launch"  // the host starts the server process / connects
	KindThink   Kind = "think"   // host-internal: the model reads or decides
	KindError   Kind = "error"   // the receiving side failed to parse or accept what it got
)

// HTTPInfo summarises an HTTP event so renderers need not reparse raw.
type HTTPInfo struct {
	Method  string              `json:"method,omitempty"`
	Path    string              `json:"path,omitempty"`
	Status  int                 `json:"status,omitempty"`
	Headers map[string][]string `json:"headers,omitempty"`
	// Chunk is true for a later piece of a streamed (SSE) response whose
	// status line and headers were in an earlier event.
	Chunk bool `json:"chunk,omitempty"`
	// Exchange numbers the HTTP request/response exchanges of a trace
	// (1-based, in the order the requests were sent): a request and every
	// piece of its response carry the same number, however exchanges nest.
	Exchange int `json:"exchange,omitempty"`
}

// Event is one step of a trace. The first seven fields are the transcript
// contract (see README "Transcript contract"); the rest are additions.
// Everything here is a fact the engine knew when it recorded the event.
type Event struct {
	Seq      int               `json:"seq"`
	From     Party             `json:"from"`
	To       Party             `json:"to"`
	Channel  Channel           `json:"channel"`
	Raw      string            `json:"raw"`
	Messages []json.RawMessage `json:"messages"`
	Note     string            `json:"note"`

	Kind   Kind      `json:"kind"`
	TimeMs int64     `json:"timeMs"`         // virtual clock, ms since the scenario started
	Spec   string    `json:"spec,omitempty"` // spec section followed, e.g. "2026-07-28/basic/transports/streamable-http#server-validation"
	HTTP   *HTTPInfo `json:"http,omitempty"`
	// Replica is the server replica (1-based) that a load balancer routed
	// this HTTP exchange to; 0 when there is a single server.
	Replica int `json:"replica,omitempty"`
	// Version is the protocol version of this event's messages when it
	// differs from the trace's (a dual-era client that fell back to
	// 2025-11-25); empty otherwise.
	Version string `json:"version,omitempty"`

	// The client's facts, so renderers need not re-derive them:
	//
	// InReplyTo is the seq of the event that carried the request whose
	// JSON-RPC response this event carries (as the client matched it: by
	// id on stdio, by connection on HTTP); 0 when none, or when the client
	// never read the response.
	InReplyTo int `json:"inReplyTo,omitempty"`
	// Cancels is the seq of the request this event ends before its
	// response: a notifications/cancelled, or the client closing the
	// request's stream or connection.
	Cancels int `json:"cancels,omitempty"`
	// DeadlineMs is, on a request the client set a deadline for, the time
	// (virtual clock, like TimeMs) at which the client gives up on it.
	DeadlineMs int64 `json:"deadlineMs,omitempty"`
	// At is, on a real wire (a capture of someone's server), the wall-clock
	// time the event crossed it: RFC 3339 in UTC with nanoseconds. Empty
	// on the virtual wires, whose only time is TimeMs.
	At string `json:"at,omitempty"`

	// Class is what the event means for the lesson (sim/scenario
	// Classify): renderers colour it by this instead of guessing from
	// status codes.
	Class Class `json:"class"`

	// Phase is the part the event plays in its scenario, named the same
	// under both protocol versions wherever the two eras do one thing in
	// different ways (the server's question is a request on a stream in
	// 2025-11-25 and an input_required result in 2026-07-28: both are
	// "question"). The compare view lines the eras up by it; empty when the
	// scenario names none.
	Phase string `json:"phase,omitempty"`
}

// Class sorts events into what went right and what went wrong, and how.
type Class string

const (
	// ClassNormal: the protocol working as intended (a server's log line
	// on stderr and a clean exit included).
	ClassNormal Class = "normal"
	// ClassExpectedError: an error reported the way the spec asks, on the
	// channel it asks for (a JSON-RPC error, a result with isError, an
	// HTTP error status): the error path working.
	ClassExpectedError Class = "expected-error"
	// ClassViolation: bytes that break a rule of the protocol or of HTTP
	// (a non-JSON line on stdout, headers that disagree with the body, a
	// wrong Content-Length, a missing session header, a foreign Origin or
	// Host):
	// usually the injected fault itself.
	ClassViolation Class = "violation"
	// ClassFailure: a failure the host or client experiences: it gives
	// up, loses the connection or the stream, times out, or hands an
	// error to the model or the user.
	ClassFailure Class = "failure"
)

// Classes lists every class, in the order above.
var Classes = []Class{ClassNormal, ClassExpectedError, ClassViolation, ClassFailure}

// EventVersion is the protocol version an event's messages follow.
func (t *Trace) EventVersion(e Event) string {
	if e.Version != "" {
		return e.Version
	}
	return t.Version
}

// Trace is the full record of one scenario run.
type Trace struct {
	Scenario  string  `json:"scenario"`
	Version   string  `json:"version"`
	Transport string  `json:"transport"`
	Fault     string  `json:"fault"`
	Events    []Event `json:"events"`
}

// WriteJSONL writes one event per line, exactly the transcript contract.
func (t *Trace) WriteJSONL(w io.Writer) error {
	for i := range t.Events {
		b, err := json.Marshal(&t.Events[i])
		if err != nil {
			return err
		}
		b = append(b, '\n')
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}
