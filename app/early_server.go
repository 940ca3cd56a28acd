//go:build !(js && wasm)

package ui

import (
	"encoding/json"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// earlyOK reports whether the prerendered page carries its next steps
// (early.go): the visualizer stepping through a trace that has a next
// step, every row drawn (no filter, no collapsed start).
func (c *Lab) earlyOK() bool {
	return c.page.IsLab() && !c.view.Compare && c.fMethod == "" && c.fDir == "" &&
		c.idx >= 0 && c.idx+1 < len(c.steps) && c.idx+earlyAhead+2 <= maxRows
}

// earlyStep is what step N shows, as the early script draws it (the same
// values drawStep writes, faststep.go).
type earlyStep struct {
	Insp      string   `json:"insp"`      // #insp-step's HTML
	InspClass string   `json:"inspClass"` // #inspector's class
	Clock     string   `json:"clock"`
	ValueText string   `json:"valueText"` // #jump's aria-valuetext
	PrevOff   bool     `json:"prevOff"`
	NextOff   bool     `json:"nextOff"`
	MoreClass string   `json:"moreClass"`
	More      string   `json:"more"`
	Rows      [][3]any `json:"rows"`          // [step number, class, state] of every row drawn at this step
	Row       string   `json:"row,omitempty"` // the row this step adds (the next step's, hidden), if the page lacks it
}

// renderEarly is the #wl-early element: the earlyAhead steps after the
// linked one. encoding/json escapes '<', '>' and '&' in
// strings, so the HTML inside cannot end the script element.
func (c *Lab) renderEarly() app.UI {
	n := len(c.steps)
	lanes := 3
	if (&Sequence{Steps: c.steps, Transport: c.view.Transport}).hasStderr() {
		lanes = 4
	}
	steps := map[string]earlyStep{}
	for i := c.idx + 1; i <= min(c.idx+earlyAhead, n-1); i++ {
		ps := playerState(c.steps, i, c.lang)
		moreCls, more := seqMore(n, i, c.lang)
		s := earlyStep{
			Insp: c.stepData(i).body, InspClass: inspectorClass(c.steps[i].Severity()),
			Clock: ps.clock, ValueText: ps.valueText, PrevOff: ps.prevOff, NextOff: ps.nextOff,
			MoreClass: moreCls, More: more,
		}
		for k := 0; k <= min(i+1, n-1); k++ {
			st := rowState(k, i)
			s.Rows = append(s.Rows, [3]any{strconv.Itoa(c.steps[k].N), rowClass(&c.steps[k], st), st})
		}
		if next := i + 1; next < n && next > c.idx+1 {
			s.Row = CompactHTML(app.HTMLString(&seqRow{St: &c.steps[next], I: next, State: rowUpcoming, Lanes: lanes, Lang: c.lang}))
		}
		steps[strconv.Itoa(i+1)] = s
	}
	b, err := json.Marshal(struct {
		Steps map[string]earlyStep `json:"steps"`
	}{steps})
	if err != nil {
		b = []byte(`{"steps":{}}`)
	}
	return app.Raw(`<script type="application/json" id="` + earlyID + `">` + string(b) + `</script>`)
}
