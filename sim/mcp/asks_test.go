package mcp_test

// When the server needs something from the client: the course tools that
// elicit, sample and list roots, per version × transport, with the exact
// channel of each question and answer, the codes and statuses, and every
// message checked against its version's schema.

import (
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

type schemaSet = *specschema.Schemas

// courseServer is the dev server's course: the five tools and the three
// that need the client.
func courseServer() *mcp.Server {
	return labserver.NewServer(mcp.Config{Tools: toolbox.Course(), Sleep: noSleep})
}

// hostAnswer plays the Host: the result for one question (method and
// params), or a JSON-RPC error (2025-11-25 only: 2026-07-28 answers are
// results).
type hostAnswer func(method string, params json.RawMessage) (any, *jsonrpc.Error)

func answering(results map[string]any) hostAnswer {
	return func(method string, _ json.RawMessage) (any, *jsonrpc.Error) { return results[method], nil }
}

// eraWant is the outcome of a case under one era.
type eraWant struct {
	code   int    // JSON-RPC error code of the final answer; 0: a result
	status int    // its HTTP status (2026-07-28; 2025-11-25 streams are 200)
	text   string // a substring of it
}

type askCase struct {
	name   string
	tool   string
	args   map[string]any
	caps   map[string]any // the client's declared capabilities
	answer hostAnswer
	asks   []string // the methods the server asks, in order
	legacy *eraWant // nil: same as modern
	modern eraWant
	check  func(t *testing.T, version string, asked []json.RawMessage)
}

var (
	elicitCaps  = map[string]any{"elicitation": map[string]any{}}
	samplingCap = map[string]any{"sampling": map[string]any{}}
	rootsCap    = map[string]any{"roots": map[string]any{"listChanged": true}}
	aurora3     = map[string]any{"room": "Aurora", "day": "2026-12-03"} // taken
	summary     = map[string]any{"role": "assistant", "model": "host-model", "stopReason": "endTurn",
		"content": map[string]any{"type": "text", "text": "Two urgent items need you today."}}
)

func askCases() []askCase {
	pick := func(slot string) hostAnswer {
		return answering(map[string]any{protocol.MethodElicit: map[string]any{"action": "accept", "content": map[string]any{"slot": slot}}})
	}
	return []askCase{
		{name: "elicitation accepted", tool: "book_room", args: aurora3, caps: elicitCaps, answer: pick("Borealis 2026-12-03"),
			asks:   []string{protocol.MethodElicit},
			modern: eraWant{status: 200, text: `"text":"Booked Borealis on 2026-12-03 instead (Aurora was taken on 2026-12-03)."`},
			check: func(t *testing.T, _ string, asked []json.RawMessage) {
				want := `{"mode":"form","message":"Aurora is already booked on 2026-12-03. Book one of these instead?","requestedSchema":{"properties":{"slot":{"oneOf":[{"const":"Borealis 2026-12-03","title":"Borealis on 2026-12-03"},{"const":"Aurora 2026-12-04","title":"Aurora on 2026-12-04"}],"title":"Book instead","type":"string"}},"required":["slot"],"type":"object"}}`
				if string(asked[0]) != want {
					t.Errorf("elicitation params\n%s\nwant\n%s", asked[0], want)
				}
			}},
		{name: "elicitation declined", tool: "book_room", args: aurora3, caps: elicitCaps,
			answer: answering(map[string]any{protocol.MethodElicit: map[string]any{"action": "decline"}}),
			asks:   []string{protocol.MethodElicit},
			modern: eraWant{status: 200, text: `Not booked: Aurora is taken on 2026-12-03 and the user declined the alternatives (Borealis 2026-12-03, Aurora 2026-12-04).`}},
		{name: "elicitation cancelled", tool: "book_room", args: aurora3, caps: elicitCaps,
			answer: answering(map[string]any{protocol.MethodElicit: map[string]any{"action": "cancel"}}),
			asks:   []string{protocol.MethodElicit},
			modern: eraWant{status: 200, text: `the user dismissed the question`}},
		{name: "a free room needs no question", tool: "book_room", args: map[string]any{"room": "Aurora", "day": "2026-12-04"},
			modern: eraWant{status: 200, text: `"text":"Booked Aurora on 2026-12-04."`}},
		{name: "elicitation not declared", tool: "book_room", args: aurora3, caps: map[string]any{},
			legacy: &eraWant{status: 200, text: `tool book_room needs to ask elicitation/create, which needs the client capability elicitation; the client did not declare it in initialize, so the server did not ask."}],"isError":true`},
			modern: eraWant{code: protocol.CodeMissingRequiredClientCapability, status: http.StatusBadRequest, text: `"data":{"requiredCapabilities":{"elicitation":{}}}`}},
		{name: "elicitation of url mode only", tool: "book_room", args: aurora3, caps: map[string]any{"elicitation": map[string]any{"url": map[string]any{}}},
			legacy: &eraWant{status: 200, text: `needs the client capability elicitation.form`},
			modern: eraWant{code: protocol.CodeMissingRequiredClientCapability, status: http.StatusBadRequest, text: `"requiredCapabilities":{"elicitation":{"form":{}}}`}},
		{name: "elicitation answer fails its schema", tool: "book_room", args: aurora3, caps: elicitCaps, answer: pick("Aurora 2026-12-25"),
			asks:   []string{protocol.MethodElicit},
			legacy: &eraWant{status: 200, text: `the client's answer to elicitation/create was not valid: content does not match the requested schema: $.slot:`},
			modern: eraWant{code: protocol.CodeInvalidParams, status: 200, text: `Invalid params: inputResponses[\"slot\"] (elicitation/create): content does not match the requested schema: $.slot:`}},
		{name: "elicitation answer without an action", tool: "book_room", args: aurora3, caps: elicitCaps,
			answer: answering(map[string]any{protocol.MethodElicit: map[string]any{"content": map[string]any{}}}),
			asks:   []string{protocol.MethodElicit},
			legacy: &eraWant{status: 200, text: `action must be \"accept\", \"decline\" or \"cancel\", got nothing`},
			modern: eraWant{code: protocol.CodeInvalidParams, status: 200, text: `action must be \"accept\", \"decline\" or \"cancel\", got nothing`}},
		{name: "sampling", tool: "summarize_inbox", args: map[string]any{"urgent": true, "limit": 2}, caps: samplingCap,
			answer: answering(map[string]any{protocol.MethodSample: summary}), asks: []string{protocol.MethodSample},
			modern: eraWant{status: 200, text: `"text":"Summary of 2 e-mails, by the Host's model (host-model): Two urgent items need you today."`},
			check: func(t *testing.T, _ string, asked []json.RawMessage) {
				if !strings.HasPrefix(string(asked[0]), `{"messages":[{"role":"user","content":{"type":"text","text":"Summarise these e-mails for a busy manager in two sentences:\n- 2026-11-23, from Ana Souza: Production incident: login errors.`) ||
					!strings.HasSuffix(string(asked[0]), `"systemPrompt":"You summarise a company's team inbox. Be brief and factual.","maxTokens":200}`) {
					t.Errorf("sampling params %s", asked[0])
				}
			}},
		{name: "sampling with context", tool: "summarize_inbox", args: map[string]any{}, caps: map[string]any{"sampling": map[string]any{"context": map[string]any{}}},
			answer: answering(map[string]any{protocol.MethodSample: summary}), asks: []string{protocol.MethodSample},
			modern: eraWant{status: 200, text: `Summary of 5 e-mails`},
			check: func(t *testing.T, _ string, asked []json.RawMessage) {
				if !strings.Contains(string(asked[0]), `"includeContext":"thisServer"`) {
					t.Errorf("sampling.context declared: params %s lack includeContext", asked[0])
				}
			}},
		{name: "sampling answer without a model", tool: "summarize_inbox", args: map[string]any{}, caps: samplingCap,
			answer: answering(map[string]any{protocol.MethodSample: map[string]any{"role": "assistant", "content": map[string]any{"type": "text", "text": "x"}}}),
			asks:   []string{protocol.MethodSample},
			legacy: &eraWant{status: 200, text: `model is required`},
			modern: eraWant{code: protocol.CodeInvalidParams, status: 200, text: `inputResponses[\"summary\"] (sampling/createMessage): model is required`}},
		{name: "sampling not declared", tool: "summarize_inbox", args: map[string]any{}, caps: elicitCaps,
			legacy: &eraWant{status: 200, text: `needs the client capability sampling; the client did not declare it in initialize`},
			modern: eraWant{code: protocol.CodeMissingRequiredClientCapability, status: http.StatusBadRequest, text: `"requiredCapabilities":{"sampling":{}}`}},
		{name: "roots", tool: "export_roster", args: map[string]any{"department": "Support"}, caps: rootsCap,
			answer: answering(map[string]any{protocol.MethodRoots: map[string]any{"roots": []any{map[string]any{"uri": "file:///home/li/ws", "name": "ws"}}}}),
			asks:   []string{protocol.MethodRoots},
			modern: eraWant{status: 200, text: `Saved the Support roster (2 employees: e04, e07) to file:///home/li/ws/rosters/support.csv, in the workspace ws (file:///home/li/ws).`},
			check: func(t *testing.T, v string, asked []json.RawMessage) {
				// roots/list takes no params (2025-11-25 sends none; a
				// 2026-07-28 input request carries {}).
				if want := map[string]string{protocol.V20251125: "", protocol.V20260728: "{}"}[v]; string(asked[0]) != want {
					t.Errorf("roots/list params %q, want %q", asked[0], want)
				}
			}},
		{name: "no roots shared", tool: "export_roster", args: map[string]any{"department": "Support"}, caps: rootsCap,
			answer: answering(map[string]any{protocol.MethodRoots: map[string]any{"roots": []any{}}}), asks: []string{protocol.MethodRoots},
			modern: eraWant{status: 200, text: `The client shares no roots`}},
		{name: "a root that is not a file URI", tool: "export_roster", args: map[string]any{"department": "Support"}, caps: rootsCap,
			answer: answering(map[string]any{protocol.MethodRoots: map[string]any{"roots": []any{map[string]any{"uri": "https://example.com/ws"}}}}),
			asks:   []string{protocol.MethodRoots},
			legacy: &eraWant{status: 200, text: `roots[0].uri must be a file:// URI`},
			modern: eraWant{code: protocol.CodeInvalidParams, status: 200, text: `roots[0].uri must be a file:// URI`}},
		{name: "roots not declared", tool: "export_roster", args: map[string]any{"department": "Support"}, caps: samplingCap,
			legacy: &eraWant{status: 200, text: `needs the client capability roots`},
			modern: eraWant{code: protocol.CodeMissingRequiredClientCapability, status: http.StatusBadRequest, text: `"requiredCapabilities":{"roots":{}}`}},
	}
}

// TestAsks runs every case per version × transport.
func TestAsks(t *testing.T) {
	sch := schemas(t)
	for _, tc := range askCases() {
		for _, v := range versions {
			for _, tr := range transports {
				t.Run(tc.name+"/"+v+"/"+tr, func(t *testing.T) {
					w := tc.modern
					if !protocol.IsModern(v) && tc.legacy != nil {
						w = *tc.legacy
					}
					var asked []string
					var params []json.RawMessage
					srv := courseServer()
					var final answer
					if protocol.IsModern(v) {
						final, asked, params = askModern(t, sch[v], srv, tr, tc)
					} else {
						final, asked, params = askLegacy(t, sch[v], srv, tr, tc)
					}
					if strings.Join(asked, " ") != strings.Join(tc.asks, " ") {
						t.Errorf("the server asked %v, want %v", asked, tc.asks)
					}
					resp := final.last()
					if resp == nil {
						t.Fatal("no final answer")
					}
					raw := string(final.raws[len(final.raws)-1])
					switch {
					case w.code == 0 && resp.Error != nil:
						t.Errorf("error %s, want a result", raw)
					case w.code != 0 && (resp.Error == nil || resp.Error.Code != w.code):
						t.Errorf("answer %s, want error %d", raw, w.code)
					}
					if !strings.Contains(raw, w.text) {
						t.Errorf("answer %s\nlacks %s", raw, w.text)
					}
					if tr == "http" && protocol.IsModern(v) && final.status != w.status {
						t.Errorf("HTTP status %d, want %d", final.status, w.status)
					}
					if tc.check != nil && len(params) > 0 {
						tc.check(t, v, params)
					}
				})
			}
		}
	}
}

// askLegacy: a 2025-11-25 session; the server's questions arrive as
// requests on the tools/call's stream and the client answers each at once.
func askLegacy(t *testing.T, sch schemaSet, srv *mcp.Server, tr string, tc askCase) (answer, []string, []json.RawMessage) {
	c := dial(t, srv, protocol.V20251125, tr, tc.caps)
	var asked []string
	var params []json.RawMessage
	c.answer = func(req *jsonrpc.Message) *jsonrpc.Message {
		asked = append(asked, req.Method)
		params = append(params, req.Params)
		if tc.answer == nil {
			t.Fatalf("the server asked %s; this case expects no question", req.Method)
		}
		res, rerr := tc.answer(req.Method, req.Params)
		if rerr != nil {
			return jsonrpc.ErrorResponse(req.ID, rerr)
		}
		return jsonrpc.Result(req.ID, res)
	}
	a := c.call(protocol.MethodToolsCall, map[string]any{"name": tc.tool, "arguments": tc.args}, opts{})
	validate(t, sch, protocol.V20251125, protocol.MethodToolsCall, a)
	seen := map[string]bool{"1": true, "2": true} // the client's own ids: initialize, tools/call
	for _, m := range a.msgs {
		if m.Kind() != jsonrpc.KindRequest {
			continue
		}
		// Requests of the server carry ids of its own, never reused.
		if seen[m.ID.String()] && m.ID.String() != "1" {
			t.Errorf("request id %s reused", m.ID)
		}
		seen[m.ID.String()] = true
	}
	switch {
	case tr == "stdio" && a.channel != chStdout:
		t.Errorf("channel %s", a.channel)
	case tr == "http" && len(tc.asks) > 0 && (a.channel != chSSE || !a.primed):
		// transports §Sending Messages 6: the requests ride the POST's
		// SSE stream (primed, resumable) before the response.
		t.Errorf("channel %s primed %v, want the POST's SSE stream", a.channel, a.primed)
	case tr == "http" && len(tc.asks) == 0 && a.channel != chJSON:
		t.Errorf("no question, yet channel %s", a.channel)
	}
	for _, ans := range c.answered {
		// §Sending Messages 4: an accepted response gets 202, no body.
		if tr == "http" && (ans.status != http.StatusAccepted || ans.body != "") {
			t.Errorf("the client's response got %d %q, want 202 and no body", ans.status, ans.body)
		}
	}
	return a, asked, params
}

// askModern: 2026-07-28; the first answer is an InputRequiredResult, the
// client retries with a new id, the inputResponses and the requestState.
func askModern(t *testing.T, sch schemaSet, srv *mcp.Server, tr string, tc askCase) (answer, []string, []json.RawMessage) {
	c := dial(t, srv, protocol.V20260728, tr, nil)
	o := opts{meta: map[string]any{protocol.MetaClientCapabilities: tc.caps}}
	call := map[string]any{"name": tc.tool, "arguments": tc.args}
	a := c.call(protocol.MethodToolsCall, call, o)
	validate(t, sch, protocol.V20260728, protocol.MethodToolsCall, a)
	first := a.last()
	var res mcp.InputRequiredResult
	if first == nil || first.Error != nil || json.Unmarshal(first.Result, &res) != nil || res.ResultType != protocol.ResultInputRequired {
		return a, nil, nil // answered at once
	}
	if tr == "http" && (a.channel != chJSON || a.status != http.StatusOK) {
		t.Errorf("input_required on %s %d, want one JSON object, 200", a.channel, a.status)
	}
	if res.RequestState == "" {
		t.Error("no requestState")
	}
	keys := make([]string, 0, len(res.InputRequests))
	for k := range res.InputRequests {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var asked []string
	var params []json.RawMessage
	responses := map[string]any{}
	for _, k := range keys {
		r := res.InputRequests[k]
		asked = append(asked, r.Method)
		params = append(params, r.Params)
		ans, rerr := tc.answer(r.Method, r.Params)
		if rerr != nil {
			t.Fatalf("2026-07-28 answers are results, not errors")
		}
		responses[k] = ans
	}
	// mrtr §Client Requirements: a new id, the exact requestState.
	call["inputResponses"], call["requestState"] = responses, res.RequestState
	retry := c.call(protocol.MethodToolsCall, call, o)
	validate(t, sch, protocol.V20260728, protocol.MethodToolsCall, retry)
	if retry.last() != nil && retry.last().ID == first.ID {
		t.Error("the retry reused the first request's id")
	}
	return retry, asked, params
}
