package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Keeping the current step in view (issue 30): after every step, jump,
// badge click and toggle, in the visualizer, the compare view and the
// capture view, at every size, with the wasm and before it. The current
// row is scrolled into its lanes panel first (only the panel: the stage of
// a desktop visualizer never scrolls the page), then the page is scrolled,
// if it must, so the row is in the viewport below whatever sticks to its
// top (the presenter's bar in the compare view, the player on a phone, the
// capture's player) and above what is fixed to its bottom (the loading
// badge while the wasm loads, static/loader.css). Where the explanation
// (or the capture's verdict) is stacked below the lanes, as on a phone,
// its first lines come into view with the row.
//
// The rule is written once, in JavaScript (keepJS), because the reader
// script (early.go) steps through a link before the wasm has started and
// must scroll as the wasm does: it defines window.mcpwlKeep, and the wasm
// calls the same function (ScrollToCurrent), defining it from keepJS when
// a page has no reader script.

// stickyTops are the bars that stick to the top of the viewport in some
// layout (static/stage.css, static/capture.css).
var stickyTops = []string{".screen > .top", "#main > .stage-bar", "#main > .player", ".cap-player"}

// companions are what should come into view with the row when it is
// stacked below the lanes: the capture's verdict, else the explanation.
var companions = []string{"#cap-verdicts", "#cap-lab", "#note-text"}

// keepFunc is the name of the function on window.
const keepFunc = "mcpwlKeep"

// jsList is a JavaScript array literal of plain strings.
func jsList(l []string) string {
	q := make([]string, len(l))
	for i, s := range l {
		q[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// keepJS is the function (an expression) that keeps the current row in
// view. badge() is the loading badge's box while it is fixed to the
// bottom as a badge (not the full loading screen of a stale page): the
// row and its explanation stay above it. Panels side by side that fit in
// the viewport (the capture view's lanes and verdicts, .workspace): the
// whole workspace comes into view, so the verdict beside the row does too.
var keepJS = `function(){var d=document,w=window,M=Math,S=` + jsList(stickyTops) + `,K=` + jsList(companions) + `;
function px(s){var v=parseFloat(String(s));return isFinite(v)&&/^-?[\d.]+(px)?$/.test(String(s))?v:0}
function badge(){var el=d.getElementById("` + loaderID + `");if(!el||!el.getClientRects().length)return null;var cs=w.getComputedStyle(el);
if(cs.position!=="fixed"||cs.visibility==="hidden")return null;var r=el.getBoundingClientRect();return r.height>0&&r.height<w.innerHeight/2?r:null}
function panel(p,row){if(p.scrollHeight<=p.clientHeight+1)return;var pr=p.getBoundingClientRect(),rr=row.getBoundingClientRect(),top=pr.top,hd=p.querySelector(".heads");
if(hd)top+=hd.offsetHeight;var bottom=pr.top+p.clientHeight,b=badge();if(b&&b.left<pr.right&&b.right>pr.left&&b.top<bottom&&b.top-4>top+(rr.bottom-rr.top))bottom=b.top-4;
var room=bottom-top;if(rr.bottom-rr.top>=room-8)p.scrollTop+=rr.top-top-4;else if(rr.bottom>bottom)p.scrollTop+=rr.bottom-bottom+M.min(60,room-(rr.bottom-rr.top)-8);else if(rr.top<top)p.scrollTop-=top-rr.top+8}
function win(row){var vh=w.innerHeight,limit=0,b=badge();S.forEach(function(sel){var el=d.querySelector(sel);if(!el)return;var cs=w.getComputedStyle(el);
if(cs.position!=="sticky"&&cs.position!=="fixed")return;var h=el.offsetHeight;if(h>0)limit=M.max(limit,h+px(cs.top))});
if(b&&b.top>limit+80)vh=M.min(vh,b.top-4);
var rr=row.getBoundingClientRect(),top=rr.top,bottom=rr.bottom,avail=vh-limit;
var ws=row.closest(".cap-view .workspace");if(ws){var wr=ws.getBoundingClientRect(),side=ws.querySelector(".cap-side");
if(side){side.scrollTop=0;var sr=side.getBoundingClientRect();if(wr.height<=avail+0.5&&sr.top<bottom-1){top=wr.top;bottom=wr.bottom}}}
for(var i=0;i<K.length;i++){var c=d.querySelector(K[i]);if(!c||!c.getClientRects().length)continue;var cr=c.getBoundingClientRect(),ct=cr.top;
if(ct<bottom-1||ct-bottom>avail/3)break;var line=px(w.getComputedStyle(c).lineHeight)||24,want=M.min(cr.bottom,ct+3*line);if(want-top<=avail)bottom=M.max(bottom,want);break}
if(top>=limit-0.5&&bottom<=vh+0.5)return;var dy=top-limit-4,spare=avail-(bottom-top);if(spare>8)dy=top-limit-M.min(spare/4,80);w.scrollBy(0,M.round(dy))}
var row=d.querySelector(".cmp-row.current");if(!row){row=d.querySelector(".row.current");if(!row)return;var p=row.closest(".seq-panel");if(p)panel(p,row)}win(row)}`

// ScrollToCurrent keeps the current row of the lanes (or of the compare
// view) in view, by the page's window.mcpwlKeep (keepJS).
func (browserDOM) ScrollToCurrent() {
	w := app.Window()
	f := w.Get(keepFunc)
	if !f.Truthy() {
		f = w.Get("Function").New("return (" + keepJS + ")").Invoke()
		w.Set(keepFunc, f)
	}
	f.Invoke()
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
