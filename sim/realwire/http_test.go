package realwire

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// TestHTTPRecordsExactBytesAndCloses: the pieces are the bytes on the
// socket (a request written by net/http's client, a streamed response as it
// arrived), and closing the stream closes the connection, which the server
// sees.
func TestHTTPRecordsExactBytesAndCloses(t *testing.T) {
	gone := make(chan error, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "id: 1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\n\n")
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
			gone <- r.Context().Err()
		case <-time.After(5 * time.Second):
			gone <- errors.New("the server never saw the client leave")
		}
	}))
	defer srv.Close()
	h := NewHTTP()
	var pieces []*wire.Piece
	s := &wire.Stream{}
	s.OnPiece = func(p *wire.Piece) {
		pieces = append(pieces, p)
		if p.Event.Channel == trace.HTTPResponse && len(p.Msgs) == 1 {
			s.Close()
		}
	}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/mcp", strings.NewReader(`{"a":1}`))
	req.Header.Set("User-Agent", "t/1")
	_, err := h.Do(context.Background(), req, s)
	if !errors.Is(err, wire.ErrClosed) {
		t.Fatalf("Do: %v", err)
	}
	if err := <-gone; err == nil || !errors.Is(err, context.Canceled) {
		t.Fatalf("server: %v", err)
	}
	host := strings.TrimPrefix(srv.URL, "http://")
	wantReq := "POST /mcp HTTP/1.1\r\nHost: " + host + "\r\nUser-Agent: t/1\r\nContent-Length: 7\r\n\r\n{\"a\":1}"
	if len(pieces) < 2 || pieces[0].Event.Raw != wantReq || pieces[0].Event.HTTP.Exchange != 1 {
		t.Fatalf("request piece %q", pieces[0].Event.Raw)
	}
	resp := pieces[1]
	if !strings.HasPrefix(resp.Event.Raw, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nDate: ") ||
		!strings.HasSuffix(resp.Event.Raw, "\r\nTransfer-Encoding: chunked\r\n\r\n4d\r\nid: 1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\n\n\r\n") ||
		resp.EventID != "1" || resp.At.IsZero() {
		t.Fatalf("response piece %q id %q", resp.Event.Raw, resp.EventID)
	}
}

// flood answers with an endless body: plain (Content-Length 1 GB),
// chunked, or an endless SSE stream; gone hears when the client leaves.
func flood(kind string, gone chan<- struct{}) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		defer close(gone)
		chunk := []byte(strings.Repeat("x", 32<<10))
		switch kind {
		case "plain":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", "1073741824")
		case "sse":
			w.Header().Set("Content-Type", "text/event-stream")
			chunk = []byte(strings.Repeat(`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`+"\n\n", 300))
		default:
			w.Header().Set("Content-Type", "application/json")
		}
		for {
			if _, err := w.Write(chunk); err != nil {
				return
			}
			w.(http.Flusher).Flush()
		}
	}
}

// TestHTTPBodyCut: a 1 GB body (plain or chunked) and an endless SSE
// stream are read up to MaxBody, then the client closes the connection and
// Do returns a *LimitError (before: the whole body was kept in memory).
func TestHTTPBodyCut(t *testing.T) {
	for _, kind := range []string{"plain", "chunked", "sse"} {
		t.Run(kind, func(t *testing.T) {
			gone := make(chan struct{})
			srv := httptest.NewServer(flood(kind, gone))
			defer srv.Close()
			h := NewHTTP()
			h.MaxBody = 1 << 20
			var body int
			s := &wire.Stream{OnPiece: func(p *wire.Piece) { body += len(p.Body) }}
			req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
			var err error
			within(t, 60*time.Second, "Do", func() { _, err = h.Do(context.Background(), req, s) })
			var le *LimitError
			if !errors.As(err, &le) || !strings.Contains(le.Limit(), "passed 1 MiB") {
				t.Fatalf("Do: %v", err)
			}
			select {
			case <-gone:
			case <-time.After(30 * time.Second):
				t.Fatal("the server never saw the client leave")
			}
			// The pieces carry what was read: at most the bound and what
			// arrived with its last read.
			if body < 1<<20-64<<10 || body > 1<<20+64<<10 {
				t.Fatalf("%d body bytes delivered, want about %d", body, 1<<20)
			}
		})
	}
}

// TestHTTPNotificationUnanswered: a server that never answers the POST of
// a notification (issue 27: notifications/initialized kept the run going
// past 200 s with -timeout 3s); the exchange ends after Timeout with a
// *LimitError. A request is not bound by it (its own deadline is the
// client's).
func TestHTTPNotificationUnanswered(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if strings.Contains(string(b), `"id"`) {
			time.Sleep(400 * time.Millisecond)
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
			return
		}
		<-r.Context().Done()
	}))
	defer srv.Close()
	h := NewHTTP()
	h.Timeout = 200 * time.Millisecond
	post := func(body string) (wire.Result, error) {
		req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(body))
		var res wire.Result
		var err error
		within(t, 60*time.Second, "Do", func() { res, err = h.Do(context.Background(), req, &wire.Stream{}) })
		return res, err
	}
	_, err := post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	var le *LimitError
	if !errors.As(err, &le) || !strings.Contains(le.Limit(), "no answer to a POST that carries no request in 200ms") {
		t.Fatalf("notification: %v", err)
	}
	res, err := post(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	if err != nil || res.Response == nil || res.Response.StatusCode != 200 {
		t.Fatalf("request slower than Timeout: %v", err)
	}
}
