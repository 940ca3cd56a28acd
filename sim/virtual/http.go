package virtual

import (
	"net/http"

	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/transport/streamhttp"
	"mcpwirelab/sim/wire"
)

// RemoteAddr is where every request on a virtual HTTP wire comes from: a
// client on the loopback interface, as the dev server's own listener sees
// the browser (netguard's loopback checks pass).
const RemoteAddr = "127.0.0.1:53124"

// HTTP is the virtual HTTP wire to h: every request serialised as text,
// read back with http.ReadRequest, served by h, the response text read
// back with http.ReadResponse.
func HTTP(h http.Handler) *wire.VirtualHTTP {
	return &wire.VirtualHTTP{Route: wire.Handler(h), RemoteAddr: RemoteAddr}
}

// LabHTTP is srv behind the engine's Streamable HTTP handler on a virtual
// HTTP wire: the in-process server the graders and the checker's reference
// replay talk to (the simulator's runner adds replicas and faults to the
// same parts).
func LabHTTP(srv *mcp.Server) *wire.VirtualHTTP {
	return HTTP(streamhttp.New(streamhttp.Options{Server: srv}))
}
