package exercise

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// ---- 1. http-anatomy

func TestHTTPAnatomy(t *testing.T) {
	ex := mustEx(t, IDHTTPAnatomy)
	g := fake()
	// The broken request: exactly its two errors.
	check(t, g, IDHTTPAnatomy, ex.Starter, EN,
		"line 7: the body starts here, but there is no blank line between the headers and the body",
		"missing Content-Length header: the server needs the body's length in bytes (here 249)")
	check(t, g, IDHTTPAnatomy, ex.Starter, ZH,
		"第 7 行：正文从这里开始，但头部和正文之间缺少空行",
		"缺少 Content-Length 头：服务器需要知道正文的字节数（这里是 249）")
	// Right: the model answer, and the same with CRLF line endings.
	fb := check(t, g, IDHTTPAnatomy, ex.ModelAnswer, EN)
	if want := []string{"server: 200 OK with a JSON-RPC result"}; fmt.Sprint(fb.Notes) != fmt.Sprint(want) {
		t.Errorf("notes = %q", fb.Notes)
	}
	check(t, g, IDHTTPAnatomy, strings.ReplaceAll(ex.ModelAnswer, "\n", "\r\n"), EN)
	// A different correct fix: pretty-printed body with its own length.
	body := "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": \"a\",\n  \"method\": \"tools/list\",\n  \"params\": {\"_meta\": {\"io.modelcontextprotocol/protocolVersion\": \"2026-07-28\", \"io.modelcontextprotocol/clientCapabilities\": {}}}\n}"
	check(t, g, IDHTTPAnatomy, anatomyHeaders+fmt.Sprintf("Content-Length: %d\n\n", len(body))+body, EN)
	// Also right: the body framed by the chunked transfer coding instead
	// of Content-Length (RFC 9112 §7.1), in one chunk or two; the server
	// reads it with the same net/http parser.
	one := strings.SplitN(ex.ModelAnswer, "\n\n", 2)
	headers := strings.Replace(one[0], "Content-Length: 249", "Transfer-Encoding: chunked", 1)
	json := strings.TrimRight(one[1], "\n")
	check(t, g, IDHTTPAnatomy, headers+"\n\n"+fmt.Sprintf("%x\n%s\n0\n\n", len(json), json), EN)
	check(t, g, IDHTTPAnatomy, headers+"\n\n"+fmt.Sprintf("%x\n%s\n%x\n%s\n0\n\n", 100, json[:100], len(json)-100, json[100:]), EN)
	// Wrong: a chunk size in decimal; both framings at once; another coding.
	check(t, g, IDHTTPAnatomy, headers+"\n\n"+fmt.Sprintf("%d\n%s\n0\n\n", len(json), json), EN,
		"the chunked body cannot be read (unexpected EOF): each chunk is its size in hexadecimal on a line of its own, then exactly that many bytes and a line break; a chunk of size 0 and an empty line end the body (RFC 9112 §7.1)")
	check(t, g, IDHTTPAnatomy, strings.Replace(ex.ModelAnswer, "Content-Length: 249", "Content-Length: 249\nTransfer-Encoding: chunked", 1), EN,
		"Content-Length: 249 together with Transfer-Encoding: chunked: a sender MUST NOT send both (RFC 9112 §6.2); the chunks already say where the body ends, so drop Content-Length")
	check(t, g, IDHTTPAnatomy, strings.Replace(headers, "chunked", "gzip", 1)+"\n\n"+json, EN,
		"Transfer-Encoding: gzip: the server reads only the chunked coding here (RFC 9112 §7); without Transfer-Encoding, frame the body with Content-Length")
	// Wrong: Content-Length in characters, not bytes.
	check(t, g, IDHTTPAnatomy, strings.Replace(ex.ModelAnswer, "Content-Length: 249", "Content-Length: 241", 1), EN,
		"Content-Length is 241, but the body is 249 bytes: 241 is its length in characters, and Content-Length counts UTF-8 bytes")
	check(t, g, IDHTTPAnatomy, strings.Replace(ex.ModelAnswer, "Content-Length: 249", "Content-Length: 200", 1), EN,
		"Content-Length is 200, but the body is 249 bytes (UTF-8)")
	check(t, g, IDHTTPAnatomy, strings.Replace(ex.ModelAnswer, "Accept: application/json, text/event-stream", "Accept: application/json", 1), EN,
		`Accept "application/json" must list both application/json and text/event-stream (missing: text/event-stream)`)
	check(t, g, IDHTTPAnatomy, strings.Replace(ex.ModelAnswer, "Mcp-Method: tools/list", "Mcp-Method: tools/call", 1), EN,
		`Mcp-Method header "tools/call" does not match method "tools/list"`)
	check(t, g, IDHTTPAnatomy, strings.Replace(strings.Replace(ex.ModelAnswer, "Host: localhost:3000\n", "", 1), "POST /mcp", "GET /api", 1), EN,
		"line 1: method GET: MCP messages are sent with POST",
		"line 1: path /api: the MCP endpoint of the course server is /mcp",
		"missing Host header (required by HTTP/1.1)")
	check(t, g, IDHTTPAnatomy, "GET /mcp\nHost: x\n", EN,
		"line 1: the request line must be `METHOD /path HTTP/1.1`, got `GET /mcp`")
	check(t, g, IDHTTPAnatomy, strings.Replace(ex.ModelAnswer, "Content-Type: application/json\n", "Content-Type application/json\n", 1), EN,
		"line 3: not a header line (expected `Name: value`): `Content-Type application/json`",
		"missing Content-Type header: the body is JSON, so send Content-Type: application/json")
	// Malformed: broken JSON body, reported at its line in the request text.
	bad := strings.Replace(strings.Replace(ex.ModelAnswer, `"id":1,`, `"id":1`, 1), "249", "248", 1)
	check(t, g, IDHTTPAnatomy, bad, EN, `line 9, column 24: invalid character '"' after object key:value pair`)
	check(t, g, IDHTTPAnatomy, bad, ZH, `第 9 行，第 24 列：键值对后面出现了无效字符 '"'（应为逗号或右花括号）`)
}

func TestHTTPWithoutOrFailingProbe(t *testing.T) {
	ex := mustEx(t, IDHTTPAnatomy)
	check(t, Grader{}, IDHTTPAnatomy, ex.ModelAnswer, EN,
		"your answer passes the local checks, but the simulated server is not connected, so it could not be sent")
	check(t, Grader{Probe: &fakeProbe{fail: errProbeDown}}, IDHTTPAnatomy, ex.ModelAnswer, ZH,
		"无法连接模拟服务器：connection refused")
	// Local problems are reported without calling the server.
	p := &fakeProbe{}
	Grader{Probe: p}.Grade(ex, ex.Starter, EN)
	if len(p.httpCalls) != 0 {
		t.Errorf("probe called for a request with local problems")
	}
	// The probe receives CRLF header lines and exactly Content-Length bytes.
	Grader{Probe: p}.Grade(ex, ex.ModelAnswer, EN)
	if len(p.httpCalls) != 1 {
		t.Fatalf("probe calls = %d", len(p.httpCalls))
	}
	want := strings.ReplaceAll(anatomyHeaders, "\n", "\r\n") + "Content-Length: 249\r\n\r\n" + anatomyBody
	if p.httpCalls[0] != want {
		t.Errorf("sent %q\nwant %q", p.httpCalls[0], want)
	}
}

// ---- 2. retry-math

func TestRetryMath(t *testing.T) {
	g := fake()
	check(t, g, IDRetryMath, `{"attempts":6,"backoff":[0.25,0.5,1,2,4],"total_backoff":"7.75 s","worst_case":19.75,"agent_step":59.249}`, EN)
	check(t, g, IDRetryMath, `{"attempts":5,"backoff":[0.25,0.5,1,2],"total_backoff":7.75,"worst_case":17.75,"agent_step":60}`, EN,
		"attempts: 5 is too low",
		"backoff: expected 5 values, got 4",
		"worst_case: 17.75 is too low",
		"agent_step: 60 is too high")
	check(t, g, IDRetryMath, `{"attempts":6,"backoff":[0.25,0.5,1,2,8],"total_backoff":"soon","worst_case":19.75}`, ZH,
		"backoff[4]：8 偏大",
		"$.total_backoff：应为数字，实际是字符串 \"soon\"",
		"agent_step：没有作答")
	check(t, g, IDRetryMath, "{\n  \"attempts\": 6,\n  \"backoff\": [0.25, 0.5, 1, 2, 4],\n}", EN,
		"line 4, column 1: invalid character '}' looking for beginning of object key string")
	check(t, g, IDRetryMath, `6`, EN,
		"answer with a JSON object whose keys are: attempts, backoff, total_backoff, worst_case, agent_step")
	check(t, g, IDRetryMath, `{"attempts":6,"x":1}`, EN,
		`$: unknown key "x" (expected: attempts, backoff, total_backoff, worst_case, agent_step)`)
}

// ---- 3. idempotency

func TestIdempotency(t *testing.T) {
	g := fake()
	check(t, g, IDIdempotency, `{"fix":"idempotency-key","safe":["put-settings","list-emails","get-emails","get-emails"]}`, EN)
	check(t, g, IDIdempotency, `{"safe":["get-emails","send-email"],"fix":"fresh-id"}`, EN,
		`safe: "list-emails" (tools/call list_emails (a read-only tool)) is missing: list_emails only reads the mailbox; the POST carrying tools/call is just the envelope, so a second call has no additional effect`,
		`safe: "send-email" (POST /send_email) should not be selected: each POST sends another e-mail: if only the response was lost, a retry sends a duplicate`,
		`safe: "put-settings" (PUT /settings with the full settings {"theme":"dark"}) is missing: PUT replaces the settings with the same full value; doing it twice leaves the same state (idempotent)`,
		`fix: "fresh-id" (Give every retry a fresh request ID) is not right: a new JSON-RPC id on every retry is right, and MCP requires it (a retry is a new request: the request ID MUST NOT match one still awaiting a response); but it does not stop the duplicate, which comes from the server running the send twice. What must stay the same across retries is a key that names the e-mail`)
	check(t, g, IDIdempotency, `{"safe":["get-emails","bogus"],"fix":["idempotency-key","retry-sooner"]}`, EN,
		`safe: unknown choice "bogus" (choices: get-emails, list-emails, send-email, put-settings)`,
		"fix: pick exactly one choice, got 2")
	check(t, g, IDIdempotency, `{"safe":["get-emails"`, EN, "line 1, column 22: unexpected end of JSON input")
	check(t, g, IDIdempotency, `[]`, EN, "answer with a JSON object whose keys are: safe, fix")
	check(t, g, IDIdempotency, `"safe"`, EN, "answer with a JSON object whose keys are: safe, fix")
}

// ---- 4. send-email-schema

func TestEmailSchema(t *testing.T) {
	g := fake()
	// Another correct schema: $defs, explicit $schema, no format.
	check(t, g, IDEmailSchema, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
		"$defs":{"addrs":{"type":"array","items":{"type":"string","minLength":3}}},
		"properties":{"to":{"$ref":"#/$defs/addrs","minItems":1},"subject":{"type":"string"},"body":{"type":"string"},"cc":{"$ref":"#/$defs/addrs"}},
		"required":["body","subject","to"],"additionalProperties":false}`, EN)
	// Wrong: to as a string (the valid cases fail on it).
	check(t, g, IDEmailSchema, `{"type":"object","properties":{"to":{"type":"string"},"subject":{"type":"string"},"body":{"type":"string"},"cc":{}},"required":["to","body"]}`, EN,
		`hidden valid case "minimal" (to, subject and body only) was rejected, but it must pass: $.to: expected string, got array`,
		`hidden valid case "with-cc" (two recipients and a cc) was rejected, but it must pass: $.to: expected string, got array`,
		`hidden valid case "unicode" (non-ASCII subject and body) was rejected, but it must pass: $.to: expected string, got array`,
		`hidden invalid case "to-as-string" (to is one string, not a list) was accepted, but it must fail: $.to: expected array, got string`)
	// Wrong: to unconstrained, subject optional, extra properties allowed, cc unconstrained.
	check(t, g, IDEmailSchema, `{"type":"object","properties":{"to":{},"subject":{"type":"string"},"body":{"type":"string"},"cc":{}},"required":["to","body"]}`, EN,
		`hidden invalid case "to-as-string" (to is one string, not a list) was accepted, but it must fail: $.to: expected array, got string`,
		`hidden invalid case "to-empty" (to is an empty list) was accepted, but it must fail: $.to: expected at least 1 item(s), got 0`,
		`hidden invalid case "to-number-item" (to holds a number) was accepted, but it must fail: $.to[0]: expected string, got number`,
		`hidden invalid case "missing-subject" (no subject) was accepted, but it must fail: $: missing required property "subject"`,
		`hidden invalid case "unknown-property" (an extra bcc property) was accepted, but it must fail: $: unknown property "bcc" is not allowed`,
		`hidden invalid case "cc-as-string" (cc is one string, not a list) was accepted, but it must fail: $.cc: expected array, got string`,
		`hidden invalid case "cc-number-item" (cc holds a number) was accepted, but it must fail: $.cc[1]: expected string, got number`)
	// Almost right: forgot minItems.
	model := mustEx(t, IDEmailSchema).ModelAnswer
	check(t, g, IDEmailSchema, strings.Replace(model, `, "minItems": 1`, "", 1), ZH,
		`隐藏的非法用例 "to-empty"（to 是空列表）被接受了，但它应该被拒绝：$.to：至少需要 1 项，实际有 0 项`)
	// Not an object schema.
	check(t, g, IDEmailSchema, `{"type":"array"}`, EN,
		`$.type: an MCP inputSchema must have "type": "object", got "array"`,
		`hidden valid case "minimal" (to, subject and body only) was rejected, but it must pass: $: expected array, got object`,
		`hidden valid case "with-cc" (two recipients and a cc) was rejected, but it must pass: $: expected array, got object`,
		`hidden valid case "unicode" (non-ASCII subject and body) was rejected, but it must pass: $: expected array, got object`,
		`hidden invalid case "not-an-object" (the arguments are an array) was accepted, but it must fail: $: expected object, got array`)
	// Not a valid JSON Schema, or unresolvable $ref.
	check(t, g, IDEmailSchema, `{"type":"object","properties":{"to":{"type":"strin"}}}`, EN,
		"not a valid JSON Schema: $.properties.to.type: value must be one of 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'")
	check(t, g, IDEmailSchema, `{"type":"object","$ref":"https://example.com/x.json"}`, EN,
		`the schema cannot be compiled: failing loading "https://example.com/x.json": no URLLoader registered for "https://example.com/x.json"`)
	// Malformed JSON.
	check(t, g, IDEmailSchema, "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"to\": {\"type\": \"array\"},\n  }\n}", EN,
		"line 5, column 3: invalid character '}' looking for beginning of object key string")
	check(t, g, IDEmailSchema, `{"type":"object"} {}`, EN,
		"line 1, column 19: invalid character '{' after top-level value")
}

// ---- 5. error-channels

func TestErrorChannels(t *testing.T) {
	g := fake()
	check(t, g, IDErrorChannels, `{"bad-id":"tool-error","missing-doc":"tool-error","unknown-tool":"protocol-error: -32602"}`, EN)
	// Where the spec disagrees with itself (a bad argument as -32602, per
	// the 2026-07-28 schema) or real servers differ from it (an unknown
	// tool as isError), the answer is accepted with a note on the split.
	fb := check(t, g, IDErrorChannels, `{"bad-id":"protocol-error -32602","missing-doc":"tool-error","unknown-tool":"tool-error"}`, EN)
	if len(fb.Notes) != 2 || !strings.HasPrefix(fb.Notes[0], "bad-id: protocol-error -32602 is accepted, though the lab's server answers tool-error: the spec disagrees with itself here.") ||
		!strings.Contains(fb.Notes[0], "invalid-tool-arguments.json") ||
		!strings.HasPrefix(fb.Notes[1], "unknown-tool: tool-error is accepted, though the lab's server answers protocol-error -32602: the spec says -32602") {
		t.Errorf("notes = %q", fb.Notes)
	}
	check(t, g, IDErrorChannels, `{"bad-id":"protocol-error -32600","missing-doc":"http-status 404","unknown-tool":"protocol-error"}`, EN,
		"bad-id: protocol-error is the wrong channel: server/tools §Error Handling (both versions) makes input validation errors tool execution errors: a result with isError: true that tells the model how to fix the id",
		`missing-doc: http-status is the wrong channel: a missing document is a business-logic error: a result with isError: true, e.g. "document doc-999 not found"`,
		`unknown-tool: protocol-error is the right channel; also give the JSON-RPC error code, e.g. "protocol-error -32600"`)
	check(t, g, IDErrorChannels, `{"bad-id":"tool-error","missing-doc":"tool-error","unknown-tool":"protocol-error -32601"}`, ZH,
		"unknown-tool：通道对了，但 -32601 这个码不对：未知工具属于协议错误：JSON-RPC 错误 -32602（server/tools「Error Handling」）")
	check(t, g, IDErrorChannels, `{"bad-id":"smoke-signal","missing-doc":"tool-error 5"}`, EN,
		`bad-id: unknown channel "smoke-signal" (use "protocol-error <code>", "tool-error" or "http-status <status>")`,
		`missing-doc: unknown channel "tool-error 5" (use "protocol-error <code>", "tool-error" or "http-status <status>")`,
		"unknown-tool: no answer")
	check(t, g, IDErrorChannels, `{"bad-id":"tool-error",}`, EN,
		"line 1, column 24: invalid character '}' looking for beginning of object key string")
	// The explanation names the split instead of presenting one channel as settled.
	for _, want := range []string{"InvalidParamsError", "invalid-tool-arguments.json", "isError: true"} {
		if !strings.Contains(mustEx(t, IDErrorChannels).Explanation.En, want) {
			t.Errorf("explanation does not mention %s", want)
		}
	}
}

// ---- 6. stdout-pollution

func TestStdoutPollution(t *testing.T) {
	g := fake()
	// stderr alone is the whole answer: MCP log notifications need the
	// logging capability (2025-11-25) or a per-request logLevel and are
	// deprecated (2026-07-28); the prompt's server declares only tools.
	check(t, g, IDStdoutPollution, `{"client":"parse-error","rule":"stdout-mcp-only","fix":["stderr"]}`, EN)
	check(t, g, IDStdoutPollution, `{"client":"parse-error","rule":"stdout-mcp-only","fix":["log-notification","stderr"]}`, EN,
		`fix: "log-notification" (To the client as an MCP log message (notifications/message)) should not be selected: not for this server, in either version: in 2025-11-25 only a server that declares the logging capability may send notifications/message, and this one declares only tools; in 2026-07-28 logging is deprecated (servers SHOULD migrate to logging to stderr) and a server MUST NOT emit notifications/message for a request whose _meta does not set io.modelcontextprotocol/logLevel`)
	check(t, g, IDStdoutPollution, `{"client":"ignored","rule":"utf8","fix":["stderr","flush"]}`, EN,
		`client: "ignored" (Nothing: clients skip lines that are not JSON) is not right: no rule tells the client to skip garbage; the rule is that the server must not write it`,
		`rule: "utf8" (Messages MUST be UTF-8 encoded) is not right: the debug line is valid UTF-8; the trouble is that it is not an MCP message`,
		`fix: "flush" (Keep printing, but flush stdout after each print) should not be selected: flushing only delivers the garbage sooner; it is still not an MCP message`)
	check(t, g, IDStdoutPollution, `{"client":"parse-error","rule":"stdout-mcp-only","fix":[]}`, EN, "fix: no answer")
	check(t, g, IDStdoutPollution, `{"client": parse-error}`, EN,
		"line 1, column 12: invalid character 'p' looking for beginning of value")
}

// ---- 7. origin-defences

func TestOriginDefences(t *testing.T) {
	g := fake()
	check(t, g, IDOriginDefences, `{"status":403,"auth":"local-process","bind":"network","origin":"dns-rebinding"}`, EN)
	check(t, g, IDOriginDefences, `{"origin":"network","bind":"dns-rebinding","auth":"local-process","status":"401"}`, EN,
		`origin: "network" (Another machine on the same network (café Wi-Fi) connects to the server's port) is not right: another machine connects directly, not through a browser, so it need not send an Origin; binding to 127.0.0.1 instead of 0.0.0.0 makes the port unreachable from the network`,
		`bind: "dns-rebinding" (A web page you visit uses DNS rebinding to make your browser send requests to your local server) is not right: the rebound page runs in your browser, which can reach 127.0.0.1 and attaches the page's Origin: validating Origin (403) stops it`,
		`status: "401" (401 Unauthorized) is not right: 401 asks for credentials; the spec names 403 Forbidden for a bad Origin`)
	check(t, g, IDOriginDefences, `{"origin":"dns-rebinding","bind":"network","auth":"local-process","status":"403","extra":1}`, EN,
		`$: unknown key "extra" (expected: origin, bind, auth, status)`)
	check(t, g, IDOriginDefences, `{"origin":"dns-rebinding" "bind":"network"}`, EN,
		"line 1, column 27: invalid character '\"' after object key:value pair")
}

// ---- 8. init-handshake

const goodInit = `{"jsonrpc":"2.0","id":"init-1","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{"listChanged":true}},"clientInfo":{"name":"x","version":"1"}}}`
const goodInitialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`

func TestInitHandshake(t *testing.T) {
	p := &fakeProbe{}
	g := Grader{Probe: p}
	fb := check(t, g, IDInitHandshake, "\n"+goodInit+"\r\n\n"+goodInitialized+"\n\n", EN)
	if fmt.Sprint(fb.Notes) != "[server mcp-wire-lab answered initialize with protocolVersion 2025-11-25]" {
		t.Errorf("notes = %q", fb.Notes)
	}
	if got := p.stdioCalls[0]; len(got) != 3 || got[0] != goodInit || got[1] != goodInitialized || got[2] != checkLine {
		t.Errorf("sent %q", got)
	}
	check(t, g, IDInitHandshake, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x"}}}`+"\n"+`{"jsonrpc":"2.0","id":2,"method":"notifications/initialized"}`, EN,
		`line 1: $.params.protocolVersion: expected "2025-11-25", got "2025-06-18"`,
		`line 1: $.params.clientInfo: missing required property "version"`,
		`line 2: $: a notification must not have an "id" (the server does not answer it)`)
	check(t, g, IDInitHandshake, `{"method":"initialize","params":{"protocolVersion":"2025-11-25","clientInfo":{"name":"x","version":"1"}}}`+"\n"+goodInitialized, ZH,
		`第 1 行：$：缺少必需属性 "jsonrpc"`,
		`第 1 行：$：缺少 "id"：请求需要一个 id（字符串或整数），才能与响应对应起来`)
	check(t, g, IDInitHandshake, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`+"\n"+`{"jsonrpc":"2.0","method":"notifications/initialize"}`, EN,
		`line 2: $.method: expected "notifications/initialized", got "notifications/initialize"`)
	check(t, g, IDInitHandshake, goodInitialized+"\n"+goodInit, EN,
		"the initialize request must come first; notifications/initialized follows the server's answer")
	check(t, g, IDInitHandshake, goodInit, EN,
		"expected 2 messages, one per line (the initialize request, then the initialized notification), got 1")
	// Malformed: a syntax error on line 2, and a pretty-printed message.
	check(t, g, IDInitHandshake, goodInit+"\n"+`{"jsonrpc":"2.0","method":"notifications/initialized",}`, EN,
		"line 2, column 55: invalid character '}' looking for beginning of object key string")
	check(t, g, IDInitHandshake, "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"method\": \"initialize\"\n}\n"+goodInitialized, EN,
		"message 1 spans lines 1–5: on stdio every message must be on a single line (no embedded newlines)")
	// What the server says is checked too.
	check(t, Grader{Probe: stdioScript{`{"jsonrpc":"2.0","id":"init-1","error":{"code":-32602,"message":"Unsupported protocol version"}}`}}, IDInitHandshake, goodInit+"\n"+goodInitialized, EN,
		"the server rejected initialize with error -32602: Unsupported protocol version",
		"after your two lines the server did not answer tools/list: the session did not reach normal operation")
	check(t, Grader{Probe: stdioScript{"debug: got initialize"}}, IDInitHandshake, goodInit+"\n"+goodInitialized, EN,
		"the server wrote a line that is not JSON-RPC: debug: got initialize",
		"the server did not answer your initialize request")
	check(t, Grader{}, IDInitHandshake, goodInit+"\n"+goodInitialized, EN,
		"your answer passes the local checks, but the simulated server is not connected, so it could not be sent")
}

// stdioScript is a Probe whose server writes fixed lines.
type stdioScript []string

func (s stdioScript) HTTP(string) (int, http.Header, []byte, error) {
	return 0, nil, nil, errors.New("no http")
}
func (s stdioScript) Stdio([]string) ([]string, error) { return s, nil }

// ---- 9. modern-headers

func TestModernHeaders(t *testing.T) {
	ex := mustEx(t, IDModernHeaders)
	g := fake()
	args := `{"employee":"Li Wei"}`
	right := JoinParts(ex, map[string]string{
		"accepted":    modernCall(ModernVersion, ModernVersion, "office_days", "office_days", args),
		"mismatch":    modernCall(ModernVersion, "2025-11-25", "office_days", "office_days", args),
		"unsupported": modernCall("1999-12-31", "1999-12-31", "office_days", "office_days", args),
	})
	fb := check(t, g, IDModernHeaders, right, EN)
	if len(fb.Notes) != 4 || fb.Notes[1] != "[mismatch] server: 400 Bad Request with JSON-RPC error -32020: Header mismatch: MCP-Protocol-Version header value '2026-07-28' does not match body value '2025-11-25'" {
		t.Errorf("notes = %q", fb.Notes)
	}
	// A missing header is a mismatch too; parts may come in any order.
	noName := strings.Replace(modernCall(ModernVersion, ModernVersion, "list_employees", "list_employees", `{}`), "Mcp-Name: list_employees\n", "", 1)
	check(t, g, IDModernHeaders, "### unsupported\n"+modernCall("2099-01-01", "2099-01-01", "list_emails", "list_emails", `{}`)+
		"### mismatch\n"+noName+"### accepted\n"+modernCall(ModernVersion, ModernVersion, "export_timesheets", "export_timesheets", `{"department":"Sales","steps":1}`), EN)

	wrong := JoinParts(ex, map[string]string{
		"accepted":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_emails", `{"urgent":true,"limit":50}`),
		"mismatch":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_emails", `{}`),
		"unsupported": modernCall("2099-01-01", ModernVersion, "list_emails", "list_emails", `{}`),
	})
	check(t, g, IDModernHeaders, wrong, EN,
		"[accepted] the request reached the tool, but the tool reported an error (isError: true): Invalid arguments for list_emails: $.limit: must be <= 20, got 50.",
		"[mismatch] every header matches the body, so the server has no reason to answer -32020: make MCP-Protocol-Version, Mcp-Method or Mcp-Name disagree with the body (or leave one out)",
		`[unsupported] MCP-Protocol-Version "2099-01-01" differs from _meta's protocolVersion "2026-07-28": that is a header mismatch (-32020); both must name the same unsupported version`)
	wrong2 := JoinParts(ex, map[string]string{
		"accepted":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_email", `{}`),
		"mismatch":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_employees", `{}`),
		"unsupported": modernCall("2025-11-25", "2025-11-25", "list_emails", "list_emails", `{}`),
	})
	check(t, g, IDModernHeaders, wrong2, EN,
		`[accepted] Mcp-Name header "list_emails" does not match params.name "list_email"`,
		`[accepted] $.params.name: "list_email" is not a tool of the course server (tools: list_employees, list_emails, office_days, export_timesheets, post_announcement, book_room, summarize_inbox, export_roster)`)
	wrong3 := JoinParts(ex, map[string]string{
		"accepted":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_emails", `{}`),
		"mismatch":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_employees", `{}`),
		"unsupported": modernCall(ModernVersion, ModernVersion, "list_emails", "list_emails", `{}`),
	})
	check(t, g, IDModernHeaders, wrong3, EN,
		`[unsupported] protocol version "2026-07-28" is one the server accepts in _meta (2026-07-28); request one it does not: a version it does not know, or one it serves only after an initialize handshake (2025-11-25)`)
	// The server's answer decides: a server that accepts everything fails the two error parts.
	check(t, Grader{Probe: httpScript{200, `{"jsonrpc":"2.0","id":1,"result":{"content":[]}}`}}, IDModernHeaders, right, EN,
		"[mismatch] expected 400 with error -32020 (HeaderMismatch), but the server answered 200 OK with a JSON-RPC result",
		"[unsupported] expected 400 with error -32022 (UnsupportedProtocolVersion), but the server answered 200 OK with a JSON-RPC result")
	check(t, Grader{Probe: httpScript{400, `{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported","data":{"supported":[],"requested":"x"}}}`}}, IDModernHeaders, right, EN,
		"[accepted] expected 200 with a JSON-RPC result, but the server answered 400 Bad Request with JSON-RPC error -32022: Unsupported",
		"[mismatch] expected 400 with error -32020 (HeaderMismatch), but the server answered 400 Bad Request with JSON-RPC error -32022: Unsupported",
		`[unsupported] error.data.requested is "x", expected "1999-12-31" (the version you requested)`,
		"[unsupported] error.data.supported is [], expected a non-empty list of versions")
	// Malformed: parts and JSON.
	check(t, g, IDModernHeaders, strings.Replace(ex.ModelAnswer, "### unsupported", "### unsuported", 1), EN,
		`line 25: unknown part "unsuported" (parts: accepted, mismatch, unsupported)`,
		"line 26: text outside any part; start each request with a line `### accepted`, `### mismatch`, `### unsupported`",
		"part \"unsupported\" is missing (start it with a line `### unsupported`)")
	brokenJSON := JoinParts(ex, map[string]string{
		"accepted":    strings.Replace(modernCall(ModernVersion, ModernVersion, "list_emails", "list_emails", `{}`), `"id":1,`, `"id":1,,`, 1),
		"mismatch":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_employees", `{}`),
		"unsupported": modernCall("2099-01-01", "2099-01-01", "list_emails", "list_emails", `{}`),
	})
	check(t, g, IDModernHeaders, brokenJSON, ZH,
		"[accepted] Content-Length 是 206，但正文有 207 个字节（UTF-8）",
		"[accepted] 第 10 行，第 25 列：无效字符 ','：这里应是对象的键（一个字符串）")
}

// httpScript is a Probe whose server always answers the same.
type httpScript struct {
	status int
	body   string
}

func (h httpScript) HTTP(string) (int, http.Header, []byte, error) {
	return h.status, http.Header{"Content-Type": {"application/json"}}, []byte(h.body), nil
}
func (h httpScript) Stdio([]string) ([]string, error) { return nil, errors.New("no stdio") }

// ---- 10. mcp-name-base64

func TestMcpNameBase64(t *testing.T) {
	g := fake()
	check(t, g, IDMcpNameBase64, "=?base64?5p+l6K+iX+WRmOW3pQ==?=", EN)
	check(t, g, IDMcpNameBase64, "  mcp-name:   =?base64?5p+l6K+iX+WRmOW3pQ==?=\n", EN)
	for answer, want := range map[string]string{
		"Mcp-Name: 查询_员工":                                        "the name is sent as is, but it is not ASCII: header values must be visible ASCII, so use the =?base64?…?= form",
		"Mcp-Name: =?BASE64?5p+l6K+iX+WRmOW3pQ==?=":              `the prefix "=?BASE64?" must be exactly "=?base64?" (the markers are case-sensitive, lowercase)`,
		"5p+l6K+iX+WRmOW3pQ==":                                   `the value must start with "=?base64?"`,
		"=?base64?5p+l6K+iX+WRmOW3pQ==":                          `the value must end with "?="`,
		"=?base64?5p+l6K+iX+WRmOW3pQ?=":                          "the Base64 lacks its = padding; standard Base64 keeps it",
		"=?base64?5p-l6K-iX-WRmOW3pQ==?=":                        "the Base64 uses the URL-safe alphabet (- or _); use the standard alphabet (+ and /)",
		"=?base64?5p+l6K+i5ZGY5bel?=":                            `the value decodes to "查询员工", but the tool name is "查询_员工"`,
		"=?base64?/3/+?=":                                        "the Base64 decodes to bytes that are not UTF-8: encode the UTF-8 bytes of the name",
		"Mcp-Method: =?base64?5p+l6K+iX+WRmOW3pQ==?=":            "header Mcp-Method: the tool name goes in the Mcp-Name header",
		"=?base64?!!!?=":                                         "not valid Base64: illegal base64 data at input byte 0",
		"Mcp-Name: a\nMcp-Name: =?base64?5p+l6K+iX+WRmOW3pQ==?=": "write one header line, got 2 lines",
	} {
		check(t, g, IDMcpNameBase64, answer, EN, want)
	}
	check(t, g, IDMcpNameBase64, "=?base64?5p+l6K+i5ZGY5bel?=", ZH, `该值解码后是 "查询员工"，但工具名是 "查询_员工"`)
}

// ---- 11. capability-errors

func TestCapabilityErrors(t *testing.T) {
	g := fake()
	check(t, g, IDCapabilities, `{"code":-32601,"status":404,"avoid":"check-caps"}`, EN)
	check(t, g, IDCapabilities, `{"code":"-32602","status":"200","avoid":"retry"}`, EN,
		`code: "-32602" (-32602 Invalid params) is not right: the params are not the problem: the method itself is not available`,
		`status: "200" (200 OK) is not right: on 2026-07-28 an unimplemented method MUST get 404 with -32601`,
		`avoid: "retry" (Retry with backoff) is not right: the method will not appear by waiting; retrying only wastes time`)
	check(t, g, IDCapabilities, `{"code":-32021,"status":"404"}`, ZH,
		`code："-32021"（-32021 Missing required client capability（缺少必需的客户端能力））不对：-32021 用于请求需要客户端未声明的客户端能力的情况；这里缺的是服务器能力`,
		"avoid：没有作答")
	check(t, g, IDCapabilities, `{"code":-32601,,}`, EN,
		"line 1, column 16: invalid character ',' looking for beginning of object key string")
}

// ---- 12. stream-drop

func TestStreamDrop(t *testing.T) {
	g := fake()
	check(t, g, IDStreamDrop, `{"first":"prime","resume":"get-last-event-id","server":"cancelled","client":"reissue"}`, EN)
	check(t, g, IDStreamDrop, `{"first":"progress","resume":"post-new-id","server":"keeps-running","client":"get-resume"}`, EN,
		`first: "progress" (The first notifications/progress) is not right: it comes second: the server first primes the stream with an ID-only event`,
		`resume: "post-new-id" (POST tools/call again with a new id) is not right: that runs the tool a second time; the first call is still running, and a resumable server keeps its events for you`,
		`server: "keeps-running" (It keeps running, and the server keeps its events for a reconnect) is not right: that is 2025-11-25; 2026-07-28 removed event IDs and Last-Event-ID, so a broken stream loses the request`,
		`client: "get-resume" (GET the endpoint with Last-Event-ID) is not right: 2026-07-28 streams cannot be resumed; a GET on the endpoint gets 405`)
	check(t, g, IDStreamDrop, `{"first":"prime","resume":"cancel","server":"cancelled"}`, ZH,
		`resume："cancel"（发送 notifications/cancelled：反正请求已经丢了）不对：在 2025-11-25 中断开连接不是取消：请求仍在运行，结果可以取回`,
		"client：没有作答")
}

// ---- 13. nxm-adapters

func TestNxM(t *testing.T) {
	g := fake()
	check(t, g, IDNxM, `{"without":60,"with":17,"saved":43}`, EN)
	check(t, g, IDNxM, `{"without":17,"with":60,"saved":43}`, EN, "without: 17 is too low", "with: 60 is too high")
	check(t, g, IDNxM, `{"without":60,"with":17,"saved":true}`, EN, "$.saved: expected number, got boolean true")
	check(t, g, IDNxM, `{"without":60,"with":17,"saved":}`, EN,
		"line 1, column 33: invalid character '}' looking for beginning of value")
	if got := mustEx(t, IDNxM).Explanation.En; !strings.Contains(got, "5×12 = 60") || !strings.Contains(got, "5+12 = 17") {
		t.Errorf("explanation = %q", got)
	}
}
