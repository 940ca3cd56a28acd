package main

import (
	"testing"

	"mcpwirelab/internal/testenv"
)

// TestShortGuards: the tests that run the official Go SDK (its client or server, over real sockets or processes) or server-everything go through a function that begins with
// testenv.SkipShort, so go test -short (make check) leaves them out; a
// new one that does not fails here (the checker's broken twin is in
// internal/testenv).
func TestShortGuards(t *testing.T) {
	testenv.CheckShortGuards(t, "github.com/modelcontextprotocol/go-sdk/mcp.NewClient", "github.com/modelcontextprotocol/go-sdk/mcp.NewServer", "github.com/modelcontextprotocol/go-sdk/mcp.NewStreamableHTTPHandler", "everythingEntry")
}
