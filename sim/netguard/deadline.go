package netguard

import (
	"net/http"
	"time"
)

// PerWriteTimeout bounds every write to the client by d instead of the
// whole response.
//
// http.Server.WriteTimeout is a single deadline set when the request has
// been read: a legitimately slow streamed tool response (SSE progress for
// minutes, or a 2026-07-28 subscriptions/listen stream) would be cut in the
// middle of an event once it expires. Here each Write and Flush first moves
// the connection's write deadline to now+d through http.ResponseController,
// so a response may take as long as it needs as long as each chunk reaches
// the client in time; a client that stops reading (a full TCP window) is
// dropped after d. The deadline is renewed once more when the handler
// returns, so the server's final flush of a response that was computed
// slowly does not hit a deadline that expired while it was idle.
func PerWriteTimeout(d time.Duration, next http.Handler) http.Handler {
	if d <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dw := &deadlineWriter{ResponseWriter: w, rc: http.NewResponseController(w), d: d}
		dw.extend()
		defer dw.extend()
		next.ServeHTTP(dw, r)
	})
}

type deadlineWriter struct {
	http.ResponseWriter
	rc *http.ResponseController
	d  time.Duration
}

func (w *deadlineWriter) extend() { _ = w.rc.SetWriteDeadline(time.Now().Add(w.d)) }

func (w *deadlineWriter) Write(p []byte) (int, error) {
	w.extend()
	return w.ResponseWriter.Write(p)
}

func (w *deadlineWriter) FlushError() error {
	w.extend()
	return w.rc.Flush()
}

func (w *deadlineWriter) Flush() { _ = w.FlushError() }

func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
