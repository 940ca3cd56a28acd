package client_test

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/fault"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"

	"mcpwirelab/sim/wire"
)

// forBoth runs f at both versions over both transports against the engine.
func forBoth(t *testing.T, f func(t *testing.T, e *engineClient, version, transport string)) {
	for _, version := range protocol.Versions() {
		for _, transport := range []string{"stdio", "http"} {
			t.Run(version+"/"+transport, func(t *testing.T) {
				e := newEngineClient(t, version, transport, nil, nil)
				if _, err := e.c.Open(ctx); err != nil {
					t.Fatal(err)
				}
				f(t, e, version, transport)
			})
		}
	}
}

// wantStatus checks the HTTP status of an outcome (none on stdio).
func wantStatus(t *testing.T, out client.Outcome, transport string, status int) {
	t.Helper()
	if transport == "stdio" {
		status = 0
	}
	if out.Status != status {
		t.Fatalf("HTTP status %d, want %d", out.Status, status)
	}
}

// TestClientResources: list, templates, read (text and blob, with the
// caching hints only 2026-07-28 has), and the not-found error of each
// era: -32002 in 2025-11-25, -32602 in 2026-07-28 (changelog minor 6),
// both with data.uri and HTTP 200.
func TestClientResources(t *testing.T) {
	forBoth(t, func(t *testing.T, e *engineClient, version, transport string) {
		res, out := e.c.ListResources(ctx, client.CallOptions{})
		if out.Error() != nil || len(res) != 4 || res[0].URI != toolbox.HandbookWelcome || res[3].URI != toolbox.LogoURI {
			t.Fatalf("resources/list: %v %+v", out.Error(), res)
		}
		tpls, out := e.c.ListResourceTemplates(ctx, client.CallOptions{})
		if out.Error() != nil || len(tpls) != 2 || tpls[0].URITemplate != toolbox.EmployeeTemplate {
			t.Fatalf("resources/templates/list: %v %+v", out.Error(), tpls)
		}
		page, out := e.c.ReadResource(ctx, toolbox.HandbookExpenses, client.CallOptions{})
		if out.Error() != nil || len(page.Contents) != 1 || page.Contents[0].URI != toolbox.HandbookExpenses ||
			!strings.HasPrefix(page.Contents[0].Text, "# Expenses") {
			t.Fatalf("resources/read: %v %+v", out.Error(), page)
		}
		modern := protocol.IsModern(version)
		if got := page.TTLMs != nil && *page.TTLMs == 3600000 && page.CacheScope == "public"; got != modern {
			t.Fatalf("caching hints %v/%q under %s", page.TTLMs, page.CacheScope, version)
		}
		logo, out := e.c.ReadResource(ctx, toolbox.LogoURI, client.CallOptions{})
		if out.Error() != nil || len(logo.Contents) != 1 || string(logo.Contents[0].Blob) != string(toolbox.Logo()) {
			t.Fatalf("blob: %v %+v", out.Error(), logo)
		}
		roster, out := e.c.ReadResource(ctx, "company://departments/Finance", client.CallOptions{})
		if out.Error() != nil || !strings.Contains(roster.Contents[0].Text, "David Kim") || (modern && roster.CacheScope != "private") {
			t.Fatalf("template read: %v %+v", out.Error(), roster)
		}
		_, out = e.c.ReadResource(ctx, "company://departments/Finances", client.CallOptions{})
		want := protocol.CodeResourceNotFound
		if modern {
			want = protocol.CodeInvalidParams
		}
		if er := out.Error(); er == nil || er.Code != want || string(er.Data) != `{"uri":"company://departments/Finances"}` || !client.IsResourceNotFound(out) {
			t.Fatalf("not found: %+v", out.Error())
		}
		wantStatus(t, out, transport, http.StatusOK)
		// Another -32602 is not a not-found.
		_, out = e.c.Complete(ctx, client.PromptRef("weekly_digets"), "department", "", nil, client.CallOptions{})
		if out.Error() == nil || out.Error().Code != protocol.CodeInvalidParams || client.IsResourceNotFound(out) {
			t.Fatalf("unknown prompt counted as not found: %+v", out.Error())
		}
	})
}

// TestClientSubscribes: 2025-11-25 resources/subscribe, then the update
// on the GET stream (HTTP) or stdout (stdio), unsubscribe; 2026-07-28 has
// no subscribe (-32601, HTTP 404) and the URI goes in the listen filter,
// the acknowledgement keeping the ones the server has.
func TestClientSubscribes(t *testing.T) {
	forBoth(t, func(t *testing.T, e *engineClient, version, transport string) {
		uri := toolbox.HandbookExpenses
		var seen []string
		react := func(n *jsonrpc.Message, stop func()) {
			seen = append(seen, n.Method)
			switch n.Method {
			case protocol.MethodAcknowledged:
				e.srv.ResourceUpdated(uri)
			case protocol.MethodResourceUpdated:
				if !strings.Contains(string(n.Params), `"uri":"`+uri+`"`) {
					t.Errorf("update %s", n.Params)
				}
				stop()
			}
		}
		if protocol.IsModern(version) {
			out := e.c.Subscribe(ctx, uri, client.CallOptions{})
			if er := out.Error(); er == nil || er.Code != protocol.CodeMethodNotFound {
				t.Fatalf("2026-07-28 resources/subscribe: %+v", out)
			}
			wantStatus(t, out, transport, http.StatusNotFound)
			var ack []string
			e.c.Listen(ctx, mcp.SubscriptionFilter{ResourceSubscriptions: []string{uri, "company://handbook/travel"}}, client.CallOptions{
				OnNotify: func(n *jsonrpc.Message, stop func()) {
					if n.Method == protocol.MethodAcknowledged {
						var p struct{ Notifications mcp.SubscriptionFilter }
						_ = json.Unmarshal(n.Params, &p)
						ack = p.Notifications.ResourceSubscriptions
					}
					react(n, stop)
				}})
			if !slices.Equal(ack, []string{uri}) {
				t.Fatalf("acknowledged %v", ack)
			}
		} else {
			if out := e.c.Subscribe(ctx, uri, client.CallOptions{}); out.Error() != nil || string(out.Response.Result) != "{}" {
				t.Fatalf("resources/subscribe: %+v", out)
			}
			if out := e.c.Subscribe(ctx, "company://handbook/travel", client.CallOptions{}); out.Error() == nil || out.Error().Code != protocol.CodeResourceNotFound {
				t.Fatalf("subscribe to nothing: %+v", out.Error())
			}
			e.clock.AfterFunc(1500e6, func() { e.srv.ResourceUpdated(uri) })
			e.c.Listen(ctx, mcp.SubscriptionFilter{}, client.CallOptions{OnNotify: react})
			if out := e.c.Unsubscribe(ctx, uri, client.CallOptions{}); out.Error() != nil {
				t.Fatalf("unsubscribe: %+v", out.Error())
			}
		}
		want := []string{protocol.MethodResourceUpdated}
		if protocol.IsModern(version) {
			want = []string{protocol.MethodAcknowledged, protocol.MethodResourceUpdated}
		}
		if !slices.Equal(seen, want) {
			t.Fatalf("saw %v, want %v", seen, want)
		}
	})
}

// TestClientPrompts: prompts/list, prompts/get with arguments (text, an
// embedded resource, a resource link; text, a resource, an image), the
// errors for a missing argument and an unknown prompt, and completion of
// a prompt argument (narrowed by context) and of a template variable.
func TestClientPrompts(t *testing.T) {
	forBoth(t, func(t *testing.T, e *engineClient, version, transport string) {
		prompts, out := e.c.ListPrompts(ctx, client.CallOptions{})
		if out.Error() != nil || len(prompts) != 2 || prompts[0].Name != "weekly_digest" || !prompts[0].Arguments[0].Required {
			t.Fatalf("prompts/list: %v %+v", out.Error(), prompts)
		}
		got, out := e.c.GetPrompt(ctx, "weekly_digest", map[string]string{"department": "Support"}, client.CallOptions{})
		var kinds []string
		for _, m := range got.Messages {
			kinds = append(kinds, m.Content.Type)
		}
		if out.Error() != nil || strings.Join(kinds, " ") != "text resource resource_link" || got.Messages[1].Content.Resource.URI != "company://departments/Support" {
			t.Fatalf("prompts/get: %v %+v", out.Error(), got)
		}
		got, out = e.c.GetPrompt(ctx, "welcome_email", map[string]string{"department": "Engineering", "employee": "e03"}, client.CallOptions{})
		if out.Error() != nil || len(got.Messages) != 3 || got.Messages[2].Content.Type != "image" || got.Messages[2].Content.MIMEType != "image/png" {
			t.Fatalf("welcome_email: %v %+v", out.Error(), got)
		}
		for _, bad := range []struct {
			name string
			args map[string]string
		}{{"welcome_email", map[string]string{"department": "Engineering"}}, {"weekly_digets", nil}} {
			_, out = e.c.GetPrompt(ctx, bad.name, bad.args, client.CallOptions{})
			if er := out.Error(); er == nil || er.Code != protocol.CodeInvalidParams {
				t.Fatalf("prompts/get %s %v: %+v", bad.name, bad.args, out.Error())
			}
		}
		c, out := e.c.Complete(ctx, client.PromptRef("weekly_digest"), "department", "s", nil, client.CallOptions{})
		if out.Error() != nil || strings.Join(c.Values, " ") != "Sales Support" || c.Total != 2 || c.HasMore {
			t.Fatalf("complete department: %v %+v", out.Error(), c)
		}
		c, out = e.c.Complete(ctx, client.PromptRef("welcome_email"), "employee", "e0", map[string]string{"department": "Engineering"}, client.CallOptions{})
		if out.Error() != nil || strings.Join(c.Values, " ") != "e01 e03" {
			t.Fatalf("complete employee in context: %v %+v", out.Error(), c)
		}
		c, out = e.c.Complete(ctx, client.ResourceRef(toolbox.DepartmentTemplate), "department", "Fi", nil, client.CallOptions{})
		if out.Error() != nil || strings.Join(c.Values, " ") != "Finance" {
			t.Fatalf("complete template variable: %v %+v", out.Error(), c)
		}
	})
}

// TestClientLogging: 2025-11-25 sets the session's level with
// logging/setLevel and every request after it gets log messages;
// 2026-07-28 answers logging/setLevel with -32601 (HTTP 404) and sends
// log messages only for a request whose _meta asks, at or above the level
// asked (server/utilities/logging: the server "MUST NOT emit
// notifications/message for a request that does not include this field").
// The messages reach the request's OnNotify on both transports.
func TestClientLogging(t *testing.T) {
	forBoth(t, func(t *testing.T, e *engineClient, version, transport string) {
		export := func(o client.CallOptions) (levels []string) {
			t.Helper()
			o.OnNotify = func(n *jsonrpc.Message, _ func()) {
				if n.Method == protocol.MethodLog {
					var p mcp.LogMessageParams
					_ = json.Unmarshal(n.Params, &p)
					levels = append(levels, p.Level)
				}
			}
			res, out := e.c.CallTool(ctx, "export_timesheets", map[string]any{"department": "Support", "steps": 2}, o)
			if out.Error() != nil || res.IsError {
				t.Fatalf("export: %v %+v", out.Error(), res)
			}
			return levels
		}
		if got := export(client.CallOptions{}); len(got) != 0 {
			t.Fatalf("log messages before any level was asked for: %v", got)
		}
		modern := protocol.IsModern(version)
		out := e.c.SetLevel(ctx, "info", client.CallOptions{})
		if modern {
			if er := out.Error(); er == nil || er.Code != protocol.CodeMethodNotFound {
				t.Fatalf("2026-07-28 logging/setLevel: %+v", out.Error())
			}
			wantStatus(t, out, transport, http.StatusNotFound)
			if got := export(client.CallOptions{}); len(got) != 0 {
				t.Fatalf("2026-07-28: log messages for a request without logLevel: %v", got)
			}
			if got := export(client.CallOptions{LogLevel: "debug"}); strings.Join(got, " ") != "debug debug info" {
				t.Fatalf("2026-07-28 logLevel debug: %v", got)
			}
			if got := export(client.CallOptions{LogLevel: "info"}); strings.Join(got, " ") != "info" {
				t.Fatalf("2026-07-28 logLevel info: %v", got)
			}
			_, out = e.c.CallTool(ctx, "list_emails", map[string]any{}, client.CallOptions{LogLevel: "verbose"})
			if er := out.Error(); er == nil || er.Code != protocol.CodeInvalidParams {
				t.Fatalf("2026-07-28 logLevel verbose: %+v", out.Error())
			}
			wantStatus(t, out, transport, http.StatusBadRequest)
			return
		}
		if out.Error() != nil || string(out.Response.Result) != "{}" {
			t.Fatalf("logging/setLevel: %+v", out)
		}
		// The session's level holds for every later request; LogLevel is a
		// 2026-07-28 option and changes nothing here.
		if got := export(client.CallOptions{LogLevel: "debug"}); strings.Join(got, " ") != "info" {
			t.Fatalf("2025-11-25 after setLevel info: %v", got)
		}
	})
}

// TestClientMirrorsToolParameters: over 2026-07-28 HTTP the client mirrors
// an x-mcp-header parameter into Mcp-Param-{name} (Base64 for São Paulo)
// from the inputSchema tools/list showed; a client that never listed the
// tool cannot, and the server refuses the call with 400 and -32020. 2025-
// 11-25 and stdio send no such header.
func TestClientMirrorsToolParameters(t *testing.T) {
	for _, version := range protocol.Versions() {
		t.Run(version, func(t *testing.T) {
			var reqs []*http.Request
			capture := func(w wire.HTTP) wire.HTTP {
				return fault.EditRequest(w, nil, func(r *http.Request) { reqs = append(reqs, r.Clone(ctx)) })
			}
			e := newEngineClient(t, version, "http", capture, nil)
			if _, err := e.c.Open(ctx); err != nil {
				t.Fatal(err)
			}
			args := map[string]any{"office": "São Paulo", "text": "Lunch at noon"}
			_, cold := e.c.CallTool(ctx, "post_announcement", args, client.CallOptions{})
			if _, out := e.c.ListTools(ctx, client.CallOptions{}); out.Error() != nil {
				t.Fatal(out.Error())
			}
			res, out := e.c.CallTool(ctx, "post_announcement", args, client.CallOptions{})
			if out.Error() != nil || res.IsError {
				t.Fatalf("post_announcement: %v %+v", out.Error(), res)
			}
			last := reqs[len(reqs)-1].Header[protocol.HeaderParamPrefix+"Office"]
			if !protocol.IsModern(version) {
				if last != nil || cold.Error() != nil {
					t.Fatalf("2025-11-25: Mcp-Param-Office %v, first call %v", last, cold.Error())
				}
				return
			}
			if len(last) != 1 || last[0] != "=?base64?U8OjbyBQYXVsbw==?=" {
				t.Fatalf("Mcp-Param-Office %v", last)
			}
			if er := cold.Error(); er == nil || er.Code != protocol.CodeHeaderMismatch || cold.Status != http.StatusBadRequest ||
				!strings.Contains(er.Message, "Mcp-Param-Office is missing") {
				t.Fatalf("a call without the header: %d %+v", cold.Status, er)
			}
			// An argument the schema does not mirror, or an absent one, adds
			// no header.
			_, _ = e.c.CallTool(ctx, "post_announcement", map[string]any{"text": "no office"}, client.CallOptions{})
			if h := reqs[len(reqs)-1].Header; h[protocol.HeaderParamPrefix+"Office"] != nil {
				t.Fatalf("a header for an absent value: %v", h)
			}
		})
	}
	// stdio has no headers: nothing to mirror, the call works.
	e := newEngineClient(t, protocol.V20260728, "stdio", nil, nil)
	if _, out := e.c.CallTool(ctx, "post_announcement", map[string]any{"office": "上海", "text": "你好"}, client.CallOptions{}); out.Error() != nil {
		t.Fatal(out.Error())
	}
}

// TestClientRejectsInvalidHeaderAnnotations: over HTTP a tool whose
// x-mcp-header breaks the rules (on a number, twice the same name) is left
// out of tools/list, with the reason in Rejected; the other tools stay.
// Over stdio the annotations are ignored.
func TestClientRejectsInvalidHeaderAnnotations(t *testing.T) {
	list := `{"tools":[` +
		`{"name":"ok","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}},` +
		`{"name":"on_number","inputSchema":{"type":"object","properties":{"n":{"type":"number","x-mcp-header":"N"}}}},` +
		`{"name":"twice","inputSchema":{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"X"},"b":{"type":"string","x-mcp-header":"x"}}}}]}`
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		m := wire.Decode(b)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(jsonrpc.Result(m.ID, json.RawMessage(list)).Encode())
	})
	c := client.NewHTTP(&wire.VirtualHTTP{Route: wire.Handler(h)}, "http://127.0.0.1:8080/mcp", client.Config{Version: protocol.V20260728})
	tools, out := c.ListTools(ctx, client.CallOptions{})
	if out.Error() != nil || len(tools) != 1 || tools[0].Name != "ok" {
		t.Fatalf("tools %+v %v", tools, out.Error())
	}
	rej := c.Rejected()
	if len(rej) != 2 || !strings.Contains(rej["on_number"], "only string, integer and boolean") || !strings.Contains(rej["twice"], "case-insensitively unique") {
		t.Fatalf("rejected %v", rej)
	}
}
