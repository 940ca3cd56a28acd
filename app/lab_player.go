package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Player is the visualizer's transport bar: restart, previous, play,
// next, speed, the step slider, the counter and the virtual clock; in
// presenter mode it starts with the stage bar. The instant step
// (faststep.go) writes its #prev, #next, #jump, #step-cur and #vclock-t
// before go-app's frame, from the same playerState.
type Player struct {
	app.Compo

	Lang    string
	N       int        // steps in the trace
	At      playerStep // playerState of the current step
	Playing bool
	Speed   string
	// Stage is the presenter's stage bar; nil outside presenter mode.
	Stage *StageInfo
}

// StageInfo is what the presenter's stage bar says: what runs, and
// whether the toolbar is unfolded.
type StageInfo struct {
	What      string
	ToolsOpen bool
}

func (p *Player) t(key string) string { return tr(p.Lang, key) }

func (p *Player) Render() app.UI {
	playLabel, icon := p.t("ctl.play"), playIcon(false)
	if p.Playing {
		playLabel = p.t("ctl.pause")
	}
	icon = playIcon(p.Playing)
	ps := p.At
	return app.Section().Class("player").Aria("label", p.t("ctl.step")).Body(
		app.If(p.Stage != nil, p.renderStageBar),
		app.Button().ID("restart").Class("btn icon-btn").Aria("label", p.t("ctl.restart")).Title(p.t("ctl.restart")+" (Home)").
			Body(app.Span().Aria("hidden", "true").Text("↺"), app.Span().Class("btn-text").Text(p.t("ctl.restart"))).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionSeek, 0) }),
		app.Button().ID(idPrev).Class("btn icon-btn").Aria("label", p.t("ctl.prev")).Title(p.t("ctl.prev")+" (←)").Disabled(ps.prevOff).
			Body(app.Span().Aria("hidden", "true").Text("❮"), app.Span().Class("btn-text").Text(p.t("ctl.prev"))).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionStep, -1) }),
		app.Button().ID(idPlay).Class("btn icon-btn primary").Aria("label", playLabel).Aria("pressed", strconv.FormatBool(p.Playing)).Title(playLabel+" (space)").
			Body(app.Span().Aria("hidden", "true").Text(icon), app.Span().Class("btn-text").Text(playLabel)).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionPlay) }),
		app.Button().ID(idNext).Class("btn icon-btn primary").Aria("label", p.t("ctl.next")).Title(p.t("ctl.next")+" (→)").Disabled(ps.nextOff).
			Body(app.Span().Class("btn-text").Text(p.t("ctl.next")), app.Span().Aria("hidden", "true").Text(" ❯")).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionStep, 1) }),
		app.Label().Class("field inline").Body(
			app.Span().Class("field-label").Text(p.t("ctl.speed")),
			app.Select().ID(idSpeed).Aria("label", p.t("ctl.speed")).Body(
				app.Range(speeds).Slice(func(i int) app.UI {
					return app.Option().Value(speeds[i]).Selected(speeds[i] == p.Speed).Text(speeds[i] + "×")
				}),
			).OnChange(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(actionSpeed, ctx.JSSrc().Get("value").String())
			}),
		),
		app.Input().ID(idJump).Class("jump").Type("range").Min(1).Max(max(p.N, 1)).Value(ps.cur).Aria("label", p.t("ctl.jump")).
			Aria("valuetext", ps.valueText).
			OnInput(func(ctx app.Context, e app.Event) {
				v, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
				ctx.NewActionWithValue(actionSeek, v-1)
			}),
		app.Output().ID("step-counter").Class("counter").Aria("live", "polite").Body(
			app.Span().Class("counter-word").Text(p.t("ctl.step")+" "),
			app.Strong().ID(idStepCur).Text(strconv.Itoa(ps.cur)),
			app.Text(" "+p.t("ctl.of")+" "+strconv.Itoa(p.N)),
		),
		app.Span().Class("vclock").Title(p.t("clock.now")).Body(
			app.Span().Aria("hidden", "true").Text("◷ "),
			app.Span().ID(idVClock).Text(ps.clock),
		),
	)
}

// playIcon is the play button's icon (the reader script draws it too,
// early.go).
func playIcon(playing bool) string {
	if playing {
		return "❚❚"
	}
	return "▶"
}

// renderStageBar is the presenter's one line of chrome, at the start of
// the player: what runs (scenario, version, transport, fault) and the
// button that unfolds the toolbar.
func (p *Player) renderStageBar() app.UI { return stageBar(p.Lang, p.Stage) }

// stageBar is the presenter's line of chrome: the button that unfolds the
// toolbar and what runs. The compare view has no player: it shows the bar
// above the two runs, so the hall still sees what is compared.
func stageBar(lang string, st *StageInfo) app.UI {
	return app.Div().Class("stage-bar").Body(
		app.Button().ID("tools-toggle").Class("btn icon-btn").Aria("expanded", strconv.FormatBool(st.ToolsOpen)).
			Aria("controls", "toolbar").Title(tr(lang, "stage.tools")).
			Body(app.Span().Aria("hidden", "true").Text("⚙"), app.Span().Class("sr-only").Text(tr(lang, "stage.tools"))).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionTools) }),
		app.Strong().ID("stage-title").Class("stage-title").Text(st.What),
	)
}

// stageInfo is the stage bar's slice of the state (nil outside
// presenter mode).
func (s *labState) stageInfo() *StageInfo {
	if !s.view.Present {
		return nil
	}
	version := s.view.Version
	if s.view.Compare { // both versions side by side
		version = strings.Join(s.info().Versions, " ⇄ ")
	}
	what := titleIn(s.info().Title, s.lang) + " · " + version + " · " + s.t("transport."+s.view.Transport)
	if s.view.Fault != "" && s.view.Fault != DefaultFault {
		what += " · " + s.t("fault."+s.view.Fault)
	}
	return &StageInfo{What: what, ToolsOpen: s.toolsOpen}
}

// DeadlineClock shows the client's deadline in the timeout lesson: how
// much of it has elapsed at step Idx, then the cancellation.
type DeadlineClock struct {
	app.Compo

	Lang  string
	Steps []Step
	Idx   int
}

func (d *DeadlineClock) Render() app.UI {
	t := func(key string) string { return tr(d.Lang, key) }
	dl, ok := DeadlineAt(FindDeadlines(d.Steps), d.Idx)
	if !ok || d.Idx < dl.ReqIdx || len(d.Steps) == 0 {
		return app.Div().ID(idClock).Hidden(true)
	}
	total := dl.EndMs - dl.StartMs
	now := d.Steps[d.Idx].Ev.TimeMs
	elapsed := min(max(now-dl.StartMs, 0), total)
	pct := 100.0
	if total > 0 {
		pct = float64(elapsed) * 100 / float64(total)
	}
	done := d.Idx >= dl.CancelIdx
	id := strings.Trim(dl.ID, `"`)
	status := fmt.Sprintf(t("clock.waiting"), id)
	cls := "clock"
	icon := "◔"
	if done {
		status = fmt.Sprintf(t("clock.cancelled"), id)
		cls += " expired"
		icon = "✗"
	}
	return app.Div().ID(idClock).Class(cls).Role("timer").Aria("label", t("clock.title")).Body(
		app.Span().Class("clock-title").Body(app.Span().Aria("hidden", "true").Text(icon+" "), app.Text(t("clock.title"))),
		app.Div().Class("clock-bar").Role("progressbar").Aria("label", t("clock.title")).Aria("valuemin", 0).Aria("valuemax", total).Aria("valuenow", elapsed).Body(
			app.Div().Class("clock-fill").Style("width", fmt.Sprintf("%.1f%%", pct)),
		),
		app.Span().Class("clock-num").Text(fmt.Sprintf(t("clock.elapsed"), elapsed, total)),
		app.Span().Class("clock-status").Text(status),
	)
}
