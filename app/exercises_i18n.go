package ui

import "fmt"

// Strings of the navigation, exercises, calculator and progress views. They
// join i18n.go's table (the same tr, the same tests: every key in both
// languages, every literal key present); kept in their own file so the
// visualizer's table stays readable.
var pageStrs = map[string]text{
	"nav.aria":      {"Sections", "栏目"},
	"nav.lab":       {"Visualizer", "可视化"},
	"nav.exercises": {"Exercises", "练习"},
	"nav.calc":      {"Calculator", "计算器"},
	"nav.progress":  {"Progress", "学习进度"},

	"param.ex": {"exercise", "练习"},
	"param.n":  {"number of apps (n)", "应用数量（n）"},
	"param.m":  {"number of tools (m)", "工具数量（m）"},

	// Calculator.
	"calc.title":           {"N×M versus N+M", "N×M 与 N+M"},
	"calc.lede":            {"Without a shared protocol every AI application needs its own adapter for every tool. With MCP each application implements one client and each tool one server.", "没有共同协议时，每个 AI 应用都要为每个工具单独写一个适配器。使用 MCP 后，每个应用只实现一个客户端，每个工具只实现一个服务器。"},
	"calc.n":               {"AI applications (N)", "AI 应用（N）"},
	"calc.n.help":          {"hosts: chat apps, IDEs, agents", "宿主：聊天应用、IDE、智能体"},
	"calc.m":               {"Tools (M)", "工具（M）"},
	"calc.m.help":          {"data sources and services", "数据源与服务"},
	"calc.err.empty":       {"Enter a whole number from %d to %d. Still showing %d.", "请输入 %d 到 %d 之间的整数。仍显示 %d。"},
	"calc.err.nan":         {"That is not a number: enter a whole number from %d to %d. Still showing %d.", "这不是数字：请输入 %d 到 %d 之间的整数。仍显示 %d。"},
	"calc.err.whole":       {"Use a whole number from %d to %d. Still showing %d.", "请使用 %d 到 %d 之间的整数。仍显示 %d。"},
	"calc.err.range":       {"Out of range: enter a whole number from %d to %d. Still showing %d.", "超出范围：请输入 %d 到 %d 之间的整数。仍显示 %d。"},
	"calc.without":         {"Without a shared protocol", "没有共同协议"},
	"calc.with":            {"With MCP", "使用 MCP"},
	"calc.adapters":        {"custom adapters", "个定制适配器"},
	"calc.impls":           {"MCP clients + servers", "个 MCP 客户端 + 服务器"},
	"calc.app":             {"App", "应用"},
	"calc.tool":            {"Tool", "工具"},
	"calc.fig.without":     {"every app wired to every tool: %d lines", "每个应用直连每个工具：%d 条连线"},
	"calc.fig.without.one": {"every app wired to every tool: %d line", "每个应用直连每个工具：%d 条连线"},
	"calc.fig.with":        {"apps → MCP ← tools: %d lines", "应用 → MCP ← 工具：%d 条连线"},
	"calc.fig.with.one":    {"apps → MCP ← tools: %d line", "应用 → MCP ← 工具：%d 条连线"},
	"calc.aria.without":    {"%d apps each wired to each of %d tools: %d adapters", "%d 个应用分别直连 %d 个工具：%d 个适配器"},
	"calc.aria.with":       {"%d apps and %d tools each connected once to MCP: %d implementations", "%d 个应用和 %d 个工具各自只接入 MCP 一次：%d 个实现"},
	"calc.legend.app":      {"AI application (MCP client)", "AI 应用（MCP 客户端）"},
	"calc.legend.tool":     {"tool (MCP server)", "工具（MCP 服务器）"},

	// Exercises.
	"ex.title":               {"Exercises", "练习"},
	"ex.lede":                {"Sixteen exercises, checked instantly. The ones where you write a message are graded by sending it to the lab's real MCP server, running here in your browser.", "十六道练习，即时判分。需要你写消息的练习，会把你的消息发给实验室真实的 MCP 服务器（就在你的浏览器里运行）来判分。"},
	"ex.summary":             {"%[2]d of %[3]d solved · %[1]d attempts.", "已完成 %[2]d / %[3]d · 共提交 %[1]d 次。"},
	"ex.summary.one":         {"%[2]d of %[3]d solved · %[1]d attempt.", "已完成 %[2]d / %[3]d · 共提交 %[1]d 次。"},
	"ex.toprogress":          {"Your progress →", "查看学习进度 →"},
	"ex.attempts":            {"attempts: %d", "提交次数：%d"},
	"ex.solved":              {"solved", "已完成"},
	"ex.tried":               {"in progress", "进行中"},
	"ex.new":                 {"not started", "未开始"},
	"ex.back":                {"All exercises", "全部练习"},
	"ex.position":            {"Exercise %d of %d", "第 %d 题，共 %d 题"},
	"ex.answer":              {"Your answer", "你的答案"},
	"ex.submit":              {"Check my answer", "提交并判分"},
	"ex.hint":                {"Show a hint (%d/%d)", "显示提示（%d/%d）"},
	"ex.hints":               {"Hints", "提示"},
	"ex.starter":             {"Restore the starting text", "恢复初始文本"},
	"ex.clear":               {"Clear the editor", "清空编辑器"},
	"ex.wrap":                {"Wrap long lines", "长行自动换行"},
	"ex.notcounted":          {"Not counted as an attempt: the answer could not be read. Fix it and submit again.", "这次不算一次提交：答案无法读取。改正后再提交。"},
	"ex.feedback":            {"Feedback", "判分结果"},
	"ex.notes":               {"What the server did", "服务器的反应"},
	"ex.model":               {"Model answer", "参考答案"},
	"ex.model.locked":        {"The model answer appears after a correct answer or after %d attempts (attempts so far: %d of %d).", "答对之后，或提交 %d 次之后，会显示参考答案（目前已提交 %d / %d 次）。"},
	"ex.editor.json":         {"JSON (one message per line where the exercise says so)", "JSON（练习要求时每行一条消息）"},
	"ex.editor.http":         {"Raw HTTP request: request line, headers, blank line, body", "原始 HTTP 请求：请求行、头部、空行、正文"},
	"ex.chan.code":           {"JSON-RPC error code", "JSON-RPC 错误码"},
	"ex.chan.status":         {"HTTP status", "HTTP 状态码"},
	"ex.chan.tool-error":     {"a result with isError: true", "带 isError: true 的结果"},
	"ex.chan.protocol-error": {"a JSON-RPC error response", "JSON-RPC 错误响应"},
	"ex.chan.http-status":    {"an HTTP error status", "HTTP 错误状态码"},

	"kind.ex.choice":  {"choice", "选择题"},
	"kind.ex.numeric": {"numbers", "计算题"},
	"kind.ex.json":    {"write JSON", "写 JSON"},
	"kind.ex.http":    {"write HTTP", "写 HTTP"},
	"kind.ex.channel": {"predict the channel", "预测通道"},

	// Progress.
	"prog.title":             {"Your progress", "学习进度"},
	"prog.solved":            {"exercises solved", "道题已完成"},
	"prog.attempted":         {"exercises attempted", "道题已尝试"},
	"prog.attempts":          {"answers submitted", "次提交"},
	"prog.col.exercise":      {"Exercise", "练习"},
	"prog.col.kind":          {"Kind", "题型"},
	"prog.col.status":        {"Status", "状态"},
	"prog.col.attempts":      {"Attempts", "提交次数"},
	"prog.actions":           {"Export, import, reset", "导出、导入、重置"},
	"prog.export":            {"Export progress (JSON file)", "导出进度（JSON 文件）"},
	"prog.exported":          {"Saved as %s in your downloads.", "已保存为下载目录中的 %s。"},
	"prog.import":            {"Import progress from a file…", "从文件导入进度…"},
	"prog.imported":          {"Imported %[2]s: %[1]d exercises updated (merged with your progress: solved stays solved, the larger attempt count wins).", "已导入 %[2]s：更新了 %[1]d 道题（与现有进度合并：已完成的保持完成，提交次数取较大值）。"},
	"prog.imported.one":      {"Imported %[2]s: %[1]d exercise updated (merged with your progress: solved stays solved, the larger attempt count wins).", "已导入 %[2]s：更新了 %[1]d 道题（与现有进度合并：已完成的保持完成，提交次数取较大值）。"},
	"prog.import.bad":        {"Could not import %s: %s Your progress is unchanged.", "无法导入 %s：%s 你的进度没有改变。"},
	"prog.import.big":        {"the file is %d bytes; a progress export is at most %d.", "文件有 %d 字节；进度导出文件最多 %d 字节。"},
	"prog.import.empty":      {"the file is empty.", "文件是空的。"},
	"prog.import.syntax":     {"it is not valid JSON (line %d, column %d: %s).", "它不是合法的 JSON（第 %d 行，第 %d 列：%s）。"},
	"prog.import.notstore":   {"it is not a progress export of this course (no \"version\" number at the top level).", "它不是本课程的进度导出文件（顶层没有 \"version\" 数字）。"},
	"prog.import.version":    {"it has format version %s; this course reads version %d.", "它的格式版本是 %s；本课程读取的是版本 %d。"},
	"prog.import.shape":      {"it does not have the shape of a progress export (%s).", "它的结构不符合进度导出文件（%s）。"},
	"prog.save.error":        {"Your progress could not be saved in this browser: %s", "无法在此浏览器中保存进度：%s"},
	"prog.storage.error":     {"Your saved progress could not be read (%s); starting fresh.", "无法读取已保存的进度（%s）；从头开始。"},
	"prog.reset":             {"Reset progress…", "重置进度…"},
	"prog.reset.title":       {"Reset all progress?", "要重置全部进度吗？"},
	"prog.reset.body":        {"This forgets %s and %s in this browser. Export first if you want to keep them.", "这会清除此浏览器中%s和%s。如需保留，请先导出。"},
	"prog.reset.solved":      {"%d solved exercises", " %d 道已完成的练习"},
	"prog.reset.solved.one":  {"%d solved exercise", " %d 道已完成的练习"},
	"prog.reset.answers":     {"%d submitted answers", " %d 次提交的答案"},
	"prog.reset.answers.one": {"%d submitted answer", " %d 次提交的答案"},
	"prog.reset.yes":         {"Yes, reset", "确定重置"},
	"prog.reset.done":        {"Progress reset.", "进度已重置。"},
	"prog.cancel":            {"Cancel", "取消"},
	"prog.where":             {"Progress is kept in this browser only (localStorage). Export it to move it to another browser.", "进度只保存在当前浏览器中（localStorage）。导出后可以在其他浏览器中导入。"},
	"prog.notice.title":      {"Your saved progress was reset", "已保存的进度被重置"},
	"prog.notice.backup":     {"The unreadable data was kept in localStorage under %s.", "无法读取的数据已保留在 localStorage 的 %s 键下。"},
}

func init() {
	for k, v := range pageStrs {
		if _, dup := strs[k]; dup {
			panic(fmt.Sprintf("ui: string %q is defined twice", k))
		}
		strs[k] = v
	}
}
