package wire

import (
	"net/http"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/trace"
)

// Piece is one trace event's worth of wire: a line on a stdio pipe, an HTTP
// request, a response head (with the body bytes flushed with it), one later
// flushed chunk, or a close. Event has From, To, Channel, Kind, Raw,
// Messages, HTTP and Replica set; the one who records it adds the rest
// (sequence number, time, annotation, spec section, the client's facts).
type Piece struct {
	Event trace.Event
	// Msgs are the JSON-RPC messages inside Raw, decoded once with the
	// engine's decoder; Event.Messages holds their encoding.
	Msgs []*jsonrpc.Message
	// Body is the HTTP body bytes the piece carries, de-chunked.
	Body []byte
	// Invalid is set for a stdout line that is not a JSON-RPC message: the
	// decoder's message (what a client that reads it reports).
	Invalid string
	// EventID is the last SSE event ID a streamed response carried up to
	// and including this piece ("" when none).
	EventID string
	// Retry is the reconnection time the SSE stream set so far with a
	// retry: line, up to and including this piece (0 when none did):
	// SSEReader.ReconnectionTime.
	Retry time.Duration
	// At is when a real wire received the piece's last byte (zero on the
	// virtual wires, whose time is the virtual clock's).
	At time.Time
}

// ClosePiece is a connection or stream closed by one side: nothing on the
// wire, only the close itself.
func ClosePiece(from, to trace.Party, ch trace.Channel) *Piece {
	return newPiece(trace.Event{From: from, To: to, Channel: ch, Kind: trace.KindClose}, nil)
}

// newPiece fills the event's messages from msgs.
func newPiece(e trace.Event, msgs []*jsonrpc.Message) *Piece {
	e.Messages = Raw(msgs...)
	return &Piece{Event: e, Msgs: msgs}
}

// HeaderMap copies a header with canonical names, for trace.HTTPInfo.
func HeaderMap(h http.Header) map[string][]string {
	out := make(map[string][]string, len(h))
	for k, v := range h {
		out[http.CanonicalHeaderKey(k)] = append([]string(nil), v...)
	}
	return out
}
