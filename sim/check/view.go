package check

import (
	"encoding/json"
	"slices"
	"strings"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// view indexes a capture for the checks: every event's messages decoded
// once with the engine's decoder, and its probe tag (the first label of
// its note, which the capture gave the exchange).
type view struct {
	t      *trace.Trace
	v, tr  string
	modern bool
	msgs   [][]*jsonrpc.Message
	tags   []string
	// fresh, when set, makes requests(tag) read the fresh runs' requests
	// (tag+tagFresh) for the tags it names: the same judge reads a probe's
	// fresh run as its own.
	fresh func(tag string) bool
	// paired maps a stdout line whose error has id null to the request
	// event it answers (nullIDErrors): the client could not match it by id.
	paired map[int]int
}

func newView(t *trace.Trace) *view {
	x := &view{t: t, v: t.Version, tr: t.Transport, modern: protocol.IsModern(t.Version)}
	x.msgs = make([][]*jsonrpc.Message, len(t.Events))
	x.tags = make([]string, len(t.Events))
	idx := wire.IndexOf(t)
	for i, e := range t.Events {
		x.msgs[i] = idx.Valid(i)
		x.tags[i], _, _ = strings.Cut(e.Note, ".")
	}
	x.nullIDErrors()
	return x
}

// nullIDErrors reads an error response whose id is null as the answer to
// the request it refused. JSON-RPC 2.0 §5: the id "MUST be Null" when
// "there was an error in detecting the id in the Request object (e.g.
// Parse error/Invalid Request)"; MCP's basic/index §Error Responses:
// "Error responses MUST include the same ID as the request they correspond
// to (except in error cases where the ID could not be read due a malformed
// request)". The engine's decoder refuses a null id (the MCP schema's is a
// string or a number, or absent on an error), so such an error is read
// here, without its id:
//   - over HTTP the exchange says which request it answers (a server
//     refusing a request before it parses the body writes it so);
//   - on stdio it answers the latest request still waiting for its answer
//     when the line came, as the client pairs an error without an id
//     (client's stdio route). With none waiting it stays a bad line
//     (badLines names it). A result with id null is never an answer: only
//     an error may lack its request's id.
func (x *view) nullIDErrors() {
	answered := map[int]bool{}
	for i := range x.t.Events {
		if e := x.ev(i); e.Channel == trace.HTTPResponse && e.HTTP != nil && len(x.msgs[i]) > 0 {
			answered[e.HTTP.Exchange] = true
		}
	}
	var waiting []int // stdio: the requests sent and not yet answered, in order
	for i := range x.t.Events {
		e := x.ev(i)
		switch {
		case e.Kind == trace.KindLaunch: // a new process (a fresh probe's): nothing of the last one waits in it
			waiting = waiting[:0]
		case e.Kind != trace.KindMessage:
		case e.Channel == trace.Stdin && x.sent(i):
			if len(x.msgs[i]) == 1 && x.msgs[i][0].Kind() == jsonrpc.KindRequest {
				waiting = append(waiting, i)
			}
			if e.Cancels > 0 { // the client gave up on that request: it waits no more
				waiting = slices.DeleteFunc(waiting, func(r int) bool { return x.ev(r).Seq == e.Cancels })
			}
		case e.Channel == trace.Stdout && e.InReplyTo > 0:
			waiting = slices.DeleteFunc(waiting, func(r int) bool { return x.ev(r).Seq == e.InReplyTo })
		case len(x.msgs[i]) > 0:
		case e.Channel == trace.HTTPResponse && e.HTTP != nil && !e.HTTP.Chunk && !answered[e.HTTP.Exchange]:
			if m := nullIDError(x.body(i)); m != nil {
				x.msgs[i] = []*jsonrpc.Message{m} // a slice of its own: the index's is shared
			}
		case e.Channel == trace.Stdout && len(waiting) > 0:
			if m := nullIDError(e.Raw); m != nil {
				if x.paired == nil {
					x.paired = map[int]int{}
				}
				x.msgs[i], x.paired[i] = []*jsonrpc.Message{m}, waiting[len(waiting)-1]
				waiting = waiting[:len(waiting)-1]
			}
		}
	}
}

// nullIDError decodes text that is one JSON-RPC error response whose id is
// null, without the id; nil for anything else.
func nullIDError(text string) *jsonrpc.Message {
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(strings.TrimSpace(text)), &obj) != nil || obj["error"] == nil || obj["method"] != nil ||
		strings.TrimSpace(string(obj["id"])) != "null" {
		return nil
	}
	delete(obj, "id")
	b, _ := json.Marshal(obj)
	m, err := jsonrpc.Decode(b)
	if err != nil || m.Error == nil {
		return nil
	}
	return m
}

// repliesTo is the request event a stdout event answers: the one the
// client matched it to (InReplyTo), or the one nullIDErrors paired it
// with; -1 when neither.
func (x *view) repliesTo(k int) int {
	if r, ok := x.paired[k]; ok {
		return r
	}
	if s := x.ev(k).InReplyTo; s > 0 {
		for i := range x.t.Events {
			if x.ev(i).Seq == s {
				return i
			}
		}
	}
	return -1
}

func (x *view) ev(i int) *trace.Event { return &x.t.Events[i] }

// sent reports whether event i is the client putting a message on the wire.
func (x *view) sent(i int) bool {
	e := x.ev(i)
	return e.Kind == trace.KindMessage && e.To == trace.Server && (e.Channel == trace.Stdin || e.Channel == trace.HTTPRequest)
}

// fromServer reports whether event i is bytes the server sent the client.
func (x *view) fromServer(i int) bool {
	e := x.ev(i)
	return e.Kind == trace.KindMessage && e.From == trace.Server && (e.Channel == trace.Stdout || e.Channel == trace.HTTPResponse)
}

// requests are the events that sent a request or notification with the
// tag, in order, with the message.
func (x *view) requests(tag string) []int {
	if x.fresh != nil && x.fresh(tag) {
		tag += tagFresh
	}
	var out []int
	for i := range x.t.Events {
		if x.tags[i] == tag && x.sent(i) && len(x.msgs[i]) == 1 && x.msgs[i][0].Method != "" {
			out = append(out, i)
		}
	}
	return out
}

// first is the first request with the tag (-1 when none).
func (x *view) first(tag string) int {
	if r := x.requests(tag); len(r) > 0 {
		return r[0]
	}
	return -1
}

// msg is the message event i sent.
func (x *view) msg(i int) *jsonrpc.Message { return x.msgs[i][0] }

// exchange is the HTTP exchange of event i (0 on stdio).
func (x *view) exchange(i int) int {
	if h := x.ev(i).HTTP; h != nil {
		return h.Exchange
	}
	return 0
}

// answer finds the response to the request sent by event i: on HTTP the
// response message on the same exchange (whatever its id: the connection
// says which request it answers), on stdio the message the client matched
// by id (inReplyTo). j is -1 when none came.
func (x *view) answer(i int) (j int, m *jsonrpc.Message) {
	ex, seq := x.exchange(i), x.ev(i).Seq
	for k := i + 1; k < len(x.t.Events); k++ {
		if !x.fromServer(k) {
			continue
		}
		if ex != 0 && x.exchange(k) != ex {
			continue
		}
		if ex == 0 && x.ev(k).InReplyTo != seq {
			if r, ok := x.paired[k]; !ok || r != i {
				continue
			}
		}
		for _, r := range x.msgs[k] {
			if r.Method == "" {
				return k, r
			}
		}
	}
	return -1, nil
}

// status is the HTTP status of the response to request event i (0 when
// none, or on stdio), and the event of the response's head.
func (x *view) status(i int) (int, int) {
	ex := x.exchange(i)
	if ex == 0 {
		return 0, -1
	}
	for k := i + 1; k < len(x.t.Events); k++ {
		e := x.ev(k)
		if e.Channel == trace.HTTPResponse && e.HTTP != nil && !e.HTTP.Chunk && e.HTTP.Exchange == ex {
			return e.HTTP.Status, k
		}
	}
	return 0, -1
}

// body is the HTTP body of the response whose head is event k, read
// through the engine's one response parser (wire.ResponseParser): the
// head's event and the chunks after it on the same exchange, de-chunked,
// so a Node server's empty chunked body ("0\r\n\r\n") is empty, as it is
// with Content-Length: 0.
func (x *view) body(k int) string {
	if k < 0 || k >= len(x.t.Events) || x.ev(k).HTTP == nil {
		return ""
	}
	ex := x.exchange(k)
	p := wire.ResponseParser{Exchange: ex}
	var b []byte
	for i := k; i < len(x.t.Events) && !p.Done(); i++ {
		e := x.ev(i)
		if e.Channel != trace.HTTPResponse || e.Kind != trace.KindMessage || e.HTTP == nil || e.HTTP.Exchange != ex {
			continue
		}
		if i > k && !e.HTTP.Chunk {
			break // the head of another response on the exchange
		}
		if pc := p.Feed([]byte(e.Raw)); pc != nil {
			b = append(b, pc.Body...)
		}
	}
	return string(b)
}

// seq is the seq of event i (0 for -1).
func (x *view) seq(i int) int {
	if i < 0 || i >= len(x.t.Events) {
		return 0
	}
	return x.ev(i).Seq
}

// ms is the time of event i.
func (x *view) ms(i int) int64 { return x.ev(i).TimeMs }

// lists are the tools/list requests of the capture (tools-list,
// tools-list-2, …) in order, with their tools when they were answered.
type listing struct {
	req, resp int
	tools     []mcp.Tool
	ok        bool
}

func (x *view) lists() []listing {
	var out []listing
	for i := range x.t.Events {
		if !x.sent(i) || len(x.msgs[i]) != 1 || x.msgs[i][0].Method != protocol.MethodToolsList {
			continue
		}
		if tg := x.tags[i]; tg != tagList && !strings.HasPrefix(tg, tagList+"-") {
			continue
		}
		l := listing{req: i, resp: -1}
		if j, m := x.answer(i); m != nil && m.Error == nil {
			var res mcp.ListToolsResult
			if json.Unmarshal(m.Result, &res) == nil {
				l.resp, l.tools, l.ok = j, res.Tools, true
			}
		}
		out = append(out, l)
	}
	return out
}

// firstTools is the tool list of the first tools/list that was answered.
func (x *view) firstTools() (listing, bool) {
	for _, l := range x.lists() {
		if l.ok {
			return l, true
		}
	}
	return listing{}, false
}

// params decodes a request's params.
func params(m *jsonrpc.Message, v any) bool {
	return len(m.Params) > 0 && json.Unmarshal(m.Params, v) == nil
}

// callParams are the name and arguments of a tools/call.
type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Meta      map[string]any  `json:"_meta"`
}

// toolRes is a tools/call result, as much of it as the checks read.
type toolRes struct {
	ResultType        *string         `json:"resultType"`
	IsError           bool            `json:"isError"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	Content           []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

// text is the first text block of the result.
func (r toolRes) text() string {
	for _, c := range r.Content {
		if c.Type == "text" {
			return c.Text
		}
	}
	return ""
}

// toolResult decodes a tools/call result.
func toolResult(m *jsonrpc.Message) (res toolRes, ok bool) {
	if m == nil || m.Error != nil {
		return res, false
	}
	return res, json.Unmarshal(m.Result, &res) == nil
}

// lost is the event at which the client lost the connection (a line on
// stdout that is not a message, after which the capture says the client
// dropped the connection: a capture by a client without ReadPast), -1
// when it never did.
func (x *view) lost() int {
	for i := range x.t.Events {
		if x.ev(i).Channel != trace.Stdout || x.ev(i).Kind != trace.KindMessage || len(x.msgs[i]) > 0 {
			continue
		}
		for k := i + 1; k < len(x.t.Events); k++ {
			if x.ev(k).Note == noteFailure {
				return i
			}
		}
		return -1
	}
	return -1
}

// refused says what an HTTP response whose head is event h carried when
// it held no message the decoder accepts: its status and the JSON-RPC
// error in the body, read leniently (a server may write "id": null, which
// JSON-RPC allows for an error whose request's id it could not read and
// the MCP schema does not), or the body itself.
func (x *view) refused(h int, method string, st int) Msg {
	body := strings.TrimSpace(x.body(h))
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "data:"))
		var e struct {
			Error *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal([]byte(line), &e) == nil && e.Error != nil {
			return msg("speaks.answered-http-error", method, st, e.Error.Code, e.Error.Message)
		}
	}
	if body == "" {
		return msg("speaks.answered-http", method, st)
	}
	return msg("speaks.answered-http-body", method, st, excerpt(body))
}
