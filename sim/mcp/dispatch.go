package mcp

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// era is a set of protocol generations a method exists in.
type era uint8

const (
	legacyEra era = 1 << iota // 2025-11-25: initialize handshake, sessions
	modernEra                 // 2026-07-28: per-request _meta
	bothEras  = legacyEra | modernEra
)

// methodSpec is one request method the server answers: the eras it exists
// in, the server capability that gates it ("" for none), and its handler.
// Later methods (tasks, server-to-client requests) are rows of the same
// table.
type methodSpec struct {
	eras       era
	capability string
	handle     func(q *call, ctx context.Context) Reply
}

// lookupMethod is the method table. A switch, not a map literal: no map
// is built at start-up.
func lookupMethod(name string) (methodSpec, bool) {
	switch name {
	case protocol.MethodDiscover:
		return methodSpec{modernEra, "", (*call).discover}, true
	case protocol.MethodToolsList:
		return methodSpec{bothEras, protocol.CapTools, (*call).toolsList}, true
	case protocol.MethodToolsCall:
		return methodSpec{bothEras, protocol.CapTools, (*call).toolsCall}, true
	case protocol.MethodResourcesList:
		return methodSpec{bothEras, protocol.CapResources, (*call).resourcesList}, true
	case protocol.MethodResourcesTemplates:
		return methodSpec{bothEras, protocol.CapResources, (*call).templatesList}, true
	case protocol.MethodResourcesRead:
		return methodSpec{bothEras, protocol.CapResources, (*call).resourcesRead}, true
	case protocol.MethodSubscribe:
		// 2026-07-28 replaces it with subscriptions/listen
		// (resourceSubscriptions).
		return methodSpec{legacyEra, protocol.CapResources, (*call).subscribe}, true
	case protocol.MethodUnsubscribe:
		return methodSpec{legacyEra, protocol.CapResources, (*call).unsubscribe}, true
	case protocol.MethodPromptsList:
		return methodSpec{bothEras, protocol.CapPrompts, (*call).promptsList}, true
	case protocol.MethodPromptsGet:
		return methodSpec{bothEras, protocol.CapPrompts, (*call).promptsGet}, true
	case protocol.MethodComplete:
		return methodSpec{bothEras, protocol.CapCompletions, (*call).complete}, true
	case protocol.MethodSetLevel:
		// 2026-07-28 sets the level per request in _meta instead.
		return methodSpec{legacyEra, protocol.CapLogging, (*call).setLevel}, true
	case protocol.MethodListen:
		return methodSpec{modernEra, "", (*call).listen}, true
	case protocol.MethodTasksGet:
		return methodSpec{bothEras, protocol.CapTasks, (*call).tasksGet}, true
	case protocol.MethodTasksCancel:
		return methodSpec{bothEras, protocol.CapTasks, (*call).tasksCancel}, true
	case protocol.MethodTasksUpdate:
		// The tasks extension's; 2025-11-25 answers input with tasks/result.
		return methodSpec{modernEra, protocol.CapTasks, (*call).tasksUpdate}, true
	case protocol.MethodTasksResult:
		// SEP-2663: "tasks/result is removed; clients calling it MUST
		// receive -32601 (Method Not Found)".
		return methodSpec{legacyEra, protocol.CapTasks, (*call).tasksResult}, true
	case protocol.MethodTasksList:
		return methodSpec{legacyEra, protocol.CapTasks, (*call).tasksList}, true
	}
	return methodSpec{}, false
}

// call is one request being served: who sent it, under which era, and
// what the server offered when it arrived.
type call struct {
	s      *Server
	c      *Conn
	m      *jsonrpc.Message
	modern bool
	meta   map[string]json.RawMessage
	notify func(*jsonrpc.Message) // request-scoped notifications; nil when the transport cannot stream
	reg    *primitive.Registry
}

// gate finds the method for m in its era, refusing methods of the other
// era and methods whose server capability the server did not declare
// (2026-07-28 schema MethodNotFoundError: also for a method "gated behind
// a server capability the server did not advertise").
func (s *Server) gate(m *jsonrpc.Message, modern bool) (methodSpec, Reply, bool) {
	spec, ok := lookupMethod(m.Method)
	in := legacyEra
	if modern {
		in = modernEra
	}
	if !ok || spec.eras&in == 0 || (spec.capability != "" && !Offers(s.Registry(), spec.capability)) {
		return methodSpec{}, s.methodNotFound(m, modern), false
	}
	return spec, Reply{}, true
}

// Offers reports whether a server offering reg declares capability (the
// capabilities follow from what the registry holds).
func Offers(reg *primitive.Registry, capability string) bool {
	switch capability {
	case protocol.CapTools:
		return true
	case protocol.CapResources:
		return len(reg.Resources()) > 0 || len(reg.Templates()) > 0
	case protocol.CapPrompts:
		return len(reg.Prompts()) > 0
	case protocol.CapCompletions:
		return reg.HasCompletions()
	case protocol.CapLogging:
		return reg.Logging()
	case protocol.CapTasks:
		for _, t := range reg.Tools() {
			if t.TaskSupport != "" {
				return true
			}
		}
	}
	return false
}

// capabilities is the ServerCapabilities object of discover / initialize:
// what reg offers, in a fixed order. Resource subscriptions are always
// supported (resources/subscribe in 2025-11-25, resourceSubscriptions of
// subscriptions/listen in 2026-07-28). A server with task-supporting tools
// declares the tasks extension (2026-07-28, SEP-2663 "The server
// advertises the same extension in its own server/discover capabilities")
// or 2025-11-25's tasks capability for tools/call, tasks/list and
// tasks/cancel (basic/utilities/tasks §Server Capabilities).
func (s *Server) capabilities(reg *primitive.Registry, modern bool) json.RawMessage {
	type listChanged struct {
		ListChanged bool `json:"listChanged"`
	}
	type resources struct {
		Subscribe   bool `json:"subscribe"`
		ListChanged bool `json:"listChanged"`
	}
	type none struct{}
	type legacyTasks struct {
		List     none `json:"list"`
		Cancel   none `json:"cancel"`
		Requests struct {
			Tools struct {
				Call none `json:"call"`
			} `json:"tools"`
		} `json:"requests"`
	}
	caps := struct {
		Tools       listChanged     `json:"tools"`
		Resources   *resources      `json:"resources,omitempty"`
		Prompts     *listChanged    `json:"prompts,omitempty"`
		Completions *struct{}       `json:"completions,omitempty"`
		Logging     *struct{}       `json:"logging,omitempty"`
		Tasks       *legacyTasks    `json:"tasks,omitempty"`
		Extensions  map[string]none `json:"extensions,omitempty"`
	}{Tools: listChanged{s.cfg.ListChanged}}
	if Offers(reg, protocol.CapResources) {
		caps.Resources = &resources{Subscribe: true, ListChanged: s.cfg.ListChanged}
	}
	if Offers(reg, protocol.CapPrompts) {
		caps.Prompts = &listChanged{s.cfg.ListChanged}
	}
	if Offers(reg, protocol.CapCompletions) {
		caps.Completions = &struct{}{}
	}
	if Offers(reg, protocol.CapLogging) {
		caps.Logging = &struct{}{}
	}
	if Offers(reg, protocol.CapTasks) {
		if modern {
			caps.Extensions = map[string]none{protocol.ExtTasks: {}}
		} else {
			caps.Tasks = &legacyTasks{}
		}
	}
	b, _ := jsonrpc.Marshal(caps)
	return b
}

// methodNotFound is -32601 with a note on why, when the method exists
// elsewhere: in the other era, or behind an undeclared capability.
func (s *Server) methodNotFound(m *jsonrpc.Message, modern bool) Reply {
	msg := "Method not found: " + protocol.Excerpt(m.Method)
	spec, known := lookupMethod(m.Method)
	switch {
	case modern && m.Method == protocol.MethodInitialize:
		msg += " (2026-07-28 has no handshake; this server supports " + strings.Join(s.Supported(), ", ") + ")"
	case modern && m.Method == protocol.MethodPing:
		msg += " (ping was removed in 2026-07-28)"
	case modern && m.Method == protocol.MethodSetLevel:
		msg += " (removed in 2026-07-28: set " + protocol.MetaLogLevel + " in each request's _meta)"
	case modern && (m.Method == protocol.MethodSubscribe || m.Method == protocol.MethodUnsubscribe):
		msg += " (removed in 2026-07-28: open subscriptions/listen with resourceSubscriptions)"
	case !modern && m.Method == protocol.MethodDiscover:
		msg += " (server/discover exists only in 2026-07-28)"
	case modern && (m.Method == protocol.MethodTasksResult || m.Method == protocol.MethodTasksList):
		msg += " (removed by the tasks extension " + protocol.ExtTasks + ": tasks/get inlines the result, and tasks are not listed)"
	case !modern && m.Method == protocol.MethodTasksUpdate:
		msg += " (tasks/update is the 2026-07-28 tasks extension's; a 2025-11-25 task gets its input through tasks/result)"
	case !modern && m.Method == protocol.MethodListen:
		msg += " (subscriptions/listen exists only in 2026-07-28; use resources/subscribe or the GET stream)"
	case known && spec.capability != "":
		msg += " (the server did not declare that capability)"
	}
	// 2026-07-28 streamable-http §Protocol Version Header: unknown method →
	// 404 with -32601. 2025-11-25 has no such rule: the error rides a 200.
	status := http.StatusOK
	if modern {
		status = http.StatusNotFound
	}
	return errReply(m, status, protocol.CodeMethodNotFound, msg, nil)
}

// stamp returns the 2026-07-28 result fields (resultType, _meta with
// serverInfo), or zero values under 2025-11-25.
func (q *call) stamp() (string, *ResultMeta) {
	if !q.modern {
		return "", nil
	}
	return "complete", &ResultMeta{ServerInfo: q.s.cfg.Info}
}

// cacheable returns the trailing fields of a 2026-07-28 cacheable result
// (server/utilities/caching: "Servers MUST include caching hints on
// results with resultType: "complete""), and its resultType; zero values
// under 2025-11-25.
func (q *call) cacheable(c primitive.Cache) (Cacheable, string) {
	resultType, meta := q.stamp()
	if !q.modern {
		return Cacheable{}, resultType
	}
	ttl := c.TTL.Milliseconds()
	return Cacheable{TTLMs: &ttl, CacheScope: c.Scope(), Meta: meta}, resultType
}

// ok answers the request with result.
func (q *call) ok(result any) Reply {
	return Reply{Msg: jsonrpc.Result(q.m.ID, result), Status: http.StatusOK}
}

// invalid answers -32602 (HTTP 200: the request was well formed).
func (q *call) invalid(msg string, data any) Reply {
	return errReply(q.m, http.StatusOK, protocol.CodeInvalidParams, msg, data)
}

// params decodes the request params into v; a mismatch is -32602.
func (q *call) params(v any) *Reply {
	if err := json.Unmarshal(orEmpty(q.m.Params), v); err != nil {
		r := q.invalid("Invalid params: "+q.m.Method+": "+err.Error(), nil)
		return &r
	}
	return nil
}

// noCursor refuses a pagination cursor: this server never splits a list,
// so it never issued one (server/utilities/pagination: "Invalid cursors
// SHOULD result in an error with code -32602").
func (q *call) noCursor() *Reply {
	var p struct {
		Cursor *string `json:"cursor"`
	}
	if r := q.params(&p); r != nil {
		return r
	}
	if p.Cursor != nil {
		r := q.invalid("Invalid params: unknown cursor "+quoteJSON(*p.Cursor)+" (this server returns every list in one page)", nil)
		return &r
	}
	return nil
}

// clientCapabilities are what the client declared: the request's _meta in
// 2026-07-28 ("Servers MUST NOT infer capabilities from prior requests"),
// initialize in 2025-11-25.
func (q *call) clientCapabilities() json.RawMessage {
	if q.modern {
		return q.meta[protocol.MetaClientCapabilities]
	}
	q.c.mu.Lock()
	defer q.c.mu.Unlock()
	return q.c.clientCaps
}

// discover is server/discover (2026-07-28 server/discover).
func (q *call) discover(context.Context) Reply {
	return q.ok(DiscoverResult{
		ResultType:        "complete",
		SupportedVersions: q.s.Supported(),
		Capabilities:      q.s.capabilities(q.reg, true),
		Instructions:      q.s.cfg.Instructions,
		TTLMs:             3600000,
		CacheScope:        "public",
		Meta:              ResultMeta{ServerInfo: q.s.cfg.Info},
	})
}

func quoteJSON(s string) string {
	b, _ := jsonrpc.Marshal(s)
	return string(b)
}
