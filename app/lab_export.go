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
func (c *Lab) export(ctx app.Context, what any) {
	switch what {
	case exportDownload:
		s, err := TranscriptJSONL(c.tr)
		if err != nil {
			return
		}
		dom.Download(fmt.Sprintf("%s-%s-%s-%s.jsonl", c.view.Scenario, c.view.Version, c.view.Transport, c.view.Fault), "application/x-ndjson", s)
	case exportMermaid:
		c.openMermaid(Mermaid(c.tr, c.lang))
		c.mermaidCopy = copyPending
		c.copyGen++
		gen := c.copyGen
		dom.CopyText(c.mermaid, func(ok bool) {
			ctx.Dispatch(func(ctx app.Context) { c.copied(gen, ok) })
		})
	case exportPrint:
		dom.Print()
	}
}

// What the Mermaid dialog says of the copy it made: the clipboard's
// promise has not settled yet, resolved, or was rejected.
const (
	copyPending = iota
	copyOK
	copyFailed
)

// copied records how copy gen ended (a later export's copy wins); a
// failed copy leaves the diagram selected in its field, to copy by hand.
func (c *Lab) copied(gen int, ok bool) {
	if gen != c.copyGen || !c.mermaidOpen {
		return
	}
	c.mermaidCopy = copyOK
	if !ok {
		c.mermaidCopy = copyFailed
		dom.SelectText(mermaidTextID)
	}
}

// The dialogs (modal: Lab.modal moves the focus, dialogKey keeps Tab in),
// and the control each focuses when it opens: the help's Close button, the
// Mermaid dialog's text (selected, ready to copy).
const (
	helpDialogID    = "help"
	mermaidDialogID = "mermaid-dialog"
	mermaidTextID   = "mermaid-text"
)

// dialogID is the open dialog's id, "" if none.
func (c *Lab) dialogID() string {
	switch {
	case c.mermaidOpen:
		return mermaidDialogID
	case c.showHelp:
		return helpDialogID
	}
	return ""
}

// modal runs fn (a key or an action) and moves the focus as the WAI-ARIA
// dialog pattern asks: into a dialog fn opened, once it is drawn, and back
// to the control that had it (the opener) when fn closed the dialog.
func (c *Lab) modal(ctx app.Context, fn func()) {
	before := c.dialogID()
	var opener app.Value
	if before == "" {
		opener = dom.ActiveElement()
	}
	fn()
	switch after := c.dialogID(); {
	case after == before:
	case after == "":
		el := c.opener
		c.opener = nil
		ctx.Defer(func(app.Context) {
			dom.InertOutside("") // before the focus: an inert opener cannot take it
			dom.FocusElement(el)
		})
	default:
		if before == "" {
			c.opener = opener
		}
		ctx.Defer(func(app.Context) {
			dom.InertOutside(after)
			if after == mermaidDialogID {
				dom.SelectText(mermaidTextID)
				return
			}
			dom.Focus(helpDialogID + "-close")
		})
	}
}

// helpKeys are the rows of the keyboard help: the keys and what they do.
var helpKeys = [][2]string{
	{"→", "help.next"}, {"←", "help.prev"}, {"Space", "help.play"}, {"Home / End", "help.home"},
	{"v", "help.version"}, {"t", "help.transport"}, {"c", "help.compare"}, {"f", "help.fullscreen"},
	{"p", "help.presenter"}, {"PageDown / PageUp", "help.pager"}, {"?", "help.help"}, {"Esc", "help.close"},
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
		app.Div().ID(helpDialogID).Class("dialog").Role("dialog").Aria("modal", "true").Aria("labelledby", "help-title").Body(
			app.H2().ID("help-title").Text(t("help.title")),
			app.Table().Class("keys").Body(
				app.Range(rows).Slice(func(i int) app.UI {
					return app.Tr().Body(app.Td().Body(app.Kbd().Text(rows[i][0])), app.Td().Text(t(rows[i][1])))
				}),
			),
			closeButton(d.Lang, helpDialogID+"-close", closeHelp),
		),
	)
}

// MermaidDialog shows the Mermaid diagram the Lab copied.
type MermaidDialog struct {
	app.Compo

	Lang string
	Text string
	Copy int // copyPending, copyOK or copyFailed
}

func (d *MermaidDialog) Render() app.UI {
	t := func(key string) string { return tr(d.Lang, key) }
	status := [...][2]string{copyPending: {"muted", "exp.mermaid.copying"}, copyOK: {"status-msg ok", "exp.mermaid.copied"}, copyFailed: {"status-msg bad", "exp.mermaid.copyfail"}}
	return app.Div().Class("overlay").Body(
		app.Div().ID(mermaidDialogID).Class("dialog wide").Role("dialog").Aria("modal", "true").Aria("labelledby", "mermaid-title").Body(
			app.H2().ID("mermaid-title").Text(t("exp.mermaid.title")),
			app.P().ID("mermaid-status").Class(status[d.Copy][0]).Role("status").Text(t(status[d.Copy][1])),
			app.Textarea().ID(mermaidTextID).ReadOnly(true).Rows(16).Aria("label", t("exp.mermaid.title")).Text(d.Text),
			closeButton(d.Lang, mermaidDialogID+"-close", closeMermaid),
		),
	)
}

// closeButton (id) closes the dialog named what (actionClose).
func closeButton(lang, id, what string) app.UI {
	return app.Button().ID(id).Class("btn primary").Text(tr(lang, "exp.close")).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionClose, what) })
}
