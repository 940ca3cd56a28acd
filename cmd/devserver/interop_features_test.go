//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// exerciseSDKFeatures: the official SDK's client reads the course's
// resources (text, blob, a template), gets its prompts (embedded resource,
// link, image), completes an argument, calls the x-mcp-header tool with a
// non-ASCII value (the SDK mirrors it into Mcp-Param-Office over 2026-07-28
// HTTP), and receives log messages once it asks for them (logging/setLevel
// in 2025-11-25, the per-request logLevel in 2026-07-28).
func exerciseSDKFeatures(ctx context.Context, t *testing.T, cs *sdk.ClientSession, v string, progress *atomic.Int32) {
	t.Helper()
	init := cs.InitializeResult()
	if c := init.Capabilities; c.Resources == nil || !c.Resources.Subscribe || c.Prompts == nil || c.Completions == nil || c.Logging == nil {
		t.Errorf("capabilities %+v", c)
	}
	lr, err := cs.ListResources(ctx, nil)
	if err != nil || len(lr.Resources) != 4 || lr.Resources[0].URI != "company://handbook/welcome" {
		t.Fatalf("resources/list: %+v %v", lr, err)
	}
	for uri, check := range map[string]func(*sdk.ResourceContents) bool{
		"company://handbook/expenses": func(c *sdk.ResourceContents) bool { return strings.HasPrefix(c.Text, "# Expenses") },
		"company://logo.png":          func(c *sdk.ResourceContents) bool { return len(c.Blob) > 4 && string(c.Blob[:4]) == "\x89PNG" },
		"company://employees/e03":     func(c *sdk.ResourceContents) bool { return strings.Contains(c.Text, `"name_zh":"王芳"`) },
	} {
		rr, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
		if err != nil || len(rr.Contents) != 1 || !check(rr.Contents[0]) {
			t.Errorf("resources/read %s: %+v %v", uri, rr, err)
		}
	}
	_, err = cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "company://employees/e99"})
	wantCode := int64(-32002)
	if v == "2026-07-28" {
		wantCode = -32602
	}
	var werr *jsonrpc.Error
	if !errors.As(err, &werr) || werr.Code != wantCode {
		t.Errorf("resources/read of a missing employee: %v, want code %d", err, wantCode)
	}
	lt, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(lt.ResourceTemplates) != 2 || lt.ResourceTemplates[0].URITemplate != "company://employees/{id}" {
		t.Errorf("resources/templates/list: %+v %v", lt, err)
	}
	lp, err := cs.ListPrompts(ctx, nil)
	if err != nil || len(lp.Prompts) != 2 || lp.Prompts[0].Name != "weekly_digest" {
		t.Errorf("prompts/list: %+v %v", lp, err)
	}
	gp, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "weekly_digest", Arguments: map[string]string{"department": "Sales"}})
	if err != nil || len(gp.Messages) != 3 {
		t.Fatalf("prompts/get: %+v %v", gp, err)
	}
	if _, ok := gp.Messages[1].Content.(*sdk.EmbeddedResource); !ok {
		t.Errorf("prompts/get: message 2 is %T, want an embedded resource", gp.Messages[1].Content)
	}
	if _, ok := gp.Messages[2].Content.(*sdk.ResourceLink); !ok {
		t.Errorf("prompts/get: message 3 is %T, want a resource link", gp.Messages[2].Content)
	}
	we, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "welcome_email", Arguments: map[string]string{"employee": "e01"}})
	if err != nil || len(we.Messages) != 3 {
		t.Fatalf("prompts/get welcome_email: %+v %v", we, err)
	}
	if img, ok := we.Messages[2].Content.(*sdk.ImageContent); !ok || img.MIMEType != "image/png" {
		t.Errorf("welcome_email: message 3 is %T", we.Messages[2].Content)
	}
	cr, err := cs.Complete(ctx, &sdk.CompleteParams{Ref: &sdk.CompleteReference{Type: "ref/prompt", Name: "weekly_digest"},
		Argument: sdk.CompleteParamsArgument{Name: "department", Value: "S"}})
	if err != nil || strings.Join(cr.Completion.Values, ",") != "Sales,Support" {
		t.Errorf("completion/complete: %+v %v", cr, err)
	}
	pa, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "post_announcement", Arguments: map[string]any{"office": "São Paulo", "text": "Café às 10h"}})
	if err != nil || pa.IsError || !strings.Contains(resultText(pa), "board-sao-paulo") {
		t.Errorf("post_announcement: %+v %v", pa, err)
	}

	// Logs: only once asked for.
	before := progress.Load()
	params := &sdk.CallToolParams{Name: "export_timesheets", Arguments: map[string]any{"department": "Sales", "steps": 1}}
	if v == "2026-07-28" {
		params.Meta = sdk.Meta{sdk.MetaKeyLogLevel: "info"}
	} else if err := cs.SetLoggingLevel(ctx, &sdk.SetLoggingLevelParams{Level: "info"}); err != nil {
		t.Errorf("logging/setLevel: %v", err)
	}
	if _, err := cs.CallTool(ctx, params); err != nil {
		t.Errorf("export_timesheets with logs: %v", err)
	}
	for i := 0; i < 50 && progress.Load() == before; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if progress.Load() == before {
		t.Errorf("export_timesheets after asking for logs: no notifications/message reached the SDK")
	}
}
