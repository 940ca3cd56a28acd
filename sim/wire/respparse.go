package wire

import (
	"bufio"
	"bytes"
	"net/textproto"
	"strconv"
	"strings"

	"mcpwirelab/sim/trace"
)

// ResponseParser cuts the bytes of one HTTP/1.1 response, fed as they
// arrive from a socket, into Pieces: the head with whatever body came with
// it, then one piece per later arrival. It de-chunks the chunked transfer
// coding and reads the body's JSON-RPC messages (SSE events one by one, a
// JSON body once complete), so a real exchange is recorded like a virtual
// one. The Recorder writes what this reads.
type ResponseParser struct {
	Exchange int // stamped on every piece (trace.HTTPInfo.Exchange)

	pending []byte // bytes not yet part of a piece (an incomplete head)
	headed  bool
	status  int
	headers map[string][]string
	chunked bool
	length  int64 // Content-Length still to read (-1: unknown)
	isSSE   bool
	ct      string
	body    bytes.Buffer // a JSON body, until complete
	sse     SSEReader
	chunk   chunkState
	done    bool
	total   int
}

// Done reports whether the response is complete.
func (p *ResponseParser) Done() bool { return p.done }

// Total counts the bytes fed.
func (p *ResponseParser) Total() int { return p.total }

// Feed takes the next bytes received and returns their piece, or nil while
// the head is incomplete (the bytes are kept for the next piece).
func (p *ResponseParser) Feed(b []byte) *Piece {
	p.total += len(b)
	p.pending = append(p.pending, b...)
	first := !p.headed
	var bodyBytes []byte
	if first {
		i := bytes.Index(p.pending, []byte("\r\n\r\n"))
		if i < 0 {
			return nil
		}
		p.parseHead(p.pending[:i+4])
		bodyBytes = p.pending[i+4:]
	} else {
		bodyBytes = p.pending
	}
	raw := string(p.pending)
	p.pending = nil
	data := p.bodyData(bodyBytes)
	pc := &Piece{Event: trace.Event{From: trace.Server, To: trace.Client, Channel: trace.HTTPResponse, Kind: trace.KindMessage, Raw: raw,
		HTTP: &trace.HTTPInfo{Status: p.status, Headers: p.headers, Chunk: !first, Exchange: p.Exchange}}, Body: data}
	if p.isSSE {
		pc.Msgs = SSEMessages(p.sse.Feed(data))
		pc.EventID = p.sse.LastEventID()
		pc.Retry = retryOf(&p.sse)
	} else {
		p.body.Write(data)
		if p.done {
			pc.Msgs = Messages(p.ct, p.body.Bytes())
		}
	}
	pc.Event.Messages = Raw(pc.Msgs...)
	return pc
}

func (p *ResponseParser) parseHead(head []byte) {
	tp := textproto.NewReader(bufio.NewReader(bytes.NewReader(head)))
	line, _ := tp.ReadLine()
	if f := strings.Fields(line); len(f) >= 2 {
		p.status, _ = strconv.Atoi(f[1])
	}
	h, _ := tp.ReadMIMEHeader()
	p.headers = map[string][]string(h)
	p.headed = true
	p.ct = textproto.MIMEHeader(h).Get("Content-Type")
	p.isSSE = IsEventStream(p.ct)
	p.chunked = strings.EqualFold(textproto.MIMEHeader(h).Get("Transfer-Encoding"), "chunked")
	p.length = -1
	if v := textproto.MIMEHeader(h).Get("Content-Length"); v != "" && !p.chunked {
		p.length, _ = strconv.ParseInt(v, 10, 64)
	}
	if !bodyAllowed(p.status) || p.length == 0 {
		p.done = true
	}
}

// bodyData is the body bytes inside b (de-chunked).
func (p *ResponseParser) bodyData(b []byte) []byte {
	switch {
	case p.done:
		return nil
	case p.chunked:
		out, end := p.chunk.feed(b)
		p.done = end
		return out
	case p.length >= 0:
		if int64(len(b)) >= p.length {
			b = b[:p.length]
			p.done = true
		}
		p.length -= int64(len(b))
		return b
	}
	return b // until the connection closes
}

// chunkState de-chunks the chunked transfer coding (RFC 9112 §7.1)
// incrementally. Chunk extensions and trailers are skipped.
type chunkState struct {
	line []byte // a size line (or the CRLF after data) being read
	left int64  // data bytes still to read in the current chunk
	crlf bool   // the CRLF after a chunk's data is due
	last bool   // the zero-size chunk was read: trailers until a blank line
}

func (c *chunkState) feed(b []byte) (data []byte, end bool) {
	for len(b) > 0 {
		switch {
		case c.left > 0:
			n := min(int64(len(b)), c.left)
			data = append(data, b[:n]...)
			b, c.left = b[n:], c.left-n
			if c.left == 0 {
				c.crlf = true
			}
		default:
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				c.line = append(c.line, b...)
				return data, false
			}
			line := strings.TrimRight(string(append(c.line, b[:i]...)), "\r")
			b, c.line = b[i+1:], nil
			switch {
			case c.crlf:
				c.crlf = false
			case c.last:
				if line == "" {
					return data, true
				}
			default:
				size, _, _ := strings.Cut(line, ";")
				n, err := strconv.ParseInt(strings.TrimSpace(size), 16, 64)
				if err != nil {
					return data, true // not chunked after all: stop reading it
				}
				if n == 0 {
					c.last = true
				}
				c.left = n
			}
		}
	}
	return data, false
}
