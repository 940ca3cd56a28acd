//go:build !(js && wasm)

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func rpcError(t *testing.T, body []byte) (code int, msg string) {
	t.Helper()
	var m struct {
		JSONRPC string           `json:"jsonrpc"`
		ID      *json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" {
		t.Fatalf("not a JSON-RPC error: %q", body)
	}
	if m.ID != nil {
		t.Errorf("error has an id: %s", body)
	}
	return m.Error.Code, m.Error.Message
}

func TestMCPGuards(t *testing.T) {
	ts := startServer(t, nil)
	own := ts.base // the app's own origin
	bearer := "Bearer " + testToken
	cases := []struct {
		name    string
		method  string
		body    string
		hdr     map[string]string
		status  int
		code    int    // JSON-RPC error code, 0 = not an error body
		wwwAuth string // expected WWW-Authenticate
	}{
		{"no token", "POST", "{}", nil, 401, -32600, `Bearer realm="mcp-wire-lab"`},
		{"wrong token", "POST", "{}", map[string]string{"Authorization": "Bearer wrong"}, 401, -32600, `Bearer realm="mcp-wire-lab", error="invalid_token"`},
		{"right token", "POST", "{}", map[string]string{"Authorization": bearer}, 200, 0, ""},
		{"no Origin", "POST", "{}", map[string]string{"Authorization": bearer}, 200, 0, ""},
		{"own origin", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": own}, 200, 0, ""},
		// Issue 12 item 1: another loopback port is another site.
		{"loopback other port", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": "http://localhost:5173"}, 403, -32600, ""},
		{"loopback v6", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": "http://[::1]:1234"}, 403, -32600, ""},
		{"127.0.0.1 other port", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": "http://127.0.0.1:1"}, 403, -32600, ""},
		{"localhost, own port", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": strings.Replace(own, "127.0.0.1", "localhost", 1)}, 403, -32600, ""},
		{"https own host", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": strings.Replace(own, "http:", "https:", 1)}, 403, -32600, ""},
		{"foreign origin", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": "https://evil.example"}, 403, -32600, ""},
		{"origin before auth", "POST", "{}", map[string]string{"Origin": "https://evil.example"}, 403, -32600, ""},
		{"suffix trick", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": "https://trusted.example.evil.com"}, 403, -32600, ""},
		{"prefix trick", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": "http://127.0.0.1.evil.com"}, 403, -32600, ""},
		{"localhost trick", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": "http://localhost.evil.com:8080"}, 403, -32600, ""},
		{"null origin", "POST", "{}", map[string]string{"Authorization": bearer, "Origin": "null"}, 403, -32600, ""},
		{"rebinding host", "POST", "{}", map[string]string{"Authorization": bearer, "Host": "attacker.example:8080"}, 403, -32600, ""},
		{"405 passthrough", "GET", "", map[string]string{"Authorization": bearer}, 405, 0, ""},
		{"405 needs auth first", "GET", "", nil, 401, -32600, `Bearer realm="mcp-wire-lab"`},
		{"panic", "POST", "panic", map[string]string{"Authorization": bearer}, 500, -32603, ""},
		{"preflight", "OPTIONS", "", map[string]string{"Origin": own, "Access-Control-Request-Method": "POST"}, 204, 0, ""},
		{"preflight, other port", "OPTIONS", "", map[string]string{"Origin": "http://localhost:6274", "Access-Control-Request-Method": "POST"}, 403, -32600, ""},
	}
	for _, c := range cases {
		resp, body := ts.do(t, nil, c.method, "/mcp", c.body, c.hdr)
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d (%s)", c.name, resp.StatusCode, c.status, body)
			continue
		}
		if c.code != 0 {
			if code, _ := rpcError(t, body); code != c.code {
				t.Errorf("%s: code %d, want %d", c.name, code, c.code)
			}
		}
		if got := resp.Header.Get("WWW-Authenticate"); got != c.wwwAuth {
			t.Errorf("%s: WWW-Authenticate %q, want %q", c.name, got, c.wwwAuth)
		}
	}
	if logs := ts.logs.String(); !strings.Contains(logs, "fake engine exploded") {
		t.Errorf("panic not logged: %s", logs)
	}
	// The server survived the panic.
	if resp, _ := ts.do(t, nil, "POST", "/mcp", "{}", map[string]string{"Authorization": bearer}); resp.StatusCode != 200 {
		t.Errorf("after panic: %d", resp.StatusCode)
	}
	ts.stop(t)
	if logs := ts.logs.String(); strings.Contains(logs, testToken) || strings.Contains(logs, "Bearer wrong") {
		t.Errorf("logs contain the token or Authorization header:\n%s", logs)
	}
	if !strings.Contains(ts.stdout.String(), testToken) || !strings.Contains(ts.stdout.String(), "Ctrl+C to stop") ||
		!strings.Contains(ts.stdout.String(), ts.base+"/mcp") {
		t.Errorf("banner: %q", ts.stdout.String())
	}
}

// The Origin allowlist is the app's own origin plus -allow-origin: an
// inspector on another port works once it is named.
func TestMCPAllowOrigin(t *testing.T) {
	ts := startServer(t, func(c *serveConfig) { c.AllowOrigins = []string{"http://localhost:6274"} })
	bearer := "Bearer " + testToken
	for _, c := range []struct {
		method, origin string
		status         int
	}{
		{"POST", "http://localhost:6274", 200},
		{"OPTIONS", "http://localhost:6274", 204},
		{"POST", "http://localhost:6275", 403},
		{"POST", ts.base, 200},
	} {
		resp, body := ts.do(t, nil, c.method, "/mcp", "{}", map[string]string{"Authorization": bearer, "Origin": c.origin, "Access-Control-Request-Method": "POST"})
		if resp.StatusCode != c.status {
			t.Errorf("%s from %s: %d %s, want %d", c.method, c.origin, resp.StatusCode, body, c.status)
		}
		if c.status != 403 && resp.Header.Get("Access-Control-Allow-Origin") != c.origin {
			t.Errorf("%s from %s: Access-Control-Allow-Origin %q", c.method, c.origin, resp.Header.Get("Access-Control-Allow-Origin"))
		}
	}
}

func TestMCPNoAuth(t *testing.T) {
	ts := startServer(t, func(c *serveConfig) { c.NoAuth = true; c.Token = "" })
	if resp, _ := ts.do(t, nil, "POST", "/mcp", "{}", nil); resp.StatusCode != 200 {
		t.Errorf("-no-auth without token: %d", resp.StatusCode)
	}
	// The Origin check still applies.
	if resp, _ := ts.do(t, nil, "POST", "/mcp", "{}", map[string]string{"Origin": "https://evil.example"}); resp.StatusCode != 403 {
		t.Errorf("-no-auth foreign origin: %d", resp.StatusCode)
	}
	if _, js := ts.do(t, nil, "GET", "/app.js", "", nil); strings.Contains(string(js), "MCPWL_TOKEN") {
		t.Error("app.js carries a token with -no-auth")
	}
	if !strings.Contains(ts.stdout.String(), "auth   disabled") {
		t.Errorf("banner: %q", ts.stdout.String())
	}
}

func TestMCPBodyCap(t *testing.T) {
	ts := startServer(t, nil)
	bearer := map[string]string{"Authorization": "Bearer " + testToken}
	resp, body := ts.do(t, nil, "POST", "/mcp", strings.Repeat("a", 4<<20), bearer)
	if resp.StatusCode != 200 || string(body) != `{"len":4194304}` {
		t.Errorf("exactly 4 MiB: %d %s", resp.StatusCode, body)
	}
	resp, body = ts.do(t, nil, "POST", "/mcp", strings.Repeat("a", 4<<20+1), bearer)
	if resp.StatusCode != 413 {
		t.Fatalf("4 MiB + 1: %d", resp.StatusCode)
	}
	if code, msg := rpcError(t, body); code != -32600 || msg != "Request body too large (limit 4 MiB)" {
		t.Errorf("413 body: %d %q", code, msg)
	}
	// Chunked (no Content-Length) over the cap, with the engine reading.
	req, _ := http.NewRequest("POST", ts.base+"/mcp", strings.NewReader(strings.Repeat("a", 4<<20+1)))
	req.ContentLength = -1
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, err := noCompressionClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 413 {
		t.Errorf("chunked 4 MiB + 1: %d", resp.StatusCode)
	}
}

// TestSlowClients: a slowloris body or header is cut by the read timeouts
// and never reaches the engine.
func TestSlowClients(t *testing.T) {
	ts := startServer(t, func(c *serveConfig) {
		c.ReadTimeout = 300 * time.Millisecond
		c.ReadHeaderTimeout = 200 * time.Millisecond
	})
	addr := strings.TrimPrefix(ts.base, "http://")

	// Slow body: headers promise 100 bytes, 10 arrive, then nothing.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"jsonrpc\"", addr, testToken)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("slow body: no response: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout {
		t.Errorf("slow body: %d, want 408", resp.StatusCode)
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Errorf("slow body cut after %s", el)
	}

	// Slow headers: the connection is closed.
	conn2, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close()
	fmt.Fprintf(conn2, "POST /mcp HTTP/1.1\r\nHost: %s\r\nX-Slow: ", addr)
	conn2.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 512)
	for {
		if _, err := conn2.Read(buf); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				t.Error("slow headers: connection still open after 5 s")
			}
			break
		}
	}
	select {
	case <-ts.engine.entered:
		t.Error("engine saw a slow request")
	default:
	}
}

// TestLongStreamSurvivesTimeouts: a streamed response longer than both
// ReadTimeout and WriteTimeout completes (no absolute write deadline, and
// the read deadline is lifted once the body is read).
func TestLongStreamSurvivesTimeouts(t *testing.T) {
	ts := startServer(t, func(c *serveConfig) {
		c.ReadTimeout = 200 * time.Millisecond
		c.WriteTimeout = 200 * time.Millisecond
	})
	start := time.Now()
	resp, body := ts.do(t, nil, "POST", "/mcp", "stream", map[string]string{"Authorization": "Bearer " + testToken})
	if resp.StatusCode != 200 || strings.Count(string(body), "data:") != 6 {
		t.Fatalf("stream: %d %q", resp.StatusCode, body)
	}
	if el := time.Since(start); el < 400*time.Millisecond {
		t.Fatalf("stream too fast to prove anything: %s", el)
	}
}
