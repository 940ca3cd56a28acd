//go:build !(js && wasm)

package client_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"mcpwirelab/sim/client"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/realwire"
	"mcpwirelab/sim/trace"
)

// pollServer is the conformance suite's sse-retry server, over a real
// socket: a tools/call POST is answered with an SSE stream that carries a
// priming event (an ID, retry: 500, empty data) and ends without the
// response; a GET with Last-Event-ID gets the response, and the stream is
// then left open.
type pollServer struct {
	mu         sync.Mutex
	lastEvent  []string // the Last-Event-ID of each GET
	getsClosed chan struct{}
}

func (s *pollServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	if r.Method == http.MethodGet {
		s.mu.Lock()
		s.lastEvent = append(s.lastEvent, r.Header.Get("Last-Event-ID"))
		s.mu.Unlock()
		io.WriteString(w, "id: e-2\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"reconnected\"}]}}\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done() // the server keeps the stream open
		close(s.getsClosed)
		return
	}
	io.Copy(io.Discard, r.Body)
	io.WriteString(w, "id: e-1\nretry: 500\ndata: \n\n")
	// ... and ends the response: the connection closes, the SSE stream
	// does not (2025-11-25 transports §Sending Messages 6).
}

// TestClientPollsAClosedStream: a 2025-11-25 response stream the server
// ends after an event ID, without the response, is one to poll: the
// outcome is Dropped with the stream's last event ID and its retry: time
// (transports §Sending Messages 6: the client "SHOULD then 'poll' the SSE
// stream by attempting to reconnect"); Resume waits that time on the
// client's clock before it reconnects ("The client MUST respect the retry
// field, waiting the given number of milliseconds before attempting to
// reconnect"), sends Last-Event-ID, reads the response, and closes the
// stream the server leaves open. Without the first fix the outcome is a
// lost request (no response, not Dropped); without the second the GET goes
// out at once; without the third Resume waits for the server forever.
func TestClientPollsAClosedStream(t *testing.T) {
	srv := &pollServer{getsClosed: make(chan struct{})}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	var mu sync.Mutex
	var order []string
	var evs []*client.Event
	obs := client.ObserverFunc(func(e *client.Event) int {
		mu.Lock()
		defer mu.Unlock()
		evs = append(evs, e)
		if h := e.Event.HTTP; e.Event.Channel == trace.HTTPRequest && h != nil && h.Method != "" {
			order = append(order, h.Method)
		}
		return len(evs)
	})
	sleep := func(_ context.Context, d time.Duration) error {
		mu.Lock()
		order = append(order, fmt.Sprint("sleep ", d))
		mu.Unlock()
		return nil
	}
	w := realwire.NewHTTP()
	defer w.CloseIdleConnections()
	c := client.NewHTTP(w, ts.URL, client.Config{Version: protocol.V20251125, Observer: obs, Sleep: sleep})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()

	_, out := c.CallTool(ctx, "test_reconnection", map[string]any{}, client.CallOptions{})
	if out.Response != nil || !out.Dropped || out.LastEventID != "e-1" || out.Retry != 500*time.Millisecond {
		t.Fatalf("outcome: response %v dropped %v last event %q retry %v; want a dropped stream after e-1 with retry 500ms",
			out.Response, out.Dropped, out.LastEventID, out.Retry)
	}
	if !client.CanResume(c.Version(), out) {
		t.Fatal("CanResume is false")
	}
	res := c.Resume(ctx, out, client.CallOptions{})
	if res.Response == nil || res.Response.ID != out.ID || res.Response.Error != nil || !strings.Contains(string(res.Response.Result), "reconnected") {
		t.Fatalf("resumed outcome %+v (err %v)", res.Response, res.Err)
	}
	if ctx.Err() != nil {
		t.Fatal("Resume returned only when the test's deadline passed: the client did not close the stream the server left open")
	}
	select {
	case <-srv.getsClosed:
	case <-time.After(2 * time.Second):
		t.Fatal("the server's GET stream was never closed")
	}
	mu.Lock()
	defer mu.Unlock()
	if got := strings.Join(order, ", "); got != "POST, sleep 500ms, GET" {
		t.Fatalf("the client did %s, want POST, sleep 500ms, GET", got)
	}
	if len(srv.lastEvent) != 1 || srv.lastEvent[0] != "e-1" {
		t.Fatalf("GETs with Last-Event-ID %q, want one with e-1", srv.lastEvent)
	}
	closes := byRole(evs, client.RoleCloseStream)
	if len(closes) != 1 || closes[0].Cause != client.CauseStop || closes[0].Event.Kind != trace.KindClose {
		t.Fatalf("close events %+v, want the client closing the resumed stream", closes)
	}
}

// TestModernStreamEndIsNotPolled: 2026-07-28 streams are not resumable
// ("Resumable SSE streams via Last-Event-ID are not supported"): a stream
// that ends without the response is a request without an answer, not one
// to poll.
func TestModernStreamEndIsNotPolled(t *testing.T) {
	ts := httptest.NewServer(&pollServer{getsClosed: make(chan struct{})})
	defer ts.Close()
	w := realwire.NewHTTP()
	defer w.CloseIdleConnections()
	c := client.NewHTTP(w, ts.URL, client.Config{Version: protocol.V20260728})
	_, out := c.CallTool(context.Background(), "test_reconnection", map[string]any{}, client.CallOptions{})
	if out.Response != nil || out.Dropped || client.CanResume(c.Version(), out) {
		t.Fatalf("outcome: response %v dropped %v", out.Response, out.Dropped)
	}
}
