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
// with Last-Event-ID; 2026-07-28 re-issues the request with a new id) and
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
// headers, from the inputSchema tools/list showed (tools.go).
//
// Not yet here, and meant to fit without reshaping: requests the server
// sends the client (2025-11-25 sampling, elicitation and roots arriving on a
// stream and answered by a POST; 2026-07-28 input_required results retried
// with inputResponses) would be one more case in Exchange's dispatch and
// one more option next to OnNotify.
package client
