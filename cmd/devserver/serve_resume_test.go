//go:build !(js && wasm)

package main

// The real engine behind the real dev server: a 2025-11-25 SSE stream is
// primed, survives its connection (2025-11-25 basic/transports §Sending
// Messages 6: "Disconnection SHOULD NOT be interpreted as the client
// cancelling its request") and is resumed with GET + Last-Event-ID
// (§Resumability and Redelivery 2).

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// startEngineServer runs the dev server with the real MCP engine.
func startEngineServer(t *testing.T) *testServer {
	t.Helper()
	return startServer(t, func(c *serveConfig) { c.NewMCP = nil })
}

// initLegacy opens a 2025-11-25 session and returns its id.
func initLegacy(t *testing.T, ts *testServer) string {
	t.Helper()
	hdr := map[string]string{
		"Authorization": "Bearer " + testToken,
		"Content-Type":  "application/json",
		"Accept":        "application/json, text/event-stream",
	}
	resp, body := ts.do(t, nil, "POST", "/mcp",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"resume-test","version":"1"}}}`, hdr)
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || sid == "" {
		t.Fatalf("initialize: %d %s", resp.StatusCode, body)
	}
	hdr["Mcp-Session-Id"] = sid
	hdr["MCP-Protocol-Version"] = "2025-11-25"
	if resp, body := ts.do(t, nil, "POST", "/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, hdr); resp.StatusCode != 202 {
		t.Fatalf("initialized: %d %s", resp.StatusCode, body)
	}
	return sid
}

// postExport sends tools/call export_timesheets with a progress token on a
// raw TCP connection and returns the connection and a reader of the
// response's SSE body (de-chunked).
func postExport(t *testing.T, ts *testServer, sid string, steps int) (net.Conn, *bufio.Reader) {
	t.Helper()
	addr := strings.TrimPrefix(ts.base, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	body := fmt.Sprintf(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":%d},"_meta":{"progressToken":"p7"}}}`, steps)
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\n"+
		"Accept: application/json, text/event-stream\r\nMcp-Session-Id: %s\r\nMCP-Protocol-Version: 2025-11-25\r\n"+
		"Content-Length: %d\r\n\r\n%s", addr, testToken, sid, len(body), body)
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		conn.Close()
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		conn.Close()
		t.Fatalf("POST tools/call: %d %v", resp.StatusCode, resp.Header)
	}
	return conn, bufio.NewReader(resp.Body)
}

// readSSE reads n blank-line-terminated events.
func readSSE(t *testing.T, r *bufio.Reader, n int) []string {
	t.Helper()
	var out, cur []string
	for len(out) < n {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("after %d events: %v", len(out), err)
		}
		if line = strings.TrimSuffix(line, "\n"); line == "" {
			out = append(out, strings.Join(cur, "\n"))
			cur = nil
			continue
		}
		cur = append(cur, line)
	}
	return out
}

func progressEvent(id string, k, steps int) string {
	return fmt.Sprintf(`id: %s`+"\nevent: message\ndata: "+`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p7","progress":%d,"total":%d,"message":"Exported week %d of %d"}}`, id, k, steps, k, steps)
}

func TestServeResumeAfterDisconnect(t *testing.T) {
	ts := startEngineServer(t)
	sid := initLegacy(t, ts)

	conn, body := postExport(t, ts, sid, 2)
	got := readSSE(t, body, 2)
	if got[0] != "id: 1-0\ndata:" {
		t.Fatalf("priming event %q, want %q", got[0], "id: 1-0\ndata:")
	}
	if want := progressEvent("1-1", 1, 2); got[1] != want {
		t.Fatalf("first progress:\ngot  %q\nwant %q", got[1], want)
	}
	conn.Close() // the network drops: not a cancellation in 2025-11-25

	req, err := http.NewRequest("GET", ts.base+"/mcp", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	req.Header.Set("Last-Event-ID", "1-1")
	resp, err := noCompressionClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" ||
		resp.Header.Get("Cache-Control") != "no-cache" || resp.Header.Get("X-Accel-Buffering") != "no" {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("resume: %d %v %s", resp.StatusCode, resp.Header, b)
	}
	rest, err := io.ReadAll(resp.Body) // ends after the response
	if err != nil {
		t.Fatal(err)
	}
	want := progressEvent("1-2", 2, 2) + "\n\n" +
		`id: 1-3` + "\nevent: message\ndata: " + `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"Exported 2 weeks of timesheets for Sales (2 employees, 4 rows) to timesheets-sales.csv."},{"type":"text","text":"{\"department\":\"Sales\",\"weeks\":2,\"employees\":2,\"rows\":4,\"file\":\"timesheets-sales.csv\"}"}],"structuredContent":{"department":"Sales","weeks":2,"employees":2,"rows":4,"file":"timesheets-sales.csv"},"isError":false}}` + "\n\n"
	if string(rest) != want {
		t.Fatalf("resumed stream:\ngot  %q\nwant %q", rest, want)
	}

	// Resuming a stream the session does not have is a 400 -32600.
	resp2, b := ts.do(t, nil, "GET", "/mcp", "", map[string]string{
		"Authorization": "Bearer " + testToken, "Accept": "text/event-stream",
		"Mcp-Session-Id": sid, "Last-Event-ID": "9-0"})
	if code, msg := rpcError(t, b); resp2.StatusCode != 400 || code != -32600 || !strings.HasPrefix(msg, "Bad Request: cannot resume:") {
		t.Fatalf("unknown stream: %d %d %q", resp2.StatusCode, code, msg)
	}
	if logs := ts.logs.String(); strings.Contains(logs, "cancelled") {
		t.Errorf("the disconnect cancelled the request:\n%s", logs)
	}
}

// TestServeShutdownCancelsDetached: a request whose client left keeps
// running, but graceful shutdown cancels it instead of waiting for it.
func TestServeShutdownCancelsDetached(t *testing.T) {
	ts := startEngineServer(t)
	sid := initLegacy(t, ts)
	conn, body := postExport(t, ts, sid, 10) // 10 s of work
	readSSE(t, body, 2)
	conn.Close()
	time.Sleep(100 * time.Millisecond) // let the server notice the disconnect
	start := time.Now()
	ts.stop(t)
	if el := time.Since(start); el > 3*time.Second {
		t.Fatalf("shutdown took %s with a detached request (ShutdownTimeout %s)", el, ts.cfg.ShutdownTimeout)
	}
	if logs := ts.logs.String(); !strings.Contains(logs, "request 7 (export_timesheets) cancelled") {
		t.Errorf("detached request not cancelled at shutdown:\n%s", logs)
	}
}
