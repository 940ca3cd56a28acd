package netguard

import (
	"fmt"
	"net/http"
	"sync"
)

// InFlight bounds the requests being handled at once, in total and per
// key (a 2025-11-25 session): past either bound a request gets 503 with
// Retry-After and a JSON-RPC error at once, instead of holding a
// connection while it waits.
//
// Without it a client with the token filled all 2,048 connection slots in
// half a second with 2025-11-25 slow tool calls it hung up on after their
// priming event (a detached request keeps running: streamable-http
// §Sending Messages 6, "Disconnection SHOULD NOT be interpreted as the
// client cancelling its request"), and the page got 503 for ten seconds.
// With the total below the connection cap, trusted requests can never take
// every slot; with the per-session bound, one session cannot take the
// whole total from the others.
type InFlight struct {
	max, perKey int

	mu    sync.Mutex
	n     int
	byKey map[string]int

	refused int64
}

// NewInFlight allows max requests at once, perKey of them with the same
// key (perKey ≤ 0: no per-key bound).
func NewInFlight(max, perKey int) *InFlight {
	if max < 1 {
		max = 1
	}
	return &InFlight{max: max, perKey: perKey, byKey: map[string]int{}}
}

// Max and PerKey are the bounds; Running the requests handled now.
func (f *InFlight) Max() int    { return f.max }
func (f *InFlight) PerKey() int { return f.perKey }
func (f *InFlight) Running() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

// Refused counts the requests answered 503.
func (f *InFlight) Refused() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.refused
}

// Limit wraps next; key names the request's group ("" for none).
func (f *InFlight) Limit(key func(*http.Request) string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k := ""
		if key != nil {
			k = key(r)
		}
		f.mu.Lock()
		switch {
		case f.n >= f.max:
			f.refused++
			f.mu.Unlock()
			f.refuse(w, fmt.Sprintf("Service Unavailable: the server is already handling %d requests; retry later", f.max))
			return
		case k != "" && f.perKey > 0 && f.byKey[k] >= f.perKey:
			f.refused++
			f.mu.Unlock()
			f.refuse(w, fmt.Sprintf("Service Unavailable: this session already has %d requests in progress; retry later", f.perKey))
			return
		}
		f.n++
		if k != "" {
			f.byKey[k]++
		}
		f.mu.Unlock()
		defer func() {
			f.mu.Lock()
			f.n--
			if k != "" {
				if f.byKey[k]--; f.byKey[k] <= 0 {
					delete(f.byKey, k)
				}
			}
			f.mu.Unlock()
		}()
		next.ServeHTTP(w, r)
	})
}

func (f *InFlight) refuse(w http.ResponseWriter, msg string) {
	w.Header().Set("Retry-After", "1")
	WriteError(w, http.StatusServiceUnavailable, CodeInternalError, msg)
}
