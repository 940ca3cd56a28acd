package wire

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// SSEItem is what the SSE reader reports: a dispatched event, or a comment
// line (": heartbeat"), which carries no event but proves the connection
// is alive.
type SSEItem struct {
	Comment bool   // a comment line; only Text is set
	Text    string // the comment's text, without the colon and one space
	Event   string // event type ("message" when the event had no event: line)
	Data    string // data lines joined with "\n"
	ID      string // the last event ID so far (id: lines persist)
	Retry   int    // reconnection time in ms from a retry: line, 0 if none
}

// SSEReader decodes a text/event-stream incrementally, following the
// WHATWG HTML standard's "event stream interpretation": lines end in LF or
// CRLF (a lone CR is not supported here), a blank line dispatches the
// event, a line starting with ':' is a comment, "field: value" drops one
// leading space, data lines accumulate, an event with no data line is not
// dispatched (but its id: still sets the last event ID), and an
// unterminated event at the end of the stream is discarded.
//
// It is the lab's only SSE reader: the MCP client reads Streamable HTTP
// responses with it (2025-11-25 and 2026-07-28 transports §Sending
// Messages: the server "MAY" answer with an SSE stream), the HTTP lesson
// shows a streaming and a buffered reader built on it, and the graders read
// their probes' answers with it. The zero value is ready to use.
type SSEReader struct {
	pending []byte // bytes of an incomplete line
	event   string
	data    []string
	hasData bool
	lastID  string
	retry   int
	// reconnect is the stream's reconnection time in ms, set by the last
	// retry: line (retried says one came): unlike an event's fields it
	// persists for the rest of the stream.
	reconnect int
	retried   bool
}

// Feed parses the next bytes of the stream (any split, even mid-line or
// mid-character) and returns the items completed by them.
func (p *SSEReader) Feed(b []byte) []SSEItem {
	p.pending = append(p.pending, b...)
	var out []SSEItem
	for {
		i := bytes.IndexByte(p.pending, '\n')
		if i < 0 {
			return out
		}
		line := strings.TrimSuffix(string(p.pending[:i]), "\r")
		p.pending = p.pending[i+1:]
		if it, ok := p.line(line); ok {
			out = append(out, it)
		}
	}
}

// LastEventID is the last event ID the stream set so far ("" if none):
// what a client sends as Last-Event-ID to resume (2025-11-25 transports
// §Resumability and Redelivery).
func (p *SSEReader) LastEventID() string { return p.lastID }

// ReconnectionTime is the stream's reconnection time in milliseconds as
// the last retry: line set it, and whether one did. WHATWG HTML §9.2.6: a
// retry field of ASCII digits sets "the event stream's reconnection time
// to that integer"; it belongs to the stream, not to one event, so it
// outlives the event it came with (the priming event of a 2025-11-25
// stream). 2025-11-25 transports §Sending Messages 6: "The client MUST
// respect the retry field, waiting the given number of milliseconds
// before attempting to reconnect."
func (p *SSEReader) ReconnectionTime() (ms int, ok bool) { return p.reconnect, p.retried }

func (p *SSEReader) line(line string) (SSEItem, bool) {
	if line == "" {
		if !p.hasData {
			p.event = ""
			return SSEItem{}, false
		}
		it := SSEItem{Event: p.event, Data: strings.Join(p.data, "\n"), ID: p.lastID, Retry: p.retry}
		if it.Event == "" {
			it.Event = "message"
		}
		p.event, p.data, p.hasData, p.retry = "", nil, false, 0
		return it, true
	}
	if line[0] == ':' {
		return SSEItem{Comment: true, Text: strings.TrimPrefix(line[1:], " ")}, true
	}
	field, value, _ := strings.Cut(line, ":")
	value = strings.TrimPrefix(value, " ")
	switch field {
	case "event":
		p.event = value
	case "data":
		p.data = append(p.data, value)
		p.hasData = true
	case "id":
		if !strings.ContainsRune(value, 0) {
			p.lastID = value
		}
	case "retry":
		if n, err := strconv.Atoi(value); err == nil && n >= 0 && strings.Trim(value, "0123456789") == "" {
			p.retry = n
			p.reconnect, p.retried = n, true
		}
	}
	return SSEItem{}, false
}

// ParseSSE parses a whole stream at once (what a client that buffers the
// body sees, all at the end).
func ParseSSE(b []byte) []SSEItem {
	var p SSEReader
	return p.Feed(b)
}

// retryOf is a stream's reconnection time as a duration (0 when none was
// set).
func retryOf(p *SSEReader) time.Duration {
	ms, _ := p.ReconnectionTime()
	return time.Duration(ms) * time.Millisecond
}
