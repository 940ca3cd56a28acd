package client

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// Host is the client's side of what a server asks while it handles a
// request: the user (elicitation), the Host's model (sampling), the Host's
// workspace (roots). Both eras use it the same way; only the carriage
// differs (asks.go): 2025-11-25 questions arrive as JSON-RPC requests of the
// server and Answer's result goes back as their response; 2026-07-28
// questions arrive in an InputRequiredResult and the results go back as
// inputResponses of the retried request.
type Host interface {
	// Capabilities is the ClientCapabilities object the client declares
	// under version: once in 2025-11-25's initialize, on every request's
	// _meta in 2026-07-28 (basic/index §_meta). A client declares only what
	// it can answer: servers "MUST NOT" ask for anything else (2026-07-28
	// mrtr §Server Requirements 7; 2025-11-25 lifecycle §Capability
	// Negotiation). Nil declares nothing.
	Capabilities(version string) map[string]any
	// Answer answers one question with its method's result (an
	// ElicitResult, a CreateMessageResult, a ListRootsResult), or refuses
	// it with err: a 2025-11-25 client sends err as its JSON-RPC error
	// response (client/sampling §Error Handling: "User rejected sampling
	// request: -1"); a 2026-07-28 client has nothing to send and does not
	// retry (client/sampling §Error Handling: "the client does not need to
	// replay the initial call with an error message").
	Answer(ctx context.Context, q Question) (result json.RawMessage, err *jsonrpc.Error)
}

// Question is one thing the server asks.
type Question struct {
	Method string          // elicitation/create, sampling/createMessage, roots/list
	Params json.RawMessage // the request's params (nil when it has none)
	// Key names the question among the inputRequests of a 2026-07-28
	// InputRequiredResult or task; "" for a 2025-11-25 server request.
	Key string
	// ID is the id of a 2025-11-25 server request (the server's own).
	ID jsonrpc.ID
	// Task is the task the question serves, "" for none.
	Task string
}

// Capabilities is the ClientCapabilities object the client declares now
// (its Host's; an empty object without a Host).
func (c *Client) Capabilities() map[string]any {
	if c.cfg.Host == nil {
		return map[string]any{}
	}
	caps := c.cfg.Host.Capabilities(c.Version())
	if caps == nil {
		caps = map[string]any{}
	}
	return caps
}

// FixedHost is the lab's deterministic Host: its user accepts, declines or
// cancels a form (accepting the first option each field offers, unless
// Content says otherwise), its model writes a summary computed from the
// request, its roots are fixed. It declares exactly the capabilities its
// fields switch on.
type FixedHost struct {
	// What the client declares (and can answer).
	Elicitation, Sampling, Roots bool
	// ElicitURL declares URL-mode elicitation besides form mode
	// (client/elicitation §Capabilities: {"form": {}, "url": {}}); its user
	// opens the link and confirms.
	ElicitURL bool
	// Tasks declares the 2026-07-28 tasks extension
	// (capabilities.extensions["io.modelcontextprotocol/tasks"]).
	Tasks bool
	// Extensions are the other 2026-07-28 extensions the Host supports,
	// by identifier, with their settings (basic/versioning §Extension
	// Negotiation). 2025-11-25's ClientCapabilities have no extensions.
	Extensions map[string]any

	// ElicitAction is what the user does with a form: accept ("" too),
	// decline or cancel (client/elicitation §Response Actions).
	ElicitAction string
	// Content, when set, is what the user enters in an accepted form.
	Content map[string]any
	// Model names the Host's model in sampling results; "" is
	// DefaultModel.
	Model string
	// DeclineSampling: the user rejects the sampling request.
	DeclineSampling bool
	// NoModelName: a buggy Host sends its sampling result without the
	// required model field.
	NoModelName bool
	// Workspace is the roots the Host shares.
	Workspace []primitive.Root
	// OnQuestion, when set, is told of each question before it is
	// answered, and OnAnswer of the answer (the simulator records what the
	// user sees and does).
	OnQuestion func(q Question)
	OnAnswer   func(q Question, result json.RawMessage, err *jsonrpc.Error)
}

// DefaultModel names the lab Host's model.
const DefaultModel = "lab-model-1"

// CodeUserRejected is what a 2025-11-25 client answers when its user rejects
// a sampling request (client/sampling §Error Handling: "User rejected
// sampling request: -1").
const CodeUserRejected = -1

// Capabilities implements Host.
func (h *FixedHost) Capabilities(version string) map[string]any {
	caps := map[string]any{}
	if h.Elicitation {
		modes := map[string]any{protocol.ModeForm: map[string]any{}}
		if h.ElicitURL {
			modes[protocol.ModeURL] = map[string]any{}
		}
		caps[protocol.CapElicitation] = modes
	}
	if h.Sampling {
		caps[protocol.CapSampling] = map[string]any{}
	}
	if h.Roots {
		roots := map[string]any{}
		if !protocol.IsModern(version) {
			// 2025-11-25 client/roots §Capabilities: listChanged "indicates
			// whether the client will emit notifications when the list of
			// roots changes". 2026-07-28 has no such notification.
			roots["listChanged"] = true
		}
		caps[protocol.CapRoots] = roots
	}
	if protocol.IsModern(version) && (h.Tasks || len(h.Extensions) > 0) {
		ext := map[string]any{}
		for id, settings := range h.Extensions {
			ext[id] = settings
		}
		if h.Tasks {
			ext[protocol.ExtTasks] = map[string]any{}
		}
		caps["extensions"] = ext
	}
	return caps
}

// Answer implements Host.
func (h *FixedHost) Answer(_ context.Context, q Question) (json.RawMessage, *jsonrpc.Error) {
	if h.OnQuestion != nil {
		h.OnQuestion(q)
	}
	res, err := h.answer(q)
	if h.OnAnswer != nil {
		h.OnAnswer(q, res, err)
	}
	return res, err
}

func (h *FixedHost) answer(q Question) (json.RawMessage, *jsonrpc.Error) {
	notFound := func(what string) *jsonrpc.Error {
		// 2025-11-25 client/roots §Error Handling: a client that does not
		// support a request answers -32601 (Method not found).
		return jsonrpc.NewError(protocol.CodeMethodNotFound, what+" not supported", nil)
	}
	switch q.Method {
	case protocol.MethodElicit:
		if !h.Elicitation {
			return nil, notFound("Elicitation")
		}
		return mustMarshal(h.elicit(q.Params)), nil
	case protocol.MethodSample:
		if !h.Sampling {
			return nil, notFound("Sampling")
		}
		if h.DeclineSampling {
			return nil, jsonrpc.NewError(CodeUserRejected, "User rejected sampling request", nil)
		}
		res := map[string]any{"role": "assistant", "content": primitive.TextContent(Summary(q.Params)), "stopReason": "endTurn"}
		if !h.NoModelName {
			res["model"] = h.model()
		}
		return mustMarshal(res), nil
	case protocol.MethodRoots:
		if !h.Roots {
			return nil, notFound("Roots")
		}
		roots := h.Workspace
		if roots == nil {
			roots = []primitive.Root{}
		}
		return mustMarshal(map[string]any{"roots": roots}), nil
	}
	return nil, jsonrpc.NewError(protocol.CodeMethodNotFound, "Method not found: "+q.Method, nil)
}

func (h *FixedHost) model() string {
	if h.Model != "" {
		return h.Model
	}
	return DefaultModel
}

// elicit is the user's ElicitResult for a form (or a URL, which the user
// visits and accepts).
func (h *FixedHost) elicit(params json.RawMessage) map[string]any {
	switch h.ElicitAction {
	case protocol.ActionDecline, protocol.ActionCancel:
		return map[string]any{"action": h.ElicitAction}
	}
	var p struct {
		Mode            string `json:"mode"`
		RequestedSchema struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"requestedSchema"`
	}
	_ = json.Unmarshal(params, &p)
	if p.Mode == protocol.ModeURL {
		return map[string]any{"action": protocol.ActionAccept}
	}
	content := h.Content
	if content == nil {
		content = map[string]any{}
		for name, raw := range p.RequestedSchema.Properties {
			content[name] = FirstChoice(raw)
		}
	}
	return map[string]any{"action": protocol.ActionAccept, "content": content}
}

// FirstChoice is the value a user who takes the first offer enters for a
// field of a requested schema: its first titled option (oneOf const) or
// enum value, its default, else a plain value of its type.
func FirstChoice(prop json.RawMessage) any {
	var p struct {
		Type    string            `json:"type"`
		Default any               `json:"default"`
		Enum    []any             `json:"enum"`
		OneOf   []json.RawMessage `json:"oneOf"`
		Minimum *float64          `json:"minimum"`
	}
	_ = json.Unmarshal(prop, &p)
	for _, o := range p.OneOf {
		var c struct {
			Const any `json:"const"`
		}
		if json.Unmarshal(o, &c) == nil && c.Const != nil {
			return c.Const
		}
	}
	switch {
	case len(p.Enum) > 0:
		return p.Enum[0]
	case p.Default != nil:
		return p.Default
	}
	switch p.Type {
	case "boolean":
		return true
	case "number", "integer":
		if p.Minimum != nil {
			return *p.Minimum
		}
		return 0
	}
	return "yes"
}

// Summary is what the lab Host's model writes for a sampling request: two
// sentences computed from the request's last user message, so every run
// writes the same. A message listing e-mails ("- <date>, from <who>:
// <subject>. …" lines, as summarize_inbox sends) is summarised by count,
// first sender and subjects.
func Summary(params json.RawMessage) string {
	var p struct {
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	_ = json.Unmarshal(params, &p)
	text := ""
	for _, m := range p.Messages {
		var c primitive.Content
		if m.Role == "user" && json.Unmarshal(m.Content, &c) == nil && c.Type == protocol.ContentText {
			text = c.Text
		}
	}
	type item struct{ from, subject string }
	var items []item
	for _, line := range strings.Split(text, "\n") {
		rest, ok := strings.CutPrefix(line, "- ")
		if !ok {
			continue
		}
		_, rest, _ = strings.Cut(rest, ", from ")
		from, subject, ok := strings.Cut(rest, ": ")
		if !ok {
			continue
		}
		subject, _, _ = strings.Cut(subject, ". ")
		items = append(items, item{from, strings.TrimSuffix(subject, ".")})
	}
	if len(items) == 0 {
		return "There is nothing to summarise."
	}
	subjects := make([]string, len(items))
	for i, it := range items {
		subjects[i] = it.subject
	}
	noun := "e-mails"
	if len(items) == 1 {
		noun = "e-mail"
	}
	return fmt.Sprintf("%d %s: %s. Start with %s's: %s.", len(items), noun, strings.Join(subjects, "; "), items[0].from, items[0].subject)
}

// SortedKeys returns the keys of an InputRequests map in order: the order
// in which the client answers them (JSON objects have none of their own).
func SortedKeys(m map[string]mcp.InputRequest) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func mustMarshal(v any) json.RawMessage {
	b, _ := jsonrpc.Marshal(v)
	return b
}
