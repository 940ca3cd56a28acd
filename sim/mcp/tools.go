package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// toolsListTTL is how long a 2026-07-28 client may keep tools/list (and
// the other lists): five minutes, invalidated sooner by list_changed.
const toolsListTTL = 5 * time.Minute

// toolsList is tools/list (server/tools §Listing Tools), in registry
// order: deterministic (2026-07-28 changelog minor 3).
func (q *call) toolsList(context.Context) Reply {
	if r := q.noCursor(); r != nil {
		return *r
	}
	tools := []Tool{}
	for _, t := range q.reg.Tools() {
		tool := Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema}
		if !q.modern {
			tool.OutputSchema = legacyOutputSchema(t.OutputSchema)
		}
		if t.ReadOnly || t.Idempotent {
			tool.Annotations = &ToolAnnotations{ReadOnlyHint: t.ReadOnly, IdempotentHint: t.Idempotent}
		}
		if !q.modern && t.TaskSupport != "" {
			// 2025-11-25 Tool.execution.taskSupport; 2026-07-28 dropped it
			// (the server decides per request).
			tool.Execution = &ToolExecution{TaskSupport: t.TaskSupport}
		}
		tools = append(tools, tool)
	}
	res := ListToolsResult{Tools: tools}
	res.Cacheable, res.ResultType = q.cacheable(primitive.Cache{TTL: toolsListTTL})
	return q.ok(res)
}

// toolsCall is tools/call (server/tools §Calling Tools). The tool may ask
// the client for something (ask.go, mrtr.go) and may run as a task
// (tasks.go).
func (q *call) toolsCall(ctx context.Context) Reply {
	var p struct {
		Name      *string         `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
		Task      json.RawMessage `json:"task"`
	}
	if err := json.Unmarshal(orEmpty(q.m.Params), &p); err != nil || p.Name == nil {
		// tools §Error Handling: requests that fail the CallToolRequest
		// schema are protocol errors.
		return q.invalid("Invalid params: tools/call needs params.name (a string)", nil)
	}
	if a := strings.TrimSpace(string(p.Arguments)); a != "" && a[0] != '{' {
		return q.invalid("Invalid params: params.arguments must be an object", nil)
	}
	if msg := checkProgressToken(q.meta[protocol.MetaProgressToken]); msg != "" {
		return q.invalid(msg, nil)
	}
	name := *p.Name
	tool, known := q.reg.Lookup(name)
	if !known {
		// tools §Error Handling: unknown tool is a protocol error (-32602).
		return q.invalid("Unknown tool: "+protocol.Excerpt(name), nil)
	}
	caps := q.clientCapabilities()
	if missing := missingCapabilities(caps, tool.RequiresClient); len(missing) > 0 {
		return q.missingCapability(name, missing)
	}
	var (
		asTask    bool          // 2026-07-28: the server may answer with a task
		legacyTTL time.Duration // 2025-11-25: the client asked for a task
	)
	switch {
	case q.modern:
		// SEP-2663 §Capability Negotiation: "If a server is unable to
		// service a request to a client that does not declare this
		// extension capability without returning CreateTaskResult, the
		// server MUST return an error with the code -32021". The legacy
		// params.task is ignored ("servers MUST ignore it").
		declared := primitive.Declares(caps, "extensions", protocol.ExtTasks)
		if tool.TaskSupport == protocol.TaskRequired && !declared {
			return q.requireCapabilities("tool "+name+" runs only as a task", tasksCapability())
		}
		asTask = declared && tool.TaskSupport != ""
	case len(p.Task) > 0 && string(p.Task) != "null":
		var tm struct {
			TTL *int64 `json:"ttl"`
		}
		if err := json.Unmarshal(p.Task, &tm); err != nil {
			return q.invalid("Invalid params: params.task must be an object {ttl?}", nil)
		}
		if tool.TaskSupport == "" {
			// 2025-11-25 tasks §Tool-Level Negotiation: for a tool whose
			// taskSupport is absent or "forbidden", "Servers SHOULD return a
			// -32601 (Method not found) error".
			return errReply(q.m, http.StatusOK, protocol.CodeMethodNotFound,
				"Method not found: tool "+name+" cannot run as a task (execution.taskSupport is forbidden); call it without params.task", nil)
		}
		legacyTTL = TaskTTL
		if tm.TTL != nil && *tm.TTL > 0 && time.Duration(*tm.TTL)*time.Millisecond < TaskTTL {
			legacyTTL = time.Duration(*tm.TTL) * time.Millisecond
		}
	case tool.TaskSupport == protocol.TaskRequired:
		// "If execution.taskSupport is "required" ... Servers MUST return a
		// -32601 (Method not found) error if a client does not attempt to
		// do so."
		return errReply(q.m, http.StatusOK, protocol.CodeMethodNotFound,
			"Method not found: tool "+name+" runs only as a task; call it with params.task", nil)
	}

	ctx, done := q.c.track(ctx, q.m.ID)
	defer done()
	env := primitive.Env{Sleep: q.s.cfg.Sleep, ClientCapabilities: caps, Admin: q.s, Log: q.logger(ctx), Progress: q.progress(ctx)}
	var rp *replay
	if q.modern {
		var r *Reply
		if rp, r = q.openReplay(func() []string { return []string{name, canonicalJSON(p.Arguments)} }); r != nil {
			return *r
		}
		env.Ask = rp.ask
	} else {
		env.Ask = q.s.legacyAsk(q.c, q.streamSend(ctx), "", nil)
		env.ElicitationComplete = q.elicitationComplete(q.streamSend(ctx))
	}
	switch {
	case legacyTTL > 0:
		return q.startLegacyTask(ctx, name, p.Arguments, env, legacyTTL)
	case asTask:
		return q.runMaybeTask(ctx, name, p.Arguments, env, rp)
	}
	return q.runTool(ctx, name, p.Arguments, env, rp)
}

// progress is the Env.Progress of a request that asked for progress
// (_meta.progressToken), on the request's own stream; nil otherwise.
func (q *call) progress(ctx context.Context) func(progress, total float64, message string) {
	token := q.meta[protocol.MetaProgressToken]
	if len(token) == 0 || q.notify == nil {
		return nil
	}
	return func(progress, total float64, message string) {
		if ctx.Err() != nil {
			return
		}
		q.notify(jsonrpc.Notification(protocol.MethodProgress, ProgressParams{
			ProgressToken: token, Progress: progress, Total: total, Message: message}))
	}
}

// streamSend writes a message on the request's own stream while the
// request runs; nil when the transport cannot stream.
func (q *call) streamSend(ctx context.Context) func(*jsonrpc.Message) {
	if q.notify == nil {
		return nil
	}
	return func(m *jsonrpc.Message) {
		if ctx.Err() == nil {
			q.notify(m)
		}
	}
}

// elicitationComplete is the 2025-11-25 Env.ElicitationComplete:
// notifications/elicitation/complete with the elicitation's id
// (client/elicitation §Completion Notifications for URL Mode Elicitation).
func (q *call) elicitationComplete(send func(*jsonrpc.Message)) func(id string) {
	if send == nil {
		return nil
	}
	return func(id string) {
		send(jsonrpc.Notification(protocol.MethodElicitationComplete, map[string]string{"elicitationId": id}))
	}
}

// runTool runs the tool and turns what happened into the reply: its
// result, an InputRequiredResult when it asked what the retry did not
// answer (2026-07-28), or the error channel its failure belongs on.
func (q *call) runTool(ctx context.Context, name string, args json.RawMessage, env primitive.Env, rp *replay) Reply {
	res, err := q.reg.Call(ctx, name, args, env)
	var bad *primitive.OutputError
	switch {
	case ctx.Err() != nil:
		// Cancelled: "MUST NOT send any further messages for it".
		q.s.Logf("request %s (%s) cancelled; no response sent", q.m.ID, name)
		return Reply{Status: http.StatusOK}
	case rp != nil && rp.open != nil:
		return q.inputRequired(rp, name, canonicalJSON(args))
	case errors.As(err, &bad):
		// The tool broke its own outputSchema: the server's fault.
		q.s.Logf("%v", err)
		return errReply(q.m, http.StatusOK, protocol.CodeInternalError, "Internal error: "+err.Error(), nil)
	case err != nil:
		if r, ok := q.askReply(err, "tool "+name, true); ok {
			return r
		}
		q.s.Logf("tool %s failed: %v", name, err)
		return errReply(q.m, http.StatusOK, protocol.CodeInternalError, "Internal error: tool "+name+" failed", nil)
	}
	if !q.modern {
		res.Structured = q.legacyStructured(name, res.Structured)
	}
	out := CallToolResult{Content: []primitive.Content{}, StructuredContent: res.Structured, IsError: res.IsError}
	if res.Text != "" {
		out.Content = append(out.Content, primitive.TextContent(res.Text))
	}
	out.Content = append(out.Content, res.Content...)
	if res.Structured != nil {
		// server/tools §Structured Content: "a tool that returns structured
		// content SHOULD also return the serialized JSON in a TextContent
		// block" (for clients that only read content).
		b, err := jsonrpc.Marshal(res.Structured)
		if err == nil {
			out.Content = append(out.Content, primitive.TextContent(string(b)))
		}
	}
	out.ResultType, out.Meta = q.stamp()
	if res.IsError {
		q.s.Logf("tool %s returned a tool execution error (isError: true)", name)
	}
	return q.ok(out)
}

// runMaybeTask runs a task-supporting tool for a 2026-07-28 client that
// declared the tasks extension. The tool starts as an ordinary call: what
// it asks before its long work goes through multi round-trip requests
// ("SHOULD resolve all MRTR exchanges synchronously before responding with
// a CreateTaskResult"), and a tool that finishes quickly answers directly
// (the server "MAY" skip the task). When it calls Env.Detach, the server
// creates the task, answers with the CreateTaskResult, and the tool goes
// on in the background: its questions become the task's inputRequests,
// its progress the task's statusMessage (SEP-2663: progress and log
// notifications "are not supported on tasks in general").
func (q *call) runMaybeTask(ctx context.Context, name string, args json.RawMessage, env primitive.Env, rp *replay) Reply {
	tctx, tcancel := context.WithCancel(context.WithoutCancel(ctx))
	var (
		mu       sync.Mutex
		t        *task
		once     sync.Once
		detached = make(chan struct{})
		resume   = make(chan struct{})
	)
	current := func() *task {
		mu.Lock()
		defer mu.Unlock()
		return t
	}
	ask, progress, logf, caps := env.Ask, env.Progress, env.Log, env.ClientCapabilities
	env.DetachFunc = func() { once.Do(func() { close(detached); <-resume }) }
	env.Ask = func(ctx context.Context, reqs ...primitive.InputRequest) ([]json.RawMessage, error) {
		if tk := current(); tk != nil {
			return q.s.taskAsk(tk, caps)(ctx, reqs...)
		}
		return ask(ctx, reqs...)
	}
	env.Progress = func(p, total float64, message string) {
		if tk := current(); tk != nil {
			q.s.setStatus(tk, progressText(p, total, message))
		} else if progress != nil {
			progress(p, total, message)
		}
	}
	if logf != nil {
		env.Log = func(level, logger string, data any) {
			if current() == nil {
				logf(level, logger, data)
			}
		}
	}
	env.StatusFunc = func(message string) {
		if tk := current(); tk != nil {
			q.s.setStatus(tk, message)
		}
	}
	// Until the task exists, the request's end (a closed stream, a
	// cancellation) ends the tool, as for any call.
	stop := context.AfterFunc(ctx, func() {
		select {
		case <-detached:
		default:
			tcancel()
		}
	})
	finished := make(chan Reply, 1)
	go func() { finished <- q.runTool(tctx, name, args, env, rp) }()
	select {
	case r := <-finished:
		stop()
		tcancel()
		return r
	case <-detached:
		stop()
	}
	tk := q.s.newTask(nil, TaskTTL, tcancel)
	mu.Lock()
	t = tk
	mu.Unlock()
	q.s.Logf("tools/call %s goes on as task %s", name, tk.id)
	// As created (working), before the tool resumes and may change it.
	info := q.s.snapshot(tk)
	q.s.cfg.Background(func() {
		close(resume)
		r := <-finished
		tcancel()
		q.s.finish(tk, r)
	})
	info.ResultType = protocol.ResultTask
	_, info.Meta = q.stamp()
	return q.ok(info)
}

// startLegacyTask answers a 2025-11-25 task-augmented tools/call with its
// CreateTaskResult at once ("This result SHOULD be returned as soon as
// possible after accepting the task") and runs the tool in the
// background. The task belongs to the session: the session's end cancels
// it. Its requests to the client carry related-task and go out on a
// waiting tasks/result or the session stream; its progress uses the
// original progressToken on the session stream.
func (q *call) startLegacyTask(ctx context.Context, name string, args json.RawMessage, env primitive.Env, ttl time.Duration) Reply {
	tctx, tcancel := context.WithCancel(context.WithoutCancel(ctx))
	tk := q.s.newTask(q.c, ttl, tcancel)
	runCtx, untrack := q.c.track(tctx, jsonrpc.StringID("task:"+tk.id))
	send := q.s.taskSend(tk)
	env.Ask = q.s.legacyAsk(q.c, send, tk.id, func(waiting bool) {
		q.s.cfg.Tasks.change(tk, q.s.cfg.Now(), func(t *task) {
			switch {
			case terminal(t.status):
			case waiting:
				t.status, t.message = protocol.TaskInputRequired, "Waiting for the client's answer."
			default:
				t.status, t.message = protocol.TaskWorking, "Working."
			}
		})
	})
	env.ElicitationComplete = q.elicitationComplete(send)
	env.Log = nil
	// The tool's progress is the task's statusMessage (2025-11-25 Task:
	// "Optional human-readable message describing the current task
	// state"), so a poll sees it and lastUpdatedAt moves; with the
	// request's progressToken it also goes out as notifications/progress
	// (basic/utilities/tasks: "The progressToken provided in the initial
	// request remains valid throughout the task lifetime").
	token := q.meta[protocol.MetaProgressToken]
	env.Progress = func(progress, total float64, message string) {
		q.s.setStatus(tk, progressText(progress, total, message))
		if len(token) > 0 {
			send(jsonrpc.Notification(protocol.MethodProgress, ProgressParams{ProgressToken: token, Progress: progress, Total: total, Message: message}))
		}
	}
	env.StatusFunc = func(message string) { q.s.setStatus(tk, message) }
	q.s.Logf("tools/call %s runs as task %s", name, tk.id)
	// The CreateTaskResult shows the task as it was created (working),
	// taken before the tool starts: a tool that asks at once would
	// otherwise race the answer to input_required.
	created := q.s.legacySnapshot(tk)
	q.s.cfg.Background(func() {
		defer untrack()
		r := q.runTool(runCtx, name, args, env, nil)
		q.s.finish(tk, r)
	})
	return q.ok(struct {
		Task LegacyTask `json:"task"`
	}{created})
}

// setStatus sets a running task's statusMessage.
func (s *Server) setStatus(t *task, message string) {
	s.cfg.Tasks.change(t, s.cfg.Now(), func(t *task) {
		if !terminal(t.status) {
			t.message, t.toolSaid = message, true
		}
	})
}

func progressText(progress, total float64, message string) string {
	if message != "" {
		return message
	}
	if total > 0 {
		return fmt.Sprintf("%g of %g done.", progress, total)
	}
	return fmt.Sprintf("%g done.", progress)
}

// missingCapabilities lists the names in need that caps (a
// ClientCapabilities object) does not declare, sorted.
func missingCapabilities(caps json.RawMessage, need []string) []string {
	if len(need) == 0 {
		return nil
	}
	var declared map[string]json.RawMessage
	_ = json.Unmarshal(caps, &declared)
	var missing []string
	for _, n := range need {
		if v, ok := declared[n]; !ok || string(v) == "null" {
			missing = append(missing, n)
		}
	}
	sort.Strings(missing)
	return missing
}

// missingCapability refuses a request the server cannot serve without
// client capabilities the client did not declare. 2026-07-28: -32021
// MissingRequiredClientCapability with data.requiredCapabilities, HTTP 400
// (basic/index §_meta). 2025-11-25 has no such error: the tool reports a
// tool execution error the model can read (a server "MUST NOT" rely on
// capabilities the client did not declare at initialize either).
func (q *call) missingCapability(tool string, missing []string) Reply {
	msg := "tool " + tool + " needs the client capabilit"
	if len(missing) == 1 {
		msg += "y " + missing[0]
	} else {
		msg += "ies " + strings.Join(missing, ", ")
	}
	if q.modern {
		need := map[string]any{}
		for _, n := range missing {
			need[n] = struct{}{}
		}
		return errReply(q.m, MissingCapabilityStatus, protocol.CodeMissingRequiredClientCapability,
			"Missing required client capability: "+msg+"; declare it in _meta "+protocol.MetaClientCapabilities,
			MissingCapabilityData{RequiredCapabilities: need})
	}
	return q.ok(CallToolResult{Content: []primitive.Content{primitive.TextContent(
		"This " + msg + ", which the client did not declare in initialize.")}, IsError: true})
}

// LegacyOutputKey is the property under which a 2025-11-25 server puts a
// tool's structured output that is not an object (legacyOutputSchema).
const LegacyOutputKey = "result"

// legacyOutputSchema is outputSchema as a 2025-11-25 server lists it. That
// version's schema restricts outputSchema to type object at its root
// (Tool.outputSchema: "Currently restricted to type: \"object\" at the
// root level") and structuredContent to an object; 2026-07-28 allows any
// JSON Schema 2020-12 and any JSON value (changelog minor 10). So a schema
// of another type is wrapped: an object whose one required property,
// LegacyOutputKey, has the tool's schema, with its $defs moved to the new
// root so that "#/$defs/..." still resolves. An object schema, or none,
// is returned as it is.
func legacyOutputSchema(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return raw
	}
	var s map[string]any
	if json.Unmarshal(raw, &s) != nil || s["type"] == "object" {
		return raw
	}
	wrap := map[string]any{
		"type":                 "object",
		"properties":           map[string]any{LegacyOutputKey: s},
		"required":             []string{LegacyOutputKey},
		"additionalProperties": false,
	}
	if defs, ok := s["$defs"]; ok {
		wrap["$defs"] = defs
		delete(s, "$defs")
	}
	b, err := json.Marshal(wrap)
	if err != nil {
		return raw
	}
	return b
}

// legacyStructured is a tool's structured output as a 2025-11-25 server
// sends it: wrapped under LegacyOutputKey when the tool's outputSchema is
// wrapped (legacyOutputSchema).
func (q *call) legacyStructured(tool string, v any) any {
	if v == nil {
		return nil
	}
	t, ok := q.reg.Lookup(tool)
	if !ok || string(legacyOutputSchema(t.OutputSchema)) == string(t.OutputSchema) {
		return v
	}
	return map[string]any{LegacyOutputKey: v}
}
