package netguard

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// dripHeaders opens a connection, sends complete request headers
// announcing a body of length bytes, and then one body byte per tick until
// stop is closed or the server closes. It returns the connection.
func dripHeaders(t *testing.T, addr, method, path string, length int, extra string, tick time.Duration, stop <-chan struct{}) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s\r\n", method, path, addr, length, extra)
	go func() {
		for i := 0; i < length; i++ {
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
	return c
}

// Issue 27 item 4: a response that starts before the request's body was
// read closes the connection instead of draining it. A client that sends
// complete headers and then a body byte every 100 ms gets its 401 at once
// and its connection closed, while its body is still trickling in; the
// server has read at most a few of its bytes. Without CloseUnreadBodies
// net/http reads the body (up to 256 KiB) before answering, so the 401
// does not come while the client keeps dripping.
func TestCloseUnreadBodies(t *testing.T) {
	var read atomic.Int64
	deny := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="t"`)
		WriteError(w, http.StatusUnauthorized, CodeInvalidRequest, "Unauthorized")
	})
	counted := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = countingBody{r.Body, &read}
		CloseUnreadBodies(deny).ServeHTTP(w, r)
	})
	_, addr := serveLimited(t, 8, time.Second, counted)
	stop := make(chan struct{})
	defer close(stop)
	c := dripHeaders(t, addr, "POST", "/mcp", 1000, "", 100*time.Millisecond, stop)
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(20 * time.Second)) // liveness: the drip lasts 100 s
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer while the body trickles in: %v", err)
	}
	io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != 401 || !resp.Close {
		t.Errorf("answer %d, close %v; want 401 and Connection: close", resp.StatusCode, resp.Close)
	}
	if n := read.Load(); n >= 1000 {
		t.Errorf("the server read %d body bytes before answering", n)
	}
	// The server closed its end: the next read is EOF, not a timeout.
	if _, err := c.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("after the answer: %v, want EOF (the server keeps the connection)", err)
	}

	// A handler that reads the body keeps the connection for the next request.
	echo := CloseUnreadBodies(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%d", len(b))
	}))
	_, addr2 := serveLimited(t, 8, time.Second, echo)
	resp, err = http.Post("http://"+addr2+"/", "text/plain", strings.NewReader("hello"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "5" || resp.Close {
		t.Errorf("a read body: %q, close %v", b, resp.Close)
	}
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

// Issue 27 item 4: a body must keep coming. With 300 ms of grace and
// 1 KiB/s, a body of 10,000 bytes sent one byte per 50 ms is cut with 408
// after a few bytes (not when the drip would end, 500 s later), while
// 256 KiB sent at once is read whole.
func TestBodyProgress(t *testing.T) {
	var read atomic.Int64
	h := BodyProgress(300*time.Millisecond, 1<<10, 10*time.Second, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = countingBody{r.Body, &read}
		LimitBody(1<<20, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, "%d", r.ContentLength)
		})).ServeHTTP(w, r)
	}))
	_, addr := serveLimited(t, 8, time.Second, h)
	stop := make(chan struct{})
	defer close(stop)
	c := dripHeaders(t, addr, "POST", "/", 10000, "", 50*time.Millisecond, stop)
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(20 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("a trickling body is not cut: %v (%d bytes read)", err, read.Load())
	}
	b, _ := io.ReadAll(resp.Body)
	if code, _ := rpcErr(t, b); resp.StatusCode != http.StatusRequestTimeout || code != CodeInvalidRequest {
		t.Errorf("a trickling body: %d %s", resp.StatusCode, b)
	}
	if n := read.Load(); n > 200 {
		t.Errorf("%d bytes read before the cut: the deadline does not follow the rate", n)
	}
	big := strings.Repeat("a", 256<<10)
	resp, err = http.Post("http://"+addr+"/", "text/plain", strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(b) != fmt.Sprint(len(big)) {
		t.Errorf("a body sent at once: %d %s", resp.StatusCode, b)
	}
}

// Issue 27 item 4: at the cap, a connection whose request has run for
// Quiet without being trusted gives way to a new connection; a trusted
// one (behind Trusting) never does. With every slot held by untrusted
// requests that never end (a slow reader of the page's files), a new
// request is served; with every slot held by trusted ones, it gets 503.
func TestConnLimitDisplacesUntrusted(t *testing.T) {
	release := make(chan struct{})
	var entered atomic.Int32
	block := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			entered.Add(1)
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		io.WriteString(w, "page")
	})
	const max = 6
	const quiet = 200 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lim := NewConnLimit(max)
	lim.Quiet = quiet
	mux := http.NewServeMux()
	mux.Handle("/trusted", lim.Trusting(block))
	mux.Handle("/", block)
	srv := &http.Server{Handler: mux, ConnState: lim.ConnState, ConnContext: lim.ConnContext}
	go srv.Serve(lim.Listener(ln))
	defer srv.Close()
	defer close(release)
	addr := ln.Addr().String()

	hold := func(path string) {
		for i := 0; i < max; i++ {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Close() })
			fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", path, addr)
		}
	}
	page := func() (int, error) {
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 20 * time.Second}
		resp, err := c.Get("http://" + addr + "/")
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}

	hold("/slow")
	waitUntil(t, "every slot held by an untrusted request", func() bool { return entered.Load() == max })
	time.Sleep(2 * quiet)
	if code, err := page(); err != nil || code != 200 || lim.Displaced() != 1 {
		t.Fatalf("behind %d untrusted requests: %d %v, %d displaced", max, code, err, lim.Displaced())
	}
	// Trusted requests fill the slots: the untrusted ones give way to
	// them, and then nothing gives way.
	hold("/trusted")
	waitUntil(t, "every slot held by a trusted request", func() bool { return entered.Load() == 2*max })
	time.Sleep(2 * quiet)
	refused := lim.Refused()
	if code, err := page(); err == nil && code != 503 {
		t.Fatalf("behind %d trusted requests: %d, want 503", max, code)
	}
	if lim.Refused() != refused+1 {
		t.Errorf("refusals %d → %d", refused, lim.Refused())
	}
}

// Issue 27 item 4: requests in flight are bounded in total and per key,
// and past a bound the answer is an immediate 503 with Retry-After and a
// JSON-RPC error; a finished request gives its place back.
func TestInFlight(t *testing.T) {
	release := make(chan struct{})
	var entered atomic.Int32
	f := NewInFlight(5, 2)
	h := f.Limit(func(r *http.Request) string { return r.Header.Get("Key") }, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered.Add(1)
		<-release
	}))
	do := func(key string) (int, string, string) {
		rec := &recorder{h: http.Header{}}
		req, _ := http.NewRequest("POST", "/", nil)
		req.Header.Set("Key", key)
		h.ServeHTTP(rec, req)
		return rec.code, rec.h.Get("Retry-After"), rec.body.String()
	}
	var wg sync.WaitGroup
	for _, k := range []string{"a", "a", "b", "b", ""} {
		wg.Add(1)
		go func() { defer wg.Done(); do(k) }()
	}
	waitUntil(t, "five requests in flight", func() bool { return entered.Load() == 5 })
	code, retry, body := do("c")
	if c, msg := rpcErr(t, []byte(body)); code != 503 || retry != "1" || c != CodeInternalError ||
		msg != "Service Unavailable: the server is already handling 5 requests; retry later" {
		t.Errorf("past the total: %d %q %s", code, retry, body)
	}
	close(release)
	wg.Wait()
	release = make(chan struct{})
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); do("a") }()
	}
	waitUntil(t, "two requests of key a", func() bool { return entered.Load() == 7 })
	code, _, body = do("a")
	if _, msg := rpcErr(t, []byte(body)); code != 503 || msg != "Service Unavailable: this session already has 2 requests in progress; retry later" {
		t.Errorf("past the per-key bound: %d %s", code, body)
	}
	close(release)
	wg.Wait()
	if f.Running() != 0 || f.Refused() != 2 {
		t.Errorf("running %d, refused %d", f.Running(), f.Refused())
	}
}

type recorder struct {
	h    http.Header
	code int
	body strings.Builder
}

func (r *recorder) Header() http.Header { return r.h }
func (r *recorder) WriteHeader(c int)   { r.code = c }
func (r *recorder) Write(p []byte) (int, error) {
	if r.code == 0 {
		r.code = 200
	}
	return r.body.Write(p)
}
