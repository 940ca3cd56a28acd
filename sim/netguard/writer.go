package netguard

import (
	"net/http"
)

// TrackingWriter records whether the response has started and its status,
// for recovery and access logs. It keeps http.ResponseController working
// (Unwrap) and still satisfies http.Flusher for handlers that assert it.
type TrackingWriter struct {
	http.ResponseWriter
	status  int
	started bool
	bytes   int64
}

// NewTrackingWriter wraps w. If w already is a *TrackingWriter it is returned.
func NewTrackingWriter(w http.ResponseWriter) *TrackingWriter {
	if tw, ok := w.(*TrackingWriter); ok {
		return tw
	}
	return &TrackingWriter{ResponseWriter: w}
}

// WriteHeader records the final status (1xx informational codes are not final).
func (t *TrackingWriter) WriteHeader(code int) {
	if !t.started && (code >= 200 || code == http.StatusSwitchingProtocols) {
		t.started = true
		t.status = code
	}
	t.ResponseWriter.WriteHeader(code)
}

func (t *TrackingWriter) Write(p []byte) (int, error) {
	if !t.started {
		t.started = true
		t.status = http.StatusOK
	}
	n, err := t.ResponseWriter.Write(p)
	t.bytes += int64(n)
	return n, err
}

// FlushError flushes through http.ResponseController (used by it first).
func (t *TrackingWriter) FlushError() error {
	if !t.started {
		t.started = true
		t.status = http.StatusOK
	}
	return http.NewResponseController(t.ResponseWriter).Flush()
}

// Flush implements http.Flusher.
func (t *TrackingWriter) Flush() { _ = t.FlushError() }

// Unwrap lets http.ResponseController reach the connection.
func (t *TrackingWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// Started reports whether the status line has been committed.
func (t *TrackingWriter) Started() bool { return t.started }

// Status is the committed status, 0 when nothing was written yet.
func (t *TrackingWriter) Status() int { return t.status }

// Bytes is the number of body bytes written.
func (t *TrackingWriter) Bytes() int64 { return t.bytes }

// innermost unwraps w down to the server's own ResponseWriter, so that
// helpers such as http.MaxBytesReader can reach its unexported hooks.
func innermost(w http.ResponseWriter) http.ResponseWriter {
	for i := 0; i < 32; i++ {
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	return w
}
