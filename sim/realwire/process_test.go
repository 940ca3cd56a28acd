package realwire

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/wire"
)

// stdioServerEnv makes this test binary the engine's stdio server.
const stdioServerEnv = "MCPWL_TEST_REALWIRE_STDIO_SERVER"

// hostileEnv makes this test binary a hostile stdio server: the value says
// how (hostileServer).
const hostileEnv = "MCPWL_TEST_REALWIRE_HOSTILE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(hostileEnv); mode != "" {
		hostileServer(mode)
		os.Exit(0)
	}
	if os.Getenv(stdioServerEnv) == "1" {
		srv := labserver.NewServer(mcp.Config{Logf: func(f string, a ...any) { fmt.Fprintf(os.Stderr, f+"\n", a...) }})
		if err := stdio.Serve(context.Background(), srv, os.Stdin, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestProcess: lines to stdin, lines from stdout in order (Wait), stderr
// apart, EOF, the exit status.
func TestProcess(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), stdioServerEnv+"=1")
	p := FromCmd(cmd)
	var mu sync.Mutex
	var got []*wire.Piece
	p.Attach(func(pc *wire.Piece) {
		mu.Lock()
		got = append(got, pc)
		mu.Unlock()
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.Start(ctx); err != nil {
		t.Fatal(err)
	}
	_ = p.Write(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n"))
	_ = p.Write(ctx, []byte("not json\n"))
	stdout := func() int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, pc := range got {
			if pc.Event.Channel == trace.Stdout {
				n++
			}
		}
		return n
	}
	if err := p.Wait(ctx, func() bool { return stdout() == 2 }); err != nil {
		t.Fatal(err)
	}
	if err := p.CloseStdin(ctx); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	var order []string
	var stderr strings.Builder
	for _, pc := range got {
		switch pc.Event.Channel {
		case trace.Stderr:
			stderr.WriteString(pc.Event.Raw)
		default:
			order = append(order, string(pc.Event.Channel)+"/"+string(pc.Event.Kind))
		}
	}
	if strings.Join(order, " ") != "stdin/message stdin/message stdout/message stdout/message stdin/close host/close" {
		t.Fatalf("pieces %v", order)
	}
	last := got[len(got)-1]
	if last.Event.Raw != "exit status 0\n" || !strings.Contains(stderr.String(), "stdin closed; exiting") {
		t.Fatalf("exit %q, stderr %q", last.Event.Raw, stderr.String())
	}
	for _, pc := range got {
		if pc.Event.Channel == trace.Stdout && (len(pc.Msgs) != 1 || pc.At.IsZero()) {
			t.Fatalf("stdout piece %+v", pc)
		}
	}
}

// TestProcessWriteFromTheSink: the sink may write to stdin while it handles
// a stdout line (a client sending a request as it reads a notification),
// and wait for that answer, without deadlocking the pipe.
func TestProcessWriteFromTheSink(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), stdioServerEnv+"=1")
	p := FromCmd(cmd)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var mu sync.Mutex
	var lines []string
	nested := false
	p.Attach(func(pc *wire.Piece) {
		if pc.Event.Channel != trace.Stdout {
			return
		}
		mu.Lock()
		lines = append(lines, pc.Event.Raw)
		first := len(lines) == 1
		mu.Unlock()
		if first {
			// Answering the first line with another request, from inside
			// the delivery, and waiting for its answer there.
			_ = p.Write(ctx, []byte(`{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n"))
			err := p.Wait(ctx, func() bool {
				mu.Lock()
				defer mu.Unlock()
				return len(lines) == 2
			})
			nested = err == nil
		}
	})
	if err := p.Start(ctx); err != nil {
		t.Fatal(err)
	}
	_ = p.Write(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n"))
	if err := p.Wait(ctx, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(lines) == 2
	}); err != nil {
		t.Fatal(err)
	}
	_ = p.CloseStdin(ctx)
	if !nested || !strings.Contains(lines[1], `"id":2`) {
		t.Fatalf("nested write: %v, lines %q", nested, lines)
	}
}

// hostileServer is a server built to break the pipe's bounds:
//
//	leave-child  starts a child that holds stdout and stderr for 10 minutes
//	             (its pid on the first stderr line), then exits when stdin closes
//	no-read      never reads stdin
//	flood        writes 64 KiB lines to stdout without end
func hostileServer(mode string) {
	switch mode {
	case "leave-child":
		testenv.LeaveChild(hostileEnv)
		_, _ = io.Copy(io.Discard, os.Stdin)
	case "sleep", "no-read":
		time.Sleep(10 * time.Minute)
	case "flood":
		line := strings.Repeat("x", 64<<10-1) + "\n"
		for {
			if _, err := os.Stdout.WriteString(line); err != nil {
				return
			}
		}
	}
}

func hostile(mode string) *Process {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), hostileEnv+"="+mode)
	return FromCmd(cmd)
}

// within fails the test when f has not returned after limit: a guard
// against a hang (the broken twin never returns), not a speed target.
func within(t *testing.T, limit time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("%s: still running after %s", what, limit)
	}
}
