package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/calc"
)

// CalcView is the N×M versus N+M calculator. Lab owns N and M (they are in
// the link); the view keeps what the learner is typing, which may be
// invalid for a moment, and the message saying why.
type CalcView struct {
	app.Compo

	Lang string
	N, M int

	calcState
}

// calcState is the calculator's state as plain Go (as labState is the
// visualizer's): the last valid values and what the inputs show. Its
// methods below are the only code that changes it
// (TestViewStatesWrittenByTheirMethods).
type calcState struct {
	n, m         int    // last valid values
	nText, mText string // what the inputs show
	nErr, mErr   string
}

// follow takes the link's values n and m (0: the default), each only when
// it changed, so what the learner is typing stays.
func (s *calcState) follow(n, m int) {
	if n == 0 {
		n = DefaultCalcN
	}
	if m == 0 {
		m = DefaultCalcM
	}
	if n != s.n {
		s.n, s.nText, s.nErr = n, strconv.Itoa(n), ""
	}
	if m != s.m {
		s.m, s.mText, s.mErr = m, strconv.Itoa(m), ""
	}
}

// typed is text typed for side ("n" or "m"): msg says why it is not a
// valid value ("" when v is valid, and becomes the side's value).
func (s *calcState) typed(side, text string, v int, msg string) {
	if side == "n" {
		s.nText, s.nErr = text, msg
		if msg == "" {
			s.n = v
		}
	} else {
		s.mText, s.mErr = text, msg
		if msg == "" {
			s.m = v
		}
	}
}

// OnInit takes the link's values.
func (c *CalcView) OnInit() { c.sync() }

// OnUpdate follows Lab (a link, or the language changed).
func (c *CalcView) OnUpdate(ctx app.Context) { c.sync() }

func (c *CalcView) sync() { c.follow(c.N, c.M) }

func (c *CalcView) t(key string) string { return tr(c.Lang, key) }

// ParseSide reads one calculator input: a whole number from calc.MinSide
// to calc.MaxSide. The error is the key of the message to show.
func ParseSide(s string) (int, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, "calc.err.empty"
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		switch {
		case ferr != nil:
			return 0, "calc.err.nan"
		case f >= calc.MinSide && f <= calc.MaxSide:
			return 0, "calc.err.whole"
		}
		return 0, "calc.err.range"
	}
	if v < calc.MinSide || v > calc.MaxSide {
		return 0, "calc.err.range"
	}
	return v, ""
}

// set takes a new text for n (side "n") or m; a valid value goes to Lab
// (and the link), an invalid one leaves the last valid value on screen.
func (c *CalcView) set(ctx app.Context, side, text string) {
	v, errKey := ParseSide(text)
	msg := ""
	if errKey != "" {
		last := c.n
		if side == "m" {
			last = c.m
		}
		msg = fmt.Sprintf(c.t(errKey), calc.MinSide, calc.MaxSide, last)
	}
	c.typed(side, text, v, msg)
	if msg == "" {
		ctx.NewActionWithValue(actionPage, Page{View: ViewCalc, N: c.n, M: c.m})
	}
}

// Render draws the controls, the two counts, the sentence and the pictures.
// gridFigure is one of the two pictures: every app wired to every tool
// (withMCP false), or each to the MCP hub, with its caption.
func (c *CalcView) gridFigure(r calc.Result, withMCP bool, app1, tool1 string) app.UI {
	cls, key, count := "grid-fig without", "without", r.WithoutMCP
	if withMCP {
		cls, key, count = "grid-fig with", "with", r.WithMCP
	}
	return app.Figure().Class(cls).Body(
		app.Raw(GridSVG(r, withMCP, GridLabels{App: app1, Tool: tool1, Hub: "MCP",
			Aria: fmt.Sprintf(c.t("calc.aria."+key), r.N, r.M, count)})),
		app.FigCaption().Body(
			app.Strong().Text(c.t("calc."+key)),
			app.Text(" — "+trn(c.Lang, "calc.fig."+key, count)),
		),
	)
}

func (c *CalcView) Render() app.UI {
	r, err := calc.Integrations(c.n, c.m)
	if err != nil { // cannot happen: n and m are validated
		return app.Div().ID("calc").Class("calc").Body(app.P().Class("calc-error").Text(err.Error()))
	}
	app1, tool1 := c.t("calc.app"), c.t("calc.tool")
	return app.Div().ID("calc").Class("calc").Body(
		app.H2().Class("page-title").Text(c.t("calc.title")),
		app.P().Class("lede").Text(c.t("calc.lede")),
		app.Div().Class("calc-controls").Body(
			c.renderSide("n", c.t("calc.n"), c.t("calc.n.help"), c.n, c.nText, c.nErr),
			c.renderSide("m", c.t("calc.m"), c.t("calc.m.help"), c.m, c.mText, c.mErr),
		),
		app.Div().Class("calc-counts").Aria("live", "polite").Body(
			app.Div().ID("count-without").Class("count-card without").Body(
				app.Div().Class("count-title").Text(c.t("calc.without")),
				app.Div().ID("calc-without").Class("big").Text(strconv.Itoa(r.WithoutMCP)),
				app.Div().Class("count-formula").Text(fmt.Sprintf("N × M = %d × %d", r.N, r.M)),
				app.Div().Class("count-unit").Text(c.t("calc.adapters")),
			),
			app.Div().Class("count-vs").Aria("hidden", "true").Text("→"),
			app.Div().ID("count-with").Class("count-card with").Body(
				app.Div().Class("count-title").Text(c.t("calc.with")),
				app.Div().ID("calc-with").Class("big").Text(strconv.Itoa(r.WithMCP)),
				app.Div().Class("count-formula").Text(fmt.Sprintf("N + M = %d + %d", r.N, r.M)),
				app.Div().Class("count-unit").Text(c.t("calc.impls")),
			),
		),
		app.P().ID("calc-explain").Class("calc-explain").Text(calc.Explain(r, c.Lang)),
		app.Div().Class("calc-pictures").Body(
			c.gridFigure(r, false, app1, tool1),
			c.gridFigure(r, true, app1, tool1),
		),
		app.P().Class("calc-legend muted").Body(
			app.Span().Class("key-app").Aria("hidden", "true").Text("●"), app.Text(" "+c.t("calc.legend.app")+"   "),
			app.Span().Class("key-tool").Aria("hidden", "true").Text("■"), app.Text(" "+c.t("calc.legend.tool")),
		),
	)
}

func (c *CalcView) renderSide(side, label, help string, val int, text, errMsg string) app.UI {
	id := "calc-" + side
	errID := id + "-err"
	input := app.Input().ID(id).Class("num-input").Type("number").Min(calc.MinSide).Max(calc.MaxSide).Step(1).
		Value(text).Aria("describedby", errID).Aria("invalid", strconv.FormatBool(errMsg != "")).
		OnInput(func(ctx app.Context, e app.Event) { c.set(ctx, side, ctx.JSSrc().Get("value").String()) }, app.EventScope(side))
	return app.Div().Class("calc-side").Body(
		app.Label().For(id).Class("side-label").Body(
			app.Strong().Text(label),
			app.Span().Class("muted").Text(" "+help),
		),
		app.Div().Class("side-inputs").Body(
			input,
			app.Input().ID(id+"-range").Class("side-range").Type("range").Min(calc.MinSide).Max(calc.MaxSide).Step(1).Value(val).
				Aria("label", label).
				OnInput(func(ctx app.Context, e app.Event) { c.set(ctx, side, ctx.JSSrc().Get("value").String()) }, app.EventScope(side+"-range")),
		),
		app.P().ID(errID).Class("field-error").Role("alert").Text(errMsg),
	)
}
