package scenario

import (
	"net"
	"net/http"
	"net/url"

	"mcpwirelab/sim/fault"

	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/wire"
)

// attackerOrigin is the page on another site that calls the server in
// the bad-origin fault.
const attackerOrigin = "http://attacker.example"

// rebindHost is the attacker's name after DNS rebinding: it resolves to
// 127.0.0.1 (the dns-rebinding fault).
const rebindHost = "attacker.example"

// rebindAuthority is the Host a rebound page sends: the attacker's name
// (rebindHost) on the port of the endpoint the client connects to.
func rebindAuthority(endpoint string) string {
	port := "80"
	if u, err := url.Parse(endpoint); err == nil && u.Port() != "" {
		port = u.Port()
	}
	return net.JoinHostPort(rebindHost, port)
}

// rebindURL is endpoint as the rebound page names it.
func rebindURL(endpoint string) string {
	u, err := url.Parse(endpoint)
	if err != nil {
		return endpoint
	}
	u.Host = rebindAuthority(endpoint)
	return u.String()
}

// faultyHTTP wraps the client's HTTP wire in the fault's damage, if the
// fault is one the wire can do (sim/fault).
func faultyHTTP(f, endpoint string, w wire.HTTP) wire.HTTP {
	switch f {
	case FaultBadOrigin:
		// A page on another site makes the request from the user's
		// browser: a cross-origin request, with the page's Origin and the
		// server's own Host. The Origin check stops it.
		return fault.ForgeOrigin(w, attackerOrigin)
	case FaultDNSRebinding:
		// DNS rebinding: the attacker's page re-resolved its own name to
		// 127.0.0.1, so to the browser the request is same-origin and Host
		// and Origin both carry the attacker's name. The Host check (the
		// dev server's, in front of the Origin check) stops it first.
		host := rebindAuthority(endpoint)
		return fault.EditRequest(w, nil, func(req *http.Request) {
			req.Host = host
			req.Header["Origin"] = []string{"http://" + host}
		})
	case FaultHeaderMismatch:
		// A buggy client (or a gateway rewriting headers) routes tools/call
		// by a different tool name than the body says.
		return fault.SetHeader(w, func(req *http.Request) bool { return req.Header.Get(protocol.HeaderMethod) == protocol.MethodToolsCall },
			protocol.HeaderName, "list_employees")
	case FaultMissingSession:
		// The client forgets Mcp-Session-Id on tools/list.
		return fault.DropHeader(w, fault.BodyMethod(protocol.MethodToolsList), protocol.HeaderSessionID)
	case FaultParamMismatch:
		// A company gateway that passes only plain ASCII header values
		// "helpfully" rewrites the Base64 form of 上海 to its English name.
		office := protocol.HeaderParamPrefix + "Office"
		return fault.SetHeader(w, func(req *http.Request) bool { return req.Header[office] != nil }, office, "Shanghai")
	case FaultStreamDrop:
		// The network breaks the tools/call stream after its first
		// progress event.
		return fault.DropStream(w)
	case FaultTamperedState:
		// One character of the retry's requestState changes on its way.
		return fault.TamperState(w)
	}
	return w
}

// faultyPipe wraps the client's stdio pipe in the fault's damage.
func faultyPipe(f string, p wire.Pipe) wire.Pipe {
	switch f {
	case FaultStdoutPollution:
		// A stray print() in the server lands on stdout before its answer
		// to tools/call.
		return fault.PolluteStdout(p, protocol.MethodToolsCall)
	case FaultTamperedState:
		return fault.TamperStatePipe(p)
	}
	return p
}
