package scenario

// primitivesNoteTable annotates the resources, prompts and logging
// scenarios (primitives.go), in the format and with the conventions of
// noteTable (notes_text.go): a plain key for 2026-07-28 and a
// "key@2025-11-25" entry where the key occurs in both versions, each
// citing its own version's page and quoting one normative sentence from it.
var primitivesNoteTable = [...]noteEntry{
	// ---- resources -------------------------------------------------------

	{"user.prompt-context", Note{
		Text: txtUserPromptContext,
		Spec: "2026-07-28/server/resources#user-interaction-model",
	}},
	{"user.prompt-context@2025-11-25", Note{
		Text: txtUserPromptContext,
		Spec: "2025-11-25/server/resources#user-interaction-model",
	}},
	{"resources-list.request", Note{
		Text: Text{
			En: "Before the user can attach anything, the Host fills its resource picker: resources/list, with the full _meta like every 2026-07-28 request. A server that declares the resources capability must answer it; listing reads nothing, it only names what could be read.",
			Zh: "在用户附加任何东西之前，Host 要先填充它的资源选择器：发送 resources/list，和每个 2026-07-28 请求一样带完整的 _meta。声明了 resources 能力的服务器必须回答它；列出资源并不读取内容，只是列出可以读取的东西。",
		},
		Spec:  "2026-07-28/server/resources#capabilities",
		Quote: "Servers that declare the `resources` capability MUST respond to `resources/list` requests with the set of resources currently available to the requesting client.",
	}},
	{"resources-list.request@2025-11-25", Note{
		Text: Text{
			En: "Before the user can attach anything, the Host fills its resource picker: resources/list, with no params. The session's initialize already told the client that the server offers resources (the resources capability, with subscribe: true).",
			Zh: "在用户附加任何东西之前，Host 要先填充它的资源选择器：发送不带 params 的 resources/list。会话的 initialize 已经告诉客户端，服务器提供资源（resources 能力，其中 subscribe: true）。",
		},
		Spec:  "2025-11-25/server/resources#capabilities",
		Quote: "Servers that support resources MUST declare the `resources` capability",
	}},
	{"resources-list.result", Note{
		Text: Text{
			En: "Four fixed resources: three handbook pages (text/markdown, with audience and lastModified annotations) and the logo (image/png). Only names, titles and MIME types, no contents. Like every cacheable 2026-07-28 result it carries ttlMs 300000 and cacheScope public: the Host may reuse this list for five minutes.",
			Zh: "四个固定资源：三页员工手册（text/markdown，带 audience 和 lastModified 注解）和公司标志（image/png）。只有名称、标题和 MIME 类型，没有内容。和每个可缓存的 2026-07-28 结果一样，它带有 ttlMs 300000 和 cacheScope public：Host 可以在五分钟内重复使用这份列表。",
		},
		Spec:  "2026-07-28/server/utilities/caching#time-to-live-ttl-field",
		Quote: "If `ttlMs` is positive, the client SHOULD consider the result fresh for that many milliseconds after receiving the response.",
	}},
	{"resources-list.result@2025-11-25", Note{
		Text: Text{
			En: "Four fixed resources: three handbook pages (text/markdown, with audience and lastModified annotations) and the logo (image/png). Only names, titles and MIME types, no contents. 2025-11-25 results carry no caching hints: how long to keep the list is the client's guess.",
			Zh: "四个固定资源：三页员工手册（text/markdown，带 audience 和 lastModified 注解）和公司标志（image/png）。只有名称、标题和 MIME 类型，没有内容。2025-11-25 的结果不带缓存提示：这份列表能保留多久，全凭客户端自己判断。",
		},
		Spec: "2025-11-25/server/resources#listing-resources",
	}},
	{"resources.picker", Note{
		Text: txtResourcesPicker,
		Spec: "2026-07-28/server/resources#user-interaction-model",
	}},
	{"resources.picker@2025-11-25", Note{
		Text: txtResourcesPicker,
		Spec: "2025-11-25/server/resources#user-interaction-model",
	}},
	{"resources.user-picks", Note{
		Text: Text{
			En: "The user attaches a resource. This choice is the user's, not the model's: resources are application-driven, and the Host only sends the server's data to the model because the user picked it.",
			Zh: "用户附加了一个资源。这是用户的选择，而不是模型的：资源由应用驱动，Host 之所以把服务器的数据交给模型，只是因为用户选了它。",
		},
	}},
	{"resources.user-types", Note{
		Text: Text{
			En: "A template is a family of resources: the picker asks the user for its variable (department) and, while the user types, asks the server for suggestions. If the user types past the suggestions, the Host builds the URI from whatever was typed.",
			Zh: "模板代表一族资源：选择器请用户填写它的变量（department），并在用户输入时向服务器索取建议。如果用户不理会建议继续输入，Host 就用输入的内容拼出 URI。",
		},
	}},
	{"templates-list.request", Note{
		Text: Text{
			En: "resources/templates/list asks for the URI templates: resources the server can produce but not list one by one, such as one record per employee. Templates are in the same resources capability.",
			Zh: "resources/templates/list 请求 URI 模板：服务器能生成、却无法逐个列出的资源，比如每个员工一条记录。模板同属 resources 能力。",
		},
		Spec:  "2026-07-28/server/resources#capabilities",
		Quote: "Servers that declare the `resources` capability MUST respond to `resources/list` requests with the set of resources currently available to the requesting client.",
	}},
	{"templates-list.request@2025-11-25", Note{
		Text: Text{
			En: "resources/templates/list asks for the URI templates: resources the server can produce but not list one by one, such as one record per employee. Templates are in the same resources capability.",
			Zh: "resources/templates/list 请求 URI 模板：服务器能生成、却无法逐个列出的资源，比如每个员工一条记录。模板同属 resources 能力。",
		},
		Spec:  "2025-11-25/server/resources#capabilities",
		Quote: "Servers that support resources MUST declare the `resources` capability",
	}},
	{"templates-list.result", Note{
		Text: Text{
			En: "Two RFC 6570 templates, company://employees/{id} and company://departments/{department}, both application/json, with ttlMs 300000 and cacheScope public. The Host shows them as forms: fill in the variable and the template becomes a URI to read.",
			Zh: "两个 RFC 6570 模板：company://employees/{id} 和 company://departments/{department}，都是 application/json，带 ttlMs 300000 和 cacheScope public。Host 把它们显示成表单：填好变量，模板就变成可以读取的 URI。",
		},
		Spec:  "2026-07-28/server/utilities/caching#time-to-live-ttl-field",
		Quote: "If `ttlMs` is positive, the client SHOULD consider the result fresh for that many milliseconds after receiving the response.",
	}},
	{"templates-list.result@2025-11-25", Note{
		Text: Text{
			En: "Two RFC 6570 templates, company://employees/{id} and company://departments/{department}, both application/json. The Host shows them as forms: fill in the variable and the template becomes a URI to read.",
			Zh: "两个 RFC 6570 模板：company://employees/{id} 和 company://departments/{department}，都是 application/json。Host 把它们显示成表单：填好变量，模板就变成可以读取的 URI。",
		},
		Spec: "2025-11-25/server/resources#resource-templates",
	}},
	{"resources.templates", Note{
		Text: Text{
			En: "The picker adds the templates, each asking for its variable. Nothing is read yet.",
			Zh: "选择器加上了模板，每个模板都要求填写自己的变量。此时还没有读取任何内容。",
		},
	}},
	{"complete-variable.request", Note{
		Text: Text{
			En: "As the user types \"Fi\" into the department field, the Host asks completion/complete: ref is the template (type ref/resource, its uriTemplate), argument the variable and what was typed so far. Only a server that declared the completions capability may be asked.",
			Zh: "用户在 department 字段里输入 \"Fi\" 时，Host 发送 completion/complete：ref 是这个模板（类型 ref/resource，带 uriTemplate），argument 是变量名和目前输入的内容。只有声明了 completions 能力的服务器才能被这样询问。",
		},
		Spec:  "2026-07-28/server/utilities/completion#capabilities",
		Quote: "Servers that support completions MUST declare the `completions` capability",
	}},
	{"complete-variable.request@2025-11-25", Note{
		Text: Text{
			En: "As the user types \"Fi\" into the department field, the Host asks completion/complete: ref is the template (type ref/resource, its uriTemplate), argument the variable and what was typed so far. Only a server that declared the completions capability may be asked.",
			Zh: "用户在 department 字段里输入 \"Fi\" 时，Host 发送 completion/complete：ref 是这个模板（类型 ref/resource，带 uriTemplate），argument 是变量名和目前输入的内容。只有声明了 completions 能力的服务器才能被这样询问。",
		},
		Spec:  "2025-11-25/server/utilities/completion#capabilities",
		Quote: "Servers that support completions MUST declare the `completions` capability",
	}},
	{"complete-variable.result", Note{
		Text:  txtCompleteResult,
		Spec:  "2026-07-28/server/utilities/completion#implementation-considerations",
		Quote: "Servers SHOULD: - Return suggestions sorted by relevance - Implement fuzzy matching where appropriate - Rate limit completion requests - Validate all inputs",
	}},
	{"complete-variable.result@2025-11-25", Note{
		Text:  txtCompleteResult,
		Spec:  "2025-11-25/server/utilities/completion#implementation-considerations",
		Quote: "Servers SHOULD: - Return suggestions sorted by relevance - Implement fuzzy matching where appropriate - Rate limit completion requests - Validate all inputs",
	}},
	{"completion.suggests", Note{
		Text:  txtCompletionSuggests,
		Spec:  "2026-07-28/server/utilities/completion#implementation-considerations",
		Quote: "Clients SHOULD: - Debounce rapid completion requests - Cache completion results where appropriate - Handle missing or partial results gracefully",
	}},
	{"completion.suggests@2025-11-25", Note{
		Text:  txtCompletionSuggests,
		Spec:  "2025-11-25/server/utilities/completion#implementation-considerations",
		Quote: "Clients SHOULD: - Debounce rapid completion requests - Cache completion results where appropriate - Handle missing or partial results gracefully",
	}},
	{"subscribe.request@2025-11-25", Note{
		Text: Text{
			En: "Before reading the page, the Host subscribes to it, so an edit made while the user is talking is not missed between the read and the subscription: resources/subscribe with params.uri. It is a request of its own, possible because initialize declared resources with subscribe: true. 2026-07-28 removed this method: the URI goes into the filter of subscriptions/listen instead.",
			Zh: "读取页面之前，Host 先订阅它，这样在读取和订阅之间、用户交谈期间发生的修改就不会漏掉：发送带 params.uri 的 resources/subscribe。它是一个独立的请求，之所以可行，是因为 initialize 声明了 resources 且 subscribe: true。2026-07-28 删除了这个方法：改为把 URI 放进 subscriptions/listen 的过滤条件里。",
		},
		Spec:  "2025-11-25/server/resources#capabilities",
		Quote: "Servers that support resources MUST declare the `resources` capability",
	}},
	{"subscribe.result@2025-11-25", Note{
		Text: Text{
			En: "An empty result: the session is now subscribed to the page. The subscription is session state on the server; the updates will not come on this response but later, on the session's GET stream (HTTP) or as a line of their own on stdout.",
			Zh: "一个空的 result：会话现在订阅了这个页面。订阅是服务器上的会话状态；更新不会出现在这个响应里，而是稍后出现在会话的 GET 流上（HTTP），或作为 stdout 上单独的一行。",
		},
		Spec: "2025-11-25/server/resources#subscriptions",
	}},
	{"watch-stream.request@2025-11-25", Note{
		Text: Text{
			En: "Over HTTP a subscription alone delivers nothing: the server needs a stream to push on. The client opens the session's standalone stream, an HTTP GET with Accept: text/event-stream and its Mcp-Session-Id, and only then reads the attachments.",
			Zh: "在 HTTP 上，光有订阅什么也收不到：服务器需要一条可以推送的流。客户端打开会话的独立流，即带 Accept: text/event-stream 和 Mcp-Session-Id 的 HTTP GET，然后才去读取附件。",
		},
		Spec:  "2025-11-25/basic/transports#listening-for-messages-from-the-server",
		Quote: "The client MAY issue an HTTP GET to the MCP endpoint.",
	}},
	{"watch-stream.response@2025-11-25", Note{
		Text: Text{
			En: "200 OK with Content-Type: text/event-stream and no event yet: the stream is open. The server will use it for what belongs to no request of the client, such as notifications/resources/updated.",
			Zh: "200 OK，Content-Type: text/event-stream，此时还没有事件：流已经打开。服务器会用它发送不属于客户端任何请求的消息，例如 notifications/resources/updated。",
		},
		Spec:  "2025-11-25/basic/transports#listening-for-messages-from-the-server",
		Quote: "The server MAY send JSON-RPC _requests_ and _notifications_ on the stream.",
	}},
	{"watch.request", Note{
		Text: Text{
			En: "2026-07-28 has no resources/subscribe and no GET stream: the Host opens subscriptions/listen with resourceSubscriptions listing the page's URI, a long-lived request whose response stays open. It is opened before the reads, so an edit made in between is not missed.",
			Zh: "2026-07-28 没有 resources/subscribe，也没有 GET 流：Host 打开 subscriptions/listen，在 resourceSubscriptions 中列出这个页面的 URI；这是一个长期存在的请求，它的响应一直保持打开。它在读取之前就打开，所以中间发生的修改不会漏掉。",
		},
		Spec:  "2026-07-28/basic/patterns/subscriptions#opening-a-stream",
		Quote: "The server MUST NOT send notification types the client has not explicitly requested.",
	}},
	{"watch.acknowledged", Note{
		Text: Text{
			En: "The acknowledgment comes first, tagged in _meta with the subscription id (the listen request's JSON-RPC id). Its resourceSubscriptions echo the URIs the server agreed to watch: a URI the server does not have would simply be missing here, where 2025-11-25's resources/subscribe would have answered an error. The client checks the page is in the list, then reads.",
			Zh: "确认消息最先到达，_meta 里带着订阅 id（即 listen 请求的 JSON-RPC id）。其中的 resourceSubscriptions 回显服务器同意关注的 URI：服务器没有的 URI 在这里会直接缺席，而 2025-11-25 的 resources/subscribe 则会返回错误。客户端确认页面在列表中，然后开始读取。",
		},
		Spec:  "2026-07-28/basic/patterns/subscriptions#acknowledgment",
		Quote: "The client SHOULD check the acknowledged filter against what it requested and handle any unsupported types gracefully.",
	}},
	{"read-page.request", Note{
		Text:  txtReadPageRequest,
		Spec:  "2026-07-28/server/resources#security-considerations",
		Quote: "Servers MUST validate all resource URIs",
	}},
	{"read-page.request@2025-11-25", Note{
		Text:  txtReadPageRequest,
		Spec:  "2025-11-25/server/resources#security-considerations",
		Quote: "Servers MUST validate all resource URIs",
	}},
	{"read-page.result", Note{
		Text: Text{
			En: "The page's text, in contents with its uri and mimeType. The handbook is the same for everyone and rarely changes: ttlMs 3600000 (an hour) and cacheScope public.",
			Zh: "页面的文本，放在 contents 中，带着 uri 和 mimeType。员工手册对所有人都一样，而且很少变化：ttlMs 3600000（一小时），cacheScope public。",
		},
		Spec:  "2026-07-28/server/utilities/caching#time-to-live-ttl-field",
		Quote: "If `ttlMs` is positive, the client SHOULD consider the result fresh for that many milliseconds after receiving the response.",
	}},
	{"read-page.result@2025-11-25", Note{
		Text: Text{
			En: "The page's text, in contents with its uri and mimeType. Nothing says how long it stays valid: the subscription is how this client learns that it changed.",
			Zh: "页面的文本，放在 contents 中，带着 uri 和 mimeType。没有任何字段说明它在多长时间内有效：这个客户端靠订阅得知它是否变化。",
		},
		Spec: "2025-11-25/server/resources#reading-resources",
	}},
	{"read-roster.request", Note{
		Text:  txtReadRosterRequest,
		Spec:  "2026-07-28/server/resources#security-considerations",
		Quote: "Servers MUST validate all resource URIs",
	}},
	{"read-roster.request@2025-11-25", Note{
		Text:  txtReadRosterRequest,
		Spec:  "2025-11-25/server/resources#security-considerations",
		Quote: "Servers MUST validate all resource URIs",
	}},
	{"read-roster.result", Note{
		Text: Text{
			En: "The roster as JSON. It is personal data, so the server marks it cacheScope private with a short ttlMs 60000: the client may keep it a minute for this user, but no shared cache or gateway may serve it to anyone else.",
			Zh: "JSON 格式的名册。这是个人数据，所以服务器把它标为 cacheScope private，ttlMs 只有 60000：客户端可以为这个用户保留一分钟，但任何共享缓存或网关都不得把它提供给其他人。",
		},
		Spec:  "2026-07-28/server/utilities/caching#cache-scope-field",
		Quote: "Caches MUST NOT be shared across authorization contexts (e.g. a different access token requires a different cache).",
	}},
	{"read-roster.result@2025-11-25", Note{
		Text: Text{
			En: "The roster as JSON, read through the template. 2025-11-25 has no cacheScope: nothing on the wire tells a cache that this is one user's personal data.",
			Zh: "通过模板读出的 JSON 格式名册。2025-11-25 没有 cacheScope：线路上没有任何信息告诉缓存这是某个用户的个人数据。",
		},
		Spec: "2025-11-25/server/resources#resource-templates",
	}},
	{"read-roster.error.32602", Note{
		Text: Text{
			En: "The URI matches the template, but Finances names no department: resource not found. In 2026-07-28 that is -32602 Invalid Params with the URI in error.data (HTTP status 200: the request itself was fine); 2025-11-25 answered the same read with -32002, a code this version forbids (changelog, minor change 6). Never an empty contents array, which would look like an empty resource.",
			Zh: "URI 与模板相符，但 Finances 不是任何部门：资源不存在。在 2026-07-28 中，这是 -32602 Invalid Params，URI 放在 error.data 里（HTTP 状态 200：请求本身没有问题）；同样的读取在 2025-11-25 中得到的是 -32002，而这个版本禁止使用该错误码（变更日志，次要变更第 6 条）。绝不会返回空的 contents 数组，那看起来就像一个空资源。",
		},
		Spec:  "2026-07-28/server/resources#error-handling",
		Quote: "If the requested resource does not exist, servers MUST return a JSON-RPC error with code `-32602` (Invalid Params).",
	}},
	{"read-roster.error.32002@2025-11-25", Note{
		Text: Text{
			En: "The URI matches the template, but Finances names no department: resource not found, -32002 in 2025-11-25, with the URI in error.data (HTTP status 200). 2026-07-28 moved this error to -32602 Invalid Params and forbids -32002 (changelog, minor change 6); a 2026-07-28 client still accepts both.",
			Zh: "URI 与模板相符，但 Finances 不是任何部门：资源不存在，在 2025-11-25 中是 -32002，URI 放在 error.data 里（HTTP 状态 200）。2026-07-28 把这个错误改成了 -32602 Invalid Params，并禁止使用 -32002（变更日志，次要变更第 6 条）；2026-07-28 的客户端仍会同时接受这两种。",
		},
		Spec:  "2025-11-25/server/resources#error-handling",
		Quote: "Servers SHOULD return standard JSON-RPC errors for common failure cases: - Resource not found: `-32002` - Internal errors: `-32603`",
	}},
	{"resources.not-found", Note{
		Text: Text{
			En: "The client tells the user the attachment failed, by the URI, and goes on with what it could read. It recognizes -32602 with data.uri as not found, and would recognize a 2025-11-25 server's -32002 too.",
			Zh: "客户端告诉用户这个附件没能附上（指明 URI），然后用能读到的内容继续。它把带 data.uri 的 -32602 认作“资源不存在”，对 2025-11-25 服务器的 -32002 也同样能识别。",
		},
		Spec:  "2026-07-28/server/resources#error-handling",
		Quote: "For backwards compatibility, clients SHOULD also accept `-32002` as a resource not found error, as earlier protocol versions used this code.",
	}},
	{"resources.not-found@2025-11-25", Note{
		Text: Text{
			En: "The client tells the user the attachment failed, by the URI, and goes on with what it could read. Under 2025-11-25 the error is -32002; a client that also talks to 2026-07-28 servers must read -32602 with data.uri the same way.",
			Zh: "客户端告诉用户这个附件没能附上（指明 URI），然后用能读到的内容继续。在 2025-11-25 中错误码是 -32002；同时也和 2026-07-28 服务器打交道的客户端，必须把带 data.uri 的 -32602 同样理解。",
		},
		Spec:  "2025-11-25/server/resources#error-handling",
		Quote: "Servers SHOULD return standard JSON-RPC errors for common failure cases: - Resource not found: `-32002` - Internal errors: `-32603`",
	}},
	{"model.reads-context", Note{
		Text: txtModelReadsContext,
		Spec: "2026-07-28/server/resources#annotations",
	}},
	{"model.reads-context@2025-11-25", Note{
		Text: txtModelReadsContext,
		Spec: "2025-11-25/server/resources#annotations",
	}},
	{"model.answers-context", Note{
		Text: Text{
			En: "The model answers from the attached documents only: the expense rules from the page and, when it could be read, the approvers from the roster. No tool was called; the server's part ended with the reads.",
			Zh: "模型只根据附加的文档作答：报销规则来自页面，能读到名册时，审批人来自名册。没有调用任何工具；服务器的任务在读取完成时就结束了。",
		},
	}},
	{"resources.admin", Note{
		Text: Text{
			En: "On the server's side, Finance edits the expenses page (its lastModified changes too). Nobody told the client; the server notices at its next look, every second, and tells those watching the page.",
			Zh: "在服务器那边，财务部修改了报销页面（它的 lastModified 也随之改变）。没有人通知客户端；服务器在下一次检查时（每秒一次）发现变化，并通知正在关注这个页面的一方。",
		},
	}},
	{"resource-updated", Note{
		Text: Text{
			En: "notifications/resources/updated names the URI that changed, not its new contents, and carries the subscription id in _meta, which is how the client matches it to its listen request (on stdio, where everything shares one pipe, it must). Over HTTP it is an SSE event on the listen response; on stdio one more line.",
			Zh: "notifications/resources/updated 只给出发生变化的 URI，不带新内容，并在 _meta 里带着订阅 id：客户端靠它把通知与自己的 listen 请求对应起来（在所有消息共用一条管道的 stdio 上，必须这样做）。在 HTTP 上它是 listen 响应中的一个 SSE 事件；在 stdio 上则是又一行。",
		},
		Spec:  "2026-07-28/basic/patterns/subscriptions#receiving-notifications",
		Quote: "On stdio, where all messages share a single channel, clients MUST use this field to correlate notifications with their originating subscription.",
	}},
	{"resource-updated@2025-11-25", Note{
		Text: Text{
			En: "notifications/resources/updated names the URI that changed, not its new contents. It belongs to no request of the client: over HTTP it arrives on the session's GET stream (the chunk size in hex before it), on stdio as a line of its own between responses.",
			Zh: "notifications/resources/updated 只给出发生变化的 URI，不带新内容。它不属于客户端的任何请求：在 HTTP 上它出现在会话的 GET 流上（前面是十六进制的分块长度），在 stdio 上则是夹在响应之间的单独一行。",
		},
		Spec:  "2025-11-25/basic/transports#listening-for-messages-from-the-server",
		Quote: "These messages SHOULD be unrelated to any concurrently-running JSON-RPC _request_ from the client.",
	}},
	{"reread.request", Note{
		Text: Text{
			En: "The page the client read two seconds ago would still be fresh for an hour by its ttlMs, but the notification is a reason to believe it changed: the client reads it again rather than trusting its cache.",
			Zh: "两秒前读到的页面按它的 ttlMs 本来还能新鲜一小时，但这条通知就是认为它已经变化的理由：客户端重新读取，而不是信任自己的缓存。",
		},
		Spec:  "2026-07-28/server/utilities/caching#freshness-calculation",
		Quote: "Clients MAY re-fetch before the TTL expires if they have reason to believe the data has changed (e.g., receiving an unexpected error on a tool call indicating the method was not found or the parameters were invalid).",
	}},
	{"reread.request@2025-11-25", Note{
		Text: Text{
			En: "The notification carried only the URI, so the client reads the page again: an ordinary resources/read in the session.",
			Zh: "通知里只有 URI，所以客户端重新读取页面：在会话中发送一次普通的 resources/read。",
		},
		Spec: "2025-11-25/server/resources#subscriptions",
	}},
	{"reread.result", Note{
		Text: txtRereadResult,
		Spec: "2026-07-28/server/resources#reading-resources",
	}},
	{"reread.result@2025-11-25", Note{
		Text: txtRereadResult,
		Spec: "2025-11-25/server/resources#reading-resources",
	}},
	{"unsubscribe.request@2025-11-25", Note{
		Text: Text{
			En: "The Host is done with the page, so it unsubscribes: resources/unsubscribe with the same uri, one more request to undo the session state that resources/subscribe created.",
			Zh: "Host 用完了这个页面，于是取消订阅：用同样的 uri 发送 resources/unsubscribe，再用一个请求撤销 resources/subscribe 建立的会话状态。",
		},
		Spec: "2025-11-25/server/resources#subscriptions",
	}},
	{"unsubscribe.result@2025-11-25", Note{
		Text: Text{
			En: "An empty result: no more updates for this page in this session.",
			Zh: "一个空的 result：这个会话不会再收到这个页面的更新。",
		},
		Spec: "2025-11-25/server/resources#subscriptions",
	}},
	{"watch-stream.close-stream@2025-11-25", Note{
		Text: Text{
			En: "The Host stops watching and closes its GET stream. Closing it cancels nothing: the server just can no longer push to this client; the session lives on until the DELETE.",
			Zh: "Host 不再关注，关闭了它的 GET 流。关闭这条流并不取消任何东西：只是服务器再也无法向这个客户端推送；会话本身一直存在，直到 DELETE。",
		},
		Spec:  "2025-11-25/basic/transports#listening-for-messages-from-the-server",
		Quote: "The client MAY close the SSE stream at any time.",
	}},
	{"watch.close-stream", Note{
		Text: Text{
			En: "The Host stops watching the page and closes the SSE response of its subscriptions/listen POST. Over HTTP the close is the cancellation: nothing else is sent, no unsubscribe, no DELETE.",
			Zh: "Host 不再关注这个页面，关闭了 subscriptions/listen 这个 POST 的 SSE 响应。在 HTTP 上，关闭流本身就是取消：不再发送任何东西，没有 unsubscribe，也没有 DELETE。",
		},
		Spec:  "2026-07-28/basic/transports/streamable-http#cancellation",
		Quote: "Closing the SSE response stream MUST be treated by the server as cancellation of that request.",
	}},
	{"watch.cancelled", Note{
		Text: Text{
			En: "The Host stops watching the page. On stdio there is no stream to close, so it sends notifications/cancelled naming the listen request's id; the server drops the subscription (see its stderr) and sends nothing more for it.",
			Zh: "Host 不再关注这个页面。stdio 上没有可以关闭的流，所以它发送 notifications/cancelled，指明 listen 请求的 id；服务器撤销这个订阅（见其 stderr），之后不再为它发送任何消息。",
		},
		Spec:  "2026-07-28/basic/transports/stdio#cancellation",
		Quote: "Servers SHOULD stop work on a cancelled request as soon as practical and MUST NOT send any further messages for it.",
	}},

	// ---- prompts ---------------------------------------------------------

	{"user.prompt-template", Note{
		Text: txtUserPromptTemplate,
		Spec: "2026-07-28/server/prompts#user-interaction-model",
	}},
	{"user.prompt-template@2025-11-25", Note{
		Text: txtUserPromptTemplate,
		Spec: "2025-11-25/server/prompts#user-interaction-model",
	}},
	{"prompts-menu.request", Note{
		Text: Text{
			En: "The Host fills its prompt menu (the slash commands): prompts/list, with the full _meta. A server that declares prompts must answer with what it offers.",
			Zh: "Host 填充它的提示菜单（斜杠命令）：发送带完整 _meta 的 prompts/list。声明了 prompts 的服务器必须回复它提供的内容。",
		},
		Spec:  "2026-07-28/server/prompts#capabilities",
		Quote: "Servers that declare the `prompts` capability MUST respond to `prompts/list` requests with the set of prompts currently available to the requesting client.",
	}},
	{"prompts-menu.request@2025-11-25", Note{
		Text: Text{
			En: "The Host fills its prompt menu (the slash commands): prompts/list, with no params, in the session whose initialize declared prompts.",
			Zh: "Host 填充它的提示菜单（斜杠命令）：在 initialize 时声明了 prompts 的会话中发送不带 params 的 prompts/list。",
		},
		Spec:  "2025-11-25/server/prompts#capabilities",
		Quote: "Servers that support prompts MUST declare the `prompts` capability during initialization",
	}},
	{"prompts-menu.result", Note{
		Text: Text{
			En: "Two prompts, each with its arguments (name, description, required or not); the messages are not in the list, they come from prompts/get. Cacheable like every list: ttlMs 300000, cacheScope public.",
			Zh: "两个提示，每个都带参数说明（名称、描述、是否必填）；提示的消息不在列表里，要通过 prompts/get 获取。和每个列表一样可以缓存：ttlMs 300000，cacheScope public。",
		},
		Spec:  "2026-07-28/server/utilities/caching#time-to-live-ttl-field",
		Quote: "If `ttlMs` is positive, the client SHOULD consider the result fresh for that many milliseconds after receiving the response.",
	}},
	{"prompts-menu.result@2025-11-25", Note{
		Text: Text{
			En: "Two prompts, each with its arguments (name, description, required or not); the messages are not in the list, they come from prompts/get.",
			Zh: "两个提示，每个都带参数说明（名称、描述、是否必填）；提示的消息不在列表里，要通过 prompts/get 获取。",
		},
		Spec: "2025-11-25/server/prompts#listing-prompts",
	}},
	{"prompts.menu", Note{
		Text: Text{
			En: "The Host shows the prompts as slash commands, their arguments as fields (* marks a required one). Prompts are user-controlled: it is the user who picks one, never the model.",
			Zh: "Host 把提示显示成斜杠命令，参数显示成输入字段（* 表示必填）。提示由用户控制：选哪一个的是用户，而不是模型。",
		},
	}},
	{"prompts.user-types", Note{
		Text: Text{
			En: "The user picks /welcome_email and starts filling in an argument; the Host asks for completions as the user types.",
			Zh: "用户选了 /welcome_email，开始填写一个参数；Host 随着用户输入请求补全。",
		},
	}},
	{"complete-argument.request", Note{
		Text: Text{
			En: "completion/complete for a prompt argument: ref is the prompt (type ref/prompt, its name), argument what the user typed so far, and context.arguments what was already chosen, so that the department chosen narrows the employee ids.",
			Zh: "为提示参数发送 completion/complete：ref 是这个提示（类型 ref/prompt，带名称），argument 是用户目前输入的内容，context.arguments 是已经选好的参数，这样已选的部门就能缩小员工 id 的范围。",
		},
		Spec:  "2026-07-28/server/utilities/completion#capabilities",
		Quote: "Servers that support completions MUST declare the `completions` capability",
	}},
	{"complete-argument.request@2025-11-25", Note{
		Text: Text{
			En: "completion/complete for a prompt argument: ref is the prompt (type ref/prompt, its name), argument what the user typed so far, and context.arguments what was already chosen, so that the department chosen narrows the employee ids.",
			Zh: "为提示参数发送 completion/complete：ref 是这个提示（类型 ref/prompt，带名称），argument 是用户目前输入的内容，context.arguments 是已经选好的参数，这样已选的部门就能缩小员工 id 的范围。",
		},
		Spec:  "2025-11-25/server/utilities/completion#capabilities",
		Quote: "Servers that support completions MUST declare the `completions` capability",
	}},
	{"complete-argument.result", Note{
		Text:  txtCompleteResult,
		Spec:  "2026-07-28/server/utilities/completion#implementation-considerations",
		Quote: "Servers SHOULD: - Return suggestions sorted by relevance - Implement fuzzy matching where appropriate - Rate limit completion requests - Validate all inputs",
	}},
	{"complete-argument.result@2025-11-25", Note{
		Text:  txtCompleteResult,
		Spec:  "2025-11-25/server/utilities/completion#implementation-considerations",
		Quote: "Servers SHOULD: - Return suggestions sorted by relevance - Implement fuzzy matching where appropriate - Rate limit completion requests - Validate all inputs",
	}},
	{"prompts-get.request", Note{
		Text: Text{
			En: "prompts/get with the prompt's name and the chosen arguments (strings). Over HTTP the name is mirrored into Mcp-Name, as for a tool.",
			Zh: "prompts/get 携带提示名和选好的参数（字符串）。在 HTTP 上，提示名会像工具名一样镜像到 Mcp-Name 头里。",
		},
		Spec:  "2026-07-28/server/prompts#implementation-considerations",
		Quote: "Servers SHOULD validate prompt arguments before processing",
	}},
	{"prompts-get.request@2025-11-25", Note{
		Text: Text{
			En: "prompts/get with the prompt's name and the chosen arguments (strings), in the session.",
			Zh: "在会话中发送 prompts/get，携带提示名和选好的参数（字符串）。",
		},
		Spec:  "2025-11-25/server/prompts#implementation-considerations",
		Quote: "Servers SHOULD validate prompt arguments before processing",
	}},
	{"prompts-get.result", Note{
		Text:  txtPromptsGetResult,
		Spec:  "2026-07-28/server/prompts#image-content",
		Quote: "The image data MUST be base64-encoded and include a valid MIME type.",
	}},
	{"prompts-get.result@2025-11-25", Note{
		Text:  txtPromptsGetResult,
		Spec:  "2025-11-25/server/prompts#image-content",
		Quote: "The image data MUST be base64-encoded and include a valid MIME type.",
	}},
	{"model.reads-prompt", Note{
		Text:  txtModelReadsPrompt,
		Spec:  "2026-07-28/server/prompts#embedded-resources",
		Quote: "Resources can contain either text or binary (blob) data and MUST include: - A valid resource URI - The appropriate MIME type - Either text content or base64-encoded blob data",
	}},
	{"model.reads-prompt@2025-11-25", Note{
		Text:  txtModelReadsPrompt,
		Spec:  "2025-11-25/server/prompts#embedded-resources",
		Quote: "Resources can contain either text or binary (blob) data and MUST include: - A valid resource URI - The appropriate MIME type - Either text content or base64-encoded blob data",
	}},
	{"model.drafts", Note{
		Text: Text{
			En: "The model writes the e-mail from what the prompt put in the conversation: the name, department and office days from its instruction, the logo it was given, the handbook's URI. The prompt's text is the server's, so the Host treats it like any input it did not write.",
			Zh: "模型根据提示放进对话的内容写出邮件：姓名、部门和到岗日来自提示的指令，标志来自随附的图片，还有员工手册的 URI。提示的文本出自服务器，所以 Host 把它当作任何一段不是自己写的输入来对待。",
		},
	}},
	{"post-welcome.request", Note{
		Text: Text{
			En: "tools/call post_announcement with office 上海. Its inputSchema (from tools/list) marks office with x-mcp-header: Office, so the client mirrors it into Mcp-Param-Office; 上海 is not ASCII, so the value is the Base64 form =?base64?5LiK5rW3?=. A gateway can route by the header without parsing JSON; if anything on the way changes it, the server will notice.",
			Zh: "tools/call post_announcement，office 为 上海。它的 inputSchema（来自 tools/list）用 x-mcp-header: Office 标记了 office，所以客户端把它镜像到 Mcp-Param-Office；上海 不是 ASCII，所以值是 Base64 形式 =?base64?5LiK5rW3?=。网关无需解析 JSON 就能按这个头路由；如果途中有谁改了它，服务器会发现。",
		},
		Spec:  "2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters",
		Quote: "When a server's tool definition includes `x-mcp-header` annotations, conforming clients MUST mirror the designated parameter values into HTTP headers.",
	}},
	{"post-welcome.request@2025-11-25", Note{
		Text: Text{
			En: "tools/call post_announcement with office 上海. 2025-11-25 has no x-mcp-header: nothing of the arguments goes into headers, a gateway has to read the body to route the call.",
			Zh: "tools/call post_announcement，office 为 上海。2025-11-25 没有 x-mcp-header：参数里的任何内容都不会进入请求头，网关必须读请求体才能路由这次调用。",
		},
		Spec: "2025-11-25/server/tools#calling-tools",
	}},
	{"post-welcome.result", Note{
		Text:  txtPostWelcomeResult,
		Spec:  "2026-07-28/server/tools#structured-content",
		Quote: "For backwards compatibility, a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block.",
	}},
	{"post-welcome.result@2025-11-25", Note{
		Text:  txtPostWelcomeResult,
		Spec:  "2025-11-25/server/tools#structured-content",
		Quote: "For backwards compatibility, a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block.",
	}},
	{"post-welcome.error.32020.http-400", Note{
		Text: Text{
			En: "400 with -32020 HeaderMismatch: the request arrived with Mcp-Param-Office: Shanghai. A company gateway that passes only plain ASCII rewrote the client's Base64 header into the English name. The server decodes the header and compares it with the body's 上海: different, so no tool runs.",
			Zh: "400 加 -32020 HeaderMismatch：请求到达时带的是 Mcp-Param-Office: Shanghai。公司的网关只放行纯 ASCII，把客户端的 Base64 头改写成了英文名。服务器解码这个头，与请求体里的 上海 比较：两者不同，所以没有工具被执行。",
		},
		Spec:  "2026-07-28/basic/transports/streamable-http#server-behavior-for-custom-headers",
		Quote: "Servers MUST reject requests with a `400 Bad Request` HTTP status and JSON-RPC error code `-32020` (`HeaderMismatch`) if any validation fails.",
	}},
	{"param-mismatch.relist-plan", Note{
		Text: Text{
			En: "The client's next move is the spec's: a HeaderMismatch on a call that carried Mcp-Param-* headers may mean its copy of the tool's inputSchema is stale, so it lists the tools again and retries once with the headers the current schema asks for.",
			Zh: "客户端的下一步正是规范要求的：一个带 Mcp-Param-* 头的调用遇到 HeaderMismatch，可能说明它手上的工具 inputSchema 已经过时，所以它重新列出工具，再按当前 schema 要求的头重试一次。",
		},
		Spec:  "2026-07-28/basic/transports/streamable-http#client-behavior",
		Quote: "If the server rejects a request with a `HeaderMismatch` error because required `Mcp-Param-*` headers are missing or do not match the body, the client SHOULD call `tools/list` to check for changes to the tool's `inputSchema`, then retry the original request with the appropriate headers.",
	}},
	{"tools-relist.request", Note{
		Text: Text{
			En: "tools/list again, only to re-read post_announcement's inputSchema.",
			Zh: "再次发送 tools/list，只为重新读取 post_announcement 的 inputSchema。",
		},
		Spec:  "2026-07-28/basic/transports/streamable-http#schema-extension",
		Quote: "Clients using the Streamable HTTP transport MUST reject tool definitions where any `x-mcp-header` value violates these constraints.",
	}},
	{"tools-relist.result", Note{
		Text: Text{
			En: "The same list: office still carries x-mcp-header: Office. The schema was not stale, so the retry will send the same header, and meet the same gateway.",
			Zh: "列表没有变：office 仍然带着 x-mcp-header: Office。schema 并没有过时，所以重试会发送同样的头，也会遇到同一个网关。",
		},
		Spec:  "2026-07-28/basic/transports/streamable-http#schema-extension",
		Quote: "Clients using the Streamable HTTP transport MUST reject tool definitions where any `x-mcp-header` value violates these constraints.",
	}},
	{"post-welcome-retry.request", Note{
		Text: Text{
			En: "The retry: a new id, the same arguments, the same Mcp-Param-Office as the current schema asks for. On its way it passes the same gateway.",
			Zh: "重试：新的 id，同样的参数，按当前 schema 的要求带上同样的 Mcp-Param-Office。它在途中经过同一个网关。",
		},
		Spec:  "2026-07-28/basic/index#requests",
		Quote: "The request ID MUST NOT match the ID of any other request the sender has issued and not yet received a response for.",
	}},
	{"post-welcome-retry.error.32020.http-400", Note{
		Text: Text{
			En: "400 and -32020 again: the gateway rewrote the header again. One retry is all the spec's recovery asks for; the fault is on the path, not in the schema, and only fixing the gateway (letting the Base64 form through) helps.",
			Zh: "又是 400 和 -32020：网关又一次改写了这个头。规范要求的恢复只需重试一次；问题出在传输路径上，而不在 schema 里，只有修好网关（让 Base64 形式通过）才有用。",
		},
		Spec:  "2026-07-28/basic/transports/streamable-http#server-behavior-for-custom-headers",
		Quote: "Any server that processes the message body MUST validate that encoded header values, after decoding if Base64-encoded, match the corresponding values in the request body.",
	}},
	{"model.confirms", Note{
		Text: Text{
			En: "The model reports back to the user: the draft, and the board the announcement went to, read from structuredContent.",
			Zh: "模型向用户汇报：邮件草稿，以及公告发布到的公告板（从 structuredContent 中读出）。",
		},
	}},

	// ---- logging ---------------------------------------------------------

	{"logging.plan", Note{
		Text: Text{
			En: "The Host has a log panel for the server's messages. In 2026-07-28 there is no level to set for a connection: each request that wants log messages says so in its own _meta. (Logging is deprecated in this version, in favour of stderr on stdio or OpenTelemetry, but still works.)",
			Zh: "Host 有一个日志面板，用来显示服务器的消息。在 2026-07-28 中没有针对连接的日志级别可设：每个想要日志的请求都在自己的 _meta 里声明。（这个版本已弃用日志功能，建议改用 stdio 的 stderr 或 OpenTelemetry，但它仍然可用。）",
		},
		Spec:  "2026-07-28/server/utilities/logging",
		Quote: "New implementations SHOULD NOT adopt it; existing implementations SHOULD migrate to logging to `stderr` for stdio transports, or to OpenTelemetry for structured observability.",
	}},
	{"logging.plan@2025-11-25", Note{
		Text: Text{
			En: "The Host has a log panel for the server's messages. In 2025-11-25 the level is session state: the client sets it once with logging/setLevel, for every request that follows, and only with a server that declared the logging capability.",
			Zh: "Host 有一个日志面板，用来显示服务器的消息。在 2025-11-25 中，日志级别是会话状态：客户端用 logging/setLevel 设置一次，对之后的每个请求都有效，而且只能对声明了 logging 能力的服务器这样做。",
		},
		Spec:  "2025-11-25/server/utilities/logging#capabilities",
		Quote: "Servers that emit log message notifications MUST declare the `logging` capability",
	}},
	{"set-level.request@2025-11-25", Note{
		Text: Text{
			En: "logging/setLevel with level info: from now on this session gets notifications/message at info and above (info, notice, warning, error…), debug filtered out.",
			Zh: "logging/setLevel，level 为 info：从现在起，这个会话会收到 info 及以上级别（info、notice、warning、error……）的 notifications/message，debug 被过滤掉。",
		},
		Spec: "2025-11-25/server/utilities/logging#setting-log-level",
	}},
	{"set-level.result@2025-11-25", Note{
		Text: Text{
			En: "An empty result: the level is set for the session, on the server, until the session ends or the client sets another.",
			Zh: "一个空的 result：级别已经设置在服务器上的这个会话里，直到会话结束或客户端设置新的级别。",
		},
		Spec: "2025-11-25/server/utilities/logging#setting-log-level",
	}},
	{"set-level.error.32601@2025-11-25", Note{
		Text: Text{
			En: "-32601 Method not found: this server declared no logging capability in initialize, so logging/setLevel is not there for this session. The client should have read the capabilities first.",
			Zh: "-32601 Method not found：这个服务器在 initialize 时没有声明 logging 能力，所以这个会话里没有 logging/setLevel。客户端本该先读一下能力声明。",
		},
		Spec:  "2025-11-25/basic/lifecycle#operation",
		Quote: "Both parties MUST: - Respect the negotiated protocol version - Only use capabilities that were successfully negotiated",
	}},
	{"logging.refused@2025-11-25", Note{
		Text: Text{
			En: "The client gives up on the log panel: nothing is broken, the server simply sends no log messages. The work goes on.",
			Zh: "客户端放弃了日志面板：没有出错，只是服务器不发送日志消息。工作照常进行。",
		},
		Spec:  "2025-11-25/server/utilities/logging#capabilities",
		Quote: "Servers that emit log message notifications MUST declare the `logging` capability",
	}},
	{"set-level.request", Note{
		Text: Text{
			En: "A Host written for 2025-11-25 sends logging/setLevel, with the 2026-07-28 _meta. The method was removed in this version: there is no session for a level to live in.",
			Zh: "一个为 2025-11-25 编写的 Host 发送了 logging/setLevel，带着 2026-07-28 的 _meta。这个版本已经删除了该方法：根本没有可以保存级别的会话。",
		},
		Spec:  "2026-07-28/changelog#major-changes",
		Quote: "Log level is now set per-request via `io.modelcontextprotocol/logLevel` in `_meta`; servers MUST NOT emit `notifications/message` for requests that did not include this field",
	}},
	{"set-level.error.32601", Note{
		Text: Text{
			En: "-32601 Method not found, and the server's message says what to do instead: set io.modelcontextprotocol/logLevel in each request's _meta.",
			Zh: "-32601 Method not found，服务器的消息说明了替代做法：在每个请求的 _meta 里设置 io.modelcontextprotocol/logLevel。",
		},
		Spec:  "2026-07-28/changelog#major-changes",
		Quote: "Log level is now set per-request via `io.modelcontextprotocol/logLevel` in `_meta`; servers MUST NOT emit `notifications/message` for requests that did not include this field",
	}},
	{"set-level.error.32601.http-404", Note{
		Text: Text{
			En: "404 Not Found with -32601: over HTTP a method this version does not have gets 404 and the JSON-RPC error, whose message says what to do instead: set io.modelcontextprotocol/logLevel in each request's _meta.",
			Zh: "404 Not Found 加 -32601：在 HTTP 上，这个版本没有的方法会得到 404 和 JSON-RPC 错误，错误消息说明了替代做法：在每个请求的 _meta 里设置 io.modelcontextprotocol/logLevel。",
		},
		Spec:  "2026-07-28/basic/transports/streamable-http#protocol-version-header",
		Quote: "If the server does not implement the requested RPC method, it MUST respond with `404 Not Found` and a JSON-RPC error with code `-32601` (`Method not found`).",
	}},
	{"logging.removed", Note{
		Text: Text{
			En: "The client adapts: no setLevel in 2026-07-28, so the export request will carry the level in its own _meta.",
			Zh: "客户端随之调整：2026-07-28 没有 setLevel，所以导出请求会在自己的 _meta 里带上级别。",
		},
		Spec:  "2026-07-28/server/utilities/logging#per-request-log-level",
		Quote: "The server MUST NOT emit `notifications/message` for a request that does not include this field.",
	}},
	{"export-call.request", Note{
		Text: Text{
			En: "tools/call export_timesheets with _meta io.modelcontextprotocol/logLevel: info next to the protocol version and capabilities. This request, and only this one, asks for log messages at info and above, on its own response stream.",
			Zh: "tools/call export_timesheets，_meta 中除了协议版本和能力，还有 io.modelcontextprotocol/logLevel: info。这个请求，而且只有这个请求，要求在它自己的响应流上收到 info 及以上级别的日志消息。",
		},
		Spec:  "2026-07-28/server/utilities/logging#per-request-log-level",
		Quote: "When the field is present, the server MAY send `notifications/message` notifications at or above the requested level on the response stream of that request, before the final response.",
	}},
	{"export-call.request@2025-11-25", Note{
		Text: Text{
			En: "tools/call export_timesheets, with nothing about logging in it: the session's level (info, set by logging/setLevel) applies to this request as to every other.",
			Zh: "tools/call export_timesheets，里面没有任何与日志有关的内容：会话的级别（由 logging/setLevel 设为 info）对这个请求和其他请求一样生效。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "These messages SHOULD relate to the originating client _request_.",
	}},
	{"log-message", Note{
		Text: Text{
			En: "notifications/message: level info, logger export, data the line to show. It travels on the response stream of the request that asked: over HTTP the server answers that request with an SSE stream because of it (the first event), on stdio it is a line before the response. Never on a listen stream. The debug lines the tool also wrote are below the level asked and not sent.",
			Zh: "notifications/message：level 为 info，logger 为 export，data 是要显示的那一行。它只在提出要求的那个请求的响应流上传送：在 HTTP 上，服务器正因为它才用 SSE 流回答这个请求（这是第一个事件）；在 stdio 上，它是响应之前的一行。绝不会出现在 listen 流上。工具同时写下的 debug 行低于所要求的级别，不会发送。",
		},
		Spec:  "2026-07-28/server/utilities/logging#per-request-log-level",
		Quote: "`notifications/message` is request-scoped: the server MUST NOT deliver it on a `subscriptions/listen` stream or on any stream other than the one carrying the response to the request that set the log level.",
	}},
	{"log-message@2025-11-25", Note{
		Text: Text{
			En: "notifications/message: level, logger and data. The session's level decides: the info lines are sent, the debug ones not. Over HTTP it is an SSE event with an event ID on the request's stream; on stdio a line before the response.",
			Zh: "notifications/message：level、logger 和 data。由会话的级别决定：info 行被发送，debug 行不发送。在 HTTP 上，它是请求流上一个带事件 ID 的 SSE 事件；在 stdio 上则是响应之前的一行。",
		},
		Spec:  "2025-11-25/server/utilities/logging#security",
		Quote: "Log messages MUST NOT contain: - Credentials or secrets - Personal identifying information - Internal system details that could aid attacks",
	}},
	{"log.shown", Note{
		Text:  txtLogShown,
		Spec:  "2026-07-28/server/utilities/logging#implementation-considerations",
		Quote: "Clients MAY: - Present log messages in the UI - Implement log filtering/search - Display severity visually - Persist log messages",
	}},
	{"log.shown@2025-11-25", Note{
		Text:  txtLogShown,
		Spec:  "2025-11-25/server/utilities/logging#implementation-considerations",
		Quote: "Clients MAY: - Present log messages in the UI - Implement log filtering/search - Display severity visually - Persist log messages",
	}},
	{"post-call.stream-prime@2025-11-25", Note{
		Text: Text{
			En: "The session's level holds, so this call's log line is coming and the server opens an SSE stream for it. It is the session's second stream, so its priming event has the ID 2-0: streams are numbered per session, events per stream.",
			Zh: "会话的级别仍然有效，所以这次调用的日志行即将到来，服务器为它打开一条 SSE 流。这是这个会话的第二条流，所以它的预备事件 ID 是 2-0：流按会话编号，事件按流编号。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "The server SHOULD immediately send an SSE event consisting of an event ID and an empty `data` field in order to prime the client to reconnect (using that event ID as `Last-Event-ID`).",
	}},
	{"export-call.result", Note{
		Text:  txtExportResult,
		Spec:  "2026-07-28/basic/transports/streamable-http#receiving-messages",
		Quote: "The final JSON-RPC _response_ SHOULD terminate the stream.",
	}},
	{"export-call.result@2025-11-25", Note{
		Text:  txtExportResult,
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "After the JSON-RPC _response_ has been sent, the server SHOULD terminate the SSE stream.",
	}},
	{"post-call.request", Note{
		Text: Text{
			En: "tools/call post_announcement without a logLevel in _meta: the Host watches the export's logs, not this call's. The tool logs a line, but the server must send none for this request. Over HTTP the office travels in Mcp-Param-Office: Lisbon too (plain ASCII, no Base64 needed).",
			Zh: "tools/call post_announcement，_meta 里没有 logLevel：Host 关注的是导出的日志，而不是这次调用的。工具会写一行日志，但服务器不得为这个请求发送任何日志。在 HTTP 上，office 还会放在 Mcp-Param-Office: Lisbon 里（纯 ASCII，不需要 Base64）。",
		},
		Spec:  "2026-07-28/server/utilities/logging#per-request-log-level",
		Quote: "The server MUST NOT emit `notifications/message` for a request that does not include this field.",
	}},
	{"post-call.request@2025-11-25", Note{
		Text: Text{
			En: "tools/call post_announcement. Nothing in it asks for logs, yet the session's level still holds: this call gets its log line too.",
			Zh: "tools/call post_announcement。它本身没有要求日志，但会话的级别仍然有效：这次调用也会收到它的那行日志。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "These messages SHOULD relate to the originating client _request_.",
	}},
	{"post-call.result", Note{
		Text: Text{
			En: "The result, alone: one JSON object over HTTP, no stream, because the server had nothing to send before it. Compare 2025-11-25, where the session's level gave this call a log line too.",
			Zh: "只有结果：在 HTTP 上是一个 JSON 对象，没有流，因为服务器在它之前没有任何东西要发送。对比 2025-11-25：在那里，会话的级别让这次调用也带了一行日志。",
		},
		Spec:  "2026-07-28/server/utilities/logging#per-request-log-level",
		Quote: "The server MUST NOT emit `notifications/message` for a request that does not include this field.",
	}},
	{"post-call.result@2025-11-25", Note{
		Text: Text{
			En: "The result, after the log line the session's level let through (over HTTP as the last event of the stream).",
			Zh: "结果，在会话级别放行的那行日志之后到达（在 HTTP 上是这条流的最后一个事件）。",
		},
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "After the JSON-RPC _response_ has been sent, the server SHOULD terminate the SSE stream.",
	}},
	{"log.none", Note{
		Text: Text{
			En: "Nothing in the log panel for post_announcement, as intended: its request did not ask, so the server kept the tool's log line to itself. In 2026-07-28 every request decides for itself; nothing carries over from the export's logLevel.",
			Zh: "post_announcement 在日志面板里什么也没有，这是预期的：它的请求没有提出要求，所以服务器把工具写的那行日志留在了自己那里。在 2026-07-28 中，每个请求各自决定；导出请求的 logLevel 不会延续到别的请求。",
		},
		Spec:  "2026-07-28/server/utilities/logging#per-request-log-level",
		Quote: "The server MUST NOT emit `notifications/message` for a request that does not include this field.",
	}},
	{"log.missing", Note{
		Text: Text{
			En: "The log panel the user is watching stays empty, and the Host says why: without io.modelcontextprotocol/logLevel in the request's _meta the server sends no log messages for it, whatever the tool writes; and a server that declares no logging capability sends none at all.",
			Zh: "用户正在看的日志面板一直是空的，Host 说明了原因：请求的 _meta 里没有 io.modelcontextprotocol/logLevel，服务器就不会为它发送日志消息，不管工具写了什么；而没有声明 logging 能力的服务器则根本不发送日志。",
		},
		Spec:  "2026-07-28/server/utilities/logging#per-request-log-level",
		Quote: "The server MUST NOT emit `notifications/message` for a request that does not include this field.",
	}},
	{"log.missing@2025-11-25", Note{
		Text: Text{
			En: "The log panel stays empty, and the Host says why. 2025-11-25 does not say what a server sends before logging/setLevel; this server, like the official Go SDK (\"The spec is unclear, but seems to imply that no log messages are sent until the client sets the level\"), sends none. A server without the logging capability sends none at all.",
			Zh: "日志面板一直是空的，Host 说明了原因。2025-11-25 没有规定在 logging/setLevel 之前服务器应发送什么；这个服务器与官方 Go SDK 一样（“规范不明确，但似乎意味着在客户端设置级别之前不发送日志消息”），什么也不发送。没有 logging 能力的服务器则根本不发送日志。",
		},
		Spec: "2025-11-25/server/utilities/logging#setting-log-level",
	}},
	{"export-unasked.request", Note{
		Text: Text{
			En: "The fault: the export request carries no io.modelcontextprotocol/logLevel in _meta. The tool will log as always, but for this request the server must keep every log message to itself.",
			Zh: "故障：导出请求的 _meta 里没有 io.modelcontextprotocol/logLevel。工具照常写日志，但对这个请求，服务器必须把所有日志消息留在自己那里。",
		},
		Spec:  "2026-07-28/server/utilities/logging#per-request-log-level",
		Quote: "The server MUST NOT emit `notifications/message` for a request that does not include this field.",
	}},
	{"export-unasked.request@2025-11-25", Note{
		Text: Text{
			En: "tools/call export_timesheets in a session whose level was never set (no logging/setLevel, or one the server refused). The request itself could not ask: 2025-11-25 has no per-request level.",
			Zh: "在一个从未设置过级别的会话中（没有发送 logging/setLevel，或被服务器拒绝）发送 tools/call export_timesheets。请求本身无法提出要求：2025-11-25 没有按请求设置的级别。",
		},
		Spec: "2025-11-25/server/utilities/logging#setting-log-level",
	}},
	{"export-unasked.result", Note{
		Text:  txtUnaskedResult,
		Spec:  "2026-07-28/basic/transports/streamable-http#sending-messages",
		Quote: "If the body is a JSON-RPC _request_, the server MUST return either `Content-Type: application/json` (a single JSON object) or `Content-Type: text/event-stream` (an SSE response stream).",
	}},
	{"export-unasked.result@2025-11-25", Note{
		Text:  txtUnaskedResult,
		Spec:  "2025-11-25/basic/transports#sending-messages-to-the-server",
		Quote: "If the input is a JSON-RPC _request_, the server MUST either return `Content-Type: text/event-stream`, to initiate an SSE stream, or `Content-Type: application/json`, to return one JSON object.",
	}},
	{"export-unlogged.request", Note{
		Text: Text{
			En: "The export asks for info in its _meta, but this server declared no logging capability (see its server/discover result): the level is a wish no one will grant. The client should have checked the capabilities before counting on a log panel.",
			Zh: "导出请求在 _meta 里要求 info 级别，但这个服务器没有声明 logging 能力（见它的 server/discover 结果）：这个级别是一个没人会满足的愿望。客户端本该在指望日志面板之前先检查能力声明。",
		},
		Spec:  "2026-07-28/server/utilities/logging#capabilities",
		Quote: "Servers that emit log message notifications MUST declare the `logging` capability",
	}},
	{"export-unlogged.result", Note{
		Text: Text{
			En: "Only the result, as one JSON object: no log message, and no error either. Where 2025-11-25's logging/setLevel fails loudly with -32601, the 2026-07-28 request just gets nothing.",
			Zh: "只有结果，是一个 JSON 对象：没有日志消息，也没有错误。2025-11-25 的 logging/setLevel 会以 -32601 明确失败，而 2026-07-28 的请求只是什么也收不到。",
		},
		Spec:  "2026-07-28/server/utilities/logging#capabilities",
		Quote: "Servers that emit log message notifications MUST declare the `logging` capability",
	}},
	{"post-unasked.request@2025-11-25", Note{
		Text: Text{
			En: "tools/call post_announcement in a session with no level: like the export, it gets no log messages.",
			Zh: "在没有级别的会话中发送 tools/call post_announcement：和导出一样，它收不到日志消息。",
		},
		Spec: "2025-11-25/server/utilities/logging#setting-log-level",
	}},
	{"post-unasked.result@2025-11-25", Note{
		Text: Text{
			En: "The result alone, with no log line before it.",
			Zh: "只有结果，前面没有日志行。",
		},
		Spec: "2025-11-25/server/utilities/logging#setting-log-level",
	}},
}

// Texts shared by a key's two versions (only the citation differs).
var (
	txtUserPromptContext = Text{
		En: "The user asks a question whose answer is in the company's documents. Nothing is on the wire yet: the Host will let the user attach the documents (resources) from the server, and hand them to the model with the question.",
		Zh: "用户提了一个问题，答案就在公司的文档里。此刻线路上还什么都没有：Host 会让用户从服务器附加这些文档（资源），再把它们连同问题一起交给模型。",
	}
	txtResourcesPicker = Text{
		En: "The Host shows the list in its resource picker: a URI, a title and a MIME type per resource. Resources are application-driven: it is the Host, here on the user's choice, that decides what goes into the model's context, never the server.",
		Zh: "Host 在它的资源选择器里显示这份列表：每个资源一个 URI、一个标题和一个 MIME 类型。资源由应用驱动：决定什么进入模型上下文的是 Host（这里依据用户的选择），绝不是服务器。",
	}
	txtCompleteResult = Text{
		En: "The suggestions: the candidates that start with what was typed (case-insensitive), with total and hasMore. At most 100 values come in one answer.",
		Zh: "建议值：以已输入内容开头（不区分大小写）的候选项，附带 total 和 hasMore。一次回答最多 100 个值。",
	}
	txtCompletionSuggests = Text{
		En: "The Host shows the values under the field as the user types, like an IDE's completion. The user may pick one or ignore them; the values are suggestions, not a list of what is allowed.",
		Zh: "Host 在用户输入时把这些值显示在字段下方，就像 IDE 的自动补全。用户可以选一个，也可以不理会；这些值只是建议，而不是允许值的清单。",
	}
	txtReadPageRequest = Text{
		En: "resources/read with the page's uri (over 2026-07-28 HTTP also mirrored into Mcp-Name). The server checks that the URI is one it serves before reading anything.",
		Zh: "resources/read 携带页面的 uri（在 2026-07-28 的 HTTP 上还会镜像到 Mcp-Name）。服务器在读取任何内容之前，先检查这个 URI 是否由它提供。",
	}
	txtReadRosterRequest = Text{
		En: "resources/read with the URI the template produced from what the user chose: company://departments/ followed by the department. The server matches it against its templates and reads the roster it names.",
		Zh: "resources/read 携带模板根据用户的选择生成的 URI：company://departments/ 后面跟部门名。服务器把它与自己的模板匹配，读取它指定的名册。",
	}
	txtModelReadsContext = Text{
		En: "How a host shows attached resources to the model: each one as a document in the conversation, tagged with its URI and MIME type, before the user's message; one that could not be read is marked missing instead of silently dropped. The model never calls resources/read itself: what it sees is what the Host put there.",
		Zh: "Host 向模型展示附加资源的方式：每个资源作为对话中的一份文档，标注 URI 和 MIME 类型，放在用户的消息之前；读不到的资源会被标为缺失，而不是悄悄丢掉。模型自己从不调用 resources/read：它看到的就是 Host 放进去的内容。",
	}
	txtRereadResult = Text{
		En: "The edited page: in December equipment up to 1,000 EUR may be bought again. The Host replaces the attachment and the model revises its answer.",
		Zh: "修改后的页面：12 月里 1,000 欧元以内的设备又可以购买了。Host 替换掉这个附件，模型随之修正它的回答。",
	}
	txtUserPromptTemplate = Text{
		En: "The user wants a welcome e-mail written the company's way: with the server's welcome_email prompt, then a post on the office's board. Nothing is on the wire yet; the Host connects and lists the prompts for its menu.",
		Zh: "用户想按公司的方式写一封欢迎邮件：使用服务器的 welcome_email 提示，然后在办公室的公告板上发一条公告。此刻线路上还什么都没有；Host 先连接服务器，并列出提示来填充菜单。",
	}
	txtPromptsGetResult = Text{
		En: "The prompt, resolved: three user messages. A text instruction naming the employee, the welcome page embedded as a resource (uri, mimeType and text), and the logo as an image (Base64 data with its MIME type). Nothing here is sent to the model yet; the Host decides how to insert it.",
		Zh: "解析好的提示：三条 user 消息。一条文字指令，点名这位员工；欢迎页面作为嵌入资源（uri、mimeType 和 text）；公司标志作为图片（Base64 数据加 MIME 类型）。这些还没有交给模型；由 Host 决定如何插入。",
	}
	txtModelReadsPrompt = Text{
		En: "How a host inserts a prompt: its messages become turns of the conversation, in order and with their roles. The embedded page arrives as a document the model can quote, the logo as an image part; the model never sees the prompt's name or arguments, only what the server resolved them to.",
		Zh: "Host 插入提示的方式：提示的消息按顺序、带着各自的角色成为对话的轮次。嵌入的页面作为模型可以引用的文档出现，标志作为图片部分出现；模型看不到提示的名称或参数，只看到服务器据此解析出的内容。",
	}
	txtPostWelcomeResult = Text{
		En: "The announcement is posted: a text for the model and structuredContent (office, board, posted) that matches the tool's outputSchema, with its JSON also in a text block.",
		Zh: "公告已经发布：一段给模型的文字，以及符合工具 outputSchema 的 structuredContent（office、board、posted），它的 JSON 也放在一个文本块里。",
	}
	txtLogShown = Text{
		En: "The Host puts the message in its log panel, for the user (or the developer), not for the model: log messages are about the server's work, not part of the conversation.",
		Zh: "Host 把这条消息放进日志面板，给用户（或开发者）看，而不是给模型：日志消息讲的是服务器的工作，不属于对话内容。",
	}
	txtExportResult = Text{
		En: "The export's result, the last event of the stream that carried the log message; the empty chunk after it ends the stream.",
		Zh: "导出的结果，是携带日志消息的那条流的最后一个事件；之后的空分块结束这条流。",
	}
	txtUnaskedResult = Text{
		En: "Only the result: over HTTP one JSON object, no stream at all, because the server had nothing to send before it. The log lines the tool wrote stayed on the server.",
		Zh: "只有结果：在 HTTP 上是一个 JSON 对象，根本没有流，因为服务器在它之前没有任何东西要发送。工具写下的日志行留在了服务器上。",
	}
)
