// Package fault holds the lab's injected faults as wrappers around a
// client's wires (sim/wire's HTTP and Pipe): a network that drops a
// stream, a server that pollutes its stdout, a page that forges Origin, a
// gateway that rewrites a header. The client never checks for a fault; it
// meets what a faulty network or server would do, and the same wrapper
// works on the virtual wires and on real ones.
//
// Faults that are choices rather than wire damage (a model calling an
// unknown tool, a client asking for a version the server lacks, a client
// deadline) are the scenario's and the client's options, not wrappers.
package fault

import (
	"context"
	"net/http"

	"mcpwirelab/sim/wire"
)

// HTTPFunc adapts a function to wire.HTTP.
type HTTPFunc func(ctx context.Context, req *http.Request, s *wire.Stream) (wire.Result, error)

// Do implements wire.HTTP.
func (f HTTPFunc) Do(ctx context.Context, req *http.Request, s *wire.Stream) (wire.Result, error) {
	return f(ctx, req, s)
}

// EditRequest changes every request that match accepts before it goes on
// the wire: the shape of the header faults below.
func EditRequest(w wire.HTTP, match func(*http.Request) bool, edit func(*http.Request)) wire.HTTP {
	return HTTPFunc(func(ctx context.Context, req *http.Request, s *wire.Stream) (wire.Result, error) {
		if match == nil || match(req) {
			edit(req)
		}
		return w.Do(ctx, req, s)
	})
}

// ForgeOrigin makes every request carry Origin: origin, as a browser page
// on that site does when it calls the server cross-origin (transports
// §Security Warning: servers MUST validate Origin).
func ForgeOrigin(w wire.HTTP, origin string) wire.HTTP {
	return EditRequest(w, nil, func(req *http.Request) { req.Header["Origin"] = []string{origin} })
}

// SetHeader replaces header name with value on the requests match
// accepts: a buggy client, or a gateway that rewrites what it routes by.
func SetHeader(w wire.HTTP, match func(*http.Request) bool, name, value string) wire.HTTP {
	return EditRequest(w, match, func(req *http.Request) { req.Header[name] = []string{value} })
}

// DropHeader removes header name from the requests match accepts (a
// client that forgets its session id on one request).
func DropHeader(w wire.HTTP, match func(*http.Request) bool, name string) wire.HTTP {
	return EditRequest(w, match, func(req *http.Request) { req.Header.Del(name) })
}
