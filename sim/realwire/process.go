package realwire

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
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
//
// A server under check is hostile by definition, so the pipe is bounded:
// at most MaxQueued bytes of stdout wait to be delivered (then the server's
// writes block, as on any pipe nobody reads); a write to stdin gives up
// after Timeout (a server that never reads its input); the server runs in
// a process group of its own (unix), and when it exits, or is killed, the
// whole group goes with it, so a child it left holding stdout or stderr
// neither outlives the check nor keeps the reader waiting.
type Process struct {
	// Timeout bounds one write to stdin (none when zero; the write's
	// context bounds it too).
	Timeout time.Duration

	cmd *exec.Cmd

	mu    sync.Mutex // the sink
	sink  func(*wire.Piece)
	wmu   sync.Mutex // stdin writes
	stdin *os.File
	// dlmu guards the stdin deadline: a write's context ending sets it in
	// the past, but only for the write it was armed for (wgen).
	dlmu       sync.Mutex
	wgen       int
	outR, errR *os.File
	lines      chan line     // stdout lines not yet delivered; closed at EOF
	errs       chan struct{} // closed when stderr is read to its end
	exited     chan struct{} // closed when the process has exited (waitErr set)
	waitErr    error
	gone       chan struct{} // closed at teardown: the readers drop what they read
	goneOnce   sync.Once

	// queued counts the stdout bytes read and not yet delivered (MaxQueued
	// at most, unless a single line is larger).
	qmu    sync.Mutex
	qcond  *sync.Cond
	queued int

	// Stdout lines are numbered as they are read and delivered in that
	// order by whichever waiter took them; each delivery wakes the other
	// waiters, whose condition it may have met.
	dmu       sync.Mutex
	delivered *sync.Cond
	next      int           // number of the next line to deliver
	tick      chan struct{} // closed (and replaced) at each delivery
}

// MaxQueued is how many bytes of stdout the pipe reads ahead of the
// client: past it, it stops reading until the client takes lines (a
// flooding server then blocks on its own stdout).
const MaxQueued = 8 << 20

// leftGrace is how long the pipe waits, once the server exited, for its
// stdout and stderr to reach their end before it kills the process group
// (a child of the server holding them open).
const leftGrace = time.Second

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

// Start implements wire.Pipe: the process starts, in a process group of
// its own; its stdout and stderr are read from now on.
func (p *Process) Start(context.Context) error {
	inR, inW, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return err
	}
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = inR, outW, errW
	ownGroup(p.cmd)
	err = p.cmd.Start()
	// The child has its ends now (or never will): the parent keeps only its own.
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return err
	}
	p.stdin, p.outR, p.errR = inW, outR, errR
	p.lines = make(chan line, 1024)
	p.errs = make(chan struct{})
	p.exited = make(chan struct{})
	p.gone = make(chan struct{})
	p.delivered = sync.NewCond(&p.dmu)
	p.qcond = sync.NewCond(&p.qmu)
	p.tick = make(chan struct{})
	go func() {
		p.waitErr = p.cmd.Wait()
		close(p.exited)
	}()
	go func() {
		defer close(p.lines)
		n := 0
		p.scan(outR, func(b []byte) {
			if !p.room(len(b)) {
				return
			}
			pc := wire.StdoutPiece(b)
			pc.At = time.Now()
			select {
			case p.lines <- line{pc, n}:
				n++
			case <-p.gone:
			}
		})
	}()
	go func() {
		defer close(p.errs)
		p.scan(errR, func(line []byte) {
			select {
			case <-p.gone:
				return
			default:
			}
			pc := wire.StderrPiece(string(line))
			pc.At = time.Now()
			p.deliver(pc)
		})
	}()
	return nil
}

// room waits until n more bytes of stdout may be queued (always, when
// nothing is) and counts them; false once the pipe is torn down.
func (p *Process) room(n int) bool {
	p.qmu.Lock()
	defer p.qmu.Unlock()
	for p.queued > 0 && p.queued+n > MaxQueued {
		select {
		case <-p.gone:
			return false
		default:
		}
		p.qcond.Wait()
	}
	select {
	case <-p.gone:
		return false
	default:
	}
	p.queued += n
	return true
}

// taken frees the room of a delivered line.
func (p *Process) taken(n int) {
	p.qmu.Lock()
	p.queued -= n
	p.qcond.Broadcast()
	p.qmu.Unlock()
}

// teardown makes the readers drop what they still read and unblocks them.
func (p *Process) teardown() {
	p.goneOnce.Do(func() {
		close(p.gone)
		p.qmu.Lock()
		p.qcond.Broadcast()
		p.qmu.Unlock()
	})
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
//
// A server that does not read its stdin fills the pipe and would block the
// write for ever: the write gives up when ctx ends or after Timeout.
func (p *Process) Write(ctx context.Context, line []byte) error {
	if p.sink != nil {
		p.sink(wire.StdinPiece(line))
	}
	p.wmu.Lock()
	defer p.wmu.Unlock()
	if p.stdin == nil {
		return errors.New("realwire: the process is not running")
	}
	p.dlmu.Lock()
	p.wgen++
	gen := p.wgen
	var dl time.Time
	if p.Timeout > 0 {
		dl = time.Now().Add(p.Timeout)
	}
	if d, ok := ctx.Deadline(); ok && (dl.IsZero() || d.Before(dl)) {
		dl = d
	}
	_ = p.stdin.SetWriteDeadline(dl)
	p.dlmu.Unlock()
	stop := context.AfterFunc(ctx, func() {
		p.dlmu.Lock()
		if p.wgen == gen {
			_ = p.stdin.SetWriteDeadline(time.Now())
		}
		p.dlmu.Unlock()
	})
	defer stop()
	_, err := p.stdin.Write(line)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &LimitError{fmt.Sprintf("realwire: the server read none of the line in %s (its stdin is full): the client gave up writing it", p.Timeout)}
	}
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
	p.taken(len(l.pc.Event.Raw))
	p.deliver(l.pc)
	p.dmu.Lock()
	close(p.tick)
	p.tick = make(chan struct{})
	p.dmu.Unlock()
}

// CloseStdin implements wire.Pipe: stdin is closed, what the process still
// writes is delivered, and its exit is reported ("exit status 0"). A
// process that does not exit within ctx (or 10 s) is killed, with its
// process group; so is a group whose stdout or stderr stays open leftGrace
// after the server exited (a child it left behind). Nothing waits on the
// server's pipes once it is gone.
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
	var grace <-chan time.Time
	exited := p.exited
	lines := p.lines
	for lines != nil || exited != nil {
		select {
		case l, ok := <-lines:
			if !ok {
				lines = nil
				continue
			}
			p.deliverLine(l)
		case <-exited:
			exited = nil
			grace = time.After(leftGrace)
		case <-grace:
			// The server is gone but something still holds its stdout.
			killGroup(p.cmd.Process)
			p.teardown()
			lines, grace = nil, nil
		case <-ctx.Done():
			killGroup(p.cmd.Process)
			ctx = context.Background() // killed: wait for the exit only
			p.teardown()
			lines = nil
		}
	}
	// stderr: its end, or leftGrace more.
	select {
	case <-p.errs:
	case <-time.After(leftGrace):
	}
	// Whatever the server started goes with it.
	killGroup(p.cmd.Process)
	p.teardown()
	_ = p.outR.Close()
	_ = p.errR.Close()
	<-p.errs
	err := p.waitErr
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
