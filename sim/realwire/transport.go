package realwire

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptrace"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Capture is the byte record of one exchange, fed by the connection it
// runs on: OnSent gets the request once it is completely written (just
// before its last bytes reach the socket, so nothing the server answers
// can be seen before it), and the response bytes are kept, with the time
// the last of them arrived, until Take.
type Capture struct {
	OnSent func(raw []byte)

	mu     sync.Mutex
	sent   []byte
	told   bool
	recv   []byte
	at     time.Time
	closed bool
}

type captureKey struct{}

// WithCapture returns a context whose requests, sent through a Transport,
// are recorded into c.
func WithCapture(ctx context.Context, c *Capture) context.Context {
	return context.WithValue(ctx, captureKey{}, c)
}

// Take returns the response bytes received since the last Take and the
// time the last of them arrived.
func (c *Capture) Take() ([]byte, time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.recv
	c.recv = nil
	return b, c.at
}

// Sent is the request as written.
func (c *Capture) Sent() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]byte(nil), c.sent...)
}

// done detaches the capture: later bytes on its connection are not its.
func (c *Capture) done() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
}

func (c *Capture) wrote(b []byte) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.sent = append(c.sent, b...)
	tell := !c.told && requestComplete(c.sent)
	if tell {
		c.told = true
	}
	raw := c.sent
	c.mu.Unlock()
	if tell && c.OnSent != nil {
		c.OnSent(append([]byte(nil), raw...))
	}
}

func (c *Capture) read(b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.recv = append(c.recv, b...)
		c.at = time.Now()
	}
}

// requestComplete reports whether b holds a whole request: the head and
// the Content-Length bytes of body it announces (or the last chunk of a
// chunked body).
func requestComplete(b []byte) bool {
	i := bytes.Index(b, []byte("\r\n\r\n"))
	if i < 0 {
		return false
	}
	head := strings.ToLower(string(b[:i]))
	if strings.Contains(head, "\r\ntransfer-encoding: chunked") {
		return bytes.HasSuffix(b, []byte("0\r\n\r\n"))
	}
	n := 0
	if j := strings.Index(head, "\r\ncontent-length:"); j >= 0 {
		v := head[j+len("\r\ncontent-length:"):]
		if k := strings.Index(v, "\r\n"); k >= 0 {
			v = v[:k]
		}
		n, _ = strconv.Atoi(strings.TrimSpace(v))
	}
	return len(b) >= i+4+n
}

// Transport is an http.RoundTripper over real TCP that records the exact
// bytes of the requests whose context carries a Capture (WithCapture).
// It asks for no compression (so the client writes no Accept-Encoding and
// reads the bytes the server sent) and follows no proxy.
type Transport struct {
	base *http.Transport
}

// NewTransport returns a recording transport.
func NewTransport() *Transport {
	t := &Transport{}
	var d net.Dialer
	t.base = &http.Transport{
		Proxy:              nil,
		DisableCompression: true,
		IdleConnTimeout:    30 * time.Second,
		// A hostile server's head is cut at 1 MiB (net/http: 10 MB).
		MaxResponseHeaderBytes: 1 << 20,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := d.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			return &conn{Conn: c}, nil
		},
	}
	return t
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	c, _ := req.Context().Value(captureKey{}).(*Capture)
	if c != nil {
		trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) {
			if rc, ok := info.Conn.(*conn); ok {
				rc.attach(c)
			}
		}}
		req = req.WithContext(httptrace.WithClientTrace(req.Context(), trace))
	}
	return t.base.RoundTrip(req)
}

// CloseIdleConnections closes kept-alive connections.
func (t *Transport) CloseIdleConnections() { t.base.CloseIdleConnections() }

// conn is a connection that hands what crosses it to the capture of the
// exchange it serves now. net/http runs one exchange at a time on a
// connection, so the capture attached last owns every byte until the
// next exchange takes the connection.
type conn struct {
	net.Conn
	mu  sync.Mutex
	cur *Capture
}

func (c *conn) attach(x *Capture) {
	c.mu.Lock()
	c.cur = x
	c.mu.Unlock()
}

func (c *conn) capture() *Capture {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cur
}

func (c *conn) Write(b []byte) (int, error) {
	if x := c.capture(); x != nil {
		x.wrote(b)
	}
	return c.Conn.Write(b)
}

func (c *conn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		if x := c.capture(); x != nil {
			x.read(b[:n])
		}
	}
	return n, err
}
