package mcp

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"mcpwirelab/sim/protocol"
)

// ClientInfo is the identity the lab's client sends.
var ClientInfo = Implementation{Name: "mcp-wire-lab-client", Version: "1.0.0"}

// RequestParams returns params for a request under version: for 2026-07-28
// the required per-request _meta is merged in (basic/index §_meta: protocol
// version and client capabilities are required, clientInfo SHOULD be sent);
// for 2025-11-25 params are returned as they are. extraMeta (e.g. a
// progressToken) is added to _meta in both versions.
func RequestParams(version string, params map[string]any, extraMeta map[string]any) map[string]any {
	return RequestParamsWith(version, nil, params, extraMeta)
}

// RequestParamsWith is RequestParams for a client that declares caps (a
// ClientCapabilities object; nil declares none) in each 2026-07-28
// request's _meta (basic/index §_meta: a client declares there every
// capability the request may need, e.g. elicitation for a tool that asks).
func RequestParamsWith(version string, caps map[string]any, params map[string]any, extraMeta map[string]any) map[string]any {
	if caps == nil {
		caps = map[string]any{}
	}
	out := map[string]any{}
	for k, v := range params {
		out[k] = v
	}
	meta := map[string]any{}
	for k, v := range extraMeta {
		meta[k] = v
	}
	if protocol.IsModern(version) {
		meta[protocol.MetaProtocolVersion] = version
		meta[protocol.MetaClientInfo] = ClientInfo
		meta[protocol.MetaClientCapabilities] = caps
	}
	if len(meta) > 0 {
		out["_meta"] = meta
	}
	if len(out) == 0 {
		return nil // no params member at all
	}
	return out
}

// InitializeParamsWith are the 2025-11-25 initialize params of a client that
// declares caps (nil: none). lifecycle §Capability Negotiation: the
// capabilities exchanged here decide what the session may use.
func InitializeParamsWith(version string, caps map[string]any) map[string]any {
	if caps == nil {
		caps = map[string]any{}
	}
	return map[string]any{
		"protocolVersion": version,
		"capabilities":    caps,
		"clientInfo":      ClientInfo,
	}
}

// ModelView renders a tools/list result the way a host puts it in front of
// a language model: names, descriptions and argument shapes as text. The
// model never sees JSON-RPC; it sees this.
//
// Each tool's part is kept by the tool's name, description and schema
// (modelViewParts): every run of a scenario lists the same course tools.
func ModelView(tools []Tool) string {
	var b strings.Builder
	b.WriteString("You can call these tools. Reply with one tool call as JSON.\n")
	for _, t := range tools {
		b.WriteString(modelViewPart(t))
	}
	return b.String()
}

// modelViewParts keeps ModelView's text of each tool it has shown.
// Bounded: past modelViewMax entries parts are written every time.
var modelViewParts struct {
	sync.Mutex
	m map[string]string
}

const modelViewMax = 64

// modelViewPart is one tool's part of ModelView, through the cache.
func modelViewPart(t Tool) string {
	key := t.Name + "\x00" + t.Description + "\x00" + string(t.InputSchema)
	modelViewParts.Lock()
	part, ok := modelViewParts.m[key]
	modelViewParts.Unlock()
	if ok {
		return part
	}
	part = writeModelViewPart(t)
	modelViewParts.Lock()
	if modelViewParts.m == nil {
		modelViewParts.m = map[string]string{}
	}
	if len(modelViewParts.m) < modelViewMax {
		modelViewParts.m[key] = part
	}
	modelViewParts.Unlock()
	return part
}

// modelViewProp is what ModelView shows of a property's schema.
type modelViewProp struct {
	Ref         string `json:"$ref"`
	Type        string `json:"type"`
	Description string `json:"description"`
	Enum        []any  `json:"enum"`
}

// resolveLocalRef follows a property's $ref when it points inside the
// tool's own schema ("#/$defs/<name>"), the only kind the Host resolves:
// 2026-07-28 basic/index §$ref Resolution, "Implementations MUST NOT
// automatically dereference $ref values that resolve to a network URI".
// Any other $ref is shown, not fetched.
func resolveLocalRef(p modelViewProp, defs map[string]modelViewProp) modelViewProp {
	if p.Ref == "" {
		return p
	}
	if name, ok := strings.CutPrefix(p.Ref, "#/$defs/"); ok {
		if d, ok := defs[name]; ok && d.Ref == "" {
			if p.Description != "" {
				d.Description = p.Description
			}
			return d
		}
	}
	if p.Type == "" {
		p.Type = "$ref " + p.Ref + ", not fetched"
	}
	return p
}

// writeModelViewPart writes one tool's name, description and arguments.
func writeModelViewPart(t Tool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n## %s\n%s\n", t.Name, t.Description)
	var s struct {
		Properties map[string]modelViewProp `json:"properties"`
		Defs       map[string]modelViewProp `json:"$defs"`
		Required   []string                 `json:"required"`
	}
	_ = json.Unmarshal(t.InputSchema, &s)
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) == 0 {
		b.WriteString("Arguments: none\n")
		return b.String()
	}
	b.WriteString("Arguments:\n")
	for _, n := range names {
		p := resolveLocalRef(s.Properties[n], s.Defs)
		req := "optional"
		for _, r := range s.Required {
			if r == n {
				req = "required"
			}
		}
		typ := p.Type
		if len(p.Enum) > 0 {
			var vals []string
			for _, v := range p.Enum {
				vb, _ := json.Marshal(v)
				vals = append(vals, string(vb))
			}
			typ = strings.Join(vals, " | ")
		}
		fmt.Fprintf(&b, "- %s (%s, %s): %s\n", n, typ, req, p.Description)
	}
	return b.String()
}
