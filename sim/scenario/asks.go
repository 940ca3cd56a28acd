package scenario

// When the server needs something from the client: the scenarios
// elicitation (book_room asks the user to pick a free slot), sampling
// (summarize_inbox asks the Host's model) and roots (export_roster asks
// where the workspace is), under both eras — 2025-11-25 server requests on
// the request's stream, answered by the client; 2026-07-28
// InputRequiredResults, answered by retrying — and tasks
// (export_timesheets as a task: created, polled, cancelled). The Host is
// the client's deterministic FixedHost; its user and model show their part
// as host steps.

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// asksFamily: the server asking the client, and tasks, in the catalog's
// order (catalog.go joins the families).
var asksFamily = []scenarioDef{
	{info: Info{Name: "elicitation",
		Transports: bothWires, Faults: []string{FaultNone, FaultUserDeclines, FaultUserCancels, FaultUndeclared, FaultInvalidAnswer, FaultTamperedState, FaultURLMode}}, run: elicitationScenario,
		doc: "`book_room` for a room that is taken asks the user to pick a free slot (a form). 2025-11-25: the server's own `elicitation/create` request (its own id) on stdout or the `tools/call` POST's SSE stream, the client's response on stdin or in a POST of its own (**202**), then the call's result. 2026-07-28: the call's result is `input_required` (`inputRequests`, a signed `requestState`); the client retries `tools/call` with a new id, `inputResponses` and the `requestState` unchanged"},
	{info: Info{Name: "sampling",
		Transports: bothWires, Faults: []string{FaultNone, FaultUserDeclines, FaultUndeclared, FaultInvalidAnswer, FaultTamperedState}}, run: samplingScenario,
		doc: "`summarize_inbox` asks the Host's model for the summary (`sampling/createMessage`, shown to the user first); the deterministic model writes it"},
	{info: Info{Name: "roots",
		Transports: bothWires, Faults: []string{FaultNone, FaultUndeclared, FaultInvalidAnswer, FaultTamperedState, FaultRootsChanged}}, run: rootsScenario,
		doc: "`export_roster` asks where the workspace is (`roots/list`); the Host shares `file:///home/li/acme`"},
	{info: Info{Name: "tasks",
		Transports: bothWires, Faults: []string{FaultNone, FaultCancelTask, FaultUndeclared, FaultTaskInput, FaultListTasks}}, run: tasksScenario,
		doc: "the slow `export_timesheets` as a task: a handle comes back at once, the client polls `tasks/get` at the server's interval; 2026-07-28 (the `io.modelcontextprotocol/tasks` extension, declared in the capabilities) inlines the result in the completed task, 2025-11-25 (experimental tasks, `params.task`) fetches it with `tasks/result`"},
}

// The course's answers.
const (
	bookedSlot  = "Borealis 2026-12-03" // the first slot the form offers
	invalidSlot = "Aurora 2026-12-25"   // a slot the form does not offer
)

// courseWorkspace is the folder the Host shares as its root, and
// otherWorkspace the one the user switches to (roots-changed).
var (
	courseWorkspace = primitive.Root{URI: "file:///home/li/acme", Name: "acme"}
	otherWorkspace  = primitive.Root{URI: "file:///home/li/acme-2027", Name: "acme-2027"}
	notAFileRoot    = primitive.Root{URI: "https://drive.example.com/acme", Name: "acme (cloud drive)"}
)

// invalidTags label the call whose answer is wrong (invalid-answer), by
// what is wrong with it: a slot the form does not offer, a sampling result
// without the model that wrote it, a root that is not a file:// URI.
var invalidTags = map[string]string{"elicit": "bad-slot", "sample": "no-model", "roots": "not-file"}

// askScenario runs one tool call that needs the client: prompt, opening,
// the tool list, the model's choice, the call with whatever the server
// asks on the way, the model's answer, the end.
func (r *runner) askScenario(prompt string, call toolChoice) {
	r.phase = askPhase
	tools, ok := r.begin(prompt)
	if !ok {
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	r.callTool(call)
	r.finish()
}

// urlElicitation is the url-mode fault: the user confirms a booking in
// the facilities portal, a page the Host opens.
func (r *runner) urlElicitation() {
	h := r.asker
	h.Elicitation, h.ElicitURL = true, true
	h.OnQuestion = func(q client.Question) {
		var p struct {
			Message string `json:"message"`
			URL     string `json:"url"`
		}
		_ = json.Unmarshal(q.Params, &p)
		host := p.URL
		if u, err := url.Parse(p.URL); err == nil {
			host = u.Host
		}
		r.host(trace.Client, trace.Host, "elicit.url", fmt.Sprintf("the server asks the user to open %s (%s): %s\n", host, p.URL, p.Message))
	}
	h.OnAnswer = func(client.Question, json.RawMessage, *jsonrpc.Error) {
		r.host(trace.Host, trace.Client, "elicit.url-done", "the user agrees, signs in on the page and confirms; back in the Host: accept\n")
	}
	r.askScenario("Book the atrium for the launch party on 2026-12-10.",
		toolChoice{Name: "book_event_space", Args: map[string]any{"event": "the launch party", "day": "2026-12-10"}, Tag: "url-elicit"})
}

func elicitationScenario(r *runner) {
	if r.fault().elicitURL {
		r.urlElicitation()
		return
	}
	h := r.asker
	h.Elicitation = true // the fault's entry may change what the Host declares and answers (r.start)
	h.OnQuestion = func(q client.Question) { r.host(trace.Client, trace.Host, "elicit.form", formText(q.Params)) }
	h.OnAnswer = func(_ client.Question, res json.RawMessage, _ *jsonrpc.Error) {
		r.host(trace.Host, trace.Client, "elicit.user", r.userText(res))
	}
	r.askScenario("Book the Aurora room for 2026-12-03.",
		toolChoice{Name: "book_room", Args: map[string]any{"room": "Aurora", "day": "2026-12-03"}, Tag: r.callTag("elicit")})
}

// formText is how the Host shows a form to its user: the server's
// message, then each field with the choices it offers.
func formText(params json.RawMessage) string {
	var p struct {
		Message         string `json:"message"`
		RequestedSchema struct {
			Properties map[string]struct {
				Title string `json:"title"`
				OneOf []struct {
					Title string `json:"title"`
				} `json:"oneOf"`
			} `json:"properties"`
		} `json:"requestedSchema"`
	}
	_ = json.Unmarshal(params, &p)
	var b strings.Builder
	b.WriteString("form from the server: " + p.Message + "\n")
	names := make([]string, 0, len(p.RequestedSchema.Properties))
	for n := range p.RequestedSchema.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		f := p.RequestedSchema.Properties[n]
		var opts []string
		for _, o := range f.OneOf {
			opts = append(opts, o.Title)
		}
		fmt.Fprintf(&b, "  %s (%s): %s\n", n, f.Title, strings.Join(opts, " | "))
	}
	return b.String()
}

// userText is what the user did with the form.
func (r *runner) userText(res json.RawMessage) string {
	var a primitive.ElicitAnswer
	_ = json.Unmarshal(res, &a)
	switch {
	case a.Action == protocol.ActionDecline:
		return "the user declines the alternatives\n"
	case a.Action == protocol.ActionCancel:
		return "the user closes the form without choosing\n"
	case a.Content["slot"] == invalidSlot:
		return fmt.Sprintf("the client sends slot = %s, which the form does not offer (a bug in its form handling)\n", a.Content["slot"])
	}
	return fmt.Sprintf("the user picks slot = %s\n", a.Content["slot"])
}

func samplingScenario(r *runner) {
	h := r.asker
	h.Sampling = true
	h.OnQuestion = func(q client.Question) {
		var p primitive.SamplingRequest
		_ = json.Unmarshal(q.Params, &p)
		r.host(trace.Client, trace.Host, "sample.review",
			fmt.Sprintf("the server asks the Host's model to write a message (%d message, maxTokens %d, system prompt: %s)\n", len(p.Messages), p.MaxTokens, p.SystemPrompt))
	}
	h.OnAnswer = func(_ client.Question, res json.RawMessage, err *jsonrpc.Error) {
		if err != nil {
			r.host(trace.Host, trace.Client, "sample.declined", "the user rejects the request: nothing goes to the model\n")
			return
		}
		var a primitive.SampleAnswer
		_ = json.Unmarshal(res, &a)
		var c primitive.Content
		_ = json.Unmarshal(a.Content, &c)
		model := a.Model
		if model == "" {
			model = "(no model field: a bug in the client)"
		}
		r.host(trace.Host, trace.Client, "sample.model", fmt.Sprintf("the user approves; the model %s writes: %s\n", model, c.Text))
	}
	r.askScenario("Summarise the three newest urgent e-mails for me.",
		toolChoice{Name: "summarize_inbox", Args: map[string]any{"urgent": true, "limit": 3}, Tag: r.callTag("sample")})
}

func rootsScenario(r *runner) {
	h := r.asker
	h.Roots = true
	h.Workspace = []primitive.Root{courseWorkspace}
	h.OnAnswer = func(_ client.Question, res json.RawMessage, _ *jsonrpc.Error) {
		var a struct {
			Roots []primitive.Root `json:"roots"`
		}
		_ = json.Unmarshal(res, &a)
		var list []string
		for _, root := range a.Roots {
			list = append(list, root.URI+" ("+root.Name+")")
		}
		r.host(trace.Host, trace.Client, "roots.workspace", "the Host shares its workspace: "+strings.Join(list, ", ")+"\n")
	}
	call := toolChoice{Name: "export_roster", Args: map[string]any{"department": "Support"}, Tag: r.callTag("roots")}
	if !r.fault().switchWorkspace {
		r.askScenario("Export the Support roster into my workspace.", call)
		return
	}
	// roots-changed: two exports, the workspace switched between them.
	r.phase = askPhase
	tools, ok := r.begin("Export the Support roster into my workspace, then switch to the 2027 workspace and export it there too.")
	if !ok {
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	call.Intermediate = true
	r.callTool(call)
	h.Workspace = []primitive.Root{otherWorkspace}
	r.host(trace.Host, trace.Client, "roots.switch", "the user switches the workspace to "+otherWorkspace.URI+"\n")
	if !protocol.IsModern(r.c.Version()) {
		// 2025-11-25 client/roots §Root List Changes: "When roots change,
		// clients that support listChanged MUST send a notification".
		r.c.RootsChanged(r.ctx, callOpts{Tag: "roots-changed"})
	}
	call.Intermediate, call.Tag = false, "roots-again"
	r.callTool(call)
	r.finish()
}

// notRetried ends a 2026-07-28 call the client does not retry: the Host
// declined a question (client/sampling §Error Handling: "the client does
// not need to replay the initial call").
func (r *runner) notRetried(out outcome) {
	var keys []string
	for _, k := range client.SortedKeys(out.InputRequired.InputRequests) {
		keys = append(keys, k+" ("+out.InputRequired.InputRequests[k].Method+")")
	}
	r.host(trace.Client, trace.Host, "refused.not-retried",
		"input "+strings.Join(keys, ", ")+" declined: the client does not retry; the server is not waiting for anything\n")
	r.host(trace.Host, trace.Host, "model.answers", "You declined to let the model read the inbox, so there is no summary.\n")
}

// ---- tasks ----------------------------------------------------------------

func tasksScenario(r *runner) {
	r.phase = askPhase
	r.asker.Tasks = true
	// A task that asks (task-input: the fault's entry declares
	// elicitation) asks with a form.
	r.asker.OnQuestion = func(q client.Question) { r.host(trace.Client, trace.Host, "task.question", formText(q.Params)) }
	r.asker.OnAnswer = func(_ client.Question, res json.RawMessage, _ *jsonrpc.Error) {
		var a primitive.ElicitAnswer
		_ = json.Unmarshal(res, &a)
		r.host(trace.Host, trace.Client, "task.answer", fmt.Sprintf("the user answers include = %v\n", a.Content["include"]))
	}
	tools, ok := r.begin("Export the Sales timesheets for the last three weeks; it may take a while.")
	if !ok {
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	args := map[string]any{"department": "Sales", "steps": 3}
	if !r.asker.Tasks {
		// Without the extension (2026-07-28) or params.task (2025-11-25)
		// the same call runs as an ordinary request: the client waits.
		r.callTool(toolChoice{Name: "export_timesheets", Args: args, Tag: "no-task"})
		r.finish()
		return
	}
	b, _ := json.Marshal(args)
	r.host(trace.Host, trace.Client, "model.decides", fmt.Sprintf(`{"name":"export_timesheets","arguments":%s}`+"\n", b))
	out := r.c.CallToolAsTask(r.ctx, "export_timesheets", json.RawMessage(b), mcp.TaskTTL, callOpts{Tag: "task"})
	task, ok := out.Task()
	if !ok || !r.ok(out) {
		if ok {
			r.failure(out)
		}
		return
	}
	r.host(trace.Client, trace.Host, "task.handle",
		fmt.Sprintf("task %s: %s; poll every %d ms\n", task.ID, task.Status, task.PollInterval.Milliseconds()))
	if r.fault().listTasks {
		r.listTasks()
	}
	cancelled := false
	var result *outcome // 2025-11-25: tasks/result, read while the task asked
	for polls := 0; polls < 20 && !task.Terminal() && result == nil; polls++ {
		if err := r.c.Sleep(r.ctx, task.PollInterval); err != nil {
			break
		}
		got, out := r.c.GetTask(r.ctx, task.ID, callOpts{Tag: "task-get"})
		if !r.ok(out) {
			return
		}
		task = got
		if task.Status == protocol.TaskInputRequired {
			if !protocol.IsModern(r.c.Version()) {
				// 2025-11-25 tasks §Input Required Status: the requestor
				// "SHOULD preemptively call tasks/result"; the task's
				// question arrives on its stream, tagged with the task.
				out := r.c.TaskResult(r.ctx, task.ID, callOpts{Tag: "task-wait"})
				if !r.ok(out) {
					return
				}
				result = &out
				break
			}
			// The extension: the question is in the task (inputRequests);
			// the answers go back with tasks/update.
			responses := map[string]json.RawMessage{}
			for _, key := range sortedKeys(task.InputRequests) {
				q := task.InputRequests[key]
				res, qerr := r.asker.Answer(r.ctx, client.Question{Method: q.Method, Params: q.Params, Key: key, Task: task.ID})
				if qerr != nil {
					return
				}
				responses[key] = res
			}
			if !r.ok(r.c.UpdateTask(r.ctx, task.ID, responses, callOpts{Tag: "task-update"})) {
				return
			}
			continue
		}
		if r.fault().cancelTask && !cancelled && !task.Terminal() {
			cancelled = true
			r.host(trace.Host, trace.Client, "task.user-cancels", "the user cancels the export\n")
			if !r.ok(r.c.CancelTask(r.ctx, task.ID, callOpts{Tag: "task-cancel"})) {
				return
			}
			task.PollInterval = 0 // look once more at once
		}
	}
	text := ""
	switch {
	case result != nil:
		var res mcp.CallToolResult
		result.Result(&res)
		text = firstText(res)
	case task.Status == protocol.TaskCompleted && !protocol.IsModern(r.c.Version()):
		// 2025-11-25: the result is fetched with tasks/result.
		out := r.c.TaskResult(r.ctx, task.ID, callOpts{Tag: "task-result"})
		if !r.ok(out) {
			return
		}
		var res mcp.CallToolResult
		out.Result(&res)
		text = firstText(res)
	case task.Status == protocol.TaskCompleted:
		var res mcp.CallToolResult
		_ = json.Unmarshal(task.Result, &res)
		text = firstText(res)
	}
	if text != "" {
		r.host(trace.Client, trace.Host, "model.reads-result", text+"\n")
		r.host(trace.Host, trace.Host, "model.answers", "Here is what I found:\n"+text+"\n")
	} else {
		r.host(trace.Host, trace.Host, "model.answers", "The export was cancelled; nothing was written.\n")
	}
	r.finish()
}

// listTasks is a Host written for 2025-11-25 filling its task panel: 2025-11-25
// tasks/list lists the session's tasks; the 2026-07-28 tasks extension
// removed it (changelog major 6): -32601 (HTTP 404), and the Host keeps the
// task ids it was given.
func (r *runner) listTasks() {
	out := r.request(protocol.MethodTasksList, nil, callOpts{Tag: "task-list"})
	if e := out.Error(); e != nil {
		r.host(trace.Client, trace.Client, "task-list.removed",
			fmt.Sprintf("error %d: the tasks extension has no tasks/list; the Host keeps the task ids it got\n", e.Code))
		return
	}
	var list struct {
		Tasks []mcp.LegacyTask `json:"tasks"`
	}
	out.Result(&list)
	var ids []string
	for _, t := range list.Tasks {
		ids = append(ids, t.TaskID+" ("+t.Status+")")
	}
	r.host(trace.Client, trace.Host, "task-list.shown", "task panel: "+strings.Join(ids, ", ")+"\n")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func firstText(res mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	return res.Content[0].Text
}
