// Package streamhttp is the MCP Streamable HTTP transport as a plain
// http.Handler. The dev server mounts it on a real listener at /mcp; the
// simulator feeds it requests parsed from raw HTTP/1.1 text. Both faces run
// this exact code.
//
// It is dual-era: a POST whose body carries 2026-07-28 per-request _meta is
// served statelessly (2026-07-28 basic/transports/streamable-http); an
// initialize request opens a 2025-11-25 session identified by
// Mcp-Session-Id (2025-11-25 basic/transports §Session Management).
package streamhttp

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/netguard"
	"mcpwirelab/sim/protocol"
)

// Options configures a Handler.
type Options struct {
	Server *mcp.Server
	// AllowOrigin decides whether a request carrying an Origin header may
	// proceed. Nil allows loopback origins (any port) only, with the same
	// exact-match parser the dev server uses (sim/netguard). Requests without Origin
	// (non-browser clients) are always allowed.
	AllowOrigin func(origin string) bool
	// MaxSessions bounds live 2025-11-25 sessions; the oldest is expired
	// first. Zero means 64.
	MaxSessions int
	// NewSessionID mints session ids. Nil uses 128 random bits in hex.
	NewSessionID func() string
	// Stopping, when done, cancels 2025-11-25 requests whose client has
	// disconnected from their SSE stream and has not resumed it (they
	// otherwise run on, since a disconnect is not a cancellation there):
	// nobody is connected to receive them, and shutdown should not wait for
	// them. Requests with a connected client — on the POST or on a
	// resuming GET — are left to finish. Nil never stops.
	Stopping context.Context
	// MaxStreams bounds the long-lived streams open at once (GET streams of
	// 2025-11-25 sessions, resuming GETs, 2026-07-28 subscriptions/listen);
	// MaxSessionStreams bounds those of one session. Past either the answer
	// is 503 with Retry-After. Zero means DefaultMaxStreams and
	// DefaultMaxSessionStreams.
	MaxStreams, MaxSessionStreams int
	// MaxSessionLogBytes and MaxLogBytes bound the events kept for
	// resumption, per session and in total; past them the oldest events
	// are dropped. Zero means DefaultSessionLogBytes and DefaultTotalLogBytes.
	MaxSessionLogBytes, MaxLogBytes int64
}

// Handler serves the MCP endpoint.
type Handler struct {
	srv         *mcp.Server
	allowOrigin func(string) bool
	maxSessions int
	newID       func() string
	stopping    context.Context

	maxStreams, maxSessionStreams int
	maxSessionLog                 int64
	logs                          *logBudget

	mu       sync.Mutex
	sessions map[string]*session
	order    []string // creation order, oldest first
	streams  int      // long-lived streams open (holdStream)
}

// New returns a Handler.
func New(o Options) *Handler {
	h := &Handler{srv: o.Server, allowOrigin: o.AllowOrigin, maxSessions: o.MaxSessions,
		newID: o.NewSessionID, stopping: o.Stopping, sessions: map[string]*session{},
		maxStreams: orDefault(o.MaxStreams, DefaultMaxStreams), maxSessionStreams: orDefault(o.MaxSessionStreams, DefaultMaxSessionStreams),
		maxSessionLog: orDefault(o.MaxSessionLogBytes, DefaultSessionLogBytes),
		logs:          &logBudget{max: orDefault(o.MaxLogBytes, DefaultTotalLogBytes)}}
	h.logs.evict = h.evictLargest
	if h.srv == nil {
		h.srv = mcp.NewServer(mcp.Config{})
	}
	if h.allowOrigin == nil {
		loopback, _ := netguard.NewOriginPolicy(true)
		h.allowOrigin = loopback.Allows
	}
	if h.maxSessions <= 0 {
		h.maxSessions = 64
	}
	if h.newID == nil {
		h.newID = randomID
	}
	if h.stopping == nil {
		h.stopping = context.Background()
	}
	return h
}

func orDefault[T int | int64](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

func randomID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Sessions reports the number of live legacy sessions.
func (h *Handler) Sessions() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Both versions, transports §Security: "Servers MUST validate the Origin
	// header on all incoming connections ... If the Origin header is present
	// and invalid, servers MUST respond with HTTP 403 Forbidden."
	if o := r.Header.Get("Origin"); o != "" && !h.allowOrigin(o) {
		writeError(w, http.StatusForbidden, jsonrpc.ID{}, protocol.CodeInvalidRequest,
			fmt.Sprintf("Forbidden: Origin %q is not allowed (DNS rebinding protection)", protocol.Excerpt(o)), nil)
		return
	}
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	case http.MethodDelete:
		h.delete(w, r)
	case http.MethodGet:
		h.get(w, r)
	default:
		// 2026-07-28 §Backward Compatibility: GET (and DELETE) → 405. The
		// 2025-11-25 GET stream is optional ("MUST either return
		// Content-Type: text/event-stream ... or else return HTTP 405").
		w.Header().Set("Allow", "POST, DELETE")
		writeError(w, http.StatusMethodNotAllowed, jsonrpc.ID{}, protocol.CodeInvalidRequest,
			"Method Not Allowed: the MCP endpoint accepts POST (and GET or DELETE of a 2025-11-25 session)", nil)
	}
}

// get opens the 2025-11-25 server-to-client stream of a session
// (§Listening for Messages from the Server): with a known session the
// server answers text/event-stream and sends on it what is not tied to a
// request: list_changed when a list changes (and it declared listChanged),
// resources/updated for the session's subscriptions. Without a
// session — and always under 2026-07-28, whose replacement is
// subscriptions/listen — the answer is 405. With Last-Event-ID the GET
// resumes a stream the server opened for a POST instead (resume).
func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(protocol.HeaderSessionID)
	h.mu.Lock()
	s := h.sessions[id]
	h.mu.Unlock()
	lastID := r.Header.Values("Last-Event-ID")
	if len(lastID) > 0 && id != "" && s == nil {
		// §Session Management 4: a request with an unknown or expired
		// session id MUST get 404 (the logs went away with the session).
		writeError(w, http.StatusNotFound, jsonrpc.ID{}, protocol.CodeInvalidRequest,
			"Not Found: session "+protocol.Excerpt(id)+" does not exist or has expired; its streams cannot be resumed", nil)
		return
	}
	var c *mcp.Conn
	if s != nil {
		c = s.conn
	}
	if id == "" || c == nil || !c.Legacy() || !accepts(r.Header.Values("Accept"), "text/event-stream") {
		w.Header().Set("Allow", "POST, DELETE")
		writeError(w, http.StatusMethodNotAllowed, jsonrpc.ID{}, protocol.CodeInvalidRequest,
			"Method Not Allowed: GET opens a stream only for a 2025-11-25 session that accepts text/event-stream (2026-07-28 uses subscriptions/listen)", nil)
		return
	}
	release, ok := h.holdStream(w, s, jsonrpc.ID{})
	if !ok {
		return
	}
	defer release()
	// The stream ends with its session (DELETE, eviction): a GET stream
	// that outlived its session would hold a connection for nothing.
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	defer context.AfterFunc(s.ctx(), cancel)()
	if len(lastID) > 0 {
		// §Resumability and Redelivery 2: "Resumption is always via HTTP
		// GET with Last-Event-ID."
		h.resume(w, r.WithContext(ctx), s, lastID)
		return
	}
	var flusher http.Flusher
	_ = h.srv.WatchSession(ctx, c, func() {
		if flusher = startSSE(w); flusher != nil {
			flusher.Flush()
		}
	}, func(n *jsonrpc.Message) {
		writeEvent(w, n)
		if flusher != nil {
			flusher.Flush()
		}
	})
}

// delete ends a 2025-11-25 session (§Session Management 5). Without a
// session header there is nothing to delete: 2026-07-28 servers answer 405.
func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(protocol.HeaderSessionID)
	if id == "" {
		w.Header().Set("Allow", "POST")
		writeError(w, http.StatusMethodNotAllowed, jsonrpc.ID{}, protocol.CodeInvalidRequest,
			"Method Not Allowed: DELETE needs an Mcp-Session-Id (2026-07-28 has no sessions)", nil)
		return
	}
	h.mu.Lock()
	_, ok := h.sessions[id]
	if ok {
		h.dropLocked(id)
	}
	h.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, jsonrpc.ID{}, protocol.CodeInvalidRequest, "Not Found: no session "+protocol.Excerpt(id), nil)
		return
	}
	// Its requests end, detached ones included, its GET streams close and
	// its stream logs go (dropLocked).
	w.WriteHeader(http.StatusNoContent)
}

// dropLocked forgets session id and closes it. h.mu must be held.
func (h *Handler) dropLocked(id string) {
	if s := h.sessions[id]; s != nil {
		s.close()
	}
	delete(h.sessions, id)
	for i, s := range h.order {
		if s == id {
			h.order = append(h.order[:i], h.order[i+1:]...)
			break
		}
	}
}

// AcceptsPOST reports whether a POST's Accept header lists both media
// types the server may answer with: transports §Sending Messages, "The
// client MUST include an Accept header listing both application/json and
// text/event-stream". The handler answers 406 otherwise; the trace's
// classes read the same rule.
func AcceptsPOST(h http.Header) bool {
	return accepts(h.Values("Accept"), "application/json") && accepts(h.Values("Accept"), "text/event-stream")
}

// CheckPOST is the handler's first rule for a POST, read from its headers
// alone: the HTTP status and message it refuses them with (0 and "" when
// they pass). Accept must list both media types (AcceptsPOST: 406), and
// the body must be application/json (415). The trace's classes read the
// same rule.
func CheckPOST(h http.Header) (status int, msg string) {
	if !AcceptsPOST(h) {
		return http.StatusNotAcceptable, "Not Acceptable: the Accept header must list both application/json and text/event-stream"
	}
	if mt, _, err := mime.ParseMediaType(h.Get("Content-Type")); err != nil || mt != "application/json" {
		return http.StatusUnsupportedMediaType, "Unsupported Media Type: the body must be application/json"
	}
	return 0, ""
}

// CheckSessionVersion is the 2025-11-25 rule for the MCP-Protocol-Version
// header of a request inside a session whose negotiated version is
// negotiated (transports §Protocol Version Header: "If the server receives
// a request with an invalid or unsupported MCP-Protocol-Version, it MUST
// respond with 400 Bad Request"): the message of the 400, or "" when the
// header passes (absent, or the negotiated version). The trace's classes
// read the same rule.
func CheckSessionVersion(h http.Header, negotiated string) string {
	if v := h.Get(protocol.HeaderProtocolVersion); v != "" && v != negotiated {
		return fmt.Sprintf("Bad Request: MCP-Protocol-Version %q does not match the negotiated version %q", protocol.Excerpt(v), negotiated)
	}
	return ""
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	if status, msg := CheckPOST(r.Header); status != 0 {
		writeError(w, status, jsonrpc.ID{}, protocol.CodeInvalidRequest, msg, nil)
		return
	}
	body, err := readBody(r)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeError(w, http.StatusRequestEntityTooLarge, jsonrpc.ID{}, protocol.CodeInvalidRequest,
				fmt.Sprintf("Request body too large (limit %d bytes)", mbe.Limit), nil)
			return
		}
		writeError(w, http.StatusBadRequest, jsonrpc.ID{}, protocol.CodeParseError, "Parse error: could not read the body: "+err.Error(), nil)
		return
	}
	m, err := jsonrpc.Decode(body)
	if derr := (*jsonrpc.DecodeError)(nil); errors.As(err, &derr) {
		writeError(w, http.StatusBadRequest, derr.ID, derr.Err.Code, derr.Err.Message, derr.Err.Data)
		return
	}
	if (m.Kind() == jsonrpc.KindResult || m.Kind() == jsonrpc.KindError) &&
		(r.Header.Get(protocol.HeaderSessionID) == "" || protocol.IsModern(r.Header.Get(protocol.HeaderProtocolVersion))) {
		// 2026-07-28 streamable-http: "The client MUST NOT send JSON-RPC
		// responses". Only a 2025-11-25 session answers the server's own
		// requests (legacy → Server.answer). A response has no params: its
		// era is in the header.
		writeError(w, http.StatusBadRequest, jsonrpc.ID{}, protocol.CodeInvalidRequest,
			"Invalid Request: the body must be a JSON-RPC request or notification, not a response (only a 2025-11-25 session, with its Mcp-Session-Id, answers the server's requests)", nil)
		return
	}
	p := viewParams(m)
	if h.srv.SupportsModern() && isModern(p, r) {
		h.modern(w, r, m, p)
		return
	}
	h.legacy(w, r, m, p)
}

// readBody reads the whole body into one buffer of its announced size
// instead of io.ReadAll's doubling copies. A body the dev server's
// netguard.LimitBodies has already buffered is taken as it is.
func readBody(r *http.Request) ([]byte, error) {
	if b, ok := r.Body.(interface{ Bytes() []byte }); ok {
		return b.Bytes(), nil
	}
	if r.ContentLength < 0 || r.ContentLength > 64<<20 {
		return io.ReadAll(r.Body)
	}
	buf := bytes.NewBuffer(make([]byte, 0, r.ContentLength+1))
	_, err := buf.ReadFrom(r.Body)
	return buf.Bytes(), err
}

// params is what the transport reads from a request's params: decoded
// once per POST for the era, the header checks and the stream caps
// (isModern, validateHeaders), where each used to decode them again.
type params struct {
	Name      *string                    `json:"name"`
	URI       *string                    `json:"uri"`
	TaskID    *string                    `json:"taskId"`
	Arguments json.RawMessage            `json:"arguments"`
	Meta      map[string]json.RawMessage `json:"_meta"`
}

func viewParams(m *jsonrpc.Message) params {
	var p params
	if len(m.Params) > 0 {
		_ = json.Unmarshal(m.Params, &p)
	}
	return p
}

func (p params) hasVersion() bool {
	_, ok := p.Meta[protocol.MetaProtocolVersion]
	return ok
}

// asksProgress reports whether the params carry a progress token the
// server accepts (_meta.progressToken; mcp.AcceptsProgressToken): the
// request will be answered on an SSE stream. A token the server refuses
// gets its -32602 as a plain JSON answer, and nothing is logged for it.
func (p params) asksProgress() bool {
	return mcp.AcceptsProgressToken(p.Meta[protocol.MetaProgressToken])
}

// isModern decides the era of a POST (2026-07-28 basic/versioning §"A
// dual-era server selects its behavior from how the client opens").
func isModern(p params, r *http.Request) bool {
	if p.hasVersion() {
		return true
	}
	if v := r.Header.Get(protocol.HeaderProtocolVersion); v != "" && protocol.IsModern(v) {
		return true
	}
	return false
}

// modern serves one self-contained 2026-07-28 request. Mcp-Session-Id is
// ignored (§Backward Compatibility: "ignore it, and do not mint or echo").
func (h *Handler) modern(w http.ResponseWriter, r *http.Request, m *jsonrpc.Message, p params) {
	if m.Kind() != jsonrpc.KindRequest || !p.hasVersion() {
		// Header rules are defined for requests that carry _meta; anything
		// else is judged by the server (-32602 for missing _meta).
		h.respond(w, r, mcp.NewConn(), m)
		return
	}
	msg := validateHeaders(r, m, p)
	if msg == "" && m.Method == protocol.MethodToolsCall && p.Name != nil {
		// server/tools §Custom Headers: x-mcp-header parameters mirrored
		// into Mcp-Param-* headers must match the arguments.
		msg = validateParams(r, h.srv.Registry().HeaderParams(*p.Name), p.Arguments)
	}
	if msg != "" {
		// §Server Validation: 400 and -32020 HeaderMismatch.
		writeError(w, http.StatusBadRequest, m.ID, protocol.CodeHeaderMismatch, "Header mismatch: "+msg, nil)
		return
	}
	if m.Method == protocol.MethodListen {
		// subscriptions/listen holds its stream open until the client
		// leaves: one of the bounded long-lived streams.
		release, ok := h.holdStream(w, nil, m.ID)
		if !ok {
			return
		}
		defer release()
	}
	h.respond(w, r, mcp.NewConn(), m)
}

// validateHeaders checks the mirrored request headers against the body
// (2026-07-28 §Request Metadata). It returns "" when they agree, otherwise
// the first problem checkHeaders found; p is the request's params, decoded
// once per POST.
func validateHeaders(r *http.Request, m *jsonrpc.Message, p params) string {
	if probs := checkHeaders(r.Header, m.Method, p); len(probs) > 0 {
		return probs[0].Message()
	}
	return ""
}

// legacy serves a 2025-11-25 message inside (or opening) a session.
func (h *Handler) legacy(w http.ResponseWriter, r *http.Request, m *jsonrpc.Message, p params) {
	sid := r.Header.Get(protocol.HeaderSessionID)
	if m.Method == protocol.MethodInitialize && sid == "" {
		c := mcp.NewConn()
		reply := h.srv.Handle(r.Context(), c, m, nil)
		if reply.Msg != nil && reply.Msg.Error == nil {
			// §Session Management 1: the server MAY assign a session ID
			// "by including it in an Mcp-Session-Id header on the HTTP
			// response containing the InitializeResult".
			id := h.newID()
			h.addSession(id, c)
			w.Header().Set(protocol.HeaderSessionID, id)
		}
		writeReply(w, reply)
		return
	}
	if sid == "" {
		// §Session Management 3: "SHOULD respond to requests without an
		// Mcp-Session-Id header (other than initialization) with HTTP 400".
		msg := "Bad Request: Mcp-Session-Id header is required (send initialize first for 2025-11-25, or per-request _meta for 2026-07-28)"
		if !h.srv.SupportsModern() {
			msg = "Bad Request: Mcp-Session-Id header is required; send initialize first"
		}
		writeError(w, http.StatusBadRequest, m.ID, protocol.CodeInvalidRequest, msg, nil)
		return
	}
	h.mu.Lock()
	s := h.sessions[sid]
	h.mu.Unlock()
	if s == nil {
		// §Session Management 4: unknown or expired session → 404; the
		// client MUST then start a new session with initialize.
		writeError(w, http.StatusNotFound, m.ID, protocol.CodeInvalidRequest,
			"Not Found: session "+protocol.Excerpt(sid)+" does not exist or has expired; send a new initialize", nil)
		return
	}
	c := s.conn
	// §Protocol Version Header: an invalid or unsupported value → 400.
	if msg := CheckSessionVersion(r.Header, c.Version()); msg != "" {
		writeError(w, http.StatusBadRequest, m.ID, protocol.CodeInvalidRequest, msg, nil)
		return
	}
	if m.Method == protocol.MethodInitialize {
		writeError(w, http.StatusBadRequest, m.ID, protocol.CodeInvalidRequest,
			"Invalid Request: initialize was already received in this session", nil)
		return
	}
	if m.Kind() == jsonrpc.KindResult || m.Kind() == jsonrpc.KindError {
		// The client's answer to a request the server sent on one of the
		// session's streams: 202 when a request of the server waits for it
		// (§Sending Messages 4), 400 otherwise.
		writeReply(w, h.srv.Handle(r.Context(), c, m, nil))
		return
	}
	h.respondSession(w, r, s, m, p)
}

func (h *Handler) addSession(id string, c *mcp.Conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for len(h.order) >= h.maxSessions {
		oldest := h.order[0]
		h.dropLocked(oldest)
		h.srv.Logf("session limit %d reached: expired the oldest session", h.maxSessions)
	}
	h.sessions[id] = newSession(c, h.logs, h.maxSessionLog)
	h.order = append(h.order, id)
}

// respond runs the server for a 2026-07-28 request and writes either one
// JSON object or, as soon as the server emits a request-scoped
// notification, an SSE stream ending with the response (§Sending Messages
// 6, §Receiving Messages). Closing the stream cancels the request (2026-07-28
// basic/patterns/cancellation).
func (h *Handler) respond(w http.ResponseWriter, r *http.Request, c *mcp.Conn, m *jsonrpc.Message) {
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	flusher, _ := w.(http.Flusher)
	streaming := false
	notify := func(n *jsonrpc.Message) {
		if ctx.Err() != nil {
			return
		}
		if n == mcp.KeepAlive {
			// §Receiving Messages: an SSE comment line keeps idle
			// intermediaries from closing a quiet stream.
			if streaming {
				_, _ = io.WriteString(w, ":\n\n")
				if flusher != nil {
					flusher.Flush()
				}
			}
			return
		}
		if !streaming {
			streaming = true
			startSSE(w)
		}
		writeEvent(w, n)
		if flusher != nil {
			flusher.Flush()
		}
	}
	reply := h.srv.Handle(ctx, c, m, notify)
	if streaming {
		// A cancelled request gets nothing more: the stream just ends.
		if reply.Msg != nil && ctx.Err() == nil {
			writeEvent(w, reply.Msg)
			if flusher != nil {
				flusher.Flush()
			}
		}
		return
	}
	if ctx.Err() != nil {
		return // the client went away; nothing to write
	}
	if streamable(r, reply) {
		startSSE(w)
		writeEvent(w, reply.Msg)
		return
	}
	writeReply(w, reply)
}

// streamable reports whether a reply that went out without notifications
// should still be an SSE stream rather than one JSON object: the request
// succeeded at HTTP level (an error status needs its own response) and
// the client prefers text/event-stream. §Sending Messages 6: the server
// "MUST return either Content-Type: application/json ... or
// Content-Type: text/event-stream"; which one is its choice.
func streamable(r *http.Request, reply mcp.Reply) bool {
	return reply.Msg != nil && (reply.Status == 0 || reply.Status == http.StatusOK) && prefersEventStream(r.Header.Values("Accept"))
}

// prefersEventStream reports whether an Accept header ranks
// text/event-stream above application/json: a higher q, or the same q and
// listed first (RFC 9110 §12.5.1 gives order no meaning, so the tie goes to
// the client's first choice). Wildcards rank neither.
func prefersEventStream(values []string) bool {
	qSSE, qJSON := -1.0, -1.0
	var sseFirst bool
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil {
				continue
			}
			q := 1.0
			if s, ok := params["q"]; ok {
				if f, err := strconv.ParseFloat(s, 64); err == nil {
					q = f
				}
			}
			switch mt {
			case "text/event-stream":
				if qSSE < 0 {
					qSSE, sseFirst = q, qJSON < 0
				}
			case "application/json":
				if qJSON < 0 {
					qJSON = q
				}
			}
		}
	}
	return qSSE > 0 && (qSSE > qJSON || (qSSE == qJSON && sseFirst))
}

// respondSession runs the server for a request of a 2025-11-25 session.
// Until the server emits a request-scoped notification it behaves like
// respond (one JSON object; a disconnect cancels the request). The first
// notification opens a resumable SSE stream: a priming event, then every
// message with an id, all logged for GET + Last-Event-ID (resume).
//
// Once primed, §Sending Messages 6: "Disconnection SHOULD NOT be
// interpreted as the client cancelling its request" and "To cancel, the
// client SHOULD explicitly send an MCP CancelledNotification". The request
// keeps running in this goroutine after its client left; events go to the
// log only, and the handler returns when the server's Handle does. It still
// ends on notifications/cancelled, on DELETE or eviction of the session
// (Conn.CancelAll), and, once detached, when h.stopping is done.
func (h *Handler) respondSession(w http.ResponseWriter, r *http.Request, s *session, m *jsonrpc.Message, p params) {
	// The request's context keeps r's values but not its cancellation;
	// disconnects are mapped onto it by hand below.
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	defer cancel()
	//
	// The mapping runs in context.AfterFunc's own goroutine, so a
	// disconnect reaches the request a moment later rather than at once;
	// the simulator's clients never drop a 2025-11-25 request before its
	// priming event (they send notifications/cancelled first), so its
	// single-goroutine runs stay deterministic.
	var (
		mu     sync.Mutex // primed and st: read by the AfterFunc callbacks
		primed bool
		st     *sseStream
	)
	stopConn := context.AfterFunc(r.Context(), func() {
		mu.Lock()
		p, stream := primed, st
		mu.Unlock()
		if !p {
			// Before the priming event the connection is all the client
			// has: its loss cancels the request, as before.
			cancel()
			return
		}
		// After it only shutdown ends the request, and only while nobody
		// resumed the stream (resume).
		s.mu.Lock()
		stream.detached = true
		stop := stream.unwatched() && h.stopping.Err() != nil
		s.mu.Unlock()
		if stop {
			cancel()
		}
	})
	defer stopConn()
	stopStopping := context.AfterFunc(h.stopping, func() {
		mu.Lock()
		stream := st
		mu.Unlock()
		if stream == nil {
			return
		}
		s.mu.Lock()
		stop := stream.unwatched()
		s.mu.Unlock()
		if stop {
			cancel()
		}
	})
	defer stopStopping()

	flusher, _ := w.(http.Flusher)
	alive := true // the POST's connection still takes writes
	send := func(b []byte) {
		if !alive {
			return
		}
		if r.Context().Err() != nil {
			alive = false // the client left: the log keeps everything
			return
		}
		if _, err := w.Write(b); err != nil {
			alive = false
			return
		}
		if flusher != nil {
			flusher.Flush()
		}
	}
	// open starts the resumable stream: §Sending Messages 6, "The server
	// SHOULD immediately send an SSE event consisting of an event ID and an
	// empty data field in order to prime the client to reconnect".
	open := func() {
		opened := s.open()
		s.mu.Lock()
		opened.cancel = cancel
		s.mu.Unlock()
		mu.Lock()
		st, primed = opened, true
		mu.Unlock()
		startSSE(w)
		send(primingEvent(st.n))
	}
	notify := func(n *jsonrpc.Message) {
		if ctx.Err() != nil {
			return
		}
		if st == nil && r.Context().Err() != nil {
			// Not primed yet: the client went away before the stream
			// existed, which cancels the request as it always did.
			cancel()
			return
		}
		if n == mcp.KeepAlive {
			// §Receiving Messages: an SSE comment line keeps idle
			// intermediaries from closing a quiet stream; it has no id and
			// is not logged.
			if st != nil && s.writes(st, postWriter) {
				send([]byte(":\n\n"))
			}
			return
		}
		if st == nil {
			open()
		}
		if b, mine := s.log(st, n, postWriter); mine {
			send(b)
		}
	}
	if m.Kind() == jsonrpc.KindRequest && p.asksProgress() {
		// The request will stream progress: open (and prime) its stream
		// now, not when the first notification is ready.
		open()
	}
	reply := h.srv.Handle(ctx, s.conn, m, notify)
	if st == nil && r.Context().Err() == nil && streamable(r, reply) {
		open()
	}
	if st != nil {
		// §Sending Messages 6: "The SSE stream SHOULD eventually include a
		// JSON-RPC response for the JSON-RPC request sent in the POST
		// body." A cancelled request gets nothing more: the stream ends.
		if reply.Msg != nil && ctx.Err() == nil {
			if b, mine := s.log(st, reply.Msg, postWriter); mine {
				send(b)
			}
		}
		s.finish(st)
		return
	}
	if r.Context().Err() != nil {
		return // the client went away; nothing to write
	}
	if reply.Msg == nil && m.Kind() == jsonrpc.KindRequest && s.closed() {
		// The session was deleted or evicted while the request ran, which
		// cancelled it. 202 is for notifications and responses only
		// (§Sending Messages 5), and §Session Management 4: once a session
		// is terminated the server "MUST respond to requests containing that
		// session ID with HTTP 404 Not Found".
		writeError(w, http.StatusNotFound, m.ID, protocol.CodeInvalidRequest,
			"Not Found: session "+protocol.Excerpt(r.Header.Get(protocol.HeaderSessionID))+" was deleted or expired while this request ran; it was cancelled", nil)
		return
	}
	writeReply(w, reply)
}

// startSSE answers 200 with the headers of every SSE stream the server
// opens (§Receiving Messages: X-Accel-Buffering "SHOULD") and returns the
// writer's flusher (nil if it has none).
func startSSE(w http.ResponseWriter) http.Flusher {
	hdr := w.Header()
	hdr.Set("Content-Type", "text/event-stream")
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set(protocol.HeaderAccelBuffering, "no")
	w.WriteHeader(http.StatusOK)
	f, _ := w.(http.Flusher)
	return f
}

func writeEvent(w io.Writer, m *jsonrpc.Message) {
	fmt.Fprintf(w, "event: message\ndata: %s\n\n", m.Encode())
}

// writeReply writes a non-streamed reply: 202 with no body for an accepted
// notification (§Sending Messages 5), else the status and the JSON body.
func writeReply(w http.ResponseWriter, reply mcp.Reply) {
	if reply.Msg == nil {
		status := reply.Status
		if status == 0 || status == http.StatusOK {
			status = http.StatusAccepted
		}
		w.WriteHeader(status)
		return
	}
	writeJSON(w, reply.Status, reply.Msg)
}

func writeJSON(w http.ResponseWriter, status int, m *jsonrpc.Message) {
	b := m.Encode()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", fmt.Sprint(len(b)))
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func writeError(w http.ResponseWriter, status int, id jsonrpc.ID, code int, msg string, data json.RawMessage) {
	writeJSON(w, status, jsonrpc.ErrorResponse(id, &jsonrpc.Error{Code: code, Message: msg, Data: data}))
}

// accepts reports whether the Accept header values list the media type
// (or a matching wildcard).
func accepts(values []string, want string) bool {
	major := want[:strings.IndexByte(want, '/')]
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			mt, _, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil {
				continue
			}
			if mt == want || mt == "*/*" || mt == major+"/*" {
				return true
			}
		}
	}
	return false
}
