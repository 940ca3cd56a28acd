//go:build !(js && wasm)

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRunServeUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-addr", "0.0.0.0:0"}, "-allow-remote"},
		{[]string{"-addr", ":8080"}, "-allow-remote"},
		{[]string{"-addr", "[::]:0"}, "-allow-remote"},
		{[]string{"-addr", "192.0.2.1:80"}, "not a loopback address"},
		{[]string{"-addr", "nonsense"}, "want host:port"},
		{[]string{"-token", "abcdefghijklmnopqrstuvwxyz", "-no-auth"}, "contradict"},
		{[]string{"-token", "has space"}, "b64token"},
		{[]string{"-allow-origin", "null"}, "invalid origin"},
		{[]string{"-allow-origin", "https://ok.example,https://x.example/path"}, "invalid origin"},
		{[]string{"serve-please"}, "unexpected argument"},
		{[]string{"-fixture", "everything"}, `-fixture "everything": want course or conformance`},
		{[]string{"-stdio", "-fixture", ""}, "want course or conformance"},
		{[]string{"-no-such-flag"}, "flag provided but not defined"},
	} {
		var stdout, stderr bytes.Buffer
		code := runServe(c.args, strings.NewReader(""), &stdout, &stderr)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", c.args, code)
		}
		if !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: stderr %q lacks %q", c.args, stderr.String(), c.want)
		}
		if stdout.Len() != 0 {
			t.Errorf("%v: wrote to stdout: %q", c.args, stdout.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := runServe([]string{"-h"}, nil, &stdout, &stderr); code != 0 || !strings.Contains(stderr.String(), "-allow-origin") {
		t.Errorf("-h: %d %q", code, stderr.String())
	}
}

func TestRunServeListenFailure(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var stdout, stderr bytes.Buffer
	if code := runServe([]string{"-addr", ln.Addr().String()}, nil, &stdout, &stderr); code != 1 {
		t.Errorf("port in use: exit %d, want 1 (%s)", code, stderr.String())
	}
}

func TestRunServeStdio(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`not json`,
		`{"jsonrpc":"2.0","id":"a","method":"tools/list"}`,
	}, "\n") + "\n"
	var stdout, stderr bytes.Buffer
	if code := runServe([]string{"-stdio"}, strings.NewReader(in), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d at EOF: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("stdout lines %d: %q", len(lines), stdout.String())
	}
	for _, l := range lines { // nothing but JSON-RPC on stdout
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil || m["jsonrpc"] != "2.0" {
			t.Errorf("not a protocol message on stdout: %q", l)
		}
	}
	if !strings.Contains(stderr.String(), "stdio") {
		t.Errorf("stderr: %q", stderr.String())
	}
}

func TestNewToken(t *testing.T) {
	a, err := newToken()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := newToken()
	if len(a) != 43 || a == b || !isB64Token(a) {
		t.Errorf("tokens %q %q", a, b)
	}
}

// TestGracefulShutdown: an in-flight slow request finishes with its full
// body, long-lived streams are told to stop, new connections are refused.
func TestGracefulShutdown(t *testing.T) {
	ts := startServer(t, nil)
	opts := <-ts.engine.opts
	if opts.MaxSessions <= 0 {
		t.Errorf("MaxSessions not passed: %d", opts.MaxSessions)
	}
	type result struct {
		status int
		n      int
		err    error
	}
	res := make(chan result, 1)
	go func() {
		req, _ := http.NewRequest("POST", ts.base+"/mcp", strings.NewReader("slow"))
		req.Header.Set("Authorization", "Bearer "+testToken)
		resp, err := noCompressionClient.Do(req)
		if err != nil {
			res <- result{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		res <- result{resp.StatusCode, len(b), err}
	}()
	<-ts.engine.entered
	ts.cancel() // as SIGINT does
	select {
	case <-opts.Stopping.Done():
	case <-time.After(2 * time.Second):
		t.Error("Stopping not cancelled at shutdown")
	}
	r := <-res
	if r.err != nil || r.status != 200 || r.n != 64<<10 {
		t.Errorf("in-flight request: %+v", r)
	}
	if err := <-ts.done; err != nil {
		t.Errorf("serveOn: %v", err)
	}
	ts.cancel = nil
	if _, err := net.DialTimeout("tcp", strings.TrimPrefix(ts.base, "http://"), time.Second); err == nil {
		t.Error("still accepting connections after shutdown")
	}
}

// TestShutdownTimeout: a request that outlives the grace period is cut and
// serveOn still returns.
func TestShutdownTimeout(t *testing.T) {
	ts := startServer(t, func(c *serveConfig) { c.ShutdownTimeout = 100 * time.Millisecond })
	go func() {
		req, _ := http.NewRequest("POST", ts.base+"/mcp", strings.NewReader("slow"))
		req.Header.Set("Authorization", "Bearer "+testToken)
		if resp, err := noCompressionClient.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
	<-ts.engine.entered
	start := time.Now()
	ts.stop(t)
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("shutdown took %s", el)
	}
	if !strings.Contains(ts.logs.String(), "closing connections") {
		t.Errorf("logs: %s", ts.logs.String())
	}
}

// stableGoroutines waits until the goroutine count stops changing
// (leftovers of earlier tests winding down).
func stableGoroutines() int {
	n := runtime.NumGoroutine()
	for i := 0; i < 40; i++ {
		time.Sleep(50 * time.Millisecond)
		m := runtime.NumGoroutine()
		if m == n {
			return n
		}
		n = m
	}
	return n
}

// settledGoroutines polls until at most limit goroutines are left.
func settledGoroutines(limit int) int {
	n := runtime.NumGoroutine()
	for i := 0; i < 100 && n > limit; i++ {
		time.Sleep(50 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

// TestConcurrentRequests: 1,000 concurrent requests to /mcp, no error,
// and no goroutine left once the server stopped.
func TestConcurrentRequests(t *testing.T) {
	before := stableGoroutines()
	ts := startServer(t, nil)
	tr := &http.Transport{MaxIdleConnsPerHost: 1000, DisableCompression: true}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	const n = 1000
	var wg sync.WaitGroup
	errs := make(chan error, n)
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, i)
			req, _ := http.NewRequest("POST", ts.base+"/mcp", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+testToken)
			req.Header.Set("Origin", ts.base)
			resp, err := client.Do(req)
			if err != nil {
				errs <- err
				return
			}
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != 200 || string(b) != fmt.Sprintf(`{"len":%d}`, len(body)) {
				errs <- fmt.Errorf("status %d body %q err %v", resp.StatusCode, b, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	failed := 0
	for err := range errs {
		if failed++; failed <= 5 {
			t.Error(err)
		}
	}
	if failed > 0 {
		t.Fatalf("%d of %d requests failed", failed, n)
	}
	tr.CloseIdleConnections()
	ts.stop(t)
	if after := settledGoroutines(before); after > before {
		buf := make([]byte, 1<<20)
		t.Errorf("goroutines: %d before, %d after\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
}

func TestServeOnServeError(t *testing.T) {
	// serveOn reports a listener that fails (exit 1 in runServe).
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	ln.Close()
	cfg := defaultServeConfig()
	cfg.WebDir, cfg.StaticDir = t.TempDir(), t.TempDir()
	cfg.Token = testToken
	if err := serveOn(context.Background(), ln, cfg); err == nil {
		t.Error("serveOn on a closed listener returned nil")
	}
}
