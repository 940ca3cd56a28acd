package client_test

import (
	"context"
	"encoding/json"
	"testing"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

// defaultsForm asks for a form whose every field but one has a default
// (the conformance suite's elicitation-sep1034-client-defaults, plus a
// field the user fills in and one without a default), and returns the
// content it got as its text.
func defaultsForm() primitive.Def {
	schema := json.RawMessage(`{"type":"object","properties":{` +
		`"name":{"type":"string","default":"John Doe"},` +
		`"age":{"type":"integer","default":30},` +
		`"score":{"type":"number","default":95.5},` +
		`"status":{"type":"string","enum":["active","inactive","pending"],"default":"inactive"},` +
		`"verified":{"type":"boolean","default":true},` +
		`"city":{"type":"string","default":"Lyon"},` +
		`"note":{"type":"string"}},"required":[]}`)
	return primitive.Def{Tool: primitive.Tool{Name: "defaults_form", Description: "Asks a form with defaults.", InputSchema: toolbox.Schema(map[string]any{})},
		Run: func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
			a, err := env.Elicit(ctx, primitive.ElicitForm("form", "Your details?", schema))
			if err != nil {
				return primitive.Result{}, err
			}
			b, _ := json.Marshal(a)
			return primitive.Result{Text: string(b)}, nil
		}}
}

// TestClientAppliesElicitationDefaults: a user who accepts a form without
// touching a field sends the schema's defaults (client/elicitation
// §Requested Schema: "Clients that support defaults SHOULD pre-populate
// form fields with these values", SEP-1034), in both eras: the 2025-11-25
// response to elicitation/create and the 2026-07-28 inputResponses. A field
// the user filled in keeps the user's value; a field without a default
// stays out. Without the client's pre-population the server gets only
// {"city":"Paris"}.
func TestClientAppliesElicitationDefaults(t *testing.T) {
	const want = `{"action":"accept","content":{"age":30,"city":"Paris","name":"John Doe","score":95.5,"status":"inactive","verified":true}}`
	for _, version := range protocol.Versions() {
		for _, transport := range []string{"stdio", "http"} {
			t.Run(version+"/"+transport, func(t *testing.T) {
				host := &client.FixedHost{Elicitation: true, Content: map[string]any{"city": "Paris"}}
				e := askClient(t, version, transport, host, func(c *mcp.Config) {
					c.Tools = toolbox.Course().MustWith(defaultsForm())
				})
				if _, err := e.c.Open(ctx); err != nil {
					t.Fatal(err)
				}
				res, out := e.c.CallTool(ctx, "defaults_form", map[string]any{}, client.CallOptions{})
				if out.Error() != nil || res.IsError {
					t.Fatalf("%v %+v", out.Error(), res)
				}
				if got := resultText(res); got != want {
					t.Fatalf("the server got\n%s\nwant\n%s", got, want)
				}
			})
		}
	}
}

// TestElicitationDefaultsOnlyForAcceptedForms: a declined form carries no
// content, defaults or not.
func TestElicitationDefaultsOnlyForAcceptedForms(t *testing.T) {
	for _, version := range protocol.Versions() {
		t.Run(version, func(t *testing.T) {
			host := &client.FixedHost{Elicitation: true, ElicitAction: protocol.ActionDecline}
			e := askClient(t, version, "http", host, func(c *mcp.Config) {
				c.Tools = toolbox.Course().MustWith(defaultsForm())
			})
			if _, err := e.c.Open(ctx); err != nil {
				t.Fatal(err)
			}
			res, out := e.c.CallTool(ctx, "defaults_form", map[string]any{}, client.CallOptions{})
			if out.Error() != nil || resultText(res) != `{"action":"decline"}` {
				t.Fatalf("%v %q", out.Error(), resultText(res))
			}
		})
	}
}
