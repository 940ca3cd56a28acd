package primitive

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"mcpwirelab/sim/jsonrpc"
)

// parseArgs decodes the raw `arguments` (numbers kept as json.Number, as
// jsonschema expects). It returns the decoded object, or a problem message
// (without the "Invalid arguments for X: " prefix).
func parseArgs(raw json.RawMessage) (any, string) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return map[string]any{}, ""
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(trimmed))
	if err != nil {
		return nil, "arguments must be a JSON object, got invalid JSON (" + err.Error() + ")."
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, "arguments must be a JSON object, got " + jsonTypeName(v) + "."
	}
	return v, ""
}

// describeValidation turns a jsonschema validation error into one sentence
// per problem, sorted, joined by "\n". inst is the validated instance, props
// the tool's argument names.
func describeValidation(err error, inst any, props []string) string {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return err.Error() + "."
	}
	var lines []string
	collectLeaves(ve, inst, props, &lines)
	if len(lines) == 0 {
		lines = []string{"$: arguments do not match the input schema."}
	}
	sort.Strings(lines)
	out := lines[:0]
	for i, l := range lines {
		if i == 0 || l != lines[i-1] {
			out = append(out, l)
		}
	}
	if len(out) > MaxProblems {
		// Arguments with 400,000 unknown keys must not come back as
		// 400,000 lines: the answer stays small whatever the client sent.
		more := len(out) - MaxProblems
		out = append(out[:MaxProblems], "$: … and "+strconv.Itoa(more)+" more problems.")
	}
	return strings.Join(out, "\n")
}

// MaxProblems is how many problem lines an invalid-arguments message lists.
const MaxProblems = 10

func collectLeaves(ve *jsonschema.ValidationError, inst any, props []string, lines *[]string) {
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			collectLeaves(c, inst, props, lines)
		}
		return
	}
	path := jsonPath(ve.InstanceLocation)
	for _, reason := range reasons(ve, inst, props) {
		*lines = append(*lines, path+": "+reason+".")
	}
}

// reasons renders one leaf error as one or more reasons. Most kinds have
// one reason, built into msg and returned at one place (each return of a
// new slice costs WebAssembly size).
func reasons(ve *jsonschema.ValidationError, inst any, props []string) []string {
	var msg string
	switch k := ve.ErrorKind.(type) {
	case *kind.Required:
		out := make([]string, 0, len(k.Missing))
		for _, m := range k.Missing {
			out = append(out, "missing required property "+Quote(m))
		}
		return out
	case *kind.AdditionalProperties:
		allowed := ""
		if len(ve.InstanceLocation) == 0 {
			if len(props) == 0 {
				allowed = " (this tool takes no arguments)"
			} else {
				allowed = " (allowed: " + QuoteAll(props) + ")"
			}
		}
		out := make([]string, 0, len(k.Properties))
		// The validator lists them in map order: sorted, so that the same
		// arguments always get the same message.
		for _, p := range slices.Sorted(slices.Values(k.Properties)) {
			out = append(out, "unknown property "+Quote(p)+allowed)
		}
		return out
	case *kind.Enum:
		want := make([]string, len(k.Want))
		for i, w := range k.Want {
			want[i] = display(w)
		}
		if len(want) == 1 {
			msg = "must be " + want[0] + "; got " + display(k.Got)
		} else {
			msg = "must be one of " + strings.Join(want, ", ") + "; got " + display(k.Got)
		}
	case *kind.Const:
		msg = "must be " + display(k.Want) + "; got " + display(k.Got)
	case *kind.Type:
		got := "got " + k.Got
		if k.Got != "object" && k.Got != "array" && k.Got != "null" {
			got += " " + display(lookup(inst, ve.InstanceLocation))
		}
		msg = "expected " + strings.Join(k.Want, " or ") + ", " + got
	case *kind.Maximum:
		msg = numberReason("must be <= ", k.Want, inst, ve, k.Got)
	case *kind.Minimum:
		msg = numberReason("must be >= ", k.Want, inst, ve, k.Got)
	case *kind.ExclusiveMaximum:
		msg = numberReason("must be < ", k.Want, inst, ve, k.Got)
	case *kind.ExclusiveMinimum:
		msg = numberReason("must be > ", k.Want, inst, ve, k.Got)
	case *kind.MultipleOf:
		msg = numberReason("must be a multiple of ", k.Want, inst, ve, k.Got)
	case *kind.MinLength:
		msg = lengthReason("must be at least ", k.Want, k.Got)
	case *kind.MaxLength:
		msg = lengthReason("must be at most ", k.Want, k.Got)
	case *kind.Pattern:
		msg = "must match pattern " + k.Want + ", got " + display(k.Got)
	case *kind.Format:
		msg = "must be a valid " + k.Want + ", got " + display(k.Got)
	case *kind.FalseSchema:
		msg = "is not allowed"
	default:
		if kw := strings.Join(ve.ErrorKind.KeywordPath(), "/"); kw == "" {
			msg = "does not match the input schema"
		} else {
			msg = "does not satisfy the schema keyword " + Quote(kw)
		}
	}
	return []string{msg}
}

// numberReason is a numeric bound's reason: prefix, the bound, the value.
func numberReason(prefix string, want *big.Rat, inst any, ve *jsonschema.ValidationError, got *big.Rat) string {
	return prefix + ratString(want) + ", got " + gotNumber(inst, ve, got)
}

// lengthReason is a string length bound's reason.
func lengthReason(prefix string, want, got int) string {
	return prefix + strconv.Itoa(want) + " characters long, got " + strconv.Itoa(got)
}

// lookup returns the value at loc inside inst (kind.Type carries only the
// type name, so the offending value is read from the arguments).
func lookup(inst any, loc []string) any {
	for _, tok := range loc {
		switch v := inst.(type) {
		case map[string]any:
			inst = v[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v) {
				return nil
			}
			inst = v[i]
		default:
			return nil
		}
	}
	return inst
}

// jsonPath renders an instance location as $, $.a.b, $.items[0] or $["odd key"].
func jsonPath(loc []string) string {
	var b strings.Builder
	b.WriteString("$")
	for _, tok := range loc {
		switch {
		case jsonrpc.IsIdentifier(tok):
			b.WriteString("." + tok)
		case tok != "" && strings.Trim(tok, "0123456789") == "":
			b.WriteString("[" + tok + "]")
		default:
			b.WriteString("[" + Quote(tok) + "]")
		}
	}
	return b.String()
}

// quote renders s as a JSON string (no HTML escaping), shortened when long.
func Quote(s string) string {
	const maxRunes = 60
	if utf8.RuneCountInString(s) > maxRunes {
		s = string([]rune(s)[:maxRunes]) + "…"
	}
	b, _ := jsonrpc.Marshal(s) // strings always encode (invalid UTF-8 becomes U+FFFD)
	return string(b)
}

func QuoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = Quote(s)
	}
	return strings.Join(q, ", ")
}

// display renders a decoded JSON value for a message.
func display(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return Quote(v)
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return shorten(v.String())
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	}
	return jsonTypeName(v)
}

func jsonTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number, float64:
		return "number"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return "unknown"
}

// gotNumber renders the offending number as the client wrote it (cheap even
// for 1e999999), falling back to the validator's big.Rat.
func gotNumber(inst any, ve *jsonschema.ValidationError, r *big.Rat) string {
	if n, ok := lookup(inst, ve.InstanceLocation).(json.Number); ok {
		return shorten(n.String())
	}
	return ratString(r)
}

func ratString(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() && r.Num().BitLen() <= 256 {
		return shorten(r.Num().String())
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func shorten(s string) string {
	const max = 40
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}
