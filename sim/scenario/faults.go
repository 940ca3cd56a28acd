package scenario

import (
	"net/http"

	"mcpwirelab/sim/fault"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/transport/streamhttp"
	"mcpwirelab/sim/wire"
)

// attackerOrigin is the page that, rebound to 127.0.0.1, calls the server
// in the bad-origin fault.
const attackerOrigin = "http://attacker.example"

// faultyHTTP wraps the client's HTTP wire in the fault's damage, if the
// fault is one the wire can do (sim/fault).
func faultyHTTP(f string, w wire.HTTP) wire.HTTP {
	switch f {
	case FaultBadOrigin:
		// A page on another site, rebound to 127.0.0.1, makes the requests.
		return fault.ForgeOrigin(w, attackerOrigin)
	case FaultHeaderMismatch:
		// A buggy client (or a gateway rewriting headers) routes tools/call
		// by a different tool name than the body says.
		return fault.SetHeader(w, func(req *http.Request) bool { return req.Header.Get(streamhttp.HeaderMethod) == mcp.MethodToolsCall },
			streamhttp.HeaderName, "list_employees")
	case FaultMissingSession:
		// The client forgets Mcp-Session-Id on tools/list.
		return fault.DropHeader(w, fault.BodyMethod(mcp.MethodToolsList), streamhttp.HeaderSessionID)
	case FaultStreamDrop:
		// The network breaks the tools/call stream after its first
		// progress event.
		return fault.DropStream(w)
	}
	return w
}

// faultyPipe wraps the client's stdio pipe in the fault's damage.
func faultyPipe(f string, p wire.Pipe) wire.Pipe {
	if f == FaultStdoutPollution {
		// A stray print() in the server lands on stdout before its answer
		// to tools/call.
		return fault.PolluteStdout(p, mcp.MethodToolsCall)
	}
	return p
}
