package ui

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"mcpwirelab/sim/calc"
)

// GridLabels are the words drawn in the calculator's pictures.
type GridLabels struct {
	App, Tool, Hub string // "App", "Tool", "MCP"
	Aria           string // the picture's accessible name
}

// Picture geometry (SVG user units; the SVG scales to its box).
const (
	gridW      = 420.0
	gridPadTop = 30.0
	gridPadBot = 22.0
	gridLabelN = 12 // nodes are labelled when a column has at most this many
)

// gridHeight grows with the longer column, within bounds.
func gridHeight(n, m int) float64 {
	h := float64(max(n, m))*26 + gridPadTop + gridPadBot
	return min(max(h, 220), 460)
}

// colY is the centre of node i (1-based) of count in a column of height h.
func colY(i, count int, h float64) float64 {
	inner := h - gridPadTop - gridPadBot
	if count == 1 {
		return gridPadTop + inner/2
	}
	return gridPadTop + inner*float64(i-1)/float64(count-1)
}

// edgeStyle keeps dense pictures readable: the more lines, the thinner and
// lighter they are drawn.
func edgeStyle(edges int) (width, opacity float64) {
	switch {
	case edges <= 40:
		return 1.8, 0.9
	case edges <= 200:
		return 1.0, 0.7
	case edges <= 800:
		return 0.6, 0.55
	default:
		return 0.35, 0.45
	}
}

func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// GridSVG draws one of calc.Grid's layouts as an SVG element (a string for
// app.Raw: one root element). Every edge of the layout is one segment of a
// single <path>, so 50×50 = 2500 adapters stay one DOM node. withMCP picks
// the layout: false = every app wired to every tool, true = apps → MCP hub
// ← tools.
func GridSVG(r calc.Result, withMCP bool, l GridLabels) string {
	g := calc.Grid(r)
	lay := g.WithoutMCP
	if withMCP {
		lay = g.WithMCP
	}
	h := gridHeight(r.N, r.M)
	appX, toolX, hubX := 70.0, gridW-70, gridW/2
	pos := map[string][2]float64{}
	for _, nd := range lay.Nodes {
		switch nd.Kind {
		case calc.NodeApp:
			pos[nd.ID] = [2]float64{appX, colY(nd.Index, r.N, h)}
		case calc.NodeTool:
			pos[nd.ID] = [2]float64{toolX, colY(nd.Index, r.M, h)}
		case calc.NodeMCP:
			pos[nd.ID] = [2]float64{hubX, h / 2}
		}
	}
	longest := max(r.N, r.M)
	rad := min(max((h-gridPadTop-gridPadBot)/float64(longest)/2.6, 2.2), 8)

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="grid-svg" viewBox="0 0 %s %s" role="img" aria-label="%s" data-edges="%d">`,
		f1(gridW), f1(h), html.EscapeString(l.Aria), len(lay.Edges))
	w, op := edgeStyle(len(lay.Edges))
	fmt.Fprintf(&b, `<path class="edges" fill="none" stroke-width="%s" stroke-opacity="%s" d="`, strconv.FormatFloat(w, 'f', 2, 64), strconv.FormatFloat(op, 'f', 2, 64))
	for i, e := range lay.Edges {
		a, z := pos[e.From], pos[e.To]
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "M%s %sL%s %s", f1(a[0]), f1(a[1]), f1(z[0]), f1(z[1]))
	}
	b.WriteString(`"/>`)

	for _, nd := range lay.Nodes {
		p := pos[nd.ID]
		switch nd.Kind {
		case calc.NodeApp:
			fmt.Fprintf(&b, `<circle class="node app" cx="%s" cy="%s" r="%s"/>`, f1(p[0]), f1(p[1]), f1(rad))
			if r.N <= gridLabelN {
				fmt.Fprintf(&b, `<text class="lbl" x="%s" y="%s" text-anchor="end">%s %d</text>`, f1(p[0]-rad-5), f1(p[1]+4), html.EscapeString(l.App), nd.Index)
			}
		case calc.NodeTool:
			fmt.Fprintf(&b, `<rect class="node tool" x="%s" y="%s" width="%s" height="%s" rx="1.5"/>`, f1(p[0]-rad), f1(p[1]-rad), f1(2*rad), f1(2*rad))
			if r.M <= gridLabelN {
				fmt.Fprintf(&b, `<text class="lbl" x="%s" y="%s">%s %d</text>`, f1(p[0]+rad+5), f1(p[1]+4), html.EscapeString(l.Tool), nd.Index)
			}
		case calc.NodeMCP:
			fmt.Fprintf(&b, `<rect class="node hub" x="%s" y="%s" width="64" height="40" rx="10"/>`, f1(p[0]-32), f1(p[1]-20))
			fmt.Fprintf(&b, `<text class="hub-lbl" x="%s" y="%s" text-anchor="middle">%s</text>`, f1(p[0]), f1(p[1]+6), html.EscapeString(l.Hub))
		}
	}
	// Columns too long to label get their count at the ends instead.
	if r.N > gridLabelN {
		fmt.Fprintf(&b, `<text class="lbl" x="%s" y="14" text-anchor="middle">%s 1…%d</text>`, f1(appX), html.EscapeString(l.App), r.N)
	}
	if r.M > gridLabelN {
		fmt.Fprintf(&b, `<text class="lbl" x="%s" y="14" text-anchor="middle">%s 1…%d</text>`, f1(toolX), html.EscapeString(l.Tool), r.M)
	}
	b.WriteString(`</svg>`)
	return b.String()
}
