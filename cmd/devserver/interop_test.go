//go:build !(js && wasm) && unix

package main

// Interop with the official Go SDK (github.com/modelcontextprotocol/go-sdk,
// test-only): the SDK's *client* talks to OUR dev server over Streamable HTTP
// (runServe on 127.0.0.1:0) and over stdio (the built binary, -stdio), at
// both protocol versions the SDK v1.8.0 speaks: 2025-11-25 (initialize
// handshake, Mcp-Session-Id) and 2026-07-28 (server/discover, per-request
// _meta, Mcp-Method / Mcp-Name headers).
//
// Error channels follow server/tools §Error Handling (both versions): an
// unknown tool is a JSON-RPC protocol error (-32602), bad arguments are a
// tool execution error (a normal result with isError: true).

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpwirelab/internal/testenv"
)

var interopVersions = []string{interopV2025, interopV2026}

// TestInteropSDKVersions pins what the SDK claims, so a dependency bump that
// drops a version shows up here rather than as a silent fallback.
func TestInteropSDKVersions(t *testing.T) {
	got := sdk.SupportedProtocolVersions()
	for _, v := range interopVersions {
		if !slices.Contains(got, v) {
			t.Errorf("go-sdk supports %v, lacks %s", got, v)
		}
	}
	if got[0] != interopV2026 {
		t.Errorf("go-sdk newest version %s, want %s", got[0], interopV2026)
	}
}

func newInteropClient(progress *atomic.Int32) *sdk.Client {
	return sdk.NewClient(&sdk.Implementation{Name: "go-sdk-interop-test", Version: "1.0.0"}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *sdk.ProgressNotificationClientRequest) {
			progress.Add(1)
		},
		// Log messages count as progress too: exerciseSDKFeatures asks for
		// them and waits for one.
		LoggingMessageHandler: func(context.Context, *sdk.LoggingMessageRequest) {
			progress.Add(1)
		},
	})
}

// TestInteropSDKHTTP: the SDK's streamable client against the real dev
// server, with a bearer token (added by a custom RoundTripper) and with
// -no-auth, at each version.
func TestInteropSDKHTTP(t *testing.T) {
	testenv.SkipShort(t, "the official Go SDK's client over real HTTP")
	for _, auth := range []string{"token", "no-auth"} {
		t.Run(auth, func(t *testing.T) {
			var srv *interopServer
			if auth == "token" {
				srv = startInteropServer(t, "-token", testToken)
				if srv.token != testToken {
					t.Fatalf("banner token %q, want %q", srv.token, testToken)
				}
			} else {
				srv = startInteropServer(t, "-no-auth")
				if srv.token != "" {
					t.Fatalf("-no-auth banner shows a token %q", srv.token)
				}
			}
			if auth == "token" {
				t.Run("missing-token", func(t *testing.T) {
					ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
					defer cancel()
					rt := newRecordingTransport("")
					tr := &sdk.StreamableClientTransport{Endpoint: srv.base + "/mcp", HTTPClient: &http.Client{Transport: rt}, MaxRetries: -1}
					var progress atomic.Int32
					if cs, err := newInteropClient(&progress).Connect(ctx, tr, nil); err == nil {
						cs.Close()
						t.Fatal("connected without the bearer token")
					}
					if len(rt.records()) == 0 {
						t.Error("no request recorded")
					}
					for _, r := range rt.records() {
						if r.Status != http.StatusUnauthorized {
							t.Errorf("%s %s without token: status %d, want 401", r.HTTPMethod, r.RPCMethod, r.Status)
						}
					}
				})
			}
			for _, v := range interopVersions {
				t.Run(v, func(t *testing.T) {
					ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
					defer cancel()
					rt := newRecordingTransport(srv.token)
					tr := &sdk.StreamableClientTransport{
						Endpoint:   srv.base + "/mcp",
						HTTPClient: &http.Client{Transport: rt},
						MaxRetries: -1,
					}
					var progress atomic.Int32
					cs, err := newInteropClient(&progress).Connect(ctx, tr, &sdk.ClientSessionOptions{ProtocolVersion: v})
					if err != nil {
						t.Fatalf("Connect: %v", err)
					}
					exerciseSDKSession(ctx, t, cs, v, &progress)
					if err := cs.Close(); err != nil {
						t.Errorf("Close: %v", err)
					}
					checkHTTPWire(t, v, rt.records())
				})
			}
		})
	}
}

// checkHTTPWire asserts that the SDK really spoke v on the wire (it falls
// back to initialize silently when server/discover fails).
func checkHTTPWire(t *testing.T, v string, recs []wireRecord) {
	t.Helper()
	if len(recs) == 0 {
		t.Fatal("no HTTP traffic recorded")
	}
	var methods []string
	for _, r := range recs {
		methods = append(methods, fmt.Sprintf("%s %s→%d", r.HTTPMethod, r.RPCMethod, r.Status))
	}
	t.Logf("%s wire: %s", v, strings.Join(methods, ", "))
	switch v {
	case interopV2026:
		if recs[0].RPCMethod != "server/discover" {
			t.Errorf("first request %q, want server/discover", recs[0].RPCMethod)
		}
		for _, r := range recs {
			if r.RPCMethod == "initialize" || r.RPCMethod == "notifications/initialized" {
				t.Errorf("2026-07-28 client sent %s", r.RPCMethod)
			}
			if r.SessionOut != "" {
				t.Errorf("2026-07-28 server minted Mcp-Session-Id %q", r.SessionOut)
			}
			if r.HTTPMethod != http.MethodPost {
				t.Errorf("unexpected %s (status %d)", r.HTTPMethod, r.Status)
				continue
			}
			if r.Version != interopV2026 || r.McpMethod != r.RPCMethod {
				t.Errorf("%s: MCP-Protocol-Version %q Mcp-Method %q", r.RPCMethod, r.Version, r.McpMethod)
			}
			if r.RPCMethod == "tools/call" && r.McpName == "" {
				t.Errorf("tools/call without Mcp-Name")
			}
			if r.Status != http.StatusOK {
				t.Errorf("%s: status %d", r.RPCMethod, r.Status)
			}
		}
	case interopV2025:
		if recs[0].RPCMethod != "initialize" || recs[0].SessionOut == "" {
			t.Fatalf("first exchange %+v, want initialize minting Mcp-Session-Id", recs[0])
		}
		sid := recs[0].SessionOut
		for _, r := range recs[1:] {
			if r.SessionIn != sid {
				t.Errorf("%s %s: Mcp-Session-Id %q, want %q", r.HTTPMethod, r.RPCMethod, r.SessionIn, sid)
			}
			if r.Version != interopV2025 {
				t.Errorf("%s %s: MCP-Protocol-Version %q", r.HTTPMethod, r.RPCMethod, r.Version)
			}
			switch {
			case r.HTTPMethod == http.MethodPost && strings.HasPrefix(r.RPCMethod, "notifications/"):
				if r.Status != http.StatusAccepted {
					t.Errorf("%s: status %d, want 202", r.RPCMethod, r.Status)
				}
			case r.HTTPMethod == http.MethodPost:
				if r.Status != http.StatusOK {
					t.Errorf("%s: status %d, want 200", r.RPCMethod, r.Status)
				}
			case r.HTTPMethod == http.MethodGet:
				// The standalone SSE stream is optional: text/event-stream
				// or 405 (2025-11-25 transports §Listening for Messages).
				if r.Status != http.StatusMethodNotAllowed && !strings.HasPrefix(r.CType, "text/event-stream") {
					t.Errorf("GET: status %d %q, want 405 or an SSE stream", r.Status, r.CType)
				}
			case r.HTTPMethod == http.MethodDelete:
				if r.Status != http.StatusNoContent {
					t.Errorf("DELETE: status %d, want 204", r.Status)
				}
			}
		}
		if last := recs[len(recs)-1]; last.HTTPMethod != http.MethodDelete {
			t.Errorf("Close did not end the session with DELETE (last: %s %s)", last.HTTPMethod, last.RPCMethod)
		}
	}
}

// TestInteropSDKStdio: the SDK's CommandTransport launches the built
// devserver binary with -stdio, at each version.
func TestInteropSDKStdio(t *testing.T) {
	testenv.SkipShort(t, "the official Go SDK's client and a real stdio process")
	bin := buildDevserver(t, t.TempDir())
	for _, v := range interopVersions {
		t.Run(v, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			defer cancel()
			var progress atomic.Int32
			cs, cmd, stderr := connectStdio(ctx, t, bin, newInteropClient(&progress), v)
			exerciseSDKSession(ctx, t, cs, v, &progress)
			if err := cs.Close(); err != nil { // closes stdin: EOF ends the server
				t.Errorf("Close: %v", err)
			}
			if cmd.ProcessState == nil || !cmd.ProcessState.Success() {
				t.Errorf("devserver -stdio did not exit 0 at EOF: %v", cmd.ProcessState)
			}
			if !strings.Contains(stderr.String(), "serving MCP on stdio") {
				t.Errorf("stderr: %q", stderr.String())
			}
		})
	}
}

// connectStdio launches the devserver binary with -stdio through the SDK's
// CommandTransport and connects c at version v.
func connectStdio(ctx context.Context, t *testing.T, bin string, c *sdk.Client, v string) (*sdk.ClientSession, *exec.Cmd, *syncBuffer) {
	t.Helper()
	stderr := &syncBuffer{}
	cmd := exec.Command(bin, "-stdio")
	cmd.Stderr = stderr
	cs, err := c.Connect(ctx, &sdk.CommandTransport{Command: cmd, TerminateDuration: 3 * time.Second}, &sdk.ClientSessionOptions{ProtocolVersion: v})
	if err != nil {
		t.Fatalf("Connect: %v (stderr %q)", err, stderr.String())
	}
	return cs, cmd, stderr
}

// exerciseSDKSession: version, tools/list order, each tool with valid
// arguments, unknown tool, bad arguments.
func exerciseSDKSession(ctx context.Context, t *testing.T, cs *sdk.ClientSession, v string, progress *atomic.Int32) {
	t.Helper()
	init := cs.InitializeResult()
	if init == nil || init.ProtocolVersion != v {
		t.Fatalf("negotiated %+v, want protocol version %s", init, v)
	}
	if init.ServerInfo == nil || init.ServerInfo.Name != "mcp-wire-lab" {
		t.Errorf("serverInfo %+v", init.ServerInfo)
	}
	if init.Capabilities == nil || init.Capabilities.Tools == nil {
		t.Errorf("capabilities lack tools: %+v", init.Capabilities)
	}

	lt, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	var names []string
	for _, tool := range lt.Tools {
		names = append(names, tool.Name)
		if tool.InputSchema == nil || tool.Description == "" {
			t.Errorf("tool %s: schema %v description %q", tool.Name, tool.InputSchema, tool.Description)
		}
	}
	if want := []string{"list_employees", "list_emails", "office_days", "export_timesheets", "post_announcement", "book_room", "summarize_inbox", "export_roster"}; !slices.Equal(names, want) {
		t.Fatalf("tools/list names %v, want %v", names, want)
	}

	for _, c := range []struct {
		name string
		args map[string]any
		want []string // substrings of the text content
	}{
		{"list_employees", map[string]any{"department": "Engineering"}, []string{"employees in Engineering", "e03 | Wang Fang"}},
		{"list_emails", map[string]any{"urgent": true, "limit": 3}, []string{"urgent e-mails"}},
		{"office_days", map[string]any{"employee": "e03", "week": "2026-W48"}, []string{"Mon", "Tue"}},
	} {
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: c.name, Arguments: c.args})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		text := resultText(res)
		if res.IsError {
			t.Errorf("%s: isError: %s", c.name, text)
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: text %q lacks %q", c.name, text, w)
			}
		}
	}

	// The slow tool, asking for progress: ~1 s for one step.
	before := progress.Load()
	params := &sdk.CallToolParams{Name: "export_timesheets", Arguments: map[string]any{"department": "Finance", "steps": 1}}
	params.SetProgressToken("interop-" + v)
	start := time.Now()
	res, err := cs.CallTool(ctx, params)
	elapsed := time.Since(start)
	if err != nil {
		t.Errorf("export_timesheets: %v", err)
	} else {
		if res.IsError || !strings.Contains(resultText(res), "Finance") {
			t.Errorf("export_timesheets: isError %v text %q", res.IsError, resultText(res))
		}
		if elapsed < 800*time.Millisecond || elapsed > 5*time.Second {
			t.Errorf("export_timesheets steps 1 took %v, want about 1 s", elapsed)
		}
	}
	// Progress notifications are delivered asynchronously; give the last
	// one a moment.
	for i := 0; i < 50 && progress.Load() == before; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if progress.Load() == before {
		t.Errorf("export_timesheets with a progressToken: no notifications/progress reached the SDK")
	}

	// Unknown tool → JSON-RPC protocol error -32602.
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "search_mail", Arguments: map[string]any{}})
	var werr *jsonrpc.Error
	switch {
	case err == nil:
		t.Errorf("unknown tool: result %+v, want a -32602 protocol error", res)
	case !errors.As(err, &werr):
		t.Errorf("unknown tool: error %v (%T), want a JSON-RPC error", err, err)
	case werr.Code != jsonrpc.CodeInvalidParams || werr.Message != "Unknown tool: search_mail":
		t.Errorf("unknown tool: code %d message %q, want -32602 %q", werr.Code, werr.Message, "Unknown tool: search_mail")
	}

	// Bad arguments → tool execution error (result, isError true).
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "list_emails", Arguments: map[string]any{"limit": 500}})
	if err != nil {
		t.Errorf("bad arguments: protocol error %v, want an isError result", err)
	} else {
		const want = "Invalid arguments for list_emails: $.limit: must be <= 20, got 500."
		if !res.IsError || resultText(res) != want {
			t.Errorf("bad arguments: isError %v text %q, want true %q", res.IsError, resultText(res), want)
		}
	}

	// The session still works after both errors.
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "list_emails", Arguments: map[string]any{"limit": 20}}); err != nil {
		t.Errorf("retry with limit 20: %v", err)
	}
	exerciseSDKFeatures(ctx, t, cs, v, progress)
}

func resultText(res *sdk.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}
