package client

import (
	"context"
	"encoding/json"

	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
)

// The server's other primitives and utilities, typed: resources
// (server/resources), prompts (server/prompts), completion
// (server/utilities/completion) and logging (server/utilities/logging).
// Each is a Request underneath, so both versions and both transports work
// the same way as tools/list does; where the eras differ the method says
// which one it belongs to. The list helpers return nil when the outcome
// carries no result (an error, a refused or lost request).

// ListResources sends resources/list (server/resources §Listing Resources).
func (c *Client) ListResources(ctx context.Context, o CallOptions) ([]mcp.Resource, Outcome) {
	res, out := requestAs[mcp.ListResourcesResult](ctx, c, protocol.MethodResourcesList, nil, o)
	return res.Resources, out
}

// requestAs sends a request and decodes its result as R: the zero R when
// the outcome carries no result (an error, a refused or lost request) or
// one that is not an R.
func requestAs[R any](ctx context.Context, c *Client, method string, params map[string]any, o CallOptions) (R, Outcome) {
	out := c.Request(ctx, method, params, o)
	var res R
	if !out.Result(&res) {
		var zero R
		return zero, out
	}
	return res, out
}

// ListResourceTemplates sends resources/templates/list (§Resource
// Templates).
func (c *Client) ListResourceTemplates(ctx context.Context, o CallOptions) ([]mcp.ResourceTemplate, Outcome) {
	res, out := requestAs[mcp.ListResourceTemplatesResult](ctx, c, protocol.MethodResourcesTemplates, nil, o)
	return res.ResourceTemplates, out
}

// ReadResource sends resources/read for uri (§Reading Resources); over
// 2026-07-28 HTTP the URI is mirrored into Mcp-Name. A URI that names
// nothing is an error response: -32002 from a 2025-11-25 server, -32602
// from a 2026-07-28 one (IsResourceNotFound reads both).
func (c *Client) ReadResource(ctx context.Context, uri string, o CallOptions) (mcp.ReadResourceResult, Outcome) {
	return requestAs[mcp.ReadResourceResult](ctx, c, protocol.MethodResourcesRead, map[string]any{"uri": uri}, o)
}

// IsResourceNotFound reports whether an outcome is a resource-not-found
// error of either era: 2026-07-28 server/resources §Error Handling, "For
// backwards compatibility, clients SHOULD also accept -32002 as a resource
// not found error". A -32602 counts when its data names the URI (the
// other -32602s are about params in general).
func IsResourceNotFound(out Outcome) bool {
	e := out.Error()
	if e == nil {
		return false
	}
	if e.Code == protocol.CodeResourceNotFound {
		return true
	}
	var data mcp.ResourceNotFoundData
	return e.Code == protocol.CodeInvalidParams && json.Unmarshal(e.Data, &data) == nil && data.URI != ""
}

// Subscribe sends 2025-11-25 resources/subscribe (§Subscriptions): the
// session is told with notifications/resources/updated when uri changes.
// 2026-07-28 has no such method (the server answers -32601): list the URI
// in the resourceSubscriptions of Listen instead.
func (c *Client) Subscribe(ctx context.Context, uri string, o CallOptions) Outcome {
	return c.Request(ctx, protocol.MethodSubscribe, map[string]any{"uri": uri}, o)
}

// Unsubscribe sends 2025-11-25 resources/unsubscribe (2026-07-28: stop the
// Listen instead).
func (c *Client) Unsubscribe(ctx context.Context, uri string, o CallOptions) Outcome {
	return c.Request(ctx, protocol.MethodUnsubscribe, map[string]any{"uri": uri}, o)
}

// ListPrompts sends prompts/list (server/prompts §Listing Prompts).
func (c *Client) ListPrompts(ctx context.Context, o CallOptions) ([]mcp.Prompt, Outcome) {
	res, out := requestAs[mcp.ListPromptsResult](ctx, c, protocol.MethodPromptsList, nil, o)
	return res.Prompts, out
}

// GetPrompt sends prompts/get with the prompt's arguments (§Getting a
// Prompt; arguments are strings). Over 2026-07-28 HTTP the name is
// mirrored into Mcp-Name.
func (c *Client) GetPrompt(ctx context.Context, name string, args map[string]string, o CallOptions) (mcp.GetPromptResult, Outcome) {
	params := map[string]any{"name": name}
	if len(args) > 0 {
		params["arguments"] = args
	}
	return requestAs[mcp.GetPromptResult](ctx, c, protocol.MethodPromptsGet, params, o)
}

// Ref names what completion/complete completes an argument of: a prompt
// (PromptRef) or a resource template (ResourceRef).
type Ref struct {
	Type string `json:"type"`
	Name string `json:"name,omitempty"`
	URI  string `json:"uri,omitempty"`
}

// PromptRef is the ref/prompt of a prompt's argument.
func PromptRef(name string) Ref { return Ref{Type: protocol.RefPrompt, Name: name} }

// ResourceRef is the ref/resource of a template variable (the template
// itself, or a URI it produces).
func ResourceRef(uri string) Ref { return Ref{Type: protocol.RefResource, URI: uri} }

// Complete sends completion/complete (server/utilities/completion
// §Requesting Completions) for argument arg of ref, typed so far as value;
// context holds the arguments already chosen ("clients should include
// previous completions in the context.arguments object").
func (c *Client) Complete(ctx context.Context, ref Ref, arg, value string, context map[string]string, o CallOptions) (mcp.CompletionValue, Outcome) {
	params := map[string]any{"ref": ref, "argument": map[string]string{"name": arg, "value": value}}
	if len(context) > 0 {
		params["context"] = map[string]any{"arguments": context}
	}
	res, out := requestAs[mcp.CompleteResult](ctx, c, protocol.MethodComplete, params, o)
	return res.Completion, out
}

// SetLevel sends 2025-11-25 logging/setLevel (§Setting Log Level): the
// session's minimum level from now on. 2026-07-28 removed it (the server
// answers -32601): a request asks for log messages itself, with
// CallOptions.LogLevel.
func (c *Client) SetLevel(ctx context.Context, level string, o CallOptions) Outcome {
	return c.Request(ctx, protocol.MethodSetLevel, map[string]any{"level": level}, o)
}
