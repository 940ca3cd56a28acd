package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// SpecBase is where spec section references point.
const SpecBase = "https://modelcontextprotocol.io/specification/"

// Inspector shows the current step: explanation, message, wire bytes, the
// command to reproduce it, and a field guide for the field in focus.
type Inspector struct {
	app.Compo

	Step  Step
	Has   bool
	Total int
	Lang  string
	Note  scenario.Note
	Repro string
	// ReproHelp is the string key of the sentence above Repro ("" means
	// insp.repro.help: run the dev server, then the command).
	ReproHelp string
	// JSON and Wire are the step's highlighted messages and wire bytes as
	// HTML (jsonhtml.go), built by the Lab once per step; when JSON is nil
	// and Wire empty the inspector builds them itself.
	JSON []string
	Wire string
	// Trace is the trace being shown, for replaying its requests on the
	// real server (live.go).
	Trace *trace.Trace

	term string // glossary entry in focus (child-owned)
	seq  int    // step the term belongs to
	html *inspectorHTML
}

// OnUpdate forgets the focused field when the step changes.
func (c *Inspector) OnUpdate(ctx app.Context) {
	hadTerm := c.term != ""
	if c.Step.N != c.seq {
		c.term, c.seq = "", c.Step.N
	}
	if hadTerm { // the HTML may be kept or rebuilt: (un)mark the field again
		ctx.Defer(func(ctx app.Context) { markSelected(app.Window().GetElementByID("inspector"), c.term) })
	}
}

func (c *Inspector) t(k string) string { return tr(c.Lang, k) }

func (c *Inspector) Render() app.UI {
	if !c.Has {
		return app.Aside().ID("inspector").Class("inspector").Aria("label", c.t("insp.title")).Body(
			app.P().Text(c.t("insp.none")),
		)
	}
	s := c.Step
	ev := s.Ev
	hostInternal := ev.Channel == trace.HostChannel || s.Dir == DirHost
	icon, word := sevIcon(s.Severity(), c.Lang)
	return app.Aside().ID("inspector").Class("inspector", "sev-"+s.Severity()).Aria("label", c.t("insp.title")).
		On("focusin", c.onTerm).On("mouseover", c.onTerm).OnClick(c.onTerm).Body(
		app.Header().Class("insp-head").Body(
			app.H2().Body(
				app.Span().Class("insp-step").Text(fmt.Sprintf("%s %d", c.t("ctl.step"), s.N)),
				app.Span().Class("insp-label").Text(s.Label(c.Lang)),
				app.Span().Class("sev-badge").Body(app.Span().Aria("hidden", "true").Text(icon+" "), app.Text(word)),
			),
			app.P().Class("route").Body(
				app.Strong().Text(tr(c.Lang, "lane."+string(ev.From))),
				app.Text(" → "),
				app.Strong().Text(tr(c.Lang, "lane."+string(ev.To))),
				app.If(ev.Channel != "", func() app.UI {
					return app.Span().Body(app.Text(" · "+c.t("insp.via")+" "), app.Code().Text(string(ev.Channel)))
				}),
				app.If(ev.Replica > 0, func() app.UI {
					return app.Span().Body(app.Text(" · "), replicaChip(c.Lang, ev.Replica))
				}),
				app.Text(" · "+fmt.Sprintf(c.t("insp.time"), ev.TimeMs)),
			),
		),
		// Always present (hidden when it does not apply) so the sections
		// below keep their place and a step change does not remount them.
		c.renderHostInternal(hostInternal),
		c.renderNote(),
		c.renderMessages(),
		c.renderRaw(),
		c.renderRepro(),
		c.renderGuide(),
	)
}

func (c *Inspector) renderHostInternal(show bool) app.UI {
	key := "insp.hostinternal"
	if ev := c.Step.Ev; ev.Kind == trace.KindLaunch || ev.Kind == trace.KindClose {
		key = "insp.lifecycle"
	}
	return app.P().Class("host-internal").Hidden(!show).Body(app.Span().Aria("hidden", "true").Text("⚙ "), app.Text(c.t(key)))
}

func (c *Inspector) renderNote() app.UI {
	n := c.Note
	txt := n.Text.En
	if c.Lang == LangZh && n.Text.Zh != "" {
		txt = n.Text.Zh
	}
	spec := n.Spec
	if spec == "" {
		spec = c.Step.Ev.Spec
	}
	return app.Section().Class("note").Aria("labelledby", "note-h").Body(
		app.H3().ID("note-h").Text(c.t("insp.why")),
		app.If(txt != "", func() app.UI { return app.P().ID("note-text").Class("note-text").Text(txt) }).
			Else(func() app.UI { return app.P().ID("note-text").Class("note-text muted").Text(c.t("insp.nonote")) }),
		app.If(n.Quote != "", func() app.UI {
			return app.Blockquote().Class("quote").Body(app.Raw("<p>" + emphasiseRFC2119(n.Quote) + "</p>"))
		}),
		app.If(spec != "", func() app.UI {
			return app.P().Class("spec").Body(
				app.Span().Class("field-label").Text(c.t("insp.spec")+" "),
				app.A().Href(SpecBase+spec).Target("_blank").Rel("noopener").Text("§ "+spec),
			)
		}),
	)
}

// emphasiseRFC2119 HTML-escapes a quote and wraps MUST/SHOULD/MAY words.
func emphasiseRFC2119(q string) string {
	q = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(q)
	for _, w := range []string{"MUST NOT", "SHOULD NOT", "MUST", "SHOULD", "MAY", "REQUIRED"} {
		q = strings.ReplaceAll(q, w, "\x00"+w+"\x01")
	}
	// Avoid double wrapping ("MUST NOT" contains "MUST").
	q = strings.ReplaceAll(q, "\x00\x00MUST\x01 NOT\x01", "\x00MUST NOT\x01")
	q = strings.ReplaceAll(q, "\x00\x00SHOULD\x01 NOT\x01", "\x00SHOULD NOT\x01")
	q = strings.ReplaceAll(q, "\x00", "<strong class=\"rfc\">")
	return strings.ReplaceAll(q, "\x01", "</strong>")
}

func (c *Inspector) renderMessages() app.UI {
	msgs := c.Step.Ev.Messages
	title := c.t("insp.message")
	if len(msgs) > 1 {
		title = fmt.Sprintf(c.t("insp.messages"), len(msgs))
	}
	blocks := c.memo().json
	return app.Section().Class("msgs").Aria("labelledby", "msgs-h").Body(
		app.H3().ID("msgs-h").Text(title),
		app.If(len(msgs) == 0, func() app.UI { return app.P().Class("muted").Text(c.t("insp.nomessage")) }),
		app.Range(blocks).Slice(func(m int) app.UI { return app.Raw(blocks[m]) }),
	)
}

// inspectorHTML is the highlighted JSON and wire bytes of one step in one
// language, kept while neither changes (a hover re-renders the inspector).
type inspectorHTML struct {
	lang string
	ev   *trace.Event // the inputs, compared by content
	json []string
	wire string
}

// memo returns the HTML blocks of the current step: the ones the Lab
// passed, else built here once per step and language.
func (c *Inspector) memo() *inspectorHTML {
	if c.JSON != nil || c.Wire != "" {
		return &inspectorHTML{json: c.JSON, wire: c.Wire}
	}
	ev := &c.Step.Ev
	if m := c.html; m != nil && m.lang == c.Lang && sameEventBytes(m.ev, ev) {
		return m
	}
	c.html = buildInspectorHTML(ev, c.Lang)
	return c.html
}

func buildInspectorHTML(ev *trace.Event, lang string) *inspectorHTML {
	title := tr(lang, "insp.message")
	if len(ev.Messages) > 1 {
		title = fmt.Sprintf(tr(lang, "insp.messages"), len(ev.Messages))
	}
	m := &inspectorHTML{lang: lang, ev: &trace.Event{Raw: ev.Raw, Messages: ev.Messages}}
	for _, msg := range ev.Messages {
		m.json = append(m.json, JSONHTML(msg, lang, title))
	}
	m.wire = WireHTML(ev.Raw, lang)
	return m
}

func sameEventBytes(a, b *trace.Event) bool {
	if a.Raw != b.Raw || len(a.Messages) != len(b.Messages) {
		return false
	}
	for i := range a.Messages {
		if string(a.Messages[i]) != string(b.Messages[i]) {
			return false
		}
	}
	return true
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

func (c *Inspector) renderRaw() app.UI {
	wire := c.memo().wire
	return app.Section().Class("raw").Aria("labelledby", "raw-h").Body(
		app.H3().ID("raw-h").Body(app.Text(c.t("insp.raw")+" "), app.Small().Class("legend").Text(c.t("insp.raw.legend"))),
		app.If(wire == "", func() app.UI { return app.P().Class("muted").Text(c.t("insp.raw.empty")) }).
			Else(func() app.UI { return app.Raw(wire) }),
	)
}

func (c *Inspector) renderRepro() app.UI {
	return app.Section().Class("repro").Aria("labelledby", "repro-h").Body(
		app.H3().ID("repro-h").Text(c.t("insp.repro")),
		app.If(c.Repro == "", func() app.UI { return app.P().Class("muted").Text(c.t("insp.repro.none")) }).
			Else(func() app.UI {
				return app.Div().Body(
					app.P().Class("muted").Text(tr(c.Lang, orKey(c.ReproHelp, "insp.repro.help"))),
					app.Pre().ID("repro-cmd").Class("cmd").Text(c.Repro),
					app.Button().Class("btn small").Body(app.Span().Aria("hidden", "true").Text("❐ "), app.Text(c.t("insp.copy"))).
						OnClick(func(ctx app.Context, e app.Event) { copyText(c.Repro) }),
				)
			}),
		app.If(c.Has && c.Trace != nil, func() app.UI {
			return &LiveRun{Tr: c.Trace, Idx: c.Step.Ev.Seq - 1, Lang: c.Lang}
		}),
	)
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
