package realwire

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"time"

	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/wire"
)

// Process is wire.Pipe to a real server process (2026-07-28
// basic/transports/stdio, 2025-11-25 basic/transports §stdio): the client
// launches it, writes lines to its stdin, reads lines from its stdout and,
// apart, its stderr. Stdout lines are delivered by Wait, on the caller's
// goroutine, in the order they arrive (however many goroutines wait at
// once: a client with two requests in flight); stderr lines as they
// arrive, from a goroutine of their own.
type Process struct {
	cmd *exec.Cmd

	mu    sync.Mutex // the sink
	sink  func(*wire.Piece)
	wmu   sync.Mutex // stdin writes
	stdin io.WriteCloser
	lines chan line     // stdout lines not yet delivered; closed at EOF
	errs  chan struct{} // closed when stderr is read to its end

	// Stdout lines are numbered as they are read and delivered in that
	// order by whichever waiter took them; each delivery wakes the other
	// waiters, whose condition it may have met.
	dmu       sync.Mutex
	delivered *sync.Cond
	next      int           // number of the next line to deliver
	tick      chan struct{} // closed (and replaced) at each delivery
}

// line is a stdout line and its number.
type line struct {
	pc *wire.Piece
	n  int
}

// Command returns the pipe to the process name args... (not started).
func Command(name string, args ...string) *Process { return FromCmd(exec.Command(name, args...)) }

// FromCmd returns the pipe to a configured command (its Env, Dir…); its
// Stdin, Stdout and Stderr must be unset: the pipe owns them.
func FromCmd(cmd *exec.Cmd) *Process { return &Process{cmd: cmd} }

// Attach implements wire.Pipe.
func (p *Process) Attach(sink func(*wire.Piece)) { p.sink = sink }

// deliver hands a piece to the sink. The lock guards the sink, not the
// call: the client may write to stdin from inside the call (a request sent
// while it handles a notification, as a client re-reading a resource that
// changed does), which delivers the stdin piece on the same goroutine.
// Stdout pieces come one at a time from Wait; stderr ones, from their own
// goroutine, only reach the client's Observer, which real transports may
// call from more than one goroutine.
func (p *Process) deliver(pc *wire.Piece) {
	p.mu.Lock()
	sink := p.sink
	p.mu.Unlock()
	if sink != nil {
		sink(pc)
	}
}

// Start implements wire.Pipe: the process starts; its stdout and stderr are
// read from now on.
func (p *Process) Start(context.Context) error {
	in, err := p.cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	errOut, err := p.cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := p.cmd.Start(); err != nil {
		return err
	}
	p.stdin = in
	p.lines = make(chan line, 1024)
	p.errs = make(chan struct{})
	p.delivered = sync.NewCond(&p.dmu)
	p.tick = make(chan struct{})
	go func() {
		defer close(p.lines)
		n := 0
		p.scan(out, func(b []byte) {
			pc := wire.StdoutPiece(b)
			pc.At = time.Now()
			p.lines <- line{pc, n}
			n++
		})
	}()
	go func() {
		defer close(p.errs)
		p.scan(errOut, func(line []byte) {
			pc := wire.StderrPiece(string(line))
			pc.At = time.Now()
			p.deliver(pc)
		})
	}()
	return nil
}

// scan reads r line by line (newline kept, a last unterminated line too),
// refusing lines longer than the server itself accepts.
func (p *Process) scan(r io.Reader, line func([]byte)) {
	br := bufio.NewReaderSize(r, 64<<10)
	var cur []byte
	for {
		frag, err := br.ReadSlice('\n')
		cur = append(cur, frag...)
		if errors.Is(err, bufio.ErrBufferFull) && len(cur) <= stdio.MaxLine {
			continue
		}
		if len(cur) > 0 {
			line(cur)
			cur = nil
		}
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			return
		}
	}
}

// Write implements wire.Pipe.
//
// The line's piece goes to the sink without taking the sink lock: a client
// answers a request of the server (2025-11-25) from inside the delivery of
// the stdout line that carried it, so Write may run within deliver.
func (p *Process) Write(ctx context.Context, line []byte) error {
	if p.sink != nil {
		p.sink(wire.StdinPiece(line))
	}
	p.wmu.Lock()
	defer p.wmu.Unlock()
	if p.stdin == nil {
		return errors.New("realwire: the process is not running")
	}
	_, err := p.stdin.Write(line)
	return err
}

// Wait implements wire.Pipe. It returns io.EOF when the process closed its
// stdout.
func (p *Process) Wait(ctx context.Context, until func() bool) error {
	for {
		p.dmu.Lock()
		tick := p.tick
		p.dmu.Unlock()
		if until() {
			return nil
		}
		select {
		case l, ok := <-p.lines:
			if !ok {
				return io.EOF
			}
			p.deliverLine(l)
		case <-tick: // another waiter delivered a line
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// deliverLine delivers a stdout line once every line before it has been
// handed to the sink, then wakes the other waiters. The lock is not held
// while the sink runs: a client may, inside the delivery of a line, write
// a request and Wait for its answer (a server request answered at once,
// a resource re-read as its update arrives), and that Wait delivers the
// next lines itself. So lines reach the sink in the order they were read;
// two waiters that each took a line may overlap in the sink (the client's
// sink takes its own lock).
func (p *Process) deliverLine(l line) {
	p.dmu.Lock()
	for l.n != p.next {
		p.delivered.Wait()
	}
	p.next++
	p.delivered.Broadcast()
	p.dmu.Unlock()
	p.deliver(l.pc)
	p.dmu.Lock()
	close(p.tick)
	p.tick = make(chan struct{})
	p.dmu.Unlock()
}

// CloseStdin implements wire.Pipe: stdin is closed, what the process still
// writes is delivered, and its exit is reported ("exit status 0"). A
// process that does not exit within ctx (or 10 s) is killed.
func (p *Process) CloseStdin(ctx context.Context) error {
	p.deliver(wire.CloseStdinPiece())
	p.wmu.Lock()
	if p.stdin != nil {
		_ = p.stdin.Close()
	}
	p.wmu.Unlock()
	if p.lines == nil {
		return errors.New("realwire: the process was never started")
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
drain:
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				break drain
			}
			p.deliverLine(l)
		case <-ctx.Done():
			_ = p.cmd.Process.Kill()
			break drain
		}
	}
	<-p.errs
	err := p.cmd.Wait()
	status := "exit status 0"
	if p.cmd.ProcessState != nil {
		status = p.cmd.ProcessState.String()
	}
	p.deliver(wire.ExitPiece(status))
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return fmt.Errorf("realwire: server %s", status)
	}
	return err
}
