package scenario

import (
	"net/http"
	"time"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/fault"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// A fault is one entry of faults: its name, where it applies (and the
// sentence that says why not elsewhere), the damage it does to the
// client's wire (faultyHTTP, faultyPipe) or, for a choice the Host or the
// server makes, that choice as data the runners read (prompt, call, host,
// tools…; what the runners still name is the run without a fault, and
// http-content-length's two miscounts, its whole story), and the labels of
// the exchanges it damages (faultLabel: their notes are the fault's own).
// Its texts are data, keyed by its name: the UI's label [fault.<name>]
// and, when it needs a transport or a version, [fault.na.<name>] in
// app/text/lab.text (TestFaultTexts), and the notes of its labels in
// notes/*.notes.
type faultDef struct {
	name string
	// transport is the transport the fault needs ("" for both), modern
	// and legacy the era (protocol.IsModern) it needs; why says so when
	// they are not met (FaultApplies).
	transport      string
	modern, legacy bool
	why            string
	// http and pipe wrap the client's wire in the fault's damage (nil:
	// the fault does nothing to that wire).
	http func(endpoint string, w wire.HTTP) wire.HTTP
	pipe func(p wire.Pipe) wire.Pipe
	// labels maps the label of an exchange the fault damages to the label
	// its events get instead (tool-call scenario only).
	labels map[string]string
	// toolCall lists the fault in the tool-call scenario (ToolCallFaults),
	// and doc and docApplies are its row of the README's table there
	// ("what happens", "applies to"; TestToolCallFaultsTable writes it).
	toolCall        bool
	doc, docApplies string
	// keys are the events that show the fault, per scenario that offers
	// it, and the class each must have (TestFaultKeyEventClasses; an
	// event whose note is <label>.error.<code>[.http-<status>] must carry
	// that code and status, TestFaultOutcomes).
	keys map[string][]keyEvent

	// The choices of a fault that damages no wire: what the Host, its
	// model, its user or the server does instead. The runners read them
	// (r.fault) rather than the fault's name, so a new fault of a kind
	// they know is data here.
	//
	// prompt and call are the user's request and the model's tool call in
	// the tool-call scenario (nil: the scenario's); retryArgs the
	// arguments the model retries with after reading the call's tool
	// execution error; schemaRefs, that the Host resolves the tool's $ref
	// and validates its output against its outputSchema.
	prompt     string
	call       *toolChoice
	retryArgs  map[string]any
	schemaRefs bool
	// timeout is the client's deadline on the progress scenario's call
	// (0: the scenario's).
	timeout time.Duration
	// ping: the Host pings before it works (tool-call).
	ping bool
	// askModern is the version a 2026-07-28 client asks for first (it
	// retries with one the server lists in its -32022); askLegacy the only
	// version a 2025-11-25 client speaks ("": the run's version).
	askModern, askLegacy string
	// connect is the URL the Host connects to as its launch step says it
	// (HTTP; nil: the endpoint).
	connect func(endpoint string) string
	// tools is the server's toolbox under the fault (nil: the scenario's);
	// legacyOnly, a server that only speaks 2025-11-25.
	tools      func() *primitive.Registry
	legacyOnly bool
	// host changes what the Host declares and answers (the asks and tasks
	// scenarios), over the scenario's own settings, before it connects.
	host func(h *client.FixedHost)
	// callTags relabel a scenario's tool call, by the label the scenario
	// gives it ("" for every one): the fault changes what the call is
	// about, or what happens to it on its way (callTag).
	callTags map[string]string
	// department is the department the user types past the completion's
	// suggestions (resources; "": the first suggestion).
	department string
	// How the Host asks for log messages (logging; all false: as its
	// version says): noLogLevel, it never asks; setLevel, it is written
	// for 2025-11-25 and sends logging/setLevel under 2026-07-28 too;
	// traceContext, it leaves logging aside and traces its calls
	// (OpenTelemetry trace context in _meta).
	noLogLevel, setLevel, traceContext bool
	// elicitURL: the user asks for a booking the server confirms in a web
	// page (URL-mode elicitation) instead of a form (elicitation).
	elicitURL bool
	// switchWorkspace: the user switches the workspace between two
	// exports (roots).
	switchWorkspace bool
	// listTasks: the Host looks its task up with tasks/list; cancelTask:
	// the user cancels the task while it works (tasks).
	listTasks, cancelTask bool
}

// fault is the entry of the run's fault (the zero entry for none).
func (r *runner) fault() *faultDef {
	if d := faultNamed(r.o.Fault); d != nil {
		return d
	}
	return &faultDef{}
}

// callTag is the label of a tool call's events: base, the scenario's, or
// the fault's where the fault changes what the call is about or what
// happens to it (its entry's callTags).
func (r *runner) callTag(base string) string {
	d := r.fault()
	if t, ok := d.callTags[base]; ok {
		return t
	}
	if t, ok := d.callTags[""]; ok {
		return t
	}
	return base
}

// keyEvent is an event a fault's lesson turns on (its entry's keys, which
// TestFaultKeyEventClasses checks in every run) and the class a learner
// must see on it. when limits it to a version or a transport ("" = all).
type keyEvent struct {
	note  string
	class trace.Class
	when  string
}

const (
	normal    = trace.ClassNormal
	expected  = trace.ClassExpectedError
	violation = trace.ClassViolation
	failure   = trace.ClassFailure
)

// faults is every fault the lab knows, in display order.
var faults = []faultDef{
	{name: FaultNone, toolCall: true},
	{name: FaultUnknownTool, toolCall: true,
		doc:        "the model calls `search_mail`, which does not exist → `-32602` protocol error",
		docApplies: "all",
		keys: map[string][]keyEvent{
			"tool-call": {{"tools-call.error.32602", expected, ""}, {"model.reads-protocol-error", failure, ""}},
		},
		// The model invents a tool that is not in the list.
		call: &toolChoice{Name: "search_mail", Args: map[string]any{"query": "urgent", "limit": 3}},
	},
	{name: FaultBadParams, toolCall: true,
		doc:        "`limit: 500` → `isError: true` result; the model reads it, retries with `limit: 3` (the three the user asked for, within the maximum of 20), succeeds",
		docApplies: "all",
		keys: map[string][]keyEvent{
			"tool-call": {{"tools-call.tool-error", expected, ""}, {"model.reads-tool-error", failure, ""}, {"model.retries", normal, ""}},
		},
		call: &toolChoice{Name: "list_emails", Args: map[string]any{"urgent": true, "limit": 500}},
		// tools §Error Handling: the execution error is actionable, so the
		// model corrects the argument and tries again: with the three the
		// user asked for, which the schema's maximum of 20 allows.
		retryArgs: map[string]any{"urgent": true, "limit": 3},
	},
	{name: FaultTimeout, toolCall: true,
		doc:        "the client gives up after 2.5 s: stdio sends `notifications/cancelled`; 2026-07-28 HTTP closes the response stream; 2025-11-25 HTTP POSTs `notifications/cancelled`; the server sends nothing further for that id",
		docApplies: "all",
		keys: map[string][]keyEvent{
			"tool-call": {{"host.failure", failure, ""}, {"timeout.cancelled", normal, "stdio"}, {"timeout.close-stream", normal, "2026-07-28 http"}, {"timeout.cancelled", normal, "2025-11-25 http"}},
			// The 2.5 s deadline passes during the 3 s export, progress
			// notwithstanding (issue 11): the client cancels as tool-call/timeout does.
			"progress": {{"progress", normal, ""}, {"host.failure", failure, ""}, {"timeout.cancelled", normal, "stdio"}, {"timeout.close-stream", normal, "2026-07-28 http"}, {"timeout.cancelled", normal, "2025-11-25 http"}, {"timeout.drop-stream", normal, "2025-11-25 http"}},
		},
		prompt: "Export this month's Engineering timesheets.",
		call:   &toolChoice{Name: "export_timesheets", Args: map[string]any{"department": "Engineering", "steps": 5}, Progress: true, Timeout: clientTimeout},
		// progress: the deadline is shorter than the three-second export.
		timeout: clientTimeout,
	},
	{name: FaultStdoutPollution, toolCall: true,
		doc:        "a stray debug print lands on stdout; the client cannot parse the line and drops the connection",
		docApplies: "stdio", transport: "stdio",
		why: "stdout-pollution needs the stdio transport: over HTTP the server's stdout is not the wire",
		// A stray print() in the server lands on stdout before its answer
		// to tools/call.
		pipe: func(p wire.Pipe) wire.Pipe { return fault.PolluteStdout(p, protocol.MethodToolsCall) },
		keys: map[string][]keyEvent{
			"tool-call": {{"stdout-pollution.line", violation, ""}, {"stdout-pollution.unread", failure, ""}, {"host.failure", failure, ""}},
		},
	},
	{name: FaultBadOrigin, toolCall: true,
		doc:        "a cross-origin request: a page on `http://attacker.example` calls the server through the user's browser (foreign `Origin`, `Host: 127.0.0.1:8080`) → **403** from the Origin check",
		docApplies: "http", transport: "http",
		why: "bad-origin needs the http transport: stdio has no Origin header",
		// A page on another site makes the request from the user's
		// browser: a cross-origin request, with the page's Origin and the
		// server's own Host. The Origin check stops it.
		http:   func(_ string, w wire.HTTP) wire.HTTP { return fault.ForgeOrigin(w, attackerOrigin) },
		labels: map[string]string{"discover": "forged", "initialize": "forged"},
		keys: map[string][]keyEvent{
			// A page on another site: the forged Origin has a note of its own
			// (each fault's first faulty request does: its entry's labels in faults).
			"tool-call": {{"forged.request", violation, ""}, {"forged.error.32600.http-403", expected, ""}, {"host.failure", failure, ""}},
		},
	},
	{name: FaultDNSRebinding, toolCall: true,
		doc:        "a DNS-rebinding request: `attacker.example` now resolves to 127.0.0.1, so `Host` and `Origin` both say `attacker.example:8080` (same-origin to the browser) → **403** from the Host check (the Origin check would refuse it too)",
		docApplies: "http", transport: "http",
		why: "dns-rebinding needs the http transport: stdio has no Host or Origin header",
		// DNS rebinding: the attacker's page re-resolved its own name to
		// 127.0.0.1, so to the browser the request is same-origin and Host
		// and Origin both carry the attacker's name. The Host check (the
		// dev server's, in front of the Origin check) stops it first.
		http: func(endpoint string, w wire.HTTP) wire.HTTP {
			host := rebindAuthority(endpoint)
			return fault.EditRequest(w, nil, func(req *http.Request) {
				req.Host = host
				req.Header["Origin"] = []string{"http://" + host}
			})
		},
		// The page's Host and Origin carry the attacker's name; the server
		// refuses it for its Host, not its Origin.
		labels: map[string]string{"discover": "rebound", "initialize": "rebound"},
		keys: map[string][]keyEvent{
			// A rebound page: Host and Origin carry the attacker's name; the Host
			// check refuses it with 403.
			"tool-call": {{"rebound.request", violation, ""}, {"rebound.error.32600.http-403", expected, ""}, {"host.failure", failure, ""}},
		},
		// The Host connects by the attacker's name, which now resolves to
		// 127.0.0.1 (its http damage sends it as Host).
		connect: func(endpoint string) string {
			return rebindURL(endpoint) + " (" + rebindHost + " now resolves to 127.0.0.1)"
		},
	},
	{name: FaultHeaderMismatch, toolCall: true,
		doc:        "`Mcp-Name: list_employees` while the body calls `list_emails` → **400** `-32020`",
		docApplies: "http, 2026-07-28", transport: "http", modern: true,
		why: "header-mismatch needs 2026-07-28 over http: only that version mirrors the body into Mcp-Method / Mcp-Name headers",
		// A buggy client (or a gateway rewriting headers) routes tools/call
		// by a different tool name than the body says.
		http: func(_ string, w wire.HTTP) wire.HTTP {
			return fault.SetHeader(w, func(req *http.Request) bool { return req.Header.Get(protocol.HeaderMethod) == protocol.MethodToolsCall },
				protocol.HeaderName, "list_employees")
		},
		labels: map[string]string{"tools-call": "mismatched"},
		keys: map[string][]keyEvent{
			"tool-call": {{"mismatched.request", violation, ""}, {"mismatched.error.32020.http-400", expected, ""}, {"host.failure", failure, ""}},
		},
	},
	// 2025-11-25: a client that asks for an older version (2026-07-28's
	// opening keeps its label: its error and retry have notes of their own).
	{name: FaultUnsupportedVersion, toolCall: true,
		doc:        "2026-07-28: asks for `2099-01-01` → `-32022`, retries with a supported version; 2025-11-25: an older client asks `2025-03-26`, gets `2025-11-25`, disconnects",
		docApplies: "all", labels: map[string]string{"initialize": "old-version"},
		keys: map[string][]keyEvent{
			"tool-call": {{"discover.error.32022", expected, "2026-07-28 stdio"}, {"discover.error.32022.http-400", expected, "2026-07-28 http"}, {"discover-retry.result", normal, protocol.V20260728}, {"old-version.request", normal, protocol.V20251125}, {"old-version.result", normal, protocol.V20251125}, {"version.reject", failure, protocol.V20251125}},
			"dual-era":  {{"probe.error.32022", expected, "stdio"}, {"probe.error.32022.http-400", expected, "http"}, {"era.modern-retry", normal, ""}},
		},
		askModern: futureVersion,
		// An older legacy client: it asks for, and accepts, only oldVersion.
		askLegacy: oldVersion,
	},
	{name: FaultMissingSession, toolCall: true,
		doc:        "`tools/list` without `Mcp-Session-Id` → **400**",
		docApplies: "http, 2025-11-25", transport: "http", legacy: true,
		why: "missing-session needs 2025-11-25 over http: only that version has Mcp-Session-Id",
		// The client forgets Mcp-Session-Id on tools/list.
		http: func(_ string, w wire.HTTP) wire.HTTP {
			return fault.DropHeader(w, fault.BodyMethod(protocol.MethodToolsList), protocol.HeaderSessionID)
		},
		labels: map[string]string{"tools-list": "sessionless"},
		keys: map[string][]keyEvent{
			"tool-call": {{"sessionless.request", violation, ""}, {"sessionless.error.32600.http-400", expected, ""}, {"host.failure", failure, ""}},
		},
	},
	{name: FaultMissingAccept, toolCall: true, transport: "http",
		why:        "missing-accept needs the http transport: only HTTP has an Accept header",
		doc:        "a hand-written client POSTs `tools/call` with `Accept: application/json` only, leaving out `text/event-stream` → **406** `-32600`; no tool runs",
		docApplies: "http",
		// A client written against a JSON API sends the Accept header it
		// always sends (transports §Sending Messages: the client "MUST
		// include an Accept header, listing both application/json and
		// text/event-stream").
		http: func(_ string, w wire.HTTP) wire.HTTP {
			return fault.SetHeader(w, func(req *http.Request) bool {
				return req.Header.Get(protocol.HeaderMethod) == protocol.MethodToolsCall || fault.BodyMethod(protocol.MethodToolsCall)(req)
			},
				"Accept", "application/json")
		},
		labels: map[string]string{"tools-call": "unacceptable"},
		keys: map[string][]keyEvent{
			"tool-call": {{"unacceptable.request", violation, ""}, {"unacceptable.error.32600.http-406", expected, ""}, {"host.failure", failure, ""}},
		},
	},
	{name: FaultStaleVersionHeader, toolCall: true, transport: "http", legacy: true,
		why:        "stale-version-header needs 2025-11-25 over http: only there is MCP-Protocol-Version checked against the version initialize negotiated (2026-07-28 checks it against the body: header-mismatch)",
		doc:        "the client negotiates 2025-11-25, but its tool-calling code still sends `MCP-Protocol-Version: 2025-03-26`, the version it was written for, on `tools/call` → **400** `-32600`; no tool runs",
		docApplies: "http, 2025-11-25",
		// Code written for an older version hard-codes the header it
		// knew (transports §Protocol Version Header: an invalid or
		// unsupported MCP-Protocol-Version MUST be answered with 400).
		http: func(_ string, w wire.HTTP) wire.HTTP {
			return fault.SetHeader(w, fault.BodyMethod(protocol.MethodToolsCall), protocol.HeaderProtocolVersion, oldVersion)
		},
		labels: map[string]string{"tools-call": "stale-header"},
		keys: map[string][]keyEvent{
			"tool-call": {{"stale-header.request", violation, ""}, {"stale-header.error.32600.http-400", expected, ""}, {"host.failure", failure, ""}},
		}},
	{name: FaultLegacyServer, legacyOnly: true,
		keys: map[string][]keyEvent{
			"dual-era": {{"probe.error.32601", expected, "stdio"}, {"probe.error.32600.http-400", expected, "http"}, {"era.legacy", normal, ""}},
		},
	},
	{name: FaultShortLength, transport: "http",
		why: FaultShortLength + " needs the http transport: only HTTP frames a body with Content-Length",
		keys: map[string][]keyEvent{
			"http-content-length": {{"content-length.short.request", violation, ""}, {"content-length.short.error.400", expected, ""}, {"content-length.leftover", violation, ""}},
		},
	},
	{name: FaultLongLength, transport: "http",
		why: FaultLongLength + " needs the http transport: only HTTP frames a body with Content-Length",
		keys: map[string][]keyEvent{
			"http-content-length": {{"content-length.long.request", violation, ""}, {"http-timeout.fired", failure, ""}, {"retries.exhausted", failure, ""}},
		},
	},
	{name: FaultStreamDrop, transport: "http",
		why: "stream-drop needs the http transport: only HTTP answers a request with a response stream that can break",
		// The network breaks the tools/call stream after its first
		// progress event.
		http: func(_ string, w wire.HTTP) wire.HTTP { return fault.DropStream(w) },
		keys: map[string][]keyEvent{
			"progress": {{"stream-drop.lost", failure, ""}, {"resume.result", normal, protocol.V20251125}, {"stream-drop.reissue-plan", normal, protocol.V20260728}},
		},
	},
	{name: FaultPing, toolCall: true,
		doc:        "a Host written for 2025-11-25 pings before it works: 2025-11-25 answers an empty result; 2026-07-28 removed `ping` (changelog major 5) → `-32601` (HTTP **404**), and the Host goes on",
		docApplies: "all",
		keys: map[string][]keyEvent{
			"tool-call": {{"ping.result", normal, protocol.V20251125}, {"ping.alive", normal, protocol.V20251125}, {"ping.error.32601", expected, "2026-07-28 stdio"}, {"ping.error.32601.http-404", expected, "2026-07-28 http"}, {"ping.removed", normal, protocol.V20260728}},
		},
		ping: true,
	},
	{name: FaultRefSchema, toolCall: true,
		doc:        "the server adds `find_free_rooms`, whose schemas use JSON Schema 2020-12 `$defs` and `$ref` and whose output is a list: the Host resolves `#/$defs/day` inside the schema (a network `$ref` is never fetched: 2026-07-28 basic/index §`$ref` Resolution) and validates `structuredContent` against `outputSchema`; 2026-07-28 sends the list itself (`type: array`, changelog minor 10), a 2025-11-25 server, whose `outputSchema` and `structuredContent` must be objects, wraps it as `{\"result\": [...]}`",
		docApplies: "all (not servable: its server adds the tool)",
		keys: map[string][]keyEvent{
			"tool-call": {{"schema.ref", normal, ""}, {"free-rooms.result", normal, ""}, {"schema.output", normal, ""}, {"model.reads-result", normal, ""}},
		},
		prompt:     "Which meeting rooms are free on 2026-12-04 for 4 people?",
		call:       &toolChoice{Name: "find_free_rooms", Args: map[string]any{"day": "2026-12-04", "seats": 4}, Tag: "free-rooms"},
		schemaRefs: true,
		// The course server, with find_free_rooms (not servable).
		tools: func() *primitive.Registry { return toolbox.Course().MustWith(toolbox.FindFreeRooms()) },
	},
	{name: FaultNotFound, department: "Finances",
		keys: map[string][]keyEvent{
			// The resources, prompts and logging scenarios (primitives.go).
			"resources": {{"read-roster.error.32002", expected, protocol.V20251125}, {"read-roster.error.32602", expected, protocol.V20260728}, {"resources.not-found", failure, ""}, {"model.answers-context", normal, ""}},
		},
	},
	{name: FaultParamMismatch, transport: "http", modern: true,
		why: "param-mismatch needs 2026-07-28 over http: only that version mirrors tool parameters into Mcp-Param-* headers",
		// The request the wire shows is not the one the client wrote, and
		// its notes say so (notes/primitives.notes).
		callTags: map[string]string{"post-welcome": "rewritten"},
		// A company gateway that passes only plain ASCII header values
		// "helpfully" rewrites the Base64 form of 上海 to its English name.
		http: func(_ string, w wire.HTTP) wire.HTTP {
			office := protocol.HeaderParamPrefix + "Office"
			return fault.SetHeader(w, func(req *http.Request) bool { return req.Header[office] != nil }, office, "Shanghai")
		},
		keys: map[string][]keyEvent{
			// A gateway rewrote Mcp-Param-Office: the request is a violation by the
			// server's own check, twice (the re-list and retry do not help).
			"prompts": {{"rewritten.request", violation, ""}, {"rewritten.error.32020.http-400", expected, ""}, {"param-mismatch.relist-plan", normal, ""}, {"tools-relist.result", normal, ""}, {"rewritten-retry.request", violation, ""}, {"rewritten-retry.error.32020.http-400", expected, ""}, {"host.failure", failure, ""}},
		},
	},
	{name: FaultMissingLogLevel, noLogLevel: true,
		keys: map[string][]keyEvent{
			"logging": {{"export-unasked.request", normal, ""}, {"export-unasked.result", normal, "http"}, {"export-unasked.result.on-stdio", normal, "stdio"}, {"log.missing", failure, ""}},
		},
	},
	{name: FaultUndeclaredCapability,
		keys: map[string][]keyEvent{
			"logging": {{"set-level.error.32601", expected, protocol.V20251125}, {"logging.refused", failure, protocol.V20251125}, {"export-unlogged.request", normal, protocol.V20260728}, {"log.missing", failure, ""}},
		},
		// A server that declares no logging (not servable).
		tools: func() *primitive.Registry { return toolbox.Course().WithLogging(false) },
	},
	{name: FaultSetLevel, modern: true, setLevel: true,
		why: "set-level needs 2026-07-28: logging/setLevel is how 2025-11-25 asks for log messages, and 2026-07-28 removed it",
		keys: map[string][]keyEvent{
			"logging": {{"set-level.error.32601", expected, "stdio"}, {"set-level.error.32601.http-404", expected, "http"}, {"logging.removed", normal, ""}, {"log-message", normal, ""}, {"log.shown", normal, ""}},
		},
	},
	{name: FaultTraceContext, traceContext: true,
		keys: map[string][]keyEvent{
			"logging": {{"tracing.plan", normal, ""}, {"export-traced.request", normal, ""}, {"post-traced.request", normal, ""}},
		},
	},
	{name: FaultUserDeclines,
		keys: map[string][]keyEvent{
			// The server asking the client (asks.go): 2025-11-25 answers a request
			// of the server, 2026-07-28 retries the call.
			"elicitation": {{"elicit.answer.decline", normal, protocol.V20251125}, {"elicit.retry.request", normal, protocol.V20260728}, {"model.reads-result", normal, ""}},
			"sampling":    {{"refused.answer.error", expected, protocol.V20251125}, {"refused.tool-error", expected, protocol.V20251125}, {"refused.not-retried", failure, protocol.V20260728}},
		},
		host: func(h *client.FixedHost) {
			h.ElicitAction, h.DeclineSampling = protocol.ActionDecline, true
		},
		callTags: map[string]string{"sample": "refused"},
	},
	{name: FaultUserCancels,
		keys: map[string][]keyEvent{
			"elicitation": {{"elicit.answer.cancel", normal, protocol.V20251125}, {"elicit.retry.request", normal, protocol.V20260728}, {"model.reads-result", normal, ""}},
		},
		host: func(h *client.FixedHost) { h.ElicitAction = protocol.ActionCancel },
	},
	{name: FaultUndeclared,
		keys: map[string][]keyEvent{
			"elicitation": {{"unasked.tool-error", expected, protocol.V20251125}, {"unasked.error.32021", expected, "2026-07-28 stdio"}, {"unasked.error.32021.http-400", expected, "2026-07-28 http"}, {"host.failure", failure, "2026-07-28 http"}},
			"sampling":    {{"unasked.tool-error", expected, protocol.V20251125}, {"unasked.error.32021", expected, "2026-07-28 stdio"}, {"unasked.error.32021.http-400", expected, "2026-07-28 http"}},
			"roots":       {{"unasked.tool-error", expected, protocol.V20251125}, {"unasked.error.32021", expected, "2026-07-28 stdio"}, {"unasked.error.32021.http-400", expected, "2026-07-28 http"}},
			"tasks":       {{"no-task.request", normal, ""}, {"no-task.result", normal, ""}},
		},
		host: func(h *client.FixedHost) {
			h.Elicitation, h.Sampling, h.Roots, h.Tasks = false, false, false, false
		},
		callTags: map[string]string{"": "unasked"},
	},
	{name: FaultInvalidAnswer,
		keys: map[string][]keyEvent{
			// Each scenario's wrong answer has a label of its own (invalidTags).
			"elicitation": {{"bad-slot.answer.accept", violation, protocol.V20251125}, {"bad-slot.tool-error", expected, protocol.V20251125}, {"bad-slot.retry.request", violation, protocol.V20260728}, {"bad-slot.retry.error.32602.answer", expected, protocol.V20260728}},
			"sampling":    {{"no-model.answer.result", violation, protocol.V20251125}, {"no-model.tool-error", expected, protocol.V20251125}, {"no-model.retry.request", violation, protocol.V20260728}, {"no-model.retry.error.32602.answer", expected, protocol.V20260728}},
			"roots":       {{"not-file.answer.result", violation, protocol.V20251125}, {"not-file.tool-error", expected, protocol.V20251125}, {"not-file.retry.request", violation, protocol.V20260728}, {"not-file.retry.error.32602.answer", expected, protocol.V20260728}},
		},
		// Each scenario's wrong answer is wrong in its own way, and the
		// step that carries it says how (notes/asks.notes): a form value
		// the form does not offer, a sampling result without model, a root
		// that is not a file:// URI.
		host: func(h *client.FixedHost) {
			h.Content, h.NoModelName, h.Workspace = map[string]any{"slot": invalidSlot}, true, []primitive.Root{notAFileRoot}
		},
		callTags: invalidTags,
	},
	{name: FaultTamperedState, modern: true,
		why: "tampered-state needs 2026-07-28: only a multi round-trip request carries a requestState back to the server",
		// One character of the retry's requestState changes on its way.
		http: func(_ string, w wire.HTTP) wire.HTTP { return fault.TamperState(w) },
		pipe: fault.TamperStatePipe,
		keys: map[string][]keyEvent{
			"elicitation": {{"tampered.retry.request", violation, ""}, {"tampered.retry.error.32602.state", expected, ""}, {"model.reads-protocol-error", failure, ""}},
			"sampling":    {{"tampered.retry.request", violation, ""}, {"tampered.retry.error.32602.state", expected, ""}},
			"roots":       {{"tampered.retry.request", violation, ""}, {"tampered.retry.error.32602.state", expected, ""}},
		},
		callTags: map[string]string{"": "tampered"},
	},
	{name: FaultRootsChanged, switchWorkspace: true,
		keys: map[string][]keyEvent{
			"roots": {{"roots.switch", normal, ""}, {"roots-changed", normal, protocol.V20251125}, {"roots-again.ask", normal, protocol.V20251125}, {"roots-again.input-required", normal, protocol.V20260728}},
		},
	},
	{name: FaultCancelTask, cancelTask: true,
		keys: map[string][]keyEvent{
			"tasks": {{"task-cancel.request", normal, ""}, {"task-get.cancelled", normal, ""}},
		},
	},
	{name: FaultTaskInput,
		keys: map[string][]keyEvent{
			"tasks": {{"task-get.input-required", normal, ""}, {"task-update.request", normal, protocol.V20260728}, {"task-wait.ask", normal, protocol.V20251125}, {"task.answer", normal, ""}},
		},
		// The question is a form: the client declares elicitation.
		host: func(h *client.FixedHost) { h.Elicitation = true },
		// The course server, whose export asks about unapproved hours in
		// the middle of its work (not servable).
		tools: func() *primitive.Registry {
			return toolbox.Course().Without("export_timesheets").MustWith(toolbox.ExportTimesheetsReviewed())
		},
	},
	{name: FaultListTasks, listTasks: true,
		keys: map[string][]keyEvent{
			"tasks": {{"task-list.result", normal, protocol.V20251125}, {"task-list.error.32601", expected, "2026-07-28 stdio"}, {"task-list.error.32601.http-404", expected, "2026-07-28 http"}, {"task-list.removed", normal, protocol.V20260728}},
		},
	},
	{name: FaultURLMode, elicitURL: true,
		keys: map[string][]keyEvent{
			"elicitation": {{"url-elicit.ask", normal, protocol.V20251125}, {"elicitation-complete", normal, protocol.V20251125}, {"url-elicit.input-required", normal, protocol.V20260728}, {"url-elicit.retry.request", normal, protocol.V20260728}, {"elicit.url", normal, ""}, {"model.reads-result", normal, ""}},
		},
		// The course server, with a tool that books the atrium, confirmed
		// in the facilities portal (not servable).
		tools: func() *primitive.Registry { return toolbox.Course().MustWith(toolbox.BookEventSpace()) },
	},
}

// ToolCallFaults lists the faults of the tool-call scenario (every MCP
// fault; other scenarios list their own in Info.Faults), in table order.
var ToolCallFaults = func() []string {
	var out []string
	for _, d := range faults {
		if d.toolCall {
			out = append(out, d.name)
		}
	}
	return out
}()

// faultNamed is the entry of fault f (nil for a name the lab does not know).
func faultNamed(f string) *faultDef {
	for i := range faults {
		if faults[i].name == f {
			return &faults[i]
		}
	}
	return nil
}

// FaultApplies reports whether a fault exists for a version and transport,
// and if not, why (a sentence for error messages and the UI).
func FaultApplies(fault, version, transport string) (bool, string) {
	d := faultNamed(fault)
	if d == nil {
		return true, ""
	}
	if (d.transport != "" && d.transport != transport) || (d.modern && !protocol.IsModern(version)) || (d.legacy && protocol.IsModern(version)) {
		return false, d.why
	}
	return true, ""
}

// faultyHTTP wraps the client's HTTP wire in the fault's damage, if the
// fault is one the wire can do (sim/fault).
func faultyHTTP(f, endpoint string, w wire.HTTP) wire.HTTP {
	if d := faultNamed(f); d != nil && d.http != nil {
		return d.http(endpoint, w)
	}
	return w
}

// faultyPipe wraps the client's stdio pipe in the fault's damage.
func faultyPipe(f string, p wire.Pipe) wire.Pipe {
	if d := faultNamed(f); d != nil && d.pipe != nil {
		return d.pipe(p)
	}
	return p
}

// Faults the host can inject, in display order.
const (
	FaultNone            = "none"
	FaultUnknownTool     = "unknown-tool"
	FaultBadParams       = "bad-params"
	FaultTimeout         = "timeout"
	FaultStdoutPollution = "stdout-pollution"
	// FaultBadOrigin is a cross-origin request: a page on another site
	// calls the local server from the user's browser (Origin check).
	FaultBadOrigin = "bad-origin"
	// FaultDNSRebinding is a DNS-rebinding request: the attacker's name
	// now resolves to 127.0.0.1, so Host and Origin both carry it (Host
	// check).
	FaultDNSRebinding       = "dns-rebinding"
	FaultHeaderMismatch     = "header-mismatch"
	FaultUnsupportedVersion = "unsupported-version"
	FaultMissingSession     = "missing-session"
	// FaultMissingAccept: the client's tools/call lists only
	// application/json in Accept (transports §Sending Messages).
	FaultMissingAccept = "missing-accept"
	// FaultStaleVersionHeader: after negotiating 2025-11-25, the client's
	// tools/call carries MCP-Protocol-Version: 2025-03-26 (transports
	// §Protocol Version Header).
	FaultStaleVersionHeader = "stale-version-header"
	// FaultLegacyServer is a variant of the dual-era scenario: the server
	// only speaks 2025-11-25.
	FaultLegacyServer = "legacy-server"
	// FaultShortLength and FaultLongLength are variants of the
	// http-content-length scenario: the client declares a Content-Length
	// smaller (characters instead of UTF-8 bytes) or larger than the body.
	FaultShortLength = "short-length"
	FaultLongLength  = "long-length"
	// FaultStreamDrop is a variant of the progress scenario: the network
	// drops the tools/call response stream after the first progress event.
	FaultStreamDrop = "stream-drop"
	// FaultPing is a variant of the tool-call scenario: a Host written for
	// 2025-11-25 checks the connection with ping before it works; 2026-07-28
	// removed ping (changelog, major change 5).
	FaultPing = "ping"
	// FaultRefSchema is a variant of the tool-call scenario: the server
	// adds find_free_rooms, whose schemas use $defs and $ref and whose
	// output is a list (JSON Schema 2020-12 everywhere, changelog minor 10).
	FaultRefSchema = "ref-schema"
)

// Faults of the primitives' scenarios.
const (
	// FaultNotFound (resources): the user types a department past the
	// suggestions, and the roster it names does not exist.
	FaultNotFound = "not-found"
	// FaultParamMismatch (prompts, 2026-07-28 HTTP): a gateway rewrites the
	// Base64 Mcp-Param-Office into ASCII ("Shanghai" for 上海).
	FaultParamMismatch = "param-mismatch"
	// FaultMissingLogLevel (logging): the host never asks for log
	// messages: no _meta logLevel (2026-07-28), no logging/setLevel
	// (2025-11-25).
	FaultMissingLogLevel = "missing-loglevel"
	// FaultUndeclaredCapability (logging): the server declares no logging
	// capability and the host asks for log messages anyway.
	FaultUndeclaredCapability = "undeclared-capability"
	// FaultSetLevel (logging, 2026-07-28): a host written for 2025-11-25
	// still sends logging/setLevel.
	FaultSetLevel = "set-level"
	// FaultTraceContext (logging): the Host leaves logging aside and traces
	// its calls with OpenTelemetry, the trace context in each request's
	// _meta (2026-07-28 basic/index §_meta, changelog minor 2).
	FaultTraceContext = "trace-context"
)

// Faults of the asks and tasks scenarios.
const (
	// FaultUserDeclines: the user declines the form, or rejects the
	// sampling request.
	FaultUserDeclines = "user-declines"
	// FaultUserCancels: the user dismisses the form without choosing.
	FaultUserCancels = "user-cancels"
	// FaultUndeclared: the client does not declare the capability the
	// tool needs (tasks: it does not ask for a task).
	FaultUndeclared = "no-client-capability"
	// FaultInvalidAnswer: the client answers with a result the server
	// must refuse (a form value the schema does not allow, a sampling
	// result without model, a root that is not a file:// URI).
	FaultInvalidAnswer = "invalid-answer"
	// FaultTamperedState: one character of the requestState changes on
	// its way back (2026-07-28 only: 2025-11-25 has no requestState).
	FaultTamperedState = "tampered-state"
	// FaultRootsChanged: the user switches workspace between two exports.
	FaultRootsChanged = "roots-changed"
	// FaultCancelTask: the user cancels the task while it works.
	FaultCancelTask = "cancel-task"
	// FaultTaskInput: the task asks the user a question in the middle of
	// its work (2026-07-28 tasks/update; 2025-11-25 tasks/result).
	FaultTaskInput = "task-input"
	// FaultListTasks: a Host written for 2025-11-25 looks its tasks up with
	// tasks/list, which the 2026-07-28 tasks extension removed.
	FaultListTasks = "list-tasks"
	// FaultURLMode: the elicitation sends the user to a web page (URL
	// mode): 2025-11-25 elicitationId and notifications/elicitation/complete,
	// which 2026-07-28 removed (changelog minor 11).
	FaultURLMode = "url-mode"
)
