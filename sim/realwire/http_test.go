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
