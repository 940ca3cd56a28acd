package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

// want is the expected outcome of one request under one version.
type want struct {
	code   int      // JSON-RPC error code; 0 for a result
	status int      // HTTP status (ignored on stdio)
	notes  []string // notification methods before the response, in order
	text   string   // a substring of the response (result or error)
	absent string   // a substring the response must not contain
}

// outcome gives the expectation per version; legacy or modern may be nil
// when the row applies to one version only.
type outcome struct{ legacy, modern *want }

func both(w want) outcome { return outcome{&w, &w} }

func sequence(ss ...string) []string { return ss }

// TestMethods is the engine's method × version × transport table: exact
// codes, HTTP statuses and channels, every message checked against the
// version's official schema.
func TestMethods(t *testing.T) {
	sch := schemas(t)
	bothEras := func(l, m want) outcome { return outcome{&l, &m} }
	gone := want{code: protocol.CodeMethodNotFound, status: http.StatusNotFound}
	tests := []struct {
		name   string
		method string
		params map[string]any
		o      opts
		setup  func(c *client) // runs first (2025-11-25 logging/setLevel)
		want   outcome
		check  func(t *testing.T, version string, a answer)
	}{
		{name: "resources/list", method: protocol.MethodResourcesList,
			want: both(want{status: 200, text: `{"uri":"company://handbook/welcome","name":"welcome.md","title":"Welcome to Acme"`}),
			check: func(t *testing.T, v string, a answer) {
				var r mcp.ListResourcesResult
				resultOf(t, a, &r)
				if len(r.Resources) != 4 || r.Resources[3].MIMEType != "image/png" {
					t.Errorf("resources %+v", r.Resources)
				}
				cacheHints(t, v, a, 300000, "public")
			}},
		{name: "resources/templates/list", method: protocol.MethodResourcesTemplates,
			want:  both(want{status: 200, text: `"resourceTemplates":[{"uriTemplate":"company://employees/{id}","name":"employee"`}),
			check: func(t *testing.T, v string, a answer) { cacheHints(t, v, a, 300000, "public") }},
		{name: "resources/read text", method: protocol.MethodResourcesRead, params: map[string]any{"uri": toolbox.HandbookExpenses},
			want:  both(want{status: 200, text: `"contents":[{"uri":"company://handbook/expenses","mimeType":"text/markdown","text":"# Expenses\n\n`}),
			check: func(t *testing.T, v string, a answer) { cacheHints(t, v, a, 3600000, "public") }},
		{name: "resources/read blob", method: protocol.MethodResourcesRead, params: map[string]any{"uri": toolbox.LogoURI},
			want:  both(want{status: 200, text: `"contents":[{"uri":"company://logo.png","mimeType":"image/png","blob":"iVBORw0KGgo`}),
			check: func(t *testing.T, v string, a answer) { cacheHints(t, v, a, 86400000, "public") }},
		{name: "resources/read through a template", method: protocol.MethodResourcesRead, params: map[string]any{"uri": "company://employees/e03"},
			want:  both(want{status: 200, text: `"text":"{\"id\":\"e03\",\"name\":\"Wang Fang\",\"name_zh\":\"王芳\"`}),
			check: func(t *testing.T, v string, a answer) { cacheHints(t, v, a, 60000, "private") }},
		{name: "resources/read not found: -32002 then -32602", method: protocol.MethodResourcesRead, params: map[string]any{"uri": "company://employees/e99"},
			want: bothEras(
				want{code: protocol.CodeResourceNotFound, status: 200, text: `"data":{"uri":"company://employees/e99"}`},
				want{code: protocol.CodeInvalidParams, status: 200, text: `"data":{"uri":"company://employees/e99"}`, absent: "-32002"})},
		{name: "resources/read without uri", method: protocol.MethodResourcesRead, params: map[string]any{},
			want: both(want{code: protocol.CodeInvalidParams, status: 200, text: "needs params.uri"})},
		{name: "resources/subscribe: 2025-11-25 only", method: protocol.MethodSubscribe, params: map[string]any{"uri": toolbox.HandbookWelcome},
			want: bothEras(want{status: 200, text: `"result":{}`}, want{code: gone.code, status: gone.status, text: "open subscriptions/listen with resourceSubscriptions"})},
		{name: "resources/subscribe unknown URI", method: protocol.MethodSubscribe, params: map[string]any{"uri": "company://nope"},
			want: outcome{legacy: &want{code: protocol.CodeResourceNotFound, status: 200, text: `"data":{"uri":"company://nope"}`}}},
		{name: "resources/unsubscribe: 2025-11-25 only", method: protocol.MethodUnsubscribe, params: map[string]any{"uri": toolbox.HandbookWelcome},
			want: bothEras(want{status: 200, text: `"result":{}`}, gone)},
		{name: "resources/list with a cursor", method: protocol.MethodResourcesList, params: map[string]any{"cursor": "page-2"},
			want: both(want{code: protocol.CodeInvalidParams, status: 200, text: `unknown cursor \"page-2\"`})},
		{name: "prompts/list", method: protocol.MethodPromptsList,
			want: both(want{status: 200, text: `{"name":"weekly_digest","title":"Weekly digest"`}),
			check: func(t *testing.T, v string, a answer) {
				var r mcp.ListPromptsResult
				resultOf(t, a, &r)
				if len(r.Prompts) != 2 || !r.Prompts[0].Arguments[0].Required || r.Prompts[1].Arguments[0].Required {
					t.Errorf("prompts %+v", r.Prompts)
				}
				cacheHints(t, v, a, 300000, "public")
			}},
		{name: "prompts/get with an embedded resource and a link", method: protocol.MethodPromptsGet,
			params: map[string]any{"name": "weekly_digest", "arguments": map[string]any{"department": "Sales"}},
			want:   both(want{status: 200, text: `"description":"Weekly digest for Sales","messages":[{"role":"user","content":{"type":"text"`, absent: "ttlMs"}),
			check: func(t *testing.T, v string, a answer) {
				var r mcp.GetPromptResult
				resultOf(t, a, &r)
				var types []string
				for _, m := range r.Messages {
					types = append(types, m.Content.Type)
				}
				if strings.Join(types, " ") != "text resource resource_link" {
					t.Errorf("content types %v", types)
				}
			}},
		{name: "prompts/get with an image", method: protocol.MethodPromptsGet,
			params: map[string]any{"name": "welcome_email", "arguments": map[string]any{"employee": "e05"}},
			want:   both(want{status: 200, text: `{"type":"image","data":"iVBORw0KGgo`})},
		{name: "prompts/get missing argument", method: protocol.MethodPromptsGet, params: map[string]any{"name": "weekly_digest"},
			want: both(want{code: protocol.CodeInvalidParams, status: 200, text: `missing required argument \"department\"`})},
		{name: "prompts/get non-string argument", method: protocol.MethodPromptsGet, params: map[string]any{"name": "weekly_digest", "arguments": map[string]any{"department": 3}},
			want: both(want{code: protocol.CodeInvalidParams, status: 200, text: "an object of strings"})},
		{name: "prompts/get unknown prompt", method: protocol.MethodPromptsGet, params: map[string]any{"name": "haiku"},
			want: both(want{code: protocol.CodeInvalidParams, status: 200, text: "Unknown prompt: haiku"})},
		{name: "completion/complete a prompt argument", method: protocol.MethodComplete,
			params: map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": "weekly_digest"}, "argument": map[string]any{"name": "department", "value": "S"}},
			want:   both(want{status: 200, text: `"completion":{"values":["Sales","Support"],"total":2,"hasMore":false}`})},
		{name: "completion/complete a template variable with context", method: protocol.MethodComplete,
			params: map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": "welcome_email"}, "argument": map[string]any{"name": "employee", "value": ""},
				"context": map[string]any{"arguments": map[string]any{"department": "Support"}}},
			want: both(want{status: 200, text: `"values":["e04","e07"]`})},
		{name: "completion/complete a URI template", method: protocol.MethodComplete,
			params: map[string]any{"ref": map[string]any{"type": "ref/resource", "uri": toolbox.DepartmentTemplate}, "argument": map[string]any{"name": "department", "value": "en"}},
			want:   both(want{status: 200, text: `"values":["Engineering"]`})},
		{name: "completion/complete unknown prompt", method: protocol.MethodComplete,
			params: map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": "haiku"}, "argument": map[string]any{"name": "x", "value": ""}},
			want:   both(want{code: protocol.CodeInvalidParams, status: 200, text: "Unknown prompt: haiku"})},
		{name: "completion/complete without argument", method: protocol.MethodComplete,
			params: map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": "weekly_digest"}},
			want:   both(want{code: protocol.CodeInvalidParams, status: 200, text: "needs params.ref and params.argument"})},
		{name: "logging/setLevel: gone in 2026-07-28", method: protocol.MethodSetLevel, params: map[string]any{"level": "info"},
			want: bothEras(want{status: 200, text: `"result":{}`}, want{code: gone.code, status: gone.status, text: "set io.modelcontextprotocol/logLevel in each request's _meta"})},
		{name: "logging/setLevel unknown level", method: protocol.MethodSetLevel, params: map[string]any{"level": "verbose"},
			want: outcome{legacy: &want{code: protocol.CodeInvalidParams, status: 200, text: "level must be one of debug, info"}}},
		{name: "a tool's logs need a level: none asked, none sent", method: protocol.MethodToolsCall,
			params: map[string]any{"name": "export_timesheets", "arguments": map[string]any{"department": "Sales", "steps": 2}},
			want:   both(want{status: 200, text: `"isError":false`})},
		{name: "a tool's logs at or above the level, on the request's stream", method: protocol.MethodToolsCall,
			params: map[string]any{"name": "export_timesheets", "arguments": map[string]any{"department": "Sales", "steps": 2}},
			o:      opts{meta: map[string]any{protocol.MetaLogLevel: "info"}},
			setup:  setLevel("info"),
			want:   both(want{status: 200, notes: sequence(protocol.MethodLog), text: `"isError":false`}),
			check: func(t *testing.T, v string, a answer) {
				if got := string(a.raws[0]); got != `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"export","data":"wrote timesheets-sales.csv (4 rows)"}}` {
					t.Errorf("log message %s", got)
				}
			}},
		{name: "debug logs with progress, in order", method: protocol.MethodToolsCall,
			params: map[string]any{"name": "export_timesheets", "arguments": map[string]any{"department": "Sales", "steps": 2}},
			o:      opts{meta: map[string]any{protocol.MetaLogLevel: "debug", protocol.MetaProgressToken: "p1"}},
			setup:  setLevel("debug"),
			want:   both(want{status: 200, notes: sequence(protocol.MethodProgress, protocol.MethodLog, protocol.MethodProgress, protocol.MethodLog, protocol.MethodLog)})},
		{name: "2026-07-28 logLevel that is not a level", method: protocol.MethodToolsCall,
			params: map[string]any{"name": "list_emails"}, o: opts{meta: map[string]any{protocol.MetaLogLevel: "loud"}},
			want: outcome{modern: &want{code: protocol.CodeInvalidParams, status: 400, text: `logLevel must be one of debug, info, notice`}}},
		{name: "rich tool result with structuredContent and outputSchema", method: protocol.MethodToolsCall,
			params: map[string]any{"name": "post_announcement", "arguments": map[string]any{"office": "Lisbon", "text": "Fire drill at 11"}},
			want: both(want{status: 200, text: `"content":[{"type":"text","text":"Posted on the Lisbon notice board (board-lisbon): \"Fire drill at 11\""},` +
				`{"type":"text","text":"{\"office\":\"Lisbon\",\"board\":\"board-lisbon\",\"posted\":true}"}],"structuredContent":{"office":"Lisbon","board":"board-lisbon","posted":true}`})},
		{name: "tools/list shows outputSchema and the x-mcp-header annotation", method: protocol.MethodToolsList,
			want: both(want{status: 200, text: `"office":{"description":"The office whose board gets the announcement.","enum":["Lisbon","São Paulo","上海"],"type":"string","x-mcp-header":"Office"}`}),
			check: func(t *testing.T, v string, a answer) {
				if !strings.Contains(string(a.raws[0]), `"outputSchema":{"additionalProperties":false`) {
					t.Error("no outputSchema")
				}
				cacheHints(t, v, a, 300000, "public")
			}},
	}
	for _, tt := range tests {
		for _, v := range versions {
			w := tt.want.legacy
			if protocol.IsModern(v) {
				w = tt.want.modern
			}
			if w == nil {
				continue
			}
			for _, tr := range transports {
				t.Run(tt.name+"/"+v+"/"+tr, func(t *testing.T) {
					c := dial(t, labserver.NewServer(mcp.Config{Sleep: noSleep}), v, tr, nil)
					if tt.setup != nil && !protocol.IsModern(v) {
						tt.setup(c)
					}
					a := c.call(tt.method, tt.params, tt.o)
					expect(t, v, tr, a, *w)
					validate(t, sch[v], v, tt.method, a)
					if tt.check != nil && !t.Failed() {
						tt.check(t, v, a)
					}
				})
			}
		}
	}
}

// expect checks an answer: the error code, the response text, the
// notifications and the channel and status the transport gives them.
func expect(t *testing.T, version, transport string, a answer, w want) {
	t.Helper()
	resp := a.last()
	if resp == nil || (resp.Kind() != jsonrpc.KindResult && resp.Kind() != jsonrpc.KindError) {
		t.Fatalf("no response: %+v", a)
	}
	raw := string(a.raws[len(a.raws)-1])
	switch {
	case w.code == 0 && resp.Error != nil:
		t.Errorf("error %d %s, want a result", resp.Error.Code, resp.Error.Message)
	case w.code != 0 && (resp.Error == nil || resp.Error.Code != w.code):
		t.Errorf("response %s, want error %d", short(a.raws[len(a.raws)-1]), w.code)
	}
	if !strings.Contains(raw, w.text) {
		t.Errorf("response %s\nlacks %s", raw, w.text)
	}
	if w.absent != "" && strings.Contains(raw, w.absent) {
		t.Errorf("response %s\ncontains %s", raw, w.absent)
	}
	if got := strings.Join(a.notes(), " "); got != strings.Join(w.notes, " ") {
		t.Errorf("notifications %q, want %q", got, strings.Join(w.notes, " "))
	}
	if transport == "stdio" {
		if a.channel != chStdout {
			t.Errorf("channel %s", a.channel)
		}
		return
	}
	if a.status != w.status {
		t.Errorf("HTTP status %d, want %d", a.status, w.status)
	}
	// Notifications need a stream; a lone response is one JSON object.
	wantCh := chJSON
	if len(w.notes) > 0 {
		wantCh = chSSE
	}
	if a.channel != wantCh {
		t.Errorf("channel %s, want %s", a.channel, wantCh)
	}
	// 2025-11-25 streams open with a priming event; 2026-07-28 ones never.
	if a.channel == chSSE && a.primed != !protocol.IsModern(version) {
		t.Errorf("priming event %v under %s", a.primed, version)
	}
}

// cacheHints checks ttlMs and cacheScope: required on 2026-07-28 cacheable
// results, absent from 2025-11-25 ones.
func cacheHints(t *testing.T, version string, a answer, ttl int64, scope string) {
	t.Helper()
	var r struct {
		TTLMs      *int64 `json:"ttlMs"`
		CacheScope string `json:"cacheScope"`
		ResultType string `json:"resultType"`
	}
	resultOf(t, a, &r)
	if !protocol.IsModern(version) {
		if r.TTLMs != nil || r.CacheScope != "" || r.ResultType != "" {
			t.Errorf("2025-11-25 result with 2026-07-28 fields: %+v", r)
		}
		return
	}
	if r.TTLMs == nil || *r.TTLMs != ttl || r.CacheScope != scope || r.ResultType != "complete" {
		t.Errorf("caching hints %+v, want ttlMs %d %s", r, ttl, scope)
	}
}

func setLevel(level string) func(c *client) {
	return func(c *client) {
		if a := c.call(protocol.MethodSetLevel, map[string]any{"level": level}, opts{}); a.last() == nil || a.last().Error != nil {
			c.t.Fatalf("setLevel: %+v", a)
		}
	}
}

// TestUndeclaredCapabilities: a server offering only tools refuses the
// methods of the capabilities it did not declare (-32601, HTTP 404 in
// 2026-07-28), in both eras, and its capabilities say so.
func TestUndeclaredCapabilities(t *testing.T) {
	sch := schemas(t)
	calls := []struct {
		method string
		params map[string]any
		modern bool // exists in 2026-07-28
	}{
		{protocol.MethodPromptsList, nil, true},
		{protocol.MethodPromptsGet, map[string]any{"name": "weekly_digest"}, true},
		{protocol.MethodResourcesList, nil, true},
		{protocol.MethodResourcesRead, map[string]any{"uri": toolbox.HandbookWelcome}, true},
		{protocol.MethodResourcesTemplates, nil, true},
		{protocol.MethodComplete, map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": "weekly_digest"}, "argument": map[string]any{"name": "department", "value": ""}}, true},
		{protocol.MethodSubscribe, map[string]any{"uri": toolbox.HandbookWelcome}, false},
		{protocol.MethodSetLevel, map[string]any{"level": "info"}, false},
	}
	for _, v := range versions {
		for _, tr := range transports {
			srv := labserver.NewServer(mcp.Config{Sleep: noSleep, Tools: toolbox.Default().ToolsOnly()})
			c := dial(t, srv, v, tr, nil)
			for _, call := range calls {
				t.Run(call.method+"/"+v+"/"+tr, func(t *testing.T) {
					a := c.call(call.method, call.params, opts{})
					w := want{code: protocol.CodeMethodNotFound, status: 200, text: "(the server did not declare that capability)"}
					if protocol.IsModern(v) {
						w.status = http.StatusNotFound
						if !call.modern {
							w.text = "removed in 2026-07-28"
						}
					}
					expect(t, v, tr, a, w)
					validate(t, sch[v], v, call.method, a)
				})
			}
		}
	}
	srv := labserver.NewServer(mcp.Config{Tools: toolbox.Default().ToolsOnly()})
	a := dial(t, srv, protocol.V20260728, "stdio", nil).call(protocol.MethodDiscover, nil, opts{})
	var d mcp.DiscoverResult
	resultOf(t, a, &d)
	if string(d.Capabilities) != `{"tools":{"listChanged":false}}` {
		t.Errorf("tools-only capabilities %s", d.Capabilities)
	}
	a = dial(t, labserver.NewServer(mcp.Config{ListChanged: true}), protocol.V20260728, "stdio", nil).call(protocol.MethodDiscover, nil, opts{})
	resultOf(t, a, &d)
	// The slow export supports tasks: the extension is declared.
	if want := `{"tools":{"listChanged":true},"resources":{"subscribe":true,"listChanged":true},"prompts":{"listChanged":true},"completions":{},"logging":{},"extensions":{"io.modelcontextprotocol/tasks":{}}}`; string(d.Capabilities) != want {
		t.Errorf("course capabilities %s\nwant %s", d.Capabilities, want)
	}
}

// needsSampling is a tool that cannot run unless the client declared the
// sampling capability.
func needsSampling() *primitive.Registry {
	return toolbox.Default().MustWith(primitive.Def{
		Tool: primitive.Tool{Name: "summarise_inbox", Description: "Needs the client's model.", InputSchema: toolbox.Schema(map[string]any{}),
			RequiresClient: []string{"sampling"}},
		Run: func(context.Context, map[string]any, primitive.Env) (primitive.Result, error) {
			return primitive.Result{Text: "ran"}, nil
		},
	})
}

// TestMissingClientCapability: 2026-07-28 answers -32021 with
// data.requiredCapabilities and HTTP 400 when the request's _meta does not
// declare what the tool needs; 2025-11-25 reads initialize's capabilities
// and reports a tool error.
func TestMissingClientCapability(t *testing.T) {
	sch := schemas(t)
	for _, v := range versions {
		for _, tr := range transports {
			for _, declared := range []bool{false, true} {
				name := v + "/" + tr + "/undeclared"
				if declared {
					name = v + "/" + tr + "/declared"
				}
				t.Run(name, func(t *testing.T) {
					var caps map[string]any
					o := opts{}
					if declared {
						caps = map[string]any{"sampling": map[string]any{}}
						o.meta = map[string]any{protocol.MetaClientCapabilities: caps}
					}
					c := dial(t, labserver.NewServer(mcp.Config{Sleep: noSleep, Tools: needsSampling()}), v, tr, caps)
					a := c.call(protocol.MethodToolsCall, map[string]any{"name": "summarise_inbox"}, o)
					var w want
					switch {
					case declared:
						w = want{status: 200, text: `"text":"ran"`}
					case protocol.IsModern(v):
						w = want{code: protocol.CodeMissingRequiredClientCapability, status: http.StatusBadRequest,
							text: `"data":{"requiredCapabilities":{"sampling":{}}}`}
					default:
						w = want{status: 200, text: `needs the client capability sampling, which the client did not declare in initialize."}],"isError":true`}
					}
					expect(t, v, tr, a, w)
					validate(t, sch[v], v, protocol.MethodToolsCall, a)
				})
			}
		}
	}
}

// TestCustomHeaders: a 2026-07-28 HTTP tools/call of a tool with an
// x-mcp-header parameter must mirror it in Mcp-Param-{name} (Base64 for
// non-ASCII); a missing, wrong or malformed header is 400 -32020. Over
// stdio and in 2025-11-25 no header exists.
func TestCustomHeaders(t *testing.T) {
	sch := schemas(t)
	call := func(office string) map[string]any {
		return map[string]any{"name": "post_announcement", "arguments": map[string]any{"office": office, "text": "Hi"}}
	}
	header := protocol.HeaderParamPrefix + "Office"
	mismatch := func(text string) want {
		return want{code: protocol.CodeHeaderMismatch, status: http.StatusBadRequest, text: text}
	}
	tests := []struct {
		name    string
		office  string
		headers map[string]string
		w       want
	}{
		{"plain ASCII", "Lisbon", map[string]string{header: "Lisbon"}, want{status: 200, text: "board-lisbon"}},
		{"Base64 for non-ASCII", "São Paulo", map[string]string{header: protocol.EncodeValue("São Paulo")}, want{status: 200, text: "board-sao-paulo"}},
		{"Base64 of CJK", "上海", map[string]string{"mcp-param-office": "=?base64?5LiK5rW3?="}, want{status: 200, text: "board-shanghai"}},
		{"mirrored by the client", "上海", nil, want{status: 200, text: "board-shanghai"}},
		{"missing header", "Lisbon", map[string]string{header: ""}, mismatch("required header Mcp-Param-Office is missing")},
		{"wrong value", "Lisbon", map[string]string{header: "Porto"}, mismatch("Header mismatch: Mcp-Param-Office header value 'Porto' does not match body value 'Lisbon'")},
		{"other office", "Lisbon", map[string]string{header: "=?base64?5LiK5rW3?="}, mismatch("Mcp-Param-Office header value '上海' does not match body value 'Lisbon'")},
		{"sentinel without its suffix is a literal", "Lisbon", map[string]string{header: "=?base64?TGlzYm9u?"}, mismatch("header value '=?base64?TGlzYm9u?' does not match body value 'Lisbon'")},
		{"bad Base64 padding", "Lisbon", map[string]string{header: "=?base64?TGlzYm9u=?="}, mismatch("Mcp-Param-Office header: invalid Base64")},
		{"Base64 with characters outside the alphabet", "Lisbon", map[string]string{header: "=?base64?TGl!Ym9u?="}, mismatch("Mcp-Param-Office header: invalid Base64")},
		{"raw UTF-8 in a header", "São Paulo", map[string]string{header: "São Paulo"}, mismatch("invalid character 0xc3")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := dial(t, labserver.NewServer(mcp.Config{Sleep: noSleep}), protocol.V20260728, "http", nil)
			a := c.call(protocol.MethodToolsCall, call(tt.office), opts{headers: tt.headers})
			expect(t, protocol.V20260728, "http", a, tt.w)
			validate(t, sch[protocol.V20260728], protocol.V20260728, protocol.MethodToolsCall, a)
		})
	}
	// No header rules outside 2026-07-28 HTTP.
	for _, v := range versions {
		for _, tr := range transports {
			if tr == "http" && protocol.IsModern(v) {
				continue
			}
			c := dial(t, labserver.NewServer(mcp.Config{Sleep: noSleep}), v, tr, nil)
			a := c.call(protocol.MethodToolsCall, call("上海"), opts{})
			expect(t, v, tr, a, want{status: 200, text: "board-shanghai"})
		}
	}
}

// TestResultTypeAndServerInfo: every 2026-07-28 result carries resultType
// "complete" and serverInfo in _meta; 2025-11-25 results carry neither.
func TestResultTypeAndServerInfo(t *testing.T) {
	methods := []struct {
		method string
		params map[string]any
	}{
		{protocol.MethodResourcesList, nil}, {protocol.MethodResourcesTemplates, nil},
		{protocol.MethodResourcesRead, map[string]any{"uri": toolbox.HandbookWelcome}},
		{protocol.MethodPromptsList, nil}, {protocol.MethodPromptsGet, map[string]any{"name": "weekly_digest", "arguments": map[string]any{"department": "Finance"}}},
		{protocol.MethodComplete, map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": "weekly_digest"}, "argument": map[string]any{"name": "department", "value": ""}}},
	}
	for _, v := range versions {
		c := dial(t, labserver.NewServer(mcp.Config{}), v, "stdio", nil)
		for _, m := range methods {
			var r struct {
				ResultType string          `json:"resultType"`
				Meta       json.RawMessage `json:"_meta"`
			}
			resultOf(t, c.call(m.method, m.params, opts{}), &r)
			modern := protocol.IsModern(v)
			if (r.ResultType == "complete") != modern || (string(r.Meta) == `{"io.modelcontextprotocol/serverInfo":{"name":"mcp-wire-lab","title":"MCP Wire Lab course server","version":"1.0.0"}}`) != modern {
				t.Errorf("%s %s: resultType %q, _meta %s", v, m.method, r.ResultType, r.Meta)
			}
		}
	}
}

// TestValidationCatches proves the schema checks above can fail: each
// broken message breaks a rule of its version.
func TestValidationCatches(t *testing.T) {
	sch := schemas(t)
	if len(sch) == 0 {
		t.Skip("needs MCP_SPEC_DIR")
	}
	bad := []struct{ version, method, raw string }{
		// 2026-07-28 cacheable results need ttlMs and cacheScope.
		{protocol.V20260728, protocol.MethodResourcesRead, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","contents":[{"uri":"a://b","text":"x"}]}}`},
		{protocol.V20260728, protocol.MethodPromptsList, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","prompts":[],"ttlMs":-1,"cacheScope":"public"}}`},
		// Resource contents need text or blob; prompt content a known type.
		{protocol.V20251125, protocol.MethodResourcesRead, `{"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"a://b"}]}}`},
		{protocol.V20251125, protocol.MethodPromptsGet, `{"jsonrpc":"2.0","id":1,"result":{"messages":[{"role":"user","content":{"type":"video"}}]}}`},
		{protocol.V20251125, protocol.MethodComplete, `{"jsonrpc":"2.0","id":1,"result":{"completion":{}}}`},
		// -32021 needs data.requiredCapabilities.
		{protocol.V20260728, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"x"}}`},
		{protocol.V20251125, protocol.MethodLog, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"loud","data":1}}`},
		// The server's own requests (2025-11-25): each needs its params.
		{protocol.V20251125, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"x"}}`},
		{protocol.V20251125, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":7,"method":"sampling/createMessage","params":{"maxTokens":5}}`},
		{protocol.V20251125, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"mode":"url","message":"x","url":"https://a.example"}}`},
		{protocol.V20251125, protocol.MethodElicitationComplete, `{"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{}}`},
		// ...and never appear under 2026-07-28.
		{protocol.V20260728, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":7,"method":"roots/list"}`},
		// InputRequiredResult: resultType required, input requests of the
		// three kinds only, requestState a string.
		{protocol.V20260728, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"tools/call","params":{}}}}}`},
		{protocol.V20260728, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create","params":{"message":"x"}}}}}`},
		{protocol.V20260728, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":7}}`},
		// Tasks, 2025-11-25: a task needs its ttl; tasks/list its tasks.
		{protocol.V20251125, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t","status":"working","createdAt":"2026-07-28T09:00:00.000Z","lastUpdatedAt":"2026-07-28T09:00:00.000Z"}}}`},
		{protocol.V20251125, protocol.MethodTasksList, `{"jsonrpc":"2.0","id":1,"result":{}}`},
		{protocol.V20251125, protocol.MethodTaskStatus, `{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"t","status":"done","createdAt":"x","lastUpdatedAt":"x","ttl":1}}`},
		// Tasks, the 2026-07-28 extension: no requestState on a
		// CreateTaskResult, an input_required task lists its inputRequests,
		// acknowledgements carry no task, status notifications a whole task.
		{protocol.V20260728, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"task","taskId":"t","status":"working","createdAt":"2026-07-28T09:00:00.000Z","lastUpdatedAt":"2026-07-28T09:00:00.000Z","ttlMs":1000,"requestState":"s"}}`},
		{protocol.V20260728, protocol.MethodToolsCall, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"task","taskId":"t","status":"working","createdAt":"2026-07-28T09:00:00.000Z","lastUpdatedAt":"2026-07-28T09:00:00.000Z","ttl":1000}}`},
		{protocol.V20260728, protocol.MethodTasksGet, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","taskId":"t","status":"input_required","createdAt":"2026-07-28T09:00:00.000Z","lastUpdatedAt":"2026-07-28T09:00:00.000Z","ttlMs":1000}}`},
		{protocol.V20260728, protocol.MethodTasksGet, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","taskId":"t","status":"failed","createdAt":"2026-07-28T09:00:00.000Z","lastUpdatedAt":"2026-07-28T09:00:00.000Z","ttlMs":1000,"result":{}}}`},
		{protocol.V20260728, protocol.MethodTasksGet, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"task","taskId":"t","status":"working","createdAt":"2026-07-28T09:00:00.000Z","lastUpdatedAt":"2026-07-28T09:00:00.000Z","ttlMs":1000}}`},
		{protocol.V20260728, protocol.MethodTasksCancel, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","taskId":"t"}}`},
		{protocol.V20260728, protocol.MethodTaskNotice, `{"jsonrpc":"2.0","method":"notifications/tasks","params":{"taskId":"t","status":"working"}}`},
	}
	for _, b := range bad {
		var a answer
		a.add(t, []byte(b.raw))
		if len(problems(sch[b.version], b.version, b.method, a)) == 0 {
			t.Errorf("%s %s: accepted %s", b.version, b.method, b.raw)
		}
	}
}
