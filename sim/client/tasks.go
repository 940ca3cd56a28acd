package client

// Tasks: a long request answered with a durable handle that the client
// polls. Two surfaces, one client API:
//
//   - 2026-07-28, the tasks extension io.modelcontextprotocol/tasks
//     (SEP-2663): the client declares the extension in every request's
//     clientCapabilities (its Host's Tasks) and the server decides whether a
//     tools/call becomes a task (CreateTaskResult, resultType "task");
//     tasks/get polls and inlines the result once terminal, tasks/update
//     answers the task's inputRequests, tasks/cancel asks it to stop.
//   - 2025-11-25, experimental tasks (basic/utilities/tasks): the client
//     asks for a task with params.task; tasks/get polls, tasks/result
//     blocks until the end (and carries the task's own requests to the
//     client, answered like any server request), tasks/cancel.

import (
	"context"
	"encoding/json"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// Task is a task as the client sees it, in either era's shape.
type Task struct {
	ID            string
	Status        string // working, input_required, completed, failed, cancelled
	StatusMessage string
	PollInterval  time.Duration // how often the server suggests polling; 0: none
	TTL           time.Duration
	// The extension's DetailedTask: the questions while input_required,
	// the request's result once completed, its error once failed.
	InputRequests map[string]mcp.InputRequest
	Result        json.RawMessage
	Error         *jsonrpc.Error
}

// Terminal reports whether the task ended (SEP-2663 §Task Status; 2025-11-25
// tasks §Task Status: completed, failed and cancelled are terminal).
func (t Task) Terminal() bool {
	switch t.Status {
	case protocol.TaskCompleted, protocol.TaskFailed, protocol.TaskCancelled:
		return true
	}
	return false
}

// Task reads a task from an outcome: a 2026-07-28 CreateTaskResult
// (resultType "task") or GetTaskResult, a 2025-11-25 CreateTaskResult
// ({"task": …}) or Task; false when the result is not one.
func (o Outcome) Task() (Task, bool) {
	var raw struct {
		mcp.TaskInfo
		Task         *mcp.LegacyTask `json:"task"`
		TTL          int64           `json:"ttl"`
		PollInterval int64           `json:"pollInterval"`
	}
	if !o.Result(&raw) {
		return Task{}, false
	}
	if l := raw.Task; l != nil {
		return Task{ID: l.TaskID, Status: l.Status, StatusMessage: l.StatusMessage,
			PollInterval: time.Duration(l.PollInterval) * time.Millisecond, TTL: time.Duration(l.TTL) * time.Millisecond}, l.TaskID != ""
	}
	t := raw.TaskInfo
	if t.TaskID == "" || t.Status == "" {
		return Task{}, false
	}
	out := Task{ID: t.TaskID, Status: t.Status, StatusMessage: t.StatusMessage, InputRequests: t.InputRequests, Result: t.Result, Error: t.Error,
		PollInterval: time.Duration(t.PollIntervalMs) * time.Millisecond, TTL: time.Duration(t.TTLMs) * time.Millisecond}
	if t.PollIntervalMs == 0 && t.TTLMs == 0 { // the 2025-11-25 Task of tasks/get and tasks/cancel
		out.PollInterval, out.TTL = time.Duration(raw.PollInterval)*time.Millisecond, time.Duration(raw.TTL)*time.Millisecond
	}
	return out, true
}

// CallToolAsTask calls a tool and lets it become a task. 2026-07-28: the
// request is an ordinary tools/call; the client's Host must declare the
// extension, and the server decides (its answer is a task handle or the
// result). 2025-11-25: params.task asks for one, with ttl ("Requestors MAY
// include a ttl"). The outcome holds the handle (Outcome.Task) or the
// answer.
func (c *Client) CallToolAsTask(ctx context.Context, name string, args any, ttl time.Duration, o CallOptions) Outcome {
	raw, err := rawArgs(args)
	if err != nil {
		return Outcome{Err: err}
	}
	params := map[string]any{"name": name, "arguments": raw}
	if !protocol.IsModern(c.Version()) {
		task := map[string]any{}
		if ttl > 0 {
			task["ttl"] = ttl.Milliseconds()
		}
		params["task"] = task
	}
	return c.Request(ctx, protocol.MethodToolsCall, params, o)
}

// GetTask polls a task (tasks/get).
func (c *Client) GetTask(ctx context.Context, id string, o CallOptions) (Task, Outcome) {
	out := c.Request(ctx, protocol.MethodTasksGet, map[string]any{"taskId": id}, o)
	t, _ := out.Task()
	return t, out
}

// UpdateTask answers a 2026-07-28 task's inputRequests (the extension's
// tasks/update; SEP-2663 §Task Update Requests: inputResponses keyed like
// the task's inputRequests).
func (c *Client) UpdateTask(ctx context.Context, id string, responses map[string]json.RawMessage, o CallOptions) Outcome {
	return c.Request(ctx, protocol.MethodTasksUpdate, map[string]any{"taskId": id, "inputResponses": responses}, o)
}

// CancelTask asks the server to stop a task (tasks/cancel).
func (c *Client) CancelTask(ctx context.Context, id string, o CallOptions) Outcome {
	return c.Request(ctx, protocol.MethodTasksCancel, map[string]any{"taskId": id}, o)
}

// TaskResult is 2025-11-25 tasks/result: it waits for the task to end and
// returns exactly what the request would have returned. While it waits,
// the task's requests to the client arrive on its stream and the Host
// answers them (tasks §Input Required Status: the requestor "SHOULD
// preemptively call tasks/result").
func (c *Client) TaskResult(ctx context.Context, id string, o CallOptions) Outcome {
	return c.Request(ctx, protocol.MethodTasksResult, map[string]any{"taskId": id}, o)
}

// AwaitOptions tune AwaitTask.
type AwaitOptions struct {
	// Call tunes each tasks/* request (Tag for the Observer).
	Call CallOptions
	// Every is the poll interval when the task suggests none; zero is one
	// second.
	Every time.Duration
	// MaxPolls bounds the polls; zero is 100.
	MaxPolls int
	// OnPoll sees the task after each tasks/get; returning true stops
	// waiting (the caller cancels, say).
	OnPoll func(t Task) (stop bool)
}

// AwaitTask polls a task until it ends, waiting its pollInterval between
// polls on the client's clock (Config.Sleep; SEP-2663: "Requestors SHOULD
// respect the pollIntervalMs"). A 2026-07-28 task that needs input gets its
// inputRequests answered by the Host with tasks/update; a 2025-11-25 task
// that needs input, or that completed, is read with tasks/result, whose
// stream carries the task's questions. It returns the last task seen and
// the last outcome (tasks/result's for 2025-11-25).
func (c *Client) AwaitTask(ctx context.Context, t Task, o AwaitOptions) (Task, Outcome) {
	every := o.Every
	if every <= 0 {
		every = time.Second
	}
	max := o.MaxPolls
	if max <= 0 {
		max = 100
	}
	var out Outcome
	for i := 0; i < max && !t.Terminal(); i++ {
		wait := t.PollInterval
		if wait <= 0 {
			wait = every
		}
		if err := c.cfg.Sleep(ctx, wait); err != nil {
			return t, Outcome{Err: err}
		}
		var got Task
		got, out = c.GetTask(ctx, t.ID, o.Call)
		if out.Response == nil || out.Error() != nil || got.ID == "" {
			return t, out
		}
		t = got
		if o.OnPoll != nil && o.OnPoll(t) {
			return t, out
		}
		if t.Status != protocol.TaskInputRequired {
			continue
		}
		if !protocol.IsModern(c.Version()) {
			break // tasks/result below carries the questions
		}
		if c.cfg.Host == nil || len(t.InputRequests) == 0 {
			continue
		}
		responses := map[string]json.RawMessage{}
		for _, key := range SortedKeys(t.InputRequests) {
			r := t.InputRequests[key]
			res, err := c.ask(ctx, Question{Method: r.Method, Params: r.Params, Key: key, Task: t.ID})
			if err != nil {
				out.Declined = true
				return t, out
			}
			responses[key] = res
		}
		if out = c.UpdateTask(ctx, t.ID, responses, o.Call); out.Error() != nil {
			return t, out
		}
	}
	if !protocol.IsModern(c.Version()) && (t.Status == protocol.TaskCompleted || t.Status == protocol.TaskInputRequired) {
		out = c.TaskResult(ctx, t.ID, o.Call)
		if t.Status == protocol.TaskInputRequired {
			t.Status = protocol.TaskCompleted
			if out.Error() != nil {
				t.Status = protocol.TaskFailed
			}
		}
	}
	return t, out
}

func rawArgs(args any) (json.RawMessage, error) {
	if raw, ok := args.(json.RawMessage); ok {
		return raw, nil
	}
	return json.Marshal(args)
}
