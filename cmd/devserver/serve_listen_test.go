//go:build !(js && wasm)

package main

import (
	"bufio"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestListenStreamEndsGracefullyOnShutdown opens a real 2026-07-28
// subscriptions/listen stream on the engine, then stops the server: the
// stream must get the acknowledgment first and, at shutdown,
// notifications/cancelled and then the graceful completion result
// (basic/patterns/subscriptions §Graceful Closure), and the server must
// stop promptly.
func TestListenStreamEndsGracefullyOnShutdown(t *testing.T) {
	ts := startServer(t, func(c *serveConfig) { c.NewMCP = nil })
	body := `{"jsonrpc":"2.0","id":"sub-1","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	req, _ := http.NewRequest("POST", ts.base+"/mcp", strings.NewReader(body))
	for k, v := range map[string]string{"Authorization": "Bearer " + testToken, "Content-Type": "application/json",
		"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "subscriptions/listen"} {
		req.Header.Set(k, v)
	}
	resp, err := noCompressionClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("status %d, content type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	lines := bufio.NewScanner(resp.Body)
	var data []string
	next := func() string {
		for lines.Scan() {
			if l := lines.Text(); strings.HasPrefix(l, "data: ") {
				return strings.TrimPrefix(l, "data: ")
			}
		}
		return ""
	}
	if ack := next(); !strings.Contains(ack, `"method":"notifications/subscriptions/acknowledged"`) ||
		!strings.Contains(ack, `"io.modelcontextprotocol/subscriptionId":"sub-1"`) {
		t.Fatalf("first event %q, want the acknowledgment", ack)
	}
	start := time.Now()
	stopped := make(chan struct{})
	cancel := ts.cancel
	go func() { cancel(); close(stopped) }() // shutdown begins; startServer's cleanup waits for it
	data = append(data, next(), next())
	<-stopped
	// basic/patterns/cancellation: the server MUST send
	// notifications/cancelled for a listen stream it tears down; then the
	// completion result (subscriptions §Graceful Closure, SHOULD).
	if !strings.Contains(data[0], `"method":"notifications/cancelled","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"sub-1"},"reason":"server shutting down","requestId":"sub-1"}`) {
		t.Fatalf("at shutdown got %q first, want notifications/cancelled for sub-1", data[0])
	}
	if !strings.Contains(data[1], `"id":"sub-1","result":{"_meta":{"io.modelcontextprotocol/subscriptionId":"sub-1"},"resultType":"complete"}`) {
		t.Fatalf("at shutdown got %q, want the graceful completion result", data[1])
	}
	if d := time.Since(start); d > 4*time.Second {
		t.Fatalf("shutdown took %s", d)
	}
}
