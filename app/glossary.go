package ui

import (
	"strings"

	"mcpwirelab/sim/transport/streamhttp"
)

// glossary explains the fields a learner points at, in both languages.
// Keys: JSON member names ("id"), qualified names ("error.code",
// "_meta.*" for any _meta key) and lower-case header names ("h:mcp-session-id").
var glossary = map[string]text{
	"jsonrpc": {"Always \"2.0\": marks the object as a JSON-RPC 2.0 message.", "固定为 \"2.0\"：表明这是一条 JSON-RPC 2.0 消息。"},
	"id": {"Request id. The response carries the same id, which is how the client pairs answers with questions even when they arrive out of order. Notifications have no id and get no answer.",
		"请求编号。响应会带回同一个 id，客户端靠它把回答与问题配对，即使顺序被打乱也不会错。通知没有 id，也不会有回应。"},
	"method": {"What the sender asks for, e.g. tools/list or tools/call. Present in requests and notifications, never in responses.",
		"发送方请求做的事，例如 tools/list 或 tools/call。只出现在请求和通知里，响应中没有。"},
	"params": {"The arguments of the method.", "方法的参数。"},
	"result": {"Present in a successful response: the answer to the request with the same id.", "成功响应中的内容：对相同 id 请求的回答。"},
	"error": {"Present instead of result when the request failed at the protocol level (unknown method, invalid params…). The model usually never sees it.",
		"请求在协议层失败（方法不存在、参数无效……）时代替 result 出现。模型通常看不到它。"},
	"error.code": {"JSON-RPC error code: -32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32603 internal error; MCP adds its own codes.",
		"JSON-RPC 错误码：-32700 解析错误，-32600 无效请求，-32601 方法不存在，-32602 参数无效，-32603 内部错误；MCP 另有自定义错误码。"},
	"error.message": {"Human-readable description of the protocol error.", "协议错误的可读描述。"},
	"error.data":    {"Optional extra detail about the error.", "关于错误的可选补充信息。"},
	"_meta": {"Reserved metadata object. In 2026-07-28 each request carries what the old handshake negotiated once (protocol version, client info, capabilities) inside _meta.",
		"保留的元数据对象。在 2026-07-28 中，每个请求都在 _meta 里携带旧版握手时只协商一次的内容（协议版本、客户端信息、能力）。"},
	"_meta.*": {"A key inside _meta. Keys are namespaced (e.g. io.modelcontextprotocol/…); receivers ignore keys they do not know.",
		"_meta 中的一个键。键带命名空间（如 io.modelcontextprotocol/…）；接收方会忽略不认识的键。"},
	"_meta.progressToken": {"Asks the receiver to send notifications/progress tagged with this token.", "请求接收方发送带此令牌的 notifications/progress 进度通知。"},
	"resultType": {"Says what kind of result this is, so a client can tell a complete answer from other outcomes without guessing from the shape.",
		"说明这是哪种结果，客户端无需根据结构猜测就能分辨完整回答与其他结果。"},
	"isError": {"true means the tool ran and failed. This is a normal result the model reads and can act on (retry with fixed arguments) — unlike a JSON-RPC error.",
		"true 表示工具执行了但失败了。这是模型会读到并据此行动（修正参数后重试）的正常结果——不同于 JSON-RPC 错误。"},
	"content":           {"What the model reads: a list of content blocks (text, image, …).", "模型读到的内容：一组内容块（文本、图片……）。"},
	"structuredContent": {"The same result as typed JSON, matching the tool's outputSchema, for programs rather than the model.", "同一结果的结构化 JSON，符合工具的 outputSchema，供程序而非模型使用。"},
	"tools":             {"The tools the server offers. The host turns them into text the model reads.", "服务器提供的工具列表。宿主会把它们转成模型能读的文本。"},
	"name":              {"A tool's name; tools/call names the tool to run.", "工具名称；tools/call 用它指定要运行的工具。"},
	"description":       {"Written for the model: it decides whether and how to call the tool from this text.", "写给模型看的说明：模型据此决定是否以及如何调用该工具。"},
	"inputSchema":       {"JSON Schema of the arguments. The server validates arguments against it.", "参数的 JSON Schema。服务器据此校验参数。"},
	"outputSchema":      {"JSON Schema of structuredContent.", "structuredContent 的 JSON Schema。"},
	"arguments":         {"The arguments the model chose for the tool call.", "模型为这次工具调用选定的参数。"},
	"protocolVersion":   {"The MCP version (a date) the sender speaks.", "发送方使用的 MCP 版本（一个日期）。"},
	"capabilities":      {"Optional features each side supports (tools, resources, sampling…).", "双方各自支持的可选功能（tools、resources、sampling……）。"},
	"clientInfo":        {"Name and version of the client software.", "客户端软件的名称和版本。"},
	"serverInfo":        {"Name and version of the server software.", "服务器软件的名称和版本。"},
	"requestId":         {"In notifications/cancelled: the id of the request being abandoned.", "在 notifications/cancelled 中：被放弃的请求的 id。"},
	"reason":            {"Why the request was cancelled.", "请求被取消的原因。"},
	"ttlMs":             {"How long (ms) the client may reuse this result before asking again.", "客户端可复用此结果的时长（毫秒），过期后需重新请求。"},
	"cacheScope":        {"Who may share a cached result.", "缓存结果可以被哪些范围共享。"},
	"nextCursor":        {"Pagination: pass it back to get the next page.", "分页：把它传回去即可获取下一页。"},
	"progress":          {"How far a long operation has got.", "长时间操作的进度。"},
	"text":              {"Text of a content block.", "内容块的文本。"},
	"type":              {"Kind of content block (text, image, resource…).", "内容块的类型（text、image、resource……）。"},

	"h:mcp-session-id": {"Session id (2025-11-25): the server may assign one on its initialize response (it does not have to); if it does, the client must send it on every later request. 2026-07-28 drops sessions.",
		"会话 ID（2025-11-25）：服务器可以在 initialize 响应中分配一个（但不是必须）；如果分配了，客户端之后的每个请求都必须带上。2026-07-28 取消了会话。"},
	"h:mcp-protocol-version": {"The MCP version of this request, repeated in a header so proxies and the server can route and reject early.",
		"本请求的 MCP 版本，在请求头中重复一遍，便于代理和服务器提前路由或拒绝。"},
	"h:mcp-method": {"The JSON-RPC method copied into a header (2026-07-28) so infrastructure can route without parsing the body. It must agree with the body.",
		"把 JSON-RPC 方法复制到请求头（2026-07-28），基础设施无需解析消息体即可路由。它必须与消息体一致。"},
	"h:mcp-name": {"The tool or prompt name, or the resource URI, copied into a header (2026-07-28): it must match params.name in the body (tools/call, prompts/get) or params.uri (resources/read).",
		"把工具名、提示名或资源 URI 复制到请求头（2026-07-28）：它必须与消息体中的 params.name（tools/call、prompts/get）或 params.uri（resources/read）一致。"},
	"h:origin": {"Sent by browsers. The server must validate it to stop other web pages from reaching a local server (cross-origin requests, and DNS rebinding, where the Host is the attacker's name too).",
		"浏览器会发送此头。服务器必须校验它，防止其他网页访问本地服务器（跨源请求，以及 Host 也是攻击者域名的 DNS 重绑定攻击）。"},
	"h:accept": {"The client must accept both application/json and text/event-stream: the server picks one per response.",
		"客户端必须同时接受 application/json 和 text/event-stream：服务器每次响应选择其一。"},
	"h:content-type": {"Format of the body: application/json for one message, text/event-stream for a stream of SSE events.",
		"消息体格式：单条消息用 application/json，SSE 事件流用 text/event-stream。"},
	"h:authorization":  {"Bearer token for the server. Never put it in a URL.", "服务器的 Bearer 令牌。切勿放进 URL。"},
	"h:content-length": {"Size of the body in bytes.", "消息体的字节数。"},
	"h:cache-control":  {"no-cache on an event stream keeps proxies from buffering it.", "事件流上的 no-cache 可防止代理缓冲它。"},
	"h:host":           {"The server address the request is for.", "请求发往的服务器地址。"},
	"h:last-event-id":  {"Resuming a stream: the last SSE event id the client received.", "恢复流时：客户端收到的最后一个 SSE 事件 id。"},
}

// Explain returns the glossary text for a term in lang ("" if unknown).
func Explain(lang, term string) string {
	t, ok := glossary[term]
	if !ok {
		return ""
	}
	if lang == LangZh {
		return t.zh
	}
	return t.en
}

// termTitle is how a term is named in the field guide.
func termTitle(term string) string {
	switch {
	case len(term) > 2 && term[:2] == "h:":
		return canonicalHeader(term[2:])
	case term == "_meta.*":
		return "_meta …"
	}
	return term
}

func canonicalHeader(h string) string {
	// The MCP headers as the spec spells them (Go would write "Mcp-Protocol-Version").
	for _, name := range [...]string{streamhttp.HeaderSessionID, streamhttp.HeaderProtocolVersion, streamhttp.HeaderMethod, streamhttp.HeaderName} {
		if strings.EqualFold(h, name) {
			return name
		}
	}
	b := []byte(h)
	up := true
	for i, c := range b {
		if up && c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
		up = c == '-'
	}
	return string(b)
}
