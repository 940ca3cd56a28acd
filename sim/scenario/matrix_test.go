package scenario

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// find returns the events whose note starts with prefix.
func find(tr *trace.Trace, prefix string) []trace.Event {
	var out []trace.Event
	for _, e := range tr.Events {
		if strings.HasPrefix(e.Note, prefix) {
			out = append(out, e)
		}
	}
	return out
}

func decode(t *testing.T, raw json.RawMessage) *jsonrpc.Message {
	t.Helper()
	m, err := jsonrpc.Decode(raw)
	if err != nil {
		t.Fatalf("message does not decode: %v", err)
	}
	return m
}

// lastResponse is the last server event carrying a response to id.
func responsesTo(tr *trace.Trace, id string) []trace.Event {
	var out []trace.Event
	for _, e := range tr.Events {
		if e.From != trace.Server {
			continue
		}
		for _, raw := range e.Messages {
			m, err := jsonrpc.Decode(raw)
			if err == nil && m.Method == "" && m.ID.String() == id {
				out = append(out, e)
			}
		}
	}
	return out
}

// TestFaultOutcomes asserts, for every version × transport × fault, the
// exact channel, HTTP status and JSON-RPC code of the step that matters.
func TestFaultOutcomes(t *testing.T) {
	for _, o := range matrix() {
		// progress's timeout times out and cancels exactly as tool-call's.
		if o.Scenario != "tool-call" && (o.Scenario != "progress" || o.Fault != FaultTimeout) {
			continue
		}
		t.Run(o.Scenario+"/"+o.Version+"/"+o.Transport+"/"+o.Fault, func(t *testing.T) {
			tr, err := Run(o)
			if err != nil {
				t.Fatal(err)
			}
			respCh := trace.Stdout
			if o.Transport == "http" {
				respCh = trace.HTTPResponse
			}
			modern := o.Version == "2026-07-28"
			expectResp := func(e trace.Event, status, code int) *jsonrpc.Message {
				t.Helper()
				if e.Channel != respCh {
					t.Fatalf("event %d on channel %s, want %s", e.Seq, e.Channel, respCh)
				}
				if o.Transport == "http" && (e.HTTP == nil || e.HTTP.Status != status) {
					t.Fatalf("event %d: HTTP status %+v, want %d", e.Seq, e.HTTP, status)
				}
				if len(e.Messages) != 1 {
					t.Fatalf("event %d carries %d messages, want 1", e.Seq, len(e.Messages))
				}
				m := decode(t, e.Messages[0])
				if code == 0 && m.Error != nil {
					t.Fatalf("event %d: error %v, want a result", e.Seq, m.Error)
				}
				if code != 0 && (m.Error == nil || m.Error.Code != code) {
					t.Fatalf("event %d: %s, want error %d", e.Seq, e.Messages[0], code)
				}
				return m
			}
			calls := find(tr, "tools-call.")
			switch o.Fault {
			case FaultNone:
				res := find(tr, "tools-call.result")
				if len(res) != 1 {
					t.Fatalf("%d tools-call results", len(res))
				}
				m := expectResp(res[0], 200, 0)
				if strings.Contains(string(m.Result), `"isError":true`) {
					t.Fatal("isError on the happy path")
				}
				if got := strings.Contains(string(m.Result), `"resultType":"complete"`); got != modern {
					t.Fatalf("resultType present = %v, want %v (2026-07-28 only)", got, modern)
				}
			case FaultUnknownTool:
				e := find(tr, "tools-call.error.32602")
				if len(e) != 1 {
					t.Fatalf("unknown tool: events %v", calls)
				}
				m := expectResp(e[0], 200, protocol.CodeInvalidParams)
				if m.Error.Message != "Unknown tool: search_mail" {
					t.Fatalf("message %q", m.Error.Message)
				}
			case FaultBadParams:
				e := find(tr, "tools-call.tool-error")
				if len(e) != 1 {
					t.Fatalf("bad params: %d tool-error events", len(e))
				}
				m := expectResp(e[0], 200, 0)
				var res struct {
					IsError bool `json:"isError"`
					Content []struct{ Text string }
				}
				_ = json.Unmarshal(m.Result, &res)
				if !res.IsError || res.Content[0].Text != "Invalid arguments for list_emails: $.limit: must be <= 20, got 500." {
					t.Fatalf("tool error result %s", m.Result)
				}
				if len(find(tr, "model.retries")) != 1 || len(find(tr, "tools-call.result")) != 1 {
					t.Fatal("the model should retry with a corrected argument and succeed")
				}
			case FaultTimeout:
				if len(responsesTo(tr, "3")) != 0 {
					t.Fatal("the server answered a cancelled request")
				}
				switch {
				case o.Transport == "stdio":
					c := find(tr, "timeout.cancelled")
					if len(c) != 1 || c[0].Channel != trace.Stdin || c[0].TimeMs != 2500 {
						t.Fatalf("cancel notification: %+v", c)
					}
					m := decode(t, c[0].Messages[0])
					if m.Method != "notifications/cancelled" || !strings.Contains(string(m.Params), `"requestId":3`) {
						t.Fatalf("cancel message %s", c[0].Messages[0])
					}
				case modern:
					c := find(tr, "timeout.close-stream")
					if len(c) != 1 || c[0].Kind != trace.KindClose || c[0].Channel != trace.HTTPRequest {
						t.Fatalf("2026-07-28 HTTP must cancel by closing the stream: %+v", c)
					}
					if len(find(tr, "timeout.cancelled")) != 0 {
						t.Fatal("2026-07-28 HTTP expects no notifications/cancelled")
					}
				default:
					c := find(tr, "timeout.cancelled")
					if len(c) != 2 || c[1].HTTP.Status != http.StatusAccepted {
						t.Fatalf("2025-11-25 HTTP cancel POST and its 202: %+v", c)
					}
				}
				if p := find(tr, "progress"); len(p) != 2 || p[0].TimeMs != 1000 || p[1].TimeMs != 2000 {
					t.Fatalf("progress events %+v", p)
				}
			case FaultStdoutPollution:
				line := find(tr, "stdout-pollution.line")
				if len(line) != 1 || line[0].Channel != trace.Stdout || len(line[0].Messages) != 0 {
					t.Fatalf("pollution line: %+v", line)
				}
				f := find(tr, "host.failure")
				if len(f) != 1 || !strings.Contains(f[0].Raw, "Parse error") {
					t.Fatalf("host failure: %+v", f)
				}
			case FaultBadOrigin:
				// A cross-origin request: foreign Origin, the server's own
				// Host; the Origin check refuses it.
				e := tr.Events[3]
				if !strings.Contains(tr.Events[2].Raw, "\r\nOrigin: http://attacker.example\r\n") || !strings.Contains(tr.Events[2].Raw, "\r\nHost: 127.0.0.1:8080\r\n") {
					t.Fatalf("request lacks the attacker Origin or the server's Host:\n%s", tr.Events[2].Raw)
				}
				m := expectResp(e, http.StatusForbidden, protocol.CodeInvalidRequest)
				if !strings.HasPrefix(m.Error.Message, "Forbidden: Origin ") || e.Note != "forged.error.32600.http-403" {
					t.Fatalf("refused by %q (note %s), want the Origin check", m.Error.Message, e.Note)
				}
			case FaultDNSRebinding:
				// DNS rebinding: Host and Origin both carry the attacker's
				// name; the Host check refuses it before the Origin check.
				e := tr.Events[3]
				if !strings.Contains(tr.Events[2].Raw, "\r\nOrigin: http://attacker.example:8080\r\n") || !strings.Contains(tr.Events[2].Raw, "\r\nHost: attacker.example:8080\r\n") {
					t.Fatalf("request is not a rebound one:\n%s", tr.Events[2].Raw)
				}
				m := expectResp(e, http.StatusForbidden, protocol.CodeInvalidRequest)
				if !strings.HasPrefix(m.Error.Message, "Forbidden: Host ") || e.Note != "rebound.error.32600.http-403" {
					t.Fatalf("refused by %q (note %s), want the Host check", m.Error.Message, e.Note)
				}
			case FaultHeaderMismatch:
				e := find(tr, "mismatched.error.32020")
				if len(e) != 1 {
					t.Fatal("no -32020")
				}
				expectResp(e[0], http.StatusBadRequest, protocol.CodeHeaderMismatch)
			case FaultUnsupportedVersion:
				if modern {
					e := find(tr, "discover.error.32022")
					if len(e) != 1 {
						t.Fatal("no -32022")
					}
					m := expectResp(e[0], http.StatusBadRequest, protocol.CodeUnsupportedProtocolVersion)
					if string(m.Error.Data) != `{"supported":["2026-07-28","2025-11-25"],"requested":"2099-01-01"}` {
						t.Fatalf("data %s", m.Error.Data)
					}
					if len(find(tr, "discover-retry.result")) != 1 || len(find(tr, "tools-call.result")) != 1 {
						t.Fatal("the client should retry with a supported version and carry on")
					}
				} else {
					r := find(tr, "old-version.result")
					m := expectResp(r[0], 200, 0)
					if !strings.Contains(string(m.Result), `"protocolVersion":"2025-11-25"`) {
						t.Fatalf("server should answer its latest version: %s", m.Result)
					}
					if len(find(tr, "version.reject")) != 1 || len(find(tr, "tools-list")) != 0 {
						t.Fatal("the client must disconnect without using the session")
					}
				}
			case FaultMissingAccept:
				e := find(tr, "unacceptable.error")
				if len(e) != 1 {
					t.Fatal("no tools/call error")
				}
				expectResp(e[0], http.StatusNotAcceptable, protocol.CodeInvalidRequest)
				if req := tr.Events[e[0].Seq-2]; !strings.Contains(req.Raw, "Accept: application/json\r\n") {
					t.Fatalf("the faulty request lists more than application/json: %q", req.Raw)
				}
				if len(find(tr, "tools-call.result")) != 0 {
					t.Fatal("a tool ran")
				}
			case FaultMissingSession:
				e := find(tr, "sessionless.error")
				if len(e) != 1 {
					t.Fatal("no tools/list error")
				}
				expectResp(e[0], http.StatusBadRequest, protocol.CodeInvalidRequest)
				if strings.Contains(tr.Events[e[0].Seq-2].Raw, "Mcp-Session-Id") {
					t.Fatal("the faulty request still carries the session header")
				}
			case FaultPing:
				// 2025-11-25: an empty result; 2026-07-28 removed ping:
				// -32601 (HTTP 404 over HTTP), and the Host goes on.
				if modern {
					e := find(tr, "ping.error.32601")
					if len(e) != 1 {
						t.Fatal("no -32601 for ping")
					}
					status := http.StatusOK
					if o.Transport == "http" {
						status = http.StatusNotFound
					}
					expectResp(e[0], status, protocol.CodeMethodNotFound)
				} else {
					e := find(tr, "ping.result")
					if m := expectResp(e[0], 200, 0); string(m.Result) != "{}" {
						t.Fatalf("ping result %s, want {}", m.Result)
					}
				}
				if len(find(tr, "tools-call.result")) != 1 {
					t.Fatal("the Host should go on after the ping")
				}
			case FaultRefSchema:
				// The input's $ref resolves inside the schema; the output is
				// a list under 2026-07-28, the list inside an object under
				// 2025-11-25 (whose outputSchema must be an object), and the
				// Host finds it valid against the outputSchema it listed.
				refs, outs := find(tr, "schema.ref"), find(tr, "schema.output")
				if len(refs) != 1 || !strings.Contains(refs[0].Raw, "#/$defs/day") || !strings.Contains(refs[0].Raw, "inside the schema") {
					t.Fatalf("schema.ref: %v", refs)
				}
				want := "structuredContent is an object, valid against outputSchema: {\"result\":["
				if modern {
					want = "structuredContent is a list, valid against outputSchema: ["
				}
				if len(outs) != 1 || !strings.HasPrefix(outs[0].Raw, want) {
					t.Fatalf("schema.output: %v, want %q", outs, want)
				}
				res := expectResp(find(tr, "free-rooms.result")[0], 200, 0)
				var got struct {
					Structured json.RawMessage `json:"structuredContent"`
				}
				_ = json.Unmarshal(res.Result, &got)
				if first := string(got.Structured[:1]); (modern && first != "[") || (!modern && first != "{") {
					t.Fatalf("structuredContent %s", got.Structured)
				}
			default:
				// A fault without a case of its own: the outcomes its
				// entry's key events name.
				problems, n := keyOutcomes(tr, o, faultNamed(o.Fault).keys[o.Scenario])
				if n == 0 {
					t.Fatalf("no expectation for fault %s: give it a case here, or key events in its entry that name an error (<label>.error.<code>[.http-<status>])", o.Fault)
				}
				for _, p := range problems {
					t.Error(p)
				}
			}
		})
	}
}

// errorKey is a note key that names an error: <label>.error.<code>, with
// .http-<status> when it came with an HTTP error status (Key.Error,
// Key.HTTP; naming.go).
var errorKey = regexp.MustCompile(`\.error\.(\d+)(?:\.http-(\d+))?$`)

// keyOutcomes checks the outcomes a fault's key events name, in a run o:
// each key event that names an error (errorKey) is one response carrying
// that JSON-RPC error code and, over HTTP, that status (200 when the key
// names none); and when the Host fails (a host.failure key event), no
// tool ran. checked counts the key events it read an outcome from.
func keyOutcomes(tr *trace.Trace, o Options, keys []keyEvent) (problems []string, checked int) {
	for _, w := range keys {
		if !applies(w.when, o) {
			continue
		}
		if w.note == "host.failure" {
			checked++
			if r := find(tr, "tools-call.result"); len(r) != 0 {
				problems = append(problems, fmt.Sprintf("the Host failed, yet a tool ran (event %d)", r[0].Seq))
			}
			continue
		}
		m := errorKey.FindStringSubmatch(w.note)
		if m == nil {
			continue
		}
		checked++
		e, ok := findNote(tr, w.note)
		if !ok {
			problems = append(problems, "no "+w.note+" event")
			continue
		}
		code, _ := strconv.Atoi(m[1])
		status := http.StatusOK
		if m[2] != "" {
			status, _ = strconv.Atoi(m[2])
		}
		if o.Transport == "http" && (e.HTTP == nil || e.HTTP.Status != status) {
			problems = append(problems, fmt.Sprintf("event %d (%s): HTTP %+v, want status %d", e.Seq, w.note, e.HTTP, status))
		}
		if len(e.Messages) != 1 {
			problems = append(problems, fmt.Sprintf("event %d (%s) carries %d messages, want 1", e.Seq, w.note, len(e.Messages)))
			continue
		}
		if msg, err := jsonrpc.Decode(e.Messages[0]); err != nil || msg.Error == nil || msg.Error.Code != -code {
			problems = append(problems, fmt.Sprintf("event %d (%s): %s, want error -%d", e.Seq, w.note, e.Messages[0], code))
		}
	}
	return problems, checked
}

// TestKeyOutcomesBroken is keyOutcomes' broken twin: a real refusal passes,
// and each damage to it (another status, another code, a tool that ran
// after all) is reported.
func TestKeyOutcomesBroken(t *testing.T) {
	o := Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http", Fault: FaultMissingAccept}
	keys := faultNamed(o.Fault).keys[o.Scenario]
	run := func() *trace.Trace {
		tr, err := Run(o)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	if problems, n := keyOutcomes(run(), o, keys); len(problems) != 0 || n != 2 {
		t.Fatalf("the real run: %d outcomes read, problems %q", n, problems)
	}
	errorEvent := func(tr *trace.Trace) *trace.Event {
		for i := range tr.Events {
			if strings.HasPrefix(tr.Events[i].Note, "unacceptable.error.") {
				return &tr.Events[i]
			}
		}
		t.Fatal("no unacceptable.error event")
		return nil
	}
	damages := map[string]func(tr *trace.Trace){
		"another status": func(tr *trace.Trace) { e := errorEvent(tr); h := *e.HTTP; h.Status = 400; e.HTTP = &h },
		"another code": func(tr *trace.Trace) {
			e := errorEvent(tr)
			e.Messages = []json.RawMessage{json.RawMessage(strings.Replace(string(e.Messages[0]), "-32600", "-32602", 1))}
		},
		"a tool ran": func(tr *trace.Trace) {
			tr.Events = append(tr.Events, trace.Event{Seq: len(tr.Events) + 1, Note: "tools-call.result"})
		},
	}
	for name, damage := range damages {
		tr := run()
		damage(tr)
		if problems, _ := keyOutcomes(tr, o, keys); len(problems) != 1 {
			t.Errorf("%s: problems %q, want one", name, problems)
		}
	}
}

// TestWireInvariants checks every event of every transcript for framing
// rules that hold whatever the scenario.
func TestWireInvariants(t *testing.T) {
	for _, o := range matrix() {
		if strings.HasPrefix(o.Scenario, "http-") {
			continue // plain HTTP to a JSON API, not /mcp: see TestHTTPLabWireInvariants
		}
		tr, err := Run(o)
		if err != nil {
			t.Fatal(err)
		}
		name := o.Scenario + "/" + o.Version + "/" + o.Transport + "/" + o.Fault
		requests := map[string]bool{}
		for i, e := range tr.Events {
			if e.Seq != i+1 {
				t.Fatalf("%s: seq %d at index %d", name, e.Seq, i)
			}
			if e.Messages == nil {
				t.Fatalf("%s: event %d has null messages", name, e.Seq)
			}
			if i > 0 && e.TimeMs < tr.Events[i-1].TimeMs {
				t.Fatalf("%s: time goes backwards at %d", name, e.Seq)
			}
			switch e.Channel {
			case trace.Stdin, trace.Stdout:
				if e.Kind == trace.KindClose {
					continue
				}
				// stdio: one message per line, newline-terminated, no
				// embedded newline.
				if !strings.HasSuffix(e.Raw, "\n") || strings.Count(e.Raw, "\n") != 1 {
					t.Fatalf("%s: event %d is not exactly one line: %q", name, e.Seq, e.Raw)
				}
				if len(e.Messages) == 1 && string(e.Messages[0])+"\n" != e.Raw {
					t.Fatalf("%s: event %d: messages do not match raw", name, e.Seq)
				}
			case trace.HTTPRequest:
				if e.Kind == trace.KindClose {
					continue
				}
				req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(e.Raw)))
				if err != nil {
					t.Fatalf("%s: event %d is not an HTTP request: %v", name, e.Seq, err)
				}
				head, body, ok := strings.Cut(e.Raw, "\r\n\r\n")
				if !ok || !strings.HasPrefix(head, req.Method+" /mcp HTTP/1.1\r\n") {
					t.Fatalf("%s: event %d: bad framing", name, e.Seq)
				}
				if req.Method == http.MethodPost {
					if req.ContentLength != int64(len(body)) {
						t.Fatalf("%s: event %d: Content-Length %d, body %d bytes", name, e.Seq, req.ContentLength, len(body))
					}
					if body != string(e.Messages[0]) {
						t.Fatalf("%s: event %d: body differs from messages", name, e.Seq)
					}
					if !strings.Contains(req.Header.Get("Accept"), "text/event-stream") && !(o.Fault == FaultMissingAccept && strings.HasPrefix(e.Note, "unacceptable.")) {
						t.Fatalf("%s: event %d: Accept lacks text/event-stream", name, e.Seq)
					}
				}
			case trace.HTTPResponse:
				if e.Kind == trace.KindClose { // a broken stream: nothing on the wire
					if e.Raw != "" || len(e.Messages) != 0 {
						t.Fatalf("%s: event %d: a closed stream carries bytes", name, e.Seq)
					}
					continue
				}
				if e.HTTP == nil {
					t.Fatalf("%s: event %d: no HTTP info", name, e.Seq)
				}
				if !e.HTTP.Chunk {
					if !strings.HasPrefix(e.Raw, "HTTP/1.1 "+strconv.Itoa(e.HTTP.Status)+" ") {
						t.Fatalf("%s: event %d: status line %q", name, e.Seq, strings.SplitN(e.Raw, "\r\n", 2)[0])
					}
					if e.HTTP.Status == http.StatusAccepted && (!strings.HasSuffix(e.Raw, "\r\n\r\n") || !strings.Contains(e.Raw, "\r\nContent-Length: 0\r\n")) {
						t.Fatalf("%s: event %d: 202 must have no body: %q", name, e.Seq, e.Raw)
					}
				}
			}
			for _, raw := range e.Messages {
				m := decode(t, raw)
				switch {
				case m.Kind() == jsonrpc.KindRequest && e.From == trace.Client:
					if requests[m.ID.String()] {
						t.Fatalf("%s: id %s reused", name, m.ID)
					}
					requests[m.ID.String()] = true
				case (m.Kind() == jsonrpc.KindResult || m.Kind() == jsonrpc.KindError) && !m.ID.IsZero():
					if !requests[m.ID.String()] {
						t.Fatalf("%s: event %d answers id %s that was never requested", name, e.Seq, m.ID)
					}
				}
			}
		}
	}
}

func TestRunRejectsBadOptions(t *testing.T) {
	for _, tt := range []struct {
		o    Options
		want string
	}{
		{Options{Scenario: "nope", Version: "2026-07-28", Transport: "stdio"}, `unknown value scenario "nope" (want one of: tool-call, progress, capabilities, list-changed, load-balancer, dual-era, tool-poisoning, resources, prompts, logging, elicitation, sampling, roots, tasks, http-anatomy, http-content-length, http-status-retries, http-idempotency, http-sse)`},
		{Options{Scenario: "tool-call", Version: "2026-01-01", Transport: "stdio"}, `unknown value version "2026-01-01" (want one of: 2025-11-25, 2026-07-28)`},
		{Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "ws"}, `unknown value transport "ws" (want one of: stdio, http)`},
		{Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "fire"}, `unknown value fault "fire" for scenario tool-call`},
		{Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "missing-session"}, "missing-session needs 2025-11-25 over http"},
		{Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http", Fault: "stdout-pollution"}, "needs the stdio transport"},
	} {
		_, err := Run(tt.o)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v, want it to contain %q", tt.o, err, tt.want)
		}
		if !errors.Is(err, ErrUnknown) && !errors.Is(err, ErrNotApplicable) {
			t.Errorf("%+v: error does not wrap ErrUnknown/ErrNotApplicable", tt.o)
		}
	}
}

// TestEveryFaultChangesTheTranscript: for every scenario, version and
// transport, each fault the scenario offers there produces events that
// differ from the run without a fault. A fault the scenario ignores (the
// UI would label a button that does nothing) fails here.
func TestEveryFaultChangesTheTranscript(t *testing.T) {
	type cell struct{ scenario, version, transport string }
	base := map[cell][]trace.Event{}
	runs := matrixTraces(t)
	for _, m := range runs {
		if m.o.Fault == FaultNone {
			base[cell{m.o.Scenario, m.o.Version, m.o.Transport}] = m.tr.Events
		}
	}
	for _, m := range runs {
		if m.o.Fault == FaultNone {
			continue
		}
		none, ok := base[cell{m.o.Scenario, m.o.Version, m.o.Transport}]
		if !ok {
			t.Errorf("%+v: no fault-free run to compare with", m.o)
			continue
		}
		a, _ := json.Marshal(none)
		b, _ := json.Marshal(m.tr.Events)
		if string(a) == string(b) {
			t.Errorf("%s %s %s: fault %s changes nothing in the transcript", m.o.Scenario, m.o.Version, m.o.Transport, m.o.Fault)
		}
	}
}
