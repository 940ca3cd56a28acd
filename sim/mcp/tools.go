package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sort"
	"strings"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/toolbox"
)

// toolsListTTL is how long a 2026-07-28 client may keep tools/list (and
// the other lists): five minutes, invalidated sooner by list_changed.
const toolsListTTL = 5 * time.Minute

// toolsList is tools/list (server/tools §Listing Tools), in registry
// order: deterministic (2026-07-28 changelog minor 3).
func (q *call) toolsList(context.Context) Reply {
	if r := q.noCursor(); r != nil {
		return *r
	}
	tools := []Tool{}
	for _, t := range q.reg.Tools() {
		tool := Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema}
		if t.ReadOnly || t.Idempotent {
			tool.Annotations = &ToolAnnotations{ReadOnlyHint: t.ReadOnly, IdempotentHint: t.Idempotent}
		}
		tools = append(tools, tool)
	}
	res := ListToolsResult{Tools: tools}
	res.Cacheable, res.ResultType = q.cacheable(toolbox.Cache{TTL: toolsListTTL})
	return q.ok(res)
}

// toolsCall is tools/call (server/tools §Calling Tools).
func (q *call) toolsCall(ctx context.Context) Reply {
	var p struct {
		Name      *string         `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(orEmpty(q.m.Params), &p); err != nil || p.Name == nil {
		// tools §Error Handling: requests that fail the CallToolRequest
		// schema are protocol errors.
		return q.invalid("Invalid params: tools/call needs params.name (a string)", nil)
	}
	if a := strings.TrimSpace(string(p.Arguments)); a != "" && a[0] != '{' {
		return q.invalid("Invalid params: params.arguments must be an object", nil)
	}
	if msg := checkProgressToken(q.meta[MetaProgressToken]); msg != "" {
		return q.invalid(msg, nil)
	}
	name := *p.Name
	tool, known := q.reg.Lookup(name)
	if !known {
		// tools §Error Handling: unknown tool is a protocol error (-32602).
		return q.invalid("Unknown tool: "+jsonrpc.Excerpt(name), nil)
	}
	caps := q.clientCapabilities()
	if missing := missingCapabilities(caps, tool.RequiresClient); len(missing) > 0 {
		return q.missingCapability(name, missing)
	}

	ctx, done := q.c.track(ctx, q.m.ID)
	defer done()

	env := toolbox.Env{Sleep: q.s.cfg.Sleep, ClientCapabilities: caps, Admin: q.s, Log: q.logger(ctx)}
	if token := q.meta[MetaProgressToken]; len(token) > 0 && q.notify != nil {
		env.Progress = func(progress, total float64, message string) {
			if ctx.Err() != nil {
				return
			}
			q.notify(jsonrpc.Notification(MethodProgress, ProgressParams{
				ProgressToken: token, Progress: progress, Total: total, Message: message}))
		}
	}
	res, err := q.reg.Call(ctx, name, p.Arguments, env)
	var bad *toolbox.OutputError
	switch {
	case ctx.Err() != nil:
		// Cancelled: "MUST NOT send any further messages for it".
		q.s.Logf("request %s (%s) cancelled; no response sent", q.m.ID, name)
		return Reply{Status: http.StatusOK}
	case errors.As(err, &bad):
		// The tool broke its own outputSchema: the server's fault.
		q.s.Logf("%v", err)
		return errReply(q.m, http.StatusOK, jsonrpc.CodeInternalError, "Internal error: "+err.Error(), nil)
	case err != nil:
		q.s.Logf("tool %s failed: %v", name, err)
		return errReply(q.m, http.StatusOK, jsonrpc.CodeInternalError, "Internal error: tool "+name+" failed", nil)
	}
	out := CallToolResult{Content: []Content{}, StructuredContent: res.Structured, IsError: res.IsError}
	if res.Text != "" {
		out.Content = append(out.Content, toolbox.TextContent(res.Text))
	}
	out.Content = append(out.Content, res.Content...)
	if res.Structured != nil {
		// server/tools §Structured Content: "a tool that returns structured
		// content SHOULD also return the serialized JSON in a TextContent
		// block" (for clients that only read content).
		b, err := jsonrpc.Marshal(res.Structured)
		if err == nil {
			out.Content = append(out.Content, toolbox.TextContent(string(b)))
		}
	}
	out.ResultType, out.Meta = q.stamp()
	if res.IsError {
		q.s.Logf("tool %s returned a tool execution error (isError: true)", name)
	}
	return q.ok(out)
}

// missingCapabilities lists the names in need that caps (a
// ClientCapabilities object) does not declare, sorted.
func missingCapabilities(caps json.RawMessage, need []string) []string {
	if len(need) == 0 {
		return nil
	}
	var declared map[string]json.RawMessage
	_ = json.Unmarshal(caps, &declared)
	var missing []string
	for _, n := range need {
		if v, ok := declared[n]; !ok || string(v) == "null" {
			missing = append(missing, n)
		}
	}
	sort.Strings(missing)
	return missing
}

// missingCapability refuses a request the server cannot serve without
// client capabilities the client did not declare. 2026-07-28: -32021
// MissingRequiredClientCapability with data.requiredCapabilities, HTTP 400
// (basic/index §_meta). 2025-11-25 has no such error: the tool reports a
// tool execution error the model can read (a server "MUST NOT" rely on
// capabilities the client did not declare at initialize either).
func (q *call) missingCapability(tool string, missing []string) Reply {
	msg := "tool " + tool + " needs the client capabilit"
	if len(missing) == 1 {
		msg += "y " + missing[0]
	} else {
		msg += "ies " + strings.Join(missing, ", ")
	}
	if q.modern {
		need := map[string]any{}
		for _, n := range missing {
			need[n] = struct{}{}
		}
		return errReply(q.m, http.StatusBadRequest, jsonrpc.CodeMissingRequiredClientCapability,
			"Missing required client capability: "+msg+"; declare it in _meta "+MetaClientCapabilities,
			MissingCapabilityData{RequiredCapabilities: need})
	}
	return q.ok(CallToolResult{Content: []Content{toolbox.TextContent(
		"This " + msg + ", which the client did not declare in initialize.")}, IsError: true})
}
