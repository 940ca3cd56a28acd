// Package conformance is the surface the official MCP conformance suite
// (@modelcontextprotocol/conformance) expects of its "everything server":
// test_* tools, test:// resources and templates, test_* prompts. It is
// built from the same toolbox machinery as the course and served by the
// same engine (devserver -fixture conformance); only the data differ.
//
// The tools that ask the client for something (sampling, elicitation,
// roots; multi round-trip requests in 2026-07-28) and the tasks
// extension's fixtures are in asks.go.
package conformance

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/toolbox"
)

// URIs the suite reads.
const (
	StaticText   = "test://static-text"
	StaticBinary = "test://static-binary"
	Template     = "test://template/{id}/data"
	Watched      = "test://watched-resource"
)

// WatchedEvery is how often the watched resource changes.
const WatchedEvery = 3 * time.Second

// transient names the tool and prompt the trigger tools add and remove.
const (
	transientTool   = "__transient_tool_for_list_changed"
	transientPrompt = "__transient_prompt_for_list_changed"
)

// The fixture's identity and instructions (sim/labserver.Conformance
// serves them, with listChanged declared).
const (
	Name         = "mcp-wire-lab-conformance"
	Title        = "MCP Wire Lab conformance fixture"
	Version      = "1.0.0"
	Instructions = "The conformance suite's everything server, served by the MCP Wire Lab engine."
)

// UpdateWatched marks the watched resource updated every interval until
// ctx ends, so subscribers see notifications/resources/updated.
func UpdateWatched(ctx context.Context, admin primitive.Admin, sleep func(context.Context, time.Duration) error, every time.Duration) {
	for sleep(ctx, every) == nil {
		admin.ResourceUpdated(Watched)
	}
}

// Registry is the fixture's tools, resources, template and prompts, with
// logging.
func Registry() *primitive.Registry {
	r, err := primitive.NewRegistry(append(append(tools(), askTools()...), taskTools()...)...)
	if err == nil {
		r, err = r.WithResources(resources()...)
	}
	if err == nil {
		r, err = r.WithTemplates(primitive.ResourceTemplate{
			URITemplate: Template, Name: "template", Description: "A resource template with parameter substitution",
			MIMEType: "application/json",
			Read: func(_ context.Context, _ string, vars map[string]string) ([]primitive.ResourceContents, error) {
				id := vars["id"]
				b, _ := json.Marshal(map[string]any{"id": id, "templateTest": true, "data": "Data for ID: " + id})
				return []primitive.ResourceContents{{Text: string(b)}}, nil
			},
			Complete: map[string]primitive.Completer{"id": func(map[string]string) []string { return []string{"123", "456", "789"} }},
		})
	}
	if err == nil {
		r, err = r.WithPrompts(prompts()...)
	}
	if err != nil {
		panic("conformance fixture: " + err.Error()) // a bug here; tests catch it
	}
	return r.WithLogging(true)
}

func text(s string) primitive.Result { return primitive.Result{Text: s} }

// plain is a tool without arguments.
func plain(name, description string, run func(ctx context.Context, env primitive.Env) (primitive.Result, error)) primitive.Def {
	return primitive.Def{
		Tool: primitive.Tool{Name: name, Description: description, InputSchema: json.RawMessage(`{"type":"object"}`)},
		Run: func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
			return run(ctx, env)
		},
	}
}

func tools() []primitive.Def {
	image := primitive.ImageContent(toolbox.Logo(), "image/png")
	embedded := func(uri string) primitive.Content {
		return primitive.EmbeddedResource(primitive.ResourceContents{URI: uri, MIMEType: "text/plain", Text: "This is an embedded resource"})
	}
	return []primitive.Def{
		plain("test_simple_text", "Tests simple text content response", func(context.Context, primitive.Env) (primitive.Result, error) {
			return text("This is a simple text response for testing."), nil
		}),
		plain("test_image_content", "Tests image content response", func(context.Context, primitive.Env) (primitive.Result, error) {
			return primitive.Result{Content: []primitive.Content{image}}, nil
		}),
		plain("test_audio_content", "Tests audio content response", func(context.Context, primitive.Env) (primitive.Result, error) {
			return primitive.Result{Content: []primitive.Content{primitive.AudioContent(silence(), "audio/wav")}}, nil
		}),
		plain("test_embedded_resource", "Tests embedded resource content response", func(context.Context, primitive.Env) (primitive.Result, error) {
			return primitive.Result{Content: []primitive.Content{embedded("test://embedded-resource")}}, nil
		}),
		plain("test_multiple_content_types", "Tests response with multiple content types (text, image, resource)", func(context.Context, primitive.Env) (primitive.Result, error) {
			return primitive.Result{Text: "This is text content", Content: []primitive.Content{image, embedded("test://embedded-in-multiple")}}, nil
		}),
		plain("test_tool_with_logging", "Tests tool that emits log messages during execution", func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
			for i, msg := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
				if i > 0 {
					if err := env.Sleep(ctx, 50*time.Millisecond); err != nil {
						return primitive.Result{}, err
					}
				}
				if env.Log != nil {
					env.Log("info", "", msg)
				}
			}
			return text("Tool with logging executed successfully"), nil
		}),
		plain("test_tool_with_progress", "Tests tool that reports progress notifications", func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
			for _, p := range []float64{0, 50, 100} {
				if env.Progress != nil {
					env.Progress(p, 100, fmt.Sprintf("Completed step %.0f of 100", p))
				}
				if err := env.Sleep(ctx, 50*time.Millisecond); err != nil {
					return primitive.Result{}, err
				}
			}
			return text("Progress reported: 0, 50, 100 of 100"), nil
		}),
		plain("test_error_handling", "Tests error response handling", func(context.Context, primitive.Env) (primitive.Result, error) {
			return primitive.Result{Text: "This tool intentionally returns an error for testing", IsError: true}, nil
		}),
		{
			Tool: primitive.Tool{
				Name:        "json_schema_2020_12_tool",
				Description: "Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613, SEP-2106)",
				InputSchema: compact(schema202012),
			},
			Run: func(_ context.Context, args map[string]any, _ primitive.Env) (primitive.Result, error) {
				b, _ := json.Marshal(args)
				return text("JSON Schema 2020-12 tool called with: " + string(b)), nil
			},
		},
		{
			Tool: primitive.Tool{
				Name:        "test_x_mcp_header",
				Description: "Tests SEP-2243 Mcp-Param-* server-side validation",
				InputSchema: json.RawMessage(`{"type":"object","properties":{` +
					`"region":{"type":"string","description":"mirrored into Mcp-Param-Region","x-mcp-header":"Region"},` +
					`"level":{"type":"integer","description":"non-mirrored argument"}}}`),
			},
			Run: func(_ context.Context, args map[string]any, _ primitive.Env) (primitive.Result, error) {
				region, _ := args["region"].(string)
				return text("region=" + region), nil
			},
		},
		{
			Tool: primitive.Tool{
				Name:           "test_missing_capability",
				Description:    "Requires the sampling client capability; used to verify MissingRequiredClientCapabilityError (-32021) (SEP-2575)",
				InputSchema:    json.RawMessage(`{"type":"object"}`),
				RequiresClient: []string{"sampling"},
			},
			Run: func(context.Context, map[string]any, primitive.Env) (primitive.Result, error) {
				return text("Client declared the sampling capability; tool executed."), nil
			},
		},
		plain("test_streaming_elicitation", "Returns a plain result; its response stream carries no server-to-client request (SEP-2575)", func(context.Context, primitive.Env) (primitive.Result, error) {
			return text("stream observed: result frames only, no top-level requests"), nil
		}),
		plain("test_logging_tool", "Attempts to log; the server drops it unless the request set _meta io.modelcontextprotocol/logLevel (SEP-2575)", func(_ context.Context, env primitive.Env) (primitive.Result, error) {
			if env.Log != nil {
				env.Log("info", "", "test_logging_tool executed")
			}
			return text("Log attempted; the server sends it only for a request with a logLevel."), nil
		}),
		plain("test_trigger_tool_change", "Adds or removes a transient tool so subscription streams see notifications/tools/list_changed (SEP-2575)", func(_ context.Context, env primitive.Env) (primitive.Result, error) {
			reg := env.Admin.Registry()
			if _, ok := reg.Lookup(transientTool); ok {
				env.Admin.SetTools(reg.Without(transientTool))
			} else {
				env.Admin.SetTools(reg.MustWith(plain(transientTool, "Transient tool used to trigger tools/list_changed",
					func(context.Context, primitive.Env) (primitive.Result, error) { return text("transient"), nil })))
			}
			return text("tools_list_changed published"), nil
		}),
		plain("test_trigger_prompt_change", "Adds or removes a transient prompt so subscription streams see notifications/prompts/list_changed (SEP-2575)", func(_ context.Context, env primitive.Env) (primitive.Result, error) {
			reg := env.Admin.Registry()
			for _, p := range reg.Prompts() {
				if p.Name == transientPrompt {
					env.Admin.SetTools(reg.WithoutPrompts(transientPrompt))
					return text("prompts_list_changed published"), nil
				}
			}
			next, err := reg.WithPrompts(primitive.Prompt{Name: transientPrompt, Description: "Transient prompt used to trigger prompts/list_changed",
				Get: func(context.Context, map[string]string) (primitive.PromptResult, error) {
					return primitive.PromptResult{}, nil
				}})
			if err != nil {
				return primitive.Result{}, err
			}
			env.Admin.SetTools(next)
			return text("prompts_list_changed published"), nil
		}),
	}
}

// schema202012 uses the 2020-12 vocabulary the suite checks survives
// tools/list verbatim: $schema, $defs, $anchor, $ref, allOf/anyOf,
// if/then/else, additionalProperties.
const schema202012 = `{
	"$schema": "https://json-schema.org/draft/2020-12/schema",
	"type": "object",
	"$defs": {
		"address": {
			"$anchor": "addressDef",
			"type": "object",
			"properties": {"street": {"type": "string"}, "city": {"type": "string"}}
		}
	},
	"properties": {
		"name": {"type": "string"},
		"address": {"$ref": "#/$defs/address"},
		"contactMethod": {"type": "string", "enum": ["phone", "email"]},
		"phone": {"type": "string"},
		"email": {"type": "string"}
	},
	"allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
	"if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
	"then": {"required": ["phone"]},
	"else": {"required": ["email"]},
	"additionalProperties": false
}`

// compact removes the layout of a schema written for people; key order
// stays as written.
func compact(s string) json.RawMessage {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		panic("conformance fixture: " + err.Error())
	}
	return b.Bytes()
}

func resources() []primitive.Resource {
	textOf := func(s string) func(context.Context) ([]primitive.ResourceContents, error) {
		return func(context.Context) ([]primitive.ResourceContents, error) {
			return []primitive.ResourceContents{{Text: s}}, nil
		}
	}
	return []primitive.Resource{
		{URI: StaticText, Name: "static-text", Description: "A static text resource for testing", MIMEType: "text/plain",
			Read: textOf("This is the content of the static text resource.")},
		{URI: StaticBinary, Name: "static-binary", Description: "A static binary resource (image) for testing", MIMEType: "image/png",
			Read: func(context.Context) ([]primitive.ResourceContents, error) {
				return []primitive.ResourceContents{{Blob: toolbox.Logo()}}, nil
			}},
		{URI: Watched, Name: "watched-resource", Description: "A resource that changes every 3 seconds", MIMEType: "text/plain",
			Read: textOf("Watched resource content")},
	}
}

func prompts() []primitive.Prompt {
	user := func(c primitive.Content) primitive.PromptMessage {
		return primitive.PromptMessage{Role: "user", Content: c}
	}
	return []primitive.Prompt{
		{Name: "test_simple_prompt", Title: "Simple Test Prompt", Description: "A simple prompt without arguments",
			Get: func(context.Context, map[string]string) (primitive.PromptResult, error) {
				return primitive.PromptResult{Description: "A simple test prompt",
					Messages: []primitive.PromptMessage{user(primitive.TextContent("This is a simple prompt for testing."))}}, nil
			}},
		{Name: "test_prompt_with_arguments", Title: "Prompt With Arguments", Description: "A prompt with required arguments",
			Arguments: []primitive.PromptArgument{
				{Name: "arg1", Description: "First test argument", Required: true,
					Complete: func(map[string]string) []string { return []string{"paris", "park", "party", "test", "testing"} }},
				{Name: "arg2", Description: "Second test argument", Required: true},
			},
			Get: func(_ context.Context, args map[string]string) (primitive.PromptResult, error) {
				return primitive.PromptResult{Description: "A prompt with arguments", Messages: []primitive.PromptMessage{
					user(primitive.TextContent(fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", args["arg1"], args["arg2"])))}}, nil
			}},
		{Name: "test_prompt_with_embedded_resource", Title: "Prompt With Embedded Resource", Description: "A prompt that includes an embedded resource",
			Arguments: []primitive.PromptArgument{{Name: "resourceUri", Description: "URI of the resource to embed", Required: true}},
			Get: func(_ context.Context, args map[string]string) (primitive.PromptResult, error) {
				return primitive.PromptResult{Description: "A prompt with an embedded resource", Messages: []primitive.PromptMessage{
					user(primitive.EmbeddedResource(primitive.ResourceContents{URI: args["resourceUri"], MIMEType: "text/plain", Text: "Embedded resource content for testing."})),
					user(primitive.TextContent("Please process the embedded resource above.")),
				}}, nil
			}},
		{Name: "test_prompt_with_image", Title: "Prompt With Image", Description: "A prompt that includes image content",
			Get: func(context.Context, map[string]string) (primitive.PromptResult, error) {
				return primitive.PromptResult{Description: "A prompt with an image", Messages: []primitive.PromptMessage{
					user(primitive.ImageContent(toolbox.Logo(), "image/png")),
					user(primitive.TextContent("Please analyze the image above.")),
				}}, nil
			}},
		inputPrompt(),
	}
}

// silence is a WAV file of one 16-bit mono sample of silence at 8 kHz:
// a RIFF header, a fmt chunk and a data chunk.
func silence() []byte {
	const rate, bits, channels, samples = 8000, 16, 1, 1
	data := samples * channels * bits / 8
	b := make([]byte, 0, 44+data)
	le := binary.LittleEndian
	b = append(b, "RIFF"...)
	b = le.AppendUint32(b, uint32(36+data))
	b = append(b, "WAVEfmt "...)
	b = le.AppendUint32(b, 16) // fmt chunk size
	b = le.AppendUint16(b, 1)  // PCM
	b = le.AppendUint16(b, channels)
	b = le.AppendUint32(b, rate)
	b = le.AppendUint32(b, rate*channels*bits/8) // byte rate
	b = le.AppendUint16(b, channels*bits/8)      // block align
	b = le.AppendUint16(b, bits)
	b = append(b, "data"...)
	b = le.AppendUint32(b, uint32(data))
	return append(b, make([]byte, data)...)
}
