package streamhttp

import (
	"encoding/json"
	"fmt"
	"net/http"

	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
)

// HeaderProblem is one way the request metadata headers of a 2026-07-28
// POST fail §Server Validation.
type HeaderProblem struct {
	Header string // HeaderProtocolVersion, HeaderMethod or HeaderName
	Kind   string // "missing", "duplicate", "mismatch" or "encoding"
	Got    string // the header value (decoded for Mcp-Name); "" unless mismatch
	Want   string // the body value it must equal
	// Field is where the body says it: "params._meta[…protocolVersion]",
	// "method", "params.name" or "params.uri".
	Field  string
	Method string // the request's method
	Err    error  // Kind "encoding": why the Mcp-Name value does not decode
}

// Message is the text of the -32020 error the server answers with.
func (p HeaderProblem) Message() string {
	switch p.Kind {
	case "missing":
		if p.Header == protocol.HeaderName {
			return fmt.Sprintf("required header Mcp-Name is missing for %s", protocol.Excerpt(p.Method))
		}
		return "required header " + p.Header + " is missing"
	case "duplicate":
		return "header " + p.Header + " appears more than once"
	case "encoding":
		return "Mcp-Name header: " + p.Err.Error()
	}
	return fmt.Sprintf("%s header value '%s' does not match body value '%s'", p.Header, protocol.Excerpt(p.Got), protocol.Excerpt(p.Want))
}

// CheckHeaders compares the request metadata headers with the body of a
// 2026-07-28 request, every one of them (the server rejects on the first;
// graders report all): MCP-Protocol-Version with _meta's protocolVersion,
// Mcp-Method with method, and Mcp-Name with the field NameField names.
// Values are compared case-sensitively (§Case Sensitivity); Mcp-Name is
// decoded first (§Value Encoding).
func CheckHeaders(h http.Header, m *jsonrpc.Message) []HeaderProblem {
	return checkHeaders(h, m.Method, viewParams(m))
}

// checkHeaders is CheckHeaders on params the handler already decoded.
func checkHeaders(h http.Header, method string, p params) []HeaderProblem {
	var bodyVersion string
	_ = json.Unmarshal(p.Meta[protocol.MetaProtocolVersion], &bodyVersion)
	var out []HeaderProblem
	one := func(name, field, want string) (string, bool) {
		v := h.Values(name)
		switch {
		case len(v) == 0:
			out = append(out, HeaderProblem{Header: name, Kind: "missing", Field: field, Want: want})
		case len(v) > 1:
			out = append(out, HeaderProblem{Header: name, Kind: "duplicate", Field: field, Want: want})
		default:
			return v[0], true
		}
		return "", false
	}
	versionField := `params._meta["` + protocol.MetaProtocolVersion + `"]`
	if v, ok := one(protocol.HeaderProtocolVersion, versionField, bodyVersion); ok && v != bodyVersion {
		out = append(out, HeaderProblem{Header: protocol.HeaderProtocolVersion, Kind: "mismatch", Got: v, Want: bodyVersion, Field: versionField})
	}
	if v, ok := one(protocol.HeaderMethod, "method", method); ok && v != method {
		out = append(out, HeaderProblem{Header: protocol.HeaderMethod, Kind: "mismatch", Got: v, Want: method, Field: "method"})
	}
	field, want := protocol.NameField(method), p.Name
	switch field {
	case "uri":
		want = p.URI
	case "taskId":
		want = p.TaskID
	}
	if field != "" && want != nil {
		if v, ok := one(protocol.HeaderName, "params."+field, *want); ok {
			got, err := protocol.DecodeValue(v)
			switch {
			case err != nil:
				out = append(out, HeaderProblem{Header: protocol.HeaderName, Kind: "encoding", Got: v, Want: *want, Field: "params." + field, Err: err})
			case got != *want:
				out = append(out, HeaderProblem{Header: protocol.HeaderName, Kind: "mismatch", Got: got, Want: *want, Field: "params." + field})
			}
		}
	}
	for i := range out {
		out[i].Method = method
	}
	return out
}
