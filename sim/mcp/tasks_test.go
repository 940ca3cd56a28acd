package mcp_test

// Tasks: the io.modelcontextprotocol/tasks extension (2026-07-28) and the
// experimental tasks of 2025-11-25, on the engine, per transport, every
// message checked against its schema (the extension's written in
// sim/internal/specschema/tasks-extension.schema.json).

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

var confirmSchema = json.RawMessage(`{"type":"object","properties":{"confirm":{"type":"boolean"}},"required":["confirm"]}`)

// taskTools: the course (export_timesheets supports tasks) and three task
// tools of the test's own.
func taskTools() *primitive.Registry {
	task := func(name string, run func(ctx context.Context, env primitive.Env) (primitive.Result, error)) primitive.Def {
		return primitive.Def{Tool: primitive.Tool{Name: name, Description: name, InputSchema: toolbox.Schema(map[string]any{}), TaskSupport: protocol.TaskOptional},
			Run: func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
				return run(ctx, env)
			}}
	}
	return toolbox.Default().MustWith(
		task("ask_in_task", func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
			env.Detach()
			a, err := env.Elicit(ctx, primitive.ElicitForm("confirm", "Go on?", confirmSchema))
			if err != nil {
				return primitive.Result{}, err
			}
			return primitive.Result{Text: "answer: " + a.Action}, nil
		}),
		task("wait_for_cancel", func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
			env.Detach()
			<-ctx.Done()
			return primitive.Result{}, ctx.Err()
		}),
		task("crash_in_task", func(_ context.Context, env primitive.Env) (primitive.Result, error) {
			env.Detach()
			return primitive.Result{}, errors.New("disk on fire")
		}),
	)
}

func taskServer() *mcp.Server {
	return labserver.NewServer(mcp.Config{Tools: taskTools(), Sleep: noSleep, PollEvery: 2 * time.Millisecond, KeepAliveEvery: -1})
}

var (
	withTasks = opts{meta: map[string]any{protocol.MetaClientCapabilities: map[string]any{
		"elicitation": map[string]any{}, "extensions": map[string]any{protocol.ExtTasks: map[string]any{}}}}}
	withoutTasks = opts{meta: map[string]any{protocol.MetaClientCapabilities: map[string]any{"elicitation": map[string]any{}}}}
)

// poll calls tasks/get until the task's status is want.
func poll(t *testing.T, c *client, id, want string) mcp.TaskInfo {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		a := c.call(protocol.MethodTasksGet, map[string]any{"taskId": id}, withTasks)
		validate(t, schemas(t)[c.version], c.version, protocol.MethodTasksGet, a)
		var info mcp.TaskInfo
		resultOf(t, a, &info)
		if info.Status == want {
			return info
		}
		if time.Now().After(deadline) {
			t.Fatalf("task %s stays %s, want %s", id, info.Status, want)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestTasksExtension(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			sch := schemas(t)[protocol.V20260728]
			c := dial(t, taskServer(), protocol.V20260728, tr, nil)
			call := func(method string, params map[string]any, o opts) answer {
				a := c.call(method, params, o)
				validate(t, sch, protocol.V20260728, method, a)
				return a
			}
			start := func(tool string, args map[string]any) mcp.TaskInfo {
				a := call(protocol.MethodToolsCall, map[string]any{"name": tool, "arguments": args}, withTasks)
				var info mcp.TaskInfo
				resultOf(t, a, &info)
				if info.ResultType != protocol.ResultTask || info.Status != protocol.TaskWorking || info.TTLMs != 3600000 || info.PollIntervalMs != 1000 || len(info.TaskID) != 32 {
					t.Fatalf("%s: CreateTaskResult %s", tool, a.raws[len(a.raws)-1])
				}
				if tr == "http" && (a.channel != chJSON || a.status != 200) {
					t.Errorf("%s: %s %d", tool, a.channel, a.status)
				}
				return info
			}
			// The slow export becomes a task; its progress is the status
			// message; the result is inlined once completed.
			export := start("export_timesheets", map[string]any{"department": "Sales", "steps": 2})
			done := poll(t, c, export.TaskID, protocol.TaskCompleted)
			if !strings.Contains(string(done.Result), `Exported 2 weeks of timesheets for Sales`) || done.StatusMessage != "Exported week 2 of 2" {
				t.Errorf("completed task %+v %s", done, done.Result)
			}
			// Cancelling a finished task: the same empty acknowledgement.
			ack := call(protocol.MethodTasksCancel, map[string]any{"taskId": export.TaskID}, withTasks)
			if got := string(ack.raws[len(ack.raws)-1]); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":`) || !strings.Contains(got, `"result":{"resultType":"complete","_meta":`) {
				t.Errorf("cancel ack %s", got)
			}
			if poll(t, c, export.TaskID, protocol.TaskCompleted).Status != protocol.TaskCompleted {
				t.Error("a finished task changed after tasks/cancel")
			}
			// Questions during the task: input_required, tasks/update.
			ask := start("ask_in_task", map[string]any{})
			waiting := poll(t, c, ask.TaskID, protocol.TaskInputRequired)
			if r := waiting.InputRequests["confirm"]; r.Method != protocol.MethodElicit {
				t.Fatalf("input_required task %+v", waiting)
			}
			bad := call(protocol.MethodTasksUpdate, map[string]any{"taskId": ask.TaskID, "inputResponses": map[string]any{
				"confirm": accept(map[string]any{"confirm": "yes"})}}, withTasks)
			if m := bad.last(); m.Error == nil || m.Error.Code != protocol.CodeInvalidParams || !strings.Contains(m.Error.Message, `inputResponses["confirm"] (elicitation/create): content does not match the requested schema`) {
				t.Errorf("invalid answer: %s", m.Encode())
			}
			call(protocol.MethodTasksUpdate, map[string]any{"taskId": ask.TaskID, "inputResponses": map[string]any{"other": accept(nil)}}, withTasks)
			poll(t, c, ask.TaskID, protocol.TaskInputRequired) // an unknown key changes nothing
			call(protocol.MethodTasksUpdate, map[string]any{"taskId": ask.TaskID, "inputResponses": map[string]any{"confirm": accept(map[string]any{"confirm": true})}}, withTasks)
			if got := poll(t, c, ask.TaskID, protocol.TaskCompleted); !strings.Contains(string(got.Result), `"text":"answer: accept"`) {
				t.Errorf("after tasks/update: %s", got.Result)
			}
			// Cancellation of a running task settles to cancelled.
			stuck := start("wait_for_cancel", map[string]any{})
			call(protocol.MethodTasksCancel, map[string]any{"taskId": stuck.TaskID}, withTasks)
			if got := poll(t, c, stuck.TaskID, protocol.TaskCancelled); got.Result != nil || got.Error != nil {
				t.Errorf("cancelled task %+v", got)
			}
			// A JSON-RPC error of the request is a failed task.
			crash := start("crash_in_task", map[string]any{})
			if got := poll(t, c, crash.TaskID, protocol.TaskFailed); got.Error == nil || got.Error.Code != protocol.CodeInternalError || got.Result != nil {
				t.Errorf("failed task %+v", got)
			}
			// Unknown task: -32602. Not declaring the extension: -32021 with
			// data.requiredCapabilities, HTTP 400, before the id is looked at.
			for _, tc := range []struct {
				method string
				params map[string]any
				o      opts
				code   int
				status int
				text   string
			}{
				{protocol.MethodTasksGet, map[string]any{"taskId": "nope"}, withTasks, protocol.CodeInvalidParams, 200, `Failed to retrieve task: Task not found`},
				{protocol.MethodTasksUpdate, map[string]any{"taskId": "nope", "inputResponses": map[string]any{}}, withTasks, protocol.CodeInvalidParams, 200, `Task not found`},
				{protocol.MethodTasksGet, map[string]any{"taskId": export.TaskID}, withoutTasks, protocol.CodeMissingRequiredClientCapability, 400, `"data":{"requiredCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}}`},
				{protocol.MethodTasksCancel, map[string]any{"taskId": "gate"}, withoutTasks, protocol.CodeMissingRequiredClientCapability, 400, `tasks/cancel belongs to the tasks extension`},
				{protocol.MethodTasksResult, map[string]any{"taskId": export.TaskID}, withTasks, protocol.CodeMethodNotFound, 404, `removed by the tasks extension`},
				{protocol.MethodTasksList, map[string]any{}, withTasks, protocol.CodeMethodNotFound, 404, `removed by the tasks extension`},
			} {
				a := call(tc.method, tc.params, tc.o)
				m := a.last()
				if m.Error == nil || m.Error.Code != tc.code || !strings.Contains(string(m.Encode()), tc.text) || (tr == "http" && a.status != tc.status) {
					t.Errorf("%s %v: %d %s, want %d %d %q", tc.method, tc.params, a.status, m.Encode(), tc.status, tc.code, tc.text)
				}
			}
			// Without the extension the export runs as an ordinary call.
			sync := call(protocol.MethodToolsCall, map[string]any{"name": "export_timesheets", "arguments": map[string]any{"department": "Sales", "steps": 1}}, withoutTasks)
			if m := sync.last(); m.Error != nil || !strings.Contains(string(m.Result), `"resultType":"complete"`) || strings.Contains(string(m.Result), "taskId") {
				t.Errorf("export without the extension: %s", m.Encode())
			}
			if tr == "http" {
				// SEP-2663 §Routing Headers: Mcp-Name mirrors the taskId.
				a := c.raw(jsonrpc.Request(jsonrpc.IntID(c.id()), protocol.MethodTasksGet, mcp.RequestParams(protocol.V20260728,
					map[string]any{"taskId": export.TaskID}, nil)), map[string]string{protocol.HeaderName: "another-task"})
				if m := a.last(); a.status != http.StatusBadRequest || m.Error == nil || m.Error.Code != protocol.CodeHeaderMismatch {
					t.Errorf("Mcp-Name mismatch: %d %s", a.status, m.Encode())
				}
			}
		})
	}
}

// TestTaskNotifications: subscriptions/listen with taskIds (the extension
// declared, else -32021) acknowledges the tasks it has and sends
// notifications/tasks with the whole task when one changes.
func TestTaskNotifications(t *testing.T) {
	sch := schemas(t)[protocol.V20260728]
	srv := taskServer()
	c := dial(t, srv, protocol.V20260728, "stdio", nil)
	a := c.call(protocol.MethodToolsCall, map[string]any{"name": "ask_in_task", "arguments": map[string]any{}}, withTasks)
	var info mcp.TaskInfo
	resultOf(t, a, &info)
	poll(t, c, info.TaskID, protocol.TaskInputRequired)

	refused := c.call(protocol.MethodListen, map[string]any{"notifications": map[string]any{"taskIds": []string{info.TaskID}}}, withoutTasks)
	if m := refused.last(); m.Error == nil || m.Error.Code != protocol.CodeMissingRequiredClientCapability {
		t.Errorf("taskIds without the extension: %s", m.Encode())
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &recorder{}
	params := mcp.RequestParams(protocol.V20260728, map[string]any{"notifications": map[string]any{"taskIds": []string{info.TaskID, "nope"}}}, nil)
	params["_meta"].(map[string]any)[protocol.MetaClientCapabilities] = withTasks.meta[protocol.MetaClientCapabilities]
	go srv.Handle(ctx, mcp.NewConn(), jsonrpc.Request(jsonrpc.StringID("sub-t"), protocol.MethodListen, params), rec.add)
	got := rec.wait(t, 1)
	if want := `{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"sub-t"},"notifications":{"taskIds":["` + info.TaskID + `"]}}}`; got[0] != want {
		t.Fatalf("acknowledgment %s\nwant %s", got[0], want)
	}
	c.call(protocol.MethodTasksUpdate, map[string]any{"taskId": info.TaskID, "inputResponses": map[string]any{"confirm": accept(map[string]any{"confirm": false})}}, withTasks)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		got = rec.wait(t, 2)
		if strings.Contains(got[len(got)-1], `"status":"completed"`) || time.Now().After(deadline) {
			break
		}
	}
	last := got[len(got)-1]
	if !strings.HasPrefix(last, `{"jsonrpc":"2.0","method":"notifications/tasks","params":{"taskId":"`+info.TaskID+`","status":"completed"`) ||
		!strings.Contains(last, `"result":{"resultType":"complete","content":[{"type":"text","text":"answer: accept"}]`) || !strings.Contains(last, `"_meta":{"io.modelcontextprotocol/subscriptionId":"sub-t"}`) {
		t.Errorf("notification %s", last)
	}
	rec.mu.Lock()
	for _, m := range rec.msgs {
		var a answer
		a.add(t, m.Encode())
		validate(t, sch, protocol.V20260728, protocol.MethodListen, a)
	}
	rec.mu.Unlock()
}

// TestLegacyTasks: 2025-11-25 experimental tasks, bound to the session.
func TestLegacyTasks(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			sch := schemas(t)[protocol.V20251125]
			c := dial(t, taskServer(), protocol.V20251125, tr, map[string]any{"elicitation": map[string]any{}})
			call := func(method string, params map[string]any) answer {
				a := c.call(method, params, opts{})
				validate(t, sch, protocol.V20251125, method, a)
				return a
			}
			create := func(tool string, args map[string]any) mcp.LegacyTask {
				a := call(protocol.MethodToolsCall, map[string]any{"name": tool, "arguments": args, "task": map[string]any{"ttl": 60000}})
				var res struct {
					Task mcp.LegacyTask `json:"task"`
				}
				resultOf(t, a, &res)
				if res.Task.Status != protocol.TaskWorking || res.Task.TTL != 60000 || res.Task.PollInterval != 1000 {
					t.Fatalf("%s: CreateTaskResult %s", tool, a.raws[len(a.raws)-1])
				}
				return res.Task
			}
			export := create("export_timesheets", map[string]any{"department": "Finance", "steps": 1})
			// tasks/result waits for the end and returns what the call would
			// have returned, with related-task.
			res := call(protocol.MethodTasksResult, map[string]any{"taskId": export.TaskID})
			if got := string(res.raws[len(res.raws)-1]); !strings.Contains(got, `Exported 1 week of timesheets for Finance`) ||
				!strings.Contains(got, `"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"`+export.TaskID+`"}}`) {
				t.Errorf("tasks/result %s", got)
			}
			list := call(protocol.MethodTasksList, nil)
			if !strings.Contains(string(list.raws[len(list.raws)-1]), `"taskId":"`+export.TaskID+`","status":"completed"`) {
				t.Errorf("tasks/list %s", list.raws[len(list.raws)-1])
			}
			// A finished task cannot be cancelled (-32602); a running one can,
			// and the answer is the cancelled task.
			if m := call(protocol.MethodTasksCancel, map[string]any{"taskId": export.TaskID}).last(); m.Error == nil || m.Error.Code != protocol.CodeInvalidParams {
				t.Errorf("cancel a finished task: %s", m.Encode())
			}
			stuck := create("wait_for_cancel", map[string]any{})
			if m := call(protocol.MethodTasksCancel, map[string]any{"taskId": stuck.TaskID}).last(); m.Error != nil || !strings.Contains(string(m.Result), `"status":"cancelled"`) {
				t.Errorf("cancel a running task: %s", m.Encode())
			}
			// The task's question rides the tasks/result stream, tagged with
			// related-task; the answer goes back like any response.
			c.answer = func(req *jsonrpc.Message) *jsonrpc.Message {
				if !strings.Contains(string(req.Params), `"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"`) {
					t.Errorf("task request without related-task: %s", req.Params)
				}
				return jsonrpc.Result(req.ID, map[string]any{"action": "decline"})
			}
			ask := create("ask_in_task", map[string]any{})
			res = call(protocol.MethodTasksResult, map[string]any{"taskId": ask.TaskID})
			if len(res.msgs) != 2 || res.msgs[0].Method != protocol.MethodElicit || !strings.Contains(string(res.raws[1]), `"text":"answer: decline"`) {
				t.Errorf("tasks/result with a question: %q", res.raws)
			}
			if tr == "http" && (res.channel != chSSE || !res.primed) {
				t.Errorf("tasks/result with a question on %s", res.channel)
			}
			// Task augmentation is for task-supporting tools only, and a
			// task-only tool needs it (both -32601); other sessions do not
			// see this session's tasks.
			if m := call(protocol.MethodToolsCall, map[string]any{"name": "list_emails", "arguments": map[string]any{}, "task": map[string]any{}}).last(); m.Error == nil || m.Error.Code != protocol.CodeMethodNotFound {
				t.Errorf("task param on list_emails: %s", m.Encode())
			}
			other := dial(t, c.srv, protocol.V20251125, tr, nil)
			if m := other.call(protocol.MethodTasksGet, map[string]any{"taskId": export.TaskID}, opts{}).last(); m.Error == nil || m.Error.Code != protocol.CodeInvalidParams {
				t.Errorf("another session read the task: %s", m.Encode())
			}
		})
	}
}
