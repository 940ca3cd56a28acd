package toolbox

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
)

func TestContentWireShapes(t *testing.T) {
	prio := 0.5
	tests := []struct {
		name string
		c    primitive.Content
		want string
	}{
		{"text", primitive.TextContent(""), `{"type":"text","text":""}`},
		{"text with annotations", primitive.Content{Type: protocol.ContentText, Text: "hi <b>", Annotations: &primitive.Annotations{Audience: []string{"user"}, Priority: &prio}},
			`{"type":"text","text":"hi <b>","annotations":{"audience":["user"],"priority":0.5}}`},
		{"image", primitive.ImageContent([]byte{1, 2, 3}, "image/png"), `{"type":"image","data":"AQID","mimeType":"image/png"}`},
		{"audio", primitive.AudioContent([]byte("RIFF"), "audio/wav"), `{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"}`},
		{"embedded text", primitive.EmbeddedResource(primitive.ResourceContents{URI: "company://x", MIMEType: "text/plain", Text: ""}),
			`{"type":"resource","resource":{"uri":"company://x","mimeType":"text/plain","text":""}}`},
		{"embedded blob", primitive.EmbeddedResource(primitive.ResourceContents{URI: "company://y", Blob: []byte{0xff}}),
			`{"type":"resource","resource":{"uri":"company://y","blob":"/w=="}}`},
		{"resource link", primitive.ResourceLink("company://handbook/welcome", "welcome.md", "", "text/markdown"),
			`{"type":"resource_link","uri":"company://handbook/welcome","name":"welcome.md","mimeType":"text/markdown"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := jsonrpc.Marshal(tt.c)
			if err != nil || string(b) != tt.want {
				t.Fatalf("got %s (%v)\nwant %s", b, err, tt.want)
			}
			var back primitive.Content
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("unmarshal: %v", err)
			}
			again, _ := jsonrpc.Marshal(back)
			if string(again) != tt.want {
				t.Errorf("round trip: %s", again)
			}
		})
	}
	for _, bad := range []string{
		`{"type":"video"}`, `{"type":"image","data":"!!","mimeType":"image/png"}`,
		`{"type":"resource"}`, `{"type":"resource","resource":{"uri":"x"}}`,
		`{"type":"resource","resource":{"uri":"x","blob":"%%"}}`,
	} {
		var c primitive.Content
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
	if _, err := json.Marshal(primitive.Content{Type: "video"}); err == nil {
		t.Error("marshalled an unknown content type")
	}
	if _, err := json.Marshal(primitive.Content{Type: protocol.ContentResource}); err == nil {
		t.Error("marshalled a resource block without its resource")
	}
}

func TestCourseResources(t *testing.T) {
	r := Default()
	var uris []string
	for _, res := range r.Resources() {
		uris = append(uris, res.URI)
	}
	if got := strings.Join(uris, " "); got != "company://handbook/welcome company://handbook/office-days company://handbook/expenses company://logo.png" {
		t.Fatalf("resources %s", got)
	}
	ctx := context.Background()
	tests := []struct {
		uri, mime, text string
		blob            bool
		private         bool
	}{
		{HandbookExpenses, "text/markdown", "# Expenses\n\n- Submit the month's expenses by Friday noon.", false, false},
		{LogoURI, "image/png", "", true, false},
		{"company://employees/e03", "application/json", `{"id":"e03","name":"Wang Fang","name_zh":"王芳","department":"Engineering","email":"wang.fang@acme.example","office_days":["Mon","Tue"]}`, false, true},
		{"company://departments/Sales", "application/json", `{"department":"Sales","members":[{"id":"e02"`, false, true},
		// A percent-encoded variable is decoded before the lookup.
		{"company://employees/%65%303", "application/json", `{"id":"e03"`, false, true},
	}
	for _, tt := range tests {
		out, cache, err := r.ReadResource(ctx, tt.uri)
		if err != nil || len(out) != 1 {
			t.Fatalf("%s: %v %v", tt.uri, out, err)
		}
		c := out[0]
		if c.URI != tt.uri || c.MIMEType != tt.mime || !strings.HasPrefix(c.Text, tt.text) || (c.Blob != nil) != tt.blob {
			t.Errorf("%s: %+v", tt.uri, c)
		}
		if cache.Private != tt.private || cache.TTL <= 0 {
			t.Errorf("%s: cache %+v", tt.uri, cache)
		}
	}
	if out, _, _ := r.ReadResource(ctx, LogoURI); string(out[0].Blob[:4]) != "\x89PNG" {
		t.Errorf("logo is not a PNG")
	}
	for _, uri := range []string{"company://employees/e99", "company://departments/Marketing", "company://nope", "company://employees/", "company://employees/e01/x"} {
		_, _, err := r.ReadResource(ctx, uri)
		var nf *primitive.NotFoundError
		if !errors.As(err, &nf) || nf.URI != uri {
			t.Errorf("%s: err %v, want NotFoundError", uri, err)
		}
		if r.Knows(uri) && !strings.Contains(uri, "e99") && !strings.Contains(uri, "Marketing") {
			t.Errorf("%s: Knows", uri)
		}
	}
	if !r.Knows("company://employees/e99") || r.Knows("company://nope") {
		t.Error("Knows: templates match by shape, unknown URIs do not")
	}
}

func TestTemplateRejects(t *testing.T) {
	read := func(context.Context, string, map[string]string) ([]primitive.ResourceContents, error) {
		return nil, nil
	}
	for _, tmpl := range []string{"x://{+path}", "x://{a}{b}", "x://{a}/{a}", "x://none", "x://{open", "x://}{"} {
		if _, err := (&primitive.Registry{}).WithTemplates(primitive.ResourceTemplate{URITemplate: tmpl, Name: "t", Read: read}); err == nil {
			t.Errorf("%s accepted", tmpl)
		}
	}
	if _, err := (&primitive.Registry{}).WithTemplates(primitive.ResourceTemplate{URITemplate: "x://{a}", Name: "t", Read: read,
		Complete: map[string]primitive.Completer{"b": nil}}); err == nil {
		t.Error("completion for an unknown variable accepted")
	}
	if _, err := (&primitive.Registry{}).WithResources(primitive.Resource{URI: "x://a", Name: "a"}); err == nil {
		t.Error("resource without Read accepted")
	}
	res := primitive.Resource{URI: "x://a", Name: "a", Read: func(context.Context) ([]primitive.ResourceContents, error) { return nil, nil }}
	if _, err := (&primitive.Registry{}).WithResources(res, res); err == nil {
		t.Error("duplicate resource accepted")
	}
	// A reader that returns nothing is a bug, never an empty answer.
	r, _ := (&primitive.Registry{}).WithResources(res)
	if _, _, err := r.ReadResource(context.Background(), "x://a"); err == nil || errors.As(err, new(*primitive.NotFoundError)) {
		t.Errorf("empty contents: err %v", err)
	}
}

func TestCoursePrompts(t *testing.T) {
	r := Default()
	ctx := context.Background()
	res, err := r.GetPrompt(ctx, "weekly_digest", map[string]string{"department": "Support"})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res.Messages)
	want := `[{"role":"user","content":{"type":"text","text":"Write this week's digest for the Support department: who is in the office on which days, and the e-mails that need the team's attention (use list_emails). Keep it under 150 words."}},` +
		`{"role":"user","content":{"type":"resource","resource":{"uri":"company://departments/Support","mimeType":"application/json","text":"{\"department\":\"Support\",\"members\":[{\"id\":\"e04\",\"name\":\"Chloé Martin\",\"department\":\"Support\",\"email\":\"chloe.martin@acme.example\",\"office_days\":[\"Wed\",\"Fri\"]},{\"id\":\"e07\",\"name\":\"Li Wei\",\"name_zh\":\"李伟\",\"department\":\"Support\",\"email\":\"li.wei@acme.example\",\"office_days\":[\"Tue\",\"Fri\"]}]}"}}},` +
		`{"role":"user","content":{"type":"resource_link","uri":"company://handbook/office-days","name":"office-days.md","description":"The office-days policy.","mimeType":"text/markdown"}}]`
	if string(b) != want {
		t.Errorf("weekly_digest:\n got %s\nwant %s", b, want)
	}
	// The embedded roster is what reading the resource gives.
	roster, _, _ := r.ReadResource(ctx, "company://departments/Support")
	if res.Messages[1].Content.Resource.Text != roster[0].Text {
		t.Error("embedded roster differs from the resource")
	}
	res, err = r.GetPrompt(ctx, "welcome_email", map[string]string{"employee": "e03"})
	if err != nil || len(res.Messages) != 3 || res.Messages[2].Content.Type != protocol.ContentImage || res.Description != "Welcome e-mail for Wang Fang (王芳)" {
		t.Fatalf("welcome_email: %+v %v", res, err)
	}
	for _, tt := range []struct {
		name string
		args map[string]string
		want string
	}{
		{"weekly_digest", nil, `missing required argument "department"`},
		{"weekly_digest", map[string]string{"department": "Sales", "tone": "fun"}, `unknown argument "tone" (arguments: "department")`},
		{"weekly_digest", map[string]string{"department": "Marketing"}, `department must be one of "Engineering", "Finance", "Sales", "Support", got "Marketing"`},
		{"welcome_email", map[string]string{"employee": "e01", "department": "Sales"}, "e01 works in Engineering, not Sales"},
		{"welcome_email", map[string]string{"employee": "e42"}, `unknown employee "e42"`},
	} {
		_, err := r.GetPrompt(ctx, tt.name, tt.args)
		var ae *primitive.ArgumentError
		if !errors.As(err, &ae) || !strings.Contains(ae.Msg, tt.want) {
			t.Errorf("%s %v: err %v, want %q", tt.name, tt.args, err, tt.want)
		}
	}
	if _, err := r.GetPrompt(ctx, "nope", nil); !errors.As(err, new(*primitive.UnknownPromptError)) {
		t.Errorf("unknown prompt: %v", err)
	}
}

func TestComplete(t *testing.T) {
	r := Default()
	tests := []struct {
		ref, key, arg, value string
		ctx                  map[string]string
		want                 string
	}{
		{protocol.RefPrompt, "weekly_digest", "department", "s", nil, "Sales Support"},
		{protocol.RefPrompt, "weekly_digest", "department", "", nil, "Engineering Finance Sales Support"},
		{protocol.RefPrompt, "weekly_digest", "department", "x", nil, ""},
		{protocol.RefPrompt, "welcome_email", "employee", "e0", map[string]string{"department": "Finance"}, "e05 e08"},
		{protocol.RefPrompt, "welcome_email", "employee", "E0", nil, "e01 e02 e03 e04 e05 e06 e07 e08"},
		{protocol.RefResource, EmployeeTemplate, "id", "e0", nil, "e01 e02 e03 e04 e05 e06 e07 e08"},
		{protocol.RefResource, "company://employees/e01", "id", "e07", nil, "e07"}, // a URI the template produces
		{protocol.RefResource, DepartmentTemplate, "department", "F", nil, "Finance"},
	}
	for _, tt := range tests {
		c, err := r.Complete(tt.ref, tt.key, tt.arg, tt.value, tt.ctx)
		if err != nil {
			t.Fatalf("%+v: %v", tt, err)
		}
		if got := strings.Join(c.Values, " "); got != tt.want || c.Total != len(c.Values) || c.HasMore {
			t.Errorf("%s %s %q: %+v, want %s", tt.key, tt.arg, tt.value, c, tt.want)
		}
	}
	for _, tt := range []struct{ ref, key, arg, want string }{
		{protocol.RefPrompt, "nope", "x", "Unknown prompt: nope"},
		{protocol.RefPrompt, "weekly_digest", "tone", `weekly_digest has no argument "tone" (arguments: "department")`},
		{protocol.RefResource, "company://nope/{x}", "x", "Resource not found: company://nope/{x}"},
		{"ref/tool", "x", "y", `ref.type must be "ref/prompt" or "ref/resource"`},
	} {
		if _, err := r.Complete(tt.ref, tt.key, tt.arg, "", nil); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s: err %v, want %q", tt.key, tt.arg, err, tt.want)
		}
	}
	// At most MaxCompletionValues values; the total counts them all.
	many := make([]string, 250)
	for i := range many {
		many[i] = "v" + strings.Repeat("x", i%3)
	}
	big, _ := (&primitive.Registry{}).WithPrompts(primitive.Prompt{Name: "p", Get: func(context.Context, map[string]string) (primitive.PromptResult, error) {
		return primitive.PromptResult{}, nil
	},
		Arguments: []primitive.PromptArgument{{Name: "a", Complete: func(map[string]string) []string { return many }}}})
	c, _ := big.Complete(protocol.RefPrompt, "p", "a", "v", nil)
	if len(c.Values) != primitive.MaxCompletionValues || c.Total != 250 || !c.HasMore {
		t.Errorf("cap: %d values, total %d, hasMore %v", len(c.Values), c.Total, c.HasMore)
	}
	if !Default().HasCompletions() || Default().ToolsOnly().HasCompletions() {
		t.Error("HasCompletions")
	}
}

func TestHeaderParams(t *testing.T) {
	got := Default().HeaderParams("post_announcement")
	if len(got) != 1 || got[0].Header != "Office" || got[0].Type != "string" || strings.Join(got[0].Path, ".") != "office" {
		t.Fatalf("post_announcement headers %+v", got)
	}
	if Default().HeaderParams("list_emails") != nil || Default().HeaderParams("nope") != nil {
		t.Error("tools without annotations have no header params")
	}
	nested := `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"integer","x-mcp-header":"Deep"}}},"c":{"type":"boolean","x-mcp-header":"C"}}}`
	r, err := primitive.NewRegistry(primitive.Def{Tool: primitive.Tool{Name: "n", InputSchema: json.RawMessage(nested)}, Run: nil})
	if err != nil {
		t.Fatal(err)
	}
	hp := r.HeaderParams("n")
	if len(hp) != 2 || strings.Join(hp[0].Path, ".") != "a.b" || hp[0].Type != "integer" || hp[1].Header != "C" {
		t.Errorf("nested %+v", hp)
	}
	// Each violation of server/tools §x-mcp-header makes the tool invalid.
	for _, tt := range []struct{ schema, want string }{
		{`{"type":"object","properties":{"a":{"type":"string","x-mcp-header":""}}}`, "must not be empty"},
		{`{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Bad Name"}}}`, "not an HTTP field-name token"},
		{`{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A\r\nX"}}}`, "not an HTTP field-name token"},
		{`{"type":"object","properties":{"a":{"type":"string","x-mcp-header":7}}}`, "must be a string"},
		{`{"type":"object","properties":{"a":{"type":"number","x-mcp-header":"A"}}}`, "only string, integer and boolean"},
		{`{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Id"},"b":{"type":"string","x-mcp-header":"ID"}}}`, "case-insensitively unique"},
		{`{"type":"object","properties":{"a":{"type":"array","items":{"type":"string","x-mcp-header":"A"}}}}`, "only properties reachable"},
		{`{"type":"object","anyOf":[{"properties":{"a":{"type":"string","x-mcp-header":"A"}}}]}`, "only properties reachable"},
		{`{"type":"object","$defs":{"a":{"type":"string","x-mcp-header":"A"}},"properties":{"a":{"$ref":"#/$defs/a"}}}`, "only properties reachable"},
		{`{"type":"object","x-mcp-header":"Root"}`, "only properties reachable"},
	} {
		_, err := primitive.NewRegistry(primitive.Def{Tool: primitive.Tool{Name: "t", InputSchema: json.RawMessage(tt.schema)}})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err %v, want %q", tt.schema, err, tt.want)
		}
	}
	// Instance values that merely look like annotations are not schemas.
	if _, err := primitive.NewRegistry(primitive.Def{Tool: primitive.Tool{Name: "t", InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"default":{"x-mcp-header":""}}}}`)}}); err != nil {
		t.Errorf("default value read as a schema: %v", err)
	}
}

func TestSchemaRules(t *testing.T) {
	deep := strings.Repeat(`{"not":`, primitive.MaxSchemaDepth) + `{}` + strings.Repeat(`}`, primitive.MaxSchemaDepth)
	wide := `{"type":"object","anyOf":[` + strings.TrimSuffix(strings.Repeat(`{"type":"object"},`, primitive.MaxSchemaObjects), ",") + `]}`
	for _, tt := range []struct{ schema, want string }{
		{`{"type":"object","properties":{"a":{"$ref":"https://example.com/schema.json"}}}`, "external references are never fetched"},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/missing"}}}`, "missing"},
		{`{"type":"object","allOf":[` + deep + `]}`, "nested deeper than"},
		{wide, "more than"},
		{`{"type":"array"}`, `the root must have "type": "object"`},
		{`{"$schema":"https://example.com/my-dialect","type":"object"}`, `loading "https://example.com/my-dialect"`},
	} {
		_, err := primitive.NewRegistry(primitive.Def{Tool: primitive.Tool{Name: "t", InputSchema: json.RawMessage(tt.schema)}})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.80s: err %v, want %q", tt.schema, err, tt.want)
		}
	}
	// Local $ref, $anchor and composition are fine and validate.
	ok := `{"type":"object","$defs":{"d":{"$anchor":"day","type":"string","enum":["Mon","Tue"]}},"properties":{"day":{"$ref":"#day"}},"oneOf":[{"required":["day"]}]}`
	r, err := primitive.NewRegistry(primitive.Def{Tool: primitive.Tool{Name: "t", InputSchema: json.RawMessage(ok)},
		Run: func(context.Context, map[string]any, primitive.Env) (primitive.Result, error) {
			return primitive.Result{Text: "ok"}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := r.Call(context.Background(), "t", json.RawMessage(`{"day":"Sun"}`), primitive.Env{}); !res.IsError {
		t.Errorf("$ref through an anchor not applied: %+v", res)
	}
	if res, _ := r.Call(context.Background(), "t", json.RawMessage(`{"day":"Mon"}`), primitive.Env{}); res.IsError {
		t.Errorf("valid arguments refused: %+v", res)
	}
}

func TestOutputSchemaChecked(t *testing.T) {
	out := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`)
	mk := func(structured any) *primitive.Registry {
		return (&primitive.Registry{}).MustWith(primitive.Def{Tool: primitive.Tool{Name: "t", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: out},
			Run: func(context.Context, map[string]any, primitive.Env) (primitive.Result, error) {
				return primitive.Result{Text: "x", Structured: structured}, nil
			}})
	}
	if _, err := mk(map[string]any{"n": 1}).Call(context.Background(), "t", nil, primitive.Env{}); err != nil {
		t.Errorf("conforming output refused: %v", err)
	}
	for _, bad := range []any{map[string]any{"n": "one"}, map[string]any{}, nil} {
		_, err := mk(bad).Call(context.Background(), "t", nil, primitive.Env{})
		var oe *primitive.OutputError
		if !errors.As(err, &oe) || oe.Tool != "t" {
			t.Errorf("%v: err %v, want OutputError", bad, err)
		}
	}
	// The course tool with an output schema conforms.
	fe := &fakeEnv{}
	res, err := Default().Call(context.Background(), "post_announcement", json.RawMessage(`{"office":"São Paulo","text":"Café at 10"}`), fe.env())
	if err != nil || res.IsError || mustJSON(t, res.Structured) != `{"office":"São Paulo","board":"board-sao-paulo","posted":true}` {
		t.Errorf("post_announcement: %+v %v", res, err)
	}
}

func TestToolLogs(t *testing.T) {
	var logs []string
	env := (&fakeEnv{}).env()
	env.Log = func(level, logger string, data any) { logs = append(logs, level+" "+logger+" "+data.(string)) }
	if _, err := Default().Call(context.Background(), "export_timesheets", json.RawMessage(`{"department":"Sales","steps":2}`), env); err != nil {
		t.Fatal(err)
	}
	want := "debug export Exported week 1 of 2|debug export Exported week 2 of 2|info export wrote timesheets-sales.csv (4 rows)"
	if got := strings.Join(logs, "|"); got != want {
		t.Errorf("logs %q, want %q", got, want)
	}
	if !Default().Logging() || Default().ToolsOnly().Logging() || len(Default().ToolsOnly().Prompts()) != 0 {
		t.Error("ToolsOnly keeps only the tools")
	}
}

func TestLogSeverity(t *testing.T) {
	if protocol.LogSeverity("debug") != 0 || protocol.LogSeverity("emergency") != 7 || protocol.LogSeverity("warn") != -1 || protocol.LogSeverity("") != -1 {
		t.Error("LogSeverity")
	}
}

// TestReplaceResource: an edited page replaces the old one in place (the
// list keeps its order); a URI the registry lacks, or a resource without a
// Read, is refused and changes nothing.
func TestReplaceResource(t *testing.T) {
	r := Default()
	edited := r.Resources()[2]
	edited.Read = func(context.Context) ([]primitive.ResourceContents, error) {
		return []primitive.ResourceContents{{Text: "edited"}}, nil
	}
	out, err := r.ReplaceResource(edited)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := out.ReadResource(context.Background(), HandbookExpenses)
	if err != nil || got[0].Text != "edited" || out.Resources()[2].URI != HandbookExpenses || len(out.Resources()) != len(r.Resources()) {
		t.Fatalf("replaced: %v %+v", err, got)
	}
	if old, _, _ := r.ReadResource(context.Background(), HandbookExpenses); old[0].Text == "edited" {
		t.Fatal("the original registry changed")
	}
	edited.URI = "company://handbook/travel"
	if _, err := r.ReplaceResource(edited); err == nil {
		t.Fatal("replaced a resource the registry lacks")
	}
	edited.URI, edited.Read = HandbookExpenses, nil
	if _, err := r.ReplaceResource(edited); err == nil {
		t.Fatal("accepted a resource without Read")
	}
}

// HeaderParamsOf keeps its results by schema bytes; what it returns is
// the caller's own, so changing it does not change the next answer.
func TestHeaderParamsOfKeepsItsOwnCopy(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"office":{"type":"string","x-mcp-header":"Office"}}}`)
	for i := 0; i < 3; i++ {
		got, err := primitive.HeaderParamsOf(schema)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Header != "Office" || got[0].Type != "string" || strings.Join(got[0].Path, ".") != "office" {
			t.Fatalf("call %d: %+v", i, got)
		}
		got[0].Header, got[0].Path[0] = "Changed", "changed"
	}
	if _, err := primitive.HeaderParamsOf(json.RawMessage(`{"type":"object","properties":{"a":{"type":"string","x-mcp-header":""}}}`)); err == nil {
		t.Error("an invalid annotation is an error, from the cache's side too")
	}
}
