package client_test

// The client answering what the server asks, against the engine's server,
// at both versions over both transports: 2025-11-25 server requests read
// from stdout or the POST's SSE stream and answered on stdin or by a POST
// (202); 2026-07-28 InputRequiredResults retried with a new id, the
// inputResponses and the requestState unchanged; the capabilities the
// client declares; what the server does when one is missing.

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/vclock"
)

var workspace = []primitive.Root{{URI: "file:///home/li/acme", Name: "acme"}}

// askClient is a client of the course server with host.
func askClient(t *testing.T, version, transport string, host client.Host, serverCfg func(*mcp.Config)) *engineClient {
	t.Helper()
	return engineClientWith(t, version, transport, nil, serverCfg, func(c *client.Config) { c.Host = host })
}

// serverRequests are the requests of the server the client read (never
// under 2026-07-28), with the channel each came on.
func serverRequests(evs []*client.Event) (methods []string, channels []trace.Channel) {
	for _, e := range evs {
		if e.Event.From != trace.Server {
			continue
		}
		for _, m := range e.Msgs {
			if m.Kind() == jsonrpc.KindRequest {
				methods = append(methods, m.Method)
				channels = append(channels, e.Event.Channel)
			}
		}
	}
	return methods, channels
}

// byRole returns the events of role r, in order.
func byRole(evs []*client.Event, r client.Role) []*client.Event {
	var out []*client.Event
	for _, e := range evs {
		if e.Role == r {
			out = append(out, e)
		}
	}
	return out
}

// sentParams are the params of each client request with method, in order.
func sentParams(t *testing.T, evs []*client.Event, method string) []map[string]json.RawMessage {
	t.Helper()
	var out []map[string]json.RawMessage
	for _, e := range evs {
		if e.Event.From != trace.Client || len(e.Msgs) != 1 || e.Msgs[0].Method != method || e.Msgs[0].Kind() != jsonrpc.KindRequest {
			continue
		}
		var p map[string]json.RawMessage
		if err := json.Unmarshal(e.Msgs[0].Params, &p); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

func resultText(res mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	return res.Content[0].Text
}

// TestClientAnswersTheServer: each course tool that needs the client, per
// version × transport, with the lab's deterministic Host.
func TestClientAnswersTheServer(t *testing.T) {
	cases := []struct {
		name   string
		host   *client.FixedHost
		tool   string
		args   map[string]any
		method string // the question
		caps   string // the ClientCapabilities the client declares, per version
		caps25 string
		want   string // in the final result's text
	}{
		{"elicitation", &client.FixedHost{Elicitation: true}, "book_room", map[string]any{"room": "Aurora", "day": "2026-12-03"}, protocol.MethodElicit,
			`{"elicitation":{"form":{}}}`, "", "Booked Borealis on 2026-12-03 instead (Aurora was taken on 2026-12-03)."},
		{"elicitation declined", &client.FixedHost{Elicitation: true, ElicitAction: protocol.ActionDecline}, "book_room", map[string]any{"room": "Aurora", "day": "2026-12-03"}, protocol.MethodElicit,
			`{"elicitation":{"form":{}}}`, "", "the user declined the alternatives"},
		{"elicitation cancelled", &client.FixedHost{Elicitation: true, ElicitAction: protocol.ActionCancel}, "book_room", map[string]any{"room": "Aurora", "day": "2026-12-03"}, protocol.MethodElicit,
			`{"elicitation":{"form":{}}}`, "", "the user dismissed the question"},
		{"sampling", &client.FixedHost{Sampling: true}, "summarize_inbox", map[string]any{"urgent": true, "limit": 2}, protocol.MethodSample,
			`{"sampling":{}}`, "", "by the Host's model (" + client.DefaultModel + "): 2 e-mails: Production incident: login errors; "},
		{"roots", &client.FixedHost{Roots: true, Workspace: workspace}, "export_roster", map[string]any{"department": "Support"}, protocol.MethodRoots,
			`{"roots":{}}`, `{"roots":{"listChanged":true}}`, "Saved the Support roster (2 employees: e04, e07) to file:///home/li/acme/rosters/support.csv, in the workspace acme (file:///home/li/acme)."},
	}
	for _, tc := range cases {
		for _, version := range protocol.Versions() {
			for _, transport := range []string{"stdio", "http"} {
				t.Run(tc.name+"/"+version+"/"+transport, func(t *testing.T) {
					e := askClient(t, version, transport, tc.host, nil)
					if _, err := e.c.Open(ctx); err != nil {
						t.Fatal(err)
					}
					before := len(e.obs.list)
					res, out := e.c.CallTool(ctx, tc.tool, tc.args, client.CallOptions{})
					if out.Error() != nil || res.IsError || !strings.Contains(resultText(res), tc.want) {
						t.Fatalf("result %v %+v, want %q", out.Error(), res, tc.want)
					}
					evs := e.obs.list[before:]
					wantCaps := tc.caps
					if !protocol.IsModern(version) && tc.caps25 != "" {
						wantCaps = tc.caps25
					}
					methods, channels := serverRequests(e.obs.list)
					if protocol.IsModern(version) {
						checkRetry(t, e.obs.list, evs, tc.method, wantCaps, out)
						if len(methods) != 0 {
							t.Fatalf("a 2026-07-28 server sent requests %v", methods)
						}
						return
					}
					// 2025-11-25: declared once, at initialize.
					init := sentParams(t, e.obs.list, protocol.MethodInitialize)
					var ip struct {
						Capabilities json.RawMessage `json:"capabilities"`
					}
					_ = json.Unmarshal(mustJSON(init[0]), &ip)
					if string(ip.Capabilities) != wantCaps {
						t.Fatalf("initialize declares %s, want %s", ip.Capabilities, wantCaps)
					}
					wantCh := trace.Stdout
					if transport == "http" {
						wantCh = trace.HTTPResponse
					}
					if len(methods) != 1 || methods[0] != tc.method || channels[0] != wantCh {
						t.Fatalf("server requests %v on %v, want %s on %s", methods, channels, tc.method, wantCh)
					}
					answers := byRole(evs, client.RoleAnswer)
					wantAnswers := 1 // stdio: the stdin line
					if transport == "http" {
						wantAnswers = 2 // the POST and its 202
					}
					if len(answers) != wantAnswers || answers[0].Asked != tc.method || answers[0].Msgs[0].ID.String() != "1" || answers[0].Msgs[0].Kind() != jsonrpc.KindResult {
						t.Fatalf("answers %+v", answers)
					}
					if transport == "http" {
						if a := answers[1].Event; a.HTTP == nil || a.HTTP.Status != http.StatusAccepted || !strings.HasSuffix(a.Raw, "\r\n\r\n") {
							t.Fatalf("the answer POST got %+v, want 202 and no body", a)
						}
						// The answer travels in the session, like every request.
						if h := answers[0].Event.HTTP.Headers; len(h["Mcp-Session-Id"]) != 1 || h["Mcp-Protocol-Version"][0] != protocol.V20251125 {
							t.Fatalf("answer POST headers %v", h)
						}
					} else if answers[0].Event.Channel != trace.Stdin {
						t.Fatalf("stdio answer on %s", answers[0].Event.Channel)
					}
				})
			}
		}
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// checkRetry: 2026-07-28, the first tools/call got input_required; the
// retry has a new id, the original name and arguments, inputResponses
// under the asked key and the requestState exactly as received; every
// request declares the capabilities.
func checkRetry(t *testing.T, all, evs []*client.Event, method, caps string, out client.Outcome) {
	t.Helper()
	calls := sentParams(t, evs, protocol.MethodToolsCall)
	if len(calls) != 2 || out.Rounds != 1 || out.InputRequired != nil {
		t.Fatalf("%d tools/call, %d rounds, left input_required %v", len(calls), out.Rounds, out.InputRequired)
	}
	var first *jsonrpc.Message
	var firstReq string
	for _, e := range evs {
		for _, m := range e.Msgs {
			if m.Kind() == jsonrpc.KindRequest && m.Method == protocol.MethodToolsCall && firstReq == "" {
				firstReq = m.ID.String()
			}
			if m.Kind() == jsonrpc.KindResult && strings.Contains(string(m.Result), `"resultType":"input_required"`) {
				first = m
			}
		}
	}
	var ir mcp.InputRequiredResult
	if first == nil || json.Unmarshal(first.Result, &ir) != nil || len(ir.InputRequests) != 1 || ir.RequestState == "" {
		t.Fatalf("no InputRequiredResult: %v", first)
	}
	key := client.SortedKeys(ir.InputRequests)[0]
	if ir.InputRequests[key].Method != method {
		t.Fatalf("input request %s is %s, want %s", key, ir.InputRequests[key].Method, method)
	}
	retries := byRole(evs, client.RoleRetry)
	if len(retries) == 0 || retries[0].Round != 1 || retries[0].Msgs[0].ID.String() == firstReq {
		t.Fatalf("retry events %+v (first id %s)", retries, firstReq)
	}
	retry := calls[1]
	var state string
	_ = json.Unmarshal(retry["requestState"], &state)
	var responses map[string]json.RawMessage
	_ = json.Unmarshal(retry["inputResponses"], &responses)
	if state != ir.RequestState || responses[key] == nil || len(responses) != 1 {
		t.Fatalf("retry state %q (want %q), responses %s", state, ir.RequestState, retry["inputResponses"])
	}
	if string(retry["name"]) != string(calls[0]["name"]) || string(retry["arguments"]) != string(calls[0]["arguments"]) {
		t.Fatalf("the retry changed the request: %s %s", retry["name"], retry["arguments"])
	}
	// basic/index §_meta: every request declares what the client can do.
	for _, p := range sentParams(t, all, protocol.MethodToolsCall) {
		var meta map[string]json.RawMessage
		_ = json.Unmarshal(p["_meta"], &meta)
		if got := string(meta[protocol.MetaClientCapabilities]); got != caps {
			t.Fatalf("request declares %s, want %s", got, caps)
		}
	}
}

// TestClientWithoutTheCapability: a client whose Host declares nothing is
// never asked. 2025-11-25: the tool says so (isError); 2026-07-28: -32021
// with data.requiredCapabilities, HTTP 400. A 2026-07-28 Host that declines
// is not retried; a client without a Host leaves the input_required result
// to its caller.
func TestClientWithoutTheCapability(t *testing.T) {
	for _, version := range protocol.Versions() {
		for _, transport := range []string{"stdio", "http"} {
			t.Run(version+"/"+transport, func(t *testing.T) {
				e := askClient(t, version, transport, &client.FixedHost{Sampling: true, Roots: true}, nil)
				if _, err := e.c.Open(ctx); err != nil {
					t.Fatal(err)
				}
				res, out := e.c.CallTool(ctx, "book_room", map[string]any{"room": "Aurora", "day": "2026-12-03"}, client.CallOptions{})
				if methods, _ := serverRequests(e.obs.list); len(methods) != 0 {
					t.Fatalf("the server asked %v of a client that did not declare elicitation", methods)
				}
				if protocol.IsModern(version) {
					e := out.Error()
					if e == nil || e.Code != protocol.CodeMissingRequiredClientCapability || string(e.Data) != `{"requiredCapabilities":{"elicitation":{}}}` ||
						(transport == "http" && out.Status != http.StatusBadRequest) {
						t.Fatalf("want -32021 (HTTP 400), got %d %+v", out.Status, e)
					}
				} else if !res.IsError || !strings.Contains(resultText(res), "the client did not declare it in initialize, so the server did not ask") {
					t.Fatalf("want a tool execution error, got %+v", res)
				}

				// The user rejects sampling: 2025-11-25 answers -1; 2026-07-28
				// does not retry.
				d := askClient(t, version, transport, &client.FixedHost{Sampling: true, DeclineSampling: true}, nil)
				if _, err := d.c.Open(ctx); err != nil {
					t.Fatal(err)
				}
				before := len(d.obs.list)
				res, out = d.c.CallTool(ctx, "summarize_inbox", map[string]any{}, client.CallOptions{})
				if protocol.IsModern(version) {
					if !out.Declined || out.InputRequired == nil || len(sentParams(t, d.obs.list[before:], protocol.MethodToolsCall)) != 1 {
						t.Fatalf("a declined question: declined %v, input_required %v", out.Declined, out.InputRequired)
					}
				} else {
					a := byRole(d.obs.list[before:], client.RoleAnswer)
					if len(a) == 0 || a[0].Msgs[0].Error == nil || a[0].Msgs[0].Error.Code != client.CodeUserRejected {
						t.Fatalf("answer %+v, want error -1", a)
					}
					if !res.IsError || !strings.Contains(resultText(res), "the client refused sampling/createMessage (-1 User rejected sampling request)") {
						t.Fatalf("result %+v", res)
					}
				}
			})
		}
	}
	// No Host at all: the caller gets the InputRequiredResult.
	e := askClient(t, protocol.V20260728, "http", nil, nil)
	if _, out := e.c.CallTool(ctx, "book_room", map[string]any{"room": "Aurora", "day": "2026-12-03"}, client.CallOptions{}); out.Error() == nil ||
		out.Error().Code != protocol.CodeMissingRequiredClientCapability {
		t.Fatalf("no Host declares nothing: %+v", out.Error())
	}
}

// twoRounds asks one question, then, once answered, a second: two
// InputRequiredResults in 2026-07-28, two server requests in 2025-11-25.
func twoRounds() primitive.Def {
	yes := json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}`)
	return primitive.Def{Tool: primitive.Tool{Name: "two_rounds", Description: "Asks twice.", InputSchema: toolbox.Schema(map[string]any{})},
		Run: func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
			a, err := env.Elicit(ctx, primitive.ElicitForm("first", "First?", yes))
			if err != nil {
				return primitive.Result{}, err
			}
			b, err := env.Elicit(ctx, primitive.ElicitForm("second", "Second?", yes))
			if err != nil {
				return primitive.Result{}, err
			}
			return primitive.Result{Text: "answers: " + a.Action + " " + b.Action}, nil
		}}
}

// TestClientRetriesRoundAfterRound: every round's retry has a new id and
// echoes that round's requestState.
func TestClientRetriesRoundAfterRound(t *testing.T) {
	for _, version := range protocol.Versions() {
		for _, transport := range []string{"stdio", "http"} {
			t.Run(version+"/"+transport, func(t *testing.T) {
				e := askClient(t, version, transport, &client.FixedHost{Elicitation: true}, func(c *mcp.Config) {
					c.Tools = toolbox.Course().MustWith(twoRounds())
				})
				if _, err := e.c.Open(ctx); err != nil {
					t.Fatal(err)
				}
				before := len(e.obs.list)
				res, out := e.c.CallTool(ctx, "two_rounds", map[string]any{}, client.CallOptions{})
				if out.Error() != nil || resultText(res) != "answers: accept accept" {
					t.Fatalf("%v %+v", out.Error(), res)
				}
				evs := e.obs.list[before:]
				if !protocol.IsModern(version) {
					if methods, _ := serverRequests(evs); len(methods) != 2 {
						t.Fatalf("server requests %v", methods)
					}
					return
				}
				calls := sentParams(t, evs, protocol.MethodToolsCall)
				if out.Rounds != 2 || len(calls) != 3 {
					t.Fatalf("%d rounds, %d calls", out.Rounds, len(calls))
				}
				var states []string
				for _, ev := range evs {
					for _, m := range ev.Msgs {
						var ir mcp.InputRequiredResult
						if m.Kind() == jsonrpc.KindResult && json.Unmarshal(m.Result, &ir) == nil && ir.ResultType == protocol.ResultInputRequired {
							states = append(states, ir.RequestState)
						}
					}
				}
				ids := map[string]bool{}
				for i, r := range byRole(evs, client.RoleRetry) {
					if r.Event.From != trace.Client || len(r.Msgs) == 0 || r.Msgs[0].Kind() != jsonrpc.KindRequest {
						continue
					}
					ids[r.Msgs[0].ID.String()] = true
					_ = i
				}
				for i, p := range calls[1:] {
					var s string
					_ = json.Unmarshal(p["requestState"], &s)
					if s != states[i] {
						t.Fatalf("retry %d echoes %q, want round %d's %q", i+1, s, i+1, states[i])
					}
				}
				if len(ids) != 2 || states[0] == states[1] {
					t.Fatalf("retry ids %v, states %v", ids, states)
				}
			})
		}
	}
}

// TestClientTellsOfChangedRoots: 2025-11-25 servers keep a session's roots;
// after notifications/roots/list_changed (202 over HTTP) the next tool that
// needs them asks again.
func TestClientTellsOfChangedRoots(t *testing.T) {
	for _, transport := range []string{"stdio", "http"} {
		t.Run(transport, func(t *testing.T) {
			host := &client.FixedHost{Roots: true, Workspace: workspace}
			e := askClient(t, protocol.V20251125, transport, host, nil)
			if _, err := e.c.Open(ctx); err != nil {
				t.Fatal(err)
			}
			export := func() string {
				res, out := e.c.CallTool(ctx, "export_roster", map[string]any{"department": "Sales"}, client.CallOptions{})
				if out.Error() != nil {
					t.Fatal(out.Error())
				}
				return resultText(res)
			}
			export()
			export() // from the server's cache: not asked again
			host.Workspace = []primitive.Root{{URI: "file:///home/li/beta", Name: "beta"}}
			out := e.c.RootsChanged(ctx, client.CallOptions{})
			if transport == "http" && out.Status != http.StatusAccepted {
				t.Fatalf("roots/list_changed: %d", out.Status)
			}
			if got := export(); !strings.Contains(got, "file:///home/li/beta/rosters/sales.csv") {
				t.Fatalf("after the change: %s", got)
			}
			if methods, _ := serverRequests(e.obs.list); len(methods) != 2 {
				t.Fatalf("roots/list asked %d times, want 2 (once, then after the change)", len(methods))
			}
		})
	}
}

// taskServerCfg: the course plus tools that ask inside a task and wait to
// be cancelled; tools never wait, streams poll every 2 ms in real time.
func taskServerCfg(c *mcp.Config) {
	confirm := json.RawMessage(`{"type":"object","properties":{"go":{"type":"boolean"}},"required":["go"]}`)
	task := func(name string, run func(ctx context.Context, env primitive.Env) (primitive.Result, error)) primitive.Def {
		return primitive.Def{Tool: primitive.Tool{Name: name, Description: name, InputSchema: toolbox.Schema(map[string]any{}), TaskSupport: protocol.TaskOptional},
			Run: func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
				return run(ctx, env)
			}}
	}
	c.Tools = toolbox.Course().MustWith(
		task("ask_in_task", func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
			env.Detach()
			a, err := env.Elicit(ctx, primitive.ElicitForm("go", "Go on?", confirm))
			if err != nil {
				return primitive.Result{}, err
			}
			return primitive.Result{Text: "answer: " + a.Action}, nil
		}),
		task("wait_for_cancel", func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
			env.Detach()
			<-ctx.Done()
			return primitive.Result{}, ctx.Err()
		}))
	c.Sleep = vclock.RealSleep
	c.PollEvery = 2 * time.Millisecond
	c.KeepAliveEvery = -1
}

func taskClient(t *testing.T, version, transport string) *engineClient {
	return engineClientWith(t, version, transport, nil, taskServerCfg, func(c *client.Config) {
		c.Host = &client.FixedHost{Elicitation: true, Tasks: true}
		c.Sleep = func(ctx context.Context, _ time.Duration) error { return vclock.RealSleep(ctx, 2*time.Millisecond) }
	})
}

// TestClientTasks: a task is created, polled, given its input and
// completed; another is cancelled. 2026-07-28: the extension (tasks/update
// answers inputRequests); 2025-11-25: experimental tasks (tasks/result
// carries the question, answered with related-task).
func TestClientTasks(t *testing.T) {
	for _, version := range protocol.Versions() {
		for _, transport := range []string{"stdio", "http"} {
			t.Run(version+"/"+transport, func(t *testing.T) {
				e := taskClient(t, version, transport)
				if _, err := e.c.Open(ctx); err != nil {
					t.Fatal(err)
				}
				out := e.c.CallToolAsTask(ctx, "ask_in_task", map[string]any{}, time.Minute, client.CallOptions{})
				task, ok := out.Task()
				if !ok || task.Status != protocol.TaskWorking || task.PollInterval != time.Second {
					t.Fatalf("no task handle: %s", out.Response.Result)
				}
				var seen []string
				task, out = e.c.AwaitTask(ctx, task, client.AwaitOptions{OnPoll: func(t client.Task) bool {
					if len(seen) == 0 || seen[len(seen)-1] != t.Status {
						seen = append(seen, t.Status)
					}
					return false
				}})
				if task.Status != protocol.TaskCompleted {
					t.Fatalf("task ends %s (saw %v)", task.Status, seen)
				}
				var res mcp.CallToolResult
				if protocol.IsModern(version) {
					_ = json.Unmarshal(task.Result, &res)
					if len(sentParams(t, e.obs.snapshot(), protocol.MethodTasksUpdate)) != 1 {
						t.Fatal("the answer did not go by tasks/update")
					}
				} else {
					out.Result(&res)
					a := byRole(e.obs.snapshot(), client.RoleAnswer)
					if len(a) == 0 || !strings.Contains(string(a[0].Msgs[0].Result), `"_meta":{"`+protocol.MetaRelatedTask+`":{"taskId":"`+task.ID+`"}}`) {
						t.Fatalf("the answer lacks related-task: %+v", a)
					}
				}
				if resultText(res) != "answer: accept" {
					t.Fatalf("task result %+v", res)
				}
				// The background task may still be working at the first poll.
				if !slices.Contains(seen, protocol.TaskInputRequired) {
					t.Fatalf("polls saw %v, never input_required", seen)
				}

				out = e.c.CallToolAsTask(ctx, "wait_for_cancel", map[string]any{}, time.Minute, client.CallOptions{})
				task, _ = out.Task()
				if out = e.c.CancelTask(ctx, task.ID, client.CallOptions{}); out.Error() != nil {
					t.Fatal(out.Error())
				}
				got, _ := e.c.GetTask(ctx, task.ID, client.CallOptions{})
				if got.Status != protocol.TaskCancelled || !got.Terminal() {
					t.Fatalf("after tasks/cancel: %+v", got)
				}
			})
		}
	}
}

// TestClientTaskNotifications: 2026-07-28 subscriptions/listen with taskIds
// delivers notifications/tasks as the task changes.
func TestClientTaskNotifications(t *testing.T) {
	e := taskClient(t, protocol.V20260728, "http")
	out := e.c.CallToolAsTask(ctx, "ask_in_task", map[string]any{}, 0, client.CallOptions{})
	task, ok := out.Task()
	if !ok {
		t.Fatal("no task")
	}
	var statuses []string
	e.c.Listen(ctx, mcp.SubscriptionFilter{TaskIDs: []string{task.ID}}, client.CallOptions{OnNotify: func(n *jsonrpc.Message, stop func()) {
		switch n.Method {
		case protocol.MethodAcknowledged:
			// Answer the task's question once the subscription stands.
			for {
				got, _ := e.c.GetTask(ctx, task.ID, client.CallOptions{})
				if got.Status == protocol.TaskInputRequired {
					e.c.UpdateTask(ctx, task.ID, map[string]json.RawMessage{"go": json.RawMessage(`{"action":"accept","content":{"go":true}}`)}, client.CallOptions{})
					return
				}
				time.Sleep(2 * time.Millisecond)
			}
		case protocol.MethodTaskNotice:
			var p struct {
				Status string `json:"status"`
			}
			_ = json.Unmarshal(n.Params, &p)
			statuses = append(statuses, p.Status)
			if p.Status == protocol.TaskCompleted {
				stop()
			}
		}
	}})
	if len(statuses) == 0 || statuses[len(statuses)-1] != protocol.TaskCompleted {
		t.Fatalf("notifications/tasks statuses %v", statuses)
	}
}
