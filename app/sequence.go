package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/trace"
)

// maxRows bounds how many reached steps the diagram draws at once; older
// ones collapse into a line (long transcripts stay fast).
const maxRows = 80

// Sequence draws the three lanes and one arrow per reached step. Steps
// after Idx are not drawn: the learner discovers them.
type Sequence struct {
	app.Compo

	Steps     []Step
	Idx       int
	Lang      string
	Transport string
	FMethod   string
	FDir      string
	// Replicas is the number of server replicas behind a load balancer
	// (0 or 1: a single server).
	Replicas int
	// ServerSub is what the Server lane's subtitle says over HTTP: the
	// request line the trace's requests really go to (ServerSubtitle).
	ServerSub string
	// HTTPLesson: the http-* scenarios, where the client speaks plain
	// HTTP to an API, not MCP (the client lane says so).
	HTTPLesson bool
	// Badges are marks drawn on a step's arrow, by step index (the
	// capture view's check verdicts); nil for none.
	Badges map[int][]Badge
	// Jump is the action a click on a row emits with its index (""
	// means the visualizer's).
	Jump string
}

// Badge is a mark on a step's arrow.
type Badge struct {
	Text  string // short, e.g. "✗ ids-echoed"
	Class string // e.g. "verdict-fail"
	Title string // the tooltip
}

// hasStderr reports whether the stderr lane is drawn: always for stdio,
// and whenever a trace has stderr lines.
func (s *Sequence) hasStderr() bool {
	if s.Transport == "stdio" {
		return true
	}
	for _, st := range s.Steps {
		if st.Dir == DirStderr {
			return true
		}
	}
	return false
}

func (s *Sequence) Render() app.UI {
	lanes := 3
	if s.hasStderr() {
		lanes = 4
	}
	n := len(s.Steps)
	end := min(s.Idx+1, n)
	start := max(0, end-maxRows)
	var rows []int
	hidden := 0
	for i := start; i < end; i++ {
		if i == s.Idx || s.Steps[i].Matches(s.FMethod, s.FDir) {
			rows = append(rows, i)
		} else {
			hidden++
		}
	}
	if end < n {
		// The next step's row is drawn but hidden (rowUpcoming): "next"
		// then only changes attributes, which the instant step patch
		// (faststep.go) can do inside the click handler.
		rows = append(rows, end)
	}
	return app.Div().ID(idSequence).Class("seq", "l"+strconv.Itoa(lanes)).Body(
		s.renderHeads(lanes),
		app.If(start > 0, func() app.UI {
			return app.Div().Class("seq-note").Text(trn(s.Lang, "seq.earlier", start))
		}),
		app.Ol().Class(clsRows).Body(
			app.Range(rows).Slice(func(k int) app.UI {
				i := rows[k]
				return &seqRow{St: &s.Steps[i], I: i, State: rowState(i, s.Idx), Lanes: lanes, Lang: s.Lang, Badges: s.Badges[i], Jump: s.Jump}
			}),
		),
		app.If(hidden > 0, func() app.UI {
			return app.Div().Class("seq-note").Text(trn(s.Lang, "filter.hidden", hidden))
		}),
		app.If(n > 0, func() app.UI {
			cls, text := seqMore(n, s.Idx, s.Lang)
			return app.Div().ID(idSeqMore).Class(cls).Text(text)
		}),
	)
}

func (s *Sequence) renderHeads(lanes int) app.UI {
	srvSub := "lane.server.sub.http"
	if s.Transport == "stdio" {
		srvSub = "lane.server.sub.stdio"
	}
	clientSub := "lane.client.sub"
	if s.HTTPLesson {
		clientSub = "lane.client.sub.http"
	}
	head := func(cls, icon, name, sub string) app.UI {
		title := tr(s.Lang, name)
		if name == "lane.server" && s.Replicas > 1 {
			title = fmt.Sprintf(tr(s.Lang, "lane.server.replicas"), s.Replicas)
			sub = "lane.server.sub.lb"
		}
		subText := tr(s.Lang, sub)
		if sub == "lane.server.sub.http" && s.ServerSub != "" {
			subText = s.ServerSub
		}
		return app.Div().Class("lane-head", cls).Body(
			app.Span().Class("lane-icon").Aria("hidden", "true").Text(icon),
			app.Strong().Text(title),
			app.Small().Text(subText),
		)
	}
	return app.Div().Class("heads").Body(
		app.Div().Class("hostproc").Text(tr(s.Lang, "lane.hostproc")),
		head("lane-host", "H", "lane.host", "lane.host.sub"),
		head("lane-client", "C", "lane.client", clientSub),
		head("lane-server", "S", "lane.server", srvSub),
		app.If(lanes == 4, func() app.UI { return head("lane-stderr", "2>", "lane.stderr", "lane.stderr.sub") }),
	)
}

// replicaChip names the replica that handled an HTTP exchange: the text
// says which one, the colour (per replica) only repeats it.
func replicaChip(lang string, n int) app.UI {
	return app.Span().Class("chip replica", "replica-"+strconv.Itoa(n)).DataSet("replica", n).
		Title(fmt.Sprintf(tr(lang, "replica.title"), n)).
		Body(app.Span().Aria("hidden", "true").Text("▦ "), app.Text(fmt.Sprintf(tr(lang, "replica"), n)))
}

// Row states (only reached steps are drawn).
const (
	rowPast = iota
	rowCurrent
	rowUpcoming // the next step: in the DOM, hidden until reached
)

// seqRow is one arrow of the diagram, as its own component: a step change
// re-renders only the rows whose state changed (the old and the new
// current row) and mounts the new one, instead of every row. St points
// into the trace's steps, which never change for a given trace.
type seqRow struct {
	app.Compo

	St    *Step
	I     int // 0-based index of the step
	State int // rowPast, rowCurrent or rowUpcoming
	Lanes int
	Lang  string
	// Badges are drawn on the arrow; Jump is the click's action.
	Badges []Badge
	Jump   string
}

func (r *seqRow) Render() app.UI {
	i, lanes, st := r.I, r.Lanes, *r.St
	cls := rowClass(r.St, r.State)
	from, to := laneOf(st.Ev.From), laneOf(st.Ev.To)
	if st.Dir == DirStderr {
		from, to = 2, 3
		if lanes < 4 {
			to = 1
		}
	}
	var col string
	arrowCls := "arrow"
	switch {
	case from == to || st.Ev.Kind == trace.KindThink:
		col = fmt.Sprintf("%d / %d", 2*from+1, 2*from+4)
		arrowCls += " self"
	case from < to:
		col = fmt.Sprintf("%d / %d", 2*from+2, 2*to+2)
		arrowCls += " right"
	default:
		col = fmt.Sprintf("%d / %d", 2*to+2, 2*from+2)
		arrowCls += " left"
	}
	if st.Ev.Kind == trace.KindClose {
		arrowCls += " closed"
	}
	icon, word := sevIcon(st.Severity(), r.Lang)
	wire := st.Wire()
	label := st.Label(r.Lang)
	replica := ""
	if st.Ev.Replica > 0 {
		replica = fmt.Sprintf(tr(r.Lang, "replica"), st.Ev.Replica)
	}
	li := app.Li().Class(cls).DataSet(dataStep, st.N)
	if r.State == rowUpcoming {
		// Only when true: go-app prerenders Hidden(false) as hidden="false",
		// which hides the element.
		li = li.Hidden(true)
	}
	return li.Body(
		// An empty aria-current is left out (a nil value would be written as
		// aria-current="<nil>", which screen readers read as "true").
		// The button's name is its content (WCAG 2.5.3 label in name: a
		// name of its own would not contain what it shows): "Step" for a
		// screen reader, the number, the chips, the label, the class word.
		app.Button().Class("row-btn").Aria("current", rowAriaCurrent(r.State)).
			OnClick(func(ctx app.Context, e app.Event) {
				jump := r.Jump
				if jump == "" {
					jump = actionJump
				}
				ctx.NewActionWithValue(jump, i)
			}, app.EventScope("row", i)).
			Body(
				app.Span().Class("sr-only").Text(tr(r.Lang, "ctl.step")+" "),
				app.Span().Class("num").Text(st.N),
				app.Div().Class("lanes").Body(
					app.Div().Class(arrowCls).Style("grid-column", col).Body(
						app.Span().Class("arrow-label").Body(
							app.If(wire != "", func() app.UI {
								return app.Span().Class("chip wire", "ch-"+string(st.Ev.Channel), statusClass(st.Status)).Text(wire)
							}),
							app.If(st.Exchange > 0, func() app.UI {
								return app.Span().Class("chip pair").Title(fmt.Sprintf(tr(r.Lang, "seq.exchange"), st.Exchange)).Text("⇄" + strconv.Itoa(st.Exchange))
							}),
							app.If(replica != "", func() app.UI { return replicaChip(r.Lang, st.Ev.Replica) }),
							app.Span().Class("text").Body(breakable(label)...),
							app.Span().Class("sev").Title(word).Body(
								app.Span().Aria("hidden", "true").Text(icon),
								app.Span().Class("sr-only").Text(" "+word),
							),
							app.Range(r.Badges).Slice(func(k int) app.UI {
								b := r.Badges[k]
								return app.Span().Class("chip badge", b.Class).Title(b.Title).Text(b.Text)
							}),
						),
						app.Span().Class("line").Aria("hidden", "true"),
					),
				),
			),
	)
}

// rowState is the state of row i when step idx (0-based) is current.
func rowState(i, idx int) int {
	switch {
	case i == idx:
		return rowCurrent
	case i > idx:
		return rowUpcoming
	}
	return rowPast
}

// rowClass is a row's class attribute; seqRow renders it and the instant
// step patch writes the same value (faststep.go).
func rowClass(st *Step, state int) string {
	cls := "row dir-" + st.Dir + " kind-" + string(st.Ev.Kind) + " sev-" + st.Severity()
	switch state {
	case rowCurrent:
		return cls + " current"
	case rowUpcoming:
		return cls + " upcoming"
	}
	return cls + " past"
}

// rowAriaCurrent is the row button's aria-current ("" means absent).
func rowAriaCurrent(state int) string {
	if state == rowCurrent {
		return "step"
	}
	return ""
}

// seqMore is the line under the rows at step idx (0-based) of n: how
// many steps are still to come, or the end of the trace.
func seqMore(n, idx int, lang string) (cls, text string) {
	if rest := n - idx - 1; rest > 0 {
		return "seq-more", trn(lang, "seq.more", rest)
	}
	return "seq-more end", "■ " + tr(lang, "seq.end")
}
