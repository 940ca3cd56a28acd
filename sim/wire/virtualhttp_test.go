package wire

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/trace"
)

func TestVirtualHTTPPieces(t *testing.T) {
	v := &VirtualHTTP{Route: Handler(recorderHandlers["sse"]), Date: func() string { return "X" }}
	var got []*Piece
	s := &Stream{OnPiece: func(p *Piece) { got = append(got, p) }}
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}`
	req, _ := http.NewRequest(http.MethodPost, "http://127.0.0.1:8080/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if _, err := v.Do(context.Background(), req, s); err != nil {
		t.Fatal(err)
	}
	// The request, as the server parsed it, with its message decoded.
	r := got[0].Event
	if r.Channel != trace.HTTPRequest || r.HTTP.Method != "POST" || r.HTTP.Path != "/mcp" || r.HTTP.Exchange != 1 ||
		r.HTTP.Headers["Host"][0] != "127.0.0.1:8080" || len(got[0].Msgs) != 1 || got[0].Msgs[0].Method != "tools/call" {
		t.Fatalf("request piece %+v %+v", r, r.HTTP)
	}
	// The head, three progress chunks with their event ids, the response.
	if len(got) != 6 {
		t.Fatalf("%d pieces", len(got))
	}
	for i, p := range got[2:5] {
		if !p.Event.HTTP.Chunk || len(p.Msgs) != 1 || p.Msgs[0].Method != "notifications/progress" || p.EventID != "1-"+string(rune('1'+i)) {
			t.Fatalf("chunk %d: %+v msgs %d id %q", i, p.Event.HTTP, len(p.Msgs), p.EventID)
		}
	}
	last := got[5]
	if len(last.Msgs) != 1 || last.Msgs[0].Kind() != jsonrpc.KindResult || !strings.HasSuffix(last.Event.Raw, "0\r\n\r\n") {
		t.Fatalf("last piece %q", last.Event.Raw)
	}
}

// TestVirtualHTTPClose: closing the stream mid-response stops delivery,
// cancels the handler's context and reports ErrClosed.
func TestVirtualHTTPClose(t *testing.T) {
	var handlerErr error
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := 0; i < 3; i++ {
			_, _ = io.WriteString(w, "data: {}\n\n")
			w.(http.Flusher).Flush()
		}
		handlerErr = r.Context().Err()
	})
	v := &VirtualHTTP{Route: Handler(h)}
	n := 0
	s := &Stream{}
	s.OnPiece = func(p *Piece) {
		if p.Event.From == trace.Server {
			n++
			s.Close()
		}
	}
	req, _ := http.NewRequest(http.MethodGet, "http://x/", nil)
	res, err := v.Do(context.Background(), req, s)
	if !errors.Is(err, ErrClosed) || res.Response != nil || n != 1 || handlerErr == nil {
		t.Fatalf("err %v, response %v, %d pieces, handler saw %v", err, res.Response, n, handlerErr)
	}
}

// TestVirtualHTTPContentLength: a Content-Length that lies behaves as on a
// socket: too large and the server waits (Stall) for bytes that never
// come; too small and the rest stays on the connection (Leftover).
func TestVirtualHTTPContentLength(t *testing.T) {
	var read []byte
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		read = b
		if err != nil {
			w.WriteHeader(http.StatusRequestTimeout)
		}
	})
	body := `{"a":"bc"}`
	req := func() *http.Request {
		r, _ := http.NewRequest(http.MethodPost, "http://x/", strings.NewReader(body))
		return r
	}
	stalled := 0
	v := &VirtualHTTP{Route: Handler(h), Stall: func(ctx context.Context, sent int, declared int64) error {
		stalled++
		if sent != len(body) || declared != 99 {
			t.Errorf("stall after %d of %d bytes", sent, declared)
		}
		return io.ErrUnexpectedEOF
	}}
	v.Rewrite = func(raw string) string { return strings.Replace(raw, "Content-Length: 10", "Content-Length: 99", 1) }
	res, err := v.Do(context.Background(), req(), &Stream{})
	if err != nil || stalled == 0 || res.Response.StatusCode != http.StatusRequestTimeout {
		t.Fatalf("long: %v, stalled %d, %+v", err, stalled, res.Response)
	}
	v.Rewrite = func(raw string) string { return strings.Replace(raw, "Content-Length: 10", "Content-Length: 4", 1) }
	res, err = v.Do(context.Background(), req(), &Stream{})
	if err != nil || string(read) != `{"a"` || string(res.Leftover) != `:"bc"}` {
		t.Fatalf("short: %v, read %q, leftover %q", err, read, res.Leftover)
	}
}

func TestMessages(t *testing.T) {
	if ms := Messages("application/json", []byte(`{"jsonrpc":"2.0","id":1,"result":{}}`)); len(ms) != 1 || ms[0].Kind() != jsonrpc.KindResult {
		t.Fatalf("json: %v", ms)
	}
	if ms := Messages("application/json", []byte(`{"status":"ok"}`)); ms != nil {
		t.Fatalf("a plain JSON document decoded as %v", ms)
	}
	sse := "id: 1-0\ndata:\n\n: keep-alive\n\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\n" +
		"data: \"method\":\"x\"}\n\n"
	if ms := Messages("text/event-stream; charset=utf-8", []byte(sse)); len(ms) != 1 || ms[0].Method != "x" {
		t.Fatalf("sse: %v", ms)
	}
}
