package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	ui "mcpwirelab/app"
	"mcpwirelab/internal/testenv"
)

// devServer is the real dev server binary running for a test.
type devServer struct {
	base   string // http://127.0.0.1:port
	open   string // the start-up line's link, with #token=…
	token  string
	stderr *syncBuffer // its log: one line per /mcp request
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startDevServer builds and runs the real dev server (with its real /mcp
// endpoint and token) on a free loopback port, serving the test's wasm.
func startDevServer(t *testing.T) *devServer { t.Helper(); return startDevServerWith(t, nil) }

// startDevServerWith is startDevServer with more flags (extra gets the
// binary's path).
func startDevServerWith(t *testing.T, extra func(bin string) []string) *devServer {
	t.Helper()
	testenv.SkipShort(t, "the dev server binary")
	site := buildSite(t)
	bin := filepath.Join(t.TempDir(), "devserver")
	build := exec.Command("go", "build", "-o", bin, "./cmd/devserver")
	build.Dir = repoRoot()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building devserver: %v\n%s", err, out)
	}
	args := []string{"-addr", "127.0.0.1:0", "-web", filepath.Join(site, "web"), "-static", filepath.Join(repoRoot(), "static")}
	if extra != nil {
		args = append(args, extra(bin)...)
	}
	cmd := exec.Command(bin, args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	d := &devServer{stderr: &syncBuffer{}}
	cmd.Stderr = d.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	found := make(chan []string, 1)
	go func() {
		re := regexp.MustCompile(`open\s+((http://[^/\s]+)/` + regexp.QuoteMeta(ui.TokenFragment) + `(\S+))$`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := re.FindStringSubmatch(strings.TrimSpace(sc.Text())); m != nil {
				found <- m
			}
		}
	}()
	select {
	case m := <-found:
		d.open, d.base, d.token = m[1], m[2], m[3]
		return d
	case <-time.After(60 * time.Second):
		t.Fatal("the dev server printed no URL")
	}
	return nil
}

// TestReplayOnRealServer steps to the end of a 2025-11-25 HTTP trace and
// replays its requests against the real /mcp endpoint from the page: every
// real status must equal the simulated one (the real server minted its own
// session id, which the page substituted).
func TestReplayOnRealServer(t *testing.T) {
	srv := startDevServer(t)
	ctx, cancel := newBrowser(t)
	defer cancel()
	// The printed link hands the token over once; the page keeps it in
	// sessionStorage and the address bar no longer shows it.
	if err := chromedp.Run(ctx, chromedp.Navigate(srv.open), waitReady()); err != nil {
		t.Fatalf("load %s: %v", srv.open, err)
	}
	var href, stored string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`location.href`, &href),
		chromedp.Evaluate(`sessionStorage.getItem(`+strconv.Quote(ui.TokenKey)+`) || ""`, &stored)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(href, srv.token) || stored != srv.token {
		t.Fatalf("after opening the printed link: address bar %q, sessionStorage %q", href, stored)
	}
	link := srv.base + "/?scenario=tool-call&version=2025-11-25&transport=http&step=99"
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

// TestLanesNameTheRealAddress: served by a dev server on another port than
// the default 8080 (here a free one), the Server lane, the wire bytes'
// Host header and the launch line name that address, not 127.0.0.1:8080.
func TestLanesNameTheRealAddress(t *testing.T) {
	srv := startDevServer(t)
	ctx, cancel := newBrowser(t)
	defer cancel()
	host := strings.TrimPrefix(srv.base, "http://")
	if host == "127.0.0.1:8080" {
		t.Skip("the free port was 8080 itself")
	}
	loadLink(t, ctx, srv.base+"/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=en")
	eventually(t, "the lane and the bytes name "+host, func() (bool, string) {
		got := evalString(t, ctx, `JSON.stringify([[...document.querySelectorAll("#sequence .lane-head small")].map((e) => e.textContent).join(" | "),
  (document.querySelector("#insp-step #raw-bytes") || {}).textContent || "",
  (document.querySelector('#sequence li[data-step="2"]') || {}).textContent || ""])`)
		var parts []string
		if err := json.Unmarshal([]byte(got), &parts); err != nil || len(parts) != 3 {
			return false, got
		}
		ok := strings.Contains(parts[0], "POST http://"+host+"/mcp") && strings.Contains(parts[1], "Host: "+host+"\\r\\n") &&
			strings.Contains(parts[2], "http://"+host+"/mcp") && !strings.Contains(got, "127.0.0.1:8080")
		return ok, got
	})
}
