package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"mcpwirelab/sim/trace"
)

// Faults the host can inject, in display order.
const (
	FaultNone               = "none"
	FaultUnknownTool        = "unknown-tool"
	FaultBadParams          = "bad-params"
	FaultTimeout            = "timeout"
	FaultStdoutPollution    = "stdout-pollution"
	FaultBadOrigin          = "bad-origin"
	FaultHeaderMismatch     = "header-mismatch"
	FaultUnsupportedVersion = "unsupported-version"
	FaultMissingSession     = "missing-session"
	// FaultLegacyServer is a variant of the dual-era scenario: the server
	// only speaks 2025-11-25.
	FaultLegacyServer = "legacy-server"
	// FaultShortLength and FaultLongLength are variants of the
	// http-content-length scenario: the client declares a Content-Length
	// smaller (characters instead of UTF-8 bytes) or larger than the body.
	FaultShortLength = "short-length"
	FaultLongLength  = "long-length"
	// FaultStreamDrop is a variant of the progress scenario: the network
	// drops the tools/call response stream after the first progress event.
	FaultStreamDrop = "stream-drop"
)

// ToolCallFaults lists the faults of the tool-call scenario (every MCP
// fault; other scenarios list their own in Info.Faults).
var ToolCallFaults = []string{FaultNone, FaultUnknownTool, FaultBadParams, FaultTimeout, FaultStdoutPollution,
	FaultBadOrigin, FaultHeaderMismatch, FaultUnsupportedVersion, FaultMissingSession}

// FaultApplies reports whether a fault exists for a version and transport,
// and if not, why (a sentence for error messages and the UI).
func FaultApplies(fault, version, transport string) (bool, string) {
	switch fault {
	case FaultStdoutPollution:
		if transport != "stdio" {
			return false, "stdout-pollution needs the stdio transport: over HTTP the server's stdout is not the wire"
		}
	case FaultBadOrigin:
		if transport != "http" {
			return false, "bad-origin needs the http transport: stdio has no Origin header"
		}
	case FaultHeaderMismatch:
		if transport != "http" || version != "2026-07-28" {
			return false, "header-mismatch needs 2026-07-28 over http: only that version mirrors the body into Mcp-Method / Mcp-Name headers"
		}
	case FaultMissingSession:
		if transport != "http" || version != "2025-11-25" {
			return false, "missing-session needs 2025-11-25 over http: only that version has Mcp-Session-Id"
		}
	case FaultStreamDrop:
		if transport != "http" {
			return false, "stream-drop needs the http transport: only HTTP answers a request with a response stream that can break"
		}
	case FaultShortLength, FaultLongLength:
		if transport != "http" {
			return false, fault + " needs the http transport: only HTTP frames a body with Content-Length"
		}
	}
	return true, ""
}

type scenarioDef struct {
	info   Info
	server func(o Options) serverSpec // nil: the default dual-era server
	run    func(r *runner)
}

var (
	bothVersions = []string{"2025-11-25", "2026-07-28"}
	onlyModern   = []string{"2026-07-28"}
	bothWires    = []string{"stdio", "http"}
	onlyHTTP     = []string{"http"}
)

var scenarios = []scenarioDef{
	{info: Info{Name: "tool-call", Title: Text{En: "One tool call, end to end", Zh: "一次完整的工具调用"},
		Versions: bothVersions, Transports: bothWires, Faults: ToolCallFaults}, run: toolCall},
	{info: Info{Name: "progress", Title: Text{En: "A slow tool streams progress", Zh: "慢工具流式报告进度"},
		Versions: bothVersions, Transports: bothWires, Faults: []string{FaultNone, FaultTimeout, FaultStreamDrop}}, run: progressScenario},
	{info: Info{Name: "capabilities", Title: Text{En: "Calling a capability the server did not declare", Zh: "调用服务器未声明的能力"},
		Versions: bothVersions, Transports: bothWires, Faults: []string{FaultNone}}, run: capabilitiesScenario},
	{info: Info{Name: "list-changed", Title: Text{En: "The tool list changes: subscribe and re-list", Zh: "工具列表变化：订阅并重新列出"},
		Versions: bothVersions, Transports: bothWires, Faults: []string{FaultNone}}, server: listChangedServer, run: listChangedScenario},
	{info: Info{Name: "load-balancer", Title: Text{En: "Two replicas behind a load balancer", Zh: "负载均衡后面的两个副本"},
		Versions: bothVersions, Transports: onlyHTTP, Faults: []string{FaultNone}}, server: loadBalancerServer, run: loadBalancerScenario},
	{info: Info{Name: "dual-era", Title: Text{En: "A dual-era client finds out what the server speaks", Zh: "双时代客户端探测服务器版本"},
		Versions: onlyModern, Transports: bothWires, Faults: []string{FaultNone, FaultLegacyServer, FaultUnsupportedVersion}}, server: dualEraServer, run: dualEraScenario},
	{info: Info{Name: "tool-poisoning", Title: Text{En: "Tool poisoning: instructions hidden in a description", Zh: "工具投毒：藏在描述里的指令"},
		Versions: bothVersions, Transports: bothWires, Faults: []string{FaultNone}}, server: poisonedServer, run: poisoningScenario},
	// HTTP foundations (httpfound.go): plain HTTP against sim/httplab's
	// JSON API, the same under both MCP versions.
	{info: Info{Name: "http-anatomy", Title: Text{En: "HTTP anatomy: one request, one response", Zh: "HTTP 报文结构：一个请求，一个响应"},
		Versions: bothVersions, Transports: onlyHTTP, Faults: []string{FaultNone}}, run: httpAnatomy},
	{info: Info{Name: "http-content-length", Title: Text{En: "Content-Length counts bytes", Zh: "Content-Length 数的是字节"},
		Versions: bothVersions, Transports: onlyHTTP, Faults: []string{FaultNone, FaultShortLength, FaultLongLength}}, run: httpContentLength},
	{info: Info{Name: "http-status-retries", Title: Text{En: "Status codes, retries and backoff", Zh: "状态码、重试与退避"},
		Versions: bothVersions, Transports: onlyHTTP, Faults: []string{FaultNone}}, run: httpStatusRetries},
	{info: Info{Name: "http-idempotency", Title: Text{En: "Retrying a POST: the Idempotency-Key", Zh: "重试 POST：Idempotency-Key"},
		Versions: bothVersions, Transports: onlyHTTP, Faults: []string{FaultNone}}, run: httpIdempotency},
	{info: Info{Name: "http-sse", Title: Text{En: "Server-Sent Events: streamed vs buffered", Zh: "服务器推送事件（SSE）：流式读取与整体读取"},
		Versions: bothVersions, Transports: onlyHTTP, Faults: []string{FaultNone}}, run: httpSSE},
}

// List describes every scenario, for pickers.
func List() []Info {
	out := make([]Info, len(scenarios))
	for i, s := range scenarios {
		out[i] = s.info
	}
	return out
}

// Validate normalises and checks options: "" fault means none. Errors wrap
// ErrUnknown and name the allowed values.
func Validate(o Options) (Options, *scenarioDef, error) {
	if o.Fault == "" {
		o.Fault = FaultNone
	}
	var def *scenarioDef
	var names []string
	for i := range scenarios {
		names = append(names, scenarios[i].info.Name)
		if scenarios[i].info.Name == o.Scenario {
			def = &scenarios[i]
		}
	}
	if def == nil {
		return o, nil, fmt.Errorf("%w scenario %q (want one of: %s)", ErrUnknown, o.Scenario, strings.Join(names, ", "))
	}
	if !slices.Contains(Versions, o.Version) {
		return o, nil, fmt.Errorf("%w version %q (want one of: %s)", ErrUnknown, o.Version, strings.Join(Versions, ", "))
	}
	if !slices.Contains(Transports, o.Transport) {
		return o, nil, fmt.Errorf("%w transport %q (want one of: %s)", ErrUnknown, o.Transport, strings.Join(Transports, ", "))
	}
	if !slices.Contains(def.info.Versions, o.Version) {
		return o, nil, fmt.Errorf("%w: scenario %s runs under %s only", ErrNotApplicable, o.Scenario, strings.Join(def.info.Versions, ", "))
	}
	if !slices.Contains(def.info.Transports, o.Transport) {
		return o, nil, fmt.Errorf("%w: scenario %s runs over %s only", ErrNotApplicable, o.Scenario, strings.Join(def.info.Transports, ", "))
	}
	if !slices.Contains(def.info.Faults, o.Fault) {
		return o, nil, fmt.Errorf("%w fault %q for scenario %s (want one of: %s)", ErrUnknown, o.Fault, o.Scenario, strings.Join(def.info.Faults, ", "))
	}
	if ok, why := FaultApplies(o.Fault, o.Version, o.Transport); !ok {
		return o, nil, fmt.Errorf("%w: fault %s does not apply to %s over %s: %s", ErrNotApplicable, o.Fault, o.Version, o.Transport, why)
	}
	if err := o.Client.Validate(); err != nil {
		return o, nil, fmt.Errorf("%w client setting: %v", ErrUnknown, err)
	}
	return o, def, nil
}

// ErrNotApplicable is returned (wrapped) for a fault that has no meaning
// under the selected version and transport.
var ErrNotApplicable = errors.New("not applicable")

// Run runs a scenario and returns its trace.
func Run(o Options) (*trace.Trace, error) {
	o, def, err := Validate(o)
	if err != nil {
		return nil, err
	}
	spec := serverSpec{}
	if def.server != nil {
		spec = def.server(o)
	}
	r := newRunner(o, spec)
	def.run(r)
	t := r.trace()
	Classify(t)
	return t, nil
}
