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
	"time"

	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/toolbox/conformance"
	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/transport/streamhttp"
	"mcpwirelab/sim/vclock"
)

// mcpHandlerOptions is what the dev server hands the engine's constructor.
type mcpHandlerOptions struct {
	// MaxSessions bounds live legacy (2025-11-25) Mcp-Session-Id sessions;
	// past it the engine expires the oldest session.
	MaxSessions int
	// MaxStreams and MaxSessionStreams bound the long-lived streams (GET
	// streams, subscriptions/listen), per server and per session.
	MaxStreams, MaxSessionStreams int
	// AllowOrigin is the dev server's Origin policy, applied again by the
	// engine itself (the spec puts the MUST on the MCP server).
	AllowOrigin func(origin string) bool
	// Stopping is cancelled when graceful shutdown begins: long-lived
	// streams (legacy GET SSE, 2026-07-28 subscriptions/listen) should end
	// then, while ordinary in-flight requests are left to finish.
	Stopping context.Context
	// Log is the dev server's stderr logger. Never log bearer tokens.
	Log *log.Logger
	// Fixture names what the server offers (-fixture): fixtureCourse or
	// fixtureConformance.
	Fixture string
}

// Fixtures of -fixture: the course server (the default), or the surface
// the official conformance suite expects, from the same engine.
const (
	fixtureCourse      = "course"
	fixtureConformance = "conformance"
)

// validFixture reports whether name is a -fixture value.
func validFixture(name string) bool { return name == fixtureCourse || name == fixtureConformance }

// watchEvery is how often the real server looks for changes to announce
// (list changes, resource updates): a quarter second keeps a listen
// stream's notification close behind the change that caused it. The
// simulator keeps the engine's one second of virtual time.
const watchEvery = 250 * time.Millisecond

// newEngine builds the engine's server for a fixture. The conformance
// fixture's watched resource changes every few seconds until ctx ends.
func newEngine(ctx context.Context, fixture string, cfg mcp.Config) *mcp.Server {
	cfg.PollEvery = watchEvery
	if fixture != fixtureConformance {
		// The course server (labserver.Config), the simulator's own.
		return labserver.NewServer(cfg)
	}
	srv := labserver.NewServer(labserver.Conformance(cfg))
	go conformance.UpdateWatched(ctx, srv, vclock.RealSleep, conformance.WatchedEvery)
	return srv
}

// newMCPHandler returns the engine's Streamable HTTP handler, served at
// /mcp for both protocol versions: the very code the simulator runs.
func newMCPHandler(o mcpHandlerOptions) http.Handler {
	stopping := o.Stopping
	if stopping == nil {
		stopping = context.Background()
	}
	srv := newEngine(stopping, o.Fixture, mcp.Config{
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
		Stopping: o.Stopping, MaxStreams: o.MaxStreams, MaxSessionStreams: o.MaxSessionStreams})
}

// serveStdio runs the engine's server over the process's stdin/stdout until
// EOF on stdin (nil → exit 0) or ctx ends. Only protocol messages go to
// stdout; diagnostics go to stderr.
func serveStdio(ctx context.Context, fixture string, stdin io.Reader, stdout, stderr io.Writer) error {
	logger := log.New(stderr, "", 0)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	srv := newEngine(ctx, fixture, mcp.Config{Logf: logger.Printf})
	srv.Logf("%s", stdio.Banner(srv))
	return stdio.Serve(ctx, srv, stdin, stdout)
}
