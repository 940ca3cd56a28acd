package wire

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"

	"mcpwirelab/sim/trace"
)

// Recorder is the server end of one virtual HTTP connection: an
// http.ResponseWriter and http.Flusher that turns what a handler writes
// into HTTP/1.1 response text, byte for byte as net/http's server puts it
// on a socket for an HTTP/1.1 keep-alive request, and hands it on one Piece
// per flush.
//
// A response that is never flushed is sent whole when Finish is called,
// with a Content-Length net/http computes when the handler set none; the
// first Flush commits the head and switches to the chunked transfer
// coding, as net/http does for a streamed response of unknown length, and
// each later Flush is one chunk (one Piece). The head is the status line,
// the handler's headers sorted by name, then the ones the server adds, in
// net/http's order: Date, Content-Length, a sniffed Content-Type,
// Transfer-Encoding (net/http server.go, chunkWriter.writeHeader). One
// thing is not copied: net/http also switches to chunked when a handler
// writes more than 2 KiB without a Content-Length before its first flush;
// the lab's handlers set Content-Length on larger bodies. Close is the
// client leaving: later writes fail and nothing more is sent.
type Recorder struct {
	// Date gives the Date header's value (the virtual clock's wall time).
	Date func() string
	// OnPiece receives each piece as it is put on the wire.
	OnPiece func(*Piece)
	// Exchange and Replica are stamped on every piece (trace.HTTPInfo,
	// trace.Event.Replica).
	Exchange, Replica int

	hdr         http.Header
	status      int
	wroteHeader bool
	streamed    bool
	closed      bool
	body        bytes.Buffer // written, not yet put on the wire
	wire        bytes.Buffer // everything put on the wire
	sse         SSEReader    // reads the chunks of a streamed response
}

// Header implements http.ResponseWriter.
func (w *Recorder) Header() http.Header {
	if w.hdr == nil {
		w.hdr = http.Header{}
	}
	return w.hdr
}

// WriteHeader implements http.ResponseWriter; only the first call counts.
func (w *Recorder) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	w.Header()
	w.wroteHeader = true
	w.status = code
}

// Write implements http.ResponseWriter.
func (w *Recorder) Write(b []byte) (int, error) {
	if w.closed {
		return 0, io.ErrClosedPipe
	}
	w.WriteHeader(http.StatusOK)
	if !bodyAllowed(w.status) {
		return 0, http.ErrBodyNotAllowed
	}
	return w.body.Write(b)
}

// bodyAllowed reports whether a status may carry a body (RFC 9110 §15:
// 1xx, 204 and 304 never do), as net/http checks.
func bodyAllowed(status int) bool {
	return !(status >= 100 && status <= 199) && status != http.StatusNoContent && status != http.StatusNotModified
}

// Close is the client closing the connection: later writes fail with
// io.ErrClosedPipe and nothing more is put on the wire.
func (w *Recorder) Close() { w.closed = true }

// Closed reports whether the client closed the connection.
func (w *Recorder) Closed() bool { return w.closed }

// Status is the response's status (0 before the head was written).
func (w *Recorder) Status() int { return w.status }

// Flush implements http.Flusher: what was written so far goes on the wire
// as a chunk (the first time, after the head).
func (w *Recorder) Flush() {
	if w.closed {
		return
	}
	w.WriteHeader(http.StatusOK)
	var out strings.Builder
	first := !w.streamed
	chunk := append([]byte(nil), w.body.Bytes()...)
	if first {
		w.streamed = true
		out.WriteString(w.head(chunk, false))
	}
	if len(chunk) > 0 {
		fmt.Fprintf(&out, "%x\r\n%s\r\n", len(chunk), chunk)
	}
	w.body.Reset()
	w.emit(out.String(), chunk, !first)
}

// Finish completes the response after the handler returned (the last
// chunk and the end of a streamed response, or the whole unstreamed one)
// and returns every byte put on the wire.
func (w *Recorder) Finish() string {
	if w.closed {
		return w.wire.String()
	}
	w.WriteHeader(http.StatusOK)
	if w.streamed {
		var out strings.Builder
		rest := append([]byte(nil), w.body.Bytes()...)
		if len(rest) > 0 {
			fmt.Fprintf(&out, "%x\r\n%s\r\n", len(rest), rest)
		}
		out.WriteString("0\r\n\r\n")
		w.emit(out.String(), rest, true)
		return w.wire.String()
	}
	body := w.body.Bytes()
	w.emit(w.head(body, true)+string(body), body, false)
	return w.wire.String()
}

// head is the status line and the headers as net/http's server writes
// them; p is the first body bytes, done says the handler has returned.
// The framing headers it decides on (Content-Length, Transfer-Encoding)
// are also set on the handler's header map, which the pieces report.
func (w *Recorder) head(p []byte, done bool) string {
	var b strings.Builder
	text := http.StatusText(w.status)
	if text == "" {
		text = fmt.Sprintf("status code %d", w.status)
	}
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", w.status, text)
	var extra []string // "Name: value", in net/http's order
	if _, ok := w.hdr["Date"]; !ok && w.Date != nil {
		extra = append(extra, "Date: "+w.Date())
	}
	_, hasCL := w.hdr["Content-Length"]
	allowed := bodyAllowed(w.status)
	switch {
	case !allowed:
		// 1xx, 204, 304 carry no body and no framing headers.
		w.hdr.Del("Content-Length")
		w.hdr.Del("Transfer-Encoding")
	case done && !hasCL:
		w.hdr.Set("Content-Length", fmt.Sprint(len(p)))
		extra = append(extra, "Content-Length: "+fmt.Sprint(len(p)))
	}
	if _, ok := w.hdr["Content-Type"]; !ok && allowed && len(p) > 0 {
		ct := http.DetectContentType(p)
		w.hdr.Set("Content-Type", ct)
		extra = append(extra, "Content-Type: "+ct)
	}
	if allowed && !done && !hasCL {
		w.hdr.Set("Transfer-Encoding", "chunked")
		extra = append(extra, "Transfer-Encoding: chunked")
	}
	skip := map[string]bool{}
	for _, e := range extra {
		name, _, _ := strings.Cut(e, ":")
		skip[name] = true
	}
	keys := make([]string, 0, len(w.hdr))
	for k := range w.hdr {
		if !skip[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, v := range w.hdr[k] {
			fmt.Fprintf(&b, "%s: %s\r\n", k, v)
		}
	}
	for _, e := range extra {
		b.WriteString(e + "\r\n")
	}
	b.WriteString("\r\n")
	return b.String()
}

func (w *Recorder) emit(raw string, body []byte, chunk bool) {
	w.wire.WriteString(raw)
	var p *Piece
	if w.streamed {
		p = newPiece(trace.Event{}, SSEMessages(w.sse.Feed(body)))
	} else {
		p = newPiece(trace.Event{}, Messages(w.hdr.Get("Content-Type"), body))
	}
	p.Event.From, p.Event.To, p.Event.Channel, p.Event.Kind = trace.Server, trace.Client, trace.HTTPResponse, trace.KindMessage
	p.Event.Raw = raw
	p.Event.Replica = w.Replica
	p.Event.HTTP = &trace.HTTPInfo{Status: w.status, Headers: HeaderMap(w.hdr), Chunk: chunk, Exchange: w.Exchange}
	p.Body = body
	p.EventID = w.sse.LastEventID()
	p.Retry = retryOf(&w.sse)
	if w.OnPiece != nil {
		w.OnPiece(p)
	}
}

// LastEventID is the last SSE event ID the response carried so far.
func (w *Recorder) LastEventID() string { return w.sse.LastEventID() }
