package protocol

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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
			return "", fmt.Errorf("invalid Base64 in %q: %v", Excerpt(h), err)
		}
		if !utf8.Valid(b) {
			return "", fmt.Errorf("Base64 value %q is not UTF-8", Excerpt(h))
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
	case MethodToolsCall, MethodPromptsGet:
		return "name"
	case MethodResourcesRead:
		return "uri"
	case MethodTasksGet, MethodTasksUpdate, MethodTasksCancel:
		return "taskId"
	}
	return ""
}

// XMCPHeader is the JSON Schema extension property that mirrors a tool
// parameter into an HTTP header (2026-07-28 server/tools §x-mcp-header).
const XMCPHeader = "x-mcp-header"

// HeaderParam is one parameter of a tool mirrored into the HTTP header
// Mcp-Param-{Header} (2026-07-28 streamable-http §Custom Headers from Tool
// Parameters).
type HeaderParam struct {
	// Path is the chain of properties keys from the schema root to the
	// parameter ("statically reachable").
	Path []string
	// Header is the x-mcp-header value: the name part of Mcp-Param-{Header}.
	Header string
	// Type is the parameter's JSON Schema type: string, integer or boolean.
	Type string
}

// HeaderParamPrefix starts the header of a mirrored tool parameter:
// Mcp-Param-{x-mcp-header value}.
const HeaderParamPrefix = "Mcp-Param-"

// ParamHeaders are the Mcp-Param-* headers a client sends for a tools/call
// with these arguments, name → encoded value (§Client Behavior: "extract
// the value at each annotated property's exact property path, omitting the
// header when no value is present", encoded per §Value Encoding). A value
// that is not a string, integer or boolean gets no header (the server then
// refuses the call, as it must).
func ParamHeaders(params []HeaderParam, arguments json.RawMessage) map[string]string {
	if len(params) == 0 {
		return nil
	}
	var args any
	dec := json.NewDecoder(bytes.NewReader(arguments))
	dec.UseNumber()
	if dec.Decode(&args) != nil {
		return nil
	}
	out := map[string]string{}
	for _, p := range params {
		v, present := ValueAt(args, p.Path)
		if !present {
			continue
		}
		if s, ok := HeaderForm(v); ok {
			out[HeaderParamPrefix+p.Header] = EncodeValue(s)
		}
	}
	return out
}

// ValueAt reads the instance value at a chain of properties keys; null
// counts as absent.
func ValueAt(v any, path []string) (any, bool) {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, v != nil
}

// HeaderForm is the string a client puts in the header for a body value
// (§Value Encoding: strings as they are, integers in decimal, booleans as
// "true" or "false").
func HeaderForm(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}
