//go:build !(js && wasm)

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	ui "mcpwirelab/app"
	"mcpwirelab/internal/testenv"
)

var registerRoutes sync.Once

// syncBuffer is a goroutine-safe log sink.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

const testToken = "test-token-0123456789abcdefghijklmnop"

// fakeWasm is compressible and starts with the wasm magic.
func fakeWasm(seed string) []byte { return testenv.FakeWasm(seed) }

// fakeEngine stands in for the engine's /mcp handler:
//
//	GET                → 405 (what the 2026-07-28 engine answers)
//	body "panic"       → panics
//	body "slow"        → signals entered, sleeps, answers 64 KiB
//	body "stream"      → six SSE events 80 ms apart
//	anything else      → 200 {"len":N}
type fakeEngine struct {
	entered chan struct{}
	opts    chan mcpHandlerOptions
}

func newFakeEngine() *fakeEngine {
	return &fakeEngine{entered: make(chan struct{}, 16), opts: make(chan mcpHandlerOptions, 1)}
}

func (f *fakeEngine) constructor(o mcpHandlerOptions) http.Handler {
	select {
	case f.opts <- o:
	default:
	}
	return f
}

func (f *fakeEngine) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), 400)
		return
	}
	switch string(body) {
	case "panic":
		panic("fake engine exploded")
	case "slow":
		f.entered <- struct{}{}
		time.Sleep(700 * time.Millisecond)
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(bytes.Repeat([]byte("z"), 64<<10))
	case "stream":
		w.Header().Set("Content-Type", "text/event-stream")
		for i := 0; i < 6; i++ {
			time.Sleep(80 * time.Millisecond)
			fmt.Fprintf(w, "data: {\"seq\":%d}\n\n", i)
			if err := http.NewResponseController(w).Flush(); err != nil {
				return
			}
		}
	default:
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"len":%d}`, len(body))
	}
}

type testServer struct {
	base   string // http://127.0.0.1:port
	cfg    serveConfig
	logs   *syncBuffer
	stdout *syncBuffer
	engine *fakeEngine
	cancel context.CancelFunc
	done   chan error
}

// startServer runs serveOn on 127.0.0.1:0 with a temp web/ and static/.
func startServer(t *testing.T, mutate func(*serveConfig)) *testServer {
	t.Helper()
	registerRoutes.Do(registerUI)
	dir := t.TempDir()
	web, static := filepath.Join(dir, "web"), filepath.Join(dir, "static")
	os.MkdirAll(web, 0o755)
	os.MkdirAll(static, 0o755)
	os.WriteFile(filepath.Join(web, "app.wasm"), fakeWasm("v1"), 0o644)
	writeEncodings(t, web) // as make wasm does
	os.WriteFile(filepath.Join(web, "extra.js"), []byte("console.log(1)"), 0o644)
	os.WriteFile(filepath.Join(static, "loader.css"), []byte("#app-wasm-loader{color:red}"), 0o644)
	os.WriteFile(filepath.Join(static, "app.webmanifest"), []byte("{}"), 0o644)

	ts := &testServer{logs: &syncBuffer{}, stdout: &syncBuffer{}, engine: newFakeEngine(), done: make(chan error, 1)}
	cfg := defaultServeConfig()
	cfg.Addr = "127.0.0.1:0"
	cfg.WebDir, cfg.StaticDir = web, static
	cfg.Token = testToken
	cfg.ShutdownTimeout = 5 * time.Second
	cfg.NewMCP = ts.engine.constructor
	cfg.Stdout = ts.stdout
	cfg.Log = log.New(ts.logs, "devserver: ", 0)
	if mutate != nil {
		mutate(&cfg)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		t.Fatal(err)
	}
	ts.cfg = cfg
	ts.base = "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	ts.cancel = cancel
	go func() { ts.done <- serveOn(ctx, ln, cfg) }()
	t.Cleanup(func() { ts.stop(t) })
	return ts
}

func (ts *testServer) stop(t *testing.T) {
	if ts.cancel == nil {
		return
	}
	ts.cancel()
	ts.cancel = nil
	select {
	case err := <-ts.done:
		if err != nil {
			t.Errorf("serveOn: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("serveOn did not return after cancel")
	}
}

// do sends a request; hdr values of "" delete the header.
func (ts *testServer) do(t *testing.T, c *http.Client, method, path, body string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, ts.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body == "" {
		req.Body = http.NoBody
		req.ContentLength = 0
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	if c == nil {
		c = noCompressionClient
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading body: %v", method, path, err)
	}
	return resp, b
}

// noCompressionClient sends Accept-Encoding only when a test sets it and
// never decodes, so the bytes on the wire are what the test sees.
var noCompressionClient = &http.Client{
	Transport: &http.Transport{DisableCompression: true},
	Timeout:   20 * time.Second,
}

func registerUI() { ui.Register() }
