package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// jsMarks reads the look of the compare view's current step and of a step
// found in only one version (not the current one): border style and colour,
// inner edge (box-shadow) and background; and the step-through view's
// current row, when there is one.
const jsMarks = `(() => {
  const look = (el) => { if (!el) return null; const s = getComputedStyle(el); return {style: s.borderTopStyle, color: s.borderTopColor, shadow: s.boxShadow, bg: s.backgroundColor}; };
  return JSON.stringify({
    current: look(document.querySelector(".cmp-row.current .cmp-cell:not(.empty)")),
    only: look(document.querySelector(".cmp-row:not(.current):is(.only-a, .only-b) .cmp-cell:not(.empty)")),
    row: look(document.querySelector(".row.current .row-btn")),
  });
})()`

type markLooks struct {
	Current, Only, Row *struct{ Style, Color, Shadow, Bg string }
}

// TestCompareMarksDiffer: in the compare view the current step and a step
// only one version has look different, in colour and in line (dashed), in
// the light theme and in presenter mode's dark one; the current step looks
// as in the step-through view (same background, same edge colour).
func TestCompareMarksDiffer(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	for _, theme := range []string{"", "&present=1"} {
		const base = "/?scenario=tool-call&version=2025-11-25&transport=http&fault=none&step=4&lang=en"
		loadLink(t, ctx, srv.URL+base+theme)
		stepping := readLooks(t, ctx)
		loadLink(t, ctx, srv.URL+base+"&view=compare"+theme)
		run(t, ctx, "→", key(kb.ArrowRight))
		eventually(t, "step 5", queryIs(ctx, "step", "5"))
		m := readLooks(t, ctx)
		if m.Current == nil || m.Only == nil || stepping.Row == nil {
			t.Fatalf("theme %q: marks not found: %+v, step-through %+v", theme, m, stepping)
		}
		cur, only := *m.Current, *m.Only
		// Step 5 of 2025-11-25 is itself only in that version: it has
		// both marks, the dashed edge and the current step's inner one.
		if only.Style != "dashed" || only.Shadow != "none" {
			t.Errorf("theme %q: only-in-one-version edge %q, inner edge %q: want dashed and none", theme, only.Style, only.Shadow)
		}
		if strings.Contains(cur.Shadow, only.Color) || only.Bg == cur.Bg {
			t.Errorf("theme %q: the only-in-one-version mark (edge %s, background %s) shares the current step's colours (edge %s, background %s)", theme, only.Color, only.Bg, cur.Shadow, cur.Bg)
		}
		if row := *stepping.Row; cur.Bg != row.Bg || !sameColour(cur.Shadow, row.Shadow) {
			t.Errorf("theme %q: the compare view's current step (background %s, edge %s) is not the step-through view's (background %s, edge %s)", theme, cur.Bg, cur.Shadow, row.Bg, row.Shadow)
		}
	}
}

func readLooks(t *testing.T, ctx context.Context) markLooks {
	t.Helper()
	var m markLooks
	if err := json.Unmarshal([]byte(evalString(t, ctx, jsMarks)), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// sameColour reports whether two box-shadow values start with the same
// colour (Chromium writes the colour first: "rgb(217, 119, 6) 0px 0px …").
func sameColour(a, b string) bool {
	ca, _, _ := strings.Cut(a, ")")
	cb, _, _ := strings.Cut(b, ")")
	return ca != "" && ca == cb
}
