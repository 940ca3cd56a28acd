package scenario

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/netguard"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/transport/streamhttp"
	"mcpwirelab/sim/vclock"
	"mcpwirelab/sim/virtual"
	"mcpwirelab/sim/wire"
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

// runner executes one scenario: the Host's script drives the MCP client
// (sim/client) against a real server (sim/mcp behind a real transport,
// over sim/wire's virtual HTTP or stdio pipe), and every event is recorded.
type runner struct {
	o      Options
	clock  vclock.Clock
	now    func() time.Duration // the trace's clock: virtual, or real for a remote run
	mu     sync.Mutex           // events (a remote run's transports record from more goroutines)
	events []trace.Event
	srv    *mcp.Server

	c        *client.Client
	endpoint string // the MCP endpoint's URL
	ctx      context.Context
	closed   bool // the client gave up on the connection
	sessions int

	servers []*mcp.Server // one per replica
	// handlers: one per replica (HTTP), behind the loopback Host check
	// the dev server puts in front of /mcp (netguard.CheckLoopbackHost).
	handlers []http.Handler
	next     int // round-robin position of the load balancer
	spec     serverSpec

	// The client's Host (what it declares and answers when the server
	// asks: asks.go); it declares nothing unless a scenario says so.
	asker *client.FixedHost
	// phase names each event's part in the scenario (trace.Event.Phase),
	// nil for none.
	phase func(note string) string
	// Tasks in the simulator (runner_tasks.go).
	bg     coop
	tasks  int
	sealed bool // the run is over: events of work still ending are not recorded
}

// serverSpec is what a scenario needs from the server side.
type serverSpec struct {
	tools       *primitive.Registry // nil: the course toolbox
	legacyOnly  bool                // a server that only speaks 2025-11-25
	listChanged bool                // declares tools.listChanged
	replicas    int                 // HTTP replicas behind a round-robin balancer (0 = 1)
	adminEdits  bool                // an administrator edits what the server offers during the run
}

// wires are the connections a run's client uses: the simulator's virtual
// ones, or real ones (RunRemote).
type wires struct {
	http wire.HTTP
	pipe wire.Pipe
}

func newRunner(o Options, spec serverSpec, remote *wires) *runner {
	r := &runner{o: o, spec: spec, ctx: context.Background(), endpoint: o.Endpoint}
	if r.endpoint == "" {
		r.endpoint = "http://" + EndpointHost + EndpointPath
	}
	r.now = r.clock.Now
	cfg := labserver.Config()
	cfg.Sleep = r.toolSleep
	cfg.StateKey, cfg.Now, cfg.NewTaskID, cfg.Background, cfg.Yield = simStateKey(), r.wallNow, r.newTaskID, r.background, r.yield
	if spec.tools != nil {
		cfg.Tools = spec.tools
	}
	if spec.legacyOnly {
		cfg.Modern = []string{}
	}
	cfg.ListChanged = spec.listChanged
	var pipe *virtual.Pipe
	if o.Transport == "stdio" {
		// stdio §Messages: the server MAY write UTF-8 logs to stderr.
		cfg.Logf = func(format string, args ...any) {
			if pipe != nil {
				pipe.Stderr(format, args...)
			}
		}
	}
	n := spec.replicas
	if n < 1 || o.Transport == "stdio" {
		n = 1
	}
	for i := 0; i < n; i++ {
		srv := labserver.NewServer(cfg)
		r.servers = append(r.servers, srv)
		if o.Transport == "http" {
			h := streamhttp.New(streamhttp.Options{Server: srv, NewSessionID: r.newSessionID})
			r.handlers = append(r.handlers, netguard.CheckLoopbackHost(h))
		}
	}
	r.srv = r.servers[0]

	w := remote
	if w == nil {
		pipe = virtual.NewPipe(r.srv)
		w = &wires{pipe: pipe, http: &wire.VirtualHTTP{Route: r.route, Date: r.date, RemoteAddr: virtual.RemoteAddr}}
	}
	r.asker = &client.FixedHost{}
	ccfg := client.Config{Version: o.Version, Observer: r, After: r.after, Host: r.asker, Sleep: r.clock.Sleep}
	if remote != nil {
		start := time.Now()
		r.now = func() time.Duration { return time.Since(start) }
		ccfg.After, ccfg.Sleep = nil, nil // real time
	}
	if v := r.fault().askLegacy; v != "" && !protocol.IsModern(o.Version) {
		// A client that asks for, and accepts, only that version.
		ccfg.Version, ccfg.Supported = v, []string{v}
	}
	if o.Transport == "stdio" {
		r.c = client.NewStdio(faultyPipe(o.Fault, w.pipe), ccfg)
	} else {
		r.c = client.NewHTTP(faultyHTTP(o.Fault, r.endpoint, w.http), r.endpoint, ccfg)
	}
	return r
}

// after is the client's clock in the simulator: the virtual one.
func (r *runner) after(d time.Duration, f func()) func() { return r.clock.AfterFunc(d, f).Stop }

// date is the Date header of a response sent now.
func (r *runner) date() string { return epoch().Add(r.now()).Format(http.TimeFormat) }

// route is the load balancer in front of the replicas: round-robin.
func (r *runner) route(*http.Request) (http.Handler, int) {
	i := r.next % len(r.handlers)
	r.next++
	if len(r.handlers) > 1 {
		return r.handlers[i], i + 1
	}
	return r.handlers[i], 0
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
	// step is the note the step's phase is named by: note before onStdio
	// named it for stdio ("" for note itself).
	step    string
	spec    string
	http    *trace.HTTPInfo
	replica int
	// the client's facts (trace.Event)
	inReplyTo, cancels int
	timeout            time.Duration // the deadline set on a request
	// version, when set, is the version the step belongs to instead of the
	// client's current one: a dual-era client's own rule about a legacy
	// server's message is its modern version's (hostAt).
	version string
}

// Spec sections of the two transports; record resolves them per version
// because 2025-11-25 has one transports page and 2026-07-28 one per transport.
const (
	specStdio = "transport:stdio"
	specHTTP  = "transport:http"
)

// resolveSpec turns a note's spec section into the full reference for the
// version on the wire: the transport placeholders become that version's
// transport page, and a section without a version gets it.
func resolveSpec(spec, wireVersion string) string {
	modern := protocol.IsModern(wireVersion)
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
	return spec
}

// record appends a step the runner writes itself (a host step, a piece
// outside the client) and returns its sequence number; the client's
// events come through Observe. Both go through add.
func (r *runner) record(e ev) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sealed {
		return 0
	}
	return r.add(trace.Event{From: e.from, To: e.to, Channel: e.ch, Raw: e.raw, Messages: e.msgs,
		Note: e.note, Kind: e.kind, Spec: e.spec, HTTP: e.http, Replica: e.replica,
		InReplyTo: e.inReplyTo, Cancels: e.cancels}, e.step, e.version, e.timeout)
}

// add appends a trace event (client.Append) with what a run adds: the
// version it belongs to when it is not the run's, its spec resolved for
// that version, its phase (by step, the note without its stdio label).
// The caller holds r.mu.
func (r *runner) add(te trace.Event, step, ver string, timeout time.Duration) int {
	version := ""
	if v := cmp.Or(ver, r.c.Version()); v != r.o.Version && slices.Contains(protocol.Versions(), v) {
		version = v
	}
	wireVersion := r.o.Version
	if version != "" {
		wireVersion = version
	}
	te.Spec, te.Version = resolveSpec(te.Spec, wireVersion), version
	te.Phase = r.phaseOf(cmp.Or(step, te.Note))
	return client.Append(&r.events, te, r.now(), timeout)
}

// Observe implements client.Observer: every piece the client puts on or
// takes off the wire becomes a trace event, named for the annotation
// table (notes/, NoteKey).
func (r *runner) Observe(e *client.Event) int {
	step, spec := noteOf(e, r.c.Version())
	te := e.TraceEvent()
	te.Note, te.Spec = step, spec
	if te.Channel == trace.Stdin || te.Channel == trace.Stdout {
		te.Note = onStdio(step, r.c.Version())
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sealed {
		return 0
	}
	return r.add(te, step, "", e.Timeout)
}

// piece records a wire piece outside the MCP client (the HTTP lessons);
// timeout is the deadline of a request piece.
func (r *runner) piece(p *wire.Piece, note string, timeout time.Duration) int {
	e := p.Event
	return r.record(ev{from: e.From, to: e.To, ch: e.Channel, kind: e.Kind, raw: e.Raw, msgs: e.Messages,
		note: note, http: e.HTTP, replica: e.Replica, timeout: timeout})
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

// hostAt records a host step that belongs to version, whatever the client
// speaks now (ev.version).
func (r *runner) hostAt(version string, from, to trace.Party, note, raw string) {
	r.record(ev{from: from, to: to, ch: trace.HostChannel, kind: trace.KindThink, raw: raw, note: note, version: version})
}

// outcome is what the client got back for one request.
type outcome = client.Outcome

// callOpts tunes one request (the client's options; Tag is the note
// label: "tools-call" → "tools-call.request"…).
type callOpts = client.CallOptions

// request sends a request and waits (virtually) for its outcome.
func (r *runner) request(method string, params map[string]any, o callOpts) outcome {
	if o.Tag == "" {
		o.Tag = noteLabel(method)
	}
	return r.c.Request(r.ctx, method, params, o)
}

// notify sends a notification (no answer expected).
func (r *runner) notify(method string, params map[string]any, label string) outcome {
	return r.c.Notify(r.ctx, method, params, callOpts{Tag: label})
}
