//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"time"

	ui "mcpwirelab/app"
	"mcpwirelab/internal/captures"
	"mcpwirelab/internal/encodings"
	"mcpwirelab/internal/fastpage"
	"mcpwirelab/sim/netguard"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/transport/streamhttp"
)

// authRealm is the realm of the WWW-Authenticate challenge on /mcp.
const authRealm = "mcp-wire-lab"

// devServer is a configured server, built by newDevServer and run by
// serveOn. Tests use its Handler directly with httptest.
type devServer struct {
	cfg     serveConfig
	addr    net.Addr
	wasm    *wasmAsset
	handler http.Handler
	srv     *http.Server
	conns   *netguard.ConnLimit
	bodies  *netguard.BodyBudget
	flight  *netguard.InFlight

	stopStreams context.CancelFunc // Stopping ctx of the engine
	hardStop    context.CancelFunc // base ctx of every request
}

func (c *serveConfig) logf(format string, args ...any) {
	if c.Log != nil {
		c.Log.Printf(format, args...)
	}
}

// newDevServer loads the app's assets and assembles the handler tree:
//
//	ConnLimit (503 past MaxConns; untrusted requests give way after 1 s) →
//	security headers → Recover → access log → PerWriteTimeout → loopback
//	Host check → CloseUnreadBodies (a response before the body: close, not drain) → mux
//	  /mcp           CheckOrigin (403) → CORS → RequireBearer (401) → Trusting →
//	                 InFlight (503 past MaxInFlight, MaxSessionInFlight) → BodyProgress (408) →
//	                 LimitBodies (413; 503 past MaxBodiesInFlight) → engine (503 past the stream caps)
//	  /captures/     CheckOrigin (403) → RequireBearer (401) → Trusting → the captures of -target-cmd/-target-url
//	  /web/app.wasm  precompressed wasm (br > gzip > identity)
//	  /web/, /static/ files, versioned caching, text compressed (encodings.CompressText)
//	  /              go-app pages, made fast (pageServer: page_fast.go), compressed
func newDevServer(cfg serveConfig, addr net.Addr) (*devServer, error) {
	if cfg.Log == nil {
		cfg.Log = log.New(io.Discard, "", 0)
	}
	wasm, err := loadWasm(cfg.WebDir, cfg.CompressWasm, cfg.logf)
	if err != nil {
		return nil, fmt.Errorf("loading app.wasm: %w", err)
	}
	if wasm.raw == nil {
		cfg.logf("WARNING: %s/app.wasm not found; pages will not start. Build it with: "+
			"GOOS=js GOARCH=wasm go build -o %s/app.wasm ./cmd/devserver", cfg.WebDir, cfg.WebDir)
	}
	wasm.version = buildVersion(wasm.raw, cfg.StaticDir)
	if cfg.CompressWasm {
		wasm.compressInBackground(cfg.WebDir, cfg.CacheDir, encodings.BrotliQuality, compressTick, cfg.logf)
	}

	// The app's own origin exactly, plus -allow-origin: a page on another
	// loopback port is another site (another program's), and must not
	// call /mcp with the learner's browser.
	policy, err := netguard.NewOriginPolicy(false, append(ownOrigins(cfg.Addr, addr), cfg.AllowOrigins...)...)
	if err != nil {
		return nil, err
	}

	stopping, stopStreams := context.WithCancel(context.Background())
	newMCP := cfg.NewMCP
	if newMCP == nil {
		newMCP = newMCPHandler
	}
	mcp := newMCP(mcpHandlerOptions{MaxSessions: cfg.MaxSessions, MaxStreams: cfg.MaxStreams, MaxSessionStreams: cfg.MaxSessionStreams,
		Stopping: stopping, Log: cfg.Log, AllowOrigin: policy.Allows, Fixture: cfg.Fixture})
	conns := netguard.NewConnLimit(cfg.MaxConns)
	bodies := netguard.NewBodyBudget(cfg.MaxBodiesInFlight, cfg.BodyWait)
	mcp = netguard.LimitBodies(cfg.MaxBodyBytes, bodies, mcp)
	mcp = netguard.BodyProgress(cfg.BodyGrace, cfg.BodyMinRate, cfg.ReadTimeout, mcp)
	maxInFlight := cfg.MaxInFlight
	if maxInFlight <= 0 {
		maxInFlight = max(1, conns.Max()/2) // the other half: the page's files and new connections
	}
	flight := netguard.NewInFlight(maxInFlight, cfg.MaxSessionInFlight)
	mcp = flight.Limit(func(r *http.Request) string { return r.Header.Get(protocol.HeaderSessionID) }, mcp)
	mcp = conns.Trusting(mcp)
	if !cfg.NoAuth {
		mcp = netguard.RequireBearer(cfg.Token, authRealm, mcp)
	}
	mcp = netguard.CheckOrigin(policy, netguard.CORS(mcp))

	webFiles := &fileServer{dir: cfg.WebDir, prefix: "/web/", version: wasm.version, started: time.Now()}
	staticFiles := &fileServer{dir: cfg.StaticDir, prefix: "/static/", version: wasm.version,
		fallback: fallbackIcons(), started: time.Now()}

	captureStore := conns.Trusting(captures.New(cfg.CapturesDir, captureTarget(cfg.Target), cfg.Log))
	if !cfg.NoAuth {
		captureStore = netguard.RequireBearer(cfg.Token, authRealm, captureStore)
	}
	captureStore = netguard.CheckOrigin(policy, captureStore)

	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp)
	mux.Handle(captures.Path, captureStore)
	mux.Handle("/web/app.wasm", wasm)
	mux.Handle("/web/", encodings.CompressText(webFiles))
	mux.Handle("/static/", encodings.CompressText(staticFiles))
	mux.Handle("/", encodings.CompressText(fastpage.PageHandler(newAppHandler(cfg, wasm, webFiles), cfg.StaticDir, cfg.logf)))

	var h http.Handler = mux
	if !cfg.AllowRemote {
		h = netguard.CheckLoopbackHost(h)
	}
	h = netguard.CloseUnreadBodies(h)
	h = netguard.PerWriteTimeout(cfg.WriteTimeout, h)
	h = accessLog(cfg.Log, h)
	h = netguard.Recover(cfg.logf, h)
	h = securityHeaders(h)

	base, hardStop := context.WithCancel(context.Background())
	srv := &http.Server{
		ConnState:         conns.ConnState,
		ConnContext:       conns.ConnContext,
		Handler:           h,
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		// ReadTimeout bounds header+body. It does not cut long streamed
		// responses: net/http clears the read deadline once the body hit
		// EOF (LimitBody reads it all first on /mcp).
		ReadTimeout: cfg.ReadTimeout,
		// No WriteTimeout on purpose: it is one deadline for the whole
		// response and would kill a slow streamed tool result or a
		// subscriptions/listen stream. netguard.PerWriteTimeout bounds
		// each write instead.
		IdleTimeout:    cfg.IdleTimeout,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       log.New(cfg.Log.Writer(), cfg.Log.Prefix()+"http: ", cfg.Log.Flags()),
		BaseContext:    func(net.Listener) context.Context { return base },
	}
	return &devServer{cfg: cfg, addr: addr, wasm: wasm, handler: h, srv: srv, conns: conns, bodies: bodies, flight: flight,
		stopStreams: stopStreams, hardStop: hardStop}, nil
}

// ownOrigins is the origin of the URL the start-up line prints
// (http://<listen address>, 127.0.0.1 for a wildcard bind), and the
// localhost one when -addr named localhost.
func ownOrigins(requested string, addr net.Addr) []string {
	own := []string{"http://" + browseAddr(addr)}
	if host, _, err := net.SplitHostPort(requested); err == nil && strings.EqualFold(host, "localhost") {
		if _, port, err := net.SplitHostPort(addr.String()); err == nil {
			own = append(own, "http://localhost:"+port)
		}
	}
	return own
}

// securityHeaderValues are the headers securityHeaders adds to every
// response (the parity test knows them as the dev server's own, not the
// engine's).
var securityHeaderValues = [][2]string{{"X-Content-Type-Options", "nosniff"}, {"Referrer-Policy", "no-referrer"}}

// frameHeaderValues keep the dev server's pages out of other sites'
// frames: CSP frame-ancestors, and X-Frame-Options for browsers without
// it (RFC 7034).
var frameHeaderValues = [][2]string{{"Content-Security-Policy", "frame-ancestors 'self'"}, {"X-Frame-Options", "SAMEORIGIN"}}

func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range securityHeaderValues {
			h.Set(kv[0], kv[1])
		}
		if r.URL.Path != "/mcp" {
			// The app's files are for the app's own pages: another site
			// cannot embed them (<script src>, <img>), whatever they hold.
			h.Set("Cross-Origin-Resource-Policy", "same-origin")
			// Nor frame them: a tab of the dev server holds the token, and
			// a page that framed it could overlay it (clickjacking). The
			// course site embeds the static export, not the dev server.
			for _, kv := range frameHeaderValues {
				h.Set(kv[0], kv[1])
			}
		}
		next.ServeHTTP(w, r)
	})
}

// accessLog logs /mcp requests and failures elsewhere on stderr: method,
// path, status, size, duration. Never headers or bodies (the token).
func accessLog(l *log.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		tw := netguard.NewTrackingWriter(w)
		next.ServeHTTP(tw, r)
		if r.URL.Path == "/mcp" || tw.Status() >= 400 {
			l.Printf("%s %s %d %dB %s", r.Method, r.URL.Path, tw.Status(), tw.Bytes(),
				time.Since(start).Round(time.Microsecond))
		}
	})
}

// serveOn serves on ln until ctx is cancelled, then shuts down gracefully:
// the listener closes, long-lived engine streams are told to end
// (Stopping), in-flight requests get cfg.ShutdownTimeout to finish, and
// only then are remaining connections closed.
func serveOn(ctx context.Context, ln net.Listener, cfg serveConfig) error {
	d, err := newDevServer(cfg, ln.Addr())
	if err != nil {
		ln.Close()
		return err
	}
	d.printBanner()
	d.cfg.logf("limits: %d connections, %d requests in progress (%d per session), %d long-lived streams (%d per session), %d sessions, "+
		"%d MiB of request bodies at once (%d MiB each), resume logs %d MiB per session and %d MiB in all",
		d.conns.Max(), d.flight.Max(), d.flight.PerKey(), d.cfg.MaxStreams, d.cfg.MaxSessionStreams, d.cfg.MaxSessions,
		d.cfg.MaxBodiesInFlight>>20, d.cfg.MaxBodyBytes>>20, streamhttp.DefaultSessionLogBytes>>20, streamhttp.DefaultTotalLogBytes>>20)
	errc := make(chan error, 1)
	go func() { errc <- d.srv.Serve(d.conns.Listener(ln)) }()
	select {
	case err := <-errc:
		d.stopStreams()
		d.hardStop()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	d.cfg.logf("shutting down (waiting up to %s for in-flight requests)", d.cfg.ShutdownTimeout)
	d.stopStreams()
	sctx, cancel := context.WithTimeout(context.Background(), d.cfg.ShutdownTimeout)
	defer cancel()
	if err := d.srv.Shutdown(sctx); err != nil {
		d.cfg.logf("requests still running after %s; closing connections", d.cfg.ShutdownTimeout)
		d.hardStop()
		_ = d.srv.Close()
	}
	d.hardStop()
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	d.cfg.logf("stopped")
	return nil
}

func (d *devServer) printBanner() {
	if d.cfg.Stdout == nil {
		return
	}
	base := "http://" + browseAddr(d.addr)
	var b strings.Builder
	fmt.Fprintf(&b, "MCP Wire Lab dev server\n")
	if d.cfg.NoAuth {
		fmt.Fprintf(&b, "  open   %s/\n", base)
		fmt.Fprintf(&b, "  mcp    %s/mcp\n", base)
		fmt.Fprintf(&b, "  auth   disabled (-no-auth)\n")
	} else {
		// The fragment is never sent to the server, and the page moves it
		// into sessionStorage (ui.TokenIntake): the token is not served.
		fmt.Fprintf(&b, "  open   %s/%s%s\n", base, ui.TokenFragment, d.cfg.Token)
		fmt.Fprintf(&b, "  mcp    %s/mcp\n", base)
		fmt.Fprintf(&b, "  token  %s  (Authorization: Bearer <token>)\n", d.cfg.Token)
	}
	fmt.Fprintf(&b, "Ctrl+C to stop\n")
	_, _ = io.WriteString(d.cfg.Stdout, b.String())
}

// browseAddr turns a wildcard listen address into one a browser on this
// machine can open.
func browseAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}
