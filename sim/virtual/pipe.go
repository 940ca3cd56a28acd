package virtual

import (
	"bytes"
	"context"
	"fmt"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/wire"
)

// Pipe is a stdio server process that is an in-process stdio.Peer:
// Write hands the line to the peer and delivers every line the server
// writes back before it returns, on the caller's goroutine.
type Pipe struct {
	srv  *mcp.Server
	peer *stdio.Peer
	sink func(*wire.Piece)
}

// NewPipe returns the pipe to a fresh process of srv. Give srv a
// Logf that calls the pipe's Stderr, so its diagnostics reach the pipe.
func NewPipe(srv *mcp.Server) *Pipe {
	return &Pipe{srv: srv, peer: stdio.NewPeer(srv)}
}

// Attach implements wire.Pipe.
func (p *Pipe) Attach(sink func(*wire.Piece)) { p.sink = sink }

func (p *Pipe) deliver(pc *wire.Piece) {
	if p.sink != nil {
		p.sink(pc)
	}
}

// Stderr delivers a diagnostic line the server writes (without newline).
func (p *Pipe) Stderr(format string, args ...any) {
	p.deliver(wire.StderrPiece(fmt.Sprintf(format, args...) + "\n"))
}

// Start implements wire.Pipe: the process prints its banner on stderr.
func (p *Pipe) Start(context.Context) error {
	p.srv.Logf("%s", stdio.Banner(p.srv))
	return nil
}

// Write implements wire.Pipe.
func (p *Pipe) Write(ctx context.Context, line []byte) error {
	p.deliver(wire.StdinPiece(line))
	// The process reads lines as stdio.Serve does: up to the newline.
	p.peer.HandleLine(ctx, bytes.TrimSuffix(line, []byte("\n")), func(m *jsonrpc.Message) {
		p.deliver(wire.StdoutPiece(append(m.Encode(), '\n')))
	})
	return nil
}

// Wait implements wire.Pipe. What this server does on its own is tell a
// 2025-11-25 session that a list changed or that a resource it subscribed
// to was updated, between responses (stdio.Serve's watcher,
// mcp.Server.WatchSession); otherwise there is nothing to wait for.
func (p *Pipe) Wait(ctx context.Context, until func() bool) error {
	if until() {
		return nil
	}
	if !p.srv.ListChanged() && !p.peer.Conn().Subscribed() {
		return wire.ErrIdle
	}
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	err := p.srv.WatchSession(wctx, p.peer.Conn(), nil, func(n *jsonrpc.Message) {
		p.deliver(wire.StdoutPiece(append(n.Encode(), '\n')))
		if until() {
			stop()
		}
	})
	if until() {
		return nil
	}
	if err == nil {
		return wire.ErrIdle // the server is stopping
	}
	return err
}

// CloseStdin implements wire.Pipe: the process sees EOF, cancels what still
// runs and exits.
func (p *Pipe) CloseStdin(context.Context) error {
	p.deliver(wire.CloseStdinPiece())
	p.peer.Conn().CancelAll()
	p.srv.Logf("stdin closed; exiting")
	p.deliver(wire.ExitPiece("exit status 0"))
	return nil
}
