package wire

import (
	"context"
	"errors"
	"net/http"
)

// HTTP is what an MCP or plain-HTTP client needs from an HTTP/1.1 network:
// send one request and watch its response arrive. VirtualHTTP serves it
// from an in-process http.Handler; sim/realwire from a real socket.
type HTTP interface {
	// Do sends req and streams the exchange to s on the calling goroutine,
	// in order: the request as written, the response head (with whatever
	// body bytes came with it), each later piece as it arrives. It returns
	// when the response is complete, with Result.Response set, or when
	// the connection closed first (s.Close, ctx, or the network), with
	// ErrClosed.
	Do(ctx context.Context, req *http.Request, s *Stream) (Result, error)
}

// ErrClosed reports a connection closed before the response was complete.
var ErrClosed = errors.New("wire: the connection closed before the response was complete")

// Result is a finished exchange.
type Result struct {
	// Response was parsed from the bytes received with http.ReadResponse;
	// its Body has been read into Body. Nil when the connection closed
	// before the response was complete.
	Response *http.Response
	Body     []byte
	// WireBytes counts the response bytes received (head and body).
	WireBytes int
	// Leftover are request bytes the server never read (a Content-Length
	// shorter than the body): on a kept-alive connection they would be
	// read as the start of the next request. Virtual wires only.
	Leftover []byte
}

// Stream is one exchange in flight, shared by the client, the wire and
// any fault wrapped around the wire.
type Stream struct {
	// OnPiece sees every piece of the exchange as it crosses the wire.
	// A fault wrapper may replace it with a function that calls the
	// previous one.
	OnPiece func(*Piece)

	closer func()
	closed bool
}

// SetCloser is called by a wire when the connection exists: close is how
// Close reaches it.
func (s *Stream) SetCloser(close func()) {
	s.closer = close
	if s.closed && close != nil {
		close()
	}
}

// Close closes the connection (the client giving up, or the network
// breaking): nothing more is delivered and the server sees the
// disconnect.
func (s *Stream) Close() {
	if s.closed {
		return
	}
	s.closed = true
	if s.closer != nil {
		s.closer()
	}
}

// Closed reports whether Close was called.
func (s *Stream) Closed() bool { return s.closed }

// Deliver hands a piece to OnPiece (wires call it; nothing is delivered
// after Close).
func (s *Stream) Deliver(p *Piece) {
	if s.OnPiece != nil && !s.closed {
		s.OnPiece(p)
	}
}
