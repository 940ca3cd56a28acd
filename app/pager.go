package ui

import (
	"math"
	"sort"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The presenter's explanation pane (issue 30): in presenter mode the
// explanation is large (static/stage.css) and may be longer than its pane.
// The pane then shows whole lines only: its height ends at the last line
// that fits, never across one; PageDown and PageUp (a clicker's two
// buttons) show the next and the previous page, and once the last (first)
// page is shown they step, so a clicker alone runs the lecture.

// watchResize sizes the pane again (and keeps the step in view) when the
// window changes size: fullscreen (f) changes the presenter's type.
func (c *Lab) watchResize() (stop func()) {
	f := app.FuncOf(func(this app.Value, args []app.Value) any {
		// Presenter mode only: a phone's address bar resizes the window
		// as the reader scrolls, which must not pull the page back.
		if c.mounted && c.view.Present && !c.view.Compare && c.page.IsLab() {
			c.scheduleScroll()
		}
		return nil
	})
	unlisten := listenWindow("resize", f)
	return func() {
		unlisten()
		f.Release()
	}
}

// pagerKey handles PageDown / PageUp in presenter mode: it pages the
// explanation and reports handled with no key, or, at the end of the
// explanation, hands back the step key for onKey. Outside presenter mode,
// in the compare view, with a modifier, in a dialog or a text editor, it
// leaves the key alone (handled false).
func (c *Lab) pagerKey(e app.Value) (key string, handled bool) {
	k := e.Get("key").String()
	if (k != "PageDown" && k != "PageUp") || !c.view.Present || c.view.Compare || !c.page.IsLab() || c.dialogID() != "" ||
		e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() || e.Get("shiftKey").Bool() || isTextEditor(dom.ActiveElement()) {
		return "", false
	}
	e.Call("preventDefault")
	dir, step := 1, "ArrowRight"
	if k == "PageUp" {
		dir, step = -1, "ArrowLeft"
	}
	if pageExplain(dir) {
		return "", true
	}
	return step, true
}

// pageExplain sizes the presenter's explanation pane to whole lines and
// shows its first page (dir 0, after a step), the next one (1) or the
// previous one (-1); it reports whether it moved to another page.
func pageExplain(dir int) bool {
	doc := pageDocument()
	pane := doc.Call("querySelector", ".lab.presenter #insp-step .insp-explain")
	if !pane.Truthy() {
		return false
	}
	style := pane.Get("style")
	start, shown := pane.Get("scrollTop").Float(), pane.Get("clientHeight").Float()
	style.Set("height", "")
	full := pane.Get("clientHeight").Float() // what the pane may show (its max-height)
	if pane.Get("scrollHeight").Float() <= full+1 {
		pane.Set("scrollTop", 0)
		return false
	}
	lines := paneLines(doc, pane)
	if len(lines) == 0 {
		return false
	}
	s := 0.0
	switch dir {
	case 1: // the first line not wholly shown
		s = -1
		for _, l := range lines {
			if l[1] > start+shown+1 {
				s = l[0]
				break
			}
		}
		if s < 0 {
			restorePage(pane, start, shown)
			return false
		}
	case -1: // the page that ends where this one starts
		if start <= 0.5 {
			restorePage(pane, start, shown)
			return false
		}
		for _, l := range lines {
			if l[0] >= start-full-0.5 {
				s = l[0]
				break
			}
		}
	}
	if s <= lines[0][0] {
		s = 0 // the first page shows the pane's top padding
	}
	end := s + full
	blocks := keptBlocks(pane, full)
	best := -1.0
	for _, l := range lines {
		b := l[1]
		if b > end+0.5 || b <= s || straddled(lines, b) || splits(blocks, s, b) {
			continue
		}
		best = max(best, b)
	}
	if best < 0 { // one line taller than the pane
		best = end
	}
	cs := computedStyle(pane)
	borders := parsePx(cs.Get("borderTopWidth").String()) + parsePx(cs.Get("borderBottomWidth").String())
	style.Set("height", px(math.Ceil(best-s+borders)))
	pane.Set("scrollTop", s)
	return dir != 0
}

// px is a CSS length in pixels.
func px(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) + "px" }

// restorePage puts the pane back as it was (a page key that did not move).
func restorePage(pane app.Value, start, shown float64) {
	cs := computedStyle(pane)
	borders := parsePx(cs.Get("borderTopWidth").String()) + parsePx(cs.Get("borderBottomWidth").String())
	pane.Get("style").Set("height", px(shown+borders))
	pane.Set("scrollTop", start)
}

// keptBlocks are the pane's blocks that a page never splits, top and
// bottom in the pane's scrolled content: the quoted sentence with its
// gloss (the zh gloss comes into view with its sentence), when it fits in
// a page by itself.
func keptBlocks(pane app.Value, full float64) [][2]float64 {
	pr := pane.Call("getBoundingClientRect")
	origin := pr.Get("top").Float() + pane.Get("clientTop").Float() - pane.Get("scrollTop").Float()
	list := pane.Call("querySelectorAll", ".quote")
	var out [][2]float64
	for i := 0; i < list.Length(); i++ {
		r := list.Index(i).Call("getBoundingClientRect")
		if t, b := r.Get("top").Float()-origin, r.Get("bottom").Float()-origin; b-t <= full {
			out = append(out, [2]float64{t, b})
		}
	}
	return out
}

// splits reports whether a page from s to b would show a kept block in
// part: it starts on the page and ends below it.
func splits(blocks [][2]float64, s, b float64) bool {
	for _, k := range blocks {
		if k[0] >= s-1 && k[0] < b-1 && k[1] > b+4 {
			return true
		}
	}
	return false
}

// straddled reports whether some line runs across y (top above it, bottom
// below it).
func straddled(lines [][2]float64, y float64) bool {
	for _, l := range lines {
		if l[0] < y-1 && l[1] > y+1 {
			return true
		}
	}
	return false
}

// paneLines are the pane's line boxes of text, top and bottom in the
// pane's scrolled content (0 at the top of its padding box), by top.
func paneLines(doc, pane app.Value) [][2]float64 {
	pr := pane.Call("getBoundingClientRect")
	origin := pr.Get("top").Float() + pane.Get("clientTop").Float() - pane.Get("scrollTop").Float()
	walker := doc.Call("createTreeWalker", pane, 4) // NodeFilter.SHOW_TEXT
	rng := doc.Call("createRange")
	var out [][2]float64
	for n := walker.Call("nextNode"); n.Truthy(); n = walker.Call("nextNode") {
		rng.Call("selectNodeContents", n)
		rects := rng.Call("getClientRects")
		for i := 0; i < rects.Length(); i++ {
			r := rects.Index(i)
			if r.Get("width").Float() < 1 || r.Get("height").Float() < 1 {
				continue
			}
			out = append(out, [2]float64{r.Get("top").Float() - origin, r.Get("bottom").Float() - origin})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}
