package primitive

// What a tool may ask of the client while it runs: the user (elicitation),
// the Host's model (sampling) or the Host's workspace (roots). A tool asks
// through Env.Ask and writes the same code for both protocol eras; the
// engine (sim/mcp) carries the question the era's way:
//
//   - 2025-11-25: a JSON-RPC request with the server's own id, on stdout
//     (stdio) or on the POST's SSE stream (Streamable HTTP); the tool waits
//     for the client's response (client/elicitation, client/sampling,
//     client/roots).
//   - 2026-07-28: multi round-trip requests (basic/patterns/mrtr). The call
//     ends with an InputRequiredResult listing the questions; the client
//     retries the original request with inputResponses and the echoed
//     requestState, and the engine runs the tool again from the start,
//     now answering its questions from the retry. A tool must therefore
//     ask the same questions, in the same order, given the same answers.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
)

// InputRequest is one question for the client. Key names it among the
// questions of one call (2026-07-28 mrtr §InputRequests: "Keys are
// server-assigned string identifiers" that "MUST be unique within the
// scope of the request"); Params is the request's params object (nil for
// roots/list, which takes none).
type InputRequest struct {
	Key    string
	Method string
	Params json.RawMessage
}

// ElicitForm asks the user to fill in a form: requestedSchema is a flat
// object schema of primitive properties (client/elicitation §Requested
// Schema).
func ElicitForm(key, message string, requestedSchema json.RawMessage) InputRequest {
	p, _ := jsonrpc.Marshal(struct {
		Mode            string          `json:"mode"`
		Message         string          `json:"message"`
		RequestedSchema json.RawMessage `json:"requestedSchema"`
	}{protocol.ModeForm, message, requestedSchema})
	return InputRequest{Key: key, Method: protocol.MethodElicit, Params: p}
}

// ElicitURL sends the user to url for an interaction that must not pass
// through the client (client/elicitation §URL Mode Elicitation Requests).
// id is the elicitationId 2025-11-25 requires (and names in
// notifications/elicitation/complete); 2026-07-28 has no such field, and
// the engine leaves it out there.
func ElicitURL(key, message, url, id string) InputRequest {
	p, _ := jsonrpc.Marshal(struct {
		Mode          string `json:"mode"`
		Message       string `json:"message"`
		URL           string `json:"url"`
		ElicitationID string `json:"elicitationId"`
	}{protocol.ModeURL, message, url, id})
	return InputRequest{Key: key, Method: protocol.MethodElicit, Params: p}
}

// SamplingMessage is one message of a sampling request.
type SamplingMessage struct {
	Role    string  `json:"role"`
	Content Content `json:"content"`
}

// SamplingRequest is the params of sampling/createMessage.
type SamplingRequest struct {
	Messages     []SamplingMessage `json:"messages"`
	SystemPrompt string            `json:"systemPrompt,omitempty"`
	// IncludeContext asks the client to add context from MCP servers
	// ("none", "thisServer", "allServers"). The last two are deprecated and
	// need the client's sampling.context capability (both versions'
	// CreateMessageRequestParams: "SHOULD only use these values if the
	// client declares ClientCapabilities.sampling.context").
	IncludeContext string  `json:"includeContext,omitempty"`
	Temperature    float64 `json:"temperature,omitempty"`
	MaxTokens      int     `json:"maxTokens"`
}

// Sample asks the Host's model for a message.
func Sample(key string, p SamplingRequest) InputRequest {
	b, _ := jsonrpc.Marshal(p)
	return InputRequest{Key: key, Method: protocol.MethodSample, Params: b}
}

// ListRoots asks for the Host's roots (client/roots §Listing Roots).
func ListRoots(key string) InputRequest {
	return InputRequest{Key: key, Method: protocol.MethodRoots}
}

// Errors a tool may get from Env.Ask. A tool returns them as they are; the
// engine turns each into the era's answer.
var (
	// ErrInputRequired: 2026-07-28, the retry did not answer every question
	// yet. The engine answers the call with an InputRequiredResult.
	ErrInputRequired = errors.New("input required from the client")
	// ErrNoAnswer: 2025-11-25, the client did not answer in time (the
	// server cancelled its request).
	ErrNoAnswer = errors.New("the client did not answer in time")
	// ErrCannotAsk: nothing can carry the question (no engine, or a
	// transport without a stream to put a request on).
	ErrCannotAsk = errors.New("this call cannot ask the client anything")
)

// MissingCapabilityError: the question needs a client capability the
// client did not declare. Servers "MUST NOT" send it (2026-07-28 mrtr
// §Server Requirements 7; 2025-11-25: the capabilities exchanged at
// initialize). Required is the ClientCapabilities object the call needs,
// as 2026-07-28's -32021 data.requiredCapabilities reports it.
type MissingCapabilityError struct {
	Method   string
	Required map[string]any
}

func (e *MissingCapabilityError) Error() string {
	return e.Method + " needs the client capability " + CapabilityText(e.Required)
}

// CapabilityText renders a ClientCapabilities object as dotted names:
// {"elicitation":{"url":{}}} is "elicitation.url".
func CapabilityText(caps map[string]any) string {
	var names []string
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			sub, _ := m[k].(map[string]any)
			if len(sub) == 0 {
				names = append(names, prefix+k)
				continue
			}
			walk(prefix+k+".", sub)
		}
	}
	walk("", caps)
	return strings.Join(names, ", ")
}

// AnswerError: the client's answer to a question is not a valid result of
// its method, or (elicitation) does not match the requested schema.
type AnswerError struct {
	Key, Method string
	Msg         string
}

func (e *AnswerError) Error() string {
	return fmt.Sprintf("the answer to %s %q is invalid: %s", e.Method, e.Key, e.Msg)
}

// ClientError: 2025-11-25, the client answered the request with a JSON-RPC
// error (e.g. its user rejected a sampling request).
type ClientError struct {
	Method  string
	Code    int
	Message string
}

func (e *ClientError) Error() string {
	return fmt.Sprintf("the client refused %s: %d %s", e.Method, e.Code, e.Message)
}

// Declares reports whether caps (a ClientCapabilities object) declares the
// capability at path (e.g. "elicitation", "sampling", "context").
func Declares(caps json.RawMessage, path ...string) bool {
	var cur map[string]json.RawMessage
	if json.Unmarshal(caps, &cur) != nil {
		return false
	}
	for i, p := range path {
		v, ok := cur[p]
		if !ok || string(v) == "null" {
			return false
		}
		if i == len(path)-1 {
			return true
		}
		cur = nil
		if json.Unmarshal(v, &cur) != nil {
			return false
		}
	}
	return len(path) == 0
}

// Needs returns the client capabilities r needs that caps does not
// declare, as a ClientCapabilities object, or nil when caps suffices.
func Needs(caps json.RawMessage, r InputRequest) map[string]any {
	leaf := func(names ...string) map[string]any {
		out := map[string]any{}
		cur := out
		for i, n := range names {
			next := map[string]any{}
			cur[n] = next
			if i < len(names)-1 {
				cur = next
			}
		}
		return out
	}
	switch r.Method {
	case protocol.MethodElicit:
		if !Declares(caps, protocol.CapElicitation) {
			return leaf(protocol.CapElicitation)
		}
		mode := elicitMode(r.Params)
		// client/elicitation §Capabilities: "an empty capabilities object
		// is equivalent to declaring support for form mode only"; "Servers
		// MUST NOT send elicitation requests with modes that are not
		// supported by the client".
		form, url := Declares(caps, protocol.CapElicitation, protocol.ModeForm), Declares(caps, protocol.CapElicitation, protocol.ModeURL)
		if !form && !url {
			form = true
		}
		if mode == protocol.ModeURL && !url {
			return leaf(protocol.CapElicitation, protocol.ModeURL)
		}
		if mode == protocol.ModeForm && !form {
			return leaf(protocol.CapElicitation, protocol.ModeForm)
		}
	case protocol.MethodSample:
		if !Declares(caps, protocol.CapSampling) {
			return leaf(protocol.CapSampling)
		}
		var p struct {
			IncludeContext string          `json:"includeContext"`
			Tools          json.RawMessage `json:"tools"`
		}
		_ = json.Unmarshal(r.Params, &p)
		if (p.IncludeContext == "thisServer" || p.IncludeContext == "allServers") && !Declares(caps, protocol.CapSampling, "context") {
			return leaf(protocol.CapSampling, "context")
		}
		if len(p.Tools) > 0 && !Declares(caps, protocol.CapSampling, "tools") {
			return leaf(protocol.CapSampling, "tools")
		}
	case protocol.MethodRoots:
		if !Declares(caps, protocol.CapRoots) {
			return leaf(protocol.CapRoots)
		}
	}
	return nil
}

func elicitMode(params json.RawMessage) string {
	var p struct {
		Mode string `json:"mode"`
	}
	_ = json.Unmarshal(params, &p)
	if p.Mode == "" {
		// "Clients MUST treat requests without a mode field as form mode."
		return protocol.ModeForm
	}
	return p.Mode
}

// CheckAnswer checks that answer is a valid result of r's method: an
// ElicitResult whose accepted content matches the requested schema, a
// CreateMessageResult, or a ListRootsResult of file:// roots. 2026-07-28
// mrtr §Error Handling: "Servers SHOULD validate that the data provided by
// the client is a valid InputResponses object and that the information
// inside can be correctly parsed."
func CheckAnswer(r InputRequest, answer json.RawMessage) error {
	bad := func(format string, args ...any) error {
		return &AnswerError{Key: r.Key, Method: r.Method, Msg: fmt.Sprintf(format, args...)}
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(answer, &obj); err != nil || obj == nil {
		return bad("want a JSON object, got %s", shorten(string(bytes.TrimSpace(answer))))
	}
	str := func(field string) (string, bool) {
		var s string
		raw, ok := obj[field]
		ok = ok && json.Unmarshal(raw, &s) == nil
		return s, ok
	}
	switch r.Method {
	case protocol.MethodElicit:
		action, ok := str("action")
		if !ok || (action != protocol.ActionAccept && action != protocol.ActionDecline && action != protocol.ActionCancel) {
			return bad("action must be \"accept\", \"decline\" or \"cancel\", got %s", shortRaw(obj["action"]))
		}
		if action != protocol.ActionAccept || elicitMode(r.Params) != protocol.ModeForm {
			return nil
		}
		var p struct {
			RequestedSchema json.RawMessage `json:"requestedSchema"`
		}
		_ = json.Unmarshal(r.Params, &p)
		content := obj["content"]
		if len(content) == 0 {
			content = json.RawMessage(`{}`)
		}
		if msg := checkContent(r.Key, p.RequestedSchema, content); msg != "" {
			return bad("%s", msg)
		}
	case protocol.MethodSample:
		if role, ok := str("role"); !ok || (role != "assistant" && role != "user") {
			return bad("role must be \"assistant\" or \"user\", got %s", shortRaw(obj["role"]))
		}
		if _, ok := str("model"); !ok {
			return bad("model is required: a string naming the model that wrote the message")
		}
		if !contentShaped(obj["content"]) {
			return bad("content must be a content block (an object with a type) or an array of them, got %s", shortRaw(obj["content"]))
		}
	case protocol.MethodRoots:
		var res struct {
			Roots []struct {
				URI  *string         `json:"uri"`
				Name json.RawMessage `json:"name"`
			} `json:"roots"`
		}
		if err := json.Unmarshal(answer, &res); err != nil || obj["roots"] == nil || string(obj["roots"]) == "null" {
			return bad("roots must be an array of {uri, name?} objects")
		}
		for i, root := range res.Roots {
			// client/roots §Root: "uri ... MUST be a file:// URI".
			if root.URI == nil || !strings.HasPrefix(*root.URI, "file://") {
				return bad("roots[%d].uri must be a file:// URI", i)
			}
		}
	}
	return nil
}

// checkContent validates an accepted form against its requested schema and
// returns "" or the problems, one sentence each.
func checkContent(key string, schema, content json.RawMessage) string {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(content))
	if err != nil {
		return "content is not valid JSON"
	}
	if _, ok := v.(map[string]any); !ok {
		return "content must be an object, got " + jsonTypeName(v)
	}
	sch, _, err := compileSchema("elicitation-"+key, "requested", schema)
	if err != nil {
		return "the requested schema does not compile: " + err.Error()
	}
	if err := sch.Validate(v); err != nil {
		return "content does not match the requested schema: " + strings.ReplaceAll(describeValidation(err, v, nil), "\n", " ")
	}
	return ""
}

func contentShaped(raw json.RawMessage) bool {
	var one struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(raw, &one) == nil && one.Type != "" {
		return true
	}
	var many []struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(raw, &many) != nil || len(many) == 0 {
		return false
	}
	for _, c := range many {
		if c.Type == "" {
			return false
		}
	}
	return true
}

func shortRaw(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "nothing"
	}
	return shorten(string(raw))
}

// Typed answers, decoded from what Env.Ask returned.

// ElicitAnswer is an ElicitResult.
type ElicitAnswer struct {
	Action  string         `json:"action"`
	Content map[string]any `json:"content,omitempty"`
}

// SampleAnswer is a CreateMessageResult; Text is its text content ("" when
// the model answered with something else).
type SampleAnswer struct {
	Role       string          `json:"role"`
	Model      string          `json:"model"`
	StopReason string          `json:"stopReason,omitempty"`
	Content    json.RawMessage `json:"content"`
	Text       string          `json:"-"`
}

// Root is one of the client's roots.
type Root struct {
	URI  string `json:"uri"`
	Name string `json:"name,omitempty"`
}

// ask is Env.Ask, or ErrCannotAsk when the caller gave none.
func (e Env) ask(ctx context.Context, reqs ...InputRequest) ([]json.RawMessage, error) {
	if e.Ask == nil {
		return nil, ErrCannotAsk
	}
	return e.Ask(ctx, reqs...)
}

// Elicit asks one question of the user.
func (e Env) Elicit(ctx context.Context, r InputRequest) (ElicitAnswer, error) {
	var a ElicitAnswer
	raw, err := e.ask(ctx, r)
	if err == nil {
		err = json.Unmarshal(raw[0], &a)
	}
	return a, err
}

// Sample asks the Host's model for one message.
func (e Env) Sample(ctx context.Context, r InputRequest) (SampleAnswer, error) {
	var a SampleAnswer
	raw, err := e.ask(ctx, r)
	if err != nil {
		return a, err
	}
	if err := json.Unmarshal(raw[0], &a); err != nil {
		return a, err
	}
	var c Content
	if json.Unmarshal(a.Content, &c) == nil && c.Type == protocol.ContentText {
		a.Text = c.Text
	}
	return a, nil
}

// Roots asks for the client's roots.
func (e Env) Roots(ctx context.Context, key string) ([]Root, error) {
	raw, err := e.ask(ctx, ListRoots(key))
	if err != nil {
		return nil, err
	}
	var res struct {
		Roots []Root `json:"roots"`
	}
	err = json.Unmarshal(raw[0], &res)
	return res.Roots, err
}

// Declares reports whether the client declared the capability at path.
func (e Env) Declares(path ...string) bool { return Declares(e.ClientCapabilities, path...) }
