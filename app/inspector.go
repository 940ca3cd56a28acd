package ui

import (
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
		markSelected(app.Window().GetElementByID("inspector"), c.term)
	}
}

// fillStep writes body into #insp-step unless the element already shows
// key; it reports whether it wrote.
func fillStep(key, body string) bool {
	el := app.Window().GetElementByID("insp-step")
	if !el.Truthy() || el.Get("dataset").Get("k").String() == key {
		return false
	}
	el.Set("innerHTML", body)
	el.Get("dataset").Set("k", key)
	return true
}

func (c *Inspector) t(k string) string { return tr(c.Lang, k) }

// inspectorClass is the inspector's class attribute for a step severity.
func inspectorClass(sev string) string { return "inspector sev-" + sev }

func (c *Inspector) Render() app.UI {
	if !c.Has {
		return app.Aside().ID("inspector").Class("inspector").Aria("label", c.t("insp.title")).Body(
			app.P().Text(c.t("insp.none")),
		)
	}
	var body app.UI
	if app.IsServer {
		body = app.Raw(`<div id="insp-step">` + c.Body + `</div>`)
	} else {
		body = app.Div().ID("insp-step")
	}
	return app.Aside().ID("inspector").Class(inspectorClass(c.Step.Severity())).Aria("label", c.t("insp.title")).
		On("focusin", c.onTerm).On("mouseover", c.onTerm).OnClick(c.onTerm).Body(
		body,
		app.If(c.Trace != nil, func() app.UI {
			return &LiveRun{Tr: c.Trace, Idx: c.Step.Ev.Seq - 1, Lang: c.Lang}
		}),
		c.renderGuide(),
	)
}

// InspectorBody is the HTML of the inspector's step sections: header,
// host-internal line, note, messages and wire bytes (highlighted,
// jsonhtml.go), and the reproduce command (repro, with the sentence
// reproHelp names; "" for the default).
func InspectorBody(s *Step, lang string, n scenario.Note, repro, reproHelp string) string {
	t := func(k string) string { return tr(lang, k) }
	esc := html.EscapeString
	ev := &s.Ev
	var b strings.Builder
	b.Grow(4*len(ev.Raw) + 2048)
	icon, word := sevIcon(s.Severity(), lang)
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

	// The host-internal line is always present (hidden when it does not
	// apply), so the sections below keep their place.
	key := "insp.hostinternal"
	if ev.Kind == trace.KindLaunch || ev.Kind == trace.KindClose {
		key = "insp.lifecycle"
	}
	hidden := ` hidden`
	if ev.Channel == trace.HostChannel || s.Dir == DirHost {
		hidden = ""
	}
	fmt.Fprintf(&b, `<p class="host-internal"%s><span aria-hidden="true">⚙ </span>%s</p>`, hidden, esc(t(key)))

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
		b.WriteString(`<blockquote class="quote"><p>` + emphasiseRFC2119(n.Quote) + `</p></blockquote>`)
	}
	spec := n.Spec
	if spec == "" {
		spec = ev.Spec
	}
	if spec != "" {
		fmt.Fprintf(&b, `<p class="spec"><span class="field-label">%s </span><a href="%s" target="_blank" rel="noopener">§ %s</a></p>`,
			esc(t("insp.spec")), esc(SpecBase+spec), esc(spec))
	}
	b.WriteString(`</section>`)

	title := t("insp.message")
	if len(ev.Messages) > 1 {
		title = fmt.Sprintf(t("insp.messages"), len(ev.Messages))
	}
	fmt.Fprintf(&b, `<section class="msgs" aria-labelledby="msgs-h"><h3 id="msgs-h">%s</h3>`, esc(title))
	if len(ev.Messages) == 0 {
		fmt.Fprintf(&b, `<p class="muted">%s</p>`, esc(t("insp.nomessage")))
	}
	for _, msg := range ev.Messages {
		b.WriteString(JSONHTML(msg, lang, title))
	}
	b.WriteString(`</section>`)

	fmt.Fprintf(&b, `<section class="raw" aria-labelledby="raw-h"><h3 id="raw-h">%s <small class="legend">%s</small></h3>`, esc(t("insp.raw")), esc(t("insp.raw.legend")))
	if wire := WireHTML(ev.Raw, lang); wire == "" {
		fmt.Fprintf(&b, `<p class="muted">%s</p>`, esc(t("insp.raw.empty")))
	} else {
		b.WriteString(wire)
	}
	b.WriteString(`</section>`)

	fmt.Fprintf(&b, `<section class="repro" aria-labelledby="repro-h"><h3 id="repro-h">%s</h3>`, esc(t("insp.repro")))
	if repro == "" {
		fmt.Fprintf(&b, `<p class="muted">%s</p>`, esc(t("insp.repro.none")))
	} else {
		fmt.Fprintf(&b, `<div><p class="muted">%s</p><pre id="repro-cmd" class="cmd">%s</pre><button type="button" class="btn small" data-copy="repro-cmd"><span aria-hidden="true">❐ </span>%s</button></div>`,
			esc(tr(lang, orKey(reproHelp, "insp.repro.help"))), esc(repro), esc(t("insp.copy")))
	}
	b.WriteString(`</section>`)
	return b.String()
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
			if src := app.Window().GetElementByID(btn.Call("getAttribute", "data-copy").String()); src.Truthy() {
				copyText(src.Get("textContent").String())
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
