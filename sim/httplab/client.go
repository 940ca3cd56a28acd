package httplab

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Defaults of ClientConfig: the numbers of the course's retry exercise
// (sim/exercise "retry-math"): 2 s timeout, 5 retries, 0.25 s first wait,
// no jitter → waits 0.25, 0.5, 1, 2, 4 s (7.75 s), worst case 19.75 s.
const (
	DefaultTimeoutMs   = 2000
	DefaultRetries     = 5
	DefaultBaseDelayMs = 250
	DefaultJitterPct   = 0
	DefaultSeed        = 1

	// MaxRetryAfter is the longest Retry-After the client agrees to wait;
	// a longer one ends the call (waiting minutes inside an agent step is
	// worse than failing and telling the user).
	MaxRetryAfter = 60 * time.Second
)

// Limits checked by Validate.
const (
	MaxTimeoutMs   = 60000
	MaxRetries     = 10
	MaxBaseDelayMs = 10000
)

// ClientConfig is the retry policy the learner configures. Zero fields mean
// the default; Retries < 0 means "no retries".
type ClientConfig struct {
	// TimeoutMs is how long the client waits for the next bytes of a
	// response: until the status line, then (for a stream) between two
	// chunks. When it fires the client closes the connection.
	TimeoutMs int
	// Retries after the first attempt (so attempts = Retries + 1).
	Retries int
	// BaseDelayMs is the wait before the first retry; retry k (0-based)
	// waits BaseDelayMs·2^k.
	BaseDelayMs int
	// JitterPct spreads each wait by up to ± this percentage (0–100).
	JitterPct int
	// Seed of the jitter generator: fixed per client so a run replays
	// identically; different clients should use different seeds.
	Seed uint64
}

// Normalize fills in the defaults.
func (c ClientConfig) Normalize() ClientConfig {
	if c.TimeoutMs == 0 {
		c.TimeoutMs = DefaultTimeoutMs
	}
	switch {
	case c.Retries == 0:
		c.Retries = DefaultRetries
	case c.Retries < 0:
		c.Retries = 0
	}
	if c.BaseDelayMs == 0 {
		c.BaseDelayMs = DefaultBaseDelayMs
	}
	if c.Seed == 0 {
		c.Seed = DefaultSeed
	}
	return c
}

// Validate reports settings out of range (before Normalize).
func (c ClientConfig) Validate() error {
	switch {
	case c.TimeoutMs < 0 || c.TimeoutMs > MaxTimeoutMs:
		return fmt.Errorf("timeout %d ms: want 1–%d (0 = default %d)", c.TimeoutMs, MaxTimeoutMs, DefaultTimeoutMs)
	case c.Retries > MaxRetries:
		return fmt.Errorf("retries %d: want at most %d (0 = default %d, negative = none)", c.Retries, MaxRetries, DefaultRetries)
	case c.BaseDelayMs < 0 || c.BaseDelayMs > MaxBaseDelayMs:
		return fmt.Errorf("base delay %d ms: want 1–%d (0 = default %d)", c.BaseDelayMs, MaxBaseDelayMs, DefaultBaseDelayMs)
	case c.JitterPct < 0 || c.JitterPct > 100:
		return fmt.Errorf("jitter %d%%: want 0–100", c.JitterPct)
	}
	return nil
}

// Timeout is TimeoutMs as a duration (after Normalize).
func (c ClientConfig) Timeout() time.Duration { return time.Duration(c.TimeoutMs) * time.Millisecond }

// Attempts is the number of requests one call may send.
func (c ClientConfig) Attempts() int { return c.Retries + 1 }

// BackoffWait is the wait before retry k (0-based) without jitter:
// base·2^k.
func BackoffWait(base time.Duration, k int) time.Duration {
	return base << k
}

// Wait is the wait before retry k (0-based) with this client's jitter: a
// pure function of (Seed, k), so every call of a client waits the same
// sequence and a transcript replays identically.
func (c ClientConfig) Wait(k int) time.Duration {
	d := BackoffWait(time.Duration(c.BaseDelayMs)*time.Millisecond, k)
	if c.JitterPct == 0 {
		return d
	}
	u := float64(splitmix64(c.Seed+uint64(k))>>11) / (1 << 53) // [0, 1)
	f := 1 + float64(c.JitterPct)/100*(2*u-1)
	ms := math.Round(float64(d.Milliseconds()) * f)
	return time.Duration(ms) * time.Millisecond
}

// Schedule lists the waits before retry 1…Retries.
func (c ClientConfig) Schedule() []time.Duration {
	out := make([]time.Duration, c.Retries)
	for k := range out {
		out[k] = c.Wait(k)
	}
	return out
}

// Sum adds durations.
func Sum(ds []time.Duration) time.Duration {
	var t time.Duration
	for _, d := range ds {
		t += d
	}
	return t
}

// WorstCase is the longest one call can take: every attempt runs into the
// timeout, and the client waits the whole schedule between them.
func (c ClientConfig) WorstCase() time.Duration {
	return time.Duration(c.Attempts())*c.Timeout() + Sum(c.Schedule())
}

func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// RetryableStatus says whether a status is worth retrying unchanged: 408
// Request Timeout, 429 Too Many Requests, and the 5xx that mean "not now"
// (500, 502, 503, 504). Other 4xx are the request's fault (401 without
// credentials, 404 unknown path, 400 bad body) and fail again the same way.
func RetryableStatus(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusTooManyRequests, http.StatusInternalServerError,
		http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// ParseRetryAfter reads a Retry-After value (RFC 9110 §10.2.3): a number
// of seconds or an HTTP-date, relative to now. A date in the past means 0.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseUint(v, 10, 31); err == nil {
		return time.Duration(n) * time.Second, true
	}
	if strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		return 0, false // digits, but too many
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	if d := t.Sub(now); d > 0 {
		return d, true
	}
	return 0, true
}

// Reasons of a Decision.
const (
	ReasonDone            = "done"              // 1xx–3xx: use the response
	ReasonNoRetry         = "no-retry"          // a 4xx that will fail again
	ReasonBackoff         = "backoff"           // retryable: wait base·2^k
	ReasonRetryAfter      = "retry-after"       // the server said how long to wait
	ReasonTimeout         = "timeout"           // no bytes for TimeoutMs: wait base·2^k
	ReasonExhausted       = "exhausted"         // retryable, but no retries left
	ReasonRetryAfterLong  = "retry-after-long"  // Retry-After beyond MaxRetryAfter
	ReasonTransportFailed = "transport-failure" // the connection broke
)

// Decision is what the client does after an attempt.
type Decision struct {
	Retry  bool
	Wait   time.Duration
	Reason string
}

// Decide says what to do after attempt k (0-based) ended with status
// (ignored when failed) and the response's Retry-After header. failed is
// ReasonTimeout or ReasonTransportFailed when no response arrived.
func (c ClientConfig) Decide(k, status int, failed, retryAfter string, now time.Time) Decision {
	reason := failed
	if failed == "" {
		switch {
		case status < 400:
			return Decision{Reason: ReasonDone}
		case !RetryableStatus(status):
			return Decision{Reason: ReasonNoRetry}
		}
		reason = ReasonBackoff
	}
	if k >= c.Retries {
		return Decision{Reason: ReasonExhausted}
	}
	wait := c.Wait(k)
	if failed == "" && (status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable) {
		if d, ok := ParseRetryAfter(retryAfter, now); ok {
			if d > MaxRetryAfter {
				return Decision{Wait: d, Reason: ReasonRetryAfterLong}
			}
			wait, reason = d, ReasonRetryAfter
		}
	}
	return Decision{Retry: true, Wait: wait, Reason: reason}
}

// Ledger counts what calls cost.
type Ledger struct {
	Requests      int   // attempts put on the wire
	Retries       int   // of which repeats
	Timeouts      int   // attempts abandoned after TimeoutMs
	BytesReceived int64 // response bytes on the wire (status line, headers, body)
	BackoffMs     int64 // time spent waiting between attempts
	ElapsedMs     int64 // time from the first request to the last answer
}

// String is the ledger as the simulator shows it, one counter a line.
func (l Ledger) String() string {
	return fmt.Sprintf("requests sent:   %d\nretries:         %d\ntimeouts:        %d\nbytes received:  %d\ntime in backoff: %d ms\nelapsed:         %d ms\n",
		l.Requests, l.Retries, l.Timeouts, l.BytesReceived, l.BackoffMs, l.ElapsedMs)
}

// ErrTimeout is returned by a Doer when no bytes arrived for the timeout.
var ErrTimeout = errors.New("client timeout: no response bytes in time")

// Exchange is one attempt's outcome as a Doer reports it.
type Exchange struct {
	Response  *http.Response // nil when the attempt failed
	Body      []byte         // the whole body, already read
	WireBytes int            // response bytes received (0 when none)
}

// Doer performs one attempt. It returns ErrTimeout (wrapped or not) when
// no response bytes arrived within timeout, and any other error when the
// connection broke.
type Doer func(req *http.Request, timeout time.Duration) (Exchange, error)

// Client runs calls with the configured retry policy.
type Client struct {
	Config ClientConfig // normalised by NewClient
	Do     Doer
	Sleep  func(ctx context.Context, d time.Duration) error
	Now    func() time.Time
	// OnDecision, when set, sees each attempt's decision before the wait.
	OnDecision func(attempt int, ex Exchange, err error, d Decision)
	Ledger     Ledger
}

// NewClient makes a client; sleep and now are the clock (virtual in the
// simulator).
func NewClient(cfg ClientConfig, do Doer, sleep func(context.Context, time.Duration) error, now func() time.Time) *Client {
	return &Client{Config: cfg.Normalize(), Do: do, Sleep: sleep, Now: now}
}

// Result is the outcome of one call.
type Result struct {
	Exchange
	Attempts int
	Decision Decision // the last one: why the call ended
	Err      error    // the last attempt's error, if it failed
}

// Send runs one call. newReq builds a fresh request for every attempt (a
// body can be read only once); anything that must stay the same across
// retries, such as an Idempotency-Key, is the caller's to keep.
func (c *Client) Send(ctx context.Context, newReq func() *http.Request) Result {
	start := c.Now()
	defer func() { c.Ledger.ElapsedMs += c.Now().Sub(start).Milliseconds() }()
	var res Result
	for k := 0; ; k++ {
		c.Ledger.Requests++
		if k > 0 {
			c.Ledger.Retries++
		}
		ex, err := c.Do(newReq(), c.Config.Timeout())
		c.Ledger.BytesReceived += int64(ex.WireBytes)
		res = Result{Exchange: ex, Attempts: k + 1, Err: err}
		failed, status, retryAfter := "", 0, ""
		switch {
		case errors.Is(err, ErrTimeout):
			failed = ReasonTimeout
			c.Ledger.Timeouts++
		case err != nil:
			failed = ReasonTransportFailed
		default:
			status, retryAfter = ex.Response.StatusCode, ex.Response.Header.Get("Retry-After")
		}
		d := c.Config.Decide(k, status, failed, retryAfter, c.Now())
		res.Decision = d
		if c.OnDecision != nil {
			c.OnDecision(k, ex, err, d)
		}
		if !d.Retry {
			return res
		}
		if err := c.Sleep(ctx, d.Wait); err != nil {
			res.Err = err
			return res
		}
		c.Ledger.BackoffMs += d.Wait.Milliseconds()
	}
}
