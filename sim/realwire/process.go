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
// goroutine, in the order they arrive; stderr lines as they arrive, from a
// goroutine of their own.
type Process struct {
	cmd *exec.Cmd

	mu    sync.Mutex // sink calls
	sink  func(*wire.Piece)
	wmu   sync.Mutex // stdin writes
	stdin io.WriteCloser
	lines chan *wire.Piece // stdout lines not yet delivered; closed at EOF
	errs  chan struct{}    // closed when stderr is read to its end
}

// Command returns the pipe to the process name args... (not started).
func Command(name string, args ...string) *Process { return FromCmd(exec.Command(name, args...)) }

// FromCmd returns the pipe to a configured command (its Env, Dir…); its
// Stdin, Stdout and Stderr must be unset: the pipe owns them.
func FromCmd(cmd *exec.Cmd) *Process { return &Process{cmd: cmd} }

// Attach implements wire.Pipe.
func (p *Process) Attach(sink func(*wire.Piece)) { p.sink = sink }

func (p *Process) deliver(pc *wire.Piece) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.sink != nil {
		p.sink(pc)
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
	p.lines = make(chan *wire.Piece, 1024)
	p.errs = make(chan struct{})
	go func() {
		defer close(p.lines)
		p.scan(out, func(line []byte) {
			pc := wire.StdoutPiece(line)
			pc.At = time.Now()
			p.lines <- pc
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
	for !until() {
		select {
		case pc, ok := <-p.lines:
			if !ok {
				return io.EOF
			}
			p.deliver(pc)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
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
		case pc, ok := <-p.lines:
			if !ok {
				break drain
			}
			p.deliver(pc)
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
