package main

import (
	"testing"

	"mcpwirelab/internal/testenv"
)

// TestShortGuards: the tests that build a wasm go through a function that begins with
// testenv.SkipShort, so go test -short (make check) leaves them out; a
// new one that does not fails here (the checker's broken twin is in
// internal/testenv).
func TestShortGuards(t *testing.T) {
	testenv.CheckShortGuards(t, "os/exec.Command")
}
