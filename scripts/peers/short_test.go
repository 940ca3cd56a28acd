package main

import (
	"testing"

	"mcpwirelab/internal/testenv"
)

// A test that builds the Go peers (the Go proxy, the module cache) or
// checks real peers skips under -short (make check); make peers-gate runs
// the matrix itself.
func TestShortGuards(t *testing.T) {
	testenv.CheckShortGuards(t, "buildGo", "checkAll")
}
