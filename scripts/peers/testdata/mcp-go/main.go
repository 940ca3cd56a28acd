// A server written with github.com/mark3labs/mcp-go, the way its README
// shows: greet (a required string) and add (numbers in, a typed result
// out). `stdio` serves stdin and stdout (server.ServeStdio); `http` the
// Streamable HTTP server (its defaults) at 127.0.0.1:$PORT/mcp.
package main

import (
	"context"
	"fmt"
	"log"
	"os"

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
