package netguard

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

var okHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	n, _ := io.Copy(io.Discard, r.Body)
	fmt.Fprintf(w, "ok %d", n)
})

// rpcErr decodes a guard's error body and checks it has no id.
func rpcErr(t *testing.T, body []byte) (int, string) {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("body is not JSON: %q", body)
	}
	if _, ok := m["id"]; ok {
		t.Errorf("error body has an id: %s", body)
	}
	var e struct {
		JSONRPC string `json:"jsonrpc"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &e)
	if e.JSONRPC != "2.0" {
		t.Errorf("jsonrpc = %q", e.JSONRPC)
	}
	return e.Error.Code, e.Error.Message
}

func TestCheckOrigin(t *testing.T) {
	p, err := NewOriginPolicy(true, "http://127.0.0.1:8080", "https://trusted.example")
	if err != nil {
		t.Fatal(err)
	}
	h := CheckOrigin(p, okHandler)
	cases := []struct {
		origin string // "-" = header absent
		want   int
	}{
		{"-", 200},
		{"http://127.0.0.1:8080", 200},   // the app's own origin
		{"http://127.0.0.1:5173", 200},   // loopback, other port
		{"http://localhost:3000", 200},   // loopback by name
		{"http://[::1]:9999", 200},       // IPv6 loopback
		{"http://LOCALHOST:3000", 200},   // case-insensitive host
		{"https://trusted.example", 200}, // -allow-origin
		{"https://trusted.example:443", 200},
		{"https://evil.example", 403},
		{"https://trusted.example.evil.com", 403}, // suffix trick
		{"http://trusted.example", 403},           // scheme differs
		{"https://trusted.example:8443", 403},     // port differs
		{"http://127.0.0.1.evil.com", 403},        // prefix trick
		{"http://localhost.evil.com:8080", 403},
		{"http://evil.com#@127.0.0.1", 403},
		{"http://user@localhost:8080", 403},
		{"http://localhost:8080/path", 403},
		{"http://localhost.:8080", 403},
		{"http://127.0.0.2:8080", 403},
		{"http://0.0.0.0:8080", 403},
		{"file://", 403},
		{"null", 403},
		{"", 403},
		{"http://localhost:99999", 403},
		{"javascript:alert(1)", 403},
	}
	for _, c := range cases {
		r := httptest.NewRequest("POST", "/mcp", strings.NewReader("{}"))
		if c.origin != "-" {
			r.Header.Set("Origin", c.origin)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.want {
			t.Errorf("Origin %q: status %d, want %d", c.origin, w.Code, c.want)
		}
		if c.want == 403 {
			if code, _ := rpcErr(t, w.Body.Bytes()); code != CodeInvalidRequest {
				t.Errorf("Origin %q: code %d", c.origin, code)
			}
		}
	}

	// The exact body from the issue.
	r := httptest.NewRequest("POST", "/mcp", nil)
	r.Header.Set("Origin", "https://evil.example")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	want := `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Forbidden: Origin \"https://evil.example\" is not allowed"}}`
	if got := strings.TrimSpace(w.Body.String()); got != want {
		t.Errorf("403 body\n got %s\nwant %s", got, want)
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}

	// Two Origin headers are never trusted.
	r = httptest.NewRequest("POST", "/mcp", nil)
	r.Header.Add("Origin", "http://localhost:1")
	r.Header.Add("Origin", "http://localhost:2")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 403 {
		t.Errorf("two Origin headers: %d", w.Code)
	}

	// Without loopbackAnyPort only the listed origins pass.
	strict, _ := NewOriginPolicy(false, "http://127.0.0.1:8080")
	if strict.Allows("http://127.0.0.1:8081") || !strict.Allows("http://127.0.0.1:8080") {
		t.Error("strict policy")
	}
}

func TestNormalizeOrigin(t *testing.T) {
	good := map[string]string{
		"http://Example.COM":       "http://example.com:80",
		"https://example.com":      "https://example.com:443",
		"http://[::1]:8080":        "http://[::1]:8080",
		"http://127.0.0.1:6274":    "http://127.0.0.1:6274",
		"HTTPS://inspector.dev:99": "https://inspector.dev:99",
	}
	for in, want := range good {
		if got, err := NormalizeOrigin(in); err != nil || got != want {
			t.Errorf("NormalizeOrigin(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "null", "example.com", "ftp://x", "http://", "http://x/", "http://x?q", "http://x:", "http://a@x", "http://x:0"} {
		if got, err := NormalizeOrigin(in); err == nil {
			t.Errorf("NormalizeOrigin(%q) = %q, want error", in, got)
		}
	}
	if _, err := NewOriginPolicy(true, "null"); err == nil {
		t.Error("NewOriginPolicy accepted null")
	}
}

func TestCheckLoopbackHost(t *testing.T) {
	h := CheckLoopbackHost(okHandler)
	for host, want := range map[string]int{
		"127.0.0.1:8080":          200,
		"localhost:8080":          200,
		"localhost":               200,
		"[::1]:8080":              200,
		"127.0.0.5:80":            200,
		"evil.example:8080":       403,
		"127.0.0.1.evil.com:8080": 403,
		"localhost.evil.com":      403,
		"192.168.1.10:8080":       403,
		"":                        403,
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %q: %d, want %d", host, w.Code, want)
		}
	}
}

func TestRequireBearer(t *testing.T) {
	const tok = "s3cr3t-token-value_0123456789"
	h := RequireBearer(tok, "mcp-wire-lab", okHandler)
	cases := []struct {
		name    string
		auth    []string
		status  int
		wwwAuth string
	}{
		{"absent", nil, 401, `Bearer realm="mcp-wire-lab"`},
		{"wrong", []string{"Bearer nope"}, 401, `Bearer realm="mcp-wire-lab", error="invalid_token"`},
		{"prefix of right", []string{"Bearer " + tok[:10]}, 401, `Bearer realm="mcp-wire-lab", error="invalid_token"`},
		{"right plus suffix", []string{"Bearer " + tok + "x"}, 401, `Bearer realm="mcp-wire-lab", error="invalid_token"`},
		{"empty credential", []string{"Bearer "}, 401, `Bearer realm="mcp-wire-lab", error="invalid_token"`},
		{"other scheme", []string{"Basic dXNlcjpwYXNz"}, 401, `Bearer realm="mcp-wire-lab"`},
		{"token without scheme", []string{tok}, 401, `Bearer realm="mcp-wire-lab"`},
		{"two headers", []string{"Bearer " + tok, "Bearer " + tok}, 401, `Bearer realm="mcp-wire-lab", error="invalid_token"`},
		{"right", []string{"Bearer " + tok}, 200, ""},
		{"scheme case-insensitive", []string{"bearer " + tok}, 200, ""},
	}
	for _, c := range cases {
		r := httptest.NewRequest("POST", "/mcp", strings.NewReader("{}"))
		for _, a := range c.auth {
			r.Header.Add("Authorization", a)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.status {
			t.Errorf("%s: status %d, want %d", c.name, w.Code, c.status)
		}
		if got := w.Header().Get("WWW-Authenticate"); got != c.wwwAuth {
			t.Errorf("%s: WWW-Authenticate %q, want %q", c.name, got, c.wwwAuth)
		}
		if c.status == 401 {
			rpcErr(t, w.Body.Bytes())
			if strings.Contains(w.Body.String(), tok) {
				t.Errorf("%s: body echoes the token", c.name)
			}
		}
	}
}

func TestLimitBody(t *testing.T) {
	const max = 4 << 20
	h := LimitBody(max, okHandler)
	for _, c := range []struct {
		name    string
		size    int
		chunked bool
		want    int
	}{
		{"exactly 4 MiB", max, false, 200},
		{"4 MiB + 1", max + 1, false, 413},
		{"exactly 4 MiB chunked", max, true, 200},
		{"4 MiB + 1 chunked", max + 1, true, 413},
		{"empty", 0, false, 200},
	} {
		r := httptest.NewRequest("POST", "/mcp", bytes.NewReader(make([]byte, c.size)))
		if c.chunked {
			r.ContentLength = -1
			r.Body = io.NopCloser(bytes.NewReader(make([]byte, c.size)))
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.want {
			t.Errorf("%s: status %d, want %d", c.name, w.Code, c.want)
			continue
		}
		if c.want == 200 && w.Body.String() != fmt.Sprintf("ok %d", c.size) {
			t.Errorf("%s: inner handler saw %q", c.name, w.Body.String())
		}
		if c.want == 413 {
			code, msg := rpcErr(t, w.Body.Bytes())
			if code != -32600 || msg != "Request body too large (limit 4 MiB)" {
				t.Errorf("%s: %d %q", c.name, code, msg)
			}
		}
	}

	// The inner handler can re-read the body through GetBody.
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b1, _ := io.ReadAll(r.Body)
		rc, _ := r.GetBody()
		b2, _ := io.ReadAll(rc)
		if string(b1) != "hello" || string(b2) != "hello" || r.ContentLength != 5 {
			t.Errorf("inner saw %q %q %d", b1, b2, r.ContentLength)
		}
	})
	r := httptest.NewRequest("POST", "/mcp", strings.NewReader("hello"))
	r.ContentLength = -1
	LimitBody(max, inner).ServeHTTP(httptest.NewRecorder(), r)

	// A read failure other than the cap is 400.
	r = httptest.NewRequest("POST", "/mcp", io.NopCloser(errAfter{}))
	r.ContentLength = -1
	w := httptest.NewRecorder()
	LimitBody(max, okHandler).ServeHTTP(w, r)
	if w.Code != 400 {
		t.Errorf("broken body: %d", w.Code)
	}
}

type errAfter struct{}

func (errAfter) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

func TestRecover(t *testing.T) {
	var logged bytes.Buffer
	logf := func(f string, a ...any) { fmt.Fprintf(&logged, f, a...) }

	h := Recover(logf, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("boom") }))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/mcp", nil))
	if w.Code != 500 {
		t.Fatalf("status %d", w.Code)
	}
	if code, msg := rpcErr(t, w.Body.Bytes()); code != -32603 || msg != "Internal error" {
		t.Errorf("%d %q", code, msg)
	}
	if !strings.Contains(logged.String(), "boom") || !strings.Contains(logged.String(), "goroutine") {
		t.Errorf("log lacks panic and stack: %q", logged.String())
	}

	// After the response started, the connection is aborted instead.
	h = Recover(nil, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("partial"))
		panic("late")
	}))
	func() {
		defer func() {
			if v := recover(); v != http.ErrAbortHandler {
				t.Errorf("recovered %v, want http.ErrAbortHandler", v)
			}
		}()
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	}()
}

func TestRecoverRealServer(t *testing.T) {
	// A late panic over a real connection: the client must see an error,
	// not a short body that looks complete.
	srv := httptest.NewServer(Recover(nil, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		w.Write([]byte("partial"))
		w.(http.Flusher).Flush()
		panic("late")
	})))
	defer srv.Close()
	srv.Config.ErrorLog = nil
	resp, err := http.Get(srv.URL)
	if err != nil {
		return // fine: aborted
	}
	defer resp.Body.Close()
	if _, err := io.ReadAll(resp.Body); err == nil {
		t.Error("client read a complete body after a panic")
	}
}

func TestCORS(t *testing.T) {
	p, _ := NewOriginPolicy(true)
	h := CheckOrigin(p, CORS(RequireBearer("tok", "r", okHandler)))

	r := httptest.NewRequest("OPTIONS", "/mcp", nil)
	r.Header.Set("Origin", "http://localhost:6274")
	r.Header.Set("Access-Control-Request-Method", "POST")
	r.Header.Set("Access-Control-Request-Headers", "authorization, content-type, mcp-protocol-version, mcp-param-region")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 204 {
		t.Fatalf("preflight: %d (must not need auth)", w.Code)
	}
	if got := w.Header().Get("Access-Control-Allow-Origin"); got != "http://localhost:6274" {
		t.Errorf("ACAO %q", got)
	}
	if got := w.Header().Get("Access-Control-Allow-Headers"); !strings.Contains(got, "mcp-param-region") {
		t.Errorf("Allow-Headers %q", got)
	}

	// A preflight from a foreign origin is refused by CheckOrigin.
	r.Header.Set("Origin", "https://evil.example")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 403 || w.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("foreign preflight: %d %q", w.Code, w.Header().Get("Access-Control-Allow-Origin"))
	}

	// The 401 of an allowed origin is readable by the page.
	r = httptest.NewRequest("POST", "/mcp", nil)
	r.Header.Set("Origin", "http://127.0.0.1:5173")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 401 || w.Header().Get("Access-Control-Allow-Origin") != "http://127.0.0.1:5173" {
		t.Errorf("401 from allowed origin: %d %q", w.Code, w.Header().Get("Access-Control-Allow-Origin"))
	}
}

// TestPerWriteTimeout: a stream longer than the timeout survives as long
// as each write goes through; a client that stops reading is dropped.
func TestPerWriteTimeout(t *testing.T) {
	const d = 150 * time.Millisecond
	handlerErr := make(chan error, 1)
	srv := httptest.NewServer(PerWriteTimeout(d, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/stream" {
			for i := 0; i < 6; i++ { // 6 × 80 ms > d
				time.Sleep(80 * time.Millisecond)
				fmt.Fprintf(w, "data: %d\n\n", i)
				if err := http.NewResponseController(w).Flush(); err != nil {
					t.Errorf("flush through wrapper: %v", err)
				}
			}
			return
		}
		if r.URL.Path == "/slow-then-write" {
			time.Sleep(2 * d) // compute longer than d, then answer
			w.Write([]byte("done"))
			return
		}
		chunk := bytes.Repeat([]byte("x"), 64<<10)
		for i := 0; i < 4096; i++ { // 256 MB: far more than socket buffers
			if _, err := w.Write(chunk); err != nil {
				handlerErr <- err
				return
			}
		}
		handlerErr <- nil
	})))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || strings.Count(string(b), "data:") != 6 {
		t.Fatalf("stream cut: %q %v", b, err)
	}

	resp, err = http.Get(srv.URL + "/slow-then-write")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "done" {
		t.Fatalf("slow answer lost: %q", b)
	}

	// A client that sends a request and never reads.
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /flood HTTP/1.1\r\nHost: x\r\n\r\n")
	bufio.NewReader(conn) // never read
	select {
	case err := <-handlerErr:
		if err == nil {
			t.Fatal("handler wrote 256 MB to a client that does not read")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("stuck writer not dropped")
	}
}

func TestTrackingWriter(t *testing.T) {
	w := httptest.NewRecorder()
	tw := NewTrackingWriter(w)
	if NewTrackingWriter(tw) != tw {
		t.Error("double wrap")
	}
	if tw2 := NewTrackingWriter(nopWriter{}); func() bool { tw2.WriteHeader(http.StatusEarlyHints); return tw2.Started() }() {
		t.Error("1xx counted as final")
	}
	tw.WriteHeader(http.StatusTeapot)
	tw.Write([]byte("abc"))
	if tw.Status() != 418 || tw.Bytes() != 3 {
		t.Errorf("%d %d", tw.Status(), tw.Bytes())
	}
	if err := http.NewResponseController(tw).Flush(); err != nil || !w.Flushed {
		t.Errorf("flush: %v %v", err, w.Flushed)
	}
}

type nopWriter struct{}

func (nopWriter) Header() http.Header         { return http.Header{} }
func (nopWriter) Write(p []byte) (int, error) { return len(p), nil }
func (nopWriter) WriteHeader(int)             {}

// LimitBody is LimitBodies without a budget (the tests' shorthand).
func LimitBody(max int64, next http.Handler) http.Handler { return LimitBodies(max, nil, next) }
