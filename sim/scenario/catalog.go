package scenario

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/text"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

type scenarioDef struct {
	info Info // Versions is filled in by versions()
	// doc is what the scenario shows, its row of the README's scenarios
	// table (TestScenariosTable writes the table from the entries).
	doc string
	// modernOnly: the scenario runs under the modern versions only
	// (protocol.IsModern); otherwise under every version the engine has.
	modernOnly bool
	server     func(o Options) serverSpec // nil: the default dual-era server
	run        func(r *runner)
}

// versions are the protocol versions the scenario runs under, taken from
// the engine's list (the table below names none, so it stays static data).
func (d *scenarioDef) versions() []string {
	if !d.modernOnly {
		return protocol.Versions()
	}
	var out []string
	for _, v := range protocol.Versions() {
		if protocol.IsModern(v) {
			out = append(out, v)
		}
	}
	return out
}

var (
	bothWires = []string{"stdio", "http"}
	onlyHTTP  = []string{"http"}
)

// scenarioToolCall is the course's main scenario, whose faults relabel
// the exchanges they damage (the labels of their entries in faults).
const scenarioToolCall = "tool-call"

// scenarios yields every scenario's entry, family by family, in the
// catalog's order (the pickers', the README's and the goldens'). Each
// family's entries live in its own file, beside their run funcs; this list
// only joins them. (A list inside the func, not a package variable: such a
// variable of the family variables is copied by code at start-up.)
func scenarios(yield func(*scenarioDef) bool) {
	families := [...][]scenarioDef{
		toolCallFamily,   // toolcall.go: a tool call and what can happen to it
		serverFamily,     // scenarios.go: servers the scenario changes or probes
		primitivesFamily, // primitives.go: the server's other primitives
		asksFamily,       // asks.go: the server asking the client, and tasks
		httpFamily,       // httpfound.go: HTTP before MCP
	}
	for _, f := range families {
		for i := range f {
			if !yield(&f[i]) {
				return
			}
		}
	}
}

// The scenarios' titles, as data (README, "Editing the course text"):
// text/titles.text, keyed by the scenario's name, read at the first List.
//
//go:embed text/titles.text
var titlesFile string

// titlesName is the file's name in errors.
const titlesName = "sim/scenario/text/titles.text"

var titles = text.Lazy(func() []text.Source { return []text.Source{{Name: titlesName, Data: titlesFile}} })

// List describes every scenario, for pickers.
func List() []Info {
	var out []Info
	for d := range scenarios {
		info := d.info
		info.Title, _ = titles().Get(info.Name)
		info.Versions = d.versions()
		out = append(out, info)
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
	for d := range scenarios {
		names = append(names, d.info.Name)
		if d.info.Name == o.Scenario {
			def = d
		}
	}
	if def == nil {
		return o, nil, fmt.Errorf("%w scenario %q (want one of: %s)", ErrUnknown, o.Scenario, strings.Join(names, ", "))
	}
	if !slices.Contains(protocol.Versions(), o.Version) {
		return o, nil, fmt.Errorf("%w version %q (want one of: %s)", ErrUnknown, o.Version, strings.Join(protocol.Versions(), ", "))
	}
	if !slices.Contains(Transports, o.Transport) {
		return o, nil, fmt.Errorf("%w transport %q (want one of: %s)", ErrUnknown, o.Transport, strings.Join(Transports, ", "))
	}
	if versions := def.versions(); !slices.Contains(versions, o.Version) {
		return o, nil, fmt.Errorf("%w: scenario %s runs under %s only", ErrNotApplicable, o.Scenario, strings.Join(versions, ", "))
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
	if o.Endpoint != "" {
		if u, err := url.Parse(o.Endpoint); err != nil || u.Scheme != "http" || u.Host == "" {
			return o, nil, fmt.Errorf("%w endpoint %q (want an http:// URL)", ErrUnknown, o.Endpoint)
		}
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
	r := newRunner(o, def.serverFor(o), nil)
	def.run(r)
	r.drainBackground()
	t := r.trace()
	Classify(t)
	return t, nil
}

func (d *scenarioDef) serverFor(o Options) serverSpec {
	var s serverSpec
	if d.server != nil {
		s = d.server(o)
	}
	if f := faultNamed(o.Fault); f != nil {
		// The fault's server (its entry).
		if f.tools != nil && s.tools == nil {
			s.tools = f.tools()
		}
		s.legacyOnly = s.legacyOnly || f.legacyOnly
	}
	return s
}

// Remote is a real server for RunRemote: a wire to its HTTP endpoint
// (Options.Endpoint names the URL), or the pipe to a server process not
// yet started (stdio).
type Remote struct {
	HTTP wire.HTTP
	Pipe wire.Pipe
	// Timeout bounds the whole run (a real server may never answer);
	// zero means one minute.
	Timeout time.Duration
}

// Servable reports whether a real server running the lab's default
// configuration (the dev server) can serve a run exactly as the simulator
// does, and if not, why: scenarios that change the server (its tools, its
// versions, replicas, an administrator's edit) or talk to the toy HTTP API
// cannot.
func Servable(o Options) (bool, string) {
	o, def, err := Validate(o)
	if err != nil {
		return false, err.Error()
	}
	switch {
	case strings.HasPrefix(o.Scenario, "http-"):
		return false, o.Scenario + " talks to the toy HTTP API, which the dev server does not host"
	case def.serverFor(o) != serverSpec{}:
		return false, o.Scenario + " needs a server configured differently from the dev server's (" + o.Fault + ")"
	}
	return true, ""
}

// RunRemote runs a scenario's Host and Client, unchanged, against a real
// server instead of the simulator's: the client, its faults and the
// annotations are the same; the server's answers and the times (real, in
// ms since the start) are the real server's. Only Servable runs qualify.
func RunRemote(o Options, rem Remote) (*trace.Trace, error) {
	if ok, why := Servable(o); !ok {
		return nil, fmt.Errorf("%w: %s", ErrNotApplicable, why)
	}
	o, def, _ := Validate(o)
	if (o.Transport == "http" && rem.HTTP == nil) || (o.Transport == "stdio" && rem.Pipe == nil) {
		return nil, fmt.Errorf("scenario: RunRemote over %s needs a wire for it", o.Transport)
	}
	r := newRunner(o, serverSpec{}, &wires{http: rem.HTTP, pipe: rem.Pipe})
	if rem.Timeout <= 0 {
		rem.Timeout = time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), rem.Timeout)
	defer cancel()
	r.ctx = ctx
	def.run(r)
	if !r.closed {
		_ = r.c.Close(context.Background(), callOpts{Tag: "session-delete"})
	}
	t := r.trace()
	Classify(t) // as Run does: the classes come from the bytes, real or virtual
	return t, ctx.Err()
}
