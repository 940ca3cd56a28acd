// Package protocol is the one home of the Model Context Protocol's facts:
// the versions the lab implements, method names, capability keys, result
// types, task statuses, the MCP error codes and their names, the reserved
// _meta keys, the HTTP header names and their value codec. Everything else
// (the server, the client, the transports, the graders, the checker, the
// UI, the course's tools) imports these names instead of writing the
// literal. It imports only the standard library.
package protocol
