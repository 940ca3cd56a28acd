package httplab

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/wire"
)

// serve runs one request through the handler and returns the response.
func serve(t *testing.T, h http.Handler, method, target, body string, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, rd)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

var jsonCT = map[string]string{"Content-Type": "application/json"}

func wantError(t *testing.T, w *httptest.ResponseRecorder, status int, typ string) ErrorBody {
	t.Helper()
	if w.Code != status {
		t.Fatalf("status %d, want %d: %s", w.Code, status, w.Body)
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("Content-Type %q", ct)
	}
	e, ok := IsErrorBody(w.Body.Bytes())
	if !ok || e.Error.Type != typ {
		t.Fatalf("error body %s, want type %s", w.Body, typ)
	}
	return e
}

func TestHealthAndRouting(t *testing.T) {
	a := NewAPI(Options{})
	if w := serve(t, a, "GET", "/health", "", nil); w.Code != 200 || w.Body.String() != `{"status":"ok"}` {
		t.Fatalf("/health: %d %s", w.Code, w.Body)
	}
	e := wantError(t, serve(t, a, "GET", "/reports", "", nil), 404, ErrTypeNotFound)
	if e.Error.Message != "no endpoint GET /reports" {
		t.Fatalf("404 message %q", e.Error.Message)
	}
	w := serve(t, a, "DELETE", "/health", "", nil)
	wantError(t, w, 405, ErrTypeMethodNotAllowed)
	if w.Header().Get("Allow") != "GET" {
		t.Fatalf("405 without Allow: %v", w.Header())
	}
	if got := Paths(); !slices.Equal(got, []string{"/admin", "/digest", "/emails", "/events", "/flaky", "/health", "/limited", "/send_email"}) {
		t.Fatalf("paths %v", got)
	}
}

func TestEmails(t *testing.T) {
	a := NewAPI(Options{})
	var got struct {
		Emails []struct {
			ID     string `json:"id"`
			Urgent bool   `json:"urgent"`
		} `json:"emails"`
		Total int `json:"total"`
	}
	w := serve(t, a, "GET", "/emails?urgent=true&limit=2", "", nil)
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &got) != nil {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if got.Total != 4 || len(got.Emails) != 2 || got.Emails[0].ID != "m09" || got.Emails[1].ID != "m05" {
		t.Fatalf("urgent, limit 2: %s", w.Body)
	}
	got.Emails = nil
	_ = json.Unmarshal(serve(t, a, "GET", "/emails", "", nil).Body.Bytes(), &got)
	if got.Total != 10 || len(got.Emails) != 5 || got.Emails[0].ID != "m10" {
		t.Fatalf("default: total %d, %d e-mails", got.Total, len(got.Emails))
	}
	got.Emails = nil
	_ = json.Unmarshal(serve(t, a, "GET", "/emails?urgent=false&limit=20", "", nil).Body.Bytes(), &got)
	if got.Total != 6 || len(got.Emails) != 6 {
		t.Fatalf("non-urgent: total %d", got.Total)
	}
	for _, m := range got.Emails {
		if m.Urgent {
			t.Fatal("urgent e-mail in the non-urgent list")
		}
	}
	for _, q := range []string{"limit=0", "limit=21", "limit=five", "urgent=maybe"} {
		wantError(t, serve(t, a, "GET", "/emails?"+q, "", nil), 400, ErrTypeInvalidParameter)
	}
}

func TestDigestCountsBytesNotCharacters(t *testing.T) {
	a := NewAPI(Options{})
	body := `{"text":"登录故障已修复。请大家今天更新密码。"}`
	w := serve(t, a, "POST", "/digest", body, jsonCT)
	var got DigestResult
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &got) != nil {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	want := DigestResult{ContentLength: 65, ReceivedBytes: 65, ReceivedCharacters: 29, TextBytes: 54, TextCharacters: 18, Summary: "登录故障已修复。"}
	if got != want {
		t.Fatalf("digest %+v, want %+v", got, want)
	}
	wantError(t, serve(t, a, "POST", "/digest", body, nil), 415, ErrTypeUnsupportedMedia)
	wantError(t, serve(t, a, "POST", "/digest", body[:27], jsonCT), 400, ErrTypeInvalidJSON)
	wantError(t, serve(t, a, "POST", "/digest", `{"title":"x"}`, jsonCT), 400, ErrTypeInvalidParameter)
	wantError(t, serve(t, a, "POST", "/digest", `{"text":"`+strings.Repeat("a", MaxBodyBytes)+`"}`, jsonCT), 413, ErrTypeTooLarge)
	wantError(t, serve(t, a, "GET", "/digest", "", nil), 405, ErrTypeMethodNotAllowed)
}

// TestDigestShortBodyOverTheWire: net/http frames the body by
// Content-Length; a body shorter than announced is an unexpected EOF.
func TestDigestShortBodyOverTheWire(t *testing.T) {
	raw := "POST /digest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99\r\n\r\n{\"text\":\"hi\"}"
	req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	NewAPI(Options{}).ServeHTTP(w, req)
	e := wantError(t, w, 400, ErrTypeIncompleteBody)
	if !strings.Contains(e.Error.Message, "unexpected EOF") {
		t.Fatalf("message %q", e.Error.Message)
	}
}

func TestSummary(t *testing.T) {
	for in, want := range map[string]string{
		"Login fixed. Update passwords.": "Login fixed.",
		"登录故障已修复。请更新密码。":                 "登录故障已修复。",
		"  no end  ":            "no end",
		strings.Repeat("长", 45): strings.Repeat("长", 40) + "…",
	} {
		if got := Summary(in); got != want {
			t.Errorf("Summary(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFlakyAndLimited(t *testing.T) {
	a := NewAPI(Options{})
	var codes []int
	for range 4 {
		codes = append(codes, serve(t, a, "GET", "/flaky?fail_times=2", "", nil).Code)
	}
	if !slices.Equal(codes, []int{503, 503, 200, 200}) {
		t.Fatalf("flaky: %v", codes)
	}
	wantError(t, NewAPI(Options{}).serveOnce(t, "/flaky"), 503, ErrTypeUnavailable) // default fail_times=1
	wantError(t, serve(t, a, "GET", "/flaky?fail_times=11", "", nil), 400, ErrTypeInvalidParameter)

	w := serve(t, a, "GET", "/limited", "", nil)
	wantError(t, w, 429, ErrTypeRateLimited)
	if w.Header().Get("Retry-After") != "2" {
		t.Fatalf("Retry-After %q", w.Header().Get("Retry-After"))
	}
	if w := serve(t, a, "GET", "/limited", "", nil); w.Code != 200 || w.Header().Get("Retry-After") != "" {
		t.Fatalf("second /limited: %d", w.Code)
	}
	date := "Tue, 28 Jul 2026 09:00:05 GMT"
	if got := NewAPI(Options{RetryAfter: date}).serveOnce(t, "/limited").Header().Get("Retry-After"); got != date {
		t.Fatalf("Retry-After %q", got)
	}
}

func (a *API) serveOnce(t *testing.T, path string) *httptest.ResponseRecorder {
	return serve(t, a, "GET", path, "", nil)
}

func TestAdmin(t *testing.T) {
	a := NewAPI(Options{})
	w := serve(t, a, "GET", "/admin", "", nil)
	wantError(t, w, 401, ErrTypeUnauthorized)
	if !strings.HasPrefix(w.Header().Get("WWW-Authenticate"), "Bearer ") {
		t.Fatal("401 without WWW-Authenticate")
	}
	w = serve(t, a, "GET", "/admin", "", map[string]string{"Authorization": "Bearer wrong"})
	wantError(t, w, 401, ErrTypeUnauthorized)
	if !strings.Contains(w.Header().Get("WWW-Authenticate"), `error="invalid_token"`) {
		t.Fatal("a wrong token should say invalid_token")
	}
	if w := serve(t, a, "GET", "/admin", "", map[string]string{"Authorization": "Bearer " + DefaultToken}); w.Code != 200 {
		t.Fatalf("good token: %d", w.Code)
	}
}

func TestSendEmailIdempotency(t *testing.T) {
	a := NewAPI(Options{})
	body := `{"to":"ana.souza@acme.example","subject":"Status"}`
	first := serve(t, a, "POST", "/send_email", body, jsonCT)
	second := serve(t, a, "POST", "/send_email", body, jsonCT)
	if first.Code != 200 || second.Code != 200 || len(a.Sent()) != 2 {
		t.Fatalf("without a key each POST sends: %d %d, %d sent", first.Code, second.Code, len(a.Sent()))
	}
	key := map[string]string{"Content-Type": "application/json", "Idempotency-Key": "k-1"}
	k1 := serve(t, a, "POST", "/send_email", body, key)
	k2 := serve(t, a, "POST", "/send_email", body, key)
	if len(a.Sent()) != 3 {
		t.Fatalf("the same key sent %d e-mails", len(a.Sent())-2)
	}
	if k1.Header().Get("Idempotent-Replayed") != "" || k2.Header().Get("Idempotent-Replayed") != "true" {
		t.Fatal("only the replay carries Idempotent-Replayed: true")
	}
	if k1.Body.String() != k2.Body.String() || k1.Code != k2.Code {
		t.Fatalf("replay differs: %s vs %s", k1.Body, k2.Body)
	}
	if s := a.Sent()[2]; s.ID != "out-003" || s.IdempotencyKey != "k-1" {
		t.Fatalf("ledger entry %+v", s)
	}
	wantError(t, serve(t, a, "POST", "/send_email", `{"to":"ben.okafor@acme.example","subject":"Other"}`, key), 422, ErrTypeIdempotencyReused)
	wantError(t, serve(t, a, "POST", "/send_email", `{"to":"nobody","subject":"x"}`, jsonCT), 400, ErrTypeInvalidParameter)
	wantError(t, serve(t, a, "POST", "/send_email", `{"to":`, jsonCT), 400, ErrTypeInvalidJSON)
	if len(a.Sent()) != 3 {
		t.Fatal("a rejected request sent an e-mail")
	}
}

// TestSendEmailLostResponse: the e-mail is out before the slow part; a
// client that leaves during it gets no answer but the e-mail is sent.
func TestSendEmailLostResponse(t *testing.T) {
	var slept []time.Duration
	a := NewAPI(Options{SendDelays: []time.Duration{3 * time.Second}, Sleep: func(ctx context.Context, d time.Duration) error {
		slept = append(slept, d)
		return context.Canceled // the client gave up meanwhile
	}})
	w := serve(t, a, "POST", "/send_email", `{"to":"a@b.example","subject":"s"}`, map[string]string{"Content-Type": "application/json", "Idempotency-Key": "k"})
	if w.Body.Len() != 0 || len(a.Sent()) != 1 || !slices.Equal(slept, []time.Duration{3 * time.Second}) {
		t.Fatalf("body %q, sent %d, slept %v", w.Body, len(a.Sent()), slept)
	}
	w = serve(t, a, "POST", "/send_email", `{"to":"a@b.example","subject":"s"}`, map[string]string{"Content-Type": "application/json", "Idempotency-Key": "k"})
	if w.Code != 200 || w.Header().Get("Idempotent-Replayed") != "true" || len(a.Sent()) != 1 {
		t.Fatalf("retry with the key: %d replayed=%q sent %d", w.Code, w.Header().Get("Idempotent-Replayed"), len(a.Sent()))
	}
}

func TestEventsStream(t *testing.T) {
	var slept []time.Duration
	a := NewAPI(Options{Sleep: func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }})
	w := serve(t, a, "GET", "/events", "", map[string]string{"Accept": "text/event-stream"})
	if w.Code != 200 || w.Header().Get("Content-Type") != "text/event-stream" || w.Header().Get("X-Accel-Buffering") != "no" || !w.Flushed {
		t.Fatalf("%d %v flushed=%v", w.Code, w.Header(), w.Flushed)
	}
	if w.Body.String() != strings.Join(EventFrames(), "") {
		t.Fatalf("body %q", w.Body)
	}
	if len(slept) != 4 || slept[0] != DefaultEventGap {
		t.Fatalf("sleeps %v", slept)
	}
	items := wire.ParseSSE(w.Body.Bytes())
	var kinds []string
	for _, it := range items {
		if it.Comment {
			kinds = append(kinds, ":"+it.Text)
		} else {
			kinds = append(kinds, it.Event+"#"+it.ID)
		}
	}
	if !slices.Equal(kinds, []string{"email#1", ":heartbeat", "email#2", ":heartbeat", "digest#3"}) {
		t.Fatalf("items %v", kinds)
	}
	if items[4].Data != "2 urgent e-mails\n2 封紧急邮件" {
		t.Fatalf("multi-line data %q", items[4].Data)
	}
	wantError(t, serve(t, a, "GET", "/events", "", map[string]string{"Accept": "application/json"}), 406, ErrTypeNotAcceptable)

	// A client that leaves stops the stream at the next sleep.
	b := NewAPI(Options{Sleep: func(context.Context, time.Duration) error { return context.Canceled }})
	w = serve(t, b, "GET", "/events", "", nil)
	if w.Body.String() != EventFrames()[0] {
		t.Fatalf("cancelled stream body %q", w.Body)
	}
}

func TestErrorBodyShape(t *testing.T) {
	if _, ok := IsErrorBody([]byte(`{"error":{"type":"x","message":"y"}}`)); !ok {
		t.Fatal("valid error body rejected")
	}
	for _, b := range []string{`{"error":{"type":"x"}}`, `{"error":"x"}`, `{"error":{"type":"x","message":"y"},"extra":1}`, `{"error":{"type":"x","message":"y"}} {}`} {
		if _, ok := IsErrorBody([]byte(b)); ok {
			t.Errorf("accepted %s", b)
		}
	}
}

// Paths lists the API's endpoints, sorted.
func Paths() []string {
	out := make([]string, 0, len(routes))
	for _, e := range routes {
		out = append(out, e.path)
	}
	sort.Strings(out)
	return out
}
