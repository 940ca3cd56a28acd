package exercise

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/transport/stdio"
	"mcpwirelab/sim/transport/streamhttp"
)

// EngineProbe is the Probe that grades against the lab's real server: the
// same dual-era sim/mcp server and transports that the dev server runs, on
// a fresh instance for every call. Tools never wait in real time (a slow
// tool completes instantly), so grading is immediate and deterministic.
func EngineProbe() Probe { return engineProbe{} }

type engineProbe struct{}

func instantServer() *mcp.Server {
	return mcp.NewServer(mcp.Config{Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }})
}

// HTTP parses the learner's text with net/http exactly as a real server
// would. Text net/http cannot parse gets the 400 a real net/http server
// sends; a body shorter than Content-Length is reported as the wait a real
// server would do until its read timeout.
func (engineProbe) HTTP(raw string) (int, http.Header, []byte, error) {
	req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
	if err != nil {
		h := http.Header{"Content-Type": {"text/plain; charset=utf-8"}, "Connection": {"close"}}
		return http.StatusBadRequest, h, []byte("400 Bad Request: " + err.Error()), nil
	}
	body, err := io.ReadAll(req.Body)
	if err != nil {
		h := http.Header{"Content-Type": {"text/plain; charset=utf-8"}, "Connection": {"close"}}
		return http.StatusRequestTimeout, h, []byte(fmt.Sprintf("408 Request Timeout: the server waited for %d body bytes that never came (%v)", req.ContentLength, err)), nil
	}
	req.Body = io.NopCloser(strings.NewReader(string(body)))
	w := &recorder{code: http.StatusOK, header: http.Header{}}
	streamhttp.New(streamhttp.Options{Server: instantServer()}).ServeHTTP(w, req)
	return w.code, w.header, w.body.Bytes(), nil
}

// recorder behaves as httptest.ResponseRecorder does for the probe (status
// 200 unless set, Content-Type sniffed on the first write when unset, no
// body error for 1xx/204/304), written out so that net/http/httptest, with
// its test TLS certificate and test server, stays out of the browser's
// app.wasm.
type recorder struct {
	code        int
	header      http.Header
	wroteHeader bool
	body        bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.wroteHeader {
		return
	}
	if code < 100 || code > 999 {
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
	r.code, r.wroteHeader = code, true
}

func (r *recorder) Write(b []byte) (int, error) {
	if !r.wroteHeader {
		_, hasType := r.header["Content-Type"]
		if !hasType && r.header.Get("Transfer-Encoding") == "" {
			r.header.Set("Content-Type", http.DetectContentType(b))
		}
		r.WriteHeader(http.StatusOK)
	}
	r.body.Write(b)
	switch {
	case r.code >= 100 && r.code <= 199, r.code == 204, r.code == 304:
		return 0, http.ErrBodyNotAllowed
	}
	return len(b), nil
}

// Flush sends the header if it was not (a streamed response is recorded
// whole).
func (r *recorder) Flush() { r.WriteHeader(http.StatusOK) }

// Stdio feeds the lines to a fresh server process, in order, then closes
// stdin; it returns what the server wrote to stdout.
func (engineProbe) Stdio(lines []string) ([]string, error) {
	p := stdio.NewPeer(instantServer())
	var out []string
	for _, l := range lines {
		p.HandleLine(context.Background(), []byte(l), func(m *jsonrpc.Message) {
			out = append(out, string(m.Encode()))
		})
	}
	return out, nil
}
