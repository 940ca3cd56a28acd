package e2e

// The static export fetches app.wasm once on a first visit (issue 25):
// the page prefetches it after the first paint and the fetch that
// compiles it, when the reader needs the simulator, takes those bytes
// instead of downloading them again.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// wasmAnswers are the host's answers for app.wasm (any encoding).
func wasmAnswers(h *staticHost) []hostRequest {
	var out []hostRequest
	for _, r := range h.answered() {
		if strings.Contains(r.Path, "/app.wasm") {
			out = append(out, r)
		}
	}
	return out
}

// A first visit of a deep link on the static host downloads app.wasm
// once, whether the reader asks for the simulator after the prefetch has
// arrived, while it is still arriving (a slow link), or with the
// browser's HTTP cache off (DevTools' "Disable cache", which make bench
// uses, or a host that forbids storing): one answer for app.wasm, its
// bytes those of app.wasm.br, and the wasm runs. The offline worker is
// refused (its install revalidates every file, a later and separate
// request). Before the fix, the prefetch went to the HTTP cache only and
// go-app's fetch downloaded the wasm a second time whenever that cache
// could not answer it.
func TestStaticWasmFetchedOnce(t *testing.T) {
	site, host, bctx, cancel := readerSetup(t)
	defer cancel()
	br, err := os.Stat(filepath.Join(site, "web", "app.wasm.br"))
	if err != nil {
		t.Fatal(err)
	}
	host.setOverride(func(p string) (int, []byte, bool) {
		if strings.HasSuffix(p, "/app-worker.js") {
			return 404, []byte("no worker in this test"), true
		}
		return 0, nil, false
	})
	link := host.URL + coursePrefix + "/?scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=5&lang=en"
	for _, c := range []struct {
		name      string
		noCache   bool
		downBps   float64 // 0: not throttled
		askAtOnce bool
	}{
		{name: "asked after the prefetch arrived"},
		{name: "asked while the prefetch arrives (16 Mbit/s)", downBps: 16e6 / 8, askAtOnce: true},
		{name: "HTTP cache disabled", noCache: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, c2 := freshContext(t, bctx)
			defer c2()
			ctx, c3 := context.WithTimeout(ctx, 2*time.Minute)
			defer c3()
			acts := []chromedp.Action{network.Enable(), network.SetCacheDisabled(c.noCache)}
			if c.downBps > 0 {
				acts = append(acts, network.EmulateNetworkConditions(false, 20, c.downBps, c.downBps))
			}
			run(t, ctx, "the profile", acts...)
			before := len(wasmAnswers(host))
			run(t, ctx, "open "+link, chromedp.Navigate(link))
			waitReader(t, ctx, "step 5", 5, "en")
			if c.askAtOnce {
				run(t, ctx, "ask for the simulator", chromedp.Evaluate(`window.mcpwlNeed(), true`, nil))
			} else {
				eventually(t, "the prefetch answered", func() (bool, string) {
					n := len(wasmAnswers(host)) - before
					return n >= 1, fmt.Sprintf("%d answers for app.wasm", n)
				})
				run(t, ctx, "ask for the simulator", chromedp.Evaluate(`window.mcpwlNeed(), true`, nil))
			}
			run(t, ctx, "the wasm runs", chromedp.WaitVisible(`html[data-wl-ready="1"] #lab`, chromedp.ByQuery))
			// Anything still on its way to the host shows up by now.
			time.Sleep(500 * time.Millisecond)
			got := wasmAnswers(host)[before:]
			total := 0
			for _, r := range got {
				total += r.Bytes
			}
			if len(got) != 1 || got[0].Status != 200 || total != int(br.Size()) {
				t.Errorf("app.wasm answered %d times, %d bytes in all (app.wasm.br is %d): %+v", len(got), total, br.Size(), got)
			}
		})
	}
}
