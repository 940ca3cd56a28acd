package mcp

import (
	"context"
	"errors"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
)

// complete is completion/complete (server/utilities/completion): values
// for a prompt argument (ref/prompt) or a template variable
// (ref/resource). §Error Handling: "Invalid prompt name: -32602"; the same
// for an unknown template or argument.
func (q *call) complete(context.Context) Reply {
	var p struct {
		Ref *struct {
			Type string `json:"type"`
			Name string `json:"name"`
			URI  string `json:"uri"`
		} `json:"ref"`
		Argument *struct {
			Name  string `json:"name"`
			Value string `json:"value"`
		} `json:"argument"`
		Context struct {
			Arguments map[string]string `json:"arguments"`
		} `json:"context"`
	}
	if r := q.params(&p); r != nil {
		return *r
	}
	if p.Ref == nil || p.Argument == nil {
		return q.invalid("Invalid params: completion/complete needs params.ref and params.argument", nil)
	}
	key := p.Ref.Name
	if p.Ref.Type == protocol.RefResource {
		key = p.Ref.URI
	}
	c, err := q.reg.Complete(p.Ref.Type, key, p.Argument.Name, p.Argument.Value, p.Context.Arguments)
	var (
		unknown *primitive.UnknownPromptError
		nf      *primitive.NotFoundError
		badArgs *primitive.ArgumentError
	)
	switch {
	case errors.As(err, &unknown):
		return q.invalid("Invalid params: "+unknown.Error(), nil)
	case errors.As(err, &nf):
		return q.invalid("Invalid params: no resource template "+quoteJSON(nf.URI), nil)
	case errors.As(err, &badArgs):
		return q.invalid(badArgs.Msg, nil)
	}
	res := CompleteResult{Completion: CompletionValue{Values: c.Values, Total: c.Total, HasMore: c.HasMore}}
	res.ResultType, res.Meta = q.stamp()
	return q.ok(res)
}
