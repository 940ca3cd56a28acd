package scenario

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/netguard"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/transport/streamhttp"
	"mcpwirelab/sim/vclock"
)

// Endpoint is where the simulated client finds the server over HTTP: the
// dev server's real address, so "Reproduce it" commands match.
const (
	EndpointHost = "127.0.0.1:8080"
	EndpointPath = "/mcp"
)

// epoch is the virtual wall clock's zero, used for HTTP Date headers. It
// is a function, not a variable initialised by a call: such a variable
// makes the compiler build the later package tables (scenarios) with code
// at start-up instead of as static data.
func epoch() time.Time { return time.Date(2026, time.July, 28, 9, 0, 0, 0, time.UTC) }

// runner executes one scenario: it plays the client against a real server
// (sim/mcp behind a real transport) and records every event.
type runner struct {
	o      Options
	clock  vclock.Clock
	events []trace.Event
	srv    *mcp.Server

	// client state
	version    string // the version the client speaks on the wire
	nextID     int64
	sessionID  string          // 2025-11-25 HTTP
	negotiated bool            // the 2025-11-25 handshake completed
	serverCaps json.RawMessage // capabilities from discover / initialize
	origin     string          // Origin header the client (a browser page) sends, if any
	hostHeader string          // Host the client sends instead of EndpointHost (a rebound page), if any
	closed     bool            // the client gave up on the connection
	sessions   int
	replica    int // 1-based replica of the HTTP exchange in flight (0: no balancer)

	peer    *stdio.Peer
	servers []*mcp.Server // one per replica
	// handlers: one per replica (HTTP), behind the loopback Host check
	// the dev server puts in front of /mcp (netguard.CheckLoopbackHost).
	handlers []http.Handler
	next     int // round-robin position of the load balancer
	spec     serverSpec
}

// serverSpec is what a scenario needs from the server side.
type serverSpec struct {
	tools       *toolbox.Registry // nil: the course toolbox
	legacyOnly  bool              // a server that only speaks 2025-11-25
	listChanged bool              // declares tools.listChanged
	replicas    int               // HTTP replicas behind a round-robin balancer (0 = 1)
}

func newRunner(o Options, spec serverSpec) *runner {
	r := &runner{o: o, version: o.Version, spec: spec}
	cfg := mcp.DefaultConfig()
	cfg.Sleep = r.clock.Sleep
	if spec.tools != nil {
		cfg.Tools = spec.tools
	}
	if spec.legacyOnly {
		cfg.Modern = []string{}
	}
	cfg.ListChanged = spec.listChanged
	if o.Transport == "stdio" {
		// stdio §Messages: the server MAY write UTF-8 logs to stderr.
		cfg.Logf = func(format string, args ...any) {
			r.record(ev{from: trace.Server, to: trace.Client, ch: trace.Stderr, kind: trace.KindMessage,
				raw: fmt.Sprintf(format, args...) + "\n", note: "stderr.log",
				spec: specStdio})
		}
	}
	n := spec.replicas
	if n < 1 || o.Transport == "stdio" {
		n = 1
	}
	for i := 0; i < n; i++ {
		srv := mcp.NewServer(cfg)
		r.servers = append(r.servers, srv)
		if o.Transport == "http" {
			h := streamhttp.New(streamhttp.Options{Server: srv, NewSessionID: r.newSessionID})
			r.handlers = append(r.handlers, netguard.CheckLoopbackHost(h))
		}
	}
	r.srv = r.servers[0]
	if o.Transport == "stdio" {
		r.peer = stdio.NewPeer(r.srv)
	}
	return r
}

// newSessionID mints deterministic, realistic-looking ids for golden files.
func (r *runner) newSessionID() string {
	r.sessions++
	return fmt.Sprintf("5f3c9a1e%08x7b2d4c6e%08x", r.sessions*0x2f1b3, r.sessions*0x9e37)
}

type ev struct {
	from, to trace.Party
	ch       trace.Channel
	kind     trace.Kind
	raw      string
	msgs     []json.RawMessage
	note     string
	spec     string
	http     *trace.HTTPInfo
}

// Spec sections of the two transports; record resolves them per version
// because 2025-11-25 has one transports page and 2026-07-28 one per transport.
const (
	specStdio = "transport:stdio"
	specHTTP  = "transport:http"
)

func (r *runner) record(e ev) {
	if e.msgs == nil {
		e.msgs = []json.RawMessage{}
	}
	version := ""
	if r.version != r.o.Version && slices.Contains(mcp.Versions(), r.version) {
		version = r.version
	}
	wireVersion := r.o.Version
	if version != "" {
		wireVersion = version
	}
	spec := e.spec
	modern := mcp.IsModern(wireVersion)
	switch {
	case spec == specStdio && modern:
		spec = "basic/transports/stdio"
	case spec == specStdio:
		spec = "basic/transports#stdio"
	case spec == specHTTP && modern:
		spec = "basic/transports/streamable-http"
	case spec == specHTTP:
		spec = "basic/transports#streamable-http"
	}
	if spec != "" && !strings.HasPrefix(spec, "20") {
		spec = wireVersion + "/" + spec
	}
	replica := 0
	if e.ch == trace.HTTPRequest || e.ch == trace.HTTPResponse {
		replica = r.replica
	}
	r.events = append(r.events, trace.Event{
		Seq: len(r.events) + 1, From: e.from, To: e.to, Channel: e.ch, Raw: e.raw,
		Messages: e.msgs, Note: e.note, Kind: e.kind, TimeMs: r.clock.Now().Milliseconds(),
		Spec: spec, HTTP: e.http, Replica: replica, Version: version,
	})
}

func (r *runner) trace() *trace.Trace {
	return &trace.Trace{Scenario: r.o.Scenario, Version: r.o.Version, Transport: r.o.Transport, Fault: r.o.Fault, Events: r.events}
}

// host records a Host-internal step (the model reading or deciding).
//
// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func (r *runner) host(from, to trace.Party, note, raw string) {
	r.record(ev{from: from, to: to, ch: trace.HostChannel, kind: trace.KindThink, raw: raw, note: note})
}

// outcome is what the client got back for one request.
type outcome struct {
	resp     *jsonrpc.Message // nil when none arrived
	status   int              // HTTP status (0 on stdio)
	timedOut bool
	broken   string // the connection broke (client-side parse failure)
	// dropped: the network broke the response stream (callOpts.drop);
	// lastEventID is the id of the last SSE event the client received
	// and reqID the id of the request the stream answered.
	dropped     bool
	lastEventID string
	reqID       jsonrpc.ID
}

func (o outcome) result(v any) bool {
	if o.resp == nil || o.resp.Error != nil {
		return false
	}
	return json.Unmarshal(o.resp.Result, v) == nil
}

// callOpts tunes one request.
type callOpts struct {
	label    string         // note prefix: "tools-call" → "tools-call.request"…
	meta     map[string]any // extra _meta (progressToken)
	timeout  time.Duration  // client deadline; 0 = none
	mutate   func(h http.Header)
	noMeta   bool // send without the version's _meta (legacy-shaped)
	omitSess bool // forget Mcp-Session-Id (fault)
	pollute  bool // the server prints a debug line on stdout first (fault)
	// onNotify sees each server notification that arrives for this
	// request, after it is recorded; stop ends the request the way the
	// transport and version cancel (a subscription the client leaves).
	onNotify func(n *jsonrpc.Message, stop func())
	// onOpen runs when a streamed HTTP response's head arrives (the
	// 2025-11-25 GET stream carries no first message to react to).
	onOpen func(stop func())
	// drop breaks the response stream after the first progress
	// notification (a network failure, not the client's decision).
	drop bool
	// expect is the request a GET resumption answers (Last-Event-ID).
	expect jsonrpc.ID
}

func (r *runner) newID() jsonrpc.ID {
	r.nextID++
	return jsonrpc.IntID(r.nextID)
}

// request sends a request and waits (virtually) for its outcome.
func (r *runner) request(method string, params map[string]any, o callOpts) outcome {
	if !o.noMeta {
		params = mcp.RequestParams(r.version, params, o.meta)
	}
	m := jsonrpc.Request(r.newID(), method, params)
	if o.label == "" {
		o.label = noteLabel(method)
	}
	if r.o.Transport == "stdio" {
		return r.stdioSend(m, o)
	}
	return r.httpSend(m, o)
}

// notify sends a notification (no answer expected).
func (r *runner) notify(method string, params map[string]any, label string) outcome {
	m := jsonrpc.Notification(method, params)
	if r.o.Transport == "stdio" {
		return r.stdioSend(m, callOpts{label: label})
	}
	return r.httpSend(m, callOpts{label: label})
}

func noteLabel(method string) string {
	switch method {
	case mcp.MethodInitialize:
		return "initialize"
	case mcp.MethodInitialized:
		return "initialized"
	case mcp.MethodDiscover:
		return "discover"
	case mcp.MethodToolsList:
		return "tools-list"
	case mcp.MethodToolsCall:
		return "tools-call"
	case mcp.MethodCancelled:
		return "cancelled"
	}
	return strings.ReplaceAll(method, "/", "-")
}

func raws(ms ...*jsonrpc.Message) []json.RawMessage {
	out := make([]json.RawMessage, len(ms))
	for i, m := range ms {
		out[i] = m.Encode()
	}
	return out
}

// responseNote names a server message for the annotation table.
func responseNote(label string, m *jsonrpc.Message, status int) string {
	switch {
	case m.Method == mcp.MethodProgress && label == "resume":
		return "resume.progress" // replayed from the server's log
	case m.Method == mcp.MethodProgress:
		return "progress"
	case m.Method == mcp.MethodAcknowledged:
		return "subscription.acknowledged"
	case m.Method == mcp.MethodToolsChanged:
		return "tools-changed"
	case m.Error != nil && status >= 400:
		return fmt.Sprintf("%s.error.%d.http-%d", label, -m.Error.Code, status)
	case m.Error != nil:
		return fmt.Sprintf("%s.error.%d", label, -m.Error.Code)
	case bytes.Contains(m.Result, []byte(`"isError":true`)):
		return label + ".tool-error"
	}
	return label + ".result"
}

// ---- stdio ----

func (r *runner) stdioSend(m *jsonrpc.Message, o callOpts) outcome {
	kindNote := ".request"
	if m.Kind() == jsonrpc.KindNotification {
		kindNote = ""
	}
	line := string(m.Encode()) + "\n"
	r.record(ev{from: trace.Client, to: trace.Server, ch: trace.Stdin, kind: trace.KindMessage, raw: line,
		msgs: raws(m), note: o.label + kindNote, spec: specStdio})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got outcome
	var alarm *vclock.Alarm
	if o.timeout > 0 {
		alarm = r.clock.AfterFunc(o.timeout, func() {
			got.timedOut = true
			r.stopStdio(m.ID, fmt.Sprintf("client timeout after %d ms", o.timeout.Milliseconds()), "timeout")
		})
	}
	polluted := false
	r.peer.HandleLine(ctx, []byte(line), func(out *jsonrpc.Message) {
		if o.pollute && !polluted && out.Method == "" {
			polluted = true
			// The fault: a stray print() in the server lands on stdout.
			dbg := "DEBUG tools/call " + string(m.Params) + "\n"
			r.record(ev{from: trace.Server, to: trace.Client, ch: trace.Stdout, kind: trace.KindMessage, raw: dbg,
				note: "stdout-pollution.line", spec: specStdio})
		}
		note := responseNote(o.label, out, 0)
		if polluted && out.Method == "" {
			note = "stdout-pollution.unread"
		}
		r.record(ev{from: trace.Server, to: trace.Client, ch: trace.Stdout, kind: trace.KindMessage,
			raw: string(out.Encode()) + "\n", msgs: raws(out), note: note, spec: specStdio})
		if out.Method == "" && !m.ID.IsZero() && out.ID == m.ID {
			got.resp = out
		}
		if out.Method != "" && o.onNotify != nil {
			o.onNotify(out, func() { r.stopStdio(m.ID, "client is done with the subscription", "subscription") })
		}
	})
	if alarm != nil {
		alarm.Stop()
	}
	if polluted {
		// The client reads the debug line first and cannot parse it.
		_, derr := jsonrpc.Decode([]byte("DEBUG tools/call " + string(m.Params)))
		got.broken = derr.Err.Message
		got.resp = nil
	}
	return got
}

// stopStdio cancels an in-flight request on stdio: the client sends
// notifications/cancelled with its id (2026-07-28 stdio §Cancellation,
// 2025-11-25 basic/utilities/cancellation).
func (r *runner) stopStdio(id jsonrpc.ID, reason, label string) {
	c := jsonrpc.Notification(mcp.MethodCancelled, map[string]any{"requestId": json.RawMessage(id.String()), "reason": reason})
	r.stdioSend(c, callOpts{label: label + ".cancelled"})
}

// closeStdin ends a stdio session: the client closes the server's stdin and
// the server exits on EOF (stdio §Shutdown).
func (r *runner) closeStdin(note string) {
	r.record(ev{from: trace.Client, to: trace.Server, ch: trace.Stdin, kind: trace.KindClose, raw: "", note: note,
		spec: specStdio})
	r.peer.Conn().CancelAll()
	r.srv.Logf("stdin closed; exiting")
	r.record(ev{from: trace.Server, to: trace.Host, ch: trace.HostChannel, kind: trace.KindClose, raw: "exit status 0\n",
		note: "shutdown.exit"})
}

// ---- Streamable HTTP ----

// buildRequest serialises the POST exactly as the client puts it on the wire.
func (r *runner) buildRequest(method string, body []byte, m *jsonrpc.Message, o callOpts) *http.Request {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, _ := http.NewRequest(method, "http://"+EndpointHost+EndpointPath, rd)
	if r.hostHeader != "" {
		req.Host = r.hostHeader
	}
	h := req.Header
	h["User-Agent"] = []string{"mcp-wire-lab-client/1.0"}
	if body != nil {
		h["Content-Type"] = []string{"application/json"}
		h["Accept"] = []string{"application/json, text/event-stream"}
	}
	if r.origin != "" {
		h["Origin"] = []string{r.origin}
	}
	if mcp.IsModern(r.version) {
		if m != nil {
			// 2026-07-28 §Request Metadata: every POST carries
			// MCP-Protocol-Version, Mcp-Method and (tools/call) Mcp-Name.
			h[streamhttp.HeaderProtocolVersion] = []string{r.version}
			h[streamhttp.HeaderMethod] = []string{m.Method}
			if m.Method == mcp.MethodToolsCall {
				var p struct {
					Name string `json:"name"`
				}
				_ = json.Unmarshal(m.Params, &p)
				h[streamhttp.HeaderName] = []string{streamhttp.EncodeValue(p.Name)}
			}
		}
	} else if r.sessionID != "" {
		// 2025-11-25 §Session Management 2 and §Protocol Version Header.
		if !o.omitSess {
			h[streamhttp.HeaderSessionID] = []string{r.sessionID}
		}
		if r.negotiated {
			h[streamhttp.HeaderProtocolVersion] = []string{r.version}
		}
	}
	if o.mutate != nil {
		o.mutate(h)
	}
	return req
}

func (r *runner) httpSend(m *jsonrpc.Message, o callOpts) outcome {
	body := m.Encode()
	req := r.buildRequest(http.MethodPost, body, m, o)
	kindNote := ".request"
	if m.Kind() == jsonrpc.KindNotification {
		kindNote = ""
	}
	return r.roundTrip(req, []*jsonrpc.Message{m}, o, o.label+kindNote)
}

// roundTrip writes the request as HTTP/1.1 text, parses it back with
// http.ReadRequest, runs the server's real handler and captures the
// response bytes, streamed chunks included.
func (r *runner) roundTrip(req *http.Request, sent []*jsonrpc.Message, o callOpts, note string) outcome {
	var wire bytes.Buffer
	_ = req.Write(&wire)
	raw := wire.String()
	// The load balancer (if any) picks the replica round-robin.
	replica := r.next % len(r.handlers)
	r.next++
	r.replica = 0
	if len(r.handlers) > 1 {
		r.replica = replica + 1
	}
	r.record(ev{from: trace.Client, to: trace.Server, ch: trace.HTTPRequest, kind: trace.KindMessage, raw: raw,
		msgs: raws(sent...), note: note, spec: specHTTP,
		http: &trace.HTTPInfo{Method: req.Method, Path: req.URL.Path, Headers: headerMap(req.Header)}})

	parsed, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
	if err != nil {
		panic("scenario: the client wrote an unparsable request: " + err.Error())
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	parsed = parsed.WithContext(ctx)
	parsed.RemoteAddr = "127.0.0.1:53124"

	rec := &recorder{r: r, label: o.label, hdr: http.Header{}}
	var got outcome
	var alarm *vclock.Alarm
	var id jsonrpc.ID
	if len(sent) == 1 {
		id = sent[0].ID
	}
	got.reqID = id
	if o.drop && len(sent) == 1 {
		rec.onNotify = func(n *jsonrpc.Message) {
			if n.Method == mcp.MethodProgress && !got.dropped {
				got.dropped = true
				r.dropHTTP(rec, cancel)
			}
		}
	}
	if o.timeout > 0 && len(sent) == 1 {
		alarm = r.clock.AfterFunc(o.timeout, func() {
			got.timedOut = true
			r.stopHTTP(id, fmt.Sprintf("client timeout after %d ms", o.timeout.Milliseconds()), "timeout", cancel, rec)
		})
	}
	stop := func() { r.stopHTTP(id, "client is done with the subscription", "subscription", cancel, rec) }
	if o.onNotify != nil {
		rec.onNotify = func(n *jsonrpc.Message) { o.onNotify(n, stop) }
	}
	if o.onOpen != nil {
		rec.onOpen = func() { o.onOpen(stop) }
	}
	r.handlers[replica].ServeHTTP(rec, parsed)
	if alarm != nil {
		alarm.Stop()
	}
	full := rec.finish()
	if got.timedOut {
		return got
	}
	if got.dropped {
		got.lastEventID = lastEventID(full)
		return got
	}
	resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(full)), parsed)
	if err != nil {
		panic("scenario: the server wrote an unparsable response: " + err.Error())
	}
	defer resp.Body.Close()
	got.status = resp.StatusCode
	if sid := resp.Header.Get(streamhttp.HeaderSessionID); sid != "" {
		r.sessionID = sid
	}
	bodyBytes, _ := io.ReadAll(resp.Body)
	for _, msg := range parseBody(resp.Header.Get("Content-Type"), bodyBytes) {
		if msg.Method == "" && len(sent) == 1 && (msg.ID == sent[0].ID || msg.ID.IsZero()) {
			got.resp = msg
		}
		if msg.Method == "" && len(sent) == 0 && !o.expect.IsZero() && msg.ID == o.expect {
			got.resp = msg // the answer to an earlier request, on a resumed stream
		}
	}
	return got
}

// dropHTTP is the network breaking the response stream: nothing is sent,
// the client just stops receiving. What that means for the request depends
// on the version (see the notes of stream-drop.lost).
func (r *runner) dropHTTP(rec *recorder, cancel context.CancelFunc) {
	spec := "basic/transports/streamable-http#cancellation"
	if !mcp.IsModern(r.version) {
		spec = "basic/transports#sending-messages-to-the-server"
	}
	r.record(ev{from: trace.Server, to: trace.Client, ch: trace.HTTPResponse, kind: trace.KindClose, raw: "",
		note: "stream-drop.lost", spec: spec})
	rec.clientClosed = true
	cancel()
}

// lastEventID is the id of the last SSE event in a response's wire text
// ("" if none).
func lastEventID(wire string) string {
	last := ""
	for _, line := range strings.Split(strings.ReplaceAll(wire, "\r\n", "\n"), "\n") {
		if v, ok := strings.CutPrefix(line, "id:"); ok {
			last = strings.TrimPrefix(v, " ")
		}
	}
	return last
}

// stopHTTP is the client giving up on a request or stream: 2026-07-28
// closes the response stream, which "MUST be treated by the server as
// cancellation"; 2025-11-25 says a disconnect is NOT a cancellation, so the
// client sends notifications/cancelled in a new POST and then drops the
// stream. A 2025-11-25 GET stream has no request id: it is just closed.
func (r *runner) stopHTTP(id jsonrpc.ID, reason, label string, cancel context.CancelFunc, rec *recorder) {
	if mcp.IsModern(r.version) || id.IsZero() {
		spec := "basic/transports/streamable-http#cancellation"
		if !mcp.IsModern(r.version) {
			spec = "basic/transports#listening-for-messages-from-the-server"
		}
		r.record(ev{from: trace.Client, to: trace.Server, ch: trace.HTTPRequest, kind: trace.KindClose, raw: "",
			note: label + ".close-stream", spec: spec})
		rec.clientClosed = true
		cancel()
		return
	}
	c := jsonrpc.Notification(mcp.MethodCancelled, map[string]any{"requestId": json.RawMessage(id.String()), "reason": reason})
	r.httpSend(c, callOpts{label: label + ".cancelled"})
	r.record(ev{from: trace.Client, to: trace.Server, ch: trace.HTTPRequest, kind: trace.KindClose, raw: "",
		note: label + ".drop-stream", spec: "basic/utilities/cancellation#cancellation-flow"})
	rec.clientClosed = true
	cancel()
}

func headerMap(h http.Header) map[string][]string {
	out := make(map[string][]string, len(h))
	for k, v := range h {
		out[http.CanonicalHeaderKey(k)] = append([]string(nil), v...)
	}
	return out
}

// parseBody extracts JSON-RPC messages from a JSON body or an SSE stream.
func parseBody(contentType string, body []byte) []*jsonrpc.Message {
	var out []*jsonrpc.Message
	if strings.HasPrefix(contentType, "text/event-stream") {
		for _, data := range sseData(body) {
			if m, err := jsonrpc.Decode([]byte(data)); err == nil {
				out = append(out, m)
			}
		}
		return out
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	if m, err := jsonrpc.Decode(body); err == nil {
		out = append(out, m)
	}
	return out
}

// sseData returns the data of each SSE event (lines starting with ":" are
// comments; multi-line data is joined with "\n").
func sseData(b []byte) []string {
	var out []string
	var data []string
	for _, line := range strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n") {
		switch {
		case line == "":
			if len(data) > 0 {
				out = append(out, strings.Join(data, "\n"))
				data = nil
			}
		case strings.HasPrefix(line, ":"):
		case strings.HasPrefix(line, "data:"):
			data = append(data, strings.TrimPrefix(strings.TrimPrefix(line, "data:"), " "))
		}
	}
	if len(data) > 0 {
		out = append(out, strings.Join(data, "\n"))
	}
	return out
}

// recorder is the server side of the virtual connection: an
// http.ResponseWriter that turns what the handler writes into HTTP/1.1
// response text, one trace event per flush.
type recorder struct {
	r            *runner
	label        string
	hdr          http.Header
	status       int
	wroteHeader  bool
	streamed     bool
	clientClosed bool
	body         bytes.Buffer // not yet emitted
	wire         bytes.Buffer // everything emitted, for the client to parse
	onNotify     func(n *jsonrpc.Message)
	onOpen       func()
	// plain, when set, marks a plain-HTTP exchange (httpfound.go): it
	// names each recorded piece and sees it after it is recorded.
	plain *plainHooks
}

func (w *recorder) Header() http.Header { return w.hdr }

func (w *recorder) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	w.wroteHeader = true
	w.status = code
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.clientClosed {
		return 0, io.ErrClosedPipe
	}
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}

// Flush sends what was written so far as a chunk (chunked transfer coding,
// as net/http does for a streamed response of unknown length).
func (w *recorder) Flush() {
	if w.clientClosed {
		return
	}
	w.WriteHeader(http.StatusOK)
	var out strings.Builder
	first := !w.streamed
	if first {
		w.streamed = true
		w.hdr.Set("Transfer-Encoding", "chunked")
		out.WriteString(w.head())
	}
	chunk := w.body.Bytes()
	msgs := parseBody("text/event-stream", chunk)
	if len(chunk) > 0 {
		fmt.Fprintf(&out, "%x\r\n%s\r\n", len(chunk), chunk)
	}
	w.body.Reset()
	w.emit(out.String(), msgs, !first)
	if first && w.onOpen != nil && !w.clientClosed {
		w.onOpen()
	}
}

func (w *recorder) head() string {
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", w.status, http.StatusText(w.status))
	h := w.hdr.Clone()
	h.Set("Date", epoch().Add(w.r.clock.Now()).Format(http.TimeFormat))
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, v := range h[k] {
			fmt.Fprintf(&b, "%s: %s\r\n", k, v)
		}
	}
	b.WriteString("\r\n")
	return b.String()
}

func (w *recorder) emit(raw string, msgs []*jsonrpc.Message, chunk bool) {
	w.wire.WriteString(raw)
	note := w.label + ".response"
	if len(msgs) == 1 {
		note = responseNote(w.label, msgs[0], w.status)
	} else if len(msgs) == 0 && w.status == http.StatusAccepted {
		note = w.label + ".accepted"
	} else if len(msgs) == 0 && w.status == http.StatusNoContent {
		note = w.label + ".no-content"
	} else if len(msgs) == 0 && chunk {
		note = w.label + ".stream-end"
	} else if len(msgs) == 0 && w.streamed && strings.Contains(raw, "\r\nid: ") {
		// 2025-11-25: the stream opens with an id-only priming event.
		note = w.label + ".stream-prime"
	}
	spec := specHTTP
	if w.plain != nil {
		note, spec = w.plain.note(w.status, raw, chunk), ""
	}
	w.r.record(ev{from: trace.Server, to: trace.Client, ch: trace.HTTPResponse, kind: trace.KindMessage, raw: raw,
		msgs: raws(msgs...), note: note, spec: spec,
		http: &trace.HTTPInfo{Status: w.status, Headers: headerMap(w.hdr), Chunk: chunk}})
	if w.plain != nil {
		w.plain.after(raw, chunk)
	}
	for _, m := range msgs {
		if m.Method != "" && w.onNotify != nil && !w.clientClosed {
			w.onNotify(m)
		}
	}
}

// finish completes the response after the handler returned and gives the
// full wire text back.
func (w *recorder) finish() string {
	if w.clientClosed {
		return w.wire.String()
	}
	w.WriteHeader(http.StatusOK)
	if w.streamed {
		var out strings.Builder
		rest := w.body.Bytes()
		msgs := parseBody("text/event-stream", rest)
		if len(rest) > 0 {
			fmt.Fprintf(&out, "%x\r\n%s\r\n", len(rest), rest)
		}
		out.WriteString("0\r\n\r\n")
		w.emit(out.String(), msgs, true)
		return w.wire.String()
	}
	body := w.body.Bytes()
	if w.status != http.StatusNoContent && w.status != http.StatusNotModified {
		w.hdr.Set("Content-Length", fmt.Sprint(len(body)))
	}
	msgs := parseBody(w.hdr.Get("Content-Type"), body)
	w.emit(w.head()+string(body), msgs, false)
	return w.wire.String()
}

func contextWithCancel() (context.Context, context.CancelFunc) {
	return context.WithCancel(context.Background())
}
