// Package netguard holds the small http.Handler wrappers that protect a local
// MCP server: Host and Origin checks against DNS rebinding, bearer-token
// authentication, a request-body cap and a budget for the bodies handled at
// once, a minimum pace for a body (BodyProgress), no draining of a body a
// response did not wait for (CloseUnreadBodies), a cap on the requests in
// flight in total and per session (InFlight), per-write deadlines, CORS
// for allowed browser origins, panic recovery, and a connection cap for
// the listener (ConnLimit) in which only authenticated requests
// (Trusting) can hold a slot for long.
//
// Each wrapper is independent and composes around any http.Handler, so the
// same guards protect whatever MCP engine is plugged in behind them.
// Rejections carry a JSON-RPC error object without an id, as
// 2026-07-28 transports/streamable-http §Security Warning allows ("The HTTP
// response body MAY comprise a JSON-RPC error response that has no id").
//
// The package is pure Go (no go-app) so the browser build can reuse it.
package netguard

import (
	"net/http"
	"strconv"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
)

// JSON-RPC 2.0 error codes used by the guards.
const (
	CodeInvalidRequest = -32600
	CodeInternalError  = -32603
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type rpcErrorResponse struct {
	JSONRPC string   `json:"jsonrpc"`
	Error   rpcError `json:"error"`
}

// ErrorBody returns the JSON-RPC error object (no id) that WriteError sends.
func ErrorBody(code int, message string) []byte {
	b, err := jsonrpc.Marshal(rpcErrorResponse{JSONRPC: "2.0", Error: rpcError{Code: code, Message: message}})
	if err != nil {
		return []byte(`{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"}}`)
	}
	return b
}

// WriteError writes status with a JSON-RPC error body that has no id.
// Headers already set on w (WWW-Authenticate, Connection) are kept.
func WriteError(w http.ResponseWriter, status, code int, message string) {
	body := append(ErrorBody(code, message), '\n')
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Del("Content-Encoding")
	h.Del("Content-Length")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// quoteForMessage quotes an untrusted header value for an error message,
// as an excerpt so a huge header cannot inflate the response.
func quoteForMessage(s string) string { return strconv.Quote(protocol.Excerpt(s)) }
