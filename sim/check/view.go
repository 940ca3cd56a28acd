package check

import (
	"encoding/json"
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
	return x
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
			continue
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

// body is the HTTP body of the response head at event k.
func (x *view) body(k int) string {
	_, b, _ := strings.Cut(x.ev(k).Raw, "\r\n\r\n")
	return b
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
// stdout that is not a message), -1 when it never did.
func (x *view) lost() int {
	for i := range x.t.Events {
		if x.ev(i).Channel == trace.Stdout && x.ev(i).Kind == trace.KindMessage && len(x.msgs[i]) == 0 {
			return i
		}
	}
	return -1
}
