// Package scenario runs the Host, Client and Server of a scenario over a
// virtual transport and records the trace.
package scenario

import (
	"errors"

	"mcpwirelab/sim/httplab"
	"mcpwirelab/sim/text"
)

// Options selects what to run. Values are the transcript command's names.
type Options struct {
	Scenario  string // "tool-call"
	Version   string // "2025-11-25" | "2026-07-28"
	Transport string // "stdio" | "http"
	Fault     string // "" or "none" | one of Faults()
	// Client is the retry policy of the HTTP-foundations scenarios
	// (http-*): TimeoutMs, Retries, BaseDelayMs, JitterPct, Seed; zero
	// fields take the defaults (2000, 5, 250, 0, 1), Retries < 0 means
	// none. Other scenarios ignore it.
	Client httplab.ClientConfig
	// Endpoint is the URL the MCP client connects to over HTTP (the
	// launch line and every Host header name it); empty means
	// http://127.0.0.1:8080/mcp, the dev server's default address.
	Endpoint string
}

// Info describes a scenario for pickers.
type Info struct {
	Name  string
	Title Text
	// Transports and Versions it applies to.
	Transports []string
	Versions   []string
	Faults     []string // faults that apply ("none" first)
}

// Text is a bilingual string: the course's one text type (sim/text).
type Text = text.Text

// Note is the annotation of an event: what happens and why, with the spec
// section it follows and the MUST/SHOULD sentence quoted.
type Note struct {
	Text  Text
	Spec  string // e.g. "2026-07-28/basic/transports/streamable-http#server-validation"
	Quote string // the normative sentence, quoted verbatim from the spec
}

// Transports the engine supports. The versions are the engine's list,
// protocol.Versions().
var Transports = []string{"stdio", "http"}

// ErrUnknown is returned (wrapped) for a bad option value.
var ErrUnknown = errors.New("unknown value")
