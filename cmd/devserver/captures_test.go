//go:build !(js && wasm) && unix

package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"mcpwirelab/internal/captures"
	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/check"

	"mcpwirelab/sim/protocol"
)

// TestCapturesEndpoint: /captures/ behind the token, as the page uses it:
// without a target, POST says how to name one; with a target (a server
// written with the official Go SDK, over stdio), POST captures and grades
// it, the listing shows it, and its transcripts and report are served, and
// grade in the page's code (check.Judge) as the report says. Only the
// names the store writes are served: nothing outside a capture folder.
func TestCapturesEndpoint(t *testing.T) {
	testenv.SkipShort(t, "the dev server as a real process")
	auth := map[string]string{"Authorization": "Bearer " + testToken}

	// No target: the listing is empty and POST names the flags.
	bare := startServer(t, func(c *serveConfig) { c.CapturesDir = t.TempDir() })
	if resp, b := bare.do(t, nil, "GET", captures.Path, "", nil); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("GET without the token: %d %s", resp.StatusCode, b)
	}
	if resp, b := bare.do(t, nil, "GET", captures.Path, "", auth); resp.StatusCode != 200 || strings.TrimSpace(string(b)) != `{"target":"","captures":[],"limits":{"captures":32,"bytes":536870912}}` {
		t.Errorf("listing without a target: %d %s", resp.StatusCode, b)
	}
	if resp, b := bare.do(t, nil, "POST", captures.Path, "", auth); resp.StatusCode != 404 || !strings.Contains(string(b), "-target-cmd") {
		t.Errorf("POST without a target: %d %s", resp.StatusCode, b)
	}

	t.Setenv(sdkCheckEnv, "1") // the test binary serves the go-sdk server
	dir := t.TempDir()
	spec := &checkSpec{Cmd: []string{os.Args[0], "-test.run=^$"}, Calls: []check.Call{{Name: "greet", Args: json.RawMessage(`{"name":"Ana"}`)}},
		Repeat: 1, K: 10, Timeout: 5 * time.Second}
	ts := startServer(t, func(c *serveConfig) { c.CapturesDir, c.Target = dir, spec })
	resp, b := ts.do(t, nil, "POST", captures.Path, "", auth)
	if resp.StatusCode != 200 {
		t.Fatalf("POST: %d %s\n%s", resp.StatusCode, b, ts.logs.String())
	}
	var made captures.Info
	if err := json.Unmarshal(b, &made); err != nil || !captures.IDPattern.MatchString(made.ID) || made.Transport != "stdio" ||
		!slices.Equal(made.Versions, protocol.Versions()) || !made.Failed || made.Counts[check.Pass] == 0 {
		t.Fatalf("the new capture: %v %+v", err, made)
	}

	_, b = ts.do(t, nil, "GET", captures.Path, "", auth)
	var list struct {
		Target   string          `json:"target"`
		Captures []captures.Info `json:"captures"`
	}
	if err := json.Unmarshal(b, &list); err != nil || !strings.HasPrefix(list.Target, "stdio: ") || len(list.Captures) != 1 || list.Captures[0].ID != made.ID {
		t.Fatalf("listing: %v %s", err, b)
	}

	resp, b = ts.do(t, nil, "GET", captures.Path+made.ID+"/report.json", "", auth)
	var rep check.Report
	if resp.StatusCode != 200 || json.Unmarshal(b, &rep) != nil {
		t.Fatalf("report.json: %d %s", resp.StatusCode, b)
	}
	for _, v := range made.Versions {
		resp, b := ts.do(t, nil, "GET", captures.Path+made.ID+"/"+v+".jsonl", "", auth)
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/x-ndjson") {
			t.Fatalf("%s.jsonl: %d %s", v, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		tr, err := check.ReadTranscript(strings.NewReader(string(b)))
		if err != nil {
			t.Fatalf("%s.jsonl: %v", v, err)
		}
		got := map[string]check.Verdict{}
		for _, r := range check.Judge(tr, check.JudgeOptions{}) {
			got[r.ID] = r.Verdict
		}
		for _, r := range rep.Checks {
			if r.Version == v && got[r.ID] != r.Verdict {
				t.Errorf("%s %s: the page grades %s, the report says %s", v, r.ID, got[r.ID], r.Verdict)
			}
		}
	}

	// Only what the store writes, only by GET.
	if err := os.WriteFile(filepath.Join(dir, made.ID, "secret.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{made.ID + "/secret.txt", made.ID + "/" + protocol.Versions()[0] + ".stderr.txt", "../" + made.ID + "/report.json",
		"20260101-000000-000/report.json", made.ID, made.ID + "/%2e%2e/report.json"} {
		if resp, b := ts.do(t, nil, "GET", captures.Path+p, "", auth); resp.StatusCode == 200 {
			t.Errorf("GET %s served: %s", p, b)
		}
	}
	if resp, _ := ts.do(t, nil, "PUT", captures.Path, "", auth); resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, POST" {
		t.Errorf("PUT: %d %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
}
