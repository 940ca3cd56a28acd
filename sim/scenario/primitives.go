package scenario

// The server's primitives beyond tools, as a host uses them: resources the
// user attaches to the conversation (resources), a prompt template picked
// from the menu with its arguments completed (prompts), and the server's
// log messages in the host's log panel (logging). Each runs under both
// versions over both transports; what moved between the eras is what the
// compare view shows: resources/subscribe vs subscriptions/listen,
// -32002 vs -32602, logging/setLevel vs the per-request logLevel.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/trace"
)

// primitivesFamily: the server's other primitives, in the catalog's order
// (catalog.go joins the families).
var primitivesFamily = []scenarioDef{
	{info: Info{Name: "resources",
		Transports: bothWires, Faults: []string{FaultNone, FaultNotFound}}, server: resourcesServer, run: resourcesScenario,
		doc: "the user's question comes with context: the Host's resource picker (`resources/list`, `resources/templates/list`), `completion/complete` of the `{department}` variable of `company://departments/{department}`, the page subscribed before it is read (2025-11-25 `resources/subscribe`, updates on the session's GET stream or stdout; 2026-07-28 `subscriptions/listen` with `resourceSubscriptions`), both reads handed to the model as documents before the user's message; Finance edits the expenses page, `notifications/resources/updated` names it, the Host re-reads it and the model revises its answer"},
	{info: Info{Name: "prompts",
		Transports: bothWires, Faults: []string{FaultNone, FaultParamMismatch}}, run: promptsScenario,
		doc: "the slash menu (`prompts/list`), both arguments of `welcome_email` completed (the chosen department narrows the employee ids), `prompts/get` inserted as conversation turns (text, the welcome page embedded, the logo as an image), then `post_announcement` to the 上海 office: over 2026-07-28 HTTP the office also travels in `Mcp-Param-Office` (`=?base64?5LiK5rW3?=`)"},
	{info: Info{Name: "logging",
		Transports: bothWires, Faults: []string{FaultNone, FaultMissingLogLevel, FaultUndeclaredCapability, FaultSetLevel, FaultTraceContext}}, run: loggingScenario,
		doc: "the Host's log panel during the slow export: 2025-11-25 sets the session's level with `logging/setLevel` (both calls then log); 2026-07-28 puts `_meta` `io.modelcontextprotocol/logLevel` on the export only, so the export's answer is an SSE stream with `notifications/message` before the result, and the announcement, which did not ask, is one JSON object"},
}

// Tags of the subscription that keeps an attached resource fresh: its
// steps have notes of their own (ownSubscriptionNotes), not the
// list-changed scenario's.
const (
	tagWatch       = "watch"        // 2026-07-28 subscriptions/listen; 2025-11-25 stdio
	tagWatchStream = "watch-stream" // the 2025-11-25 GET stream
)

// ownSubscriptionNotes reports whether a subscription's acknowledgment and
// end are annotated under its own tag ("watch.acknowledged",
// "watch.close-stream") instead of the shared subscription.* notes.
func ownSubscriptionNotes(tag string) bool { return tag == tagWatch || tag == tagWatchStream }

// ---- resources: context the user attaches -------------------------------

// The resources story's facts.
const (
	monitorPrompt = "I want a 700 EUR monitor in December. Can I buy it then, and who in Finance approves it?"
	// monitorEdit is when Finance edits the expenses page (the server sees
	// it at its next look, every second).
	monitorEdit = 1500 * time.Millisecond
)

// expensesEdited is the expenses page after Finance's edit.
const expensesEdited = "# Expenses\n\n" +
	"- Submit the month's expenses by Friday noon.\n" +
	"- Purchases above 500 EUR need Finance's approval first.\n" +
	"- December: the budget freeze is lifted for equipment up to 1,000 EUR (Finance, 1 December).\n"

// resourcesServer: the course server; in the run without a fault Finance
// edits the expenses page while the host watches it, which the dev server
// cannot be made to do (not servable). The not-found run never gets there.
func resourcesServer(o Options) serverSpec {
	return serverSpec{adminEdits: o.Fault == FaultNone}
}

// attachment is a resource the user attached, as the host read it.
type attachment struct {
	uri, mimeType, text string
	missing             string // why it could not be read ("" when read)
}

func resourcesScenario(r *runner) {
	r.host(trace.Host, trace.Host, "user.prompt-context", monitorPrompt+"\n")
	if !r.start() {
		return
	}
	// The host's resource picker: what resources/list offers, then the
	// templates, whose variables the user fills in with completion.
	resources, out := r.c.ListResources(r.ctx, callOpts{Tag: "resources-list"})
	if !r.ok(out) {
		return
	}
	r.host(trace.Client, trace.Host, "resources.picker", pickerView(resources))
	page := toolbox.HandbookExpenses
	r.host(trace.Host, trace.Host, "resources.user-picks", "user attaches: "+page+"\n")
	templates, out := r.c.ListResourceTemplates(r.ctx, callOpts{Tag: "templates-list"})
	if !r.ok(out) {
		return
	}
	r.host(trace.Client, trace.Host, "resources.templates", templatesView(templates))
	typed := "Fi"
	r.host(trace.Host, trace.Host, "resources.user-types", fmt.Sprintf("user picks %s and types department: %q\n", toolbox.DepartmentTemplate, typed))
	comp, out := r.c.Complete(r.ctx, client.ResourceRef(toolbox.DepartmentTemplate), "department", typed, nil, callOpts{Tag: "complete-variable"})
	if !r.ok(out) || len(comp.Values) == 0 {
		r.finish()
		return
	}
	r.host(trace.Client, trace.Host, "completion.suggests", suggestionsView("department", typed, comp))
	dept := comp.Values[0]
	if typed := r.fault().department; typed != "" {
		// The user ignores the suggestion and types on.
		dept = typed
		r.host(trace.Host, trace.Host, "resources.user-types", fmt.Sprintf("user ignores the suggestion and types department: %q\n", dept))
	}
	roster := strings.Replace(toolbox.DepartmentTemplate, "{department}", dept, 1)
	r.host(trace.Host, trace.Host, "resources.user-picks", "user attaches: "+roster+"\n")

	// Subscribed first, read second: no change can slip between the two.
	opened := func(stop func()) {
		attached := []attachment{r.readAttachment("read-page", page), r.readAttachment("read-roster", roster)}
		r.host(trace.Client, trace.Host, "model.reads-context", contextView(attached, monitorPrompt))
		r.host(trace.Host, trace.Host, "model.answers-context", monitorAnswer(attached))
		if attached[1].missing != "" || r.o.Fault != FaultNone {
			stop()
			return
		}
		// Finance edits the page while the conversation goes on.
		r.clock.AfterFunc(monitorEdit, func() {
			for _, s := range r.servers {
				s.SetTools(editExpenses(s.Registry()))
				s.ResourceUpdated(page)
			}
			r.record(ev{from: trace.Server, to: trace.Server, ch: trace.HostChannel, kind: trace.KindThink,
				raw: "admin (Finance): edited " + page + "\n", note: "resources.admin"})
		})
	}
	react := func(n *jsonrpc.Message, stop func()) {
		switch n.Method {
		case protocol.MethodAcknowledged:
			opened(stop)
		case protocol.MethodResourceUpdated:
			// The notification names the resource, not its new contents.
			again := r.readAttachment("reread", page)
			r.host(trace.Client, trace.Host, "model.reads-context", contextView([]attachment{again}, "The attached page "+page+" changed; here it is again."))
			r.host(trace.Host, trace.Host, "model.answers-context", monitorAnswer([]attachment{again, {uri: roster, text: "(unchanged)"}}))
			if !protocol.IsModern(r.c.Version()) {
				r.c.Unsubscribe(r.ctx, page, callOpts{Tag: "unsubscribe"})
			}
			stop()
		}
	}
	switch {
	case protocol.IsModern(r.c.Version()):
		// 2026-07-28 server/resources §Subscriptions: the URI goes in the
		// resourceSubscriptions of subscriptions/listen.
		r.c.Listen(r.ctx, mcp.SubscriptionFilter{ResourceSubscriptions: []string{page}}, callOpts{Tag: tagWatch, OnNotify: react})
	case !r.ok(r.c.Subscribe(r.ctx, page, callOpts{Tag: "subscribe"})):
		return
	case r.o.Transport == "stdio":
		// 2025-11-25 stdio: the update is one more line on stdout.
		opened(func() {})
		if r.o.Fault == FaultNone && !r.closed {
			r.c.Listen(r.ctx, mcp.SubscriptionFilter{}, callOpts{Tag: tagWatch, OnNotify: react})
		}
	default:
		// 2025-11-25 HTTP: on the session's GET stream.
		r.c.Listen(r.ctx, mcp.SubscriptionFilter{}, callOpts{Tag: tagWatchStream, OnNotify: react, OnOpen: opened})
	}
	if !protocol.IsModern(r.c.Version()) && r.o.Fault != FaultNone {
		r.c.Unsubscribe(r.ctx, page, callOpts{Tag: "unsubscribe"})
	}
	r.finish()
}

// readAttachment reads one attached resource; a URI that names nothing is
// shown to the user (-32002 in 2025-11-25, -32602 in 2026-07-28: both are
// "not found" to this client).
func (r *runner) readAttachment(tag, uri string) attachment {
	res, out := r.c.ReadResource(r.ctx, uri, callOpts{Tag: tag})
	a := attachment{uri: uri}
	switch {
	case client.IsResourceNotFound(out):
		e := out.Error()
		a.missing = fmt.Sprintf("error %d %s", e.Code, e.Message)
		r.host(trace.Client, trace.Host, "resources.not-found", fmt.Sprintf("cannot attach %s: not found (error %d %s)\n", uri, e.Code, e.Message))
	case out.Response == nil || out.Error() != nil:
		a.missing = "no contents"
		r.failure(out)
	default:
		for _, c := range res.Contents {
			a.mimeType, a.text = c.MIMEType, a.text+c.Text
		}
	}
	return a
}

// editExpenses is reg with Finance's edit of the expenses page.
func editExpenses(reg *primitive.Registry) *primitive.Registry {
	for _, res := range reg.Resources() {
		if res.URI != toolbox.HandbookExpenses {
			continue
		}
		notes := *res.Annotations
		notes.LastModified = "2026-12-01T08:00:00Z"
		res.Annotations = &notes
		res.Read = func(context.Context) ([]primitive.ResourceContents, error) {
			return []primitive.ResourceContents{{Text: expensesEdited}}, nil
		}
		out, err := reg.ReplaceResource(res)
		if err != nil {
			panic("scenario: " + err.Error()) // the course has the page
		}
		return out
	}
	return reg
}

// pickerView is the host's resource picker: what resources/list offers.
func pickerView(resources []mcp.Resource) string {
	var b strings.Builder
	b.WriteString("resource picker (the user can attach these):\n")
	for _, res := range resources {
		fmt.Fprintf(&b, "  %s  %s (%s)\n", res.URI, res.Title, res.MIMEType)
	}
	return b.String()
}

// templatesView adds the templates: the picker asks for their variables.
func templatesView(templates []mcp.ResourceTemplate) string {
	var b strings.Builder
	b.WriteString("resource picker, templates (the user fills in the variables):\n")
	for _, t := range templates {
		fmt.Fprintf(&b, "  %s  %s\n", t.URITemplate, t.Title)
	}
	return b.String()
}

// suggestionsView is what the host's UI shows under an argument field.
func suggestionsView(arg, typed string, c mcp.CompletionValue) string {
	return fmt.Sprintf("suggestions for %s %q: %s (%d of %d)\n", arg, typed, strings.Join(c.Values, ", "), len(c.Values), c.Total)
}

// contextView is how the host hands attached resources to the model: each
// one as a document in the conversation, before the user's message (the
// way chat hosts insert what the user attached).
func contextView(attached []attachment, message string) string {
	var b strings.Builder
	b.WriteString("The user attached these resources to the conversation:\n")
	for _, a := range attached {
		if a.missing != "" {
			fmt.Fprintf(&b, "<resource uri=%q missing=%q/>\n", a.uri, a.missing)
			continue
		}
		fmt.Fprintf(&b, "<resource uri=%q mimeType=%q>\n%s\n</resource>\n", a.uri, a.mimeType, strings.TrimSuffix(a.text, "\n"))
	}
	b.WriteString("User: " + message + "\n")
	return b.String()
}

// monitorAnswer is the model's answer from what is attached: the page's
// rules about 500 EUR and December, and the approvers in the roster.
func monitorAnswer(attached []attachment) string {
	var b strings.Builder
	var december string
	for _, a := range attached {
		switch {
		case a.missing != "":
			fmt.Fprintf(&b, "I could not read %s, so I cannot name the approvers from it.\n", a.uri)
		case a.mimeType == "text/markdown":
			b.WriteString("From the attached expenses page:\n")
			for _, line := range strings.Split(a.text, "\n") {
				if strings.Contains(line, "500 EUR") || strings.Contains(line, "1,000 EUR") {
					b.WriteString(line + "\n")
				}
				if strings.Contains(line, "December") {
					december = line
				}
			}
		case strings.HasPrefix(a.text, "{"):
			var roster struct {
				Members []struct{ Name string } `json:"members"`
			}
			_ = json.Unmarshal([]byte(a.text), &roster)
			var names []string
			for _, m := range roster.Members {
				names = append(names, m.Name)
			}
			fmt.Fprintf(&b, "Finance's approvers (from the attached roster): %s.\n", strings.Join(names, ", "))
		}
	}
	switch {
	case strings.Contains(december, "lifted"):
		b.WriteString("So the 700 EUR monitor can be bought in December, once Finance approves it.\n")
	case strings.Contains(december, "freeze"):
		b.WriteString("So the 700 EUR monitor has to wait until January, and Finance must approve it first.\n")
	}
	return b.String()
}

// ---- prompts: a template from the menu, its arguments completed ----------

const welcomePrompt = "Draft Wang Fang's welcome e-mail with the welcome_email prompt, then post a welcome on the 上海 office board."

func promptsScenario(r *runner) {
	r.host(trace.Host, trace.Host, "user.prompt-template", welcomePrompt+"\n")
	if !r.start() {
		return
	}
	prompts, out := r.c.ListPrompts(r.ctx, callOpts{Tag: "prompts-menu"})
	if !r.ok(out) {
		return
	}
	r.host(trace.Client, trace.Host, "prompts.menu", menuView(prompts))
	// The user fills in the arguments; the UI completes each one.
	args := map[string]string{}
	for _, step := range []struct{ arg, typed, pick string }{{"department", "Eng", "Engineering"}, {"employee", "e0", "e03"}} {
		r.host(trace.Host, trace.Host, "prompts.user-types", fmt.Sprintf("user picks /welcome_email and types %s: %q\n", step.arg, step.typed))
		comp, out := r.c.Complete(r.ctx, client.PromptRef("welcome_email"), step.arg, step.typed, args, callOpts{Tag: "complete-argument"})
		if !r.ok(out) {
			return
		}
		r.host(trace.Client, trace.Host, "completion.suggests", suggestionsView(step.arg, step.typed, comp)+"user picks: "+step.pick+"\n")
		args[step.arg] = step.pick
	}
	got, out := r.c.GetPrompt(r.ctx, "welcome_email", args, callOpts{Tag: "prompts-get"})
	if !r.ok(out) {
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-prompt", promptView("welcome_email", got))
	r.host(trace.Host, trace.Host, "model.drafts", welcomeDraft(got))
	tools, ok := r.listTools()
	if !ok {
		r.finish()
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	name := "Wang Fang (王芳)"
	if e := draftFacts(got); e.name != "" {
		name = e.name
	}
	// A gateway may rewrite the call's Mcp-Param-Office on its way
	// (param-mismatch): the call's label is then the fault's.
	res := r.callTool(toolChoice{Name: "post_announcement", Tag: r.callTag("post-welcome"), Intermediate: true,
		Args: map[string]any{"office": "上海", "text": "Please welcome " + name + ", who joins Engineering!"}})
	if res.resp != nil {
		var out struct {
			StructuredContent struct{ Office, Board string } `json:"structuredContent"`
		}
		_ = json.Unmarshal(res.resp.Result, &out)
		r.host(trace.Host, trace.Host, "model.confirms", fmt.Sprintf("The draft is above; the welcome is on the %s notice board (%s).\n",
			out.StructuredContent.Office, out.StructuredContent.Board))
	}
	r.finish()
}

// menuView is the host's prompt menu, from prompts/list.
func menuView(prompts []mcp.Prompt) string {
	var b strings.Builder
	b.WriteString("prompt menu (the user typed /):\n")
	for _, p := range prompts {
		var args []string
		for _, a := range p.Arguments {
			if a.Required {
				args = append(args, a.Name+"*")
			} else {
				args = append(args, a.Name)
			}
		}
		fmt.Fprintf(&b, "  /%s  %s (%s)\n", p.Name, p.Title, strings.Join(args, ", "))
	}
	b.WriteString("* required argument\n")
	return b.String()
}

// promptView is how the host inserts a prompt's messages into the
// conversation: each message a turn of its role; an embedded resource as
// a document, an image as an image part, a resource link as a reference
// the host could read.
func promptView(name string, res mcp.GetPromptResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The prompt %s put these messages into the conversation:\n", name)
	for _, m := range res.Messages {
		c := m.Content
		switch c.Type {
		case protocol.ContentText:
			fmt.Fprintf(&b, "[%s] %s\n", m.Role, c.Text)
		case protocol.ContentResource:
			fmt.Fprintf(&b, "[%s] <resource uri=%q mimeType=%q>\n%s\n</resource>\n", m.Role, c.Resource.URI, c.Resource.MIMEType, strings.TrimSuffix(c.Resource.Text, "\n"))
		case protocol.ContentImage:
			fmt.Fprintf(&b, "[%s] <image mimeType=%q bytes=\"%d\"/>\n", m.Role, c.MIMEType, len(c.Data))
		case protocol.ContentResourceLink:
			fmt.Fprintf(&b, "[%s] <resource-link uri=%q name=%q/>\n", m.Role, c.URI, c.Name)
		}
	}
	return b.String()
}

// welcomeFacts are what the prompt's text tells the model.
type welcomeFacts struct{ name, dept, days string }

// draftFacts reads the prompt's instruction the way the model would.
func draftFacts(res mcp.GetPromptResult) welcomeFacts {
	for _, m := range res.Messages {
		if m.Content.Type != protocol.ContentText {
			continue
		}
		t := m.Content.Text
		var f welcomeFacts
		if _, rest, ok := strings.Cut(t, "e-mail to "); ok {
			f.name, rest, _ = strings.Cut(rest, ", who joins ")
			f.dept, rest, _ = strings.Cut(rest, ". ")
			_, rest, _ = strings.Cut(rest, "office days (")
			f.days, _, _ = strings.Cut(rest, ")")
			return f
		}
	}
	return welcomeFacts{}
}

// welcomeDraft is the model's e-mail, from the prompt's messages.
func welcomeDraft(res mcp.GetPromptResult) string {
	f := draftFacts(res)
	var b strings.Builder
	b.WriteString("Draft:\n")
	for _, m := range res.Messages {
		if m.Content.Type == protocol.ContentImage {
			fmt.Fprintf(&b, "[logo: %s]\n", m.Content.MIMEType)
		}
	}
	fmt.Fprintf(&b, "Subject: Welcome to Acme, %s!\n", f.name)
	fmt.Fprintf(&b, "Welcome to %s! Your office days are %s.\n", f.dept, f.days)
	for _, m := range res.Messages {
		if m.Content.Type == protocol.ContentResource {
			fmt.Fprintf(&b, "The handbook starts at %s.\n", m.Content.Resource.URI)
		}
	}
	return b.String()
}

// paramMismatch reports whether a tools/call was refused with 400 and
// -32020 HeaderMismatch.
func paramMismatch(out outcome) bool {
	e := out.Error()
	return e != nil && e.Code == protocol.CodeHeaderMismatch && out.Status == http.StatusBadRequest
}

// relistAndRetry follows 2026-07-28 streamable-http §Client Behavior for a
// HeaderMismatch on a call that carried Mcp-Param-* headers: "the client
// SHOULD call tools/list to check for changes to the tool's inputSchema,
// then retry the original request with the appropriate headers". Once: if
// the schema did not change, the same headers come out again.
func (r *runner) relistAndRetry(out outcome, name string, args []byte, o callOpts) (mcp.CallToolResult, outcome) {
	r.host(trace.Client, trace.Client, "param-mismatch.relist-plan",
		fmt.Sprintf("error %d on a call with %s headers: re-read the tool's inputSchema with tools/list, then retry once\n", out.Error().Code, protocol.HeaderParamPrefix+"*"))
	if _, lo := r.c.ListTools(r.ctx, callOpts{Tag: "tools-relist"}); !r.ok(lo) {
		return mcp.CallToolResult{}, lo
	}
	o.Tag += "-retry"
	return r.c.CallTool(r.ctx, name, json.RawMessage(args), o)
}

// ---- logging: the server's log messages in the host's log panel ---------

// logLevel is the level the host shows in its log panel.
const logLevel = "info"

func loggingScenario(r *runner) {
	r.host(trace.Host, trace.Host, "user.prompt", "Export the Support timesheets for the last two weeks, then tell the Lisbon office they are done.\n")
	if !r.start() {
		return
	}
	modern := protocol.IsModern(r.c.Version())
	perRequest := "" // the level the export asks for (2026-07-28)
	session := false // a 2025-11-25 session's level is set
	f := r.fault()
	switch {
	case f.traceContext:
		r.tracedLogging()
		return
	case f.noLogLevel && modern:
		r.host(trace.Client, trace.Client, "logging.plan", "log panel: on, but the export request will carry no _meta logLevel\n")
	case f.noLogLevel:
		r.host(trace.Client, trace.Client, "logging.plan", "log panel: on, but the host sends no logging/setLevel\n")
	case f.setLevel:
		// Code written for 2025-11-25: set the session's level first.
		r.host(trace.Client, trace.Client, "logging.plan", "log panel: on; set the level with logging/setLevel "+logLevel+" (as under 2025-11-25)\n")
		out := r.c.SetLevel(r.ctx, logLevel, callOpts{Tag: "set-level"})
		if e := out.Error(); e != nil {
			r.host(trace.Client, trace.Client, "logging.removed",
				fmt.Sprintf("error %d: 2026-07-28 has no logging/setLevel; ask per request with _meta %s instead\n", e.Code, protocol.MetaLogLevel))
		}
		perRequest = logLevel
	case modern:
		r.host(trace.Client, trace.Client, "logging.plan", "log panel: on; the export request asks for level "+logLevel+" in its _meta "+protocol.MetaLogLevel+"\n")
		perRequest = logLevel
	default:
		r.host(trace.Client, trace.Client, "logging.plan", "log panel: on; set the session's level with logging/setLevel "+logLevel+"\n")
		out := r.c.SetLevel(r.ctx, logLevel, callOpts{Tag: "set-level"})
		if e := out.Error(); e != nil {
			r.host(trace.Client, trace.Host, "logging.refused", fmt.Sprintf("error %d %s: the log panel stays empty\n", e.Code, e.Message))
		} else if !r.ok(out) {
			return
		}
		session = out.Error() == nil
	}
	// Each call's events are named for what its request asked (the notes
	// of a call that asked and one that did not differ).
	exportTag, postTag := "export-call", "post-call"
	switch {
	case modern && perRequest == "", !modern && !session:
		exportTag = "export-unasked"
	case modern && !r.serverLogs():
		exportTag = "export-unlogged"
	}
	if !modern && !session {
		postTag = "post-unasked"
	}
	tools, ok := r.listTools()
	if !ok {
		r.finish()
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	export := r.loggedCall(toolChoice{Name: "export_timesheets", Tag: exportTag, LogLevel: perRequest, Intermediate: true,
		Args: map[string]any{"department": "Support", "steps": 2}})
	if export.resp == nil {
		r.finish()
		return
	}
	// The announcement is not a request the host watches: under 2026-07-28
	// it asks for no log messages; a 2025-11-25 session's level still holds.
	r.loggedCall(toolChoice{Name: "post_announcement", Tag: postTag, Args: exportAnnouncement(export)})
	r.finish()
}

// exportAnnouncement is the arguments of the post_announcement that tells
// the Lisbon office the export's file is ready.
func exportAnnouncement(export callOutcome) map[string]any {
	var res struct {
		StructuredContent struct{ File string } `json:"structuredContent"`
	}
	_ = json.Unmarshal(export.resp.Result, &res)
	return map[string]any{"office": "Lisbon", "text": "The Support timesheets of the last two weeks are exported: " + res.StructuredContent.File + "."}
}

// Trace context of the Host's spans (W3C Trace Context): one trace, a span
// per call.
const (
	hostTraceID    = "4bf92f3577b34da6a3ce929d0e0e4736"
	hostTraceState = "acme=host-li"
)

// traceMeta is the _meta of a call made under the Host's span span.
func traceMeta(span string) map[string]any {
	return map[string]any{protocol.MetaTraceParent: "00-" + hostTraceID + "-" + span + "-01", protocol.MetaTraceState: hostTraceState}
}

// tracedLogging is the logging scenario of a Host that traces instead of
// asking for log messages: 2026-07-28 deprecates logging and suggests
// stderr or OpenTelemetry (server/utilities/logging), and reserves
// traceparent, tracestate and baggage in _meta for it. Both calls carry
// the trace context of the Host's span; no call asks for log messages, and
// the server files its own (stderr) lines under the trace.
func (r *runner) tracedLogging() {
	r.host(trace.Client, trace.Client, "tracing.plan",
		"no log panel: trace the calls with OpenTelemetry; each request carries the traceparent of the Host's span in _meta\n")
	tools, ok := r.listTools()
	if !ok {
		r.finish()
		return
	}
	r.host(trace.Client, trace.Host, "model.reads-tools", mcp.ModelView(tools))
	export := r.callTool(toolChoice{Name: "export_timesheets", Tag: "export-traced", Intermediate: true, Meta: traceMeta("00f067aa0ba902b7"),
		Args: map[string]any{"department": "Support", "steps": 2}})
	if export.resp == nil {
		r.finish()
		return
	}
	r.callTool(toolChoice{Name: "post_announcement", Tag: "post-traced", Meta: traceMeta("b7ad6b7169203331"), Args: exportAnnouncement(export)})
	r.finish()
}

// serverLogs reports whether the server declared the logging capability
// in its discovery or handshake answer (server/utilities/logging: a server
// that sends log messages declares it).
func (r *runner) serverLogs() bool {
	var caps map[string]json.RawMessage
	_ = json.Unmarshal(r.c.Session().Capabilities, &caps)
	_, ok := caps[protocol.CapLogging]
	return ok
}

// loggedCall calls a tool and shows each log message the server sends for
// it in the host's log panel as it arrives; a call that got none says so.
func (r *runner) loggedCall(c toolChoice) callOutcome {
	shown := 0
	c.OnNotify = func(n *jsonrpc.Message, _ func()) {
		if n.Method != protocol.MethodLog {
			return
		}
		var p mcp.LogMessageParams
		_ = json.Unmarshal(n.Params, &p)
		shown++
		r.host(trace.Client, trace.Host, "log.shown", fmt.Sprintf("log panel: [%s] %s: %v\n", p.Level, p.Logger, p.Data))
	}
	answer := !c.Intermediate
	c.Intermediate = true // the answer comes after the log panel
	out := r.callTool(c)
	if shown == 0 && out.resp != nil {
		why := "the request carried no _meta " + protocol.MetaLogLevel
		switch {
		case !r.serverLogs():
			why = "the server declares no logging capability"
		case !protocol.IsModern(r.c.Version()):
			why = "the session never set a level with logging/setLevel"
		}
		// The export is the call the user watches (and, under 2025-11-25,
		// every call once a level is set): nothing there is a failure. A
		// 2026-07-28 call that did not ask gets nothing by design.
		note := "log.none"
		if c.Name == "export_timesheets" || !protocol.IsModern(r.c.Version()) {
			note = "log.missing"
		}
		r.host(trace.Client, trace.Host, note, fmt.Sprintf("log panel: nothing for %s (%s)\n", c.Name, why))
	}
	var res mcp.CallToolResult
	if answer && out.resp != nil && json.Unmarshal(out.resp.Result, &res) == nil && len(res.Content) > 0 && !out.isError {
		r.host(trace.Host, trace.Host, "model.answers", "Here is what I found:\n"+res.Content[0].Text+"\n")
	}
	return out
}
