//go:build !(js && wasm)

package client_test

// The client's resources, prompts, completion, logging and x-mcp-header
// calls against the official Go SDK's server (test-only), over real HTTP
// and a real stdio process, at both versions. Where the SDK reads the spec
// its own way it is said below.

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/client"
	"mcpwirelab/sim/fault"
	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/realwire"
)

// sdkPrimitivesEnv makes this test binary the SDK's stdio server of
// sdkPrimitivesServer (TestMain).
const sdkPrimitivesEnv = "MCPWL_TEST_SDK_PRIMITIVES_SERVER"

// sdkPrimitivesServer offers a resource, a template (whose item "missing"
// is not found), a prompt with a required argument, completion of that
// argument, resource subscriptions, and a tool whose office parameter is
// mirrored into Mcp-Param-Office and which logs at info.
func sdkPrimitivesServer() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "go-sdk-primitives", Version: "1.0.0"}, &sdk.ServerOptions{
		CompletionHandler: func(_ context.Context, req *sdk.CompleteRequest) (*sdk.CompleteResult, error) {
			var out []string
			for _, v := range []string{"Ana", "Ben", "Bea"} {
				if strings.HasPrefix(v, req.Params.Argument.Value) {
					out = append(out, v)
				}
			}
			return &sdk.CompleteResult{Completion: sdk.CompletionResultDetails{Values: out, Total: len(out)}}, nil
		},
		SubscribeHandler:   func(context.Context, *sdk.SubscribeRequest) error { return nil },
		UnsubscribeHandler: func(context.Context, *sdk.UnsubscribeRequest) error { return nil },
	})
	s.AddResource(&sdk.Resource{URI: "test://doc", Name: "doc", MIMEType: "text/plain"}, func(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "hello"}}}, nil
	})
	s.AddResourceTemplate(&sdk.ResourceTemplate{URITemplate: "test://items/{id}", Name: "item"}, func(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		id := strings.TrimPrefix(req.Params.URI, "test://items/")
		if id == "missing" {
			return nil, sdk.ResourceNotFoundError(req.Params.URI)
		}
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, Text: "item " + id}}}, nil
	})
	s.AddPrompt(&sdk.Prompt{Name: "greeting", Arguments: []*sdk.PromptArgument{{Name: "name", Required: true}}}, func(_ context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
		return &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: "Greet " + req.Params.Arguments["name"]}}}}, nil
	})
	s.AddTool(&sdk.Tool{Name: "post", Description: "Posts to an office board.", InputSchema: json.RawMessage(
		`{"type":"object","properties":{"office":{"type":"string","x-mcp-header":"Office"},"text":{"type":"string"}},"required":["office","text"]}`)},
		func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var in struct{ Office, Text string }
			_ = json.Unmarshal(req.Params.Arguments, &in)
			_ = req.Session.Log(ctx, &sdk.LoggingMessageParams{Level: "info", Logger: "board", Data: "posted to " + in.Office})
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "posted to " + in.Office}}}, nil
		})
	return s
}

func TestClientPrimitivesAgainstTheSDKServer(t *testing.T) {
	testenv.SkipShort(t, "the official Go SDK's server over real sockets and processes")
	server := sdkPrimitivesServer()
	urls := map[string]string{}
	for _, v := range protocol.Versions() {
		h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{Stateless: protocol.IsModern(v)})
		ts := httptest.NewServer(h)
		defer ts.Close()
		urls[v] = ts.URL + "/"
	}
	for _, version := range protocol.Versions() {
		for _, transport := range []string{"http", "stdio"} {
			t.Run(version+"/"+transport, func(t *testing.T) {
				var mu sync.Mutex
				var params []string // Mcp-Param-Office values the client sent
				cfg := client.Config{Version: version, Observer: &safeEvents{}}
				var c *client.Client
				if transport == "http" {
					w := realwire.NewHTTP()
					defer w.CloseIdleConnections()
					seen := fault.EditRequest(w, nil, func(r *http.Request) {
						mu.Lock()
						params = append(params, r.Header[protocol.HeaderParamPrefix+"Office"]...)
						mu.Unlock()
					})
					c = client.NewHTTP(seen, urls[version], cfg)
				} else {
					cmd := exec.Command(os.Args[0], "-test.run=^$")
					cmd.Env = append(os.Environ(), sdkPrimitivesEnv+"=1")
					c = client.NewStdio(realwire.FromCmd(cmd), cfg)
				}
				ctx, stop := context.WithTimeout(context.Background(), 20*time.Second)
				defer stop()
				if _, err := c.Open(ctx); err != nil {
					t.Fatalf("open: %v", err)
				}
				defer c.Close(ctx, client.CallOptions{})

				res, out := c.ListResources(ctx, client.CallOptions{})
				if out.Error() != nil || len(res) != 1 || res[0].URI != "test://doc" {
					t.Fatalf("resources/list: %v %+v", out.Error(), res)
				}
				tpls, out := c.ListResourceTemplates(ctx, client.CallOptions{})
				if out.Error() != nil || len(tpls) != 1 || tpls[0].URITemplate != "test://items/{id}" {
					t.Fatalf("resources/templates/list: %v %+v", out.Error(), tpls)
				}
				doc, out := c.ReadResource(ctx, "test://doc", client.CallOptions{})
				if out.Error() != nil || len(doc.Contents) != 1 || doc.Contents[0].Text != "hello" {
					t.Fatalf("resources/read: %v %+v", out.Error(), doc)
				}
				item, out := c.ReadResource(ctx, "test://items/7", client.CallOptions{})
				if out.Error() != nil || item.Contents[0].Text != "item 7" {
					t.Fatalf("template read: %v %+v", out.Error(), item)
				}
				// go-sdk v1.8.0 answers -32602 with data.uri in both eras
				// (SEP-2164; -32002 only with MCPGODEBUG): the client reads
				// it as not found either way.
				_, out = c.ReadResource(ctx, "test://items/missing", client.CallOptions{})
				if e := out.Error(); e == nil || e.Code != protocol.CodeInvalidParams || !client.IsResourceNotFound(out) {
					t.Fatalf("not found: %+v", out.Error())
				}
				if !protocol.IsModern(version) {
					if out := c.Subscribe(ctx, "test://doc", client.CallOptions{}); out.Error() != nil || out.Response == nil {
						t.Fatalf("resources/subscribe: %+v", out.Error())
					}
					if out := c.Unsubscribe(ctx, "test://doc", client.CallOptions{}); out.Error() != nil || out.Response == nil {
						t.Fatalf("resources/unsubscribe: %+v", out.Error())
					}
				}

				prompts, out := c.ListPrompts(ctx, client.CallOptions{})
				if out.Error() != nil || len(prompts) != 1 || prompts[0].Name != "greeting" || !prompts[0].Arguments[0].Required {
					t.Fatalf("prompts/list: %v %+v", out.Error(), prompts)
				}
				got, out := c.GetPrompt(ctx, "greeting", map[string]string{"name": "Ana"}, client.CallOptions{})
				if out.Error() != nil || len(got.Messages) != 1 || got.Messages[0].Content.Text != "Greet Ana" {
					t.Fatalf("prompts/get: %v %+v", out.Error(), got)
				}
				comp, out := c.Complete(ctx, client.PromptRef("greeting"), "name", "B", nil, client.CallOptions{})
				if out.Error() != nil || strings.Join(comp.Values, " ") != "Ben Bea" || comp.Total != 2 {
					t.Fatalf("completion/complete: %v %+v", out.Error(), comp)
				}

				// Logging: 2025-11-25 sets the session's level; 2026-07-28
				// asks per request.
				o := client.CallOptions{}
				if protocol.IsModern(version) {
					o.LogLevel = "info"
				} else if out := c.SetLevel(ctx, "info", client.CallOptions{}); out.Error() != nil {
					t.Fatalf("logging/setLevel: %v", out.Error())
				}
				var logs []string
				var lmu sync.Mutex
				o.OnNotify = func(n *jsonrpc.Message, _ func()) {
					if n.Method == protocol.MethodLog {
						lmu.Lock()
						logs = append(logs, string(n.Params))
						lmu.Unlock()
					}
				}
				if _, out := c.ListTools(ctx, client.CallOptions{}); out.Error() != nil {
					t.Fatalf("tools/list: %v", out.Error())
				}
				call, out := c.CallTool(ctx, "post", map[string]any{"office": "São Paulo", "text": "hi"}, o)
				if out.Error() != nil || call.IsError || call.Content[0].Text != "posted to São Paulo" {
					t.Fatalf("tools/call: %v %+v", out.Error(), call)
				}
				lmu.Lock()
				gotLogs := strings.Join(logs, "\n")
				lmu.Unlock()
				if !strings.Contains(gotLogs, `"level":"info"`) || !strings.Contains(gotLogs, "posted to São Paulo") {
					t.Fatalf("log messages %q", gotLogs)
				}
				// The SDK's server validates Mcp-Param-* too: the mirrored
				// header got the call through; a wrong one would be -32020.
				mu.Lock()
				defer mu.Unlock()
				if transport == "http" && protocol.IsModern(version) && (len(params) != 1 || params[0] != protocol.EncodeValue("São Paulo")) {
					t.Fatalf("Mcp-Param-Office sent: %v", params)
				}
				if (transport == "stdio" || !protocol.IsModern(version)) && len(params) != 0 {
					t.Fatalf("Mcp-Param-Office under %s/%s: %v", version, transport, params)
				}
			})
		}
	}
}

// TestSDKServerRefusesAMismatchedParam: the SDK's own check of
// Mcp-Param-* agrees with the engine's: a header that disagrees with the
// argument is 400 and -32020.
func TestSDKServerRefusesAMismatchedParam(t *testing.T) {
	testenv.SkipShort(t, "the official Go SDK's server over real sockets")
	server := sdkPrimitivesServer()
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{Stateless: true}))
	defer ts.Close()
	w := realwire.NewHTTP()
	defer w.CloseIdleConnections()
	wrong := fault.SetHeader(w, func(r *http.Request) bool { return r.Header.Get(protocol.HeaderMethod) == protocol.MethodToolsCall },
		protocol.HeaderParamPrefix+"Office", "Lisbon")
	c := client.NewHTTP(wrong, ts.URL+"/", client.Config{Version: protocol.V20260728})
	if _, out := c.ListTools(ctx, client.CallOptions{}); out.Error() != nil {
		t.Fatal(out.Error())
	}
	_, out := c.CallTool(ctx, "post", map[string]any{"office": "São Paulo", "text": "hi"}, client.CallOptions{})
	if e := out.Error(); e == nil || e.Code != protocol.CodeHeaderMismatch || out.Status != http.StatusBadRequest {
		t.Fatalf("status %d, error %+v", out.Status, out.Error())
	}
}
