// Package stdio is the MCP stdio transport: newline-delimited JSON-RPC on
// the server's stdin and stdout, diagnostics on stderr, end of input ends
// the server (2026-07-28 basic/transports/stdio; 2025-11-25
// basic/transports §stdio).
//
// Peer holds the per-process protocol state and turns one input line into
// output messages; the simulator calls it synchronously, Serve drives it
// from a real reader and writer.
package stdio

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
)

// MaxLine is the longest line the server accepts (4 MiB, as the HTTP cap).
const MaxLine = 4 << 20

// Peer is the server end of one stdio connection (one process lifetime).
type Peer struct {
	srv  *mcp.Server
	conn *mcp.Conn
}

// NewPeer returns the server side of a fresh process.
func NewPeer(srv *mcp.Server) *Peer { return &Peer{srv: srv, conn: mcp.NewConn()} }

// Conn exposes the connection state (for cancellation on EOF).
func (p *Peer) Conn() *mcp.Conn { return p.conn }

// HandleLine processes one line read from stdin. emit is called for every
// message the server writes to stdout, in order (notifications first, then
// the response). A line that is not JSON gets a -32700 error response with
// no id; an invalid message gets -32600 with the id when it was readable
// (JSON-RPC 2.0 §5.1). Blank lines are skipped.
func (p *Peer) HandleLine(ctx context.Context, line []byte, emit func(*jsonrpc.Message)) {
	// A pipe does not time out: stdio has no keep-alive to send.
	emit = skipKeepAlive(emit)
	line = bytes.TrimRight(line, "\r")
	if len(bytes.TrimSpace(line)) == 0 {
		return
	}
	m, derr := jsonrpc.Decode(line)
	if derr != nil {
		p.srv.Logf("stdin: %s", derr.Err.Message)
		emit(jsonrpc.ErrorResponse(derr.ID, derr.Err))
		return
	}
	r := p.srv.Handle(ctx, p.conn, m, emit)
	if r.Msg != nil && m.Kind() != jsonrpc.KindResult && m.Kind() != jsonrpc.KindError {
		// A response is never answered (JSON-RPC 2.0 §5: responses go only
		// to requests); what the server makes of an unexpected one goes to
		// stderr.
		emit(r.Msg)
	} else if r.Msg != nil && r.Msg.Error != nil {
		p.srv.Logf("stdin: %s", r.Msg.Error.Message)
	}
}

// EOFGrace is how long Serve lets requests that were already read finish
// after stdin closes, before it cancels what is still running and exits.
// A pipeline like `printf '<request>' | devserver -stdio` gets its answer;
// a slow tool does not keep a closed session alive (stdio §Shutdown: the
// server SHOULD exit promptly when its input closes).
var EOFGrace = 3 * time.Second

// Serve runs the server over real streams until in reaches EOF or ctx ends.
// Messages are handled one at a time in the order they arrive, so the
// 2025-11-25 lifecycle sees initialize, notifications/initialized and the
// requests after them in sequence. notifications/cancelled and responses to
// the server's own requests bypass the queue (overtakes).
// Writes to out are serialised, one message per line; nothing but protocol
// messages is ever written to out.
func Serve(ctx context.Context, srv *mcp.Server, in io.Reader, out io.Writer) error {
	p := NewPeer(srv)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wmu  sync.Mutex
		werr error
		wg   sync.WaitGroup
	)
	emit := func(m *jsonrpc.Message) {
		wmu.Lock()
		defer wmu.Unlock()
		if werr != nil {
			return
		}
		b := append(m.Encode(), '\n')
		if _, err := out.Write(b); err != nil {
			werr = err
			cancel()
		}
	}
	if srv.Notifies() {
		// 2025-11-25 sessions are told of list changes and of updates to
		// the resources they subscribed to, on stdout between responses.
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = srv.WatchSession(ctx, p.conn, nil, emit)
		}()
	}
	queue := make(chan []byte, 64)
	worked := make(chan struct{})
	go func() {
		defer close(worked)
		for line := range queue {
			p.HandleLine(ctx, line, emit)
		}
	}()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), MaxLine)
	for sc.Scan() {
		line := append([]byte(nil), sc.Bytes()...)
		if overtakes(line) {
			p.HandleLine(ctx, line, emit)
			continue
		}
		queue <- line
	}
	close(queue)
	err := sc.Err()
	if errors.Is(err, bufio.ErrTooLong) {
		srv.Logf("stdin: a line exceeded %d bytes; closing", MaxLine)
	}
	select {
	case <-worked:
	case <-time.After(EOFGrace):
		srv.Logf("stdin closed; cancelling requests still running after %s", EOFGrace)
		p.conn.CancelAll()
		<-worked
	}
	srv.Logf("stdin closed; exiting")
	cancel()
	wg.Wait()
	if err != nil {
		return fmt.Errorf("reading stdin: %w", err)
	}
	return werr
}

// overtakes reports whether a line must not wait behind the requests in
// the queue: notifications/cancelled, which must reach the request it
// cancels while that request runs, and a response to one of the server's
// own requests (2025-11-25), which the request that asked is waiting for.
func overtakes(line []byte) bool {
	m, err := jsonrpc.Decode(line)
	if err != nil {
		return false
	}
	switch m.Kind() {
	case jsonrpc.KindResult, jsonrpc.KindError:
		return true
	}
	return m.Kind() == jsonrpc.KindNotification && m.Method == mcp.MethodCancelled
}

func skipKeepAlive(emit func(*jsonrpc.Message)) func(*jsonrpc.Message) {
	return func(m *jsonrpc.Message) {
		if m != mcp.KeepAlive {
			emit(m)
		}
	}
}
