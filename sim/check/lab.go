package check

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/vclock"
	"mcpwirelab/sim/virtual"
	"mcpwirelab/sim/wire"
)

// LabReply is what the lab's own server sends for a request of a capture.
type LabReply struct {
	// Seq is the capture's event of the request.
	Seq int
	// Raw is the exact bytes the lab's server wrote for it: stdout lines,
	// or the HTTP response (head and body, as the pieces arrived).
	Raw string
	// Messages are the JSON-RPC messages in Raw.
	Messages []*jsonrpc.Message
}

// ErrNoRequest: the step is neither a request nor an answer to one.
var ErrNoRequest = errors.New("check: this step is not a request the client sent, nor an answer to one")

// ErrStream: the step opens a long-lived stream (subscriptions/listen, a
// 2025-11-25 GET stream), which has no one answer to show.
var ErrStream = errors.New("check: this request opens a long-lived stream; the lab's server would hold it open")

// NotInLabError: the request names a tool, a prompt or a method the lab's
// server does not have (the learner's own tool, say), so what the lab's
// server would send is only its "unknown" error, not an answer to compare
// with; Kind is "tool", "prompt" or "method", Name the name asked for.
type NotInLabError struct{ Kind, Name string }

func (e *NotInLabError) Error() string {
	return fmt.Sprintf("check: the lab's server has no %s %q, so it has no answer of its own to show beside this one", e.Kind, e.Name)
}

// notInLab is why the lab's server has no answer of its own for request
// e (nil when it has the method and, for tools/call and prompts/get, the
// tool or the prompt); a method is known when the lab's engine does not
// answer it with -32601 (answered decides that after the run).
func notInLab(e trace.Event, srv *mcp.Server) error {
	if probesUnknown(e) {
		return nil
	}
	for _, raw := range e.Messages {
		m, err := jsonrpc.Decode(raw)
		if err != nil || m.Kind() != jsonrpc.KindRequest {
			continue
		}
		var p struct {
			Name string `json:"name"`
		}
		_ = json.Unmarshal(m.Params, &p)
		switch m.Method {
		case protocol.MethodToolsCall:
			if _, ok := srv.Registry().Lookup(p.Name); !ok {
				return &NotInLabError{Kind: "tool", Name: p.Name}
			}
		case protocol.MethodPromptsGet:
			if !slices.ContainsFunc(srv.Registry().Prompts(), func(q primitive.Prompt) bool { return q.Name == p.Name }) {
				return &NotInLabError{Kind: "prompt", Name: p.Name}
			}
		}
	}
	return nil
}

// probesUnknown: the checker's own probes of an unknown method or tool,
// where the lab's "unknown" error is the answer the course calls right.
func probesUnknown(e trace.Event) bool {
	tag, _, _ := strings.Cut(e.Note, ".")
	return tag == tagUnknownMethod || tag == tagUnknownTool
}

// answered turns a lab reply that says the method does not exist
// (-32601) into the NotInLabError it is.
func answered(rep LabReply, e trace.Event) (LabReply, error) {
	if probesUnknown(e) {
		return rep, nil
	}
	for _, m := range rep.Messages {
		if m.Error != nil && m.Error.Code == protocol.CodeMethodNotFound {
			method := ""
			for _, raw := range e.Messages {
				if q, err := jsonrpc.Decode(raw); err == nil && q.Method != "" {
					method = q.Method
				}
			}
			return LabReply{}, &NotInLabError{Kind: "method", Name: method}
		}
	}
	return rep, nil
}

// longLived reports whether a request the client sent opens a stream that
// stays open (the replay skips those: in memory they would never end).
func longLived(e trace.Event) bool {
	if e.HTTP != nil && e.HTTP.Method == http.MethodGet {
		return true
	}
	for _, raw := range e.Messages {
		if m, err := jsonrpc.Decode(raw); err == nil && m.Method == protocol.MethodListen {
			return true
		}
	}
	return false
}

// LabAnswer runs the request of step idx (0-based; the step itself, or the
// request the step answers) against a fresh server of the lab's own engine
// (the course server, both versions, the simulator's), after the capture's
// earlier requests, so a 2025-11-25 session is where it was: the answer the
// course would call right, beside the one the server under check gave.
// Everything runs in memory on a virtual clock (a slow tool returns at
// once), so the page can call it.
func LabAnswer(t *trace.Trace, idx int) (LabReply, error) {
	r := requestOf(t, idx)
	if r < 0 {
		return LabReply{}, ErrNoRequest
	}
	if longLived(t.Events[r]) {
		return LabReply{}, ErrStream
	}
	srv := labServer()
	if err := notInLab(t.Events[r], srv); err != nil {
		return LabReply{}, err
	}
	var rep LabReply
	var err error
	if t.Transport == "stdio" {
		rep, err = labStdio(t, r)
	} else {
		rep, err = labHTTP(t, r, srv)
	}
	if err != nil {
		return rep, err
	}
	return answered(rep, t.Events[r])
}

// requestOf is the index of the request event step idx is or answers.
func requestOf(t *trace.Trace, idx int) int {
	if idx < 0 || idx >= len(t.Events) {
		return -1
	}
	e := t.Events[idx]
	if e.Kind == trace.KindMessage && e.To == trace.Server && (e.Channel == trace.Stdin || e.Channel == trace.HTTPRequest) {
		return idx
	}
	if e.InReplyTo > 0 {
		return e.InReplyTo - 1
	}
	if e.Channel == trace.Stdout {
		if r, ok := newView(t).paired[idx]; ok {
			return r // an error with id null, paired with the request it refused
		}
	}
	if e.Channel == trace.HTTPResponse && e.HTTP != nil && e.HTTP.Exchange > 0 {
		for i := idx - 1; i >= 0; i-- {
			if p := t.Events[i]; p.Channel == trace.HTTPRequest && p.HTTP != nil && p.HTTP.Exchange == e.HTTP.Exchange {
				return i
			}
		}
	}
	return -1
}

func labStdio(t *trace.Trace, r int) (LabReply, error) {
	ctx := context.Background()
	var pipe *virtual.Pipe
	var out []*wire.Piece
	collect := false
	start := func() {
		pipe = virtual.NewPipe(labServer())
		pipe.Attach(func(p *wire.Piece) {
			if collect && p.Event.Channel == trace.Stdout {
				out = append(out, p)
			}
		})
		_ = pipe.Start(ctx)
	}
	start()
	for i := 0; i <= r; i++ {
		e := t.Events[i]
		switch {
		case e.Kind == trace.KindLaunch && i > 0:
			start() // the checker's second process: a second one of the lab's
		case e.Channel == trace.Stdin && e.Kind == trace.KindMessage && !longLived(e):
			collect = i == r
			_ = pipe.Write(ctx, []byte(e.Raw))
		}
	}
	rep := LabReply{Seq: t.Events[r].Seq}
	for _, p := range out {
		rep.Raw += p.Event.Raw
		rep.Messages = append(rep.Messages, p.Msgs...)
	}
	return rep, nil
}

// labServer is the course server on a virtual clock of its own.
func labServer() *mcp.Server {
	var clock vclock.Clock
	cfg := labserver.Config()
	cfg.Sleep = clock.Sleep
	return labserver.NewServer(cfg)
}

func labHTTP(t *trace.Trace, r int, srv *mcp.Server) (LabReply, error) {
	e := t.Events[r]
	if e.HTTP == nil {
		return LabReply{}, ErrNoRequest
	}
	path := e.HTTP.Path
	v := virtual.LabHTTP(srv)
	plan := client.ReplayPlan(t, r, path)
	var replay client.Replay
	var rep LabReply
	for _, p := range plan {
		src := t.Events[p.Seq-1]
		if longLived(src) {
			continue
		}
		req, err := http.NewRequest(p.Method, "http://127.0.0.1:8080"+path, strings.NewReader(p.Body))
		if err != nil {
			return LabReply{}, err
		}
		for k, val := range replay.Headers(p, "") {
			req.Header[k] = []string{val}
		}
		if o := src.HTTP.Headers["Origin"]; len(o) > 0 {
			req.Header["Origin"] = o // the page may not send it; the lab's engine may
		}
		last := p.Seq == e.Seq
		s := &wire.Stream{}
		var raw bytes.Buffer
		var msgs []*jsonrpc.Message
		s.OnPiece = func(pc *wire.Piece) {
			if pc.Event.Channel == trace.HTTPResponse {
				raw.WriteString(pc.Event.Raw)
				msgs = append(msgs, pc.Msgs...)
			}
		}
		res, err := v.Do(context.Background(), req, s)
		if err != nil {
			return LabReply{}, fmt.Errorf("check: the lab's server: %w", err)
		}
		if res.Response != nil {
			replay.Answered(res.Response.Header.Get(protocol.HeaderSessionID))
		}
		if last {
			rep = LabReply{Seq: e.Seq, Raw: raw.String(), Messages: msgs}
		}
	}
	return rep, nil
}
