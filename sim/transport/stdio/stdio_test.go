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
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/toolbox"
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

// pipes runs Serve on srv over real pipes: send writes a line to its
// stdin, next reads a line of its stdout (lines reads the rest), done
// reports Serve's end; close inW for EOF.
func pipes(t *testing.T, srv *mcp.Server) (inW *io.PipeWriter, send func(string), next func() string, lines *bufio.Scanner, done chan error) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done = make(chan error, 1)
	go func() { done <- Serve(context.Background(), srv, inR, outW); outW.Close() }()
	lines = bufio.NewScanner(outR)
	send = func(s string) {
		if _, err := io.WriteString(inW, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	next = func() string {
		if !lines.Scan() {
			t.Fatalf("stdout closed early: %v", lines.Err())
		}
		return lines.Text()
	}
	return inW, send, next, lines, done
}

// TestServeOverRealPipes drives Serve like a host would: a legacy
// handshake, junk, a slow call cancelled by notifications/cancelled, then
// EOF. Stdout must carry only JSON-RPC lines.
func TestServeOverRealPipes(t *testing.T) {
	logs := &logBuf{}
	inW, send, next, lines, done := pipes(t, labserver.NewServer(mcp.Config{Logf: logs.logf}))

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

func serveAll(t *testing.T, input string) []string {
	t.Helper()
	var out bytes.Buffer
	if err := Serve(context.Background(), labserver.NewServer(mcp.Config{}), strings.NewReader(input), &out); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// TestServeKeepsOrder: piped messages are handled in the order they were
// written, so a tools/list sent before notifications/initialized is
// refused even when everything arrives at once.
func TestServeKeepsOrder(t *testing.T) {
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for i := 0; i < 20; i++ {
		lines := serveAll(t, init+"\n"+`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`+"\n"+`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"+`{"jsonrpc":"2.0","id":3,"method":"ping"}`+"\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[1], `{"jsonrpc":"2.0","id":2,"error":{"code":-32600`) || lines[2] != `{"jsonrpc":"2.0","id":3,"result":{}}` {
			t.Fatalf("run %d: %q", i, lines)
		}
	}
}

// TestServeAnswersWhatWasReadBeforeEOF: `printf '<tools/call>' | devserver
// -stdio` gets its answer; a request still running after EOFGrace is
// cancelled and the server exits.
func TestServeAnswersWhatWasReadBeforeEOF(t *testing.T) {
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"office_days","arguments":{"employee":"e03"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	lines := serveAll(t, call+"\n")
	if len(lines) != 1 || !strings.Contains(lines[0], `"id":1,"result":{"resultType":"complete"`) {
		t.Fatalf("got %q", lines)
	}

	old := EOFGrace
	EOFGrace = 200 * time.Millisecond
	defer func() { EOFGrace = old }()
	slow := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":10},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	start := time.Now()
	out := serveAll(t, slow+"\n")
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("Serve took %s after EOF with a 10 s tool running", d)
	}
	if len(out) != 1 || out[0] != "" {
		t.Fatalf("a cancelled request was answered: %q", out)
	}
}

const modernMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`

// Issue 12 item 8: a line over MaxLine gets a JSON-RPC error and serving
// goes on (HTTP answers 413 and goes on too); a line of exactly MaxLine
// bytes is served.
func TestServeSkipsAnOverlongLine(t *testing.T) {
	discover := `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{` + modernMeta + `}}`
	exact := `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{` + modernMeta + `}}`
	exact += strings.Repeat(" ", MaxLine-len(exact))
	long := "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"" + strings.Repeat("x", MaxLine) + "\"}"
	lines := serveAll(t, long+"\n"+discover+"\n"+exact+"\n")
	want0 := fmt.Sprintf(`{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: line too long (%d bytes; the limit is 4 MiB); it was skipped"}}`, len(long))
	if len(lines) != 3 || lines[0] != want0 || !strings.HasPrefix(lines[1], `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions"`) ||
		!strings.HasPrefix(lines[2], `{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","tools":[`) {
		for i, l := range lines {
			lines[i] = fmt.Sprintf("%.200s", l)
		}
		t.Fatalf("got %q", lines)
	}
}

// Issue 12 item 5: when ctx ends (SIGINT/SIGTERM in the dev server) Serve
// cancels the running call and returns at once, although stdin stays open
// and the reader is blocked in it.
func TestServeStopsWhenCtxEndsWithStdinOpen(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	var out syncWriter
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, labserver.NewServer(mcp.Config{}), inR, &out) }()
	slow := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":10},` + modernMeta + `}}`
	if _, err := io.WriteString(inW, slow+"\n"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // the call is running, the reader waits for more input
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Serve returned %v, want context.Canceled", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Serve still running 3 s after ctx ended (stdin open)")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Serve took %s to stop", d)
	}
	if s := out.String(); strings.Contains(s, `"id":1`) {
		t.Errorf("the cancelled call was answered: %s", s)
	}
}

// Issue 12 items 2 and 7 over stdio: a progressToken the server would
// repeat is bounded and must be a string or integer, and invalid UTF-8 is a
// parse error, so every stdout line is valid JSON text.
func TestServeEchoesOnlySafeClientValues(t *testing.T) {
	call := func(id, token string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":1},"_meta":{"progressToken":` + token + `,"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	}
	bad1, bad2 := call("1", `"p`+"\xfe"+`q"`), call(`"a`+"\xff"+`"`, `"ok"`)
	lines := serveAll(t, strings.Join([]string{
		bad1,
		bad2,
		call("3", `"`+strings.Repeat("t", mcp.MaxProgressTokenBytes)+`"`),
		call("4", `1.5`),
		call("5", `"`+strings.Repeat("t", mcp.MaxProgressTokenBytes-2)+`"`),
	}, "\n")+"\n")
	for _, l := range lines {
		if !utf8.ValidString(l) || !json.Valid([]byte(l)) {
			t.Errorf("stdout line is not JSON text: %q", l)
		}
	}
	want := []string{
		fmt.Sprintf(`{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: the message is not valid UTF-8 (first invalid byte at offset %d)"}}`, strings.IndexByte(bad1, 0xfe)),
		fmt.Sprintf(`{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: the message is not valid UTF-8 (first invalid byte at offset %d)"}}`, strings.IndexByte(bad2, 0xff)),
		`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: _meta.progressToken is 258 bytes long; this server accepts at most 256 bytes (it repeats the token in every progress notification)"}}`,
		`{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params: _meta.progressToken must be a string or an integer (basic/patterns/progress)"}}`,
	}
	if len(lines) != 6 {
		t.Fatalf("%d lines: %q", len(lines), lines)
	}
	// The two parse errors are answered by the reader before it reads on,
	// so they come first, in order. Requests 3, 4 and 5 then run side by
	// side (2026-07-28 requests are independent): their lines may come in
	// any order, except that 5's progress precedes 5's result.
	for i, w := range want[:2] {
		if lines[i] != w {
			t.Errorf("line %d\n got %s\nwant %s", i, lines[i], w)
		}
	}
	at := map[string]int{}
	progress, result := -1, -1
	for i, l := range lines[2:] {
		at[l] = i
		if strings.HasPrefix(l, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tttt`) {
			progress = i
		}
		if strings.Contains(l, `"id":5,"result"`) {
			result = i
		}
	}
	for _, w := range want[2:] {
		if _, ok := at[w]; !ok {
			t.Errorf("no line\n%s\namong %q", w, lines[2:])
		}
	}
	if progress < 0 || result < 0 || progress > result {
		t.Errorf("a token of exactly %d bytes: progress at %d, result at %d of %q", mcp.MaxProgressTokenBytes, progress, result, lines[2:])
	}
}

type syncWriter struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestServeAnswerOvertakesQueue: a 2025-11-25 tool waits for the client's
// answer to its own request; the answer is read while the tool runs and
// reaches it, and a request sent meanwhile is answered without waiting for
// the tool (requests of an initialized session run side by side).
func TestServeAnswerOvertakesQueue(t *testing.T) {
	inW, send, next, _, done := pipes(t, labserver.NewServer(mcp.Config{Tools: toolbox.Course()}))
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{}},"clientInfo":{"name":"t","version":"1"}}}`)
	next()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"export_roster","arguments":{"department":"Sales"}}}`)
	send(`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`) // sent while the call waits for its answer
	asked, listed := false, false
	for !asked || !listed {
		switch got := next(); {
		case got == `{"jsonrpc":"2.0","id":1,"method":"roots/list"}` && !asked:
			asked = true
		case strings.HasPrefix(got, `{"jsonrpc":"2.0","id":3,"result":{"tools":[`) && !listed:
			listed = true
		default:
			t.Fatalf("want the server's roots/list request and the tools/list answer, got %s", got)
		}
	}
	send(`{"jsonrpc":"2.0","id":1,"result":{"roots":[{"uri":"file:///srv/ws"}]}}`)
	if got := next(); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Saved the Sales roster (2 employees: e02, e06) to file:///srv/ws/rosters/sales.csv`) {
		t.Fatalf("tools/call: %s", got)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestOvertakes: only cancellations and responses skip the queue.
func TestOvertakes(t *testing.T) {
	for line, want := range map[string]bool{
		`{"jsonrpc":"2.0","id":1,"result":{}}`:                                          true,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"no"}}`:                   true,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`: true,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`:                                false,
		`{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}`:                 false,
		`not json`: false,
	} {
		m, err := jsonrpc.Decode([]byte(line))
		if (err == nil && overtakes(m)) != want {
			t.Errorf("overtakes(%s) = %v", line, !want)
		}
	}
}

// TestServeAnswersWhileSubscribed: a 2026-07-28 subscriptions/listen stays
// open, and the requests sent after it are answered meanwhile (they do not
// wait behind it); its notifications carry its id; EOF ends it.
func TestServeAnswersWhileSubscribed(t *testing.T) {
	srv := labserver.NewServer(mcp.Config{})
	inW, send, next, _, done := pipes(t, srv)
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	send(`{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":{` + meta + `,"notifications":{"resourceSubscriptions":["company://handbook/expenses"]}}}`)
	if got := next(); !strings.Contains(got, `"method":"notifications/subscriptions/acknowledged"`) {
		t.Fatalf("want the acknowledgment first, got %s", got)
	}
	send(`{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{` + meta + `,"uri":"company://handbook/expenses"}}`)
	if got := next(); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","contents":[`) {
		t.Fatalf("resources/read while subscribed: %s", got)
	}
	srv.ResourceUpdated("company://handbook/expenses")
	if got := next(); !strings.Contains(got, `"method":"notifications/resources/updated"`) || !strings.Contains(got, `"io.modelcontextprotocol/subscriptionId":1`) {
		t.Fatalf("update: %s", got)
	}
	inW.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the open subscription kept the server from exiting")
	}
}

// TestServeAnswersWhileAToolRuns: requests run side by side once nothing
// they depend on can change (2026-07-28 requests always; a 2025-11-25
// session once initialized): a tools/list or a ping sent while the slow
// export runs is answered before the export's result.
func TestServeAnswersWhileAToolRuns(t *testing.T) {
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	for _, legacy := range []bool{false, true} {
		inW, send, next, _, done := pipes(t, labserver.NewServer(mcp.Config{}))
		call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":1},` + meta + `}}`
		other := `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{` + meta + `}}`
		want := `{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","tools":[`
		if legacy {
			send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
			next()
			send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			call = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":1}}}`
			other, want = `{"jsonrpc":"2.0","id":3,"method":"ping"}`, `{"jsonrpc":"2.0","id":3,"result":{}}`
		}
		send(call)
		send(other)
		if got := next(); !strings.HasPrefix(got, want) {
			t.Fatalf("legacy %v: want the answer to id 3 first, got %.200s", legacy, got)
		}
		if got := next(); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":2,"result":`) {
			t.Fatalf("legacy %v: then the export, got %.200s", legacy, got)
		}
		inW.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// endlessRequests is stdin with 2026-07-28 tools/list requests for ever,
// counting the bytes Serve has taken.
type endlessRequests struct {
	line []byte
	off  int
	read atomic.Int64
}

func (e *endlessRequests) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k := copy(p[n:], e.line[e.off:])
		n += k
		e.off = (e.off + k) % len(e.line)
	}
	e.read.Add(int64(n))
	return n, nil
}

// blockedWriter is a stdout nobody reads: every Write waits for ever (or
// until release is closed).
type blockedWriter struct{ release chan struct{} }

func (b blockedWriter) Write(p []byte) (int, error) {
	<-b.release
	return 0, io.ErrClosedPipe
}

// Issue 27 item 8: with stdout unread, Serve stops reading stdin once a
// bounded number of answers wait: the requests it took stay a few hundred
// (the pending answers, the queue, the reader's buffer) however many the
// client queues. Before, it read on without limit, one goroutine and one
// answer held per request (100,000 requests: 1.5 GB).
func TestServeStopsReadingWhileStdoutIsBehind(t *testing.T) {
	srv := labserver.NewServer(mcp.Config{Tools: toolbox.Course()})
	req := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}` + "\n"
	in := &endlessRequests{line: []byte(req)}
	out := blockedWriter{release: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, srv, in, out) }()
	// Wait until the reading stops (the count holds for 300 ms), or it
	// has gone past any bound.
	bound := int64(64<<10 + (MaxPendingWrites+64+MaxRunning+8)*len(req)) // the reader's buffer, the answers waiting, the queue, the running
	last := int64(-1)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		n := in.read.Load()
		if n > bound || n == last {
			break
		}
		last = n
		time.Sleep(300 * time.Millisecond)
	}
	taken := in.read.Load()
	t.Logf("stdout unread: Serve took %d requests (%d bytes) of stdin and stopped (bound %d bytes)", taken/int64(len(req)), taken, bound)
	if taken > bound {
		t.Errorf("Serve read %d bytes of stdin with stdout unread: no backpressure", taken)
	}
	cancel()
	close(out.release)
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("Serve did not stop")
	}
}
