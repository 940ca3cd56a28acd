package exercise

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// The exercises on the server asking the client (issue 16): the
// 2026-07-28 retry of an input_required result, graded by the engine's
// server; -32021 and its HTTP status; and where a 2025-11-25 server's
// elicitation/create and the client's answer travel over HTTP. Every fact
// they grade is the engine's: the input_required result is the engine's
// answer to retryOriginal, the codes and statuses its constants, checked
// against its real answers in asks_test.go.

// Exercise IDs.
const (
	IDRetryInput     = "mrtr-retry"
	IDMissingCap     = "missing-client-capability"
	IDLegacyAskRoute = "legacy-ask-route"
)

// retryOriginalID is the id of the request the learner retries.
const retryOriginalID = 3

// retryOriginal is a 2026-07-28 tools/call for a room that is taken, from
// a client that declares elicitation (form mode): the engine answers it
// with an InputRequiredResult asking the user to pick another slot.
const retryOriginal = `{"jsonrpc":"2.0","id":3,"method":"` + protocol.MethodToolsCall + `","params":{"name":"book_room","arguments":{"room":"Aurora","day":"2026-12-03"},"_meta":{"` +
	protocol.MetaProtocolVersion + `":"` + ModernVersion + `","` + protocol.MetaClientCapabilities + `":{"elicitation":{"form":{}}}}}}`

// retryFacts is what the engine answered retryOriginal with: the
// InputRequiredResult line, its one input request's key, the first slot
// it offers, and its requestState; ask is that input request.
type retryFacts struct {
	line, key, slot, state string
	ask                    primitive.InputRequest
}

var (
	retryOnce sync.Once
	retryGot  retryFacts
)

// retryGiven asks the engine (a fresh probe server: fixed key and clock,
// so the state stays valid for grading) once.
func retryGiven() retryFacts {
	retryOnce.Do(func() {
		out, err := EngineProbe().Stdio([]string{retryOriginal})
		if err != nil || len(out) != 1 {
			return
		}
		var m struct {
			Result mcp.InputRequiredResult `json:"result"`
		}
		if json.Unmarshal([]byte(out[0]), &m) != nil || m.Result.ResultType != protocol.ResultInputRequired {
			return
		}
		retryGot = retryFacts{line: out[0], state: m.Result.RequestState}
		for k, r := range m.Result.InputRequests {
			var p struct {
				RequestedSchema struct {
					Properties map[string]struct {
						OneOf []struct {
							Const string `json:"const"`
						} `json:"oneOf"`
					} `json:"properties"`
				} `json:"requestedSchema"`
			}
			_ = json.Unmarshal(r.Params, &p)
			retryGot.key = k
			retryGot.ask = primitive.InputRequest{Key: k, Method: r.Method, Params: r.Params}
			if f, ok := p.RequestedSchema.Properties[k]; ok && len(f.OneOf) > 0 {
				retryGot.slot = f.OneOf[0].Const
			}
		}
	})
	return retryGot
}

// retryAnswer renders a retry of retryOriginal: id, the inputResponses
// object and the requestState as JSON text.
func retryAnswer(id int, responses, state string) string {
	return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"` + protocol.MethodToolsCall + `","params":{"name":"book_room","arguments":{"room":"Aurora","day":"2026-12-03"},` +
		`"inputResponses":` + responses + `,"requestState":` + state + `,"_meta":{"` +
		protocol.MetaProtocolVersion + `":"` + ModernVersion + `","` + protocol.MetaClientCapabilities + `":{"elicitation":{"form":{}}}}}}`
}

func retryInput() Exercise {
	f := retryGiven()
	st, _ := json.Marshal(f.state)
	accept := `{"` + f.key + `":{"action":"accept","content":{"` + f.key + `":"` + f.slot + `"}}}`
	return Exercise{
		ID:     IDRetryInput,
		Kind:   KindJSON,
		Title:  say("mrtr-retry.title"),
		Prompt: sayf("mrtr-retry.prompt", retryOriginal, f.line),
		Hints: []Text{
			say("mrtr-retry.hints.1"),
			say("mrtr-retry.hints.2"),
		},
		ModelAnswer: retryAnswer(retryOriginalID+1, accept, string(st)),
		Explanation: say("mrtr-retry.explanation"),
		Spec:        []string{"2026-07-28/basic/patterns/mrtr#client-requirements-basic-workflow", "2026-07-28/client/elicitation#capabilities"},
		grade:       gradeRetryInput,
	}
}

// gradeRetryInput checks the retry locally (a request, a new id, the same
// call, the requestState exact, an answer for every input request), then
// sends it to a fresh engine server and grades what it answers.
func gradeRetryInput(c *checker, _ *Exercise, answer string) {
	f := retryGiven()
	if f.line == "" {
		c.fail("probe-failed", "the engine gave no input_required result")
		return
	}
	v, ok := parseJSON(c, answer, 0)
	if !ok {
		return
	}
	mark := len(c.problems)
	m, ok := checkRPC(c, v, "$", 1)
	if !ok {
		return
	}
	if id, has := m["id"]; has && sameJSON(id, float64(retryOriginalID)) {
		c.fail("retry-same-id", compact(id))
	}
	if got, _ := m["method"].(string); got != protocol.MethodToolsCall {
		c.fail("want-method", protocol.MethodToolsCall, got)
	}
	params, ok := objAt(c, m, "$", "params")
	if !ok {
		return
	}
	if name, _ := params["name"].(string); name != "book_room" {
		c.fail("retry-same-call", "name")
	}
	var orig struct {
		Params struct {
			Arguments any `json:"arguments"`
		} `json:"params"`
	}
	_ = json.Unmarshal([]byte(retryOriginal), &orig)
	if !sameJSON(params["arguments"], orig.Params.Arguments) {
		c.fail("retry-same-call", "arguments")
	}
	// basic/index §_meta: every request declares the client capabilities
	// it relies on, and a retry is a request of its own: answering the
	// form needs elicitation (form mode) declared in this very request.
	meta, _ := params["_meta"].(map[string]any)
	caps, _ := json.Marshal(meta[protocol.MetaClientCapabilities])
	if need := primitive.Needs(caps, f.ask); need != nil && meta != nil {
		c.fail("retry-caps", string(caps), primitive.CapabilityText(need))
	}
	switch s, has := params["requestState"]; {
	case !has:
		c.fail("missing-prop", "$.params", "requestState")
	case !sameJSON(s, f.state):
		c.fail("retry-state")
	}
	if resp, ok := objAt(c, params, "$.params", "inputResponses"); ok {
		if a, has := resp[f.key]; !has {
			c.fail("retry-key", f.key)
		} else if ans, ok := object(c, a, jpath("$.params.inputResponses", f.key)); ok {
			// The user picked the first slot offered: an accepted form.
			content, _ := ans["content"].(map[string]any)
			if act, _ := ans["action"].(string); act != "accept" || !sameJSON(content[f.key], f.slot) {
				c.fail("retry-pick", f.key, compact(a), f.slot)
			}
		}
	}
	if c.since(mark) {
		return
	}
	if c.probe == nil {
		c.fail("no-probe")
		return
	}
	out, err := c.probe.Stdio([]string{strings.TrimSpace(answer)})
	if err != nil {
		c.fail("probe-failed", err.Error())
		return
	}
	var got *rpcReply
	for _, line := range out {
		if r, ok := decodeReply([]byte(line)); ok && r.hasID && sameJSON(r.id, m["id"]) {
			got = r
		}
	}
	switch {
	case got == nil:
		c.fail("retry-no-reply")
	case !got.isRes:
		c.fail("srv-stray-error", got.code, got.message)
	default:
		if rt, _ := got.result["resultType"].(string); rt == protocol.ResultInputRequired {
			c.fail("retry-asked-again")
			return
		}
		if text, isErr := got.toolError(); isErr {
			c.fail("srv-tool-error", text)
			return
		}
		text := ""
		if content, ok := got.result["content"].([]any); ok && len(content) > 0 {
			if it, ok := content[0].(map[string]any); ok {
				text, _ = it["text"].(string)
			}
		}
		c.note("srv-said", text)
	}
}

// ---- -32021 ------------------------------------------------------------------

func missingClientCapability() Exercise {
	code := strconv.Itoa(protocol.CodeMissingRequiredClientCapability)
	status := strconv.Itoa(mcp.MissingCapabilityStatus)
	return Exercise{
		ID:     IDMissingCap,
		Kind:   KindChoice,
		Title:  say("missing-client-capability.title"),
		Prompt: say("missing-client-capability.prompt"),
		Hints: []Text{
			say("missing-client-capability.hints.1"),
			say("missing-client-capability.hints.2"),
		},
		Questions: []Question{
			{
				ID:     "code",
				Prompt: say("missing-client-capability.code.prompt"),
				Choices: []Choice{
					{ID: code, Label: sayf("missing-client-capability.code.choices.1.label", code),
						Why: say("missing-client-capability.code.choices.1.why")},
					{ID: strconv.Itoa(protocol.CodeMethodNotFound), Label: sayf("missing-client-capability.code.choices.2.label", strconv.Itoa(protocol.CodeMethodNotFound)),
						Why: say("missing-client-capability.code.choices.2.why")},
					{ID: strconv.Itoa(protocol.CodeInvalidParams), Label: sayf("missing-client-capability.code.choices.3.label", strconv.Itoa(protocol.CodeInvalidParams)),
						Why: say("missing-client-capability.code.choices.3.why")},
					{ID: "tool-error", Label: say("missing-client-capability.code.tool-error.label"),
						Why: say("missing-client-capability.code.tool-error.why")},
				},
				Correct: []string{code},
			},
			{
				ID:     "status",
				Prompt: say("missing-client-capability.status.prompt"),
				Choices: []Choice{
					{ID: status, Label: tx(status+" "+http.StatusText(mcp.MissingCapabilityStatus), status+" "+http.StatusText(mcp.MissingCapabilityStatus)),
						Why: say("missing-client-capability.status.choices.1.why")},
					{ID: "200", Label: say("missing-client-capability.status.200.label"),
						Why: say("missing-client-capability.status.200.why")},
					{ID: "403", Label: say("missing-client-capability.status.403.label"),
						Why: say("missing-client-capability.status.403.why")},
					{ID: "404", Label: say("missing-client-capability.status.404.label"),
						Why: say("missing-client-capability.status.404.why")},
				},
				Correct: []string{status},
			},
			{
				ID:     "data",
				Prompt: say("missing-client-capability.data.prompt"),
				Choices: []Choice{
					{ID: "required", Label: say("missing-client-capability.data.required.label"),
						Why: say("missing-client-capability.data.required.why")},
					{ID: "supported", Label: say("missing-client-capability.data.supported.label"),
						Why: say("missing-client-capability.data.supported.why")},
					{ID: "state", Label: say("missing-client-capability.data.state.label"),
						Why: say("missing-client-capability.data.state.why")},
				},
				Correct: []string{"required"},
			},
		},
		ModelAnswer: `{"code":"` + code + `","status":"` + status + `","data":"required"}`,
		Explanation: say("missing-client-capability.explanation"),
		Spec:        []string{"2026-07-28/basic/index#meta", "2026-07-28/basic/patterns/mrtr#server-requirements-basic-workflow"},
	}
}

// ---- 2025-11-25: where the question and the answer travel ---------------------

func legacyAskRoute() Exercise {
	ack := strconv.Itoa(http.StatusAccepted)
	return Exercise{
		ID:     IDLegacyAskRoute,
		Kind:   KindChoice,
		Title:  say("legacy-ask-route.title"),
		Prompt: say("legacy-ask-route.prompt"),
		Hints: []Text{
			say("legacy-ask-route.hints.1"),
			say("legacy-ask-route.hints.2"),
		},
		Questions: []Question{
			{
				ID:     "stream",
				Prompt: say("legacy-ask-route.stream.prompt"),
				Choices: []Choice{
					{ID: "post-sse", Label: say("legacy-ask-route.stream.post-sse.label"),
						Why: say("legacy-ask-route.stream.post-sse.why")},
					{ID: "get", Label: say("legacy-ask-route.stream.get.label"),
						Why: say("legacy-ask-route.stream.get.why")},
					{ID: "result", Label: say("legacy-ask-route.stream.result.label"),
						Why: say("legacy-ask-route.stream.result.why")},
				},
				Correct: []string{"post-sse"},
			},
			{
				ID:     "answer",
				Prompt: say("legacy-ask-route.answer.prompt"),
				Choices: []Choice{
					{ID: "new-post", Label: say("legacy-ask-route.answer.new-post.label"),
						Why: say("legacy-ask-route.answer.new-post.why")},
					{ID: "retry", Label: say("legacy-ask-route.answer.retry.label"),
						Why: say("legacy-ask-route.answer.retry.why")},
					{ID: "same-stream", Label: say("legacy-ask-route.answer.same-stream.label"),
						Why: say("legacy-ask-route.answer.same-stream.why")},
				},
				Correct: []string{"new-post"},
			},
			{
				ID:     "ack",
				Prompt: say("legacy-ask-route.ack.prompt"),
				Choices: []Choice{
					{ID: ack, Label: sayf("legacy-ask-route.ack.choices.1.label", ack, http.StatusText(http.StatusAccepted)),
						Why: say("legacy-ask-route.ack.choices.1.why")},
					{ID: "200", Label: say("legacy-ask-route.ack.200.label"),
						Why: say("legacy-ask-route.ack.200.why")},
					{ID: "204", Label: say("legacy-ask-route.ack.204.label"),
						Why: say("legacy-ask-route.ack.204.why")},
				},
				Correct: []string{ack},
			},
		},
		ModelAnswer: `{"stream":"post-sse","answer":"new-post","ack":"` + ack + `"}`,
		Explanation: say("legacy-ask-route.explanation"),
		Spec:        []string{"2025-11-25/basic/transports#sending-messages-to-the-server", "2025-11-25/client/elicitation#capabilities"},
	}
}
