package toolbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/vclock"
)

// Registry is an immutable, ordered set of tools with their compiled input
// schemas. It is safe for concurrent use.
type Registry struct {
	defs   []*toolDef
	byName map[string]*toolDef
}

// toolDef is a registered tool: what tools/list shows, plus what Call needs.
type toolDef struct {
	tool   Tool
	props  []string // property names of the input schema, sorted
	schema *jsonschema.Schema
	run    func(ctx context.Context, args map[string]any, env Env) (Result, error)
}

// UnknownToolError is returned by Call for a name that is not registered.
// The server turns it into a JSON-RPC protocol error (not an isError result).
type UnknownToolError struct{ Name string }

func (e *UnknownToolError) Error() string { return "Unknown tool: " + e.Name }

var (
	defaultOnce sync.Once
	defaultReg  *Registry
)

// Default returns the course toolbox, in a deterministic order (the order
// tools/list shows): list_employees, list_emails, office_days,
// export_timesheets. Schemas are compiled once; the registry is shared and
// immutable.
func Default() *Registry {
	defaultOnce.Do(func() {
		r, err := newRegistry(courseTools())
		if err != nil {
			panic("toolbox: " + err.Error()) // a bug in this package; tests catch it
		}
		defaultReg = r
	})
	return defaultReg
}

// newRegistry compiles every schema (Draft 2020-12) and indexes the tools.
func newRegistry(defs []*toolDef) (*Registry, error) {
	r := &Registry{byName: make(map[string]*toolDef, len(defs))}
	for _, d := range defs {
		if _, dup := r.byName[d.tool.Name]; dup {
			return nil, fmt.Errorf("duplicate tool %q", d.tool.Name)
		}
		sch, props, err := compileSchema(d.tool.Name, d.tool.InputSchema)
		if err != nil {
			return nil, err
		}
		d.schema, d.props = sch, props
		r.defs = append(r.defs, d)
		r.byName[d.tool.Name] = d
	}
	return r, nil
}

// compileSchema compiles one input schema and returns its sorted property names.
func compileSchema(name string, raw json.RawMessage) (*jsonschema.Schema, []string, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, nil, fmt.Errorf("schema of %s: %w", name, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	url := "mem:///toolbox/" + name + ".schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, nil, fmt.Errorf("schema of %s: %w", name, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		return nil, nil, fmt.Errorf("schema of %s: %w", name, err)
	}
	var props []string
	if m, ok := doc.(map[string]any); ok {
		if p, ok := m["properties"].(map[string]any); ok {
			for k := range p {
				props = append(props, k)
			}
		}
	}
	sort.Strings(props)
	return sch, props, nil
}

// Tools returns the tools in tools/list order. The result is a fresh copy;
// changing it does not affect the registry.
func (r *Registry) Tools() []Tool {
	out := make([]Tool, len(r.defs))
	for i, d := range r.defs {
		out[i] = d.tool.clone()
	}
	return out
}

// Lookup returns the tool registered under name.
func (r *Registry) Lookup(name string) (Tool, bool) {
	d, ok := r.byName[name]
	if !ok {
		return Tool{}, false
	}
	return d.tool.clone(), true
}

func (t Tool) clone() Tool {
	t.InputSchema = bytes.Clone(t.InputSchema)
	return t
}

// Call validates args (raw JSON of the `arguments` object; nil, empty or
// JSON null means {}) against the tool's inputSchema, then runs the tool.
//
// Errors: *UnknownToolError when name is not registered (the caller turns it
// into a JSON-RPC protocol error); ctx.Err() when the call was cancelled (the
// caller then sends nothing).
//
// Arguments that fail the schema, and business-rule failures, are not
// errors: they return Result{IsError: true, Text: <message a model can act
// on>} (MCP spec, server/tools "Error Handling").
func (r *Registry) Call(ctx context.Context, name string, args json.RawMessage, env Env) (Result, error) {
	d, ok := r.byName[name]
	if !ok {
		return Result{}, &UnknownToolError{Name: name}
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	obj, msg := parseArgs(args)
	if msg == "" {
		if err := d.schema.Validate(obj); err != nil {
			msg = describeValidation(err, obj, d.props)
		}
	}
	if msg != "" {
		return invalidArgs(name, msg), nil
	}
	if env.Sleep == nil {
		env.Sleep = vclock.RealSleep
	}
	res, err := d.run(ctx, obj.(map[string]any), env)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return Result{}, ctxErr
		}
		return Result{}, err
	}
	return res, nil
}

// invalidArgs prefixes every problem line with "Invalid arguments for <tool>: ".
func invalidArgs(tool, msg string) Result {
	var b bytes.Buffer
	for i, line := range bytes.Split([]byte(msg), []byte("\n")) {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("Invalid arguments for " + tool + ": ")
		b.Write(line)
	}
	return Result{Text: b.String(), IsError: true}
}
