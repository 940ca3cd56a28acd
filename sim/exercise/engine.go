package exercise

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
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
	w := httptest.NewRecorder()
	streamhttp.New(streamhttp.Options{Server: instantServer()}).ServeHTTP(w, req)
	return w.Code, w.Header(), w.Body.Bytes(), nil
}

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
