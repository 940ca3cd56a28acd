package scenario

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/transport/streamhttp"
)

// Versions the faulty clients ask for.
const (
	futureVersion = "2099-01-01" // a modern version the server does not know
	// An older legacy client: 2025-03-26 introduced Streamable HTTP and is
	// the first version a Streamable HTTP client can speak.
	oldVersion = "2025-03-26"
)

// rebindHost is the attacker's name after DNS rebinding: it resolves to
// 127.0.0.1, on the server's port.
const rebindHost = "attacker.example:8080"

// toolCall is the course's main scenario: the host launches (or connects
// to) the server, discovers it, lists tools, lets the model choose a call,
// calls the tool and hands the result back to the model.
func toolCall(r *runner) {
	prompt, call := "Which urgent e-mails came in? Show me the three newest.",
		toolChoice{Name: "list_emails", Args: map[string]any{"urgent": true, "limit": 3}}
	switch r.o.Fault {
	case FaultTimeout:
		prompt, call = "Export this month's Engineering timesheets.",
			toolChoice{Name: "export_timesheets", Args: map[string]any{"department": "Engineering", "steps": 5}, Progress: true, Timeout: clientTimeout}
	case FaultUnknownTool:
		// The model invents a tool that is not in the list.
		call = toolChoice{Name: "search_mail", Args: map[string]any{"query": "urgent", "limit": 3}}
	case FaultBadParams:
		call.Args = map[string]any{"urgent": true, "limit": 500}
	}
	tools, ok := r.begin(prompt)
	if !ok {
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	out := r.callTool(call)
	if r.o.Fault == FaultBadParams && out.isError {
		// tools §Error Handling: the execution error is actionable, so the
		// model corrects the argument and tries again: with the three the
		// user asked for, which the schema's maximum of 20 allows.
		call.Args = map[string]any{"urgent": true, "limit": 3}
		call.Retry = true
		r.callTool(call)
	}
	r.finish()
}

// begin records the user's prompt, starts the connection and lists the
// tools; false when a fault already ended the run.
func (r *runner) begin(prompt string) ([]mcp.Tool, bool) {
	r.host(trace.Host, trace.Host, "user.prompt", prompt+"\n")
	if !r.start() {
		return nil, false
	}
	tools, ok := r.listTools()
	if !ok {
		r.finish()
	}
	return tools, ok
}

// progressScenario runs the slow tool to completion with progress over SSE
// (HTTP) or interleaved stdout notifications (stdio).
func progressScenario(r *runner) {
	tools, ok := r.begin("Export the Support timesheets for the last three weeks.")
	if !ok {
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	// The client's deadline: generous, or (fault timeout) shorter than the
	// three-second export. Progress does not extend it: 2026-07-28
	// basic/patterns/cancellation §Timeouts lets a client reset the clock
	// on progress but says it "SHOULD always enforce a maximum timeout".
	timeout := 30 * time.Second
	if r.o.Fault == FaultTimeout {
		timeout = clientTimeout
	}
	r.callTool(toolChoice{Name: "export_timesheets", Args: map[string]any{"department": "Support", "steps": 3}, Progress: true, Timeout: timeout,
		DropStream: r.o.Fault == FaultStreamDrop})
	r.finish()
}

// clientTimeout is the deadline of the timeout fault (tool-call and
// progress): long enough for two progress events, shorter than the tool.
const clientTimeout = 2500 * time.Millisecond

type toolChoice struct {
	Name     string
	Args     map[string]any
	Progress bool
	Timeout  time.Duration
	Retry    bool
	// Intermediate: the model goes on to another call instead of
	// answering the user after this one.
	Intermediate bool
	// DropStream: the network breaks the response stream after the
	// first progress event (fault stream-drop, HTTP).
	DropStream bool
}

// start launches/connects and performs discovery for the version. It
// returns false when the run is over (the fault ended it).
func (r *runner) start() bool {
	switch r.o.Fault {
	case FaultBadOrigin:
		// A page on another site makes the request from the user's
		// browser: a cross-origin request, with the page's Origin and the
		// server's own Host. The Origin check stops it.
		r.origin = "http://attacker.example"
	case FaultDNSRebinding:
		// DNS rebinding: the attacker's page re-resolved its own name to
		// 127.0.0.1, so to the browser the request is same-origin and Host
		// and Origin both carry the attacker's name. The Host check (the
		// dev server's, in front of the Origin check) stops it first.
		r.origin, r.hostHeader = "http://"+rebindHost, rebindHost
	}
	r.launch()
	if mcp.IsModern(r.o.Version) {
		return r.discover()
	}
	return r.handshake()
}

// launch starts the server process (stdio) or points the client at the
// endpoint (HTTP).
func (r *runner) launch() {
	if r.o.Transport == "stdio" {
		r.record(ev{from: trace.Host, to: trace.Server, ch: trace.HostChannel, kind: trace.KindLaunch,
			raw: "$ devserver -stdio\n", note: "launch.stdio", spec: specStdio})
		r.srv.Logf("mcp-wire-lab 1.0.0 serving MCP on stdio (versions %s)", strings.Join(r.srv.Supported(), ", "))
	} else {
		raw := "connect http://" + EndpointHost + EndpointPath + "\n"
		if r.hostHeader != "" {
			raw = "connect http://" + r.hostHeader + EndpointPath + " (" + strings.Split(r.hostHeader, ":")[0] + " now resolves to 127.0.0.1)\n"
		}
		r.record(ev{from: trace.Host, to: trace.Client, ch: trace.HostChannel, kind: trace.KindLaunch,
			raw: raw, note: "launch.http", spec: specHTTP})
	}
}

// discover is the 2026-07-28 opening: server/discover (optional, but the
// course shows it; server/discover §When to Call).
func (r *runner) discover() bool {
	if r.o.Fault == FaultUnsupportedVersion {
		r.version = futureVersion
	}
	out := r.request(mcp.MethodDiscover, nil, callOpts{label: r.openingLabel()})
	if r.o.Fault == FaultUnsupportedVersion && out.resp != nil && out.resp.Error != nil &&
		out.resp.Error.Code == jsonrpc.CodeUnsupportedProtocolVersion {
		// versioning §Protocol Version Negotiation: "The client SHOULD
		// select a mutually supported version from the supported list and
		// retry the request".
		var data mcp.UnsupportedVersionData
		_ = json.Unmarshal(out.resp.Error.Data, &data)
		r.version = ""
		for _, v := range data.Supported {
			if v == r.o.Version {
				r.version = v
			}
		}
		r.host(trace.Client, trace.Client, "unsupported-version.choose",
			fmt.Sprintf("supported: %s → retry with %s\n", strings.Join(data.Supported, ", "), r.version))
		out = r.request(mcp.MethodDiscover, nil, callOpts{label: "discover-retry"})
	}
	var res mcp.DiscoverResult
	if out.result(&res) {
		r.serverCaps = res.Capabilities
	}
	return r.ok(out)
}

// openingLabel names the first request's events: "rebound" for the
// dns-rebinding fault's request (the server refuses it for its Host, not
// its Origin), otherwise the method's label.
func (r *runner) openingLabel() string {
	if r.o.Fault == FaultDNSRebinding {
		return "rebound"
	}
	return ""
}

// handshake is the 2025-11-25 opening (basic/lifecycle §Initialization).
func (r *runner) handshake() bool {
	asked := r.version
	if r.o.Fault == FaultUnsupportedVersion {
		asked = oldVersion
	}
	out := r.request(mcp.MethodInitialize, mcp.InitializeParams(asked), callOpts{noMeta: true, label: r.openingLabel()})
	if !r.ok(out) {
		return false
	}
	var res mcp.InitializeResult
	out.result(&res)
	if res.ProtocolVersion != asked {
		// lifecycle §Version Negotiation: "If the client does not support
		// the version in the server's response, it SHOULD disconnect."
		r.host(trace.Client, trace.Host, "version.reject",
			fmt.Sprintf("asked for %s, server offered %s: not supported by this client; disconnecting\n", asked, res.ProtocolVersion))
		r.disconnect()
		return false
	}
	r.version = res.ProtocolVersion
	r.negotiated = true
	r.serverCaps = res.Capabilities
	r.notify(mcp.MethodInitialized, nil, "initialized")
	return true
}

// ok reports whether an outcome lets the run continue; otherwise it shows
// the host surfacing the failure and ends the connection.
func (r *runner) ok(out outcome) bool {
	if out.resp != nil && out.resp.Error == nil && out.status < 300 {
		return true
	}
	r.failure(out)
	return false
}

func (r *runner) failure(out outcome) {
	var msg string
	switch {
	case out.broken != "":
		msg = "connection lost: the server wrote something that is not JSON-RPC on stdout (" + out.broken + ")"
	case out.timedOut:
		msg = "request timed out and was cancelled"
	case out.resp != nil && out.resp.Error != nil:
		msg = fmt.Sprintf("error %d %s", out.resp.Error.Code, out.resp.Error.Message)
	case out.status != 0:
		msg = fmt.Sprintf("HTTP %d %s", out.status, http.StatusText(out.status))
	default:
		msg = "no response"
	}
	r.host(trace.Client, trace.Host, "host.failure", msg+"\n")
	r.disconnect()
}

func (r *runner) listTools() ([]mcp.Tool, bool) {
	o := callOpts{}
	if r.o.Fault == FaultMissingSession {
		o.omitSess = true
	}
	out := r.request(mcp.MethodToolsList, nil, o)
	var res mcp.ListToolsResult
	if !r.ok(out) || !out.result(&res) {
		return nil, false
	}
	return res.Tools, true
}

type callOutcome struct {
	isError bool
	resp    *jsonrpc.Message // the tools/call response, when one arrived
}

func (r *runner) callTool(c toolChoice) callOutcome {
	args, _ := json.Marshal(c.Args)
	note := "model.decides"
	if c.Retry {
		note = "model.retries"
	}
	r.host(trace.Host, trace.Client, note, fmt.Sprintf(`{"name":%q,"arguments":%s}`+"\n", c.Name, args))
	o := callOpts{timeout: c.Timeout}
	if c.Progress {
		o.meta = map[string]any{mcp.MetaProgressToken: "export-1"}
	}
	if r.o.Fault == FaultHeaderMismatch {
		// A buggy client (or a gateway rewriting headers) routes by a
		// different tool name than the body says.
		o.mutate = func(h http.Header) { h[streamhttp.HeaderName] = []string{"list_employees"} }
	}
	if r.o.Fault == FaultStdoutPollution {
		o.pollute = true
	}
	params := map[string]any{"name": c.Name, "arguments": json.RawMessage(args)}
	o.drop = c.DropStream
	out := r.request(mcp.MethodToolsCall, params, o)
	if out.dropped {
		out = r.recover(out, params, o)
	}
	switch {
	case out.broken != "" || out.timedOut || (out.status >= 400):
		r.failure(out)
		r.closed = true
		return callOutcome{}
	case out.resp == nil:
		r.failure(out)
		r.closed = true
		return callOutcome{}
	case out.resp.Error != nil:
		// tools §Error Handling: "Clients MAY provide protocol errors to
		// language models".
		r.host(trace.Client, trace.Host, "model.reads-protocol-error",
			fmt.Sprintf("Tool call failed: error %d %s\n", out.resp.Error.Code, out.resp.Error.Message))
		return callOutcome{}
	}
	var res mcp.CallToolResult
	out.result(&res)
	text := ""
	if len(res.Content) > 0 {
		text = res.Content[0].Text
	}
	if res.IsError {
		r.host(trace.Client, trace.Host, "model.reads-tool-error", text+"\n")
		return callOutcome{isError: true, resp: out.resp}
	}
	r.host(trace.Client, trace.Host, "model.reads-result", text+"\n")
	if !c.Intermediate {
		r.host(trace.Host, trace.Host, "model.answers", "Here is what I found:\n"+text+"\n")
	}
	return callOutcome{resp: out.resp}
}

// recover gets the answer of a request whose response stream broke.
// 2025-11-25 resumes the stream: a GET with the last event ID it received
// (transports §Resumability and Redelivery); the server kept working and
// replays what the client missed. 2026-07-28 streams cannot resume: the
// disconnect cancelled the request, so the client sends it again as a new
// request with a new id.
func (r *runner) recover(out outcome, params map[string]any, o callOpts) outcome {
	if !mcp.IsModern(r.version) && out.lastEventID != "" {
		r.host(trace.Client, trace.Client, "stream-drop.resume-plan",
			fmt.Sprintf("stream of request %s lost after event %s: reconnect with GET and Last-Event-ID: %s\n", out.reqID, out.lastEventID, out.lastEventID))
		req := r.buildRequest(http.MethodGet, nil, nil, callOpts{})
		req.Header["Accept"] = []string{"text/event-stream"}
		req.Header["Last-Event-ID"] = []string{out.lastEventID}
		return r.roundTrip(req, nil, callOpts{label: "resume", expect: out.reqID}, "resume.request")
	}
	r.host(trace.Client, trace.Client, "stream-drop.reissue-plan",
		fmt.Sprintf("stream of request %s lost: the request is gone with it; send tools/call again with a new id\n", out.reqID))
	o.drop = false
	return r.request(mcp.MethodToolsCall, params, o)
}

// disconnect ends the connection the way the transport and version do it.
func (r *runner) disconnect() {
	if r.closed {
		return
	}
	r.closed = true
	switch {
	case r.o.Transport == "stdio":
		r.closeStdin("shutdown.close-stdin")
	case !mcp.IsModern(r.version) && r.sessionID != "":
		// 2025-11-25 §Session Management 5: clients SHOULD send DELETE.
		req := r.buildRequest(http.MethodDelete, nil, nil, callOpts{})
		r.roundTrip(req, nil, callOpts{label: "session-delete"}, "session-delete.request")
	}
}

// finish ends a run that was not already ended by a failure.
func (r *runner) finish() {
	r.disconnect()
}
