package check

import "mcpwirelab/sim/scenario"

// quoteGlosses is the Chinese of the sentences the checks cite that the
// course's notes do not (scenario.QuoteGloss has those). The page shows it
// beside the verbatim English under lang=zh.
var quoteGlosses = [...]struct{ quote, zh string }{
	{qNotification, "接收方不得发送响应。"},
	{"If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports.",
		"如果服务器支持所请求的协议版本，它必须以同一版本回应。否则，服务器必须回应另一个它支持的协议版本。"},
	{qJSONRPC, "MCP 客户端与服务器之间的所有消息都必须遵循 JSON-RPC 2.0 规范。"},
	{qSchemas, "Schema 必须依照其声明的或默认的方言是有效的"},
	{qOutput, "服务器必须提供符合该 schema 的结构化结果。"},
	{qToolNames, "工具名称的长度应当在 1 到 128 个字符之间（含两端）。"},
	{qOrder, "服务器应当以确定的顺序返回工具（即在底层工具集合没有变化时，各次请求的顺序相同）。"},
	{"Protocol Errors: Standard JSON-RPC errors for issues like: - Unknown tools", "协议错误：针对以下问题的标准 JSON-RPC 错误：- 未知工具"},
	{"Protocol Errors indicate issues with the request structure itself that models are less likely to be able to fix: - Unknown tool",
		"协议错误表示请求结构本身的问题，模型不太可能修正它们：- 未知工具"},
	{qValidate, "服务器必须：- 校验所有工具输入"},
	{"Receivers of cancellation notifications SHOULD: - Stop processing the cancelled request - Free associated resources - Not send a response for the cancelled request",
		"取消通知的接收方应当：- 停止处理被取消的请求 - 释放相关资源 - 不为被取消的请求发送响应"},
	{"The receiver MUST respond promptly with an empty response", "接收方必须立即以一个空响应回应"},
	{"Servers SHOULD be prepared to handle requests associated with multiple tasks, threads, or conversations.",
		"服务器应当做好准备，处理与多个任务、线程或对话相关的请求。"},
	{qUntrusted, "尤其是，对工具行为的描述（例如注解）应被视为不可信，除非它们来自可信的服务器。"},
}

// QuoteZh is the Chinese of a sentence a check or probe note cites ("" when
// there is none).
func QuoteZh(quote string) string {
	if zh := scenario.QuoteGloss(quote); zh != "" {
		return zh
	}
	for _, g := range quoteGlosses {
		if g.quote == quote {
			return g.zh
		}
	}
	return ""
}
