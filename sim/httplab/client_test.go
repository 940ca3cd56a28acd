package httplab

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

func ms(d time.Duration) int64 { return d.Milliseconds() }

func TestDefaultsAndSchedule(t *testing.T) {
	c := ClientConfig{}.Normalize()
	if c.TimeoutMs != 2000 || c.Retries != 5 || c.BaseDelayMs != 250 || c.JitterPct != 0 || c.Seed != 1 {
		t.Fatalf("defaults %+v", c)
	}
	var got []int64
	for _, d := range c.Schedule() {
		got = append(got, ms(d))
	}
	if !slices.Equal(got, []int64{250, 500, 1000, 2000, 4000}) {
		t.Fatalf("schedule %v, want 0.25 0.5 1 2 4 s", got)
	}
	if ms(Sum(c.Schedule())) != 7750 {
		t.Fatalf("total backoff %d ms, want 7750", ms(Sum(c.Schedule())))
	}
	// The course exercise (sim/exercise retry-math): 6 × 2 s + 7.75 s.
	if c.Attempts() != 6 || ms(c.WorstCase()) != 19750 {
		t.Fatalf("attempts %d, worst case %d ms; want 6 and 19750", c.Attempts(), ms(c.WorstCase()))
	}
	if n := (ClientConfig{Retries: -1}).Normalize(); n.Retries != 0 || len(n.Schedule()) != 0 || ms(n.WorstCase()) != 2000 {
		t.Fatalf("no retries: %+v worst %v", n, n.WorstCase())
	}
	if got := BackoffWait(100*time.Millisecond, 3); got != 800*time.Millisecond {
		t.Fatalf("BackoffWait(100ms, 3) = %v", got)
	}
}

func TestJitterIsDeterministicAndBounded(t *testing.T) {
	c := ClientConfig{JitterPct: 20, Seed: 7}.Normalize()
	a, b := c.Schedule(), c.Schedule()
	if !slices.Equal(a, b) {
		t.Fatal("the same seed must give the same waits")
	}
	other := ClientConfig{JitterPct: 20, Seed: 8}.Normalize().Schedule()
	if slices.Equal(a, other) {
		t.Fatal("another seed should give other waits")
	}
	same := 0
	for k, d := range a {
		base := BackoffWait(250*time.Millisecond, k)
		lo, hi := base*80/100, base*120/100
		if d < lo || d > hi {
			t.Fatalf("wait %d = %v outside [%v, %v]", k, d, lo, hi)
		}
		if d == base {
			same++
		}
		if d%time.Millisecond != 0 {
			t.Fatalf("wait %v is not whole milliseconds", d)
		}
	}
	if same == len(a) {
		t.Fatal("jitter changed nothing")
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []ClientConfig{{TimeoutMs: -1}, {TimeoutMs: 60001}, {Retries: 11}, {BaseDelayMs: -5}, {JitterPct: 101}, {JitterPct: -1}} {
		if c.Validate() == nil {
			t.Errorf("%+v accepted", c)
		}
	}
	for _, c := range []ClientConfig{{}, {TimeoutMs: 500, Retries: -1, BaseDelayMs: 100, JitterPct: 100}} {
		if err := c.Validate(); err != nil {
			t.Errorf("%+v: %v", c, err)
		}
	}
}

func TestRetryableStatus(t *testing.T) {
	yes := []int{408, 429, 500, 502, 503, 504}
	no := []int{200, 204, 301, 400, 401, 403, 404, 405, 409, 415, 422, 501, 505}
	for _, c := range yes {
		if !RetryableStatus(c) {
			t.Errorf("%d should be retryable", c)
		}
	}
	for _, c := range no {
		if RetryableStatus(c) {
			t.Errorf("%d should not be retryable", c)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 7, 28, 9, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"2", 2 * time.Second, true},
		{" 120 ", 120 * time.Second, true},
		{"0", 0, true},
		{"Tue, 28 Jul 2026 09:00:05 GMT", 5 * time.Second, true},
		{"Tuesday, 28-Jul-26 09:01:00 GMT", time.Minute, true}, // RFC 850, obsolete but accepted
		{"Tue Jul 28 09:00:03 2026", 3 * time.Second, true},    // asctime
		{"Tue, 28 Jul 2026 08:00:00 GMT", 0, true},             // in the past: now
		{"", 0, false},
		{"-1", 0, false},
		{"1.5", 0, false},
		{"soon", 0, false},
		{"99999999999999999999", 0, false},
	} {
		got, ok := ParseRetryAfter(tt.in, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseRetryAfter(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDecide(t *testing.T) {
	c := ClientConfig{}.Normalize()
	now := time.Date(2026, 7, 28, 9, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		k, status  int
		failed, ra string
		want       Decision
	}{
		{0, 200, "", "", Decision{Reason: ReasonDone}},
		{0, 304, "", "", Decision{Reason: ReasonDone}},
		{0, 401, "", "", Decision{Reason: ReasonNoRetry}},
		{0, 404, "", "", Decision{Reason: ReasonNoRetry}},
		{0, 400, "", "", Decision{Reason: ReasonNoRetry}},
		{0, 503, "", "", Decision{Retry: true, Wait: 250 * time.Millisecond, Reason: ReasonBackoff}},
		{2, 500, "", "", Decision{Retry: true, Wait: time.Second, Reason: ReasonBackoff}},
		{4, 503, "", "", Decision{Retry: true, Wait: 4 * time.Second, Reason: ReasonBackoff}},
		{5, 503, "", "", Decision{Reason: ReasonExhausted}},
		{0, 429, "", "2", Decision{Retry: true, Wait: 2 * time.Second, Reason: ReasonRetryAfter}},
		{0, 503, "", "Tue, 28 Jul 2026 09:00:07 GMT", Decision{Retry: true, Wait: 7 * time.Second, Reason: ReasonRetryAfter}},
		{0, 429, "", "", Decision{Retry: true, Wait: 250 * time.Millisecond, Reason: ReasonBackoff}},
		{0, 429, "", "garbage", Decision{Retry: true, Wait: 250 * time.Millisecond, Reason: ReasonBackoff}},
		{0, 429, "", "3600", Decision{Wait: time.Hour, Reason: ReasonRetryAfterLong}},
		{5, 429, "", "2", Decision{Reason: ReasonExhausted}},
		{1, 0, ReasonTimeout, "", Decision{Retry: true, Wait: 500 * time.Millisecond, Reason: ReasonTimeout}},
		{5, 0, ReasonTimeout, "", Decision{Reason: ReasonExhausted}},
	} {
		if got := c.Decide(tt.k, tt.status, tt.failed, tt.ra, now); got != tt.want {
			t.Errorf("Decide(%d, %d, %q, %q) = %+v, want %+v", tt.k, tt.status, tt.failed, tt.ra, got, tt.want)
		}
	}
}

// fakeClock is a manual clock for the client loop.
type fakeClock struct {
	now    time.Time
	sleeps []time.Duration
}

func (f *fakeClock) Sleep(_ context.Context, d time.Duration) error {
	f.sleeps = append(f.sleeps, d)
	f.now = f.now.Add(d)
	return nil
}
func (f *fakeClock) Now() time.Time { return f.now }

// realDoer calls a real server: net/http end to end, with the timeout
// as a deadline on the whole attempt.
func realDoer(clk *fakeClock, costPerAttempt time.Duration) Doer {
	return func(req *http.Request, timeout time.Duration) (Exchange, error) {
		clk.now = clk.now.Add(costPerAttempt)
		ctx, cancel := context.WithTimeout(req.Context(), timeout)
		defer cancel()
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if errors.Is(err, context.DeadlineExceeded) {
			return Exchange{}, ErrTimeout
		}
		if err != nil {
			return Exchange{}, err
		}
		return ReadExchange(resp, 0)
	}
}

func TestClientAgainstRealServer(t *testing.T) {
	srv := httptest.NewServer(NewAPI(Options{}))
	defer srv.Close()
	clk := &fakeClock{now: time.Date(2026, 7, 28, 9, 0, 0, 0, time.UTC)}
	c := NewClient(ClientConfig{}, realDoer(clk, 0), clk.Sleep, clk.Now)
	get := func(path string) func() *http.Request {
		return func() *http.Request { r, _ := http.NewRequest("GET", srv.URL+path, nil); return r }
	}
	var decisions []string
	c.OnDecision = func(k int, _ Exchange, _ error, d Decision) { decisions = append(decisions, d.Reason) }

	if r := c.Send(context.Background(), get("/admin")); r.Status() != 401 || r.Attempts != 1 {
		t.Fatalf("/admin: %d after %d attempts", r.Status(), r.Attempts)
	}
	if r := c.Send(context.Background(), get("/nope")); r.Status() != 404 || r.Attempts != 1 {
		t.Fatalf("/nope: %d after %d attempts", r.Status(), r.Attempts)
	}
	r := c.Send(context.Background(), get("/flaky?fail_times=2"))
	if r.Status() != 200 || r.Attempts != 3 || !strings.Contains(string(r.Body), `"call":3`) {
		t.Fatalf("/flaky: %d after %d attempts: %s", r.Status(), r.Attempts, r.Body)
	}
	r = c.Send(context.Background(), get("/limited"))
	if r.Status() != 200 || r.Attempts != 2 {
		t.Fatalf("/limited: %d after %d attempts", r.Status(), r.Attempts)
	}
	if !slices.Equal(clk.sleeps, []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, 2 * time.Second}) {
		t.Fatalf("waits %v", clk.sleeps)
	}
	want := []string{"no-retry", "no-retry", "backoff", "backoff", "done", "retry-after", "done"}
	if !slices.Equal(decisions, want) {
		t.Fatalf("decisions %v, want %v", decisions, want)
	}
	l := c.Ledger
	if l.Requests != 7 || l.Retries != 3 || l.Timeouts != 0 || l.BackoffMs != 2750 || l.ElapsedMs != 2750 || l.BytesReceived <= 0 {
		t.Fatalf("ledger %+v", l)
	}
}

// TestClientWorstCase runs the exercise's dead server: every attempt takes
// the whole timeout.
func TestClientWorstCase(t *testing.T) {
	clk := &fakeClock{}
	c := NewClient(ClientConfig{}, func(req *http.Request, timeout time.Duration) (Exchange, error) {
		clk.now = clk.now.Add(timeout)
		return Exchange{}, ErrTimeout
	}, clk.Sleep, clk.Now)
	r := c.Send(context.Background(), func() *http.Request { r, _ := http.NewRequest("GET", "http://x/", nil); return r })
	if r.Attempts != 6 || r.Decision.Reason != ReasonExhausted || !errors.Is(r.Err, ErrTimeout) {
		t.Fatalf("result %+v", r)
	}
	l := c.Ledger
	if l.Requests != 6 || l.Retries != 5 || l.Timeouts != 6 || l.BackoffMs != 7750 || l.ElapsedMs != 19750 {
		t.Fatalf("ledger %+v, want 6 requests, 5 retries, 7750 ms backoff, 19750 ms elapsed", l)
	}
	if !strings.Contains(l.String(), "elapsed:         19750 ms") {
		t.Fatalf("ledger text:\n%s", l)
	}
}

func TestClientRetryAfterTooLong(t *testing.T) {
	srv := httptest.NewServer(NewAPI(Options{RetryAfter: "3600"}))
	defer srv.Close()
	clk := &fakeClock{}
	c := NewClient(ClientConfig{}, realDoer(clk, 0), clk.Sleep, clk.Now)
	r := c.Send(context.Background(), func() *http.Request { r, _ := http.NewRequest("GET", srv.URL+"/limited", nil); return r })
	if r.Status() != 429 || r.Attempts != 1 || r.Decision.Reason != ReasonRetryAfterLong || len(clk.sleeps) != 0 {
		t.Fatalf("result %+v sleeps %v", r.Decision, clk.sleeps)
	}
}

// Status is the final HTTP status, 0 when no response arrived.
func (r Result) Status() int {
	if r.Response == nil {
		return 0
	}
	return r.Response.StatusCode
}

// ReadExchange reads a response fully into an Exchange (for Doers over a
// real connection); wire is the count of bytes the response took on the
// wire when known, else the body's length is used.
func ReadExchange(resp *http.Response, wire int) (Exchange, error) {
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if wire == 0 {
		wire = len(body)
	}
	return Exchange{Response: resp, Body: body, WireBytes: wire}, err
}
