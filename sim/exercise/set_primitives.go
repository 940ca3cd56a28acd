package exercise

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/transport/streamhttp"
)

// The exercises on the server's other primitives (the resources, prompts
// and logging scenarios), after the course's first thirteen.
const (
	IDResourceNotFound = "resource-not-found"
	IDReadResource     = "read-resource"
	IDLogMessages      = "log-messages"
)

// ---- 14 ---------------------------------------------------------------------

// notFoundURI is a resource the course server does not have.
const notFoundURI = "company://handbook/travel"

func resourceNotFound() Exercise {
	// The choices are JSON-RPC codes and an HTTP status; the right ones are
	// what the engine answers (mcp.ResourceNotFoundCode, and 200 since the
	// request itself is fine: TestNotFoundFactsAgreeWithTheEngine).
	code := func(c int) string { return strconv.Itoa(c) }
	notFound, invalid, noMethod := code(jsonrpc.CodeResourceNotFound), code(jsonrpc.CodeInvalidParams), code(jsonrpc.CodeMethodNotFound)
	return Exercise{
		ID:   IDResourceNotFound,
		Kind: KindChoice,
		Title: tx(
			"A resource that is not there",
			"不存在的资源",
		),
		Prompt: tx(
			"A client sends resources/read for "+notFoundURI+", which the course server does not have. code-2025: which JSON-RPC error does a 2025-11-25 server answer? code-2026: and a 2026-07-28 server? status: over 2026-07-28 Streamable HTTP, with which HTTP status? client: a 2026-07-28 client that also talks to older servers: which answers must it read as \"not found\"?",
			"客户端对 "+notFoundURI+" 发送 resources/read，而课程服务器没有这个资源。code-2025：2025-11-25 的服务器返回哪个 JSON-RPC 错误？code-2026：2026-07-28 的服务器呢？status：在 2026-07-28 的 Streamable HTTP 上，HTTP 状态码是多少？client：一个也要和旧服务器打交道的 2026-07-28 客户端，应当把哪些回答当作“资源不存在”？",
		),
		Hints: []Text{
			tx("The 2026-07-28 changelog, minor change 6, moved one error code.", "2026-07-28 的变更日志（次要变更第 6 条）改了一个错误码。"),
			tx("The request itself is fine: it names a method the server has, with valid params. Only the thing it asks for is missing.", "请求本身没有问题：它调用的是服务器具备的方法，参数也合法。缺的只是它要的那个东西。"),
		},
		Questions: []Question{
			{
				ID:     "code-2025",
				Prompt: tx("2025-11-25: the error code", "2025-11-25：错误码"),
				Choices: []Choice{
					{ID: notFound, Label: tx("-32002 Resource not found", "-32002 Resource not found（资源不存在）"),
						Why: tx("2025-11-25 server/resources §Error Handling: \"Resource not found: -32002\"", "2025-11-25 server/resources「Error Handling」：“Resource not found: -32002”")},
					{ID: invalid, Label: tx("-32602 Invalid params", "-32602 Invalid params（参数无效）"),
						Why: tx("that is the 2026-07-28 code; 2025-11-25 servers answer -32002", "那是 2026-07-28 的错误码；2025-11-25 的服务器返回 -32002")},
					{ID: noMethod, Label: tx("-32601 Method not found", "-32601 Method not found（方法不存在）"),
						Why: tx("resources/read exists on a server that declares resources; the resource is what is missing", "声明了 resources 的服务器具备 resources/read；缺的是资源")},
					{ID: "empty", Label: tx("No error: a result with an empty contents array", "没有错误：一个 contents 为空数组的结果"),
						Why: tx("an empty contents would look like an empty resource: a missing one is an error", "空的 contents 看起来像一个空资源：不存在的资源应当报错")},
				},
				Correct: []string{code(mcp.ResourceNotFoundCode(mcp.V20251125))},
			},
			{
				ID:     "code-2026",
				Prompt: tx("2026-07-28: the error code", "2026-07-28：错误码"),
				Choices: []Choice{
					{ID: invalid, Label: tx("-32602 Invalid params, with the URI in error.data", "-32602 Invalid params（参数无效），URI 放在 error.data 里"),
						Why: tx("2026-07-28 server/resources §Error Handling: servers MUST return -32602 for a resource that does not exist", "2026-07-28 server/resources「Error Handling」：资源不存在时服务器必须（MUST）返回 -32602")},
					{ID: notFound, Label: tx("-32002 Resource not found", "-32002 Resource not found（资源不存在）"),
						Why: tx("basic/index: implementations of 2026-07-28 MUST NOT emit -32002 (replaced by -32602)", "basic/index：2026-07-28 的实现不得（MUST NOT）发出 -32002（已被 -32602 取代）")},
					{ID: noMethod, Label: tx("-32601 Method not found", "-32601 Method not found（方法不存在）"),
						Why: tx("the method exists; the resource does not", "方法存在；资源不存在")},
					{ID: "empty", Label: tx("No error: a result with an empty contents array", "没有错误：一个 contents 为空数组的结果"),
						Why: tx("servers MUST NOT return an empty contents array for a non-existent resource", "对于不存在的资源，服务器不得（MUST NOT）返回空的 contents 数组")},
				},
				Correct: []string{code(mcp.ResourceNotFoundCode(ModernVersion))},
			},
			{
				ID:     "status",
				Prompt: tx("2026-07-28 Streamable HTTP: the HTTP status", "2026-07-28 Streamable HTTP：HTTP 状态码"),
				Choices: []Choice{
					{ID: code(http.StatusOK), Label: tx("200 OK, the JSON-RPC error in the body", "200 OK，JSON-RPC 错误在响应体里"),
						Why: tx("the HTTP request was fine and the server answered it: the error is a JSON-RPC one, in the body", "HTTP 请求没有问题，服务器也回答了它：错误属于 JSON-RPC 层面，在响应体里")},
					{ID: code(http.StatusNotFound), Label: tx("404 Not Found", "404 Not Found"),
						Why: tx("404 is for a method the server does not implement (-32601), not for a resource it does not have", "404 用于服务器未实现的方法（-32601），而不是它没有的资源")},
					{ID: code(http.StatusBadRequest), Label: tx("400 Bad Request", "400 Bad Request"),
						Why: tx("400 goes with header mismatches, unsupported versions and missing client capabilities; this request is well-formed", "400 对应头部不一致、不支持的版本和缺少客户端能力；这个请求格式正确")},
					{ID: code(http.StatusGone), Label: tx("410 Gone", "410 Gone"),
						Why: tx("MCP defines no 410; the server answers the read with a JSON-RPC error", "MCP 没有定义 410；服务器用 JSON-RPC 错误回答这次读取")},
				},
				Correct: []string{code(http.StatusOK)},
			},
			{
				ID:     "client",
				Prompt: tx("A 2026-07-28 client that also talks to older servers reads as \"not found\"…", "一个也要和旧服务器打交道的 2026-07-28 客户端，应当把……当作“资源不存在”"),
				Choices: []Choice{
					{ID: "both", Label: tx("-32602 that names the URI in error.data, and -32002", "在 error.data 中指明 URI 的 -32602，以及 -32002"),
						Why: tx("2026-07-28 server/resources: \"For backwards compatibility, clients SHOULD also accept -32002 as a resource not found error\"", "2026-07-28 server/resources：“为了向后兼容，客户端也应当把 -32002 当作资源不存在错误接受”")},
					{ID: "only-32602", Label: tx("only -32602", "只有 -32602"),
						Why: tx("a 2025-11-25 server still answers -32002, and the client SHOULD accept it", "2025-11-25 的服务器仍会返回 -32002，客户端应当（SHOULD）接受它")},
					{ID: "only-32002", Label: tx("only -32002", "只有 -32002"),
						Why: tx("a 2026-07-28 server answers -32602 and MUST NOT send -32002", "2026-07-28 的服务器返回 -32602，并且不得（MUST NOT）发送 -32002")},
					{ID: "any-32602", Label: tx("every -32602", "所有 -32602"),
						Why: tx("-32602 also means other bad params (a missing uri, an unknown prompt): the data.uri says it is this resource", "-32602 也表示其他参数错误（缺少 uri、提示不存在）：是 data.uri 表明它说的是这个资源")},
				},
				Correct: []string{"both"},
			},
		},
		ModelAnswer: fmt.Sprintf(`{"code-2025":"%d","code-2026":"%d","status":"%d","client":"both"}`,
			mcp.ResourceNotFoundCode(mcp.V20251125), mcp.ResourceNotFoundCode(ModernVersion), http.StatusOK),
		Explanation: tx(
			"2025-11-25 answers a missing resource with -32002; 2026-07-28 moved it to -32602 Invalid Params (changelog, minor change 6) and forbids -32002, with the URI in error.data and never an empty contents array. The request is answered normally, so over HTTP the status is 200 with the error in the body. Clients SHOULD still accept -32002 from older servers.",
			"2025-11-25 用 -32002 回答不存在的资源；2026-07-28 把它改成了 -32602 Invalid Params（变更日志，次要变更第 6 条）并禁止使用 -32002，URI 放在 error.data 里，绝不返回空的 contents 数组。请求得到了正常的回答，所以在 HTTP 上状态码是 200，错误在响应体里。客户端仍应接受旧服务器的 -32002。",
		),
		Spec: []string{"2025-11-25/server/resources#error-handling", "2026-07-28/server/resources#error-handling", "2026-07-28/basic/index#error-codes"},
	}
}

// ---- 15 ---------------------------------------------------------------------

// readResourceURI is the resource the read-resource exercise asks for.
const readResourceURI = toolbox.HandbookOfficeDays

// modernRead renders a 2026-07-28 resources/read request.
func modernRead(uri, mcpName string) string {
	body := `{"jsonrpc":"2.0","id":1,"method":"` + mcp.MethodResourcesRead + `","params":{"uri":"` + uri +
		`","_meta":{"` + mcp.MetaProtocolVersion + `":"` + ModernVersion + `","` + mcp.MetaClientCapabilities + `":{}}}}`
	return modernPost(ModernVersion, mcp.MethodResourcesRead, mcpName, body)
}

func readResource() Exercise {
	ex := Exercise{
		ID:   IDReadResource,
		Kind: KindHTTP,
		Title: tx(
			"Read a resource over 2026-07-28 HTTP",
			"在 2026-07-28 的 HTTP 上读取资源",
		),
		Prompt: tx(
			"The course server speaks 2026-07-28 over Streamable HTTP at /mcp. Write two resources/read POST requests, headers and body:\n"+
				"page — one that reads the handbook page "+readResourceURI+" (200 with its contents);\n"+
				"missing — one for a resource the server does not have, such as "+notFoundURI+" (see what comes back).\n"+
				"Every request needs Host, Content-Type, Accept (application/json and text/event-stream), Content-Length (in bytes), MCP-Protocol-Version, Mcp-Method and Mcp-Name (for resources/read: the URI); params has the uri, and params._meta needs io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities. Start each request with its own line: ### page, ### missing.",
			"课程服务器在 /mcp 上通过 Streamable HTTP 使用 2026-07-28 协议。写出两个 resources/read 的 POST 请求（头部和正文）：\n"+
				"page —— 读取员工手册页面 "+readResourceURI+" 的请求（200 加页面内容）；\n"+
				"missing —— 读取服务器没有的资源的请求，例如 "+notFoundURI+"（看看会得到什么）。\n"+
				"每个请求都需要 Host、Content-Type、Accept（application/json 和 text/event-stream）、Content-Length（字节数）、MCP-Protocol-Version、Mcp-Method 和 Mcp-Name（对 resources/read 来说是 URI）；params 中有 uri，params._meta 需要 io.modelcontextprotocol/protocolVersion 和 io.modelcontextprotocol/clientCapabilities。每个请求以单独一行开头：### page、### missing。",
		),
		Hints: []Text{
			tx("Mcp-Name mirrors params.name for tools/call and prompts/get, and params.uri for resources/read.", "对 tools/call 和 prompts/get，Mcp-Name 镜像 params.name；对 resources/read，它镜像 params.uri。"),
			tx("A URI is plain ASCII here, so it goes into Mcp-Name as it is, no Base64 needed.", "这里的 URI 是纯 ASCII，所以原样放进 Mcp-Name，不需要 Base64。"),
			tx("Content-Length counts the body's bytes; change the URI and the length changes too.", "Content-Length 数的是正文的字节数；改了 URI，长度也要跟着改。"),
		},
		Parts: []Part{
			{ID: "page", Prompt: tx("page: 200 with the contents of "+readResourceURI, "page：200 加 "+readResourceURI+" 的内容")},
			{ID: "missing", Prompt: tx("missing: a resource the server does not have", "missing：服务器没有的资源")},
		},
		Explanation: tx(
			"2026-07-28 streamable-http §Standard Request Headers: resources/read mirrors params.uri into Mcp-Name; the server checks it against the body like every other header (-32020 when they differ). server/resources §Error Handling: a resource that does not exist is -32602 Invalid Params with the URI in error.data, over HTTP with status 200, since the request itself was fine.",
			"2026-07-28 streamable-http「Standard Request Headers」：resources/read 把 params.uri 镜像到 Mcp-Name；服务器像检查其他头一样把它与正文比较（不一致时返回 -32020）。server/resources「Error Handling」：不存在的资源返回 -32602 Invalid Params，URI 放在 error.data 里，在 HTTP 上状态码是 200，因为请求本身没有问题。",
		),
		Spec:  []string{"2026-07-28/basic/transports/streamable-http#standard-request-headers", "2026-07-28/server/resources#error-handling"},
		grade: byParts(gradeReadPart),
	}
	ex.ModelAnswer = JoinParts(ex, map[string]string{
		"page":    modernRead(readResourceURI, readResourceURI),
		"missing": modernRead(notFoundURI, notFoundURI),
	})
	return ex
}

func gradeReadPart(c *checker, part, text string) {
	mark := len(c.problems)
	req, f, ok := parseModernRequest(c, text)
	if !ok {
		return
	}
	if f.method != mcp.MethodResourcesRead {
		c.fail("want-method", mcp.MethodResourcesRead, f.method)
		return
	}
	uri, ok := str(c, f.params, "$.params", "uri")
	if !ok {
		return
	}
	checkModernHeaders(c, req, f)
	if part == "page" && uri != readResourceURI {
		c.fail("read-uri", uri, readResourceURI)
	}
	if c.since(mark) {
		return
	}
	status, r, ok := sendHTTP(c, req)
	if !ok {
		return
	}
	got := describeHTTP(c, status, r)
	c.note("srv-said", got)
	switch part {
	case "page":
		if status != http.StatusOK || r == nil || !r.isRes {
			c.fail("want-outcome", c.t("expect-accepted"), got)
			return
		}
		contents, _ := r.result["contents"].([]any)
		first, _ := firstObject(contents)
		if u, _ := first["uri"].(string); u != uri {
			c.fail("read-contents", uri)
		}
	case "missing":
		if status == http.StatusOK && r != nil && r.isRes {
			c.fail("read-exists", uri)
			return
		}
		if code := mcp.ResourceNotFoundCode(ModernVersion); status != http.StatusOK || r == nil || r.code != code {
			c.fail("want-outcome", c.t("expect-not-found", code), got)
			return
		}
		if data, _ := r.data.(map[string]any); data["uri"] != uri {
			c.fail("read-data-uri", compact(r.data), uri)
		}
	}
}

// firstObject is the first element of a JSON array when it is an object.
func firstObject(list []any) (map[string]any, bool) {
	if len(list) == 0 {
		return nil, false
	}
	m, ok := list[0].(map[string]any)
	return m, ok
}

// ---- 16 ---------------------------------------------------------------------

// LogChoice is one request of the log-messages exercise: what a 2026-07-28
// client sends, written once for the exercise's text and for the test that
// runs it against the engine (facts_test.go).
type LogChoice struct {
	ID       string
	Method   string         // the request's method
	Params   map[string]any // its params, without _meta
	LogLevel string         // _meta io.modelcontextprotocol/logLevel ("" for none)
	// Before is a request sent first, on its own (another request's
	// _meta, a logging/setLevel): to show that nothing carries over.
	Before *LogChoice
}

// LogChoices are the requests of the log-messages exercise, in order.
func LogChoices() []LogChoice {
	export := map[string]any{"name": "export_timesheets", "arguments": map[string]any{"department": "Sales", "steps": 2}}
	post := map[string]any{"name": "post_announcement", "arguments": map[string]any{"office": "Lisbon", "text": "Lunch at noon"}}
	return []LogChoice{
		{ID: "export-info", Method: mcp.MethodToolsCall, Params: export, LogLevel: "info"},
		{ID: "export-after", Method: mcp.MethodToolsCall, Params: export,
			Before: &LogChoice{Method: mcp.MethodToolsCall, Params: export, LogLevel: "debug"}},
		{ID: "setlevel-first", Method: mcp.MethodToolsCall, Params: export,
			Before: &LogChoice{Method: mcp.MethodSetLevel, Params: map[string]any{"level": "debug"}}},
		{ID: "export-error", Method: mcp.MethodToolsCall, Params: export, LogLevel: "error"},
		{ID: "post-debug", Method: mcp.MethodToolsCall, Params: post, LogLevel: "debug"},
		{ID: "listen", Method: mcp.MethodListen, Params: map[string]any{"notifications": map[string]any{"toolsListChanged": true}}, LogLevel: "debug"},
	}
}

func logMessages() Exercise {
	why := map[string]Text{
		"export-info": tx("the request asks for info and above, and the export's last log line is info: it comes on this request's response stream, before the result",
			"这个请求要求 info 及以上级别，而导出的最后一行日志正是 info：它出现在这个请求的响应流上，位于结果之前"),
		"export-after": tx("nothing carries over between 2026-07-28 requests: this one has no logLevel, so the server MUST NOT emit notifications/message for it",
			"2026-07-28 的请求之间不会延续任何东西：这个请求没有 logLevel，所以服务器不得（MUST NOT）为它发出 notifications/message"),
		"setlevel-first": tx("2026-07-28 removed logging/setLevel (the server answers -32601), and the export itself has no logLevel",
			"2026-07-28 删除了 logging/setLevel（服务器返回 -32601），而导出请求本身没有 logLevel"),
		"export-error": tx("the export logs only debug and info lines, both below the level asked for (error)",
			"导出只写 debug 和 info 级别的日志，都低于所要求的级别（error）"),
		"post-debug": tx("post_announcement logs one info line, which is at or above debug",
			"post_announcement 会写一行 info 日志，不低于 debug"),
		"listen": tx("log messages are request-scoped: the server MUST NOT deliver them on a subscriptions/listen stream",
			"日志消息的作用域是请求：服务器不得（MUST NOT）在 subscriptions/listen 流上投递它们"),
	}
	label := map[string]Text{
		"export-info":    tx(`tools/call export_timesheets with _meta logLevel "info"`, `tools/call export_timesheets，_meta 中 logLevel 为 "info"`),
		"export-after":   tx(`tools/call export_timesheets without logLevel, right after an export that asked for "debug"`, `tools/call export_timesheets，不带 logLevel，紧跟在一个要求 "debug" 的导出请求之后`),
		"setlevel-first": tx(`logging/setLevel "debug", then tools/call export_timesheets without logLevel`, `先发 logging/setLevel "debug"，再发不带 logLevel 的 tools/call export_timesheets`),
		"export-error":   tx(`tools/call export_timesheets with _meta logLevel "error"`, `tools/call export_timesheets，_meta 中 logLevel 为 "error"`),
		"post-debug":     tx(`tools/call post_announcement with _meta logLevel "debug"`, `tools/call post_announcement，_meta 中 logLevel 为 "debug"`),
		"listen":         tx(`subscriptions/listen (toolsListChanged) with _meta logLevel "debug"`, `subscriptions/listen（toolsListChanged），_meta 中 logLevel 为 "debug"`),
	}
	var choices []Choice
	for _, lc := range LogChoices() {
		choices = append(choices, Choice{ID: lc.ID, Label: label[lc.ID], Why: why[lc.ID]})
	}
	return Exercise{
		ID:   IDLogMessages,
		Kind: KindChoice,
		Title: tx(
			"Which requests get log messages?",
			"哪些请求会收到日志消息？",
		),
		Prompt: tx(
			"A client speaks 2026-07-28 to the course server, which declares the logging capability. export_timesheets logs a debug line per week and an info line at the end; post_announcement logs one info line. logs: which of these requests get notifications/message on their own response stream? Pick every one that does.",
			"一个客户端用 2026-07-28 与课程服务器通信，服务器声明了 logging 能力。export_timesheets 每周写一行 debug 日志，结束时写一行 info 日志；post_announcement 写一行 info 日志。logs：下面哪些请求会在自己的响应流上收到 notifications/message？选出所有会收到的。",
		),
		Hints: []Text{
			tx("2026-07-28 has no session: each request asks for log messages in its own _meta, or gets none.", "2026-07-28 没有会话：每个请求都在自己的 _meta 里要求日志消息，否则就收不到。"),
			tx("The server sends messages at or above the level asked for, and only on the stream of the request that asked.", "服务器只发送不低于所要求级别的消息，而且只发在提出要求的那个请求的流上。"),
		},
		Questions: []Question{{
			ID:      "logs",
			Prompt:  tx("Requests that get notifications/message", "会收到 notifications/message 的请求"),
			Choices: choices,
			Multi:   true,
			Correct: []string{"export-info", "post-debug"},
		}},
		ModelAnswer: `{"logs":["export-info","post-debug"]}`,
		Explanation: tx(
			"2026-07-28 server/utilities/logging: a request opts in with io.modelcontextprotocol/logLevel in its _meta, and \"the server MUST NOT emit notifications/message for a request that does not include this field\". Messages come at or above the requested level, only on that request's response stream, never on a subscriptions/listen stream; logging/setLevel is gone (-32601).",
			"2026-07-28 server/utilities/logging：请求在自己的 _meta 中用 io.modelcontextprotocol/logLevel 表示需要日志，而“对于没有包含这个字段的请求，服务器不得发出 notifications/message”。消息的级别不低于所要求的级别，只出现在该请求的响应流上，绝不出现在 subscriptions/listen 流上；logging/setLevel 已被删除（-32601）。",
		),
		Spec: []string{"2026-07-28/server/utilities/logging#per-request-log-level", "2026-07-28/changelog#major-changes"},
	}
}

// ---- 17 ---------------------------------------------------------------------

// IDParamHeader is the exercise on a tool parameter mirrored into an
// Mcp-Param-* header.
const IDParamHeader = "param-header"

// paramOffices are the offices each part of param-header posts to: one
// plain ASCII, one that needs the Base64 form.
var paramOffices = map[string]string{"lisbon": "Lisbon", "shanghai": "上海"}

// paramText is the announcement both parts post.
const paramText = "Lunch at noon"

// paramTool is the course tool whose input schema mirrors a parameter into
// a header (x-mcp-header), and that parameter, read from the server's own
// registry once (building one compiles every schema).
var paramTool = sync.OnceValues(func() (string, toolbox.HeaderParam) {
	reg := mcp.DefaultConfig().Tools
	for _, t := range reg.Tools() {
		if hp := reg.HeaderParams(t.Name); len(hp) > 0 {
			return t.Name, hp[0]
		}
	}
	panic("exercise: no course tool declares x-mcp-header")
})

// paramArgs are the arguments of a post to office, as JSON.
func paramArgs(office string) string {
	_, hp := paramTool()
	args := map[string]any{"text": paramText}
	setAt(args, hp.Path, office)
	b, _ := json.Marshal(args)
	return string(b)
}

// setAt sets the value at a chain of properties keys, making the objects
// on the way.
func setAt(m map[string]any, path []string, v any) {
	for _, k := range path[:len(path)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	m[path[len(path)-1]] = v
}

// paramCall renders the 2026-07-28 tools/call of the tool posting to
// office, with the Mcp-Param-* header a conforming client adds.
func paramCall(office string) string {
	tool, hp := paramTool()
	args := paramArgs(office)
	req := modernCall(ModernVersion, ModernVersion, tool, tool, args)
	var extra strings.Builder
	for name, value := range streamhttp.ParamHeaders([]toolbox.HeaderParam{hp}, json.RawMessage(args)) {
		extra.WriteString(name + ": " + value + "\n")
	}
	nameLine := streamhttp.HeaderName + ": " + tool + "\n"
	return strings.Replace(req, nameLine, nameLine+extra.String(), 1)
}

func paramHeader() Exercise {
	tool, hp := paramTool()
	header := streamhttp.HeaderParamPrefix + hp.Header
	arg := strings.Join(hp.Path, ".")
	ex := Exercise{
		ID:   IDParamHeader,
		Kind: KindHTTP,
		Title: tx(
			"A tool parameter in a header",
			"放进请求头的工具参数",
		),
		Prompt: tx(
			"The course server's "+tool+" tool marks its "+arg+" argument with x-mcp-header \""+hp.Header+"\" in its inputSchema, so over 2026-07-28 Streamable HTTP a call of it carries that argument in the "+header+" header too (the company gateway routes by it). Write two tools/call POST requests, headers and body, each posting \""+paramText+"\":\n"+
				"lisbon — to the "+paramOffices["lisbon"]+" office;\n"+
				"shanghai — to the "+paramOffices["shanghai"]+" office.\n"+
				"Every request needs Host, Content-Type, Accept (application/json and text/event-stream), Content-Length (in bytes), MCP-Protocol-Version, Mcp-Method, Mcp-Name and "+header+"; params._meta needs io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities. Start each request with its own line: ### lisbon, ### shanghai.",
			"课程服务器的 "+tool+" 工具在 inputSchema 中用 x-mcp-header \""+hp.Header+"\" 标注了参数 "+arg+"，所以在 2026-07-28 的 Streamable HTTP 上调用它时，这个参数也要放在 "+header+" 头里（公司网关据此路由）。写出两个 tools/call 的 POST 请求（头部和正文），都发布 \""+paramText+"\"：\n"+
				"lisbon —— 发到 "+paramOffices["lisbon"]+" 办公室；\n"+
				"shanghai —— 发到 "+paramOffices["shanghai"]+" 办公室。\n"+
				"每个请求都需要 Host、Content-Type、Accept（application/json 和 text/event-stream）、Content-Length（字节数）、MCP-Protocol-Version、Mcp-Method、Mcp-Name 和 "+header+"；params._meta 需要 io.modelcontextprotocol/protocolVersion 和 io.modelcontextprotocol/clientCapabilities。每个请求以单独一行开头：### lisbon、### shanghai。",
		),
		Hints: []Text{
			tx("The header carries the argument's value exactly as the body has it; the server compares the two.", "头里放的就是正文中这个参数的值；服务器会比较两者。"),
			tx("A header value must be plain ASCII. Anything else goes as =?base64?{the Base64 of its UTF-8 bytes}?=, the same form Mcp-Name uses.", "头的值必须是纯 ASCII。其他内容要写成 =?base64?{UTF-8 字节的 Base64}?=，与 Mcp-Name 用的形式相同。"),
			tx("上海 is six bytes in UTF-8: E4 B8 8A E6 B5 B7.", "上海 在 UTF-8 中是六个字节：E4 B8 8A E6 B5 B7。"),
		},
		Parts: []Part{
			{ID: "lisbon", Prompt: tx("lisbon: 200 with a result, "+header+" in plain ASCII", "lisbon：200 加结果，"+header+" 用纯 ASCII")},
			{ID: "shanghai", Prompt: tx("shanghai: 200 with a result, "+header+" in the Base64 form", "shanghai：200 加结果，"+header+" 用 Base64 形式")},
		},
		Explanation: tx(
			"2026-07-28 streamable-http §Custom Headers from Tool Parameters: \"conforming clients MUST mirror the designated parameter values into HTTP headers\" named Mcp-Param-{x-mcp-header value}; values that are not plain ASCII use the =?base64?…?= form (§Value Encoding). The server decodes the header and compares it with the body; a missing or different value is 400 with -32020 HeaderMismatch.",
			"2026-07-28 streamable-http「Custom Headers from Tool Parameters」：符合规范的客户端必须（MUST）把指定的参数值镜像到名为 Mcp-Param-{x-mcp-header 的值} 的 HTTP 头中；不是纯 ASCII 的值使用 =?base64?…?= 形式（「Value Encoding」）。服务器解码这个头并与正文比较；缺少或不一致时返回 400 和 -32020 HeaderMismatch。",
		),
		Spec:  []string{"2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters", "2026-07-28/basic/transports/streamable-http#value-encoding"},
		grade: byParts(gradeParamPart),
	}
	ex.ModelAnswer = JoinParts(ex, map[string]string{
		"lisbon":   paramCall(paramOffices["lisbon"]),
		"shanghai": paramCall(paramOffices["shanghai"]),
	})
	return ex
}

func gradeParamPart(c *checker, part, text string) {
	mark := len(c.problems)
	req, f, ok := parseModernRequest(c, text)
	if !ok {
		return
	}
	tool, hp := paramTool()
	if f.method != mcp.MethodToolsCall {
		c.fail("want-method", mcp.MethodToolsCall, f.method)
		return
	}
	if f.hasName && f.name != tool {
		c.fail("param-tool", f.name, tool)
		return
	}
	args, _ := f.params["arguments"].(map[string]any)
	var got any = args
	for _, k := range hp.Path {
		m, _ := got.(map[string]any)
		got = m[k]
	}
	if want := paramOffices[part]; got != want {
		c.fail("param-value", strings.Join(hp.Path, "."), compact(got), want)
	}
	checkModernHeaders(c, req, f)
	raw, _ := json.Marshal(args)
	if why := streamhttp.CheckParams(req.header, []toolbox.HeaderParam{hp}, raw); why != "" {
		c.fail("param-header", why)
	}
	if c.since(mark) {
		return
	}
	expectHTTP(c, req, "accepted", f)
}
