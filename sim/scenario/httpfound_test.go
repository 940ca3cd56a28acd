package scenario

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"mcpwirelab/sim/httplab"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// httpLabScenarios are the HTTP-foundations scenarios (httpfound.go).
func httpLabScenarios() []Info {
	var out []Info
	for _, s := range List() {
		if strings.HasPrefix(s.Name, "http-") {
			out = append(out, s)
		}
	}
	return out
}

func runLab(t *testing.T, scenario, fault string, c httplab.ClientConfig) *trace.Trace {
	t.Helper()
	tr, err := Run(Options{Scenario: scenario, Version: "2026-07-28", Transport: "http", Fault: fault, Client: c})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// labConfigs are client settings beyond the defaults that the notes and
// invariants must also hold for.
var labConfigs = []httplab.ClientConfig{
	{},
	{JitterPct: 30, Seed: 42},
	{TimeoutMs: 5000},
	{TimeoutMs: 800},
	{Retries: -1},
	{Retries: 1, BaseDelayMs: 100},
}

func TestHTTPLabCatalog(t *testing.T) {
	var names []string
	for _, s := range httpLabScenarios() {
		names = append(names, s.Name)
		if !slices.Equal(s.Versions, protocol.Versions()) || !slices.Equal(s.Transports, []string{"http"}) {
			t.Errorf("%s: versions %v transports %v", s.Name, s.Versions, s.Transports)
		}
		if s.Title.En == "" || !hasCJK(s.Title.Zh) {
			t.Errorf("%s: title %+v", s.Name, s.Title)
		}
	}
	if !slices.Equal(names, []string{"http-anatomy", "http-content-length", "http-status-retries", "http-idempotency", "http-sse"}) {
		t.Fatalf("scenarios %v", names)
	}
	for _, tt := range []struct {
		o    Options
		want string
	}{
		{Options{Scenario: "http-anatomy", Version: "2026-07-28", Transport: "stdio"}, "runs over http only"},
		{Options{Scenario: "http-anatomy", Version: "2026-07-28", Transport: "http", Fault: FaultShortLength}, `unknown value fault "short-length" for scenario http-anatomy`},
		{Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: FaultLongLength}, `unknown value fault "long-length" for scenario tool-call`},
		{Options{Scenario: "http-sse", Version: "2026-07-28", Transport: "http", Client: httplab.ClientConfig{JitterPct: 101}}, "unknown value client setting: jitter 101%"},
		{Options{Scenario: "http-sse", Version: "2026-07-28", Transport: "http", Client: httplab.ClientConfig{Retries: 11}}, "retries 11"},
	} {
		_, err := Run(tt.o)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v, want %q", tt.o, err, tt.want)
		}
		if !errors.Is(err, ErrUnknown) && !errors.Is(err, ErrNotApplicable) {
			t.Errorf("%+v: error does not wrap ErrUnknown/ErrNotApplicable", tt.o)
		}
	}
	if ok, _ := FaultApplies(FaultShortLength, "2025-11-25", "stdio"); ok {
		t.Error("short-length must need http")
	}
}

// TestHTTPLabSameUnderBothVersions: the HTTP lessons do not depend on the
// MCP version, and their transcripts are byte-identical.
func TestHTTPLabSameUnderBothVersions(t *testing.T) {
	for _, o := range matrix() {
		if !strings.HasPrefix(o.Scenario, "http-") || o.Version != "2026-07-28" {
			continue
		}
		var out [2]bytes.Buffer
		for i, v := range protocol.Versions() {
			o.Version = v
			tr, err := Run(o)
			if err != nil {
				t.Fatal(err)
			}
			if err := tr.WriteJSONL(&out[i]); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(out[0].Bytes(), out[1].Bytes()) {
			t.Errorf("%s/%s: transcripts differ between versions", o.Scenario, o.Fault)
		}
	}
}

// TestHTTPLabNotes: every key the HTTP scenarios emit has its own written
// entry (not a fallback to a shorter key), for every version and for
// non-default client settings too; wire events cite their version.
// (TestEmittedNotesCiteTheirVersion and TestNotesCiteTheSpec check the
// default runs and the citations against the spec text as well.)
func TestHTTPLabNotes(t *testing.T) {
	notes := noteIndex()
	seen := map[string]bool{}
	for _, s := range httpLabScenarios() {
		for _, f := range s.Faults {
			for _, c := range labConfigs {
				for _, v := range protocol.Versions() {
					tr, err := Run(Options{Scenario: s.Name, Version: v, Transport: "http", Fault: f, Client: c})
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range tr.Events {
						id := NoteKey{e.Note, v}.String()
						if seen[id] {
							continue
						}
						seen[id] = true
						_, exact := notes[e.Note]
						_, exactV := notes[id]
						if !exact && !exactV {
							t.Errorf("%s/%s %+v: note %s has no entry of its own", s.Name, f, c, id)
							continue
						}
						n := AnnotationFor(e.Note, v)
						if e.Kind != trace.KindThink && !strings.HasPrefix(n.Spec, v+"/") {
							t.Errorf("note %s: wire event with Spec %q", id, n.Spec)
						}
						if e.Spec != "" {
							t.Errorf("note %s: plain-HTTP events carry no spec, got %q", id, e.Spec)
						}
					}
				}
			}
		}
	}
	// Reachable only through settings the scenarios do not expose: a
	// Retry-After over the cap, a 4xx without its own entry.
	spare := map[string]bool{"retry-after.too-long": true, "no-retry": true}
	for _, k := range sortedNoteKeys() {
		if !inNotesFile(k, httpNotesFile) {
			continue
		}
		base := mustKey(t, k).Base()
		emitted := false
		for _, v := range protocol.Versions() {
			emitted = emitted || seen[base.At(v).String()]
		}
		if !spare[base.String()] && !emitted {
			t.Errorf("note %s (%s) is never emitted", k, loadedNotes().where[k].String())
		}
	}
}

// TestHTTPLabWireInvariants is TestWireInvariants for plain HTTP: every
// request and response parses with net/http, Content-Length is the body's
// byte count (except where the fault says otherwise), no JSON-RPC message
// is claimed, time never goes back.
func TestHTTPLabWireInvariants(t *testing.T) {
	for _, s := range httpLabScenarios() {
		for _, f := range s.Faults {
			for _, c := range labConfigs {
				tr := runLab(t, s.Name, f, c)
				name := s.Name + "/" + f
				var chunked bool
				for i, e := range tr.Events {
					if e.Seq != i+1 || len(e.Messages) != 0 || (i > 0 && e.TimeMs < tr.Events[i-1].TimeMs) {
						t.Fatalf("%s: event %d: seq, messages or time wrong", name, e.Seq)
					}
					switch {
					case e.Channel == trace.HTTPRequest && e.Kind == trace.KindMessage:
						req, err := http.ReadRequest(bufio.NewReader(strings.NewReader(e.Raw)))
						if err != nil {
							t.Fatalf("%s: event %d: %v", name, e.Seq, err)
						}
						_, body, _ := strings.Cut(e.Raw, "\r\n\r\n")
						if req.Host != APIHost || e.HTTP.Method != req.Method || e.HTTP.Path != req.URL.RequestURI() {
							t.Fatalf("%s: event %d: host %q info %+v", name, e.Seq, req.Host, e.HTTP)
						}
						if req.Method == http.MethodPost && req.ContentLength != int64(len(body)) && f == FaultNone {
							t.Fatalf("%s: event %d: Content-Length %d, body %d bytes", name, e.Seq, req.ContentLength, len(body))
						}
						if req.Method == http.MethodPost && req.ContentLength == int64(len(body)) && f != FaultNone {
							t.Fatalf("%s: event %d: the fault should make Content-Length wrong", name, e.Seq)
						}
					case e.Channel == trace.HTTPResponse && !e.HTTP.Chunk:
						resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(e.Raw)), nil)
						if err != nil || resp.StatusCode != e.HTTP.Status {
							t.Fatalf("%s: event %d: %v / status %d", name, e.Seq, err, e.HTTP.Status)
						}
						chunked = slices.Contains(resp.TransferEncoding, "chunked")
						if !chunked {
							b, _ := io.ReadAll(resp.Body)
							if resp.ContentLength != int64(len(b)) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
								t.Fatalf("%s: event %d: Content-Length %d for %d bytes", name, e.Seq, resp.ContentLength, len(b))
							}
							if e.HTTP.Status >= 400 {
								if _, ok := httplab.IsErrorBody(b); !ok {
									t.Fatalf("%s: event %d: error body %s", name, e.Seq, b)
								}
							}
						}
					case e.Channel == trace.HTTPResponse:
						if !chunked {
							t.Fatalf("%s: event %d: a chunk of an unchunked response", name, e.Seq)
						}
						size, rest, ok := strings.Cut(e.Raw, "\r\n")
						n, err := strconv.ParseInt(size, 16, 64)
						if !ok || err != nil || (n > 0 && int64(len(rest)) != n+2) || (n == 0 && rest != "\r\n") {
							t.Fatalf("%s: event %d: bad chunk %q", name, e.Seq, e.Raw)
						}
					}
				}
			}
		}
	}
}

// ledgerOf parses the ledger event's counters.
func ledgerOf(t *testing.T, tr *trace.Trace) (map[string]int64, trace.Event) {
	t.Helper()
	l := find(tr, "ledger")
	if len(l) != 1 || l[0].Seq != len(tr.Events) || l[0].From != trace.Client || l[0].To != trace.Host {
		t.Fatalf("want one final ledger event, got %+v", l)
	}
	out := map[string]int64{}
	for _, line := range strings.Split(l[0].Raw, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, " ") || k == "timeline" {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " ms"), 10, 64)
		if err != nil {
			t.Fatalf("ledger line %q", line)
		}
		out[k] = n
	}
	return out, l[0]
}

func wantLedger(t *testing.T, tr *trace.Trace, requests, retries, timeouts, backoff, elapsed int64) {
	t.Helper()
	got, _ := ledgerOf(t, tr)
	want := map[string]int64{"requests sent": requests, "retries": retries, "timeouts": timeouts, "time in backoff": backoff, "elapsed": elapsed}
	var bytesIn int64
	for _, e := range tr.Events {
		if e.Channel == trace.HTTPResponse {
			bytesIn += int64(len(e.Raw))
		}
	}
	want["bytes received"] = bytesIn
	for k, v := range want {
		if got[k] != v {
			t.Errorf("ledger %s = %d, want %d", k, got[k], v)
		}
	}
}

func statuses(tr *trace.Trace) []int {
	var out []int
	for _, e := range tr.Events {
		if e.Channel == trace.HTTPResponse && !e.HTTP.Chunk {
			out = append(out, e.HTTP.Status)
		}
	}
	return out
}

func times(es []trace.Event) []int64 {
	var out []int64
	for _, e := range es {
		out = append(out, e.TimeMs)
	}
	return out
}

func TestHTTPAnatomyOutcome(t *testing.T) {
	tr := runLab(t, "http-anatomy", "none", httplab.ClientConfig{})
	if got := statuses(tr); !slices.Equal(got, []int{200, 200, 200}) {
		t.Fatalf("statuses %v", got)
	}
	req := find(tr, "api.health.request")[0].Raw
	if req != "GET /health HTTP/1.1\r\nHost: api.acme.example\r\nUser-Agent: wire-lab-client/1.0\r\nAccept: application/json\r\n\r\n" {
		t.Fatalf("health request %q", req)
	}
	d := find(tr, "api.digest.request")[0]
	parsed, err := http.ReadRequest(bufio.NewReader(strings.NewReader(d.Raw)))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(parsed.Body)
	// Content-Length is the UTF-8 byte count, not the rune count.
	if parsed.ContentLength != int64(len(body)) || len(body) != 65 || utf8.RuneCount(body) != 29 || !strings.Contains(string(body), digestText) {
		t.Fatalf("Content-Length %d, body %d bytes / %d characters", parsed.ContentLength, len(body), utf8.RuneCount(body))
	}
	if d.HTTP.Headers["Content-Length"][0] != "65" {
		t.Fatalf("header info %v", d.HTTP.Headers)
	}
	var got httplab.DigestResult
	res := find(tr, "api.digest.result")[0].Raw
	_ = json.Unmarshal([]byte(res[strings.Index(res, "\r\n\r\n")+4:]), &got)
	if got.ContentLength != 65 || got.ReceivedBytes != 65 || got.ReceivedCharacters != 29 || got.TextBytes != 54 || got.TextCharacters != 18 {
		t.Fatalf("digest %+v", got)
	}
	if b := find(tr, "anatomy.bytes")[0].Raw; !strings.Contains(b, "29 characters, 65 bytes") || !strings.Contains(b, "Content-Length: 65") {
		t.Fatalf("anatomy.bytes %q", b)
	}
	if ds := find(tr, "anatomy.dissect")[0].Raw; !strings.Contains(ds, "request (107 bytes, 5 CRLF line ends)") || !strings.Contains(ds, "Content-Length: 15") {
		t.Fatalf("dissect %s", ds)
	}
	wantLedger(t, tr, 3, 0, 0, 0, 0)
}

func TestHTTPContentLengthOutcome(t *testing.T) {
	tr := runLab(t, "http-content-length", "none", httplab.ClientConfig{})
	if got := statuses(tr); !slices.Equal(got, []int{200}) || len(find(tr, "content-length.leftover")) != 0 {
		t.Fatalf("none: statuses %v", got)
	}

	tr = runLab(t, "http-content-length", FaultShortLength, httplab.ClientConfig{})
	req := find(tr, "content-length.short.request")
	if len(req) != 1 || !strings.Contains(req[0].Raw, "\r\nContent-Length: 29\r\n") {
		t.Fatalf("short: request %+v", req)
	}
	e := find(tr, "content-length.short.error.400")
	if len(e) != 1 || !strings.Contains(e[0].Raw, `"type":"invalid_json"`) || !strings.Contains(e[0].Raw, "(29 bytes read)") {
		t.Fatalf("short: 400 %+v", e)
	}
	left := find(tr, "content-length.leftover")
	if len(left) != 1 || !strings.HasPrefix(left[0].Raw, "36 bytes") || left[0].From != trace.Server {
		t.Fatalf("short: leftover %+v", left)
	}
	if len(find(tr, "no-retry.400")) != 1 || len(find(tr, "api.digest")) != 0 {
		t.Fatal("short: a 400 must not be retried")
	}
	wantLedger(t, tr, 1, 0, 0, 0, 0)

	tr = runLab(t, "http-content-length", FaultLongLength, httplab.ClientConfig{})
	reqs := find(tr, "content-length.long.request")
	if !slices.Equal(times(reqs), []int64{0, 2250, 4750, 7750, 11750, 17750}) {
		t.Fatalf("long: attempts at %v", times(reqs))
	}
	if w := find(tr, "content-length.waiting"); len(w) != 6 || !strings.Contains(w[0].Raw, "65 bytes read, Content-Length promised 70") {
		t.Fatalf("long: waiting %+v", w)
	}
	closes := find(tr, "http-timeout.close")
	if !slices.Equal(times(closes), []int64{2000, 4250, 6750, 9750, 13750, 19750}) || closes[0].Kind != trace.KindClose || closes[0].Raw != "" {
		t.Fatalf("long: closes at %v", times(closes))
	}
	if len(statuses(tr)) != 0 {
		t.Fatal("long: the server must never answer")
	}
	ex := find(tr, "retries.exhausted")
	if len(ex) != 1 || ex[0].TimeMs != 19750 || !strings.Contains(ex[0].Raw, "6 × 2000 ms + 7750 ms of backoff = 19750 ms") {
		t.Fatalf("long: exhausted %+v", ex)
	}
	wantLedger(t, tr, 6, 5, 6, 7750, 19750)
}

func TestHTTPStatusRetriesOutcome(t *testing.T) {
	tr := runLab(t, "http-status-retries", "none", httplab.ClientConfig{})
	if got := statuses(tr); !slices.Equal(got, []int{401, 404, 503, 503, 200, 429, 200}) {
		t.Fatalf("statuses %v", got)
	}
	if len(find(tr, "no-retry.401")) != 1 || len(find(tr, "no-retry.404")) != 1 {
		t.Fatal("401 and 404 must not be retried")
	}
	if r := find(tr, "api.admin.error.401")[0].Raw; !strings.Contains(r, "\r\nWww-Authenticate: Bearer realm=\"wire-lab\"\r\n") {
		t.Fatalf("401 without WWW-Authenticate: %q", r)
	}
	waits := find(tr, "backoff.wait")
	if len(waits) != 2 || !strings.Contains(waits[0].Raw, "250·2^0 = 250 ms → retry 1 of 5 at t=250 ms") ||
		!strings.Contains(waits[1].Raw, "250·2^1 = 500 ms → retry 2 of 5 at t=750 ms") {
		t.Fatalf("backoff waits %+v", waits)
	}
	if got := times(find(tr, "api.flaky.request")); !slices.Equal(got, []int64{0, 250, 750}) {
		t.Fatalf("flaky attempts at %v", got)
	}
	ra := find(tr, "retry-after.wait")
	if len(ra) != 1 || ra[0].TimeMs != 750 || !strings.Contains(ra[0].Raw, "Retry-After: 2 → wait 2000 ms") {
		t.Fatalf("retry-after %+v", ra)
	}
	if got := times(find(tr, "api.limited.request")); !slices.Equal(got, []int64{750, 2750}) {
		t.Fatalf("limited attempts at %v", got)
	}
	if s := find(tr, "backoff.schedule")[0].Raw; !strings.Contains(s, "250, 500, 1000, 2000, 4000 ms (base·2^k) = 7750 ms") || !strings.Contains(s, "6 attempts × 2000 ms timeout + 7750 ms = 19750 ms") {
		t.Fatalf("schedule %q", s)
	}
	wantLedger(t, tr, 7, 3, 0, 2750, 2750)
	if _, l := ledgerOf(t, tr); !strings.Contains(l.Raw, "t=   250 ms  GET /flaky?fail_times=2 → 503 Service Unavailable\n") {
		t.Fatalf("timeline:\n%s", l.Raw)
	}

	// Configured: no retries at all → the 503 and the 429 are final.
	tr = runLab(t, "http-status-retries", "none", httplab.ClientConfig{Retries: -1})
	if got := statuses(tr); !slices.Equal(got, []int{401, 404, 503, 429}) || len(find(tr, "retries.exhausted")) != 2 {
		t.Fatalf("no retries: statuses %v", got)
	}
	wantLedger(t, tr, 4, 0, 0, 0, 0)

	// Jitter: deterministic, within bounds, visible in the trace.
	c := httplab.ClientConfig{JitterPct: 30, Seed: 42}
	a, b := runLab(t, "http-status-retries", "none", c), runLab(t, "http-status-retries", "none", c)
	var ja, jb bytes.Buffer
	_ = a.WriteJSONL(&ja)
	_ = b.WriteJSONL(&jb)
	if !bytes.Equal(ja.Bytes(), jb.Bytes()) {
		t.Fatal("jittered runs differ")
	}
	w := c.Normalize().Schedule()
	if got := times(find(a, "api.flaky.request")); !slices.Equal(got, []int64{0, w[0].Milliseconds(), (w[0] + w[1]).Milliseconds()}) {
		t.Fatalf("jittered flaky attempts at %v, schedule %v", got, w)
	}
	if !strings.Contains(find(a, "backoff.wait")[0].Raw, "jitter ±30%") {
		t.Fatal("the wait should show the jitter")
	}
}

func TestHTTPIdempotencyOutcome(t *testing.T) {
	tr := runLab(t, "http-idempotency", "none", httplab.ClientConfig{})
	out := find(tr, "idempotency.outbox")
	if len(out) != 2 || !strings.HasPrefix(out[0].Raw, "outbox: 2 e-mail(s) sent") || !strings.HasPrefix(out[1].Raw, "outbox: 3 e-mail(s) sent") {
		t.Fatalf("outbox %+v", out)
	}
	if got := times(find(tr, "http-timeout.close")); !slices.Equal(got, []int64{2000, 4250}) {
		t.Fatalf("timeouts at %v", got)
	}
	keyed := find(tr, "api.send-email-keyed.request")
	if len(keyed) != 2 || !strings.Contains(keyed[0].Raw, "\r\nIdempotency-Key: "+IdempotencyKey+"\r\n") || keyed[0].Raw != keyed[1].Raw {
		t.Fatal("both keyed attempts must carry the same key")
	}
	for _, e := range find(tr, "api.send-email.request") {
		if strings.Contains(e.Raw, "Idempotency-Key") {
			t.Fatal("round 1 carries a key")
		}
	}
	rep := find(tr, "api.send-email-keyed.replayed")
	if len(rep) != 1 || rep[0].HTTP.Headers["Idempotent-Replayed"][0] != "true" || !strings.Contains(rep[0].Raw, `"id":"out-003"`) {
		t.Fatalf("replay %+v", rep)
	}
	if r := find(tr, "idempotency.result")[0].Raw; r != "round 1 sent 2 e-mail(s) for one request; round 2 sent 1\n" {
		t.Fatalf("result %q", r)
	}
	wantLedger(t, tr, 4, 2, 2, 500, 4500)

	// A patient client (timeout above the server's 3 s) sends no duplicate.
	tr = runLab(t, "http-idempotency", "none", httplab.ClientConfig{TimeoutMs: 5000})
	if r := find(tr, "idempotency.result")[0].Raw; r != "round 1 sent 1 e-mail(s) for one request; round 2 sent 1\n" {
		t.Fatalf("patient client: %q", r)
	}
	wantLedger(t, tr, 2, 0, 0, 0, 3000)
}

func TestHTTPSSEOutcome(t *testing.T) {
	tr := runLab(t, "http-sse", "none", httplab.ClientConfig{})
	if got := times(find(tr, "sse.parsed")); !slices.Equal(got, []int64{0, 2000, 4000}) {
		t.Fatalf("streamed events seen at %v", got)
	}
	if got := times(find(tr, "sse.heartbeat-seen")); !slices.Equal(got, []int64{1000, 3000}) {
		t.Fatalf("heartbeats seen at %v", got)
	}
	if got := times(find(tr, "sse.event")); !slices.Equal(got, []int64{0, 2000, 4000, 4000, 6000, 8000}) {
		t.Fatalf("event chunks at %v", got)
	}
	if p := find(tr, "sse.parsed")[2].Raw; p != "event: digest · id: 3 · data: 2 urgent e-mails\n2 封紧急邮件\n" {
		t.Fatalf("multi-line event %q", p)
	}
	open := find(tr, "sse.open")
	if len(open) != 2 || open[0].HTTP.Headers["Content-Type"][0] != "text/event-stream" || open[0].HTTP.Headers["X-Accel-Buffering"][0] != "no" {
		t.Fatalf("open %+v", open)
	}
	buf := find(tr, "sse.buffered-result")
	if len(buf) != 1 || buf[0].TimeMs != 8000 || !strings.Contains(buf[0].Raw, "3 events, all at once") ||
		!strings.Contains(buf[0].Raw, "arrived at t=4000 ms, seen 4000 ms late") ||
		!strings.Contains(buf[0].Raw, "the streaming reader had it 0 ms after the request, the buffered one 4000 ms after") {
		t.Fatalf("buffered %+v", buf)
	}
	if len(find(tr, "sse.end")) != 2 {
		t.Fatal("both streams must end with the zero chunk")
	}
	wantLedger(t, tr, 2, 0, 0, 0, 8000)

	// A timeout shorter than the heartbeat gap kills the stream between
	// frames, and every retry starts over (two calls, one retry each).
	tr = runLab(t, "http-sse", "none", httplab.ClientConfig{TimeoutMs: 800, Retries: 1})
	if got := times(find(tr, "http-timeout.close")); !slices.Equal(got, []int64{800, 1850, 2650, 3700}) {
		t.Fatalf("short timeout: closes at %v", got)
	}
	if len(find(tr, "sse.end")) != 0 || len(find(tr, "sse.parsed")) != 2 || len(find(tr, "retries.exhausted")) != 2 {
		t.Fatal("short timeout: the stream never completes; each attempt sees only the first event")
	}
}
