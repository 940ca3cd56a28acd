package client

import (
	"context"

	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// Listen receives the server's notifications of the kinds in filter until
// o.OnNotify calls stop. 2026-07-28 (basic/patterns/subscriptions): a
// long-lived subscriptions/listen request; the server acknowledges first,
// then sends only what was opted into, each tagged with the subscription
// id. 2025-11-25: there is no filter; on HTTP the client opens the
// session's GET stream (§Listening for Messages from the Server), on stdio
// it reads what the server writes between responses. o.OnOpen, when set,
// runs as the GET stream opens.
func (c *Client) Listen(ctx context.Context, filter mcp.SubscriptionFilter, o CallOptions) Outcome {
	if protocol.IsModern(c.Version()) {
		return c.Request(ctx, protocol.MethodListen, map[string]any{"notifications": filter}, o)
	}
	x := c.newExchange(ctx, nil, o)
	defer x.cancel()
	return x.finish(c.t.Listen(x))
}
