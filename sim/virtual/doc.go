// Package virtual holds the fixtures that assemble a virtual server out of
// the byte-level wires of sim/wire, as net/http/httptest stands apart from
// net/http: an in-process stdio server process (Pipe) and the in-process
// course server behind the virtual HTTP wire. sim/wire moves bytes and
// knows no server; this package plugs the engine into it.
package virtual
