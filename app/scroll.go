package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Keeping the current step in view (issue 30): after every step, jump,
// badge click and toggle, in the visualizer, the compare view and the
// capture view, at every size. The current row is scrolled into its lanes
// panel first (only the panel: the stage of a desktop visualizer never
// scrolls the page), then the page is scrolled, if it must, so the row is
// in the viewport below whatever sticks to its top (the presenter's bar in
// the compare view, the player on a phone, the capture's player). Where
// the explanation (or the capture's verdict) is stacked below the lanes,
// as on a phone, its first lines come into view with the row.

// stickyTops are the bars that stick to the top of the viewport in some
// layout (static/stage.css, static/capture.css).
var stickyTops = []string{".screen > .top", "#main > .stage-bar", "#main > .player", ".cap-player"}

// companions are what should come into view with the row when it is
// stacked below the lanes: the capture's verdict, else the explanation.
var companions = []string{"#cap-verdicts", "#cap-lab", "#note-text"}

// ScrollToCurrent keeps the current row of the lanes (or of the compare
// view) in view.
func (browserDOM) ScrollToCurrent() {
	doc := app.Window().Get("document")
	row := doc.Call("querySelector", ".cmp-row.current")
	if !row.Truthy() {
		row = doc.Call("querySelector", ".row.current")
		if !row.Truthy() {
			return
		}
		if panel := row.Call("closest", ".seq-panel"); panel.Truthy() {
			scrollPanel(panel, row)
		}
	}
	keepInWindow(doc, row)
}

// scrollPanel scrolls the lanes panel (only it) so the row is visible
// below the sticky lane heads, with some of the next rows below it.
func scrollPanel(panel, row app.Value) {
	if panel.Get("scrollHeight").Float() <= panel.Get("clientHeight").Float()+1 {
		return
	}
	pr := panel.Call("getBoundingClientRect")
	rr := row.Call("getBoundingClientRect")
	top := pr.Get("top").Float()
	if heads := panel.Call("querySelector", ".heads"); heads.Truthy() {
		top += heads.Get("offsetHeight").Float()
	}
	bottom := pr.Get("top").Float() + panel.Get("clientHeight").Float()
	rTop, rBottom := rr.Get("top").Float(), rr.Get("bottom").Float()
	room := bottom - top
	switch {
	case rBottom-rTop >= room-8: // taller than the panel: its top
		panel.Set("scrollTop", panel.Get("scrollTop").Float()+rTop-top-4)
	case rBottom > bottom:
		panel.Set("scrollTop", panel.Get("scrollTop").Float()+rBottom-bottom+min(60, room-(rBottom-rTop)-8))
	case rTop < top:
		panel.Set("scrollTop", panel.Get("scrollTop").Float()-(top-rTop)-8)
	}
}

// keepInWindow scrolls the page, if it must, so the row (and, stacked
// below it, its companion's first lines) is between the sticky bars and
// the bottom of the viewport.
func keepInWindow(doc, row app.Value) {
	win := app.Window()
	vh := win.Get("innerHeight").Float()
	limit := 0.0
	for _, sel := range stickyTops {
		el := doc.Call("querySelector", sel)
		if !el.Truthy() {
			continue
		}
		cs := win.Call("getComputedStyle", el)
		if p := cs.Get("position").String(); p != "sticky" && p != "fixed" {
			continue
		}
		if h := el.Get("offsetHeight").Float(); h > 0 {
			limit = math.Max(limit, h+parsePx(cs.Get("top").String()))
		}
	}
	rr := row.Call("getBoundingClientRect")
	top, bottom := rr.Get("top").Float(), rr.Get("bottom").Float()
	avail := vh - limit
	// Panels side by side that fit in the viewport (the capture view's
	// lanes and verdicts): the whole workspace comes into view, so the
	// verdict beside the row does too.
	if ws := row.Call("closest", ".cap-view .workspace"); ws.Truthy() {
		wr := ws.Call("getBoundingClientRect")
		if side := ws.Call("querySelector", ".cap-side"); side.Truthy() {
			side.Set("scrollTop", 0)
			sr := side.Call("getBoundingClientRect")
			if wr.Get("height").Float() <= avail+0.5 && sr.Get("top").Float() < bottom-1 { // beside, not below
				top, bottom = wr.Get("top").Float(), wr.Get("bottom").Float()
			}
		}
	}
	for _, sel := range companions {
		c := doc.Call("querySelector", sel)
		if !c.Truthy() || c.Call("getClientRects").Length() == 0 {
			continue
		}
		cr := c.Call("getBoundingClientRect")
		ct := cr.Get("top").Float()
		if ct < bottom-1 || ct-bottom > avail/3 { // beside the lanes, or far below
			break
		}
		line := parsePx(win.Call("getComputedStyle", c).Get("lineHeight").String())
		if line == 0 {
			line = 24
		}
		want := math.Min(cr.Get("bottom").Float(), ct+3*line)
		if want-top <= avail {
			bottom = math.Max(bottom, want)
		}
		break
	}
	if top >= limit-0.5 && bottom <= vh+0.5 {
		return
	}
	dy := top - limit - 4
	if spare := avail - (bottom - top); spare > 8 {
		dy = top - limit - math.Min(spare/4, 80)
	}
	win.Call("scrollBy", 0, math.Round(dy))
}

// parsePx reads a CSS length in px ("12.5px"); 0 for anything else
// ("normal", "auto").
func parsePx(s string) float64 {
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "px"), 64)
	if err != nil {
		return 0
	}
	return v
}
