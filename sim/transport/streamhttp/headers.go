package streamhttp

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
)

// Header names. Go canonicalises names it reads ("Mcp-Protocol-Version");
// the client writes them as the spec spells them, and names are
// case-insensitive anyway (streamable-http §Case Sensitivity).
const (
	HeaderProtocolVersion = "MCP-Protocol-Version"
	HeaderMethod          = "Mcp-Method"
	HeaderName            = "Mcp-Name"
	HeaderSessionID       = "Mcp-Session-Id"
	// HeaderAccelBuffering on an SSE response tells reverse proxies not to
	// buffer it (2026-07-28 streamable-http §Receiving Messages: "servers
	// SHOULD include the X-Accel-Buffering: no header").
	HeaderAccelBuffering = "X-Accel-Buffering"
)

const (
	b64Prefix = "=?base64?"
	b64Suffix = "?="
)

// EncodeValue encodes a value for Mcp-Name or Mcp-Param-*: as is when it is
// plain header-safe ASCII, otherwise in the Base64 sentinel form
// (2026-07-28 streamable-http §Value Encoding): non-ASCII, control
// characters, leading or trailing whitespace, or a value that itself looks
// like the sentinel.
func EncodeValue(v string) string {
	if isPlainSafe(v) && !looksEncoded(v) {
		return v
	}
	return b64Prefix + base64.StdEncoding.EncodeToString([]byte(v)) + b64Suffix
}

// DecodeValue reverses EncodeValue. A plain value must consist of visible
// ASCII, space and tab; an encoded one must be valid standard Base64 of
// valid UTF-8.
func DecodeValue(h string) (string, error) {
	if looksEncoded(h) {
		inner := h[len(b64Prefix) : len(h)-len(b64Suffix)]
		b, err := base64.StdEncoding.DecodeString(inner)
		if err != nil {
			return "", fmt.Errorf("invalid Base64 in %q: %v", jsonrpc.Excerpt(h), err)
		}
		if !utf8.Valid(b) {
			return "", fmt.Errorf("Base64 value %q is not UTF-8", jsonrpc.Excerpt(h))
		}
		return string(b), nil
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c == '\t' || (c >= 0x20 && c <= 0x7e)) {
			return "", fmt.Errorf("invalid character 0x%02x in header value", c)
		}
	}
	return h, nil
}

func looksEncoded(v string) bool {
	return len(v) >= len(b64Prefix)+len(b64Suffix) && strings.HasPrefix(v, b64Prefix) && strings.HasSuffix(v, b64Suffix)
}

func isPlainSafe(v string) bool {
	if v == "" {
		return true
	}
	if v[0] == ' ' || v[0] == '\t' || v[len(v)-1] == ' ' || v[len(v)-1] == '\t' {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c == '\t' || (c >= 0x20 && c <= 0x7e)) {
			return false
		}
	}
	return true
}

// NameField is the params field a method's Mcp-Name header mirrors
// (2026-07-28 streamable-http §Request Metadata: the tool or prompt name,
// or the resource URI; the tasks extension adds the taskId of tasks/get,
// tasks/update and tasks/cancel, SEP-2663 §Streamable HTTP: Routing
// Headers), or "" for a method without Mcp-Name.
func NameField(method string) string {
	switch method {
	case mcp.MethodToolsCall, mcp.MethodPromptsGet:
		return "name"
	case mcp.MethodResourcesRead:
		return "uri"
	case mcp.MethodTasksGet, mcp.MethodTasksUpdate, mcp.MethodTasksCancel:
		return "taskId"
	}
	return ""
}

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
		if p.Header == HeaderName {
			return fmt.Sprintf("required header Mcp-Name is missing for %s", jsonrpc.Excerpt(p.Method))
		}
		return "required header " + p.Header + " is missing"
	case "duplicate":
		return "header " + p.Header + " appears more than once"
	case "encoding":
		return "Mcp-Name header: " + p.Err.Error()
	}
	return fmt.Sprintf("%s header value '%s' does not match body value '%s'", p.Header, jsonrpc.Excerpt(p.Got), jsonrpc.Excerpt(p.Want))
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
	_ = json.Unmarshal(p.Meta[mcp.MetaProtocolVersion], &bodyVersion)
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
	versionField := `params._meta["` + mcp.MetaProtocolVersion + `"]`
	if v, ok := one(HeaderProtocolVersion, versionField, bodyVersion); ok && v != bodyVersion {
		out = append(out, HeaderProblem{Header: HeaderProtocolVersion, Kind: "mismatch", Got: v, Want: bodyVersion, Field: versionField})
	}
	if v, ok := one(HeaderMethod, "method", method); ok && v != method {
		out = append(out, HeaderProblem{Header: HeaderMethod, Kind: "mismatch", Got: v, Want: method, Field: "method"})
	}
	field, want := NameField(method), p.Name
	switch field {
	case "uri":
		want = p.URI
	case "taskId":
		want = p.TaskID
	}
	if field != "" && want != nil {
		if v, ok := one(HeaderName, "params."+field, *want); ok {
			got, err := DecodeValue(v)
			switch {
			case err != nil:
				out = append(out, HeaderProblem{Header: HeaderName, Kind: "encoding", Got: v, Want: *want, Field: "params." + field, Err: err})
			case got != *want:
				out = append(out, HeaderProblem{Header: HeaderName, Kind: "mismatch", Got: got, Want: *want, Field: "params." + field})
			}
		}
	}
	for i := range out {
		out[i].Method = method
	}
	return out
}
