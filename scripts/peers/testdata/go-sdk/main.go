// A server written with the official Go SDK (github.com/modelcontextprotocol/go-sdk),
// the way its README shows: greet (a required string), add (typed input
// and output) and slow (progress every 100 ms, stops when cancelled). `stdio` serves stdin and stdout; `http` the Streamable HTTP
// handler (sessions, the SDK's default) at 127.0.0.1:$PORT/mcp;
// `http-stateless` the same handler with Stateless set (how the SDK serves
// 2026-07-28 over HTTP).
package main

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type greetIn struct {
	Name string `json:"name" jsonschema:"who to greet"`
}

type addIn struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
}

type slowIn struct {
	Steps int `json:"steps" jsonschema:"how many 100 ms steps"`
}

type addOut struct {
	Sum float64 `json:"sum"`
}

func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "go-sdk-peer", Version: "1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "greet", Description: "Greets someone by name."}, func(_ context.Context, _ *mcp.CallToolRequest, in greetIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello " + in.Name}}}, nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "add", Description: "Adds two numbers."}, func(_ context.Context, _ *mcp.CallToolRequest, in addIn) (*mcp.CallToolResult, addOut, error) {
		return nil, addOut{Sum: in.A + in.B}, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "slow", Description: "Takes 100 ms a step, reporting progress; stops when cancelled."}, func(ctx context.Context, req *mcp.CallToolRequest, in slowIn) (*mcp.CallToolResult, any, error) {
		for i := 1; i <= in.Steps; i++ {
			select {
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
			if tok := req.Params.GetProgressToken(); tok != nil {
				_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: float64(i), Total: float64(in.Steps)})
			}
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
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
		if err := newServer().Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			log.Print(err)
		}
	case "http", "http-stateless":
		s := newServer()
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: mode == "http-stateless"})
		mux := http.NewServeMux()
		mux.Handle("/mcp", h)
		log.Fatal(http.ListenAndServe("127.0.0.1:"+os.Getenv("PORT"), mux))
	default:
		fmt.Fprintln(os.Stderr, "usage: go-sdk stdio|http|http-stateless")
		os.Exit(2)
	}
}
