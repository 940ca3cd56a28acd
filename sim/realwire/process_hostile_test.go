//go:build unix

package realwire

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// TestProcessChildHoldingPipes: a server that exits but leaves a child
// holding its stdout and stderr (issue 27: the capture outlived its
// 5-minute timeout, every later capture got 409). CloseStdin returns, the
// exit is reported, and the child is killed with the server's group.
func TestProcessChildHoldingPipes(t *testing.T) {
	p := hostile("leave-child")
	var mu sync.Mutex
	var stderr strings.Builder
	var exit string
	p.Attach(func(pc *wire.Piece) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case pc.Event.Channel == trace.Stderr:
			stderr.WriteString(pc.Event.Raw)
		case pc.Event.Channel == trace.HostChannel:
			exit = pc.Event.Raw
		}
	})
	ctx := context.Background()
	if err := p.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var pid int
	for i := 0; i < 500 && pid == 0; i++ {
		time.Sleep(20 * time.Millisecond)
		mu.Lock()
		fmt.Sscanf(stderr.String(), "child %d", &pid)
		mu.Unlock()
	}
	if pid == 0 {
		t.Fatalf("the server named no child: %q", stderr.String())
	}
	within(t, 60*time.Second, "CloseStdin", func() { _ = p.CloseStdin(ctx) })
	mu.Lock()
	got := exit
	mu.Unlock()
	if got != "exit status 0\n" {
		t.Fatalf("exit piece %q", got)
	}
	if !gone(pid) {
		t.Fatalf("the child %d the server left still runs", pid)
	}
}

// TestProcessStdinNotRead: a server that never reads its stdin; a write
// larger than the pipe's buffer gives up after Timeout instead of
// blocking for ever, and the server is killed at CloseStdin.
func TestProcessStdinNotRead(t *testing.T) {
	p := hostile("no-read")
	p.Timeout = 200 * time.Millisecond
	ctx := context.Background()
	if err := p.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var err error
	within(t, 60*time.Second, "Write", func() { err = p.Write(ctx, []byte(strings.Repeat("x", 1<<20)+"\n")) })
	if err == nil || !strings.Contains(err.Error(), "read none of the line") {
		t.Fatalf("Write: %v", err)
	}
	cctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	within(t, 60*time.Second, "CloseStdin", func() { _ = p.CloseStdin(cctx) })
	if !gone(p.cmd.Process.Pid) {
		t.Fatal("the server still runs")
	}
}

// TestProcessStdoutFloodQueued: a server flooding stdout while nobody
// waits; the pipe reads at most MaxQueued bytes ahead (before: 1,024
// lines of up to 4 MiB each).
func TestProcessStdoutFloodQueued(t *testing.T) {
	p := hostile("flood")
	ctx := context.Background()
	if err := p.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		defer cancel()
		_ = p.CloseStdin(cctx)
	}()
	// The reader fills its room and stops; wait until it has.
	var q int
	for i := 0; i < 200; i++ {
		time.Sleep(20 * time.Millisecond)
		p.qmu.Lock()
		q = p.queued
		p.qmu.Unlock()
		if q+64<<10 > MaxQueued {
			break
		}
	}
	time.Sleep(200 * time.Millisecond)
	p.qmu.Lock()
	q = p.queued
	p.qmu.Unlock()
	if q > MaxQueued || len(p.lines) > MaxQueued/(64<<10) {
		t.Fatalf("%d bytes and %d lines queued, want at most %d bytes", q, len(p.lines), MaxQueued)
	}
	if q+64<<10 <= MaxQueued {
		t.Fatalf("only %d bytes queued: the flood did not reach the bound", q)
	}
}

// gone reports whether the process pid has ended (waiting up to 10 s for
// the kill to land).
func gone(pid int) bool {
	for i := 0; i < 500; i++ {
		if err := syscall.Kill(pid, 0); err != nil {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}
