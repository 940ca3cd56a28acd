package streamhttp

import (
	"encoding/base64"
	"fmt"
	"strings"
	"unicode/utf8"

	"mcpwirelab/sim/jsonrpc"
)

// Header names. Go canonicalises names it reads ("Mcp-Protocol-Version");
// the client writes them as the spec spells them, and names are
// case-insensitive anyway (streamable-http §Case Sensitivity).
const (
	HeaderProtocolVersion = "MCP-Protocol-Version"
	HeaderMethod          = "Mcp-Method"
	HeaderName            = "Mcp-Name"
	HeaderSessionID       = "Mcp-Session-Id"
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
