// Package toolbox holds what the course's MCP server offers, and the
// machinery to offer it: tools (a small in-memory company — employees,
// e-mails, office days — and one deliberately slow tool for the timeout
// lessons), resources (the company handbook, employee records), resource
// templates and prompts. The MCP server (sim/mcp) lists, reads and calls
// them through a Registry; it never knows their internals.
package primitive

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
	// OutputSchema, when set, is the JSON Schema the tool's structured
	// result conforms to (server/tools §Output Schema: "Servers MUST provide
	// structured results that conform to this schema"); Call checks it.
	OutputSchema json.RawMessage
	// ReadOnly / Idempotent feed ToolAnnotations (readOnlyHint, idempotentHint).
	ReadOnly   bool
	Idempotent bool
	// TaskSupport says whether the tool may run as a task (the tasks
	// extension of 2026-07-28, experimental tasks of 2025-11-25): "" (never,
	// 2025-11-25's "forbidden"), TaskOptional or TaskRequired.
	TaskSupport string
	// RequiresClient names the client capabilities (e.g. "sampling") the
	// tool cannot run without. 2026-07-28 basic/index: "If processing a
	// request requires a capability the client did not include in
	// io.modelcontextprotocol/clientCapabilities, the server MUST return a
	// MissingRequiredClientCapabilityError (-32021)".
	RequiresClient []string
}

// Admin is what a running tool may change on the server that runs it (an
// administrator's console, or the conformance fixture's trigger tools).
type Admin interface {
	// Registry is what the server offers now.
	Registry() *Registry
	// SetTools replaces it; the server announces the lists that changed.
	SetTools(r *Registry)
	// ResourceUpdated tells subscribers that the resource at uri changed.
	ResourceUpdated(uri string)
}

// Env is what a running tool may use from its caller. The simulator passes a
// virtual clock (Sleep returns at once, advancing virtual time); the real
// server passes time.Sleep-backed functions.
type Env struct {
	// Sleep waits d, or returns ctx.Err() early when the call is cancelled.
	Sleep func(ctx context.Context, d time.Duration) error
	// Progress reports progress; nil when the client asked for none.
	Progress func(progress, total float64, message string)
	// Log sends a log message (notifications/message); nil when the client
	// did not ask for logs. The caller drops messages below the level the
	// client chose.
	Log func(level, logger string, data any)
	// ClientCapabilities are the capabilities the client declared (the
	// request's _meta in 2026-07-28, initialize in 2025-11-25), as JSON.
	ClientCapabilities json.RawMessage
	// Admin is the server running the tool; nil when there is none.
	Admin Admin
	// Ask puts questions to the client (elicitation, sampling, roots; see
	// ask.go) and returns its answers, one per question, in order. Nil when
	// the caller cannot ask anything; the typed helpers (Elicit, Sample,
	// Roots) then return ErrCannotAsk.
	Ask func(ctx context.Context, reqs ...InputRequest) ([]json.RawMessage, error)
	// DetachFunc marks where a task-supporting tool's long work begins: when
	// the call may become a task (the client declared the tasks extension),
	// the server answers it with a task handle from here on and the tool
	// goes on in the background. Nil, or a no-op, otherwise.
	DetachFunc func()
	// StatusFunc sets the statusMessage of the task the tool runs in; nil
	// outside a task.
	StatusFunc func(message string)
	// ElicitationComplete tells the client that the out-of-band interaction
	// of the URL-mode elicitation id has finished (2025-11-25
	// notifications/elicitation/complete). Nil when there is nobody to tell:
	// 2026-07-28 learns it from the retry.
	ElicitationComplete func(id string)
}

// Detach marks where the tool's long work begins (DetachFunc); a no-op
// outside a call that may become a task.
func (e Env) Detach() {
	if e.DetachFunc != nil {
		e.DetachFunc()
	}
}

// Status sets the task's status message (StatusFunc); a no-op outside a
// task.
func (e Env) Status(message string) {
	if e.StatusFunc != nil {
		e.StatusFunc(message)
	}
}

// SendLog sends a log message when the client asked for them (a tool may
// call it whether or not the client did).
func (e Env) SendLog(level, logger string, data any) {
	if e.Log != nil {
		e.Log(level, logger, data)
	}
}

// Result is the outcome of a call that reached the tool. IsError results are
// tool-execution errors (spec: tools §Error Handling), sent inside a normal
// JSON-RPC result so the model can read Text and correct itself.
type Result struct {
	Text string // the first content block (text); "" for none
	// Content are the blocks after Text's: images, audio, embedded
	// resources, resource links, more text.
	Content    []Content
	Structured any // structuredContent, or nil
	IsError    bool
}
