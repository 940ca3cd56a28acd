package mcp

// Tasks: a long tools/call answered with a durable handle instead of its
// result. Two surfaces share one store:
//
//   - 2026-07-28, the tasks extension io.modelcontextprotocol/tasks
//     (SEP-2663): the client declares the extension in each request's
//     clientCapabilities and the server decides per request whether to
//     create a task (CreateTaskResult, resultType "task"); tasks/get polls
//     (the result inlined once terminal), tasks/update answers the task's
//     inputRequests, tasks/cancel asks it to stop; notifications/tasks on a
//     subscriptions/listen stream that listed the taskIds.
//   - 2025-11-25, experimental tasks (basic/utilities/tasks): the client
//     asks for a task with params.task; tasks/get, tasks/result (blocks
//     until the task ends), tasks/list and tasks/cancel, all bound to the
//     session; notifications/tasks/status on the session stream; the
//     task's questions are JSON-RPC requests tagged with related-task.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// Task timing the server suggests: tasks live an hour after creation
// (ttlMs) and clients poll once a second (pollIntervalMs).
const (
	TaskTTL          = time.Hour
	TaskPollInterval = time.Second
	// maxTasks bounds the store; past it the oldest finished task goes
	// first ("Servers are not required to retain tasks indefinitely").
	maxTasks = 1000
)

// TaskStore holds tasks. It is safe for concurrent use; replicas of one
// server share one store, as they would share a database.
type TaskStore struct {
	mu    sync.Mutex
	tasks map[string]*task
	order []string // creation order
}

// NewTaskStore returns an empty store.
func NewTaskStore() *TaskStore { return &TaskStore{tasks: map[string]*task{}} }

// task is one task. Fields are guarded by the store's mutex.
type task struct {
	id      string
	owner   *Conn // 2025-11-25: the session it belongs to; nil for the extension
	status  string
	message string
	created time.Time
	updated time.Time
	ttl     time.Duration
	result  json.RawMessage // completed: what the request would have returned
	failure *jsonrpc.Error  // failed: the JSON-RPC error
	cancel  context.CancelFunc
	// toolSaid: the tool set the status message (Env.Status, progress);
	// the last one it set stays when the task completes.
	toolSaid bool

	// open are the questions waiting for the client (the extension's
	// inputRequests); given holds answers tasks/update delivered for them.
	open  []primitive.InputRequest
	given map[string]json.RawMessage
	// outbox: 2025-11-25 requests of the task not yet written on a stream.
	outbox []*jsonrpc.Message

	rev  int           // bumped on every change
	wake chan struct{} // closed (and replaced) on every change
}

func randomTaskID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func terminal(status string) bool {
	return status == protocol.TaskCompleted || status == protocol.TaskFailed || status == protocol.TaskCancelled
}

// add stores a new task, evicting the oldest finished one when full.
func (ts *TaskStore) add(t *task) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for len(ts.order) >= maxTasks {
		evict := 0
		for i, id := range ts.order {
			if old := ts.tasks[id]; old != nil && terminal(old.status) {
				evict = i
				break
			}
		}
		if old := ts.tasks[ts.order[evict]]; old != nil && old.cancel != nil {
			old.cancel()
		}
		delete(ts.tasks, ts.order[evict])
		ts.order = append(ts.order[:evict], ts.order[evict+1:]...)
	}
	t.wake = make(chan struct{})
	ts.tasks[t.id] = t
	ts.order = append(ts.order, t.id)
}

// lookup returns the task id of owner (nil for the extension's tasks), or
// nil when there is none or it outlived its ttl ("the server may discard
// the task after the TTL elapses").
func (ts *TaskStore) lookup(id string, owner *Conn, now time.Time) *task {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t := ts.tasks[id]
	if t == nil || t.owner != owner {
		return nil
	}
	if now.After(t.created.Add(t.ttl)) {
		if t.cancel != nil {
			t.cancel()
		}
		delete(ts.tasks, id)
		for i, o := range ts.order {
			if o == id {
				ts.order = append(ts.order[:i], ts.order[i+1:]...)
				break
			}
		}
		return nil
	}
	return t
}

// change applies f to t under the lock, stamps it and wakes its waiters.
func (ts *TaskStore) change(t *task, now time.Time, f func(t *task)) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	f(t)
	t.updated = now
	t.rev++
	close(t.wake)
	t.wake = make(chan struct{})
}

// revs returns every task's revision, for watchers that report changes.
func (ts *TaskStore) revs() map[string]int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	out := make(map[string]int, len(ts.tasks))
	for id, t := range ts.tasks {
		out[id] = t.rev
	}
	return out
}

// owned returns the tasks of owner, oldest first.
func (ts *TaskStore) owned(owner *Conn) []*task {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var out []*task
	for _, id := range ts.order {
		if t := ts.tasks[id]; t != nil && t.owner == owner {
			out = append(out, t)
		}
	}
	return out
}

// Wire shapes.

// TaskInfo is the extension's Task and DetailedTask (SEP-2663 §Tasks),
// and with ResultType the CreateTaskResult ("task") and GetTaskResult
// ("complete").
type TaskInfo struct {
	ResultType     string                  `json:"resultType,omitempty"`
	TaskID         string                  `json:"taskId"`
	Status         string                  `json:"status"`
	StatusMessage  string                  `json:"statusMessage,omitempty"`
	CreatedAt      string                  `json:"createdAt"`
	LastUpdatedAt  string                  `json:"lastUpdatedAt"`
	TTLMs          int64                   `json:"ttlMs"`
	PollIntervalMs int64                   `json:"pollIntervalMs"`
	InputRequests  map[string]InputRequest `json:"inputRequests,omitempty"`
	Result         json.RawMessage         `json:"result,omitempty"`
	Error          *jsonrpc.Error          `json:"error,omitempty"`
	Meta           any                     `json:"_meta,omitempty"`
}

// LegacyTask is 2025-11-25's Task.
type LegacyTask struct {
	TaskID        string `json:"taskId"`
	Status        string `json:"status"`
	StatusMessage string `json:"statusMessage,omitempty"`
	CreatedAt     string `json:"createdAt"`
	LastUpdatedAt string `json:"lastUpdatedAt"`
	TTL           int64  `json:"ttl"`
	PollInterval  int64  `json:"pollInterval"`
}

func stampTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// info is t as the extension shows it, with the status-specific fields
// (DetailedTask). ts.mu must be held.
func (t *task) info() TaskInfo {
	out := TaskInfo{TaskID: t.id, Status: t.status, StatusMessage: t.message, CreatedAt: stampTime(t.created),
		LastUpdatedAt: stampTime(t.updated), TTLMs: t.ttl.Milliseconds(), PollIntervalMs: TaskPollInterval.Milliseconds()}
	switch t.status {
	case protocol.TaskInputRequired:
		out.InputRequests = map[string]InputRequest{}
		for _, r := range t.open {
			out.InputRequests[r.Key] = inputRequestOf(r)
		}
	case protocol.TaskCompleted:
		out.Result = t.result
	case protocol.TaskFailed:
		out.Error = t.failure
	}
	return out
}

// legacyInfo is t as 2025-11-25 shows it. ts.mu must be held.
func (t *task) legacyInfo() LegacyTask {
	return LegacyTask{TaskID: t.id, Status: t.status, StatusMessage: t.message, CreatedAt: stampTime(t.created),
		LastUpdatedAt: stampTime(t.updated), TTL: t.ttl.Milliseconds(), PollInterval: TaskPollInterval.Milliseconds()}
}

func (s *Server) snapshot(t *task) TaskInfo {
	s.cfg.Tasks.mu.Lock()
	defer s.cfg.Tasks.mu.Unlock()
	return t.info()
}

func (s *Server) legacySnapshot(t *task) LegacyTask {
	s.cfg.Tasks.mu.Lock()
	defer s.cfg.Tasks.mu.Unlock()
	return t.legacyInfo()
}

// newTask creates a working task, durably, before anyone is told of it
// (SEP-2663: "A server MUST NOT return CreateTaskResult until the task is
// durably created").
func (s *Server) newTask(owner *Conn, ttl time.Duration, cancel context.CancelFunc) *task {
	now := s.cfg.Now()
	t := &task{id: s.cfg.NewTaskID(), owner: owner, status: protocol.TaskWorking, created: now, updated: now, ttl: ttl,
		cancel: cancel, given: map[string]json.RawMessage{}}
	s.cfg.Tasks.add(t)
	return t
}

// finish stores what the task's request produced: its result (completed,
// even with isError: SEP-2663 "This includes tool calls that returned
// results with isError: true") or its JSON-RPC error (failed). A cancelled
// task stays cancelled ("it MUST remain in cancelled status even if
// execution continues to completion").
func (s *Server) finish(t *task, r Reply) {
	s.cfg.Tasks.change(t, s.cfg.Now(), func(t *task) {
		if terminal(t.status) {
			return
		}
		t.open = nil
		switch {
		case r.Msg == nil:
			t.status, t.message = protocol.TaskCancelled, "The request was cancelled."
		case r.Msg.Error != nil:
			t.status, t.failure = protocol.TaskFailed, r.Msg.Error
			t.message = r.Msg.Error.Message
		default:
			t.status, t.result = protocol.TaskCompleted, r.Msg.Result
			if !t.toolSaid {
				t.message = "Done."
			}
		}
	})
	s.Logf("task %s: %s", t.id, s.snapshot(t).Status)
}

// taskAsk is the Env.Ask of a task of the extension: the questions become
// the task's inputRequests (status input_required) and the tool waits until
// tasks/update has answered all of them (SEP-2663 §Task Update Requests).
func (s *Server) taskAsk(t *task, caps json.RawMessage) func(context.Context, ...primitive.InputRequest) ([]json.RawMessage, error) {
	return func(ctx context.Context, reqs ...primitive.InputRequest) ([]json.RawMessage, error) {
		for _, r := range reqs {
			if need := primitive.Needs(caps, r); need != nil {
				return nil, &primitive.MissingCapabilityError{Method: r.Method, Required: need}
			}
		}
		ts := s.cfg.Tasks
		ts.change(t, s.cfg.Now(), func(t *task) {
			t.open = append(t.open, reqs...)
			t.status, t.message = protocol.TaskInputRequired, "Waiting for the client: "+keysOf(reqs)+"."
		})
		for {
			ts.mu.Lock()
			out := make([]json.RawMessage, len(reqs))
			all := true
			for i, r := range reqs {
				if out[i] = t.given[r.Key]; out[i] == nil {
					all = false
				}
			}
			wake := t.wake
			ts.mu.Unlock()
			if all {
				ts.change(t, s.cfg.Now(), func(t *task) {
					for _, r := range reqs {
						delete(t.given, r.Key)
					}
					if !terminal(t.status) && len(t.open) == 0 {
						t.status, t.message = protocol.TaskWorking, "Working."
					}
				})
				return out, nil
			}
			if err := s.waitUntil(ctx, func() bool { return closed(wake) }, wake); err != nil {
				return nil, err
			}
		}
	}
}

func keysOf(reqs []primitive.InputRequest) string {
	s := ""
	for i, r := range reqs {
		if i > 0 {
			s += ", "
		}
		s += r.Key + " (" + r.Method + ")"
	}
	return s
}

// taskCall reads params.taskId of a tasks/* request and finds the task; a
// 2026-07-28 client must have declared the extension on this very request
// (SEP-2663 §Protocol Errors: servers "MUST return this error for
// non-declaring clients issuing tasks/get, tasks/update, and tasks/cancel").
func (q *call) taskCall() (*task, *Reply) {
	if q.modern && !primitive.Declares(q.clientCapabilities(), "extensions", protocol.ExtTasks) {
		r := q.requireCapabilities(q.m.Method+" belongs to the tasks extension "+protocol.ExtTasks, tasksCapability())
		return nil, &r
	}
	var p struct {
		TaskID *string `json:"taskId"`
	}
	if r := q.params(&p); r != nil {
		return nil, r
	}
	if p.TaskID == nil {
		r := q.invalid("Invalid params: "+q.m.Method+" needs params.taskId (a string)", nil)
		return nil, &r
	}
	var owner *Conn
	if !q.modern {
		owner = q.c // 2025-11-25 tasks belong to their session
	}
	t := q.s.cfg.Tasks.lookup(*p.TaskID, owner, q.s.cfg.Now())
	if t == nil {
		// SEP-2663 §Protocol Errors: "Invalid or nonexistent taskId: -32602";
		// 2025-11-25 tasks §Protocol Errors likewise.
		r := q.invalid("Failed to retrieve task: Task not found (no task "+quoteJSON(*p.TaskID)+" here, or it expired)", nil)
		return nil, &r
	}
	return t, nil
}

// tasksCapability is the ClientCapabilities object that declares the
// tasks extension.
func tasksCapability() map[string]any {
	return map[string]any{"extensions": map[string]any{protocol.ExtTasks: map[string]any{}}}
}

// tasksGet is tasks/get: the extension's DetailedTask (resultType
// "complete"), or 2025-11-25's Task.
func (q *call) tasksGet(context.Context) Reply {
	t, r := q.taskCall()
	if r != nil {
		return *r
	}
	if !q.modern {
		return q.ok(q.s.legacySnapshot(t))
	}
	info := q.s.snapshot(t)
	info.ResultType, info.Meta = q.stamp()
	return q.ok(info)
}

// tasksUpdate is the extension's tasks/update: answers to the task's
// outstanding inputRequests, checked like any answer (an invalid one
// refuses the whole update: -32602); keys that are not outstanding are
// ignored ("including keys that were never issued, keys that have already
// been answered"). The acknowledgement is empty.
func (q *call) tasksUpdate(context.Context) Reply {
	t, r := q.taskCall()
	if r != nil {
		return *r
	}
	var p struct {
		InputResponses map[string]json.RawMessage `json:"inputResponses"`
	}
	if r := q.params(&p); r != nil {
		return *r
	}
	ts := q.s.cfg.Tasks
	ts.mu.Lock()
	open := append([]primitive.InputRequest(nil), t.open...)
	ts.mu.Unlock()
	taken := map[string]json.RawMessage{}
	for _, req := range open {
		a, ok := p.InputResponses[req.Key]
		if !ok {
			continue
		}
		if err := primitive.CheckAnswer(req, a); err != nil {
			bad := err.(*primitive.AnswerError)
			return q.invalid("Invalid params: inputResponses["+quoteJSON(req.Key)+"] ("+req.Method+"): "+bad.Msg, nil)
		}
		taken[req.Key] = a
	}
	if len(taken) > 0 {
		ts.change(t, q.s.cfg.Now(), func(t *task) {
			kept := t.open[:0]
			for _, req := range t.open {
				if a, ok := taken[req.Key]; ok {
					t.given[req.Key] = a
					continue
				}
				kept = append(kept, req)
			}
			t.open = kept
			if t.status == protocol.TaskInputRequired && len(t.open) == 0 {
				t.status, t.message = protocol.TaskWorking, "Working."
			}
		})
	}
	return q.ack()
}

// ack is an empty acknowledgement with resultType "complete".
func (q *call) ack() Reply {
	resultType, meta := q.stamp()
	return q.ok(struct {
		ResultType string      `json:"resultType,omitempty"`
		Meta       *ResultMeta `json:"_meta,omitempty"`
	}{resultType, meta})
}

// tasksCancel is tasks/cancel. The extension acknowledges (empty, also for
// a finished task: cancellation is "cooperative"); the task settles to
// cancelled when it was still running. 2025-11-25 refuses a finished task
// with -32602 and answers with the cancelled Task ("MUST transition the
// task to cancelled status before sending the response").
func (q *call) tasksCancel(context.Context) Reply {
	t, r := q.taskCall()
	if r != nil {
		return *r
	}
	ts := q.s.cfg.Tasks
	was := ""
	ts.change(t, q.s.cfg.Now(), func(t *task) {
		was = t.status
		if !terminal(t.status) {
			t.status, t.message, t.open = protocol.TaskCancelled, "Cancelled at the client's request.", nil
		}
	})
	if !terminal(was) && t.cancel != nil {
		t.cancel()
	}
	if q.modern {
		return q.ack()
	}
	if terminal(was) {
		return q.invalid("Invalid params: task "+quoteJSON(t.id)+" already ended ("+was+"); it cannot be cancelled", nil)
	}
	return q.ok(q.s.legacySnapshot(t))
}

// tasksList is 2025-11-25 tasks/list: the session's tasks, in one page.
func (q *call) tasksList(context.Context) Reply {
	if r := q.noCursor(); r != nil {
		return *r
	}
	out := struct {
		Tasks []LegacyTask `json:"tasks"`
	}{Tasks: []LegacyTask{}}
	for _, t := range q.s.cfg.Tasks.owned(q.c) {
		out.Tasks = append(out.Tasks, q.s.legacySnapshot(t))
	}
	return q.ok(out)
}

// tasksResult is 2025-11-25 tasks/result: it waits until the task ends and
// returns "exactly what the underlying request would have returned",
// with related-task in _meta. While it waits, the task's requests to the
// client go out on its stream (basic/utilities/tasks §Input Required
// Status: the requestor "SHOULD preemptively call tasks/result").
func (q *call) tasksResult(ctx context.Context) Reply {
	t, r := q.taskCall()
	if r != nil {
		return *r
	}
	ts := q.s.cfg.Tasks
	for {
		ts.mu.Lock()
		var out []*jsonrpc.Message
		if q.notify != nil {
			out, t.outbox = t.outbox, nil
		}
		status, wake, result, failure := t.status, t.wake, t.result, t.failure
		ts.mu.Unlock()
		for _, m := range out {
			q.notify(m)
		}
		if terminal(status) {
			related := map[string]any{protocol.MetaRelatedTask: map[string]string{"taskId": t.id}}
			switch status {
			case protocol.TaskFailed:
				return errReply(q.m, http.StatusOK, failure.Code, failure.Message, failure.Data)
			case protocol.TaskCancelled:
				return q.invalid("Invalid params: task "+quoteJSON(t.id)+" was cancelled; it has no result", nil)
			}
			var res map[string]json.RawMessage
			_ = json.Unmarshal(result, &res)
			meta := map[string]json.RawMessage{}
			_ = json.Unmarshal(res["_meta"], &meta)
			meta[protocol.MetaRelatedTask] = mustJSON(related[protocol.MetaRelatedTask])
			res["_meta"] = mustJSON(meta)
			return q.ok(res)
		}
		if q.s.waitUntil(ctx, func() bool { return closed(wake) }, wake) != nil {
			return Reply{Status: http.StatusOK}
		}
	}
}

// send queues a 2025-11-25 task's message for whichever stream takes it
// first: a waiting tasks/result, or the session stream.
func (s *Server) taskSend(t *task) func(*jsonrpc.Message) {
	return func(m *jsonrpc.Message) {
		s.cfg.Tasks.change(t, s.cfg.Now(), func(t *task) { t.outbox = append(t.outbox, m) })
	}
}

// takeOutbox removes and returns the queued messages of owner's tasks.
func (ts *TaskStore) takeOutbox(owner *Conn) []*jsonrpc.Message {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var out []*jsonrpc.Message
	for _, id := range ts.order {
		if t := ts.tasks[id]; t != nil && t.owner == owner && len(t.outbox) > 0 {
			out = append(out, t.outbox...)
			t.outbox = nil
		}
	}
	return out
}
