package ui

import "fmt"

// Every string the visualizer shows lives in this table, in both languages.
// i18n_test.go checks that each key has both texts and that every key the
// code asks for exists.

// Lang is a UI language code.
const (
	LangEn = "en"
	LangZh = "zh"
)

type text struct{ en, zh string }

var strs = map[string]text{
	"app.title":    {"MCP Wire Lab", "MCP Wire Lab"},
	"app.subtitle": {"See every byte between an AI app, its MCP client and an MCP server", "看清 AI 应用、MCP 客户端与 MCP 服务器之间的每一个字节"},
	"app.loading":  {"Loading the simulator…", "正在加载模拟器…"},

	"lang.switch":      {"中文", "English"},
	"lang.switch.aria": {"Switch language to Chinese", "切换到英文界面"},

	"ctl.version":         {"Protocol version", "协议版本"},
	"ctl.transport":       {"Transport", "传输方式"},
	"ctl.fault":           {"Fault", "故障注入"},
	"ctl.scenario":        {"Scenario", "场景"},
	"ctl.restart":         {"Restart", "从头开始"},
	"ctl.prev":            {"Previous step", "上一步"},
	"ctl.next":            {"Next step", "下一步"},
	"ctl.play":            {"Play", "播放"},
	"ctl.pause":           {"Pause", "暂停"},
	"ctl.speed":           {"Speed", "速度"},
	"ctl.jump":            {"Jump to step", "跳到第几步"},
	"ctl.step":            {"Step", "步骤"},
	"ctl.of":              {"of", "/"},
	"ctl.presenter":       {"Presenter mode", "演示模式"},
	"ctl.presenter.short": {"Present", "演示"},
	"ctl.help":            {"Keyboard shortcuts", "快捷键"},
	"ctl.view.steps":      {"Step through", "逐步查看"},
	"ctl.view.compare":    {"Compare versions", "版本对比"},
	"ctl.view":            {"View", "视图"},

	"fault.none":                {"No fault", "无故障"},
	"fault.unknown-tool":        {"Unknown tool", "调用不存在的工具"},
	"fault.bad-params":          {"Bad tool arguments", "工具参数错误"},
	"fault.timeout":             {"Tool times out", "工具调用超时"},
	"fault.stdout-pollution":    {"Server writes logs to stdout", "服务器把日志写进 stdout"},
	"fault.bad-origin":          {"Cross-origin request (bad Origin)", "跨源请求（Origin 不被允许）"},
	"fault.dns-rebinding":       {"DNS rebinding (Host is the attacker's name)", "DNS 重绑定（Host 是攻击者的域名）"},
	"fault.header-mismatch":     {"Header disagrees with body", "请求头与消息体不一致"},
	"fault.unsupported-version": {"Unsupported protocol version", "不支持的协议版本"},
	"fault.missing-session":     {"Missing session header", "缺少会话头"},
	"fault.legacy-server":       {"Server speaks only 2025-11-25", "服务器只支持 2025-11-25"},
	"fault.short-length":        {"Content-Length too short (counts characters)", "Content-Length 偏小（数的是字符）"},
	"fault.long-length":         {"Content-Length larger than the body", "Content-Length 大于消息体"},
	"fault.stream-drop":         {"Network drops the response stream", "网络中断了响应流"},
	// The resources, prompts and logging scenarios.
	"fault.not-found":             {"Resource not found", "资源不存在"},
	"fault.param-mismatch":        {"Gateway rewrites Mcp-Param-Office", "网关改写了 Mcp-Param-Office"},
	"fault.missing-loglevel":      {"Host asks for no log level", "Host 没有要求日志级别"},
	"fault.undeclared-capability": {"Server declares no logging", "服务器没有声明 logging"},
	"fault.set-level":             {"Host still sends logging/setLevel", "Host 仍在发送 logging/setLevel"},

	"transport.stdio": {"stdio (pipes)", "stdio（管道）"},
	"transport.http":  {"Streamable HTTP", "Streamable HTTP"},

	// The faults of the server asking the client, and of tasks
	// (sim/scenario/asks.go).
	"fault.user-declines":        {"The user declines", "用户拒绝"},
	"fault.user-cancels":         {"The user closes the form", "用户关掉了表单"},
	"fault.no-client-capability": {"Client does not declare the capability", "客户端没有声明该能力"},
	"fault.invalid-answer":       {"Client answers outside the schema", "客户端的回答不符合 schema"},
	"fault.tampered-state":       {"requestState changed on the way back", "requestState 在回传途中被改动"},
	"fault.roots-changed":        {"The user switches workspace", "用户切换了工作区"},
	"fault.cancel-task":          {"The user cancels the task", "用户取消了任务"},

	"lane.host":             {"Host", "宿主应用"},
	"lane.host.sub":         {"the AI app and its model", "AI 应用及其模型"},
	"lane.client":           {"Client", "客户端"},
	"lane.client.sub":       {"MCP client inside the host", "宿主内的 MCP 客户端"},
	"lane.server":           {"Server", "服务器"},
	"lane.server.sub.stdio": {"child process: stdin / stdout", "子进程：stdin / stdout"},
	"lane.server.sub.http":  {"POST http://127.0.0.1:8080/mcp", "POST http://127.0.0.1:8080/mcp"},
	"lane.server.replicas":  {"Server (%d replicas)", "服务器（%d 个副本）"},
	"lane.server.sub.lb":    {"behind a round-robin load balancer", "位于轮询负载均衡器之后"},
	"replica":               {"replica %d", "副本 %d"},
	"replica.title":         {"The load balancer routed this HTTP exchange to replica %d", "负载均衡器把这次 HTTP 交换转发给了副本 %d"},
	"lane.stderr":           {"stderr", "stderr"},
	"lane.stderr.sub":       {"server logs, not protocol", "服务器日志，不属于协议"},
	"lane.hostproc":         {"host application process", "宿主应用进程"},

	"dir.all":    {"All directions", "全部方向"},
	"dir.c2s":    {"Client → Server", "客户端 → 服务器"},
	"dir.s2c":    {"Server → Client", "服务器 → 客户端"},
	"dir.host":   {"Inside the host", "宿主内部"},
	"dir.stderr": {"stderr logs", "stderr 日志"},
	"dir.launch": {"Launch / connect", "启动 / 连接"},

	"filter.title":      {"Filter messages", "筛选消息"},
	"filter.method":     {"Method", "方法"},
	"filter.dir":        {"Direction", "方向"},
	"filter.all":        {"All methods", "全部方法"},
	"filter.hidden":     {"%d reached steps hidden by the filter", "筛选隐藏了 %d 个已到达的步骤"},
	"filter.hidden.one": {"%d reached step hidden by the filter", "筛选隐藏了 %d 个已到达的步骤"},
	"filter.clear":      {"Clear filter", "清除筛选"},

	"seq.more":        {"%d more steps — press → or Next", "还有 %d 步 —— 按 → 或“下一步”"},
	"seq.more.one":    {"%d more step — press → or Next", "还有 %d 步 —— 按 → 或“下一步”"},
	"seq.earlier":     {"%d earlier steps not shown", "前面 %d 步未显示"},
	"seq.earlier.one": {"%d earlier step not shown", "前面 %d 步未显示"},
	"seq.end":         {"End of the trace", "记录结束"},
	"main.aria":       {"The exchange, step by step", "逐步查看这次交换"},
	"stage.tools":     {"Scenario, version, transport and fault", "场景、版本、传输方式和故障"},
	"seq.aria":        {"Message sequence between Host, Client and Server", "宿主、客户端与服务器之间的消息序列"},

	"kind.launch": {"launch", "启动"},
	"kind.think":  {"model", "模型"},
	"kind.close":  {"close", "关闭"},
	"kind.error":  {"rejected", "被拒绝"},

	"label.result":     {"result", "结果"},
	"label.error":      {"error", "错误"},
	"label.chunk":      {"SSE chunk", "SSE 分块"},
	"label.launch":     {"start server", "启动服务器"},
	"label.close":      {"stream closed", "流已关闭"},
	"label.think":      {"model step", "模型步骤"},
	"label.stderr":     {"log line", "日志行"},
	"label.toolerr":    {"tool error", "工具错误"},
	"label.notjson":    {"not JSON-RPC", "不是 JSON-RPC"},
	"label.empty":      {"(no body)", "（无消息体）"},
	"status.ok":        {"OK", "正常"},
	"status.expected":  {"Expected error", "预期的错误"},
	"status.violation": {"Violation", "违规"},
	"status.failure":   {"Failure", "失败"},

	"insp.title":             {"Inspector", "检查器"},
	"insp.none":              {"Press → to take the first step.", "按 → 开始第一步。"},
	"insp.why":               {"What happens", "发生了什么"},
	"insp.spec":              {"Spec", "规范"},
	"insp.message":           {"JSON-RPC message", "JSON-RPC 消息"},
	"insp.messages":          {"JSON-RPC messages (%d)", "JSON-RPC 消息（%d 条）"},
	"insp.nomessage":         {"No JSON-RPC message in this step.", "这一步没有 JSON-RPC 消息。"},
	"insp.raw":               {"Wire bytes (exact)", "线上字节（原样）"},
	"insp.raw.empty":         {"Nothing was written on the wire.", "线上没有写入任何字节。"},
	"insp.raw.legend":        {"line endings shown dimmed as \\r\\n or \\n", "行尾以淡色 \\r\\n 或 \\n 标出"},
	"insp.lifecycle":         {"Process or connection lifecycle: nothing is written on the MCP wire.", "进程或连接的生命周期：MCP 线路上没有写入任何字节。"},
	"insp.scope.model":       {"Inside the host: what the user asks, or what the model reads or decides. Nothing crosses a wire.", "宿主内部：用户提出的请求，或模型读到、决定的内容。没有字节经过线路。"},
	"insp.scope.client":      {"Inside the client: a decision of the client's own code; no model is involved and nothing crosses a wire.", "客户端内部：客户端代码自己的判断；不涉及模型，也没有字节经过线路。"},
	"insp.scope.server":      {"Inside the server: its own bookkeeping; nothing crosses a wire.", "服务器内部：它自己的记录与处理；没有字节经过线路。"},
	"insp.scope.host":        {"Inside the host application, between its MCP client and the app: nothing crosses a wire.", "宿主应用内部，在 MCP 客户端与应用之间：没有字节经过线路。"},
	"insp.hosttext":          {"Recorded inside (not on a wire)", "内部记录（不在线路上）"},
	"insp.hosttext.model":    {"What the model reads or writes", "模型读到或写出的文本"},
	"insp.hosttext.none":     {"No text in this step.", "这一步没有文本。"},
	"insp.hosttext.original": {"The English the transcript keeps", "记录中保留的英文原文"},
	"insp.gloss":             {"Translation: ", "译文："},
	"insp.rfc":               {"Standard", "标准"},
	"insp.spec.mcp":          {"Where MCP uses it", "MCP 中的对应章节"},
	"insp.body":              {"HTTP body (JSON)", "HTTP 消息体（JSON）"},
	"insp.repro":             {"Reproduce it", "亲手复现"},
	"insp.repro.transcript":  {"These requests go to a simulated API (api.acme.example) that the dev server does not serve. Replay this whole run, with the same client settings, as JSON Lines (in a clone of the repository, after make devserver):", "这些请求发往一个模拟的 API（api.acme.example），开发服务器并不提供它。在仓库的克隆中执行 make devserver 之后，用下面的命令以 JSON Lines 重放整个运行（客户端设置相同）："},
	"insp.repro.help":        {"With make run going (it prints the token; export MCP_TOKEN=<token>), run:", "在 make run 运行时（它会打印令牌；先执行 export MCP_TOKEN=<令牌>），运行："},
	"insp.repro.stdio":       {"In a clone of the repository, after make devserver (make run builds it too); no server needs to be running, the command starts its own:", "在仓库的克隆中执行 make devserver 之后（make run 也会构建它）；不需要先启动服务器，命令会自己启动一个："},
	"insp.repro.none":        {"Nothing to reproduce: this step happens inside the host.", "无需复现：这一步发生在宿主内部。"},
	"insp.copy":              {"Copy", "复制"},
	"insp.copied":            {"Copied", "已复制"},
	"insp.glossary":          {"Field guide", "字段说明"},
	"insp.glossary.hint":     {"Point at, click or Tab to a highlighted field to see what it means.", "指向、点击或用 Tab 聚焦高亮字段，查看它的含义。"},
	"insp.from":              {"from", "从"},
	"insp.to":                {"to", "到"},
	"insp.via":               {"via", "经由"},
	"insp.time":              {"t = %d ms", "t = %d 毫秒"},
	"insp.nonote":            {"No explanation for this step yet.", "这一步暂无说明。"},

	"clock.title":     {"Client deadline", "客户端截止时间"},
	"clock.elapsed":   {"%d ms of %d ms", "已过 %d / %d 毫秒"},
	"clock.waiting":   {"waiting for the response to request %s", "正在等待请求 %s 的响应"},
	"clock.cancelled": {"deadline passed: request %s cancelled", "已超时：请求 %s 被取消"},
	"clock.now":       {"Virtual clock", "虚拟时钟"},

	"cmp.title":         {"Same scenario, both versions", "同一场景，两个版本"},
	"cmp.only":          {"only in %s", "仅在 %s 中"},
	"cmp.both":          {"in both", "两者都有"},
	"cmp.legend":        {"Rows are aligned by what they do; a row present in only one version is marked, and ≠ marks a step that changed between them (another method or error code).", "按作用对齐各行；只在一个版本中出现的行会被标出，≠ 表示两个版本之间有变化的步骤（方法或错误码不同）。"},
	"cmp.changed":       {"changed: %s", "有变化：%s"},
	"cmp.same":          {"Both runs put exactly the same bytes on the wire: this scenario does not depend on the protocol version.", "两次运行在线路上的字节完全相同：这个场景与协议版本无关。"},
	"cmp.error":         {"Could not run %s: %s", "无法运行 %s：%s"},
	"cmp.moved":         {"one role, carried differently: %s", "同一个角色，承载方式不同：%s"},
	"cmp.legend.moved":  {"⇄ marks one role carried differently in each era: the 2025-11-25 server's own request on a stream and the client's response to it sit on the rows of the 2026-07-28 input_required result and the retried request.", "⇄ 表示同一个角色在两个时代里以不同方式承载：2025-11-25 服务器在流上发出的请求及客户端对它的响应，与 2026-07-28 的 input_required 结果和重试请求排在同一行。"},
	"cmp.title.faults":  {"Same scenario, without and with the fault", "同一场景：无故障与有故障"},
	"cmp.legend.faults": {"This scenario runs under one version, so the columns differ by fault. Rows are aligned by what they do; a row present in only one column is marked.", "这个场景只在一个版本下运行，所以两列的区别在于故障。按作用对齐各行；只在一列中出现的行会被标出。"},

	"exp.title":          {"Export", "导出"},
	"exp.download":       {"Download transcript (JSON Lines)", "下载记录（JSON Lines）"},
	"exp.mermaid":        {"Copy as Mermaid sequence diagram", "复制为 Mermaid 时序图"},
	"exp.print":          {"Print all steps", "打印全部步骤"},
	"exp.close":          {"Close", "关闭"},
	"exp.mermaid.title":  {"Mermaid sequenceDiagram", "Mermaid 时序图"},
	"exp.mermaid.copied": {"Copied to the clipboard. You can also select the text below.", "已复制到剪贴板。也可以直接选中下方文本。"},

	"print.title": {"Every step of the trace", "记录中的每一步"},

	"help.title":      {"Keyboard shortcuts", "快捷键"},
	"help.next":       {"next step", "下一步"},
	"help.prev":       {"previous step", "上一步"},
	"help.play":       {"play / pause", "播放 / 暂停"},
	"help.version":    {"switch protocol version", "切换协议版本"},
	"help.transport":  {"switch transport", "切换传输方式"},
	"help.fullscreen": {"fullscreen", "全屏"},
	"help.presenter":  {"presenter mode", "演示模式"},
	"help.compare":    {"compare versions", "版本对比"},
	"help.home":       {"first / last step", "第一步 / 最后一步"},
	"help.help":       {"show this help", "显示本帮助"},
	"help.close":      {"close dialogs", "关闭对话框"},

	"notice.title":              {"Some link values were not understood", "链接中有些参数无法识别"},
	"notice.bad":                {"Unknown %s “%s”: showing %s instead.", "未知的%s“%s”：改为显示 %s。"},
	"notice.dismiss":            {"Dismiss", "关闭提示"},
	"notice.runerror":           {"The engine could not run this combination: %s", "引擎无法运行这个组合：%s"},
	"notice.fault-na":           {"The fault “%s” does not apply here: %s. Showing the run without a fault.", "故障“%s”在这里不适用：%s。改为显示无故障的运行。"},
	"fault.na.tampered-state":   {"it needs 2026-07-28 (only a multi round-trip request carries a requestState back to the server)", "它需要 2026-07-28（只有多轮往返请求才会把 requestState 带回服务器）"},
	"fault.na.stdout-pollution": {"it needs the stdio transport (over HTTP the server's stdout is not the wire)", "它需要 stdio 传输（在 HTTP 上，服务器的 stdout 不是线路）"},
	"fault.na.bad-origin":       {"it needs the HTTP transport (stdio has no Origin header)", "它需要 HTTP 传输（stdio 没有 Origin 头）"},
	"fault.na.dns-rebinding":    {"it needs the HTTP transport (stdio has no Host or Origin header)", "它需要 HTTP 传输（stdio 没有 Host 或 Origin 头）"},
	"fault.na.header-mismatch":  {"it needs 2026-07-28 over HTTP (only that version mirrors the body into Mcp-Method / Mcp-Name headers)", "它需要 2026-07-28 且走 HTTP（只有这个版本把消息体镜像到 Mcp-Method / Mcp-Name 头）"},
	"fault.na.stream-drop":      {"it needs the HTTP transport (only HTTP answers a request with a response stream)", "它需要 HTTP 传输（只有 HTTP 用响应流来应答请求）"},
	"fault.na.missing-session":  {"it needs 2025-11-25 over HTTP (only that version has Mcp-Session-Id)", "它需要 2025-11-25 且走 HTTP（只有这个版本有 Mcp-Session-Id）"},
	"fault.na.param-mismatch":   {"it needs 2026-07-28 over HTTP (only that version mirrors tool parameters into Mcp-Param-* headers)", "它需要 2026-07-28 且走 HTTP（只有这个版本把工具参数镜像到 Mcp-Param-* 头）"},
	"fault.na.set-level":        {"it needs 2026-07-28 (logging/setLevel is how 2025-11-25 asks for log messages)", "它需要 2026-07-28（logging/setLevel 正是 2025-11-25 请求日志消息的方式）"},
	"notice.clamped":            {"Some link values were out of range", "链接中有些数值超出了范围"},
	"notice.adjusted":           {"The view was adjusted to what this scenario runs with", "视图已调整为这个场景支持的设置"},
	"notice.na":                 {"This scenario does not run with %s “%s” (only %s): showing %s instead.", "这个场景不支持%s“%s”（只支持 %s）：改为显示 %s。"},
	"notice.switched":           {"This scenario runs with %s %s only: switched from “%s” to “%s”.", "这个场景只支持%s %s：已从“%s”切换为“%s”。"},
	"notice.range":              {"%s “%s” is out of range (%s): showing %s.", "%s“%s”超出范围（%s）：改为显示 %s。"},
	"notice.badclient":          {"Client setting %s “%s” is out of range: using %s.", "客户端设置%s“%s”超出范围：改用 %s。"},
	"param.timeout":             {"timeout (ms)", "超时（毫秒）"},
	"param.retries":             {"retries", "重试次数"},
	"param.base":                {"base delay (ms)", "基础退避（毫秒）"},
	"param.jitter":              {"jitter (percent)", "抖动（百分比）"},

	"na.version":   {"This scenario runs under %s only.", "这个场景只在 %s 下运行。"},
	"na.transport": {"This scenario runs over %s only.", "这个场景只能通过 %s 运行。"},
	"na.button":    {"%s: not available for this scenario", "%s：这个场景不可用"},

	"client.title":   {"Client settings", "客户端设置"},
	"client.summary": {"timeout %d ms · retries %d · base %d ms · jitter %d%%", "超时 %d 毫秒 · 重试 %d 次 · 基础退避 %d 毫秒 · 抖动 %d%%"},
	"client.help":    {"Changing a value re-runs the scenario. Retry k waits base·2^k ms.", "修改后会重新运行场景。第 k 次重试等待 base·2^k 毫秒。"},
	"client.timeout": {"Timeout (ms)", "超时（毫秒）"},
	"client.retries": {"Retries", "重试次数"},
	"client.base":    {"Base delay (ms)", "基础退避（毫秒）"},
	"client.jitter":  {"Jitter (percent)", "抖动（百分比）"},
	"client.range":   {"%d–%d", "%d–%d"},
	"client.err":     {"%s must be a whole number from %d to %d; still using %d.", "%s 必须是 %d 到 %d 之间的整数；仍使用 %d。"},
	"client.reset":   {"Defaults", "恢复默认"},

	"tl.title":        {"Timeline (virtual clock)", "时间线（虚拟时钟）"},
	"tl.wait":         {"wait %d ms", "等待 %d 毫秒"},
	"tl.timeout":      {"timeout %d ms", "超时 %d 毫秒"},
	"tl.now":          {"step %d · %d ms", "第 %d 步 · %d 毫秒"},
	"tl.zero":         {"Every step happens at t = 0 ms: nothing waits in this run.", "每一步都发生在 t = 0 毫秒：这次运行中没有等待。"},
	"tl.list":         {"Times as a list", "以列表显示时间"},
	"tl.item":         {"Step %d · t = %d ms · %s", "第 %d 步 · t = %d 毫秒 · %s"},
	"tl.current":      {"current step", "当前步骤"},
	"tl.ms":           {"%d ms", "%d 毫秒"},
	"param.scenario":  {"scenario", "场景"},
	"param.version":   {"version", "版本"},
	"param.transport": {"transport", "传输方式"},
	"param.fault":     {"fault", "故障"},
	"param.step":      {"step", "步骤"},
	"param.lang":      {"language", "语言"},
	"param.view":      {"view", "视图"},
}

// addStrs adds a view's own table to strs (at init); a key defined twice
// panics.
func addStrs(m map[string]text) {
	for k, v := range m {
		if _, dup := strs[k]; dup {
			panic(fmt.Sprintf("ui: string %q is defined twice", k))
		}
		strs[k] = v
	}
}

// tr returns the text for key in lang (English for unknown languages). A
// missing key shows itself, so a gap is visible rather than blank.
func tr(lang, key string) string {
	t, ok := strs[key]
	if !ok {
		return key
	}
	if lang == LangZh {
		return t.zh
	}
	return t.en
}
