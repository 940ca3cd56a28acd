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

	term string // glossary entry in focus (child-owned)
	seq  int    // step the term belongs to
}

// OnUpdate forgets the focused field when the step changes.
func (c *Inspector) OnUpdate(ctx app.Context) {
	if c.Step.N != c.seq {
		c.term, c.seq = "", c.Step.N
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
	return app.Aside().ID("inspector").Class("inspector", "sev-"+s.Severity()).Aria("label", c.t("insp.title")).Body(
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
		app.If(hostInternal, func() app.UI {
			key := "insp.hostinternal"
			if ev.Kind == trace.KindLaunch || ev.Kind == trace.KindClose {
				key = "insp.lifecycle"
			}
			return app.P().Class("host-internal").Body(app.Span().Aria("hidden", "true").Text("⚙ "), app.Text(c.t(key)))
		}),
		c.renderNote(),
		c.renderMessages(),
		c.renderRaw(),
		c.renderRepro(),
		c.renderGuide(),
	)
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
	return app.Section().Class("msgs").Aria("labelledby", "msgs-h").Body(
		app.H3().ID("msgs-h").Text(title),
		app.If(len(msgs) == 0, func() app.UI { return app.P().Class("muted").Text(c.t("insp.nomessage")) }),
		app.Range(msgs).Slice(func(m int) app.UI {
			lines := PrettyJSON(msgs[m])
			return app.Pre().Class("json").Aria("label", title).Body(
				app.Range(lines).Slice(func(l int) app.UI {
					return app.Span().Class("ln").Body(
						app.Range(lines[l]).Slice(func(k int) app.UI {
							// The scope names the term: go-app keeps a handler whose
							// scope is unchanged, with its old closure.
							return c.renderSpan(lines[l][k], fmt.Sprint("j", c.Step.N, "-", m, "-", l, "-", k, "-", lines[l][k].Term))
						}),
						app.Text("\n"),
					)
				}),
			)
		}),
	)
}

// renderSpan draws a JSON span; explained fields are focusable and show
// their meaning on focus, hover or click (never hover only).
func (c *Inspector) renderSpan(sp Span, scope string) app.UI {
	cls := "t-" + sp.Class
	if sp.Hot {
		cls += " hot"
	}
	if sp.Term == "" || sp.Class != "k" && !sp.Hot {
		return app.Span().Class(cls).Text(sp.Text)
	}
	term := sp.Term
	if term == c.term {
		cls += " sel"
	}
	show := func(ctx app.Context, e app.Event) { c.term = term }
	return app.Span().Class(cls, "term").TabIndex(0).Role("button").
		Aria("describedby", "field-guide").Aria("label", termTitle(term)+": "+Explain(c.Lang, term)).
		DataSet("term", term).
		OnFocus(show, app.EventScope(scope)).
		OnMouseEnter(show, app.EventScope(scope)).
		OnClick(show, app.EventScope(scope)).
		Text(sp.Text)
}

func (c *Inspector) renderRaw() app.UI {
	lines := RawLines(c.Step.Ev.Raw)
	return app.Section().Class("raw").Aria("labelledby", "raw-h").Body(
		app.H3().ID("raw-h").Body(app.Text(c.t("insp.raw")+" "), app.Small().Class("legend").Text(c.t("insp.raw.legend"))),
		app.If(len(lines) == 0, func() app.UI { return app.P().Class("muted").Text(c.t("insp.raw.empty")) }),
		app.If(len(lines) > 0, func() app.UI {
			return app.Pre().ID("raw-bytes").Class("wire").Body(
				app.Range(lines).Slice(func(i int) app.UI {
					l := lines[i]
					eol := ""
					switch l.EOL {
					case "\r\n":
						eol = `\r\n`
					case "\n":
						eol = `\n`
					}
					var body app.UI
					switch {
					case l.Name != "" && l.Term != "":
						term := l.Term
						cls := "h-name term"
						if term == c.term {
							cls += " sel"
						}
						show := func(ctx app.Context, e app.Event) { c.term = term }
						scope := fmt.Sprint("raw", c.Step.N, "-", i, "-", term)
						body = app.Span().Body(
							app.Span().Class(cls).TabIndex(0).Role("button").Aria("describedby", "field-guide").
								Aria("label", termTitle(term)+": "+Explain(c.Lang, term)).DataSet("term", term).
								OnFocus(show, app.EventScope(scope)).OnMouseEnter(show, app.EventScope(scope)).OnClick(show, app.EventScope(scope)).
								Text(l.Name),
							app.Span().Class("h-rest").Text(l.Rest),
						)
					case l.Name != "":
						body = app.Span().Body(app.Span().Class("h-name").Text(l.Name), app.Span().Class("h-rest").Text(l.Rest))
					case l.Start:
						body = app.Span().Class("start-line").Text(l.Text)
					default:
						body = app.Span().Text(l.Text)
					}
					return app.Span().Class("ln").Body(body, app.Span().Class("eol").Aria("hidden", "true").Text(eol), app.Text("\n"))
				}),
			)
		}),
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
