package netguard

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// serveLimited runs handler behind a ConnLimit of max on 127.0.0.1.
func serveLimited(t *testing.T, max int, quiet time.Duration, handler http.Handler) (*ConnLimit, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lim := NewConnLimit(max)
	lim.Quiet = quiet
	srv := &http.Server{Handler: handler, ConnState: lim.ConnState, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(lim.Listener(ln))
	t.Cleanup(func() { srv.Close() })
	return lim, ln.Addr().String()
}

func openFDs() int {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(entries)
}

// waitUntil is a liveness wait, not a timing assertion: 20 s so that a
// loaded CI machine (load average 30 on 2 cores) does not fail it.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Issue 12 item 3: idle connections beyond the cap cannot starve a real
// request (once quiet for Quiet they give way), the server holds at most
// the cap (its open descriptors stay bounded), and when every held
// connection is busy a new one gets 503 with Retry-After and a JSON-RPC
// error.
func TestConnLimit(t *testing.T) {
	release := make(chan struct{})
	var busy atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/busy" {
			busy.Add(1)
			<-release
		}
		io.WriteString(w, "ok")
	})
	const max = 8
	const quiet = 200 * time.Millisecond
	lim, addr := serveLimited(t, max, quiet, h)
	fdsBefore := openFDs()

	// 200 idle sockets that never send a byte.
	start := time.Now()
	var idle []net.Conn
	for i := 0; i < 200; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		idle = append(idle, c)
	}
	defer func() {
		for _, c := range idle {
			c.Close()
		}
	}()
	// A burst of fresh connections does not displace itself: the ones over
	// the cap are refused (or closed once 64 refusals are under way). On a
	// loaded machine the 200 dials can outlast Quiet; then the first ones
	// held have gone quiet and a later one displaces one of them instead:
	// either way every connection over the cap is accounted for once.
	waitUntil(t, "the burst to be sorted out", func() bool { return lim.Refused()+lim.Displaced() >= 200-max && lim.Open() == max })
	// No held connection can have been quiet for Quiet before Quiet has
	// passed since the first dial: a burst sorted out sooner (the usual
	// case) displaced nothing.
	if sorted := time.Since(start); sorted < quiet && lim.Displaced() != 0 {
		t.Fatalf("the burst displaced %d of its own connections within %v (Quiet is %v)", lim.Displaced(), sorted, quiet)
	}
	if peak := openFDs() - fdsBefore - len(idle); fdsBefore >= 0 && peak > max+maxRefusing+4 {
		t.Fatalf("server-side descriptors grew by %d with a cap of %d (+%d being refused)", peak, max, maxRefusing)
	}
	// Refusals give their descriptors back within refuseWithin.
	waitUntil(t, "the refusals to end", func() bool { return lim.refusing.Load() == 0 })
	time.Sleep(quiet)
	held := lim.Open()
	serverFDs := openFDs() - fdsBefore - len(idle) // the client ends are ours too
	t.Logf("200 idle connections: server holds %d (cap %d), refused %d, server-side descriptors +%d", held, max, lim.Refused(), serverFDs)
	if held > max {
		t.Fatalf("server holds %d connections, cap %d", held, max)
	}
	if fdsBefore >= 0 && serverFDs > max+4 {
		t.Fatalf("server-side descriptors grew by %d with a cap of %d", serverFDs, max)
	}
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
	displaced := lim.Displaced()
	resp, err := client.Get("http://" + addr + "/")
	if err != nil {
		t.Fatalf("a real request behind 200 idle connections: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || lim.Displaced()-displaced != 1 {
		t.Fatalf("a real request behind 200 idle connections: %d, %d displaced", resp.StatusCode, lim.Displaced()-displaced)
	}

	// Every slot busy: the next connection is refused with a 503. A busy
	// request refused on its way in (under load a held idle connection
	// may not have been quiet for Quiet yet, so it keeps its slot) tries
	// again, as a client told Retry-After would, until every slot is busy;
	// one let in waits for release (no client timeout).
	busyClient := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	var wg sync.WaitGroup
	for i := 0; i < max; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for busy.Load() < max {
				if resp, err := busyClient.Get("http://" + addr + "/busy"); err == nil {
					resp.Body.Close()
					if resp.StatusCode == 200 {
						return
					}
				}
				time.Sleep(10 * time.Millisecond)
			}
		}()
	}
	waitUntil(t, "every slot to be busy", func() bool { return busy.Load() == max })
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	resp, err = http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("refused connection: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	c.Close()
	if resp.StatusCode != 503 || resp.Header.Get("Retry-After") != "1" || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("refused connection: %d %v", resp.StatusCode, resp.Header)
	}
	if code, msg := rpcErr(t, body); code != CodeInternalError || msg != "Service Unavailable: the server already holds 8 connections, all busy; retry later" {
		t.Fatalf("refusal: %d %q", code, msg)
	}
	close(release)
	wg.Wait()
	if lim.Refused() < 1 {
		t.Fatal("no refusal counted")
	}
	resp, err = client.Get("http://" + addr + "/")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("after the busy requests: %v", err)
	}
	resp.Body.Close()
}

// Issue 12 item 4: the bytes of the bodies being handled at once are
// bounded. With a budget of two maximal bodies, eight 4 MiB requests sent
// together are handled at most two at a time (the others wait), a request
// that cannot get its share in time gets 503, and a handler that starts
// answering gives its share back.
func TestLimitBodiesBudget(t *testing.T) {
	const max = 4 << 20
	budget := NewBodyBudget(2*max, 3*time.Second)
	var inside, most atomic.Int32
	h := LimitBodies(max, budget, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inside.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(100 * time.Millisecond)
		inside.Add(-1)
		b, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "ok %d", len(b))
	}))
	var wg sync.WaitGroup
	codes := make(chan int, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("POST", "/mcp", bytes.NewReader(make([]byte, max))))
			codes <- w.Code
		}()
	}
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 200 {
			t.Errorf("status %d", c)
		}
	}
	if most.Load() != 2 || budget.Used() != 0 {
		t.Fatalf("at most %d large bodies handled at once (want 2), %d bytes still reserved", most.Load(), budget.Used())
	}

	// A share that does not come back in time: 503.
	short := NewBodyBudget(max, 50*time.Millisecond)
	hold := make(chan struct{})
	entered := make(chan struct{})
	slow := LimitBodies(max, short, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-hold
	}))
	go slow.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/mcp", bytes.NewReader(make([]byte, max))))
	<-entered
	w := httptest.NewRecorder()
	slow.ServeHTTP(w, httptest.NewRequest("POST", "/mcp", bytes.NewReader(make([]byte, 1<<20))))
	if w.Code != 503 || w.Header().Get("Retry-After") != "1" {
		t.Fatalf("no share in time: %d %v", w.Code, w.Header())
	}
	if code, msg := rpcErr(t, w.Body.Bytes()); code != CodeInternalError || msg != "Service Unavailable: the server is already handling 4 MiB of request bodies; retry later" {
		t.Fatalf("503 body: %d %q", code, msg)
	}
	// A small body never waits.
	w = httptest.NewRecorder()
	LimitBodies(max, short, okHandler).ServeHTTP(w, httptest.NewRequest("POST", "/mcp", strings.NewReader("small")))
	if w.Code != 200 {
		t.Fatalf("small body behind a full budget: %d", w.Code)
	}
	close(hold)

	// Streaming answers give the share back at their first byte.
	stream := LimitBodies(max, short, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		http.NewResponseController(w).Flush()
		if short.Used() != 0 {
			t.Errorf("a streaming answer still holds %d body bytes", short.Used())
		}
	}))
	waitUntil(t, "the slow handler's share", func() bool { return short.Used() == 0 })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/mcp", bytes.NewReader(make([]byte, max))).WithContext(ctx))
}

// Max is the budget.
func (b *BodyBudget) Max() int64 { return b.max }

// Used is the body bytes reserved now.
func (b *BodyBudget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Running is the requests f handles now.
func (f *InFlight) Running() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

// Refused counts the requests f answered 503.
func (f *InFlight) Refused() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.refused
}
