package netguard

import (
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

// CloseUnreadBodies makes the server close a connection, instead of
// draining it, when a response starts before the request's body was read
// to its end and the rest of the body has not arrived: a 401, a 403, or a
// page that has no use for a body, sent to a client that is still sending.
//
// net/http reads up to 256 KiB of an unread body, before the response
// and again after it, so that the connection can serve the next request.
// A client that sends complete headers and then a body byte every half
// second (no token needed) held its connection, busy, until the read
// timeout (30 s), and 2,100 of them held every slot of the connection cap:
// the page itself got 503. Here the connection's read deadline moves to
// now when the response starts (or the handler returns) with the body
// unread: what the client already sent is still drained from the buffer,
// so a complete body changes nothing on the wire, but waiting for more
// fails at once, and net/http then answers with "Connection: close" and
// closes. The slot is free in milliseconds.
func CloseUnreadBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
			next.ServeHTTP(w, r)
			return
		}
		body := &eofBody{ReadCloser: r.Body}
		r2 := new(http.Request)
		*r2 = *r
		r2.Body = body
		cw := &closeUnreadWriter{ResponseWriter: w, body: body}
		next.ServeHTTP(cw, r2)
		cw.start() // a handler that wrote nothing, or only buffered its answer
	})
}

// eofBody records that its reader saw the end of the body.
type eofBody struct {
	io.ReadCloser
	eof atomic.Bool
}

func (b *eofBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.eof.Store(true)
	}
	return n, err
}

type closeUnreadWriter struct {
	http.ResponseWriter
	body    *eofBody
	started bool
}

func (w *closeUnreadWriter) start() {
	if w.started {
		return
	}
	w.started = true
	if !w.body.eof.Load() {
		_ = http.NewResponseController(w.ResponseWriter).SetReadDeadline(time.Now())
	}
}

func (w *closeUnreadWriter) WriteHeader(code int) {
	if code >= 200 {
		w.start()
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *closeUnreadWriter) Write(p []byte) (int, error) {
	w.start()
	return w.ResponseWriter.Write(p)
}

func (w *closeUnreadWriter) FlushError() error {
	w.start()
	return http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *closeUnreadWriter) Flush() { _ = w.FlushError() }

func (w *closeUnreadWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// BodyProgress bounds how slowly a request body may arrive: it must be
// complete within Grace plus its length at MinRate bytes per second, and
// never later than Max, counted from the first read of it. Each read moves
// the connection's read deadline to start + Grace + received/MinRate
// (capped at start + Max), so a body that trickles in (a byte every half
// second) is cut after about Grace instead of holding its connection until
// the server's read timeout, while a large body sent at a normal pace
// keeps going. A body cut this way fails to read with a timeout, which
// LimitBodies answers 408.
func BodyProgress(grace time.Duration, minRate int64, max time.Duration, next http.Handler) http.Handler {
	if grace <= 0 || minRate <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		r2 := new(http.Request)
		*r2 = *r
		r2.Body = &progressBody{ReadCloser: r.Body, rc: http.NewResponseController(w), grace: grace, rate: minRate, max: max}
		next.ServeHTTP(w, r2)
	})
}

type progressBody struct {
	io.ReadCloser
	rc     *http.ResponseController
	start  time.Time
	grace  time.Duration
	rate   int64
	max    time.Duration
	read   int64
	done   bool
	setErr bool // the writer cannot set deadlines: nothing to do
}

func (b *progressBody) Read(p []byte) (int, error) {
	if !b.done && !b.setErr {
		if b.start.IsZero() {
			// The clock starts at the first read: a body waiting for its
			// share of the BodyBudget is the server's doing.
			b.start = time.Now()
		}
		d := b.grace + time.Duration(float64(b.read)/float64(b.rate)*float64(time.Second))
		if b.max > 0 && d > b.max {
			d = b.max
		}
		if err := b.rc.SetReadDeadline(b.start.Add(d)); err != nil {
			b.setErr = true
		}
	}
	n, err := b.ReadCloser.Read(p)
	b.read += int64(n)
	if err != nil {
		// At EOF net/http lifts the read deadline for its background read
		// (which notices a vanished client); nothing is set after that.
		b.done = true
	}
	return n, err
}
