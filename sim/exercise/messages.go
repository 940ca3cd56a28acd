package exercise

// catalog holds every feedback string in every language, as fmt formats
// with the same verbs in the same order.
var catalog = map[string]Text{
	// Summary.
	"summary-correct": {EN: "Correct.", ZH: "正确。"},
	"summary-one":     {EN: "1 problem.", ZH: "有 1 个问题。"},
	"summary-many":    {EN: "%d problems.", ZH: "有 %d 个问题。"},

	// General.
	"empty":        {EN: "the answer is empty", ZH: "答案是空的"},
	"no-grader":    {EN: "exercise %q has no grader", ZH: "练习 %q 没有评分器"},
	"syntax":       {EN: "line %d, column %d: %s", ZH: "第 %d 行，第 %d 列：%s"},
	"syntax-other": {EN: "not valid JSON: %s", ZH: "不是合法的 JSON：%s"},
	"line-prefix":  {EN: "line %d: ", ZH: "第 %d 行："},

	// JSON shapes.
	"type":            {EN: "%s: expected %s, got %s", ZH: "%s：应为 %s，实际是 %s"},
	"missing-prop":    {EN: "%s: missing required property \"%s\"", ZH: "%s：缺少必需属性 \"%s\""},
	"extra-prop":      {EN: "%s: unknown property \"%s\" is not allowed", ZH: "%s：不允许未知属性 \"%s\""},
	"min-items":       {EN: "%s: expected at least %d item(s), got %d", ZH: "%s：至少需要 %d 项，实际有 %d 项"},
	"false-schema":    {EN: "%s: not allowed here", ZH: "%s：此处不允许出现"},
	"jsonrpc-version": {EN: "%s: must be the string \"2.0\", got %s", ZH: "%s：必须是字符串 \"2.0\"，实际是 %s"},
	"missing-id":      {EN: "%s: missing \"id\": a request needs an id (a string or an integer) so the response can be matched to it", ZH: "%s：缺少 \"id\"：请求需要一个 id（字符串或整数），才能与响应对应起来"},
	"id-integer":      {EN: "%s: %s is not an integer; use a string or an integer", ZH: "%s：%s 不是整数；请使用字符串或整数"},
	"id-type":         {EN: "%s: expected string or integer, got %s", ZH: "%s：应为字符串或整数，实际是 %s"},
	"notification-id": {EN: "%s: a notification must not have an \"id\" (the server does not answer it)", ZH: "%s：通知不能带 \"id\"（服务器不会回应通知）"},
	"want-method":     {EN: "$.method: expected \"%s\", got \"%s\"", ZH: "$.method：应为 \"%s\"，实际是 \"%s\""},

	// Choice, channel, numeric answers.
	"want-object":         {EN: "answer with a JSON object whose keys are: %s", ZH: "请用 JSON 对象作答，键为：%s"},
	"unknown-key":         {EN: "$: unknown key \"%s\" (expected: %s)", ZH: "$：未知的键 \"%s\"（应为：%s）"},
	"no-answer":           {EN: "%s: no answer", ZH: "%s：没有作答"},
	"pick-one":            {EN: "%s: pick exactly one choice, got %d", ZH: "%s：只能选一项，实际选了 %d 项"},
	"unknown-choice":      {EN: "%s: unknown choice \"%s\" (choices: %s)", ZH: "%s：没有选项 \"%s\"（可选：%s）"},
	"choice-wrong":        {EN: "%s: \"%s\" (%s) is not right: %s", ZH: "%s：\"%s\"（%s）不对：%s"},
	"choice-extra":        {EN: "%s: \"%s\" (%s) should not be selected: %s", ZH: "%s：不应选择 \"%s\"（%s）：%s"},
	"choice-missed":       {EN: "%s: \"%s\" (%s) is missing: %s", ZH: "%s：漏选了 \"%s\"（%s）：%s"},
	"unknown-channel":     {EN: "%s: unknown channel \"%s\" (use \"protocol-error <code>\", \"tool-error\" or \"http-status <status>\")", ZH: "%s：未知通道 \"%s\"（请使用 \"protocol-error <错误码>\"、\"tool-error\" 或 \"http-status <状态码>\"）"},
	"channel-wrong":       {EN: "%s: %s is the wrong channel: %s", ZH: "%s：%s 是错误的通道：%s"},
	"channel-need-code":   {EN: "%s: %s is the right channel; also give the JSON-RPC error code, e.g. \"protocol-error -32600\"", ZH: "%s：%s 通道是对的；还需要给出 JSON-RPC 错误码，例如 \"protocol-error -32600\""},
	"channel-need-status": {EN: "%s: %s is the right channel; also give the HTTP status, e.g. \"http-status 400\"", ZH: "%s：%s 通道是对的；还需要给出 HTTP 状态码，例如 \"http-status 400\""},
	"channel-code-wrong":  {EN: "%s: right channel, but %d is the wrong code: %s", ZH: "%s：通道对了，但 %d 这个码不对：%s"},
	"type-num":            {EN: "%s: expected number, got %s", ZH: "%s：应为数字，实际是 %s"},
	"type-seq":            {EN: "%s: expected an array of %d numbers, got %s", ZH: "%s：应为包含 %d 个数字的数组，实际是 %s"},
	"seq-len":             {EN: "%s: expected %d values, got %d", ZH: "%s：应有 %d 个值，实际有 %d 个"},
	"too-low":             {EN: "%s: %s is too low", ZH: "%s：%s 偏小"},
	"too-high":            {EN: "%s: %s is too high", ZH: "%s：%s 偏大"},

	// Multi-part answers.
	"part-unknown":  {EN: "line %d: unknown part \"%s\" (parts: %s)", ZH: "第 %d 行：未知的部分 \"%s\"（各部分为：%s）"},
	"part-repeated": {EN: "line %d: part \"%s\" appears twice", ZH: "第 %d 行：部分 \"%s\" 出现了两次"},
	"part-stray":    {EN: "line %d: text outside any part; start each request with a line `### %s`", ZH: "第 %d 行：文字不属于任何部分；每个请求要以一行 `### %s` 开头"},
	"part-missing":  {EN: "part \"%s\" is missing (start it with a line `### %[1]s`)", ZH: "缺少部分 \"%s\"（以一行 `### %[1]s` 开头）"},
	"part-empty":    {EN: "part \"%s\" is empty", ZH: "部分 \"%s\" 是空的"},

	// HTTP framing.
	"http-request-line": {EN: "line %d: the request line must be `METHOD /path HTTP/1.1`, got `%s`", ZH: "第 %d 行：请求行必须是 `METHOD /path HTTP/1.1`，实际是 `%s`"},
	"http-method":       {EN: "line %d: method %s: MCP messages are sent with POST", ZH: "第 %d 行：方法 %s：MCP 消息要用 POST 发送"},
	"http-target":       {EN: "line %d: path %s: the MCP endpoint of the course server is /mcp", ZH: "第 %d 行：路径 %s：课程服务器的 MCP 端点是 /mcp"},
	"http-proto":        {EN: "line %d: protocol %s: write HTTP/1.1", ZH: "第 %d 行：协议 %s：请写 HTTP/1.1"},
	"http-no-blank":     {EN: "line %d: the body starts here, but there is no blank line between the headers and the body", ZH: "第 %d 行：正文从这里开始，但头部和正文之间缺少空行"},
	"http-bad-header":   {EN: "line %d: not a header line (expected `Name: value`): `%s`", ZH: "第 %d 行：不是头部行（应为 `Name: value`）：`%s`"},
	"http-no-host":      {EN: "missing Host header (required by HTTP/1.1)", ZH: "缺少 Host 头（HTTP/1.1 要求必须有）"},
	"http-no-ct":        {EN: "missing Content-Type header: the body is JSON, so send Content-Type: application/json", ZH: "缺少 Content-Type 头：正文是 JSON，应发送 Content-Type: application/json"},
	"http-bad-ct":       {EN: "Content-Type \"%s\": the body is JSON, so send application/json", ZH: "Content-Type \"%s\"：正文是 JSON，应为 application/json"},
	"http-no-accept":    {EN: "missing Accept header: it must list both application/json and text/event-stream", ZH: "缺少 Accept 头：必须同时列出 application/json 和 text/event-stream"},
	"http-accept":       {EN: "Accept \"%s\" must list both application/json and text/event-stream (missing: %s)", ZH: "Accept \"%s\" 必须同时列出 application/json 和 text/event-stream（缺少：%s）"},
	"http-no-body":      {EN: "the request has no body: a POST to /mcp carries one JSON-RPC message after a blank line", ZH: "请求没有正文：发往 /mcp 的 POST 要在空行之后携带一条 JSON-RPC 消息"},
	"http-no-cl":        {EN: "missing Content-Length header: the server needs the body's length in bytes (here %d)", ZH: "缺少 Content-Length 头：服务器需要知道正文的字节数（这里是 %d）"},
	"http-multi-cl":     {EN: "Content-Length appears more than once (%s)", ZH: "Content-Length 出现了不止一次（%s）"},
	"http-bad-cl":       {EN: "Content-Length \"%s\" is not a number of bytes", ZH: "Content-Length \"%s\" 不是字节数"},
	"http-cl-chars":     {EN: "Content-Length is %d, but the body is %d bytes: %[1]d is its length in characters, and Content-Length counts UTF-8 bytes", ZH: "Content-Length 是 %d，但正文有 %d 个字节：%[1]d 是字符数，而 Content-Length 统计的是 UTF-8 字节数"},
	"http-cl-wrong":     {EN: "Content-Length is %d, but the body is %d bytes (UTF-8)", ZH: "Content-Length 是 %d，但正文有 %d 个字节（UTF-8）"},

	// 2026-07-28 request metadata.
	"hdr-missing":             {EN: "missing %s header", ZH: "缺少 %s 头"},
	"hdr-mismatch":            {EN: "%s header \"%s\" does not match %s \"%s\"", ZH: "%s 头 \"%s\" 与 %s \"%s\" 不一致"},
	"hdr-bad-base64":          {EN: "Mcp-Name \"%s\" uses the =?base64?…?= form but is not valid Base64 of UTF-8", ZH: "Mcp-Name \"%s\" 使用了 =?base64?…?= 形式，但不是 UTF-8 的合法 Base64 编码"},
	"hdr-version":             {EN: "protocol version \"%s\": this request must use %s", ZH: "协议版本 \"%s\"：这个请求必须使用 %s"},
	"unknown-tool":            {EN: "$.params.name: \"%s\" is not a tool of the course server (tools: %s)", ZH: "$.params.name：\"%s\" 不是课程服务器的工具（工具有：%s）"},
	"mismatch-none":           {EN: "every header matches the body, so the server has no reason to answer -32020: make MCP-Protocol-Version, Mcp-Method or Mcp-Name disagree with the body (or leave one out)", ZH: "所有头部都与正文一致，服务器没有理由返回 -32020：让 MCP-Protocol-Version、Mcp-Method 或 Mcp-Name 之一与正文不一致（或者省略一个）"},
	"unsupported-pv-mismatch": {EN: "MCP-Protocol-Version \"%s\" differs from _meta's protocolVersion \"%s\": that is a header mismatch (-32020); both must name the same unsupported version", ZH: "MCP-Protocol-Version \"%s\" 与 _meta 的 protocolVersion \"%s\" 不同：这属于头部不一致（-32020）；两者必须是同一个不受支持的版本"},
	"unsupported-known":       {EN: "protocol version \"%s\" is supported by the server (%s); request one it does not know", ZH: "服务器支持协议版本 \"%s\"（%s）；请请求一个它不认识的版本"},
	"unsupported-other":       {EN: "%s header is missing or does not match the body: the server would answer -32020 HeaderMismatch", ZH: "%s 头缺失或与正文不一致：服务器会返回 -32020 HeaderMismatch"},

	// Server answers (probe).
	"no-probe":           {EN: "your answer passes the local checks, but the simulated server is not connected, so it could not be sent", ZH: "你的答案通过了本地检查，但模拟服务器未连接，无法发送"},
	"probe-failed":       {EN: "the simulated server could not be reached: %s", ZH: "无法连接模拟服务器：%s"},
	"srv-said":           {EN: "server: %s", ZH: "服务器：%s"},
	"srv-http-plain":     {EN: "%s without a JSON-RPC message", ZH: "%s，没有 JSON-RPC 消息"},
	"srv-http-result":    {EN: "%s with a JSON-RPC result", ZH: "%s，带 JSON-RPC 结果"},
	"srv-http-toolerror": {EN: "%s with a tool execution error (isError: true): %s", ZH: "%s，带工具执行错误（isError: true）：%s"},
	"srv-http-error":     {EN: "%s with JSON-RPC error %d: %s", ZH: "%s，带 JSON-RPC 错误 %d：%s"},
	"want-outcome":       {EN: "expected %s, but the server answered %s", ZH: "应得到 %s，但服务器返回了 %s"},
	"expect-accepted":    {EN: "200 with a JSON-RPC result", ZH: "200 加 JSON-RPC 结果"},
	"expect-mismatch":    {EN: "400 with error -32020 (HeaderMismatch)", ZH: "400 加错误 -32020（HeaderMismatch）"},
	"expect-unsupported": {EN: "400 with error -32022 (UnsupportedProtocolVersion)", ZH: "400 加错误 -32022（UnsupportedProtocolVersion）"},
	"srv-tool-error":     {EN: "the request reached the tool, but the tool reported an error (isError: true): %s", ZH: "请求到达了工具，但工具报告了错误（isError: true）：%s"},
	"srv-data-missing":   {EN: "the -32022 error carries no data object with supported and requested", ZH: "-32022 错误没有携带包含 supported 和 requested 的 data 对象"},
	"srv-data-requested": {EN: "error.data.requested is %s, expected \"%s\" (the version you requested)", ZH: "error.data.requested 是 %s，应为 \"%s\"（你请求的版本）"},
	"srv-data-supported": {EN: "error.data.supported is %s, expected a non-empty list of versions", ZH: "error.data.supported 是 %s，应为非空的版本列表"},
	"srv-supported":      {EN: "the server supports: %s", ZH: "服务器支持：%s"},

	// stdio.
	"stdio-multiline":    {EN: "message %d spans lines %d–%d: on stdio every message must be on a single line (no embedded newlines)", ZH: "第 %d 条消息跨越了第 %d–%d 行：在 stdio 上每条消息必须写在一行内（不能有内嵌换行）"},
	"stdio-count":        {EN: "expected 2 messages, one per line (the initialize request, then the initialized notification), got %d", ZH: "应有 2 条消息，每行一条（先是 initialize 请求，然后是 initialized 通知），实际有 %d 条"},
	"init-order":         {EN: "the initialize request must come first; notifications/initialized follows the server's answer", ZH: "initialize 请求必须在前；notifications/initialized 要在服务器回应之后发送"},
	"init-version":       {EN: "$.params.protocolVersion: expected \"2025-11-25\", got \"%s\"", ZH: "$.params.protocolVersion：应为 \"2025-11-25\"，实际是 \"%s\""},
	"srv-stdout-garbage": {EN: "the server wrote a line that is not JSON-RPC: %s", ZH: "服务器写出了一行不是 JSON-RPC 的内容：%s"},
	"srv-init-error":     {EN: "the server rejected initialize with error %d: %s", ZH: "服务器以错误 %d 拒绝了 initialize：%s"},
	"srv-init-version":   {EN: "the server answered initialize with protocolVersion \"%s\", not 2025-11-25", ZH: "服务器对 initialize 的回应中 protocolVersion 是 \"%s\"，不是 2025-11-25"},
	"srv-init-ok":        {EN: "server %s answered initialize with protocolVersion %s", ZH: "服务器 %s 回应了 initialize，protocolVersion 为 %s"},
	"srv-check-error":    {EN: "after your two lines the server refused tools/list with error %d (%s): the session did not reach normal operation", ZH: "在你的两行之后，服务器以错误 %d（%s）拒绝了 tools/list：会话没有进入正常运行阶段"},
	"srv-stray-error":    {EN: "the server answered one of your lines with error %d: %s", ZH: "服务器对你的某一行返回了错误 %d：%s"},
	"srv-no-init-reply":  {EN: "the server did not answer your initialize request", ZH: "服务器没有回应你的 initialize 请求"},
	"srv-no-check-reply": {EN: "after your two lines the server did not answer tools/list: the session did not reach normal operation", ZH: "在你的两行之后，服务器没有回应 tools/list：会话没有进入正常运行阶段"},

	// JSON Schema.
	"schema-type-object-missing": {EN: "$: missing \"type\": \"object\" (an MCP inputSchema always describes an object)", ZH: "$：缺少 \"type\": \"object\"（MCP 的 inputSchema 总是描述一个对象）"},
	"schema-type-object":         {EN: "$.type: an MCP inputSchema must have \"type\": \"object\", got %s", ZH: "$.type：MCP 的 inputSchema 必须是 \"type\": \"object\"，实际是 %s"},
	"schema-invalid":             {EN: "not a valid JSON Schema: %s", ZH: "不是合法的 JSON Schema：%s"},
	"schema-compile":             {EN: "the schema cannot be compiled: %s", ZH: "schema 无法编译：%s"},
	"case-valid-rejected":        {EN: "hidden valid case \"%s\" (%s) was rejected, but it must pass: %s", ZH: "隐藏的合法用例 \"%s\"（%s）被拒绝了，但它应该通过：%s"},
	"case-invalid-accepted":      {EN: "hidden invalid case \"%s\" (%s) was accepted, but it must fail: %s", ZH: "隐藏的非法用例 \"%s\"（%s）被接受了，但它应该被拒绝：%s"},

	// Base64 header values.
	"b64-one-line":    {EN: "write one header line, got %d lines", ZH: "请只写一行头部，实际有 %d 行"},
	"b64-header-name": {EN: "header %s: the tool name goes in the Mcp-Name header", ZH: "头部 %s：工具名应放在 Mcp-Name 头中"},
	"b64-plain":       {EN: "the name is sent as is, but it is not ASCII: header values must be visible ASCII, so use the =?base64?…?= form", ZH: "名字原样发送了，但它不是 ASCII：头部值只能是可见 ASCII 字符，请使用 =?base64?…?= 形式"},
	"b64-marker-case": {EN: "the prefix \"%s\" must be exactly \"=?base64?\" (the markers are case-sensitive, lowercase)", ZH: "前缀 \"%s\" 必须正好是 \"=?base64?\"（标记区分大小写，须小写）"},
	"b64-no-prefix":   {EN: "the value must start with \"=?base64?\"", ZH: "值必须以 \"=?base64?\" 开头"},
	"b64-no-suffix":   {EN: "the value must end with \"?=\"", ZH: "值必须以 \"?=\" 结尾"},
	"b64-urlsafe":     {EN: "the Base64 uses the URL-safe alphabet (- or _); use the standard alphabet (+ and /)", ZH: "Base64 使用了 URL 安全字母表（- 或 _）；请使用标准字母表（+ 和 /）"},
	"b64-padding":     {EN: "the Base64 lacks its = padding; standard Base64 keeps it", ZH: "Base64 缺少 = 填充；标准 Base64 要保留填充"},
	"b64-invalid":     {EN: "not valid Base64: %s", ZH: "不是合法的 Base64：%s"},
	"b64-not-utf8":    {EN: "the Base64 decodes to bytes that are not UTF-8: encode the UTF-8 bytes of the name", ZH: "Base64 解码后的字节不是 UTF-8：请对名字的 UTF-8 字节进行编码"},
	"b64-wrong-value": {EN: "the value decodes to \"%s\", but the tool name is \"%s\"", ZH: "该值解码后是 \"%s\"，但工具名是 \"%s\""},

	// Progress store.
	"non-negative-integer": {EN: "a non-negative integer", ZH: "非负整数"},
	"store-reset-syntax":   {EN: "Your saved progress could not be read (%s) and was reset.", ZH: "无法读取已保存的进度（%s），进度已重置。"},
	"store-reset-shape":    {EN: "Your saved progress has an unexpected shape (%s) and was reset.", ZH: "已保存的进度格式不符（%s），进度已重置。"},
	"store-reset-old":      {EN: "Your saved progress is from an older version of the course (format %d, now %d) and was reset.", ZH: "已保存的进度来自旧版课程（格式 %d，现为 %d），进度已重置。"},
	"store-reset-new":      {EN: "Your saved progress is from a newer version of the course (format %d, this is %d) and was reset.", ZH: "已保存的进度来自更新版本的课程（格式 %d，当前为 %d），进度已重置。"},
}
