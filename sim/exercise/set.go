package exercise

import (
	"fmt"

	"mcpwirelab/sim/calc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/transport/streamhttp"
)

// Stable exercise IDs, in course order.
const (
	IDHTTPAnatomy    = "http-anatomy"
	IDRetryMath      = "retry-math"
	IDIdempotency    = "idempotency"
	IDEmailSchema    = "send-email-schema"
	IDErrorChannels  = "error-channels"
	IDStdoutPolution = "stdout-pollution"
	IDOriginDefences = "origin-defences"
	IDInitHandshake  = "init-handshake"
	IDModernHeaders  = "modern-headers"
	IDMcpNameBase64  = "mcp-name-base64"
	IDCapabilities   = "capability-errors"
	IDStreamDrop     = "stream-drop"
	IDNxM            = "nxm-adapters"
)

// All returns the course's exercises in a fixed order with stable IDs.
// Each call returns fresh values; callers may modify them.
func All() []Exercise {
	return []Exercise{
		httpAnatomy(),
		retryMath(),
		idempotency(),
		emailSchema(),
		errorChannels(),
		stdoutPollution(),
		originDefences(),
		initHandshake(),
		modernHeaders(),
		mcpNameBase64(),
		capabilityErrors(),
		streamDrop(),
		nxmAdapters(),
		// The resources, prompts and logging exercises (set_primitives.go).
		resourceNotFound(),
		readResource(),
		logMessages(),
		paramHeader(),
		// The server asking the client (set_asks.go).
		retryInput(),
		missingClientCapability(),
		legacyAskRoute(),
	}
}

// ---- 1 ----------------------------------------------------------------------

const anatomyBody = `{"jsonrpc":"2.0","id":1,"method":"` + mcp.MethodToolsList + `","params":{"_meta":{"` +
	mcp.MetaProtocolVersion + `":"` + ModernVersion + `","` + mcp.MetaClientCapabilities + `":{},"` +
	mcp.MetaClientInfo + `":{"name":"线上学员","version":"1.0.0"}}}}`

const anatomyHeaders = "POST /mcp HTTP/1.1\n" +
	"Host: localhost:3000\n" +
	"Content-Type: application/json\n" +
	"Accept: application/json, text/event-stream\n" +
	streamhttp.HeaderProtocolVersion + ": " + ModernVersion + "\n" +
	streamhttp.HeaderMethod + ": " + mcp.MethodToolsList + "\n"

func httpAnatomy() Exercise {
	return Exercise{
		ID:   IDHTTPAnatomy,
		Kind: KindHTTP,
		Title: tx(
			"Anatomy of an HTTP request",
			"HTTP 请求的结构",
		),
		Prompt: tx(
			"The client below sends a 2026-07-28 tools/list request to the course server, but the server cannot read it. The request has exactly two framing errors. Find them and fix the request so the server accepts it (200 with a JSON-RPC result). Your header lines are sent with CRLF line endings; the body is sent exactly as you typed it.",
			"下面的客户端向课程服务器发送一个 2026-07-28 版本的 tools/list 请求，但服务器无法读取它。这个请求恰好有两处报文结构错误。找出它们并修正请求，使服务器接受（返回 200 和 JSON-RPC 结果）。你写的头部行会以 CRLF 结尾发送；正文按你输入的原样发送。",
		),
		Hints: []Text{
			tx(
				"How does a server know where the headers end? Look at what separates them from the body.",
				"服务器如何知道头部在哪里结束？看看头部和正文之间用什么分隔。",
			),
			tx(
				"How does the server know where the body ends? One header tells it, in bytes.",
				"服务器如何知道正文在哪里结束？有一个头部以字节为单位告诉它。",
			),
			tx(
				"Content-Length counts UTF-8 bytes, not characters: each Chinese character in the body is 3 bytes.",
				"Content-Length 统计的是 UTF-8 字节数而不是字符数：正文里每个汉字占 3 个字节。",
			),
		},
		Starter:     anatomyHeaders + anatomyBody + "\n",
		ModelAnswer: anatomyHeaders + fmt.Sprintf("Content-Length: %d\n", len(anatomyBody)) + "\n" + anatomyBody + "\n",
		Explanation: tx(
			fmt.Sprintf("An HTTP/1.1 request is a request line, header lines, one empty line, then the body. Without the empty line the server reads the JSON as a (broken) header. Without Content-Length the server cannot tell where the body ends; it must be the body's size in bytes: %d here, because each of the four Chinese characters in clientInfo.name takes 3 bytes.", len(anatomyBody)),
			fmt.Sprintf("HTTP/1.1 请求由请求行、若干头部行、一个空行和正文组成。缺少空行时，服务器会把 JSON 当成（损坏的）头部来读。缺少 Content-Length 时，服务器无法判断正文在哪里结束；它必须是正文的字节数：这里是 %d，因为 clientInfo.name 里的四个汉字各占 3 个字节。", len(anatomyBody)),
		),
		Spec:  []string{"2026-07-28/basic/transports/streamable-http#sending-messages"},
		grade: gradeAcceptedRequest,
	}
}

// ---- 2 ----------------------------------------------------------------------

func retryMath() Exercise {
	sec := tx("s", "秒")
	return Exercise{
		ID:   IDRetryMath,
		Kind: KindNumeric,
		Title: tx(
			"Retry arithmetic",
			"重试的算术",
		),
		Prompt: tx(
			"An MCP client calls a tool over HTTP. The server is down and answers every request with 503 Service Unavailable. The client's policy: a 2 s timeout per request, up to 5 retries after the first attempt, exponential backoff starting at 0.25 s and doubling, no jitter.\n"+
				"Assumptions for the worst case: every attempt takes the full 2 s before the 503 arrives; the wait before retry k is 0.25 × 2^(k−1) s; nobody waits after the last attempt; all other time is ignored.\n"+
				"Give: attempts — requests sent in total; backoff — the 5 waits in seconds, in order; total_backoff — their sum; worst_case — the worst-case time in seconds until the client gives up; agent_step — an agent step calls 3 tools one after another, each against this failing server: its worst case in seconds.\n"+
				`Answer as JSON, e.g. {"attempts": 1, "backoff": [0, 0, 0, 0, 0], "total_backoff": 0, "worst_case": 0, "agent_step": 0}.`,
			"一个 MCP 客户端通过 HTTP 调用工具。服务器宕机了，对每个请求都返回 503 Service Unavailable。客户端的策略：每个请求超时 2 秒；首次尝试之后最多重试 5 次；指数退避，从 0.25 秒开始，每次翻倍，无抖动。\n"+
				"最坏情况的假设：每次尝试都要等满 2 秒才收到 503；第 k 次重试前等待 0.25 × 2^(k−1) 秒；最后一次尝试之后不再等待；其他时间一律忽略。\n"+
				"请给出：attempts —— 一共发送多少个请求；backoff —— 5 次等待的秒数，按顺序；total_backoff —— 等待时间之和；worst_case —— 客户端放弃之前最坏要花多少秒；agent_step —— 一个智能体步骤依次调用 3 个工具，每个都打到这台故障服务器：这一步最坏要多少秒。\n"+
				`请用 JSON 作答，例如 {"attempts": 1, "backoff": [0, 0, 0, 0, 0], "total_backoff": 0, "worst_case": 0, "agent_step": 0}。`,
		),
		Hints: []Text{
			tx("5 retries come after the first attempt.", "5 次重试是在首次尝试之后。"),
			tx("The waits double: 0.25, 0.5, … Add them up.", "等待时间逐次翻倍：0.25、0.5……把它们加起来。"),
			tx(
				"Worst case = attempts × timeout + total backoff; the agent step repeats that for each of the 3 tools.",
				"最坏情况 = 尝试次数 × 超时 + 退避总和；智能体步骤对 3 个工具各来一遍。",
			),
		},
		Fields: []Field{
			{ID: "attempts", Label: tx("Attempts", "尝试次数"), Want: []float64{6}},
			{ID: "backoff", Label: tx("Backoff waits", "退避等待"), Want: []float64{0.25, 0.5, 1, 2, 4}, Sequence: true, Tolerance: 0.001, Unit: sec},
			{ID: "total_backoff", Label: tx("Total backoff", "退避总和"), Want: []float64{7.75}, Tolerance: 0.01, Unit: sec},
			{ID: "worst_case", Label: tx("Worst case", "最坏情况"), Want: []float64{19.75}, Tolerance: 0.01, Unit: sec},
			{ID: "agent_step", Label: tx("Agent step (3 tools)", "智能体步骤（3 个工具）"), Want: []float64{59.25}, Tolerance: 0.01, Unit: sec},
		},
		ModelAnswer: `{"attempts":6,"backoff":[0.25,0.5,1,2,4],"total_backoff":7.75,"worst_case":19.75,"agent_step":59.25}`,
		Explanation: tx(
			"1 attempt + 5 retries = 6 attempts. Waits 0.25 + 0.5 + 1 + 2 + 4 = 7.75 s. Worst case 6 × 2 s + 7.75 s = 19.75 s. Three tools in sequence: 3 × 19.75 s = 59.25 s — nearly a minute for one agent step against a dead server, which is why budgets and circuit breakers matter.",
			"1 次尝试 + 5 次重试 = 6 次。等待 0.25 + 0.5 + 1 + 2 + 4 = 7.75 秒。最坏情况 6 × 2 秒 + 7.75 秒 = 19.75 秒。三个工具依次调用：3 × 19.75 秒 = 59.25 秒——对着一台宕机的服务器，一个智能体步骤就要将近一分钟，这就是为什么需要时间预算和熔断。",
		),
	}
}

// ---- 3 ----------------------------------------------------------------------

func idempotency() Exercise {
	return Exercise{
		ID:   IDIdempotency,
		Kind: KindChoice,
		Title: tx(
			"Safe to retry?",
			"可以安全重试吗？",
		),
		Prompt: tx(
			"A network hiccup loses the response, so the client cannot tell whether the server carried out the request. safe: which operations can be retried as they are, without risking a second effect? fix: how do you make the unsafe one safe to retry?",
			"网络抖动导致响应丢失，客户端无法知道服务器是否已经执行了请求。safe：哪些操作可以原样重试而不会产生第二次效果？fix：怎样让不安全的那个操作可以安全重试？",
		),
		Hints: []Text{
			tx(
				"Ask: if the first request did go through, what does a second identical one change?",
				"问问自己：如果第一个请求其实已经成功，再来一个一模一样的请求会改变什么？",
			),
			tx(
				"PUT replaces a resource with the full value you send; POST creates or triggers something new each time.",
				"PUT 用你发送的完整值替换资源；POST 每次都会创建或触发新的东西。",
			),
			tx(
				"The fix lets the server recognise a repeat of the same logical operation.",
				"解决办法是让服务器能认出“同一个逻辑操作的重复”。",
			),
		},
		Questions: []Question{
			{
				ID:     "safe",
				Prompt: tx("Which can be retried as is? (several)", "哪些可以原样重试？（多选）"),
				Multi:  true,
				Choices: []Choice{
					{ID: "get-emails", Label: tx("GET /emails", "GET /emails"),
						Why: tx("GET only reads; repeating it changes nothing on the server", "GET 只读取数据，重复执行不会改变服务器上的任何东西")},
					{ID: "list-emails", Label: tx("tools/call list_emails (a read-only tool)", "tools/call list_emails（只读工具）"),
						Why: tx("list_emails only reads the mailbox; the POST carrying tools/call is just the envelope, so a second call has no additional effect", "list_emails 只读取邮箱；承载 tools/call 的 POST 只是信封，再调用一次没有额外效果")},
					{ID: "send-email", Label: tx("POST /send_email", "POST /send_email"),
						Why: tx("each POST sends another e-mail: if only the response was lost, a retry sends a duplicate", "每次 POST 都会再发一封邮件：如果只是响应丢了，重试就会发出重复的邮件")},
					{ID: "put-settings", Label: tx(`PUT /settings with the full settings {"theme":"dark"}`, `PUT /settings，携带完整设置 {"theme":"dark"}`),
						Why: tx("PUT replaces the settings with the same full value; doing it twice leaves the same state (idempotent)", "PUT 用同样的完整值替换设置，执行两次结果状态相同（幂等）")},
				},
				Correct: []string{"get-emails", "list-emails", "put-settings"},
			},
			{
				ID:     "fix",
				Prompt: tx("How do you make the unsafe one safe to retry?", "怎样让不安全的操作可以安全重试？"),
				Choices: []Choice{
					{ID: "idempotency-key", Label: tx("Send an Idempotency-Key header: a unique ID created once per e-mail and reused on every retry; the server remembers it and never sends twice", "发送 Idempotency-Key 头：每封邮件生成一次唯一 ID，每次重试都复用；服务器记住它，绝不重复发送"),
						Why: tx("the server recognises a retry by its key and returns the first result instead of sending again", "服务器通过这个键识别重试，直接返回第一次的结果而不再发送")},
					{ID: "retry-sooner", Label: tx("Retry sooner, before the server has sent the first e-mail", "更快地重试，赶在服务器发出第一封邮件之前"),
						Why: tx("timing does not help: the first request may already have been processed when the response was lost", "时机救不了它：响应丢失时，第一个请求可能早已处理完毕")},
					{ID: "use-get", Label: tx("Use GET /send_email?to=… instead of POST", "改用 GET /send_email?to=… 代替 POST"),
						Why: tx("changing the method does not change the effect; a GET that sends mail breaks HTTP semantics and still sends twice", "换个方法并不会改变效果；会发邮件的 GET 违反 HTTP 语义，而且照样会发两次")},
					{ID: "fresh-id", Label: tx("Give every retry a fresh request ID", "每次重试都使用新的请求 ID"),
						Why: tx("a new JSON-RPC id on every retry is right, and MCP requires it (a retry is a new request: the request ID MUST NOT match one still awaiting a response); but it does not stop the duplicate, which comes from the server running the send twice. What must stay the same across retries is a key that names the e-mail", "每次重试使用新的 JSON-RPC id 是对的，MCP 也要求这样做（重试是一个新请求：请求 ID 不得（MUST NOT）与仍在等待响应的请求相同）；但它挡不住重复，重复来自服务器把发送执行了两次。需要在多次重试之间保持不变的，是一个标识这封邮件的键")},
				},
				Correct: []string{"idempotency-key"},
			},
		},
		ModelAnswer: `{"safe":["get-emails","list-emails","put-settings"],"fix":"idempotency-key"}`,
		Explanation: tx(
			"Reads (GET /emails, the read-only list_emails tool) and full replacements (PUT) are idempotent: repeating them leaves the same state. POST /send_email is not: a retry after a lost response sends the e-mail twice. An Idempotency-Key, generated once per logical e-mail and reused on every retry, lets the server detect the repeat. The retry itself is still a new request with a new JSON-RPC id, as MCP requires. MCP tool annotations do not settle it either: readOnlyHint and idempotentHint are hints, the schema says clients should never make tool-use decisions based on annotations from untrusted servers, and idempotentHint means something only when readOnlyHint is false (a read-only tool is trivially safe to repeat).",
			"读取操作（GET /emails、只读工具 list_emails）和完整替换（PUT）是幂等的：重复执行后状态不变。POST /send_email 不是：响应丢失后重试会把邮件发两遍。Idempotency-Key 对每封逻辑上的邮件只生成一次、每次重试都复用，服务器就能识别重复。重试本身仍然是一个新请求，使用新的 JSON-RPC id，这是 MCP 的要求。MCP 的工具注解也决定不了这件事：readOnlyHint 和 idempotentHint 只是提示，schema 明确说客户端绝不应根据来自不可信服务器的注解做工具使用决策，而且 idempotentHint 只在 readOnlyHint 为 false 时才有意义（只读工具重复执行本来就安全）。",
		),
	}
}

// ---- 4 ----------------------------------------------------------------------

func emailSchema() Exercise {
	return Exercise{
		ID:   IDEmailSchema,
		Kind: KindJSON,
		Title: tx(
			"Write an inputSchema",
			"编写 inputSchema",
		),
		Prompt: tx(
			"Write the inputSchema (JSON Schema, Draft 2020-12) of the tool send_email(to, subject, body, cc?): to is a list of one or more e-mail addresses (strings); subject and body are strings; cc is optional, a list of e-mail addresses (strings); nothing else is allowed. Your schema is run against hidden argument objects: the valid ones must pass and the invalid ones must fail. (You may add \"format\": \"email\", but Draft 2020-12 does not assert format by default, so it will not reject anything.)",
			"为工具 send_email(to, subject, body, cc?) 编写 inputSchema（JSON Schema，Draft 2020-12）：to 是一个或多个电子邮件地址（字符串）组成的列表；subject 和 body 是字符串；cc 可选，是电子邮件地址（字符串）列表；不允许其他属性。你的 schema 会用一组隐藏的参数对象来检验：合法的必须通过，非法的必须被拒绝。（可以加上 \"format\": \"email\"，但 Draft 2020-12 默认不校验 format，它不会拒绝任何东西。）",
		),
		Hints: []Text{
			tx(
				`An MCP inputSchema is always an object schema: {"type": "object", "properties": {…}}.`,
				`MCP 的 inputSchema 总是对象 schema：{"type": "object", "properties": {…}}。`,
			),
			tx(
				"Lists are \"type\": \"array\" with \"items\"; \"minItems\": 1 demands at least one recipient.",
				"列表用 \"type\": \"array\" 加 \"items\"；\"minItems\": 1 要求至少一个收件人。",
			),
			tx(
				"\"required\" lists the mandatory properties; \"additionalProperties\": false rejects the rest.",
				"\"required\" 列出必填属性；\"additionalProperties\": false 拒绝其余属性。",
			),
		},
		ModelAnswer: `{
  "type": "object",
  "properties": {
    "to": {"type": "array", "items": {"type": "string", "format": "email"}, "minItems": 1},
    "subject": {"type": "string"},
    "body": {"type": "string"},
    "cc": {"type": "array", "items": {"type": "string", "format": "email"}}
  },
  "required": ["to", "subject", "body"],
  "additionalProperties": false
}`,
		Explanation: tx(
			"type object + properties describe the arguments; required makes to, subject and body mandatory while cc stays optional; array + items + minItems shape the address lists; additionalProperties: false rejects unknown arguments such as bcc. format is only an annotation in Draft 2020-12 unless a validator is told to assert it.",
			"type object 加 properties 描述参数；required 让 to、subject、body 成为必填项而 cc 保持可选；array + items + minItems 约束地址列表；additionalProperties: false 拒绝 bcc 之类的未知参数。在 Draft 2020-12 中，除非校验器被要求断言 format，否则它只是注解。",
		),
		Spec:  []string{"2026-07-28/server/tools#tool"},
		grade: gradeEmailSchema,
	}
}

// ---- 5 ----------------------------------------------------------------------

func errorChannels() Exercise {
	return Exercise{
		ID:   IDErrorChannels,
		Kind: KindChannel,
		Title: tx(
			"Which channel carries the error?",
			"错误走哪条通道？",
		),
		Prompt: tx(
			"A server offers the tool read_doc(id); its inputSchema requires id to be a string matching ^doc-[0-9]+$. For each call predict the channel of the answer: \"protocol-error <code>\" (a JSON-RPC error response), \"tool-error\" (a normal result with isError: true) or \"http-status <status>\" (an HTTP error status).\n"+
				"bad-id: tools/call read_doc {\"id\": \"42\"} — the argument fails validation.\n"+
				"missing-doc: tools/call read_doc {\"id\": \"doc-999\"} — well-formed, but there is no such document.\n"+
				"unknown-tool: tools/call read_docs {\"id\": \"doc-1\"} — a typo in the tool name.",
			"服务器提供工具 read_doc(id)；它的 inputSchema 要求 id 是匹配 ^doc-[0-9]+$ 的字符串。预测每次调用的结果走哪条通道：\"protocol-error <错误码>\"（JSON-RPC 错误响应）、\"tool-error\"（正常结果，带 isError: true）或 \"http-status <状态码>\"（HTTP 错误状态）。\n"+
				"bad-id：tools/call read_doc {\"id\": \"42\"} —— 参数校验失败。\n"+
				"missing-doc：tools/call read_doc {\"id\": \"doc-999\"} —— 格式正确，但没有这个文档。\n"+
				"unknown-tool：tools/call read_docs {\"id\": \"doc-1\"} —— 工具名拼错了。",
		),
		Hints: []Text{
			tx(
				"Read server/tools §Error Handling: it sorts errors into protocol errors and tool execution errors.",
				"阅读 server/tools 的「Error Handling」一节：它把错误分成协议错误和工具执行错误。",
			),
			tx(
				"Which errors can the model fix by itself by changing the arguments? Those go back to the model as a result.",
				"哪些错误模型改一改参数就能自己纠正？这些错误作为结果返回给模型。",
			),
		},
		Questions: []Question{
			{ID: "bad-id", Prompt: tx(`read_doc {"id": "42"}`, `read_doc {"id": "42"}`),
				Want: ChannelAnswer{Channel: ChannelToolError},
				Why: tx(
					"server/tools §Error Handling (both versions) makes input validation errors tool execution errors: a result with isError: true that tells the model how to fix the id",
					"server/tools「Error Handling」（两个版本）把输入校验错误归为工具执行错误：返回 isError: true 的结果，告诉模型如何修正 id",
				),
				Also: []ChannelAnswer{{Channel: ChannelProtocolError, Code: -32602}},
				AlsoWhy: tx(
					"the spec disagrees with itself here. server/tools §Error Handling says isError: true, and that is what the lab's server does; but the 2026-07-28 schema's InvalidParamsError lists \"invalid tool arguments\" under -32602, and its official example invalid-tool-arguments.json is exactly such an error. A server that follows the schema answers -32602, so a client must handle both channels",
					"规范在这里自相矛盾。server/tools「Error Handling」说用 isError: true，本实验室的服务器也是这样做的；但 2026-07-28 schema 中的 InvalidParamsError 把“invalid tool arguments”（无效的工具参数）列在 -32602 之下，其官方示例 invalid-tool-arguments.json 正是这样一个错误。遵循 schema 的服务器会返回 -32602，所以客户端必须两条通道都能处理",
				)},
			{ID: "missing-doc", Prompt: tx(`read_doc {"id": "doc-999"}`, `read_doc {"id": "doc-999"}`),
				Want: ChannelAnswer{Channel: ChannelToolError},
				Why: tx(
					"a missing document is a business-logic error: a result with isError: true, e.g. \"document doc-999 not found\"",
					"文档不存在是业务逻辑错误：返回 isError: true 的结果，例如 \"document doc-999 not found\"",
				)},
			{ID: "unknown-tool", Prompt: tx(`read_docs {"id": "doc-1"}`, `read_docs {"id": "doc-1"}`),
				Want: ChannelAnswer{Channel: ChannelProtocolError, Code: -32602},
				Why: tx(
					"an unknown tool is a protocol error: the JSON-RPC error -32602 (server/tools §Error Handling)",
					"未知工具属于协议错误：JSON-RPC 错误 -32602（server/tools「Error Handling」）",
				),
				Also: []ChannelAnswer{{Channel: ChannelToolError}},
				AlsoWhy: tx(
					"the spec says -32602 and the lab's server answers so, but real servers differ: the official Python SDK and the TypeScript reference server (@modelcontextprotocol/server-everything) answer an unknown tool with a result with isError: true. A client must handle both channels",
					"规范规定返回 -32602，本实验室的服务器也这样做，但真实的服务器并不一致：官方 Python SDK 和 TypeScript 参考服务器（@modelcontextprotocol/server-everything）对未知工具返回带 isError: true 的结果。客户端必须两条通道都能处理",
				)},
		},
		ModelAnswer: `{"bad-id":"tool-error","missing-doc":"tool-error","unknown-tool":"protocol-error -32602"}`,
		Explanation: tx(
			"server/tools §Error Handling (2025-11-25 and 2026-07-28): protocol errors — unknown tool, malformed requests that fail the CallToolRequest schema, server errors — are JSON-RPC errors; tool execution errors — API failures, input validation errors, business-logic errors — are results with isError: true, so the model can read them and self-correct. The lab's server follows that page. But the split is not settled: the 2026-07-28 schema's InvalidParamsError lists invalid tool arguments under -32602 (with the official example invalid-tool-arguments.json), and real SDKs (the official Python SDK, the TypeScript reference server) answer an unknown tool with isError: true. So -32602 for bad-id and tool-error for unknown-tool are accepted too, and a client should be ready for either channel in both cases.",
			"server/tools「Error Handling」（2025-11-25 与 2026-07-28）：协议错误——未知工具、不符合 CallToolRequest schema 的畸形请求、服务器错误——用 JSON-RPC 错误返回；工具执行错误——API 失败、输入校验错误、业务逻辑错误——用 isError: true 的结果返回，让模型读到后自行纠正。本实验室的服务器遵循这一页。但这种划分并不统一：2026-07-28 schema 的 InvalidParamsError 把无效的工具参数列在 -32602 之下（还有官方示例 invalid-tool-arguments.json），而真实的 SDK（官方 Python SDK、TypeScript 参考服务器）对未知工具返回 isError: true。所以 bad-id 答 -32602、unknown-tool 答 tool-error 也算对；客户端在这两种情况下都应准备好处理任一通道。",
		),
		Spec: []string{"2026-07-28/server/tools#error-handling", "2025-11-25/server/tools#error-handling", "2026-07-28/schema#invalidparamserror"},
	}
}

// ---- 6 ----------------------------------------------------------------------

func stdoutPollution() Exercise {
	return Exercise{
		ID:   IDStdoutPolution,
		Kind: KindChoice,
		Title: tx(
			"The stray print on stdio",
			"stdio 上多余的 print",
		),
		Prompt: tx(
			"A stdio server written in Python declares only the tools capability and still has a debug line, print(\"got request\", req), so it writes `got request {'method': 'tools/list'}` to stdout just before its real response. client: what does the client see? rule: which rule does the server break? fix: how should the server emit that debug output instead? (one or more)",
			"一个用 Python 写的 stdio 服务器只声明了 tools 能力，代码里还留着一行调试语句 print(\"got request\", req)，于是它在真正的响应之前向 stdout 写了 `got request {'method': 'tools/list'}`。client：客户端看到什么？rule：服务器违反了哪条规则？fix：服务器应该怎样输出这条调试信息？（一项或多项）",
		),
		Hints: []Text{
			tx(
				"On stdio, the client reads the server's stdout line by line as JSON-RPC messages.",
				"在 stdio 上，客户端把服务器的 stdout 逐行当作 JSON-RPC 消息读取。",
			),
			tx(
				"The server has two output streams. Only one of them is reserved for MCP messages.",
				"服务器有两个输出流，其中只有一个专门留给 MCP 消息。",
			),
		},
		Questions: []Question{
			{
				ID:     "client",
				Prompt: tx("What does the client see?", "客户端看到什么？"),
				Choices: []Choice{
					{ID: "parse-error", Label: tx("A line that is not JSON-RPC: parsing fails (a parse error; many clients then drop the connection)", "一行不是 JSON-RPC 的内容：解析失败（解析错误；很多客户端随即断开连接）"),
						Why: tx("the client reads stdout as newline-delimited JSON-RPC, and `got request …` is not JSON", "客户端把 stdout 当作按行分隔的 JSON-RPC 读取，而 `got request …` 不是 JSON")},
					{ID: "log-line", Label: tx("A log line in the client's console", "客户端控制台里的一行日志"),
						Why: tx("only stderr may carry logs; everything on stdout must be an MCP message", "只有 stderr 可以承载日志；stdout 上的一切都必须是 MCP 消息")},
					{ID: "ignored", Label: tx("Nothing: clients skip lines that are not JSON", "什么也没有：客户端会跳过不是 JSON 的行"),
						Why: tx("no rule tells the client to skip garbage; the rule is that the server must not write it", "没有规则要求客户端跳过垃圾内容；规则是服务器不得写出它")},
					{ID: "http-500", Label: tx("An HTTP 500 error", "HTTP 500 错误"),
						Why: tx("there is no HTTP on the stdio transport: the bytes travel over a pipe", "stdio 传输上没有 HTTP：字节在管道里传输")},
				},
				Correct: []string{"parse-error"},
			},
			{
				ID:     "rule",
				Prompt: tx("Which rule is broken?", "违反了哪条规则？"),
				Choices: []Choice{
					{ID: "stdout-mcp-only", Label: tx("The server MUST NOT write anything to its stdout that is not a valid MCP message", "服务器不得（MUST NOT）向 stdout 写入任何不是合法 MCP 消息的内容"),
						Why: tx("this is the stdio transport rule; logs belong on stderr", "这是 stdio 传输的规则；日志应写到 stderr")},
					{ID: "utf8", Label: tx("Messages MUST be UTF-8 encoded", "消息必须（MUST）使用 UTF-8 编码"),
						Why: tx("the debug line is valid UTF-8; the trouble is that it is not an MCP message", "这行调试输出是合法的 UTF-8；问题在于它不是 MCP 消息")},
					{ID: "no-newlines", Label: tx("Messages MUST NOT contain embedded newlines", "消息不得（MUST NOT）包含内嵌换行"),
						Why: tx("the line has no embedded newline; it is simply not a JSON-RPC message", "这一行没有内嵌换行；它只是根本不是 JSON-RPC 消息")},
					{ID: "init-first", Label: tx("Initialization MUST be the first interaction", "初始化必须（MUST）是第一次交互"),
						Why: tx("the handshake order is not what breaks here", "这里出问题的不是握手顺序")},
				},
				Correct: []string{"stdout-mcp-only"},
			},
			{
				ID:     "fix",
				Prompt: tx("Where should the debug output go? (one or more)", "调试输出应该去哪里？（一项或多项）"),
				Multi:  true,
				Choices: []Choice{
					{ID: "stderr", Label: tx("To stderr (print(…, file=sys.stderr), or a logger writing to stderr)", "写到 stderr（print(…, file=sys.stderr)，或写 stderr 的日志器）"),
						Why: tx("the server MAY write UTF-8 strings to stderr for logging; the client may capture or ignore them", "服务器可以（MAY）向 stderr 写 UTF-8 字符串作日志；客户端可以收集或忽略")},
					{ID: "log-notification", Label: tx("To the client as an MCP log message (notifications/message)", "作为 MCP 日志消息（notifications/message）发给客户端"),
						Why: tx("not for this server, in either version: in 2025-11-25 only a server that declares the logging capability may send notifications/message, and this one declares only tools; in 2026-07-28 logging is deprecated (servers SHOULD migrate to logging to stderr) and a server MUST NOT emit notifications/message for a request whose _meta does not set io.modelcontextprotocol/logLevel", "对这个服务器来说，两个版本里都不行：在 2025-11-25 中，只有声明了 logging 能力的服务器才能发送 notifications/message，而这个服务器只声明了 tools；在 2026-07-28 中，日志功能已被弃用（服务器应当（SHOULD）改为把日志写到 stderr），而且对 _meta 中没有设置 io.modelcontextprotocol/logLevel 的请求，服务器不得（MUST NOT）发送 notifications/message")},
					{ID: "flush", Label: tx("Keep printing, but flush stdout after each print", "继续 print，但每次 print 后刷新 stdout"),
						Why: tx("flushing only delivers the garbage sooner; it is still not an MCP message", "刷新只会让垃圾内容更早送达；它仍然不是 MCP 消息")},
					{ID: "json-wrap", Label: tx(`Print it as JSON: {"debug": "got request"}`, `改成打印 JSON：{"debug": "got request"}`),
						Why: tx("valid JSON is not enough: it is not a JSON-RPC message, so the client still cannot handle it", "合法 JSON 还不够：它不是 JSON-RPC 消息，客户端仍然无法处理")},
				},
				Correct: []string{"stderr"},
			},
		},
		ModelAnswer: `{"client":"parse-error","rule":"stdout-mcp-only","fix":["stderr"]}`,
		Explanation: tx(
			"basic/transports §stdio: the server MUST NOT write anything to its stdout that is not a valid MCP message, and MAY write UTF-8 strings to stderr for logging. The client parses stdout line by line as JSON-RPC, so a stray print is a parse error that can break the connection. MCP's own log messages are no way out here: in 2025-11-25 they need the logging capability this server does not declare, and 2026-07-28 deprecates them in favour of stderr and allows them only for a request that asks with io.modelcontextprotocol/logLevel in its _meta.",
			"basic/transports「stdio」：服务器不得向 stdout 写入任何不是合法 MCP 消息的内容，可以向 stderr 写 UTF-8 字符串作日志。客户端逐行把 stdout 解析为 JSON-RPC，所以一句多余的 print 就是解析错误，可能导致连接中断。MCP 自己的日志消息在这里也不是出路：在 2025-11-25 中它需要这个服务器并未声明的 logging 能力；2026-07-28 则弃用了它、推荐改用 stderr，并且只允许对在 _meta 中用 io.modelcontextprotocol/logLevel 请求日志的请求发送。",
		),
		Spec: []string{"2025-11-25/basic/transports#stdio", "2026-07-28/basic/transports/stdio",
			"2025-11-25/server/utilities/logging#capabilities", "2026-07-28/server/utilities/logging#per-request-log-level"},
	}
}

// ---- 7 ----------------------------------------------------------------------

func originDefences() Exercise {
	attacks := []Choice{
		{ID: "dns-rebinding", Label: tx("A web page you visit uses DNS rebinding to make your browser send requests to your local server", "你访问的网页利用 DNS 重绑定，让浏览器向你的本地服务器发请求"),
			Why: tx("the rebound page runs in your browser, which can reach 127.0.0.1 and attaches the page's Origin: validating Origin (403) stops it", "被重绑定的网页运行在你的浏览器里，能访问 127.0.0.1，并会带上该网页的 Origin：校验 Origin（返回 403）才能阻止它")},
		{ID: "network", Label: tx("Another machine on the same network (café Wi-Fi) connects to the server's port", "同一网络（咖啡馆 Wi-Fi）上的另一台机器连接服务器端口"),
			Why: tx("another machine connects directly, not through a browser, so it need not send an Origin; binding to 127.0.0.1 instead of 0.0.0.0 makes the port unreachable from the network", "另一台机器直接连接而不经过浏览器，不一定发送 Origin；绑定 127.0.0.1 而不是 0.0.0.0，网络上就访问不到这个端口")},
		{ID: "local-process", Label: tx("Another program or user on the same machine calls the server", "同一台机器上的其他程序或用户调用服务器"),
			Why: tx("a local program is not a browser (it sends any Origin or none) and 127.0.0.1 is reachable from the same machine: only authentication stops it", "本地程序不是浏览器（Origin 想发什么就发什么，也可以不发），而且同一台机器能访问 127.0.0.1：只有认证能阻止它")},
	}
	q := func(id string, prompt Text, correct string) Question {
		return Question{ID: id, Prompt: prompt, Choices: attacks, Correct: []string{correct}}
	}
	return Exercise{
		ID:   IDOriginDefences,
		Kind: KindChoice,
		Title: tx(
			"Origin, localhost and DNS rebinding",
			"Origin、localhost 与 DNS 重绑定",
		),
		Prompt: tx(
			"Your MCP server runs on your laptop with the Streamable HTTP transport. Match each defence the spec asks for to the attack it stops (origin, bind, auth), then say which status the server returns for a bad Origin (status).",
			"你的 MCP 服务器以 Streamable HTTP 传输运行在笔记本电脑上。把规范要求的每项防御与它所阻止的攻击配对（origin、bind、auth），然后说出 Origin 不合法时服务器返回的状态码（status）。",
		),
		Hints: []Text{
			tx(
				"Which attacker goes through your browser? Browsers always say which page a request comes from.",
				"哪种攻击者是借助你的浏览器的？浏览器总会声明请求来自哪个页面。",
			),
			tx(
				"127.0.0.1 is reachable only from the same machine, by every program on it.",
				"127.0.0.1 只能从同一台机器访问——但这台机器上的所有程序都能访问。",
			),
		},
		Questions: []Question{
			q("origin", tx("Validating the Origin header stops…", "校验 Origin 头可以阻止……"), "dns-rebinding"),
			q("bind", tx("Binding to 127.0.0.1 instead of 0.0.0.0 stops…", "绑定 127.0.0.1 而不是 0.0.0.0 可以阻止……"), "network"),
			q("auth", tx("Authentication on every connection stops…", "对所有连接进行认证可以阻止……"), "local-process"),
			{
				ID:     "status",
				Prompt: tx("The Origin header is present and invalid. The server answers:", "请求带有 Origin 头且不合法。服务器返回："),
				Choices: []Choice{
					{ID: "400", Label: tx("400 Bad Request", "400 Bad Request"),
						Why: tx("400 is for malformed requests and header mismatches; the spec names 403 for a bad Origin", "400 用于畸形请求和头部不一致；规范规定 Origin 不合法时返回 403")},
					{ID: "401", Label: tx("401 Unauthorized", "401 Unauthorized"),
						Why: tx("401 asks for credentials; the spec names 403 Forbidden for a bad Origin", "401 表示需要凭证；规范规定 Origin 不合法时返回 403 Forbidden")},
					{ID: "403", Label: tx("403 Forbidden", "403 Forbidden"),
						Why: tx("servers MUST respond with 403 Forbidden", "服务器必须（MUST）返回 403 Forbidden")},
					{ID: "404", Label: tx("404 Not Found", "404 Not Found"),
						Why: tx("hiding the endpoint is not what the spec asks; it names 403 Forbidden", "规范并不要求隐藏端点，它规定返回 403 Forbidden")},
				},
				Correct: []string{"403"},
			},
		},
		ModelAnswer: `{"origin":"dns-rebinding","bind":"network","auth":"local-process","status":"403"}`,
		Explanation: tx(
			"basic/transports §Security (Streamable HTTP): servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks and answer 403 Forbidden when it is present and invalid; SHOULD bind only to localhost (127.0.0.1) when running locally; and SHOULD implement proper authentication for all connections. Each defence closes a different door.",
			"basic/transports「Security」（Streamable HTTP）：服务器必须校验所有传入连接的 Origin 头以防御 DNS 重绑定攻击，Origin 存在且不合法时返回 403 Forbidden；本地运行时应当只绑定 localhost（127.0.0.1）；应当对所有连接实施认证。每项防御各关一扇门。",
		),
		Spec: []string{"2025-11-25/basic/transports#security-warning", "2026-07-28/basic/transports/streamable-http#security-%26-endpoint"},
	}
}

// ---- 8 ----------------------------------------------------------------------

func initHandshake() Exercise {
	return Exercise{
		ID:   IDInitHandshake,
		Kind: KindJSON,
		Title: tx(
			"Open a 2025-11-25 session",
			"打开一个 2025-11-25 会话",
		),
		Prompt: tx(
			"Over stdio, start a 2025-11-25 session: write the initialize request and the notification that must follow it, one JSON-RPC message per line (stdio messages are newline-delimited and must not contain embedded newlines). Your lines are sent to a fresh course server; then the grader sends tools/list to check that the session is in operation.",
			"通过 stdio 开启一个 2025-11-25 会话：写出 initialize 请求以及紧随其后必须发送的通知，每行一条 JSON-RPC 消息（stdio 消息以换行分隔，不能包含内嵌换行）。你写的行会发给一台全新的课程服务器；随后评分器发送 tools/list，检查会话是否已进入运行阶段。",
		),
		Hints: []Text{
			tx(
				"initialize is a request: jsonrpc, id, method, params {protocolVersion, capabilities, clientInfo {name, version}}.",
				"initialize 是请求：jsonrpc、id、method、params {protocolVersion, capabilities, clientInfo {name, version}}。",
			),
			tx(
				"capabilities may be an empty object if the client offers nothing.",
				"如果客户端不提供任何能力，capabilities 可以是空对象。",
			),
			tx(
				"The second message is a notification: it has a method but no id, and gets no answer.",
				"第二条消息是通知：有 method 但没有 id，也不会得到回应。",
			),
		},
		ModelAnswer: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + mcp.V20251125 + `","capabilities":{},"clientInfo":{"name":"wirelab-student","version":"1.0.0"}}}` + "\n" +
			`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n",
		Explanation: tx(
			"basic/lifecycle §Initialization: the client sends initialize with protocolVersion, capabilities and clientInfo; the server answers with its own protocolVersion, capabilities and serverInfo; then the client sends the notifications/initialized notification (no id, no answer) and normal operation begins.",
			"basic/lifecycle「Initialization」：客户端发送 initialize，带上 protocolVersion、capabilities 和 clientInfo；服务器以自己的 protocolVersion、capabilities 和 serverInfo 作答；然后客户端发送 notifications/initialized 通知（没有 id，也没有回应），正常运行阶段开始。",
		),
		Spec:  []string{"2025-11-25/basic/lifecycle#initialization"},
		grade: gradeInitHandshake,
	}
}

// ---- 9 ----------------------------------------------------------------------

// modernCall renders a 2026-07-28 tools/call request.
func modernCall(headerVersion, metaVersion, mcpName, tool, args string) string {
	body := `{"jsonrpc":"2.0","id":1,"method":"` + mcp.MethodToolsCall + `","params":{"name":"` + tool + `","arguments":` + args +
		`,"_meta":{"` + mcp.MetaProtocolVersion + `":"` + metaVersion + `","` + mcp.MetaClientCapabilities + `":{}}}}`
	return modernPost(headerVersion, mcp.MethodToolsCall, mcpName, body)
}

// modernPost renders a 2026-07-28 POST of body with the standard request
// headers: the version, Mcp-Method and Mcp-Name as given (an exercise may
// make one disagree with the body).
func modernPost(headerVersion, method, mcpName, body string) string {
	return "POST /mcp HTTP/1.1\n" +
		"Host: localhost:3000\n" +
		"Content-Type: application/json\n" +
		"Accept: application/json, text/event-stream\n" +
		streamhttp.HeaderProtocolVersion + ": " + headerVersion + "\n" +
		streamhttp.HeaderMethod + ": " + method + "\n" +
		streamhttp.HeaderName + ": " + mcpName + "\n" +
		fmt.Sprintf("Content-Length: %d\n", len(body)) +
		"\n" + body + "\n"
}

func modernHeaders() Exercise {
	ex := Exercise{
		ID:   IDModernHeaders,
		Kind: KindHTTP,
		Title: tx(
			"Headers that must match the body",
			"必须与正文一致的头部",
		),
		Prompt: tx(
			"The course server speaks 2026-07-28 over Streamable HTTP at /mcp. Its tools: list_employees; list_emails (urgent: boolean, limit: integer 1–20); office_days (employee: string); export_timesheets; post_announcement (office, text); book_room (room, day); summarize_inbox; export_roster (department). Write three tools/call POST requests, headers and body:\n"+
				"accepted — one the server accepts (200 with a result);\n"+
				"mismatch — one it rejects with 400 and -32020 HeaderMismatch;\n"+
				"unsupported — one it rejects with 400 and -32022 UnsupportedProtocolVersion, whose error data lists the supported versions and echoes the version you requested.\n"+
				"Every request needs Host, Content-Type, Accept (application/json and text/event-stream), Content-Length (in bytes), MCP-Protocol-Version, Mcp-Method and Mcp-Name; the body's params._meta needs io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities. Start each request with its own line: ### accepted, ### mismatch, ### unsupported.",
			"课程服务器在 /mcp 上通过 Streamable HTTP 使用 2026-07-28 协议。它的工具有：list_employees；list_emails（urgent：布尔值，limit：1–20 的整数）；office_days（employee：字符串）；export_timesheets；post_announcement（office、text）；book_room（room、day）；summarize_inbox；export_roster（department）。写出三个 tools/call 的 POST 请求（头部和正文）：\n"+
				"accepted —— 服务器接受的请求（200 加结果）；\n"+
				"mismatch —— 被服务器以 400 和 -32020 HeaderMismatch 拒绝的请求；\n"+
				"unsupported —— 被服务器以 400 和 -32022 UnsupportedProtocolVersion 拒绝的请求，其错误 data 列出服务器支持的版本，并回显你请求的版本。\n"+
				"每个请求都需要 Host、Content-Type、Accept（application/json 和 text/event-stream）、Content-Length（字节数）、MCP-Protocol-Version、Mcp-Method 和 Mcp-Name；正文的 params._meta 需要 io.modelcontextprotocol/protocolVersion 和 io.modelcontextprotocol/clientCapabilities。每个请求以单独一行开头：### accepted、### mismatch、### unsupported。",
		),
		Hints: []Text{
			tx(
				"The server compares MCP-Protocol-Version with _meta's protocolVersion, Mcp-Method with method, and Mcp-Name with params.name.",
				"服务器会比较 MCP-Protocol-Version 与 _meta 中的 protocolVersion、Mcp-Method 与 method、Mcp-Name 与 params.name。",
			),
			tx(
				"For a mismatch, make exactly one header disagree with the body, e.g. Mcp-Name: list_employees while params.name is list_emails.",
				"要制造不一致，只让一个头部和正文不符，例如 Mcp-Name: list_employees 而 params.name 是 list_emails。",
			),
			tx(
				"For -32022, the header and _meta must agree — on a version the server does not know, such as 2099-01-01.",
				"要得到 -32022，头部和 _meta 必须一致——而且是服务器不认识的版本，比如 2099-01-01。",
			),
		},
		Parts: []Part{
			{ID: "accepted", Prompt: tx("accepted: 200 with a result", "accepted：200 加结果")},
			{ID: "mismatch", Prompt: tx("mismatch: 400 with -32020 HeaderMismatch", "mismatch：400 加 -32020 HeaderMismatch")},
			{ID: "unsupported", Prompt: tx("unsupported: 400 with -32022 UnsupportedProtocolVersion", "unsupported：400 加 -32022 UnsupportedProtocolVersion")},
		},
		Explanation: tx(
			"basic/transports/streamable-http §Request Metadata and §Server Validation: the server rejects a request whose MCP-Protocol-Version, Mcp-Method or Mcp-Name header is missing or disagrees with the body with 400 and -32020 HeaderMismatch; a version it does not implement gets 400 and UnsupportedProtocolVersionError (-32022) with data {supported, requested}, so the client can retry with a mutually supported version.",
			"basic/transports/streamable-http「Request Metadata」与「Server Validation」：MCP-Protocol-Version、Mcp-Method 或 Mcp-Name 头缺失或与正文不一致时，服务器以 400 和 -32020 HeaderMismatch 拒绝；对于它不实现的版本，返回 400 和 UnsupportedProtocolVersionError（-32022），data 为 {supported, requested}，客户端据此换用双方都支持的版本重试。",
		),
		Spec: []string{"2026-07-28/basic/transports/streamable-http#server-validation", "2026-07-28/basic/transports/streamable-http#protocol-version-header"},
	}
	args := `{"urgent":true,"limit":5}`
	ex.ModelAnswer = JoinParts(ex, map[string]string{
		"accepted":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_emails", args),
		"mismatch":    modernCall(ModernVersion, ModernVersion, "list_employees", "list_emails", args),
		"unsupported": modernCall("2099-01-01", "2099-01-01", "list_emails", "list_emails", args),
	})
	ex.grade = byParts(gradeModernPart)
	return ex
}

// ---- 10 ---------------------------------------------------------------------

func mcpNameBase64() Exercise {
	return Exercise{
		ID:   IDMcpNameBase64,
		Kind: KindHTTP,
		Title: tx(
			"A tool name that is not ASCII",
			"不是 ASCII 的工具名",
		),
		Prompt: tx(
			"A server offers a tool named "+base64ToolName+". A 2026-07-28 tools/call for it must mirror the name into the Mcp-Name header, but header values must be visible ASCII. Write the Mcp-Name header (the whole line \"Mcp-Name: …\" or just its value) in the Base64 sentinel form.",
			"服务器提供一个名为 "+base64ToolName+" 的工具。调用它的 2026-07-28 tools/call 必须把工具名镜像到 Mcp-Name 头中，但头部的值只能是可见 ASCII 字符。请用 Base64 哨兵格式写出 Mcp-Name 头（整行 \"Mcp-Name: …\" 或只写值）。",
		),
		Hints: []Text{
			tx(
				"The form is =?base64?{Base64EncodedValue}?= — the markers are lowercase and case-sensitive.",
				"格式是 =?base64?{Base64EncodedValue}?=——标记是小写的，区分大小写。",
			),
			tx(
				"Encode the UTF-8 bytes of the name (each Chinese character is 3 bytes) with the standard Base64 alphabet, padding included.",
				"对名字的 UTF-8 字节（每个汉字 3 字节）用标准 Base64 字母表编码，保留填充。",
			),
		},
		ModelAnswer: "Mcp-Name: " + EncodeHeaderValue(base64ToolName),
		Explanation: tx(
			"basic/transports/streamable-http §Value Encoding: a value that cannot be a plain ASCII header value is sent as =?base64?…?= with the standard Base64 encoding of its UTF-8 bytes; the server decodes it before comparing with params.name. "+base64ToolName+" is 13 UTF-8 bytes → "+EncodeHeaderValue(base64ToolName)+".",
			"basic/transports/streamable-http「Value Encoding」：不能作为普通 ASCII 头部值的内容，以 =?base64?…?= 形式发送，其中是 UTF-8 字节的标准 Base64 编码；服务器先解码再与 params.name 比较。"+base64ToolName+" 的 UTF-8 编码是 13 个字节 → "+EncodeHeaderValue(base64ToolName)+"。",
		),
		Spec:  []string{"2026-07-28/basic/transports/streamable-http#value-encoding"},
		grade: gradeBase64Name,
	}
}

// ---- 11 ---------------------------------------------------------------------

func capabilityErrors() Exercise {
	return Exercise{
		ID:   IDCapabilities,
		Kind: KindChoice,
		Title: tx(
			"Calling an undeclared capability",
			"调用未声明的能力",
		),
		Prompt: tx(
			"A server declared only the tools capability — no prompts — in its initialize result (or, on 2026-07-28, its server/discover result). A client calls prompts/list anyway. code: which JSON-RPC error comes back? status: on 2026-07-28 Streamable HTTP, with which HTTP status? avoid: what should the client have done?",
			"某服务器在 initialize 结果（或在 2026-07-28 中的 server/discover 结果）里只声明了 tools 能力——没有 prompts。客户端仍然调用了 prompts/list。code：返回哪个 JSON-RPC 错误？status：在 2026-07-28 的 Streamable HTTP 上，HTTP 状态码是多少？avoid：客户端本该怎么做？",
		),
		Hints: []Text{
			tx(
				"To the client, a method behind an undeclared capability is the same as a method that does not exist.",
				"对客户端来说，未声明能力背后的方法就等同于不存在的方法。",
			),
			tx(
				"2026-07-28 streamable-http: \"If the server does not implement the requested RPC method …\"",
				"2026-07-28 streamable-http：“If the server does not implement the requested RPC method …”",
			),
		},
		Questions: []Question{
			{
				ID:     "code",
				Prompt: tx("JSON-RPC error code", "JSON-RPC 错误码"),
				Choices: []Choice{
					{ID: "-32601", Label: tx("-32601 Method not found", "-32601 Method not found（方法不存在）"),
						Why: tx("MethodNotFoundError covers methods gated behind a server capability the server did not advertise", "MethodNotFoundError 涵盖服务器未声明的能力所对应的方法")},
					{ID: "-32602", Label: tx("-32602 Invalid params", "-32602 Invalid params（参数无效）"),
						Why: tx("the params are not the problem: the method itself is not available", "问题不在参数：方法本身不可用")},
					{ID: "-32600", Label: tx("-32600 Invalid Request", "-32600 Invalid Request（无效请求）"),
						Why: tx("the request is well-formed JSON-RPC; the method is what is missing", "请求是格式正确的 JSON-RPC；缺的是方法")},
					{ID: "-32603", Label: tx("-32603 Internal error", "-32603 Internal error（内部错误）"),
						Why: tx("nothing failed inside the server; it simply does not offer prompts", "服务器内部没有出错，它只是不提供 prompts")},
					{ID: "-32021", Label: tx("-32021 Missing required client capability", "-32021 Missing required client capability（缺少必需的客户端能力）"),
						Why: tx("-32021 is for a request that needs a client capability the client did not declare; here the server capability is missing", "-32021 用于请求需要客户端未声明的客户端能力的情况；这里缺的是服务器能力")},
				},
				Correct: []string{"-32601"},
			},
			{
				ID:     "status",
				Prompt: tx("HTTP status on 2026-07-28 Streamable HTTP", "2026-07-28 Streamable HTTP 上的 HTTP 状态码"),
				Choices: []Choice{
					{ID: "200", Label: tx("200 OK", "200 OK"),
						Why: tx("on 2026-07-28 an unimplemented method MUST get 404 with -32601", "在 2026-07-28 中，未实现的方法必须（MUST）返回 404 和 -32601")},
					{ID: "400", Label: tx("400 Bad Request", "400 Bad Request"),
						Why: tx("400 is for unsupported versions, missing client capabilities and header mismatches", "400 用于不支持的版本、缺少客户端能力和头部不一致")},
					{ID: "404", Label: tx("404 Not Found", "404 Not Found"),
						Why: tx("the server MUST respond with 404 Not Found and -32601", "服务器必须（MUST）返回 404 Not Found 和 -32601")},
					{ID: "501", Label: tx("501 Not Implemented", "501 Not Implemented"),
						Why: tx("the spec names 404 Not Found, with the JSON-RPC body telling it apart from a legacy server's 404", "规范规定返回 404 Not Found，并用 JSON-RPC 正文与旧式服务器的 404 区分开")},
				},
				Correct: []string{"404"},
			},
			{
				ID:     "avoid",
				Prompt: tx("What should the client have done?", "客户端本该怎么做？"),
				Choices: []Choice{
					{ID: "check-caps", Label: tx("Read the server's capabilities and call prompts/* only when prompts is declared", "读取服务器声明的能力，只有声明了 prompts 才调用 prompts/*"),
						Why: tx("capability negotiation exists so that each side only uses what the other declared", "能力协商的意义就在于双方只使用对方声明过的功能")},
					{ID: "declare-client", Label: tx("Declare prompts in its own client capabilities", "在自己的客户端能力里声明 prompts"),
						Why: tx("client capabilities say what the client offers; they cannot give the server a feature", "客户端能力说明的是客户端提供什么，不能给服务器添加功能")},
					{ID: "retry", Label: tx("Retry with backoff", "带退避地重试"),
						Why: tx("the method will not appear by waiting; retrying only wastes time", "等待并不会让这个方法出现，重试只是浪费时间")},
					{ID: "fix-params", Label: tx("Change the params and try again", "修改参数后再试"),
						Why: tx("the params are fine; the method is not available", "参数没有问题；是方法不可用")},
				},
				Correct: []string{"check-caps"},
			},
		},
		ModelAnswer: `{"code":"-32601","status":"404","avoid":"check-caps"}`,
		Explanation: tx(
			"2026-07-28 schema, MethodNotFoundError: a server returns -32601 when a client invokes a method it does not implement — including one gated behind a server capability it did not advertise (e.g. prompts/list without prompts). On 2026-07-28 Streamable HTTP that answer comes with 404 Not Found. -32021 is the opposite case: a missing client capability.",
			"2026-07-28 schema 中的 MethodNotFoundError：客户端调用服务器未实现的方法时返回 -32601——包括服务器未声明的能力背后的方法（例如没有 prompts 时调用 prompts/list）。在 2026-07-28 的 Streamable HTTP 上，这个错误伴随 404 Not Found。-32021 是相反的情况：缺少客户端能力。",
		),
		Spec: []string{"2026-07-28/schema#methodnotfounderror", "2026-07-28/basic/transports/streamable-http#protocol-version-header"},
	}
}

// ---- 12 ---------------------------------------------------------------------

func streamDrop() Exercise {
	return Exercise{
		ID:   IDStreamDrop,
		Kind: KindChoice,
		Title: tx(
			"When the stream drops",
			"当响应流断开时",
		),
		Prompt: tx(
			"A client calls the slow export_timesheets tool over Streamable HTTP with a progress token, and the server answers with an SSE stream. Right after the first progress event (under 2025-11-25 the one with `id: 1-1`), the hotel Wi-Fi drops the connection. first: under 2025-11-25, what is the first event of that stream? resume: under 2025-11-25, how does the client get the rest? server: under 2026-07-28, what happens to the request on the server? client: under 2026-07-28, how does the client get its result?",
			"客户端通过 Streamable HTTP 调用慢工具 export_timesheets，并带上进度令牌；服务器用 SSE 流应答。刚收到第一个进度事件（在 2025-11-25 中是 `id: 1-1` 那个），酒店 Wi-Fi 就断开了连接。first：在 2025-11-25 中，这条流的第一个事件是什么？resume：在 2025-11-25 中，客户端怎样拿到剩下的内容？server：在 2026-07-28 中，服务器上的这个请求会怎样？client：在 2026-07-28 中，客户端怎样拿到结果？",
		),
		Hints: []Text{
			tx(
				"2025-11-25 transports: \"Disconnection SHOULD NOT be interpreted as the client cancelling its request.\"",
				"2025-11-25 transports：“Disconnection SHOULD NOT be interpreted as the client cancelling its request.”（断开连接不应被视为客户端取消请求。）",
			),
			tx(
				"The 2026-07-28 changelog removed SSE event IDs and Last-Event-ID from Streamable HTTP.",
				"2026-07-28 的变更日志从 Streamable HTTP 中移除了 SSE 事件 ID 和 Last-Event-ID。",
			),
		},
		Questions: []Question{
			{
				ID:     "first",
				Prompt: tx("2025-11-25: the first event of the stream", "2025-11-25：这条流的第一个事件"),
				Choices: []Choice{
					{ID: "prime", Label: tx("An event with only an ID (`id: 1-0`) and an empty `data` field", "只有 ID（`id: 1-0`）和空 `data` 字段的事件"),
						Why: tx("the server SHOULD immediately send it, to prime the client to reconnect with that ID as Last-Event-ID", "服务器应当（SHOULD）立即发送它，让客户端可以用这个 ID 作为 Last-Event-ID 重连")},
					{ID: "progress", Label: tx("The first notifications/progress", "第一条 notifications/progress"),
						Why: tx("it comes second: the server first primes the stream with an ID-only event", "它排第二：服务器先用只带 ID 的事件为这条流做“预备”")},
					{ID: "result", Label: tx("The tools/call result", "tools/call 的结果"),
						Why: tx("the result is the last event: it ends the stream", "结果是最后一个事件：它结束这条流")},
					{ID: "endpoint", Label: tx("An `endpoint` event naming the URL to post to", "一个 `endpoint` 事件，给出要 POST 的 URL"),
						Why: tx("that was the old HTTP+SSE transport of 2024-11-05; Streamable HTTP has no endpoint event", "那是 2024-11-05 的旧 HTTP+SSE 传输；Streamable HTTP 没有 endpoint 事件")},
				},
				Correct: []string{"prime"},
			},
			{
				ID:     "resume",
				Prompt: tx("2025-11-25: how does the client get the rest?", "2025-11-25：客户端怎样拿到剩下的内容？"),
				Choices: []Choice{
					{ID: "get-last-event-id", Label: tx("GET the MCP endpoint with its Mcp-Session-Id and `Last-Event-ID: 1-1`", "带上 Mcp-Session-Id 和 `Last-Event-ID: 1-1`，对 MCP 端点发 GET"),
						Why: tx("resumption is always via GET with Last-Event-ID: a server that supports it (optional in the spec; the lab's does) replays what came after 1-1 on that stream, the result included", "恢复总是通过带 Last-Event-ID 的 GET：支持恢复的服务器（规范中为可选，实验室的服务器支持）会重放这条流上 1-1 之后的内容，包括结果")},
					{ID: "post-new-id", Label: tx("POST tools/call again with a new id", "用新的 id 再 POST 一次 tools/call"),
						Why: tx("that runs the tool a second time; the first call is still running, and a resumable server keeps its events for you", "那会让工具再执行一次；第一次调用仍在运行，可恢复的服务器为你保留着它的事件")},
					{ID: "post-same-id", Label: tx("POST the same tools/call again, with the same id", "用相同的 id 再 POST 一次同样的 tools/call"),
						Why: tx("a request id must not be reused in a session, and the first call is still running", "同一会话中请求 id 不能重复使用，而且第一次调用仍在运行")},
					{ID: "cancel", Label: tx("Send notifications/cancelled: the request is lost anyway", "发送 notifications/cancelled：反正请求已经丢了"),
						Why: tx("in 2025-11-25 a disconnect is not a cancellation: the request is still running and its result can be collected", "在 2025-11-25 中断开连接不是取消：请求仍在运行，结果可以取回")},
				},
				Correct: []string{"get-last-event-id"},
			},
			{
				ID:     "server",
				Prompt: tx("2026-07-28: what happens to the request on the server?", "2026-07-28：服务器上的这个请求会怎样？"),
				Choices: []Choice{
					{ID: "cancelled", Label: tx("It is cancelled: a closed response stream is the cancellation, and the server sends nothing more for it", "被取消：响应流关闭就是取消，服务器不再为它发送任何内容"),
						Why: tx("closing the SSE response stream MUST be treated by the server as cancellation of that request", "服务器必须（MUST）把 SSE 响应流的关闭视为对该请求的取消")},
					{ID: "keeps-running", Label: tx("It keeps running, and the server keeps its events for a reconnect", "继续运行，服务器为重连保留事件"),
						Why: tx("that is 2025-11-25; 2026-07-28 removed event IDs and Last-Event-ID, so a broken stream loses the request", "那是 2025-11-25；2026-07-28 移除了事件 ID 和 Last-Event-ID，所以流一断请求就丢了")},
					{ID: "next-stream", Label: tx("It finishes, and the result goes out on the stream of the client's next request", "执行完毕，结果随客户端下一个请求的流发出"),
						Why: tx("a response only ever goes on the stream of its own request", "响应只会走它所属请求的那条流")},
				},
				Correct: []string{"cancelled"},
			},
			{
				ID:     "client",
				Prompt: tx("2026-07-28: how does the client get its result?", "2026-07-28：客户端怎样拿到结果？"),
				Choices: []Choice{
					{ID: "reissue", Label: tx("Send tools/call again as a new request, with a new id", "把 tools/call 作为新请求、用新的 id 再发一次"),
						Why: tx("clients MUST re-issue it as a new request with a new request ID; the tool starts over", "客户端必须（MUST）用新的请求 ID 作为新请求重新发出；工具从头开始")},
					{ID: "get-resume", Label: tx("GET the endpoint with Last-Event-ID", "带 Last-Event-ID 对端点发 GET"),
						Why: tx("2026-07-28 streams cannot be resumed; a GET on the endpoint gets 405", "2026-07-28 的流不能恢复；对端点发 GET 会得到 405")},
					{ID: "same-id", Label: tx("Send the same request again, with the same id", "用相同的 id 再发一次同样的请求"),
						Why: tx("the re-issued request MUST carry a new request ID", "重新发出的请求必须（MUST）使用新的请求 ID")},
				},
				Correct: []string{"reissue"},
			},
		},
		ModelAnswer: `{"first":"prime","resume":"get-last-event-id","server":"cancelled","client":"reissue"}`,
		Explanation: tx(
			"2025-11-25 basic/transports: a POST's SSE stream starts with an ID-only priming event; a disconnect is not a cancellation, so the server keeps working, and the client resumes with GET + Last-Event-ID (§Resumability and Redelivery) — the tool runs once. 2026-07-28 removed resumability: closing the response stream cancels the request (streamable-http §Cancellation), and the client re-issues it with a new id — the tool runs again. The lab shows both: scenario progress, fault stream-drop.",
			"2025-11-25 basic/transports：POST 的 SSE 流以只带 ID 的“预备”事件开始；断开连接不是取消，服务器会继续执行，客户端用 GET + Last-Event-ID 恢复（「Resumability and Redelivery」）——工具只执行一次。2026-07-28 取消了可恢复性：关闭响应流就是取消请求（streamable-http「Cancellation」），客户端用新的 id 重新发出请求——工具再执行一次。实验室里两者都能看到：场景 progress，故障 stream-drop。",
		),
		Spec: []string{"2025-11-25/basic/transports#resumability-and-redelivery", "2026-07-28/basic/transports/streamable-http#cancellation"},
	}
}

// ---- 13 ---------------------------------------------------------------------

// NxM exercise sizes.
const (
	nxmApps  = 5
	nxmTools = 12
)

func nxmAdapters() Exercise {
	r, err := calc.Integrations(nxmApps, nxmTools)
	if err != nil {
		panic(err)
	}
	return Exercise{
		ID:   IDNxM,
		Kind: KindNumeric,
		Title: tx(
			"N×M versus N+M",
			"N×M 与 N+M",
		),
		Prompt: tx(
			fmt.Sprintf("A company uses %d AI applications (a chat assistant, an IDE, a CLI agent, a browser extension and an office suite) and wants each of them to reach the same %d tools. without: how many custom adapters are needed if every app integrates every tool directly? with: how many MCP implementations (clients plus servers) are needed with MCP? saved: how many fewer is that?", nxmApps, nxmTools),
			fmt.Sprintf("一家公司使用 %d 个 AI 应用（聊天助手、IDE、命令行智能体、浏览器扩展和办公套件），希望每个应用都能访问同样的 %d 个工具。without：如果每个应用都直接对接每个工具，需要多少个定制适配器？with：使用 MCP 需要多少个 MCP 实现（客户端加服务器）？saved：少了多少个？", nxmApps, nxmTools),
		),
		Hints: []Text{
			tx("Without a shared protocol, every (app, tool) pair needs its own adapter.", "没有共同协议时，每一对（应用，工具）都需要自己的适配器。"),
			tx("With MCP, each app implements one client and each tool one server.", "使用 MCP 时，每个应用实现一个客户端，每个工具实现一个服务器。"),
		},
		Fields: []Field{
			{ID: "without", Label: tx("Adapters without MCP", "不用 MCP 的适配器数"), Want: []float64{float64(r.WithoutMCP)}},
			{ID: "with", Label: tx("Implementations with MCP", "使用 MCP 的实现数"), Want: []float64{float64(r.WithMCP)}},
			{ID: "saved", Label: tx("Saved", "节省数"), Want: []float64{float64(r.Saved)}},
		},
		ModelAnswer: fmt.Sprintf(`{"without":%d,"with":%d,"saved":%d}`, r.WithoutMCP, r.WithMCP, r.Saved),
		Explanation: tx(
			calc.Explain(r, EN),
			calc.Explain(r, ZH),
		),
	}
}
