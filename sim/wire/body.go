package wire

import (
	"bytes"
	"encoding/json"
	"mime"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/trace"
)

// IsEventStream reports whether a Content-Type value is text/event-stream.
func IsEventStream(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "text/event-stream"
}

// Messages returns the JSON-RPC messages an HTTP body carries, in order:
// the body itself when it is one JSON object, the data of each event of a
// text/event-stream (Streamable HTTP §Sending Messages, both versions).
// Parts that are not JSON-RPC messages (an SSE priming event's empty data,
// a plain JSON document, a comment) are skipped: the decoder is
// jsonrpc.Decode, the engine's only one.
func Messages(contentType string, body []byte) []*jsonrpc.Message {
	if IsEventStream(contentType) {
		return SSEMessages(ParseSSE(body))
	}
	if m := Decode(body); m != nil {
		return []*jsonrpc.Message{m}
	}
	return nil
}

// SSEMessages decodes the JSON-RPC messages carried by SSE items.
func SSEMessages(items []SSEItem) []*jsonrpc.Message {
	var out []*jsonrpc.Message
	for _, it := range items {
		if it.Comment {
			continue
		}
		if m := Decode([]byte(it.Data)); m != nil {
			out = append(out, m)
		}
	}
	return out
}

// Decode is jsonrpc.Decode for bytes that may not be a message at all: nil
// when b is empty or not a valid JSON-RPC message.
func Decode(b []byte) *jsonrpc.Message {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	m, err := jsonrpc.Decode(b)
	if err != nil {
		return nil
	}
	return m
}

// Raw encodes messages for a trace event's messages member.
func Raw(ms ...*jsonrpc.Message) []json.RawMessage {
	out := make([]json.RawMessage, len(ms))
	for i, m := range ms {
		out[i] = m.Encode()
	}
	return out
}

// Index is a trace's messages decoded once, with the engine's decoder:
// Index[i][k] is event i's k-th message (nil when those bytes are not a
// JSON-RPC message). It is the one decoding of a recorded trace that the
// trace's classes (sim/scenario) and the checker's view (sim/check) read.
type Index [][]*jsonrpc.Message

// IndexOf decodes every message of t.
func IndexOf(t *trace.Trace) Index {
	x := make(Index, len(t.Events))
	for i := range t.Events {
		x[i] = EventMessages(&t.Events[i])
	}
	return x
}

// EventMessages decodes the messages of one event (nil entries for bytes
// that are not a JSON-RPC message).
func EventMessages(e *trace.Event) []*jsonrpc.Message {
	if len(e.Messages) == 0 {
		return nil
	}
	out := make([]*jsonrpc.Message, len(e.Messages))
	for k, raw := range e.Messages {
		if m, err := jsonrpc.Decode(raw); err == nil {
			out[k] = m
		}
	}
	return out
}

// Valid is event i's messages that decode, in order.
func (x Index) Valid(i int) []*jsonrpc.Message {
	var out []*jsonrpc.Message
	for _, m := range x[i] {
		if m != nil {
			out = append(out, m)
		}
	}
	return out
}
