package e2e

import (
	"bufio"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// startDevServer builds and runs the real dev server (with its real /mcp
// endpoint and token) on a free loopback port, serving the test's wasm.
func startDevServer(t *testing.T) string {
	t.Helper()
	site := buildSite(t)
	bin := filepath.Join(t.TempDir(), "devserver")
	build := exec.Command("go", "build", "-o", bin, "./cmd/devserver")
	build.Dir = repoRoot()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building devserver: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-web", filepath.Join(site, "web"), "-static", filepath.Join(repoRoot(), "static"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`open\s+(http://\S+?)/?$`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := re.FindStringSubmatch(strings.TrimSpace(sc.Text())); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case base := <-found:
		return base
	case <-time.After(60 * time.Second):
		t.Fatal("the dev server printed no URL")
	}
	return ""
}

// TestReplayOnRealServer steps to the end of a 2025-11-25 HTTP trace and
// replays its requests against the real /mcp endpoint from the page: every
// real status must equal the simulated one (the real server minted its own
// session id, which the page substituted).
func TestReplayOnRealServer(t *testing.T) {
	base := startDevServer(t)
	ctx, cancel := newBrowser(t)
	defer cancel()
	link := base + "/?scenario=tool-call&version=2025-11-25&transport=http&step=99"
	if err := chromedp.Run(ctx, chromedp.Navigate(link), waitReady()); err != nil {
		t.Fatalf("load %s: %v", link, err)
	}
	eventually(t, "replay button", func() (bool, string) {
		var n int
		_ = chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll(".live button").length`, &n))
		return n == 1, fmt.Sprintf("%d buttons", n)
	})
	if err := chromedp.Run(ctx, click(".live button")); err != nil {
		t.Fatal(err)
	}
	var rows []string
	eventually(t, "five replayed requests", func() (bool, string) {
		rctx, rcancel := context.WithTimeout(ctx, 5*time.Second)
		defer rcancel()
		_ = chromedp.Run(rctx, chromedp.Evaluate(`Array.from(document.querySelectorAll(".live-results tr")).slice(1).map(r => r.innerText)`, &rows))
		return len(rows) == 5, strings.Join(rows, " | ")
	})
	for _, r := range rows {
		if !strings.Contains(r, "✓") {
			t.Errorf("real status differs from the simulated one: %q", r)
		}
	}
	shot(t, ctx, "live-replay.png")
}
