package streamhttp

// 2025-11-25 SSE priming and resumability (basic/transports §Sending
// Messages 6, §Resumability and Redelivery). Every SSE stream the server
// opens for a POST in a session gets a number n (1, 2, 3, … per session);
// its events carry the ids n-0 (the priming event), n-1, n-2, … and are
// logged, so a client whose connection broke can resume with
// GET + Last-Event-ID. 2026-07-28 has no sessions and none of this: there a
// disconnect is a cancellation (basic/patterns/cancellation).

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// Bounds of what a session keeps for resumption.
const (
	// maxStreamLogs is how many stream logs a session keeps; opening one
	// more evicts the oldest finished stream (or, if every kept stream is
	// still running, the oldest).
	maxStreamLogs = 16
	// maxStreamEvents is how many events a stream log keeps; older events
	// are dropped and can no longer be replayed.
	maxStreamEvents = 1000
	// DefaultSessionLogBytes and DefaultTotalLogBytes bound the bytes of
	// every kept event, per session and over all sessions of a Handler
	// (Options.MaxSessionLogBytes, MaxLogBytes). Counts alone did not bound
	// memory: an event repeats client values, and 16 × 1,000 large events
	// held a gigabyte. A lesson's stream is a few events of a few hundred
	// bytes, so these are never reached in normal use.
	DefaultSessionLogBytes = 1 << 20
	DefaultTotalLogBytes   = 16 << 20
)

// logBudget is the Handler-wide byte count of kept events (their
// capacity, which is what they hold). evict drops one event of the session
// keeping the most (Handler.evictLargest); false when none keeps any.
type logBudget struct {
	mu        sync.Mutex
	used, max int64
	evict     func() bool
}

func (b *logBudget) add(n int64) {
	b.mu.Lock()
	b.used += n
	b.mu.Unlock()
}

func (b *logBudget) over() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used > b.max
}

// evictLargest drops the oldest event of the session keeping the most
// bytes (the oldest such session on a tie). Lock order: h.mu, then s.mu.
func (h *Handler) evictLargest() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	var victim *session
	var most int64
	for _, id := range h.order {
		s := h.sessions[id]
		s.mu.Lock()
		if s.kept > most {
			victim, most = s, s.kept
		}
		s.mu.Unlock()
	}
	if victim == nil {
		return false
	}
	victim.mu.Lock()
	defer victim.mu.Unlock()
	return victim.dropOldestLocked()
}

// LogBytes reports the bytes of events kept for resumption by every session.
func (h *Handler) LogBytes() int64 {
	h.logs.mu.Lock()
	defer h.logs.mu.Unlock()
	return h.logs.used
}

// session is one 2025-11-25 Mcp-Session-Id session: the protocol state and
// the logs of the SSE streams opened for its POSTs. The logs go away with
// the session.
type session struct {
	conn *mcp.Conn

	// life ends when the session is deleted or evicted: its GET streams
	// end then (they must not outlive it and pile up).
	life context.Context
	end  context.CancelFunc

	budget   *logBudget // the Handler's
	maxBytes int64      // this session's share

	mu      sync.Mutex // guards opened, streams, kept, gets and every field of their streams
	opened  int        // streams opened so far; the next one is opened+1
	streams []*sseStream
	kept    int64 // bytes of the events kept in streams
	gets    int   // long-lived GET streams open on the session (Handler.holdStream)
}

func newSession(c *mcp.Conn, budget *logBudget, maxBytes int64) *session {
	life, end := context.WithCancel(context.Background())
	return &session{conn: c, life: life, end: end, budget: budget, maxBytes: maxBytes}
}

// ctx is done once the session was deleted or evicted.
func (s *session) ctx() context.Context { return s.life }

// closed reports whether the session was deleted or evicted.
func (s *session) closed() bool { return s.life.Err() != nil }

// close ends the session: its requests are cancelled, its GET streams end
// and its logs are released. Closing twice does nothing more.
func (s *session) close() {
	if s.closed() {
		return
	}
	s.end()
	s.conn.CancelAll()
	s.mu.Lock()
	freed := s.kept
	for _, st := range s.streams {
		st.events, st.base = nil, st.next
		st.wakeLocked()
	}
	s.streams, s.kept = nil, 0
	s.mu.Unlock()
	s.budget.add(-freed)
}

// sseStream is the log of one SSE stream. Event k (k ≥ 1) has id "n-k"; the
// priming event n-0 carries no message and is not logged.
type sseStream struct {
	n      int
	base   int      // seq of events[0]
	events [][]byte // the encoded events, seq base, base+1, …, next-1
	next   int      // seq of the next event
	done   bool     // the request finished: nothing more will be logged
	// writer is the generation of the connection that delivers the stream:
	// 1 is the POST that opened it; each resuming GET takes the next value
	// and the previous connection gets nothing more.
	writer int
	wake   chan struct{} // closed (and replaced) on every change

	// readers counts the resuming GETs connected to the stream, detached
	// says the POST that opened it lost its connection, and cancel ends
	// the request: at shutdown a request is cancelled only when nobody is
	// connected to it (respondSession, resume).
	readers  int
	detached bool
	cancel   func()
}

// unwatched reports whether nobody receives the stream any more: its POST
// lost its connection and no resuming GET is connected. s.mu must be held.
func (st *sseStream) unwatched() bool { return st.detached && st.readers == 0 && !st.done }

// postWriter is the writer generation of the POST that opened a stream.
const postWriter = 1

// open starts the log of a new stream.
func (s *session) open() *sseStream {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opened++
	st := &sseStream{n: s.opened, base: 1, next: 1, writer: postWriter, wake: make(chan struct{})}
	if len(s.streams) >= maxStreamLogs {
		evict := 0
		for i, old := range s.streams {
			if old.done {
				evict = i
				break
			}
		}
		for old := s.streams[evict]; len(old.events) > 0; {
			s.dropFirstLocked(old)
		}
		s.streams = append(s.streams[:evict], s.streams[evict+1:]...)
	}
	if s.closed() {
		// A request that began before DELETE: it is cancelled; nothing is
		// kept for a session that no longer exists.
		st.done = true
		return st
	}
	s.streams = append(s.streams, st)
	return st
}

// eventCost is what a kept event holds: its bytes and its slot in the log.
// A slice header is three words.
func eventCost(b []byte) int64 { return int64(cap(b)) + 3*strconv.IntSize/8 }

// dropFirstLocked forgets the oldest kept event of st. s.mu must be held.
func (s *session) dropFirstLocked(st *sseStream) {
	n := eventCost(st.events[0])
	st.events[0] = nil
	st.events = st.events[1:]
	if len(st.events) == 0 {
		st.events = nil // let the emptied array go
	}
	st.base++
	s.kept -= n
	s.budget.add(-n)
}

// trimLocked drops the session's oldest events, finished streams first,
// until it holds at most its share. s.mu must be held.
func (s *session) trimLocked() {
	for s.kept > s.maxBytes {
		if !s.dropOldestLocked() {
			return
		}
	}
}

// dropOldestLocked drops the oldest event of the oldest stream that has
// one, finished streams first; false when nothing is kept. s.mu must be
// held.
func (s *session) dropOldestLocked() bool {
	var victim *sseStream
	for _, st := range s.streams {
		if len(st.events) > 0 && (victim == nil || (st.done && !victim.done)) {
			victim = st
			if st.done {
				break
			}
		}
	}
	if victim == nil {
		return false
	}
	s.dropFirstLocked(victim)
	return true
}

// stream returns the kept log of stream n, or nil. s.mu must be held.
func (s *session) stream(n int) *sseStream {
	for _, st := range s.streams {
		if st.n == n {
			return st
		}
	}
	return nil
}

// log appends m to the stream as its next event and returns the event's
// bytes and whether the connection of generation writer still delivers the
// stream (false once a resuming GET took over).
func (s *session) log(st *sseStream, m *jsonrpc.Message, writer int) ([]byte, bool) {
	b := messageEvent(st.n, st.next, m)
	s.mu.Lock()
	st.next++
	if s.stream(st.n) == st {
		st.events = append(st.events, b)
		s.kept += eventCost(b)
		s.budget.add(eventCost(b))
		if len(st.events) > maxStreamEvents {
			s.dropFirstLocked(st)
		}
		s.trimLocked()
	} else {
		// Not kept (the session ended, or the log was evicted): the event
		// still goes to the POST's connection, but cannot be replayed.
		st.base = st.next
	}
	st.wakeLocked()
	mine := st.writer == writer
	s.mu.Unlock()
	// Over the Handler's total, the largest logs give way (not this
	// session's alone: a new session must not find the budget taken).
	for s.budget.over() && s.budget.evict() {
	}
	return b, mine
}

// writes reports whether the connection of generation writer still
// delivers the stream.
func (s *session) writes(st *sseStream, writer int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return st.writer == writer
}

// finish marks the stream done: a resuming connection ends after the last
// event.
func (s *session) finish(st *sseStream) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st.done = true
	st.wakeLocked()
}

func (st *sseStream) wakeLocked() {
	close(st.wake)
	st.wake = make(chan struct{})
}

// primingEvent is the first event of stream n. §Sending Messages 6: "The
// server SHOULD immediately send an SSE event consisting of an event ID and
// an empty data field in order to prime the client to reconnect (using that
// event ID as Last-Event-ID)."
func primingEvent(n int) []byte {
	return fmt.Appendf(nil, "id: %d-0\ndata:\n\n", n)
}

// messageEvent is event k of stream n. §Resumability and Redelivery 1: the
// id "MUST be globally unique across all streams within that session" and
// "SHOULD encode sufficient information to identify the originating
// stream": n-k is stream n's k-th event.
func messageEvent(n, k int, m *jsonrpc.Message) []byte {
	return fmt.Appendf(nil, "id: %d-%d\nevent: message\ndata: %s\n\n", n, k, m.Encode())
}

// parseEventID reads a Last-Event-ID of this server: "<n>-<k>", decimal
// without sign or leading zeros, n ≥ 1, k ≥ 0.
func parseEventID(values []string) (n, k int, ok bool) {
	if len(values) != 1 {
		return 0, 0, false
	}
	a, b, found := strings.Cut(values[0], "-")
	if !found {
		return 0, 0, false
	}
	n, errN := strconv.Atoi(a)
	k, errK := strconv.Atoi(b)
	if errN != nil || errK != nil || strconv.Itoa(n) != a || strconv.Itoa(k) != b || n < 1 || k < 0 {
		return 0, 0, false
	}
	return n, k, true
}

// resume serves GET with Last-Event-ID (§Resumability and Redelivery 2):
// the server replays "messages that would have been sent after the last
// event ID, on the stream that was disconnected", then forwards the
// stream's new events until it is done. It "MUST NOT replay messages that
// would have been delivered on a different stream": only stream n is read.
func (h *Handler) resume(w http.ResponseWriter, r *http.Request, s *session, lastID []string) {
	n, k, ok := parseEventID(lastID)
	if !ok {
		writeError(w, http.StatusBadRequest, jsonrpc.ID{}, protocol.CodeInvalidRequest,
			fmt.Sprintf("Bad Request: cannot resume: Last-Event-ID %q is not an event id of this server (want <stream>-<event>, e.g. 1-0)",
				protocol.Excerpt(strings.Join(lastID, ", "))), nil)
		return
	}
	s.mu.Lock()
	st := s.stream(n)
	var why string
	switch {
	case st == nil && n <= s.opened:
		why = fmt.Sprintf("the log of stream %d is no longer kept (a session keeps the last %d streams)", n, maxStreamLogs)
	case st == nil:
		why = fmt.Sprintf("this session has no stream %d", n)
	case k >= st.next:
		why = fmt.Sprintf("event %d-%d was never sent (the last event of stream %d is %d-%d)", n, k, n, n, st.next-1)
	case k+1 < st.base:
		why = fmt.Sprintf("the events after %d-%d are no longer kept (the oldest kept is %d-%d)", n, k, n, st.base)
	}
	if why != "" {
		s.mu.Unlock()
		writeError(w, http.StatusBadRequest, jsonrpc.ID{}, protocol.CodeInvalidRequest, "Bad Request: cannot resume: "+why, nil)
		return
	}
	// The new connection takes over: §Multiple Connections 2, the server
	// "MUST NOT broadcast the same message across multiple streams", so the
	// previous connection (the POST or an earlier GET) gets nothing more.
	st.writer++
	gen := st.writer
	st.readers++
	st.wakeLocked()
	s.mu.Unlock()
	defer func() {
		// The last reader leaving a stream nobody else receives, during
		// shutdown: the request is cancelled (Options.Stopping).
		s.mu.Lock()
		st.readers--
		stop := st.unwatched() && h.stopping.Err() != nil && st.cancel != nil
		s.mu.Unlock()
		if stop {
			st.cancel()
		}
	}()

	flusher := startSSE(w)
	if flusher != nil {
		flusher.Flush()
	}
	cursor := k + 1
	for {
		s.mu.Lock()
		if st.writer != gen || cursor < st.base {
			// Taken over by a newer connection, or this reader fell more
			// than maxStreamEvents behind: end the response; the client
			// may resume again.
			s.mu.Unlock()
			return
		}
		batch := append([][]byte(nil), st.events[cursor-st.base:]...)
		cursor = st.next
		done, wake := st.done, st.wake
		s.mu.Unlock()
		// One flush per event: each reaches the client as soon as it is
		// written, as on the original stream.
		for _, b := range batch {
			if _, err := w.Write(b); err != nil {
				return
			}
			if flusher != nil {
				flusher.Flush()
			}
		}
		if done {
			// §Sending Messages 6: "After the JSON-RPC response has been
			// sent, the server SHOULD terminate the SSE stream."
			return
		}
		select {
		case <-wake:
		case <-r.Context().Done():
			return
		}
	}
}
