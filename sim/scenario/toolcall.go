package scenario

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// toolCallFamily: the scenarios of this file, in the catalog's order
// (catalog.go joins the families). A scenario's entry sits in the file of
// its run func: adding one touches this file, its notes and its title.
var toolCallFamily = []scenarioDef{
	{info: Info{Name: scenarioToolCall,
		Transports: bothWires, Faults: ToolCallFaults}, run: toolCall,
		doc: "the Host launches the server (stdio) or connects (HTTP) → discovery (handshake, or `server/discover`) → `tools/list` → the model reads the tool list *as text* and decides a call → `tools/call` → the result goes back to the model"},
	{info: Info{Name: "progress",
		Transports: bothWires, Faults: []string{FaultNone, FaultTimeout, FaultStreamDrop}}, run: progressScenario,
		doc: "the slow tool streams `notifications/progress` (per-request SSE on HTTP, interleaved stdout lines on stdio), then the result; with `timeout` the client gives the 3 s export a 2.5 s deadline that progress does not extend (`basic/patterns/cancellation` §Timeouts, `basic/lifecycle` §Timeouts) and cancels on the channel of the version and transport, as `tool-call`'s `timeout` does; with `stream-drop` (HTTP) the network breaks the stream after the first progress event: 2025-11-25 reconnects with `GET` + `Last-Event-ID` and the server replays the rest and the result (the tool ran once), 2026-07-28 loses the request and re-issues `tools/call` with a new id (the tool starts over)"},
}

// Versions the faulty clients ask for.
const (
	futureVersion = "2099-01-01" // a modern version the server does not know
	// An older legacy client: 2025-03-26 introduced Streamable HTTP and is
	// the first version a Streamable HTTP client can speak.
	oldVersion = "2025-03-26"
)

// toolCall is the course's main scenario: the host launches (or connects
// to) the server, discovers it, lists tools, lets the model choose a call,
// calls the tool and hands the result back to the model.
func toolCall(r *runner) {
	prompt, call := "Which urgent e-mails came in? Show me the three newest.",
		toolChoice{Name: "list_emails", Args: map[string]any{"urgent": true, "limit": 3}}
	f := r.fault()
	if f.prompt != "" {
		prompt = f.prompt
	}
	if f.call != nil {
		call = *f.call
	}
	tools, ok := r.begin(prompt)
	if !ok {
		return
	}
	if f.schemaRefs {
		call.OutputSchema = r.schemaRefs(tools, call.Name)
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	out := r.callTool(call)
	if f.retryArgs != nil && out.isError {
		// The model reads the tool execution error and corrects its call.
		call.Args = f.retryArgs
		call.Retry = true
		r.callTool(call)
	}
	r.finish()
}

// schemaRefs is the Host reading the $ref of a tool's inputSchema: it
// resolves a reference inside the schema ("#/$defs/day") and never
// fetches one that points at the network (2026-07-28 basic/index §$ref
// Resolution). It returns the tool's outputSchema.
func (r *runner) schemaRefs(tools []mcp.Tool, name string) json.RawMessage {
	for _, t := range tools {
		if t.Name != name {
			continue
		}
		var s struct {
			Properties map[string]struct {
				Ref string `json:"$ref"`
			} `json:"properties"`
			Defs map[string]json.RawMessage `json:"$defs"`
		}
		_ = json.Unmarshal(t.InputSchema, &s)
		var lines []string
		for _, p := range sortedKeys(s.Properties) {
			ref := s.Properties[p].Ref
			if ref == "" {
				continue
			}
			d, local := strings.CutPrefix(ref, "#/$defs/")
			if def, ok := s.Defs[d]; local && ok {
				lines = append(lines, fmt.Sprintf("%s.%s: $ref %s → %s (inside the schema)", name, p, ref, def))
			} else {
				lines = append(lines, fmt.Sprintf("%s.%s: $ref %s is not inside the schema: not fetched", name, p, ref))
			}
		}
		r.host(trace.Client, trace.Client, "schema.ref", strings.Join(lines, "\n")+"\n")
		return t.OutputSchema
	}
	return nil
}

// checkOutput is the Host validating a result's structuredContent against
// the tool's outputSchema before the model reads the result (server/tools
// §Output Schema: "Clients SHOULD validate structured results against this
// schema"), with the toolbox's 2020-12 compiler: local $ref only, bounded.
// A list under 2026-07-28; the list inside an object under 2025-11-25
// (mcp: legacyOutputSchema).
func (r *runner) checkOutput(name string, schema json.RawMessage, resp *jsonrpc.Message) {
	var res struct {
		Structured json.RawMessage `json:"structuredContent"`
	}
	if json.Unmarshal(resp.Result, &res) != nil || len(res.Structured) == 0 {
		return
	}
	what := "an object"
	if res.Structured[0] == '[' {
		what = "a list"
	}
	verdict := "valid against outputSchema"
	sch, err := primitive.CompileSchema(name, "output", schema)
	if err == nil {
		var v any
		if err = json.Unmarshal(res.Structured, &v); err == nil {
			err = sch.Validate(v)
		}
	}
	if err != nil {
		verdict = "not valid against outputSchema: " + err.Error()
	}
	r.host(trace.Client, trace.Client, "schema.output", fmt.Sprintf("structuredContent is %s, %s: %s\n", what, verdict, res.Structured))
}

// begin records the user's prompt, starts the connection and lists the
// tools; false when a fault already ended the run.
func (r *runner) begin(prompt string) ([]mcp.Tool, bool) {
	r.host(trace.Host, trace.Host, "user.prompt", prompt+"\n")
	if !r.start() {
		return nil, false
	}
	if r.o.Scenario == scenarioToolCall && r.fault().ping {
		r.ping()
	}
	tools, ok := r.listTools()
	if !ok {
		r.finish()
	}
	return tools, ok
}

// ping is a Host written for 2025-11-25 checking the connection before it
// works. 2025-11-25 basic/utilities/ping: implementations "SHOULD
// periodically issue pings to detect connection health", and the receiver
// "MUST respond promptly with an empty response". 2026-07-28 removed ping
// (changelog, major change 5): the server answers -32601 (HTTP 404), and
// the Host goes on, since every request now shows whether the server
// answers.
func (r *runner) ping() {
	out := r.c.Request(r.ctx, protocol.MethodPing, nil, callOpts{Tag: "ping"})
	if e := out.Error(); e != nil {
		r.host(trace.Client, trace.Client, "ping.removed",
			fmt.Sprintf("error %d: 2026-07-28 has no ping; carry on, every request shows whether the server answers\n", e.Code))
		return
	}
	r.host(trace.Client, trace.Client, "ping.alive", "empty result: the server is alive\n")
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
	if t := r.fault().timeout; t != 0 {
		timeout = t
	}
	r.callTool(toolChoice{Name: "export_timesheets", Args: map[string]any{"department": "Support", "steps": 3}, Progress: true, Timeout: timeout})
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
	// Tag names the call's events ("" is tools-call): the scenarios of the
	// primitives and of the server asking the client name theirs; LogLevel
	// and OnNotify are the client's options for it (primitives.go).
	Tag      string
	LogLevel string
	OnNotify func(n *jsonrpc.Message, stop func())
	// Meta is more of the call's _meta (trace context).
	Meta map[string]any
	// OutputSchema, when set, is the tool's outputSchema, which the Host
	// checks the result's structuredContent against (checkOutput).
	OutputSchema json.RawMessage
}

// start launches/connects and performs discovery for the version. It
// returns false when the run is over (the fault ended it).
func (r *runner) start() bool {
	if h := r.fault().host; h != nil {
		h(r.asker)
	}
	r.launch()
	if protocol.IsModern(r.o.Version) {
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
	} else {
		raw := "connect " + r.endpoint + "\n"
		if c := r.fault().connect; c != nil {
			raw = "connect " + c(r.endpoint) + "\n"
		}
		r.record(ev{from: trace.Host, to: trace.Client, ch: trace.HostChannel, kind: trace.KindLaunch,
			raw: raw, note: "launch.http", spec: specHTTP})
	}
	if err := r.c.Start(r.ctx); err != nil {
		r.host(trace.Client, trace.Host, "host.failure", "cannot start the server: "+err.Error()+"\n")
		r.closed = true
	}
}

// discover is the 2026-07-28 opening: server/discover (optional, but the
// course shows it; server/discover §When to Call).
func (r *runner) discover() bool {
	ask := r.fault().askModern
	if ask != "" {
		r.c.SetVersion(ask)
	}
	_, out := r.c.Discover(r.ctx, callOpts{Tag: r.faultLabel("discover")})
	if e := out.Error(); ask != "" && e != nil && e.Code == protocol.CodeUnsupportedProtocolVersion {
		// versioning §Protocol Version Negotiation: "The client SHOULD
		// select a mutually supported version from the supported list and
		// retry the request".
		var data mcp.UnsupportedVersionData
		_ = json.Unmarshal(e.Data, &data)
		r.c.SetVersion(r.c.Choose(data.Supported))
		r.host(trace.Client, trace.Client, "unsupported-version.choose",
			fmt.Sprintf("supported: %s → retry with %s\n", strings.Join(data.Supported, ", "), r.c.Version()))
		_, out = r.c.Discover(r.ctx, callOpts{Tag: "discover-retry"})
	}
	return r.ok(out)
}

// faultLabel is the label of an exchange's events: the fault's own label
// for the exchange it damages (its entry's labels), otherwise label itself. Only
// the tool-call scenario runs these faults on these exchanges.
func (r *runner) faultLabel(label string) string {
	if r.o.Scenario != scenarioToolCall {
		return label
	}
	if d := faultNamed(r.o.Fault); d != nil {
		if l, ok := d.labels[label]; ok {
			return l
		}
	}
	return label
}

// handshake is the 2025-11-25 opening (basic/lifecycle §Initialization).
func (r *runner) handshake() bool {
	asked := r.c.Version()
	res, out := r.c.Initialize(r.ctx, callOpts{Tag: r.faultLabel("initialize")})
	if !r.ok(out) {
		return false
	}
	if !r.c.Session().Negotiated {
		// lifecycle §Version Negotiation: "If the client does not support
		// the version in the server's response, it SHOULD disconnect."
		r.host(trace.Client, trace.Host, "version.reject",
			fmt.Sprintf("asked for %s, server offered %s: not supported by this client; disconnecting\n", asked, res.ProtocolVersion))
		r.disconnect()
		return false
	}
	r.notify(protocol.MethodInitialized, nil, "initialized")
	return true
}

// ok reports whether an outcome lets the run continue; otherwise it shows
// the host surfacing the failure and ends the connection.
func (r *runner) ok(out outcome) bool {
	if out.Response != nil && out.Response.Error == nil && out.Status < 300 {
		return true
	}
	r.failure(out)
	return false
}

func (r *runner) failure(out outcome) {
	var msg string
	switch {
	case out.Broken != "":
		msg = "connection lost: the server wrote something that is not JSON-RPC on stdout (" + out.Broken + ")"
	case out.TimedOut:
		msg = "request timed out and was cancelled"
	case out.Error() != nil:
		msg = fmt.Sprintf("error %d %s", out.Error().Code, out.Error().Message)
	case out.Status != 0:
		msg = fmt.Sprintf("HTTP %d %s", out.Status, http.StatusText(out.Status))
	case out.Err != nil:
		msg = "transport failure: " + out.Err.Error()
	default:
		msg = "no response"
	}
	r.host(trace.Client, trace.Host, "host.failure", msg+"\n")
	r.disconnect()
}

func (r *runner) listTools() ([]mcp.Tool, bool) { return r.listToolsAs(r.faultLabel("tools-list")) }

// listToolsAs lists the tools under the events' label tag.
func (r *runner) listToolsAs(tag string) ([]mcp.Tool, bool) {
	tools, out := r.c.ListTools(r.ctx, callOpts{Tag: tag})
	if !r.ok(out) || tools == nil {
		return nil, false
	}
	return tools, true
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
	o := callOpts{Tag: r.faultLabel("tools-call"), Timeout: c.Timeout, LogLevel: c.LogLevel, OnNotify: c.OnNotify}
	if c.Tag != "" {
		o.Tag = c.Tag
	}
	if c.Progress || c.Meta != nil {
		o.Meta = map[string]any{}
		for k, v := range c.Meta {
			o.Meta[k] = v
		}
	}
	if c.Progress {
		o.Meta[protocol.MetaProgressToken] = "export-1"
	}
	res, out := r.c.CallTool(r.ctx, c.Name, json.RawMessage(args), o)
	if out.Dropped {
		res, out = r.recover(out, c.Name, args, o)
	}
	if paramMismatch(out) && r.c.Mirrors(c.Name) {
		res, out = r.relistAndRetry(out, c.Name, args, o)
	}
	switch {
	case out.Broken != "" || out.TimedOut || (out.Status >= 400):
		r.failure(out)
		r.closed = true
		return callOutcome{}
	case out.Response == nil:
		r.failure(out)
		r.closed = true
		return callOutcome{}
	case out.InputRequired != nil:
		// 2026-07-28: the client did not retry (its user declined); the
		// call ends here, with nothing owed to the server (asks.go).
		r.notRetried(out)
		return callOutcome{}
	case out.Response.Error != nil:
		// tools §Error Handling: "Clients MAY provide protocol errors to
		// language models".
		r.host(trace.Client, trace.Host, "model.reads-protocol-error",
			fmt.Sprintf("Tool call failed: error %d %s\n", out.Response.Error.Code, out.Response.Error.Message))
		return callOutcome{}
	}
	text := ""
	if len(res.Content) > 0 {
		text = res.Content[0].Text
	}
	if res.IsError {
		r.host(trace.Client, trace.Host, toolErrorNote(c.Tag), text+"\n")
		return callOutcome{isError: true, resp: out.Response}
	}
	if len(c.OutputSchema) > 0 {
		r.checkOutput(c.Name, c.OutputSchema, out.Response)
	}
	r.host(trace.Client, trace.Host, "model.reads-result", text+"\n")
	if !c.Intermediate {
		r.host(trace.Host, trace.Host, "model.answers", "Here is what I found:\n"+text+"\n")
	}
	return callOutcome{resp: out.Response}
}

// toolErrorNote is the note of the step where the model reads a tool
// execution error. A bad argument is the model's own input, which it may
// correct (server/tools §Error Handling: "to enable self-correction"); a
// tool that could not get what it needed from the client — a capability
// the client did not declare, a sampling request the user refused, an
// answer the client got wrong — failed for reasons no argument of the
// model can change (the call's tag says which: callTag).
func toolErrorNote(tag string) string {
	switch tag {
	case "unasked":
		return "model.reads-tool-error.capability"
	case "refused":
		return "model.reads-tool-error.refused"
	case invalidTags["elicit"], invalidTags["sample"], invalidTags["roots"]:
		return "model.reads-tool-error.bad-answer"
	}
	return "model.reads-tool-error"
}

// recover gets the answer of a request whose response stream broke.
// 2025-11-25 resumes the stream: a GET with the last event ID it received
// (transports §Resumability and Redelivery); the server kept working and
// replays what the client missed. 2026-07-28 streams cannot resume: the
// disconnect cancelled the request, so the client sends it again as a new
// request with a new id.
func (r *runner) recover(out outcome, name string, args []byte, o callOpts) (mcp.CallToolResult, outcome) {
	if client.CanResume(r.c.Version(), out) {
		r.host(trace.Client, trace.Client, "stream-drop.resume-plan",
			fmt.Sprintf("stream of request %s lost after event %s: reconnect with GET and Last-Event-ID: %s\n", out.ID, out.LastEventID, out.LastEventID))
		out = r.c.Resume(r.ctx, out, callOpts{Tag: "resume"})
		var res mcp.CallToolResult
		out.Result(&res)
		return res, out
	}
	r.host(trace.Client, trace.Client, "stream-drop.reissue-plan",
		fmt.Sprintf("stream of request %s lost: the request is gone with it; send tools/call again with a new id\n", out.ID))
	return r.c.CallTool(r.ctx, name, json.RawMessage(args), o)
}

// disconnect ends the connection the way the transport and version do it
// (stdio: close stdin; 2025-11-25 HTTP: DELETE the session).
func (r *runner) disconnect() {
	if r.closed {
		return
	}
	r.closed = true
	_ = r.c.Close(r.ctx, callOpts{Tag: "session-delete"})
}

// finish ends a run that was not already ended by a failure.
func (r *runner) finish() {
	r.disconnect()
}
