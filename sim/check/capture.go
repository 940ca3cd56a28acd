package check

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/trace"

	"mcpwirelab/sim/wire"
)

// Target is the server under check: a command the checker launches for
// every connection (stdio), or an HTTP endpoint.
type Target struct {
	// Name is what the report's "target" says: the command line, or the URL.
	Name      string
	Transport string // "stdio" | "http"
	// NewPipe returns the pipe to a fresh, not yet started, process of the
	// server (stdio): every version gets its own process.
	NewPipe func() wire.Pipe
	// HTTP is the wire to the server and Endpoint its URL (http).
	HTTP     wire.HTTP
	Endpoint string
}

// Call is a tool the user named, with the arguments to call it with.
type Call struct {
	Name string
	Args json.RawMessage // an object; {} when the user gave none
}

// ParseCall reads NAME[=JSON] (-call, -slow).
func ParseCall(s string) (Call, error) {
	name, args, hasArgs := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if name == "" {
		return Call{}, errors.New("want NAME or NAME={json arguments}")
	}
	c := Call{Name: name, Args: json.RawMessage(`{}`)}
	if hasArgs {
		var obj map[string]any
		if err := json.Unmarshal([]byte(args), &obj); err != nil || obj == nil {
			return Call{}, fmt.Errorf("arguments of %s must be a JSON object: %q", name, args)
		}
		c.Args = json.RawMessage(args)
	}
	return c, nil
}

// Options say what the checker may do.
type Options struct {
	// Versions to check; nil finds out which the server speaks (every
	// version the lab knows: 2026-07-28 server/discover, 2025-11-25
	// initialize).
	Versions []string
	// Calls are the tools the user named with -call. The checker calls no
	// other tool of the server.
	Calls []Call
	// Slow is the tool for the timeout, cancellation and "still answering"
	// checks (-slow); nil skips them.
	Slow *Call
	// Repeat is how many times the cancellation is tried (at least 1).
	Repeat int
	// Timeout bounds each request (10 s when zero); SlowTimeout the slow
	// call (60 s when zero).
	Timeout, SlowTimeout time.Duration
	// Progress, when set, hears what the checker is doing (stderr).
	Progress func(format string, args ...any)
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Redact takes the secrets given on the command line out of the
	// record (nil: none).
	Redact *Redactor
}

func (o *Options) defaults() {
	if o.Repeat < 1 {
		o.Repeat = 1
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	if o.SlowTimeout <= 0 {
		o.SlowTimeout = 60 * time.Second
	}
	if o.Progress == nil {
		o.Progress = func(string, ...any) {}
	}
}

// Tags of the probes: the first label of every note of a capture, which is
// how Judge finds them again in a transcript.
const (
	tagLaunch        = "launch"
	tagDiscover      = "discover"
	tagInitialize    = "initialize"
	tagInitialized   = "initialized"
	tagList          = "tools-list" // tools-list, then tools-list-2, tools-list-3
	tagListen        = "listen"
	tagIDs           = "ids-echoed"
	tagNotify        = "notify"
	tagUnknownMethod = "unknown-method"
	tagNoMeta        = "no-meta"
	tagBadVersion    = "bad-version"
	tagHeaders       = "header-mismatch"
	tagOrigin        = "origin"
	tagCall          = "call"
	tagUnknownTool   = "unknown-tool"
	tagInvalidArgs   = "invalid-args"
	tagSlow          = "slow"
	tagDuring        = "during"
	tagCancel        = "cancel" // cancel-1, cancel-2, …; the notice cancel-N-notice, then cancel-N-barrier
	tagBarrier       = "-barrier"
	tagNegotiate     = "negotiate"
	tagEnd           = "end"
)

// Probe values. None of them names anything a server could have.
const (
	// UnknownMethod is the method no server implements.
	UnknownMethod = "mcpwirelab/no-such-method"
	// UnknownNotification is the notification sent to see that nothing
	// answers it.
	UnknownNotification = "notifications/mcpwirelab/probe"
	// StringID is the id of the request whose echo is checked as a string.
	StringID = "mcpwl-ids-échos"
	// BogusVersion is the version no server implements that the 2025-11-25
	// initialize asks for (the spec's own example of an unknown version).
	BogusVersion = "1900-01-01"
	// UnknownVersion is the version no server implements that a 2026-07-28
	// request carries in its _meta and MCP-Protocol-Version header: a
	// per-request version (this client sends _meta for it), but not one
	// any server has.
	UnknownVersion = "2099-01-01"
	// ForeignOrigin is the page a DNS-rebinding attack would run on.
	ForeignOrigin = "http://attacker.example"
	// UnknownToolName is the tool no server has (a suffix is added while
	// the server has a tool of that name).
	UnknownToolName = "mcpwl_no_such_tool"
	// slowToken is the progressToken of the slow calls.
	slowToken = "mcpwl-slow"
)

// noteFailure is the note of the host's account of a failure (the server
// would not start, the connection broke).
const noteFailure = "host.failure"

// Run is the capture of one version's session.
type Run struct {
	Version string
	Trace   *trace.Trace
	// Listed are the names tools/list answered with, nil when it did not
	// answer (an error, no session); Unlisted the tools named with -call or
	// -slow that are not among them.
	Listed, Unlisted []string
}

// Capture runs the probes against the target, one session per version,
// and returns every session's trace (versions the server does not speak
// too: their opening shows why).
func Capture(ctx context.Context, t Target, o Options) []Run {
	o.defaults()
	versions := o.Versions
	if len(versions) == 0 {
		versions = protocol.Versions()
	}
	var runs []Run
	for _, v := range versions {
		p := &prober{t: t, o: o, version: v, ctx: ctx, rec: newRecorder(v, o.Now)}
		p.rec.redact = o.Redact
		p.run()
		run := Run{Version: v, Trace: p.rec.trace(t.Transport), Listed: p.listed}
		if p.listed != nil {
			for _, c := range p.named() {
				if !hasTool(p.tools, c.Name) {
					run.Unlisted = append(run.Unlisted, c.Name)
				}
			}
		}
		runs = append(runs, run)
	}
	return runs
}

// prober runs one version's session.
type prober struct {
	t       Target
	o       Options
	version string
	ctx     context.Context
	rec     *recorder
	c       *client.Client
	edit    *editWire
	tools   []mcp.Tool
	listed  []string // the names tools/list answered with (nil: no answer)
	caps    json.RawMessage
	lost    bool // the connection broke: nothing more can be read
	spoke   bool // the server speaks the version
	// slowTook is how long the session's slow call took (0: it was not
	// answered, or too quickly to cancel halfway); the fresh runs of the
	// slow probe need it.
	slowTook time.Duration
	listen   func()
}

func (p *prober) say(format string, args ...any) {
	p.o.Progress("%s: "+format, append([]any{p.version}, args...)...)
}

// connect makes a client over a fresh connection (stdio: a new process)
// and records the launch.
func (p *prober) connect(version string) (*client.Client, error) {
	// ReadPast: one bad line does not end the run; each is named by the
	// check it breaks (badline.go).
	cfg := client.Config{Version: version, Observer: p.rec, ReadPast: true}
	if p.t.Transport == "stdio" {
		note, spec := scenario.LaunchNote("stdio")
		p.rec.host(trace.Host, trace.Server, trace.KindLaunch, note, spec, "$ "+p.t.Name+"\n")
		c := client.NewStdio(p.t.NewPipe(), cfg)
		if err := c.Start(p.ctx); err != nil {
			p.rec.host(trace.Client, trace.Host, trace.KindThink, noteFailure, "", "cannot start the server: "+err.Error()+"\n")
			return nil, err
		}
		return c, nil
	}
	note, spec := scenario.LaunchNote("http")
	p.rec.host(trace.Host, trace.Client, trace.KindLaunch, note, spec, "connect "+p.t.Endpoint+"\n")
	if p.edit == nil {
		p.edit = &editWire{w: p.t.HTTP}
	}
	return client.NewHTTP(p.edit, p.t.Endpoint, cfg), nil
}

// opts are a probe's call options: its tag and the request deadline.
func (p *prober) opts(tag string) client.CallOptions {
	return client.CallOptions{Tag: tag, Timeout: p.o.Timeout}
}

// request sends a request of the session's version.
func (p *prober) request(tag, method string, params map[string]any) client.Outcome {
	return p.done(p.c.Request(p.ctx, method, params, p.opts(tag)))
}

// done notes a connection the server broke, and an exchange the wire cut
// at one of its bounds (realwire's LimitError: a body too large, a
// notification or a write unanswered in time).
func (p *prober) done(out client.Outcome) client.Outcome {
	var cut interface{ Limit() string }
	if errors.As(out.Err, &cut) {
		p.say("%s", cut.Limit())
		p.rec.limit(cut.Limit())
	}
	if out.Broken != "" && !p.lost {
		p.lost = true
		p.say("the connection broke: %s", out.Broken)
		p.rec.host(trace.Client, trace.Host, trace.KindThink, noteFailure, "",
			"the server wrote something that is not an MCP message; the client cannot read on and drops the connection\n")
	}
	return out
}

func (p *prober) run() {
	c, err := p.connect(p.version)
	if err != nil {
		p.say("cannot start the server: %v", err)
		return
	}
	p.c = c
	defer p.freshProbes() // after the close, on connections of their own
	defer p.close()
	if !p.open("") || p.lost {
		return
	}
	p.listTools(tagList)
	if p.lost {
		return
	}
	p.listenForChanges()
	// The catalog's probes, in its order.
	for _, d := range defs {
		if p.lost || p.ctx.Err() != nil {
			return
		}
		if d.probe != nil {
			d.probe(p, d.tag)
		}
	}
}

// tagFresh ends the tags of a fresh connection's requests: its opening
// (discover-fresh) and the probe it carries (no-meta-fresh).
const tagFresh = "-fresh"

// freshProbes runs each probe the catalog marks fresh once more as the
// first request of a connection of its own (stdio: a new process), right
// after server/discover or the initialize handshake: a server that
// answers a request as another version would (a legacy tools/list served
// before its first modern request) shows it there, and nowhere later.
func (p *prober) freshProbes() {
	if !p.spoke {
		return
	}
	main, lost := p.c, p.lost
	defer func() { p.c, p.lost = main, lost }()
	for _, d := range defs {
		if !d.fresh || p.ctx.Err() != nil {
			continue
		}
		if _, applies, _ := d.cite(p.version, p.t.Transport); !applies {
			continue
		}
		runs := []func(string){func(tag string) { d.probe(p, tag) }}
		if d.freshEach != nil {
			runs = d.freshEach(p)
		}
		for _, probe := range runs {
			if p.ctx.Err() != nil {
				return
			}
			if h, ok := p.t.HTTP.(interface{ CloseIdleConnections() }); ok {
				h.CloseIdleConnections() // a fresh TCP connection too
			}
			c, err := p.connect(p.version)
			if err != nil {
				return
			}
			p.c, p.lost = c, false // a connection of its own: the session's break is not its
			if p.open(tagFresh) {
				probe(d.tag + tagFresh)
			}
			p.closeConn(c, tagEnd+tagFresh)
		}
	}
}

// open starts the session: 2026-07-28 server/discover, 2025-11-25
// initialize and notifications/initialized, its requests' tags ending in
// suffix ("" for the session the probes share, tagFresh for a fresh
// connection). It reports whether the server speaks the version.
func (p *prober) open(suffix string) bool {
	if suffix != "" {
		ok, _ := p.opening(suffix)
		return ok
	}
	ok, caps := p.opening("")
	p.caps, p.spoke = caps, ok
	return ok
}

func (p *prober) opening(suffix string) (bool, json.RawMessage) {
	if protocol.IsModern(p.version) {
		res, out := p.c.Discover(p.ctx, p.opts(tagDiscover+suffix))
		p.done(out)
		p.unreachable(out)
		if out.Response == nil || out.Error() != nil || !contains(res.SupportedVersions, p.version) {
			p.say("server/discover%s: the server does not speak %s (%s)", suffix, p.version, outcomeText(out))
			return false, nil
		}
		p.say("server/discover%s: speaks %s", suffix, strings.Join(res.SupportedVersions, ", "))
		return true, res.Capabilities
	}
	res, out := p.c.Initialize(p.ctx, p.opts(tagInitialize+suffix))
	p.done(out)
	p.unreachable(out)
	if out.Response == nil || out.Error() != nil || res.ProtocolVersion != p.version {
		p.say("initialize%s: the server does not speak %s (%s)", suffix, p.version, outcomeText(out))
		return false, nil
	}
	p.say("initialize%s: speaks %s", suffix, res.ProtocolVersion)
	p.done(p.c.Initialized(p.ctx, client.CallOptions{Tag: tagInitialized + suffix}))
	return true, res.Capabilities
}

// unreachable records that the first request did not reach the server
// at all (a refused connection, an unknown host): the run could not be
// made (CouldNotRun), which is no verdict about the server.
func (p *prober) unreachable(out client.Outcome) {
	if out.Err != nil && out.Response == nil && out.Status == 0 {
		p.rec.host(trace.Client, trace.Host, trace.KindThink, noteFailure, "", "cannot reach the server: "+out.Err.Error()+"\n")
	}
}

// outcomeText says in a few words what an outcome was.
func outcomeText(out client.Outcome) string { return out.Summary() }

func (p *prober) listTools(tag string) {
	tools, out := p.c.ListTools(p.ctx, p.opts(tag))
	p.done(out)
	if tag == tagList {
		p.tools = tools
		names := make([]string, len(tools))
		for i, t := range tools {
			names[i] = t.Name
		}
		p.say("tools/list: %d tools (%s)", len(tools), strings.Join(names, ", "))
		if out.Response != nil && out.Error() == nil {
			p.listed = names
		}
	}
}

// listenForChanges opens the stream list_changed notifications arrive on,
// when the server declared tools.listChanged (2026-07-28
// subscriptions/listen; 2025-11-25 the GET stream, or stdout).
func (p *prober) listenForChanges() {
	var caps struct {
		Tools struct {
			ListChanged bool `json:"listChanged"`
		} `json:"tools"`
	}
	_ = json.Unmarshal(p.caps, &caps)
	if !caps.Tools.ListChanged {
		return
	}
	ctx, cancel := context.WithCancel(p.ctx)
	var mu sync.Mutex
	var stop func()
	keep := func(s func()) {
		mu.Lock()
		if stop == nil {
			stop = s
		}
		mu.Unlock()
	}
	opened := make(chan struct{})
	var once sync.Once
	ready := func() { once.Do(func() { close(opened) }) }
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer ready()
		out := p.c.Listen(ctx, mcp.SubscriptionFilter{ToolsListChanged: true}, client.CallOptions{Tag: tagListen,
			OnOpen:   func(s func()) { keep(s); ready() },
			OnNotify: func(_ *jsonrpc.Message, s func()) { keep(s); ready() }})
		var cut interface{ Limit() string }
		if errors.As(out.Err, &cut) {
			p.rec.limit(cut.Limit())
		}
	}()
	select {
	case <-opened:
	case <-time.After(time.Second):
	}
	p.listen = func() {
		mu.Lock()
		s := stop
		mu.Unlock()
		if s != nil {
			s()
		}
		select {
		case <-done:
		case <-time.After(2 * time.Second):
		}
		cancel()
		<-done
	}
}

// idsEchoed sends a request with a string id (every other request has an
// integer one).
func (p *prober) idsEchoed(tag string) {
	p.done(p.c.RequestWithID(p.ctx, jsonrpc.StringID(StringID), protocol.MethodToolsList, nil, p.opts(tag)))
}

// quiet is how long the checker leaves the line quiet after a
// notification, so that an answer to it cannot be taken for the answer to
// the next request.
const quiet = 300 * time.Millisecond

// notification sends a notification no server knows: JSON-RPC answers no
// notification, known or not.
func (p *prober) notification(tag string) {
	p.done(p.c.Notify(p.ctx, UnknownNotification, map[string]any{"note": "mcpwirelab check: nothing answers a notification"},
		client.CallOptions{Tag: tag}))
	p.c.Drain(p.ctx, quiet)
}

func (p *prober) unknownMethod(tag string) {
	out := p.request(tag, UnknownMethod, nil)
	p.say("%s: %s", UnknownMethod, outcomeText(out))
}

// noMeta sends tools/list without the _meta 2026-07-28 requires.
func (p *prober) noMeta(tag string) {
	if !protocol.IsModern(p.version) {
		return
	}
	p.done(p.c.SendMessage(p.ctx, jsonrpc.Request(p.c.NextID(), protocol.MethodToolsList, nil), p.opts(tag)))
}

// badVersion asks for a version no server implements, in _meta and (on
// HTTP) in MCP-Protocol-Version alike, so only the version is wrong.
func (p *prober) badVersion(tag string) {
	if !protocol.IsModern(p.version) {
		return
	}
	p.c.SetVersion(UnknownVersion)
	out := p.request(tag, protocol.MethodToolsList, nil)
	p.c.SetVersion(p.version)
	p.say("version %s: %s", UnknownVersion, outcomeText(out))
}

// headerMismatch sends tools/list whose Mcp-Method header names another
// method (2026-07-28 HTTP).
func (p *prober) headerMismatch(tag string) {
	if !protocol.IsModern(p.version) || p.t.Transport != "http" {
		return
	}
	p.edit.once(func(r *http.Request) { r.Header[protocol.HeaderMethod] = []string{protocol.MethodPromptsList} })
	p.request(tag, protocol.MethodToolsList, nil)
}

// origin sends a request from a foreign page's Origin (HTTP): tools/list on
// 2026-07-28, ping inside the session on 2025-11-25.
func (p *prober) origin(tag string) {
	if p.t.Transport != "http" {
		return
	}
	p.edit.once(func(r *http.Request) { r.Header["Origin"] = []string{ForeignOrigin} })
	method := protocol.MethodToolsList
	if !protocol.IsModern(p.version) {
		method = protocol.MethodPing
	}
	out := p.request(tag, method, nil)
	p.say("Origin %s: %s", ForeignOrigin, outcomeText(out))
}

func (p *prober) calls(tag string) {
	for _, call := range p.o.Calls {
		p.call(tag, call)
		if p.lost {
			return
		}
	}
}

// call calls a tool the user named, with the user's arguments.
func (p *prober) call(tag string, call Call) {
	p.mirror(call.Name, call.Args)
	res, out := p.c.CallTool(p.ctx, call.Name, call.Args, p.opts(tag))
	p.done(out)
	p.say("tools/call %s: %s", call.Name, callText(res, out))
}

// freshCalls are structured-content-matches' fresh runs: each tool named
// with -call that the session's tools/list gives an outputSchema, called
// once more (with the first arguments the user gave it) as the first
// request of a connection of its own, where a server that answers its
// first request otherwise (a cold cache, a lazy start, a legacy path)
// shows it. A tool without an outputSchema is not called again: the check
// has nothing to read in its result; nor is the -slow tool (its calls
// take seconds, and the cancellation checks read them).
func (p *prober) freshCalls() []func(tag string) {
	var runs []func(string)
	seen := map[string]bool{}
	for _, c := range p.o.Calls {
		if seen[c.Name] || !hasOutputSchema(p.tools, c.Name) {
			continue
		}
		seen[c.Name] = true
		runs = append(runs, func(tag string) { p.call(tag, c) })
	}
	return runs
}

// hasOutputSchema reports whether the listed tool name declares an
// outputSchema.
func hasOutputSchema(tools []mcp.Tool, name string) bool {
	for _, t := range tools {
		if o := bytes.TrimSpace(t.OutputSchema); t.Name == name && len(o) > 0 && string(o) != "null" {
			return true
		}
	}
	return false
}

func callText(res mcp.CallToolResult, out client.Outcome) string {
	if out.Response != nil && out.Error() == nil && res.IsError {
		return "isError: true"
	}
	return outcomeText(out)
}

func (p *prober) unknownTool(tag string) {
	name := unknownToolName(p.tools)
	res, out := p.c.CallTool(p.ctx, name, map[string]any{}, p.opts(tag))
	p.done(out)
	p.say("unknown tool %s: %s", name, callText(res, out))
}

// unknownToolName is a tool name the server does not list.
func unknownToolName(tools []mcp.Tool) string {
	name := UnknownToolName
	for n := 2; hasTool(tools, name); n++ {
		name = fmt.Sprintf("%s_%d", UnknownToolName, n)
	}
	return name
}

func hasTool(tools []mcp.Tool, name string) bool {
	for _, t := range tools {
		if t.Name == name {
			return true
		}
	}
	return false
}

// named are the tools the user named, each once, in order.
func (p *prober) named() []Call {
	var out []Call
	seen := map[string]bool{}
	add := func(c Call) {
		if !seen[c.Name] {
			seen[c.Name] = true
			out = append(out, c)
		}
	}
	for _, c := range p.o.Calls {
		add(c)
	}
	if p.o.Slow != nil {
		add(*p.o.Slow)
	}
	return out
}

// mirror arms the next request with the Mcp-Param-* headers of a tools/call
// of tool name with args (2026-07-28 HTTP; server/tools §x-mcp-header):
// the client a server expects mirrors them, so the call is judged on its
// arguments, not refused for a missing header.
func (p *prober) mirror(name string, args json.RawMessage) {
	if !protocol.IsModern(p.version) || p.t.Transport != "http" {
		return
	}
	for _, t := range p.tools {
		if t.Name != name {
			continue
		}
		params, err := primitive.HeaderParamsOf(t.InputSchema)
		if err != nil {
			return
		}
		if h := protocol.ParamHeaders(params, args); len(h) > 0 {
			p.edit.once(func(r *http.Request) {
				for k, v := range h {
					r.Header[k] = []string{v}
				}
			})
		}
	}
}

// invalidArgs calls each named tool with arguments its own inputSchema
// refuses. Tools the user did not name are never called.
func (p *prober) invalidArgs(tag string) {
	for _, c := range p.named() {
		if args, ok := p.invalidFor(c.Name); ok {
			p.invalidCall(tag, c.Name, args)
		}
		if p.lost {
			return
		}
	}
}

// invalidFor is the arguments the listed tool name's inputSchema refuses
// (ok false when it is not listed, or its schema accepts any object).
func (p *prober) invalidFor(name string) (json.RawMessage, bool) {
	var tool *mcp.Tool
	for i := range p.tools {
		if p.tools[i].Name == name {
			tool = &p.tools[i]
		}
	}
	if tool == nil {
		return nil, false
	}
	args, _, ok := InvalidArguments(tool.InputSchema)
	return args, ok
}

// invalidCall calls tool name with arguments its inputSchema refuses.
func (p *prober) invalidCall(tag, name string, args json.RawMessage) {
	p.mirror(name, args)
	res, out := p.c.CallTool(p.ctx, name, args, p.opts(tag))
	p.done(out)
	p.say("tools/call %s with invalid arguments %s: %s", name, args, callText(res, out))
}

// freshInvalidArgs are invalid-arguments-tool-error's fresh runs: each
// named tool's call with invalid arguments as the first request of a
// connection of its own (on one connection only the first tool's call
// would be a first request). No call more than the session's probe makes.
func (p *prober) freshInvalidArgs() []func(tag string) {
	var runs []func(string)
	for _, c := range p.named() {
		if args, ok := p.invalidFor(c.Name); ok {
			runs = append(runs, func(tag string) { p.invalidCall(tag, c.Name, args) })
		}
	}
	return runs
}

// slow runs the slow tool once to its end while asking the server
// something else (tools/list on 2026-07-28, ping on 2025-11-25), then
// cancels it Repeat times halfway through.
func (p *prober) slow(tag string) {
	if p.o.Slow == nil {
		return
	}
	s := *p.o.Slow
	out, took := p.slowCall(tag, tagDuring, slowToken)
	if p.lost || out.Response == nil || took < minSlow {
		return
	}
	p.slowTook = took
	for i := 1; i <= p.o.Repeat && !p.lost && p.ctx.Err() == nil; i++ {
		p.cancelOnce(fmt.Sprintf("%s-%d", tagCancel, i), "", fmt.Sprintf("%s-%d", slowToken, i), i, s, took)
	}
}

// slowCall runs the slow tool to its end (tag) and sends another request
// while it runs (during), and returns the call's outcome and how long it
// took.
func (p *prober) slowCall(tag, during, token string) (client.Outcome, time.Duration) {
	s := *p.o.Slow
	meta := map[string]any{protocol.MetaProgressToken: token}
	start := time.Now()
	done := make(chan client.Outcome, 1)
	p.mirror(s.Name, s.Args)
	go func() {
		_, out := p.c.CallTool(p.ctx, s.Name, s.Args, client.CallOptions{Tag: tag, Meta: meta, Timeout: p.o.SlowTimeout})
		done <- out
	}()
	sleep(p.ctx, duringDelay)
	method := protocol.MethodToolsList
	if !protocol.IsModern(p.version) {
		method = protocol.MethodPing
	}
	dStart := time.Now()
	dOut := p.request(during, method, nil)
	answered := time.Since(dStart)
	out := p.done(<-done)
	took := time.Since(start)
	p.say("%s: slow call %s: %s after %d ms; %s during it answered after %d ms (%s)", tag, s.Name, outcomeText(out),
		took.Milliseconds(), method, answered.Milliseconds(), outcomeText(dOut))
	return out, took
}

// freshSlow is responsive-during-call's fresh run: the slow call, and the
// request sent while it runs, with the call as the first request of a
// connection of its own (a server that runs its first request inside its
// read loop, a lazy start holding a lock, shows it there). Only when the
// session's slow call was answered: one that never was would only cost
// its timeout again.
func (p *prober) freshSlow() []func(tag string) {
	if p.o.Slow == nil || p.slowTook == 0 {
		return nil
	}
	return []func(string){func(string) { p.slowCall(tagSlow+tagFresh, tagDuring+tagFresh, slowToken+tagFresh) }}
}

// freshCancel is cancellation-honoured's fresh run: one call of the slow
// tool cancelled halfway (after half the session's call took) as the
// first request of a connection of its own. One try: the session's
// -repeat tries measure how often a cancellation holds; this one whether
// the order matters.
func (p *prober) freshCancel() []func(tag string) {
	if p.o.Slow == nil || p.slowTook == 0 {
		return nil
	}
	s, took := *p.o.Slow, p.slowTook
	return []func(string){func(string) {
		p.cancelOnce(tagCancel+"-1", tagFresh, fmt.Sprintf("%s-1%s", slowToken, tagFresh), 1, s, took)
	}}
}

// isCancelTag reports whether tag is one of a cancellation's: cancel-N,
// cancel-N-notice, cancel-N-barrier.
func isCancelTag(tag string) bool {
	base := strings.TrimSuffix(strings.TrimSuffix(tag, "-notice"), tagBarrier)
	return isCancel(base)
}

// Timing of the slow-call checks.
const (
	// duringDelay: the other request goes out this long after the slow
	// call, once the server is surely busy with it.
	duringDelay = 250 * time.Millisecond
	// minSlow: a call quicker than this cannot be cancelled halfway.
	minSlow = 400 * time.Millisecond
	// lateGrace: after a cancelled call's full duration (and a quarter
	// more), the checker waits this much longer for a late answer.
	lateGrace = 500 * time.Millisecond
)

// cancelOnce calls the slow tool again and cancels it halfway, the way the
// version and transport say, then watches for anything more about it: the
// call tagged base+suffix (cancel-N, or cancel-1-fresh), its notice
// base-notice+suffix and its barrier base-barrier+suffix, the progress
// token token.
func (p *prober) cancelOnce(base, suffix, token string, i int, s Call, took time.Duration) {
	tag := base + suffix
	half := took / 2
	meta := map[string]any{protocol.MetaProgressToken: token}
	id := p.c.NextID()
	params := map[string]any{"name": s.Name, "arguments": s.Args}
	p.mirror(s.Name, s.Args)
	if protocol.IsModern(p.version) && p.t.Transport == "http" {
		// 2026-07-28 HTTP: closing the response stream is the
		// cancellation; the client's deadline does exactly that.
		p.done(p.c.RequestWithID(p.ctx, id, protocol.MethodToolsCall, params, client.CallOptions{Tag: tag, Meta: meta, Timeout: half}))
		p.say("%s: cancellation %d/%d: closed the stream after %d ms", tag, i, p.o.Repeat, half.Milliseconds())
		return
	}
	// stdio and 2025-11-25 HTTP: notifications/cancelled, then keep
	// reading what the server still sends for the request.
	window := took + took/4 + lateGrace
	ctx, cancel := context.WithTimeout(p.ctx, window)
	defer cancel()
	done := make(chan client.Outcome, 1)
	go func() {
		done <- p.c.RequestWithID(ctx, id, protocol.MethodToolsCall, params, client.CallOptions{Tag: tag, Meta: meta})
	}()
	sleep(p.ctx, half)
	notice := base + "-notice" + suffix
	p.rec.cancelling(notice, tag)
	p.done(p.c.Notify(p.ctx, protocol.MethodCancelled, map[string]any{"requestId": json.RawMessage(id.String()),
		"reason": fmt.Sprintf("mcpwirelab check: cancelled after %d ms", half.Milliseconds())}, client.CallOptions{Tag: notice}))
	// The barrier: a request sent right after the cancellation. A server
	// reads its input in order, so once it has answered this one it has
	// read the cancellation; what it wrote about the cancelled call before
	// that answer was already on its way (basic/utilities/cancellation
	// §Timing Considerations: "Due to network latency, cancellation
	// notifications may arrive after request processing has completed, and
	// potentially after a response has already been sent"), what it writes
	// after is not. ping on
	// 2025-11-25; 2026-07-28 has no ping, server/discover answers anywhere.
	barrier := protocol.MethodPing
	if protocol.IsModern(p.version) {
		barrier = protocol.MethodDiscover
	}
	p.request(base+tagBarrier+suffix, barrier, nil)
	out := p.done(<-done)
	if out.Response == nil && !p.lost {
		p.rec.host(trace.Client, trace.Host, trace.KindThink, tagCancel+".waited", "",
			fmt.Sprintf("no answer for the cancelled call in %d ms: the checker stops waiting\n", window.Milliseconds()))
	}
	p.say("%s: cancellation %d/%d after %d ms: %s", tag, i, p.o.Repeat, half.Milliseconds(), outcomeText(out))
}

// close ends the session (stdio: close stdin and see the exit; 2025-11-25
// HTTP: DELETE), then, for 2025-11-25, tries the negotiation of a version
// no server has on a connection of its own.
func (p *prober) close() {
	if p.listen != nil {
		p.listen()
	}
	p.closeConn(p.c, tagEnd)
	if protocol.IsModern(p.version) || !p.spoke {
		return
	}
	c, err := p.connect(BogusVersion)
	if err != nil {
		return
	}
	res, out := c.Initialize(p.ctx, p.opts(tagNegotiate))
	p.say("initialize asking %s: %s %s", BogusVersion, outcomeText(out), res.ProtocolVersion)
	p.closeConn(c, tagNegotiate+"-end")
}

// closeGrace is how long a stdio server gets to exit once its stdin is
// closed before it is killed (stdio §Shutdown: "Servers SHOULD exit
// promptly when their standard input is closed").
const closeGrace = 3 * time.Second

func (p *prober) closeConn(c *client.Client, tag string) {
	ctx, cancel := context.WithTimeout(p.ctx, closeGrace)
	defer cancel()
	_ = c.Close(ctx, client.CallOptions{Tag: tag})
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

func contains(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}

// editWire lets one probe change the next request on its way out (a
// foreign Origin, a header that disagrees with the body): the faults'
// shape (sim/fault.EditRequest), armed for one request.
type editWire struct {
	w    wire.HTTP
	mu   sync.Mutex
	next func(*http.Request)
}

func (e *editWire) once(f func(*http.Request)) {
	e.mu.Lock()
	e.next = f
	e.mu.Unlock()
}

// Do implements wire.HTTP.
func (e *editWire) Do(ctx context.Context, req *http.Request, s *wire.Stream) (wire.Result, error) {
	e.mu.Lock()
	f := e.next
	e.next = nil
	e.mu.Unlock()
	if f != nil {
		f(req)
	}
	return e.w.Do(ctx, req, s)
}
