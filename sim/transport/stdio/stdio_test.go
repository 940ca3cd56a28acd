package stdio

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpwirelab/sim/mcp"
)

type logBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuf) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.WriteString(strings.TrimSpace(strings.ReplaceAll(format, "%", "")) + "\n")
}

// TestServeOverRealPipes drives Serve like a host would: a legacy
// handshake, junk, a slow call cancelled by notifications/cancelled, then
// EOF. Stdout must carry only JSON-RPC lines.
func TestServeOverRealPipes(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	logs := &logBuf{}
	srv := mcp.NewServer(mcp.Config{Logf: logs.logf})
	done := make(chan error, 1)
	go func() { done <- Serve(context.Background(), srv, inR, outW); outW.Close() }()
	lines := bufio.NewScanner(outR)
	send := func(s string) {
		if _, err := io.WriteString(inW, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	next := func() string {
		if !lines.Scan() {
			t.Fatalf("stdout closed early: %v", lines.Err())
		}
		return lines.Text()
	}

	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	if got := next(); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"`) {
		t.Fatalf("initialize: %s", got)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`this is not json`)
	if got := next(); got != `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: line 1, column 2: invalid character 'h' in literal true (expecting 'r')"}}` {
		t.Fatalf("junk line answered with %s", got)
	}
	send(`{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":10},"_meta":{"progressToken":7}}}`)
	if got := next(); !strings.HasPrefix(got, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1,"total":10`) {
		t.Fatalf("progress: %s", got)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow","reason":"test"}}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	// Possibly one more progress line raced the cancel; after it, only the ping result.
	for {
		got := next()
		if strings.Contains(got, `"id":"slow"`) {
			t.Fatalf("a cancelled request was answered: %s", got)
		}
		if got == `{"jsonrpc":"2.0","id":2,"result":{}}` {
			break
		}
		if !strings.Contains(got, "notifications/progress") {
			t.Fatalf("unexpected line %s", got)
		}
	}
	inW.Close() // EOF ends the server
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("server did not exit on EOF")
	}
	if lines.Scan() {
		t.Fatalf("extra stdout after exit: %s", lines.Text())
	}
	if !strings.Contains(logs.b.String(), "stdin closed; exiting") {
		t.Fatalf("logs: %s", logs.b.String())
	}
}
