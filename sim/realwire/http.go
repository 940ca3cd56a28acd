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

	"mcpwirelab/sim/wire"
)

// HTTP is wire.HTTP over real connections: each Do is one real request,
// recorded by a Transport, delivered piece by piece as the response
// arrives.
type HTTP struct {
	// Header is added to every request (say an Authorization header for a
	// server that wants a token); it is on the wire, so in the record.
	Header http.Header

	client *http.Client
	t      *Transport

	mu        sync.Mutex
	exchanges int
}

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
	cp.OnSent = func(raw []byte) {
		parsed, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(raw)))
		if err != nil {
			sentErr = fmt.Errorf("realwire: the request written does not parse: %w", err)
			return
		}
		s.Deliver(wire.RequestPiece(string(raw), parsed, n))
	}
	s.SetCloser(cancel)
	resp, err := h.client.Do(req.WithContext(WithCapture(ctx, cp)))
	if sentErr != nil {
		return wire.Result{}, sentErr
	}
	if err != nil {
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
	var body bytes.Buffer
	buf := make([]byte, 32<<10)
	for {
		k, rerr := resp.Body.Read(buf)
		body.Write(buf[:k])
		deliver()
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			if s.Closed() || ctx.Err() != nil {
				return wire.Result{WireBytes: rp.Total()}, wire.ErrClosed
			}
			return wire.Result{WireBytes: rp.Total()}, rerr
		}
	}
	resp.Body = io.NopCloser(bytes.NewReader(body.Bytes()))
	return wire.Result{Response: resp, Body: body.Bytes(), WireBytes: rp.Total()}, nil
}
