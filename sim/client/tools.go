package client

import (
	"context"

	"mcpwirelab/sim/mcp"
)

// ListTools sends tools/list (server/tools §Listing Tools) and returns the
// tools, nil when the outcome carries none.
func (c *Client) ListTools(ctx context.Context, o CallOptions) ([]mcp.Tool, Outcome) {
	out := c.Request(ctx, mcp.MethodToolsList, nil, o)
	var res mcp.ListToolsResult
	if !out.Result(&res) {
		return nil, out
	}
	return res.Tools, out
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
	out := c.Request(ctx, mcp.MethodToolsCall, map[string]any{"name": name, "arguments": raw}, o)
	var res mcp.CallToolResult
	out.Result(&res)
	return res, out
}
