package client

import (
	"context"
	"encoding/json"
	"maps"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// ListTools sends tools/list (server/tools §Listing Tools) and returns the
// tools, nil when the outcome carries none.
//
// The client reads each tool's x-mcp-header annotations from its
// inputSchema, to mirror them on the tool's calls over Streamable HTTP
// (2026-07-28 streamable-http §Custom Headers from Tool Parameters:
// "conforming clients MUST mirror the designated parameter values into
// HTTP headers"). Over HTTP a tool whose annotations break the rules is
// left out of the list ("the client MUST exclude the invalid tool from the
// result of tools/list"), and Rejected says why; stdio "MAY ignore
// x-mcp-header annotations entirely", and this client does.
func (c *Client) ListTools(ctx context.Context, o CallOptions) ([]mcp.Tool, Outcome) {
	out := c.Request(ctx, protocol.MethodToolsList, nil, o)
	var res mcp.ListToolsResult
	if !out.Result(&res) {
		return nil, out
	}
	if _, http := c.t.(*httpTransport); !http {
		return res.Tools, out
	}
	params := map[string][]protocol.HeaderParam{}
	rejected := map[string]string{}
	kept := res.Tools[:0:0]
	for _, t := range res.Tools {
		p, err := primitive.HeaderParamsOf(t.InputSchema)
		if err != nil {
			rejected[t.Name] = err.Error()
			continue
		}
		params[t.Name] = p
		kept = append(kept, t)
	}
	c.mu.Lock()
	c.headerParams, c.rejected = params, rejected
	c.mu.Unlock()
	return kept, out
}

// Rejected lists the tools the last tools/list over HTTP left out, with
// the reason (an x-mcp-header that breaks the rules): the warning the
// spec asks a client to log ("including the tool name and the reason for
// rejection").
func (c *Client) Rejected() map[string]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.rejected)
}

// paramHeaders are the Mcp-Param-* headers of a tools/call message, from
// the tool's annotations as the last tools/list showed them (none for a
// tool the client has not listed).
func (c *Client) paramHeaders(m *jsonrpc.Message) map[string]string {
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if jsonUnmarshal(m.Params, &p) != nil {
		return nil
	}
	c.mu.Lock()
	params := c.headerParams[p.Name]
	c.mu.Unlock()
	return protocol.ParamHeaders(params, p.Arguments)
}

// CallTool sends tools/call (server/tools §Calling Tools). args is
// marshalled as the arguments object (a json.RawMessage is sent as is).
// The result is the zero value when no result came: an unknown tool is a
// protocol error in Outcome.Error(), bad arguments a result with IsError.
// A tool that needs the client is answered by the Host on the way
// (asks.go): the result is the final one.
func (c *Client) CallTool(ctx context.Context, name string, args any, o CallOptions) (mcp.CallToolResult, Outcome) {
	raw, err := rawArgs(args)
	if err != nil {
		return mcp.CallToolResult{}, Outcome{Err: err}
	}
	out := c.Request(ctx, protocol.MethodToolsCall, map[string]any{"name": name, "arguments": raw}, o)
	var res mcp.CallToolResult
	out.Result(&res)
	return res, out
}

// Mirrors reports whether the client mirrors parameters of tool into
// Mcp-Param-* headers (its inputSchema, as the last tools/list over HTTP
// showed it, has x-mcp-header annotations). A HeaderMismatch for such a
// call may come from a stale schema: §Client Behavior, the client "SHOULD
// call tools/list to check for changes to the tool's inputSchema, then
// retry the original request with the appropriate headers".
func (c *Client) Mirrors(tool string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.headerParams[tool]) > 0
}
