// A server written with github.com/mark3labs/mcp-go, the way its README
// shows: greet (a required string), add (numbers in, a typed result
// out) and slow (progress every 100 ms, stops when cancelled). `stdio` serves stdin and stdout (server.ServeStdio); `http` the
// Streamable HTTP server (its defaults) at 127.0.0.1:$PORT/mcp.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type addOut struct {
	Sum float64 `json:"sum"`
}

func newServer() *server.MCPServer {
	s := server.NewMCPServer("mcp-go-peer", "1.0.0", server.WithToolCapabilities(false), server.WithRecovery())
	greet := mcp.NewTool("greet",
		mcp.WithDescription("Greets someone by name."),
		mcp.WithString("name", mcp.Required(), mcp.Description("who to greet")),
	)
	s.AddTool(greet, func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		name, err := req.RequireString("name")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText("hello " + name), nil
	})
	add := mcp.NewTool("add",
		mcp.WithDescription("Adds two numbers."),
		mcp.WithNumber("a", mcp.Required()),
		mcp.WithNumber("b", mcp.Required()),
		mcp.WithOutputSchema[addOut](),
	)
	s.AddTool(add, func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		a, err := req.RequireFloat("a")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		b, err := req.RequireFloat("b")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultStructured(addOut{Sum: a + b}, fmt.Sprint(a+b)), nil
	})
	slow := mcp.NewTool("slow",
		mcp.WithDescription("Takes 100 ms a step, reporting progress; stops when cancelled."),
		mcp.WithNumber("steps", mcp.Required(), mcp.Description("how many 100 ms steps")),
	)
	s.AddTool(slow, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		steps, err := req.RequireFloat("steps")
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		var token mcp.ProgressToken
		if req.Params.Meta != nil {
			token = req.Params.Meta.ProgressToken
		}
		for i := 1; i <= int(steps); i++ {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
			if token != nil {
				_ = server.ServerFromContext(ctx).SendNotificationToClient(ctx, "notifications/progress", map[string]any{"progressToken": token, "progress": i, "total": int(steps)})
			}
		}
		return mcp.NewToolResultText("done"), nil
	})
	return s
}

func main() {
	mode := "stdio"
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	switch mode {
	case "stdio":
		if err := server.ServeStdio(newServer()); err != nil {
			log.Print(err)
		}
	case "http":
		log.Fatal(server.NewStreamableHTTPServer(newServer()).Start("127.0.0.1:" + os.Getenv("PORT")))
	default:
		fmt.Fprintln(os.Stderr, "usage: mcp-go stdio|http")
		os.Exit(2)
	}
}
