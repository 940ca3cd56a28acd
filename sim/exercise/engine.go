package exercise

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/virtual"
	"mcpwirelab/sim/wire"
)

// EngineProbe is the Probe that grades against the lab's real server: the
// same dual-era sim/mcp server and transports that the dev server runs, on
// a fresh instance for every call. Tools never wait in real time (a slow
// tool completes instantly), so grading is immediate and deterministic.
func EngineProbe() Probe { return engineProbe{} }

type engineProbe struct{}

func instantServer() *mcp.Server {
	return labserver.NewServer(mcp.Config{Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() },
		StateKey: probeStateKey, Now: probeNow})
}

// probeStateKey and probeNow make every probe server sign the same
// requestState at the same instant: an exercise shows one the engine
// issued (set_asks.go), and a fresh server must accept its retry.
var probeStateKey = []byte("mcp wire lab exercise requestState key")

func probeNow() time.Time { return time.Date(2026, 7, 28, 9, 0, 0, 0, time.UTC) }

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
	if _, err := io.ReadAll(req.Body); err != nil {
		h := http.Header{"Content-Type": {"text/plain; charset=utf-8"}, "Connection": {"close"}}
		return http.StatusRequestTimeout, h, []byte(fmt.Sprintf("408 Request Timeout: the server waited for %d body bytes that never came (%v)", req.ContentLength, err)), nil
	}
	// Served through the lab's one virtual round trip: the same text, read
	// by http.ReadRequest, answered by the real handler into wire's
	// Recorder, read back with http.ReadResponse.
	h := virtual.LabHTTP(instantServer())
	res, err := h.DoRaw(context.Background(), raw, &wire.Stream{})
	if err != nil {
		return 0, nil, nil, err
	}
	return res.Response.StatusCode, res.Response.Header, res.Body, nil
}

// Stdio feeds the lines to a fresh server process over the lab's virtual
// pipe, in order, then closes stdin; it returns what the server wrote to
// stdout.
func (engineProbe) Stdio(lines []string) ([]string, error) { return stdioLines(instantServer(), lines) }

// stdioLines feeds lines to srv over a virtual pipe and returns its stdout.
func stdioLines(srv *mcp.Server, lines []string) ([]string, error) {
	p := virtual.NewPipe(srv)
	var out []string
	p.Attach(func(pc *wire.Piece) {
		if pc.Event.Channel == trace.Stdout {
			out = append(out, strings.TrimSuffix(pc.Event.Raw, "\n"))
		}
	})
	ctx := context.Background()
	for _, l := range lines {
		if err := p.Write(ctx, []byte(l+"\n")); err != nil {
			return out, err
		}
	}
	return out, p.CloseStdin(ctx)
}
