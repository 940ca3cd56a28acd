package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// promptsList is prompts/list (server/prompts §Listing Prompts).
func (q *call) promptsList(context.Context) Reply {
	if r := q.noCursor(); r != nil {
		return *r
	}
	res := ListPromptsResult{Prompts: []Prompt{}}
	for _, p := range q.reg.Prompts() {
		out := Prompt{Name: p.Name, Title: p.Title, Description: p.Description}
		for _, a := range p.Arguments {
			out.Arguments = append(out.Arguments, PromptArgument{Name: a.Name, Title: a.Title, Description: a.Description, Required: a.Required})
		}
		res.Prompts = append(res.Prompts, out)
	}
	res.Cacheable, res.ResultType = q.cacheable(primitive.Cache{TTL: toolsListTTL})
	return q.ok(res)
}

// promptsGet is prompts/get (§Getting a Prompt): an unknown prompt, a
// missing required argument or an undeclared one is -32602.
func (q *call) promptsGet(ctx context.Context) Reply {
	var p struct {
		Name      *string         `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if r := q.params(&p); r != nil {
		return *r
	}
	if p.Name == nil {
		return q.invalid("Invalid params: prompts/get needs params.name (a string)", nil)
	}
	var args map[string]string
	if len(p.Arguments) > 0 && string(p.Arguments) != "null" {
		if err := json.Unmarshal(p.Arguments, &args); err != nil {
			// GetPromptRequestParams: arguments is { [key: string]: string }.
			return q.invalid("Invalid params: params.arguments must be an object of strings", nil)
		}
	}
	// An interactive prompt may ask the client first (2026-07-28 mrtr
	// §Supported Requests: prompts/get may answer input_required).
	env := primitive.Env{ClientCapabilities: q.clientCapabilities()}
	var rp *replay
	salient := func() []string { return []string{*p.Name, canonicalJSON(p.Arguments)} }
	if q.modern {
		var r *Reply
		if rp, r = q.openReplay(salient); r != nil {
			return *r
		}
		env.Ask = rp.ask
	} else {
		env.Ask = q.s.legacyAsk(q.c, q.streamSend(ctx), "", nil)
	}
	res, err := q.reg.GetPromptWith(ctx, *p.Name, args, env)
	var (
		unknown *primitive.UnknownPromptError
		badArgs *primitive.ArgumentError
	)
	switch {
	case errors.As(err, &unknown):
		return q.invalid("Invalid params: "+unknown.Error(), nil)
	case errors.As(err, &badArgs):
		return q.invalid(badArgs.Msg, nil)
	case ctx.Err() != nil:
		return Reply{Status: http.StatusOK}
	case rp != nil && rp.open != nil:
		return q.inputRequired(rp, salient()...)
	case err != nil:
		if r, ok := q.askReply(err, "prompt "+*p.Name, false); ok {
			return r
		}
		q.s.Logf("prompt %s failed: %v", *p.Name, err)
		return errReply(q.m, http.StatusOK, protocol.CodeInternalError, "Internal error: prompt "+*p.Name+" failed", nil)
	}
	out := GetPromptResult{Description: res.Description, Messages: res.Messages}
	if out.Messages == nil {
		out.Messages = []primitive.PromptMessage{}
	}
	out.ResultType, out.Meta = q.stamp()
	return q.ok(out)
}
