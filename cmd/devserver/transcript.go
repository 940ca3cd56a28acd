//go:build !(js && wasm)

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"mcpwirelab/sim/httplab"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
)

// runTranscript prints a scenario's transcript as JSON Lines: one event per
// line with seq, from, to, channel, raw, messages and note (README
// "Transcript contract").
func runTranscript(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("transcript", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var names []string
	for _, s := range scenario.List() {
		names = append(names, s.Name)
	}
	name := fs.String("scenario", "tool-call", "scenario: "+strings.Join(names, ", "))
	version := fs.String("version", protocol.LatestVersion, "protocol version: "+strings.Join(protocol.Versions(), ", "))
	transport := fs.String("transport", "stdio", "transport: "+strings.Join(scenario.Transports, ", "))
	fault := fs.String("fault", "none", "fault to inject (see README; the http-content-length scenario also takes short-length, long-length)")
	var client httplab.ClientConfig
	fs.IntVar(&client.TimeoutMs, "timeout-ms", 2000, "http-* scenarios: client timeout in ms")
	retries := fs.Int("retries", 5, "http-* scenarios: retries after the first attempt (0 = none)")
	fs.IntVar(&client.BaseDelayMs, "base-delay-ms", 250, "http-* scenarios: first backoff in ms, doubled each retry")
	fs.IntVar(&client.JitterPct, "jitter-pct", 0, "http-* scenarios: ± jitter on each backoff, percent (deterministic)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: devserver transcript -scenario S -version V -transport stdio|http [-fault F]\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h asked for the usage, which was printed
		}
		return 2
	}
	// The engine's ClientConfig uses 0 for "default" and a negative count
	// for "no retries"; on the command line 0 means none, as in deep links.
	client.Retries = *retries
	if client.Retries == 0 {
		client.Retries = -1
	}
	clientSet := false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "timeout-ms", "retries", "base-delay-ms", "jitter-pct":
			clientSet = true
		}
	})
	if clientSet && !strings.HasPrefix(*name, "http-") {
		return usageError(stderr, "transcript: -timeout-ms, -retries, -base-delay-ms and -jitter-pct configure the client of the http-* scenarios, not %s", *name)
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "transcript: unexpected argument %q", fs.Arg(0))
	}
	tr, err := scenario.Run(scenario.Options{Scenario: *name, Version: *version, Transport: *transport, Fault: *fault, Client: client})
	if err != nil {
		return usageError(stderr, "transcript: %v", err)
	}
	if err := tr.WriteJSONL(stdout); err != nil {
		fmt.Fprintf(stderr, "devserver: transcript: %v\n", err)
		return 1
	}
	return 0
}
