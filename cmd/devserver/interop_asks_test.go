//go:build !(js && wasm) && unix

package main

// Interop: the official Go SDK's client answers what OUR server asks of it
// (elicitation, sampling, roots) with its own handlers, over Streamable HTTP
// and stdio, at both versions. 2025-11-25: the server sends its own
// JSON-RPC requests and the SDK POSTs its responses back (202);
// 2026-07-28: the server answers input_required and the SDK's multi
// round-trip middleware retries the call with inputResponses and the
// requestState.

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpwirelab/internal/testenv"
)

// asking is an SDK client whose handlers play the Host: the user picks the
// first slot offered, the model answers with a fixed sentence, the
// workspace is one folder. It counts what the server asked.
type asking struct {
	mu      sync.Mutex
	elicits []*sdk.ElicitParams
	samples []*sdk.CreateMessageParams
	c       *sdk.Client
}

const interopSummary = "Two urgent items: a login incident and an escalation."

func (a *asking) client() *sdk.Client {
	c := sdk.NewClient(&sdk.Implementation{Name: "go-sdk-asks-test", Version: "1.0.0"}, &sdk.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			a.mu.Lock()
			a.elicits = append(a.elicits, req.Params)
			a.mu.Unlock()
			// The form offers the free slots as a titled single choice.
			schema, _ := req.Params.RequestedSchema.(map[string]any)
			props, _ := schema["properties"].(map[string]any)
			slot, _ := props["slot"].(map[string]any)
			options, _ := slot["oneOf"].([]any)
			first, _ := options[0].(map[string]any)
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"slot": first["const"]}}, nil
		},
		CreateMessageHandler: func(_ context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			a.mu.Lock()
			a.samples = append(a.samples, req.Params)
			a.mu.Unlock()
			return &sdk.CreateMessageResult{Role: "assistant", Model: "interop-model", StopReason: "endTurn",
				Content: &sdk.TextContent{Text: interopSummary}}, nil
		},
	})
	c.AddRoots(&sdk.Root{URI: "file:///home/ana/workspace", Name: "workspace"})
	a.c = c
	return c
}

// exerciseAsks calls the three tools that need the client and checks what
// the SDK was asked and what came back.
func exerciseAsks(ctx context.Context, t *testing.T, cs *sdk.ClientSession, a *asking) {
	t.Helper()
	call := func(name string, args map[string]any) string {
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if res.IsError {
			t.Fatalf("%s: isError: %s", name, resultText(res))
		}
		return resultText(res)
	}
	if got := call("summarize_inbox", map[string]any{"urgent": true, "limit": 3}); got != "Summary of 3 e-mails, by the Host's model (interop-model): "+interopSummary {
		t.Errorf("summarize_inbox: %q", got)
	}
	if got := call("book_room", map[string]any{"room": "Aurora", "day": "2026-12-03"}); got != "Booked Borealis on 2026-12-03 instead (Aurora was taken on 2026-12-03)." {
		t.Errorf("book_room: %q", got)
	}
	if got := call("export_roster", map[string]any{"department": "Sales"}); got !=
		"Saved the Sales roster (2 employees: e02, e06) to file:///home/ana/workspace/rosters/sales.csv, in the workspace workspace (file:///home/ana/workspace)." {
		t.Errorf("export_roster: %q", got)
	}
	// The user switches workspaces: 2025-11-25 clients send
	// notifications/roots/list_changed and the server asks again; 2026-07-28
	// asks on every call anyway.
	a.c.RemoveRoots("file:///home/ana/workspace")
	a.c.AddRoots(&sdk.Root{URI: "file:///home/ana/other", Name: "other"})
	if got := call("export_roster", map[string]any{"department": "Sales"}); !strings.Contains(got, "to file:///home/ana/other/rosters/sales.csv") {
		t.Errorf("export_roster after the roots changed: %q", got)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.samples) != 1 || a.samples[0].MaxTokens != 200 || !strings.Contains(a.samples[0].SystemPrompt, "summarise") ||
		!strings.Contains(a.samples[0].Messages[0].Content.(*sdk.TextContent).Text, "Production incident: login errors") {
		t.Errorf("sampling requests %+v", a.samples)
	}
	if len(a.elicits) != 1 || a.elicits[0].Message != "Aurora is already booked on 2026-12-03. Book one of these instead?" {
		t.Errorf("elicitation requests %+v", a.elicits)
	}
}

// TestInteropSDKAsksHTTP: over Streamable HTTP, one fresh server per
// version (the calendar remembers bookings).
func TestInteropSDKAsksHTTP(t *testing.T) {
	testenv.SkipShort(t, "the official Go SDK's client over real HTTP")
	for _, v := range interopVersions {
		t.Run(v, func(t *testing.T) {
			srv := startInteropServer(t, "-no-auth")
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			rt := newRecordingTransport("")
			tr := &sdk.StreamableClientTransport{Endpoint: srv.base + "/mcp", HTTPClient: &http.Client{Transport: rt}, MaxRetries: -1}
			a := &asking{}
			cs, err := a.client().Connect(ctx, tr, &sdk.ClientSessionOptions{ProtocolVersion: v})
			if err != nil {
				t.Fatalf("Connect: %v", err)
			}
			exerciseAsks(ctx, t, cs, a)
			if err := cs.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			checkAskWire(t, v, rt.records())
		})
	}
}

// checkAskWire: how the questions travelled. 2025-11-25: the three tools/call
// POSTs answered with SSE streams (the server's requests ride them) and
// three responses POSTed back, each 202. 2026-07-28: no response is ever
// POSTed; each tools/call is sent twice, the retry with inputResponses and
// requestState.
func checkAskWire(t *testing.T, v string, recs []wireRecord) {
	t.Helper()
	var calls, retries, responses int
	for _, r := range recs {
		switch {
		case r.Response:
			responses++
			if r.Status != http.StatusAccepted {
				t.Errorf("a response POSTed back got %d, want 202", r.Status)
			}
		case r.RPCMethod == "tools/call":
			calls++
			if r.Retry {
				retries++
				if !r.State {
					t.Errorf("a retry without the requestState")
				}
			}
			if v == interopV2025 && !strings.HasPrefix(r.CType, "text/event-stream") {
				t.Errorf("2025-11-25 tools/call answered %q, want an SSE stream carrying the server's request", r.CType)
			}
		}
	}
	switch v {
	case interopV2025:
		// Four calls; roots/list asked twice (before and after the change,
		// on a tools/call stream or the GET stream).
		if calls != 4 || retries != 0 || responses < 4 {
			t.Errorf("2025-11-25: %d calls, %d retries, %d responses POSTed; want 4, 0, at least 4", calls, retries, responses)
		}
	case interopV2026:
		if calls != 8 || retries != 4 || responses != 0 {
			t.Errorf("2026-07-28: %d calls, %d retries, %d responses POSTed; want 8, 4, 0", calls, retries, responses)
		}
	}
}

// TestInteropSDKAsksStdio: the built binary over stdio; the server's
// requests and the SDK's responses share the pipe with everything else.
func TestInteropSDKAsksStdio(t *testing.T) {
	testenv.SkipShort(t, "the official Go SDK's client and a real stdio process")
	bin := buildDevserver(t, t.TempDir())
	for _, v := range interopVersions {
		t.Run(v, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			a := &asking{}
			cs, _, stderr := connectStdio(ctx, t, bin, a.client(), v)
			exerciseAsks(ctx, t, cs, a)
			if err := cs.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			if v == interopV2026 && !strings.Contains(stderr.String(), "input required") {
				t.Errorf("2026-07-28: the server never answered input_required: %s", stderr.String())
			}
		})
	}
}
