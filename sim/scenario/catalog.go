package scenario

import (
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
)

// AllFaults lists every fault name.
var AllFaults = []string{FaultNone, FaultUnknownTool, FaultBadParams, FaultTimeout, FaultStdoutPollution,
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
	}
	return true, ""
}

type scenarioDef struct {
	info Info
	run  func(r *runner)
}

var scenarios = []scenarioDef{
	{Info{Name: "tool-call", Title: Text{En: "One tool call, end to end", Zh: "一次完整的工具调用"}}, toolCall},
	{Info{Name: "progress", Title: Text{En: "A slow tool streams progress", Zh: "慢工具流式报告进度"}}, progressScenario},
}

func init() {
	for i := range scenarios {
		s := &scenarios[i]
		s.info.Versions = Versions
		s.info.Transports = Transports
		if s.info.Name == "tool-call" {
			s.info.Faults = AllFaults
		} else {
			s.info.Faults = []string{FaultNone}
		}
	}
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
	if !slices.Contains(def.info.Faults, o.Fault) {
		return o, nil, fmt.Errorf("%w fault %q for scenario %s (want one of: %s)", ErrUnknown, o.Fault, o.Scenario, strings.Join(def.info.Faults, ", "))
	}
	if ok, why := FaultApplies(o.Fault, o.Version, o.Transport); !ok {
		return o, nil, fmt.Errorf("%w: fault %s does not apply to %s over %s: %s", ErrNotApplicable, o.Fault, o.Version, o.Transport, why)
	}
	return o, def, nil
}

// ErrNotApplicable is returned (wrapped) for a fault that has no meaning
// under the selected version and transport.
var ErrNotApplicable = fmt.Errorf("not applicable")

// Run runs a scenario and returns its trace.
func Run(o Options) (*trace.Trace, error) {
	o, def, err := Validate(o)
	if err != nil {
		return nil, err
	}
	r := newRunner(o)
	def.run(r)
	return r.trace(), nil
}
