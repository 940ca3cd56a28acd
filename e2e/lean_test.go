package e2e

// The static export's index.html is lean (issue 25): it carries the start
// page's prerendered #lab but not its reader data (#wl-early, #wl-trace:
// about three quarters of its bytes), which every link the host answers
// with index.html used to download and parse. The start page takes its
// data from its own run's fragment, like any other link.

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The bare start page, wasm blocked, its fragment held back 1.5 s: the
// page shows step 1 at once; a → and a click on Next pressed before the
// data is there are done once it is (step 3), and the page then steps
// and toggles as before. A deep link to another step of the start page's
// own run shows that step. Without its fragment (404) the start page
// stays on screen (no loading screen), its badge gives the fallback
// notice and it asks for the wasm. The broken
// twin: a reader that never fetches the start page's data does not step.
func TestStaticReaderLeanStart(t *testing.T) {
	site, host, bctx, cancel := readerSetup(t)
	defer cancel()
	page, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"wl-early", "wl-trace", "wl-cmp"} {
		if strings.Contains(string(page), `id="`+id+`"`) {
			t.Errorf("index.html still carries #%s", id)
		}
	}
	if !strings.Contains(string(page), `id="lab"`) || !strings.Contains(string(page), `"lean":1`) {
		t.Errorf("index.html lacks the start page's #lab or the boot's lean mark")
	}
	if br, err := os.Stat(filepath.Join(site, "index.html.br")); err == nil {
		t.Logf("index.html: %d bytes, %d in brotli", len(page), br.Size())
	}
	const rel = "/runs/tool-call/2026-07-28_http_none.en.html"
	frag, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	start := host.URL + coursePrefix + "/"

	// Held back: the data arrives 1.5 s after it was asked for.
	hold := func(p string) (int, []byte, bool) {
		if path.Clean(p) != coursePrefix+rel {
			return 0, nil, false
		}
		time.Sleep(1500 * time.Millisecond)
		return 200, frag, true
	}
	host.setOverride(hold)
	ctx, c2 := readerContext(t, bctx, "en-US,en", true)
	early := func(what string) {
		t.Helper()
		run(t, ctx, "open the start page"+what, chromedp.Navigate(start))
		waitReader(t, ctx, "the start page's step 1"+what, 1, "en")
		run(t, ctx, "→ before the data"+what, key(kb.ArrowRight))
		// A click in script: the full stylesheets wait for the data
		// (bootJS's mcpwlPending) and may move the player as a pointer's
		// click is aimed.
		run(t, ctx, "Next before the data"+what, chromedp.Evaluate(`document.getElementById("next").click(), true`, nil))
		if s := evalString(t, ctx, `String(document.getElementById("wl-early") === null && document.getElementById("step-cur").textContent)`); s != "1" {
			t.Fatalf("the data was already there (or the page moved) when the reader pressed%s: %q; lengthen the hold", what, s)
		}
	}
	early("")
	waitReader(t, ctx, "→ and Next, done once the data is in", 3, "en")
	if s := readReader(t, ctx); !strings.Contains(s.URL, "step=3") || s.Fallback != "" || s.Ready != "" {
		t.Errorf("after the data: %+v", s)
	}
	var total int
	run(t, ctx, "the trace's length", chromedp.Evaluate(`parseInt(document.getElementById("jump").max, 10)`, &total))
	run(t, ctx, "End", key(kb.End))
	waitReader(t, ctx, "End", total, "en")
	run(t, ctx, "the version toggle", chromedp.Click(`#version [data-value="2025-11-25"]`, chromedp.ByQuery))
	eventually(t, "the other version's run before the wasm", func() (bool, string) {
		s := readReader(t, ctx)
		return strings.Contains(s.URL, "version=2025-11-25") && s.Stale == "false" && s.Ready == "", fmt.Sprintf("%+v", s)
	})
	c2()
	host.setOverride(nil)

	// Another step of the start page's own run.
	ctx, c2 = readerContext(t, bctx, "en-US,en", true)
	run(t, ctx, "open step 5 of the start page's run", chromedp.Navigate(start+"?step=5"))
	waitReader(t, ctx, "step 5 of the start page's run", 5, "en")
	c2()

	// Its fragment missing: the start page stays, the loading badge says
	// why (a status, in the page's language), the wasm is asked for.
	host.setOverride(func(p string) (int, []byte, bool) { return 404, []byte("not found"), path.Clean(p) == coursePrefix+rel })
	ctx, c2 = readerContext(t, bctx, "en-US,en", true)
	run(t, ctx, "open the start page without its fragment", chromedp.Navigate(start))
	eventually(t, "the start page, its fragment missing", func() (bool, string) {
		s := readReader(t, ctx)
		asked := evalString(t, ctx, `String(document.documentElement.getAttribute("data-wl-wasm") !== null)`)
		role := evalString(t, ctx, `String(document.getElementById("app-wasm-loader") && document.getElementById("app-wasm-loader").getAttribute("role"))`)
		return s.shows(1, "en") && s.Fallback == "HTTP 404" && asked == "true" && strings.Contains(s.Label, "the simulator draws it") && role == "status",
			fmt.Sprintf("%+v, wasm asked for: %s, the badge's role: %s", s, asked, role)
	})
	c2()

	// The broken twin: the start page's data not fetched as the page is
	// parsed (the reader's start then fetches the run's fragment and puts
	// it in place of #lab, as for another run): the presses made before it
	// arrived are lost.
	brokenReader(t, site, host, "else if(want&&B.lean)adopt();", "")
	host.setOverride(func(p string) (int, []byte, bool) {
		if p == coursePrefix+"/" {
			return 200, []byte(strings.Replace(string(page), "else if(want&&B.lean)adopt();", "", 1)), true
		}
		return hold(p)
	})
	ctx, c2 = readerContext(t, bctx, "en-US,en", true)
	defer c2()
	early(" (the twin)")
	time.Sleep(3 * time.Second)
	if s := readReader(t, ctx); !s.shows(1, "en") {
		t.Errorf("broken twin: the presses before the data were done: %+v", s)
	}
}
