package netguard

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// LimitBodies reads the whole request body, at most max bytes, before
// calling next, and hands next an in-memory copy.
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
//
// The bytes of all bodies being handled at once are bounded by budget
// (nil: unbounded). Decoding a JSON body costs a multiple of its size
// while it is handled, so 32 large requests in parallel held gigabytes:
// with a budget, a body first reserves its size (its Content-Length, or
// the cap for a chunked body that outgrows bufferFree), waiting its turn,
// and gives it back when the handler starts answering or returns. A body
// that cannot get its share in time gets 503 with Retry-After.
func LimitBodies(max int64, budget *BodyBudget, next http.Handler) http.Handler {
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
		var held atomic.Int64 // the share reserved from budget
		release := func() {
			if n := held.Swap(0); n > 0 {
				budget.release(n)
			}
		}
		defer release()
		reserve := func(n int64) bool {
			if budget == nil || n <= bufferFree {
				return true
			}
			n = budget.share(n)
			if !budget.acquire(r.Context(), n) {
				w.Header().Set("Retry-After", "1")
				w.Header().Set("Connection", "close")
				WriteError(w, http.StatusServiceUnavailable, CodeInternalError, fmt.Sprintf(
					"Service Unavailable: the server is already handling %s of request bodies; retry later", formatBytes(budget.max)))
				return false
			}
			held.Store(n)
			return true
		}
		size := int64(bufferFree)
		if r.ContentLength >= 0 {
			size = r.ContentLength
			if !reserve(size) {
				return
			}
		}
		// +MinRead: bytes.Buffer.ReadFrom grows (doubles) the buffer when
		// less than that is free, even at EOF.
		buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
		// innermost: MaxBytesReader tells the server to close the
		// connection through a hook only the server's own writer has.
		body := http.MaxBytesReader(innermost(w), r.Body, max)
		_, err := buf.ReadFrom(io.LimitReader(body, size+1))
		if err == nil && r.ContentLength < 0 && int64(buf.Len()) > size {
			// A chunked body larger than bufferFree: reserve the cap, read
			// the rest, then keep only what it needs.
			if !reserve(max) {
				return
			}
			_, err = buf.ReadFrom(body)
			if keep := budget.share(int64(buf.Len())); err == nil && held.Load() > keep {
				budget.release(held.Swap(keep) - keep)
			}
		} else if err == nil {
			_, err = buf.ReadFrom(body) // EOF, or more than announced
		}
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
		r2.Body = &bufferedBody{Reader: bytes.NewReader(buf.Bytes()), b: buf.Bytes()}
		r2.ContentLength = int64(buf.Len())
		r2.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(buf.Bytes())), nil }
		if held.Load() > 0 {
			// The body's share goes back once the answer starts: a stream
			// (subscriptions/listen) may stay open for hours.
			w = &releaseOnWrite{ResponseWriter: w, release: release}
		}
		next.ServeHTTP(w, r2)
	})
}

// bufferFree is the body size read without reserving from a BodyBudget:
// a learner's JSON-RPC message is well below it.
const bufferFree = 64 << 10

// bufferedBody is the in-memory body LimitBodies hands on. Bytes lets a
// handler that wants the whole body take it without another copy.
type bufferedBody struct {
	*bytes.Reader
	b []byte
}

func (*bufferedBody) Close() error { return nil }

// Bytes returns the whole body; the caller must not modify it.
func (b *bufferedBody) Bytes() []byte { return b.b }

// releaseOnWrite calls release before the response's first byte.
type releaseOnWrite struct {
	http.ResponseWriter
	release func()
}

func (w *releaseOnWrite) WriteHeader(code int) { w.release(); w.ResponseWriter.WriteHeader(code) }
func (w *releaseOnWrite) Write(p []byte) (int, error) {
	w.release()
	return w.ResponseWriter.Write(p)
}
func (w *releaseOnWrite) FlushError() error {
	w.release()
	return http.NewResponseController(w.ResponseWriter).Flush()
}
func (w *releaseOnWrite) Flush()                      { _ = w.FlushError() }
func (w *releaseOnWrite) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// BodyBudget bounds the bytes of the request bodies being handled at once
// (LimitBodies). A body larger than the whole budget is counted as the
// whole budget, so it can always run alone.
type BodyBudget struct {
	max  int64
	wait time.Duration

	mu   sync.Mutex
	used int64
	free chan struct{} // closed (and replaced) when bytes are given back
}

// NewBodyBudget allows max body bytes at once; a request waits at most
// wait for its share.
func NewBodyBudget(max int64, wait time.Duration) *BodyBudget {
	return &BodyBudget{max: max, wait: wait, free: make(chan struct{})}
}

// share is what a body of n bytes reserves: n, or the whole budget.
func (b *BodyBudget) share(n int64) int64 {
	if b == nil {
		return n
	}
	return min(n, b.max)
}

// acquire reserves n ≤ max bytes, waiting up to b.wait.
func (b *BodyBudget) acquire(ctx context.Context, n int64) bool {
	timer := time.NewTimer(b.wait)
	defer timer.Stop()
	for {
		b.mu.Lock()
		if b.used+n <= b.max {
			b.used += n
			b.mu.Unlock()
			return true
		}
		free := b.free
		b.mu.Unlock()
		select {
		case <-free:
		case <-timer.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

func (b *BodyBudget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	close(b.free)
	b.free = make(chan struct{})
	b.mu.Unlock()
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
