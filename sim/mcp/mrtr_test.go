package mcp_test

// 2026-07-28 multi round-trip requests: rounds, the requestState's
// integrity, expiry and binding, replicas, malformed inputResponses, and
// the requests that never answer input_required.

import (
	"context"
	"encoding/json"
	"fmt"
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

var (
	stepName  = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`)
	stepColor = json.RawMessage(`{"type":"object","properties":{"color":{"type":"string"}},"required":["color"]}`)
)

// rounds is a registry with a two-round tool (name, then colour), a tool
// asking two things at once, and an interactive prompt.
func rounds() *primitive.Registry {
	r := toolbox.Default().MustWith(
		primitive.Def{Tool: primitive.Tool{Name: "two_rounds", Description: "Asks a name, then a colour.", InputSchema: toolbox.Schema(map[string]any{
			"greeting": map[string]any{"type": "string"}})},
			Run: func(ctx context.Context, args map[string]any, env primitive.Env) (primitive.Result, error) {
				a, err := env.Elicit(ctx, primitive.ElicitForm("name", "Your name?", stepName))
				if err != nil {
					return primitive.Result{}, err
				}
				b, err := env.Elicit(ctx, primitive.ElicitForm("color", "Your colour?", stepColor))
				if err != nil {
					return primitive.Result{}, err
				}
				return primitive.Result{Text: fmt.Sprintf("%v %v likes %v.", args["greeting"], a.Content["name"], b.Content["color"])}, nil
			}},
		primitive.Def{Tool: primitive.Tool{Name: "both_at_once", Description: "Asks a name and the roots together.", InputSchema: toolbox.Schema(map[string]any{})},
			Run: func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
				out, err := env.Ask(ctx, primitive.ElicitForm("name", "Your name?", stepName), primitive.ListRoots("roots"))
				if err != nil {
					return primitive.Result{}, err
				}
				return primitive.Result{Text: fmt.Sprintf("%d answers", len(out))}, nil
			}},
	)
	r, err := r.WithPrompts(primitive.Prompt{Name: "ask_first", Description: "Asks a name before it is filled in.",
		Interactive: func(ctx context.Context, _ map[string]string, env primitive.Env) (primitive.PromptResult, error) {
			a, err := env.Elicit(ctx, primitive.ElicitForm("name", "Your name?", stepName))
			if err != nil {
				return primitive.PromptResult{}, err
			}
			return primitive.PromptResult{Messages: []primitive.PromptMessage{{Role: "user", Content: primitive.TextContent(fmt.Sprintf("Greet %v.", a.Content["name"]))}}}, nil
		}})
	if err != nil {
		panic(err)
	}
	return r
}

// clock is a settable wall clock for requestState expiry.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

func roundsServer(key string, clk *clock) *mcp.Server {
	return labserver.NewServer(mcp.Config{Tools: rounds(), Sleep: noSleep, StateKey: []byte(key), Now: clk.Now})
}

var askAll = opts{meta: map[string]any{protocol.MetaClientCapabilities: map[string]any{"elicitation": map[string]any{}, "roots": map[string]any{}}}}

// inputRequired decodes an InputRequiredResult, failing the test when the
// answer is anything else.
func inputRequired(t *testing.T, a answer) mcp.InputRequiredResult {
	t.Helper()
	var r mcp.InputRequiredResult
	if m := a.last(); m == nil || m.Error != nil || json.Unmarshal(m.Result, &r) != nil || r.ResultType != protocol.ResultInputRequired {
		t.Fatalf("want an InputRequiredResult, got %s", short(a.raws[len(a.raws)-1]))
	}
	return r
}

func accept(content map[string]any) map[string]any {
	return map[string]any{"action": "accept", "content": content}
}

func TestMultiRound(t *testing.T) {
	sch := schemas(t)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			c := dial(t, roundsServer("k", &clock{time.Unix(1_800_000_000, 0)}), protocol.V20260728, tr, nil)
			args := map[string]any{"greeting": "Hi!"}
			call := func(extra map[string]any) answer {
				p := map[string]any{"name": "two_rounds", "arguments": args}
				for k, v := range extra {
					p[k] = v
				}
				a := c.call(protocol.MethodToolsCall, p, askAll)
				validate(t, sch[protocol.V20260728], protocol.V20260728, protocol.MethodToolsCall, a)
				return a
			}
			r1 := inputRequired(t, call(nil))
			if len(r1.InputRequests) != 1 || r1.InputRequests["name"].Method != protocol.MethodElicit {
				t.Fatalf("round 1 asks %+v", r1.InputRequests)
			}
			// A retry that answers nothing is asked again: same question,
			// a new round (mrtr §Error Handling).
			again := inputRequired(t, call(map[string]any{"inputResponses": map[string]any{}, "requestState": r1.RequestState}))
			if _, ok := again.InputRequests["name"]; !ok || again.RequestState == r1.RequestState {
				t.Errorf("unanswered retry: %+v", again)
			}
			r2 := inputRequired(t, call(map[string]any{"inputResponses": map[string]any{"name": accept(map[string]any{"name": "Ana"})}, "requestState": r1.RequestState}))
			if len(r2.InputRequests) != 1 || r2.InputRequests["color"].Method != protocol.MethodElicit || r2.RequestState == r1.RequestState {
				t.Fatalf("round 2 %+v", r2)
			}
			// Round 3 answers only the colour: the name travels in the state.
			done := call(map[string]any{"inputResponses": map[string]any{"color": accept(map[string]any{"color": "blue"})}, "requestState": r2.RequestState})
			if m := done.last(); m.Error != nil || !strings.Contains(string(m.Result), `"text":"Hi! Ana likes blue."`) || !strings.Contains(string(m.Result), `"resultType":"complete"`) {
				t.Errorf("round 3 %s", done.raws[len(done.raws)-1])
			}
			// Answers to questions of other rounds are ignored: with round
			// 1's state, a colour answer does not skip the name.
			skip := inputRequired(t, call(map[string]any{"inputResponses": map[string]any{"color": accept(map[string]any{"color": "red"})}, "requestState": r1.RequestState}))
			if _, ok := skip.InputRequests["name"]; !ok {
				t.Errorf("a colour answered early skipped the name: %+v", skip)
			}
		})
	}
}

// TestRequestStateRefused: a requestState is valid only unchanged, for the
// request that received it, before it expires, at a server with the same
// key; each refusal is -32602 with the reason.
func TestRequestStateRefused(t *testing.T) {
	sch := schemas(t)
	clk := &clock{time.Unix(1_800_000_000, 0)}
	srv := roundsServer("k", clk)
	c := dial(t, srv, protocol.V20260728, "http", nil)
	first := func(name string, args map[string]any) mcp.InputRequiredResult {
		return inputRequired(t, c.call(protocol.MethodToolsCall, map[string]any{"name": name, "arguments": args}, askAll))
	}
	r1 := first("two_rounds", map[string]any{"greeting": "Hi"})
	retry := func(c *client, name string, args map[string]any, state any) answer {
		a := c.call(protocol.MethodToolsCall, map[string]any{"name": name, "arguments": args,
			"inputResponses": map[string]any{"name": accept(map[string]any{"name": "Ana"})}, "requestState": state}, askAll)
		validate(t, sch[protocol.V20260728], protocol.V20260728, protocol.MethodToolsCall, a)
		return a
	}
	tampered := []byte(r1.RequestState)
	tampered[len(tampered)-5] ^= 1
	for _, tc := range []struct {
		name  string
		state any
		args  map[string]any
		tool  string
		want  string
	}{
		{"tampered", string(tampered), map[string]any{"greeting": "Hi"}, "two_rounds", "requestState failed its integrity check"},
		{"appended to", r1.RequestState + "-TAMPERED", map[string]any{"greeting": "Hi"}, "two_rounds", "requestState failed its integrity check"},
		{"not ours", "eyJhbGciOiJub25lIn0", map[string]any{"greeting": "Hi"}, "two_rounds", "requestState failed its integrity check"},
		{"other arguments", r1.RequestState, map[string]any{"greeting": "Bye"}, "two_rounds", "requestState was issued for a different request (tools/call with other parameters)"},
		{"other tool", r1.RequestState, map[string]any{}, "both_at_once", "requestState was issued for a different request"},
		{"not a string", 42, map[string]any{"greeting": "Hi"}, "two_rounds", "requestState must be the string the server sent, unchanged"},
	} {
		a := retry(c, tc.tool, tc.args, tc.state)
		if m := a.last(); m.Error == nil || m.Error.Code != protocol.CodeInvalidParams || !strings.Contains(m.Error.Message, tc.want) || a.status != http.StatusOK {
			t.Errorf("%s: %d %s, want -32602 %q", tc.name, a.status, a.raws[len(a.raws)-1], tc.want)
		}
	}
	// The same state, unchanged, is accepted (the positive twin).
	if m := retry(c, "two_rounds", map[string]any{"greeting": "Hi"}, r1.RequestState).last(); m.Error != nil {
		t.Errorf("untouched state refused: %s", m.Error.Message)
	}
	// A state used on prompts/get instead of tools/call.
	pa := c.call(protocol.MethodPromptsGet, map[string]any{"name": "ask_first", "requestState": r1.RequestState,
		"inputResponses": map[string]any{"name": accept(map[string]any{"name": "Ana"})}}, askAll)
	if m := pa.last(); m.Error == nil || !strings.Contains(m.Error.Message, "issued for a different request (tools/call") {
		t.Errorf("tools/call state on prompts/get: %s", pa.raws[len(pa.raws)-1])
	}
	// Another replica behind the same load balancer shares the key: it
	// serves the next round. A server with another key refuses it.
	other := dial(t, roundsServer("k", clk), protocol.V20260728, "http", nil)
	if m := retry(other, "two_rounds", map[string]any{"greeting": "Hi"}, r1.RequestState).last(); m.Error != nil {
		t.Errorf("replica with the same key refused the state: %s", m.Error.Message)
	}
	stranger := dial(t, roundsServer("other key", clk), protocol.V20260728, "http", nil)
	if m := retry(stranger, "two_rounds", map[string]any{"greeting": "Hi"}, r1.RequestState).last(); m.Error == nil || !strings.Contains(m.Error.Message, "integrity check") {
		t.Errorf("a server with another key accepted the state: %s", m.Result)
	}
	// Expiry: RequestStateTTL after it was issued, the state is refused.
	clk.now = clk.now.Add(mcp.RequestStateTTL)
	if m := retry(c, "two_rounds", map[string]any{"greeting": "Hi"}, r1.RequestState).last(); m.Error == nil || !strings.Contains(m.Error.Message, "requestState expired at 2027-01-15T08:10:00Z") {
		t.Errorf("expired state: %s %s", m.Result, m.Error)
	}
}

// TestInputResponsesChecked: inputResponses must be an object of result
// objects (-32602 otherwise); answers the call did not ask for are
// ignored; a first retry without requestState may answer the first
// questions; a question the client cannot answer is -32021.
func TestInputResponsesChecked(t *testing.T) {
	sch := schemas(t)
	c := dial(t, roundsServer("k", &clock{time.Unix(1_800_000_000, 0)}), protocol.V20260728, "stdio", nil)
	call := func(name string, extra map[string]any, o opts) answer {
		p := map[string]any{"name": name, "arguments": map[string]any{}}
		for k, v := range extra {
			p[k] = v
		}
		a := c.call(protocol.MethodToolsCall, p, o)
		validate(t, sch[protocol.V20260728], protocol.V20260728, protocol.MethodToolsCall, a)
		return a
	}
	for _, bad := range []struct {
		responses any
		want      string
	}{
		{nil, "inputResponses must be an object that maps each input request key to the client's result, got null"},
		{[]any{1}, "inputResponses must be an object"},
		{map[string]any{"name": 12345}, `inputResponses["name"] must be a result object (ElicitResult, CreateMessageResult or ListRootsResult), got 12345`},
	} {
		raw, _ := json.Marshal(bad.responses)
		m := call("both_at_once", map[string]any{"inputResponses": json.RawMessage(raw)}, askAll).last()
		if m.Error == nil || m.Error.Code != protocol.CodeInvalidParams || !strings.Contains(m.Error.Message, bad.want) {
			t.Errorf("inputResponses %s: %s", raw, m.Encode())
		}
	}
	// Without a requestState the first batch may be answered at once; the
	// extra key is ignored.
	m := call("both_at_once", map[string]any{"inputResponses": map[string]any{
		"name": accept(map[string]any{"name": "Ana"}), "roots": map[string]any{"roots": []any{}}, "extra": accept(nil)}}, askAll).last()
	if m.Error != nil || !strings.Contains(string(m.Result), `"text":"2 answers"`) {
		t.Errorf("first batch answered up front: %s", m.Encode())
	}
	// Half of the batch: the other half is asked again, alone.
	r := inputRequired(t, call("both_at_once", map[string]any{"inputResponses": map[string]any{"name": accept(map[string]any{"name": "Ana"})}}, askAll))
	if len(r.InputRequests) != 1 || r.InputRequests["roots"].Method != protocol.MethodRoots {
		t.Errorf("re-asked %+v", r.InputRequests)
	}
	// The client declared elicitation but not roots: -32021, naming roots.
	o := opts{meta: map[string]any{protocol.MetaClientCapabilities: map[string]any{"elicitation": map[string]any{}}}}
	a := call("both_at_once", nil, o)
	if m := a.last(); m.Error == nil || m.Error.Code != protocol.CodeMissingRequiredClientCapability || !strings.Contains(string(m.Encode()), `"data":{"requiredCapabilities":{"roots":{}}}`) {
		t.Errorf("undeclared roots: %s", m.Encode())
	}
}

// TestRetryDeclaresItsCapabilities: a retry is a request of its own and
// declares its own client capabilities (basic/index §_meta: "A server MUST
// NOT rely on capabilities the client has not declared"). A retry that
// answers the form question but no longer declares elicitation, declares
// something else, or declares URL mode only is refused with -32021 naming
// what is missing; the same retry declaring elicitation is the broken
// twin: it completes. The refusals hold with the answer in inputResponses
// and with it carried in the requestState of an earlier round.
func TestRetryDeclaresItsCapabilities(t *testing.T) {
	sch := schemas(t)
	c := dial(t, roundsServer("k", &clock{time.Unix(1_800_000_000, 0)}), protocol.V20260728, "stdio", nil)
	caps := func(v any) opts { return opts{meta: map[string]any{protocol.MetaClientCapabilities: v}} }
	call := func(extra map[string]any, o opts) answer {
		p := map[string]any{"name": "two_rounds", "arguments": map[string]any{}}
		for k, v := range extra {
			p[k] = v
		}
		a := c.call(protocol.MethodToolsCall, p, o)
		validate(t, sch[protocol.V20260728], protocol.V20260728, protocol.MethodToolsCall, a)
		return a
	}
	r1 := inputRequired(t, call(nil, askAll))
	name := map[string]any{"inputResponses": map[string]any{"name": accept(map[string]any{"name": "Ana"})}, "requestState": r1.RequestState}
	r2 := inputRequired(t, call(name, askAll))
	color := map[string]any{"inputResponses": map[string]any{"color": accept(map[string]any{"color": "blue"})}, "requestState": r2.RequestState}
	for _, tt := range []struct {
		caps any
		want string
	}{
		{map[string]any{}, `{"requiredCapabilities":{"elicitation":{}}}`},
		{map[string]any{"sampling": map[string]any{}}, `{"requiredCapabilities":{"elicitation":{}}}`},
		{map[string]any{"elicitation": map[string]any{"url": map[string]any{}}}, `{"requiredCapabilities":{"elicitation":{"form":{}}}}`},
	} {
		for round, extra := range []map[string]any{name, color} {
			m := call(extra, caps(tt.caps)).last()
			if m.Error == nil || m.Error.Code != protocol.CodeMissingRequiredClientCapability || !strings.Contains(string(m.Encode()), `"data":`+tt.want) {
				t.Errorf("round %d retry declaring %v: %s", round+2, tt.caps, m.Encode())
			}
		}
	}
	for _, declared := range []any{map[string]any{"elicitation": map[string]any{}}, map[string]any{"elicitation": map[string]any{"form": map[string]any{}}}} {
		if m := call(color, caps(declared)).last(); m.Error != nil || !strings.Contains(string(m.Result), `Ana likes blue.`) {
			t.Errorf("retry declaring %v: %s", declared, m.Encode())
		}
	}
}

// TestInputRequiredOnlyWhereAllowed: mrtr §Supported Requests — only
// prompts/get, resources/read and tools/call may answer input_required;
// the others ignore inputResponses. Over HTTP no server request ever rides
// a 2026-07-28 stream, even one opened for progress.
func TestInputRequiredOnlyWhereAllowed(t *testing.T) {
	sch := schemas(t)
	c := dial(t, roundsServer("k", &clock{time.Unix(1_800_000_000, 0)}), protocol.V20260728, "http", nil)
	extra := map[string]any{"inputResponses": map[string]any{"name": accept(map[string]any{"name": "Ana"})}, "requestState": "x"}
	for _, method := range []string{protocol.MethodToolsList, protocol.MethodPromptsList, protocol.MethodResourcesList, protocol.MethodDiscover} {
		a := c.call(method, extra, askAll)
		validate(t, sch[protocol.V20260728], protocol.V20260728, method, a)
		if m := a.last(); m.Error != nil || strings.Contains(string(m.Result), "input_required") {
			t.Errorf("%s: %s", method, m.Encode())
		}
	}
	// prompts/get asks like a tool call.
	r := inputRequired(t, c.call(protocol.MethodPromptsGet, map[string]any{"name": "ask_first"}, askAll))
	done := c.call(protocol.MethodPromptsGet, map[string]any{"name": "ask_first", "requestState": r.RequestState,
		"inputResponses": map[string]any{"name": accept(map[string]any{"name": "Ana"})}}, askAll)
	validate(t, sch[protocol.V20260728], protocol.V20260728, protocol.MethodPromptsGet, done)
	if m := done.last(); m.Error != nil || !strings.Contains(string(m.Result), `"text":"Greet Ana."`) {
		t.Errorf("prompts/get round 2: %s", m.Encode())
	}
	// With a progress token the answer is an SSE stream: it carries the
	// result only.
	o := opts{meta: map[string]any{protocol.MetaClientCapabilities: map[string]any{"elicitation": map[string]any{}}, protocol.MetaProgressToken: "p"}}
	a := c.call(protocol.MethodToolsCall, map[string]any{"name": "two_rounds", "arguments": map[string]any{}}, o)
	for _, m := range a.msgs {
		if m.Kind() == jsonrpc.KindRequest {
			t.Errorf("a server request on a 2026-07-28 stream: %s", m.Encode())
		}
	}
	inputRequired(t, a)
}
