// Package realwire is sim/wire's two interfaces over real things: HTTP over
// real TCP connections with net/http's client, and Pipe to a real server
// process over its stdin and stdout (stderr read apart). The lab's MCP
// client (sim/client) runs over them unchanged, so the parity test can run
// a scenario against the real dev server, and `devserver check` can point
// the same client at any server.
//
// Both record exact bytes: HTTP captures what the client writes on the
// connection and what it reads from it (Transport, an http.RoundTripper
// any client can use), and cuts the response into pieces as the bytes
// arrive, with their arrival time (wire.Piece.At); Process records each
// line it writes and reads.
//
// Not for the browser: the app uses only the virtual wires.
package realwire
