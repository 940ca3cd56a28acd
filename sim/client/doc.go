// Package client is the lab's MCP client: the counterpart of sim/mcp's
// server, and like it one engine for every face. The simulator's Client
// lane is this package over sim/wire's virtual HTTP and stdio; the parity
// test runs it, unchanged, against the real dev server; sim/realwire lets
// it talk to any server over a real socket or a real process.
//
// A Client opens a connection the way the selected version requires
// (2026-07-28: optional server/discover, then per-request _meta on every
// request; 2025-11-25: initialize with version negotiation, then
// notifications/initialized, with the session id and MCP-Protocol-Version
// header on HTTP), sends requests and notifications (Request, Notify, and
// typed helpers such as ListTools and CallTool built on them), follows
// progress, enforces a deadline and cancels the way the version and the
// transport say, recovers a dropped response stream (2025-11-25 resumes it
// with Last-Event-ID, after the stream's retry: time, also when the server
// closed it to be polled; 2026-07-28 re-issues the request with a new id) and
// listens for server notifications (subscriptions/listen; the 2025-11-25
// GET stream or unsolicited stdout lines).
//
// It talks to a small Transport: NewHTTP binds it to Streamable HTTP over a
// wire.HTTP, NewStdio to stdio over a wire.Pipe. Faults (sim/fault) wrap
// those wires; nothing in this package knows about them.
//
// Everything the client sends and receives is reported, in order, to an
// Observer as an Event: the wire's bytes plus the facts only the client
// knows (which request a response answers, which request a close cancels,
// the deadline). A recorder turns them into trace events.
//
// The server's other primitives have typed helpers too (primitives.go):
// resources (list, templates, read, 2025-11-25 subscribe/unsubscribe; the
// 2026-07-28 resourceSubscriptions go in Listen's filter), prompts (list,
// get), completion, and logging (2025-11-25 SetLevel; 2026-07-28
// CallOptions.LogLevel in the request's _meta). Over 2026-07-28 HTTP the
// client mirrors each tool's x-mcp-header parameters into Mcp-Param-*
// headers, from the inputSchema tools/list showed (tools.go), and
// prompts/get, resources/read and the tasks methods into Mcp-Name.
//
// When the server needs something from the client (host.go, asks.go), a
// Host answers — the user fills in a form (which the client pre-populates
// with the schema's defaults), the Host's model writes a
// message, the workspace's roots — and says which client capabilities the
// client declares (initialize in 2025-11-25, every request's _meta in
// 2026-07-28). A 2025-11-25 request of the server arrives on an exchange's
// stream (stdout, the POST's SSE stream, the GET stream) and Exchange's
// dispatch answers it with a response of its own (RoleAnswer: a stdin line,
// or a POST the server accepts with 202). A 2026-07-28
// InputRequiredResult makes Request retry with a new id, inputResponses and
// the requestState unchanged, round after round (RoleRetry). Tasks
// (tasks.go) are created, polled, given their input and cancelled through
// the same Request.
package client
