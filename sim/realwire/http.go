package realwire

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/wire"
)

// HTTP is wire.HTTP over real connections: each Do is one real request,
// recorded by a Transport, delivered piece by piece as the response
// arrives.
type HTTP struct {
	// Header is added to every request (say an Authorization header for a
	// server that wants a token); it is on the wire, so in the record
	// (sim/check redacts it there).
	Header http.Header
	// MaxBody bounds the body bytes read of one response (DefaultMaxBody
	// when zero): past it the client stops reading, closes the
	// connection, and Do returns a *LimitError. A server under check is
	// hostile by definition: a 1 GB body or an endless stream is cut.
	MaxBody int64
	// Timeout bounds a POST that carries no request (a notification, or
	// the client's response to a request of the server), head and body:
	// the server owes it only 202 Accepted (2025-11-25 and 2026-07-28
	// streamable-http §Sending Messages), so one that never answers it
	// cannot hold the client. Zero: no bound but the context's.
	Timeout time.Duration

	client *http.Client
	t      *Transport

	mu        sync.Mutex
	exchanges int
}

// DefaultMaxBody is HTTP.MaxBody when it is zero.
const DefaultMaxBody = 8 << 20

// LimitError is an exchange the client cut at one of its bounds; Limit
// says which, for the report.
type LimitError struct{ msg string }

func (e *LimitError) Error() string { return e.msg }

// Limit is the sentence that says what was cut and why.
func (e *LimitError) Limit() string { return e.msg }

// NewHTTP returns a real HTTP wire. It follows no redirects: an MCP
// client reports them.
func NewHTTP() *HTTP {
	t := NewTransport()
	return &HTTP{t: t, client: &http.Client{Transport: t, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

// CloseIdleConnections closes kept-alive connections.
func (h *HTTP) CloseIdleConnections() { h.t.CloseIdleConnections() }

// Do implements wire.HTTP.
func (h *HTTP) Do(ctx context.Context, req *http.Request, s *wire.Stream) (wire.Result, error) {
	h.mu.Lock()
	h.exchanges++
	n := h.exchanges
	h.mu.Unlock()
	for k, v := range h.Header {
		req.Header[k] = append([]string(nil), v...)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cp := &Capture{}
	defer cp.done()
	var sentErr error
	var tmu sync.Mutex
	var timer *time.Timer
	var unanswered atomic.Bool
	defer func() {
		tmu.Lock()
		if timer != nil {
			timer.Stop()
		}
		tmu.Unlock()
	}()
	cp.OnSent = func(raw []byte) {
		parsed, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(raw)))
		if err != nil {
			sentErr = fmt.Errorf("realwire: the request written does not parse: %w", err)
			return
		}
		pc := wire.RequestPiece(string(raw), parsed, n)
		if h.Timeout > 0 && parsed.Method == http.MethodPost && !carriesRequest(pc.Msgs) {
			tmu.Lock()
			timer = time.AfterFunc(h.Timeout, func() { unanswered.Store(true); cancel() })
			tmu.Unlock()
		}
		s.Deliver(pc)
	}
	s.SetCloser(cancel)
	unansweredErr := func() error {
		return &LimitError{fmt.Sprintf("realwire: no answer to a POST that carries no request in %s (the server owes it 202 Accepted): the client closed the connection", h.Timeout)}
	}
	resp, err := h.client.Do(req.WithContext(WithCapture(ctx, cp)))
	if sentErr != nil {
		return wire.Result{}, sentErr
	}
	if err != nil {
		if unanswered.Load() {
			return wire.Result{}, unansweredErr()
		}
		if s.Closed() {
			return wire.Result{}, wire.ErrClosed
		}
		return wire.Result{}, err
	}
	defer resp.Body.Close()
	rp := wire.ResponseParser{Exchange: n}
	deliver := func() {
		raw, at := cp.Take()
		if len(raw) == 0 {
			return
		}
		if p := rp.Feed(raw); p != nil {
			p.At = at
			s.Deliver(p)
		}
	}
	deliver() // the head, and what arrived with it
	maxBody := h.MaxBody
	if maxBody <= 0 {
		maxBody = DefaultMaxBody
	}
	var body bytes.Buffer
	buf := make([]byte, 32<<10)
	for {
		k, rerr := resp.Body.Read(buf)
		if int64(body.Len()+k) > maxBody {
			body.Write(buf[:maxBody-int64(body.Len())])
			deliver()
			cancel() // the connection closes: the server sees the client leave
			return wire.Result{WireBytes: rp.Total()}, &LimitError{fmt.Sprintf(
				"realwire: the response body passed %s: the client read no more of it and closed the connection", size(maxBody))}
		}
		body.Write(buf[:k])
		deliver()
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			if unanswered.Load() {
				return wire.Result{WireBytes: rp.Total()}, unansweredErr()
			}
			if s.Closed() || ctx.Err() != nil {
				return wire.Result{WireBytes: rp.Total()}, wire.ErrClosed
			}
			return wire.Result{WireBytes: rp.Total()}, rerr
		}
	}
	resp.Body = io.NopCloser(bytes.NewReader(body.Bytes()))
	return wire.Result{Response: resp, Body: body.Bytes(), WireBytes: rp.Total()}, nil
}

// carriesRequest reports whether msgs hold a JSON-RPC request (what a
// server answers with a response, not just 202).
func carriesRequest(msgs []*jsonrpc.Message) bool {
	for _, m := range msgs {
		if m.Kind() == jsonrpc.KindRequest {
			return true
		}
	}
	return false
}

// size writes a byte count in MiB or KiB.
func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
