package check

import (
	_ "embed"
	"strings"
	"sync"

	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/scenario"
)

// probeNote is what the checker's own requests are for, in both languages;
// the sentence each cites is the one of the check it feeds.
type probeNote struct {
	tag   string // the probe's tag
	check string // the check whose sentence it cites ("" for none)
	text  scenario.Text
}

var probeNotes = [...]probeNote{
	{tagIDs, IDIDs, scenario.Text{
		En: "The checker sends tools/list with a string id, \"" + StringID + "\" (its other requests have integer ids). The answer must carry the very same string: not a number, not null, not another string.",
		Zh: "检查器发送 id 为字符串 \"" + StringID + "\" 的 tools/list（它的其他请求都用整数 id）。回复必须带着完全相同的字符串：不能变成数字、null 或别的字符串。"}},
	{tagNotify, IDNotification, scenario.Text{
		En: "A notification no server knows, " + UnknownNotification + ". JSON-RPC never answers a notification, known or not: on stdio nothing may come back for it, over HTTP the answer is 202 Accepted with no body (or an error status if the server refuses it). The checker then leaves the line quiet for a moment, so that a reply would stand out.",
		Zh: "一条没有服务器认识的通知：" + UnknownNotification + "。无论认不认识，JSON-RPC 都从不回复通知：在 stdio 上不能有任何回应，在 HTTP 上应回 202 Accepted 且没有正文（服务器拒绝时可以回错误状态码）。检查器随后让线路安静片刻，这样任何回复都会显露出来。"}},
	{tagUnknownMethod, IDUnknownMethod, scenario.Text{
		En: "A request for " + UnknownMethod + ", a method no server implements. The answer must be the JSON-RPC error -32601 Method not found (in 2026-07-28 over HTTP with 404 Not Found): that is how a client tells \"this server does not have that\" from every other failure.",
		Zh: "请求 " + UnknownMethod + "，一个没有服务器实现的方法。回复必须是 JSON-RPC 错误 -32601 Method not found（2026-07-28 的 HTTP 上还要配 404 Not Found）：客户端正是靠它把“服务器没有这个方法”和其他失败区分开。"}},
	{tagNoMeta, IDMeta, scenario.Text{
		En: "tools/list without the _meta every 2026-07-28 request must carry (protocol version, client capabilities). The server cannot know which version to answer in, so it must refuse the request with -32602 (HTTP 400).",
		Zh: "不带 _meta 的 tools/list，而每个 2026-07-28 请求都必须携带它（协议版本、客户端能力）。服务器无从得知该用哪个版本回答，所以必须以 -32602（HTTP 400）拒绝。"}},
	{tagBadVersion, IDUnsupported, scenario.Text{
		En: "tools/list asking for protocol version " + UnknownVersion + " (in _meta and, over HTTP, in MCP-Protocol-Version alike), which no server implements. The server must answer -32022 UnsupportedProtocolVersion with data.supported, the versions the client may retry with.",
		Zh: "请求协议版本 " + UnknownVersion + " 的 tools/list（_meta 里和 HTTP 的 MCP-Protocol-Version 头里都这样写），没有服务器实现这个版本。服务器必须回复 -32022 UnsupportedProtocolVersion，并在 data.supported 中列出客户端可以改用的版本。"}},
	{tagHeaders, IDHeaderMismatch, scenario.Text{
		En: "tools/list whose Mcp-Method header says " + mcp.MethodPromptsList + ": the headers disagree with the body. A gateway routes by the headers, the server acts on the body, so the server must refuse it with 400 and -32020 HeaderMismatch.",
		Zh: "Mcp-Method 头写着 " + mcp.MethodPromptsList + " 的 tools/list：请求头与请求体不一致。网关按请求头路由，服务器按请求体执行，所以服务器必须以 400 和 -32020 HeaderMismatch 拒绝它。"}},
	{tagOrigin, IDOrigin, scenario.Text{
		En: "A request with Origin: " + ForeignOrigin + ", as a web page on that site would send it through the user's browser (DNS rebinding reaches 127.0.0.1 too). The server must answer 403 Forbidden.",
		Zh: "一个带有 Origin: " + ForeignOrigin + " 的请求，就像该网站上的网页通过用户的浏览器发出的那样（DNS 重绑定也能到达 127.0.0.1）。服务器必须回复 403 Forbidden。"}},
	{tagCall, IDStructured, scenario.Text{
		En: "A tool you named with -call, with your arguments: the only tools the checker ever calls are the ones you name. A result of a tool with an outputSchema must carry structuredContent that matches it.",
		Zh: "你用 -call 指定的工具，带着你给的参数：检查器只会调用你指定的工具。带 outputSchema 的工具，其结果必须带有与之相符的 structuredContent。"}},
	{tagUnknownTool, IDUnknownTool, scenario.Text{
		En: "tools/call of a tool the server does not list. Calling it does nothing anywhere; the answer shows which error channel the server uses for an unknown tool.",
		Zh: "调用服务器没有列出的工具。这个调用在哪里都不会产生作用；回复显示服务器用哪个错误通道报告未知工具。"}},
	{tagInvalidArgs, IDInvalidArgs, scenario.Text{
		En: "A tool you named, called with arguments built to break its own inputSchema (a required property left out, a wrong type, a value outside its enum). The server must validate them and answer with a tool execution error the model can read and correct.",
		Zh: "你指定的工具，用专门违反它自己 inputSchema 的参数来调用（缺少必需属性、类型错误、取值不在 enum 中）。服务器必须校验参数，并用模型能读懂、能据此改正的工具执行错误回答。"}},
	{tagSlow, IDResponsive, scenario.Text{
		En: "The slow tool you named with -slow, run to its end once, with a progressToken: its duration tells the checker when to cancel the next calls, and while it runs the checker asks something else.",
		Zh: "你用 -slow 指定的慢工具，带 progressToken 完整运行一次：它的耗时告诉检查器之后在何时取消；它运行期间检查器还会问点别的。"}},
	{tagDuring, IDResponsive, scenario.Text{
		En: "Sent while the slow call runs (tools/list in 2026-07-28, ping in 2025-11-25). A server that handles requests side by side answers at once; one with a blocking call inside a tool answers only when that call is done.",
		Zh: "在慢调用运行期间发出（2026-07-28 用 tools/list，2025-11-25 用 ping）。能并行处理请求的服务器会立即回答；工具里有阻塞调用的服务器要等那次调用结束才回答。"}},
	{tagCancel, IDCancellation, scenario.Text{
		En: "The slow tool again; the checker cancels it halfway (stdio and 2025-11-25 HTTP: notifications/cancelled; 2026-07-28 HTTP: closing the response stream) and watches for anything more about it.",
		Zh: "再次调用慢工具；检查器在中途取消它（stdio 和 2025-11-25 的 HTTP：发送 notifications/cancelled；2026-07-28 的 HTTP：关闭响应流），并留意之后是否还有关于它的任何消息。"}},
	{tagCancel + "-notice", IDCancellation, scenario.Text{
		En: "notifications/cancelled for the call in flight. From here on the server should stop the work, and send nothing more for that request: no answer, no progress.",
		Zh: "针对进行中调用的 notifications/cancelled。从此刻起，服务器应当停止工作，并且不再为该请求发送任何消息：没有回复，也没有进度。"}},
	{tagNegotiate, IDVersion, scenario.Text{
		En: "A second connection whose initialize asks for protocol version " + BogusVersion + ", which no server has. The server must answer with another version it supports (the client then decides whether it can go on), not echo the one asked for.",
		Zh: "第二个连接，它的 initialize 请求协议版本 " + BogusVersion + "，没有服务器有这个版本。服务器必须回答一个它支持的其他版本（客户端再决定能否继续），而不是照搬所请求的版本。"}},
	{tagList, IDSchemas, scenario.Text{
		En: "tools/list: the tools the checker reads the schemas, descriptions and names of. It lists them again later, to see that the order and the definitions stay the same.",
		Zh: "tools/list：检查器读取这些工具的 schema、描述和名称。之后它还会再列一次，看顺序和定义是否保持不变。"}},
	{tagList + "-n", IDListChangedHonst, scenario.Text{
		En: "tools/list again, to compare with the first list: the same tools in the same order, with the same descriptions and schemas, unless notifications/tools/list_changed came in between.",
		Zh: "再次调用 tools/list，与第一次的列表对比：相同的工具、相同的顺序、相同的描述和 schema，除非中间来过 notifications/tools/list_changed。"}},
	{tagUnsolicited, "", scenario.Text{
		En: "The server sent this when the client had no exchange open for it: an answer that came after the client stopped waiting, an answer to a notification, or a notification of its own.",
		Zh: "服务器在客户端没有为它打开任何交换时发来了这条消息：可能是客户端已不再等待后才到的回复、对通知的回复，或是服务器自己的通知。"}},
	{tagCancel + ".waited", IDCancellation, scenario.Text{
		En: "Nothing more came for the cancelled call within its full duration and a little more: the checker stops waiting for it.",
		Zh: "在被取消调用的完整耗时再多一点的时间内，没有再收到关于它的任何消息：检查器不再等待。"}},
}

// courseLabel is the course's label whose notes explain the answers to a
// probe (its request notes are the probe's own).
func courseLabel(tag, version string) string {
	switch {
	case tag == tagCall, tag == tagSlow, tag == tagUnknownTool, tag == tagInvalidArgs, isCancel(tag):
		return "tools-call"
	case tag == tagIDs, tag == tagNoMeta, tag == tagBadVersion, tag == tagHeaders, strings.HasPrefix(tag, tagList):
		return "tools-list"
	case (tag == tagDuring || tag == tagOrigin) && mcp.IsModern(version):
		return "tools-list"
	case tag == tagNegotiate:
		return "initialize"
	case strings.HasSuffix(tag, "-notice"):
		return "timeout.cancelled"
	}
	return ""
}

// isCancel reports whether tag is cancel-N.
func isCancel(tag string) bool {
	n, ok := strings.CutPrefix(tag, tagCancel+"-")
	return ok && n != "" && strings.Trim(n, "0123456789") == ""
}

// normTag folds the numbered probes into one note: tools-list-2 → tools-list-n,
// cancel-3 → cancel, cancel-3-notice → cancel-notice.
func normTag(tag string) string {
	switch {
	case strings.HasPrefix(tag, tagList+"-"):
		return tagList + "-n"
	case isCancel(tag):
		return tagCancel
	case strings.HasSuffix(tag, "-notice") && isCancel(strings.TrimSuffix(tag, "-notice")):
		return tagCancel + "-notice"
	}
	return tag
}

// Note is the annotation of a capture's event, for the inspector: what the
// checker sends is explained by the probe's own note (citing the sentence
// of the check it feeds); what the server answers by the course's note for
// that kind of answer; everything else (launch, stderr, shutdown, the
// course's own labels) by the course's notes as they are.
func Note(key, version, transport string) scenario.Note {
	tag, rest, _ := strings.Cut(key, ".")
	nt := normTag(tag)
	for _, p := range probeNotes {
		if (p.tag == nt && (rest == "" || rest == "request" || nt == tagUnsolicited)) || p.tag == key {
			n := scenario.Note{Text: p.text}
			if d, ok := DefByID(p.check); ok {
				c, _, _ := d.Cite(version, transport)
				n.Spec, n.Quote = c.Spec, c.Quote
			}
			return n
		}
	}
	if l := courseLabel(tag, version); l != "" && rest != "" {
		return scenario.AnnotationFor(l+"."+rest, version)
	}
	return scenario.AnnotationFor(key, version)
}

// The Chinese of the sentences the checks cite that the course's notes do
// not (scenario.QuoteGloss has those), as data: text/quotes.glosses, in the
// format of the notes' glosses, read at the first QuoteZh.
//
//go:embed text/quotes.glosses
var glossesFile string

// glossesName is the file's name in errors.
const glossesName = "sim/check/text/quotes.glosses"

type glossTable struct {
	zh   map[string]string // quote → Chinese
	errs []error
}

var checkGlosses = sync.OnceValue(func() glossTable {
	zh, errs := scenario.ParseGlosses(glossesName, glossesFile)
	return glossTable{zh, errs}
})

// QuoteZh is the Chinese of a sentence a check or probe note cites ("" when
// there is none).
func QuoteZh(quote string) string {
	if zh := scenario.QuoteGloss(quote); zh != "" {
		return zh
	}
	return checkGlosses().zh[quote]
}
