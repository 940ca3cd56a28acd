package client

import (
	"context"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
)

// RequestWithID is Request with an id the caller chooses (a string id, to
// see whether the server echoes it exactly: basic/index §Responses). The
// caller keeps it unique among the requests in flight.
func (c *Client) RequestWithID(ctx context.Context, id jsonrpc.ID, method string, params map[string]any, o CallOptions) Outcome {
	return c.send(ctx, jsonrpc.Request(id, method, mcp.RequestParams(c.Version(), params, o.Meta)), o)
}

// NextID is a fresh request id from the client's own sequence.
func (c *Client) NextID() jsonrpc.ID { return c.newID() }

// SendMessage sends m exactly as built: no _meta is merged in (a request
// that leaves out what the version requires, to see how the server refuses
// it). The transport still frames it as it frames every message (headers,
// session id).
func (c *Client) SendMessage(ctx context.Context, m *jsonrpc.Message, o CallOptions) Outcome {
	return c.send(ctx, m, o)
}
