//go:build !(js && wasm)

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// pageGets fetches the page and one of its files on fresh connections,
// as a browser opening the link would, and reports the status codes.
func pageGets(base string) (page, css int, err error) {
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 20 * time.Second}
	for _, p := range []struct {
		path string
		code *int
	}{{"/", &page}, {"/static/loader.css", &css}} {
		resp, err := c.Get(base + p.path)
		if err != nil {
			return page, css, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		*p.code = resp.StatusCode
	}
	return page, css, nil
}

// dripBody opens a connection to addr and sends complete headers of a
// POST to path announcing a body of length bytes (extra: more header
// lines), then one body byte per tick until stop is closed or the server
// closes: the slow-body attacker of issue 27.
func dripBody(addr, path string, length int, extra string, tick time.Duration, stop <-chan struct{}) (net.Conn, error) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n%s\r\n", path, addr, length, extra)
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(tick):
			}
			if _, err := c.Write([]byte{'x'}); err != nil {
				return
			}
		}
	}()
	return c, nil
}

// answeredAndClosed reads the server's answer on c, then whether the
// server closed the connection (EOF, or a reset: it closed with the
// client's drip unread), waiting at most within.
func answeredAndClosed(c net.Conn, within time.Duration) (answered, closed bool) {
	c.SetReadDeadline(time.Now().Add(within))
	br := bufio.NewReader(c)
	if resp, err := http.ReadResponse(br, nil); err == nil {
		io.Copy(io.Discard, resp.Body)
		answered = true
	}
	_, err := br.ReadByte()
	return answered, err == io.EOF || errors.Is(err, syscall.ECONNRESET)
}

// Issue 27 item 4: without the token, sockets that send complete headers
// and then a body byte every 200 ms (to /mcp, which answers 401, and to
// the page, which needs no body) cannot hold the connection slots: each
// is answered at once and closed, so with 3× the cap of them dripping the
// page and its files still load. Before, net/http drained each body until
// the read timeout, every slot stayed busy, and the page got 503.
func TestPageSurvivesSlowBodies(t *testing.T) {
	const conns = 16
	ts := startServer(t, func(c *serveConfig) { c.MaxConns, c.ReadTimeout = conns, 2*time.Minute })
	addr := strings.TrimPrefix(ts.base, "http://")
	stop := make(chan struct{})
	defer close(stop)
	var answered, closed atomic.Int32
	var wg sync.WaitGroup
	var socks []net.Conn
	for i := 0; i < 3*conns; i++ {
		path, extra := "/mcp", ""
		switch i % 3 {
		case 1:
			path = "/"
		case 2:
			extra = "Authorization: Bearer wrong\r\n"
		}
		c, err := dripBody(addr, path, 1000, extra, 200*time.Millisecond, stop)
		if err != nil {
			t.Fatal(err)
		}
		socks = append(socks, c)
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, shut := answeredAndClosed(c, 30*time.Second) // liveness; the drip lasts 200 s
			if got {
				answered.Add(1)
			}
			if shut {
				closed.Add(1)
			} else {
				t.Logf("%s %q: not closed", path, extra)
			}
		}()
	}
	// While they drip (each would for 200 s), the page loads.
	for end := time.Now().Add(5 * time.Second); closed.Load() < 3*conns && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	page, css, err := pageGets(ts.base)
	for _, c := range socks {
		c.Close()
	}
	wg.Wait()
	t.Logf("%d slow-body sockets (cap %d connections): %d answered, %d closed by the server; the page %d, its CSS %d (%v)",
		3*conns, conns, answered.Load(), closed.Load(), page, css, err)
	if answered.Load() != 3*conns || closed.Load() != 3*conns {
		t.Errorf("%d of %d slow-body sockets answered, %d closed: they hold their slots", answered.Load(), 3*conns, closed.Load())
	}
	if err != nil || page != 200 || css != 200 {
		t.Errorf("the page behind slow-body sockets: %d, %d, %v", page, css, err)
	}
}

// detachedCall starts a 2025-11-25 export_timesheets call (10 s) with a
// progress token in session sid (10 s), reads up to its priming event and hangs
// up: the call goes on without a client (streamable-http §Sending
// Messages 6). It returns the status and, for a refusal, the body.
func detachedCall(base, sid string) (int, string, error) {
	body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":10},"_meta":{"progressToken":"p"}}}`
	req, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	resp, err := (&http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 20 * time.Second}).Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Retry-After") + " " + string(b), nil
	}
	line, err := bufio.NewReader(resp.Body).ReadString('\n') // "id: …" of the priming event
	if !strings.HasPrefix(line, "id: ") {
		return 0, "", fmt.Errorf("no priming event: %q %v", line, err)
	}
	return 200, "", nil
}

func initSession(t *testing.T, base string) string {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	resp, b, err := mcpPost(client, base, init, "", "")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("initialize: %v %s", err, b)
	}
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp, b, err := mcpPost(client, base, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "", "", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"); err != nil || resp.StatusCode != 202 {
		t.Fatalf("initialized: %v %s", err, b)
	}
	return sid
}

// Issue 27 item 4: with the token, detached 2025-11-25 slow calls (each
// keeps its connection's handler running for 10 s after its client left)
// cannot take every connection slot. One session runs at most
// MaxSessionInFlight of them and the rest get 503 + Retry-After at once,
// so another session still works; many sessions together run at most
// half the connection cap, so the page and its files still load and a
// further call is told 503 + Retry-After at once. Before, 3× the cap of
// them took every slot and the page got 503.
func TestPageSurvivesDetachedCalls(t *testing.T) {
	const conns = 16
	ts := engineServer(t, func(c *serveConfig) { c.MaxConns, c.MaxSessionInFlight = conns, 4 })
	flood := func(sessions []string, n int) (ran, perSession, total int, other []string) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		// Never more connections at once than the cap, with room to spare:
		// the in-flight bounds must answer, not the connection cap. The
		// running calls hold conns/2 connections; with conns/2 of the
		// client's beside them a refused call's connection not yet released
		// by the server (Connection: close takes a moment under load) made
		// the cap answer "all busy" instead (make test, once).
		slots := make(chan struct{}, conns/4)
		for i := 0; i < n; i++ {
			wg.Add(1)
			slots <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-slots }()
				code, b, err := detachedCall(ts.base, sessions[i%len(sessions)])
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil && code == 200:
					ran++
				case code == 503 && strings.HasPrefix(b, "1 ") && strings.Contains(b, "this session already has 4 requests in progress"):
					perSession++
				case code == 503 && strings.HasPrefix(b, "1 ") && strings.Contains(b, fmt.Sprintf("the server is already handling %d requests", conns/2)):
					total++
				default:
					if len(other) < 3 {
						other = append(other, fmt.Sprintf("%d %v %.160s", code, err, b))
					}
				}
			}()
		}
		wg.Wait()
		return
	}

	// One session floods.
	attacker := initSession(t, ts.base)
	ran, perSession, total, other := flood([]string{attacker}, 3*conns)
	page, css, err := pageGets(ts.base)
	code, b, cerr := detachedCall(ts.base, initSession(t, ts.base))
	t.Logf("%d detached slow calls in one session (cap %d connections, %d in flight, 4 per session): %d ran, %d refused for the session, %d in total; "+
		"the page %d, its CSS %d; another session's call %d", 3*conns, conns, conns/2, ran, perSession, total, page, css, code)
	if ran != 4 || perSession != 3*conns-4 || len(other) > 0 {
		t.Errorf("the per-session bound does not hold: %d ran, %d + %d refused, other answers %q", ran, perSession, total, other)
	}
	if err != nil || page != 200 || css != 200 {
		t.Errorf("the page behind one session's detached calls: %d, %d, %v", page, css, err)
	}
	if cerr != nil || code != 200 {
		t.Errorf("another session's call: %d %v %s", code, cerr, b)
	}

	// Three more sessions flood: the total bound (8) is reached.
	var more []string
	for i := 0; i < 3; i++ {
		more = append(more, initSession(t, ts.base))
	}
	ran, perSession, total, other = flood(more, 3*conns)
	page, css, err = pageGets(ts.base)
	code, b, cerr = detachedCall(ts.base, more[0])
	t.Logf("%d more over three sessions: %d ran, %d refused for their session, %d in total; the page %d, its CSS %d; one more call %d %s",
		3*conns, ran, perSession, total, page, css, code, b)
	if ran != 3 || total == 0 || ran+perSession+total != 3*conns || len(other) > 0 {
		t.Errorf("the total bound does not hold: %d ran, %d + %d refused, other answers %q", ran, perSession, total, other)
	}
	if err != nil || page != 200 || css != 200 {
		t.Errorf("the page with the in-flight cap full: %d, %d, %v", page, css, err)
	}
	if cerr != nil || code != 503 || !strings.HasPrefix(b, "1 ") {
		t.Errorf("a call with the in-flight cap full: %d %v %s", code, cerr, b)
	}
}

// Issue 27 item 8: the dev server's pages and files may be framed only by
// its own origin (a tab of it holds the token); /mcp, an API, has no
// such headers. Before, any site could frame the page.
func TestPagesRefuseForeignFrames(t *testing.T) {
	ts := startServer(t, nil)
	for _, p := range []string{"/", "/?view=capture", "/static/loader.css", "/web/app.wasm", "/captures/"} {
		resp, err := http.Get(ts.base + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("Content-Security-Policy"); got != "frame-ancestors 'self'" || resp.Header.Get("X-Frame-Options") != "SAMEORIGIN" {
			t.Errorf("%s: CSP %q, X-Frame-Options %q", p, got, resp.Header.Get("X-Frame-Options"))
		}
	}
	resp, _, err := mcpPost(http.DefaultClient, ts.base, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "", "")
	if err != nil || resp.Header.Get("X-Frame-Options") != "" {
		t.Errorf("/mcp: %v %v", err, resp.Header)
	}
}
