package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Instant steps.
//
// go-app renders an update on its next frame, which it arms 1/120 s after
// the first event of an idle page (engineX.Start(120)); in the browser that
// timer fires about 9.5 ms after a click, so a step drawn by go-app alone
// can never show sooner. A step only changes a few things, so the click
// handler writes them into the page itself, at once:
//
//   - the player: #prev / #next disabled, #jump value and aria-valuetext,
//     the counter (#step-cur) and the virtual clock (#vclock-t);
//   - the sequence: the class, hidden state and aria-current of the rows
//     whose state changes (the next row is always drawn, hidden: see
//     Sequence), and the line under the rows (#seq-more);
//   - the inspector: its severity class and its step sections (#insp-step,
//     whose content go-app never manages: see Inspector).
//
// planStep decides all of it, without touching the page, from the same
// functions the components render with (playerState, rowClass,
// rowAriaCurrent, seqMore, inspectorClass, stepData); writeStep writes it
// and is the only code of the patch that touches the DOM. It finds the
// elements by the names in domnames.go, which the components render
// (faststep_test.go checks both against a server-side render). go-app's frame then renders the same state, but it only
// writes what differs between its previous render and this one: a value
// the patch changed and a later step changed back (next, then prev before
// the frame) would stay as the patch left it. So the patch also defers a
// second pass to the end of that frame (ctx.Defer), which writes the
// current step's values into every row and field again — the page then
// shows exactly what a fresh load of the link shows (e2e TestInstantStep).
// The rest of the page (the client deadline clock, the HTTP timeline, the
// live-replay button, the field guide) follows in go-app's frame.

// stepPatch is everything a step change writes into the page, decided
// without touching it (planStep); writeStep is the only code that writes
// it. The native tests compare it with what the components render
// (faststep_test.go).
type stepPatch struct {
	Player playerStep
	// MoreClass and MoreText are the line under the rows (#seq-more).
	MoreClass, MoreText string
	// InspClass is the inspector's class; Insp its step sections.
	InspClass string
	Insp      stepDerived
	Rows      rowsPatch
}

// rowsPatch says how the rows of steps Lo..Hi (0-based, inclusive) are
// drawn when step Cur is current; Row computes one row, so a patch over a
// long trace costs only the rows the page really holds.
type rowsPatch struct {
	steps  []Step
	Lo, Hi int
	Cur    int
	// Filtered: a filter hides rows, so row k is not always step start+k.
	Filtered bool
}

// rowPatch is one row as seqRow draws it.
type rowPatch struct {
	Class       string
	Hidden      bool
	AriaCurrent string // "" means absent
}

// Row is how row i (Lo <= i <= Hi) is drawn.
func (r rowsPatch) Row(i int) rowPatch {
	state := rowState(i, r.Cur)
	return rowPatch{Class: rowClass(&r.steps[i], state), Hidden: state == rowUpcoming, AriaCurrent: rowAriaCurrent(state)}
}

// planStep is the patch that draws step to (0-based) over step from: the
// rows of both and the one after (the hidden next row), the player, the
// line under the rows and the inspector (insp, built by the Lab's cache).
// from < 0 plans every row: the pass after go-app's frame. filtered says
// a step filter is on.
func planStep(steps []Step, from, to int, lang string, filtered bool, insp stepDerived) stepPatch {
	n := len(steps)
	lo, hi := min(from, to), max(from, to)+1
	if from < 0 {
		lo, hi = 0, n
	}
	p := stepPatch{
		Player:    playerState(steps, to, lang),
		InspClass: inspectorClass(steps[to].Severity()),
		Insp:      insp,
		Rows:      rowsPatch{steps: steps, Lo: max(lo, 0), Hi: min(hi, n-1), Cur: to, Filtered: filtered},
	}
	p.MoreClass, p.MoreText = seqMore(n, to, lang)
	return p
}

// patchStep draws step to (0-based) over step from, in the event handler,
// and schedules the pass that follows go-app's frame.
func (c *Lab) patchStep(ctx app.Context, from, to int) {
	if !c.mounted || !c.page.IsLab() || c.view.Compare || from == to || to < 0 || to >= len(c.steps) {
		return
	}
	c.drawStep(from, to)
	ctx.Defer(func(ctx app.Context) {
		if c.page.IsLab() && !c.view.Compare && c.idx < len(c.steps) {
			c.drawStep(-1, c.idx)
		}
	})
}

// drawStep writes planStep(from, to) into the page.
func (c *Lab) drawStep(from, to int) {
	p := planStep(c.steps, from, to, c.lang, c.fMethod != "" || c.fDir != "", c.stepData(to))
	writeStep(pageDocument(), &p)
}

// writeStep writes p into the document doc: the only code of the patch
// that touches the page. Elements that are not in the page are skipped.
func writeStep(doc app.Value, p *stepPatch) {
	byID := func(id string) app.Value { return doc.Call("getElementById", id) }

	// The step sections first: the largest change.
	if insp := byID(idInspector); insp.Truthy() {
		fillStepIn(byID(idInspStep), p.Insp.key, p.Insp.body)
		insp.Set("className", p.InspClass)
	}

	// Rows: a pass over every step walks the rows that are drawn; a patch
	// of a few steps finds each by position (without a filter, row k is
	// step start+k), checked by its data-step, which go-app keeps right.
	if seq := byID(idSequence); seq.Truthy() {
		r := p.Rows
		list := seq.Call("querySelectorAll", selRows)
		count := list.Get("length").Int()
		if r.Hi-r.Lo+1 >= count {
			for k := 0; k < count; k++ {
				el := list.Call("item", k)
				if i := stepOf(el); i >= r.Lo && i <= r.Hi {
					writeRow(el, r.Row(i))
				}
			}
		} else if count > 0 {
			start := stepOf(list.Call("item", 0))
			for i := r.Lo; i <= r.Hi && start >= 0; i++ {
				if k := i - start; k >= 0 && k < count {
					if el := list.Call("item", k); stepOf(el) == i {
						writeRow(el, r.Row(i))
						continue
					}
				}
				if r.Filtered { // rows are missing in between: look for it
					for k := 0; k < count; k++ {
						if el := list.Call("item", k); stepOf(el) == i {
							writeRow(el, r.Row(i))
							break
						}
					}
				}
			}
		}
	}
	if more := byID(idSeqMore); more.Truthy() {
		more.Set("className", p.MoreClass)
		setText(more, p.MoreText)
	}

	ps := p.Player
	if el := byID(idPrev); el.Truthy() {
		el.Set("disabled", ps.prevOff)
	}
	if el := byID(idNext); el.Truthy() {
		el.Set("disabled", ps.nextOff)
	}
	if el := byID(idJump); el.Truthy() {
		el.Set("value", strconv.Itoa(ps.cur))
		el.Call("setAttribute", "aria-valuetext", ps.valueText)
	}
	setText(byID(idStepCur), strconv.Itoa(ps.cur))
	setText(byID(idVClock), ps.clock)
}

// writeRow writes row element el as r says.
func writeRow(el app.Value, r rowPatch) {
	el.Set("className", r.Class)
	el.Set("hidden", r.Hidden)
	if btn := el.Get("firstElementChild"); btn.Truthy() {
		if r.AriaCurrent != "" {
			btn.Call("setAttribute", "aria-current", r.AriaCurrent)
		} else {
			btn.Call("removeAttribute", "aria-current")
		}
	}
}

// stepOf is the 0-based step of a row element (-1 if it has none).
func stepOf(li app.Value) int {
	n, err := strconv.Atoi(li.Get("dataset").Get(dataStep).String())
	if err != nil {
		return -1
	}
	return n - 1
}

// setText changes the value of el's text node, the node go-app created and
// still references (replacing it would leave go-app updating a detached
// node).
func setText(el app.Value, s string) {
	if !el.Truthy() {
		return
	}
	if t := el.Get("firstChild"); t.Truthy() && t.Get("nodeType").Int() == 3 {
		t.Set("nodeValue", s)
	}
}

// playerStep is what the player shows for a step; Player draws it
// and the instant step patch writes the same values.
type playerStep struct {
	cur              int // 1-based, 0 for an empty trace
	prevOff, nextOff bool
	valueText, clock string
}

// playerState is the player at step idx (0-based) of steps.
func playerState(steps []Step, idx int, lang string) playerStep {
	n := len(steps)
	ps := playerStep{cur: idx + 1, prevOff: idx <= 0, nextOff: idx >= n-1}
	if n == 0 {
		ps.cur = 0
	}
	var timeMs int64
	if idx < n {
		timeMs = steps[idx].Ev.TimeMs
	}
	ps.valueText = fmt.Sprintf("%s %d %s %d", tr(lang, "ctl.step"), ps.cur, tr(lang, "ctl.of"), n)
	ps.clock = fmt.Sprintf(tr(lang, "insp.time"), timeMs)
	return ps
}

// scheduleWarm builds, while the browser is idle, the inspector sections
// of the next steps not built yet (stepData caches them; see warmAhead),
// one step per idle callback, nearest the current step first; every step
// change schedules it again. A step's first build also runs
// code paths for the first time, which the browser compiles then: measured
// in Chromium, a trace's first pass of "next" took 15–60 ms a click, later
// passes 2–8 ms. Warming makes the first pass the fast one.
func (c *Lab) scheduleWarm() {
	if c.warmPending || !c.mounted || !c.page.IsLab() || len(c.steps) == 0 {
		return
	}
	if c.warmFn == nil {
		c.warmFn = app.FuncOf(func(this app.Value, args []app.Value) any {
			c.warmPending = false
			if c.warmFn == nil || !c.page.IsLab() || c.idx >= len(c.steps) {
				return nil
			}
			if i, ok := c.nextCold(); ok {
				c.stepData(i)
				c.scheduleWarm()
			}
			return nil
		})
	}
	if _, ok := c.nextCold(); !ok {
		return
	}
	c.warmPending = true
	c.warmCancel = whenIdle(c.warmFn, 1000, 50)
}

// stopWarm cancels a pending warm-up callback and releases its function.
func (c *Lab) stopWarm() {
	if c.warmFn == nil {
		return
	}
	if c.warmPending {
		c.warmCancel()
	}
	c.warmFn.Release()
	c.warmFn, c.warmPending = nil, false
}

// warmAhead and warmBehind bound the steps built ahead of need around the
// current one: the next few (where "next" goes) and the previous one. A
// bigger window buys nothing for stepping and, with every toggle making a
// new trace, only more garbage (the wasm heap never shrinks).
const warmAhead, warmBehind = 3, 1

// nextCold is the step nearest after (then before) the current one, within
// the warm window, whose inspector sections are not built yet.
func (c *Lab) nextCold() (int, bool) {
	n := len(c.steps)
	c.stepData(c.idx) // (re)starts the cache for this trace and language
	for d := 1; d <= warmAhead; d++ {
		for _, i := range []int{c.idx + d, c.idx - d} {
			if i >= 0 && i < n && i-c.idx >= -warmBehind && !c.derivedOK[i] {
				return i, true
			}
		}
	}
	return 0, false
}
