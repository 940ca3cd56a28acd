package scenario

import "strings"

// Phases of the scenarios where the server asks the client, and of tasks
// (trace.Event.Phase): what each step does for the lesson, named the same
// in both eras, so the compare view pairs the 2025-11-25 request of the
// server with the 2026-07-28 input_required result (both "question"), the
// client's POSTed response with the retried request ("answer").

// askPhase is the phase of an event by its note key.
func askPhase(note string) string {
	switch note {
	case "user.prompt":
		return "prompt"
	case "initialize.request", "discover.request":
		return "open.request"
	case "initialize.result", "discover.result":
		return "open.result"
	case "initialized":
		return "open.confirm"
	case "initialized.accepted":
		return "open.confirm-ack"
	case "tools-list.request":
		return "list.request"
	case "tools-list.result":
		return "list.result"
	case "model.reads-tools":
		return "model.reads-tools"
	case "model.decides":
		return "model.decides"
	case "elicit.form", "sample.review":
		return "host.shows"
	case "elicit.user", "sample.model", "sample.declined", "roots.workspace":
		return "host.answers"
	case "roots.switch":
		return "host.switches"
	case "model.reads-result", "model.reads-tool-error", "model.reads-protocol-error", "host.failure", "refused.not-retried":
		return "model.reads-outcome"
	case "model.answers":
		return "model.answers"
	case "session-delete.request", "shutdown.close-stdin":
		return "close"
	case "session-delete.no-content", "shutdown.exit":
		return "close-ack"
	case "task.handle":
		return "task.handle"
	case "task.user-cancels":
		return "task.user-cancels"
	case "roots-changed":
		return "roots-changed" // 2025-11-25 only: notifications/roots/list_changed
	}
	if strings.HasPrefix(note, "launch.") {
		return "launch"
	}
	tag, rest, ok := strings.Cut(note, ".")
	if !ok {
		return ""
	}
	switch {
	case tag == "roots-changed":
		return "roots-changed" // 2025-11-25 only: its notification and 202
	case tag == "task-get" && rest == "request":
		return "task.poll"
	case tag == "task-get":
		return "task.status"
	case tag == "task-cancel" && rest == "request":
		return "task.cancel"
	case tag == "task-cancel":
		return "task.cancel-ack"
	case tag == "task-result" && rest == "request":
		return "task.fetch"
	case tag == "task-result":
		return "task.fetched"
	}
	round := ""
	if tag == "roots-again" {
		round = "2:"
	}
	switch {
	case rest == "request":
		return round + "call"
	case rest == "stream-prime":
		return round + "stream-open"
	case rest == "ask" || rest == "input-required":
		return round + "question"
	case strings.HasPrefix(rest, "answer.") || rest == "retry.request":
		return round + "answer"
	case rest == "answer-accepted":
		return round + "answer-ack"
	case rest == "task":
		return "task.created"
	case rest == "stream-end":
		return round + "stream-close"
	case rest == "result" || rest == "tool-error" || strings.HasPrefix(rest, "retry.") || strings.HasPrefix(rest, "error."):
		return round + "outcome"
	}
	return ""
}

// phaseTitles name the phases for the learner (the compare view's row
// roles): what the step does, whichever era does it.
var phaseTitles = map[string]Text{
	"prompt":              {En: "the user asks", Zh: "用户提出请求"},
	"launch":              {En: "the Host reaches the server", Zh: "Host 连接服务器"},
	"open.request":        {En: "the client opens", Zh: "客户端开场"},
	"open.result":         {En: "the server introduces itself", Zh: "服务器自我介绍"},
	"open.confirm":        {En: "the client confirms the session", Zh: "客户端确认会话"},
	"open.confirm-ack":    {En: "confirmation accepted", Zh: "确认已被接受"},
	"list.request":        {En: "the client lists the tools", Zh: "客户端列出工具"},
	"list.result":         {En: "the tool list", Zh: "工具列表"},
	"model.reads-tools":   {En: "the model reads the tools", Zh: "模型阅读工具"},
	"model.decides":       {En: "the model picks a call", Zh: "模型选定调用"},
	"call":                {En: "the client calls the tool", Zh: "客户端调用工具"},
	"stream-open":         {En: "a response stream opens", Zh: "响应流打开"},
	"question":            {En: "the server asks the client", Zh: "服务器向客户端提问"},
	"host.shows":          {En: "the Host shows the question", Zh: "Host 展示问题"},
	"host.answers":        {En: "the user or the model answers", Zh: "用户或模型作答"},
	"answer":              {En: "the client sends the answer", Zh: "客户端送回回答"},
	"answer-ack":          {En: "the answer is accepted", Zh: "回答已被接受"},
	"outcome":             {En: "the call's outcome", Zh: "调用的结果"},
	"stream-close":        {En: "the response stream ends", Zh: "响应流结束"},
	"model.reads-outcome": {En: "the model reads the outcome", Zh: "模型阅读结果"},
	"model.answers":       {En: "the model answers the user", Zh: "模型回答用户"},
	"close":               {En: "the client closes", Zh: "客户端关闭连接"},
	"close-ack":           {En: "closed", Zh: "已关闭"},
	"host.switches":       {En: "the user switches workspace", Zh: "用户切换工作区"},
	"roots-changed":       {En: "the client says its roots changed", Zh: "客户端告知 roots 已变化"},
	"task.created":        {En: "a task handle comes back", Zh: "返回任务句柄"},
	"task.handle":         {En: "the Host keeps the task", Zh: "Host 记下任务"},
	"task.poll":           {En: "the client polls the task", Zh: "客户端轮询任务"},
	"task.status":         {En: "the task's status", Zh: "任务状态"},
	"task.user-cancels":   {En: "the user cancels", Zh: "用户取消"},
	"task.cancel":         {En: "the client cancels the task", Zh: "客户端取消任务"},
	"task.cancel-ack":     {En: "cancellation answered", Zh: "取消已得到答复"},
	"task.fetch":          {En: "the client fetches the result", Zh: "客户端取回结果"},
	"task.fetched":        {En: "the task's result", Zh: "任务的结果"},
}

// PhaseTitle names a phase (trace.Event.Phase) for the learner; a phase of
// a second round ("2:question") is named as such. ok is false for a phase
// without a title (and for "").
func PhaseTitle(phase string) (t Text, ok bool) {
	round, base := "", phase
	if r, rest, cut := strings.Cut(phase, ":"); cut {
		round, base = r, rest
	}
	t, ok = phaseTitles[base]
	if ok && round != "" {
		t = Text{En: "call " + round + ": " + t.En, Zh: "第 " + round + " 次调用：" + t.Zh}
	}
	return t, ok
}
