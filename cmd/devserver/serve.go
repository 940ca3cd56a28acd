//go:build !(js && wasm)

package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"mcpwirelab/internal/captures"
	"mcpwirelab/internal/encodings"
	"mcpwirelab/sim/netguard"
	"mcpwirelab/sim/transport/streamhttp"
)

// serveConfig is everything the dev server needs; flags fill it in
// runServe, tests build it directly (tiny timeouts, fake MCP handler).
type serveConfig struct {
	// Live tells the page a real /mcp endpoint sits next to it (the
	// inspector's "run on the real server"); false for static exports.
	Live        bool
	Addr        string // requested listen address (-addr)
	AllowRemote bool   // -allow-remote: non-loopback bind allowed
	WebDir      string // -web: holds app.wasm (and app.wasm.br/.gz)
	// CompressWasm (-compress, make run): make the missing app.wasm.gz and
	// app.wasm.br in the background while serving what there is.
	CompressWasm bool
	CacheDir     string   // -cache: the compressed builds' cache (CompressWasm)
	StaticDir    string   // -static: CSS and icons served at /static/
	Token        string   // bearer token for /mcp; "" only with NoAuth
	NoAuth       bool     // -no-auth
	AllowOrigins []string // -allow-origin, normalized
	Fixture      string   // -fixture: what /mcp offers
	// Target is the server the page may ask the dev server to capture
	// (-target-cmd, -target-url); nil: none. CapturesDir keeps the
	// captures (-captures).
	Target      *checkSpec
	CapturesDir string

	MaxBodyBytes       int64         // /mcp request body cap (4 MiB)
	MaxBodiesInFlight  int64         // bytes of /mcp bodies handled at once (8 MiB: two maximal bodies)
	BodyWait           time.Duration // how long a body waits for its share before 503
	MaxSessions        int           // handed to the engine (legacy sessions bound)
	MaxStreams         int           // long-lived streams at once (128)
	MaxSessionStreams  int           // long-lived streams per legacy session (4)
	MaxConns           int           // connections held at once (2048, or half the descriptor limit)
	MaxInFlight        int           // /mcp requests handled at once (0: half of MaxConns)
	MaxSessionInFlight int           // of them, per 2025-11-25 session (64)
	BodyGrace          time.Duration // a /mcp body must arrive within BodyGrace + its length at BodyMinRate
	BodyMinRate        int64         // bytes per second
	ReadHeaderTimeout  time.Duration // slow headers
	ReadTimeout        time.Duration // headers + body (lifted once /mcp read its body)
	WriteTimeout       time.Duration // per write, not per response: see netguard.PerWriteTimeout
	IdleTimeout        time.Duration // keep-alive
	ShutdownTimeout    time.Duration // grace for in-flight requests

	// NewMCP, when non-nil, replaces newMCPHandler (tests inject fakes).
	NewMCP func(mcpHandlerOptions) http.Handler

	Stdout io.Writer // the start-up banner only
	Log    *log.Logger
}

func defaultServeConfig() serveConfig {
	return serveConfig{
		Live:               true,
		Addr:               "127.0.0.1:8080",
		WebDir:             "web",
		StaticDir:          "static",
		Fixture:            fixtureCourse,
		MaxBodyBytes:       4 << 20,
		MaxBodiesInFlight:  8 << 20,
		BodyWait:           10 * time.Second,
		MaxSessions:        64,
		MaxStreams:         streamhttp.DefaultMaxStreams,
		MaxSessionStreams:  streamhttp.DefaultMaxSessionStreams,
		MaxConns:           defaultMaxConns(),
		MaxSessionInFlight: 64,
		BodyGrace:          5 * time.Second,
		BodyMinRate:        64 << 10,
		ReadHeaderTimeout:  10 * time.Second,
		ReadTimeout:        30 * time.Second,
		WriteTimeout:       30 * time.Second,
		IdleTimeout:        120 * time.Second,
		ShutdownTimeout:    10 * time.Second,
	}
}

// maxConnsCap is the most connections the dev server holds at once (each
// costs a descriptor and ~16 KB): a learner's browser opens about six, and
// 1,000 concurrent calls of a load test still fit.
const maxConnsCap = 2048

// stringList is a repeatable, comma-separated flag.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

const serveUsage = `usage: devserver [flags]            serve the app and a real MCP server on /mcp
       devserver -stdio              serve MCP over stdin/stdout
       devserver transcript …        print a scenario transcript (JSON Lines)
       devserver static …            export the app as plain files for static hosting
       devserver check …             check any MCP server against the spec (stdio or HTTP)
       devserver client …            run the lab's client through a conformance suite client scenario
       devserver compress …          precompress web/app.wasm (brotli 11, gzip -9; make wasm runs it)

flags:
`

// logPrefix starts every line the dev server itself logs on stderr (the
// engine's diagnostics, which the simulator shows too, have none).
const logPrefix = "devserver: "

// runServe is the default command: it serves the app and /mcp until
// SIGINT/SIGTERM, or MCP over stdio with -stdio. Exit codes: 0 ok, 1
// runtime failure, 2 usage error.

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg := defaultServeConfig()
	var stdio bool
	var origins stringList
	fs := flag.NewFlagSet("devserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, serveUsage); fs.PrintDefaults() }
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address; non-loopback needs -allow-remote")
	fs.BoolVar(&cfg.AllowRemote, "allow-remote", false, "allow listening on a non-loopback address (exposes the server to the network)")
	fs.StringVar(&cfg.WebDir, "web", cfg.WebDir, "directory holding app.wasm (and optional app.wasm.br / app.wasm.gz)")
	fs.StringVar(&cfg.StaticDir, "static", cfg.StaticDir, "directory of CSS and icons served at /static/")
	fs.BoolVar(&cfg.CompressWasm, "compress", false, "make app.wasm.gz and app.wasm.br (brotli 11) in the background when missing, serving what is ready meanwhile (make run)")
	fs.StringVar(&cfg.CacheDir, "cache", encodings.DefaultCache(), `cache of compressed builds for -compress ("" for none)`)
	fs.StringVar(&cfg.Token, "token", "", "fixed bearer token for /mcp (default: random at start-up)")
	fs.BoolVar(&cfg.NoAuth, "no-auth", false, "disable bearer authentication on /mcp (unsafe)")
	fs.BoolVar(&stdio, "stdio", false, "serve MCP over the process's stdin/stdout instead of HTTP")
	fs.StringVar(&cfg.Fixture, "fixture", cfg.Fixture, "what the MCP server offers: course (the lab's company) or conformance (the official conformance suite's everything server)")
	fs.Var(&origins, "allow-origin", "extra allowed browser origin, e.g. https://inspector.example:6274 (repeatable or comma list)")
	var target targetFlags
	fs.StringVar(&target.cmd, "target-cmd", "", "a stdio MCP server the page may ask to capture and check, as a command line (read into words, no shell), e.g. 'uv run server.py'")
	fs.StringVar(&target.url, "target-url", "", "a Streamable HTTP MCP server the page may ask to capture and check")
	fs.Var(&target.headers, "target-header", "'Name: value' for every request to -target-url (repeatable)")
	fs.Var(&target.calls, "target-call", "NAME[=JSON]: a tool of the target the capture calls (repeatable); no other tool is called")
	fs.StringVar(&target.slow, "target-slow", "", "NAME[=JSON]: the target's slow tool, for the cancellation checks")
	fs.StringVar(&cfg.CapturesDir, "captures", captures.DefaultDir(), "folder of the captures the dev server makes of its target")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2 // flag already printed the problem and usage
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "unexpected argument %q (subcommands: transcript, static, compress, check, client; run with -h for flags)", fs.Arg(0))
	}
	if !validFixture(cfg.Fixture) {
		return usageError(stderr, "-fixture %q: want %s or %s", cfg.Fixture, fixtureCourse, fixtureConformance)
	}
	spec, err := target.spec()
	if err != nil {
		return usageError(stderr, "%v", err)
	}
	cfg.Target = spec
	logger := log.New(stderr, logPrefix, log.LstdFlags)

	if stdio {
		// 2025-11-25 transports §stdio: the server MUST NOT write anything
		// to stdout that is not a valid MCP message; logs go to stderr.
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		logger.Print("serving MCP over stdio; logs on stderr")
		if err := serveStdio(ctx, cfg.Fixture, stdin, stdout, stderr); err != nil && !errors.Is(err, context.Canceled) {
			logger.Printf("stdio: %v", err)
			return 1
		}
		return 0
	}

	if err := cfg.validate(); err != nil {
		return usageError(stderr, "%v", err)
	}
	for _, o := range origins {
		n, err := netguard.NormalizeOrigin(strings.TrimSuffix(o, "/"))
		if err != nil {
			return usageError(stderr, "-allow-origin: %v", err)
		}
		cfg.AllowOrigins = append(cfg.AllowOrigins, n)
	}
	if cfg.NoAuth {
		logger.Print("WARNING: -no-auth: /mcp accepts requests WITHOUT a bearer token. " +
			"Any local process can call it; only the Origin check remains against web pages.")
	} else if cfg.Token == "" {
		tok, err := newToken()
		if err != nil {
			logger.Printf("generating token: %v", err)
			return 1
		}
		cfg.Token = tok
	} else if len(cfg.Token) < 16 {
		logger.Print("WARNING: -token is shorter than 16 characters; it is easy to guess")
	}
	if cfg.AllowRemote {
		logger.Printf("WARNING: -allow-remote: listening on %s may expose /mcp and the app to the network. "+
			"/mcp still needs the token, but plain HTTP carries it unencrypted; browser pages opened "+
			"through this machine's network address also need -allow-origin.", cfg.Addr)
	}
	cfg.Stdout = stdout
	cfg.Log = logger

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		logger.Printf("listen: %v", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() { <-ctx.Done(); stop() }() // a second Ctrl+C kills at once
	if err := serveOn(ctx, ln, cfg); err != nil {
		logger.Print(err)
		return 1
	}
	return 0
}

// validate checks flag combinations; errors are usage errors (exit 2).
func (c *serveConfig) validate() error {
	if c.NoAuth && c.Token != "" {
		return errors.New("-token and -no-auth contradict each other")
	}
	if c.Token != "" && !isB64Token(c.Token) {
		return errors.New("-token must be a bearer token: letters, digits and -._~+/ (RFC 6750 b64token)")
	}
	host, _, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return fmt.Errorf("-addr %q: %v (want host:port, e.g. 127.0.0.1:8080)", c.Addr, err)
	}
	if !isLoopbackBind(host) && !c.AllowRemote {
		return fmt.Errorf("-addr %q is not a loopback address. A local MCP server should bind only to 127.0.0.1 "+
			"(2026-07-28 streamable-http §Security Warning); pass -allow-remote to listen there anyway", c.Addr)
	}
	return nil
}

// isLoopbackBind: "" and 0.0.0.0 / :: mean every interface, so they are not.
func isLoopbackBind(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func isB64Token(s string) bool {
	t := strings.TrimRight(s, "=")
	if t == "" {
		return false
	}
	for _, c := range t {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9',
			c == '-', c == '.', c == '_', c == '~', c == '+', c == '/':
		default:
			return false
		}
	}
	return true
}

// newToken returns 32 random bytes, base64url without padding (43 chars).
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}
