package exercise

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"mcpwirelab/sim/labserver"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/transport/streamhttp"
)

// The exercises on the server's other primitives (the resources, prompts
// and logging scenarios), after the course's first thirteen.
const (
	IDResourceNotFound = "resource-not-found"
	IDReadResource     = "read-resource"
	IDLogMessages      = "log-messages"
)

// ---- 14 ---------------------------------------------------------------------

// notFoundURI is a resource the course server does not have.
const notFoundURI = "company://handbook/travel"

func resourceNotFound() Exercise {
	// The choices are JSON-RPC codes and an HTTP status; the right ones are
	// what the engine answers (protocol.ResourceNotFoundCode, and 200 since the
	// request itself is fine: TestNotFoundFactsAgreeWithTheEngine).
	code := func(c int) string { return strconv.Itoa(c) }
	notFound, invalid, noMethod := code(protocol.CodeResourceNotFound), code(protocol.CodeInvalidParams), code(protocol.CodeMethodNotFound)
	return Exercise{
		ID:     IDResourceNotFound,
		Kind:   KindChoice,
		Title:  say("resource-not-found.title"),
		Prompt: sayf("resource-not-found.prompt", notFoundURI),
		Hints: []Text{
			say("resource-not-found.hints.1"),
			say("resource-not-found.hints.2"),
		},
		Questions: []Question{
			{
				ID:     "code-2025",
				Prompt: say("resource-not-found.code-2025.prompt"),
				Choices: []Choice{
					{ID: notFound, Label: say("resource-not-found.code-2025.choices.1.label"),
						Why: say("resource-not-found.code-2025.choices.1.why")},
					{ID: invalid, Label: say("resource-not-found.code-2025.choices.2.label"),
						Why: say("resource-not-found.code-2025.choices.2.why")},
					{ID: noMethod, Label: say("resource-not-found.code-2025.choices.3.label"),
						Why: say("resource-not-found.code-2025.choices.3.why")},
					{ID: "empty", Label: say("resource-not-found.code-2025.empty.label"),
						Why: say("resource-not-found.code-2025.empty.why")},
				},
				Correct: []string{code(protocol.ResourceNotFoundCode(protocol.V20251125))},
			},
			{
				ID:     "code-2026",
				Prompt: say("resource-not-found.code-2026.prompt"),
				Choices: []Choice{
					{ID: invalid, Label: say("resource-not-found.code-2026.choices.1.label"),
						Why: say("resource-not-found.code-2026.choices.1.why")},
					{ID: notFound, Label: say("resource-not-found.code-2026.choices.2.label"),
						Why: say("resource-not-found.code-2026.choices.2.why")},
					{ID: noMethod, Label: say("resource-not-found.code-2026.choices.3.label"),
						Why: say("resource-not-found.code-2026.choices.3.why")},
					{ID: "empty", Label: say("resource-not-found.code-2026.empty.label"),
						Why: say("resource-not-found.code-2026.empty.why")},
				},
				Correct: []string{code(protocol.ResourceNotFoundCode(ModernVersion))},
			},
			{
				ID:     "status",
				Prompt: say("resource-not-found.status.prompt"),
				Choices: []Choice{
					{ID: code(http.StatusOK), Label: say("resource-not-found.status.choices.1.label"),
						Why: say("resource-not-found.status.choices.1.why")},
					{ID: code(http.StatusNotFound), Label: say("resource-not-found.status.choices.2.label"),
						Why: say("resource-not-found.status.choices.2.why")},
					{ID: code(http.StatusBadRequest), Label: say("resource-not-found.status.choices.3.label"),
						Why: say("resource-not-found.status.choices.3.why")},
					{ID: code(http.StatusGone), Label: say("resource-not-found.status.choices.4.label"),
						Why: say("resource-not-found.status.choices.4.why")},
				},
				Correct: []string{code(http.StatusOK)},
			},
			{
				ID:     "client",
				Prompt: say("resource-not-found.client.prompt"),
				Choices: []Choice{
					{ID: "both", Label: say("resource-not-found.client.both.label"),
						Why: say("resource-not-found.client.both.why")},
					{ID: "only-32602", Label: say("resource-not-found.client.only-32602.label"),
						Why: say("resource-not-found.client.only-32602.why")},
					{ID: "only-32002", Label: say("resource-not-found.client.only-32002.label"),
						Why: say("resource-not-found.client.only-32002.why")},
					{ID: "any-32602", Label: say("resource-not-found.client.any-32602.label"),
						Why: say("resource-not-found.client.any-32602.why")},
				},
				Correct: []string{"both"},
			},
		},
		ModelAnswer: fmt.Sprintf(`{"code-2025":"%d","code-2026":"%d","status":"%d","client":"both"}`,
			protocol.ResourceNotFoundCode(protocol.V20251125), protocol.ResourceNotFoundCode(ModernVersion), http.StatusOK),
		Explanation: say("resource-not-found.explanation"),
		Spec:        []string{"2025-11-25/server/resources#error-handling", "2026-07-28/server/resources#error-handling", "2026-07-28/basic/index#error-codes"},
	}
}

// ---- 15 ---------------------------------------------------------------------

// readResourceURI is the resource the read-resource exercise asks for.
const readResourceURI = toolbox.HandbookOfficeDays

// modernRead renders a 2026-07-28 resources/read request.
func modernRead(uri, mcpName string) string {
	body := `{"jsonrpc":"2.0","id":1,"method":"` + protocol.MethodResourcesRead + `","params":{"uri":"` + uri +
		`","_meta":{"` + protocol.MetaProtocolVersion + `":"` + ModernVersion + `","` + protocol.MetaClientCapabilities + `":{}}}}`
	return modernPost(ModernVersion, protocol.MethodResourcesRead, mcpName, body)
}

func readResource() Exercise {
	ex := Exercise{
		ID:     IDReadResource,
		Kind:   KindHTTP,
		Title:  say("read-resource.title"),
		Prompt: sayf("read-resource.prompt", readResourceURI, notFoundURI),
		Hints: []Text{
			say("read-resource.hints.1"),
			say("read-resource.hints.2"),
			say("read-resource.hints.3"),
		},
		Parts: []Part{
			{ID: "page", Prompt: sayf("read-resource.page.prompt", readResourceURI)},
			{ID: "missing", Prompt: say("read-resource.missing.prompt")},
		},
		Explanation: say("read-resource.explanation"),
		Spec:        []string{"2026-07-28/basic/transports/streamable-http#standard-request-headers", "2026-07-28/server/resources#error-handling"},
		grade:       byParts(gradeReadPart),
	}
	ex.ModelAnswer = JoinParts(ex, map[string]string{
		"page":    modernRead(readResourceURI, readResourceURI),
		"missing": modernRead(notFoundURI, notFoundURI),
	})
	return ex
}

func gradeReadPart(c *checker, part, text string) {
	mark := len(c.problems)
	req, f, ok := parseModernRequest(c, text)
	if !ok {
		return
	}
	if f.method != protocol.MethodResourcesRead {
		c.fail("want-method", protocol.MethodResourcesRead, f.method)
		return
	}
	uri, ok := str(c, f.params, "$.params", "uri")
	if !ok {
		return
	}
	checkModernHeaders(c, req, f)
	if part == "page" && uri != readResourceURI {
		c.fail("read-uri", uri, readResourceURI)
	}
	if c.since(mark) {
		return
	}
	status, r, ok := sendHTTP(c, req)
	if !ok {
		return
	}
	got := describeHTTP(c, status, r)
	c.note("srv-said", got)
	switch part {
	case "page":
		if status != http.StatusOK || r == nil || !r.isRes {
			c.fail("want-outcome", c.t("expect-accepted"), got)
			return
		}
		contents, _ := r.result["contents"].([]any)
		first, _ := firstObject(contents)
		if u, _ := first["uri"].(string); u != uri {
			c.fail("read-contents", uri)
		}
	case "missing":
		if status == http.StatusOK && r != nil && r.isRes {
			c.fail("read-exists", uri)
			return
		}
		if code := protocol.ResourceNotFoundCode(ModernVersion); status != http.StatusOK || r == nil || r.code != code {
			c.fail("want-outcome", c.t("expect-not-found", code), got)
			return
		}
		// Nothing is required of error.data: server/resources §Error
		// Handling puts the URI there in its example only ("Example
		// error"), and a client cannot count on it.
	}
}

// firstObject is the first element of a JSON array when it is an object.
func firstObject(list []any) (map[string]any, bool) {
	if len(list) == 0 {
		return nil, false
	}
	m, ok := list[0].(map[string]any)
	return m, ok
}

// ---- 16 ---------------------------------------------------------------------

// LogChoice is one request of the log-messages exercise: what a 2026-07-28
// client sends, written once for the exercise's text and for the test that
// runs it against the engine (facts_test.go).
type LogChoice struct {
	ID       string
	Method   string         // the request's method
	Params   map[string]any // its params, without _meta
	LogLevel string         // _meta io.modelcontextprotocol/logLevel ("" for none)
	// Before is a request sent first, on its own (another request's
	// _meta, a logging/setLevel): to show that nothing carries over.
	Before *LogChoice
}

// LogChoices are the requests of the log-messages exercise, in order.
func LogChoices() []LogChoice {
	export := map[string]any{"name": "export_timesheets", "arguments": map[string]any{"department": "Sales", "steps": 2}}
	post := map[string]any{"name": "post_announcement", "arguments": map[string]any{"office": "Lisbon", "text": "Lunch at noon"}}
	return []LogChoice{
		{ID: "export-info", Method: protocol.MethodToolsCall, Params: export, LogLevel: "info"},
		{ID: "export-after", Method: protocol.MethodToolsCall, Params: export,
			Before: &LogChoice{Method: protocol.MethodToolsCall, Params: export, LogLevel: "debug"}},
		{ID: "setlevel-first", Method: protocol.MethodToolsCall, Params: export,
			Before: &LogChoice{Method: protocol.MethodSetLevel, Params: map[string]any{"level": "debug"}}},
		{ID: "export-error", Method: protocol.MethodToolsCall, Params: export, LogLevel: "error"},
		{ID: "post-debug", Method: protocol.MethodToolsCall, Params: post, LogLevel: "debug"},
		{ID: "listen", Method: protocol.MethodListen, Params: map[string]any{"notifications": map[string]any{"toolsListChanged": true}}, LogLevel: "debug"},
	}
}

func logMessages() Exercise {
	why := map[string]Text{
		"export-info":    say("log-messages.why"),
		"export-after":   say("log-messages.why-2"),
		"setlevel-first": say("log-messages.why-3"),
		"export-error":   say("log-messages.why-4"),
		"post-debug":     say("log-messages.why-5"),
		"listen":         say("log-messages.why-6"),
	}
	label := map[string]Text{
		"export-info":    say("log-messages.label"),
		"export-after":   say("log-messages.label-2"),
		"setlevel-first": say("log-messages.label-3"),
		"export-error":   say("log-messages.label-4"),
		"post-debug":     say("log-messages.label-5"),
		"listen":         say("log-messages.label-6"),
	}
	var choices []Choice
	for _, lc := range LogChoices() {
		choices = append(choices, Choice{ID: lc.ID, Label: label[lc.ID], Why: why[lc.ID]})
	}
	return Exercise{
		ID:     IDLogMessages,
		Kind:   KindChoice,
		Title:  say("log-messages.title"),
		Prompt: say("log-messages.prompt"),
		Hints: []Text{
			say("log-messages.hints.1"),
			say("log-messages.hints.2"),
		},
		Questions: []Question{{
			ID:      "logs",
			Prompt:  say("log-messages.logs.prompt"),
			Choices: choices,
			Multi:   true,
			Correct: []string{"export-info", "post-debug"},
		}},
		ModelAnswer: `{"logs":["export-info","post-debug"]}`,
		Explanation: say("log-messages.explanation"),
		Spec:        []string{"2026-07-28/server/utilities/logging#per-request-log-level", "2026-07-28/changelog#major-changes"},
	}
}

// ---- 17 ---------------------------------------------------------------------

// IDParamHeader is the exercise on a tool parameter mirrored into an
// Mcp-Param-* header.
const IDParamHeader = "param-header"

// paramOffices are the offices each part of param-header posts to: one
// plain ASCII, one that needs the Base64 form.
var paramOffices = map[string]string{"lisbon": "Lisbon", "shanghai": "上海"}

// paramText is the announcement both parts post.
const paramText = "Lunch at noon"

// paramTool is the course tool whose input schema mirrors a parameter into
// a header (x-mcp-header), and that parameter, read from the server's own
// registry once (building one compiles every schema).
var paramTool = sync.OnceValues(func() (string, protocol.HeaderParam) {
	reg := labserver.Config().Tools
	for _, t := range reg.Tools() {
		if hp := reg.HeaderParams(t.Name); len(hp) > 0 {
			return t.Name, hp[0]
		}
	}
	panic("exercise: no course tool declares x-mcp-header")
})

// paramArgs are the arguments of a post to office, as JSON.
func paramArgs(office string) string {
	_, hp := paramTool()
	args := map[string]any{"text": paramText}
	setAt(args, hp.Path, office)
	b, _ := json.Marshal(args)
	return string(b)
}

// setAt sets the value at a chain of properties keys, making the objects
// on the way.
func setAt(m map[string]any, path []string, v any) {
	for _, k := range path[:len(path)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	m[path[len(path)-1]] = v
}

// paramCall renders the 2026-07-28 tools/call of the tool posting to
// office, with the Mcp-Param-* header a conforming client adds.
func paramCall(office string) string {
	tool, hp := paramTool()
	args := paramArgs(office)
	req := modernCall(ModernVersion, ModernVersion, tool, tool, args)
	var extra strings.Builder
	for name, value := range protocol.ParamHeaders([]protocol.HeaderParam{hp}, json.RawMessage(args)) {
		extra.WriteString(name + ": " + value + "\n")
	}
	nameLine := protocol.HeaderName + ": " + tool + "\n"
	return strings.Replace(req, nameLine, nameLine+extra.String(), 1)
}

func paramHeader() Exercise {
	tool, hp := paramTool()
	header := protocol.HeaderParamPrefix + hp.Header
	arg := strings.Join(hp.Path, ".")
	ex := Exercise{
		ID:     IDParamHeader,
		Kind:   KindHTTP,
		Title:  say("param-header.title"),
		Prompt: sayf("param-header.prompt", tool, arg, hp.Header, header, paramText, paramOffices["lisbon"], paramOffices["shanghai"]),
		Hints: []Text{
			say("param-header.hints.1"),
			say("param-header.hints.2"),
			say("param-header.hints.3"),
		},
		Parts: []Part{
			{ID: "lisbon", Prompt: sayf("param-header.lisbon.prompt", header)},
			{ID: "shanghai", Prompt: sayf("param-header.shanghai.prompt", header)},
		},
		Explanation: say("param-header.explanation"),
		Spec:        []string{"2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters", "2026-07-28/basic/transports/streamable-http#value-encoding"},
		grade:       byParts(gradeParamPart),
	}
	ex.ModelAnswer = JoinParts(ex, map[string]string{
		"lisbon":   paramCall(paramOffices["lisbon"]),
		"shanghai": paramCall(paramOffices["shanghai"]),
	})
	return ex
}

func gradeParamPart(c *checker, part, text string) {
	mark := len(c.problems)
	req, f, ok := parseModernRequest(c, text)
	if !ok {
		return
	}
	tool, hp := paramTool()
	if f.method != protocol.MethodToolsCall {
		c.fail("want-method", protocol.MethodToolsCall, f.method)
		return
	}
	if f.hasName && f.name != tool {
		c.fail("param-tool", f.name, tool)
		return
	}
	args, _ := f.params["arguments"].(map[string]any)
	var got any = args
	for _, k := range hp.Path {
		m, _ := got.(map[string]any)
		got = m[k]
	}
	if want := paramOffices[part]; got != want {
		c.fail("param-value", strings.Join(hp.Path, "."), compact(got), want)
	}
	// The prompt gives the announcement: both parts post it. A call with
	// another text (or none: the tool then reports isError) is another call.
	if text := args["text"]; text != paramText {
		c.fail("param-text", compact(text), paramText)
	}
	checkModernHeaders(c, req, f)
	raw, _ := json.Marshal(args)
	if why := streamhttp.CheckParams(req.header, []protocol.HeaderParam{hp}, raw); why != "" {
		c.fail("param-header", why)
	}
	if c.since(mark) {
		return
	}
	expectHTTP(c, req, "accepted", f)
}
