//go:build !(js && wasm)

package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/client/everything"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/realwire"
	"mcpwirelab/sim/trace"
)

const clientUsage = `usage: devserver client [flags] [URL]

Runs the lab's MCP client (the one the simulator, devserver check and the
capture view share) through one client scenario of the official MCP
conformance suite against the Streamable HTTP server at URL, printing every
byte it sends and receives on stdout. It is the command the suite runs:

  npx @modelcontextprotocol/conformance client --command 'devserver client' --scenario initialize

The suite appends the server's URL and sets MCP_CONFORMANCE_SCENARIO,
MCP_CONFORMANCE_PROTOCOL_VERSION and MCP_CONFORMANCE_CONTEXT, which the
flags override. Exit status: 0 when the scenario ran, 1 when the client
could not go on, 2 on a usage error or an authorization scenario (outside
the course).

flags:
`

// Environment the conformance suite sets for the client under test.
const (
	envScenario = "MCP_CONFORMANCE_SCENARIO"
	envVersion  = "MCP_CONFORMANCE_PROTOCOL_VERSION"
	envContext  = "MCP_CONFORMANCE_CONTEXT"
)

// runClient is `devserver client`.
func runClient(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("client", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, clientUsage); fs.PrintDefaults() }
	endpoint := fs.String("url", "", "the server's Streamable HTTP endpoint (default: the argument)")
	scenario := fs.String("scenario", os.Getenv(envScenario), "the suite's client scenario: "+strings.Join(everything.Scenarios(), ", ")+" (default $"+envScenario+")")
	version := fs.String("version", os.Getenv(envVersion), "the protocol version to speak first: "+strings.Join(protocol.Versions(), ", ")+" (default $"+envVersion+", else "+protocol.LatestVersion+")")
	quiet := fs.Bool("q", false, "do not print the bytes")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	switch {
	case *endpoint == "" && fs.NArg() == 1:
		*endpoint = fs.Arg(0)
	case fs.NArg() > 0:
		return usageError(stderr, "client: want one URL, as -url or an argument, got %q", append([]string{*endpoint}, fs.Args()...))
	}
	if u, err := url.Parse(*endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usageError(stderr, "client: URL %q: want an http:// or https:// URL (devserver client -h for the usage)", *endpoint)
	}
	if *scenario == "" {
		return usageError(stderr, "client: name the scenario: -scenario or $%s (%s)", envScenario, strings.Join(everything.Scenarios(), ", "))
	}
	if *version == "" {
		*version = protocol.LatestVersion
	}
	o := everything.Options{Scenario: *scenario, Version: *version, Context: os.Getenv(envContext),
		Logf: func(f string, a ...any) { fmt.Fprintf(stderr, "client: "+f+"\n", a...) }}
	if !*quiet {
		var mu sync.Mutex
		n := 0
		o.Observer = client.ObserverFunc(func(e *client.Event) int {
			mu.Lock()
			defer mu.Unlock()
			n++
			head := fmt.Sprintf("--- %d %s → %s", n, e.Event.From, e.Event.To)
			if e.Event.Kind == trace.KindClose {
				fmt.Fprintf(stdout, "%s: %s closes the stream (%s)\n", head, e.Event.From, cmp.Or(string(e.Role), "network"))
				return n
			}
			fmt.Fprintf(stdout, "%s\n%s", head, e.Event.Raw)
			if !strings.HasSuffix(e.Event.Raw, "\n") {
				fmt.Fprintln(stdout)
			}
			return n
		})
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := realwire.NewHTTP()
	defer w.CloseIdleConnections()
	err := everything.Run(ctx, w, *endpoint, o)
	switch {
	case errors.Is(err, everything.ErrOutside):
		fmt.Fprintf(stderr, "devserver: client: %s: %v\n", *scenario, err)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "devserver: client: %s: %v\n", *scenario, err)
		if errors.Is(err, everything.ErrUsage) {
			return 2
		}
		return 1
	}
	return 0
}
