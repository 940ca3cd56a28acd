package mcp

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/vclock"
)

// Config configures a Server.
type Config struct {
	// Tools is everything the server offers: tools, resources, resource
	// templates, prompts, logging (the capabilities follow from it).
	Tools *primitive.Registry
	Info  Implementation
	// Modern lists the supported per-request-metadata versions, newest first.
	Modern []string
	// Legacy lists the supported handshake versions, newest first. Empty
	// makes a modern-only server that answers initialize with -32601.
	Legacy       []string
	Instructions string
	// Sleep is the clock tools use: virtual in the simulator, real in the
	// dev server. Nil means real time.
	Sleep func(ctx context.Context, d time.Duration) error
	// Logf writes a diagnostic line (stderr on stdio). Nil discards.
	Logf func(format string, args ...any)
	// ListChanged declares listChanged for tools (and prompts and resources
	// when offered): the server tells subscribed clients when a list
	// changes (SetTools).
	ListChanged bool
	// PollEvery is how often long-lived streams look for changes (virtual
	// time in the simulator). Zero means one second.
	PollEvery time.Duration
	// Stopping, when done, ends long-lived streams gracefully (shutdown).
	Stopping context.Context
	// KeepAliveEvery is how long a subscriptions/listen stream may stay
	// silent before the transport sends a keep-alive (2026-07-28
	// streamable-http: servers are encouraged to emit an SSE comment
	// periodically). Zero means 15 s; negative disables.
	KeepAliveEvery time.Duration
	// StateKey signs the requestState of 2026-07-28 multi round-trip
	// requests (HMAC-SHA256, mrtr.go). Replicas behind one load balancer
	// must share it, or a retry that reaches another replica is refused.
	// Nil: a random key of this server alone.
	StateKey []byte
	// Now is the wall clock: requestState expiry, task timestamps. Nil
	// means time.Now.
	Now func() time.Time
	// AskTimeout bounds how long a 2025-11-25 server request waits for the
	// client's answer before the server cancels it. Zero means two minutes.
	AskTimeout time.Duration
	// Tasks holds the tasks of the tasks extension and of 2025-11-25's
	// experimental tasks; replicas share one (a real deployment's
	// database). Nil: a store of this server alone.
	Tasks *TaskStore
	// NewTaskID mints task ids. Nil: 128 random bits (SEP-2663: task ids
	// MUST have "sufficient entropy that a third party cannot enumerate or
	// guess them").
	NewTaskID func() string
	// Background runs the rest of a task's work after its handle was
	// returned. Nil: a new goroutine. The simulator passes a function that
	// runs it at a point of its choosing.
	Background func(run func())
	// Yield, when set, is how the server waits for something the client
	// does (an answer to its question, a task's next change): it calls
	// Yield until the thing happened instead of blocking. The simulator
	// passes one step of its virtual clock, which hands a task's turn back
	// to the scenario (a blocked goroutine would hold it forever). Nil:
	// the server blocks.
	Yield func(ctx context.Context) error
}

// waitUntil waits until ready() or ctx ends: blocking on ch (closed or
// sent to when ready may have become true), or, with Config.Yield, one
// yield at a time.
func (s *Server) waitUntil(ctx context.Context, ready func() bool, ch <-chan struct{}) error {
	for !ready() {
		if s.cfg.Yield != nil {
			if err := s.cfg.Yield(ctx); err != nil {
				return err
			}
			continue
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// closed reports whether ch is closed (a task's wake channel).
func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// Server is a dual-era MCP server. It is safe for concurrent use; per-client
// state (only legacy sessions have any) lives in a Conn.
type Server struct {
	cfg Config

	mu  sync.Mutex
	reg *primitive.Registry
	rev revisions // what changed, for notifications (watch.go)
}

// Registry is what the server offers now.
func (s *Server) Registry() *primitive.Registry {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reg
}

// ListChanged reports whether the server declares listChanged.
func (s *Server) ListChanged() bool { return s.cfg.ListChanged }

// SupportsModern reports whether any per-request-metadata version is
// served; a legacy-only server treats every message by 2025-11-25 rules.
func (s *Server) SupportsModern() bool { return len(s.cfg.Modern) > 0 }

// KeepAlive is the message a long-lived stream hands its transport when it
// has been quiet for KeepAliveEvery: not a JSON-RPC message, a request to
// send the transport's keep-alive (an SSE comment line on HTTP; nothing on
// stdio, where the pipe does not time out).
var KeepAlive = &jsonrpc.Message{}

// NewServer builds a server. Zero fields take the engine's defaults: no
// tools (the course's are sim/lab's), the lab's identity, every version the
// engine implements, real time.
func NewServer(cfg Config) *Server {
	if cfg.Tools == nil {
		cfg.Tools = primitive.Empty()
	}
	if cfg.Info.Name == "" {
		cfg.Info = Implementation{Name: "mcp-wire-lab", Version: "1.0.0"}
	}
	if cfg.Modern == nil {
		cfg.Modern = protocol.ModernVersions()
	}
	if cfg.Legacy == nil {
		cfg.Legacy = protocol.LegacyVersions()
	}
	if cfg.Sleep == nil {
		cfg.Sleep = vclock.RealSleep
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if cfg.PollEvery <= 0 {
		cfg.PollEvery = time.Second
	}
	if cfg.Stopping == nil {
		cfg.Stopping = context.Background()
	}
	if cfg.KeepAliveEvery == 0 {
		cfg.KeepAliveEvery = 15 * time.Second
	}
	if len(cfg.StateKey) == 0 {
		cfg.StateKey = make([]byte, 32)
		_, _ = rand.Read(cfg.StateKey)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.AskTimeout <= 0 {
		cfg.AskTimeout = 2 * time.Minute
	}
	if cfg.Tasks == nil {
		cfg.Tasks = NewTaskStore()
	}
	if cfg.NewTaskID == nil {
		cfg.NewTaskID = randomTaskID
	}
	if cfg.Background == nil {
		cfg.Background = func(run func()) { go run() }
	}
	return &Server{cfg: cfg, reg: cfg.Tools, rev: revisions{updated: map[string]int{}}}
}

// Supported returns every version the server speaks, modern first.
func (s *Server) Supported() []string {
	return append(append([]string{}, s.cfg.Modern...), s.cfg.Legacy...)
}

// Logf writes a diagnostic line.
func (s *Server) Logf(format string, args ...any) { s.cfg.Logf(format, args...) }

// Info is the server's identity.
func (s *Server) Info() Implementation { return s.cfg.Info }

type phase int

const (
	phaseNew          phase = iota // nothing received (or a modern client: stays here)
	phaseInitializing              // initialize answered, waiting for notifications/initialized
	phaseReady                     // legacy session operational
)

// Conn is the state of one client connection: a stdio process, or one
// 2025-11-25 HTTP session. Modern requests never read or write it except to
// register in-flight requests for cancellation (stdio).
type Conn struct {
	mu         sync.Mutex
	phase      phase
	version    string
	clientInfo json.RawMessage
	clientCaps json.RawMessage // declared at initialize
	logLevel   string          // logging/setLevel; "" sends no log messages
	subscribed map[string]bool // resources/subscribe URIs
	inflight   map[string]context.CancelFunc

	// 2025-11-25 requests of the server to the client (ask.go).
	asks    map[string]*pendingAsk // awaiting the client's answer, by id
	nextAsk int64
	roots   json.RawMessage // the client's last ListRootsResult; nil: ask
	// outbox holds messages for the session stream (the GET stream, or
	// stdout) that no request's stream carries: requests and status
	// notifications of 2025-11-25 tasks.
	outbox []*jsonrpc.Message
}

// NewConn returns fresh connection state.
func NewConn() *Conn {
	return &Conn{inflight: map[string]context.CancelFunc{}, subscribed: map[string]bool{}, asks: map[string]*pendingAsk{}}
}

// Version is the negotiated legacy version ("" before initialize).
func (c *Conn) Version() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.version
}

// Legacy reports whether an initialize handshake selected legacy semantics.
func (c *Conn) Legacy() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.phase != phaseNew
}

// track registers an in-flight request so notifications/cancelled can stop
// it; done unregisters it and releases the context.
func (c *Conn) track(ctx context.Context, id jsonrpc.ID) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	key := id.String()
	c.mu.Lock()
	c.inflight[key] = cancel
	c.mu.Unlock()
	return ctx, func() {
		c.mu.Lock()
		delete(c.inflight, key)
		c.mu.Unlock()
		cancel()
	}
}

// CancelAll cancels every in-flight request (the connection is gone).
func (c *Conn) CancelAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, cancel := range c.inflight {
		cancel()
	}
}

// Reply is what Handle produced for one incoming message.
type Reply struct {
	// Msg is the response to send, or nil: notifications are never answered
	// (JSON-RPC 2.0 §4.1) and a cancelled request gets nothing further
	// (2026-07-28 basic/patterns/cancellation: "MUST NOT send any further
	// messages for it").
	Msg *jsonrpc.Message
	// Status is the HTTP status the version's Streamable HTTP rules give
	// this outcome (200, 202, 400, 404). Other transports ignore it.
	Status int
	// Modern reports whether the message was handled under 2026-07-28 rules.
	Modern bool
}

// Handle processes one decoded message from the client. notify sends a
// request-scoped notification (progress) before the reply; it is never
// called after ctx is cancelled.
func (s *Server) Handle(ctx context.Context, c *Conn, m *jsonrpc.Message, notify func(*jsonrpc.Message)) Reply {
	switch m.Kind() {
	case jsonrpc.KindResult, jsonrpc.KindError:
		if c.Legacy() {
			// 2025-11-25: the answer to one of the server's own requests
			// (ask.go).
			return s.answer(c, m)
		}
		// 2026-07-28 sends no server-to-client requests, so a response
		// cannot answer anything (transports: "The client MUST NOT send
		// JSON-RPC responses").
		s.Logf("ignoring a JSON-RPC response from the client (id %s): under 2026-07-28 this server sends no requests", m.ID)
		return Reply{Msg: jsonrpc.ErrorResponse(jsonrpc.ID{}, &jsonrpc.Error{Code: protocol.CodeInvalidRequest,
			Message: "Invalid Request: clients must not send responses to this server (2026-07-28 servers send no requests; they return input_required results)"}), Status: http.StatusBadRequest}
	}
	meta := readMeta(m.Params)
	_, hasVersion := meta[protocol.MetaProtocolVersion]
	switch {
	case !s.SupportsModern():
		return s.handleLegacy(ctx, c, m, notify)
	case hasVersion:
		return s.handleModern(ctx, c, m, meta, notify)
	case m.Method == protocol.MethodInitialize && len(s.cfg.Legacy) > 0:
		return s.handleLegacy(ctx, c, m, notify)
	case c.Legacy():
		return s.handleLegacy(ctx, c, m, notify)
	default:
		return s.handleModern(ctx, c, m, meta, notify)
	}
}

// traceParentRE is W3C Trace Context's traceparent: version, trace id,
// parent span id and flags, in lower-case hex.
var traceParentRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$`)
})

// noteTrace writes the trace context a request carries in _meta to the
// server's log, so the server's own lines can be filed under the Host's
// trace (2026-07-28 basic/index §_meta: traceparent, tracestate and
// baggage are reserved for OpenTelemetry, and "When present, their values
// MUST follow W3C Trace Context and W3C Baggage formats"). A value that
// does not follow it is ignored, and the log says so.
func (s *Server) noteTrace(m *jsonrpc.Message, meta map[string]json.RawMessage) {
	raw, ok := meta[protocol.MetaTraceParent]
	if !ok {
		return
	}
	var tp string
	_ = json.Unmarshal(raw, &tp)
	g := traceParentRE().FindStringSubmatch(tp)
	if g == nil {
		s.Logf("%s: ignoring a traceparent that is not W3C Trace Context: %s", protocol.Excerpt(m.Method), shortJSON(raw))
		return
	}
	s.Logf("%s: in trace %s, under span %s", protocol.Excerpt(m.Method), g[2], g[3])
}

func readMeta(params json.RawMessage) map[string]json.RawMessage {
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if len(params) > 0 {
		_ = json.Unmarshal(params, &p)
	}
	if p.Meta == nil {
		return map[string]json.RawMessage{}
	}
	return p.Meta
}

func errReply(m *jsonrpc.Message, status, code int, msg string, data any) Reply {
	if m.Kind() == jsonrpc.KindNotification {
		// A notification the server cannot accept: no JSON-RPC answer on
		// stdio; on HTTP an error status (transports §Sending Messages 5).
		return Reply{Status: status}
	}
	return Reply{Msg: jsonrpc.ErrorResponse(m.ID, jsonrpc.NewError(code, msg, data)), Status: status}
}

// handleModern applies 2026-07-28: every request is self-contained.
func (s *Server) handleModern(ctx context.Context, c *Conn, m *jsonrpc.Message, meta map[string]json.RawMessage, notify func(*jsonrpc.Message)) Reply {
	if m.Kind() == jsonrpc.KindNotification {
		if m.Method == protocol.MethodCancelled {
			s.cancel(c, m)
		}
		return Reply{Status: http.StatusAccepted, Modern: true}
	}
	// basic/index §_meta: "A request missing any required field is
	// malformed; the server MUST reject it with JSON-RPC error code -32602
	// (Invalid params). On HTTP, the response status MUST be 400".
	var missing []string
	for _, k := range []string{protocol.MetaProtocolVersion, protocol.MetaClientCapabilities} {
		if _, ok := meta[k]; !ok {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		msg := "Invalid params: missing required _meta field " + strings.Join(missing, " and ") +
			" (2026-07-28 requests carry their protocol version and client capabilities in params._meta)"
		if len(s.cfg.Legacy) > 0 && len(missing) == 2 {
			msg += "; a " + s.cfg.Legacy[0] + " client must send initialize first"
		}
		r := errReply(m, http.StatusBadRequest, protocol.CodeInvalidParams, msg, nil)
		r.Modern = true
		return r
	}
	var version string
	if err := json.Unmarshal(meta[protocol.MetaProtocolVersion], &version); err != nil {
		r := errReply(m, http.StatusBadRequest, protocol.CodeInvalidParams,
			"Invalid params: _meta "+protocol.MetaProtocolVersion+" must be a string", nil)
		r.Modern = true
		return r
	}
	if !contains(s.cfg.Modern, version) {
		// basic/versioning §Protocol Version Negotiation: "it MUST respond
		// with an UnsupportedProtocolVersionError listing the versions it
		// does support"; streamable-http: 400 Bad Request. The list is
		// every version the server supports, as server/discover's
		// supportedVersions lists them and as the spec's own example does
		// (["2026-07-28", "2025-11-25"] from a dual-era server): a client
		// picks "a mutually supported version", and a legacy one it speaks
		// with the initialize handshake (versioning §Terminology), which the
		// message says.
		msg := unsupportedVersionMessage(version, s.cfg.Modern, s.cfg.Legacy)
		r := errReply(m, http.StatusBadRequest, protocol.CodeUnsupportedProtocolVersion, msg,
			UnsupportedVersionData{Supported: s.Supported(), Requested: protocol.Excerpt(version)})
		r.Modern = true
		return r
	}
	if raw, ok := meta[protocol.MetaLogLevel]; ok {
		// server/utilities/logging §Error Handling: a logLevel that is not
		// a recognized level "SHOULD" be rejected with -32602.
		var level string
		if json.Unmarshal(raw, &level) != nil || protocol.LogSeverity(level) < 0 {
			r := errReply(m, http.StatusBadRequest, protocol.CodeInvalidParams,
				"Invalid params: _meta "+protocol.MetaLogLevel+" must be one of "+strings.Join(protocol.LogLevels, ", ")+", got "+protocol.Excerpt(string(raw)), nil)
			r.Modern = true
			return r
		}
	}
	spec, r, ok := s.gate(m, true)
	if ok {
		s.noteTrace(m, meta)
		r = spec.handle(&call{s: s, c: c, m: m, modern: true, meta: meta, notify: notify, reg: s.Registry()}, ctx)
	}
	r.Modern = true
	return r
}

// unsupportedVersionMessage is the message of the -32022 a request with
// per-request _meta gets for a version the server does not serve that way:
// what it serves per request, and which versions need initialize instead.
func unsupportedVersionMessage(requested string, modern, legacy []string) string {
	msg := "Unsupported protocol version: " + protocol.Excerpt(requested)
	switch {
	case contains(legacy, requested):
		msg += " is served only after an initialize handshake, not with per-request _meta"
	case len(legacy) > 0:
		msg += " (this server also speaks " + strings.Join(legacy, ", ") + ", after an initialize handshake)"
	}
	return msg + "; per request it serves " + strings.Join(modern, ", ")
}

// handleLegacy applies the 2025-11-25 lifecycle (basic/lifecycle).
func (s *Server) handleLegacy(ctx context.Context, c *Conn, m *jsonrpc.Message, notify func(*jsonrpc.Message)) Reply {
	c.mu.Lock()
	ph := c.phase
	c.mu.Unlock()
	switch m.Method {
	case protocol.MethodInitialize:
		return s.initialize(c, m, ph)
	case protocol.MethodInitialized:
		if ph == phaseInitializing {
			c.mu.Lock()
			c.phase = phaseReady
			c.mu.Unlock()
		}
		return Reply{Status: http.StatusAccepted}
	case protocol.MethodCancelled:
		s.cancel(c, m)
		return Reply{Status: http.StatusAccepted}
	case protocol.MethodRootsChanged:
		c.rootsChangedNotice()
		return Reply{Status: http.StatusAccepted}
	case protocol.MethodPing:
		// lifecycle: ping may be sent at any time, even before initialized.
		return Reply{Msg: jsonrpc.Result(m.ID, struct{}{}), Status: http.StatusOK}
	}
	if m.Kind() == jsonrpc.KindNotification {
		return Reply{Status: http.StatusAccepted}
	}
	spec, r, ok := s.gate(m, false)
	if !ok {
		return r
	}
	if ph != phaseReady {
		// lifecycle §Initialization: operations happen only after the
		// client sent notifications/initialized.
		return errReply(m, http.StatusBadRequest, protocol.CodeInvalidRequest,
			"Invalid Request: session not initialized; send notifications/initialized before "+m.Method, nil)
	}
	meta := readMeta(m.Params)
	s.noteTrace(m, meta)
	return spec.handle(&call{s: s, c: c, m: m, meta: meta, notify: notify, reg: s.Registry()}, ctx)
}

func (s *Server) initialize(c *Conn, m *jsonrpc.Message, ph phase) Reply {
	if m.Kind() != jsonrpc.KindRequest {
		return Reply{Status: http.StatusBadRequest}
	}
	if ph != phaseNew {
		return errReply(m, http.StatusBadRequest, protocol.CodeInvalidRequest, "Invalid Request: initialize was already received on this connection", nil)
	}
	var p struct {
		ProtocolVersion *string         `json:"protocolVersion"`
		Capabilities    json.RawMessage `json:"capabilities"`
		ClientInfo      json.RawMessage `json:"clientInfo"`
	}
	if err := json.Unmarshal(orEmpty(m.Params), &p); err != nil {
		return errReply(m, http.StatusBadRequest, protocol.CodeInvalidParams, "Invalid params: "+err.Error(), nil)
	}
	var missing []string
	if p.ProtocolVersion == nil {
		missing = append(missing, "protocolVersion")
	}
	if len(p.Capabilities) == 0 {
		missing = append(missing, "capabilities")
	}
	if len(p.ClientInfo) == 0 {
		missing = append(missing, "clientInfo")
	}
	if len(missing) > 0 {
		return errReply(m, http.StatusBadRequest, protocol.CodeInvalidParams,
			"Invalid params: initialize needs params."+strings.Join(missing, ", params."), nil)
	}
	// lifecycle §Version Negotiation: "If the server supports the requested
	// protocol version, it MUST respond with the same version. Otherwise,
	// the server MUST respond with another protocol version it supports.
	// This SHOULD be the latest version supported by the server."
	version := s.cfg.Legacy[0]
	if contains(s.cfg.Legacy, *p.ProtocolVersion) {
		version = *p.ProtocolVersion
	}
	c.mu.Lock()
	c.phase = phaseInitializing
	c.version = version
	c.clientInfo = p.ClientInfo
	c.clientCaps = p.Capabilities
	c.mu.Unlock()
	return Reply{Msg: jsonrpc.Result(m.ID, InitializeResult{
		ProtocolVersion: version,
		Capabilities:    s.capabilities(s.Registry(), false),
		ServerInfo:      s.cfg.Info,
		Instructions:    s.cfg.Instructions,
	}), Status: http.StatusOK}
}

func orEmpty(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("{}")
	}
	return b
}

// cancel handles notifications/cancelled: stop the named in-flight request.
func (s *Server) cancel(c *Conn, m *jsonrpc.Message) {
	var p CancelledParams
	if err := json.Unmarshal(orEmpty(m.Params), &p); err != nil || len(p.RequestID) == 0 {
		s.Logf("ignoring notifications/cancelled without a valid requestId")
		return
	}
	id, derr := jsonrpc.Decode([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{}}`, p.RequestID)))
	if derr != nil {
		return
	}
	c.mu.Lock()
	cancel := c.inflight[id.ID.String()]
	c.mu.Unlock()
	if cancel == nil {
		// cancellation: the request may already have finished; ignore.
		s.Logf("notifications/cancelled for %s: no such request in flight", id.ID)
		return
	}
	s.Logf("cancelling request %s (%s)", id.ID, p.Reason)
	cancel()
}
