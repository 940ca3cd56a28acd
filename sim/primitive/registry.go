package primitive

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/vclock"
)

// Registry is an immutable, ordered set of what a server offers: tools
// with their compiled input (and output) schemas, resources, resource
// templates, prompts, and whether the server sends log messages. It is
// safe for concurrent use; the With… methods return modified copies.
type Registry struct {
	defs      []*toolDef
	byName    map[string]*toolDef
	resources []Resource
	templates []*templateDef
	prompts   []Prompt
	logging   bool
}

// toolDef is a registered tool: what tools/list shows, plus what Call needs.
type toolDef struct {
	tool    Tool
	props   []string // property names of the input schema, sorted
	schema  *jsonschema.Schema
	output  *jsonschema.Schema // nil without an output schema
	headers []protocol.HeaderParam
	run     func(ctx context.Context, args map[string]any, env Env) (Result, error)
}

// UnknownToolError is returned by Call for a name that is not registered.
// The server turns it into a JSON-RPC protocol error (not an isError result).
type UnknownToolError struct{ Name string }

func (e *UnknownToolError) Error() string { return "Unknown tool: " + e.Name }

// OutputError is returned by Call when a tool's structured result does not
// match its outputSchema: a bug in the tool, reported as an internal error.
type OutputError struct {
	Tool string
	Msg  string
}

func (e *OutputError) Error() string {
	return "tool " + e.Tool + " returned structuredContent that does not match its outputSchema: " + e.Msg
}

// Def is a tool defined outside this package's course set: what tools/list
// shows and the function that runs it (arguments already schema-checked).
type Def struct {
	Tool Tool
	Run  func(ctx context.Context, args map[string]any, env Env) (Result, error)
}

// With returns a new registry: r's tools followed by extra, in order, and
// r's resources, templates and prompts. The receiver is not modified
// (registries are immutable and shared).
func (r *Registry) With(extra ...Def) (*Registry, error) {
	defs := append([]*toolDef(nil), r.defs...) // compiled defs are immutable: shared
	for _, e := range extra {
		defs = append(defs, &toolDef{tool: e.Tool, run: e.Run})
	}
	out, err := newRegistry(defs)
	if err != nil {
		return nil, err
	}
	out.resources, out.templates, out.prompts, out.logging = r.resources, r.templates, r.prompts, r.logging
	return out, nil
}

// MustWith is With for fixed, tested definitions.
func (r *Registry) MustWith(extra ...Def) *Registry {
	out, err := r.With(extra...)
	if err != nil {
		panic("toolbox: " + err.Error())
	}
	return out
}

// NewRegistry builds a registry of the given tools (and nothing else yet).
func NewRegistry(defs ...Def) (*Registry, error) { return (&Registry{}).With(defs...) }

// newRegistry compiles every schema not compiled yet (Draft 2020-12) and
// indexes the tools.
func newRegistry(defs []*toolDef) (*Registry, error) {
	r := &Registry{byName: make(map[string]*toolDef, len(defs))}
	for _, d := range defs {
		if _, dup := r.byName[d.tool.Name]; dup {
			return nil, fmt.Errorf("duplicate tool %q", d.tool.Name)
		}
		if d.schema == nil {
			if err := d.compile(); err != nil {
				return nil, err
			}
		}
		r.defs = append(r.defs, d)
		r.byName[d.tool.Name] = d
	}
	return r, nil
}

// clone copies the registry's lists (their elements are immutable).
func (r *Registry) clone() *Registry {
	c := *r
	c.resources = append([]Resource(nil), r.resources...)
	c.templates = append([]*templateDef(nil), r.templates...)
	c.prompts = append([]Prompt(nil), r.prompts...)
	return &c
}

// WithResources returns r plus the resources, in order.
func (r *Registry) WithResources(rs ...Resource) (*Registry, error) {
	out := r.clone()
	for _, res := range rs {
		switch {
		case res.URI == "" || res.Name == "" || res.Read == nil:
			return nil, fmt.Errorf("resource %q needs a URI, a name and a Read function", res.URI)
		case out.hasURI(res.URI):
			return nil, fmt.Errorf("duplicate resource %q", res.URI)
		}
		out.resources = append(out.resources, res)
	}
	return out, nil
}

func (r *Registry) hasURI(uri string) bool {
	for _, res := range r.resources {
		if res.URI == uri {
			return true
		}
	}
	return false
}

// WithTemplates returns r plus the resource templates, in order.
func (r *Registry) WithTemplates(ts ...ResourceTemplate) (*Registry, error) {
	out := r.clone()
	for _, t := range ts {
		d, err := compileTemplate(t)
		if err != nil {
			return nil, err
		}
		for _, old := range out.templates {
			if old.t.URITemplate == t.URITemplate {
				return nil, fmt.Errorf("duplicate template %q", t.URITemplate)
			}
		}
		out.templates = append(out.templates, d)
	}
	return out, nil
}

// WithPrompts returns r plus the prompts, in order.
func (r *Registry) WithPrompts(ps ...Prompt) (*Registry, error) {
	out := r.clone()
	for _, p := range ps {
		if p.Name == "" || (p.Get == nil && p.Interactive == nil) {
			return nil, fmt.Errorf("prompt %q needs a name and a Get (or Interactive) function", p.Name)
		}
		if _, dup := out.prompt(p.Name); dup {
			return nil, fmt.Errorf("duplicate prompt %q", p.Name)
		}
		var args []string
		for _, a := range p.Arguments {
			if a.Name == "" || containsString(args, a.Name) {
				return nil, fmt.Errorf("prompt %s: argument names must be unique and not empty", p.Name)
			}
			args = append(args, a.Name)
		}
		out.prompts = append(out.prompts, p)
	}
	return out, nil
}

// WithLogging returns r with logging on or off: whether the server sends
// log messages (and so declares the logging capability). Tools may always
// call Env.Log; without logging the server drops what they write.
func (r *Registry) WithLogging(on bool) *Registry {
	out := r.clone()
	out.logging = on
	return out
}

// Logging reports whether the server sends log messages.
func (r *Registry) Logging() bool { return r.logging }

// Without returns r without the named tools (names it does not have are
// ignored).
func (r *Registry) Without(names ...string) *Registry {
	var defs []*toolDef
	for _, d := range r.defs {
		if !containsString(names, d.tool.Name) {
			defs = append(defs, d)
		}
	}
	out, _ := newRegistry(defs) // a subset of valid, compiled tools
	out.resources, out.templates, out.prompts, out.logging = r.resources, r.templates, r.prompts, r.logging
	return out
}

// WithoutPrompts returns r without the named prompts.
func (r *Registry) WithoutPrompts(names ...string) *Registry {
	out := r.clone()
	out.prompts = out.prompts[:0]
	for _, p := range r.prompts {
		if !containsString(names, p.Name) {
			out.prompts = append(out.prompts, p)
		}
	}
	return out
}

// ToolsOnly returns r's tools alone: no resources, templates, prompts or
// logging, and no task support (a server that declares nothing but
// tools).
func (r *Registry) ToolsOnly() *Registry {
	defs := make([]*toolDef, len(r.defs))
	for i, d := range r.defs {
		c := *d // compiled schemas are immutable: shared
		c.tool.TaskSupport = ""
		defs[i] = &c
	}
	out, _ := newRegistry(defs)
	return out
}

// compile compiles the tool's schemas and finds its mirrored parameters.
func (d *toolDef) compile() error {
	sch, doc, err := compiledToolSchema(d.tool.Name, "input", d.tool.InputSchema)
	if err != nil {
		return err
	}
	if m, ok := doc.(map[string]any); !ok || m["type"] != "object" {
		// server/tools §Tool: inputSchema is "a valid JSON Schema object
		// (not null)" with type "object" at the root.
		return fmt.Errorf("input schema of %s: the root must have \"type\": \"object\"", d.tool.Name)
	}
	headers, err := headerParams(doc)
	if err != nil {
		return fmt.Errorf("input schema of %s: %w", d.tool.Name, err)
	}
	var props []string
	if p, ok := doc.(map[string]any)["properties"].(map[string]any); ok {
		for k := range p {
			props = append(props, k)
		}
	}
	sort.Strings(props)
	d.schema, d.props, d.headers = sch, props, headers
	if len(d.tool.OutputSchema) > 0 {
		if d.output, _, err = compiledToolSchema(d.tool.Name, "output", d.tool.OutputSchema); err != nil {
			return err
		}
	}
	return nil
}

// compileSchema compiles one schema of a tool (Draft 2020-12 unless its
// $schema names another dialect) after checking its size bounds. Only
// references inside the schema resolve: the compiler has no loader for
// network URIs (2026-07-28 basic/index §$ref Resolution: "Implementations
// MUST NOT automatically dereference $ref values that resolve to a network
// URI"), so a schema with an external $ref is rejected ("Schemas that fail
// to validate due to an unresolved external $ref SHOULD be rejected rather
// than silently treated as permissive").
func compileSchema(tool, which string, raw json.RawMessage) (*jsonschema.Schema, any, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, nil, fmt.Errorf("%s schema of %s: %w", which, tool, err)
	}
	if err := checkBounds(doc); err != nil {
		return nil, nil, fmt.Errorf("%s schema of %s: %w", which, tool, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	url := "mem:///toolbox/" + tool + "." + which + ".schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, nil, fmt.Errorf("%s schema of %s: %w", which, tool, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		return nil, nil, fmt.Errorf("%s schema of %s: %w", which, tool, err)
	}
	return sch, doc, nil
}

// compiled keeps the tools' compiled schemas by tool, role and exact
// bytes: every server of the simulator (one per run, several per scenario)
// and every Course() registers the same course tools, and compiling their
// schemas was two thirds of a run's allocations. A compiled schema and its
// document are only read (validation is safe for concurrent use), so
// servers share them. Bounded: past compiledMax entries schemas are
// compiled as before, uncached.
var compiled struct {
	sync.Mutex
	m map[string]compiledSchema
}

type compiledSchema struct {
	sch *jsonschema.Schema
	doc any
}

const compiledMax = 64

// compiledToolSchema is compileSchema through the cache (errors are not
// cached).
func compiledToolSchema(tool, which string, raw json.RawMessage) (*jsonschema.Schema, any, error) {
	key := tool + "\x00" + which + "\x00" + string(raw)
	compiled.Lock()
	c, ok := compiled.m[key]
	compiled.Unlock()
	if ok {
		return c.sch, c.doc, nil
	}
	sch, doc, err := compileSchema(tool, which, raw)
	if err != nil {
		return nil, nil, err
	}
	compiled.Lock()
	if compiled.m == nil {
		compiled.m = map[string]compiledSchema{}
	}
	if len(compiled.m) < compiledMax {
		compiled.m[key] = compiledSchema{sch, doc}
	}
	compiled.Unlock()
	return sch, doc, nil
}

// noLoader refuses every schema the compiler would fetch.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("$ref %s is not inside this schema; external references are never fetched", url)
}

// Schema size bounds (2026-07-28 basic/index §Composition-Keyword Resource
// Use: "Implementations SHOULD apply reasonable bounds, such as a maximum
// schema depth, a cap on the total number of subschemas"). Generous for
// real tools, small enough that validation stays cheap.
const (
	MaxSchemaDepth   = 32
	MaxSchemaObjects = 2000
)

// checkBounds rejects schemas nested deeper than MaxSchemaDepth or with
// more than MaxSchemaObjects objects.
func checkBounds(doc any) error {
	objects := 0
	var walk func(v any, depth int) error
	walk = func(v any, depth int) error {
		if depth > MaxSchemaDepth {
			return fmt.Errorf("nested deeper than %d levels", MaxSchemaDepth)
		}
		switch x := v.(type) {
		case map[string]any:
			if objects++; objects > MaxSchemaObjects {
				return fmt.Errorf("more than %d subschemas", MaxSchemaObjects)
			}
			for _, e := range x {
				if err := walk(e, depth+1); err != nil {
					return err
				}
			}
		case []any:
			for _, e := range x {
				if err := walk(e, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(doc, 0)
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
	t.OutputSchema = bytes.Clone(t.OutputSchema)
	t.RequiresClient = append([]string(nil), t.RequiresClient...)
	return t
}

// checkOutput validates a structured result against the tool's output
// schema (through JSON, as a client would see it).
func checkOutput(d *toolDef, structured any) error {
	if structured == nil {
		// server/tools §Output Schema: a tool with an output schema
		// "MUST" provide structured results.
		return &OutputError{Tool: d.tool.Name, Msg: "no structuredContent"}
	}
	b, err := jsonrpc.Marshal(structured)
	if err != nil {
		return &OutputError{Tool: d.tool.Name, Msg: err.Error()}
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return &OutputError{Tool: d.tool.Name, Msg: err.Error()}
	}
	if err := d.output.Validate(v); err != nil {
		return &OutputError{Tool: d.tool.Name, Msg: describeValidation(err, v, nil)}
	}
	return nil
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
	if d.output != nil && !res.IsError {
		if err := checkOutput(d, res.Structured); err != nil {
			return Result{}, err
		}
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

// ReplaceResource returns r with the resource of res.URI replaced by res
// (an administrator editing a page: the server then tells subscribers,
// mcp.Server.ResourceUpdated). The URI must be one r has.
func (r *Registry) ReplaceResource(res Resource) (*Registry, error) {
	if res.Name == "" || res.Read == nil {
		return nil, fmt.Errorf("resource %q needs a name and a Read function", res.URI)
	}
	out := r.clone()
	for i, old := range out.resources {
		if old.URI == res.URI {
			out.resources[i] = res
			return out, nil
		}
	}
	return nil, fmt.Errorf("no resource %q to replace", res.URI)
}

// Empty is a registry that offers nothing: the server's zero value.
func Empty() *Registry { return &Registry{byName: map[string]*toolDef{}} }
