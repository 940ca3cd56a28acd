package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"mcpwirelab/sim/protocol"
)

// MaxProgressTokenBytes bounds _meta.progressToken as written (its JSON
// text). The server repeats the token in every notifications/progress, and
// a resumable 2025-11-25 stream keeps those events for replay, so an
// unbounded token lets one request make the server store and send
// megabytes per progress step. Real clients use short strings or integers.
const MaxProgressTokenBytes = 256

// checkProgressToken returns "" when raw (absent, or the value of
// _meta.progressToken) may be echoed, else the problem for a -32602 error.
// basic/patterns/progress: "Progress tokens MUST be a string or integer
// value"; the schema's ProgressToken is type ["string", "integer"].
func checkProgressToken(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return ""
	}
	if len(raw) > MaxProgressTokenBytes {
		return fmt.Sprintf("Invalid params: _meta.%s is %d bytes long; this server accepts at most %d bytes "+
			"(it repeats the token in every progress notification)", protocol.MetaProgressToken, len(raw), MaxProgressTokenBytes)
	}
	switch {
	case raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return ""
		}
	default:
		if _, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
			return ""
		}
	}
	return "Invalid params: _meta." + protocol.MetaProgressToken + " must be a string or an integer (basic/patterns/progress)"
}

// AcceptsProgressToken reports whether raw (the value of
// _meta.progressToken) is a token the server takes, and so sends progress
// for: present, a string or integer, within MaxProgressTokenBytes.
func AcceptsProgressToken(raw json.RawMessage) bool {
	return len(bytes.TrimSpace(raw)) > 0 && checkProgressToken(raw) == ""
}
