package client

// When the server needs something from the client, the two eras carry the
// same question differently; the Host (host.go) answers it the same way.
//
//   - 2025-11-25: the server sends a JSON-RPC request of its own (with its
//     own id) on the stream of the request it serves — stdout on stdio, the
//     POST's SSE stream or the session's GET stream on Streamable HTTP — and
//     the client answers with a JSON-RPC response: a line on stdin, or a
//     POST the server accepts with 202 (answer).
//   - 2026-07-28: the server ends the request with an InputRequiredResult;
//     the client retries the original request with a new id, the answers as
//     inputResponses and the requestState unchanged, as many rounds as the
//     server asks for (fulfil).

import (
	"context"
	"encoding/json"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// MaxRounds bounds how many times the client retries one request for a
// server that keeps answering input_required (mrtr §Server Requirements 8:
// a server "MAY" ask again; a client need not follow it forever).
const MaxRounds = 8

// answer sends the Host's response to a 2025-11-25 request of the server
// that arrived on parent's stream (nil: on no exchange of the client's).
// JSON-RPC 2.0 §5: every request gets a response with its id; a request the
// client has no Host for is -32601.
func (c *Client) answer(parent *Exchange, req *jsonrpc.Message) {
	q := Question{Method: req.Method, Params: req.Params, ID: req.ID, Task: relatedTask(req.Params)}
	ctx := context.Background()
	tag := ""
	if parent != nil {
		ctx, tag = context.WithoutCancel(parent.ctx), parent.Opts.Tag
	}
	var resp *jsonrpc.Message
	if c.cfg.Host == nil {
		resp = jsonrpc.ErrorResponse(req.ID, jsonrpc.NewError(protocol.CodeMethodNotFound, "Method not found: "+req.Method, nil))
	} else if res, err := c.ask(ctx, q); err != nil {
		resp = jsonrpc.ErrorResponse(req.ID, err)
	} else {
		resp = jsonrpc.Result(req.ID, withRelatedTask(res, q.Task))
	}
	x := c.newExchange(ctx, resp, CallOptions{Tag: tag})
	x.Role, x.Asked = RoleAnswer, req.Method
	c.run(x)
}

// ask has the Host answer a question, and completes an accepted form with
// the defaults of the fields the user left as they were: client/elicitation
// §Requested Schema, "All primitive types support optional default values
// to provide sensible starting points. Clients that support defaults SHOULD
// pre-populate form fields with these values" (SEP-1034). A field the
// user filled in keeps the user's value.
func (c *Client) ask(ctx context.Context, q Question) (json.RawMessage, *jsonrpc.Error) {
	res, err := c.cfg.Host.Answer(ctx, q)
	if err != nil || q.Method != protocol.MethodElicit {
		return res, err
	}
	return withDefaults(q.Params, res), nil
}

// withDefaults adds to an accepted form's content the default of every
// field of the requested schema that the content does not have.
func withDefaults(params, res json.RawMessage) json.RawMessage {
	var p struct {
		RequestedSchema struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"requestedSchema"`
	}
	var r map[string]json.RawMessage
	if jsonUnmarshal(params, &p) != nil || json.Unmarshal(res, &r) != nil || r == nil {
		return res
	}
	var action string
	if json.Unmarshal(r["action"], &action) != nil || action != protocol.ActionAccept {
		return res
	}
	content := map[string]json.RawMessage{}
	if raw, ok := r["content"]; ok && json.Unmarshal(raw, &content) != nil {
		return res
	}
	added := false
	for name, prop := range p.RequestedSchema.Properties {
		var f struct {
			Default json.RawMessage `json:"default"`
		}
		if _, filled := content[name]; filled || json.Unmarshal(prop, &f) != nil || len(f.Default) == 0 || string(f.Default) == "null" {
			continue
		}
		content[name], added = f.Default, true
	}
	if !added {
		return res
	}
	r["content"] = mustMarshal(content)
	return mustMarshal(r)
}

// relatedTask is the task a 2025-11-25 message serves
// (basic/utilities/tasks §Related Task Metadata), "" for none.
func relatedTask(params json.RawMessage) string {
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	_ = jsonUnmarshal(params, &p)
	var rt struct {
		TaskID string `json:"taskId"`
	}
	_ = json.Unmarshal(p.Meta[protocol.MetaRelatedTask], &rt)
	return rt.TaskID
}

// withRelatedTask puts related-task in a result's _meta when the request
// served a task: basic/utilities/tasks §Related Task Metadata, "All
// requests, notifications, and responses related to a task MUST include
// the io.modelcontextprotocol/related-task key in their _meta".
func withRelatedTask(res json.RawMessage, task string) json.RawMessage {
	if task == "" {
		return res
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(res, &obj) != nil || obj == nil {
		return res
	}
	meta := map[string]json.RawMessage{}
	_ = json.Unmarshal(obj["_meta"], &meta)
	meta[protocol.MetaRelatedTask] = mustMarshal(map[string]string{"taskId": task})
	obj["_meta"] = mustMarshal(meta)
	return mustMarshal(obj)
}

// takesInput reports whether a request may be answered with an
// InputRequiredResult (mrtr §Supported Requests: prompts/get,
// resources/read, tools/call; "Servers MUST NOT send InputRequiredResult
// responses on any other client requests").
func takesInput(method string) bool {
	switch method {
	case protocol.MethodToolsCall, protocol.MethodPromptsGet, protocol.MethodResourcesRead:
		return true
	}
	return false
}

// InputRequired returns the InputRequiredResult an outcome carries, if it
// carries one.
func (o Outcome) InputRequiredResult() (*mcp.InputRequiredResult, bool) {
	var ir mcp.InputRequiredResult
	if !o.Result(&ir) || ir.ResultType != protocol.ResultInputRequired {
		return nil, false
	}
	return &ir, true
}

// fulfil retries a 2026-07-28 request as long as the server answers it
// with an InputRequiredResult (mrtr §Client Requirements): the Host answers
// every input request ("the client MUST construct the requested inputs
// before retrying"), and the retry carries them as inputResponses under the
// same keys, the requestState exactly as received ("the client MUST echo
// back the exact value"; none when there was none) and a new id ("The
// JSON-RPC id MUST be different between the initial request and the
// retry"). Each retry is built from the original params: inputResponses
// and requestState "affect only the client's retry of the original
// request".
func (c *Client) fulfil(ctx context.Context, method string, params map[string]any, o CallOptions, out Outcome) Outcome {
	rounds := 0
	for {
		ir, ok := out.InputRequiredResult()
		if !ok || !takesInput(method) || !protocol.IsModern(c.Version()) {
			out.Rounds = rounds
			return out
		}
		out.InputRequired, out.Rounds = ir, rounds
		if c.cfg.Host == nil || rounds >= MaxRounds {
			return out
		}
		responses := map[string]json.RawMessage{}
		for _, key := range SortedKeys(ir.InputRequests) {
			r := ir.InputRequests[key]
			res, err := c.ask(ctx, Question{Method: r.Method, Params: r.Params, Key: key})
			if err != nil {
				// client/sampling §Error Handling: "If an error occurs or the
				// user declines the sampling request, the client does not
				// need to replay the initial call".
				out.Declined = true
				return out
			}
			responses[key] = res
		}
		retry := make(map[string]any, len(params)+2)
		for k, v := range params {
			retry[k] = v
		}
		retry["inputResponses"] = responses
		if ir.RequestState != "" {
			retry["requestState"] = ir.RequestState
		}
		rounds++
		x := c.newExchange(ctx, c.requestMsg(method, retry, o), o)
		x.Role, x.Round = RoleRetry, rounds
		out = c.run(x)
	}
}

// RootsChanged tells the server the Host's roots changed (2025-11-25
// client/roots §Root List Changes: a client that declared listChanged "MUST
// send a notification"). 2026-07-28 has no such notification: every retry
// carries the roots as they are now.
func (c *Client) RootsChanged(ctx context.Context, o CallOptions) Outcome {
	return c.Notify(ctx, protocol.MethodRootsChanged, nil, o)
}
