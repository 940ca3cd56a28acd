package scenario

import (
	"regexp"
	"strings"
	"sync"
)

// Host-internal events (the user's prompt, what the model reads and
// decides, the client's decisions: backoff, timers, era detection…) carry
// English text in raw, which the transcript keeps exactly. HostText gives
// the same text in both languages for display: each line of raw is matched
// against the rules of its note, and the first rule that matches the whole
// line gives its Chinese. Values (numbers, ids, methods, error messages a
// server wrote, tool descriptions and results) pass through unchanged:
// they are data, not the engine's prose. hosttext_test.go runs every
// scenario and fails on any host line no rule translates.

// hostRule translates one line of a note's raw text: re must match the
// whole line, zh is its Chinese (a regexp template: ${1} is the first
// group; "$0" keeps the line as it is, for data).
type hostRule struct {
	note string // the note key, or a prefix of it ("no-retry" covers "no-retry.401"); "" for every note
	re   string
	zh   string
}

const keep = "${0}" // data: the line as it is

var hostRules = [...]hostRule{
	{"", ``, ``},

	// The user and the model.
	{"user.prompt", `Which urgent e-mails came in\? Show me the three newest\.`, `收到了哪些紧急邮件？给我看最新的三封。`},
	{"user.prompt", `Export the Support timesheets for the last three weeks\.`, `导出 Support 部门最近三周的工时表。`},
	{"user.prompt", `Export this month's Engineering timesheets\.`, `导出 Engineering 部门本月的工时表。`},
	{"user.prompt", `Which prompt templates does this server offer\?`, `这个服务器提供哪些提示模板？`},
	{"user.prompt", `Book the Aurora room for (\S+)\.`, `帮我预订 ${1} 的 Aurora 会议室。`},
	{"user.prompt", `Draft an e-mail to Ana about the login incident, then send it\.`, `给 Ana 起草一封关于登录故障的邮件，然后发出去。`},
	{"user.prompt", `List the tools of the server I just configured\.`, `列出我刚配置的服务器有哪些工具。`},
	{"user.prompt", `Post a motivating quote to the team channel\.`, `在团队频道里发一句激励人心的名言。`},
	{"model.reads-tools", `You can call these tools\. Reply with one tool call as JSON\.`, `你可以调用下面这些工具。请用一个 JSON 格式的工具调用来回复。`},
	{"model.reads-tools", `## (\S+)`, keep},
	{"model.reads-tools", `Arguments: none`, `参数：无`},
	{"model.reads-tools", `Arguments:`, `参数：`},
	{"model.reads-tools", `- (\S+) \((.*), optional\): (.*)`, `- ${1}（${2}，可选）：${3}`},
	{"model.reads-tools", `- (\S+) \((.*), required\): (.*)`, `- ${1}（${2}，必填）：${3}`},
	{"model.reads-tools", `.*`, keep}, // a tool's description, as the server wrote it
	{"model.decides", `.*`, keep},     // the model's tool call (JSON)
	{"model.retries", `.*`, keep},
	{"model.reads-result", `.*`, keep},     // the tool's result text
	{"model.reads-tool-error", `.*`, keep}, // the tool's error text
	{"model.reads-protocol-error", `Tool call failed: error (-?\d+) (.*)`, `工具调用失败：错误 ${1} ${2}`},
	{"model.answers", `Here is what I found:`, `我找到的结果如下：`},
	{"model.answers", `This server offers no prompt templates: it declares only tools \((\d+) of them\)\.`, `这个服务器不提供提示模板：它只声明了工具（共 ${1} 个）。`},
	{"model.answers", `You declined to let the model read the inbox, so there is no summary\.`, `你拒绝让模型读取收件箱，所以没有摘要。`}, // asks.go
	{"model.answers", `The export was cancelled; nothing was written\.`, `导出已取消；什么都没有写入。`},                             // asks.go
	{"model.answers", `.*`, keep},

	// Launch, failure, shutdown.
	{"launch", `\$ .*`, keep},
	{"launch", `connect (\S+) \((\S+) now resolves to 127\.0\.0\.1\)`, `连接 ${1}（${2} 现在解析到 127.0.0.1）`},
	{"launch", `connect (\S+)`, `连接 ${1}`},
	{"lb.launch", `connect (\S+) \(a round-robin load balancer in front of replicas (\d+) and (\d+)\)`, `连接 ${1}（一个轮询负载均衡器，后面是副本 ${2} 和 ${3}）`},
	{"host.failure", `connection lost: the server wrote something that is not JSON-RPC on stdout \((.*)\)`, `连接中断：服务器在 stdout 上写了不是 JSON-RPC 的内容（${1}）`},
	{"host.failure", `request timed out and was cancelled`, `请求超时，已被取消`},
	{"host.failure", `error (-?\d+) (.*)`, `错误 ${1} ${2}`},
	{"host.failure", `HTTP (\d+) (.*)`, `HTTP ${1} ${2}`},
	{"host.failure", `no response`, `没有收到响应`},
	{"host.failure", `transport failure: (.*)`, `传输故障：${1}`},
	{"host.failure", `cannot start the server: (.*)`, `无法启动服务器：${1}`},
	{"shutdown.exit", `exit status (\d+)`, `退出状态 ${1}`},

	// Versions and capabilities.
	{"capabilities.read", `server capabilities: (.*) \(no "prompts"\)`, `服务器声明的能力：${1}（没有 "prompts"）`},
	{"capabilities.refused", `error (-?\d+) (.*) \(the server did not declare that capability\)`, `错误 ${1} ${2}（服务器没有声明这项能力）`},
	{"unsupported-version.choose", `supported: (.*) → retry with (\S+)`, `服务器支持：${1} → 改用 ${2} 重试`},
	{"version.reject", `asked for (\S+), server offered (\S+): not supported by this client; disconnecting`, `请求的是 ${1}，服务器给出 ${2}：这个客户端不支持它，断开连接`},
	{"era.modern", `DiscoverResult: the server is modern; stay on (\S+)`, `DiscoverResult：服务器是新版，继续使用 ${1}`},
	{"era.modern-retry", `(-?\d+) is a modern error: the server is modern\. Do NOT fall back to initialize; retry with (\S+) from supported (\[.*\])`, `${1} 是新版错误：服务器是新版。不要回退到 initialize；从支持的版本 ${3} 中选 ${2} 重试`},
	{"era.legacy", `HTTP (\d+) and error (-?\d+) is not a modern error: the server is legacy → fall back to initialize \((\S+)\)`, `HTTP ${1} 加错误 ${2} 不是新版的错误：服务器是旧版 → 回退到 initialize（${3}）`},
	{"era.legacy", `error (-?\d+) is not a modern error: the server is legacy → fall back to initialize \((\S+)\)`, `错误 ${1} 不是新版的错误：服务器是旧版 → 回退到 initialize（${2}）`},
	{"era.legacy", `(HTTP (\d+) and )?no recognized modern error: the server is legacy → fall back to initialize \((\S+)\)`, `没有可识别的新版错误：服务器是旧版 → 回退到 initialize（${3}）`},

	// Sessions, streams, subscriptions, poisoning.
	{"lb.session-lost", `404: replica (\d+) has never heard of this session → start a new one`, `404：副本 ${1} 从没见过这个会话 → 开始一个新会话`},
	{"lb.give-up", `404 again: every other request lands on a replica that does not hold the session\.`, `又是 404：每隔一个请求就会落到不持有这个会话的副本上。`},
	{"lb.give-up", `Fix: sticky routing \(by Mcp-Session-Id\) or a session store shared by the replicas\.`, `解决办法：粘性路由（按 Mcp-Session-Id），或者让各副本共享会话存储。`},
	{"stream-drop.resume-plan", `stream of request (\S+) lost after event (\S+): reconnect with GET and Last-Event-ID: (\S+)`, `请求 ${1} 的流在事件 ${2} 之后断了：用 GET 加 Last-Event-ID: ${3} 重新连接`},
	{"stream-drop.reissue-plan", `stream of request (\S+) lost: the request is gone with it; send tools/call again with a new id`, `请求 ${1} 的流断了，请求也随之失效：用新的 id 重新发送 tools/call`},
	{"list-changed.admin", `admin: enabled tool (\S+)`, `管理员：启用了工具 ${1}`},
	{"list-changed.no-tool", `No tool can book rooms yet\. Waiting for the server's tool list to change\.`, `还没有能预订会议室的工具。等待服务器的工具列表发生变化。`},
	{"poisoning.flagged", `⚠ instructions aimed at the model found in tool descriptions:`, `⚠ 在工具描述中发现了针对模型的指令：`},
	{"poisoning.flagged", `  description: (.*)`, `  描述：${1}`},
	{"poisoning.flagged", `(\S+): (\[.*\])`, keep},
	{"poisoning.model-obeys", `.*`, keep},
	{"poisoning.blocked", `Host: the model wants (\S+), which the user's request does not need; it was asked for by (\S+)'s description \(flagged\)\.`, `宿主：模型想调用 ${1}，而用户的请求并不需要它；是 ${2} 的描述要它这么做的（已标记）。`},
	{"poisoning.blocked", `Ask the user\? → denied\. The call is not sent\.`, `询问用户？→ 拒绝。这次调用不会发出。`},

	// The server asking the client, and tasks (asks.go).
	{"user.prompt", `Summarise the three newest urgent e-mails for me\.`, `帮我总结最新的三封紧急邮件。`},
	{"user.prompt", `Export the Support roster into my workspace\.`, `把 Support 部门的名单导出到我的工作区。`},
	{"user.prompt", `Export the Support roster into my workspace, then switch to the 2027 workspace and export it there too\.`, `把 Support 部门的名单导出到我的工作区，然后切换到 2027 工作区，在那里也导出一份。`},
	{"user.prompt", `Export the Sales timesheets for the last three weeks; it may take a while\.`, `导出 Sales 部门最近三周的工时表；可能要花点时间。`},
	{"elicit.form", `form from the server: (.*)`, `服务器发来的表单：${1}`},
	{"elicit.form", `  (\S+) \((.*)\): (.*)`, `  ${1}（${2}）：${3}`},
	{"elicit.user", `the user picks slot = (.*)`, `用户选择了 slot = ${1}`},
	{"elicit.user", `the user declines the alternatives`, `用户拒绝了这些备选方案`},
	{"elicit.user", `the user closes the form without choosing`, `用户没有做选择就关闭了表单`},
	{"elicit.user", `the client sends slot = (.*), which the form does not offer \(a bug in its form handling\)`, `客户端发送了 slot = ${1}，而表单并没有提供这个选项（它处理表单的代码有缺陷）`},
	{"sample.review", `the server asks the Host's model to write a message \((\d+) message, maxTokens (\d+), system prompt: (.*)\)`, `服务器请 Host 的模型写一条消息（${1} 条消息，maxTokens ${2}，系统提示词：${3}）`},
	{"sample.model", `the user approves; the model \(no model field: a bug in the client\) writes: (.*)`, `用户同意；模型（没有 model 字段：客户端的缺陷）写道：${1}`},
	{"sample.model", `the user approves; the model (\S+) writes: (.*)`, `用户同意；模型 ${1} 写道：${2}`},
	{"sample.declined", `the user rejects the request: nothing goes to the model`, `用户拒绝了这个请求：什么都不会交给模型`},
	{"roots.workspace", `the Host shares its workspace: (.*)`, `Host 共享它的工作区：${1}`},
	{"roots.switch", `the user switches the workspace to (\S+)`, `用户把工作区切换到 ${1}`},
	{"refused.not-retried", `input (.*) declined: the client does not retry; the server is not waiting for anything`, `输入 ${1} 被拒绝：客户端不再重试；服务器并没有在等待任何东西`},
	{"task.handle", `task (\S+): (\S+); poll every (\d+) ms`, `任务 ${1}：${2}；每 ${3} 毫秒轮询一次`},
	{"task.user-cancels", `the user cancels the export`, `用户取消了这次导出`},

	// The HTTP lessons' client: settings, timers, retries, the ledger.
	{"http-client.config", `client settings: timeout (\d+) ms · retries (\d+) · base delay (\d+) ms · jitter none`, `客户端设置：超时 ${1} 毫秒 · 重试 ${2} 次 · 基础退避 ${3} 毫秒 · 无抖动`},
	{"http-client.config", `client settings: timeout (\d+) ms · retries (\d+) · base delay (\d+) ms · jitter ±(\d+)% \(seed (\d+)\)`, `客户端设置：超时 ${1} 毫秒 · 重试 ${2} 次 · 基础退避 ${3} 毫秒 · 抖动 ±${4}%（种子 ${5}）`},
	{"http-client.config", `retry on: timeouts, (.*) · never on other 4xx`, `重试条件：超时，以及 ${1} · 其他 4xx 一律不重试`},
	{"http-timeout.fired", `timer: no response bytes for (\d+) ms → give up and close the connection`, `计时器：${1} 毫秒内没有收到任何响应字节 → 放弃并关闭连接`},
	{"backoff.schedule", `backoff before retries 1…(\d+): (.*) ms \(base·2\^k\) = (\d+) ms in total`, `第 1…${1} 次重试前的退避：${2} 毫秒（base·2^k），共 ${3} 毫秒`},
	{"backoff.schedule", `worst case of one call: (\d+) attempts × (\d+) ms timeout \+ (\d+) ms = (\d+) ms`, `一次调用的最坏情况：${1} 次尝试 × ${2} 毫秒超时 + ${3} 毫秒 = ${4} 毫秒`},
	{"backoff.wait", `timeout is retryable → backoff (\S+ = \d+) ms → retry (\d+) of (\d+) at t=(\d+) ms`, `超时可以重试 → 退避 ${1} 毫秒 → 第 ${2} 次重试（共 ${3} 次），t=${4} 毫秒`},
	{"backoff.wait", `timeout is retryable → backoff (\S+ = \d+) ms, jitter ±(\d+)% → (\d+) ms → retry (\d+) of (\d+) at t=(\d+) ms`, `超时可以重试 → 退避 ${1} 毫秒，抖动 ±${2}% → ${3} 毫秒 → 第 ${4} 次重试（共 ${5} 次），t=${6} 毫秒`},
	{"backoff.wait", `(\d{3} [^→]+) is retryable → backoff (\S+ = \d+) ms → retry (\d+) of (\d+) at t=(\d+) ms`, `${1} 可以重试 → 退避 ${2} 毫秒 → 第 ${3} 次重试（共 ${4} 次），t=${5} 毫秒`},
	{"backoff.wait", `(\d{3} [^→]+) is retryable → backoff (\S+ = \d+) ms, jitter ±(\d+)% → (\d+) ms → retry (\d+) of (\d+) at t=(\d+) ms`, `${1} 可以重试 → 退避 ${2} 毫秒，抖动 ±${3}% → ${4} 毫秒 → 第 ${5} 次重试（共 ${6} 次），t=${7} 毫秒`},
	{"retry-after.wait", `(\d{3} [^→]+) with Retry-After: (\S+) → wait (\d+) ms \(the server's number, not the backoff's (\d+) ms\) → retry (\d+) of (\d+) at t=(\d+) ms`, `${1}，带 Retry-After: ${2} → 等待 ${3} 毫秒（用服务器给的数，而不是退避的 ${4} 毫秒）→ 第 ${5} 次重试（共 ${6} 次），t=${7} 毫秒`},
	{"retry-after.too-long", `(\d{3} [^→]+) with Retry-After: (\S+) = (\d+) s: longer than the client will wait \((\d+) s\) → give up and report it`, `${1}，带 Retry-After: ${2} = ${3} 秒：比客户端愿意等的时间（${4} 秒）还长 → 放弃并报告`},
	{"retries.exhausted", `timeout after (\d+) attempts: no retries left → give up at t=(\d+) ms; worst case for these settings: (\d+) × (\d+) ms \+ (\d+) ms of backoff = (\d+) ms`, `${1} 次尝试都超时：没有重试机会了 → 在 t=${2} 毫秒放弃；这组设置下的最坏情况：${3} × ${4} 毫秒 + ${5} 毫秒退避 = ${6} 毫秒`},
	{"retries.exhausted", `(\d{3} [^→]+) after (\d+) attempts: no retries left → give up at t=(\d+) ms; worst case for these settings: (\d+) × (\d+) ms \+ (\d+) ms of backoff = (\d+) ms`, `尝试 ${2} 次后仍是 ${1}：没有重试机会了 → 在 t=${3} 毫秒放弃；这组设置下的最坏情况：${4} × ${5} 毫秒 + ${6} 毫秒退避 = ${7} 毫秒`},
	{"no-retry", `(\d{3} [^:]+): the request itself is the problem; sending it again gives the same answer → no retry, report it`, `${1}：问题出在请求本身，再发一次也是同样的回答 → 不重试，直接报告`},
	{"ledger", `requests sent: +(\d+)`, `发出请求：  ${1}`},
	{"ledger", `retries: +(\d+)`, `重试：      ${1}`},
	{"ledger", `timeouts: +(\d+)`, `超时：      ${1}`},
	{"ledger", `bytes received: +(\d+)`, `收到字节：  ${1}`},
	{"ledger", `time in backoff: (\d+) ms`, `退避用时：  ${1} 毫秒`},
	{"ledger", `elapsed: +(\d+) ms`, `总耗时：    ${1} 毫秒`},
	{"ledger", `timeline:`, `时间线：`},
	{"ledger", `  t=( *\d+) ms  (.*) → timeout`, `  t=${1} 毫秒  ${2} → 超时`},
	{"ledger", `  t=( *\d+) ms  (.*) → (.*)`, `  t=${1} 毫秒  ${2} → ${3}`},

	// HTTP anatomy and Content-Length.
	{"anatomy.dissect", `request \((\d+) bytes, (\d+) CRLF line ends\):`, `请求（${1} 字节，${2} 个 CRLF 行尾）：`},
	{"anatomy.dissect", `response \((\d+) bytes, (\d+) CRLF line ends\):`, `响应（${1} 字节，${2} 个 CRLF 行尾）：`},
	{"anatomy.dissect", `  start line  (.*)`, `  起始行    ${1}`},
	{"anatomy.dissect", `  header      (.*)`, `  头部字段  ${1}`},
	{"anatomy.dissect", `  blank line  "" \(CRLF CRLF ends the head\)`, `  空行      ""（CRLF CRLF 结束头部）`},
	{"anatomy.dissect", `  body        (\d+) bytes (.*)`, `  消息体    ${1} 字节 ${2}`},
	{"anatomy.dissect", `the body's length comes from Content-Length: (\d+)`, `消息体的长度来自 Content-Length: ${1}`},
	{"anatomy.bytes", `body (.*)`, `消息体 ${1}`},
	{"anatomy.bytes", `(\d+) characters, (\d+) bytes in UTF-8: each of the (\d+) Chinese characters takes 3 bytes → Content-Length: (\d+)`, `${1} 个字符，UTF-8 编码为 ${2} 字节：其中 ${3} 个汉字各占 3 字节 → Content-Length: ${4}`},
	{"content-length.count", `Content-Length = the body's length in bytes: (\d+) \((\d+) characters\)`, `Content-Length = 消息体的字节长度：${1}（${2} 个字符）`},
	{"content-length.short.count", `bug: the client counts characters, not bytes: Content-Length: (\d+), but the body is (\d+) bytes`, `缺陷：客户端数的是字符而不是字节：Content-Length: ${1}，但消息体有 ${2} 字节`},
	{"content-length.long.count", `bug: the client measured the pretty-printed JSON \((\d+) bytes\) but sends the compact one \((\d+) bytes\): Content-Length: (\d+)`, `缺陷：客户端量的是带缩进的 JSON（${1} 字节），发出去的却是紧凑的 JSON（${2} 字节）：Content-Length: ${3}`},
	{"content-length.waiting", `body: (\d+) bytes read, Content-Length promised (\d+) → the server waits for (\d+) more bytes…`, `消息体：已读 ${1} 字节，Content-Length 承诺了 ${2} → 服务器还在等另外 ${3} 字节…`},
	{"content-length.leftover", `(\d+) bytes the client sent were not part of the body Content-Length announced: (.*)`, `客户端发送的 ${1} 个字节不属于 Content-Length 宣布的消息体：${2}`},
	{"content-length.leftover", `they stay on the connection, where the server would read them as the start of the next request`, `它们留在连接上，服务器会把它们当作下一个请求的开头来读`},

	// Idempotency and SSE.
	{"idempotency.plain", `round 1: POST /send_email without an Idempotency-Key; a retry looks like a brand-new e-mail to the server`, `第 1 轮：POST /send_email 不带 Idempotency-Key；在服务器看来，重试就是一封全新的邮件`},
	{"idempotency.keyed", `round 2: the client generates one key for this e-mail and sends it on every attempt:`, `第 2 轮：客户端为这封邮件生成一个键，每次尝试都带上它：`},
	{"idempotency.keyed", `Idempotency-Key: \S+`, keep},
	{"idempotency.outbox", `outbox: (\d+) e-mail\(s\) sent`, `发件箱：已发出 ${1} 封邮件`},
	{"idempotency.outbox", `  (\S+)  to (\S+)  (".*")  \(no Idempotency-Key\)`, `  ${1}  发给 ${2}  ${3}（没有 Idempotency-Key）`},
	{"idempotency.outbox", `  (\S+)  to (\S+)  (".*")  \(Idempotency-Key (\S+)\)`, `  ${1}  发给 ${2}  ${3}（Idempotency-Key ${4}）`},
	{"idempotency.result", `round 1 sent (\d+) e-mail\(s\) for one request; round 2 sent (\d+)`, `第 1 轮为一个请求发出了 ${1} 封邮件；第 2 轮发出了 ${2} 封`},
	{"sse.streaming", `reader 1 \(streaming\): parse the body as it arrives; a blank line completes an event`, `读取方式 1（流式）：消息体边到边解析；一个空行结束一个事件`},
	{"sse.buffered", `reader 2 \(buffered\): read the whole body first \(io\.ReadAll\), then parse it`, `读取方式 2（整体读取）：先读完整个消息体（io.ReadAll），再解析`},
	{"sse.heartbeat-seen", `comment (".*"): no event, but the connection is alive \(idle timer reset\)`, `注释 ${1}：不是事件，但说明连接还活着（空闲计时器重置）`},
	{"sse.parsed", `.*`, keep}, // the parsed event's fields and data
	{"sse.buffered-result", `the body is complete at t=(\d+) ms: (\d+) events, all at once`, `消息体到 t=${1} 毫秒才完整：${2} 个事件一下子全到`},
	{"sse.buffered-result", `  event: (\S+) · id: (\S+) · arrived at t=(\d+) ms, seen (\d+) ms late`, `  event: ${1} · id: ${2} · t=${3} 毫秒到达，晚了 ${4} 毫秒才被看到`},
	{"sse.buffered-result", `first event: the streaming reader had it (\d+) ms after the request, the buffered one (\d+) ms after`, `第一个事件：流式读取在请求后 ${1} 毫秒就拿到了，整体读取要等到 ${2} 毫秒之后`},
	// The resources, prompts and logging scenarios (primitives.go).
	{"user.prompt-context", `I want a 700 EUR monitor in December\. Can I buy it then, and who in Finance approves it\?`, `我想在 12 月买一台 700 欧元的显示器。那时能买吗？财务部谁来审批？`},
	{"resources.picker", `resource picker \(the user can attach these\):`, `资源选择器（用户可以附加这些）：`},
	{"resources.picker", `  (\S+)  (.*) \((\S+)\)`, keep}, // a resource as the server lists it
	{"resources.templates", `resource picker, templates \(the user fills in the variables\):`, `资源选择器，模板（由用户填写变量）：`},
	{"resources.templates", `  (\S+)  (.*)`, keep},
	{"resources.user-picks", `user attaches: (\S+)`, `用户附加：${1}`},
	{"resources.user-types", `user picks (\S+) and types (\S+): (".*")`, `用户选了 ${1}，在 ${2} 里输入 ${3}`},
	{"resources.user-types", `user ignores the suggestion and types (\S+): (".*")`, `用户不理会建议，在 ${1} 里输入 ${2}`},
	{"completion.suggests", `suggestions for (\S+) (".*"): (.*) \((\d+) of (\d+)\)`, `${1} ${2} 的建议：${3}（${5} 个中的 ${4} 个）`},
	{"completion.suggests", `user picks: (\S+)`, `用户选择：${1}`},
	{"resources.not-found", `cannot attach (\S+): not found \(error (-?\d+) (.*)\)`, `无法附加 ${1}：资源不存在（错误 ${2} ${3}）`},
	{"model.reads-context", `The user attached these resources to the conversation:`, `用户在对话中附加了这些资源：`},
	{"model.reads-context", `User: (.*)`, `用户：${1}`},
	{"model.reads-context", `.*`, keep}, // the documents, as the server sent them
	{"model.answers-context", `From the attached expenses page:`, `根据附加的报销页面：`},
	{"model.answers-context", `Finance's approvers \(from the attached roster\): (.*)\.`, `财务部的审批人（来自附加的名册）：${1}。`},
	{"model.answers-context", `I could not read (\S+), so I cannot name the approvers from it\.`, `我读不到 ${1}，所以无法据此说出审批人。`},
	{"model.answers-context", `So the 700 EUR monitor can be bought in December, once Finance approves it\.`, `所以这台 700 欧元的显示器可以在 12 月购买，只要财务部批准。`},
	{"model.answers-context", `So the 700 EUR monitor has to wait until January, and Finance must approve it first\.`, `所以这台 700 欧元的显示器要等到 1 月，而且必须先经财务部批准。`},
	{"model.answers-context", `- .*`, keep}, // a rule quoted from the page
	{"resources.admin", `admin \(Finance\): edited (\S+)`, `管理员（财务部）：修改了 ${1}`},
	{"user.prompt-template", `Draft Wang Fang's welcome e-mail with the welcome_email prompt, then post a welcome on the 上海 office board\.`, `用 welcome_email 提示起草给王芳的欢迎邮件，然后在上海办公室的公告板上发一条欢迎公告。`},
	{"prompts.menu", `prompt menu \(the user typed /\):`, `提示菜单（用户输入了 /）：`},
	{"prompts.menu", `  /(\S+)  (.*)`, keep},
	{"prompts.menu", `\* required argument`, `* 为必填参数`},
	{"prompts.user-types", `user picks /(\S+) and types (\S+): (".*")`, `用户选了 /${1}，在 ${2} 里输入 ${3}`},
	{"model.reads-prompt", `The prompt (\S+) put these messages into the conversation:`, `提示 ${1} 在对话中放入了这些消息：`},
	{"model.reads-prompt", `.*`, keep}, // the messages, as the server resolved them
	{"model.drafts", `Draft:`, `草稿：`},
	{"model.drafts", `.*`, keep}, // the e-mail, in the language it is sent in
	{"model.confirms", `The draft is above; the welcome is on the (.*) notice board \((\S+)\)\.`, `草稿见上；欢迎公告已发布在 ${1} 公告板上（${2}）。`},
	{"param-mismatch.relist-plan", `error (-?\d+) on a call with (\S+) headers: re-read the tool's inputSchema with tools/list, then retry once`, `带 ${2} 头的调用遇到错误 ${1}：用 tools/list 重新读取工具的 inputSchema，然后重试一次`},
	{"user.prompt", `Export the Support timesheets for the last two weeks, then tell the Lisbon office they are done\.`, `导出 Support 部门最近两周的工时表，然后告诉里斯本办公室已经导出好了。`},
	{"logging.plan", `log panel: on; the export request asks for level (\S+) in its _meta (\S+)`, `日志面板：开启；导出请求在它的 _meta ${2} 中要求 ${1} 级别`},
	{"logging.plan", `log panel: on; set the session's level with logging/setLevel (\S+)`, `日志面板：开启；用 logging/setLevel ${1} 设置会话的级别`},
	{"logging.plan", `log panel: on; set the level with logging/setLevel (\S+) \(as under 2025-11-25\)`, `日志面板：开启；用 logging/setLevel ${1} 设置级别（照 2025-11-25 的做法）`},
	{"logging.plan", `log panel: on, but the export request will carry no _meta logLevel`, `日志面板：开启，但导出请求的 _meta 里不会有 logLevel`},
	{"logging.plan", `log panel: on, but the host sends no logging/setLevel`, `日志面板：开启，但 Host 不发送 logging/setLevel`},
	{"logging.removed", `error (-?\d+): 2026-07-28 has no logging/setLevel; ask per request with _meta (\S+) instead`, `错误 ${1}：2026-07-28 没有 logging/setLevel；改为在每个请求的 _meta ${2} 中提出要求`},
	{"logging.refused", `error (-?\d+) (.*): the log panel stays empty`, `错误 ${1} ${2}：日志面板保持为空`},
	{"log.shown", `log panel: \[(\S+)\] (\S+): (.*)`, `日志面板：[${1}] ${2}：${3}`},
	{"log", `log panel: nothing for (\S+) \(the request carried no _meta (\S+)\)`, `日志面板：${1} 没有日志（请求的 _meta 里没有 ${2}）`},
	{"log", `log panel: nothing for (\S+) \(the session never set a level with logging/setLevel\)`, `日志面板：${1} 没有日志（会话从未用 logging/setLevel 设置级别）`},
	{"log", `log panel: nothing for (\S+) \(the server declares no logging capability\)`, `日志面板：${1} 没有日志（服务器没有声明 logging 能力）`},
}

type compiledRule struct {
	note string
	re   *regexp.Regexp
	zh   string
}

var (
	hostRulesOnce sync.Once
	hostCompiled  []compiledRule
)

func compiledHostRules() []compiledRule {
	hostRulesOnce.Do(func() {
		hostCompiled = make([]compiledRule, len(hostRules))
		for i, r := range hostRules {
			hostCompiled[i] = compiledRule{r.note, regexp.MustCompile(`^(?:` + r.re + `)$`), r.zh}
		}
	})
	return hostCompiled
}

// HostText is the text of a host-internal event in both languages: En is
// raw as the engine wrote it, Zh its translation line by line. ok is false
// when a line has no rule (Zh then keeps that line in English).
func HostText(note, raw string) (t Text, ok bool) {
	rules := compiledHostRules()
	lines := strings.Split(raw, "\n")
	ok = true
	for i, line := range lines {
		found := false
		for _, r := range rules {
			if (r.note == "" || noteIs(note, r.note)) && r.re.MatchString(line) {
				lines[i] = r.re.ReplaceAllString(line, r.zh)
				found = true
				break
			}
		}
		ok = ok && found
	}
	return Text{En: raw, Zh: strings.Join(lines, "\n")}, ok
}
