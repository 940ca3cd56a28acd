package check

import (
	"bytes"
	"encoding/json"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/primitive"
)

// InvalidArguments builds arguments that the tool's own inputSchema
// refuses: a required property left out, a property of the wrong type, a
// value outside its enum, or a property the schema does not allow. Each
// candidate is validated against the compiled schema and only one the
// schema really refuses is returned (so the check cannot pass because the
// arguments happened to be fine). what says how they break the schema; ok
// is false when no candidate does (a schema that accepts any object).
func InvalidArguments(schema json.RawMessage) (args json.RawMessage, what Msg, ok bool) {
	sch, err := primitive.CompileSchema("tool", "input", schema)
	if err != nil {
		return nil, Msg{}, false
	}
	var s struct {
		Properties           map[string]json.RawMessage `json:"properties"`
		Required             []string                   `json:"required"`
		AdditionalProperties json.RawMessage            `json:"additionalProperties"`
	}
	if json.Unmarshal(schema, &s) != nil {
		return nil, Msg{}, false
	}
	type candidate struct {
		args map[string]any
		what Msg
	}
	var cands []candidate
	if len(s.Required) > 0 {
		cands = append(cands, candidate{map[string]any{}, msg("invalidarguments.leaves-out-required", s.Required[0])})
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		var p struct {
			Type json.RawMessage `json:"type"`
			Enum []any           `json:"enum"`
		}
		_ = json.Unmarshal(s.Properties[n], &p)
		if len(p.Enum) > 0 {
			cands = append(cands, candidate{withRequired(s.Required, n, "mcpwl-not-in-the-enum"), msg("invalidarguments.gives-value-outside", n)})
		}
		for _, typ := range types(p.Type) {
			wrong, desc := wrongValue(typ)
			cands = append(cands, candidate{withRequired(s.Required, n, wrong), msg("invalidarguments.gives-where-schema", n, desc, typ)})
		}
	}
	if bytes.Equal(bytes.TrimSpace(s.AdditionalProperties), []byte("false")) {
		cands = append(cands, candidate{map[string]any{"mcpwl_unexpected": true}, msg("invalidarguments.adds-property-mcpwl")})
	}
	for _, c := range cands {
		b, _ := json.Marshal(c.args)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			continue
		}
		if sch.Validate(inst) != nil {
			return b, c.what, true
		}
	}
	return nil, Msg{}, false
}

// withRequired is {name: v}: only the one property, so a schema with
// required properties is broken twice (missing ones, and v) — the call is
// invalid either way, and the first reason is the one the message names.
func withRequired(_ []string, name string, v any) map[string]any {
	return map[string]any{name: v}
}

// types reads a schema's "type" (a string or a list).
func types(raw json.RawMessage) []string {
	var one string
	if json.Unmarshal(raw, &one) == nil && one != "" {
		return []string{one}
	}
	var many []string
	_ = json.Unmarshal(raw, &many)
	return many
}

// aString names the wrong value wrongValue gives most types.
func aString() Msg { return msg("astring.string") }

// wrongValue is a value no schema of that type accepts.
func wrongValue(typ string) (any, Msg) {
	switch typ {
	case "string":
		return 12345, msg("wrongvalue.number")
	case "integer", "number":
		return "mcpwl-not-a-number", aString()
	case "boolean":
		return "mcpwl-not-a-boolean", aString()
	case "array":
		return "mcpwl-not-an-array", aString()
	case "object":
		return "mcpwl-not-an-object", aString()
	case "null":
		return "mcpwl-not-null", aString()
	}
	return nil, plain("null")
}
