//go:build !(js && wasm)

package client_test

// The lab's client answering a server it did not write: the official Go
// SDK's (test-only). Its tool asks through the SDK's own multi round-trip
// support: under 2026-07-28 (its stateless HTTP handler, and stdio) the
// tool's InputRequests reach the client as an InputRequiredResult and the
// client retries; under 2025-11-25 the SDK's server turns them into
// requests of its own (elicitation/create, sampling/createMessage,
// roots/list), which the client answers.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/realwire"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/trace"
)

// sdkAskStdioEnv makes this test binary the SDK's asking stdio server
// (TestMain).
const sdkAskStdioEnv = "MCPWL_TEST_SDK_ASK_STDIO_SERVER"

// sdkAskServer has one tool, ask, that asks the client what "what" names
// (elicit, sample, roots) and reports the answer it got.
func sdkAskServer() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "go-sdk-ask-server", Version: "1.0.0"}, nil)
	type askIn struct {
		What string `json:"what"`
	}
	sdk.AddTool(s, &sdk.Tool{Name: "ask", Description: "Asks the client."}, func(_ context.Context, req *sdk.CallToolRequest, in askIn) (*sdk.CallToolResult, any, error) {
		text := func(s string) *sdk.CallToolResult {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}
		}
		if r, ok := req.Params.InputResponses["q"]; ok {
			switch v := r.(type) {
			case *sdk.ElicitResult:
				return text(fmt.Sprintf("elicit %s %v", v.Action, v.Content["ok"])), nil, nil
			case *sdk.CreateMessageWithToolsResult:
				return text("sample " + v.Model), nil, nil
			case *sdk.CreateMessageResult:
				return text("sample " + v.Model), nil, nil
			case *sdk.ListRootsResult:
				return text("roots " + v.Roots[0].URI), nil, nil
			}
			return text(fmt.Sprintf("unexpected answer %T", r)), nil, nil
		}
		var ir sdk.InputRequest
		switch in.What {
		case "elicit":
			ir = &sdk.ElicitParams{Mode: "form", Message: "OK?", RequestedSchema: map[string]any{
				"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}, "required": []string{"ok"}}}
		case "sample":
			ir = &sdk.CreateMessageParams{MaxTokens: 50, Messages: []*sdk.SamplingMessage{{Role: "user", Content: &sdk.TextContent{Text: "Summarise these e-mails:\n- 2026-11-23, from Ana: Login errors. Users see 500s."}}}}
		case "roots":
			ir = &sdk.ListRootsParams{}
		}
		return &sdk.CallToolResult{InputRequests: sdk.InputRequestMap{"q": ir}, RequestState: "sdk-state-1"}, nil, nil
	})
	return s
}

func TestClientAnswersTheSDKServer(t *testing.T) {
	testenv.SkipShort(t, "the official Go SDK's server over real sockets and processes")
	server := sdkAskServer()
	servers := map[string]*httptest.Server{}
	for _, v := range protocol.Versions() {
		servers[v] = httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server },
			&sdk.StreamableHTTPOptions{Stateless: protocol.IsModern(v)}))
		defer servers[v].Close()
	}
	for _, version := range protocol.Versions() {
		for _, transport := range []string{"http", "stdio"} {
			for _, tc := range []struct{ what, want, method string }{
				{"elicit", "elicit accept true", protocol.MethodElicit},
				{"sample", "sample " + client.DefaultModel, protocol.MethodSample},
				{"roots", "roots file:///home/li/acme", protocol.MethodRoots},
			} {
				t.Run(version+"/"+transport+"/"+tc.what, func(t *testing.T) {
					obs := &safeEvents{}
					host := &client.FixedHost{Elicitation: true, Sampling: true, Roots: true, Workspace: []primitive.Root{{URI: "file:///home/li/acme"}}}
					cfg := client.Config{Version: version, Observer: obs, Host: host}
					var c *client.Client
					if transport == "http" {
						w := realwire.NewHTTP()
						defer w.CloseIdleConnections()
						c = client.NewHTTP(w, servers[version].URL+"/", cfg)
					} else {
						cmd := exec.Command(os.Args[0], "-test.run=^$")
						cmd.Env = append(os.Environ(), sdkAskStdioEnv+"=1")
						c = client.NewStdio(realwire.FromCmd(cmd), cfg)
					}
					ctx, stop := context.WithTimeout(context.Background(), 20*time.Second)
					defer stop()
					if _, err := c.Open(ctx); err != nil {
						t.Fatalf("open: %v\nstderr: %s", err, obs.stderr())
					}
					res, out := c.CallTool(ctx, "ask", map[string]any{"what": tc.what}, client.CallOptions{})
					if out.Error() != nil || len(res.Content) == 0 || res.Content[0].Text != tc.want {
						t.Fatalf("%v %+v, want %q\nstderr: %s", out.Error(), res, tc.want, obs.stderr())
					}
					obs.mu.Lock()
					list := append([]*client.Event(nil), obs.list...)
					obs.mu.Unlock()
					var asked, retries []string
					for _, e := range list {
						for _, m := range e.Msgs {
							if e.Event.From == trace.Server && m.Kind() == jsonrpc.KindRequest {
								asked = append(asked, m.Method)
							}
						}
						if e.Role == client.RoleRetry && e.Event.From == trace.Client && len(e.Msgs) == 1 && strings.Contains(string(e.Msgs[0].Params), `"requestState":"sdk-state-1"`) {
							retries = append(retries, e.Msgs[0].ID.String())
						}
					}
					if protocol.IsModern(version) {
						if len(asked) != 0 || len(retries) != 1 || out.Rounds != 1 {
							t.Fatalf("2026-07-28: server requests %v, retries %v", asked, retries)
						}
					} else if len(asked) != 1 || asked[0] != tc.method || out.Rounds != 0 {
						t.Fatalf("2025-11-25: server requests %v, want %s", asked, tc.method)
					}
					if err := c.Close(ctx, client.CallOptions{}); err != nil {
						t.Fatal(err)
					}
				})
			}
		}
	}
}
