package mcp

import "mcpwirelab/sim/protocol"

// ReplacedBy names the 2026-07-28 method that took over the job of a
// 2025-11-25 method the later version removed: resources/subscribe (and
// the GET stream it needed over HTTP) became subscriptions/listen with
// resourceSubscriptions (2026-07-28 changelog, major change 4). It is false
// for a method that stayed, and for one whose job moved into the requests
// themselves rather than another method (logging/setLevel: the per-request
// _meta MetaLogLevel, major change 5).
func ReplacedBy(method string) (string, bool) {
	switch method {
	case protocol.MethodSubscribe:
		return protocol.MethodListen, true
	}
	return "", false
}
