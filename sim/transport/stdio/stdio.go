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
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// MaxLine is the longest line the server accepts (4 MiB, as the HTTP cap).
const MaxLine = 4 << 20

// Banner is the line the server process writes on stderr when it starts
// (the dev server's -stdio, and the simulator's stdio server).
func Banner(srv *mcp.Server) string {
	return fmt.Sprintf("%s %s serving MCP on stdio (versions %s); logs on stderr, Ctrl+D or EOF to stop",
		srv.Info().Name, srv.Info().Version, strings.Join(srv.Supported(), ", "))
}

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
	m, derr, blank := decodeLine(line)
	if !blank {
		p.handle(ctx, m, derr, emit)
	}
}

// decodeLine decodes one line once; blank lines carry nothing.
func decodeLine(line []byte) (*jsonrpc.Message, *jsonrpc.DecodeError, bool) {
	line = bytes.TrimRight(line, "\r")
	if len(bytes.TrimSpace(line)) == 0 {
		return nil, nil, true
	}
	m, derr := jsonrpc.Decode(line)
	return m, derr, false
}

func (p *Peer) handle(ctx context.Context, m *jsonrpc.Message, derr *jsonrpc.DecodeError, emit func(*jsonrpc.Message)) {
	// A pipe does not time out: stdio has no keep-alive to send.
	emit = skipKeepAlive(emit)
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

// tooLong answers a line longer than MaxLine, which was skipped unread:
// the server keeps serving, as the HTTP transport answers 413 and goes on.
func tooLong(n int) *jsonrpc.Message {
	return jsonrpc.ErrorResponse(jsonrpc.ID{}, &jsonrpc.Error{Code: protocol.CodeInvalidRequest,
		Message: fmt.Sprintf("Invalid Request: line too long (%d bytes; the limit is %d MiB); it was skipped", n, MaxLine>>20)})
}

// MaxPendingWrites is how many answers may wait for stdout before Serve
// stops reading stdin; MaxRunning how many requests run on their own at
// once (past it they wait their turn in the queue, and the reader behind
// it). Together they bound what a client that writes without reading can
// make the server hold.
var (
	MaxPendingWrites = 64
	MaxRunning       = 256
)

// EOFGrace is how long Serve lets requests that were already read finish
// after stdin closes, before it cancels what is still running and exits.
// A pipeline like `printf '<request>' | devserver -stdio` gets its answer;
// a slow tool does not keep a closed session alive (stdio §Shutdown: the
// server SHOULD exit promptly when its input closes).
var EOFGrace = 3 * time.Second

// Serve runs the server over real streams until in reaches EOF or ctx ends.
// Messages are taken in the order they arrive: initialize and every
// notification are handled in turn, so the 2025-11-25 lifecycle sees
// initialize, notifications/initialized and the requests after them in
// sequence; every other request then runs on its own, so a slow tool call
// does not hold up a ping or a tools/list behind it (the very thing
// `devserver check` grades as responsive-during-call; stdio §Receiving
// Messages: responses are "correlated by JSON-RPC id", in any order).
// notifications/cancelled and responses to the server's own requests
// bypass the queue (overtakes).
// Writes to out are serialised, one message per line; nothing but protocol
// messages is ever written to out.
//
// When ctx ends (the dev server got SIGINT or SIGTERM) Serve cancels what
// is running and returns ctx's error at once, even though in is still
// open: a blocked read of stdin cannot be interrupted, so the reading
// goroutine is left behind for the exiting process to end.
func Serve(ctx context.Context, srv *mcp.Server, in io.Reader, out io.Writer) error {
	p := NewPeer(srv)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wmu    sync.Mutex
		werr   error
		closed bool // Serve returned: nothing more reaches out
		wg     sync.WaitGroup
	)
	// Backpressure: the answers waiting to be written are counted, and
	// the reader takes no further line while MaxPendingWrites of them wait
	// (nobody reads stdout). Without it 100,000 requests queued on stdin
	// with stdout unread held 1.5 GB of answers and goroutines.
	var (
		bmu     sync.Mutex
		behind  = sync.NewCond(&bmu)
		pending int
	)
	stopWaiting := context.AfterFunc(ctx, func() { bmu.Lock(); behind.Broadcast(); bmu.Unlock() })
	defer stopWaiting()
	emit := func(m *jsonrpc.Message) {
		bmu.Lock()
		pending++
		bmu.Unlock()
		defer func() {
			bmu.Lock()
			pending--
			behind.Broadcast()
			bmu.Unlock()
		}()
		b := append(m.Encode(), '\n')
		wmu.Lock()
		defer wmu.Unlock()
		if werr != nil || closed {
			return
		}
		if _, err := out.Write(b); err != nil {
			werr = err
			cancel()
		}
	}
	// caughtUp waits while the writer is behind; false when ctx ended.
	caughtUp := func() bool {
		bmu.Lock()
		defer bmu.Unlock()
		for pending >= MaxPendingWrites && ctx.Err() == nil {
			behind.Wait()
		}
		return ctx.Err() == nil
	}
	defer func() {
		wmu.Lock()
		closed = true
		wmu.Unlock()
	}()
	if srv.Notifies() {
		// 2025-11-25 sessions are told of list changes and of updates to
		// the resources they subscribed to, on stdout between responses.
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = srv.WatchSession(ctx, p.conn, nil, emit)
		}()
	}
	type item struct {
		m       *jsonrpc.Message
		derr    *jsonrpc.DecodeError
		tooLong int // bytes of a skipped over-long line
	}
	queue := make(chan item, 64)
	worked := make(chan struct{})
	var running sync.WaitGroup // requests handled on their own
	slots := make(chan struct{}, MaxRunning)
	go func() {
		defer close(worked)
		defer running.Wait()
		for {
			select {
			case it, ok := <-queue:
				if !ok {
					return
				}
				if it.tooLong > 0 {
					emit(tooLong(it.tooLong))
					continue
				}
				if it.derr == nil && p.runsAlone(it.m) {
					// At MaxRunning the queue waits, and then the reader.
					select {
					case slots <- struct{}{}:
					case <-ctx.Done():
						return
					}
					running.Add(1)
					go func() {
						defer running.Done()
						defer func() { <-slots }()
						p.handle(ctx, it.m, nil, emit)
					}()
					continue
				}
				p.handle(ctx, it.m, it.derr, emit)
			case <-ctx.Done():
				return
			}
		}
	}()
	var rerr error
	read := make(chan struct{})
	go func() {
		defer close(read)
		defer close(queue)
		br := bufio.NewReaderSize(in, 64*1024)
		for {
			if !caughtUp() {
				return
			}
			line, skipped, err := readLine(br, MaxLine)
			var it item
			switch {
			case skipped > 0:
				srv.Logf("stdin: a line of %d bytes exceeded the %d-byte limit; skipped it", skipped, MaxLine)
				it.tooLong = skipped
			case len(line) > 0:
				m, derr, blank := decodeLine(line)
				if blank {
					break
				}
				if derr == nil && overtakes(m) {
					p.handle(ctx, m, nil, emit)
					break
				}
				if derr == nil && m.Kind() == jsonrpc.KindRequest && m.Method == protocol.MethodListen {
					// A 2026-07-28 subscription stays open until the client
					// leaves, and the client goes on sending requests
					// meanwhile (basic/patterns/subscriptions: on stdio
					// "every subscription shares one channel"): it is served
					// beside the queue, or every request after it would wait
					// for it to end.
					wg.Add(1)
					go func() {
						defer wg.Done()
						p.handle(ctx, m, nil, emit)
					}()
					break
				}
				it.m, it.derr = m, derr
			}
			if it.m != nil || it.derr != nil || it.tooLong > 0 {
				select {
				case queue <- it:
				case <-ctx.Done():
					return
				}
			}
			if err != nil {
				if !errors.Is(err, io.EOF) {
					rerr = err
				}
				return
			}
		}
	}()
	select {
	case <-read:
	case <-ctx.Done():
		srv.Logf("stopping: cancelling requests still running")
		p.conn.CancelAll()
		cancel()
		<-worked
		wg.Wait()
		return ctx.Err()
	}
	select {
	case <-worked:
	case <-ctx.Done():
		p.conn.CancelAll()
		<-worked
	case <-time.After(EOFGrace):
		srv.Logf("stdin closed; cancelling requests still running after %s", EOFGrace)
		p.conn.CancelAll()
		<-worked
	}
	srv.Logf("stdin closed; exiting")
	cancel()
	wg.Wait()
	if rerr != nil {
		return fmt.Errorf("reading stdin: %w", rerr)
	}
	return werr
}

// readLine returns the next line without its newline. A line longer than
// max bytes is consumed and dropped: line is nil and skipped is its length;
// at most max bytes of it were ever held. err is io.EOF after the last line.
func readLine(br *bufio.Reader, max int) (line []byte, skipped int, err error) {
	n, over := 0, false
	for {
		chunk, rerr := br.ReadSlice('\n')
		chunk = bytes.TrimSuffix(chunk, []byte("\n")) // only a line's last chunk has it
		n += len(chunk)
		if !over && n > max {
			over, line = true, nil
		}
		if !over {
			line = append(line, chunk...)
		}
		if rerr == bufio.ErrBufferFull {
			continue
		}
		if over {
			return nil, n, rerr
		}
		return line, 0, rerr
	}
}

// runsAlone reports whether a request need not wait for the one before it
// to finish: a 2026-07-28 request (it carries everything it needs in its
// _meta) or one of an initialized 2025-11-25 session. initialize, and any
// request while the handshake is under way, are handled in turn, so a
// request sent before notifications/initialized is refused as it must be.
func (p *Peer) runsAlone(m *jsonrpc.Message) bool {
	if m == nil || m.Kind() != jsonrpc.KindRequest || m.Method == protocol.MethodInitialize {
		return false
	}
	if p.conn.Ready() {
		return true
	}
	var params struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	_ = json.Unmarshal(m.Params, &params)
	_, modern := params.Meta[protocol.MetaProtocolVersion]
	return modern
}

// overtakes reports whether a message must not wait behind the requests in
// the queue: notifications/cancelled, which must reach the request it
// cancels while that request runs, and a response to one of the server's
// own requests (2025-11-25), which the request that asked is waiting for.
func overtakes(m *jsonrpc.Message) bool {
	switch m.Kind() {
	case jsonrpc.KindResult, jsonrpc.KindError:
		return true
	}
	return m.Kind() == jsonrpc.KindNotification && m.Method == protocol.MethodCancelled
}

func skipKeepAlive(emit func(*jsonrpc.Message)) func(*jsonrpc.Message) {
	return func(m *jsonrpc.Message) {
		if m != mcp.KeepAlive {
			emit(m)
		}
	}
}
