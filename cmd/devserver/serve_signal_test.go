//go:build !(js && wasm) && unix

package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRunServeSIGINT runs the real command: generated token printed on
// stdout only, a warning for -allow-remote, and exit 0 on SIGINT.
func TestRunServeSIGINT(t *testing.T) {
	registerRoutes.Do(registerUI)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "app.wasm"), fakeWasm("sig"), 0o644)
	var stdout, stderr syncBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- runServe([]string{"-addr", "127.0.0.1:0", "-allow-remote", "-web", dir, "-static", dir}, nil, &stdout, &stderr)
	}()
	re := regexp.MustCompile(`open   (http://[^/\s]+)/#token=(\S+)\n`)
	var m []string
	for i := 0; i < 200 && m == nil; i++ {
		time.Sleep(20 * time.Millisecond)
		m = re.FindStringSubmatch(stdout.String())
	}
	if m == nil {
		t.Fatalf("no banner: %q / %q", stdout.String(), stderr.String())
	}
	base, token := m[1], m[2]
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	req, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "tools/list")
	resp, err := noCompressionClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(got), `"name":"list_emails"`) {
		t.Errorf("engine /mcp: %d %s", resp.StatusCode, got)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exit:
		if code != 0 {
			t.Errorf("exit %d after SIGINT", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("runServe did not stop on SIGINT")
	}
	logs := stderr.String()
	if strings.Contains(logs, token) {
		t.Error("stderr contains the token")
	}
	if !strings.Contains(logs, "WARNING: -allow-remote") || !strings.Contains(logs, "stopped") {
		t.Errorf("stderr: %s", logs)
	}
	if len(token) != 43 || !strings.Contains(stdout.String(), "Ctrl+C to stop") {
		t.Errorf("stdout: %q", stdout.String())
	}
}

// TestRunServeStdioSIGTERM (issue 12 item 5): -stdio stops promptly on
// SIGTERM and on SIGINT although stdin stays open (it used to exit only
// when stdin closed), cancelling the call in flight: exit 0, nothing more
// on stdout.
func TestRunServeStdioSIGTERM(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			stdinR, stdinW := io.Pipe()
			defer stdinW.Close()
			var stdout, stderr syncBuffer
			exit := make(chan int, 1)
			go func() { exit <- runServe([]string{"-stdio"}, stdinR, &stdout, &stderr) }()
			for i := 0; i < 250 && !strings.Contains(stderr.String(), "serving MCP over stdio"); i++ {
				time.Sleep(20 * time.Millisecond)
			}
			slow := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"export_timesheets","arguments":{"department":"Sales","steps":10},` +
				`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
			if _, err := io.WriteString(stdinW, slow+"\n"); err != nil {
				t.Fatal(err)
			}
			time.Sleep(200 * time.Millisecond) // the call runs; stdin stays open
			start := time.Now()
			if err := syscall.Kill(os.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
			select {
			case code := <-exit:
				if code != 0 {
					t.Errorf("exit %d after %s", code, sig)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("-stdio still running 5 s after %s with stdin open; stderr: %s", sig, stderr.String())
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("-stdio took %s to stop after %s", d, sig)
			}
			if out := stdout.String(); strings.Contains(out, `"id":1`) {
				t.Errorf("the cancelled call was answered: %s", out)
			}
		})
	}
}
