package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

const jsProbe = `(() => {
  const t = document.querySelector('#lab .top'), n = t.querySelector('.topnav'), a = t.querySelector('.top-actions');
  const cs = getComputedStyle(t);
  return JSON.stringify({top: t.clientWidth, pad: cs.paddingLeft + " " + cs.columnGap, nav: n.getBoundingClientRect().width, acts: a.getBoundingClientRect().width, navTop: n.getBoundingClientRect().top, actTop: a.getBoundingClientRect().top, sb: innerWidth - document.documentElement.clientWidth, docH: document.documentElement.scrollHeight, fonts: document.fonts.status});
  const vh = innerHeight, vw = innerWidth;
  const f = (s) => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect(); return {font: parseFloat(getComputedStyle(e).fontSize), top: Math.round(r.top), bottom: Math.round(r.bottom), h: Math.round(r.height)}; };
  return JSON.stringify({vw, vh, scrollY, docH: document.documentElement.scrollHeight,
    row: f("#sequence .row.current"), cmp: f(".cmp-row.current"), note: f("#note-text"), quote: f(".quote p"), gloss: f(".quote .gloss"), wire: f("#insp-step pre.wire"), explain: f(".insp-explain"), insp: f(".inspector"), top: f(".top"), player: f(".player"), stage: f(".stage-bar"), seq: f(".seq-panel"), ws: f(".workspace")});
})()`

func TestHallProbe(t *testing.T) {
	srv := newServer(t, "")
	ctx, cancel := newBrowser(t)
	defer cancel()
	links := strings.Split(os.Getenv("HALL_LINKS"), "|")
	for _, size := range [][2]int64{{1280, 720}, {1920, 1080}, {390, 844}} {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size[0], size[1]))
		for i, link := range links {
			loadLink(t, ctx, srv.URL+"/?"+link)
			t.Logf("%dx%d %s: %s", size[0], size[1], link, evalString(t, ctx, jsProbe))
			var buf []byte
			run(t, ctx, "shot", chromedp.CaptureScreenshot(&buf))
			os.WriteFile(fmt.Sprintf("/tmp/hall/p-%dx%d-%d.png", size[0], size[1], i), buf, 0o644)
		}
	}
}
