package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ExportBar is the bar below the stage: download the transcript, copy it
// as a Mermaid diagram, print it. Each button is an actionExport; the Lab
// has the trace (Lab.export).
type ExportBar struct {
	app.Compo

	Lang string
}

func (b *ExportBar) Render() app.UI {
	t := func(key string) string { return tr(b.Lang, key) }
	button := func(id, icon, label, what string) app.UI {
		return app.Button().ID(id).Class("btn").Body(app.Span().Aria("hidden", "true").Text(icon+" "), app.Text(t(label))).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionExport, what) })
	}
	return app.Footer().Class("export").Aria("label", t("exp.title")).Body(
		app.Span().Class("field-label").Text(t("exp.title")),
		button("download", "⬇", "exp.download", exportDownload),
		button("mermaid", "❐", "exp.mermaid", exportMermaid),
		button("print", "▤", "exp.print", exportPrint),
	)
}

// export does what an ExportBar button asks, through the page's effects
// (effects.go).
func (c *Lab) export(what any) {
	switch what {
	case exportDownload:
		s, err := TranscriptJSONL(c.tr)
		if err != nil {
			return
		}
		dom.Download(fmt.Sprintf("%s-%s-%s-%s.jsonl", c.view.Scenario, c.view.Version, c.view.Transport, c.view.Fault), "application/x-ndjson", s)
	case exportMermaid:
		c.mermaid = Mermaid(c.tr, c.lang)
		c.mermaidOpen = true
		dom.CopyText(c.mermaid)
	case exportPrint:
		dom.Print()
	}
}

// helpKeys are the rows of the keyboard help: the keys and what they do.
var helpKeys = [][2]string{
	{"→", "help.next"}, {"←", "help.prev"}, {"Space", "help.play"}, {"Home / End", "help.home"},
	{"v", "help.version"}, {"t", "help.transport"}, {"c", "help.compare"}, {"f", "help.fullscreen"},
	{"p", "help.presenter"}, {"?", "help.help"}, {"Esc", "help.close"},
}

// HelpDialog is the keyboard help (? or the ? button).
type HelpDialog struct {
	app.Compo

	Lang string
}

func (d *HelpDialog) Render() app.UI {
	t := func(key string) string { return tr(d.Lang, key) }
	rows := helpKeys
	return app.Div().Class("overlay").Body(
		app.Div().ID("help").Class("dialog").Role("dialog").Aria("modal", "true").Aria("labelledby", "help-title").Body(
			app.H2().ID("help-title").Text(t("help.title")),
			app.Table().Class("keys").Body(
				app.Range(rows).Slice(func(i int) app.UI {
					return app.Tr().Body(app.Td().Body(app.Kbd().Text(rows[i][0])), app.Td().Text(t(rows[i][1])))
				}),
			),
			closeButton(d.Lang, closeHelp),
		),
	)
}

// MermaidDialog shows the Mermaid diagram the Lab copied.
type MermaidDialog struct {
	app.Compo

	Lang string
	Text string
}

func (d *MermaidDialog) Render() app.UI {
	t := func(key string) string { return tr(d.Lang, key) }
	return app.Div().Class("overlay").Body(
		app.Div().ID("mermaid-dialog").Class("dialog wide").Role("dialog").Aria("modal", "true").Aria("labelledby", "mermaid-title").Body(
			app.H2().ID("mermaid-title").Text(t("exp.mermaid.title")),
			app.P().Text(t("exp.mermaid.copied")),
			app.Textarea().ID("mermaid-text").ReadOnly(true).Rows(16).Aria("label", t("exp.mermaid.title")).Text(d.Text),
			closeButton(d.Lang, closeMermaid),
		),
	)
}

// closeButton closes the dialog named what (actionClose).
func closeButton(lang, what string) app.UI {
	return app.Button().Class("btn primary").Text(tr(lang, "exp.close")).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionClose, what) })
}
