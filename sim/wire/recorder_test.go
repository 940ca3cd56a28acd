package wire

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// handlers covers what the lab's servers write: JSON with and without
// Content-Length, empty 202 and 204, a body with no Content-Type, an SSE
// stream with flushes, a flush before any body.
var recorderHandlers = map[string]http.HandlerFunc{
	"json-with-length": func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", "13")
		w.Header().Set("Mcp-Session-Id", "abc")
		_, _ = io.WriteString(w, `{"jsonrpc":1}`)
	},
	"json-without-length": func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"error":"no"}`)
	},
	"accepted": func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusAccepted) },
	"no-content": func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "0") // dropped: 204 has no framing headers
		w.WriteHeader(http.StatusNoContent)
	},
	"sniffed": func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "<html>hello</html>") },
	"sse": func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/event-stream")
		h.Set("X-Accel-Buffering", "no")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		for i := 1; i <= 3; i++ {
			fmt.Fprintf(w, "id: 1-%d\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":%d}}\n\n", i, i)
			w.(http.Flusher).Flush()
		}
		_, _ = io.WriteString(w, "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n")
	},
	// 2025-11-25's priming event: an ID, the reconnection time, no data.
	"sse-retry": func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "id: e-1\nretry: 500\ndata: \n\n")
		w.(http.Flusher).Flush()
		_, _ = io.WriteString(w, "id: e-2\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n")
	},
}

var dateRE = regexp.MustCompile(`\r\nDate: [^\r]*\r\n`)

// TestRecorderWritesWhatNetHTTPWrites serves each handler by a real
// net/http server on a socket and through VirtualHTTP, and compares the
// response bytes (all of them, the Date value aside).
func TestRecorderWritesWhatNetHTTPWrites(t *testing.T) {
	for name, h := range recorderHandlers {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(h)
			defer srv.Close()
			real := realResponse(t, srv.Listener.Addr().String())
			v := &VirtualHTTP{Route: Handler(h), Date: func() string { return "X" }}
			var pieces []string
			s := &Stream{OnPiece: func(p *Piece) {
				if p.Event.From == "server" {
					pieces = append(pieces, p.Event.Raw)
				}
			}}
			req, _ := http.NewRequest(http.MethodGet, "http://"+srv.Listener.Addr().String()+"/", nil)
			res, err := v.Do(context.Background(), req, s)
			if err != nil {
				t.Fatal(err)
			}
			virtual := strings.Join(pieces, "")
			if got, want := dateRE.ReplaceAllString(virtual, "\r\nDate: D\r\n"), dateRE.ReplaceAllString(real, "\r\nDate: D\r\n"); got != want {
				t.Fatalf("virtual\n%q\nnet/http\n%q", got, want)
			}
			if res.WireBytes != len(virtual) || res.Response == nil {
				t.Fatalf("result %+v", res)
			}
			if name == "sse" && len(pieces) != 5 {
				t.Fatalf("%d pieces, want the head and one per flush and the end: %q", len(pieces), pieces)
			}
		})
	}
}

// realResponse sends a GET on a fresh keep-alive connection and returns the
// response bytes exactly as they arrived.
func realResponse(t *testing.T, addr string) string {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/", nil)
	if err := req.Write(c); err != nil {
		t.Fatal(err)
	}
	var raw bytes.Buffer
	resp, err := http.ReadResponse(bufio.NewReader(io.TeeReader(c, &raw)), req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(resp.Body); err != nil {
		t.Fatal(err)
	}
	return raw.String()
}

// TestRecorderBrokenFixture: a head written in plain sorted order (what
// the Recorder did before) is not what net/http sends.
func TestRecorderBrokenFixture(t *testing.T) {
	srv := httptest.NewServer(recorderHandlers["accepted"])
	defer srv.Close()
	real := dateRE.ReplaceAllString(realResponse(t, srv.Listener.Addr().String()), "\r\nDate: D\r\n")
	if sorted := "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\nDate: D\r\n\r\n"; real == sorted {
		t.Fatalf("net/http writes %q: the comparison above could not tell the orders apart", real)
	}
}

func TestRecorderClose(t *testing.T) {
	w := &Recorder{}
	w.WriteHeader(http.StatusOK)
	w.Close()
	if _, err := w.Write([]byte("x")); err == nil {
		t.Fatal("write after the client closed succeeded")
	}
	w.Flush()
	if got := w.Finish(); got != "" {
		t.Fatalf("a closed connection carried %q", got)
	}
	nb := &Recorder{}
	nb.WriteHeader(http.StatusNoContent)
	if _, err := nb.Write([]byte("x")); err != http.ErrBodyNotAllowed {
		t.Fatalf("body on 204: %v", err)
	}
}
