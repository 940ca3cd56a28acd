package scenario

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/trace"
)

// one returns the only event whose note is exactly note.
func one(t *testing.T, tr *trace.Trace, note string) trace.Event {
	t.Helper()
	var out []trace.Event
	for _, e := range tr.Events {
		if e.Note == note {
			out = append(out, e)
		}
	}
	if len(out) != 1 {
		t.Fatalf("%d events %s, want 1", len(out), note)
	}
	return out[0]
}

// withMethod lists the events that carry a message with method.
func withMethod(t *testing.T, tr *trace.Trace, method string) []trace.Event {
	var out []trace.Event
	for _, e := range tr.Events {
		for _, raw := range e.Messages {
			if decode(t, raw).Method == method {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// wantAnswer checks a server event: its channel, HTTP status (none on
// stdio) and JSON-RPC error code (0: a result), and returns its message.
func wantAnswer(t *testing.T, o Options, e trace.Event, status, code int) *jsonrpc.Message {
	t.Helper()
	ch := trace.Stdout
	if o.Transport == "http" {
		ch = trace.HTTPResponse
		if e.HTTP == nil || e.HTTP.Status != status {
			t.Fatalf("event %d (%s): HTTP %+v, want %d", e.Seq, e.Note, e.HTTP, status)
		}
	}
	if e.Channel != ch || len(e.Messages) != 1 {
		t.Fatalf("event %d (%s) on %s with %d messages, want one on %s", e.Seq, e.Note, e.Channel, len(e.Messages), ch)
	}
	m := decode(t, e.Messages[0])
	switch {
	case code == 0 && m.Error != nil:
		t.Fatalf("event %d (%s): error %+v, want a result", e.Seq, e.Note, m.Error)
	case code != 0 && (m.Error == nil || m.Error.Code != code):
		t.Fatalf("event %d (%s): %s, want error %d", e.Seq, e.Note, e.Messages[0], code)
	}
	return m
}

func header(e trace.Event, name string) []string {
	if e.HTTP == nil {
		return nil
	}
	for k, v := range e.HTTP.Headers {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return nil
}

// TestPrimitiveOutcomes asserts, for every version × transport × fault of
// the resources, prompts and logging scenarios, the exact channel, HTTP
// status and JSON-RPC code of the steps that matter, and what moved
// between the eras: resources/subscribe vs subscriptions/listen, -32002
// vs -32602, logging/setLevel vs the per-request logLevel.
func TestPrimitiveOutcomes(t *testing.T) {
	checked := map[string]bool{}
	for _, o := range matrix() {
		if o.Scenario != "resources" && o.Scenario != "prompts" && o.Scenario != "logging" {
			continue
		}
		checked[o.Scenario+"/"+o.Fault] = true
		t.Run(o.Scenario+"/"+o.Version+"/"+o.Transport+"/"+o.Fault, func(t *testing.T) {
			tr, err := Run(o)
			if err != nil {
				t.Fatal(err)
			}
			modern := protocol.IsModern(o.Version)
			switch o.Scenario {
			case "resources":
				checkResources(t, o, tr, modern)
			case "prompts":
				checkPrompts(t, o, tr, modern)
			case "logging":
				checkLogging(t, o, tr, modern)
			}
		})
	}
	for _, k := range []string{"resources/none", "resources/not-found", "prompts/none", "prompts/param-mismatch",
		"logging/none", "logging/missing-loglevel", "logging/undeclared-capability", "logging/set-level", "logging/trace-context"} {
		if !checked[k] {
			t.Errorf("no run of %s", k)
		}
	}
}

func checkResources(t *testing.T, o Options, tr *trace.Trace, modern bool) {
	page := wantAnswer(t, o, one(t, tr, "read-page.result"), 200, 0)
	if !strings.Contains(string(page.Result), `"uri":"`+toolbox.HandbookExpenses+`"`) ||
		strings.Contains(string(page.Result), `"ttlMs":3600000`) != modern {
		t.Fatalf("the page: %s", page.Result)
	}
	subscribes, listens := withMethod(t, tr, protocol.MethodSubscribe), withMethod(t, tr, protocol.MethodListen)
	if modern != (len(subscribes) == 0 && len(listens) == 1) || !modern && len(listens) != 0 {
		t.Fatalf("%d resources/subscribe, %d subscriptions/listen under %s", len(subscribes), len(listens), o.Version)
	}
	var listenID string
	if modern {
		listen := decode(t, listens[0].Messages[0])
		listenID = listen.ID.String()
		if !strings.Contains(string(listen.Params), `"resourceSubscriptions":["`+toolbox.HandbookExpenses+`"]`) {
			t.Fatalf("listen filter %s", listen.Params)
		}
		ack := one(t, tr, "watch.acknowledged")
		if read := one(t, tr, "read-page.request"); ack.Seq > read.Seq {
			t.Fatal("the page was read before the subscription was acknowledged")
		}
	} else {
		wantAnswer(t, o, one(t, tr, "subscribe.result"), 200, 0)
		if sub, read := one(t, tr, "subscribe.request"), one(t, tr, "read-page.request"); sub.Seq > read.Seq {
			t.Fatal("the page was read before resources/subscribe")
		}
		if len(withMethod(t, tr, protocol.MethodUnsubscribe)) != 1 {
			t.Fatal("no resources/unsubscribe")
		}
	}
	updates := find(tr, "resource-updated")
	if o.Fault == FaultNotFound {
		want, status := protocol.CodeResourceNotFound, http.StatusOK
		if modern {
			want = protocol.CodeInvalidParams
		}
		m := wantAnswer(t, o, one(t, tr, "read-roster.error."+strings.TrimPrefix(itoa(want), "-")), status, want)
		if string(m.Error.Data) != `{"uri":"company://departments/Finances"}` {
			t.Fatalf("not found data %s", m.Error.Data)
		}
		if len(updates) != 0 || len(find(tr, "resources.admin")) != 0 || len(find(tr, "resources.not-found")) != 1 {
			t.Fatal("not-found: the story must stop at the missing roster")
		}
		return
	}
	if len(updates) != 1 || updates[0].TimeMs != 2000 {
		t.Fatalf("updates %+v", updates)
	}
	u := updates[0]
	n := decode(t, u.Messages[0])
	if !strings.Contains(string(n.Params), `"uri":"`+toolbox.HandbookExpenses+`"`) {
		t.Fatalf("update %s", n.Params)
	}
	// Where the update travels: the listen stream (2026-07-28), the
	// session's GET stream (2025-11-25 HTTP), a stdout line.
	switch {
	case modern:
		if !strings.Contains(string(n.Params), `"io.modelcontextprotocol/subscriptionId":`+listenID) {
			t.Fatalf("update without subscription id %s: %s", listenID, n.Params)
		}
		if o.Transport == "http" && u.HTTP.Exchange != listens[0].HTTP.Exchange {
			t.Fatal("the update is not on the listen stream")
		}
	case o.Transport == "http":
		get := one(t, tr, "watch-stream.request")
		if get.HTTP.Method != http.MethodGet || u.HTTP.Exchange != get.HTTP.Exchange || !u.HTTP.Chunk {
			t.Fatalf("the update is not an event on the GET stream: %+v", u.HTTP)
		}
	default:
		if u.Channel != trace.Stdout || len(n.Params) == 0 || strings.Contains(string(n.Params), "subscriptionId") {
			t.Fatalf("2025-11-25 stdio update %+v", u)
		}
	}
	again := wantAnswer(t, o, one(t, tr, "reread.result"), 200, 0)
	if !strings.Contains(string(again.Result), "lifted") {
		t.Fatalf("the re-read page %s", again.Result)
	}
	answers := find(tr, "model.answers-context")
	if len(answers) != 2 || !strings.Contains(answers[0].Raw, "wait until January") || !strings.Contains(answers[1].Raw, "bought in December") {
		t.Fatalf("the model's answers %+v", answers)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func checkPrompts(t *testing.T, o Options, tr *trace.Trace, modern bool) {
	comps := find(tr, "complete-argument.result")
	if len(comps) != 2 || !strings.Contains(comps[1].Raw, `"values":["e01","e03"]`) {
		t.Fatalf("completions %+v", comps)
	}
	ctx := find(tr, "complete-argument.request")[1]
	if !strings.Contains(ctx.Raw, `"context":{"arguments":{"department":"Engineering"}}`) {
		t.Fatalf("the employee's completion lacks the chosen department: %s", ctx.Raw)
	}
	got := wantAnswer(t, o, one(t, tr, "prompts-get.result"), 200, 0)
	var res mcp.GetPromptResult
	_ = json.Unmarshal(got.Result, &res)
	if len(res.Messages) != 3 || res.Messages[1].Content.Type != protocol.ContentResource || res.Messages[2].Content.Type != protocol.ContentImage {
		t.Fatalf("prompt %s", got.Result)
	}
	// The gateway's rewrite has notes of its own ("rewritten"), and a
	// 2026-07-28 stdio call one that says no header carries the office.
	label, request := "post-welcome", ".request"
	if o.Fault == FaultParamMismatch {
		label = "rewritten"
	}
	if modern && o.Transport == "stdio" {
		request += "." + stdioLabel
	}
	call := one(t, tr, label+request)
	param := header(call, "Mcp-Param-Office")
	switch {
	case o.Fault == FaultParamMismatch:
		if len(param) != 1 || param[0] != "Shanghai" {
			t.Fatalf("the gateway's header %v", param)
		}
		for _, note := range []string{"rewritten.error.32020.http-400", "rewritten-retry.error.32020.http-400"} {
			m := wantAnswer(t, o, one(t, tr, note), http.StatusBadRequest, protocol.CodeHeaderMismatch)
			if m.Error.Message != "Header mismatch: Mcp-Param-Office header value 'Shanghai' does not match body value '上海'" {
				t.Fatalf("%s: %q", note, m.Error.Message)
			}
		}
		relist := one(t, tr, "tools-relist.request")
		if retry := one(t, tr, "rewritten-retry.request"); relist.Seq > retry.Seq || relist.Seq < call.Seq ||
			decode(t, retry.Messages[0]).ID == decode(t, call.Messages[0]).ID {
			t.Fatal("the client must re-list, then retry with a new id")
		}
		if len(find(tr, "rewritten.result")) != 0 || len(find(tr, "post-welcome")) != 0 || len(find(tr, "host.failure")) != 1 {
			t.Fatal("the post must fail")
		}
	case modern && o.Transport == "http":
		if len(param) != 1 || param[0] != "=?base64?5LiK5rW3?=" {
			t.Fatalf("Mcp-Param-Office %v", param)
		}
		wantAnswer(t, o, one(t, tr, "post-welcome.result"), 200, 0)
	default:
		if param != nil {
			t.Fatalf("Mcp-Param-Office under %s/%s: %v", o.Version, o.Transport, param)
		}
		wantAnswer(t, o, one(t, tr, "post-welcome.result"), 200, 0)
	}
}

func checkLogging(t *testing.T, o Options, tr *trace.Trace, modern bool) {
	logs := withMethod(t, tr, protocol.MethodLog)
	setLevels := withMethod(t, tr, protocol.MethodSetLevel)
	var requestsWithLevel []string
	for _, e := range tr.Events {
		if e.From == trace.Client && strings.Contains(e.Raw, `"`+protocol.MetaLogLevel+`"`) {
			requestsWithLevel = append(requestsWithLevel, e.Note)
		}
	}
	streams := func(tag string) bool { // the call's answer came on an SSE stream
		req := one(t, tr, tag+".request")
		for _, e := range tr.Events {
			if e.Channel == trace.HTTPResponse && e.HTTP != nil && !e.HTTP.Chunk && e.HTTP.Exchange == req.HTTP.Exchange {
				return strings.Contains(strings.Join(header(e, "Content-Type"), ""), "text/event-stream")
			}
		}
		t.Fatalf("no response to %s", tag)
		return false
	}
	switch {
	case o.Fault == FaultNone && modern:
		if len(setLevels) != 0 || strings.Join(requestsWithLevel, " ") != "export-call.request" || len(logs) != 1 {
			t.Fatalf("setLevel %d, logLevel on %v, %d log messages", len(setLevels), requestsWithLevel, len(logs))
		}
		if logs[0].Channel == trace.HTTPResponse && logs[0].HTTP.Exchange != one(t, tr, "export-call.request").HTTP.Exchange {
			t.Fatal("the log message is not on the export's response stream")
		}
		if o.Transport == "http" && (!streams("export-call") || streams("post-call")) {
			t.Fatal("2026-07-28: the export (asked) streams, the post (not asked) is one JSON object")
		}
	case o.Fault == FaultNone:
		wantAnswer(t, o, one(t, tr, "set-level.result"), 200, 0)
		if len(setLevels) != 1 || len(requestsWithLevel) != 0 || len(logs) != 2 {
			t.Fatalf("setLevel %d, logLevel on %v, %d log messages", len(setLevels), requestsWithLevel, len(logs))
		}
		if o.Transport == "http" && (!streams("export-call") || !streams("post-call")) {
			t.Fatal("2025-11-25: the session's level streams both calls")
		}
	case o.Fault == FaultMissingLogLevel:
		if len(logs) != 0 || len(setLevels) != 0 || len(requestsWithLevel) != 0 || len(find(tr, "log.missing")) == 0 {
			t.Fatalf("missing-loglevel: %d logs, %d setLevel, logLevel on %v", len(logs), len(setLevels), requestsWithLevel)
		}
		if o.Transport == "http" && streams("export-unasked") {
			t.Fatal("a request that asked for nothing got a stream")
		}
	case o.Fault == FaultUndeclaredCapability:
		opening := tr.Events[3]
		if o.Transport == "stdio" {
			opening = tr.Events[4]
		}
		if len(opening.Messages) != 1 || strings.Contains(string(opening.Messages[0]), `"logging"`) || !strings.Contains(string(opening.Messages[0]), `"capabilities"`) {
			t.Fatalf("the server's capabilities must lack logging: %s", opening.Raw)
		}
		if len(logs) != 0 {
			t.Fatalf("%d log messages from a server without logging", len(logs))
		}
		if modern {
			if strings.Join(requestsWithLevel, " ") != "export-unlogged.request" || len(setLevels) != 0 {
				t.Fatalf("logLevel on %v", requestsWithLevel)
			}
		} else {
			wantAnswer(t, o, one(t, tr, "set-level.error.32601"), 200, protocol.CodeMethodNotFound)
		}
	case o.Fault == FaultSetLevel:
		note, status := "set-level.error.32601", 0
		if o.Transport == "http" {
			note, status = note+".http-404", http.StatusNotFound
		}
		m := wantAnswer(t, o, one(t, tr, note), status, protocol.CodeMethodNotFound)
		if !strings.Contains(m.Error.Message, protocol.MetaLogLevel) {
			t.Fatalf("the refusal does not say what to do instead: %q", m.Error.Message)
		}
		if strings.Join(requestsWithLevel, " ") != "export-call.request" || len(logs) != 1 {
			t.Fatalf("after the refusal: logLevel on %v, %d log messages", requestsWithLevel, len(logs))
		}
	case o.Fault == FaultTraceContext:
		// Both calls carry W3C trace context under one trace id, a span
		// each; no call asks for log messages, and none comes.
		var spans []string
		for _, tag := range []string{"export-traced", "post-traced"} {
			var p struct {
				Params struct {
					Meta map[string]string `json:"_meta"`
				} `json:"params"`
			}
			req := one(t, tr, tag+".request")
			_ = json.Unmarshal(req.Messages[0], &p)
			tp := p.Params.Meta[protocol.MetaTraceParent]
			if !strings.HasPrefix(tp, "00-"+hostTraceID+"-") || p.Params.Meta[protocol.MetaTraceState] != hostTraceState {
				t.Fatalf("%s: _meta %v", tag, p.Params.Meta)
			}
			spans = append(spans, tp)
		}
		if spans[0] == spans[1] || len(logs) != 0 || len(setLevels) != 0 || len(requestsWithLevel) != 0 {
			t.Fatalf("spans %v, %d logs, %d setLevel, logLevel on %v", spans, len(logs), len(setLevels), requestsWithLevel)
		}
		if o.Transport == "stdio" && len(find(tr, "stderr.log")) > 0 {
			filed := 0
			for _, e := range find(tr, "stderr.log") {
				if strings.Contains(e.Raw, "in trace "+hostTraceID) {
					filed++
				}
			}
			if filed != 2 {
				t.Fatalf("the server filed %d of its two calls under the Host's trace (stderr)", filed)
			}
		}
	default:
		t.Fatalf("no expectation for %s", o.Fault)
	}
}
