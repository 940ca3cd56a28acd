package exercise

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

// ---- 14. resource-not-found

func TestResourceNotFound(t *testing.T) {
	g := fake()
	check(t, g, IDResourceNotFound, mustEx(t, IDResourceNotFound).ModelAnswer, EN)
	check(t, g, IDResourceNotFound, `{"code-2025":-32002,"code-2026":-32602,"status":200,"client":"both"}`, EN)
	check(t, g, IDResourceNotFound, `{"code-2025":"-32602","code-2026":"-32002","status":"404","client":"only-32602"}`, EN,
		`code-2025: "-32602" (-32602 Invalid params) is not right: that is the 2026-07-28 code; 2025-11-25 servers answer -32002`,
		`code-2026: "-32002" (-32002 Resource not found) is not right: basic/index: implementations of 2026-07-28 MUST NOT emit -32002 (replaced by -32602)`,
		`status: "404" (404 Not Found) is not right: 404 is for a method the server does not implement (-32601), not for a resource it does not have`,
		`client: "only-32602" (only -32602) is not right: a 2025-11-25 server still answers -32002, and the client SHOULD accept it`)
	check(t, g, IDResourceNotFound, `{"code-2025":"-32002","code-2026":"empty"}`, ZH,
		`code-2026："empty"（没有错误：一个 contents 为空数组的结果）不对：对于不存在的资源，服务器不得（MUST NOT）返回空的 contents 数组`,
		"status：没有作答", "client：没有作答")
	check(t, g, IDResourceNotFound, `{"code-2025":"x"`, EN, "line 1, column 17: unexpected end of JSON input")
	check(t, g, IDResourceNotFound, `{"code-2025":"-32003","code-2026":"-32602","status":"200","client":"both"}`, EN,
		`code-2025: unknown choice "-32003" (choices: -32002, -32602, -32601, empty)`)
}

// TestNotFoundFactsAgreeWithTheEngine: the exercise's answers are what the
// engine's real server does, in both eras: resources/read of a URI it does
// not have is -32002 in a 2025-11-25 session, -32602 with data.uri and
// HTTP 200 in 2026-07-28, never an empty contents.
func TestNotFoundFactsAgreeWithTheEngine(t *testing.T) {
	ex := mustEx(t, IDResourceNotFound)
	want := map[string]string{}
	for _, q := range ex.Questions {
		want[q.ID] = q.Correct[0]
	}
	lines, err := EngineProbe().Stdio([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"` + notFoundURI + `"}}`,
	})
	if err != nil || len(lines) != 2 {
		t.Fatalf("stdio: %v %v", err, lines)
	}
	legacy, ok := decodeReply([]byte(lines[1]))
	if !ok || legacy.isRes || fmt.Sprint(legacy.code) != want["code-2025"] {
		t.Errorf("2025-11-25 answered %s, the exercise says %s", lines[1], want["code-2025"])
	}
	status, r := ask(t, modernRead(notFoundURI, notFoundURI))
	if r == nil || r.isRes || fmt.Sprint(r.code) != want["code-2026"] || fmt.Sprint(status) != want["status"] {
		t.Errorf("2026-07-28 answered %d %+v, the exercise says %s and %s", status, r, want["code-2026"], want["status"])
	}
	if data, _ := r.data.(map[string]any); data["uri"] != notFoundURI {
		t.Errorf("2026-07-28 error data %v", r.data)
	}
}

// ---- 15. read-resource

func TestReadResource(t *testing.T) {
	g := fake()
	ex := mustEx(t, IDReadResource)
	page := modernRead(readResourceURI, readResourceURI)
	miss := modernRead(notFoundURI, notFoundURI)
	parts := func(p, m string) string { return JoinParts(ex, map[string]string{"page": p, "missing": m}) }
	// Right: the model answer, CRLF line ends, another missing URI (a
	// template that matches, a record that is not there).
	fb := check(t, g, IDReadResource, ex.ModelAnswer, EN)
	if want := "[page] server: 200 OK with a JSON-RPC result | [missing] server: 200 OK with JSON-RPC error -32602: Resource not found: " + notFoundURI; strings.Join(fb.Notes, " | ") != want {
		t.Errorf("notes %q", fb.Notes)
	}
	check(t, g, IDReadResource, strings.ReplaceAll(ex.ModelAnswer, "\n", "\r\n"), EN)
	check(t, g, IDReadResource, parts(page, modernRead("company://employees/e99", "company://employees/e99")), EN)
	// Wrong: a header missing or disagreeing, another page, a URI the
	// server has as the missing one, another method.
	check(t, g, IDReadResource, parts(strings.Replace(page, "Mcp-Name: "+readResourceURI+"\n", "", 1), miss), EN,
		"[page] missing Mcp-Name header")
	check(t, g, IDReadResource, parts(page, modernRead(notFoundURI, readResourceURI)), EN,
		`[missing] Mcp-Name header "company://handbook/office-days" does not match params.uri "company://handbook/travel"`)
	check(t, g, IDReadResource, parts(modernRead(notFoundURI, notFoundURI), modernRead(readResourceURI, readResourceURI)), EN,
		`[page] $.params.uri is "company://handbook/travel"; this part reads "company://handbook/office-days"`,
		"[missing] the server has company://handbook/office-days and returned its contents: read a URI it does not have")
	check(t, g, IDReadResource, parts(page, modernRead(toolbox.HandbookExpenses, toolbox.HandbookExpenses)), ZH,
		"[missing] 服务器有 company://handbook/expenses，并返回了它的内容：请读取一个它没有的 URI")
	list := strings.Replace(strings.Replace(page, `"method":"resources/read"`, `"method":"resources/list"`, 1), "Mcp-Method: resources/read", "Mcp-Method: resources/list", 1)
	check(t, g, IDReadResource, parts(list, miss), EN, `[page] $.method: expected "resources/read", got "resources/list"`)
	// Malformed: no uri (and so the wrong length), broken JSON, no parts.
	check(t, g, IDReadResource, parts(strings.Replace(page, `"uri":"`+readResourceURI+`",`, ``, 1), miss), EN,
		"[page] Content-Length is 213, but the body is 174 bytes (UTF-8)",
		`[page] $.params: missing required property "uri"`)
	check(t, g, IDReadResource, parts(strings.Replace(page, `"id":1,`, `"id":1`, 1), miss), EN,
		`[page] line 10, column 24: invalid character '"' after object key:value pair`)
	check(t, g, IDReadResource, page, EN,
		"line 1: text outside any part; start each request with a line `### page`, `### missing`",
		"part \"page\" is missing (start it with a line `### page`)",
		"part \"missing\" is missing (start it with a line `### missing`)")
	// A server that answered the missing read with another error, or with
	// data that does not name the URI, is caught (what the engine never
	// does, but the grader must not assume).
	c := &checker{lang: EN}
	c.probe = cannedProbe(`{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"Resource not found"}}`)
	gradeReadPart(c, "missing", miss)
	if len(c.problems) != 1 || !strings.HasPrefix(c.problems[0], "expected 200 with error -32602 (resource not found), but the server answered 200 OK with JSON-RPC error -32002") {
		t.Errorf("a -32002 answer: %q", c.problems)
	}
	// error.data is not required: server/resources §Error Handling shows
	// data.uri in its example only. A -32602 without data, or with other
	// data, is a not-found answer all the same.
	for _, answer := range []string{
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Resource not found"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Resource not found","data":{"reason":"no such page"}}}`,
	} {
		c = &checker{lang: EN}
		c.probe = cannedProbe(answer)
		gradeReadPart(c, "missing", miss)
		if len(c.problems) != 0 {
			t.Errorf("%s: %q", answer, c.problems)
		}
	}
}

// cannedProbe answers every HTTP request with 200 and body.
type cannedProbe string

func (p cannedProbe) HTTP(string) (int, http.Header, []byte, error) {
	return 200, http.Header{"Content-Type": {"application/json"}}, []byte(p), nil
}

func (p cannedProbe) Stdio([]string) ([]string, error) { return nil, nil }

// ---- 16. log-messages

func TestLogMessages(t *testing.T) {
	g := fake()
	check(t, g, IDLogMessages, `{"logs":["post-debug","export-info"]}`, EN)
	check(t, g, IDLogMessages, `export-info,post-debug`, EN)
	check(t, g, IDLogMessages, `{"logs":["export-info","listen"]}`, EN,
		`logs: "post-debug" (tools/call post_announcement with _meta logLevel "debug") is missing: post_announcement logs one info line, which is at or above debug`,
		`logs: "listen" (subscriptions/listen (toolsListChanged) with _meta logLevel "debug") should not be selected: log messages are request-scoped: the server MUST NOT deliver them on a subscriptions/listen stream`)
	check(t, g, IDLogMessages, `{"logs":["export-info","post-debug","export-after"]}`, ZH,
		`logs：不应选择 "export-after"（tools/call export_timesheets，不带 logLevel，紧跟在一个要求 "debug" 的导出请求之后）：2026-07-28 的请求之间不会延续任何东西：这个请求没有 logLevel，所以服务器不得（MUST NOT）为它发出 notifications/message`)
	check(t, g, IDLogMessages, `{"logs":[}`, EN, "line 1, column 10: invalid character '}' looking for beginning of value")
	check(t, g, IDLogMessages, `{"logs":["export-info","post-debug","tasks"]}`, EN,
		`logs: unknown choice "tasks" (choices: export-info, export-after, setlevel-first, export-error, post-debug, listen)`)
}

// logsFor runs each of the exercise's requests against a fresh 2026-07-28
// server built from cfg and lists those that got notifications/message.
func logsFor(t *testing.T, cfg mcp.Config) []string {
	t.Helper()
	var out []string
	for _, lc := range LogChoices() {
		srv := labserver.NewServer(cfg)
		send := func(c LogChoice, id int) int {
			var meta map[string]any
			if c.LogLevel != "" {
				meta = map[string]any{protocol.MetaLogLevel: c.LogLevel}
			}
			m := jsonrpc.Request(jsonrpc.IntID(int64(id)), c.Method, mcp.RequestParams(protocol.V20260728, c.Params, meta))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			logs := 0
			r := srv.Handle(ctx, mcp.NewConn(), m, func(n *jsonrpc.Message) {
				switch n.Method {
				case protocol.MethodLog:
					logs++
				case protocol.MethodAcknowledged:
					cancel() // a listen: the client leaves once it is open
				}
			})
			if r.Msg != nil && r.Msg.Error != nil && c.Method != protocol.MethodSetLevel {
				t.Fatalf("%s: %s", lc.ID, r.Msg.Encode())
			}
			return logs
		}
		if lc.Before != nil {
			send(*lc.Before, 1)
		}
		if send(lc, 2) > 0 {
			out = append(out, lc.ID)
		}
	}
	return out
}

// TestLogChoicesAgreeWithTheEngine: the requests the exercise counts as
// getting log messages are the ones the engine's server sends them for; a
// server that declares no logging sends none, which the same check sees.
func TestLogChoicesAgreeWithTheEngine(t *testing.T) {
	instant := func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	want := mustEx(t, IDLogMessages).Questions[0].Correct
	got := logsFor(t, mcp.Config{Sleep: instant})
	slices.Sort(got)
	w := slices.Clone(want)
	slices.Sort(w)
	if !slices.Equal(got, w) {
		t.Errorf("the engine sends log messages for %v, the exercise says %v", got, want)
	}
	if quiet := logsFor(t, mcp.Config{Sleep: instant, Tools: toolbox.Course().WithLogging(false)}); len(quiet) != 0 {
		t.Errorf("a server without logging sent log messages for %v", quiet)
	}
}

// ---- 17. param-header

func TestParamHeader(t *testing.T) {
	g := fake()
	ex := mustEx(t, IDParamHeader)
	lisbon, shanghai := paramCall("Lisbon"), paramCall("上海")
	if !strings.Contains(shanghai, "\nMcp-Param-Office: =?base64?5LiK5rW3?=\n") || !strings.Contains(lisbon, "\nMcp-Param-Office: Lisbon\n") {
		t.Fatalf("model requests:\n%s\n%s", lisbon, shanghai)
	}
	parts := func(l, s string) string { return JoinParts(ex, map[string]string{"lisbon": l, "shanghai": s}) }
	// Right: the model answer, CRLF, the header name in lower case.
	fb := check(t, g, IDParamHeader, ex.ModelAnswer, EN)
	if want := "[lisbon] server: 200 OK with a JSON-RPC result | [shanghai] server: 200 OK with a JSON-RPC result"; strings.Join(fb.Notes, " | ") != want {
		t.Errorf("notes %q", fb.Notes)
	}
	check(t, g, IDParamHeader, strings.ReplaceAll(ex.ModelAnswer, "\n", "\r\n"), EN)
	check(t, g, IDParamHeader, parts(strings.Replace(lisbon, "Mcp-Param-Office:", "mcp-param-office:", 1), shanghai), EN)
	// Wrong: the header left out, raw UTF-8, the gateway's English name,
	// another office in the body, another tool.
	noHeader := strings.Replace(shanghai, "Mcp-Param-Office: =?base64?5LiK5rW3?=\n", "", 1)
	check(t, g, IDParamHeader, parts(lisbon, noHeader), EN,
		"[shanghai] required header Mcp-Param-Office is missing (params.arguments.office is in the body): the server answers 400 with -32020 (HeaderMismatch)")
	check(t, g, IDParamHeader, parts(lisbon, strings.Replace(shanghai, "=?base64?5LiK5rW3?=", "上海", 1)), EN,
		"[shanghai] Mcp-Param-Office header: invalid character 0xe4 in header value: the server answers 400 with -32020 (HeaderMismatch)")
	check(t, g, IDParamHeader, parts(lisbon, strings.Replace(shanghai, "=?base64?5LiK5rW3?=", "Shanghai", 1)), ZH,
		"[shanghai] Mcp-Param-Office header value 'Shanghai' does not match body value '上海'：服务器会返回 400 和 -32020（HeaderMismatch）")
	check(t, g, IDParamHeader, parts(shanghai, lisbon), EN,
		`[lisbon] $.params.arguments.office is "上海"; this part posts to "Lisbon"`,
		`[shanghai] $.params.arguments.office is "Lisbon"; this part posts to "上海"`)
	// Another announcement than the prompt's, or none: the server accepts
	// the first (any text of 1 to 280 characters) and reports the second
	// as a tool execution error; the grader names the text either way.
	retext := func(req, text string) string {
		i := strings.Index(req, "\n\n")
		was := strings.TrimRight(req[i+2:], "\n")
		body := strings.Replace(was, `"text":"`+paramText+`"`, text, 1)
		head := strings.Replace(req[:i], fmt.Sprintf("Content-Length: %d", len(was)), fmt.Sprintf("Content-Length: %d", len(body)), 1)
		return head + "\n\n" + body
	}
	check(t, g, IDParamHeader, parts(retext(lisbon, `"text":"Coffee at four"`), shanghai), EN,
		`[lisbon] $.params.arguments.text is "Coffee at four"; both parts post the announcement "Lunch at noon"`)
	check(t, g, IDParamHeader, parts(lisbon, retext(shanghai, `"x":1`)), EN,
		`[shanghai] $.params.arguments.text is null; both parts post the announcement "Lunch at noon"`)
	other := modernCall(ModernVersion, ModernVersion, "book_room", "book_room", paramArgs("Lisbon"))
	check(t, g, IDParamHeader, parts(other, shanghai), EN,
		`[lisbon] $.params.name is "book_room"; this exercise calls post_announcement`)
	// A server that refused the right request is reported (the grader
	// does not take the local checks for the server's answer).
	c := &checker{lang: EN}
	c.probe = cannedProbe(`{"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"Header mismatch"}}`)
	gradeParamPart(c, "shanghai", shanghai)
	if len(c.problems) != 1 || !strings.HasPrefix(c.problems[0], "expected 200 with a JSON-RPC result, but the server answered 200 OK with JSON-RPC error -32020") {
		t.Errorf("a refusing server: %q", c.problems)
	}
}

// TestParamToolIsTheEngines: the exercise's tool and header are the
// registry's, and the engine refuses the model request once its header is
// gone (the fact the exercise teaches).
func TestParamToolIsTheEngines(t *testing.T) {
	tool, hp := paramTool()
	if got := toolbox.Default().HeaderParams(tool); len(got) == 0 || got[0].Header != hp.Header {
		t.Fatalf("%s: registry headers %+v, exercise %+v", tool, got, hp)
	}
	req := strings.Replace(paramCall("上海"), "Mcp-Param-"+hp.Header+": =?base64?5LiK5rW3?=\n", "", 1)
	if status, r := ask(t, req); status != http.StatusBadRequest || r == nil || r.code != protocol.CodeHeaderMismatch {
		t.Errorf("without the header the engine answered %d %+v", status, r)
	}
}
