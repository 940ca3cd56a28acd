package streamhttp

import (
	"net/http"

	"mcpwirelab/sim/jsonrpc"
)

// HeaderMismatch says why the 2026-07-28 headers of a POST disagree with
// the message in its body ("" when they agree): the check the handler
// answers with -32020 HeaderMismatch. sim/scenario uses it to mark such a
// request as a protocol violation, with the same rule the server applies.
func HeaderMismatch(r *http.Request, m *jsonrpc.Message) string { return validateHeaders(r, m) }
