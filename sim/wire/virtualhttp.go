package wire

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"

	"mcpwirelab/sim/trace"
)

// VirtualHTTP is an HTTP network with nothing in it but text: each request
// is written as HTTP/1.1 with net/http (Request.Write), read back with
// http.ReadRequest as a server would, served by the real http.Handler into
// a Recorder, and the response text is read with http.ReadResponse. A
// wrong header or a Content-Length that lies therefore behaves exactly as
// on a socket. Everything runs on the caller's goroutine.
type VirtualHTTP struct {
	// Route picks the handler serving a request and its replica number
	// (1-based behind a load balancer, 0 for a single server).
	Route func(*http.Request) (http.Handler, int)
	// Date gives the responses' Date header value.
	Date func() string
	// RemoteAddr is the client's address as the server sees it.
	RemoteAddr string
	// Rewrite, if set, edits the request text on its way to the server (a
	// client bug net/http would refuse to write, such as a Content-Length
	// that is not the body's length).
	Rewrite func(raw string) string
	// Stall is called each time the server reads past the last byte the
	// client sent (it wants the rest of a body Content-Length promised):
	// it waits, on the virtual clock, until ctx ends (the client gives up)
	// and returns the read's error. Nil returns io.ErrUnexpectedEOF at once.
	Stall func(ctx context.Context, sent int, declared int64) error

	exchanges int // requests sent so far (trace.HTTPInfo.Exchange)
}

// Handler routes every request to one handler (no load balancer).
func Handler(h http.Handler) func(*http.Request) (http.Handler, int) {
	return func(*http.Request) (http.Handler, int) { return h, 0 }
}

// Do implements HTTP.
func (v *VirtualHTTP) Do(ctx context.Context, req *http.Request, s *Stream) (Result, error) {
	var buf bytes.Buffer
	if err := req.Write(&buf); err != nil {
		return Result{}, fmt.Errorf("wire: cannot write the request: %w", err)
	}
	raw := buf.String()
	if v.Rewrite != nil {
		raw = v.Rewrite(raw)
	}
	return v.DoRaw(ctx, raw, s)
}

// DoRaw is Do for request text as it is (a learner's, say).
func (v *VirtualHTTP) DoRaw(ctx context.Context, raw string, s *Stream) (Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The server reads from the connection: first the bytes the client
	// sent, then nothing until the client closes (a server that wants more
	// body than arrived waits, as on a real socket).
	stall := &stallReader{ctx: ctx, stall: v.Stall}
	br := bufio.NewReader(io.MultiReader(strings.NewReader(raw), stall))
	parsed, err := http.ReadRequest(br)
	if err != nil {
		return Result{}, fmt.Errorf("wire: the request does not parse: %w", err)
	}
	head, _, _ := strings.Cut(raw, "\r\n\r\n")
	stall.sent, stall.declared = len(raw)-len(head)-4, parsed.ContentLength
	handler, replica := v.Route(parsed)
	v.exchanges++
	p := RequestPiece(raw, parsed, v.exchanges)
	p.Event.Replica = replica
	s.Deliver(p)

	parsed = parsed.WithContext(ctx)
	parsed.RemoteAddr = v.RemoteAddr
	rec := &Recorder{Date: v.Date, Exchange: v.exchanges, Replica: replica, OnPiece: s.Deliver}
	s.SetCloser(func() {
		rec.Close()
		cancel()
	})
	if !s.Closed() {
		handler.ServeHTTP(rec, parsed)
	}
	full := rec.Finish()
	res := Result{WireBytes: len(full)}
	if n := br.Buffered(); n > 0 && !rec.Closed() {
		left, _ := br.Peek(n)
		res.Leftover = append([]byte(nil), left...)
	}
	if rec.Closed() {
		return res, ErrClosed
	}
	resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(full)), parsed)
	if err != nil {
		return res, fmt.Errorf("wire: the server wrote an unparsable response: %w", err)
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return res, fmt.Errorf("wire: the response body does not read: %w", err)
	}
	resp.Body = io.NopCloser(bytes.NewReader(b))
	res.Response, res.Body = resp, b
	return res, nil
}

// RequestPiece is the piece of a request's bytes, described as the server
// parsed them (parsed: http.ReadRequest of raw): method, target, every
// header (Host included) and the JSON-RPC message of the body.
func RequestPiece(raw string, parsed *http.Request, exchange int) *Piece {
	_, body, _ := strings.Cut(raw, "\r\n\r\n")
	hdr := HeaderMap(parsed.Header)
	hdr["Host"] = []string{parsed.Host}
	p := newPiece(trace.Event{From: trace.Client, To: trace.Server, Channel: trace.HTTPRequest, Kind: trace.KindMessage,
		Raw: raw, HTTP: &trace.HTTPInfo{Method: parsed.Method, Path: parsed.URL.RequestURI(), Headers: hdr, Exchange: exchange}},
		Messages(parsed.Header.Get("Content-Type"), []byte(body)))
	p.Body = []byte(body)
	return p
}

// stallReader is the connection after the request's last byte.
type stallReader struct {
	ctx      context.Context
	stall    func(ctx context.Context, sent int, declared int64) error
	sent     int   // body bytes the client sent
	declared int64 // Content-Length the client announced
}

func (s *stallReader) Read([]byte) (int, error) {
	if s.stall == nil {
		return 0, io.ErrUnexpectedEOF
	}
	if err := s.stall(s.ctx, s.sent, s.declared); err != nil {
		return 0, err
	}
	return 0, io.EOF
}
