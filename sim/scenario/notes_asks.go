package scenario

// asksNoteTable annotates the scenarios where the server needs something
// from the client (elicitation, sampling, roots) and tasks, in the format
// and under the conventions of notes_text.go. Keys are named in
// naming_asks.go: <tag>.ask, <tag>.answer.<what>, <tag>.answer-accepted,
// <tag>.input-required, <tag>.retry.…, <tag>.task, <tag>.<task status>; the
// tag is the scenario's (elicit, sample, roots, task) or a fault's where
// the fault changes what the call is about (unasked, invalid, refused,
// tampered, no-task). Generic entries ("ask", "answer.accept",
// "input-required", "retry.request"…) serve every tag that has no entry of
// its own.
// txtSampleReview is the Host showing a sampling request to its user, in
// either era.
var txtSampleReview = Text{
	En: "The server wants the Host's model to write something, and the Host shows the request to its user first: a human in the loop who can refuse it. The server never holds a model of its own or an API key; it borrows the Host's.",
	Zh: "服务器想让 Host 的模型写点东西，Host 先把请求展示给用户：由人来把关，可以拒绝。服务器自己既没有模型也没有 API 密钥，它借用的是 Host 的模型。",
}

var asksNoteTable = [...]noteEntry{
	// ---- Host steps: the user and the model answer ------------------------

	{"elicit.form", Note{
		Text: Text{
			En: "The Host shows the server's question to its user as a form: the server's message, then one field per property of requestedSchema — here the free slots the server offers, as titled choices. It is the same question in both eras; only the way it reached the client differs.",
			Zh: "Host 把服务器的问题以表单形式展示给用户：先是服务器的消息，然后 requestedSchema 的每个属性对应一个字段——这里是服务器给出的空闲时段，以带标题的选项呈现。两个时代里问题本身完全一样，不同的只是它到达客户端的方式。",
		},
	}},
	{"elicit.user", Note{
		Text: Text{
			En: "What the user does with the form becomes the client's answer, an ElicitResult: accept with the content entered, decline (an explicit no), or cancel (the form closed without a choice). The client sends it back to the server in the era's way.",
			Zh: "用户对表单的操作就成为客户端的回答，即一个 ElicitResult：accept（接受并附上填写的内容）、decline（明确拒绝）或 cancel（没有选择就关掉了表单）。客户端再按所在时代的方式把它送回服务器。",
		},
	}},
	{"sample.review", Note{
		Text:  txtSampleReview,
		Spec:  "2026-07-28/client/sampling#user-interaction-model",
		Quote: "For trust & safety and security, there SHOULD always be a human in the loop with the ability to deny sampling requests.",
	}},
	{"sample.review@2025-11-25", Note{
		Text:  txtSampleReview,
		Spec:  "2025-11-25/client/sampling#user-interaction-model",
		Quote: "For trust & safety and security, there SHOULD always be a human in the loop with the ability to deny sampling requests.",
	}},
	{"sample.model", Note{
		Text: Text{
			En: "The user lets the request through and the Host's model writes the message. The client answers with a CreateMessageResult: the role, the content and the name of the model that wrote it.",
			Zh: "用户放行了请求，Host 的模型写出消息。客户端用一个 CreateMessageResult 作答：包含角色、内容，以及写出它的模型的名字。",
		},
	}},
	{"sample.declined", Note{
		Text: Text{
			En: "The user refuses: the request never reaches the model. What the client then owes the server depends on the era: a 2025-11-25 server is waiting for a response to its request, a 2026-07-28 server is waiting for nothing.",
			Zh: "用户拒绝了：请求根本没有到达模型。客户端接下来欠服务器什么，取决于所在时代：2025-11-25 的服务器正在等待它那条请求的响应，而 2026-07-28 的服务器什么也没在等。",
		},
	}},
	{"roots.workspace", Note{
		Text: Text{
			En: "The Host shares the folders its user works in as roots: file:// URIs with a display name. They tell the server where the workspace is; they are guidance, not access control.",
			Zh: "Host 把用户工作的文件夹作为 roots 共享出去：带显示名称的 file:// URI。它们告诉服务器工作区在哪里；这只是指引，并不是访问控制。",
		},
	}},
	{"roots.switch", Note{
		Text: Text{
			En: "The user opens another workspace in the Host, so the roots the client shares change. A 2025-11-25 server keeps the roots of the session, so it must be told; a 2026-07-28 server keeps nothing and will simply ask again.",
			Zh: "用户在 Host 里打开了另一个工作区，客户端共享的 roots 因此改变。2025-11-25 的服务器会在会话中记住 roots，所以必须通知它；2026-07-28 的服务器什么都不记，下次会直接再问。",
		},
	}},
	{"refused.not-retried", Note{
		Text: Text{
			En: "Because the user declined, the client simply does not retry tools/call. The input_required result already ended the request: there is no pending server request to answer, nothing to cancel, no error to send. In 2025-11-25 the same refusal had to be sent back as a JSON-RPC error.",
			Zh: "由于用户拒绝了，客户端干脆不再重试 tools/call。input_required 结果已经结束了这个请求：没有待回复的服务器请求，没有要取消的东西，也不必发送错误。在 2025-11-25 中，同样的拒绝必须作为 JSON-RPC 错误发回去。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr#server-requirements-basic-workflow",
		Quote: "Servers MUST NOT assume that clients will fulfill the `inputRequests` or retry the original request.",
	}},
	{"task.handle", Note{
		Text: Text{
			En: "The answer is a task handle, not the result: the client keeps the taskId, and the model is told the export is under way. From here the client polls tasks/get at the interval the server suggests.",
			Zh: "回来的是任务句柄而不是结果：客户端保存 taskId，并告诉模型导出正在进行。此后客户端按服务器建议的间隔轮询 tasks/get。",
		},
	}},
	{"task.user-cancels", Note{
		Text: Text{
			En: "The user no longer wants the export. The client asks the server to cancel the task with tasks/cancel, naming it by its taskId.",
			Zh: "用户不再需要这次导出。客户端用 tasks/cancel 请服务器取消任务，并用 taskId 指明是哪一个。",
		},
	}},

	// ---- The calls that need the client -----------------------------------

	{"elicit.request", Note{
		Text: Text{
			En: "tools/call book_room for a room that is taken. Its _meta declares elicitation (form mode) in the client capabilities, so the server may ask the user something while handling this very request. Nothing else prepares for a question: there is no session to remember it.",
			Zh: "对一个已被占用的会议室调用 tools/call book_room。它的 _meta 在客户端能力中声明了 elicitation（表单模式），所以服务器在处理这个请求时可以向用户提问。除此之外没有任何为提问做的准备：没有会话来记住它。",
		},
		Spec:  "2026-07-28/client/elicitation#capabilities",
		Quote: "Clients that support elicitation MUST declare the `elicitation` capability in `_meta.io.modelcontextprotocol/clientCapabilities` on each request",
	}},
	{"elicit.request@2025-11-25", Note{
		Text: Text{
			En: "tools/call book_room for a room that is taken. Nothing in this request prepares for a question: the client declared elicitation once, in initialize, and the session remembers it, so the server may send the user a question while it handles the call.",
			Zh: "对一个已被占用的会议室调用 tools/call book_room。这个请求里没有任何为提问做的准备：客户端只在 initialize 中声明过一次 elicitation，会话记住了它，所以服务器在处理调用时可以向用户发出问题。",
		},
		Spec:  "2025-11-25/client/elicitation#capabilities",
		Quote: "Clients that support elicitation MUST declare the `elicitation` capability during initialization",
	}},
	{"sample.request", Note{
		Text: Text{
			En: "tools/call summarize_inbox. The tool does not summarise by itself: it will ask the Host's model. The request's _meta declares sampling in the client capabilities, which allows the server to ask.",
			Zh: "调用 tools/call summarize_inbox。这个工具自己并不做摘要：它会去请 Host 的模型来写。请求的 _meta 在客户端能力中声明了 sampling，服务器因此可以提出这个请求。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr#server-requirements-basic-workflow",
		Quote: "Servers MUST NOT send an `inputRequests` that the client has not declared support for in its capabilities.",
	}},
	{"sample.request@2025-11-25", Note{
		Text: Text{
			En: "tools/call summarize_inbox. The tool does not summarise by itself: it will ask the Host's model. The client declared sampling once, in initialize, which allows the server to ask during the call.",
			Zh: "调用 tools/call summarize_inbox。这个工具自己并不做摘要：它会去请 Host 的模型来写。客户端在 initialize 中声明过一次 sampling，服务器因此可以在调用过程中提出请求。",
		},
		Spec:  "2025-11-25/basic/lifecycle#operation",
		Quote: "Both parties MUST: - Respect the negotiated protocol version - Only use capabilities that were successfully negotiated",
	}},
	{"roots.request", Note{
		Text: Text{
			En: "tools/call export_roster. The tool must learn where the user's workspace is, from the client's roots; the request's _meta declares roots in the client capabilities.",
			Zh: "调用 tools/call export_roster。工具需要从客户端的 roots 得知用户的工作区在哪里；请求的 _meta 在客户端能力中声明了 roots。",
		},
		Spec:  "2026-07-28/client/roots#capabilities",
		Quote: "Clients that support roots MUST declare the `roots` capability in `_meta.io.modelcontextprotocol/clientCapabilities` on each request",
	}},
	{"roots.request@2025-11-25", Note{
		Text: Text{
			En: "tools/call export_roster. The tool must learn where the user's workspace is, from the client's roots; the client declared roots (with listChanged) once, in initialize.",
			Zh: "调用 tools/call export_roster。工具需要从客户端的 roots 得知用户的工作区在哪里；客户端在 initialize 中声明过一次 roots（带 listChanged）。",
		},
		Spec:  "2025-11-25/client/roots#capabilities",
		Quote: "Clients that support roots MUST declare the `roots` capability during initialization",
	}},
	{"unasked.request", Note{
		Text: Text{
			En: "The same tools/call, from a client that cannot answer the question the tool will ask: its _meta declares client capabilities without the one needed. A 2026-07-28 server reads them on every request and must not ask for what is not declared.",
			Zh: "同样的 tools/call，但来自一个回答不了工具将要提出的问题的客户端：它的 _meta 所声明的客户端能力里没有所需的那一项。2026-07-28 的服务器每个请求都会读取这些能力，不得索取没有声明的东西。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr#server-requirements-basic-workflow",
		Quote: "Servers MUST NOT send an `inputRequests` that the client has not declared support for in its capabilities.",
	}},
	{"unasked.request@2025-11-25", Note{
		Text: Text{
			En: "The same tools/call, from a client that cannot answer the question the tool will ask: it declared no such capability in initialize. The server remembers what the session declared and must not use anything else.",
			Zh: "同样的 tools/call，但来自一个回答不了工具将要提出的问题的客户端：它在 initialize 中没有声明相应能力。服务器记得会话声明过什么，不得使用其他任何能力。",
		},
		Spec:  "2025-11-25/basic/lifecycle#operation",
		Quote: "Both parties MUST: - Respect the negotiated protocol version - Only use capabilities that were successfully negotiated",
	}},

	// ---- 2025-11-25: the server's own requests, and the client's answers --

	{"elicit.ask@2025-11-25", Note{
		Text: Text{
			En: "The server asks the user by sending a JSON-RPC request of its own, elicitation/create, with an id of its own (its numbering, not the client's). Over HTTP it travels as an SSE event on the response stream of the client's tools/call POST, before that call's response; on stdio it is a line on stdout. The call stays open until the answer comes.",
			Zh: "服务器通过发送一条自己的 JSON-RPC 请求 elicitation/create 来向用户提问，它带着服务器自己的 id（按服务器的编号，而不是客户端的）。在 HTTP 上，它作为 SSE 事件走在客户端那次 tools/call POST 的响应流上，先于该调用的响应；在 stdio 上，它是 stdout 上的一行。在回答到来之前，这次调用一直保持未完成。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "The server MAY send JSON-RPC _requests_ and _notifications_ before sending the JSON-RPC _response_.",
	}},
	{"sample.ask@2025-11-25", Note{
		Text: Text{
			En: "The server asks the Host's model with a JSON-RPC request of its own, sampling/createMessage, carrying the messages, a system prompt and maxTokens. Over HTTP it is an SSE event on the tools/call POST's stream; on stdio a line on stdout. The Host, not the server, decides whether a model sees it.",
			Zh: "服务器用一条自己的 JSON-RPC 请求 sampling/createMessage 去请 Host 的模型，其中带有消息、系统提示词和 maxTokens。在 HTTP 上，它是 tools/call POST 响应流上的一个 SSE 事件；在 stdio 上是 stdout 上的一行。是否让模型看到它，由 Host 而不是服务器决定。",
		},
		Spec:  "2025-11-25/client/sampling#user-interaction-model",
		Quote: "For trust & safety and security, there SHOULD always be a human in the loop with the ability to deny sampling requests.",
	}},
	{"roots.ask@2025-11-25", Note{
		Text: Text{
			En: "The server asks for the client's roots with a JSON-RPC request of its own, roots/list, which takes no params. Over HTTP it is an SSE event on the tools/call POST's stream; on stdio a line on stdout. The server will keep the answer for the rest of the session.",
			Zh: "服务器用一条自己的 JSON-RPC 请求 roots/list 来询问客户端的 roots，这个请求没有参数。在 HTTP 上，它是 tools/call POST 响应流上的一个 SSE 事件；在 stdio 上是 stdout 上的一行。服务器会在会话剩下的时间里记住这个回答。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "The server MAY send JSON-RPC _requests_ and _notifications_ before sending the JSON-RPC _response_.",
	}},
	{"ask@2025-11-25", Note{
		Text: Text{
			En: "While handling the tools/call, the server sends a JSON-RPC request of its own, with an id from its own numbering: over HTTP as an SSE event on the call's response stream, on stdio as a line on stdout. The call's response comes only after the client has answered.",
			Zh: "在处理 tools/call 的过程中，服务器发出一条自己的 JSON-RPC 请求，id 来自它自己的编号：在 HTTP 上是调用响应流上的一个 SSE 事件，在 stdio 上是 stdout 上的一行。只有客户端作答之后，调用的响应才会到来。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "These messages SHOULD relate to the originating client _request_.",
	}},
	{"answer.accept@2025-11-25", Note{
		Text: Text{
			En: "The client answers the server's request with a JSON-RPC response: the same id as the server's request, and the ElicitResult as result (action accept, with the content). Over HTTP it is a new POST of its own, in the session; on stdio a line on stdin. The tools/call is still waiting on its own stream.",
			Zh: "客户端用一条 JSON-RPC 响应回答服务器的请求：id 与服务器的请求相同，result 是 ElicitResult（action 为 accept，并带有内容）。在 HTTP 上，它是会话中一个独立的新 POST；在 stdio 上是 stdin 上的一行。tools/call 仍在自己的流上等待。",
		},
		Spec:  "2025-11-25/basic/index#result-responses",
		Quote: "Result responses MUST include the same ID as the request they correspond to.",
	}},
	{"answer.decline@2025-11-25", Note{
		Text: Text{
			En: "The user said no, and that is an answer too: a JSON-RPC response with the server's id whose ElicitResult has action decline and no content. Over HTTP a POST of its own, on stdio a line on stdin.",
			Zh: "用户说了不，这也是一个回答：一条带服务器 id 的 JSON-RPC 响应，其中 ElicitResult 的 action 为 decline，没有内容。在 HTTP 上是一个独立的 POST，在 stdio 上是 stdin 上的一行。",
		},
		Spec:  "2025-11-25/client/elicitation#security-considerations",
		Quote: "Clients SHOULD allow users to decline elicitation requests at any time",
	}},
	{"answer.cancel@2025-11-25", Note{
		Text: Text{
			En: "The user closed the form without choosing: the client still answers, with action cancel and no content, so the server can tell a dismissal from an explicit no. Over HTTP a POST of its own, on stdio a line on stdin.",
			Zh: "用户没有选择就关闭了表单：客户端仍然作答，action 为 cancel、不带内容，这样服务器能区分“关掉了”和“明确拒绝”。在 HTTP 上是一个独立的 POST，在 stdio 上是 stdin 上的一行。",
		},
		Spec:  "2025-11-25/client/elicitation#security-considerations",
		Quote: "Clients SHOULD allow users to decline elicitation requests at any time",
	}},
	{"answer.result@2025-11-25", Note{
		Text: Text{
			En: "The client answers the server's request with a JSON-RPC response carrying the same id and the result the server asked for. Over HTTP it is a new POST of its own, in the session; on stdio a line on stdin. The tools/call is still waiting on its own stream.",
			Zh: "客户端用一条 JSON-RPC 响应回答服务器的请求，带着相同的 id 和服务器要的结果。在 HTTP 上，它是会话中一个独立的新 POST；在 stdio 上是 stdin 上的一行。tools/call 仍在自己的流上等待。",
		},
		Spec:  "2025-11-25/basic/index#result-responses",
		Quote: "Result responses MUST include the same ID as the request they correspond to.",
	}},
	{"answer.error@2025-11-25", Note{
		Text: Text{
			En: "The client refuses the server's request with a JSON-RPC error response carrying the server's id: -1, \"User rejected sampling request\", the code the sampling page suggests. Over HTTP a POST of its own, on stdio a line on stdin.",
			Zh: "客户端用一条带服务器 id 的 JSON-RPC 错误响应拒绝了服务器的请求：-1，“User rejected sampling request”，这是 sampling 页面建议的错误码。在 HTTP 上是一个独立的 POST，在 stdio 上是 stdin 上的一行。",
		},
		Spec:  "2025-11-25/basic/index#error-responses",
		Quote: "Error responses MUST include the same ID as the request they correspond to (except in error cases where the ID could not be read due a malformed request).",
	}},
	{"answer-accepted@2025-11-25", Note{
		Text: Text{
			En: "The server accepts the client's answer with 202 Accepted and no body: a response gets no response. The answer itself travels on to the tool that asked, which goes on; what the tool does with it arrives later, on the tools/call stream.",
			Zh: "服务器以 202 Accepted、无响应体接受了客户端的回答：响应不会再得到响应。回答本身被交给提问的工具，工具继续执行；它据此做了什么，稍后会在 tools/call 的流上到来。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body.",
	}},
	{"elicit.result@2025-11-25", Note{
		Text: Text{
			En: "With the user's answer the tool goes on and the original tools/call gets its response: on the same stream (or stdout), with the client's own id, after the server's question. The result reflects what the user chose: booked instead, or not booked.",
			Zh: "拿到用户的回答后，工具继续执行，原来的 tools/call 得到它的响应：在同一条流上（或 stdout 上），带着客户端自己的 id，排在服务器的问题之后。结果反映了用户的选择：改订成功，或者没有预订。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "The SSE stream SHOULD eventually include a JSON-RPC _response_ for the JSON-RPC _request_ sent in the POST body.",
	}},
	{"sample.result@2025-11-25", Note{
		Text: Text{
			En: "With the model's message the tool finishes and the original tools/call gets its response, on the same stream (or stdout), with the client's own id: the summary the Host's model wrote, credited to that model.",
			Zh: "拿到模型写的消息后，工具完成，原来的 tools/call 在同一条流上（或 stdout 上）得到响应，带着客户端自己的 id：里面是 Host 的模型写的摘要，并注明了出自哪个模型。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "The SSE stream SHOULD eventually include a JSON-RPC _response_ for the JSON-RPC _request_ sent in the POST body.",
	}},
	{"roots.result@2025-11-25", Note{
		Text: Text{
			En: "With the roots the tool saves the roster into the first shared workspace, inside it, and the original tools/call gets its response on the same stream (or stdout).",
			Zh: "拿到 roots 后，工具把名单保存到第一个共享的工作区里面，原来的 tools/call 在同一条流上（或 stdout 上）得到响应。",
		},
		Spec:  "2025-11-25/client/roots#security-considerations",
		Quote: "Servers SHOULD: - Handle cases where roots become unavailable - Respect root boundaries during operations - Validate all paths against provided roots",
	}},
	{"unasked.tool-error@2025-11-25", Note{
		Text: Text{
			En: "The server never sent its question: the client did not declare the capability in initialize. There is no -32021 in 2025-11-25, so the tool itself reports a tool execution error (isError: true) that names the missing capability, which the model can pass on to the user.",
			Zh: "服务器根本没有发出问题：客户端在 initialize 中没有声明这项能力。2025-11-25 里没有 -32021，所以由工具自己报告一个工具执行错误（isError: true），并说明缺少哪项能力，模型可以把这一点转告用户。",
		},
		Spec:  "2025-11-25/basic/lifecycle#operation",
		Quote: "Both parties MUST: - Respect the negotiated protocol version - Only use capabilities that were successfully negotiated",
	}},
	{"invalid.tool-error@2025-11-25", Note{
		Text: Text{
			En: "The server checked the client's answer against what it asked for (the form's schema, the fields of the result) and refused it; the tool reports it as a tool execution error (isError: true) that says which field is wrong. The server got a 202 for the answer all the same: the transport accepted it, the tool did not.",
			Zh: "服务器对照自己所问的内容（表单的 schema、结果的字段）检查了客户端的回答，并拒绝了它；工具把这报告为工具执行错误（isError: true），指出哪个字段不对。尽管如此，这个回答仍然得到了 202：传输层接受了它，工具没有接受。",
		},
		Spec:  "2025-11-25/client/elicitation#form-mode-security",
		Quote: "Servers SHOULD validate received data matches the requested schema",
	}},
	{"refused.tool-error@2025-11-25", Note{
		Text: Text{
			En: "The client's error response reached the tool that asked: the user refused, so there is no summary, and the tool reports a tool execution error (isError: true) naming the refusal.",
			Zh: "客户端的错误响应到达了提问的工具：用户拒绝了，所以没有摘要，工具报告一个工具执行错误（isError: true），说明是被拒绝了。",
		},
		Spec:  "2025-11-25/client/sampling#user-interaction-model",
		Quote: "For trust & safety and security, there SHOULD always be a human in the loop with the ability to deny sampling requests.",
	}},
	{"roots-again.stream-prime@2025-11-25", Note{
		Text: Text{
			En: "The second tools/call gets a response stream of its own, primed like the first with an event ID and an empty data field; its IDs start from a new stream number (2-0), so a Last-Event-ID names which stream to resume as well as where in it.",
			Zh: "第二次 tools/call 得到一条自己的响应流，和第一条一样先用一个事件 ID 和空 data 字段做预备；它的 ID 从新的流编号开始（2-0），所以 Last-Event-ID 既指明从哪条流恢复，也指明从流中的哪里恢复。",
		},
		Spec:  "2025-11-25/basic/transports#resumability-and-redelivery",
		Quote: "Event IDs SHOULD encode sufficient information to identify the originating stream, enabling the server to correlate a `Last-Event-ID` to the correct stream.",
	}},
	{"roots-changed@2025-11-25", Note{
		Text: Text{
			En: "The client tells the server its roots changed: a notification without params. The server drops the roots it kept for the session and will ask again the next time a tool needs them. Over HTTP it is accepted with 202.",
			Zh: "客户端告诉服务器它的 roots 变了：一条不带参数的通知。服务器丢掉它为会话保存的 roots，下次有工具需要时会重新询问。在 HTTP 上它会以 202 被接受。",
		},
		Spec:  "2025-11-25/client/roots#root-list-changes",
		Quote: "When roots change, clients that support `listChanged` MUST send a notification",
	}},

	// ---- 2026-07-28: input_required and the retry -------------------------

	{"elicit.input-required", Note{
		Text: Text{
			En: "No request of the server's own: the tools/call itself ends, with an InputRequiredResult — resultType input_required, the question under a key in inputRequests (the same elicitation/create params), and an opaque requestState. It is one plain response, with the client's own id; the request is over, and the server keeps nothing.",
			Zh: "服务器没有发出自己的请求：tools/call 本身就此结束，返回一个 InputRequiredResult——resultType 为 input_required，问题以某个键放在 inputRequests 里（elicitation/create 的参数完全相同），外加一个不透明的 requestState。这是一条普通响应，带着客户端自己的 id；请求到此结束，服务器什么也不保留。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr",
		Quote: "Servers MUST send server-to-client requests (such as `roots/list`, `sampling/createMessage`, or `elicitation/create`) using the MRTR pattern.",
	}},
	{"sample.input-required", Note{
		Text: Text{
			En: "The tools/call ends with an InputRequiredResult: the sampling/createMessage request sits in inputRequests under a key, with the same params a 2025-11-25 server would have sent, and requestState holds what the server needs to resume. One plain response, with the client's own id.",
			Zh: "tools/call 以一个 InputRequiredResult 结束：sampling/createMessage 请求以某个键放在 inputRequests 里，参数与 2025-11-25 服务器会发送的完全相同，requestState 保存着服务器继续所需的信息。这是一条普通响应，带着客户端自己的 id。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr#server-requirements-basic-workflow",
		Quote: "Servers MUST NOT send an `inputRequests` that the client has not declared support for in its capabilities.",
	}},
	{"roots.input-required", Note{
		Text: Text{
			En: "The tools/call ends with an InputRequiredResult asking for roots/list under a key. Roots are deprecated in 2026-07-28 (tools should take paths as arguments), but servers may still ask; nothing is cached between requests, so every call that needs the roots asks again.",
			Zh: "tools/call 以一个 InputRequiredResult 结束，以某个键请求 roots/list。roots 在 2026-07-28 中已被弃用（工具应当以参数接收路径），但服务器仍然可以询问；请求之间不缓存任何东西，所以每次需要 roots 的调用都会重新询问。",
		},
		Spec:  "2026-07-28/client/roots",
		Quote: "New implementations SHOULD NOT adopt it; existing implementations SHOULD migrate to passing directories or files via tool parameters, resource URIs, or server configuration.",
	}},
	{"input-required", Note{
		Text: Text{
			En: "The request ends with an InputRequiredResult: resultType input_required, the questions in inputRequests under keys the server chose, and an opaque requestState the client must send back exactly as it is. It is the client's to answer and retry.",
			Zh: "请求以一个 InputRequiredResult 结束：resultType 为 input_required，问题放在 inputRequests 里、使用服务器选定的键，还有一个不透明的 requestState，客户端必须原样发回。接下来由客户端作答并重试。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr#inputrequiredresult",
		Quote: "Clients MUST NOT inspect, parse, modify, or make any assumptions about its contents.",
	}},
	{"retry.request", Note{
		Text: Text{
			En: "The client retries the original tools/call — same name, same arguments — as a new request with a new id, adding inputResponses (the answers, under the keys of inputRequests) and the requestState exactly as received. This request is the answer: there is no separate message for it.",
			Zh: "客户端重试原来的 tools/call——同样的名字、同样的参数——作为一个带新 id 的新请求，并加上 inputResponses（各个回答，使用 inputRequests 中的键）以及原样收到的 requestState。这个请求本身就是回答：没有为回答单独发的消息。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr#client-requirements-basic-workflow",
		Quote: "The JSON-RPC `id` MUST be different between the initial request and the retry, as they are independent requests.",
	}},
	{"tampered.retry.request", Note{
		Text: Text{
			En: "The retry carries a requestState that is not the one the server sent: one character changed on its way (a buggy or malicious client, or something in between). The client must send it back byte for byte; the server can tell, because the state is signed.",
			Zh: "这次重试携带的 requestState 不是服务器发出的那个：途中有一个字符被改了（有缺陷或恶意的客户端，或者中间的某个环节）。客户端必须逐字节原样发回；服务器能发现，因为状态带有签名。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr#client-requirements-basic-workflow",
		Quote: "If an `InputRequiredResult` contains the `requestState` field, the client MUST echo back the exact value of that field when retrying the original request.",
	}},
	{"elicit.retry.result", Note{
		Text: Text{
			En: "The server runs the tool again from the start, now answering its question from inputResponses, and the retry gets the final result (resultType complete) with the retry's own id. It reflects what the user chose: booked instead, or not booked.",
			Zh: "服务器从头再运行一次工具，这次用 inputResponses 回答它的问题，重试请求得到最终结果（resultType 为 complete），带着重试自己的 id。结果反映了用户的选择：改订成功，或者没有预订。",
		},
		Spec:  "2026-07-28/client/elicitation#error-handling",
		Quote: "Servers SHOULD NOT assume that elicitation requests will always succeed, and MUST handle cases where the user declines or cancels the elicitation, or where the client fails to process the request.",
	}},
	{"sample.retry.result", Note{
		Text: Text{
			En: "The server runs the tool again, takes the model's message from inputResponses, and the retry gets the final result with its own id: the summary, credited to the Host's model.",
			Zh: "服务器再次运行工具，从 inputResponses 中取出模型写的消息，重试请求得到带自己 id 的最终结果：摘要，并注明出自 Host 的模型。",
		},
		Spec:  "2026-07-28/client/sampling#sampling-parameters",
		Quote: "The client MUST respect the `maxTokens` parameter.",
	}},
	{"roots.retry.result", Note{
		Text: Text{
			En: "The server runs the tool again with the roots from inputResponses and saves the roster inside the first shared workspace; the retry gets the final result with its own id.",
			Zh: "服务器用 inputResponses 中的 roots 再次运行工具，把名单保存到第一个共享工作区里面；重试请求得到带自己 id 的最终结果。",
		},
		Spec:  "2026-07-28/client/roots#security-considerations",
		Quote: "Servers SHOULD: - Handle cases where roots become unavailable - Respect root boundaries during operations - Validate all paths against provided roots",
	}},
	{"retry.result", Note{
		Text: Text{
			En: "The server runs the tool again with the answers from inputResponses, and the retry gets the final result, resultType complete, with the retry's own id.",
			Zh: "服务器用 inputResponses 中的回答再次运行工具，重试请求得到最终结果，resultType 为 complete，带着重试自己的 id。",
		},
		Spec:  "2026-07-28/basic/index#result-responses",
		Quote: "The `result` MUST include a `resultType` field to indicate the type of the result.",
	}},
	{"retry.error.32602.answer", Note{
		Text: Text{
			En: "The server checked the answer in inputResponses against what it asked (the form's schema, the fields of the result) and refused the whole retry: -32602 Invalid params, naming the key and the field. A protocol error: the tool never ran with the bad answer.",
			Zh: "服务器对照自己所问的内容（表单的 schema、结果的字段）检查了 inputResponses 中的回答，并拒绝了整个重试：-32602 Invalid params，指出是哪个键、哪个字段。这是协议错误：工具根本没有拿这个错误的回答去运行。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr#error-handling",
		Quote: "Protocol errors (malformed JSON, invalid schema, internal server errors) SHOULD return a JSON-RPC error response with an appropriate error code and message.",
	}},
	{"retry.error.32602.state", Note{
		Text: Text{
			En: "The server verifies the requestState's signature before trusting anything in it, and this one fails: -32602 Invalid params, the state was changed or issued elsewhere; start over without requestState. Nothing of the earlier round is used.",
			Zh: "服务器在信任 requestState 中的任何内容之前都会先验证它的签名，而这个没有通过：-32602 Invalid params，状态被改过或来自别处；请不带 requestState 从头再来。上一轮的任何内容都不会被使用。",
		},
		Spec:  "2026-07-28/basic/patterns/mrtr#server-requirements-basic-workflow",
		Quote: "If `requestState` influences authorization, resource access, or business logic, servers MUST protect its integrity (e.g. HMAC or AEAD) and MUST reject state that fails verification.",
	}},
	{"error.32021", Note{
		Text:  txtMissingCapability,
		Spec:  "2026-07-28/basic/index#meta",
		Quote: "If processing a request requires a capability the client did not include in `io.modelcontextprotocol/clientCapabilities`, the server MUST return a `MissingRequiredClientCapabilityError` (`-32021`) whose `data.requiredCapabilities` lists the missing capabilities.",
	}},
	{"error.32021.http-400", Note{
		Text: Text{
			En: txtMissingCapability.En + " Over HTTP the answer comes with 400 Bad Request.",
			Zh: txtMissingCapability.Zh + "在 HTTP 上，这个回答伴随 400 Bad Request。",
		},
		Spec:  "2026-07-28/basic/index#meta",
		Quote: "If processing a request requires a capability the client did not include in `io.modelcontextprotocol/clientCapabilities`, the server MUST return a `MissingRequiredClientCapabilityError` (`-32021`) whose `data.requiredCapabilities` lists the missing capabilities.",
	}},

	// ---- Tasks --------------------------------------------------------------

	{"task.request", Note{
		Text: Text{
			En: "tools/call export_timesheets from a client that declares the tasks extension in its capabilities (extensions, io.modelcontextprotocol/tasks). Nothing in the call asks for a task: the server decides whether to answer with one.",
			Zh: "来自一个在能力中声明了 tasks 扩展（extensions 下的 io.modelcontextprotocol/tasks）的客户端的 tools/call export_timesheets。调用本身并没有要求任务：是否以任务作答由服务器决定。",
		},
		Spec:  "2026-07-28/basic/versioning#extension-negotiation",
		Quote: "Extension identifiers MUST follow the `_meta` key naming rules, with a mandatory prefix.",
	}},
	{"task.request@2025-11-25", Note{
		Text: Text{
			En: "tools/call export_timesheets with params.task: the client asks for the call to run as a task (experimental in 2025-11-25), with a time to live. The server declared task support for tools/call, and the tool's execution.taskSupport allows it.",
			Zh: "带 params.task 的 tools/call export_timesheets：客户端要求这次调用以任务方式运行（在 2025-11-25 中是实验性的），并给出存活时间。服务器为 tools/call 声明了任务支持，这个工具的 execution.taskSupport 也允许。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#capability-negotiation",
		Quote: "Requestors SHOULD only augment requests with a task if the corresponding capability has been declared by the receiver.",
	}},
	{"task.task", Note{
		Text: Text{
			En: "The server answers at once with a task handle instead of the result: resultType task, a taskId, status working, ttlMs and pollIntervalMs. The export goes on in the background; the result will be fetched by polling.",
			Zh: "服务器立刻用任务句柄而不是结果作答：resultType 为 task，带有 taskId、状态 working、ttlMs 和 pollIntervalMs。导出在后台继续进行；结果要通过轮询来取。",
		},
		Spec:  "2026-07-28/basic/index#resulttype",
		Quote: "Extensions MAY add additional `ResultType` values.",
	}},
	{"task.task@2025-11-25", Note{
		Text: Text{
			En: "The server answers at once with a CreateTaskResult: the task (taskId, status working, ttl, pollInterval) instead of the tool's result. The export goes on in the background; the result will be fetched with tasks/result.",
			Zh: "服务器立刻用 CreateTaskResult 作答：给出任务（taskId、状态 working、ttl、pollInterval），而不是工具的结果。导出在后台继续进行；结果稍后用 tasks/result 取回。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#result-retrieval",
		Quote: "Receivers that accept a task-augmented request MUST return a `CreateTaskResult` as the response.",
	}},
	{"task-get.request", Note{
		Text: Text{
			En: "After the poll interval the client asks how the task is doing: tasks/get with the taskId (mirrored into Mcp-Name over HTTP). Every poll is a request of its own; the taskId is the only thing that ties them together.",
			Zh: "等过轮询间隔后，客户端询问任务进展：带 taskId 的 tasks/get（在 HTTP 上 taskId 还会镜像到 Mcp-Name）。每次轮询都是一个独立的请求；把它们联系在一起的只有 taskId。",
		},
		Spec:  "2026-07-28/basic/index#statelessness",
		Quote: "State that needs to span multiple requests (e.g., long-running tasks, application-level handles) MUST be referenced by an explicit identifier the client passes on each request.",
	}},
	{"task-get.request@2025-11-25", Note{
		Text: Text{
			En: "After the poll interval the client asks how the task is doing: tasks/get with the taskId, in the session the task belongs to.",
			Zh: "等过轮询间隔后，客户端询问任务进展：在任务所属的会话中发送带 taskId 的 tasks/get。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#getting-tasks",
		Quote: "Requestors SHOULD respect the `pollInterval` provided in responses when determining polling frequency.",
	}},
	{"task-get.working", Note{
		Text: Text{
			En: "Still working: the task's statusMessage shows the tool's progress (progress notifications are not sent for tasks). The client polls again after the interval.",
			Zh: "仍在进行：任务的 statusMessage 显示工具的进度（任务不发送进度通知）。客户端过了间隔后再次轮询。",
		},
		Spec:  "2026-07-28/basic/index#statelessness",
		Quote: "Servers SHOULD NOT require that a client reuse the same connection or process to perform related operations.",
	}},
	{"task-get.working@2025-11-25", Note{
		Text: Text{
			En: "Still working, with the tool's progress as statusMessage. The client polls again after the interval, until the task ends.",
			Zh: "仍在进行，statusMessage 显示工具的进度。客户端过了间隔后再次轮询，直到任务结束。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#getting-tasks",
		Quote: "Requestors SHOULD continue polling until the task reaches a terminal status (`completed`, `failed`, or `cancelled`), or until encountering the `input_required` status.",
	}},
	{"task-get.completed", Note{
		Text: Text{
			En: "Completed, and the tool's result is inlined in the task (result, with its own resultType complete): this last poll is also the answer. No further request is needed to get it.",
			Zh: "已完成，工具的结果直接内联在任务里（result，带它自己的 resultType complete）：这最后一次轮询本身就是答案，不需要再发请求去取。",
		},
		Spec:  "2026-07-28/basic/index#result-responses",
		Quote: "The `result` MUST include a `resultType` field to indicate the type of the result.",
	}},
	{"task-get.completed@2025-11-25", Note{
		Text: Text{
			En: "Completed — but a 2025-11-25 task does not carry its result: the client fetches it with tasks/result next. The client stops polling at a terminal status.",
			Zh: "已完成——但 2025-11-25 的任务不携带结果：客户端接下来用 tasks/result 取回它。到了终止状态，客户端就停止轮询。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#getting-tasks",
		Quote: "Requestors SHOULD continue polling until the task reaches a terminal status (`completed`, `failed`, or `cancelled`), or until encountering the `input_required` status.",
	}},
	{"task-get.cancelled", Note{
		Text: Text{
			En: "The task is cancelled, a terminal status: it stays cancelled even if the tool's work was still under way, and it has no result.",
			Zh: "任务已取消，这是终止状态：即使工具的工作当时还在进行，它也保持为 cancelled，并且没有结果。",
		},
		Spec:  "2026-07-28/basic/index#result-responses",
		Quote: "The `result` MUST include a `resultType` field to indicate the type of the result.",
	}},
	{"task-get.cancelled@2025-11-25", Note{
		Text: Text{
			En: "The task is cancelled, a terminal status: it stays cancelled even if the tool's work was still under way, and tasks/result would have nothing to return.",
			Zh: "任务已取消，这是终止状态：即使工具的工作当时还在进行，它也保持为 cancelled，tasks/result 也没有什么可返回的。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#task-cancellation",
		Quote: "Once a task is cancelled, it MUST remain in `cancelled` status even if execution continues to completion or fails.",
	}},
	{"task-cancel.request", Note{
		Text: Text{
			En: "tasks/cancel with the taskId (mirrored into Mcp-Name over HTTP). Cancelling a task is a request about the task, not a notification about a request: the tools/call that created it ended long ago.",
			Zh: "带 taskId 的 tasks/cancel（在 HTTP 上 taskId 会镜像到 Mcp-Name）。取消任务是针对任务的请求，而不是针对某个请求的通知：创建它的那次 tools/call 早就结束了。",
		},
		Spec:  "2026-07-28/basic/index#statelessness",
		Quote: "State that needs to span multiple requests (e.g., long-running tasks, application-level handles) MUST be referenced by an explicit identifier the client passes on each request.",
	}},
	{"task-cancel.request@2025-11-25", Note{
		Text: Text{
			En: "tasks/cancel with the taskId, in the task's session. A task that already ended cannot be cancelled.",
			Zh: "在任务所属的会话中发送带 taskId 的 tasks/cancel。已经结束的任务不能再取消。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#task-cancellation",
		Quote: "Receivers MUST reject cancellation requests for tasks already in a terminal status (`completed`, `failed`, or `cancelled`) with error code `-32602` (Invalid params).",
	}},
	{"task-cancel.result", Note{
		Text: Text{
			En: "An empty acknowledgement (resultType complete): the server will stop the task. Its status is read with tasks/get, like any other.",
			Zh: "一个空的确认（resultType 为 complete）：服务器会停止这个任务。任务的状态和往常一样用 tasks/get 读取。",
		},
		Spec:  "2026-07-28/basic/index#result-responses",
		Quote: "The `result` MUST include a `resultType` field to indicate the type of the result.",
	}},
	{"task-cancel.cancelled@2025-11-25", Note{
		Text: Text{
			En: "The server answers with the task, already cancelled: it moved the task to cancelled before answering.",
			Zh: "服务器用已处于 cancelled 状态的任务作答：它在回复之前就把任务改为了 cancelled。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#task-cancellation",
		Quote: "Upon receiving a valid cancellation request, receivers SHOULD attempt to stop the task execution and MUST transition the task to `cancelled` status before sending the response.",
	}},
	{"task-result.request@2025-11-25", Note{
		Text: Text{
			En: "tasks/result asks for what the tools/call would have returned. It would wait for a task still working; this one has completed, so the answer comes at once.",
			Zh: "tasks/result 请求取回 tools/call 本来会返回的内容。如果任务还在进行，它会一直等待；这个任务已经完成，所以回答立即到来。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#result-retrieval",
		Quote: "When a receiver receives a `tasks/result` request for a task in any other non-terminal status (`working` or `input_required`), it MUST block the response until the task reaches a terminal status.",
	}},
	{"task-result.result@2025-11-25", Note{
		Text: Text{
			En: "Exactly the result the tools/call would have returned, plus io.modelcontextprotocol/related-task in _meta: the result itself does not name its task.",
			Zh: "与 tools/call 本来会返回的结果完全一样，外加 _meta 中的 io.modelcontextprotocol/related-task：结果本身并不指明它属于哪个任务。",
		},
		Spec:  "2025-11-25/basic/utilities/tasks#related-task-metadata",
		Quote: "The `tasks/result` operation MUST include this metadata in its response, as the result structure itself does not contain the task ID.",
	}},
	{"no-task.result", Note{
		Text: Text{
			En: "The client did not declare the tasks extension, so the server falls back to the core protocol: the same tools/call runs as an ordinary request and the client waits for the whole export before it gets the result.",
			Zh: "客户端没有声明 tasks 扩展，于是服务器回退到核心协议：同样的 tools/call 作为普通请求运行，客户端要等整个导出完成才能拿到结果。",
		},
		Spec:  "2026-07-28/basic/versioning#extension-negotiation",
		Quote: "If one party supports an extension but the other does not, the supporting party MUST either revert to core protocol behavior or reject the request with an appropriate error.",
	}},
	{"no-task.result@2025-11-25", Note{
		Text: Text{
			En: "Without params.task the same tools/call runs as an ordinary request: the client waits for the whole export before it gets the result, its own deadline running all the while.",
			Zh: "没有 params.task，同样的 tools/call 就作为普通请求运行：客户端要等整个导出完成才能拿到结果，期间它自己的超时一直在计时。",
		},
		Spec:  "2025-11-25/basic/lifecycle#timeouts",
		Quote: "Implementations SHOULD establish timeouts for all sent requests, to prevent hung connections and resource exhaustion.",
	}},
}

// txtMissingCapability is the text of -32021 in both its forms.
var txtMissingCapability = Text{
	En: "-32021 MissingRequiredClientCapability: the tool needs to ask the client something, and this request's _meta did not declare the client capability for it. The server does not ask; it refuses the request, and data.requiredCapabilities says exactly what to declare before trying again.",
	Zh: "-32021 MissingRequiredClientCapability：工具需要向客户端询问一些东西，而这个请求的 _meta 没有声明相应的客户端能力。服务器不会提问，而是拒绝这个请求，并在 data.requiredCapabilities 中准确说明重试之前需要声明什么。",
}
