package streamhttp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// heapAfterGC is the live heap once garbage is collected.
func heapAfterGC() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

const kib, mib = 1 << 10, 1 << 20

// Issue 12 item 2: the resume logs are bounded in bytes, per session and
// over all sessions, whatever the number and size of events; the memory
// they keep (measured on the heap after GC) stays within the caps.
func TestStreamLogsBoundedInBytes(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: noSleep}), NewSessionID: counter("s"), MaxSessions: 64})
	// A 1 KiB event, like a progress notification repeating a large
	// client value: the count caps alone let 16 × 1,000 of them stay.
	big := jsonrpc.Notification("notifications/message", map[string]string{"data": strings.Repeat("x", kib)})
	fill := func(s *session) {
		for n := 0; n < maxStreamLogs; n++ {
			st := s.open()
			for i := 0; i < maxStreamEvents; i++ {
				s.log(st, big, postWriter)
			}
			if n%2 == 0 {
				s.finish(st)
			}
		}
	}

	before := heapAfterGC()
	legacySession(t, h)
	s := h.sessions["s1"]
	fill(s)
	grew := heapAfterGC() - before
	t.Logf("one session: %d events of %d bytes logged; kept %d bytes (cap %d); heap +%.1f MiB",
		maxStreamLogs*maxStreamEvents, len(messageEvent(1, 1, big)), s.kept, DefaultSessionLogBytes, float64(grew)/mib)
	if s.kept > DefaultSessionLogBytes || h.LogBytes() != s.kept {
		t.Fatalf("session keeps %d bytes (Handler counts %d), cap %d", s.kept, h.LogBytes(), DefaultSessionLogBytes)
	}
	if grew > DefaultSessionLogBytes+2*mib {
		t.Fatalf("heap grew %.1f MiB for one session, cap %d MiB", float64(grew)/mib, DefaultSessionLogBytes/mib)
	}
	// What is kept is the newest: the last event of the last stream can
	// still be resumed from its predecessor.
	last := s.streams[len(s.streams)-1]
	if last.next-1 != maxStreamEvents || len(last.events) == 0 {
		t.Fatalf("newest stream lost its newest events: next %d, %d kept", last.next, len(last.events))
	}

	// 40 sessions of 1 MiB each would be 40 MiB: the total stays at its cap.
	for i := 2; i <= 40; i++ {
		legacySession(t, h)
		fill(h.sessions[fmt.Sprintf("s%d", i)])
	}
	grew = heapAfterGC() - before
	t.Logf("40 sessions: kept %d bytes (cap %d); heap +%.1f MiB", h.LogBytes(), DefaultTotalLogBytes, float64(grew)/mib)
	if h.LogBytes() > DefaultTotalLogBytes {
		t.Fatalf("all sessions keep %d bytes, cap %d", h.LogBytes(), DefaultTotalLogBytes)
	}
	if grew > DefaultTotalLogBytes+4*mib {
		t.Fatalf("heap grew %.1f MiB for 40 sessions, cap %d MiB", float64(grew)/mib, DefaultTotalLogBytes/mib)
	}
	// DELETE gives a session's bytes back.
	kept := h.sessions["s40"].kept
	do(t, h, "DELETE /mcp HTTP/1.1\r\nHost: x\r\nMcp-Session-Id: s40\r\n\r\n")
	if got := h.LogBytes(); got > DefaultTotalLogBytes-kept || kept == 0 {
		t.Fatalf("after DELETE of a session keeping %d bytes: %d kept", kept, got)
	}
	runtime.KeepAlive(h)
}

// Issue 12 item 2 through the real server: progress tokens that the server
// would repeat in every event are refused, so 16 calls with 1 MiB tokens
// keep nothing (they kept 16 × 11 MiB before).
func TestLargeProgressTokensKeepNothing(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: noSleep}), NewSessionID: counter("s")})
	sess := legacySession(t, h)
	token := `"` + strings.Repeat("t", mib) + `"`
	before := heapAfterGC()
	for i := 0; i < 16; i++ {
		body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":10},"_meta":{"progressToken":` + token + `}}}`
		w := do(t, h, post(body, sess...))
		if i == 0 {
			e := errorOf(t, w)
			if e.Code != protocol.CodeInvalidParams || !strings.Contains(e.Message, "_meta.progressToken is 1048578 bytes long; this server accepts at most 256 bytes") {
				t.Fatalf("1 MiB progressToken: %d %+v", w.Code, e)
			}
		}
	}
	grew := heapAfterGC() - before
	t.Logf("16 calls with 1 MiB progress tokens: logs keep %d bytes; heap +%.1f MiB", h.LogBytes(), float64(grew)/mib)
	if h.LogBytes() != 0 || grew > 4*mib {
		t.Fatalf("logs keep %d bytes, heap grew %.1f MiB", h.LogBytes(), float64(grew)/mib)
	}
	runtime.KeepAlive(h)
}

// getStream opens the GET stream of a session over a real connection.
func getStream(t *testing.T, base string, sess []string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/mcp", nil)
	req.Header.Set("Accept", "text/event-stream")
	setHeaders(req, sess)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, b
	}
	return resp, nil
}

// ended waits for the body to reach EOF.
func ended(t *testing.T, resp *http.Response, what string) {
	t.Helper()
	done := make(chan error, 1)
	go func() { _, err := io.Copy(io.Discard, resp.Body); done <- err }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		resp.Body.Close()
		t.Fatalf("%s: the GET stream is still open", what)
	}
	resp.Body.Close()
}

// Issue 12 item 3: a session's GET streams end when it is deleted or
// evicted, so they cannot outlive it and pile up.
func TestGetStreamsEndWithTheirSession(t *testing.T) {
	for _, how := range []string{"delete", "eviction"} {
		t.Run(how, func(t *testing.T) {
			h := New(Options{Server: labserver.NewServer(mcp.Config{PollEvery: 10 * time.Millisecond}), NewSessionID: counter("s"), MaxSessions: 1})
			srv := httptest.NewServer(h)
			defer srv.Close()
			sess := legacySession(t, h)
			resp, body := getStream(t, srv.URL, sess)
			if resp.StatusCode != 200 {
				t.Fatalf("GET: %d %s", resp.StatusCode, body)
			}
			waitFor(t, func() bool { return h.Streams() == 1 }, "the stream to be held")
			if how == "delete" {
				do(t, h, "DELETE /mcp HTTP/1.1\r\nHost: x\r\n"+sess[0]+"\r\n\r\n")
			} else {
				legacySession(t, h) // MaxSessions 1: the first session goes
			}
			ended(t, resp, how)
			waitFor(t, func() bool { return h.Streams() == 0 }, "the stream slot to be released")
		})
	}
}

func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Issue 12 item 3: long-lived streams are capped per session and per
// server; past a cap the answer is 503 with Retry-After and a JSON-RPC
// error (with the id of a subscriptions/listen request); a closed stream
// frees its slot.
func TestLongLivedStreamCaps(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{PollEvery: 10 * time.Millisecond}), NewSessionID: counter("s"),
		MaxStreams: 3, MaxSessionStreams: 2})
	srv := httptest.NewServer(h)
	defer srv.Close()
	a, b := legacySession(t, h), legacySession(t, h)
	var open []*http.Response
	defer func() {
		for _, r := range open {
			r.Body.Close()
		}
	}()
	for i := 0; i < 2; i++ {
		resp, body := getStream(t, srv.URL, a)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %d of session a: %d %s", i+1, resp.StatusCode, body)
		}
		open = append(open, resp)
	}
	check503 := func(resp *http.Response, body []byte, id jsonrpc.ID, want string) {
		t.Helper()
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "5" {
			t.Fatalf("past the cap: %d Retry-After %q %s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
		}
		m, err := jsonrpc.Decode(body)
		if err != nil || m.Error == nil || m.Error.Code != protocol.CodeInternalError || m.ID != id || !strings.Contains(m.Error.Message, want) {
			t.Fatalf("503 body %s, want code -32603, id %s, %q", body, id, want)
		}
	}
	resp, body := getStream(t, srv.URL, a)
	check503(resp, body, jsonrpc.ID{}, "Service Unavailable: this session already holds 2 long-lived streams; close one or retry later")

	resp, body = getStream(t, srv.URL, b)
	if resp.StatusCode != 200 {
		t.Fatalf("GET of session b: %d %s", resp.StatusCode, body)
	}
	open = append(open, resp)
	waitFor(t, func() bool { return h.Streams() == 3 }, "three streams")

	listen := `{"jsonrpc":"2.0","id":"L","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},` + modernMeta + `}}`
	req, _ := http.ReadRequest(bufio.NewReader(strings.NewReader(post(listen, modernHeaders("subscriptions/listen")...))))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	check503(w.Result(), w.Body.Bytes(), jsonrpc.StringID("L"), "this server already holds 3 long-lived streams")

	open[0].Body.Close()
	open = open[1:]
	waitFor(t, func() bool { return h.Streams() == 2 }, "a freed slot")
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	req, _ = http.ReadRequest(bufio.NewReader(strings.NewReader(post(listen, modernHeaders("subscriptions/listen")...))))
	w = httptest.NewRecorder()
	h.ServeHTTP(w, req.WithContext(ctx))
	if w.Code != 200 || !strings.Contains(w.Body.String(), "notifications/subscriptions/acknowledged") {
		t.Fatalf("listen after a slot was freed: %d %s", w.Code, w.Body.String())
	}
}

// Issue 12 item 9: a 2025-11-25 request whose session is deleted or
// evicted while it runs (before any SSE event) gets 404 with a JSON-RPC
// error carrying its id, not 202 with an empty body.
func TestSessionGoneMidCall(t *testing.T) {
	for _, how := range []string{"delete", "eviction"} {
		t.Run(how, func(t *testing.T) {
			st := newStepper()
			h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: st.sleep}), NewSessionID: counter("s"), MaxSessions: 1})
			sess := legacySession(t, h)
			// No progressToken: the answer is one JSON object, no stream.
			call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":3}}}`
			got := make(chan *httptest.ResponseRecorder, 1)
			go func() { got <- do(t, h, post(call, sess...)) }()
			st.wait(t)
			if how == "delete" {
				do(t, h, "DELETE /mcp HTTP/1.1\r\nHost: x\r\n"+sess[0]+"\r\n\r\n")
			} else {
				legacySession(t, h)
			}
			var w *httptest.ResponseRecorder
			select {
			case w = <-got:
			case <-time.After(3 * time.Second):
				t.Fatal("the request did not end with its session")
			}
			want := `{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"Not Found: session s1 was deleted or expired while this request ran; it was cancelled"}}`
			if w.Code != http.StatusNotFound || w.Body.String() != want {
				t.Fatalf("got %d %q\nwant 404 %s", w.Code, w.Body.String(), want)
			}
		})
	}
}

// Issue 12 item 10: client values in error messages are excerpts.
func TestErrorsQuoteExcerpts(t *testing.T) {
	h := New(Options{Server: labserver.NewServer(mcp.Config{Sleep: noSleep}), NewSessionID: counter("s")})
	huge := strings.Repeat("m", 60000)
	for name, raw := range map[string]string{
		"method name":    post(`{"jsonrpc":"2.0","id":1,"method":"`+huge+`","params":{`+modernMeta+`}}`, modernHeaders(huge)...),
		"Mcp-Method":     post(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{`+modernMeta+`}}`, modernHeaders(huge)...),
		"session id":     post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "Mcp-Session-Id: "+huge),
		"Origin":         post(`{}`, "Origin: http://"+huge),
		"Last-Event-ID":  resumeGET(legacySession(t, h), huge),
		"tool name":      post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"`+huge+`",`+modernMeta+`}}`, modernHeaders("tools/call", huge)...),
		"Mcp-Name value": post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_emails",`+modernMeta+`}}`, modernHeaders("tools/call", huge)...),
	} {
		w := do(t, h, raw)
		if w.Body.Len() > 600 || !strings.Contains(w.Body.String(), "… (") {
			t.Errorf("%s: %d-byte answer %.300s", name, w.Body.Len(), w.Body.String())
		}
	}
}
