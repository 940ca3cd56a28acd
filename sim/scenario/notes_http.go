package scenario

// Annotations of the HTTP-foundations scenarios (httpfound.go), merged
// into the note index after notes_text.go's table (see noteIndex).
//
// Plain HTTP has no MCP spec section of its own: wire events cite the MCP
// transport page where the same HTTP mechanics carry MCP messages (with a
// quote only where one fits), and the text cites the HTTP RFCs. As in
// notes_text.go, a wire key has a plain entry citing 2026-07-28 and a
// "key@2025-11-25" twin sharing its Text; Host-internal steps have one
// entry, usually without Spec.

// Citations shared by the entries below.
const (
	specSend26    = "2026-07-28/basic/transports/streamable-http#sending-messages"
	specSend25    = "2025-11-25/basic/transports#sending-messages-to-the-server"
	specRecv26    = "2026-07-28/basic/transports/streamable-http#receiving-messages"
	specListen25  = "2025-11-25/basic/transports#listening-for-messages-from-the-server"
	specResume25  = "2025-11-25/basic/transports#resumability-and-redelivery"
	specSecure26  = "2026-07-28/basic/transports/streamable-http#security-%26-endpoint"
	specSecure25  = "2025-11-25/basic/transports#security-warning"
	specCancel26  = "2026-07-28/basic/transports/streamable-http#cancellation"
	specToolSec26 = "2026-07-28/server/tools#security-considerations"
	specToolSec25 = "2025-11-25/server/tools#security-considerations"
)

var httpNoteTable = [...]noteEntry{
	// ---- the client's settings and its ledger (Host-internal) ----------

	{"http-client.config", Note{
		Text: Text{
			En: "The learner's client settings. Timeout: how long the client waits for the next bytes of a response before it closes the connection. Retries: attempts after the first one. Base delay: the first wait; each further retry doubles it (exponential backoff). Jitter: a random ± spread so that many clients do not retry in lockstep; here it comes from a seeded generator, so a run replays identically. These HTTP lessons do not depend on the MCP version: 2025-11-25 and 2026-07-28 produce the same transcript.",
			Zh: "学员配置的客户端参数。超时：客户端等待响应下一批字节的最长时间，到时就关闭连接。重试次数：第一次尝试之后还能再试几次。基础延迟：第一次等待的时长，之后每次重试翻倍（指数退避）。抖动：在等待时间上加一个随机的 ± 浮动，避免大量客户端同时重试；这里的随机数用固定种子生成，所以每次运行完全相同。这些 HTTP 课程与 MCP 版本无关：2025-11-25 和 2026-07-28 产生完全相同的记录。",
		},
	}},
	{"ledger", Note{
		Text: Text{
			En: "The cost ledger: requests put on the wire, how many of them were retries, attempts abandoned at the timeout, response bytes received (status lines, headers and bodies), time spent waiting between attempts, total elapsed time, and the timeline of every attempt. Retries are not free: each one is another request the server must handle and more time the user waits.",
			Zh: "成本账本：发到线路上的请求数、其中有多少是重试、因超时而放弃的尝试、收到的响应字节数（状态行、头部和正文）、在两次尝试之间等待的时间、总耗时，以及每次尝试的时间线。重试不是免费的：每一次都是服务器要多处理的一个请求，也是用户要多等的时间。",
		},
	}},

	// ---- http-anatomy --------------------------------------------------

	{"api.health.request", Note{Text: txtHealthRequest, Spec: specSend26}},
	{"api.health.request@2025-11-25", Note{Text: txtHealthRequest, Spec: specSend25}},
	{"api.health.result", Note{Text: txtHealthResult, Spec: specSend26}},
	{"api.health.result@2025-11-25", Note{Text: txtHealthResult, Spec: specSend25}},
	{"api.emails.request", Note{Text: txtEmailsRequest, Spec: specSend26}},
	{"api.emails.request@2025-11-25", Note{Text: txtEmailsRequest, Spec: specSend25}},
	{"api.emails.result", Note{Text: txtEmailsResult, Spec: specSend26}},
	{"api.emails.result@2025-11-25", Note{Text: txtEmailsResult, Spec: specSend25}},
	{"api.digest.request", Note{Text: txtDigestRequest, Spec: specSend26}},
	{"api.digest.request@2025-11-25", Note{Text: txtDigestRequest, Spec: specSend25}},
	{"api.digest.result", Note{Text: txtDigestResult, Spec: specSend26}},
	{"api.digest.result@2025-11-25", Note{Text: txtDigestResult, Spec: specSend25}},
	{"anatomy.dissect", Note{
		Text: Text{
			En: "The client takes both messages apart. The head ends at the first empty line (CRLF CRLF, RFC 9112 §2.1); the end of the body is not found by looking for a marker but read from Content-Length. Count for yourself: the sizes shown are the exact bytes on the wire, line ends included.",
			Zh: "客户端把两条报文逐行拆开。头部在第一个空行（CRLF CRLF，RFC 9112 §2.1）处结束；正文在哪里结束，不是靠寻找某个标记，而是从 Content-Length 读出来的。你可以自己数一数：显示的大小就是线路上的确切字节数，包括行尾。",
		},
	}},
	{"anatomy.bytes", Note{
		Text: Text{
			En: "Content-Length counts bytes, not characters (RFC 9110 §8.6). In UTF-8 each Chinese character here takes 3 bytes, so the body has far more bytes than characters. A client that writes the character count (what JavaScript's string.length or Python's len(str) give) cuts its own body short: see the http-content-length scenario.",
			Zh: "Content-Length 数的是字节，不是字符（RFC 9110 §8.6）。在 UTF-8 中，这里每个汉字占 3 个字节，所以正文的字节数远多于字符数。如果客户端写的是字符数（JavaScript 的 string.length 或 Python 的 len(str) 得到的就是它），就会把自己的正文截断：见 http-content-length 场景。",
		},
	}},

	// ---- http-content-length -------------------------------------------

	{"content-length.count", Note{
		Text: Text{
			En: "The client computes Content-Length from the encoded body: the number of bytes it is about to send. Any other number breaks the framing, because nothing else tells the server where the body ends.",
			Zh: "客户端根据编码后的正文计算 Content-Length：也就是它马上要发送的字节数。写成任何别的数字都会破坏报文边界，因为没有别的东西告诉服务器正文在哪里结束。",
		},
	}},
	{"content-length.short.count", Note{
		Text: Text{
			En: "The fault: the client writes the number of characters instead of the number of bytes; with Chinese text that is far too small. Go's net/http refuses to send a length that does not match the body, so the lab changes the header on its way to the wire, as a hand-written client would send it.",
			Zh: "故障：客户端写的是字符数而不是字节数；正文里有中文时，这个数会小很多。Go 的 net/http 拒绝发送与正文不符的长度，所以实验室在请求上线之前改写了这个头部，就像一个手写的客户端会发出的那样。",
		},
	}},
	{"content-length.long.count", Note{
		Text: Text{
			En: "The fault: the client announces more bytes than it sends (it measured the pretty-printed JSON, then sent the compact one). Nothing on the wire marks the end of a body except this number, so the server will wait for bytes that never come.",
			Zh: "故障：客户端声明的字节数比实际发送的多（它量的是带缩进的 JSON，发出去的却是紧凑格式）。线路上除了这个数字，没有任何东西标记正文的结束，所以服务器会一直等待永远不会到来的字节。",
		},
	}},
	{"content-length.short.request", Note{Text: txtShortRequest, Spec: specSend26}},
	{"content-length.short.request@2025-11-25", Note{Text: txtShortRequest, Spec: specSend25}},
	{"content-length.short.error.400", Note{Text: txtShortError, Spec: specSend26}},
	{"content-length.short.error.400@2025-11-25", Note{Text: txtShortError, Spec: specSend25}},
	{"content-length.long.request", Note{Text: txtLongRequest, Spec: specSend26}},
	{"content-length.long.request@2025-11-25", Note{Text: txtLongRequest, Spec: specSend25}},
	{"content-length.leftover", Note{
		Text: Text{
			En: "The bytes after the announced length are still on the connection, starting here with the rest of a character cut in half. On a kept-alive connection the server would parse them as the beginning of the next request: client and server no longer agree where messages start, the root of request-smuggling attacks (RFC 9112 §11.2). That is why servers close the connection after a framing error.",
			Zh: "超出声明长度的那些字节还留在连接上，这里开头正是一个被切成两半的汉字的后半部分。在保持连接（keep-alive）的情况下，服务器会把它们当作下一个请求的开头来解析：客户端和服务器对报文从哪里开始不再有一致的看法，这正是请求走私攻击的根源（RFC 9112 §11.2）。所以服务器在遇到报文边界错误后会关闭连接。",
		},
	}},
	{"content-length.waiting", Note{
		Text: Text{
			En: "The server is blocked reading the body: it has fewer bytes than Content-Length promised and no way to know that the client has finished. On a real socket the read just blocks; the virtual connection models that by making the read wait on the virtual clock until the client closes the connection. Only the client's timeout (or a read timeout on the server) ends the wait.",
			Zh: "服务器卡在读取正文上：它收到的字节比 Content-Length 承诺的少，也无从知道客户端已经发完了。在真实的套接字上，读操作会一直阻塞；虚拟连接用同样的方式模拟：读操作在虚拟时钟上等待，直到客户端关闭连接。只有客户端的超时（或服务器端的读取超时）才能结束这次等待。",
		},
	}},

	// ---- timeouts, retries, backoff (Host-internal) --------------------

	{"http-timeout.fired", Note{
		Text: Text{
			En: "The client's timer fires: no response bytes for the configured timeout. The client cannot tell a slow server from a lost request or a lost response; all it knows is that it has no answer.",
			Zh: "客户端的计时器到点了：在设定的超时时间内没有收到任何响应字节。客户端分辨不出是服务器太慢、请求丢了还是响应丢了；它只知道自己没有得到答复。",
		},
	}},
	{"http-timeout.close", Note{
		Text:  txtTimeoutClose,
		Spec:  specCancel26,
		Quote: "Closing the SSE response stream MUST be treated by the server as cancellation of that request.",
	}},
	{"http-timeout.close@2025-11-25", Note{
		Text:  txtTimeoutClose,
		Spec:  specSend25,
		Quote: "Disconnection SHOULD NOT be interpreted as the client cancelling its request.",
	}},
	// A Host-internal plan: no MCP sentence governs a client's retry
	// schedule (caching's "MUST apply jitter and backoff" is about polling
	// TTL-cached results, and with the default jitter 0 it would read as
	// broken), so the text cites nothing but itself.
	{"backoff.schedule", Note{Text: txtBackoffSchedule}},
	{"backoff.wait", Note{
		Text: Text{
			En: "The failure is retryable (a timeout, 408, 429, or a 5xx that means \"not now\"), so the client waits before the next attempt: base·2^k, doubling each time (exponential backoff), spread by jitter if configured. Waiting gives an overloaded server room to recover instead of hammering it; the time shown is when the retry will go out.",
			Zh: "这次失败可以重试（超时、408、429，或表示“暂时不行”的 5xx），所以客户端在下一次尝试前先等待：base·2^k，每次翻倍（指数退避），如果配置了抖动还会随机浮动。等待让过载的服务器有机会恢复，而不是被持续轰炸；显示的时间是重试将要发出的时刻。",
		},
	}},
	// HTTP's Retry-After (seconds or a date, RFC 9110 §10.2.3), which the
	// text cites; not the SSE retry field (milliseconds, reconnecting a
	// stream), so no MCP quote, in either version.
	{"retry-after.wait", Note{Text: txtRetryAfter}},
	{"retry-after.too-long", Note{
		Text: Text{
			En: "Retry-After asks for a longer wait than the client accepts (60 s). It gives up now and reports the wait instead of blocking an agent step for minutes; the caller can decide to come back later.",
			Zh: "Retry-After 要求的等待时间超过了客户端能接受的上限（60 秒）。客户端现在就放弃，并报告需要等待多久，而不是让一个智能体步骤卡上几分钟；调用方可以决定稍后再来。",
		},
	}},
	{"retries.exhausted", Note{
		Text: Text{
			En: "Every attempt failed and no retries are left: the client gives up and reports the error. With a 2 s timeout and 5 retries that takes 6 × 2 s + 7.75 s = 19.75 s in the worst case, for one call; an agent step that calls three tools against a dead server can take a minute. Hence time budgets and circuit breakers.",
			Zh: "每次尝试都失败了，也没有剩余的重试次数：客户端放弃并报告错误。超时 2 秒、重试 5 次时，最坏情况下一次调用就要 6 × 2 秒 + 7.75 秒 = 19.75 秒；一个智能体步骤如果对着宕机的服务器调用三个工具，可能要花一分钟。所以需要时间预算和熔断。",
		},
	}},
	{"no-retry", Note{
		Text: Text{
			En: "A 4xx other than 408 and 429 says the request itself is wrong. Sending the same bytes again gives the same answer, so the client reports the error instead of retrying.",
			Zh: "除 408 和 429 以外的 4xx 表示请求本身有问题。把同样的字节再发一遍只会得到同样的答复，所以客户端报告错误而不重试。",
		},
	}},
	{"no-retry.400", Note{
		Text: Text{
			En: "400 Bad Request (RFC 9110 §15.5.1): the server could not make sense of the request, here because the body as framed is not JSON. The same bytes will get the same 400: the request has to be fixed, not repeated.",
			Zh: "400 Bad Request（RFC 9110 §15.5.1）：服务器无法理解这个请求，这里是因为按声明长度截取的正文不是合法的 JSON。同样的字节会得到同样的 400：要修正请求，而不是重复发送。",
		},
	}},
	{"no-retry.401", Note{
		Text: Text{
			En: "401 Unauthorized (RFC 9110 §15.5.2): no valid credentials. Retrying without them cannot succeed; the client must obtain a token and send Authorization: Bearer … (the scheme named in WWW-Authenticate).",
			Zh: "401 Unauthorized（RFC 9110 §15.5.2）：没有有效的凭据。不带凭据重试不可能成功；客户端必须先获取令牌，再发送 Authorization: Bearer …（即 WWW-Authenticate 中指明的方案）。",
		},
	}},
	{"no-retry.404", Note{
		Text: Text{
			En: "404 Not Found (RFC 9110 §15.5.5): the resource does not exist. It will not appear by waiting, so the client does not retry; retrying a 404 only wastes time and requests.",
			Zh: "404 Not Found（RFC 9110 §15.5.5）：资源不存在。等待不会让它出现，所以客户端不重试；对 404 重试只会浪费时间和请求。",
		},
	}},

	// ---- http-status-retries (wire) ------------------------------------

	{"api.admin.request", Note{Text: txtAdminRequest, Spec: specSecure26}},
	{"api.admin.request@2025-11-25", Note{Text: txtAdminRequest, Spec: specSecure25}},
	{"api.admin.error.401", Note{Text: txtAdmin401, Spec: specSecure26, Quote: "Servers SHOULD implement proper authentication for all connections."}},
	{"api.admin.error.401@2025-11-25", Note{Text: txtAdmin401, Spec: specSecure25, Quote: "Servers SHOULD implement proper authentication for all connections"}},
	{"api.unknown.request", Note{Text: txtUnknownRequest, Spec: specSend26}},
	{"api.unknown.request@2025-11-25", Note{Text: txtUnknownRequest, Spec: specSend25}},
	{"api.unknown.error.404", Note{Text: txtUnknown404, Spec: specSend26}},
	{"api.unknown.error.404@2025-11-25", Note{Text: txtUnknown404, Spec: specSend25}},
	{"api.flaky.request", Note{Text: txtFlakyRequest, Spec: specSend26}},
	{"api.flaky.request@2025-11-25", Note{Text: txtFlakyRequest, Spec: specSend25}},
	{"api.flaky.error.503", Note{Text: txtFlaky503, Spec: specSend26}},
	{"api.flaky.error.503@2025-11-25", Note{Text: txtFlaky503, Spec: specSend25}},
	{"api.flaky.result", Note{Text: txtFlakyResult, Spec: specSend26}},
	{"api.flaky.result@2025-11-25", Note{Text: txtFlakyResult, Spec: specSend25}},
	{"api.limited.request", Note{Text: txtLimitedRequest, Spec: specToolSec26}},
	{"api.limited.request@2025-11-25", Note{Text: txtLimitedRequest, Spec: specToolSec25}},
	{"api.limited.error.429", Note{Text: txtLimited429, Spec: specToolSec26}},
	{"api.limited.error.429@2025-11-25", Note{Text: txtLimited429, Spec: specToolSec25}},
	{"api.limited.result", Note{Text: txtLimitedResult, Spec: specToolSec26}},
	{"api.limited.result@2025-11-25", Note{Text: txtLimitedResult, Spec: specToolSec25}},

	// ---- http-idempotency ----------------------------------------------

	{"idempotency.plain", Note{
		Text: Text{
			En: "Round 1: the client sends POST /send_email with no Idempotency-Key. The server will hand the e-mail to the relay at once, then take longer than the client's timeout to answer.",
			Zh: "第 1 轮：客户端发送不带 Idempotency-Key 的 POST /send_email。服务器会立刻把邮件交给邮件中继，然后要花比客户端超时更长的时间才作答。",
		},
	}},
	{"idempotency.keyed", Note{
		Text: Text{
			En: "Round 2: the client generates one unique key (a UUID) for this logical e-mail, before the first attempt, and sends the same key on every retry. A fresh key per attempt would defeat the purpose.",
			Zh: "第 2 轮：客户端在第一次尝试之前，为这封逻辑上的邮件生成一个唯一的键（UUID），并在每次重试时发送同一个键。如果每次尝试都换一个新键，就失去了意义。",
		},
	}},
	{"idempotency.outbox", Note{
		Text: Text{
			En: "What the server really sent. The client cannot see this list; it only knows which responses it received. A duplicate here is an e-mail the recipient gets twice.",
			Zh: "服务器实际发出的邮件。客户端看不到这个列表；它只知道自己收到了哪些响应。这里出现的重复，就是收件人会收到两遍的邮件。",
		},
	}},
	{"idempotency.result", Note{
		Text: Text{
			En: "Without a key, one request the user made became two e-mails: the retry after a lost response is a duplicate. With an Idempotency-Key the retry is safe: the server recognises the repeat and answers from memory. Reads (GET) and PUT are idempotent by definition; POST needs the key.",
			Zh: "没有键时，用户的一次请求变成了两封邮件：响应丢失后的重试就是一次重复。有了 Idempotency-Key，重试就是安全的：服务器认出这是重复请求，直接用记住的结果作答。读取（GET）和 PUT 按定义是幂等的；POST 需要这个键。",
		},
	}},
	{"api.send-email.request", Note{Text: txtSendRequest, Spec: specSend26}},
	{"api.send-email.request@2025-11-25", Note{Text: txtSendRequest, Spec: specSend25}},
	{"api.send-email.result", Note{Text: txtSendResult, Spec: specSend26}},
	{"api.send-email.result@2025-11-25", Note{Text: txtSendResult, Spec: specSend25}},
	{"api.send-email-keyed.request", Note{Text: txtKeyedRequest, Spec: specSend26}},
	{"api.send-email-keyed.request@2025-11-25", Note{Text: txtKeyedRequest, Spec: specSend25}},
	{"api.send-email-keyed.result", Note{Text: txtKeyedResult, Spec: specSend26}},
	{"api.send-email-keyed.result@2025-11-25", Note{Text: txtKeyedResult, Spec: specSend25}},
	{"api.send-email-keyed.replayed", Note{Text: txtKeyedReplayed, Spec: specSend26}},
	{"api.send-email-keyed.replayed@2025-11-25", Note{Text: txtKeyedReplayed, Spec: specSend25}},

	// ---- http-sse ------------------------------------------------------

	{"api.events.request", Note{Text: txtEventsRequest, Spec: specRecv26}},
	{"api.events.request@2025-11-25", Note{
		Text:  txtEventsRequest,
		Spec:  specListen25,
		Quote: "The client MUST include an `Accept` header, listing `text/event-stream` as a supported content type.",
	}},
	{"sse.open", Note{
		Text:  txtSSEOpen,
		Spec:  specRecv26,
		Quote: "When initiating an SSE stream, servers SHOULD include the `X-Accel-Buffering: no` header in the HTTP response.",
	}},
	{"sse.open@2025-11-25", Note{Text: txtSSEOpen, Spec: specSend25, Quote: "The client MUST support both these cases."}},
	{"sse.event", Note{Text: txtSSEEvent, Spec: specRecv26}},
	{"sse.event@2025-11-25", Note{
		Text:  txtSSEEvent,
		Spec:  specResume25,
		Quote: "Servers MAY attach an `id` field to their SSE events, as described in the SSE standard.",
	}},
	{"sse.heartbeat", Note{Text: txtSSEHeartbeat, Spec: specRecv26}},
	{"sse.heartbeat@2025-11-25", Note{
		Text:  txtSSEHeartbeat,
		Spec:  specSend25,
		Quote: "Disconnection MAY occur at any time (e.g., due to network conditions).",
	}},
	{"sse.end", Note{Text: txtSSEEnd, Spec: specRecv26, Quote: "The final JSON-RPC _response_ SHOULD terminate the stream."}},
	{"sse.end@2025-11-25", Note{Text: txtSSEEnd, Spec: specSend25, Quote: "After the JSON-RPC _response_ has been sent, the server SHOULD terminate the SSE stream."}},
	{"sse.streaming", Note{
		Text: Text{
			En: "Reader 1 is a streaming reader: it feeds every piece of the body to an SSE parser as soon as it arrives, and hands each complete event on at once.",
			Zh: "读取器 1 是流式读取器：正文的每一块一到达就交给 SSE 解析器，每个完整的事件立即往下传递。",
		},
	}},
	{"sse.parsed", Note{
		Text: Text{
			En: "A complete event, the moment its closing empty line arrived: type from event: (\"message\" when absent), id from id: (it persists for later events), data from the data: lines joined with newlines.",
			Zh: "一个完整的事件，在它结尾的空行到达的那一刻得到：类型来自 event:（没有时为 \"message\"），id 来自 id:（会沿用到后续事件），数据由各个 data: 行用换行符连接而成。",
		},
	}},
	{"sse.heartbeat-seen", Note{
		Text: Text{
			En: "The parser reports the comment but no event. For the client it is still useful: bytes arrived, so the idle timeout starts again; without heartbeats a quiet stream would hit the 2 s timeout.",
			Zh: "解析器报告了这条注释，但没有事件。对客户端来说它仍然有用：有字节到达，所以空闲超时重新计时；没有心跳的话，一条安静的流会撞上 2 秒的超时。",
		},
	}},
	{"sse.buffered", Note{
		Text: Text{
			En: "Reader 2 is a buffered reader: it reads the whole body (io.ReadAll, response.json(), requests without stream=True) and only then parses it. The same bytes arrive at the same times; the reader just does not look until the end.",
			Zh: "读取器 2 是缓冲读取器：先读完整个正文（io.ReadAll、response.json()、不带 stream=True 的 requests），然后才解析。同样的字节在同样的时刻到达；只是这个读取器直到最后才去看。",
		},
	}},
	{"sse.buffered-result", Note{
		Text: Text{
			En: "The buffered reader gets every event at once when the stream ends, each as late as the stream is long after it; on a stream that never ends (a subscription) it would get nothing at all. A proxy that buffers does the same to a streaming client, which is what X-Accel-Buffering: no prevents.",
			Zh: "缓冲读取器在流结束时一次性拿到所有事件，每个事件都晚到了它之后剩余的整段流的时长；如果流永不结束（例如订阅），它什么也拿不到。会缓冲的代理对流式客户端也会造成同样的效果，X-Accel-Buffering: no 正是为了防止这一点。",
		},
	}},
}

// Texts shared by a plain entry and its @2025-11-25 twin.
var (
	txtHealthRequest = Text{
		En: "An HTTP/1.1 request is plain text: a request line (method, target, version), header lines, an empty line, then the body (RFC 9112 §2.1, §3). Every line ends in CRLF (\\r\\n). Host is the one header HTTP/1.1 requires; a GET has no body, so no Content-Length. An MCP POST to /mcp has exactly this shape.",
		Zh: "HTTP/1.1 请求就是纯文本：请求行（方法、目标、版本）、若干头部行、一个空行，然后是正文（RFC 9112 §2.1、§3）。每一行都以 CRLF（\\r\\n）结尾。Host 是 HTTP/1.1 唯一必需的头部；GET 没有正文，所以也没有 Content-Length。发往 /mcp 的 MCP POST 请求也是完全相同的结构。",
	}
	txtHealthResult = Text{
		En: "The response has the same framing: a status line (version, code, reason), headers, an empty line, the body (RFC 9112 §4). Content-Length: 15 says the body is exactly 15 bytes, so the client knows where this response ends and the next one on the connection begins (RFC 9112 §6.3). 200 OK: success.",
		Zh: "响应的结构相同：状态行（版本、状态码、原因短语）、头部、空行、正文（RFC 9112 §4）。Content-Length: 15 表示正文正好 15 个字节，客户端因此知道这个响应在哪里结束、连接上的下一个响应从哪里开始（RFC 9112 §6.3）。200 OK：成功。",
	}
	txtEmailsRequest = Text{
		En: "Parameters travel in the query string after '?': urgent=true&limit=2. They are part of the request target, not of a body; the API validates them (limit 1–20) and answers 400 with a JSON error otherwise.",
		Zh: "参数放在“?”之后的查询字符串里：urgent=true&limit=2。它们属于请求目标，而不是正文；API 会校验它们（limit 为 1–20），不合法时返回带 JSON 错误的 400。",
	}
	txtEmailsResult = Text{
		En: "A JSON body: the 2 newest urgent e-mails and how many matched in total. It is the inbox the list_emails MCP tool serves, here from a plain JSON API with no JSON-RPC envelope around it.",
		Zh: "JSON 正文：最新的 2 封紧急邮件，以及总共匹配了多少封。这与 MCP 工具 list_emails 提供的是同一个收件箱，这里来自一个普通的 JSON API，外面没有 JSON-RPC 包装。",
	}
	txtDigestRequest = Text{
		En: "A POST with a JSON body. Content-Type says how to read the body, Content-Length how many bytes of it there are: the UTF-8 byte count, which net/http took from the bytes themselves. MCP clients send every JSON-RPC message exactly this way.",
		Zh: "一个带 JSON 正文的 POST。Content-Type 说明如何解读正文，Content-Length 说明正文有多少字节：UTF-8 字节数，由 net/http 根据实际字节得出。MCP 客户端发送每条 JSON-RPC 消息也完全是这样。",
	}
	txtDigestResult = Text{
		En: "The server echoes what it received: content_length (the header), received_bytes and received_characters (of the body), the same two counts for the text alone, and a summary (the first sentence). Bytes and characters differ; only bytes frame a message.",
		Zh: "服务器回显它收到的内容：content_length（头部的值）、received_bytes 和 received_characters（正文的字节数和字符数）、仅 text 字段的这两项计数，以及摘要（第一句话）。字节数和字符数不同；界定报文边界的只有字节数。",
	}
	txtShortRequest = Text{
		En: "Content-Length is smaller than the body. The server takes exactly that many bytes as the body (RFC 9112 §6.2) and stops reading, here in the middle of a Chinese character.",
		Zh: "Content-Length 比正文小。服务器只把这么多字节当作正文（RFC 9112 §6.2），然后停止读取，这里正好停在一个汉字的中间。",
	}
	txtShortError = Text{
		En: "400 Bad Request: the truncated body is not valid JSON, and the error says how many bytes were read. The request is at fault, so a retry would fail the same way.",
		Zh: "400 Bad Request：被截断的正文不是合法的 JSON，错误信息里写明了读到多少字节。问题出在请求本身，所以重试也会同样失败。",
	}
	txtLongRequest = Text{
		En: "Content-Length is larger than the body. The server has the head and the bytes that arrived, and waits for the rest of the body, which will never come.",
		Zh: "Content-Length 比正文大。服务器收到了头部和已经到达的字节，然后等待正文的剩余部分，而它永远不会到来。",
	}
	txtTimeoutClose = Text{
		En: "The client closes the connection (a TCP FIN on a real network); whatever the server still sends is lost. Whether the server notices and stops is up to the server, and work already done stays done: an e-mail that went out is not recalled. In MCP, 2026-07-28 makes closing the response stream the cancellation signal; 2025-11-25 says a disconnect is not a cancellation.",
		Zh: "客户端关闭连接（真实网络上是一个 TCP FIN）；服务器之后再发送的任何内容都会丢失。服务器是否察觉并停止，取决于服务器；已经完成的工作不会撤销：发出去的邮件不会被收回。在 MCP 中，2026-07-28 把关闭响应流作为取消信号；2025-11-25 则规定断开连接不等于取消。",
	}
	txtBackoffSchedule = Text{
		En: "The plan for one call with these settings: the wait before each retry, their sum, and the worst case, in which every attempt runs into the timeout and the client waits the whole schedule. With the defaults: 0.25 + 0.5 + 1 + 2 + 4 = 7.75 s of backoff, 6 × 2 s + 7.75 s = 19.75 s, the numbers of the course's retry exercise.",
		Zh: "按当前设置，一次调用的计划：每次重试前的等待、它们的总和，以及最坏情况——每次尝试都撞上超时，客户端等完全部退避时间。默认设置下：退避 0.25 + 0.5 + 1 + 2 + 4 = 7.75 秒，最坏 6 × 2 秒 + 7.75 秒 = 19.75 秒，与课程重试练习中的数字相同。",
	}
	txtRetryAfter = Text{
		En: "429 Too Many Requests (RFC 6585 §4) with Retry-After (RFC 9110 §10.2.3): the server says how long to wait, in seconds or as an HTTP date. The client honours it instead of its own backoff; retrying sooner would only be refused again and count against the limit. A client should cap what it accepts (here 60 s).",
		Zh: "429 Too Many Requests（RFC 6585 §4）带有 Retry-After（RFC 9110 §10.2.3）：服务器告诉客户端要等多久，可以是秒数，也可以是一个 HTTP 日期。客户端按它等待，而不是用自己的退避时间；提前重试只会再次被拒绝，还会计入限额。客户端应当给可接受的等待设一个上限（这里是 60 秒）。",
	}
	txtAdminRequest = Text{
		En: "A request to a protected endpoint, sent without an Authorization header.",
		Zh: "一个发往受保护端点的请求，没有带 Authorization 头。",
	}
	txtAdmin401 = Text{
		En: "401 Unauthorized with WWW-Authenticate: Bearer: the server needs credentials and names the scheme it accepts (RFC 9110 §11.6.1). The body uses the API's error shape {\"error\":{\"type\",\"message\"}}.",
		Zh: "401 Unauthorized，带有 WWW-Authenticate: Bearer：服务器需要凭据，并指明它接受的方案（RFC 9110 §11.6.1）。正文采用 API 统一的错误格式 {\"error\":{\"type\",\"message\"}}。",
	}
	txtUnknownRequest = Text{
		En: "The client asks for /reports, a path this API does not have.",
		Zh: "客户端请求 /reports，而这个 API 没有这个路径。",
	}
	txtUnknown404 = Text{
		En: "404 Not Found with the API's error body: a machine-readable type and a human-readable message. Clients branch on the status code and the type, never on the message text.",
		Zh: "404 Not Found，正文是 API 的错误格式：机器可读的 type 和给人看的 message。客户端应当根据状态码和 type 来分支处理，绝不要依赖 message 的文字。",
	}
	txtFlakyRequest = Text{
		En: "GET /flaky?fail_times=2: the endpoint fails the server's first 2 calls with 503, then works, like a service restarting behind a load balancer. Each retry is a new, identical request.",
		Zh: "GET /flaky?fail_times=2：这个端点对服务器收到的前 2 次调用返回 503，之后恢复正常，就像负载均衡后面正在重启的服务。每次重试都是一个全新的、内容相同的请求。",
	}
	txtFlaky503 = Text{
		En: "503 Service Unavailable (RFC 9110 §15.6.4): a temporary condition; the same request may well succeed later. Worth a retry, after a wait.",
		Zh: "503 Service Unavailable（RFC 9110 §15.6.4）：暂时性的状况；同样的请求稍后很可能会成功。值得等一等再重试。",
	}
	txtFlakyResult = Text{
		En: "200 OK on the third attempt: the retries paid off. The ledger counts the price: three requests for one answer.",
		Zh: "第三次尝试得到 200 OK：重试有了回报。账本记下了代价：三个请求换一个答复。",
	}
	txtLimitedRequest = Text{
		En: "GET /limited: the API rate-limits this endpoint, and this call is over the limit. MCP servers are required to rate-limit tool invocations in the same spirit (server/tools, Security Considerations).",
		Zh: "GET /limited：API 对这个端点限流，这次调用超出了限额。MCP 服务器同样被要求对工具调用限流（server/tools，安全考虑一节）。",
	}
	txtLimited429 = Text{
		En: "429 Too Many Requests with Retry-After: 2: slow down, and try again in 2 seconds. Unlike 503 without a hint, the server tells the client exactly how long to wait.",
		Zh: "429 Too Many Requests，带有 Retry-After: 2：请放慢速度，2 秒后再试。与不带提示的 503 不同，服务器明确告诉客户端要等多久。",
	}
	txtLimitedResult = Text{
		En: "After waiting the 2 s the server asked for, the same request succeeds.",
		Zh: "按服务器的要求等待 2 秒后，同样的请求成功了。",
	}
	txtSendRequest = Text{
		En: "POST /send_email without an Idempotency-Key. POST is not idempotent (RFC 9110 §9.2.2): every copy that reaches the server is one more e-mail.",
		Zh: "不带 Idempotency-Key 的 POST /send_email。POST 不是幂等的（RFC 9110 §9.2.2）：每一份到达服务器的副本都会多发一封邮件。",
	}
	txtSendResult = Text{
		En: "200 for the retry: the server sent a second e-mail. The first attempt's e-mail had already gone out; only its response was lost when the client gave up. Seen from the client, a lost request and a lost response look exactly the same.",
		Zh: "重试得到 200：服务器发出了第二封邮件。第一次尝试的邮件其实早已发出；只是客户端放弃时，它的响应丢失了。从客户端看，请求丢失和响应丢失完全一样。",
	}
	txtKeyedRequest = Text{
		En: "The same POST with an Idempotency-Key header: a unique value generated once for this e-mail and repeated on every retry (IETF draft-ietf-httpapi-idempotency-key-header). The server remembers each key together with its first response.",
		Zh: "同样的 POST，带上 Idempotency-Key 头：为这封邮件只生成一次、每次重试都重复发送的唯一值（IETF 草案 draft-ietf-httpapi-idempotency-key-header）。服务器会把每个键和它的第一次响应一起记住。",
	}
	txtKeyedResult = Text{
		En: "200 for the first attempt with this key: the server stored the answer under the key, so a retry would get it back without a second send.",
		Zh: "这个键的第一次尝试得到 200：服务器把答复存在这个键下，之后的重试会直接拿回它，不会再发一次。",
	}
	txtKeyedReplayed = Text{
		En: "The server recognised the key: it did not send again but replayed the stored response (the same id) marked Idempotent-Replayed: true. One e-mail, however many retries. The same key with a different body would get 422.",
		Zh: "服务器认出了这个键：它没有再发一次，而是重放了存下的响应（同一个 id），并标上 Idempotent-Replayed: true。无论重试多少次，都只有一封邮件。如果同一个键配上不同的正文，会得到 422。",
	}
	txtEventsRequest = Text{
		En: "GET /events with Accept: text/event-stream: the client asks for a stream of server-sent events instead of one JSON document.",
		Zh: "带 Accept: text/event-stream 的 GET /events：客户端请求的是一串服务器推送事件，而不是一个 JSON 文档。",
	}
	txtSSEOpen = Text{
		En: "200 with Content-Type: text/event-stream and no Content-Length: the length is not known in advance, so HTTP/1.1 sends the body in chunks (Transfer-Encoding: chunked, RFC 9112 §7.1), each preceded by its size in hexadecimal. Cache-Control: no-cache and X-Accel-Buffering: no ask caches and proxies not to hold the stream back.",
		Zh: "200，Content-Type: text/event-stream，没有 Content-Length：长度事先未知，所以 HTTP/1.1 分块发送正文（Transfer-Encoding: chunked，RFC 9112 §7.1），每块前面是它的十六进制大小。Cache-Control: no-cache 和 X-Accel-Buffering: no 要求缓存和代理不要把流扣住。",
	}
	txtSSEEvent = Text{
		En: "One event as the server flushed it, after the chunk's size line: id:, event: and data: lines, ended by an empty line (the SSE format of the WHATWG HTML standard). Several data: lines of one event are joined with newlines. MCP sends its JSON-RPC messages as exactly such data: lines.",
		Zh: "服务器冲刷出的一个事件，位于分块大小行之后：id:、event: 和 data: 行，以一个空行结束（WHATWG HTML 标准中的 SSE 格式）。同一事件的多个 data: 行用换行符连接。MCP 正是把 JSON-RPC 消息放在这样的 data: 行里发送的。",
	}
	txtSSEHeartbeat = Text{
		En: "A line starting with ':' is a comment: it carries no event and parsers skip it. Servers send one while there is nothing to say, so that idle timers in the client and in proxies do not close a quiet connection.",
		Zh: "以“:”开头的行是注释：它不携带事件，解析器会跳过它。服务器在没有内容可发时发送它，这样客户端和代理里的空闲计时器就不会关闭一条安静的连接。",
	}
	txtSSEEnd = Text{
		En: "The zero-length chunk (0, then an empty line) ends the chunked body: the stream is over and the connection can carry the next request. An MCP stream ends the same way after its final JSON-RPC response.",
		Zh: "长度为零的块（0，然后一个空行）结束了分块正文：流结束了，连接可以承载下一个请求。MCP 的流在发出最后一个 JSON-RPC 响应后也是这样结束的。",
	}
)
