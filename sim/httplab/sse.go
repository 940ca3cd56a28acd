package httplab

import (
	"bytes"
	"strconv"
	"strings"
)

// SSEItem is what an SSE parser reports: a dispatched event, or a comment
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

// SSEParser decodes a text/event-stream incrementally, following the
// WHATWG "event stream interpretation": lines end in LF or CRLF (a lone CR
// is not supported here), a blank line dispatches the event, a line
// starting with ':' is a comment, "field: value" drops one leading space,
// data lines accumulate, an event with no data is not dispatched, and an
// unterminated event at the end of the stream is discarded.
type SSEParser struct {
	pending []byte // bytes of an incomplete line
	event   string
	data    []string
	hasData bool
	lastID  string
	retry   int
}

// Feed parses the next bytes of the stream (any split, even mid-line or
// mid-character) and returns the items completed by them.
func (p *SSEParser) Feed(b []byte) []SSEItem {
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

func (p *SSEParser) line(line string) (SSEItem, bool) {
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
		}
	}
	return SSEItem{}, false
}

// ParseSSE parses a whole stream at once (what a client that buffers the
// body sees, all at the end).
func ParseSSE(b []byte) []SSEItem {
	var p SSEParser
	return p.Feed(b)
}
