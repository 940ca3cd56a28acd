package mcp

// When a tool needs something from the client (toolbox/ask.go): the
// 2025-11-25 way, a JSON-RPC request of the server's own, answered by a
// JSON-RPC response the client sends back. The 2026-07-28 way (multi
// round-trip requests) is mrtr.go; a task's questions are tasks.go.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// pendingAsk is a 2025-11-25 server request waiting for its answer.
type pendingAsk struct {
	req primitive.InputRequest
	// answer is buffered: the answer may arrive before anyone waits for it
	// (the simulator's client answers while the request is being written).
	answer chan *jsonrpc.Message
}

// legacyAsk returns the Env.Ask of a 2025-11-25 call on c. Each question
// becomes a JSON-RPC request with an id of the server's own, written with
// send: the request's own stream (stdout on stdio; the POST's SSE stream on
// Streamable HTTP, transports §Sending Messages 6: "The server MAY send
// JSON-RPC requests and notifications before sending the JSON-RPC
// response. These messages SHOULD relate to the originating client
// request"), or the session stream. The tool waits until the client's
// response arrives (Server.answer). related names the task the requests
// serve, "" for none; waiting, when not nil, is told when the questions
// go out and when the wait ends (a task shows input_required meanwhile).
func (s *Server) legacyAsk(c *Conn, send func(*jsonrpc.Message), related string, waiting func(bool)) func(context.Context, ...primitive.InputRequest) ([]json.RawMessage, error) {
	return func(ctx context.Context, reqs ...primitive.InputRequest) ([]json.RawMessage, error) {
		c.mu.Lock()
		caps := c.clientCaps
		c.mu.Unlock()
		for _, r := range reqs {
			// lifecycle §Capability Negotiation: the server uses only what
			// the client declared at initialize; a request for anything else
			// is never sent.
			if need := primitive.Needs(caps, r); need != nil {
				return nil, &primitive.MissingCapabilityError{Method: r.Method, Required: need}
			}
		}
		if cached := c.cachedRoots(reqs); cached != nil {
			// client/roots §Implementation Guidelines: servers SHOULD "Cache
			// root information appropriately"; list_changed drops the cache.
			return cached, nil
		}
		if send == nil {
			return nil, primitive.ErrCannotAsk
		}
		ids := make([]jsonrpc.ID, len(reqs))
		waits := make([]*pendingAsk, len(reqs))
		c.mu.Lock()
		for i, r := range reqs {
			c.nextAsk++
			ids[i] = jsonrpc.IntID(c.nextAsk)
			waits[i] = &pendingAsk{req: r, answer: make(chan *jsonrpc.Message, 1)}
			c.asks[ids[i].String()] = waits[i]
		}
		c.mu.Unlock()
		defer func() {
			c.mu.Lock()
			for _, id := range ids {
				delete(c.asks, id.String())
			}
			c.mu.Unlock()
		}()
		if waiting != nil {
			waiting(true)
			defer waiting(false)
		}
		for i, r := range reqs {
			send(jsonrpc.Request(ids[i], r.Method, legacyParams(r, related)))
		}
		out := make([]json.RawMessage, len(reqs))
		var timeout <-chan time.Time
		// lifecycle §Timeouts: "the sender SHOULD issue a cancellation
		// notification for that request and stop waiting for a response".
		giveUp := func(i int) error {
			for j := i; j < len(waits); j++ {
				send(jsonrpc.Notification(protocol.MethodCancelled, CancelledParams{RequestID: json.RawMessage(ids[j].String()),
					Reason: fmt.Sprintf("no answer within %s", s.cfg.AskTimeout)}))
			}
			s.Logf("%s %s: no answer within %s; cancelled", reqs[i].Method, ids[i], s.cfg.AskTimeout)
			return primitive.ErrNoAnswer
		}
		asked := s.cfg.Now()
		for i, p := range waits {
			var m *jsonrpc.Message
			select {
			case m = <-p.answer:
			default:
				if s.cfg.Yield != nil {
					// The simulator's clock: wait a step at a time, the
					// AskTimeout counted on it.
					for len(p.answer) == 0 {
						if s.cfg.Now().Sub(asked) >= s.cfg.AskTimeout {
							return nil, giveUp(i)
						}
						if err := s.cfg.Yield(ctx); err != nil {
							return nil, err
						}
					}
					m = <-p.answer
					break
				}
				if timeout == nil {
					t := time.NewTimer(s.cfg.AskTimeout)
					defer t.Stop()
					timeout = t.C
				}
				select {
				case m = <-p.answer:
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-timeout:
					return nil, giveUp(i)
				}
			}
			if m.Error != nil {
				return nil, &primitive.ClientError{Method: p.req.Method, Code: m.Error.Code, Message: m.Error.Message}
			}
			if err := primitive.CheckAnswer(p.req, m.Result); err != nil {
				return nil, err
			}
			out[i] = m.Result
		}
		c.keepRoots(reqs, out)
		return out, nil
	}
}

// legacyParams are a question's params as a 2025-11-25 request carries
// them, with the related task in _meta when there is one; nil (no params
// member) for a roots/list of no task.
func legacyParams(r primitive.InputRequest, related string) any {
	if related == "" {
		if len(r.Params) == 0 {
			return nil
		}
		return r.Params
	}
	p := map[string]json.RawMessage{}
	_ = json.Unmarshal(r.Params, &p)
	meta := map[string]json.RawMessage{}
	_ = json.Unmarshal(p["_meta"], &meta)
	meta[protocol.MetaRelatedTask] = mustJSON(map[string]string{"taskId": related})
	p["_meta"] = mustJSON(meta)
	return mustJSON(p)
}

// inputRequestOf is a question as a 2026-07-28 InputRequests entry carries
// it: {method, params}, without the elicitationId that only 2025-11-25's
// URL mode has (ElicitRequestURLParams of 2026-07-28 lists mode, message
// and url).
func inputRequestOf(r primitive.InputRequest) InputRequest {
	params := r.Params
	if len(params) == 0 {
		// roots/list takes no params; the schema allows them to be absent,
		// but clients that always decode params (the official Go SDK v1.8.0
		// does) need the empty object the suite's fixtures send too.
		params = json.RawMessage(`{}`)
	}
	if r.Method == protocol.MethodElicit {
		var p map[string]json.RawMessage
		if json.Unmarshal(params, &p) == nil {
			if _, ok := p["elicitationId"]; ok {
				delete(p, "elicitationId")
				params = mustJSON(p)
			}
		}
	}
	return InputRequest{Method: r.Method, Params: params}
}

func mustJSON(v any) json.RawMessage {
	b, _ := jsonrpc.Marshal(v)
	return b
}

// answer takes a 2025-11-25 client's response to one of the server's
// requests (transports §Sending Messages 4: "If the server accepts the
// input, the server MUST return HTTP status code 202 Accepted with no
// body"). A response nobody waits for is refused (400, "If the server
// cannot accept the input, it MUST return an HTTP error status code").
func (s *Server) answer(c *Conn, m *jsonrpc.Message) Reply {
	c.mu.Lock()
	p := c.asks[m.ID.String()]
	delete(c.asks, m.ID.String())
	c.mu.Unlock()
	if p == nil {
		s.Logf("ignoring a response with id %s: no request of the server is waiting for it", m.ID)
		return Reply{Msg: jsonrpc.ErrorResponse(jsonrpc.ID{}, jsonrpc.NewError(protocol.CodeInvalidRequest,
			"Invalid Request: no request of this server with id "+m.ID.String()+" is waiting for an answer (answered already, timed out or cancelled)", nil)),
			Status: http.StatusBadRequest}
	}
	p.answer <- m
	return Reply{Status: http.StatusAccepted}
}

// cachedRoots returns the cached roots when reqs asks for nothing else.
func (c *Conn) cachedRoots(reqs []primitive.InputRequest) []json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.roots == nil {
		return nil
	}
	out := make([]json.RawMessage, len(reqs))
	for i, r := range reqs {
		if r.Method != protocol.MethodRoots {
			return nil
		}
		out[i] = c.roots
	}
	return out
}

// keepRoots caches the roots the client just listed.
func (c *Conn) keepRoots(reqs []primitive.InputRequest, answers []json.RawMessage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, r := range reqs {
		if r.Method == protocol.MethodRoots {
			c.roots = answers[i]
		}
	}
}

// rootsChangedNotice handles 2025-11-25 notifications/roots/list_changed
// (client/roots §Root List Changes): the cached roots are stale, so the
// next call that needs them asks again (legacyAsk). The server does not ask
// on its own: that is what the lab's annotation (roots-changed) says, and
// an unsolicited roots/list on the session stream would race the client's
// next request, which asks anyway (two roots/list for one change, in an
// order that depends on timing).
func (c *Conn) rootsChangedNotice() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.roots = nil
}

// askReply turns an error that came from Env.Ask into the call's answer;
// ok is false for any other error. what names the tool or prompt; tool
// says whether a tool execution error (isError) can carry the problem.
func (q *call) askReply(err error, what string, tool bool) (r Reply, ok bool) {
	var (
		missing *primitive.MissingCapabilityError
		bad     *primitive.AnswerError
		refused *primitive.ClientError
		problem string
	)
	switch {
	case errors.As(err, &missing):
		if q.modern {
			// basic/index §_meta: "If processing a request requires a
			// capability the client did not include in
			// io.modelcontextprotocol/clientCapabilities, the server MUST
			// return a MissingRequiredClientCapabilityError (-32021)".
			return q.requireCapabilities(what+" asks "+missing.Method+", which needs the client capability "+
				primitive.CapabilityText(missing.Required), missing.Required), true
		}
		problem = fmt.Sprintf("%s needs to ask %s, which needs the client capability %s; the client did not declare it in initialize, so the server did not ask.",
			what, missing.Method, primitive.CapabilityText(missing.Required))
		if !tool {
			return q.invalid("Invalid params: "+problem, nil), true
		}
	case errors.As(err, &bad):
		if q.modern {
			// mrtr §Error Handling: "Protocol errors (malformed JSON, invalid
			// schema, internal server errors) SHOULD return a JSON-RPC error
			// response".
			return q.invalid(fmt.Sprintf("Invalid params: inputResponses[%s] (%s): %s", quoteJSON(bad.Key), bad.Method, bad.Msg), nil), true
		}
		problem = fmt.Sprintf("%s could not go on: the client's answer to %s was not valid: %s.", what, bad.Method, strings.TrimSuffix(bad.Msg, "."))
	case errors.As(err, &refused):
		problem = fmt.Sprintf("%s could not go on: the client refused %s (%d %s).", what, refused.Method, refused.Code, refused.Message)
	case errors.Is(err, primitive.ErrNoAnswer):
		problem = fmt.Sprintf("%s could not go on: the client did not answer within %s, so the server cancelled its request.", what, q.s.cfg.AskTimeout)
	case errors.Is(err, primitive.ErrCannotAsk):
		problem = what + " needs to ask the client something, and this call has no stream to ask on."
	default:
		return Reply{}, false
	}
	q.s.Logf("%s", problem)
	if !tool {
		return errReply(q.m, http.StatusOK, protocol.CodeInternalError, "Internal error: "+problem, nil), true
	}
	return q.toolError(problem), true
}

// toolError is a tool execution error (isError) with text.
func (q *call) toolError(text string) Reply {
	out := CallToolResult{Content: []primitive.Content{primitive.TextContent(text)}, IsError: true}
	out.ResultType, out.Meta = q.stamp()
	return q.ok(out)
}

// MissingCapabilityStatus is the HTTP status of a -32021
// MissingRequiredClientCapability error (2026-07-28 schema,
// MissingRequiredClientCapabilityError: "For HTTP, the response status
// code MUST be 400 Bad Request").
const MissingCapabilityStatus = http.StatusBadRequest

// requireCapabilities is -32021 MissingRequiredClientCapability with
// data.requiredCapabilities, HTTP 400 (2026-07-28 basic/index §_meta; the
// schema's MissingRequiredClientCapabilityError: "For HTTP, the response
// status code MUST be 400 Bad Request").
func (q *call) requireCapabilities(why string, required map[string]any) Reply {
	return errReply(q.m, MissingCapabilityStatus, protocol.CodeMissingRequiredClientCapability,
		"Missing required client capability: "+why+"; declare it in _meta "+protocol.MetaClientCapabilities,
		MissingCapabilityData{RequiredCapabilities: required})
}
