//go:build !(js && wasm)

package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"mcpwirelab/sim/httplab"
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
	version := fs.String("version", "2026-07-28", "protocol version: "+strings.Join(scenario.Versions, ", "))
	transport := fs.String("transport", "stdio", "transport: "+strings.Join(scenario.Transports, ", "))
	fault := fs.String("fault", "none", "fault to inject (see README; the http-content-length scenario also takes short-length, long-length)")
	var client httplab.ClientConfig
	fs.IntVar(&client.TimeoutMs, "timeout-ms", 0, "http-* scenarios: client timeout in ms (0 = default 2000)")
	fs.IntVar(&client.Retries, "retries", 0, "http-* scenarios: retries after the first attempt (0 = default 5, negative = none)")
	fs.IntVar(&client.BaseDelayMs, "base-delay-ms", 0, "http-* scenarios: first backoff in ms, doubled each retry (0 = default 250)")
	fs.IntVar(&client.JitterPct, "jitter-pct", 0, "http-* scenarios: ± jitter on each backoff, percent (deterministic)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: devserver transcript -scenario S -version V -transport stdio|http [-fault F]\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
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
