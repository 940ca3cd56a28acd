package wire

import (
	"bytes"
	"context"
	"errors"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/trace"
)

// Pipe is a stdio connection to a server process as its client sees it
// (2026-07-28 basic/transports/stdio, 2025-11-25 basic/transports §stdio):
// newline-delimited JSON-RPC lines to its stdin and from its stdout,
// diagnostics on its stderr, end of input and exit. VirtualPipe runs an
// in-process server; sim/realwire a real process.
type Pipe interface {
	// Attach sets where the pipe delivers its pieces, in order: each line
	// written to stdin, each line read from stdout or stderr, the close of
	// stdin and the process's exit. Call it once, before Start.
	Attach(sink func(*Piece))
	// Start launches the server.
	Start(ctx context.Context) error
	// Write writes one line, newline included, to the server's stdin.
	Write(ctx context.Context, line []byte) error
	// Wait lets the server run and delivers what it writes until until
	// reports true, ctx ends or the server exits. A virtual pipe delivers a
	// request's answer during Write; its Wait only runs what the server
	// does on its own (a tool-list watcher) and returns ErrIdle when
	// nothing more can come without more input.
	Wait(ctx context.Context, until func() bool) error
	// CloseStdin closes the server's stdin and waits for it to exit (stdio
	// §Shutdown: the client closes the input stream, the server exits).
	CloseStdin(ctx context.Context) error
}

// ErrIdle reports that a virtual server has nothing more to write until it
// is sent something.
var ErrIdle = errors.New("wire: the server has nothing more to write")

// StdinPiece is a line the client writes to stdin.
func StdinPiece(line []byte) *Piece {
	var msgs []*jsonrpc.Message
	if m := Decode(bytes.TrimRight(line, "\r\n")); m != nil {
		msgs = append(msgs, m)
	}
	return newPiece(trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Raw: string(line)}, msgs)
}

// StdoutPiece is a line the server wrote to stdout (newline included). A
// line that is not one JSON-RPC message has Invalid set: stdio §Messages
// says the server "MUST NOT write anything to its stdout that is not a
// valid MCP message", so a client cannot read past it.
func StdoutPiece(line []byte) *Piece {
	p := newPiece(trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Raw: string(line)}, nil)
	m, invalid := DecodeLine(line)
	if invalid != "" {
		p.Invalid = invalid
		return p
	}
	p.Msgs = []*jsonrpc.Message{m}
	p.Event.Messages = Raw(m)
	return p
}

// DecodeLine reads one line of a stdio pipe (its newline, and a CR before
// it, are framing): the JSON-RPC message, or the decoder's message when the
// line is not one. It is the one "invalid line" rule: stdio §Messages, the
// server "MUST NOT write anything to its stdout that is not a valid MCP
// message" (nor the client to stdin); the client's pipe (StdoutPiece), the
// checker's stdout check and the trace's classes all decide through it.
func DecodeLine(line []byte) (m *jsonrpc.Message, invalid string) {
	m, err := jsonrpc.Decode(bytes.TrimRight(line, "\r\n"))
	if err != nil {
		return nil, err.Err.Message
	}
	return m, ""
}

// StderrPiece is a diagnostic line on stderr (stdio §Messages: the server
// MAY write UTF-8 logs there).
func StderrPiece(line string) *Piece {
	return newPiece(trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stderr, Kind: trace.KindMessage, Raw: line}, nil)
}

// CloseStdinPiece is the client closing the server's stdin.
func CloseStdinPiece() *Piece { return ClosePiece(trace.Client, trace.Server, trace.Stdin) }

// ExitPiece is the server process exiting, as the host sees it.
func ExitPiece(status string) *Piece {
	return newPiece(trace.Event{From: trace.Server, To: trace.Host, Channel: trace.HostChannel, Kind: trace.KindClose, Raw: status + "\n"}, nil)
}
