package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The HTTP-foundation scenarios (http-*): a client settings panel that
// re-runs the engine with Options.Client (ClientSettings, lab_client.go),
// and a time axis that shows the backoff waits and timeouts.

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
		return app.Div().ID(idTimeline).Hidden(true)
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
	rows := timelineRows
	return app.Section().ID(idTimeline).Class("timeline").Aria("labelledby", "tl-h").Body(
		app.Div().Class("tl-head").Body(
			app.H2().ID("tl-h").Class("tl-title").Body(app.Span().Aria("hidden", "true").Text("◷ "), app.Text(c.t("tl.title"))),
			app.Strong().ID(idTlNow).Class("tl-now").Text(c.timelineNow(c.idx)),
			app.If(tl.EndMs == 0, func() app.UI { return app.Span().Class("muted").Text(c.t("tl.zero")) }),
			c.clock(), // the deadline of the attempt in flight
			&ClientSettings{Lang: c.lang, Form: c.clientForm()},
			app.Details().ID("tl-details").Class("tl-list").Body(
				app.Summary().Text(c.t("tl.list")),
				app.Ol().Body(
					app.Range(c.steps).Slice(func(i int) app.UI { return c.timelineItem(tl, i, i == c.idx) }),
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
						cls := timelineSpanClass(sp, c.idx, cur.Ev.TimeMs)
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
					return app.Div().Class(timelineMarkClass(&s, i, c.idx)).Style("left", pct(tl.Pos(s.Ev.TimeMs))).DataSet("step", s.N)
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

// The parts of the timeline a step changes, which the reader script
// (early.go) also draws for every step before the wasm.

// timelineRows are the track's rows of bands, top to bottom, by kind.
var timelineRows = []string{"timeout", "wait"}

// timelineNow is #tl-now at step i (0-based).
func (c *Lab) timelineNow(i int) string {
	return fmt.Sprintf(c.t("tl.now"), i+1, c.steps[i].Ev.TimeMs)
}

// timelineItem is step i's entry in the list of times, current or not.
func (c *Lab) timelineItem(tl Timeline, i int, current bool) app.UI {
	s := c.steps[i]
	what := s.Label(c.lang)
	if w := tl.WaitAfter(i); w > 0 {
		what = fmt.Sprintf(c.t("tl.wait"), w) + " — " + what
	}
	if current {
		return app.Li().Class("current").Aria("current", "step").Body(
			app.Strong().Text(fmt.Sprintf(c.t("tl.item"), s.N, s.Ev.TimeMs, what)),
			app.Text(" ("+c.t("tl.current")+")"),
		)
	}
	return app.Li().Text(fmt.Sprintf(c.t("tl.item"), s.N, s.Ev.TimeMs, what))
}

// timelineSpanClass is a wait or timeout band's class at step idx, whose
// time is now: later bands are faint, the one in progress marked.
func timelineSpanClass(sp TimeSpan, idx int, now int64) string {
	cls := "tl-span tl-" + sp.Kind
	switch {
	case sp.Idx > idx:
		cls += " future"
	case now >= sp.StartMs && now < sp.EndMs:
		cls += " now"
	}
	return cls
}

// timelineMarkClass is step i's marker class at step idx.
func timelineMarkClass(s *Step, i, idx int) string {
	cls := "tl-mark sev-" + s.Severity()
	switch {
	case i == idx:
		cls += " current"
	case i > idx:
		cls += " future"
	}
	if IsWait(*s) {
		cls += " wait"
	}
	return cls
}
