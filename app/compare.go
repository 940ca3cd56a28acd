package ui

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// Compare shows the same scenario twice side by side — under both
// versions, or (ByFault, for a scenario with one version) without and with
// a fault — rows aligned by what each step does; a step present in only
// one column is marked with text, not only colour.
type Compare struct {
	app.Compo

	A, B       []Step
	VA, VB     string // the protocol version of each column (for the notes)
	HA, HB     string // the column headings
	ByFault    bool
	ErrA, ErrB string
	Lang       string
	// Cur is the column the visualizer's own run is in ("a" or "b"), and
	// Idx its current step: that row is marked, so ← / → show where the
	// learner is.
	Cur string
	Idx int
}

func (c *Compare) Render() app.UI {
	rows := Align(c.A, c.B)
	title, legend := "cmp.title", "cmp.legend"
	if c.ByFault {
		title, legend = "cmp.title.faults", "cmp.legend.faults"
	}
	same := c.ErrA == "" && c.ErrB == "" && sameRuns(c.A, c.B)
	// Focusable (WCAG 2.1.1): on a phone the table scrolls inside it, and
	// a keyboard reaches what scrolls only through a focusable element.
	return app.Section().ID("compare").Class("compare").Aria("labelledby", "cmp-h").TabIndex(0).Body(
		app.H2().ID("cmp-h").Text(tr(c.Lang, title)),
		app.P().Class("muted").Text(tr(c.Lang, legend)),
		app.If(!c.ByFault && anyMoved(c.A, c.B, rows), func() app.UI {
			return app.P().ID("cmp-moved").Class("muted").Text(tr(c.Lang, "cmp.legend.moved"))
		}),
		app.If(same, func() app.UI {
			return app.P().ID("cmp-same").Class("cmp-same").Role("status").Body(
				app.Span().Aria("hidden", "true").Text("= "), app.Text(tr(c.Lang, "cmp.same")))
		}),
		app.If(c.ErrA != "", func() app.UI {
			return app.P().Class("notices").Text(fmt.Sprintf(tr(c.Lang, "cmp.error"), c.HA, c.ErrA))
		}),
		app.If(c.ErrB != "", func() app.UI {
			return app.P().Class("notices").Text(fmt.Sprintf(tr(c.Lang, "cmp.error"), c.HB, c.ErrB))
		}),
		app.Table().Class("cmp-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text(c.HA),
				// Its marks (≠, −, +, ⇄) speak for themselves on screen;
				// a screen reader gets the column's name.
				app.Th().Scope("col").Class("cmp-mid").Body(app.Span().Class("sr-only").Text(tr(c.Lang, "cmp.mid"))),
				app.Th().Scope("col").Text(c.HB),
			)),
			// data-cur and each row's data-a / data-b (the step of each
			// column, -1 for none) let the reader script (early.go) mark the
			// current row before the wasm runs.
			app.TBody().DataSet("cur", c.Cur).Body(
				app.Range(rows).Slice(func(i int) app.UI {
					r := rows[i]
					cls := "cmp-row"
					mark := "="
					markText := tr(c.Lang, "cmp.both")
					switch {
					case r.A < 0:
						cls += " only-b"
						mark = "+"
						markText = fmt.Sprintf(tr(c.Lang, "cmp.only"), c.HB)
					case r.B < 0:
						cls += " only-a"
						mark = "−"
						markText = fmt.Sprintf(tr(c.Lang, "cmp.only"), c.HA)
					default:
						if d := eraChange(c.A[r.A], c.B[r.B]); d != "" {
							cls += " changed"
							mark = "≠"
							markText = fmt.Sprintf(tr(c.Lang, "cmp.changed"), d)
						}
					}
					if r.A >= 0 && r.B >= 0 {
						if mv := phaseMove(c.A[r.A], c.B[r.B], c.Lang); mv != "" {
							// One role, carried differently in each era.
							cls += " moved"
							mark = "⇄"
							markText = fmt.Sprintf(tr(c.Lang, "cmp.moved"), mv)
						}
					}
					row := app.Tr().DataSet("a", r.A).DataSet("b", r.B)
					if (c.Cur == "a" && r.A == c.Idx) || (c.Cur == "b" && r.B == c.Idx) {
						cls += " current"
						row = row.Aria("current", "step")
					}
					return row.Class(cls).Body(
						c.cell(c.A, r.A, c.VA),
						app.Td().Class("cmp-mid").Title(markText).Body(
							app.Span().Aria("hidden", "true").Text(mark),
							app.Span().Class("sr-only").Text(markText),
						),
						c.cell(c.B, r.B, c.VB),
					)
				}),
			),
		),
	)
}

func (c *Compare) cell(steps []Step, i int, version string) app.UI {
	if i < 0 {
		return app.Td().Class("cmp-cell empty").Text("—")
	}
	s := steps[i]
	icon, word := sevIcon(s.Severity(), c.Lang)
	feats := s.Features()
	if s.Ev.Version != "" { // a dual-era client that fell back
		version = s.Ev.Version
	}
	note := scenario.AnnotationFor(s.Ev.Note, version)
	txt := note.Text.En
	if c.Lang == LangZh && note.Text.Zh != "" {
		txt = note.Text.Zh
	}
	// The same names as the lanes and the inspector's route.
	arrow := tr(c.Lang, "lane."+string(s.Ev.From))
	if s.Dir == DirStderr {
		arrow += " → " + tr(c.Lang, "lane.stderr")
	} else if s.Ev.To != s.Ev.From {
		arrow += " → " + tr(c.Lang, "lane."+string(s.Ev.To))
	}
	role := phaseRole(s, c.Lang)
	return app.Td().Class("cmp-cell", "sev-"+s.Severity()).Body(
		app.If(role != "", func() app.UI { return app.Div().Class("cmp-role").Text(role) }),
		app.Div().Class("cmp-line").Body(
			app.Span().Class("num").Text(strconv.Itoa(s.N)),
			app.Span().Class("cmp-dir").Text(arrow),
			app.If(s.Wire() != "", func() app.UI { return app.Span().Class("chip wire", statusClass(s.Status)).Text(s.Wire()) }),
			app.Span().Class("text").Text(s.Label(c.Lang)),
			app.Span().Class("sev").Title(word).Body(app.Span().Aria("hidden", "true").Text(icon), app.Span().Class("sr-only").Text(" "+word)),
		),
		app.If(len(feats) > 0, func() app.UI {
			return app.Div().Class("feats").Body(app.Range(feats).Slice(func(k int) app.UI {
				return app.Code().Class("feat").Text(feats[k])
			}))
		}),
		app.If(txt != "", func() app.UI { return app.Div().Class("cmp-note").Text(txt) }),
	)
}

// sameRuns reports whether two runs put the same bytes on the same
// channels (the HTTP lessons do not depend on the MCP version).
func sameRuns(a, b []Step) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if a[i].Ev.Raw != b[i].Ev.Raw || a[i].Ev.Channel != b[i].Ev.Channel || a[i].Ev.Note != b[i].Ev.Note {
			return false
		}
	}
	return true
}

// printCache holds the print view, every step expanded, as one HTML
// string (app.Raw): it is hidden on screen (CSS @media print shows it), so
// it is built once per trace and language and parsed by the browser in one
// go instead of being mounted element by element.
type printCache struct {
	tr   *trace.Trace
	lang string
	html string
}

func (p *printCache) get(t *trace.Trace, lang string) string {
	if p.html == "" || p.tr != t || p.lang != lang {
		p.tr, p.lang, p.html = t, lang, PrintHTML(t, lang)
	}
	return p.html
}

// PrintHTML is the print view of a trace: <section id="print-all">.
func PrintHTML(t *trace.Trace, lang string) string {
	steps := BuildSteps(t)
	title := ""
	if t != nil {
		title = fmt.Sprintf("%s · %s · %s · %s", t.Scenario, t.Version, t.Transport, t.Fault)
	}
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<section id="print-all" class="print-only"><h2>` + esc(tr(lang, "print.title")+" — "+title) + "</h2>")
	for _, s := range steps {
		note := scenario.AnnotationFor(s.Ev.Note, t.EventVersion(s.Ev))
		txt := note.Text.En
		if lang == LangZh && note.Text.Zh != "" {
			txt = note.Text.Zh
		}
		icon, word := sevIcon(s.Severity(), lang)
		b.WriteString(`<article class="print-step"><h3>`)
		b.WriteString(esc(fmt.Sprintf("%d. %s → %s  %s  %s  [%s %s]", s.N, tr(lang, "lane."+string(s.Ev.From)), tr(lang, "lane."+string(s.Ev.To)), s.Wire(), s.Label(lang), icon, word)))
		b.WriteString("</h3>")
		if txt != "" {
			b.WriteString("<p>" + esc(txt) + "</p>")
		}
		if note.Quote != "" {
			b.WriteString("<blockquote>" + emphasiseRFC2119(note.Quote))
			if g := scenario.QuoteGloss(note.Quote); lang == LangZh && g != "" {
				b.WriteString(`<br><span lang="zh-CN">` + esc(tr(lang, "insp.gloss")) + emphasiseRFC2119(g) + "</span>")
			}
			b.WriteString("</blockquote>")
		}
		if note.Spec != "" {
			b.WriteString(`<p class="spec">` + esc("§ "+note.Spec) + "</p>")
		}
		if s.Ev.Raw != "" {
			// A newline right after <pre> is dropped by the HTML parser:
			// write one more so the bytes stay exact.
			b.WriteString("<pre class=\"wire\">\n" + esc(hostText(&s.Ev, lang)) + "</pre>") // a host-internal step's text in the page's language
		}
		b.WriteString("</article>")
	}
	b.WriteString("</section>")
	return b.String()
}
