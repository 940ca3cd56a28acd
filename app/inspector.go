package ui

import (
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// SpecBase is where spec section references point.
const SpecBase = "https://modelcontextprotocol.io/specification/"

// Inspector shows the current step: explanation, message, wire bytes, the
// command to reproduce it, and a field guide for the field in focus.
//
// The step's sections are one HTML string (Body, built by the Lab once per
// trace, step and language: InspectorBody). On the server go-app prerenders
// it inside #insp-step; in the browser #insp-step is an empty element whose
// content this package owns (fillStep): the Lab's click handler writes the
// next step there at once (faststep.go) instead of waiting for go-app's
// next frame, and OnMount/OnUpdate fill it when the step changed another
// way. Key names what Body shows, so a filled step is never parsed twice.
type Inspector struct {
	app.Compo

	Step  Step
	Has   bool
	Total int
	Lang  string
	Body  string // InspectorBody of the step
	Key   string // identifies Body (trace, step, language)
	// Trace is the trace being shown, for replaying its requests on the
	// real server (live.go).
	Trace *trace.Trace
	// DevBase is the dev server the replay's curl commands talk to.
	DevBase string

	term string // glossary entry in focus (child-owned)
	seq  int    // step the term belongs to
}

// OnMount fills the step sections the first time.
func (c *Inspector) OnMount(ctx app.Context) { c.fill() }

// OnUpdate forgets the focused field when the step changes and refills
// the step sections once go-app has updated the page.
func (c *Inspector) OnUpdate(ctx app.Context) {
	if c.Step.N != c.seq {
		c.term, c.seq = "", c.Step.N
	}
	ctx.Defer(func(ctx app.Context) { c.fill() })
}

// fill writes Body into #insp-step unless it already shows Key, then
// marks the field in focus again (new HTML has no marks).
func (c *Inspector) fill() {
	if !c.Has {
		return
	}
	if fillStep(c.Key, c.Body) && c.term != "" {
		markSelected(elementByID(idInspector), c.term)
	}
}

// fillStep writes body into #insp-step unless the element already shows
// key; it reports whether it wrote.
func fillStep(key, body string) bool {
	return fillStepIn(elementByID(idInspStep), key, body)
}

// fillStepIn is fillStep on the element el.
func fillStepIn(el app.Value, key, body string) bool {
	if !el.Truthy() || el.Get("dataset").Get(dataFilled).String() == key {
		return false
	}
	el.Set("innerHTML", body)
	el.Get("dataset").Set(dataFilled, key)
	return true
}

func (c *Inspector) t(k string) string { return tr(c.Lang, k) }

// inspectorClass is the inspector's class attribute for a step severity.
func inspectorClass(sev string) string { return "inspector sev-" + sev }

func (c *Inspector) Render() app.UI {
	if !c.Has {
		return app.Aside().ID(idInspector).Class("inspector").Aria("label", c.t("insp.title")).Body(
			app.P().Text(c.t("insp.none")),
		)
	}
	var body app.UI
	if app.IsServer {
		body = app.Raw(`<div id="` + idInspStep + `">` + c.Body + `</div>`)
	} else {
		body = app.Div().ID(idInspStep)
	}
	return app.Aside().ID(idInspector).Class(inspectorClass(c.Step.Severity())).Aria("label", c.t("insp.title")).
		On("focusin", c.onTerm).On("mouseover", c.onTerm).OnClick(c.onTerm).Body(
		body,
		app.If(c.Trace != nil, func() app.UI {
			return &LiveRun{Tr: c.Trace, Idx: c.Step.Ev.Seq - 1, Lang: c.Lang, Base: c.DevBase}
		}),
		c.renderGuide(),
	)
}

// InspectorBody is the HTML of the inspector's step sections, in two
// blocks the stage keeps in view together (stage.css): the explanation
// (header, where the step happens, the note with its spec sentence) and
// the bytes (the exact wire bytes, or a host-internal step's text; the
// JSON-RPC messages or the HTTP body; the command that reproduces it:
// repro, with the sentence reproHelp names, "" for the default).
func InspectorBody(s *Step, lang string, n scenario.Note, repro, reproHelp string) string {
	t := func(k string) string { return tr(lang, k) }
	esc := html.EscapeString
	ev := &s.Ev
	var b strings.Builder
	b.Grow(4*len(ev.Raw) + 2048)
	icon, word := sevIcon(s.Severity(), lang)
	b.WriteString(`<div class="insp-explain">`)
	fmt.Fprintf(&b, `<header class="insp-head"><h2><span class="insp-step">%s %d</span><span class="insp-label">%s</span><span class="sev-badge"><span aria-hidden="true">%s </span>%s</span></h2>`,
		esc(t("ctl.step")), s.N, esc(s.Label(lang)), icon, esc(word))
	fmt.Fprintf(&b, `<p class="route"><strong>%s</strong> → <strong>%s</strong>`, esc(t("lane."+string(ev.From))), esc(t("lane."+string(ev.To))))
	if ev.Channel != "" {
		fmt.Fprintf(&b, `<span> · %s <code>%s</code></span>`, esc(t("insp.via")), esc(string(ev.Channel)))
	}
	if ev.Replica > 0 {
		fmt.Fprintf(&b, `<span> · <span class="chip replica replica-%d" data-replica="%d" title="%s"><span aria-hidden="true">▦ </span>%s</span></span>`,
			ev.Replica, ev.Replica, esc(fmt.Sprintf(t("replica.title"), ev.Replica)), esc(fmt.Sprintf(t("replica"), ev.Replica)))
	}
	b.WriteString(" · " + esc(fmt.Sprintf(t("insp.time"), ev.TimeMs)) + "</p></header>")

	// Where the step happens, when no wire is involved (the line is
	// always there, hidden on wire steps, so the sections keep their place).
	hostSide := ev.Channel == trace.HostChannel || s.Dir == DirHost
	hidden := ` hidden`
	if hostSide {
		hidden = ""
	}
	fmt.Fprintf(&b, `<p class="host-internal"%s><span aria-hidden="true">⚙ </span>%s</p>`, hidden, esc(t(scopeKey(ev))))

	txt := n.Text.En
	if lang == LangZh && n.Text.Zh != "" {
		txt = n.Text.Zh
	}
	fmt.Fprintf(&b, `<section class="note" aria-labelledby="note-h"><h3 id="note-h">%s</h3>`, esc(t("insp.why")))
	if txt != "" {
		fmt.Fprintf(&b, `<p id="note-text" class="note-text">%s</p>`, esc(txt))
	} else {
		fmt.Fprintf(&b, `<p id="note-text" class="note-text muted">%s</p>`, esc(t("insp.nonote")))
	}
	if n.Quote != "" {
		b.WriteString(`<blockquote class="quote"><p lang="en">` + emphasiseRFC2119(n.Quote) + `</p>`)
		if g := scenario.QuoteGloss(n.Quote); lang == LangZh && g != "" {
			// The sentence stays verbatim; its translation stands beside it.
			b.WriteString(`<p class="gloss" lang="zh-CN"><span class="gloss-label">` + esc(t("insp.gloss")) + `</span>` + emphasiseRFC2119(g) + `</p>`)
		}
		b.WriteString(`</blockquote>`)
	}
	writeCitations(&b, lang, n, ev.Spec)
	b.WriteString(`</section></div>`)

	b.WriteString(`<div class="insp-bytes">`)
	if ev.Channel == trace.HostChannel {
		writeHostText(&b, lang, ev)
	} else {
		writeWire(&b, lang, ev)
		writeMessages(&b, lang, s)
		fmt.Fprintf(&b, `<section class="repro" aria-labelledby="repro-h"><h3 id="repro-h">%s</h3>`, esc(t("insp.repro")))
		if repro == "" {
			fmt.Fprintf(&b, `<p class="muted">%s</p>`, esc(t("insp.repro.none")))
		} else {
			fmt.Fprintf(&b, `<div><p class="muted">%s</p><pre id="repro-cmd" class="cmd">%s</pre><button type="button" class="btn small" data-copy="repro-cmd"><span aria-hidden="true">❐ </span>%s</button> <span id="repro-cmd-status" class="copy-status" role="status"></span></div>`,
				esc(tr(lang, orKey(reproHelp, "insp.repro.help"))), esc(repro), esc(t("insp.copy")))
		}
		b.WriteString(`</section>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// scopeKey names where a step that crosses no wire happens: the model (or
// the user) in the host, the client's own code, the server's own
// bookkeeping, the host application, or a process or connection starting
// and ending.
func scopeKey(ev *trace.Event) string {
	switch {
	case ev.Kind == trace.KindLaunch || ev.Kind == trace.KindClose:
		return "insp.lifecycle"
	case ev.Note == "user.prompt" || strings.HasPrefix(ev.Note, "model.") || strings.HasPrefix(ev.Note, "poisoning.model"):
		return "insp.scope.model"
	case ev.From == trace.Server && ev.To == trace.Server:
		return "insp.scope.server"
	case ev.From == trace.Client && ev.To == trace.Client:
		return "insp.scope.client"
	}
	return "insp.scope.host"
}

// writeWire is the exact bytes of a wire step.
func writeWire(b *strings.Builder, lang string, ev *trace.Event) {
	esc := html.EscapeString
	fmt.Fprintf(b, `<section class="raw" aria-labelledby="raw-h"><h3 id="raw-h">%s <small class="legend">%s</small></h3>`, esc(tr(lang, "insp.raw")), esc(tr(lang, "insp.raw.legend")))
	if wire := WireHTML(ev.Raw, lang); wire == "" {
		fmt.Fprintf(b, `<p class="muted">%s</p>`, esc(tr(lang, "insp.raw.empty")))
	} else {
		b.WriteString(wire)
	}
	b.WriteString(`</section>`)
}

// writeHostText is a host-internal step's text in the page's language
// (the engine's translation: scenario.HostText); under zh the English the
// transcript keeps is one click away.
func writeHostText(b *strings.Builder, lang string, ev *trace.Event) {
	esc := html.EscapeString
	title := "insp.hosttext"
	if scopeKey(ev) == "insp.scope.model" {
		title = "insp.hosttext.model"
	}
	fmt.Fprintf(b, `<section class="raw host-text" aria-labelledby="raw-h"><h3 id="raw-h">%s</h3>`, esc(tr(lang, title)))
	text := hostText(ev, lang)
	if strings.TrimSpace(text) == "" {
		fmt.Fprintf(b, `<p class="muted">%s</p>`, esc(tr(lang, "insp.hosttext.none")))
	} else {
		b.WriteString(`<pre id="host-text" class="hosttext">` + esc(strings.TrimSuffix(text, "\n")) + `</pre>`)
	}
	if lang == LangZh && text != ev.Raw {
		fmt.Fprintf(b, `<details class="original"><summary>%s</summary><pre lang="en" class="hosttext">%s</pre></details>`,
			esc(tr(lang, "insp.hosttext.original")), esc(strings.TrimSuffix(ev.Raw, "\n")))
	}
	b.WriteString(`</section>`)
}

// looksJSON reports whether a body is JSON; one too large to check whole
// is taken as JSON when it starts like it (PrettyJSON reads only what it
// shows).
func looksJSON(body string) bool {
	if len(body) > jsonMaxScan {
		return body[0] == '{' || body[0] == '['
	}
	return json.Valid([]byte(body))
}

// maxMessagesShown is how many of a step's messages the inspector shows.
const maxMessagesShown = 50

// writeMessages is the JSON-RPC messages a step carries, highlighted; a
// plain HTTP message (the HTTP lessons) shows its JSON body instead.
func writeMessages(b *strings.Builder, lang string, s *Step) {
	esc := html.EscapeString
	ev := &s.Ev
	if len(ev.Messages) == 0 && ev.HTTP != nil && !s.Chunk {
		if body := strings.TrimSpace(s.Body); body != "" && looksJSON(body) {
			fmt.Fprintf(b, `<section class="msgs" aria-labelledby="msgs-h"><h3 id="msgs-h">%s</h3>`, esc(tr(lang, "insp.body")))
			b.WriteString(JSONHTML([]byte(body), lang, tr(lang, "insp.body")))
			b.WriteString(`</section>`)
			return
		}
	}
	title := tr(lang, "insp.message")
	if len(ev.Messages) > 1 {
		title = fmt.Sprintf(tr(lang, "insp.messages"), len(ev.Messages))
	}
	fmt.Fprintf(b, `<section class="msgs" aria-labelledby="msgs-h"><h3 id="msgs-h">%s</h3>`, esc(title))
	if len(ev.Messages) == 0 {
		fmt.Fprintf(b, `<p class="muted">%s</p>`, esc(tr(lang, "insp.nomessage")))
	}
	for i, msg := range ev.Messages {
		if i == maxMessagesShown {
			// A flood in one piece (a server may send thousands of
			// notifications at once): the step still shows at once.
			fmt.Fprintf(b, `<p class="muted t-note">%s</p>`, esc(fmt.Sprintf(tr(lang, "fmt.msgs.rest"), len(ev.Messages)-i)))
			break
		}
		b.WriteString(JSONHTML(msg, lang, title))
	}
	b.WriteString(`</section>`)
}

// rfcRef finds the HTTP RFCs a note's text cites ("RFC 9112 §2.1").
var rfcRef = regexp.MustCompile(`RFC (\d{4,5})(?: §(\d+(?:\.\d+)*))?`)

// writeCitations links what a note follows: the RFC sections its text
// cites (the HTTP lessons follow RFC 9110/9112, not an MCP page), then
// the MCP spec section, named as where MCP uses the mechanism when the
// text cites an RFC.
func writeCitations(b *strings.Builder, lang string, n scenario.Note, evSpec string) {
	esc := html.EscapeString
	seen := map[string]bool{}
	var rfcs []string
	for _, m := range rfcRef.FindAllStringSubmatch(n.Text.En, -1) {
		if seen[m[0]] {
			continue
		}
		seen[m[0]] = true
		u := "https://www.rfc-editor.org/rfc/rfc" + m[1]
		if m[2] != "" {
			u += "#section-" + m[2]
		}
		rfcs = append(rfcs, `<a href="`+esc(u)+`" target="_blank" rel="noopener">`+esc(m[0])+`</a>`)
	}
	if len(rfcs) > 0 {
		fmt.Fprintf(b, `<p class="spec rfc-refs"><span class="field-label">%s </span>%s</p>`, esc(tr(lang, "insp.rfc")), strings.Join(rfcs, " · "))
	}
	spec := n.Spec
	if spec == "" {
		spec = evSpec
	}
	if spec != "" {
		label := "insp.spec"
		if len(rfcs) > 0 {
			label = "insp.spec.mcp"
		}
		fmt.Fprintf(b, `<p class="spec"><span class="field-label">%s </span><a href="%s" target="_blank" rel="noopener">§ %s</a></p>`,
			esc(tr(lang, label)), esc(SpecBase+spec), esc(spec))
	}
}

// Markdown the spec quotes keep verbatim: `code` and _emphasis_ (an
// underscore inside a word, as in list_changed, is not emphasis).
var (
	mdCode     = regexp.MustCompile("`([^`]+)`")
	mdEmphasis = regexp.MustCompile(`(^|[^\w])_([^_]+?)_([^\w]|$)`)
)

// emphasiseRFC2119 HTML-escapes a quote, renders its inline code and
// emphasis, and wraps MUST/SHOULD/MAY words.
func emphasiseRFC2119(q string) string {
	q = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(q)
	q = mdCode.ReplaceAllString(q, "<code>$1</code>")
	q = mdEmphasis.ReplaceAllString(q, "$1<em>$2</em>$3")
	for _, w := range []string{"MUST NOT", "SHOULD NOT", "MUST", "SHOULD", "MAY", "REQUIRED"} {
		q = strings.ReplaceAll(q, w, "\x00"+w+"\x01")
	}
	// Avoid double wrapping ("MUST NOT" contains "MUST").
	q = strings.ReplaceAll(q, "\x00\x00MUST\x01 NOT\x01", "\x00MUST NOT\x01")
	q = strings.ReplaceAll(q, "\x00\x00SHOULD\x01 NOT\x01", "\x00SHOULD NOT\x01")
	q = strings.ReplaceAll(q, "\x00", "<strong class=\"rfc\">")
	return strings.ReplaceAll(q, "\x01", "</strong>")
}

// copyStatus says beside the copy button of the element id how its copy
// went; a failed copy leaves the text selected, to copy by hand. The
// inspector's body is plain HTML (rebuilt with each step), so this writes
// to it directly.
func copyStatus(lang, id string, ok bool) {
	st := elementByID(id + "-status")
	if !st.Truthy() {
		return
	}
	if ok {
		st.Set("className", "copy-status ok")
		st.Set("textContent", tr(lang, "insp.copied"))
		return
	}
	st.Set("className", "copy-status bad")
	st.Set("textContent", tr(lang, "insp.copyfail"))
	dom.SelectText(id)
}

// onTerm is the inspector's one listener for explained fields (event
// delegation: the fields are plain HTML, see jsonhtml.go). Events outside
// a field, or on the field already shown, change nothing and skip the
// re-render.
func (c *Inspector) onTerm(ctx app.Context, e app.Event) {
	el := e.Get("target")
	if !el.Truthy() || el.Get("closest").IsUndefined() {
		ctx.PreventUpdate()
		return
	}
	if e.Get("type").String() == "click" {
		if btn := el.Call("closest", "[data-copy]"); btn.Truthy() { // the reproduce command's copy button
			ctx.PreventUpdate()
			id := btn.Call("getAttribute", "data-copy").String()
			if src := elementByID(id); src.Truthy() {
				lang := c.Lang
				dom.CopyText(src.Get("textContent").String(), func(ok bool) { copyStatus(lang, id, ok) })
			}
			return
		}
	}
	el = el.Call("closest", "[data-term]")
	if !el.Truthy() {
		ctx.PreventUpdate()
		return
	}
	term := el.Call("getAttribute", "data-term").String()
	if term == "" || term == c.term {
		ctx.PreventUpdate()
		return
	}
	c.term = term
	markSelected(ctx.JSSrc(), term)
}

// moveTermFocus moves the focus from the explained field el to another
// field of its block with ↑ / ↓ (Home / End: the first and the last): a
// block is one Tab stop (termAttrs). It reports whether key was one of
// those keys on a field; the Lab's key listener calls it before the step
// keys, so Home and End on a field do not jump to the first or last step.
func moveTermFocus(el app.Value, key string) bool {
	switch key {
	case "ArrowDown", "ArrowUp", "Home", "End":
	default:
		return false
	}
	if !el.Truthy() || el.Get("classList").IsUndefined() || !el.Get("classList").Call("contains", "term").Bool() {
		return false
	}
	block := el.Call("closest", "pre")
	if !block.Truthy() {
		return false
	}
	terms := block.Call("querySelectorAll", ".term")
	n := terms.Get("length").Int()
	at := 0
	for i := 0; i < n; i++ {
		if terms.Call("item", i).Equal(el) {
			at = i
		}
	}
	switch key {
	case "ArrowDown":
		at = min(at+1, n-1)
	case "ArrowUp":
		at = max(at-1, 0)
	case "Home":
		at = 0
	case "End":
		at = n - 1
	}
	terms.Call("item", at).Call("focus")
	return true
}

// markSelected marks every occurrence of the field in focus (class sel).
func markSelected(root app.Value, term string) {
	if root == nil || !root.Truthy() {
		return
	}
	for _, sel := range []string{".term.sel", `.term[data-term="` + term + `"]`} {
		if sel == `.term[data-term=""]` {
			continue
		}
		list := root.Call("querySelectorAll", sel)
		for i, n := 0, list.Get("length").Int(); i < n; i++ {
			el := list.Call("item", i)
			if sel == ".term.sel" {
				el.Get("classList").Call("remove", "sel")
			} else {
				el.Get("classList").Call("add", "sel")
			}
		}
	}
}

func (c *Inspector) renderGuide() app.UI {
	cls := "guide"
	if c.term != "" {
		cls += " active"
	}
	return app.Section().ID("field-guide").Class(cls).Aria("live", "polite").Body(
		app.H3().Body(app.Span().Aria("hidden", "true").Text("ℹ "), app.Text(c.t("insp.glossary"))),
		app.If(c.term == "", func() app.UI { return app.P().Class("muted").Text(c.t("insp.glossary.hint")) }).
			Else(func() app.UI {
				return app.P().Body(app.Code().Class("term-name").Text(termTitle(c.term)), app.Text(" — "+Explain(c.Lang, c.term)))
			}),
	)
}
