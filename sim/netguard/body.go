package netguard

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
)

// LimitBody reads the whole request body, at most max bytes, before calling
// next, and hands next an in-memory copy.
//
// Reading up front (instead of only wrapping r.Body) guarantees the 413
// answer whatever the inner handler does with a read error, covers chunked
// bodies without Content-Length, and means the body has hit EOF before a
// long streamed response starts, so net/http lifts the connection's read
// deadline (Server.ReadTimeout) and begins its background read that
// notices a vanished client. One JSON-RPC message per POST makes buffering
// cheap. A body exactly max bytes long passes; max+1 gets 413 with a
// JSON-RPC error. A body that stalls until the server's read deadline gets
// 408.
func LimitBody(max int64, next http.Handler) http.Handler {
	tooLarge := fmt.Sprintf("Request body too large (limit %s)", formatBytes(max))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		if r.ContentLength > max {
			w.Header().Set("Connection", "close") // don't drain a huge body
			WriteError(w, http.StatusRequestEntityTooLarge, CodeInvalidRequest, tooLarge)
			return
		}
		size := int64(bytes.MinRead)
		if r.ContentLength > 0 {
			size = r.ContentLength + 1
		}
		buf := bytes.NewBuffer(make([]byte, 0, size))
		// innermost: MaxBytesReader tells the server to close the
		// connection through a hook only the server's own writer has.
		_, err := buf.ReadFrom(http.MaxBytesReader(innermost(w), r.Body, max))
		if err != nil {
			var mbe *http.MaxBytesError
			var ne net.Error
			switch {
			case errors.As(err, &mbe):
				w.Header().Set("Connection", "close")
				WriteError(w, http.StatusRequestEntityTooLarge, CodeInvalidRequest, tooLarge)
			case errors.As(err, &ne) && ne.Timeout():
				w.Header().Set("Connection", "close")
				WriteError(w, http.StatusRequestTimeout, CodeInvalidRequest, "Request body not received in time")
			default:
				w.Header().Set("Connection", "close")
				WriteError(w, http.StatusBadRequest, CodeInvalidRequest, "Request body could not be read")
			}
			return
		}
		r2 := new(http.Request)
		*r2 = *r // handlers must not modify the request they were given
		r2.Body = io.NopCloser(bytes.NewReader(buf.Bytes()))
		r2.ContentLength = int64(buf.Len())
		r2.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(buf.Bytes())), nil }
		next.ServeHTTP(w, r2)
	})
}

func formatBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
