package scenario

import (
	"net"
	"net/url"
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
