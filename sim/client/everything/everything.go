// Package everything is what the lab's MCP client does in each client
// scenario of the official conformance suite
// (@modelcontextprotocol/conformance, `conformance client --command …`):
// the suite starts a test server of its own for a scenario, runs the client
// under test with the server's URL, and judges what the client sent. SDKs
// answer it with an "everything client"; this is the lab's, and it is no
// second client: every byte comes from sim/client (its Open, ListTools,
// CallTool, Resume, …) and its FixedHost, over whatever wire.HTTP it is
// given (`devserver client` passes sim/realwire's). What a scenario needs
// of the protocol lives in sim/client; this package only says which
// requests a scenario makes, in one table.
//
// The suite's authorization scenarios (auth/…) are outside the course, as
// OAuth is (README "Conformance"): Run refuses them with ErrOutside.
package everything

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/wire"
)

// A step is one thing the client does in a scenario, after Open.
type step int

const (
	listTools step = iota // tools/list
	// callTools calls every tool tools/list kept, in its order, with
	// arguments built from the tool's inputSchema, or the calls the
	// suite's context names (Options.Context "toolCalls") when it names
	// any.
	callTools
	callFirstTool // the first tool only
	resources     // resources/list, then resources/read of the first
	prompts       // prompts/list, then prompts/get of the first
	// echoSchema sends the inputSchema of tool echoFrom, as tools/list
	// showed it, to tool echoTo: the suite sees which keywords survived
	// the client's reading of the list.
	echoSchema
)

// The tools of the json-schema-2020-12-preservation scenario.
const (
	echoFrom = "json_schema_2020_12_tool"
	echoTo   = "json_schema_echo"
)

// scenarios is the table: each client scenario of the suite the lab's
// client takes part in, and what it does there. The scenario's server
// decides everything else (which version it answers, what it asks back).
var scenarios = map[string][]step{
	// 2025-11-25 (initialize handshake)
	"initialize":                          {listTools},
	"elicitation-sep1034-client-defaults": {listTools, callTools},
	"sse-retry":                           {listTools, callTools},
	// both versions
	"tools_call":                       {listTools, callTools},
	"json-schema-2020-12-preservation": {listTools, echoSchema},
	// 2026-07-28 (per-request _meta)
	"request-metadata":              {listTools},
	"sep-2322-client-request-state": {listTools, callTools},
	"http-standard-headers":         {listTools, callFirstTool, resources, prompts},
	"http-custom-headers":           {listTools, callTools},
	"http-invalid-tool-headers":     {listTools, callTools},
	"json-schema-ref-no-deref":      {listTools},
}

// Scenarios lists the scenarios Run knows, sorted.
func Scenarios() []string {
	names := make([]string, 0, len(scenarios))
	for n := range scenarios {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ErrOutside is Run's answer to an authorization scenario.
var ErrOutside = errors.New("authorization (OAuth) is outside the course: the lab's client does not implement it")

// ErrUsage is wrapped by Run's answer to a scenario or a version it does
// not know.
var ErrUsage = errors.New("usage")

// Outside reports whether a scenario is one of the suite's authorization
// scenarios.
func Outside(scenario string) bool { return strings.HasPrefix(scenario, "auth/") }

// Options is one run.
type Options struct {
	// Scenario is the suite's scenario name (MCP_CONFORMANCE_SCENARIO).
	Scenario string
	// Version is the protocol version the client speaks first
	// (MCP_CONFORMANCE_PROTOCOL_VERSION): 2025-11-25 opens a session with
	// initialize, 2026-07-28 sends per-request _meta.
	Version string
	// Context is the suite's MCP_CONFORMANCE_CONTEXT (JSON), "" for none.
	Context string
	// Observer sees every event of the client (nil: none).
	Observer client.Observer
	// Logf reports what the client does and what it could not do (nil:
	// nothing).
	Logf func(format string, args ...any)
}

// Host is the user and the Host application in every scenario: it declares
// elicitation, sampling and roots, and its user accepts every form without
// touching a field, so what the client sends for a form is what it
// pre-populated (the schema's defaults).
func Host() *client.FixedHost {
	return &client.FixedHost{Elicitation: true, Sampling: true, Roots: true, Content: map[string]any{}}
}

// Run plays one scenario against the server at endpoint over w.
func Run(ctx context.Context, w wire.HTTP, endpoint string, o Options) error {
	if Outside(o.Scenario) {
		return ErrOutside
	}
	steps, ok := scenarios[o.Scenario]
	if !ok {
		return fmt.Errorf("%w: unknown scenario %q (known: %s)", ErrUsage, o.Scenario, strings.Join(Scenarios(), ", "))
	}
	if !slices.Contains(protocol.Versions(), o.Version) {
		return fmt.Errorf("%w: version %q: the client speaks %s", ErrUsage, o.Version, strings.Join(protocol.Versions(), ", "))
	}
	calls, err := toolCalls(o.Context)
	if err != nil {
		return err
	}
	logf := o.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	c := client.NewHTTP(w, endpoint, client.Config{Version: o.Version, Observer: o.Observer, Host: Host()})
	if _, err := c.Open(ctx); err != nil {
		return fmt.Errorf("opening the connection: %w", err)
	}
	defer func() { _ = c.Close(ctx, client.CallOptions{}) }()
	r := &run{c: c, ctx: ctx, logf: logf, calls: calls}
	defer r.listen()()
	for _, s := range steps {
		if err := r.do(s); err != nil {
			return err
		}
	}
	return nil
}

// call is one tool call the suite's context asks for.
type call struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// toolCalls reads the "toolCalls" of the suite's context.
func toolCalls(raw string) ([]call, error) {
	if raw == "" {
		return nil, nil
	}
	var ctx struct {
		ToolCalls []call `json:"toolCalls"`
	}
	if err := json.Unmarshal([]byte(raw), &ctx); err != nil {
		return nil, fmt.Errorf("the suite's context: %w", err)
	}
	return ctx.ToolCalls, nil
}

type run struct {
	c     *client.Client
	ctx   context.Context
	logf  func(string, ...any)
	calls []call
	tools []mcp.Tool
}

func (r *run) do(s step) error {
	switch s {
	case listTools:
		tools, out := r.c.ListTools(r.ctx, client.CallOptions{})
		if tools == nil {
			return fmt.Errorf("tools/list: %s", out.Summary())
		}
		r.tools = tools
		for name, why := range r.c.Rejected() {
			r.logf("tools/list: left out %s: %s", name, why)
		}
	case callTools:
		if len(r.calls) > 0 {
			for _, k := range r.calls {
				r.call(k.Name, args(k.Arguments))
			}
			return nil
		}
		for _, t := range r.tools {
			r.call(t.Name, Arguments(t.InputSchema))
		}
	case callFirstTool:
		if len(r.tools) > 0 {
			r.call(r.tools[0].Name, Arguments(r.tools[0].InputSchema))
		}
	case resources:
		list, out := r.c.ListResources(r.ctx, client.CallOptions{})
		if len(list) == 0 {
			r.logf("resources/list: nothing to read (%s)", out.Summary())
			return nil
		}
		if _, out := r.c.ReadResource(r.ctx, list[0].URI, client.CallOptions{}); out.Response == nil || out.Error() != nil {
			r.logf("resources/read %s: %s", list[0].URI, out.Summary())
		}
	case prompts:
		list, out := r.c.ListPrompts(r.ctx, client.CallOptions{})
		if len(list) == 0 {
			r.logf("prompts/list: nothing to get (%s)", out.Summary())
			return nil
		}
		if _, out := r.c.GetPrompt(r.ctx, list[0].Name, r.promptArgs(list[0]), client.CallOptions{}); out.Response == nil || out.Error() != nil {
			r.logf("prompts/get %s: %s", list[0].Name, out.Summary())
		}
	case echoSchema:
		i := slices.IndexFunc(r.tools, func(t mcp.Tool) bool { return t.Name == echoFrom })
		if i < 0 {
			return fmt.Errorf("tools/list has no %s", echoFrom)
		}
		r.call(echoTo, map[string]any{"schema": r.tools[i].InputSchema})
	}
	return nil
}

// listen keeps a 2025-11-25 session's GET stream open while the scenario
// runs, as the SDKs' clients do (transports §Listening for Messages from
// the Server: the client "MAY issue an HTTP GET" so that the server can
// send it requests and notifications outside any request of its own; the
// client's Host answers what the server asks there). It returns once the
// stream is open, or refused (405 is a server without one), and gives the
// function that closes it. 2026-07-28 has no such stream: a server asks
// within the request it serves.
func (r *run) listen() (stop func()) {
	if protocol.IsModern(r.c.Version()) {
		return func() {}
	}
	ctx, cancel := context.WithCancel(r.ctx)
	var mu sync.Mutex
	var closeStream func()
	ready, done := make(chan struct{}), make(chan struct{})
	var once sync.Once
	go func() {
		defer close(done)
		out := r.c.Listen(ctx, mcp.SubscriptionFilter{}, client.CallOptions{OnOpen: func(stop func()) {
			mu.Lock()
			closeStream = stop
			mu.Unlock()
			once.Do(func() { close(ready) })
		}})
		once.Do(func() { close(ready) })
		if out.Status >= http.StatusMultipleChoices {
			r.logf("GET stream: refused with HTTP %d (%s)", out.Status, out.Summary())
		}
	}()
	select {
	case <-ready:
	case <-ctx.Done():
	}
	return func() {
		mu.Lock()
		s := closeStream
		mu.Unlock()
		if s != nil {
			s()
		}
		cancel()
		<-done
	}
}

// call calls a tool; a 2025-11-25 response stream the server closed (or
// the network broke) before the response is resumed, as the stream's
// retry field says (client.Resume). A failed call is reported and the
// scenario goes on: the suite judges what was sent.
func (r *run) call(name string, arguments any) {
	_, out := r.c.CallTool(r.ctx, name, arguments, client.CallOptions{})
	if client.CanResume(r.c.Version(), out) {
		r.logf("tools/call %s: the stream ended after event %s; resuming", name, out.LastEventID)
		out = r.c.Resume(r.ctx, out, client.CallOptions{})
	}
	if out.Response == nil || out.Error() != nil {
		r.logf("tools/call %s: %s", name, out.Summary())
	}
}

// promptArgs are the arguments the Host's user picks for a prompt: for
// each required one, the first value the server completes it with when
// it declares completions (server/utilities/completion; the arguments
// chosen so far go in the context), else a placeholder.
func (r *run) promptArgs(p mcp.Prompt) map[string]string {
	var caps map[string]json.RawMessage
	_ = json.Unmarshal(r.c.Session().Capabilities, &caps)
	_, completes := caps[protocol.CapCompletions]
	args := map[string]string{}
	for _, a := range p.Arguments {
		if !a.Required {
			continue
		}
		v := "example"
		if completes {
			if c, out := r.c.Complete(r.ctx, client.PromptRef(p.Name), a.Name, "", maps.Clone(args), client.CallOptions{}); out.Error() == nil && len(c.Values) > 0 {
				v = c.Values[0]
			}
		}
		args[a.Name] = v
	}
	return args
}

// args is a context call's arguments ({} when it names none).
func args(raw json.RawMessage) any {
	if len(raw) == 0 || string(raw) == "null" {
		return map[string]any{}
	}
	return raw
}

// Arguments are the arguments the Host's model writes for a tool: a value
// of the right type for every required property (client.FirstChoice: its
// first option, its default, else a plain value of its type).
func Arguments(schema json.RawMessage) map[string]any {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	_ = json.Unmarshal(schema, &s)
	out := map[string]any{}
	for _, name := range s.Required {
		out[name] = client.FirstChoice(s.Properties[name])
	}
	return out
}
