package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/httplab"
)

// The HTTP-foundation scenarios (http-*): a client settings panel that
// re-runs the engine with Options.Client, and a time axis that shows the
// backoff waits and timeouts.

// setClient validates one client setting typed by the learner. An invalid
// value keeps the last valid one in force and shows an error beside the
// field; a valid one re-runs the scenario.
func (c *Lab) setClient(ctx app.Context, param, raw string) {
	if c.clientRaw == nil {
		c.clientRaw, c.clientErr = map[string]string{}, map[string]string{}
	}
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	nc, ok := c.view.Client, false
	if err == nil {
		nc, ok = SetClientValue(c.view.Client, param, n)
	}
	if !ok {
		c.clientRaw[param], c.clientErr[param] = raw, "1"
		return
	}
	delete(c.clientRaw, param)
	delete(c.clientErr, param)
	if nc == c.view.Client {
		return
	}
	c.view.Client = nc
	c.reRun(ctx)
}

func (c *Lab) resetClient(ctx app.Context) {
	c.clientRaw, c.clientErr = nil, nil
	if c.view.Client == (httplab.ClientConfig{}) {
		return
	}
	c.view.Client = httplab.ClientConfig{}
	c.reRun(ctx)
}

func (c *Lab) renderClientSettings() app.UI {
	var errs []string
	for _, p := range clientParams {
		if c.clientErr[p.Param] != "" {
			errs = append(errs, p.Param)
		}
	}
	cv := func(p string) int { return ClientValue(c.view.Client, p) }
	summary := fmt.Sprintf(c.t("client.summary"), cv("timeout"), cv("retries"), cv("base"), cv("jitter"))
	// Folded by default (the time axis is the stage); open while a typed
	// value is wrong, so its error shows.
	return app.Details().ID("client-panel").Class("client-panel").Open(c.clientOpen || len(errs) > 0).
		On("toggle", func(ctx app.Context, e app.Event) { c.clientOpen = ctx.JSSrc().Get("open").Bool() }).Body(
		app.Summary().Body(
			app.Span().Aria("hidden", "true").Text("⚙ "),
			app.Strong().Text(c.t("client.title")),
			app.Span().ID("client-summary").Class("client-summary").Text(" · "+summary),
		),
		c.renderClientFields(errs),
	)
}

// renderClientFields is the settings form inside the panel.
func (c *Lab) renderClientFields(errs []string) app.UI {
	return app.FieldSet().ID("client-settings").Class("client-settings").Aria("describedby", "client-help").Body(
		app.Legend().Class("sr-only").Text(c.t("client.title")),
		app.Div().Class("client-fields").Body(
			app.Range(clientParams).Slice(func(i int) app.UI { return c.renderClientField(clientParams[i].Param) }),
			app.Button().ID("client-reset").Class("btn small").Text(c.t("client.reset")).
				Disabled(c.view.Client == (httplab.ClientConfig{}) && len(errs) == 0).
				OnClick(func(ctx app.Context, e app.Event) { c.resetClient(ctx) }),
		),
		app.Small().ID("client-help").Class("client-help").Text(c.t("client.help")),
		app.Range(errs).Slice(func(i int) app.UI {
			p := errs[i]
			lo, hi := ClientRange(p)
			return app.P().ID("client-err-"+p).Class("client-err").Role("alert").Body(
				app.Span().Aria("hidden", "true").Text("✗ "),
				app.Text(fmt.Sprintf(c.t("client.err"), c.t("client."+p), lo, hi, ClientValue(c.view.Client, p))),
			)
		}),
	)
}

func (c *Lab) renderClientField(param string) app.UI {
	lo, hi := ClientRange(param)
	val, bad := c.clientRaw[param], c.clientErr[param] != ""
	if !bad {
		val = strconv.Itoa(ClientValue(c.view.Client, param))
	}
	in := app.Input().ID("client-"+param).Class("client-input").Type("number").Min(lo).Max(hi).Step(1).
		Value(val).Aria("invalid", strconv.FormatBool(bad)).
		OnChange(func(ctx app.Context, e app.Event) { c.setClient(ctx, param, ctx.JSSrc().Get("value").String()) }, app.EventScope("client", param))
	if bad {
		in = in.Aria("describedby", "client-err-"+param)
	}
	cls := "client-field"
	if bad {
		cls += " invalid"
	}
	return app.Label().Class(cls).Body(
		app.Span().Class("client-name").Body(
			app.Text(c.t("client."+param)+" "),
			app.Small().Class("client-range").Text(fmt.Sprintf(c.t("client.range"), lo, hi)),
		),
		in,
	)
}

// axisTicks are round times from 0 to end (1, 2 or 5 × 10^k apart), end
// included.
func axisTicks(end int64) []int64 {
	if end <= 0 {
		return []int64{0}
	}
	step := int64(1)
	for k := int64(1); ; k *= 10 {
		found := false
		for _, m := range []int64{1, 2, 5} {
			if end/(m*k) <= 5 {
				step, found = m*k, true
				break
			}
		}
		if found {
			break
		}
	}
	var out []int64
	for t := int64(0); t < end; t += step {
		if t > 0 && end-t < step*2/5 {
			break // too close to the end label
		}
		out = append(out, t)
	}
	return append(out, end)
}

func pct(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) + "%" }

// renderTimeline draws the client settings and the virtual time axis: one marker per step at its
// time (the current one highlighted, later ones faint), the waits and
// timeouts as labelled bands, and the same facts as a list of times.
func (c *Lab) renderTimeline() app.UI {
	n := len(c.steps)
	if n == 0 {
		return app.Div().ID("timeline").Hidden(true)
	}
	tl := BuildTimeline(c.steps)
	cur := c.steps[c.idx]
	ticks := axisTicks(tl.EndMs)
	spanText := func(sp TimeSpan) string {
		if sp.Kind == "timeout" {
			return fmt.Sprintf(c.t("tl.timeout"), sp.EndMs-sp.StartMs)
		}
		return fmt.Sprintf(c.t("tl.wait"), sp.EndMs-sp.StartMs)
	}
	rows := []string{"timeout", "wait"}
	return app.Section().ID("timeline").Class("timeline").Aria("labelledby", "tl-h").Body(
		app.Div().Class("tl-head").Body(
			app.H2().ID("tl-h").Class("tl-title").Body(app.Span().Aria("hidden", "true").Text("◷ "), app.Text(c.t("tl.title"))),
			app.Strong().ID("tl-now").Class("tl-now").Text(fmt.Sprintf(c.t("tl.now"), c.idx+1, cur.Ev.TimeMs)),
			app.If(tl.EndMs == 0, func() app.UI { return app.Span().Class("muted").Text(c.t("tl.zero")) }),
			c.renderClock(), // the deadline of the attempt in flight
			c.renderClientSettings(),
			app.Details().ID("tl-details").Class("tl-list").Body(
				app.Summary().Text(c.t("tl.list")),
				app.Ol().Body(
					app.Range(c.steps).Slice(func(i int) app.UI {
						s := c.steps[i]
						what := s.Label(c.lang)
						if w := tl.WaitAfter(i); w > 0 {
							what = fmt.Sprintf(c.t("tl.wait"), w) + " — " + what
						}
						li := app.Li().Text(fmt.Sprintf(c.t("tl.item"), s.N, s.Ev.TimeMs, what))
						if i == c.idx {
							li = app.Li().Class("current").Aria("current", "step").Body(
								app.Strong().Text(fmt.Sprintf(c.t("tl.item"), s.N, s.Ev.TimeMs, what)),
								app.Text(" ("+c.t("tl.current")+")"),
							)
						}
						return li
					}),
				),
			),
		),
		app.Div().Class("tl-track").Aria("hidden", "true").Body(
			app.Range(rows).Slice(func(r int) app.UI {
				kind := rows[r]
				var spans []TimeSpan
				for _, sp := range tl.Spans {
					if sp.Kind == kind {
						spans = append(spans, sp)
					}
				}
				return app.Div().Class("tl-row", "tl-row-"+kind).Body(
					app.Range(spans).Slice(func(k int) app.UI {
						sp := spans[k]
						cls := "tl-span tl-" + sp.Kind
						switch {
						case sp.Idx > c.idx:
							cls += " future"
						case cur.Ev.TimeMs >= sp.StartMs && cur.Ev.TimeMs < sp.EndMs:
							cls += " now"
						}
						lblCls := "tl-label"
						if tl.Pos(sp.StartMs) > 70 {
							lblCls += " end"
						}
						return app.Div().Class(cls).Style("left", pct(tl.Pos(sp.StartMs))).Style("width", pct(tl.Pos(sp.EndMs)-tl.Pos(sp.StartMs))).
							Title(spanText(sp)).Body(app.Span().Class(lblCls).Text(spanText(sp)))
					}),
				)
			}),
			app.Div().Class("tl-marks").Body(
				app.Range(c.steps).Slice(func(i int) app.UI {
					s := c.steps[i]
					cls := "tl-mark sev-" + s.Severity()
					switch {
					case i == c.idx:
						cls += " current"
					case i > c.idx:
						cls += " future"
					}
					if IsWait(s) {
						cls += " wait"
					}
					return app.Div().Class(cls).Style("left", pct(tl.Pos(s.Ev.TimeMs))).DataSet("step", s.N)
				}),
			),
		),
		app.Div().Class("tl-axis").Aria("hidden", "true").Body(
			app.Range(ticks).Slice(func(i int) app.UI {
				cls := "tl-tick"
				if i == len(ticks)-1 && len(ticks) > 1 {
					cls += " last"
				}
				if i == len(ticks)-2 && i > 0 {
					cls += " pen" // the one before the end label: first to go on a narrow axis
				}
				return app.Span().Class(cls).Style("left", pct(tl.Pos(ticks[i]))).Text(fmt.Sprintf(c.t("tl.ms"), ticks[i]))
			}),
		),
	)
}
