package streamhttp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"unicode/utf8"

	"mcpwirelab/sim/protocol"
)

// validateParams checks the Mcp-Param-* headers of a tools/call against its
// arguments (2026-07-28 streamable-http §Server Behavior for Custom
// Headers): "Any server that processes the message body MUST validate that
// encoded header values, after decoding if Base64-encoded, match the
// corresponding values in the request body", and a value present in the
// body with its header omitted "MUST" be rejected. It returns "" when they
// agree.
func validateParams(r *http.Request, params []protocol.HeaderParam, arguments json.RawMessage) string {
	return CheckParams(r.Header, params, arguments)
}

// CheckParams is the server's check of a tools/call's Mcp-Param-* headers
// against its arguments (validateParams), on headers alone: the classifier
// of the lab's traces judges a recorded request with it. "" when they
// agree.
func CheckParams(h http.Header, params []protocol.HeaderParam, arguments json.RawMessage) string {
	if len(params) == 0 {
		return ""
	}
	var args any
	if len(bytes.TrimSpace(arguments)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(arguments))
		dec.UseNumber()
		if dec.Decode(&args) != nil {
			return "" // malformed arguments are the server's to refuse (-32602)
		}
	}
	for _, p := range params {
		name := protocol.HeaderParamPrefix + p.Header
		body, present := protocol.ValueAt(args, p.Path)
		hv := h.Values(name)
		switch {
		case !present:
			// §Server Behavior: for a value that is null or absent the
			// "Server MUST NOT expect the header"; one sent anyway names a
			// value the body does not have.
			if len(hv) > 0 {
				return fmt.Sprintf("header %s is present but params.arguments.%s has no value", name, strings.Join(p.Path, "."))
			}
			continue
		case len(hv) == 0:
			return fmt.Sprintf("required header %s is missing (params.arguments.%s is in the body)", name, strings.Join(p.Path, "."))
		case len(hv) > 1:
			return "header " + name + " appears more than once"
		}
		got, err := protocol.DecodeValue(hv[0])
		if err != nil {
			// "Servers MUST reject requests with a recognized
			// Mcp-Param-{Name} header that contains invalid characters".
			return name + " header: " + err.Error()
		}
		want, ok := protocol.HeaderForm(body)
		if !ok {
			return fmt.Sprintf("params.arguments.%s is not a string, integer or boolean, so it cannot match header %s", strings.Join(p.Path, "."), name)
		}
		if !sameValue(p.Type, got, want) {
			return fmt.Sprintf("%s header value '%s' does not match body value '%s'", name, shortValue(got), shortValue(want))
		}
	}
	return ""
}

// sameValue compares a decoded header value with the body's. §Server
// Validation: integers "SHOULD" be compared numerically ("42.0 and 42 are
// considered equal").
func sameValue(typ, header, body string) bool {
	if typ == "integer" {
		h, okH := new(big.Rat).SetString(header)
		b, okB := new(big.Rat).SetString(body)
		return okH && okB && h.Cmp(b) == 0
	}
	return header == body
}

// shortValue bounds a value echoed in an error message.
func shortValue(s string) string {
	const max = 64
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return string([]rune(s)[:max]) + "…"
}
