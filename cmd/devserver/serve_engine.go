//go:build !(js && wasm)

package main

// Where the engine (sim/) meets the dev server. The dev server's guards
// (Host, Origin, CORS, auth, body cap, per-write deadlines, panic recovery)
// wrap whatever newMCPHandler returns; tests may swap it via serveConfig.

import (
	"context"
	"io"
	"log"
	"net/http"

	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/transport/streamhttp"
)

// mcpHandlerOptions is what the dev server hands the engine's constructor.
type mcpHandlerOptions struct {
	// MaxSessions bounds live legacy (2025-11-25) Mcp-Session-Id sessions;
	// past it the engine expires the oldest session.
	MaxSessions int
	// AllowOrigin is the dev server's Origin policy, applied again by the
	// engine itself (the spec puts the MUST on the MCP server).
	AllowOrigin func(origin string) bool
	// Stopping is cancelled when graceful shutdown begins: long-lived
	// streams (legacy GET SSE, 2026-07-28 subscriptions/listen) should end
	// then, while ordinary in-flight requests are left to finish.
	Stopping context.Context
	// Log is the dev server's stderr logger. Never log bearer tokens.
	Log *log.Logger
}

// newMCPHandler returns the engine's Streamable HTTP handler, served at
// /mcp for both protocol versions: the very code the simulator runs.
func newMCPHandler(o mcpHandlerOptions) http.Handler {
	srv := mcp.NewServer(mcp.Config{
		Logf: func(format string, args ...any) {
			if o.Log != nil {
				o.Log.Printf("mcp: "+format, args...)
			}
		},
		// Shutdown ends long-lived streams (subscriptions/listen, the
		// 2025-11-25 GET stream) so in-flight requests can drain.
		Stopping: o.Stopping,
	})
	// Stopping also cancels 2025-11-25 requests whose client disconnected
	// from their (resumable) SSE stream, so shutdown does not wait for them.
	return streamhttp.New(streamhttp.Options{Server: srv, MaxSessions: o.MaxSessions, AllowOrigin: o.AllowOrigin,
		Stopping: o.Stopping})
}

// serveStdio runs the engine's server over the process's stdin/stdout until
// EOF on stdin (nil → exit 0) or ctx ends. Only protocol messages go to
// stdout; diagnostics go to stderr.
func serveStdio(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) error {
	logger := log.New(stderr, "", 0)
	srv := mcp.NewServer(mcp.Config{Logf: logger.Printf})
	srv.Logf("%s", stdio.Banner(srv))
	return stdio.Serve(ctx, srv, stdin, stdout)
}
