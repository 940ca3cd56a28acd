package streamhttp

import (
	"fmt"
	"net/http"
	"strconv"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
)

// Long-lived streams (a 2025-11-25 session's GET stream or resuming GET,
// a 2026-07-28 subscriptions/listen) each hold a connection for as long as
// the client likes, so their number is bounded: per Handler, and per
// session. A learner's page or inspector opens one or two.
const (
	DefaultMaxStreams        = 128
	DefaultMaxSessionStreams = 4
	// retryAfter is the Retry-After of a 503 for a stream past the cap.
	retryAfter = 5
)

// holdStream reserves one long-lived stream, for session s when it is not
// nil. It answers 503 with Retry-After and a JSON-RPC error (with id, when
// the stream answers a request) and returns ok false past a cap; otherwise
// release gives the slot back.
func (h *Handler) holdStream(w http.ResponseWriter, s *session, id jsonrpc.ID) (release func(), ok bool) {
	h.mu.Lock()
	full := ""
	switch {
	case h.streams >= h.maxStreams:
		full = fmt.Sprintf("this server already holds %d long-lived streams", h.maxStreams)
	case s != nil && s.holding() >= h.maxSessionStreams:
		full = fmt.Sprintf("this session already holds %d long-lived streams", h.maxSessionStreams)
	}
	if full == "" {
		h.streams++
		if s != nil {
			s.mu.Lock()
			s.gets++
			s.mu.Unlock()
		}
	}
	h.mu.Unlock()
	if full != "" {
		// RFC 9110 §15.6.4: 503 for a temporary overload, with Retry-After.
		w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
		writeError(w, http.StatusServiceUnavailable, id, protocol.CodeInternalError,
			"Service Unavailable: "+full+"; close one or retry later", nil)
		return nil, false
	}
	return func() {
		h.mu.Lock()
		h.streams--
		h.mu.Unlock()
		if s != nil {
			s.mu.Lock()
			s.gets--
			s.mu.Unlock()
		}
	}, true
}

func (s *session) holding() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gets
}

// Streams reports the long-lived streams open now.
func (h *Handler) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.streams
}
