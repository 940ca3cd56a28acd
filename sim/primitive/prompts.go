package primitive

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"mcpwirelab/sim/protocol"
)

// Prompt is a prompt template as prompts/list shows it, and the function
// that fills it in (server/prompts).
type Prompt struct {
	Name        string
	Title       string
	Description string
	Arguments   []PromptArgument
	// Get builds the messages; args holds every required argument (checked
	// before Get runs) and only declared ones.
	Get func(ctx context.Context, args map[string]string) (PromptResult, error)
	// Interactive, when set, is used instead of Get: a prompt that asks the
	// client something (env.Ask) before it can be filled in. 2026-07-28
	// mrtr §Supported Requests: prompts/get may answer with an
	// InputRequiredResult.
	Interactive func(ctx context.Context, args map[string]string, env Env) (PromptResult, error)
}

// PromptArgument is one argument of a prompt.
type PromptArgument struct {
	Name        string
	Title       string
	Description string
	Required    bool
	// Complete suggests values (completion/complete with a ref/prompt
	// reference); nil: no suggestions.
	Complete Completer
}

// PromptResult is what prompts/get returns.
type PromptResult struct {
	Description string
	Messages    []PromptMessage
}

// PromptMessage is one message of a prompt (role "user" or "assistant").
type PromptMessage struct {
	Role    string  `json:"role"`
	Content Content `json:"content"`
}

// Completer lists the candidate values of an argument, most relevant
// first; context holds the arguments the user already chose
// (completion/complete params.context.arguments). The registry keeps the
// candidates that match what the user typed.
type Completer func(context map[string]string) []string

// Completion is the completion/complete answer (server/utilities/
// completion §Completion Results: at most 100 values, the total number of
// matches, whether there are more).
type Completion struct {
	Values  []string
	Total   int
	HasMore bool
}

// MaxCompletionValues is the cap on values per response.
const MaxCompletionValues = 100

// UnknownPromptError is a prompts/get or completion/complete for a prompt
// that is not registered; ArgumentError is an argument the prompt does not
// accept, or a required one that is missing. Both are invalid params.
type UnknownPromptError struct{ Name string }

func (e *UnknownPromptError) Error() string { return "Unknown prompt: " + e.Name }

type ArgumentError struct{ Msg string }

func (e *ArgumentError) Error() string { return e.Msg }

// Prompts returns the prompts in prompts/list order.
func (r *Registry) Prompts() []Prompt { return append([]Prompt(nil), r.prompts...) }

func (r *Registry) prompt(name string) (Prompt, bool) {
	for _, p := range r.prompts {
		if p.Name == name {
			return p, true
		}
	}
	return Prompt{}, false
}

// GetPrompt checks args against the prompt's arguments and builds it.
func (r *Registry) GetPrompt(ctx context.Context, name string, args map[string]string) (PromptResult, error) {
	return r.GetPromptWith(ctx, name, args, Env{})
}

// GetPromptWith is GetPrompt for a caller that can ask the client (env.Ask)
// on behalf of an interactive prompt.
func (r *Registry) GetPromptWith(ctx context.Context, name string, args map[string]string, env Env) (PromptResult, error) {
	p, ok := r.prompt(name)
	if !ok {
		return PromptResult{}, &UnknownPromptError{Name: name}
	}
	if err := ctx.Err(); err != nil {
		return PromptResult{}, err
	}
	var problems []string
	declared := make([]string, len(p.Arguments))
	for i, a := range p.Arguments {
		declared[i] = a.Name
		if _, ok := args[a.Name]; a.Required && !ok {
			problems = append(problems, "missing required argument "+Quote(a.Name))
		}
	}
	var unknown []string
	for k := range args {
		if !containsString(declared, k) {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		allowed := "it takes no arguments"
		if len(declared) > 0 {
			allowed = "arguments: " + QuoteAll(declared)
		}
		problems = append(problems, "unknown argument "+Quote(k)+" ("+allowed+")")
	}
	if len(problems) > 0 {
		return PromptResult{}, &ArgumentError{Msg: "Invalid arguments for prompt " + name + ": " + strings.Join(problems, "; ")}
	}
	if args == nil {
		args = map[string]string{}
	}
	if p.Interactive != nil {
		return p.Interactive(ctx, args, env)
	}
	return p.Get(ctx, args)
}

// Complete suggests values for argument arg of a prompt (ref RefPrompt,
// key its name) or a template variable (ref RefResource, key the template
// or a URI it produces): the candidates whose beginning matches value,
// case-insensitively, at most MaxCompletionValues of them.
func (r *Registry) Complete(ref, key, arg, value string, context map[string]string) (Completion, error) {
	var (
		complete Completer
		known    []string
	)
	switch ref {
	case protocol.RefPrompt:
		p, ok := r.prompt(key)
		if !ok {
			return Completion{}, &UnknownPromptError{Name: key}
		}
		for _, a := range p.Arguments {
			known = append(known, a.Name)
			if a.Name == arg {
				complete = a.Complete
			}
		}
	case protocol.RefResource:
		d := r.template(key)
		if d == nil {
			return Completion{}, &NotFoundError{URI: key}
		}
		known = d.vars
		complete = d.t.Complete[arg]
	default:
		return Completion{}, &ArgumentError{Msg: "Invalid params: ref.type must be " + Quote(protocol.RefPrompt) + " or " + Quote(protocol.RefResource) + ", got " + Quote(ref)}
	}
	if !containsString(known, arg) {
		return Completion{}, &ArgumentError{Msg: fmt.Sprintf("Invalid params: %s has no argument %s (arguments: %s)", key, Quote(arg), QuoteAll(known))}
	}
	var out Completion
	if complete == nil {
		out.Values = []string{}
		return out, nil
	}
	want := strings.ToLower(value)
	out.Values = []string{}
	for _, c := range complete(context) {
		if !strings.HasPrefix(strings.ToLower(c), want) {
			continue
		}
		out.Total++
		if len(out.Values) < MaxCompletionValues {
			out.Values = append(out.Values, c)
		}
	}
	out.HasMore = out.Total > len(out.Values)
	return out, nil
}

// template finds a template by its URI template, or by a URI it produces.
func (r *Registry) template(key string) *templateDef {
	for _, d := range r.templates {
		if d.t.URITemplate == key {
			return d
		}
	}
	for _, d := range r.templates {
		if d.match(key) != nil {
			return d
		}
	}
	return nil
}

// HasCompletions reports whether any prompt argument or template variable
// offers suggestions (the server then declares the completions capability).
func (r *Registry) HasCompletions() bool {
	for _, p := range r.prompts {
		for _, a := range p.Arguments {
			if a.Complete != nil {
				return true
			}
		}
	}
	for _, d := range r.templates {
		if len(d.t.Complete) > 0 {
			return true
		}
	}
	return false
}
