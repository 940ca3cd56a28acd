package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
)

// Toolbar is the scenario / version / transport / fault toolbar. In
// presenter mode it is folded away behind the stage bar's ⚙ button
// (ToolsOpen). A pick is an actionSet with the link parameter it sets.
type Toolbar struct {
	app.Compo

	Lang      string
	Infos     []scenario.Info
	View      View
	ToolsOpen bool
}

func (b *Toolbar) t(key string) string { return tr(b.Lang, key) }

func (b *Toolbar) Render() app.UI {
	in := scenarioInfo(b.Infos, b.View.Scenario)
	faults := in.Faults
	if len(faults) == 0 || faults[0] != "none" {
		faults = append([]string{"none"}, faults...)
	}
	id := func(s string) string { return s }
	trLabel := func(v string) string { return b.t("transport." + v) }
	cls := "toolbar"
	if b.ToolsOpen {
		cls += " open"
	}
	return app.Section().ID("toolbar").Class(cls).Aria("label", b.t("ctl.view")).Body(
		app.If(len(b.Infos) > 1, func() app.UI {
			return app.Label().Class("field").Body(
				app.Span().Class("field-label").Text(b.t("ctl.scenario")),
				app.Select().ID("scenario").Aria("label", b.t("ctl.scenario")).Body(
					app.Range(b.Infos).Slice(func(i int) app.UI {
						s := b.Infos[i]
						return app.Option().Value(s.Name).Selected(s.Name == b.View.Scenario).Text(titleIn(s.Title, b.Lang))
					}),
				).OnChange(pickFromSelect(paramScenario)),
			)
		}).Else(func() app.UI {
			return app.Div().Class("field").Body(
				app.Span().Class("field-label").Text(b.t("ctl.scenario")),
				app.Strong().ID("scenario-title").Text(titleIn(in.Title, b.Lang)),
			)
		}),
		app.Div().Class("field").Body(
			app.Span().Class("field-label").Aria("hidden", "true").Text(b.t("ctl.version")+" (v)"),
			b.versionGroup(in, id),
		),
		app.Div().Class("field").Body(
			app.Span().Class("field-label").Aria("hidden", "true").Text(b.t("ctl.transport")+" (t)"),
			segmentedLimited("transport", b.t("ctl.transport"), scenario.Transports, in.Transports, b.View.Transport, trLabel, pickParam(paramTransport),
				fmt.Sprintf(b.t("na.transport"), joinLabels(in.Transports, trLabel)), b.t("na.button")),
		),
		app.Label().Class("field").Body(
			app.Span().Class("field-label").Text(b.t("ctl.fault")),
			app.Select().ID("fault").Aria("label", b.t("ctl.fault")).Body(
				app.Range(faults).Slice(func(i int) app.UI {
					f := faults[i]
					return app.Option().Value(f).Selected(f == b.View.Fault).Text(b.t("fault." + f))
				}),
			).OnChange(pickFromSelect(paramFault)),
		),
	)
}

// versionGroup is the version toggle. In the HTTP lessons it changes
// nothing (plain HTTP, the same bytes under both versions: the compare
// view shows it), so both buttons are disabled there, with why.
func (b *Toolbar) versionGroup(in scenario.Info, label func(string) string) app.UI {
	if IsHTTPScenario(b.View.Scenario) {
		return segmentedLimited("version", b.t("ctl.version"), protocol.Versions(), []string{}, b.View.Version, label, pickParam(paramVersion),
			b.t("na.version.http"), b.t("na.version.http.button"))
	}
	return segmentedLimited("version", b.t("ctl.version"), protocol.Versions(), in.Versions, b.View.Version, label, pickParam(paramVersion),
		fmt.Sprintf(b.t("na.version"), joinLabels(in.Versions, label)), b.t("na.button"))
}

// joinLabels lists the values' labels, comma-separated.
func joinLabels(vs []string, f func(string) string) string {
	var out []string
	for _, v := range vs {
		out = append(out, f(v))
	}
	return strings.Join(out, ", ")
}

// pickParam is what a segmented group of the toolbar does with a pick:
// ask the Lab to set that link parameter.
func pickParam(param string) func(app.Context, string) {
	return func(ctx app.Context, v string) { ctx.NewActionWithValue(actionSet, paramValue{Param: param, Value: v}) }
}

// pickFromSelect is pickParam for a <select>: its value is the pick.
func pickFromSelect(param string) app.EventHandler {
	pick := pickParam(param)
	return func(ctx app.Context, e app.Event) { pick(ctx, ctx.JSSrc().Get("value").String()) }
}

// ViewMode is the steps / compare switch of the top bar.
type ViewMode struct {
	app.Compo

	Lang    string
	Compare bool
}

func (m *ViewMode) Render() app.UI {
	cur := "steps"
	if m.Compare {
		cur = "compare"
	}
	return segmented("viewmode", tr(m.Lang, "ctl.view")+" (c)", []string{"steps", "compare"}, cur,
		func(v string) string { return tr(m.Lang, "ctl.view."+v) },
		func(ctx app.Context, v string) { ctx.NewActionWithValue(actionCompare, v == "compare") })
}

// segmented renders a group of toggle buttons; the pressed one is the
// current value (aria-pressed, plus a check mark so colour is not the only cue).
func segmented(id, label string, values []string, cur string, text func(string) string, pick func(app.Context, string)) app.UI {
	return app.Div().ID(id).Class("seg").Role("group").Aria("label", label).Body(
		app.Range(values).Slice(func(i int) app.UI { return segButton(id, values[i], cur, text, pick) }),
	)
}

// segButton is one button of a segmented group.
func segButton(id, v, cur string, text func(string) string, pick func(app.Context, string)) app.UI {
	cls := "seg-btn"
	mark := ""
	on := v == cur
	if on {
		cls += " on"
		mark = "✓ "
	}
	return app.Button().Class(cls).DataSet("value", v).Aria("pressed", strconv.FormatBool(on)).
		Body(app.Span().Class("mark").Aria("hidden", "true").Text(mark), app.Text(text(v))).
		OnClick(func(ctx app.Context, e app.Event) { pick(ctx, v) }, app.EventScope(id, v))
}

// segmentedLimited is segmented where only the allowed values (nil: all)
// can be picked: the others are disabled, titled with why, and the reason
// is also written under the group (hint) so it is not hover-only.
func segmentedLimited(id, label string, values, allowed []string, cur string, text func(string) string, pick func(app.Context, string), hint, btnWhy string) app.UI {
	limited := false
	for _, v := range values {
		if allowed != nil && !slices.Contains(allowed, v) {
			limited = true
		}
	}
	group := app.Div().ID(id).Class("seg").Role("group").Aria("label", label)
	if limited {
		group = group.Aria("describedby", id+"-hint")
	}
	return app.Div().Class("seg-wrap").Body(group.Body(
		app.Range(values).Slice(func(i int) app.UI {
			v := values[i]
			if allowed != nil && !slices.Contains(allowed, v) {
				cls := "seg-btn"
				if v == cur {
					cls += " on"
				}
				return app.Button().Class(cls+" na").DataSet("value", v).Aria("pressed", "false").Disabled(true).
					Title(fmt.Sprintf(btnWhy, text(v))).Aria("describedby", id+"-hint").
					Body(app.Span().Class("mark").Aria("hidden", "true").Text("⊘ "), app.Span().Class("na-text").Text(text(v)))
			}
			return segButton(id, v, cur, text, pick)
		}),
	), app.If(limited, func() app.UI {
		return app.Small().ID(id+"-hint").Class("na-hint").Body(app.Span().Aria("hidden", "true").Text("⊘ "), app.Text(hint))
	}))
}
