//go:build !(js && wasm)

package main

import "io"

// runTranscript prints a scenario's transcript as JSON Lines (see README).
func runTranscript(args []string, stdout, stderr io.Writer) int {
	return usageError(stderr, "transcript: not implemented yet")
}
