package exercise

import "sync"

var (
	catalogOnce sync.Once
	catalogMap  map[string]Text
)

// catalog returns every feedback string in every language, as fmt formats
// with the same verbs in the same order. It is built from catalogTable on
// first use (a map literal of map values compiles to code that inserts
// every entry, about 96 KB of WebAssembly; a table of strings is static
// data), so page start-up does not pay for it.
func catalog() map[string]Text {
	catalogOnce.Do(func() {
		m := make(map[string]Text, len(catalogTable))
		for _, e := range catalogTable {
			m[e.key] = Text{En: e.en, Zh: e.zh}
		}
		catalogMap = m
	})
	return catalogMap
}

var catalogTable = [...]struct{ key, en, zh string }{
	// Summary.
	{"summary-correct", "Correct.", "正确。"},
	{"summary-one", "1 problem.", "有 1 个问题。"},
	{"summary-many", "%d problems.", "有 %d 个问题。"},
	// General.
	{"empty", "the answer is empty", "答案是空的"},
	{"no-grader", "exercise %q has no grader", "练习 %q 没有评分器"},
	{"syntax", "line %d, column %d: %s", "第 %d 行，第 %d 列：%s"},
	{"syntax-other", "not valid JSON: %s", "不是合法的 JSON：%s"},
	{"line-prefix", "line %d: ", "第 %d 行："},
	// JSON shapes.
	{"type", "%s: expected %s, got %s", "%s：应为 %s，实际是 %s"},
	{"missing-prop", "%s: missing required property \"%s\"", "%s：缺少必需属性 \"%s\""},
	{"extra-prop", "%s: unknown property \"%s\" is not allowed", "%s：不允许未知属性 \"%s\""},
	{"min-items", "%s: expected at least %d item(s), got %d", "%s：至少需要 %d 项，实际有 %d 项"},
	{"false-schema", "%s: not allowed here", "%s：此处不允许出现"},
	{"jsonrpc-version", "%s: must be the string \"2.0\", got %s", "%s：必须是字符串 \"2.0\"，实际是 %s"},
	{"missing-id", "%s: missing \"id\": a request needs an id (a string or an integer) so the response can be matched to it", "%s：缺少 \"id\"：请求需要一个 id（字符串或整数），才能与响应对应起来"},
	{"id-integer", "%s: %s is not an integer; use a string or an integer", "%s：%s 不是整数；请使用字符串或整数"},
	{"id-type", "%s: expected string or integer, got %s", "%s：应为字符串或整数，实际是 %s"},
	{"notification-id", "%s: a notification must not have an \"id\" (the server does not answer it)", "%s：通知不能带 \"id\"（服务器不会回应通知）"},
	{"want-method", "$.method: expected \"%s\", got \"%s\"", "$.method：应为 \"%s\"，实际是 \"%s\""},
	// Choice, channel, numeric answers.
	{"want-object", "answer with a JSON object whose keys are: %s", "请用 JSON 对象作答，键为：%s"},
	{"unknown-key", "$: unknown key \"%s\" (expected: %s)", "$：未知的键 \"%s\"（应为：%s）"},
	{"no-answer", "%s: no answer", "%s：没有作答"},
	{"pick-one", "%s: pick exactly one choice, got %d", "%s：只能选一项，实际选了 %d 项"},
	{"unknown-choice", "%s: unknown choice \"%s\" (choices: %s)", "%s：没有选项 \"%s\"（可选：%s）"},
	{"choice-wrong", "%s: \"%s\" (%s) is not right: %s", "%s：\"%s\"（%s）不对：%s"},
	{"choice-extra", "%s: \"%s\" (%s) should not be selected: %s", "%s：不应选择 \"%s\"（%s）：%s"},
	{"choice-missed", "%s: \"%s\" (%s) is missing: %s", "%s：漏选了 \"%s\"（%s）：%s"},
	{"unknown-channel", "%s: unknown channel \"%s\" (use \"protocol-error <code>\", \"tool-error\" or \"http-status <status>\")", "%s：未知通道 \"%s\"（请使用 \"protocol-error <错误码>\"、\"tool-error\" 或 \"http-status <状态码>\"）"},
	{"channel-wrong", "%s: %s is the wrong channel: %s", "%s：%s 是错误的通道：%s"},
	{"channel-defensible", "%s: %s is accepted, though the lab's server answers %s: %s", "%s：%s 也算对，虽然本实验室的服务器返回的是 %s：%s"},
	{"channel-need-code", "%s: %s is the right channel; also give the JSON-RPC error code, e.g. \"protocol-error -32600\"", "%s：%s 通道是对的；还需要给出 JSON-RPC 错误码，例如 \"protocol-error -32600\""},
	{"channel-need-status", "%s: %s is the right channel; also give the HTTP status, e.g. \"http-status 400\"", "%s：%s 通道是对的；还需要给出 HTTP 状态码，例如 \"http-status 400\""},
	{"channel-code-wrong", "%s: right channel, but %d is the wrong code: %s", "%s：通道对了，但 %d 这个码不对：%s"},
	{"type-num", "%s: expected number, got %s", "%s：应为数字，实际是 %s"},
	{"type-seq", "%s: expected an array of %d numbers, got %s", "%s：应为包含 %d 个数字的数组，实际是 %s"},
	{"seq-len", "%s: expected %d values, got %d", "%s：应有 %d 个值，实际有 %d 个"},
	{"too-low", "%s: %s is too low", "%s：%s 偏小"},
	{"too-high", "%s: %s is too high", "%s：%s 偏大"},
	// Multi-part answers.
	{"part-unknown", "line %d: unknown part \"%s\" (parts: %s)", "第 %d 行：未知的部分 \"%s\"（各部分为：%s）"},
	{"part-repeated", "line %d: part \"%s\" appears twice", "第 %d 行：部分 \"%s\" 出现了两次"},
	{"part-stray", "line %d: text outside any part; start each request with a line `### %s`", "第 %d 行：文字不属于任何部分；每个请求要以一行 `### %s` 开头"},
	{"part-missing", "part \"%s\" is missing (start it with a line `### %[1]s`)", "缺少部分 \"%s\"（以一行 `### %[1]s` 开头）"},
	{"part-empty", "part \"%s\" is empty", "部分 \"%s\" 是空的"},
	// HTTP framing.
	{"http-request-line", "line %d: the request line must be `METHOD /path HTTP/1.1`, got `%s`", "第 %d 行：请求行必须是 `METHOD /path HTTP/1.1`，实际是 `%s`"},
	{"http-method", "line %d: method %s: MCP messages are sent with POST", "第 %d 行：方法 %s：MCP 消息要用 POST 发送"},
	{"http-target", "line %d: path %s: the MCP endpoint of the course server is /mcp", "第 %d 行：路径 %s：课程服务器的 MCP 端点是 /mcp"},
	{"http-proto", "line %d: protocol %s: write HTTP/1.1", "第 %d 行：协议 %s：请写 HTTP/1.1"},
	{"http-no-blank", "line %d: the body starts here, but there is no blank line between the headers and the body", "第 %d 行：正文从这里开始，但头部和正文之间缺少空行"},
	{"http-bad-header", "line %d: not a header line (expected `Name: value`): `%s`", "第 %d 行：不是头部行（应为 `Name: value`）：`%s`"},
	{"http-no-host", "missing Host header (required by HTTP/1.1)", "缺少 Host 头（HTTP/1.1 要求必须有）"},
	{"http-no-ct", "missing Content-Type header: the body is JSON, so send Content-Type: application/json", "缺少 Content-Type 头：正文是 JSON，应发送 Content-Type: application/json"},
	{"http-bad-ct", "Content-Type \"%s\": the body is JSON, so send application/json", "Content-Type \"%s\"：正文是 JSON，应为 application/json"},
	{"http-no-accept", "missing Accept header: it must list both application/json and text/event-stream", "缺少 Accept 头：必须同时列出 application/json 和 text/event-stream"},
	{"http-accept", "Accept \"%s\" must list both application/json and text/event-stream (missing: %s)", "Accept \"%s\" 必须同时列出 application/json 和 text/event-stream（缺少：%s）"},
	{"http-no-body", "the request has no body: a POST to /mcp carries one JSON-RPC message after a blank line", "请求没有正文：发往 /mcp 的 POST 要在空行之后携带一条 JSON-RPC 消息"},
	{"http-no-cl", "missing Content-Length header: the server needs the body's length in bytes (here %d)", "缺少 Content-Length 头：服务器需要知道正文的字节数（这里是 %d）"},
	{"http-multi-cl", "Content-Length appears more than once (%s)", "Content-Length 出现了不止一次（%s）"},
	{"http-bad-cl", "Content-Length \"%s\" is not a number of bytes", "Content-Length \"%s\" 不是字节数"},
	{"http-cl-chars", "Content-Length is %d, but the body is %d bytes: %[1]d is its length in characters, and Content-Length counts UTF-8 bytes", "Content-Length 是 %d，但正文有 %d 个字节：%[1]d 是字符数，而 Content-Length 统计的是 UTF-8 字节数"},
	{"http-cl-wrong", "Content-Length is %d, but the body is %d bytes (UTF-8)", "Content-Length 是 %d，但正文有 %d 个字节（UTF-8）"},
	// 2026-07-28 request metadata.
	{"hdr-missing", "missing %s header", "缺少 %s 头"},
	{"hdr-duplicate", "%s header appears more than once", "%s 头出现了不止一次"},
	{"hdr-mismatch", "%s header \"%s\" does not match %s \"%s\"", "%s 头 \"%s\" 与 %s \"%s\" 不一致"},
	{"hdr-bad-base64", "Mcp-Name \"%s\" uses the =?base64?…?= form but is not valid Base64 of UTF-8", "Mcp-Name \"%s\" 使用了 =?base64?…?= 形式，但不是 UTF-8 的合法 Base64 编码"},
	{"hdr-version", "protocol version \"%s\": this request must use %s", "协议版本 \"%s\"：这个请求必须使用 %s"},
	{"unknown-tool", "$.params.name: \"%s\" is not a tool of the course server (tools: %s)", "$.params.name：\"%s\" 不是课程服务器的工具（工具有：%s）"},
	{"mismatch-none", "every header matches the body, so the server has no reason to answer -32020: make MCP-Protocol-Version, Mcp-Method or Mcp-Name disagree with the body (or leave one out)", "所有头部都与正文一致，服务器没有理由返回 -32020：让 MCP-Protocol-Version、Mcp-Method 或 Mcp-Name 之一与正文不一致（或者省略一个）"},
	{"unsupported-pv-mismatch", "MCP-Protocol-Version \"%s\" differs from _meta's protocolVersion \"%s\": that is a header mismatch (-32020); both must name the same unsupported version", "MCP-Protocol-Version \"%s\" 与 _meta 的 protocolVersion \"%s\" 不同：这属于头部不一致（-32020）；两者必须是同一个不受支持的版本"},
	{"unsupported-known", "protocol version \"%s\" is one the server accepts in _meta (%s); request one it does not: a version it does not know, or one it serves only after an initialize handshake (%s)", "服务器接受在 _meta 中声明协议版本 \"%s\"（%s）；请请求一个它不接受的版本：它不认识的版本，或只能通过 initialize 握手使用的版本（%s）"},
	{"unsupported-other", "%s header is missing or does not match the body: the server would answer -32020 HeaderMismatch", "%s 头缺失或与正文不一致：服务器会返回 -32020 HeaderMismatch"},
	// Server answers (probe).
	{"no-probe", "your answer passes the local checks, but the simulated server is not connected, so it could not be sent", "你的答案通过了本地检查，但模拟服务器未连接，无法发送"},
	{"probe-failed", "the simulated server could not be reached: %s", "无法连接模拟服务器：%s"},
	{"srv-said", "server: %s", "服务器：%s"},
	{"srv-http-plain", "%s without a JSON-RPC message", "%s，没有 JSON-RPC 消息"},
	{"srv-http-result", "%s with a JSON-RPC result", "%s，带 JSON-RPC 结果"},
	{"srv-http-toolerror", "%s with a tool execution error (isError: true): %s", "%s，带工具执行错误（isError: true）：%s"},
	{"srv-http-error", "%s with JSON-RPC error %d: %s", "%s，带 JSON-RPC 错误 %d：%s"},
	{"want-outcome", "expected %s, but the server answered %s", "应得到 %s，但服务器返回了 %s"},
	{"expect-accepted", "200 with a JSON-RPC result", "200 加 JSON-RPC 结果"},
	{"expect-mismatch", "400 with error -32020 (HeaderMismatch)", "400 加错误 -32020（HeaderMismatch）"},
	{"expect-unsupported", "400 with error -32022 (UnsupportedProtocolVersion)", "400 加错误 -32022（UnsupportedProtocolVersion）"},
	{"srv-tool-error", "the request reached the tool, but the tool reported an error (isError: true): %s", "请求到达了工具，但工具报告了错误（isError: true）：%s"},
	{"srv-data-missing", "the -32022 error carries no data object with supported and requested", "-32022 错误没有携带包含 supported 和 requested 的 data 对象"},
	{"srv-data-requested", "error.data.requested is %s, expected \"%s\" (the version you requested)", "error.data.requested 是 %s，应为 \"%s\"（你请求的版本）"},
	{"srv-data-supported", "error.data.supported is %s, expected a non-empty list of versions", "error.data.supported 是 %s，应为非空的版本列表"},
	{"srv-supported", "the server supports: %s", "服务器支持：%s"},
	// stdio.
	{"stdio-multiline", "message %d spans lines %d–%d: on stdio every message must be on a single line (no embedded newlines)", "第 %d 条消息跨越了第 %d–%d 行：在 stdio 上每条消息必须写在一行内（不能有内嵌换行）"},
	{"stdio-count", "expected 2 messages, one per line (the initialize request, then the initialized notification), got %d", "应有 2 条消息，每行一条（先是 initialize 请求，然后是 initialized 通知），实际有 %d 条"},
	{"init-order", "the initialize request must come first; notifications/initialized follows the server's answer", "initialize 请求必须在前；notifications/initialized 要在服务器回应之后发送"},
	{"init-version", "$.params.protocolVersion: expected \"%s\", got \"%s\"", "$.params.protocolVersion：应为 \"%s\"，实际是 \"%s\""},
	{"srv-stdout-garbage", "the server wrote a line that is not JSON-RPC: %s", "服务器写出了一行不是 JSON-RPC 的内容：%s"},
	{"srv-init-error", "the server rejected initialize with error %d: %s", "服务器以错误 %d 拒绝了 initialize：%s"},
	{"srv-init-version", "the server answered initialize with protocolVersion \"%s\", not %s", "服务器对 initialize 的回应中 protocolVersion 是 \"%s\"，不是 %s"},
	{"srv-init-ok", "server %s answered initialize with protocolVersion %s", "服务器 %s 回应了 initialize，protocolVersion 为 %s"},
	{"srv-check-error", "after your two lines the server refused tools/list with error %d (%s): the session did not reach normal operation", "在你的两行之后，服务器以错误 %d（%s）拒绝了 tools/list：会话没有进入正常运行阶段"},
	{"srv-stray-error", "the server answered one of your lines with error %d: %s", "服务器对你的某一行返回了错误 %d：%s"},
	{"srv-no-init-reply", "the server did not answer your initialize request", "服务器没有回应你的 initialize 请求"},
	{"srv-no-check-reply", "after your two lines the server did not answer tools/list: the session did not reach normal operation", "在你的两行之后，服务器没有回应 tools/list：会话没有进入正常运行阶段"},
	// The server asking the client (set_asks.go).
	{"retry-same-id", "$.id is %s, the id of the request that got input_required: the retry is a new request and MUST have a new id", "$.id 是 %s，正是收到 input_required 的那个请求的 id：重试是一个新请求，必须（MUST）使用新的 id"},
	{"retry-same-call", "$.params.%s differs from the original request's: a retry repeats the same call", "$.params.%s 与原请求不同：重试要重复同一个调用"},
	{"retry-state", "$.params.requestState is not the exact value the server sent: the client MUST echo it back unchanged", "$.params.requestState 不是服务器发来的确切值：客户端必须（MUST）原样回传"},
	{"retry-key", "$.params.inputResponses has no answer for \"%s\", the key of the server's input request", "$.params.inputResponses 没有对 \"%s\" 的回答，这是服务器输入请求的键"},
	{"retry-pick", "$.params.inputResponses.%s is %s; the user accepts the form with the first slot offered, \"%s\"", "$.params.inputResponses.%s 是 %s；用户接受表单并选择了第一个时段 \"%s\""},
	{"retry-no-reply", "the server did not answer your request's id", "服务器没有回应你的请求 id"},
	{"retry-asked-again", "the server answered with input_required again: it did not find the answer it asked for", "服务器再次返回了 input_required：它没有找到它所要的回答"},
	// JSON Schema.
	{"schema-type-object-missing", "$: missing \"type\": \"object\" (an MCP inputSchema always describes an object)", "$：缺少 \"type\": \"object\"（MCP 的 inputSchema 总是描述一个对象）"},
	{"schema-type-object", "$.type: an MCP inputSchema must have \"type\": \"object\", got %s", "$.type：MCP 的 inputSchema 必须是 \"type\": \"object\"，实际是 %s"},
	{"schema-invalid", "not a valid JSON Schema: %s", "不是合法的 JSON Schema：%s"},
	{"schema-compile", "the schema cannot be compiled: %s", "schema 无法编译：%s"},
	{"case-valid-rejected", "hidden valid case \"%s\" (%s) was rejected, but it must pass: %s", "隐藏的合法用例 \"%s\"（%s）被拒绝了，但它应该通过：%s"},
	{"case-invalid-accepted", "hidden invalid case \"%s\" (%s) was accepted, but it must fail: %s", "隐藏的非法用例 \"%s\"（%s）被接受了，但它应该被拒绝：%s"},
	// Base64 header values.
	{"b64-one-line", "write one header line, got %d lines", "请只写一行头部，实际有 %d 行"},
	{"b64-header-name", "header %s: the tool name goes in the Mcp-Name header", "头部 %s：工具名应放在 Mcp-Name 头中"},
	{"b64-plain", "the name is sent as is, but it is not ASCII: header values must be visible ASCII, so use the =?base64?…?= form", "名字原样发送了，但它不是 ASCII：头部值只能是可见 ASCII 字符，请使用 =?base64?…?= 形式"},
	{"b64-marker-case", "the prefix \"%s\" must be exactly \"=?base64?\" (the markers are case-sensitive, lowercase)", "前缀 \"%s\" 必须正好是 \"=?base64?\"（标记区分大小写，须小写）"},
	{"b64-no-prefix", "the value must start with \"=?base64?\"", "值必须以 \"=?base64?\" 开头"},
	{"b64-no-suffix", "the value must end with \"?=\"", "值必须以 \"?=\" 结尾"},
	{"b64-urlsafe", "the Base64 uses the URL-safe alphabet (- or _); use the standard alphabet (+ and /)", "Base64 使用了 URL 安全字母表（- 或 _）；请使用标准字母表（+ 和 /）"},
	{"b64-padding", "the Base64 lacks its = padding; standard Base64 keeps it", "Base64 缺少 = 填充；标准 Base64 要保留填充"},
	{"b64-invalid", "not valid Base64: %s", "不是合法的 Base64：%s"},
	{"b64-not-utf8", "the Base64 decodes to bytes that are not UTF-8: encode the UTF-8 bytes of the name", "Base64 解码后的字节不是 UTF-8：请对名字的 UTF-8 字节进行编码"},
	{"b64-wrong-value", "the value decodes to \"%s\", but the tool name is \"%s\"", "该值解码后是 \"%s\"，但工具名是 \"%s\""},
	// Progress store.
	{"non-negative-integer", "a non-negative integer", "非负整数"},
	{"store-reset-syntax", "Your saved progress could not be read (%s) and was reset.", "无法读取已保存的进度（%s），进度已重置。"},
	{"store-reset-shape", "Your saved progress has an unexpected shape (%s) and was reset.", "已保存的进度格式不符（%s），进度已重置。"},
	{"store-reset-old", "Your saved progress is from an older version of the course (format %d, now %d) and was reset.", "已保存的进度来自旧版课程（格式 %d，现为 %d），进度已重置。"},
	{"store-reset-new", "Your saved progress is from a newer version of the course (format %d, this is %d) and was reset.", "已保存的进度来自更新版本的课程（格式 %d，当前为 %d），进度已重置。"},
	// The resources, prompts and logging exercises (set_primitives.go).
	{"read-uri", "$.params.uri is \"%s\"; this part reads \"%s\"", "$.params.uri 是 \"%s\"；这一部分要读取的是 \"%s\""},
	{"read-contents", "the result's contents do not carry the uri \"%s\" you read", "结果的 contents 中没有你读取的 uri \"%s\""},
	{"read-exists", "the server has %s and returned its contents: read a URI it does not have", "服务器有 %s，并返回了它的内容：请读取一个它没有的 URI"},
	{"read-data-uri", "error.data is %s; a not-found error names the URI you read (\"%s\") in error.data.uri", "error.data 是 %s；资源不存在的错误应在 error.data.uri 中指明你读取的 URI（\"%s\"）"},
	{"param-tool", "$.params.name is \"%s\"; this exercise calls %s", "$.params.name 是 \"%s\"；这道练习调用的是 %s"},
	{"param-value", "$.params.arguments.%s is %s; this part posts to \"%s\"", "$.params.arguments.%s 是 %s；这一部分要发到 \"%s\""},
	{"param-header", "%s: the server answers 400 with -32020 (HeaderMismatch)", "%s：服务器会返回 400 和 -32020（HeaderMismatch）"},
	{"expect-not-found", "200 with error %d (resource not found)", "200 加错误 %d（资源不存在）"},
}
