package scenario

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/trace"
)

// serverFamily: the scenarios of this file (each against a server the
// scenario changes, or a client that probes it), in the catalog's order
// (catalog.go joins the families).
var serverFamily = []scenarioDef{
	{info: Info{Name: "capabilities",
		Transports: bothWires, Faults: []string{FaultNone}}, server: capabilitiesServer, run: capabilitiesScenario,
		doc: "against a server that offers only the course tools (no resources, prompts, completions or logging), the client reads the declared capabilities, calls `prompts/list` anyway → `-32601` (2026-07-28 HTTP **404**; 2025-11-25 HTTP 200)"},
	{info: Info{Name: "list-changed",
		Transports: bothWires, Faults: []string{FaultNone}}, server: listChangedServer, run: listChangedScenario,
		doc: "2026-07-28: `subscriptions/listen` → acknowledgement first → an administrator enables `book_room` → `notifications/tools/list_changed` tagged with the subscription id → the client re-lists and books; the client then closes the subscription. 2025-11-25: the session's GET stream (HTTP) or an unsolicited stdout notification (stdio)"},
	{info: Info{Name: "load-balancer",
		Transports: onlyHTTP, Faults: []string{FaultNone}}, server: loadBalancerServer, run: loadBalancerScenario,
		doc: "two replicas behind round-robin. 2025-11-25: the session minted on replica 1 is unknown on replica 2 → **404**, re-initialise, 404 again, give up (sticky routing needed). 2026-07-28: any replica answers; a server-minted `draft_id` handle created on replica 1 is sent on replica 2 (shared storage)"},
	{info: Info{Name: "dual-era",
		Transports: bothWires, Faults: []string{FaultNone, FaultLegacyServer, FaultUnsupportedVersion}}, modernOnly: true, run: dualEraScenario,
		doc: "a client that speaks both eras probes with `server/discover`: a modern answer keeps it modern; a legacy server's error that is not a recognized modern error (HTTP 400 `-32600`, stdio `-32601`) makes it fall back to `initialize`; a modern `-32022` makes it retry with a supported version and **not** downgrade"},
	{info: Info{Name: "tool-poisoning",
		Transports: bothWires, Faults: []string{FaultNone}}, server: poisonedServer, run: poisoningScenario,
		doc: "a `daily_quote` tool whose description hides an instruction; the host shows what the model reads, flags the suspicious phrases and refuses the call the instruction asks for"},
}

// ---- capabilities: a method whose capability the server did not declare ----

// capabilitiesServer offers the course tools and nothing else: no
// resources, prompts, completions or logging, so prompts/list is a method
// whose capability it did not declare.
func capabilitiesServer(Options) serverSpec {
	return serverSpec{tools: toolbox.Default().ToolsOnly()}
}

func capabilitiesScenario(r *runner) {
	// The Host renders MCP Apps: under 2026-07-28 it says so in every
	// request's capabilities (extensions), which 2025-11-25 has no field
	// for (basic/versioning §Extension Negotiation).
	r.asker.Extensions = map[string]any{protocol.ExtApps: map[string]any{"mimeTypes": []string{protocol.AppsMimeType}}}
	r.host(trace.Host, trace.Host, "user.prompt", "Which prompt templates does this server offer?\n")
	if !r.start() {
		return
	}
	r.host(trace.Client, trace.Client, "capabilities.read",
		fmt.Sprintf("server capabilities: %s (no \"prompts\")\n", r.c.Session().Capabilities))
	// "If one party supports an extension but the other does not, the
	// supporting party MUST either revert to core protocol behavior or
	// reject the request": the Host reverts.
	r.host(trace.Client, trace.Client, "capabilities.extensions",
		"no extension "+protocol.ExtApps+" among the server's capabilities: show tool results as text (core behaviour)\n")
	// A careless client asks anyway. 2026-07-28 schema MethodNotFoundError:
	// a method "gated behind a server capability the server did not
	// advertise" is -32601 (HTTP 404 in 2026-07-28).
	out := r.request(protocol.MethodPromptsList, nil, callOpts{Tag: "prompts-list"})
	if e := out.Error(); e != nil {
		r.host(trace.Client, trace.Host, "capabilities.refused", fmt.Sprintf("error %d %s\n", e.Code, e.Message))
	}
	if tools, ok := r.listTools(); ok {
		r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
		r.host(trace.Host, trace.Host, "model.answers",
			fmt.Sprintf("This server offers no prompt templates: it declares only tools (%d of them).\n", len(tools)))
	}
	r.finish()
}

// ---- tool poisoning: an instruction hidden in a tool description ----

func poisonedServer(Options) serverSpec {
	return serverSpec{tools: toolbox.Default().MustWith(toolbox.PoisonedQuote())}
}

func poisoningScenario(r *runner) {
	tools, ok := r.begin("Post a motivating quote to the team channel.")
	if !ok {
		return
	}
	// The host inspects descriptions before a model reads them: the user
	// never sees them, the model treats them as trusted instructions.
	var flagged []string
	for _, t := range tools {
		if hits := toolbox.Suspicious(t.Description); len(hits) > 0 {
			flagged = append(flagged, fmt.Sprintf("%s: %q\n  description: %s", t.Name, hits, t.Description))
		}
	}
	if len(flagged) > 0 {
		r.host(trace.Client, trace.Host, "poisoning.flagged", "⚠ instructions aimed at the model found in tool descriptions:\n"+strings.Join(flagged, "\n")+"\n")
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	// The model obeys the hidden instruction: it wants the employee list
	// although the user only asked for a quote.
	r.host(trace.Host, trace.Client, "poisoning.model-obeys", `{"name":"list_employees","arguments":{}}`+"\n")
	r.host(trace.Host, trace.Host, "poisoning.blocked",
		"Host: the model wants list_employees, which the user's request does not need; it was asked for by daily_quote's description (flagged).\n"+
			"Ask the user? → denied. The call is not sent.\n")
	r.callTool(toolChoice{Name: "daily_quote", Args: map[string]any{"audience": "team channel"}})
	r.finish()
}

// ---- list-changed: the tool list changes while the client is connected ----

// listChangedServer starts without book_room: the course's first five
// tools, until the administrator enables it.
func listChangedServer(Options) serverSpec {
	return serverSpec{listChanged: true, tools: toolbox.Default()}
}

func listChangedScenario(r *runner) {
	r.host(trace.Host, trace.Host, "user.prompt", "Book the Aurora room for 2026-12-04.\n")
	if !r.start() {
		return
	}
	// The first listing: the model sees no booking tool yet.
	firstList := func() bool {
		tools, ok := r.listTools()
		if !ok {
			return false
		}
		r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
		r.host(trace.Host, trace.Host, "list-changed.no-tool", "No tool can book rooms yet. Waiting for the server's tool list to change.\n")
		// An administrator enables book_room 1.5 s from now; the server
		// notices on its next poll (every second).
		r.clock.AfterFunc(1500*time.Millisecond, func() {
			for _, s := range r.servers {
				s.SetTools(toolbox.Default().MustWith(toolbox.BookRoom()))
			}
			r.record(ev{from: trace.Server, to: trace.Server, ch: trace.HostChannel, kind: trace.KindThink,
				raw: "admin: enabled tool book_room\n", note: "list-changed.admin"})
		})
		return true
	}
	react := func(n *jsonrpc.Message, stop func()) {
		switch n.Method {
		case protocol.MethodAcknowledged:
			// Subscribed first, listed second: no change can slip
			// between the two.
			if !firstList() {
				stop()
			}
			return
		case protocol.MethodToolsChanged:
		default:
			return
		}
		// The notification carries no list: the client re-lists.
		tools, ok := r.listToolsAs("relist")
		if ok {
			r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
			r.callTool(toolChoice{Name: "book_room", Args: map[string]any{"room": "Aurora", "day": "2026-12-04"}})
		}
		stop()
	}
	switch {
	case protocol.IsModern(r.c.Version()):
		// 2026-07-28 basic/patterns/subscriptions: opt in per notification
		// type on a long-lived subscriptions/listen request.
		r.c.Listen(r.ctx, mcp.SubscriptionFilter{ToolsListChanged: true}, callOpts{Tag: "listen", OnNotify: react})
	case r.o.Transport == "stdio":
		// 2025-11-25: a server that declared listChanged just writes the
		// notification on stdout, between responses.
		if firstList() {
			r.c.Listen(r.ctx, mcp.SubscriptionFilter{}, callOpts{Tag: "listen", OnNotify: react})
		}
	default:
		// 2025-11-25 HTTP: the client opens the session's GET stream,
		// then lists.
		r.c.Listen(r.ctx, mcp.SubscriptionFilter{}, callOpts{Tag: "get-stream", OnNotify: react, OnOpen: func(stop func()) {
			if !firstList() {
				stop()
			}
		}})
	}
	r.finish()
}

// ---- load-balancer: sessions vs stateless requests across replicas ----

func loadBalancerServer(Options) serverSpec {
	store := toolbox.NewDraftStore()
	return serverSpec{replicas: 2, tools: toolbox.Default().MustWith(toolbox.DraftTools(store)...)}
}

func loadBalancerScenario(r *runner) {
	r.host(trace.Host, trace.Host, "user.prompt", "Draft an e-mail to Ana about the login incident, then send it.\n")
	r.record(ev{from: trace.Host, to: trace.Client, ch: trace.HostChannel, kind: trace.KindLaunch,
		raw:  "connect " + r.endpoint + " (a round-robin load balancer in front of replicas 1 and 2)\n",
		note: "lb.launch", spec: specHTTP})
	if !protocol.IsModern(r.c.Version()) {
		// 2025-11-25: the session lives in the memory of the replica that
		// answered initialize. The next request goes to the other one.
		for attempt := 1; attempt <= 2; attempt++ {
			r.c.Reset()
			label := "initialize"
			if attempt > 1 {
				label = "reinitialize"
			}
			if _, out := r.c.Initialize(r.ctx, callOpts{Tag: label}); !r.ok(out) {
				return
			}
			got := r.notify(protocol.MethodInitialized, nil, "initialized")
			if got.Status != http.StatusNotFound {
				break
			}
			if attempt == 1 {
				// §Session Management 4: on 404 the client MUST start a new
				// session by sending a new InitializeRequest.
				r.host(trace.Client, trace.Client, "lb.session-lost", "404: replica 2 has never heard of this session → start a new one\n")
				continue
			}
			r.host(trace.Client, trace.Host, "lb.give-up",
				"404 again: every other request lands on a replica that does not hold the session.\n"+
					"Fix: sticky routing (by Mcp-Session-Id) or a session store shared by the replicas.\n")
			r.disconnect()
			return
		}
	}
	if !r.discover() {
		return
	}
	tools, ok := r.listTools()
	if !ok {
		r.finish()
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	out := r.callTool(toolChoice{Name: "create_draft", Args: map[string]any{"to": "ana.souza@example.com", "subject": "Login incident"}, Intermediate: true})
	var sc struct {
		StructuredContent struct {
			DraftID string `json:"draft_id"`
		} `json:"structuredContent"`
	}
	if out.resp == nil || json.Unmarshal(out.resp.Result, &sc) != nil || sc.StructuredContent.DraftID == "" {
		r.finish()
		return
	}
	// The handle is application state the model carries forward; any
	// replica can resolve it because drafts live in shared storage.
	r.callTool(toolChoice{Name: "send_draft", Args: map[string]any{"draft_id": sc.StructuredContent.DraftID}})
	r.finish()
}

// ---- dual-era: a client that supports both eras detects the server's ----

// modernErrorCodes reports whether code is one of the JSON-RPC errors that
// prove a server is modern (2026-07-28 transports §Backward Compatibility).
// A switch, not a map literal: no map is built at start-up.
func modernErrorCodes(code int) bool {
	switch code {
	case protocol.CodeHeaderMismatch, protocol.CodeMissingRequiredClientCapability, protocol.CodeUnsupportedProtocolVersion:
		return true
	}
	return false
}

func dualEraScenario(r *runner) {
	r.host(trace.Host, trace.Host, "user.prompt", "List the tools of the server I just configured.\n")
	r.launch()
	if v := r.fault().askModern; v != "" {
		r.c.SetVersion(v)
	}
	// Probe with a modern request first (versioning §Backward Compatibility).
	out := r.request(protocol.MethodDiscover, nil, callOpts{Tag: "probe"})
	e := out.Error()
	modern := out.Response != nil && e == nil
	if e != nil {
		modern = modernErrorCodes(e.Code) || (e.Code == protocol.CodeMethodNotFound && out.Status == http.StatusNotFound)
	}
	switch {
	case modern && e != nil && e.Code == protocol.CodeUnsupportedProtocolVersion:
		var data mcp.UnsupportedVersionData
		_ = json.Unmarshal(e.Data, &data)
		r.c.SetVersion(r.c.Choose(data.Supported))
		r.host(trace.Client, trace.Client, "era.modern-retry",
			fmt.Sprintf("-32022 is a modern error: the server is modern. Do NOT fall back to initialize; retry with %s from supported %v\n", r.c.Version(), data.Supported))
		if !r.ok(r.request(protocol.MethodDiscover, nil, callOpts{Tag: "discover-retry"})) {
			return
		}
	case modern:
		r.host(trace.Client, trace.Client, "era.modern", "DiscoverResult: the server is modern; stay on "+r.c.Version()+"\n")
	default:
		why := "no recognized modern error"
		if e != nil {
			why = fmt.Sprintf("error %d is not a modern error", e.Code)
		}
		if out.Status != 0 {
			why = fmt.Sprintf("HTTP %d and %s", out.Status, why)
		}
		r.host(trace.Client, trace.Client, "era.legacy", why+": the server is legacy → fall back to initialize (2025-11-25)\n")
		r.c.SetVersion(protocol.V20251125)
		if !r.handshake() {
			return
		}
	}
	if tools, ok := r.listTools(); ok {
		if !protocol.IsModern(r.c.Version()) {
			// basic/index §ResultType: "For backward compatibility with
			// servers implementing earlier protocol versions, which do not
			// include resultType, clients MUST treat an absent resultType as
			// complete". The rule is the dual-era client's modern one.
			r.hostAt(r.o.Version, trace.Client, trace.Client, "era.legacy-result",
				"tools/list result without resultType: a result of an earlier-protocol server; read it as complete\n")
		}
		r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	}
	r.finish()
}
