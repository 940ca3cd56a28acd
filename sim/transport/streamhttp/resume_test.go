package streamhttp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// The exact events of export_timesheets(Sales, steps) with progressToken
// "t1" and request id 7.
func progressData(k, steps int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":%d,"total":%d,"message":"Exported week %d of %d"}}`, k, steps, k, steps)
}

const salesResult3 = `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"Exported 3 weeks of timesheets for Sales (2 employees, 6 rows) to timesheets-sales.csv."},{"type":"text","text":"{\"department\":\"Sales\",\"weeks\":3,\"employees\":2,\"rows\":6,\"file\":\"timesheets-sales.csv\"}"}],"structuredContent":{"department":"Sales","weeks":3,"employees":2,"rows":6,"file":"timesheets-sales.csv"},"isError":false}}`

const salesResult2 = `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"Exported 2 weeks of timesheets for Sales (2 employees, 4 rows) to timesheets-sales.csv."},{"type":"text","text":"{\"department\":\"Sales\",\"weeks\":2,\"employees\":2,\"rows\":4,\"file\":\"timesheets-sales.csv\"}"}],"structuredContent":{"department":"Sales","weeks":2,"employees":2,"rows":4,"file":"timesheets-sales.csv"},"isError":false}}`

func exportCall(steps int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":%d},"_meta":{"progressToken":"t1"}}}`, steps)
}

// legacySession runs the 2025-11-25 handshake and returns the session's
// header lines.
func legacySession(t *testing.T, h http.Handler) []string {
	t.Helper()
	w := do(t, h, post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	sid := w.Header().Get(protocol.HeaderSessionID)
	if w.Code != 200 || sid == "" {
		t.Fatalf("initialize: %d %s", w.Code, w.Body.String())
	}
	sess := []string{"Mcp-Session-Id: " + sid, "MCP-Protocol-Version: 2025-11-25"}
	if w := do(t, h, post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, sess...)); w.Code != 202 {
		t.Fatalf("initialized: %d", w.Code)
	}
	return sess
}

func counter(prefix string) func() string {
	n := 0
	return func() string { n++; return fmt.Sprintf("%s%d", prefix, n) }
}

func resumeGET(sess []string, lastID string) string {
	var b strings.Builder
	b.WriteString("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: text/event-stream\r\n")
	for _, h := range sess {
		b.WriteString(h + "\r\n")
	}
	if lastID != "" {
		b.WriteString("Last-Event-ID: " + lastID + "\r\n")
	}
	b.WriteString("\r\n")
	return b.String()
}

func checkSSEHeaders(t *testing.T, h http.Header) {
	t.Helper()
	if h.Get("Content-Type") != "text/event-stream" || h.Get("Cache-Control") != "no-cache" || h.Get("X-Accel-Buffering") != "no" {
		t.Fatalf("SSE headers: %v", h)
	}
}

// TestLegacyStreamPrimingAndIDs: a 2025-11-25 SSE stream starts with the
// priming event n-0 and every message event carries n-k; each POST stream of
// a session gets the next n.
func TestLegacyStreamPrimingAndIDs(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: noSleep}), NewSessionID: counter("s")})
	sess := legacySession(t, h)
	w := do(t, h, post(exportCall(2), sess...))
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	checkSSEHeaders(t, w.Header())
	want := "id: 1-0\ndata:\n\n" +
		"id: 1-1\nevent: message\ndata: " + progressData(1, 2) + "\n\n" +
		"id: 1-2\nevent: message\ndata: " + progressData(2, 2) + "\n\n" +
		"id: 1-3\nevent: message\ndata: " + salesResult2 + "\n\n"
	if got := w.Body.String(); got != want {
		t.Fatalf("stream 1:\ngot  %q\nwant %q", got, want)
	}
	// A plain JSON reply opens no stream and uses no number.
	if w := do(t, h, post(`{"jsonrpc":"2.0","id":"p","method":"ping"}`, sess...)); w.Body.String() != `{"jsonrpc":"2.0","id":"p","result":{}}` {
		t.Fatalf("ping: %q", w.Body.String())
	}
	w = do(t, h, post(exportCall(2), sess...))
	if got, want := w.Body.String(), strings.ReplaceAll(want, "id: 1-", "id: 2-"); got != want {
		t.Fatalf("stream 2:\ngot  %q\nwant %q", got, want)
	}
	// Numbers are per session.
	other := legacySession(t, h)
	if got := do(t, h, post(exportCall(2), other...)).Body.String(); got != want {
		t.Fatalf("first stream of another session:\ngot  %q\nwant %q", got, want)
	}
}

// disconnectAfter returns a server whose clock cancels the POST's context
// (the client closing the connection) when the tool starts step n+1, i.e.
// right after progress n went out. It records the server's log.
func disconnectAfter(n int, post *context.CancelFunc, logs *[]string) *mcp.Server {
	var sleeps int
	var mu sync.Mutex
	return labserver.NewServer(mcp.Config{
		Sleep: func(ctx context.Context, _ time.Duration) error {
			sleeps++
			if sleeps == n+1 {
				(*post)()
				// A disconnect that cancels reaches the request from
				// context.AfterFunc's goroutine: give it that moment, so
				// the test does not race it (one that does not cancel
				// just waits it out).
				select {
				case <-ctx.Done():
				case <-time.After(100 * time.Millisecond):
				}
			}
			return ctx.Err()
		},
		Logf: func(f string, a ...any) {
			mu.Lock()
			defer mu.Unlock()
			*logs = append(*logs, fmt.Sprintf(f, a...))
		},
	})
}

// postThenDisconnect opens a 2025-11-25 session and POSTs call (a
// three-week export) whose client disconnects once the server has worked
// through step number after (0: before the first); it returns once the
// handler does.
func postThenDisconnect(t *testing.T, call string, after int) (h *Handler, sess []string, w *httptest.ResponseRecorder, logs []string) {
	t.Helper()
	var cancelPost context.CancelFunc
	h = New(Options{Server: disconnectAfter(after, &cancelPost, &logs), NewSessionID: counter("s")})
	sess = legacySession(t, h)
	req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(post(call, sess...))))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelPost = cancel
	w = httptest.NewRecorder()
	h.ServeHTTP(w, req.WithContext(ctx))
	return h, sess, w, logs
}

// TestLegacyDisconnectDoesNotCancelAndResumes: §Sending Messages 6,
// "Disconnection SHOULD NOT be interpreted as the client cancelling its
// request"; the client resumes with Last-Event-ID and gets exactly what it
// missed (§Resumability and Redelivery 2).
func TestLegacyDisconnectDoesNotCancelAndResumes(t *testing.T) {
	h, sess, w, logs := postThenDisconnect(t, exportCall(3), 1) // returns once the tool is done
	want := "id: 1-0\ndata:\n\nid: 1-1\nevent: message\ndata: " + progressData(1, 3) + "\n\n"
	if got := w.Body.String(); got != want {
		t.Fatalf("POST body (the client left after 1-1):\ngot  %q\nwant %q", got, want)
	}
	for _, l := range logs {
		if strings.Contains(l, "cancel") {
			t.Fatalf("the disconnect cancelled the request: %q", l)
		}
	}

	g := do(t, h, resumeGET(sess, "1-1"))
	if g.Code != 200 {
		t.Fatalf("resume: %d %s", g.Code, g.Body.String())
	}
	checkSSEHeaders(t, g.Header())
	want = "id: 1-2\nevent: message\ndata: " + progressData(2, 3) + "\n\n" +
		"id: 1-3\nevent: message\ndata: " + progressData(3, 3) + "\n\n" +
		"id: 1-4\nevent: message\ndata: " + salesResult3 + "\n\n"
	if got := g.Body.String(); got != want {
		t.Fatalf("resumed stream:\ngot  %q\nwant %q", got, want)
	}
	// From the priming event: everything; from the last event: nothing.
	if got := do(t, h, resumeGET(sess, "1-0")).Body.String(); got != "id: 1-1\nevent: message\ndata: "+progressData(1, 3)+"\n\n"+want {
		t.Fatalf("resume from 1-0: %q", got)
	}
	if g := do(t, h, resumeGET(sess, "1-4")); g.Code != 200 || g.Body.Len() != 0 {
		t.Fatalf("resume from 1-4: %d %q", g.Code, g.Body.String())
	}
	// A GET without Last-Event-ID is still the standalone stream (no ids).
	gctx, gcancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer gcancel()
	greq, _ := http.ReadRequest(bufio.NewReader(strings.NewReader(resumeGET(sess, ""))))
	gw := httptest.NewRecorder()
	h.ServeHTTP(gw, greq.WithContext(gctx))
	if gw.Code != 200 || gw.Body.Len() != 0 {
		t.Fatalf("standalone GET: %d %q", gw.Code, gw.Body.String())
	}
}

// TestLegacyDisconnectBeforePrimingCancels: a request that asks for no
// progress gets no stream, so there is nothing to resume, and a disconnect
// cancels it as before.
func TestLegacyDisconnectBeforePrimingCancels(t *testing.T) {
	h, sess, w, logs := postThenDisconnect(t, strings.Replace(exportCall(3), `,"_meta":{"progressToken":"t1"}`, "", 1), 0)
	if w.Body.Len() != 0 {
		t.Fatalf("body after an early disconnect: %q", w.Body.String())
	}
	if !strings.Contains(strings.Join(logs, "\n"), "request 7 (export_timesheets) cancelled") {
		t.Fatalf("request not cancelled: %q", logs)
	}
	if g := do(t, h, resumeGET(sess, "1-0")); g.Code != 400 {
		t.Fatalf("resume of a stream never opened: %d", g.Code)
	}
}

// TestLegacyPrimesAtOnce: a request that asks for progress gets its stream
// and the priming event before the tool does any work (§Sending Messages
// 6, "immediately"), so even a disconnect before the first progress event
// leaves a stream to resume, and does not cancel.
func TestLegacyPrimesAtOnce(t *testing.T) {
	h, sess, w, logs := postThenDisconnect(t, exportCall(3), 0)
	if got := w.Body.String(); got != "id: 1-0\ndata:\n\n" {
		t.Fatalf("POST body of a client that left before the first progress: %q", got)
	}
	if strings.Contains(strings.Join(logs, "\n"), "cancelled") {
		t.Fatalf("the early disconnect cancelled a primed request: %q", logs)
	}
	if g := do(t, h, resumeGET(sess, "1-0")); g.Code != 200 || !strings.Contains(g.Body.String(), "id: 1-4") {
		t.Fatalf("resume from the priming event: %d %q", g.Code, g.Body.String())
	}
}

func TestResumeErrors(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: noSleep}), NewSessionID: counter("s")})
	a := legacySession(t, h)
	b := legacySession(t, h)
	do(t, h, post(exportCall(2), a...)) // session a has stream 1 (events 1-0 … 1-3)
	tests := []struct {
		name, lastID string
		sess         []string
		why          string
	}{
		{"malformed", "abc", a, `Last-Event-ID "abc" is not an event id of this server`},
		{"no event", "1", a, `Last-Event-ID "1" is not an event id`},
		{"negative", "1--1", a, "not an event id"},
		{"leading zero", "01-1", a, "not an event id"},
		{"stream 0", "0-0", a, "not an event id"},
		{"empty", " ", a, "not an event id"},
		{"unknown stream", "2-0", a, "this session has no stream 2"},
		{"event never sent", "1-4", a, "event 1-4 was never sent (the last event of stream 1 is 1-3)"},
		{"other session", "1-1", b, "this session has no stream 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(t, h, resumeGET(tt.sess, tt.lastID))
			if w.Code != 400 {
				t.Fatalf("status %d, want 400: %s", w.Code, w.Body.String())
			}
			e := errorOf(t, w)
			if e.Code != protocol.CodeInvalidRequest || !strings.HasPrefix(e.Message, "Bad Request: cannot resume: ") || !strings.Contains(e.Message, tt.why) {
				t.Fatalf("error %d %q, want -32600 with %q", e.Code, e.Message, tt.why)
			}
		})
	}
	// An unknown session is a 404 (§Session Management 4), as for POST.
	if w := do(t, h, resumeGET([]string{"Mcp-Session-Id: nope"}, "1-0")); w.Code != 404 {
		t.Fatalf("unknown session: %d", w.Code)
	}
	// A deleted session's logs are gone with it.
	do(t, h, "DELETE /mcp HTTP/1.1\r\nHost: x\r\n"+a[0]+"\r\n\r\n")
	if w := do(t, h, resumeGET(a, "1-0")); w.Code != 404 {
		t.Fatalf("deleted session: %d", w.Code)
	}
}

// TestStreamLogBounds: 16 streams per session (oldest finished first) and
// 1000 events per stream; a resume that needs a dropped event is a 400.
func TestStreamLogBounds(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: noSleep}), NewSessionID: counter("s")})
	sess := legacySession(t, h)
	s := h.sessions["s1"]
	ping := jsonrpc.Notification("notifications/message", nil)

	long := s.open() // stream 1, running
	for i := 0; i < maxStreamEvents+5; i++ {
		s.log(long, ping, postWriter)
	}
	w := do(t, h, resumeGET(sess, "1-4"))
	if w.Code != 400 || !strings.Contains(errorOf(t, w).Message, "the events after 1-4 are no longer kept (the oldest kept is 1-6)") {
		t.Fatalf("dropped events: %d %s", w.Code, w.Body.String())
	}
	// 1-5 is enough: events 1-6 … 1-1005 are all kept. The stream is still
	// running, so read it over a real connection and stop after the replay.
	srv := httptest.NewServer(h)
	defer srv.Close()
	events := readEvents(t, srv.URL, sess, "1-5", maxStreamEvents)
	if events[0] != "id: 1-6\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}" || !strings.HasPrefix(events[len(events)-1], "id: 1-1005\n") {
		t.Fatalf("replay from 1-5: first %q last %q", events[0], events[len(events)-1])
	}
	s.finish(long)

	second := s.open() // stream 2, finished
	s.finish(second)
	for i := 3; i <= maxStreamLogs; i++ {
		s.open() // streams 3…16, running
	}
	s.open() // stream 17: evicts stream 1, the oldest finished one
	if w := do(t, h, resumeGET(sess, "1-1005")); w.Code != 400 || !strings.Contains(errorOf(t, w).Message, "the log of stream 1 is no longer kept") {
		t.Fatalf("stream 1 (oldest finished) still kept: %d %s", w.Code, w.Body.String())
	}
	if w := do(t, h, resumeGET(sess, "2-0")); w.Code != 200 {
		t.Fatalf("stream 2 evicted before stream 1: %d %s", w.Code, w.Body.String())
	}
	s.open() // stream 18: evicts stream 2, the only finished one
	if w := do(t, h, resumeGET(sess, "2-0")); w.Code != 400 {
		t.Fatalf("stream 2 still kept: %d", w.Code)
	}
	s.open() // stream 19: all running, the oldest (3) goes
	s.mu.Lock()
	var kept []int
	for _, st := range s.streams {
		kept = append(kept, st.n)
	}
	s.mu.Unlock()
	if fmt.Sprint(kept) != "[4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19]" {
		t.Fatalf("kept streams %v", kept)
	}
}

// readEvents GETs with Last-Event-ID over a real connection and returns
// the first n events (without their blank-line terminator), then hangs up.
func readEvents(t *testing.T, base string, sess []string, lastID string, n int) []string {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/mcp", nil)
	req.Header.Set("Accept", "text/event-stream")
	setHeaders(req, sess)
	req.Header.Set("Last-Event-ID", lastID)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET %s: %d %s", lastID, resp.StatusCode, b)
	}
	return sseEvents(t, bufio.NewReader(resp.Body), n)
}

// setHeaders sets "Name: value" header lines (a session's) on req.
func setHeaders(req *http.Request, lines []string) {
	for _, h := range lines {
		k, v, _ := strings.Cut(h, ": ")
		req.Header.Set(k, v)
	}
}

// sseEvents reads n events (blank-line terminated) from an SSE body.
func sseEvents(t *testing.T, r *bufio.Reader, n int) []string {
	t.Helper()
	var out []string
	var cur []string
	for len(out) < n {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("after %d events: %v", len(out), err)
		}
		line = strings.TrimSuffix(line, "\n")
		if line == "" {
			out = append(out, strings.Join(cur, "\n"))
			cur = nil
			continue
		}
		cur = append(cur, line)
	}
	return out
}

// stepper is a tool clock driven by the test: each Sleep waits for a step
// (or the request's cancellation).
type stepper struct {
	step    chan struct{}
	entered chan struct{}
}

func newStepper() *stepper {
	return &stepper{step: make(chan struct{}), entered: make(chan struct{}, 64)}
}

func (s *stepper) sleep(ctx context.Context, _ time.Duration) error {
	s.entered <- struct{}{}
	select {
	case <-s.step:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *stepper) wait(t *testing.T) {
	t.Helper()
	select {
	case <-s.entered:
	case <-time.After(5 * time.Second):
		t.Fatal("the tool did not reach its next step")
	}
}

// openStream POSTs the export over a real connection, lets the tool take
// its first step (the response headers go out with the first progress) and
// returns the response and a reader of its body.
func openStream(t *testing.T, base string, sess []string, steps int, st *stepper) (*http.Response, *bufio.Reader, context.CancelFunc) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", base+"/mcp", strings.NewReader(exportCall(steps)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	setHeaders(req, sess)
	type result struct {
		resp *http.Response
		err  error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		done <- result{resp, err}
	}()
	st.wait(t)
	st.step <- struct{}{}
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.resp, bufio.NewReader(r.resp.Body), cancel
}

// TestResumeLiveAndTakeover: a resuming GET first replays, then forwards
// new events as the (detached) request logs them, and ends with the
// response; a second resume takes the stream over from the first.
func TestResumeLiveAndTakeover(t *testing.T) {
	st := newStepper()
	var logs syncLog
	h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: st.sleep, Logf: logs.add}), NewSessionID: counter("s")})
	srv := httptest.NewServer(h)
	defer srv.Close()
	sess := legacySession(t, h)

	resp, body, hangUp := openStream(t, srv.URL, sess, 3, st)
	if got := sseEvents(t, body, 2); got[0] != "id: 1-0\ndata:" || got[1] != "id: 1-1\nevent: message\ndata: "+progressData(1, 3) {
		t.Fatalf("POST stream: %q", got)
	}
	hangUp()
	resp.Body.Close()

	// First resume: replays nothing yet, then gets 1-2 live.
	g1, err := http.NewRequest("GET", srv.URL+"/mcp", nil)
	if err != nil {
		t.Fatal(err)
	}
	g1.Header.Set("Accept", "text/event-stream")
	g1.Header.Set("Mcp-Session-Id", "s1")
	g1.Header.Set("Last-Event-ID", "1-1")
	r1, err := http.DefaultClient.Do(g1)
	if err != nil || r1.StatusCode != 200 {
		t.Fatalf("resume 1: %v %v", r1, err)
	}
	defer r1.Body.Close()
	st.wait(t)
	st.step <- struct{}{}
	b1 := bufio.NewReader(r1.Body)
	if got := sseEvents(t, b1, 1); got[0] != "id: 1-2\nevent: message\ndata: "+progressData(2, 3) {
		t.Fatalf("resume 1 live event: %q", got)
	}
	// Second resume from 1-1 takes over: it replays 1-2, the first
	// connection ends without anything more.
	r2Events := make(chan []string, 1)
	go func() {
		req, _ := http.NewRequest("GET", srv.URL+"/mcp", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Session-Id", "s1")
		req.Header.Set("Last-Event-ID", "1-1")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			r2Events <- []string{err.Error()}
			return
		}
		defer resp.Body.Close()
		all, _ := io.ReadAll(resp.Body)
		r2Events <- strings.Split(strings.TrimSuffix(string(all), "\n\n"), "\n\n")
	}()
	rest, err := io.ReadAll(b1) // ends when the second resume takes over
	if err != nil || len(rest) != 0 {
		t.Fatalf("first resume after takeover: %q %v", rest, err)
	}
	st.wait(t)
	st.step <- struct{}{}
	got := <-r2Events
	want := []string{
		"id: 1-2\nevent: message\ndata: " + progressData(2, 3),
		"id: 1-3\nevent: message\ndata: " + progressData(3, 3),
		"id: 1-4\nevent: message\ndata: " + salesResult3,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("second resume:\ngot  %q\nwant %q", got, want)
	}
	if strings.Contains(logs.String(), "cancel") {
		t.Fatalf("request was cancelled: %s", logs.String())
	}
}

// TestDetachedRequestEnds: a request whose client left still ends on
// DELETE of the session and on Stopping; a connected one ignores Stopping.
func TestDetachedRequestEnds(t *testing.T) {
	for _, how := range []string{"delete", "stopping", "cancelled", "eviction"} {
		t.Run(how, func(t *testing.T) {
			st := newStepper()
			var logs syncLog
			stopping, stop := context.WithCancel(context.Background())
			defer stop()
			h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: st.sleep, Logf: logs.add}), NewSessionID: counter("s"),
				Stopping: stopping, MaxSessions: 1})
			srv := httptest.NewServer(h)
			defer srv.Close()
			sess := legacySession(t, h)
			resp, body, hangUp := openStream(t, srv.URL, sess, 5, st)
			sseEvents(t, body, 2)
			if how == "stopping" {
				// Still connected: shutdown leaves it running.
				stop()
				st.wait(t)
				st.step <- struct{}{}
				if got := sseEvents(t, body, 1); got[0] != "id: 1-2\nevent: message\ndata: "+progressData(2, 5) {
					t.Fatalf("connected stream after Stopping: %q", got)
				}
			}
			hangUp()
			resp.Body.Close()
			st.wait(t) // the tool runs on after the disconnect ...
			switch how {
			case "delete":
				do(t, h, "DELETE /mcp HTTP/1.1\r\nHost: x\r\n"+sess[0]+"\r\n\r\n")
			case "cancelled":
				do(t, h, post(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"bye"}}`, sess...))
			case "eviction":
				legacySession(t, h)
			}
			// ... until it is cancelled: the handler returns with no response.
			deadline := time.Now().Add(5 * time.Second)
			for !strings.Contains(logs.String(), "request 7 (export_timesheets) cancelled") {
				if time.Now().After(deadline) {
					t.Fatalf("detached request not cancelled by %s: %s", how, logs.String())
				}
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
}

type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) add(f string, a ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(&l.b, f+"\n", a...)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestModernUnchanged: 2026-07-28 streams have no priming event and no ids,
// and closing the stream cancels the request (basic/patterns/cancellation).
func TestModernUnchanged(t *testing.T) {
	var cancelPost context.CancelFunc
	var logs []string
	h := New(Options{Server: disconnectAfter(1, &cancelPost, &logs)})
	body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":3},"_meta":{"progressToken":"t1",` + modernMeta[len(`"_meta":{`):] + `}}`
	req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(post(body, modernHeaders("tools/call", "export_timesheets")...))))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelPost = cancel
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req.WithContext(ctx))
	if want := "event: message\ndata: " + progressData(1, 3) + "\n\n"; w.Body.String() != want {
		t.Fatalf("2026-07-28 stream:\ngot  %q\nwant %q", w.Body.String(), want)
	}
	if !strings.Contains(strings.Join(logs, "\n"), "request 7 (export_timesheets) cancelled") {
		t.Fatalf("closing a 2026-07-28 stream did not cancel: %q", logs)
	}
	// And a complete 2026-07-28 stream carries no id lines.
	h = New(Options{Server: labserver.NewServer(mcp.Config{Sleep: noSleep})})
	w = do(t, h, post(body, modernHeaders("tools/call", "export_timesheets")...))
	if got := w.Body.String(); !strings.HasPrefix(got, "event: message\ndata: ") || strings.Contains(got, "id: ") || strings.Count(got, "event: message") != 4 {
		t.Fatalf("2026-07-28 stream: %q", got)
	}
}

// TestStoppingSparesResumedStream: at shutdown a detached request keeps
// running while a client that resumed it with GET is connected (it gets the
// rest and the response), and is cancelled once that client leaves too.
func TestStoppingSparesResumedStream(t *testing.T) {
	for _, leave := range []bool{false, true} {
		t.Run(fmt.Sprintf("reader-leaves=%v", leave), func(t *testing.T) {
			st := newStepper()
			var logs syncLog
			stopping, stop := context.WithCancel(context.Background())
			defer stop()
			h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: st.sleep, Logf: logs.add}), NewSessionID: counter("s"), Stopping: stopping})
			srv := httptest.NewServer(h)
			defer srv.Close()
			sess := legacySession(t, h)
			resp, body, hangUp := openStream(t, srv.URL, sess, 3, st)
			sseEvents(t, body, 2) // 1-0, 1-1
			hangUp()
			resp.Body.Close()
			st.wait(t) // the tool runs on, detached

			ctx, closeGET := context.WithCancel(context.Background())
			defer closeGET()
			req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/mcp", nil)
			req.Header.Set("Accept", "text/event-stream")
			req.Header.Set("Last-Event-ID", "1-1")
			setHeaders(req, sess)
			g, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Body.Close()
			if g.StatusCode != 200 {
				t.Fatalf("resume: %d", g.StatusCode)
			}
			stop() // shutdown begins while the client is connected through the GET
			time.Sleep(50 * time.Millisecond)
			if strings.Contains(logs.String(), "cancelled") {
				t.Fatalf("shutdown cancelled a request whose client resumed it: %s", logs.String())
			}
			if leave {
				closeGET()
				deadline := time.Now().Add(5 * time.Second)
				for !strings.Contains(logs.String(), "request 7 (export_timesheets) cancelled") {
					if time.Now().After(deadline) {
						t.Fatalf("the request outlived its last reader during shutdown: %s", logs.String())
					}
					time.Sleep(5 * time.Millisecond)
				}
				return
			}
			st.step <- struct{}{}
			st.wait(t)
			st.step <- struct{}{}
			got := sseEvents(t, bufio.NewReader(g.Body), 3)
			if got[0] != "id: 1-2\nevent: message\ndata: "+progressData(2, 3) || got[1] != "id: 1-3\nevent: message\ndata: "+progressData(3, 3) ||
				!strings.HasPrefix(got[2], "id: 1-4\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":") {
				t.Fatalf("resumed stream during shutdown: %q", got)
			}
		})
	}
}
