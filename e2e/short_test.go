package e2e

import (
	"testing"

	"mcpwirelab/internal/testenv"
)

// TestShortGuards: every test that starts Chromium or a process (a go
// build, the dev server) goes through a helper that begins with
// testenv.SkipShort, so go test -short (make check) leaves the browser
// tests out and still runs the ones that need neither. A new helper that
// starts one without it fails here (the checker's broken twin is in
// internal/testenv).
func TestShortGuards(t *testing.T) {
	testenv.CheckShortGuards(t, "github.com/chromedp/chromedp.NewExecAllocator", "github.com/chromedp/chromedp.NewRemoteAllocator", "os/exec.Command", "os/exec.CommandContext")
}
