package streamhttp

import (
	"encoding/json"
	"net/http"

	"mcpwirelab/sim/jsonrpc"
)

// HeaderMismatch says why the 2026-07-28 headers of a POST disagree with
// the message in its body ("" when they agree): the check the handler
// answers with -32020 HeaderMismatch. sim/scenario uses it to mark such a
// request as a protocol violation, with the same rule the server applies.
func HeaderMismatch(r *http.Request, m *jsonrpc.Message) string { return validateHeaders(r, m) }

// asksProgress reports whether a request carries a progress token
// (params._meta.progressToken): it will be answered on an SSE stream.
func asksProgress(m *jsonrpc.Message) bool {
	var p struct {
		Meta struct {
			Token json.RawMessage `json:"progressToken"`
		} `json:"_meta"`
	}
	return m.Kind() == jsonrpc.KindRequest && json.Unmarshal(orEmpty(m.Params), &p) == nil && len(p.Meta.Token) > 0 && string(p.Meta.Token) != "null"
}
