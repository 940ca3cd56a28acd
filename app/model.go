package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/trace"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/wire"
)

// Direction classifies a step for drawing and filtering.
const (
	DirC2S    = "c2s"    // client → server (stdin line or HTTP request)
	DirS2C    = "s2c"    // server → client (stdout line or HTTP response)
	DirHost   = "host"   // inside the host: model ↔ client, nothing on a wire
	DirStderr = "stderr" // server diagnostics on stderr
	DirLaunch = "launch" // host starts / connects to the server
)

// Msg summarises one JSON-RPC message carried by an event, as the
// engine's decoder (jsonrpc.Decode) classifies it.
type Msg struct {
	Kind    jsonrpc.Kind // request, notification, result, error; 0 when not a valid message
	Method  string       // the method, or for a response the method of the request it answers
	ID      string       // the id as written ("1", "\"a\""), empty for notifications
	ErrCode int
	ErrMsg  string
	IsError bool // result.isError (tool execution error)
}

// Step is the view model of one event.
type Step struct {
	N      int // 1-based, as on screen
	Ev     trace.Event
	Dir    string
	Msgs   []Msg
	Status int  // HTTP status of a response (0 otherwise)
	Chunk  bool // a later piece of a response whose head came earlier
	// Body is the HTTP body bytes the step carries: for a response piece,
	// de-chunked (RFC 9112 §7.1) by the engine's response parser read
	// across the pieces of its exchange, as the client read them; for a
	// request, what follows its head. Empty for other steps.
	Body string
	// SSE is set on the pieces of a response whose Content-Type is
	// text/event-stream; Events are the SSE items completed in this piece,
	// read by the engine's SSE reader.
	SSE    bool
	Events []wire.SSEItem
	// More is set on a response piece that later pieces of the same
	// response follow.
	More bool
	// Exchange is the HTTP exchange the step belongs to (1-based, 0 when
	// none), as the wire numbered it.
	Exchange int
	// Pair is the index (0-based) of the step holding the matching
	// JSON-RPC request/response, -1 when none (trace.Event.InReplyTo).
	Pair int
}

// Lane indexes: Host, Client, Server, stderr.
func laneOf(p trace.Party) int {
	switch p {
	case trace.Host:
		return 0
	case trace.Client:
		return 1
	case trace.Server:
		return 2
	}
	return 1
}

// BuildSteps turns a trace into view-model steps. It only reads the
// trace: pairing, exchanges and statuses are the engine's facts.
func BuildSteps(t *trace.Trace) []Step {
	if t == nil {
		return nil
	}
	steps := make([]Step, len(t.Events))
	bodies := map[int]*bodyReader{} // by exchange
	for i, ev := range t.Events {
		s := Step{N: i + 1, Ev: ev, Dir: direction(ev), Pair: -1}
		for _, raw := range ev.Messages {
			s.Msgs = append(s.Msgs, msgOf(raw))
		}
		if j := ev.InReplyTo - 1; j >= 0 && j < i {
			s.Pair = j
			if steps[j].Pair < 0 {
				steps[j].Pair = i
			}
			for k := range s.Msgs {
				if s.Msgs[k].Method == "" && len(steps[j].Msgs) > 0 {
					s.Msgs[k].Method = steps[j].Msgs[0].Method
				}
			}
		}
		if ev.HTTP != nil {
			s.Status, s.Chunk, s.Exchange = ev.HTTP.Status, ev.HTTP.Chunk, ev.HTTP.Exchange
			s.readBody(bodies)
		}
		steps[i] = s
	}
	later := map[int]bool{} // exchanges with a later continuation piece
	for i := len(steps) - 1; i >= 0; i-- {
		s := &steps[i]
		if !isResponsePiece(&s.Ev) {
			continue
		}
		s.More = later[s.Exchange]
		later[s.Exchange] = s.Chunk
	}
	return steps
}

func isResponsePiece(ev *trace.Event) bool {
	return ev.Channel == trace.HTTPResponse && ev.Kind == trace.KindMessage && ev.HTTP != nil
}

// bodyReader reads the body of one HTTP response across its pieces with
// the engine's readers: the response parser a real capture is recorded
// with (it de-chunks), then the SSE reader for an event stream.
type bodyReader struct {
	p   wire.ResponseParser
	sse wire.SSEReader
}

// readBody fills Body, SSE and Events from the step's wire bytes.
func (s *Step) readBody(open map[int]*bodyReader) {
	ev := &s.Ev
	if !isResponsePiece(ev) {
		s.Body = HTTPBody(ev.Raw)
		return
	}
	h := textproto.MIMEHeader(ev.HTTP.Headers)
	s.SSE = wire.IsEventStream(h.Get("Content-Type"))
	r := open[ev.HTTP.Exchange]
	if !ev.HTTP.Chunk || r == nil {
		r = &bodyReader{}
		open[ev.HTTP.Exchange] = r
		if ev.HTTP.Chunk {
			// A piece whose head is not in the trace: every piece repeats
			// the response's status and headers, which say how to read it.
			var head strings.Builder
			fmt.Fprintf(&head, "HTTP/1.1 %d %s\r\n", ev.HTTP.Status, statusText(ev.HTTP.Status))
			_ = http.Header(ev.HTTP.Headers).Write(&head)
			head.WriteString("\r\n")
			r.p.Feed([]byte(head.String()))
		}
	}
	pc := r.p.Feed([]byte(ev.Raw))
	if pc == nil {
		return // a head cut short: no body yet
	}
	s.Body = string(pc.Body)
	if s.SSE {
		s.Events = r.sse.Feed(pc.Body)
	}
}

func direction(ev trace.Event) string {
	switch {
	case ev.Channel == trace.Stderr:
		return DirStderr
	case ev.Kind == trace.KindLaunch:
		return DirLaunch
	case ev.Channel == trace.HostChannel || (ev.From == trace.Host && ev.To == trace.Host):
		return DirHost
	case ev.From == trace.Server:
		return DirS2C
	case ev.To == trace.Server:
		return DirC2S
	}
	return DirHost
}

// msgOf classifies one message with the engine's decoder.
func msgOf(raw json.RawMessage) Msg {
	m, err := jsonrpc.Decode(raw)
	if err != nil {
		return Msg{}
	}
	out := Msg{Kind: m.Kind(), Method: m.Method, ID: m.ID.String()}
	switch {
	case m.Error != nil:
		out.ErrCode, out.ErrMsg = m.Error.Code, m.Error.Message
	case out.Kind == jsonrpc.KindResult:
		var r struct {
			IsError bool `json:"isError"`
		}
		_ = json.Unmarshal(m.Result, &r)
		out.IsError = r.IsError
	}
	return out
}

// Methods lists, in order of first appearance, every method a trace's
// messages name (requests, notifications, and responses by pairing).
func Methods(steps []Step) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range steps {
		for _, m := range s.Msgs {
			if m.Method != "" && !seen[m.Method] {
				seen[m.Method] = true
				out = append(out, m.Method)
			}
		}
	}
	return out
}

// Matches reports whether a step passes the method and direction filter
// ("" means any).
func (s Step) Matches(method, dir string) bool {
	if dir != "" && s.Dir != dir {
		return false
	}
	if method == "" {
		return true
	}
	for _, m := range s.Msgs {
		if m.Method == method {
			return true
		}
	}
	return false
}

// maxLabelMsgs is how many of a step's messages its arrow names.
const maxLabelMsgs = 4

// Label is the short text written on the step's arrow. Host-internal
// text is the engine's, in the page's language (hostText).
func (s Step) Label(lang string) string {
	ev := s.Ev
	switch ev.Kind {
	case trace.KindLaunch:
		return firstLine(hostText(&ev, lang), 60, tr(lang, "label.launch"))
	case trace.KindClose:
		if ev.Raw != "" {
			return firstLine(hostText(&ev, lang), 60, tr(lang, "label.close"))
		}
		if k, ok := closeLabels[ev.Channel]; ok {
			return tr(lang, k)
		}
		return tr(lang, "label.close")
	case trace.KindThink:
		return firstLine(hostText(&ev, lang), 60, tr(lang, "label.think"))
	}
	if s.Dir == DirStderr {
		return firstLine(ev.Raw, 60, tr(lang, "label.stderr"))
	}
	var parts []string
	for i, m := range s.Msgs {
		if i == maxLabelMsgs {
			// A flood in one piece: the arrow names the first few.
			parts = append(parts, fmt.Sprintf(tr(lang, "label.more"), len(s.Msgs)-i))
			break
		}
		parts = append(parts, m.Short(lang))
	}
	if len(parts) == 0 {
		switch {
		case s.SSE:
			return s.sseLabel(lang)
		case s.Chunk && s.Body == "":
			return tr(lang, "label.body.end")
		case s.Chunk:
			return tr(lang, "label.body.continued")
		case s.More && strings.TrimSpace(s.Body) != "":
			// The first piece of a body that later pieces complete: its
			// bytes are a fragment, not what the body is.
			return tr(lang, "label.body.start")
		case ev.HTTP != nil:
			// A plain HTTP message (the HTTP lessons): its body says what
			// it is; only an empty body is "(no body)".
			return firstLine(s.Body, 50, tr(lang, "label.empty"))
		case strings.TrimSpace(ev.Raw) != "":
			return firstLine(ev.Raw, 50, tr(lang, "label.notjson"))
		}
		return tr(lang, "label.empty")
	}
	return strings.Join(parts, " · ")
}

// sseLabel titles a piece of an event stream that carries no JSON-RPC
// message by the SSE items it completes.
func (s Step) sseLabel(lang string) string {
	var parts []string
	for _, it := range s.Events {
		switch {
		case it.Comment:
			parts = append(parts, fmt.Sprintf(tr(lang, "label.sse.comment"), it.Text))
		case it.Data == "" && it.ID != "":
			// 2025-11-25 transports §Sending Messages to the Server: "The
			// server SHOULD immediately send an SSE event consisting of an
			// event ID and an empty data field in order to prime the
			// client to reconnect".
			parts = append(parts, fmt.Sprintf(tr(lang, "label.sse.prime"), it.ID))
		default:
			parts = append(parts, firstLine(it.Data, 50, tr(lang, "label.sse.empty")))
		}
	}
	switch {
	case len(parts) > 0:
		return strings.Join(parts, " · ")
	case !s.Chunk && strings.TrimSpace(s.Body) == "":
		return tr(lang, "label.sse.open")
	case s.Body == "":
		return tr(lang, "label.body.end")
	}
	return tr(lang, "label.sse.part")
}

// closeLabels title a close step by the channel that closed, in the
// page's language.
var closeLabels = map[trace.Channel]string{
	trace.Stdin:        "label.close.stdin",
	trace.Stdout:       "label.close.stdout",
	trace.HTTPRequest:  "label.close.http-request",
	trace.HTTPResponse: "label.close.http-response",
}

// HTTPBody is the body of an HTTP message's wire text: what follows the
// blank line that ends its head ("" when there is none).
func HTTPBody(raw string) string {
	_, body, _ := strings.Cut(raw, "\r\n\r\n")
	return body
}

// Short is a one-line description of a message: "tools/call #2",
// "result tools/call #2", "error -32602 #2".
func (m Msg) Short(lang string) string {
	id := ""
	if m.ID != "" {
		id = " #" + firstLine(strings.Trim(m.ID, `"`), 40, "")
	}
	m.Method = firstLine(m.Method, 60, "") // anyone's transcript: a label stays a label
	switch m.Kind {
	case jsonrpc.KindRequest, jsonrpc.KindNotification:
		return m.Method + id
	case jsonrpc.KindResult:
		word := tr(lang, "label.result")
		if m.IsError {
			word = tr(lang, "label.toolerr")
		}
		if m.Method != "" {
			return word + " " + m.Method + id
		}
		return word + id
	case jsonrpc.KindError:
		return tr(lang, "label.error") + " " + strconv.Itoa(m.ErrCode) + id
	}
	return tr(lang, "label.notjson")
}

// Wire is the transport-level tag of a step: "stdin", "POST /mcp",
// "200 OK", "stderr", "SSE", "".
func (s Step) Wire() string {
	ev := s.Ev
	switch ev.Channel {
	case trace.Stdin, trace.Stdout, trace.Stderr:
		return string(ev.Channel)
	case trace.HTTPRequest:
		if ev.HTTP != nil && ev.HTTP.Method != "" {
			p := ev.HTTP.Path
			if p == "" {
				p = "/mcp"
			}
			return ev.HTTP.Method + " " + p
		}
		return firstLine(ev.Raw, 30, "HTTP")
	case trace.HTTPResponse:
		switch {
		case s.Chunk && s.SSE:
			return "SSE"
		case s.Chunk:
			return "HTTP" // more of the body whose status an earlier piece gave
		}
		if s.Status != 0 {
			return strconv.Itoa(s.Status) + " " + statusText(s.Status)
		}
		return "HTTP"
	}
	return ""
}

func statusText(code int) string { return http.StatusText(code) }

func firstLine(s string, max int, fallback string) string {
	if len(s) > 4*max+256 {
		s = s[:4*max+256] // a label needs the start only (a 30 MB line is read once per row otherwise)
	}
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if s == "" {
		return fallback
	}
	r := []rune(s)
	if len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}

// Deadline is the client's timer on a request that was cancelled.
type Deadline struct {
	ReqIdx, CancelIdx int    // 0-based step indexes
	StartMs, EndMs    int64  // virtual times of the request and the cancellation
	DeadlineMs        int64  // when the client's deadline was set to pass
	ID                string // the request id (or, without JSON-RPC, its request line)
}

// FindDeadline finds the first request the client gave up on when its
// deadline passed (FindDeadlines).
func FindDeadline(steps []Step) (Deadline, bool) {
	if ds := FindDeadlines(steps); len(ds) > 0 {
		return ds[0], true
	}
	return Deadline{}, false
}

// MapStep finds, in the steps of a re-run trace, the step equivalent to
// old[idx]: the same annotation key at the same occurrence, else the same
// direction and message at the same occurrence, else the nearest earlier
// step that has an equivalent; failing all, idx clamped to the new length.
func MapStep(old []Step, idx int, new []Step) int {
	return newStepMapper(old, new).Map(idx)
}

// MapSteps is MapStep for every step of old (the reader's toggles,
// early_server.go), with each step's keys computed once.
func MapSteps(old, new []Step) []int {
	m := newStepMapper(old, new)
	out := make([]int, len(old))
	for i := range old {
		out[i] = m.Map(i)
	}
	return out
}

// stepMapper holds the keys MapStep compares (noteKey, msgKey) of both
// traces.
type stepMapper struct {
	old, new [2][]string
	n        int
}

func newStepMapper(old, new []Step) stepMapper {
	m := stepMapper{n: len(new)}
	for k, keyOf := range []func(Step) string{noteKey, msgKey} {
		for _, s := range old {
			m.old[k] = append(m.old[k], keyOf(s))
		}
		for _, s := range new {
			m.new[k] = append(m.new[k], keyOf(s))
		}
	}
	return m
}

func (m stepMapper) Map(idx int) int {
	if m.n == 0 {
		return 0
	}
	if idx < 0 {
		idx = 0
	}
	if idx >= len(m.old[0]) {
		return clamp(idx, m.n)
	}
	for i := idx; i >= 0; i-- {
		for k := range m.old {
			key := m.old[k][i]
			if key == "" {
				continue
			}
			occ := 0
			for j := 0; j < i; j++ {
				if m.old[k][j] == key {
					occ++
				}
			}
			for j, nk := range m.new[k] {
				if nk == key {
					if occ == 0 {
						return j
					}
					occ--
				}
			}
		}
	}
	return clamp(idx, m.n)
}

func clamp(i, n int) int {
	if i >= n {
		i = n - 1
	}
	if i < 0 {
		i = 0
	}
	return i
}

func noteKey(s Step) string { return s.Ev.Note }

// msgKey identifies what a step does regardless of version: its direction
// and its messages' kinds and methods (ids and bytes differ across runs).
func msgKey(s Step) string {
	if k, ok := phaseKey(s); ok {
		return k // the step's role, the same in both eras (compare_phase.go)
	}
	var b strings.Builder
	b.WriteString(s.Dir)
	b.WriteString("|")
	b.WriteString(string(s.Ev.Kind))
	for _, m := range s.Msgs {
		b.WriteString("|" + m.Kind.String() + ":" + m.Method)
	}
	if len(s.Msgs) == 0 {
		// Launch, think, close, stderr, empty HTTP responses: by channel
		// (and status); their order of occurrence does the rest.
		b.WriteString("|" + string(s.Ev.Channel))
		if s.Status != 0 {
			b.WriteString("|" + strconv.Itoa(s.Status))
		}
	}
	return b.String()
}

// Row is one line of the compare view: indexes into the left and right
// step lists, -1 where the step exists only on the other side.
type Row struct{ A, B int }

// Align pairs two step lists by what each step does (longest common
// subsequence on alignKey), so handshake steps that exist in only one
// version stand out.
func Align(a, b []Step) []Row {
	ka := make([]string, len(a))
	kb := make([]string, len(b))
	for i := range a {
		ka[i] = alignKey(a[i])
	}
	for i := range b {
		kb[i] = alignKey(b[i])
	}
	n, m := len(a), len(b)
	l := make([][]int, n+1)
	for i := range l {
		l[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if ka[i] == kb[j] {
				l[i][j] = l[i+1][j+1] + 1
			} else if l[i+1][j] >= l[i][j+1] {
				l[i][j] = l[i+1][j]
			} else {
				l[i][j] = l[i][j+1]
			}
		}
	}
	var rows []Row
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case ka[i] == kb[j]:
			rows = append(rows, Row{i, j})
			i++
			j++
		case l[i+1][j] >= l[i][j+1]:
			rows = append(rows, Row{i, -1})
			i++
		default:
			rows = append(rows, Row{-1, j})
			j++
		}
	}
	for ; i < n; i++ {
		rows = append(rows, Row{i, -1})
	}
	for ; j < m; j++ {
		rows = append(rows, Row{-1, j})
	}
	return rows
}

// Features lists the version-specific carriers a step uses, for the
// compare view: session header, protocol-version header, _meta.
func (s Step) Features() []string {
	var out []string
	if s.Ev.HTTP != nil {
		for _, h := range []string{protocol.HeaderSessionID, protocol.HeaderProtocolVersion, protocol.HeaderMethod, protocol.HeaderName} {
			if hasHeader(s.Ev.HTTP.Headers, h) {
				out = append(out, h)
			}
		}
	}
	for _, raw := range s.Ev.Messages {
		if bytes.Contains(raw, []byte(`"_meta"`)) {
			out = append(out, "_meta")
			break
		}
	}
	return append(out, eraFeatures(s)...)
}

func hasHeader(h map[string][]string, name string) bool {
	for k := range h {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}
