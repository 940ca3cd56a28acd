package ui

import (
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
// Every value comes from the same function the components render with
// (playerState, rowClass, rowAriaCurrent, seqMore, inspectorClass,
// stepData). go-app's frame then renders the same state, but it only
// writes what differs between its previous render and this one: a value
// the patch changed and a later step changed back (next, then prev before
// the frame) would stay as the patch left it. So the patch also defers a
// second pass to the end of that frame (ctx.Defer), which writes the
// current step's values into every row and field again — the page then
// shows exactly what a fresh load of the link shows (e2e TestInstantStep).
// The rest of the page (the client deadline clock, the HTTP timeline, the
// live-replay button, the field guide) follows in go-app's frame.

// patchStep draws step to (0-based) over step from, in the event handler,
// and schedules the pass that follows go-app's frame.
func (c *Lab) patchStep(ctx app.Context, from, to int) {
	if !c.mounted || !c.page.IsLab() || c.view.Compare || from == to || to < 0 || to >= len(c.steps) {
		return
	}
	c.drawStep(to, min(from, to), max(from, to)+1)
	ctx.Defer(func(ctx app.Context) {
		if c.page.IsLab() && !c.view.Compare && c.idx < len(c.steps) {
			c.drawStep(c.idx, 0, len(c.steps))
		}
	})
}

// drawStep writes what step to shows into the page: the inspector, the
// player, the line under the rows and the rows of steps lo..hi (0-based)
// that are drawn. Elements that are not in the page are skipped.
func (c *Lab) drawStep(to, lo, hi int) {
	n := len(c.steps)
	doc := app.Window().Get("document")
	byID := func(id string) app.Value { return doc.Call("getElementById", id) }

	// The step sections first: the largest change.
	if insp := byID("inspector"); insp.Truthy() {
		d := c.stepData(to)
		fillStep(d.key, d.body)
		insp.Set("className", inspectorClass(c.steps[to].Severity()))
	}

	// Rows: a pass over every step walks the rows that are drawn; a patch
	// of a few steps finds each by position (without a filter, row k is
	// step start+k), checked by its data-step, which go-app keeps right.
	if seq := byID("sequence"); seq.Truthy() {
		list := seq.Call("querySelectorAll", ".rows > li")
		count := list.Get("length").Int()
		lo, hi = max(lo, 0), min(hi, n-1)
		if hi-lo+1 >= count {
			for p := 0; p < count; p++ {
				el := list.Call("item", p)
				if i := stepOf(el); i >= lo && i <= hi {
					c.drawRow(el, i, to)
				}
			}
		} else if count > 0 {
			start := stepOf(list.Call("item", 0))
			filtered := c.fMethod != "" || c.fDir != ""
			for i := lo; i <= hi && start >= 0; i++ {
				if p := i - start; p >= 0 && p < count {
					if el := list.Call("item", p); stepOf(el) == i {
						c.drawRow(el, i, to)
						continue
					}
				}
				if filtered { // rows are missing in between: look for it
					for p := 0; p < count; p++ {
						if el := list.Call("item", p); stepOf(el) == i {
							c.drawRow(el, i, to)
							break
						}
					}
				}
			}
		}
	}
	if more := byID("seq-more"); more.Truthy() {
		cls, text := seqMore(n, to, c.lang)
		more.Set("className", cls)
		setText(more, text)
	}

	ps := c.playerState(to)
	if el := byID("prev"); el.Truthy() {
		el.Set("disabled", ps.prevOff)
	}
	if el := byID("next"); el.Truthy() {
		el.Set("disabled", ps.nextOff)
	}
	if el := byID("jump"); el.Truthy() {
		el.Set("value", strconv.Itoa(ps.cur))
		el.Call("setAttribute", "aria-valuetext", ps.valueText)
	}
	setText(byID("step-cur"), strconv.Itoa(ps.cur))
	setText(byID("vclock-t"), ps.clock)
}

// drawRow writes row element el of step i as seqRow draws it when step to
// is current.
func (c *Lab) drawRow(el app.Value, i, to int) {
	state := rowState(i, to)
	el.Set("className", rowClass(&c.steps[i], state))
	el.Set("hidden", state == rowUpcoming)
	if btn := el.Get("firstElementChild"); btn.Truthy() {
		if cur := rowAriaCurrent(state); cur != "" {
			btn.Call("setAttribute", "aria-current", cur)
		} else {
			btn.Call("removeAttribute", "aria-current")
		}
	}
}

// stepOf is the 0-based step of a row element (-1 if it has none).
func stepOf(li app.Value) int {
	n, err := strconv.Atoi(li.Get("dataset").Get("step").String())
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
	w := app.Window()
	c.warmIdle = w.Get("requestIdleCallback").Truthy()
	if c.warmIdle {
		c.warmReq = w.Call("requestIdleCallback", c.warmFn, map[string]any{"timeout": 1000})
	} else { // Safari before 18
		c.warmReq = w.Call("setTimeout", c.warmFn, 50)
	}
}

// stopWarm cancels a pending warm-up callback and releases its function.
func (c *Lab) stopWarm() {
	if c.warmFn == nil {
		return
	}
	if c.warmPending {
		if c.warmIdle {
			app.Window().Call("cancelIdleCallback", c.warmReq)
		} else {
			app.Window().Call("clearTimeout", c.warmReq)
		}
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
