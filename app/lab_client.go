package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/httplab"
)

// ClientForm is the client settings panel's slice of the state
// (labState.clientForm): the settings in force, whether the learner
// unfolded the panel, and the fields whose typed value is out of range.
type ClientForm struct {
	Config httplab.ClientConfig
	Open   bool
	Bad    []ClientBad
}

// ClientBad is a field whose typed value (Raw) is not in force.
type ClientBad struct{ Param, Raw string }

// bad is what the learner typed into param when it is out of range.
func (f ClientForm) bad(param string) (string, bool) {
	for _, b := range f.Bad {
		if b.Param == param {
			return b.Raw, true
		}
	}
	return "", false
}

// ClientSettings is the HTTP lessons' client settings panel: a typed
// value is an actionClient, checked by the Lab (labState.setClient) before
// it re-runs the scenario.
type ClientSettings struct {
	app.Compo

	Lang string
	Form ClientForm
}

func (p *ClientSettings) t(key string) string { return tr(p.Lang, key) }

func (p *ClientSettings) Render() app.UI {
	cv := func(param string) int { return ClientValue(p.Form.Config, param) }
	summary := fmt.Sprintf(p.t("client.summary"), cv("timeout"), cv("retries"), cv("base"), cv("jitter"))
	// Folded by default (the time axis is the stage); open while a typed
	// value is wrong, so its error shows.
	return app.Details().ID("client-panel").Class("client-panel").Open(p.Form.Open || len(p.Form.Bad) > 0).
		On("toggle", func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionFold, ctx.JSSrc().Get("open").Bool()) }).Body(
		app.Summary().Body(
			app.Span().Aria("hidden", "true").Text("⚙ "),
			app.Strong().Text(p.t("client.title")),
			app.Span().ID("client-summary").Class("client-summary").Text(" · "+summary),
		),
		p.renderFields(),
	)
}

// renderFields is the settings form inside the panel.
func (p *ClientSettings) renderFields() app.UI {
	bad := p.Form.Bad
	return app.FieldSet().ID("client-settings").Class("client-settings").Aria("describedby", "client-help").Body(
		app.Legend().Class("sr-only").Text(p.t("client.title")),
		app.Div().Class("client-fields").Body(
			app.Range(clientParams).Slice(func(i int) app.UI { return p.renderField(clientParams[i].Param) }),
			app.Button().ID("client-reset").Class("btn small").Text(p.t("client.reset")).
				Disabled(p.Form.Config == (httplab.ClientConfig{}) && len(bad) == 0).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionReset) }),
		),
		app.Small().ID("client-help").Class("client-help").Text(p.t("client.help")),
		app.Range(bad).Slice(func(i int) app.UI {
			param := bad[i].Param
			lo, hi := ClientRange(param)
			return app.P().ID("client-err-"+param).Class("client-err").Role("alert").Body(
				app.Span().Aria("hidden", "true").Text("✗ "),
				app.Text(fmt.Sprintf(p.t("client.err"), p.t("client."+param), lo, hi, ClientValue(p.Form.Config, param))),
			)
		}),
	)
}

func (p *ClientSettings) renderField(param string) app.UI {
	lo, hi := ClientRange(param)
	val, bad := p.Form.bad(param)
	if !bad {
		val = strconv.Itoa(ClientValue(p.Form.Config, param))
	}
	in := app.Input().ID("client-"+param).Class("client-input").Type("number").Min(lo).Max(hi).Step(1).
		Value(val).Aria("invalid", strconv.FormatBool(bad)).
		OnChange(func(ctx app.Context, e app.Event) {
			ctx.NewActionWithValue(actionClient, paramValue{Param: param, Value: ctx.JSSrc().Get("value").String()})
		}, app.EventScope("client", param))
	if bad {
		in = in.Aria("describedby", "client-err-"+param)
	}
	cls := "client-field"
	if bad {
		cls += " invalid"
	}
	return app.Label().Class(cls).Body(
		app.Span().Class("client-name").Body(
			app.Text(p.t("client."+param)+" "),
			app.Small().Class("client-range").Text(fmt.Sprintf(p.t("client.range"), lo, hi)),
		),
		in,
	)
}
