// Package httplab is the HTTP foundations lesson of MCP Wire Lab: a small
// JSON API over the course company (a real net/http handler) and a client
// whose timeout, retries, backoff and jitter the learner configures. The
// scenario package plays them against each other over virtual HTTP; the
// same handler can be mounted on a real server and called with curl.
//
// Endpoints:
//
//	GET  /health                      200 {"status":"ok"}
//	GET  /emails?urgent=&limit=       the inbox, newest first (limit 1–20, default 5)
//	POST /digest                      {"text":…} → byte and character counts, a one-line summary
//	GET  /flaky?fail_times=N          503 for the server's first N calls, then 200
//	GET  /limited                     429 + Retry-After once, then 200
//	GET  /admin                       401 without a valid Authorization: Bearer token
//	POST /send_email                  {"to","subject"} → sent; honours Idempotency-Key
//	GET  /events                      an SSE stream: events, heartbeat comments, over time
//
// Every error has the body {"error":{"type":…,"message":…}}; an unknown
// path is a JSON 404 and a known path with the wrong method a JSON 405.
package httplab

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/toolbox"

	"mcpwirelab/sim/vclock"
)

// Defaults of Options.
const (
	DefaultToken      = "lab-secret-token"
	DefaultRetryAfter = "2"
	DefaultEventGap   = time.Second
	MaxBodyBytes      = 64 << 10
)

// Options configure the API.
type Options struct {
	// Sleep waits on the server's clock: the simulator's virtual clock;
	// nil means real time. It must return the context's error when the
	// request's context ends first (the client went away).
	Sleep func(ctx context.Context, d time.Duration) error
	// Token is the bearer token /admin accepts.
	Token string
	// RetryAfter is the Retry-After value of /limited's 429: seconds or an
	// HTTP-date.
	RetryAfter string
	// SendDelays[n] is how long the server needs after handing the n-th
	// e-mail (0-based) to the mail relay before it answers: a slow
	// answer whose e-mail has already gone. Missing entries are 0.
	SendDelays []time.Duration
	// EventGap is the time between two frames of /events.
	EventGap time.Duration
}

// SentEmail is one e-mail the server actually sent.
type SentEmail struct {
	ID             string `json:"id"`
	To             string `json:"to"`
	Subject        string `json:"subject"`
	IdempotencyKey string `json:"idempotency_key,omitempty"`
}

// API is the toy company API. It is safe for concurrent use.
type API struct {
	opts Options

	mu      sync.Mutex
	flaky   int // /flaky calls so far
	limited int // /limited calls so far
	sent    []SentEmail
	keys    map[string]storedResponse // Idempotency-Key → first answer
}

type storedResponse struct {
	fingerprint [32]byte
	status      int
	body        []byte
}

// NewAPI returns the API with its state (counters, sent e-mails) empty.
func NewAPI(o Options) *API {
	if o.Sleep == nil {
		o.Sleep = vclock.RealSleep
	}
	if o.Token == "" {
		o.Token = DefaultToken
	}
	if o.RetryAfter == "" {
		o.RetryAfter = DefaultRetryAfter
	}
	if o.EventGap <= 0 {
		o.EventGap = DefaultEventGap
	}
	return &API{opts: o, keys: map[string]storedResponse{}}
}

// Sent lists the e-mails sent so far, in order.
func (a *API) Sent() []SentEmail {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]SentEmail(nil), a.sent...)
}

type route struct {
	method string
	serve  func(a *API, w http.ResponseWriter, r *http.Request)
}

// routes are the API's endpoints. A table, not a map literal: it is static
// data, where a map is built by code at start-up.
var routes = [...]struct {
	path string
	route
}{
	{"/health", route{http.MethodGet, (*API).health}},
	{"/emails", route{http.MethodGet, (*API).emails}},
	{"/digest", route{http.MethodPost, (*API).digest}},
	{"/flaky", route{http.MethodGet, (*API).flakyEndpoint}},
	{"/limited", route{http.MethodGet, (*API).limitedEndpoint}},
	{"/admin", route{http.MethodGet, (*API).admin}},
	{"/send_email", route{http.MethodPost, (*API).sendEmail}},
	{"/events", route{http.MethodGet, (*API).events}},
}

// lookupRoute returns the route of an exact path.
func lookupRoute(path string) (route, bool) {
	for _, e := range routes {
		if e.path == path {
			return e.route, true
		}
	}
	return route{}, false
}

// Error types of the {"error":{"type",…}} bodies.
const (
	ErrTypeNotFound          = "not_found"
	ErrTypeMethodNotAllowed  = "method_not_allowed"
	ErrTypeInvalidParameter  = "invalid_parameter"
	ErrTypeInvalidJSON       = "invalid_json"
	ErrTypeIncompleteBody    = "incomplete_body"
	ErrTypeUnsupportedMedia  = "unsupported_media_type"
	ErrTypeNotAcceptable     = "not_acceptable"
	ErrTypeUnauthorized      = "unauthorized"
	ErrTypeUnavailable       = "unavailable"
	ErrTypeRateLimited       = "rate_limited"
	ErrTypeTooLarge          = "body_too_large"
	ErrTypeIdempotencyReused = "idempotency_key_reused"
)

// ErrorBody is the shape of every error response.
type ErrorBody struct {
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rt, ok := lookupRoute(r.URL.Path)
	if !ok {
		writeError(w, http.StatusNotFound, ErrTypeNotFound, fmt.Sprintf("no endpoint %s %s", r.Method, r.URL.Path))
		return
	}
	if r.Method != rt.method {
		w.Header().Set("Allow", rt.method)
		writeError(w, http.StatusMethodNotAllowed, ErrTypeMethodNotAllowed, fmt.Sprintf("%s %s: use %s", r.Method, r.URL.Path, rt.method))
		return
	}
	rt.serve(a, w, r)
}

// encode is compact JSON without HTML escaping (a '<' stays '<').
func encode(v any) []byte {
	b, _ := jsonrpc.Marshal(v)
	return b
}

func writeRaw(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func writeJSON(w http.ResponseWriter, status int, v any) { writeRaw(w, status, encode(v)) }

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func writeError(w http.ResponseWriter, status int, typ, msg string) {
	var e ErrorBody
	e.Error.Type, e.Error.Message = typ, msg
	writeJSON(w, status, e)
}

func (a *API) health(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// emails serves the inbox like the list_emails tool: newest first,
// optionally only (non-)urgent ones, at most limit.
func (a *API) emails(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	urgent, filtered := false, false
	switch v := q.Get("urgent"); v {
	case "":
	case "true", "false":
		urgent, filtered = v == "true", true
	default:
		writeError(w, http.StatusBadRequest, ErrTypeInvalidParameter, fmt.Sprintf("urgent must be true or false, got %q", v))
		return
	}
	limit := 5
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 20 {
			writeError(w, http.StatusBadRequest, ErrTypeInvalidParameter, fmt.Sprintf("limit must be an integer from 1 to 20, got %q", v))
			return
		}
		limit = n
	}
	list, total := toolbox.QueryEmails(urgent, filtered, limit)
	writeJSON(w, http.StatusOK, struct {
		Emails []toolbox.EmailRecord `json:"emails"`
		Total  int                   `json:"total"`
	}{list, total})
}

// readJSONBody reads the body as net/http frames it (exactly
// Content-Length bytes) and decodes it. It answers the error itself and
// returns false on failure; it answers nothing when the client is gone.
func readJSONBody(w http.ResponseWriter, r *http.Request, v any) ([]byte, bool) {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		writeError(w, http.StatusUnsupportedMediaType, ErrTypeUnsupportedMedia, fmt.Sprintf("Content-Type must be application/json, got %q", ct))
		return nil, false
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxBodyBytes+1))
	switch {
	case r.Context().Err() != nil:
		return nil, false // the client closed the connection: nobody to answer
	case err != nil:
		writeError(w, http.StatusBadRequest, ErrTypeIncompleteBody, fmt.Sprintf("could not read the body: %v", err))
		return nil, false
	case len(body) > MaxBodyBytes:
		writeError(w, http.StatusRequestEntityTooLarge, ErrTypeTooLarge, fmt.Sprintf("body larger than %d bytes", MaxBodyBytes))
		return nil, false
	}
	if err := json.Unmarshal(body, v); err != nil {
		writeError(w, http.StatusBadRequest, ErrTypeInvalidJSON, fmt.Sprintf("the body is not valid JSON (%d bytes read): %v", len(body), err))
		return nil, false
	}
	return body, true
}

// DigestResult is the answer of POST /digest.
type DigestResult struct {
	ContentLength      int64  `json:"content_length"`      // the request's header
	ReceivedBytes      int    `json:"received_bytes"`      // body bytes read
	ReceivedCharacters int    `json:"received_characters"` // Unicode code points in them
	TextBytes          int    `json:"text_bytes"`
	TextCharacters     int    `json:"text_characters"`
	Summary            string `json:"summary"`
}

func (a *API) digest(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Text *string `json:"text"`
	}
	body, ok := readJSONBody(w, r, &in)
	if !ok {
		return
	}
	if in.Text == nil {
		writeError(w, http.StatusBadRequest, ErrTypeInvalidParameter, `"text" (a string) is required`)
		return
	}
	writeJSON(w, http.StatusOK, DigestResult{
		ContentLength: r.ContentLength, ReceivedBytes: len(body), ReceivedCharacters: utf8.RuneCount(body),
		TextBytes: len(*in.Text), TextCharacters: utf8.RuneCountInString(*in.Text), Summary: Summary(*in.Text),
	})
}

// Summary is the first sentence of a text (ending at 。！？.!?), at most 40
// characters.
func Summary(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "。！？.!?"); i >= 0 {
		_, size := utf8.DecodeRuneInString(s[i:])
		s = s[:i+size]
	}
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return s
}

func (a *API) flakyEndpoint(w http.ResponseWriter, r *http.Request) {
	n := 1
	if v := r.URL.Query().Get("fail_times"); v != "" {
		var err error
		n, err = strconv.Atoi(v)
		if err != nil || n < 0 || n > 10 {
			writeError(w, http.StatusBadRequest, ErrTypeInvalidParameter, fmt.Sprintf("fail_times must be an integer from 0 to 10, got %q", v))
			return
		}
	}
	a.mu.Lock()
	a.flaky++
	call := a.flaky
	a.mu.Unlock()
	if call <= n {
		writeError(w, http.StatusServiceUnavailable, ErrTypeUnavailable, fmt.Sprintf("temporarily unavailable (call %d; the first %d fail)", call, n))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "call": call})
}

func (a *API) limitedEndpoint(w http.ResponseWriter, _ *http.Request) {
	a.mu.Lock()
	a.limited++
	call := a.limited
	a.mu.Unlock()
	if call == 1 {
		w.Header().Set("Retry-After", a.opts.RetryAfter)
		writeError(w, http.StatusTooManyRequests, ErrTypeRateLimited, "rate limit exceeded: retry after the time in Retry-After")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "call": call})
}

func (a *API) admin(w http.ResponseWriter, r *http.Request) {
	auth := r.Header.Get("Authorization")
	switch {
	case auth == "":
		w.Header().Set("WWW-Authenticate", `Bearer realm="wire-lab"`)
		writeError(w, http.StatusUnauthorized, ErrTypeUnauthorized, "missing Authorization header")
		return
	case auth != "Bearer "+a.opts.Token:
		w.Header().Set("WWW-Authenticate", `Bearer realm="wire-lab", error="invalid_token"`)
		writeError(w, http.StatusUnauthorized, ErrTypeUnauthorized, "invalid bearer token")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"admin": true, "employees": len(toolbox.Employees())})
}

// SendResult is the answer of POST /send_email.
type SendResult struct {
	ID      string `json:"id"`
	Sent    bool   `json:"sent"`
	To      string `json:"to"`
	Subject string `json:"subject"`
}

// sendEmail sends an e-mail. With an Idempotency-Key it stores the first
// answer and gives it back (Idempotent-Replayed: true) for every repeat of
// the same key and body, without sending again; the same key with another
// body is 422 (draft-ietf-httpapi-idempotency-key-header).
func (a *API) sendEmail(w http.ResponseWriter, r *http.Request) {
	var in struct {
		To      string `json:"to"`
		Subject string `json:"subject"`
	}
	body, ok := readJSONBody(w, r, &in)
	if !ok {
		return
	}
	if !strings.Contains(in.To, "@") || strings.TrimSpace(in.Subject) == "" {
		writeError(w, http.StatusBadRequest, ErrTypeInvalidParameter, `"to" must be an e-mail address and "subject" must not be empty`)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	fp := sha256.Sum256(body)
	a.mu.Lock()
	if key != "" {
		if st, seen := a.keys[key]; seen {
			a.mu.Unlock()
			if st.fingerprint != fp {
				writeError(w, http.StatusUnprocessableEntity, ErrTypeIdempotencyReused, "this Idempotency-Key was used with a different request body")
				return
			}
			w.Header().Set("Idempotent-Replayed", "true")
			writeRaw(w, st.status, st.body)
			return
		}
	}
	n := len(a.sent)
	msg := SentEmail{ID: fmt.Sprintf("out-%03d", n+1), To: in.To, Subject: in.Subject, IdempotencyKey: key}
	a.sent = append(a.sent, msg)
	out := encode(SendResult{ID: msg.ID, Sent: true, To: msg.To, Subject: msg.Subject})
	if key != "" {
		a.keys[key] = storedResponse{fingerprint: fp, status: http.StatusOK, body: out}
	}
	a.mu.Unlock()
	// The relay has the e-mail: it is sent whatever happens next.
	if n < len(a.opts.SendDelays) && a.opts.SendDelays[n] > 0 {
		if err := a.opts.Sleep(r.Context(), a.opts.SendDelays[n]); err != nil {
			return // the client closed the connection: the answer is lost
		}
	}
	writeRaw(w, http.StatusOK, out)
}

// EventFrames are the frames /events sends, one every EventGap: new urgent
// e-mails as events with ids, ": heartbeat" comments while nothing happens,
// and a final multi-line digest event.
func EventFrames() []string {
	ev := func(id int, m toolbox.EmailRecord) string {
		data := encode(map[string]string{"id": m.ID, "from": m.From, "subject": m.Subject})
		return fmt.Sprintf("id: %d\nevent: email\ndata: %s\n\n", id, data)
	}
	byID := map[string]toolbox.EmailRecord{}
	for _, m := range toolbox.Emails() {
		byID[m.ID] = m
	}
	return []string{
		ev(1, byID["m09"]),
		": heartbeat\n\n",
		ev(2, byID["m05"]),
		": heartbeat\n\n",
		"id: 3\nevent: digest\ndata: 2 urgent e-mails\ndata: 2 封紧急邮件\n\n",
	}
}

// events streams EventFrames over time, flushing each frame.
func (a *API) events(w http.ResponseWriter, r *http.Request) {
	if acc := r.Header.Get("Accept"); acc != "" && !strings.Contains(acc, "text/event-stream") && !strings.Contains(acc, "*/*") {
		writeError(w, http.StatusNotAcceptable, ErrTypeNotAcceptable, "this endpoint answers text/event-stream only")
		return
	}
	f, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "no_streaming", "the connection cannot stream")
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	f.Flush()
	for i, frame := range EventFrames() {
		if i > 0 {
			if err := a.opts.Sleep(r.Context(), a.opts.EventGap); err != nil {
				return
			}
		}
		if _, err := io.WriteString(w, frame); err != nil {
			return
		}
		f.Flush()
	}
}

// IsErrorBody reports whether b is a well-formed {"error":{"type","message"}}.
func IsErrorBody(b []byte) (ErrorBody, bool) {
	var e ErrorBody
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Error.Type == "" || e.Error.Message == "" {
		return e, false
	}
	return e, errors.Is(dec.Decode(new(any)), io.EOF)
}
