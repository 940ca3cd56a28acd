//go:build !(js && wasm)

package client_test

// The lab's client against a server it did not write: the official Go SDK
// (github.com/modelcontextprotocol/go-sdk, test-only), over real HTTP (an
// httptest listener on 127.0.0.1) and real stdio (this test binary, run
// again as the SDK's stdio server), at both versions the SDK speaks.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/realwire"
	"mcpwirelab/sim/trace"
)

// sdkStdioEnv makes this test binary the SDK's stdio server (TestMain).
const sdkStdioEnv = "MCPWL_TEST_SDK_STDIO_SERVER"

func TestMain(m *testing.M) {
	if os.Getenv(sdkPrimitivesEnv) == "1" {
		if err := sdkPrimitivesServer().Run(context.Background(), &sdk.StdioTransport{}); err != nil && !strings.Contains(err.Error(), "EOF") {
			fmt.Fprintln(os.Stderr, "sdk server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if os.Getenv(sdkStdioEnv) == "1" {
		s := sdkServer(func(msg string) { fmt.Fprintln(os.Stderr, msg) })
		if err := s.Run(context.Background(), &sdk.StdioTransport{}); err != nil && !strings.Contains(err.Error(), "EOF") {
			fmt.Fprintln(os.Stderr, "sdk server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if os.Getenv(sdkAskStdioEnv) == "1" {
		if err := sdkAskServer().Run(context.Background(), &sdk.StdioTransport{}); err != nil && !strings.Contains(err.Error(), "EOF") {
			fmt.Fprintln(os.Stderr, "sdk server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// sdkCancelled is what the SDK server's slow tool logs when its context is
// cancelled.
const sdkCancelled = "slow: cancelled by the client"

// sdkServer has a quick tool (greet, a required string name), and a slow one
// that reports progress every 100 ms and logs when it is cancelled.
func sdkServer(log func(string)) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "go-sdk-test-server", Version: "1.0.0"}, nil)
	type greetIn struct {
		Name string `json:"name"`
	}
	sdk.AddTool(s, &sdk.Tool{Name: "greet", Description: "Greets someone."}, func(_ context.Context, _ *sdk.CallToolRequest, in greetIn) (*sdk.CallToolResult, any, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "hello " + in.Name}}}, nil, nil
	})
	type slowIn struct {
		Steps int `json:"steps"`
	}
	sdk.AddTool(s, &sdk.Tool{Name: "slow", Description: "Takes its time."}, func(ctx context.Context, req *sdk.CallToolRequest, in slowIn) (*sdk.CallToolResult, any, error) {
		for i := 1; i <= in.Steps; i++ {
			select {
			case <-ctx.Done():
				log(sdkCancelled)
				return nil, nil, ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
			_ = req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(), Progress: float64(i), Total: float64(in.Steps)})
		}
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "done"}}}, nil, nil
	})
	return s
}

// safeEvents is an Observer for real transports (stderr arrives on a
// goroutine of its own).
type safeEvents struct {
	mu   sync.Mutex
	list []*client.Event
}

func (o *safeEvents) Observe(e *client.Event) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.list = append(o.list, e)
	return len(o.list)
}

func (o *safeEvents) stderr() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var b strings.Builder
	for _, e := range o.list {
		if e.Event.Channel == trace.Stderr {
			b.WriteString(e.Event.Raw)
		}
	}
	return b.String()
}

func TestClientAgainstTheSDKServer(t *testing.T) {
	testenv.SkipShort(t, "the official Go SDK's server over real sockets and processes")
	var logMu sync.Mutex
	var httpLog []string
	server := sdkServer(func(msg string) {
		logMu.Lock()
		httpLog = append(httpLog, msg)
		logMu.Unlock()
	})
	// The SDK serves 2026-07-28 only on a stateless handler ("protocol
	// version %q is only supported on stateless HTTP servers"); a stateful
	// one answers server/discover and then refuses the requests with
	// -32022.
	//
	// In front of it, a note of every request whose client went away
	// before the handler finished: 2026-07-28 cancels by closing the
	// response stream, and go-sdk v1.8.0's stateless handler does not pass
	// that on to the tool (it runs to its end), so for that version the
	// test checks what the client controls: the connection was closed.
	servers := map[string]*httptest.Server{}
	for _, v := range protocol.Versions() {
		h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{Stateless: protocol.IsModern(v)})
		servers[v] = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			stop := context.AfterFunc(r.Context(), func() {
				logMu.Lock()
				httpLog = append(httpLog, "client gone")
				logMu.Unlock()
			})
			h.ServeHTTP(w, r)
			stop()
		}))
		defer servers[v].Close()
	}

	for _, version := range protocol.Versions() {
		for _, transport := range []string{"http", "stdio"} {
			t.Run(version+"/"+transport, func(t *testing.T) {
				obs := &safeEvents{}
				cfg := client.Config{Version: version, Observer: obs}
				var c *client.Client
				cancelled := func() bool { return strings.Contains(obs.stderr(), sdkCancelled) }
				if transport == "http" {
					w := realwire.NewHTTP()
					defer w.CloseIdleConnections()
					c = client.NewHTTP(w, servers[version].URL+"/", cfg)
					logMu.Lock()
					httpLog = nil
					logMu.Unlock()
					want := sdkCancelled
					if protocol.IsModern(version) {
						want = "client gone"
					}
					cancelled = func() bool {
						logMu.Lock()
						defer logMu.Unlock()
						return slices.Contains(httpLog, want)
					}
				} else {
					cmd := exec.Command(os.Args[0], "-test.run=^$")
					cmd.Env = append(os.Environ(), sdkStdioEnv+"=1")
					c = client.NewStdio(realwire.FromCmd(cmd), cfg)
				}
				ctx, stop := context.WithTimeout(context.Background(), 20*time.Second)
				defer stop()
				if _, err := c.Open(ctx); err != nil {
					t.Fatalf("open: %v\nstderr: %s", err, obs.stderr())
				}
				if s := c.Session(); s.Version != version || s.Server.Name != "go-sdk-test-server" {
					t.Fatalf("session %+v", s)
				}
				tools, out := c.ListTools(ctx, client.CallOptions{})
				if out.Error() != nil || len(tools) != 2 {
					t.Fatalf("tools/list: %v %+v", out.Error(), tools)
				}
				res, out := c.CallTool(ctx, "greet", map[string]any{"name": "Ana"}, client.CallOptions{})
				if out.Error() != nil || res.IsError || len(res.Content) != 1 || res.Content[0].Text != "hello Ana" {
					t.Fatalf("tools/call: %v %+v", out.Error(), res)
				}
				_, out = c.CallTool(ctx, "search_mail", map[string]any{}, client.CallOptions{})
				if e := out.Error(); e == nil || e.Code != protocol.CodeInvalidParams {
					t.Fatalf("unknown tool: %+v %v", out, out.Error())
				}
				res, out = c.CallTool(ctx, "greet", map[string]any{"name": 5}, client.CallOptions{})
				if out.Error() != nil || !res.IsError {
					t.Fatalf("bad arguments: %v %+v", out.Error(), res)
				}
				var progress int
				var mu sync.Mutex
				_, out = c.CallTool(ctx, "slow", map[string]any{"steps": 30}, client.CallOptions{
					Meta: map[string]any{protocol.MetaProgressToken: "p1"}, Timeout: 450 * time.Millisecond,
					OnNotify: func(n *jsonrpc.Message, _ func()) {
						mu.Lock()
						defer mu.Unlock()
						if n.Method == protocol.MethodProgress {
							progress++
						}
					}})
				mu.Lock()
				got := progress
				mu.Unlock()
				if !out.TimedOut || out.Response != nil || got == 0 {
					t.Fatalf("deadline: timed out %v, response %v, %d progress", out.TimedOut, out.Response, got)
				}
				deadline := time.Now().Add(3 * time.Second)
				for !cancelled() && time.Now().Before(deadline) {
					time.Sleep(20 * time.Millisecond)
				}
				if !cancelled() {
					t.Fatalf("the SDK server's tool never saw the cancellation\nstderr: %s", obs.stderr())
				}
				res, out = c.CallTool(ctx, "greet", map[string]any{"name": "again"}, client.CallOptions{})
				if out.Error() != nil || res.IsError {
					t.Fatalf("after the cancellation: %v %+v", out.Error(), res)
				}
				if err := c.Close(ctx, client.CallOptions{}); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}
