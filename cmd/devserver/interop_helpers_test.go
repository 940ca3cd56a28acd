//go:build !(js && wasm) && unix

package main

// Helpers shared by the interop tests (interop_test.go) and the load
// benchmark (load_bench_test.go): the real dev server started through
// runServe on 127.0.0.1:0, stopped with SIGINT as a user would, and an
// http.RoundTripper that adds the bearer token and records what went over
// the wire.

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const (
	interopV2025 = "2025-11-25"
	interopV2026 = "2026-07-28"
)

// interopServer is a real dev server run by runServe in this process.
type interopServer struct {
	base   string // http://127.0.0.1:port
	token  string // "" with -no-auth
	stdout *syncBuffer
	stderr *syncBuffer
	exit   chan int
}

var interopBanner = regexp.MustCompile(`open   (http://[^/\s]+)/\S*\n`)
var interopTokenLine = regexp.MustCompile(`token  (\S+)`)

// startInteropServer runs runServe with -addr 127.0.0.1:0 and extra flags
// (e.g. "-token", tok or "-no-auth"), waits for its banner and stops it with
// SIGINT at cleanup. runServe owns its signal handling, so tests that use
// this helper must not run in parallel with each other or with
// TestRunServeSIGINT.
func startInteropServer(tb testing.TB, extra ...string) *interopServer {
	tb.Helper()
	registerRoutes.Do(registerUI)
	dir := tb.TempDir()
	os.WriteFile(filepath.Join(dir, "app.wasm"), fakeWasm("interop"), 0o644)
	s := &interopServer{stdout: &syncBuffer{}, stderr: &syncBuffer{}, exit: make(chan int, 1)}
	args := append([]string{"-addr", "127.0.0.1:0", "-web", dir, "-static", dir}, extra...)
	go func() { s.exit <- runServe(args, nil, s.stdout, s.stderr) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if m := interopBanner.FindStringSubmatch(s.stdout.String()); m != nil && strings.Contains(s.stdout.String(), "Ctrl+C to stop") {
			s.base = m[1]
			if t := interopTokenLine.FindStringSubmatch(s.stdout.String()); t != nil {
				s.token = t[1]
			}
			break
		}
		select {
		case code := <-s.exit:
			tb.Fatalf("runServe %v exited %d before its banner: %s", extra, code, s.stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			tb.Fatalf("no banner from runServe %v: stdout %q stderr %q", extra, s.stdout.String(), s.stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	tb.Cleanup(func() {
		if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
			tb.Errorf("SIGINT: %v", err)
			return
		}
		select {
		case code := <-s.exit:
			if code != 0 {
				tb.Errorf("runServe exit %d after SIGINT: %s", code, s.stderr.String())
			}
		case <-time.After(15 * time.Second):
			tb.Errorf("runServe did not stop after SIGINT")
		}
	})
	return s
}

// wireRecord is one HTTP exchange as seen by the client.
type wireRecord struct {
	HTTPMethod string // POST, GET, DELETE
	RPCMethod  string // the body's "method" ("" for responses/none)
	Version    string // MCP-Protocol-Version request header
	McpMethod  string // Mcp-Method request header
	McpName    string // Mcp-Name request header
	SessionIn  string // Mcp-Session-Id sent
	SessionOut string // Mcp-Session-Id received
	Status     int
	CType      string
	// Response: the body was a JSON-RPC response (the client answering a
	// request of the server, 2025-11-25). Retry: params carried
	// inputResponses (a 2026-07-28 retry), State: and a requestState.
	Response, Retry, State bool
}

// recordingTransport adds "Authorization: Bearer <token>" (when token is
// set) and records each exchange. It only ever talks to the test server.
type recordingTransport struct {
	base  http.RoundTripper
	token string
	mu    sync.Mutex
	log   []wireRecord
}

func newRecordingTransport(token string) *recordingTransport {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil
	return &recordingTransport{base: tr, token: token}
}

func (r *recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := wireRecord{
		HTTPMethod: req.Method,
		Version:    req.Header.Get("MCP-Protocol-Version"),
		McpMethod:  req.Header.Get("Mcp-Method"),
		McpName:    req.Header.Get("Mcp-Name"),
		SessionIn:  req.Header.Get("Mcp-Session-Id"),
	}
	if req.Body != nil && req.Body != http.NoBody {
		body, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		var m struct {
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
			Params struct {
				InputResponses json.RawMessage `json:"inputResponses"`
				RequestState   *string         `json:"requestState"`
			} `json:"params"`
		}
		if json.Unmarshal(body, &m) == nil {
			rec.RPCMethod = m.Method
			rec.Response = m.Method == "" && (m.Result != nil || m.Error != nil)
			rec.Retry, rec.State = m.Params.InputResponses != nil, m.Params.RequestState != nil
		}
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.ContentLength = int64(len(body))
	} else {
		req = req.Clone(req.Context())
	}
	if r.token != "" {
		req.Header.Set("Authorization", "Bearer "+r.token)
	}
	resp, err := r.base.RoundTrip(req)
	if resp != nil {
		rec.Status = resp.StatusCode
		rec.SessionOut = resp.Header.Get("Mcp-Session-Id")
		rec.CType = resp.Header.Get("Content-Type")
	}
	r.mu.Lock()
	r.log = append(r.log, rec)
	r.mu.Unlock()
	return resp, err
}

func (r *recordingTransport) records() []wireRecord {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]wireRecord(nil), r.log...)
}

// moduleRoot walks up from the package directory to go.mod.
func moduleRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("go.mod not found above the test directory")
		}
		dir = parent
	}
}

// buildDevserver compiles ./cmd/devserver into dir and returns the binary.
func buildDevserver(tb testing.TB, dir string) string {
	tb.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
		if _, err := os.Stat(goBin); err != nil {
			tb.Skip("no go command to build the devserver binary")
		}
	}
	bin := filepath.Join(dir, "devserver")
	cmd := exec.Command(goBin, "build", "-buildvcs=false", "-o", bin, "./cmd/devserver")
	cmd.Dir = moduleRoot(tb)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build ./cmd/devserver: %v\n%s", err, out)
	}
	return bin
}
