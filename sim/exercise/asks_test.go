package exercise

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// TestRetryInput grades right, wrong and malformed retries of the
// input_required result, locally and on the engine's server.
func TestRetryInput(t *testing.T) {
	f := retryGiven()
	if f.line == "" || f.key == "" || f.slot == "" || f.state == "" {
		t.Fatalf("the engine gave no input_required result: %+v", f)
	}
	g := fake()
	st, _ := json.Marshal(f.state)
	accept := `{"` + f.key + `":{"action":"accept","content":{"` + f.key + `":"` + f.slot + `"}}}`
	fb := check(t, g, IDRetryInput, retryAnswer(7, accept, string(st)), EN)
	if len(fb.Notes) == 0 || !strings.Contains(fb.Notes[0], "Booked") {
		t.Errorf("notes %q: the server's booking is not reported", fb.Notes)
	}
	check(t, g, IDRetryInput, retryAnswer(retryOriginalID, accept, string(st)), EN,
		"$.id is 3, the id of the request that got input_required: the retry is a new request and MUST have a new id")
	tampered, _ := json.Marshal(strings.Replace(f.state, ".", ".A", 1))
	check(t, g, IDRetryInput, retryAnswer(4, accept, string(tampered)), EN,
		"$.params.requestState is not the exact value the server sent: the client MUST echo it back unchanged")
	decline := `{"` + f.key + `":{"action":"decline"}}`
	check(t, g, IDRetryInput, retryAnswer(4, decline, string(st)), EN,
		`$.params.inputResponses.`+f.key+` is {"action":"decline"}; the user accepts the form with the first slot offered, "`+f.slot+`"`)
	check(t, g, IDRetryInput, retryAnswer(4, `{"other":{}}`, string(st)), EN,
		`$.params.inputResponses has no answer for "`+f.key+`", the key of the server's input request`)
	// A retry is a request of its own: it must declare elicitation (form
	// mode) again. Dropped, replaced or narrowed to URL mode, the grader
	// says so before the server refuses it (-32021).
	withCaps := func(caps string) string {
		return strings.Replace(retryAnswer(4, accept, string(st)), `"`+protocol.MetaClientCapabilities+`":{"elicitation":{"form":{}}}`, `"`+protocol.MetaClientCapabilities+`":`+caps, 1)
	}
	for caps, lacks := range map[string]string{`{}`: "elicitation", `{"sampling":{}}`: "elicitation", `{"elicitation":{"url":{}}}`: "elicitation.form"} {
		check(t, g, IDRetryInput, withCaps(caps), EN,
			`$.params._meta["io.modelcontextprotocol/clientCapabilities"] is `+caps+`, which does not declare `+lacks+`: the retry is a request of its own, and answering the form relies on that capability, so it must declare it again, as the original request did`)
		// Without the local check the engine refuses it on its own.
		if m := probeRetry(t, withCaps(caps)); m == nil || m.Error == nil || m.Error.Code != protocol.CodeMissingRequiredClientCapability {
			t.Errorf("the engine accepts a retry declaring %s: %v", caps, m)
		}
	}
	for _, caps := range []string{`{"elicitation":{}}`, `{"elicitation":{"form":{},"url":{}}}`} {
		check(t, g, IDRetryInput, withCaps(caps), EN)
	}
	check(t, g, IDRetryInput, `{"jsonrpc":"2.0","id":4,"method":"tools/call",`, EN, "line 1, column 47: unexpected end of JSON input")
	// Locally right, refused by the server: the retry has no _meta, so the
	// engine does not know its protocol version.
	noMeta := strings.Replace(retryAnswer(4, accept, string(st)), `,"_meta":{"`+protocol.MetaProtocolVersion+`":"`+ModernVersion+`","`+protocol.MetaClientCapabilities+`":{"elicitation":{"form":{}}}}`, ``, 1)
	fb = g.Grade(mustEx(t, IDRetryInput), noMeta, EN)
	if fb.Correct || len(fb.Problems) != 1 || !strings.Contains(fb.Problems[0], "the server answered one of your lines with error") {
		t.Errorf("retry without _meta: %v %q", fb.Correct, fb.Problems)
	}
	// Without a server the local checks pass and the grader says so.
	fb = Grader{}.Grade(mustEx(t, IDRetryInput), retryAnswer(4, accept, string(st)), ZH)
	if fb.Correct || len(fb.Problems) != 1 || fb.Problems[0] != tr(ZH, "no-probe") {
		t.Errorf("no probe: %q", fb.Problems)
	}
}

// probeRetry sends one retry line to the exercise's probe server and
// returns its answer.
func probeRetry(t *testing.T, line string) *jsonrpc.Message {
	t.Helper()
	out, err := EngineProbe().Stdio([]string{line})
	if err != nil || len(out) != 1 {
		t.Fatalf("probe: %q %v", out, err)
	}
	m, derr := jsonrpc.Decode([]byte(out[0]))
	if derr != nil {
		t.Fatalf("probe answered %q: %v", out[0], derr)
	}
	return m
}

// otherKeyProbe is a probe whose server signs with a key of its own: the
// broken twin of the exercise's fixed probe key.
type otherKeyProbe struct{ fakeProbe }

func (*otherKeyProbe) Stdio(lines []string) ([]string, error) {
	return stdioLines(labserver.NewServer(mcp.Config{StateKey: []byte("another key"), Now: probeNow}), lines)
}

// TestRetryFactsAreTheEngines: the result the exercise shows is the
// engine's answer to the original request, byte for byte; and the model
// answer passes because the server verifies the state it issued — a
// server with another key refuses the very same retry.
func TestRetryFactsAreTheEngines(t *testing.T) {
	out, err := EngineProbe().Stdio([]string{retryOriginal})
	if err != nil || len(out) != 1 || out[0] != retryGiven().line {
		t.Fatalf("the engine answers %q (%v), the exercise shows %q", out, err, retryGiven().line)
	}
	ex := mustEx(t, IDRetryInput)
	if !strings.Contains(ex.Prompt.In(EN), out[0]) || !strings.Contains(ex.Prompt.In(ZH), out[0]) {
		t.Error("the prompt does not show the engine's result")
	}
	fb := Grader{Probe: &otherKeyProbe{}}.Grade(ex, ex.ModelAnswer, EN)
	if fb.Correct || len(fb.Problems) != 1 || !strings.Contains(fb.Problems[0], strconv.Itoa(protocol.CodeInvalidParams)) || !strings.Contains(fb.Problems[0], "requestState") {
		t.Errorf("another server's key: %v %q", fb.Correct, fb.Problems)
	}
}

// modernBookRoom is the exercise's tools/call for a taken room over
// 2026-07-28 Streamable HTTP, with the client capabilities caps.
func modernBookRoom(caps string) string {
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book_room","arguments":{"room":"Aurora","day":"2026-12-03"},"_meta":{"` +
		protocol.MetaProtocolVersion + `":"` + ModernVersion + `","` + protocol.MetaClientCapabilities + `":` + caps + `}}}`
	return "POST /mcp HTTP/1.1\r\nHost: localhost:3000\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n" +
		"MCP-Protocol-Version: " + ModernVersion + "\r\nMcp-Method: tools/call\r\nMcp-Name: book_room\r\nContent-Length: " + itoa(len(body)) + "\r\n\r\n" + body
}

// TestMissingCapabilityFactsAgreeWithTheEngine: the exercise's right
// answers are what the engine's server answers the prompt's request with
// (status, code, data.requiredCapabilities); the same request declaring
// elicitation is the broken twin: it gets none of them.
func TestMissingCapabilityFactsAgreeWithTheEngine(t *testing.T) {
	ex := mustEx(t, IDMissingCap)
	correct := map[string]string{}
	for _, q := range ex.Questions {
		correct[q.ID] = q.Correct[0]
	}
	status, r := ask(t, modernBookRoom(`{}`))
	if strconv.Itoa(status) != correct["status"] || r == nil || r.isRes || strconv.Itoa(r.code) != correct["code"] {
		t.Fatalf("the engine answers %d %+v; the exercise says %v", status, r, correct)
	}
	data, _ := r.data.(map[string]any)
	req, _ := data["requiredCapabilities"].(map[string]any)
	if _, ok := req["elicitation"]; !ok || correct["data"] != "required" {
		t.Errorf("error.data %v", r.data)
	}
	status, r = ask(t, modernBookRoom(`{"elicitation":{"form":{}}}`))
	if strconv.Itoa(status) == correct["status"] || r == nil || !r.isRes {
		t.Errorf("declaring elicitation: %d %+v", status, r)
	}
	check(t, fake(), IDMissingCap, `{"code":"-32601","status":"404","data":"required"}`, EN,
		`code: "-32601" (-32601 Method not found) is not right: tools/call exists and book_room too; what is missing is on the client's side`,
		`status: "404" (404 Not Found) is not right: 404 is for a method the server does not implement`)
	check(t, fake(), IDMissingCap, `{"code":`, EN, "line 1, column 9: unexpected end of JSON input")
}

// TestLegacyAskRouteAgreesWithTheEngine: in the engine's elicitation
// scenario over 2025-11-25 HTTP, elicitation/create is an SSE event of the
// tools/call POST's exchange, before its result; the answer is a POST of
// its own carrying a response with the server's id; that POST gets the
// status the exercise calls right. The run without elicitation declared
// is the broken twin: no request of the server at all.
func TestLegacyAskRouteAgreesWithTheEngine(t *testing.T) {
	ex := mustEx(t, IDLegacyAskRoute)
	correct := map[string]string{}
	for _, q := range ex.Questions {
		correct[q.ID] = q.Correct[0]
	}
	route := func(fault string) (askExchange, callExchange, answerStatus int, sameID bool) {
		tr, err := scenario.Run(scenario.Options{Scenario: "elicitation", Version: protocol.V20251125, Transport: "http", Fault: fault})
		if err != nil {
			t.Fatal(err)
		}
		askID, answerExchange := "", 0
		for _, e := range tr.Events {
			for _, raw := range e.Messages {
				m, err := jsonrpc.Decode(raw)
				if err != nil || e.HTTP == nil {
					continue
				}
				switch {
				case e.From == trace.Client && m.Method == protocol.MethodToolsCall:
					callExchange = e.HTTP.Exchange
				case e.From == trace.Server && m.Method == protocol.MethodElicit && e.HTTP.Chunk:
					askExchange, askID = e.HTTP.Exchange, m.ID.String()
				case e.From == trace.Client && m.Kind() == jsonrpc.KindResult && askID != "":
					sameID = m.ID.String() == askID
					answerExchange = e.HTTP.Exchange
				}
			}
			if e.From == trace.Server && e.HTTP != nil && answerExchange != 0 && e.HTTP.Exchange == answerExchange && !e.HTTP.Chunk {
				answerStatus = e.HTTP.Status
			}
		}
		return
	}
	ask, call, status, sameID := route(scenario.FaultNone)
	if ask == 0 || ask != call || correct["stream"] != "post-sse" {
		t.Errorf("elicitation/create on exchange %d, tools/call on %d; the exercise says %s", ask, call, correct["stream"])
	}
	if !sameID || correct["answer"] != "new-post" {
		t.Errorf("the answer carries the server's id: %v; the exercise says %s", sameID, correct["answer"])
	}
	if strconv.Itoa(status) != correct["ack"] || status != http.StatusAccepted {
		t.Errorf("the answer's POST got %d; the exercise says %s", status, correct["ack"])
	}
	if ask, _, _, _ := route(scenario.FaultUndeclared); ask != 0 {
		t.Errorf("without elicitation declared the server still asked (exchange %d)", ask)
	}
	check(t, fake(), IDLegacyAskRoute, `{"stream":"result","answer":"retry","ack":"202"}`, EN,
		`stream: "result" (Inside the tools/call result, as input_required) is not right: that is 2026-07-28; in 2025-11-25 the server sends a JSON-RPC request of its own`,
		`answer: "retry" (tools/call again with inputResponses) is not right: that is 2026-07-28's retry`)
}
