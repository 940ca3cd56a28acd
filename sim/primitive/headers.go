package primitive

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/protocol"
)

// HeaderParams returns the mirrored parameters of a tool, in header order.
func (r *Registry) HeaderParams(tool string) []protocol.HeaderParam {
	d, ok := r.byName[tool]
	if !ok {
		return nil
	}
	return append([]protocol.HeaderParam(nil), d.headers...)
}

// HeaderParamsOf finds the mirrored parameters of an inputSchema as a
// client reads it in tools/list, with the checks the server applies when a
// tool is registered (the one reading of x-mcp-header for both sides).
// 2026-07-28 streamable-http §Schema Extension: clients "MUST reject tool
// definitions where any x-mcp-header value violates these constraints";
// the error says which.
//
// Results are kept by the schema's exact bytes (headerParamsSeen): the
// client reads every tools/list and Classify every listed tool of a trace,
// and the course's schemas are the same in every run.
func HeaderParamsOf(inputSchema json.RawMessage) ([]protocol.HeaderParam, error) {
	key := string(inputSchema)
	headerParamsSeen.Lock()
	p, ok := headerParamsSeen.m[key]
	headerParamsSeen.Unlock()
	if ok {
		return cloneHeaderParams(p), nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(inputSchema))
	if err != nil {
		return nil, fmt.Errorf("inputSchema is not JSON: %w", err)
	}
	p, err = headerParams(doc)
	if err != nil {
		return nil, err
	}
	headerParamsSeen.Lock()
	if headerParamsSeen.m == nil {
		headerParamsSeen.m = map[string][]protocol.HeaderParam{}
	}
	if len(headerParamsSeen.m) < compiledMax {
		headerParamsSeen.m[key] = cloneHeaderParams(p)
	}
	headerParamsSeen.Unlock()
	return p, nil
}

// headerParamsSeen keeps HeaderParamsOf's results by schema bytes
// (errors are not kept). Bounded like the compiled schemas: past
// compiledMax entries schemas are read as before, every time.
var headerParamsSeen struct {
	sync.Mutex
	m map[string][]protocol.HeaderParam
}

// cloneHeaderParams copies params, so a caller never shares the cache's.
func cloneHeaderParams(ps []protocol.HeaderParam) []protocol.HeaderParam {
	if ps == nil {
		return nil
	}
	out := make([]protocol.HeaderParam, len(ps))
	for i, p := range ps {
		out[i] = p
		out[i].Path = append([]string(nil), p.Path...)
	}
	return out
}

// headerParams finds the x-mcp-header annotations of an input schema and
// checks the constraints the spec puts on them (server/tools §x-mcp-header):
// not empty, an HTTP token, no control characters, case-insensitively
// unique, only on string, integer or boolean parameters, and only on
// properties reachable from the root through properties keys alone.
func headerParams(doc any) ([]protocol.HeaderParam, error) {
	var (
		out  []protocol.HeaderParam
		errs []string
	)
	var walk func(v any, path []string, reachable bool)
	walk = func(v any, path []string, reachable bool) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e, path, false)
			}
		case map[string]any:
			if h, ok := x[protocol.XMCPHeader]; ok {
				where := "$"
				if len(path) > 0 {
					where = strings.Join(path, ".")
				}
				p, err := headerParam(h, x, path, reachable)
				if err != nil {
					errs = append(errs, where+": "+err.Error())
				} else {
					out = append(out, p)
				}
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				switch k {
				case "enum", "const", "default", "examples", protocol.XMCPHeader:
					continue // instance values, not schemas
				case "properties":
					if props, ok := x[k].(map[string]any); ok {
						names := make([]string, 0, len(props))
						for n := range props {
							names = append(names, n)
						}
						sort.Strings(names)
						for _, n := range names {
							walk(props[n], append(append([]string(nil), path...), n), reachable)
						}
						continue
					}
				}
				walk(x[k], path, false)
			}
		}
	}
	walk(doc, nil, true)
	seen := map[string]string{}
	for _, p := range out {
		low := strings.ToLower(p.Header)
		if prev, dup := seen[low]; dup {
			errs = append(errs, fmt.Sprintf("%s: x-mcp-header %q repeats %q of %s (values must be case-insensitively unique)",
				strings.Join(p.Path, "."), p.Header, low, prev))
		}
		seen[low] = strings.Join(p.Path, ".")
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return nil, fmt.Errorf("invalid x-mcp-header: %s", strings.Join(errs, "; "))
	}
	return out, nil
}

func headerParam(h any, schema map[string]any, path []string, reachable bool) (protocol.HeaderParam, error) {
	name, ok := h.(string)
	switch {
	case !ok:
		return protocol.HeaderParam{}, fmt.Errorf("must be a string")
	case name == "":
		return protocol.HeaderParam{}, fmt.Errorf("must not be empty")
	case !isToken(name):
		return protocol.HeaderParam{}, fmt.Errorf("%q is not an HTTP field-name token (RFC 9110 §5.1)", name)
	case !reachable || len(path) == 0:
		return protocol.HeaderParam{}, fmt.Errorf("only properties reachable from the root through properties keys may be mirrored " +
			"(not through items, composition, conditionals or $ref)")
	}
	typ, _ := schema["type"].(string)
	switch typ {
	case "string", "integer", "boolean":
	default:
		t, _ := json.Marshal(schema["type"])
		return protocol.HeaderParam{}, fmt.Errorf("only string, integer and boolean parameters may be mirrored, this one has type %s", t)
	}
	return protocol.HeaderParam{Path: path, Header: name, Type: typ}, nil
}

// isToken reports whether s is 1*tchar (RFC 9110 §5.6.2).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}
