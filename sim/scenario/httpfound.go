package scenario

// HTTP foundations: plain HTTP, before any MCP. The client (sim/httplab's
// retry policy, configured through Options.Client) calls sim/httplab's
// JSON API over the same virtual HTTP as the MCP scenarios (sim/wire's
// VirtualHTTP): the request is written with net/http, parsed back with
// http.ReadRequest, served by the real handler into wire's Recorder, and
// parsed with http.ReadResponse. Nothing here depends on the MCP version, so both
// versions produce byte-identical transcripts; events carry no spec (the
// annotations cite the MCP transport pages and, in their text, the RFCs).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"mcpwirelab/sim/httplab"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/vclock"
	"mcpwirelab/sim/virtual"
	"mcpwirelab/sim/wire"
)

// httpFamily: the HTTP foundations, plain HTTP against sim/httplab's JSON
// API, the same under both MCP versions; in the catalog's order
// (catalog.go joins the families).
var httpFamily = []scenarioDef{
	{info: Info{Name: "http-anatomy",
		Transports: onlyHTTP, Faults: []string{FaultNone}}, run: httpAnatomy,
		doc: "a toy company JSON API over plain HTTP: request line, headers, blank line, body, CRLF, `Host`, `Content-Length` in bytes (a Chinese body: 65 bytes, 29 characters)"},
	{info: Info{Name: "http-content-length",
		Transports: onlyHTTP, Faults: []string{FaultNone, FaultShortLength, FaultLongLength}}, run: httpContentLength,
		doc: "`short-length`: the character count as `Content-Length` → truncated JSON → **400**; `long-length`: the server waits for bytes that never come until the client's timeout, retried to the worst case"},
	{info: Info{Name: "http-status-retries",
		Transports: onlyHTTP, Faults: []string{FaultNone}}, run: httpStatusRetries,
		doc: "401 and 404 are not retried; 503, 503, 200 with exponential backoff; 429 honours `Retry-After`; a timeline of the waits and a cost ledger"},
	{info: Info{Name: "http-idempotency",
		Transports: onlyHTTP, Faults: []string{FaultNone}}, run: httpIdempotency,
		doc: "a `POST /send_email` whose response is lost is retried: without an `Idempotency-Key` two e-mails go out, with one the server replays the first answer"},
	{info: Info{Name: "http-sse",
		Transports: onlyHTTP, Faults: []string{FaultNone}}, run: httpSSE,
		doc: "an SSE stream parsed event by event (`event`, `data`, `id`, `: heartbeat` comments) as it arrives, versus a buffered read that sees everything at the end"},
}

// APIHost is the authority the lab's client calls (a plain JSON API, not
// the MCP endpoint).
const APIHost = "api.acme.example"

// attempt is one line of the ledger's timeline.
type attempt struct {
	atMs   int64
	line   string
	result string
}

// lab is one run of an HTTP-foundations scenario.
type lab struct {
	r      *runner
	api    *httplab.API
	client *httplab.Client
	wire   *wire.VirtualHTTP
	told   bool // the server's wait for missing body bytes was shown

	// the call in flight
	label   string
	rewrite func(raw string) string       // a fault: the request text as it goes on the wire
	onPiece func(body []byte, first bool) // sees each response piece's body bytes (first: the head's piece)
	sse     bool                          // name response pieces as SSE frames

	timeline []attempt
}

func newLab(r *runner, o httplab.Options) *lab {
	o.Sleep = r.clock.Sleep
	l := &lab{r: r, api: httplab.NewAPI(o)}
	l.wire = &wire.VirtualHTTP{Route: wire.Handler(l.api), Date: r.date, RemoteAddr: virtual.RemoteAddr, Stall: l.stall}
	l.client = httplab.NewClient(r.o.Client, l.do, r.clock.Sleep, func() time.Time { return epoch().Add(r.clock.Now()) })
	l.client.OnDecision = l.decided
	return l
}

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func (l *lab) nowMs() int64 { return l.r.clock.Now().Milliseconds() }

// configure shows the learner's client settings.
func (l *lab) configure() {
	c := l.client.Config
	jitter := "none"
	if c.JitterPct > 0 {
		jitter = fmt.Sprintf("±%d%% (seed %d)", c.JitterPct, c.Seed)
	}
	l.r.host(trace.Host, trace.Client, "http-client.config", fmt.Sprintf(
		"client settings: timeout %d ms · retries %d · base delay %d ms · jitter %s\n"+
			"retry on: timeouts, 408, 429, 500, 502, 503, 504 · never on other 4xx\n",
		c.TimeoutMs, c.Retries, c.BaseDelayMs, jitter))
}

// newRequest builds a request the way the lab's client sends it.
//
// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func newRequest(method, target string, body []byte, mutate func(h http.Header)) func() *http.Request {
	return func() *http.Request {
		var rd io.Reader
		if body != nil {
			rd = bytes.NewReader(body)
		}
		req, _ := http.NewRequest(method, "http://"+APIHost+target, rd)
		req.Header["User-Agent"] = []string{"wire-lab-client/1.0"}
		req.Header["Accept"] = []string{"application/json"}
		if body != nil {
			req.Header["Content-Type"] = []string{"application/json"}
		}
		if mutate != nil {
			mutate(req.Header)
		}
		return req
	}
}

// call runs one logical call (with retries) under a note label.
//
// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func (l *lab) call(label string, newReq func() *http.Request) httplab.Result {
	l.label = label
	return l.client.Send(context.Background(), newReq)
}

// do is the lab client's transport: one attempt over the virtual HTTP
// wire (the same round trip as the MCP client's).
func (l *lab) do(req *http.Request, timeout time.Duration) (httplab.Exchange, error) {
	r := l.r
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := &wire.Stream{}
	timedOut := false
	sent := 0 // the request's seq
	var alarm *vclock.Alarm
	arm := func() {
		alarm = r.clock.AfterFunc(timeout, func() {
			timedOut = true
			r.host(trace.Client, trace.Client, "http-timeout.fired",
				fmt.Sprintf("timer: no response bytes for %d ms → give up and close the connection\n", timeout.Milliseconds()))
			r.record(ev{from: trace.Client, to: trace.Server, ch: trace.HTTPRequest, kind: trace.KindClose, note: "http-timeout.close", cancels: sent})
			s.Close()
		})
	}
	s.OnPiece = func(p *wire.Piece) {
		if p.Event.Channel == trace.HTTPRequest {
			sent = r.piece(p, l.label+".request", timeout)
			l.timeline = append(l.timeline, attempt{atMs: l.nowMs(), line: p.Event.HTTP.Method + " " + p.Event.HTTP.Path})
			arm()
			return
		}
		alarm.Stop()
		r.piece(p, l.noteFor(p), 0)
		if l.onPiece != nil {
			l.onPiece(p.Body, !p.Event.HTTP.Chunk)
		}
		arm() // the timeout counts from the last bytes received
	}
	l.told = false
	l.wire.Rewrite = l.rewrite
	res, err := l.wire.Do(ctx, req, s)
	if alarm != nil {
		alarm.Stop()
	}
	if n := len(res.Leftover); n > 0 && !timedOut {
		r.host(trace.Server, trace.Server, "content-length.leftover", fmt.Sprintf(
			"%d bytes the client sent were not part of the body Content-Length announced: %q\n"+
				"they stay on the connection, where the server would read them as the start of the next request\n", n, res.Leftover))
	}
	if timedOut {
		l.timeline[len(l.timeline)-1].result = "timeout"
		return httplab.Exchange{WireBytes: res.WireBytes}, httplab.ErrTimeout
	}
	if err != nil {
		panic("scenario: the lab's exchange failed: " + err.Error())
	}
	l.timeline[len(l.timeline)-1].result = res.Response.Status
	return httplab.Exchange{Response: res.Response, Body: res.Body, WireBytes: res.WireBytes}, nil
}

// stall is the server waiting for body bytes that never come: reading
// blocks (on the virtual clock) until the client gives up.
func (l *lab) stall(ctx context.Context, sent int, declared int64) error {
	if !l.told {
		l.told = true
		l.r.host(trace.Server, trace.Server, "content-length.waiting", fmt.Sprintf(
			"body: %d bytes read, Content-Length promised %d → the server waits for %d more bytes…\n",
			sent, declared, declared-int64(sent)))
	}
	return l.r.clock.Sleep(ctx, 24*time.Hour)
}

// noteFor names a response piece: <label>.result / .replayed /
// .error.<status>, or sse.open / sse.event / sse.heartbeat / sse.end.
func (l *lab) noteFor(p *wire.Piece) string {
	status, chunk, raw := p.Event.HTTP.Status, p.Event.HTTP.Chunk, p.Event.Raw
	if l.sse && status == http.StatusOK {
		body := string(p.Body)
		switch {
		case !chunk:
			return "sse.open"
		case body == "":
			return "sse.end"
		case strings.Contains(body, "data:"):
			return "sse.event"
		}
		return "sse.heartbeat"
	}
	switch {
	case status >= 400:
		return Key(l.label).Error(status).String()
	case strings.Contains(raw, "\r\nIdempotent-Replayed: true\r\n"):
		return l.label + ".replayed"
	}
	return l.label + ".result"
}

// decided records what the client makes of an attempt.
func (l *lab) decided(k int, ex httplab.Exchange, err error, d httplab.Decision) {
	r, c := l.r, l.client.Config
	status := 0
	if ex.Response != nil {
		status = ex.Response.StatusCode
	}
	what := "timeout"
	if status != 0 {
		what = fmt.Sprintf("%d %s", status, http.StatusText(status))
	}
	switch d.Reason {
	case httplab.ReasonNoRetry:
		r.host(trace.Client, trace.Host, fmt.Sprintf("no-retry.%d", status), fmt.Sprintf(
			"%s: the request itself is the problem; sending it again gives the same answer → no retry, report it\n", what))
	case httplab.ReasonBackoff, httplab.ReasonTimeout:
		base := time.Duration(c.BaseDelayMs) * time.Millisecond
		formula := fmt.Sprintf("%d·2^%d = %d ms", c.BaseDelayMs, k, httplab.BackoffWait(base, k).Milliseconds())
		if c.JitterPct > 0 {
			formula += fmt.Sprintf(", jitter ±%d%% → %d ms", c.JitterPct, d.Wait.Milliseconds())
		}
		r.host(trace.Client, trace.Client, "backoff.wait", fmt.Sprintf(
			"%s is retryable → backoff %s → retry %d of %d at t=%d ms\n",
			what, formula, k+1, c.Retries, l.nowMs()+d.Wait.Milliseconds()))
	case httplab.ReasonRetryAfter:
		r.host(trace.Client, trace.Client, "retry-after.wait", fmt.Sprintf(
			"%s with Retry-After: %s → wait %d ms (the server's number, not the backoff's %d ms) → retry %d of %d at t=%d ms\n",
			what, ex.Response.Header.Get("Retry-After"), d.Wait.Milliseconds(), c.Wait(k).Milliseconds(), k+1, c.Retries,
			l.nowMs()+d.Wait.Milliseconds()))
	case httplab.ReasonRetryAfterLong:
		r.host(trace.Client, trace.Host, "retry-after.too-long", fmt.Sprintf(
			"%s with Retry-After: %s = %d s: longer than the client will wait (%d s) → give up and report it\n",
			what, ex.Response.Header.Get("Retry-After"), int(d.Wait.Seconds()), int(httplab.MaxRetryAfter.Seconds())))
	case httplab.ReasonExhausted:
		r.host(trace.Client, trace.Host, "retries.exhausted", fmt.Sprintf(
			"%s after %d attempts: no retries left → give up at t=%d ms; worst case for these settings: %d × %d ms + %d ms of backoff = %d ms\n",
			what, k+1, l.nowMs(), c.Attempts(), c.TimeoutMs, httplab.Sum(c.Schedule()).Milliseconds(), c.WorstCase().Milliseconds()))
	}
}

// ledger ends every HTTP-foundations scenario: what the calls cost, and the
// timeline of attempts.
func (l *lab) ledger() {
	var b strings.Builder
	b.WriteString(l.client.Ledger.String())
	b.WriteString("timeline:\n")
	for _, a := range l.timeline {
		fmt.Fprintf(&b, "  t=%6d ms  %s → %s\n", a.atMs, a.line, a.result)
	}
	l.r.host(trace.Client, trace.Host, "ledger", b.String())
}

// digestText is the Chinese body of the Content-Length lessons: 18
// characters, 54 bytes in UTF-8, two sentences for the summary.
const digestText = "登录故障已修复。请大家今天更新密码。"

func digestBody() []byte {
	b, _ := json.Marshal(map[string]string{"text": digestText})
	return b
}

// ---- http-anatomy ----

func httpAnatomy(r *runner) {
	l := newLab(r, httplab.Options{})
	l.configure()
	res := l.call("api.health", newRequest(http.MethodGet, "/health", nil, nil))
	r.host(trace.Client, trace.Client, "anatomy.dissect", dissect(r.events, res))

	l.call("api.emails", newRequest(http.MethodGet, "/emails?urgent=true&limit=2", nil, nil))

	body := digestBody()
	r.host(trace.Client, trace.Client, "anatomy.bytes", fmt.Sprintf(
		"body %s\n%d characters, %d bytes in UTF-8: each of the %d Chinese characters takes 3 bytes → Content-Length: %d\n",
		body, utf8.RuneCount(body), len(body), utf8.RuneCountInString(digestText), len(body)))
	l.call("api.digest", newRequest(http.MethodPost, "/digest", body, nil))
	l.ledger()
}

// dissect takes the last request and response apart line by line.
func dissect(events []trace.Event, res httplab.Result) string {
	var req, resp string
	for i := len(events) - 1; i >= 0 && (req == "" || resp == ""); i-- {
		switch {
		case events[i].Channel == trace.HTTPRequest && req == "":
			req = events[i].Raw
		case events[i].Channel == trace.HTTPResponse && resp == "":
			resp = events[i].Raw
		}
	}
	var b strings.Builder
	part := func(name, msg string) {
		head, body, _ := strings.Cut(msg, "\r\n\r\n")
		lines := strings.Split(head, "\r\n")
		fmt.Fprintf(&b, "%s (%d bytes, %d CRLF line ends):\n", name, len(msg), strings.Count(msg, "\r\n"))
		fmt.Fprintf(&b, "  start line  %q\n", lines[0])
		for _, h := range lines[1:] {
			fmt.Fprintf(&b, "  header      %q\n", h)
		}
		b.WriteString("  blank line  \"\" (CRLF CRLF ends the head)\n")
		fmt.Fprintf(&b, "  body        %d bytes %q\n", len(body), body)
	}
	part("request", req)
	part("response", resp)
	if res.Response != nil {
		fmt.Fprintf(&b, "the body's length comes from Content-Length: %d\n", res.Response.ContentLength)
	}
	return b.String()
}

// ---- http-content-length ----

func httpContentLength(r *runner) {
	l := newLab(r, httplab.Options{})
	l.configure()
	body := digestBody()
	declared, label, note := len(body), "api.digest", "content-length.count"
	why := fmt.Sprintf("Content-Length = the body's length in bytes: %d (%d characters)\n", len(body), utf8.RuneCount(body))
	switch r.o.Fault {
	case FaultShortLength:
		declared, label, note = utf8.RuneCount(body), "content-length.short", "content-length.short.count"
		why = fmt.Sprintf("bug: the client counts characters, not bytes: Content-Length: %d, but the body is %d bytes\n", declared, len(body))
	case FaultLongLength:
		pretty, _ := json.MarshalIndent(map[string]string{"text": digestText}, "", "  ")
		declared, label, note = len(pretty), "content-length.long", "content-length.long.count"
		why = fmt.Sprintf("bug: the client measured the pretty-printed JSON (%d bytes) but sends the compact one (%d bytes): Content-Length: %d\n",
			len(pretty), len(body), declared)
	}
	r.host(trace.Client, trace.Client, note, why)
	if declared != len(body) {
		from, to := fmt.Sprintf("\r\nContent-Length: %d\r\n", len(body)), fmt.Sprintf("\r\nContent-Length: %d\r\n", declared)
		l.rewrite = func(raw string) string { return strings.Replace(raw, from, to, 1) }
	}
	l.call(label, newRequest(http.MethodPost, "/digest", body, nil))
	l.ledger()
}

// ---- http-status-retries ----

func httpStatusRetries(r *runner) {
	l := newLab(r, httplab.Options{})
	l.configure()
	c := l.client.Config
	var waits []string
	for _, d := range c.Schedule() {
		waits = append(waits, fmt.Sprint(d.Milliseconds()))
	}
	r.host(trace.Client, trace.Client, "backoff.schedule", fmt.Sprintf(
		"backoff before retries 1…%d: %s ms (base·2^k) = %d ms in total\n"+
			"worst case of one call: %d attempts × %d ms timeout + %d ms = %d ms\n",
		c.Retries, strings.Join(waits, ", "), httplab.Sum(c.Schedule()).Milliseconds(),
		c.Attempts(), c.TimeoutMs, httplab.Sum(c.Schedule()).Milliseconds(), c.WorstCase().Milliseconds()))
	l.call("api.admin", newRequest(http.MethodGet, "/admin", nil, nil))
	l.call("api.unknown", newRequest(http.MethodGet, "/reports", nil, nil))
	l.call("api.flaky", newRequest(http.MethodGet, "/flaky?fail_times=2", nil, nil))
	l.call("api.limited", newRequest(http.MethodGet, "/limited", nil, nil))
	l.ledger()
}

// ---- http-idempotency ----

// IdempotencyKey is the key the lab's client generates once for the e-mail
// of round 2 (a UUIDv4, fixed so transcripts replay).
const IdempotencyKey = "9b1f4c2e-7a3d-4e58-b6c1-2f0d8e7a5c34"

// SendDelay is how long the API needs, after the relay took the e-mail,
// on the first attempt of each round: longer than the default timeout.
const SendDelay = 3 * time.Second

func httpIdempotency(r *runner) {
	l := newLab(r, httplab.Options{SendDelays: []time.Duration{SendDelay, 0, SendDelay}})
	l.configure()
	body, _ := json.Marshal(map[string]string{"to": "ana.souza@acme.example", "subject": "Login incident: status"})

	r.host(trace.Client, trace.Client, "idempotency.plain",
		"round 1: POST /send_email without an Idempotency-Key; a retry looks like a brand-new e-mail to the server\n")
	l.call("api.send-email", newRequest(http.MethodPost, "/send_email", body, nil))
	l.outbox()

	r.host(trace.Client, trace.Client, "idempotency.keyed",
		"round 2: the client generates one key for this e-mail and sends it on every attempt:\nIdempotency-Key: "+IdempotencyKey+"\n")
	before := len(l.api.Sent())
	l.call("api.send-email-keyed", newRequest(http.MethodPost, "/send_email", body, func(h http.Header) {
		h["Idempotency-Key"] = []string{IdempotencyKey}
	}))
	l.outbox()
	r.host(trace.Client, trace.Host, "idempotency.result", fmt.Sprintf(
		"round 1 sent %d e-mail(s) for one request; round 2 sent %d\n", before, len(l.api.Sent())-before))
	l.ledger()
}

// outbox shows what the server actually sent.
func (l *lab) outbox() {
	var b strings.Builder
	sent := l.api.Sent()
	fmt.Fprintf(&b, "outbox: %d e-mail(s) sent\n", len(sent))
	for _, m := range sent {
		key := "no Idempotency-Key"
		if m.IdempotencyKey != "" {
			key = "Idempotency-Key " + m.IdempotencyKey
		}
		fmt.Fprintf(&b, "  %s  to %s  %q  (%s)\n", m.ID, m.To, m.Subject, key)
	}
	l.r.host(trace.Server, trace.Server, "idempotency.outbox", b.String())
}

// ---- http-sse ----

func httpSSE(r *runner) {
	l := newLab(r, httplab.Options{})
	l.configure()
	l.sse = true
	sseReq := newRequest(http.MethodGet, "/events", nil, func(h http.Header) { h["Accept"] = []string{"text/event-stream"} })

	r.host(trace.Client, trace.Client, "sse.streaming",
		"reader 1 (streaming): parse the body as it arrives; a blank line completes an event\n")
	var p wire.SSEReader
	l.onPiece = func(body []byte, first bool) {
		if first {
			p = wire.SSEReader{} // a new attempt starts a new stream
		}
		for _, it := range p.Feed(body) {
			if it.Comment {
				r.host(trace.Client, trace.Client, "sse.heartbeat-seen", fmt.Sprintf("comment %q: no event, but the connection is alive (idle timer reset)\n", it.Text))
				continue
			}
			r.host(trace.Client, trace.Host, "sse.parsed", fmt.Sprintf("event: %s · id: %s · data: %s\n", it.Event, it.ID, it.Data))
		}
	}
	l.call("api.events", sseReq)

	r.host(trace.Client, trace.Client, "sse.buffered",
		"reader 2 (buffered): read the whole body first (io.ReadAll), then parse it\n")
	var q wire.SSEReader
	var arrived []int64
	l.onPiece = func(body []byte, first bool) {
		if first {
			q, arrived = wire.SSEReader{}, nil
		}
		for _, it := range q.Feed(body) {
			if !it.Comment {
				arrived = append(arrived, l.nowMs())
			}
		}
	}
	start := l.nowMs()
	res := l.call("api.events", sseReq)
	l.onPiece = nil
	var b strings.Builder
	var items []wire.SSEItem
	for _, it := range wire.ParseSSE(res.Body) {
		if !it.Comment {
			items = append(items, it)
		}
	}
	fmt.Fprintf(&b, "the body is complete at t=%d ms: %d events, all at once\n", l.nowMs(), len(items))
	for i, it := range items {
		if i < len(arrived) {
			fmt.Fprintf(&b, "  event: %s · id: %s · arrived at t=%d ms, seen %d ms late\n", it.Event, it.ID, arrived[i], l.nowMs()-arrived[i])
		}
	}
	if len(items) > 0 && len(arrived) > 0 {
		fmt.Fprintf(&b, "first event: the streaming reader had it %d ms after the request, the buffered one %d ms after\n",
			arrived[0]-start, l.nowMs()-start)
	}
	r.host(trace.Client, trace.Host, "sse.buffered-result", b.String())
	l.ledger()
}
