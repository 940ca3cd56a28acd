package conformance

// The fixture's tools that need the client: the suite's 2026-07-28
// input-required-result-* tools and prompt (multi round-trip requests),
// its 2025-11-25 sampling and elicitation tools (server-initiated
// requests), and the tasks extension's fixtures (tasks-* scenarios). Each
// asks through primitive.Env, so the same code serves both eras; the engine
// decides how the question travels.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

// Schemas the fixture's elicitations request.
var (
	nameSchema    = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`)
	okSchema      = json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}`)
	colorSchema   = json.RawMessage(`{"type":"object","properties":{"color":{"type":"string"}},"required":["color"]}`)
	contextSchema = json.RawMessage(`{"type":"object","properties":{"context":{"type":"string"}},"required":["context"]}`)
	confirmSchema = json.RawMessage(`{"type":"object","properties":{"confirm":{"type":"boolean","description":"Go ahead?"}},"required":["confirm"]}`)
	userSchema    = json.RawMessage(`{"type":"object","properties":{` +
		`"username":{"type":"string","description":"User's response"},` +
		`"email":{"type":"string","description":"User's email address"}},"required":["username","email"]}`)
	// SEP-1034: a default for every primitive type.
	defaultsSchema = json.RawMessage(`{"type":"object","properties":{` +
		`"name":{"type":"string","default":"John Doe"},` +
		`"age":{"type":"integer","default":30},` +
		`"score":{"type":"number","default":95.5},` +
		`"status":{"type":"string","enum":["active","inactive","pending"],"default":"active"},` +
		`"verified":{"type":"boolean","default":true}}}`)
	// SEP-1330: the five enum shapes.
	enumsSchema = json.RawMessage(`{"type":"object","properties":{` +
		`"untitledSingle":{"type":"string","enum":["option1","option2","option3"]},` +
		`"titledSingle":{"type":"string","oneOf":[{"const":"value1","title":"First Option"},{"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},` +
		`"legacyEnum":{"type":"string","enum":["opt1","opt2","opt3"],"enumNames":["Option One","Option Two","Option Three"]},` +
		`"untitledMulti":{"type":"array","items":{"type":"string","enum":["option1","option2","option3"]}},` +
		`"titledMulti":{"type":"array","items":{"anyOf":[{"const":"value1","title":"First Choice"},{"const":"value2","title":"Second Choice"},{"const":"value3","title":"Third Choice"}]}}}}`)
)

func userText(s string) []primitive.SamplingMessage {
	return []primitive.SamplingMessage{{Role: "user", Content: primitive.TextContent(s)}}
}

// argTool is a tool with one required string argument.
func argTool(name, description, arg, argDescription string, run func(ctx context.Context, value string, env primitive.Env) (primitive.Result, error)) primitive.Def {
	return primitive.Def{
		Tool: primitive.Tool{Name: name, Description: description,
			InputSchema: toolbox.Schema(map[string]any{arg: map[string]any{"type": "string", "description": argDescription}}, arg)},
		Run: func(ctx context.Context, args map[string]any, env primitive.Env) (primitive.Result, error) {
			v, _ := args[arg].(string)
			return run(ctx, v, env)
		},
	}
}

// elicited renders an elicitation answer the way the suite's tools do.
func elicited(prefix string, a primitive.ElicitAnswer) primitive.Result {
	b, _ := json.Marshal(a.Content)
	if a.Content == nil {
		b = []byte("{}")
	}
	return text(fmt.Sprintf("%saction=%s, content=%s", prefix, a.Action, b))
}

func askTools() []primitive.Def {
	return []primitive.Def{
		// 2026-07-28 multi round-trip requests.
		plain("test_input_required_result_elicitation", "Asks the user's name through an InputRequiredResult (SEP-2322)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				a, err := env.Elicit(ctx, primitive.ElicitForm("user_name", "What is your name?", nameSchema))
				if err != nil {
					return primitive.Result{}, err
				}
				name, _ := a.Content["name"].(string)
				return text("Hello, " + name + "!"), nil
			}),
		plain("test_input_required_result_sampling", "Asks the Host's model through an InputRequiredResult (SEP-2322)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				a, err := env.Sample(ctx, primitive.Sample("capital_question", primitive.SamplingRequest{
					Messages: userText("What is the capital of France?"), MaxTokens: 100}))
				if err != nil {
					return primitive.Result{}, err
				}
				return text("The model (" + a.Model + ") said: " + a.Text), nil
			}),
		plain("test_input_required_result_list_roots", "Asks for the client's roots through an InputRequiredResult (SEP-2322)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				roots, err := env.Roots(ctx, "client_roots")
				if err != nil {
					return primitive.Result{}, err
				}
				return text("Roots: " + rootList(roots)), nil
			}),
		plain("test_input_required_result_request_state", "Round-trips an integrity-protected requestState (SEP-2322)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				if _, err := env.Elicit(ctx, primitive.ElicitForm("confirm", "Please confirm", okSchema)); err != nil {
					return primitive.Result{}, err
				}
				// The engine verified the requestState before the tool ran again.
				return text("state-ok: the requestState came back intact"), nil
			}),
		plain("test_input_required_result_multiple_inputs", "Asks three things at once: elicitation, sampling, roots (SEP-2322)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				_, err := env.Ask(ctx,
					primitive.ElicitForm("user_name", "What is your name?", nameSchema),
					primitive.Sample("greeting", primitive.SamplingRequest{Messages: userText("Generate a greeting"), MaxTokens: 50}),
					primitive.ListRoots("client_roots"))
				if err != nil {
					return primitive.Result{}, err
				}
				return text("Received all three answers."), nil
			}),
		plain("test_input_required_result_multi_round", "Asks in two rounds, the second after the first is answered (SEP-2322)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				a, err := env.Elicit(ctx, primitive.ElicitForm("step1", "Step 1: What is your name?", nameSchema))
				if err != nil {
					return primitive.Result{}, err
				}
				b, err := env.Elicit(ctx, primitive.ElicitForm("step2", "Step 2: What is your favorite color?", colorSchema))
				if err != nil {
					return primitive.Result{}, err
				}
				return text(fmt.Sprintf("%v likes %v.", a.Content["name"], b.Content["color"])), nil
			}),
		plain("test_input_required_result_tampered_state", "Rejects a requestState that fails its integrity check (SEP-2322)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				if _, err := env.Elicit(ctx, primitive.ElicitForm("confirm", "Please confirm", okSchema)); err != nil {
					return primitive.Result{}, err
				}
				return text("state-ok"), nil
			}),
		plain("test_input_required_result_capabilities", "Asks only what the request's clientCapabilities declare (SEP-2322)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				var reqs []primitive.InputRequest
				if env.Declares(protocol.CapElicitation) {
					reqs = append(reqs, primitive.ElicitForm("user_name", "What is your name?", nameSchema))
				}
				if env.Declares(protocol.CapSampling) {
					reqs = append(reqs, primitive.Sample("greeting", primitive.SamplingRequest{Messages: userText("Generate a greeting"), MaxTokens: 50}))
				}
				if env.Declares(protocol.CapRoots) {
					reqs = append(reqs, primitive.ListRoots("client_roots"))
				}
				if len(reqs) == 0 {
					return text("The client declared nothing to ask."), nil
				}
				if _, err := env.Ask(ctx, reqs...); err != nil {
					return primitive.Result{}, err
				}
				return text(fmt.Sprintf("Received %d answers.", len(reqs))), nil
			}),

		// 2025-11-25 server-initiated requests.
		argTool("test_sampling", "Asks the client's LLM to answer the prompt (sampling/createMessage)", "prompt", "The prompt to send to the LLM",
			func(ctx context.Context, prompt string, env primitive.Env) (primitive.Result, error) {
				a, err := env.Sample(ctx, primitive.Sample("answer", primitive.SamplingRequest{Messages: userText(prompt), MaxTokens: 100}))
				if err != nil {
					return primitive.Result{}, err
				}
				return text("LLM response: " + a.Text), nil
			}),
		argTool("test_elicitation", "Asks the user for a username and e-mail address (elicitation/create)", "message", "The message to show the user",
			func(ctx context.Context, message string, env primitive.Env) (primitive.Result, error) {
				a, err := env.Elicit(ctx, primitive.ElicitForm("user", message, userSchema))
				if err != nil {
					return primitive.Result{}, err
				}
				return elicited("User response: ", a), nil
			}),
		plain("test_elicitation_sep1034_defaults", "Elicits a form with a default for every primitive type (SEP-1034)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				a, err := env.Elicit(ctx, primitive.ElicitForm("defaults", "Please review and update the form fields with defaults", defaultsSchema))
				if err != nil {
					return primitive.Result{}, err
				}
				return elicited("Elicitation completed: ", a), nil
			}),
		plain("test_elicitation_sep1330_enums", "Elicits a form with the five enum shapes (SEP-1330)",
			func(ctx context.Context, env primitive.Env) (primitive.Result, error) {
				a, err := env.Elicit(ctx, primitive.ElicitForm("enums", "Please select options from the enum fields", enumsSchema))
				if err != nil {
					return primitive.Result{}, err
				}
				return elicited("Elicitation completed: ", a), nil
			}),
	}
}

func rootList(roots []primitive.Root) string {
	if len(roots) == 0 {
		return "(none)"
	}
	var out []string
	for _, r := range roots {
		out = append(out, r.URI)
	}
	return strings.Join(out, ", ")
}

// inputPrompt is the suite's interactive prompt (input-required-result-
// non-tool-request): prompts/get answers input_required first.
func inputPrompt() primitive.Prompt {
	return primitive.Prompt{Name: "test_input_required_result_prompt", Title: "Prompt That Asks",
		Description: "A prompt that asks the user for context before it is filled in (SEP-2322)",
		Interactive: func(ctx context.Context, _ map[string]string, env primitive.Env) (primitive.PromptResult, error) {
			a, err := env.Elicit(ctx, primitive.ElicitForm("user_context", "What context should the prompt use?", contextSchema))
			if err != nil {
				return primitive.PromptResult{}, err
			}
			return primitive.PromptResult{Description: "A prompt filled in with the user's context", Messages: []primitive.PromptMessage{
				{Role: "user", Content: primitive.TextContent(fmt.Sprintf("Use this context: %v", a.Content["context"]))}}}, nil
		}}
}

// taskTools are the tasks extension's fixtures (SEP-2663 scenarios).
func taskTools() []primitive.Def {
	secondsSchema := toolbox.Schema(map[string]any{
		"seconds": map[string]any{"type": "number", "minimum": 0, "description": "How long to compute; 0 answers at once."},
		"label":   map[string]any{"type": "string", "description": "A label echoed in the result."},
	})
	task := func(name, description, support string, schema json.RawMessage, run func(ctx context.Context, args map[string]any, env primitive.Env) (primitive.Result, error)) primitive.Def {
		if schema == nil {
			schema = json.RawMessage(`{"type":"object"}`)
		}
		return primitive.Def{Tool: primitive.Tool{Name: name, Description: description, InputSchema: schema, TaskSupport: support}, Run: run}
	}
	return []primitive.Def{
		argTool("greet", "Greets someone; never a task", "name", "Who to greet",
			func(_ context.Context, name string, _ primitive.Env) (primitive.Result, error) {
				return text("Hello, " + name + "!"), nil
			}),
		task("slow_compute", "Computes for `seconds` seconds as a task (seconds 0: answers at once)", protocol.TaskOptional, secondsSchema,
			func(ctx context.Context, args map[string]any, env primitive.Env) (primitive.Result, error) {
				n, _ := args["seconds"].(json.Number)
				seconds, _ := n.Float64()
				label, _ := args["label"].(string)
				if seconds <= 0 {
					return text("Computed " + label + " at once."), nil
				}
				env.Detach()
				if err := env.Sleep(ctx, time.Duration(seconds*float64(time.Second))); err != nil {
					return primitive.Result{}, err
				}
				return text(fmt.Sprintf("Computed %s in %g s.", label, seconds)), nil
			}),
		task("failing_job", "Runs only as a task and ends in a tool execution error", protocol.TaskRequired, nil,
			func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
				env.Detach()
				if err := env.Sleep(ctx, time.Second); err != nil {
					return primitive.Result{}, err
				}
				return primitive.Result{Text: "The job failed: the input could not be processed.", IsError: true}, nil
			}),
		task("protocol_error_job", "A task whose request ends in a JSON-RPC error", protocol.TaskOptional, nil,
			func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
				env.Detach()
				if err := env.Sleep(ctx, 200*time.Millisecond); err != nil {
					return primitive.Result{}, err
				}
				return primitive.Result{}, fmt.Errorf("the job crashed")
			}),
		task("confirm_delete", "Deletes a file after the user confirms, as a task", protocol.TaskOptional,
			toolbox.Schema(map[string]any{"filename": map[string]any{"type": "string", "description": "The file to delete."}}, "filename"),
			func(ctx context.Context, args map[string]any, env primitive.Env) (primitive.Result, error) {
				name, _ := args["filename"].(string)
				env.Detach()
				a, err := env.Elicit(ctx, primitive.ElicitForm("confirm", "Delete "+name+"?", confirmSchema))
				if err != nil {
					return primitive.Result{}, err
				}
				if ok, _ := a.Content["confirm"].(bool); a.Action == protocol.ActionAccept && ok {
					return text("Deleted " + name + "."), nil
				}
				return text("Kept " + name + " (" + a.Action + ")."), nil
			}),
		task("multi_input", "Asks two questions at once, as a task", protocol.TaskOptional, nil,
			func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
				env.Detach()
				answers, err := env.Ask(ctx,
					primitive.ElicitForm("name", "What is your name?", nameSchema),
					primitive.ElicitForm("confirm", "Go ahead?", confirmSchema))
				if err != nil {
					return primitive.Result{}, err
				}
				return text(fmt.Sprintf("Received %d answers.", len(answers))), nil
			}),
		task("test_tool_with_task", "Asks the user's name (multi round-trip), then goes on as a task", protocol.TaskRequired, nil,
			func(ctx context.Context, _ map[string]any, env primitive.Env) (primitive.Result, error) {
				a, err := env.Elicit(ctx, primitive.ElicitForm("user_name", "What is your name?", nameSchema))
				if err != nil {
					return primitive.Result{}, err
				}
				env.Detach()
				if err := env.Sleep(ctx, 200*time.Millisecond); err != nil {
					return primitive.Result{}, err
				}
				name, _ := a.Content["name"].(string)
				return text("Hello, " + name + "! (from the task)"), nil
			}),
	}
}
