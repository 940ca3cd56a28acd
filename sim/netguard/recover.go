package netguard

import (
	"net/http"
	"runtime/debug"
)

// Recover turns a panic in next into 500 with a JSON-RPC -32603 error and a
// log line with the stack, so no input can crash the server or leave a
// client hanging. If the response had already started, the status cannot
// change any more: the connection is aborted (http.ErrAbortHandler) so the
// client sees a truncated response rather than a body that looks complete.
// logf may be nil.
func Recover(logf func(format string, args ...any), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tw := NewTrackingWriter(w)
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler { //nolint:errorlint // sentinel value, not wrapped
				panic(v)
			}
			if logf != nil {
				logf("panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			}
			if tw.Started() {
				panic(http.ErrAbortHandler)
			}
			WriteError(tw, http.StatusInternalServerError, CodeInternalError, "Internal error")
		}()
		next.ServeHTTP(tw, r)
	})
}
