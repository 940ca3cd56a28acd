// Package wire is the byte level every face of the lab shares: what a client
// and a server put on a connection, cut into the pieces a trace shows.
//
// It holds one of each thing that used to be written several times:
//
//   - one SSE reader (SSEReader), for the MCP client, the HTTP lessons and
//     the exercise graders;
//   - one JSON-RPC body decoder (Messages), built on jsonrpc.Decode, the
//     engine's one classifier;
//   - one flush-aware http.ResponseWriter (Recorder) that writes a
//     handler's response as HTTP/1.1 text exactly as net/http's server puts
//     it on a socket, one Piece per flush;
//   - one virtual HTTP round trip (VirtualHTTP): the request is written with
//     net/http, parsed back with http.ReadRequest, served by the real
//     http.Handler into the Recorder and parsed with http.ReadResponse;
//   - one virtual stdio pipe (VirtualPipe) to a server process that is
//     really an sim/transport/stdio Peer.
//
// HTTP and Pipe are the two small interfaces a client talks to. The
// virtual implementations run on the caller's goroutine: the server's
// handler runs inside Do or Write and every piece is delivered as it is
// produced, so the single-goroutine virtual clock (sim/vclock) stays
// deterministic. Real implementations (sim/realwire) deliver the same
// pieces from a real socket or process.
package wire
