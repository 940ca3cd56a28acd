// Package toolbox holds the course's tools: a small in-memory company
// (employees, e-mails, office days) and one deliberately slow tool for the
// timeout lessons. The MCP server (sim/mcp) lists and calls them; it never
// knows their internals.
package toolbox

import (
	"context"
	"encoding/json"
	"time"
)

// Tool is one tool as the server advertises it in tools/list.
type Tool struct {
	Name        string
	Title       string
	Description string
	// InputSchema is the JSON Schema (Draft 2020-12) of the arguments, as the
	// exact bytes sent in tools/list (compact, deterministic key order).
	InputSchema json.RawMessage
	// ReadOnly / Idempotent feed ToolAnnotations (readOnlyHint, idempotentHint).
	ReadOnly   bool
	Idempotent bool
}

// Env is what a running tool may use from its caller. The simulator passes a
// virtual clock (Sleep returns at once, advancing virtual time); the real
// server passes time.Sleep-backed functions.
type Env struct {
	// Sleep waits d, or returns ctx.Err() early when the call is cancelled.
	Sleep func(ctx context.Context, d time.Duration) error
	// Progress reports progress; nil when the client asked for none.
	Progress func(progress, total float64, message string)
}

// Result is the outcome of a call that reached the tool. IsError results are
// tool-execution errors (spec: tools §Error Handling), sent inside a normal
// JSON-RPC result so the model can read Text and correct itself.
type Result struct {
	Text       string // the text content block
	Structured any    // structuredContent, or nil
	IsError    bool
}
