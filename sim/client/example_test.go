package client_test

import (
	"context"
	"fmt"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/virtual"
)

// The lab's one client over the virtual HTTP wire: every request is real
// HTTP/1.1 text, read by http.ReadRequest and served by the engine's
// Streamable HTTP handler in front of the course server, in process.
func ExampleNewHTTP() {
	wire := virtual.LabHTTP(labserver.NewServer(mcp.Config{}))
	c := client.NewHTTP(wire, "http://127.0.0.1:8080/mcp", client.Config{Version: protocol.V20260728})
	ctx := context.Background()
	if _, err := c.Open(ctx); err != nil {
		panic(err)
	}
	tools, out := c.ListTools(ctx, client.CallOptions{})
	fmt.Println(out.Status, tools[0].Name)
	res, out := c.CallTool(ctx, "office_days", map[string]any{"employee": "e03"}, client.CallOptions{})
	fmt.Println(out.Status, res.IsError, len(res.Content) > 0)
	// Output:
	// 200 list_employees
	// 200 false true
}
