//go:build !(js && wasm) && unix

package main

// `devserver check` against servers no one here wrote — the official Go
// SDK (a server built here from go-sdk v1.8.0, over HTTP and stdio, both
// versions) and the TypeScript reference server
// @modelcontextprotocol/server-everything from npm (make everything) — and
// against our own dev server, both versions, both transports.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/check"

	"mcpwirelab/sim/protocol"
)

// sdkCheckEnv makes this test binary the Go SDK's stdio server.
const sdkCheckEnv = "MCPWL_TEST_CHECK_SDK_STDIO"

func TestMain(m *testing.M) {
	if mode := os.Getenv(hostileCheckEnv); mode != "" {
		hostileStdio(mode)
		os.Exit(0)
	}
	if os.Getenv(sdkCheckEnv) == "1" {
		if err := checkSDKServer().Run(context.Background(), &sdk.StdioTransport{}); err != nil && !strings.Contains(err.Error(), "EOF") {
			fmt.Fprintln(os.Stderr, "sdk server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// checkSDKServer is a server written with the official Go SDK: greet (a
// required string), forecast (typed output: an outputSchema and
// structuredContent), and slow (progress every 100 ms, stops when its
// context ends).
func checkSDKServer() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "go-sdk-check-target", Version: "1.0.0"}, nil)
	type greetIn struct {
		Name string `json:"name" jsonschema:"who to greet"`
	}
	sdk.AddTool(s, &sdk.Tool{Name: "greet", Description: "Greets someone by name."}, func(_ context.Context, _ *sdk.CallToolRequest, in greetIn) (*sdk.CallToolResult, any, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "hello " + in.Name}}}, nil, nil
	})
	type forecastIn struct {
		City string `json:"city" jsonschema:"the city"`
	}
	type forecastOut struct {
		City    string  `json:"city"`
		Celsius float64 `json:"celsius"`
	}
	sdk.AddTool(s, &sdk.Tool{Name: "forecast", Description: "Tomorrow's temperature in a city."}, func(_ context.Context, _ *sdk.CallToolRequest, in forecastIn) (*sdk.CallToolResult, forecastOut, error) {
		return nil, forecastOut{City: in.City, Celsius: 21.5}, nil
	})
	type slowIn struct {
		Steps int `json:"steps" jsonschema:"how many 100 ms steps"`
	}
	sdk.AddTool(s, &sdk.Tool{Name: "slow", Description: "Takes its time, reporting progress."}, func(ctx context.Context, req *sdk.CallToolRequest, in slowIn) (*sdk.CallToolResult, any, error) {
		for i := 1; i <= in.Steps; i++ {
			select {
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
			if tok := req.Params.GetProgressToken(); tok != nil {
				_ = req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{ProgressToken: tok, Progress: float64(i), Total: float64(in.Steps)})
			}
		}
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "done"}}}, nil, nil
	})
	return s
}

// checkRun runs `devserver check` with args and -format json -out DIR; it
// returns the exit status, the report and the output folder.
func checkRun(t *testing.T, args ...string) (int, check.Report, string) {
	t.Helper()
	out := t.TempDir()
	if keep := os.Getenv("MCPWL_CHECK_KEEP"); keep != "" { // keep the capture to look at
		out = filepath.Join(keep, strings.ReplaceAll(t.Name(), "/", "_"))
	}
	var stdout, stderr bytes.Buffer
	all := append([]string{"-format", "json", "-out", out, "-timeout", "5s"}, args...)
	code := runCheck(all, &stdout, &stderr)
	var rep check.Report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("check %v: exit %d, report not JSON: %v\n%s\nstderr:\n%s", args, code, err, stdout.String(), stderr.String())
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("check %v, exit %d; progress:\n%s", args, code, stderr.String())
		}
	})
	t.Logf("report of %s:\n%s", rep.Target, textReport(rep))
	return code, rep, out
}

func textReport(rep check.Report) string {
	var b strings.Builder
	_ = rep.WriteText(&b)
	return b.String()
}

// wantReport checks a report: its versions, each listed verdict
// ("version/id" or "*/id" → verdict), that every other check that
// applies passes, that the ones that do not apply are skipped, and that
// the written transcripts grade exactly as the report says.
func wantReport(t *testing.T, rep check.Report, dir string, versions []string, want map[string]check.Verdict) {
	t.Helper()
	if !slices.Equal(rep.Versions, versions) {
		t.Errorf("versions %v, want %v", rep.Versions, versions)
	}
	for _, r := range rep.Checks {
		if !slices.Contains(versions, r.Version) {
			continue
		}
		d, _ := check.DefByID(r.ID)
		_, applies, _ := d.Cite(r.Version, rep.Transport)
		w, listed := want[r.Version+"/"+r.ID]
		if !listed {
			w, listed = want["*/"+r.ID]
		}
		switch {
		case !applies && r.Verdict != check.Skip:
			t.Errorf("%s %s does not apply over %s, but is %s", r.Version, r.ID, rep.Transport, r.Verdict)
		case listed && r.Verdict != w:
			t.Errorf("%s %s: %s, want %s: %s", r.Version, r.ID, r.Verdict, w, r.Message)
		case applies && !listed && r.Verdict != check.Pass:
			t.Errorf("%s %s: %s, want pass: %s", r.Version, r.ID, r.Verdict, r.Message)
		}
		if r.Verdict != check.Skip && (r.Seq == 0 || r.Spec == "" || r.Quote == "" || r.Message == "") {
			t.Errorf("%s %s: incomplete verdict %+v", r.Version, r.ID, r)
		}
	}
	for _, v := range versions {
		f, err := os.Open(filepath.Join(dir, v+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := check.ReadTranscript(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s.jsonl: %v", v, err)
		}
		var fromReport []check.Result
		for _, r := range rep.Checks {
			if r.Version == v {
				fromReport = append(fromReport, r)
			}
		}
		if got := check.Judge(tr, check.JudgeOptions{}); !slices.Equal(got, fromReport) {
			t.Errorf("%s.jsonl grades differently from the report", v)
		}
		for _, e := range tr.Events {
			if e.At == "" {
				t.Fatalf("%s.jsonl: event %d has no wall-clock time", v, e.Seq)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "report.json")); err != nil {
		t.Error(err)
	}
}

// TestCheckOurDevServer: our own dev server passes every check that
// applies, both versions, both transports.
func TestCheckOurDevServer(t *testing.T) {
	testenv.SkipShort(t, "the dev server binary and real sockets")
	calls := []string{"-call", `list_emails={"limit":2}`, "-call", `post_announcement={"office":"São Paulo","text":"Lunch at noon."}`,
		"-slow", `export_timesheets={"department":"Sales","steps":1}`}
	t.Run("stdio", func(t *testing.T) {
		bin := buildDevserver(t, t.TempDir())
		code, rep, dir := checkRun(t, append(calls, "--", bin, "-stdio")...)
		if code != 0 {
			t.Errorf("exit %d", code)
		}
		wantReport(t, rep, dir, protocol.Versions(), nil)
		for _, v := range protocol.Versions() {
			b, err := os.ReadFile(filepath.Join(dir, v+".stderr.txt"))
			if err != nil || !strings.Contains(string(b), "serving MCP on stdio") {
				t.Errorf("%s.stderr.txt: %v %q", v, err, b)
			}
		}
	})
	t.Run("http", func(t *testing.T) {
		tok := strings.Repeat("c", 32)
		srv := startInteropServer(t, "-token", tok)
		code, rep, dir := checkRun(t, append(calls, "-url", srv.base+"/mcp", "-header", "Authorization: Bearer "+tok)...)
		if code != 0 {
			t.Errorf("exit %d", code)
		}
		wantReport(t, rep, dir, protocol.Versions(), nil)
	})
}

// TestCheckGoSDK: a server written with the official Go SDK v1.8.0. It
// serves 2026-07-28 only on a stateless HTTP handler and 2025-11-25 with
// sessions, so over HTTP each version gets its own endpoint (-version);
// over stdio one process speaks both.
func TestCheckGoSDK(t *testing.T) {
	testenv.SkipShort(t, "the official Go SDK's server over real processes and sockets")
	calls := []string{"-call", `greet={"name":"Ana"}`, "-call", `forecast={"city":"Lisbon"}`, "-slow", `slow={"steps":10}`, "-repeat", "2"}
	// Where go-sdk v1.8.0 (with its defaults) departs from the spec; each
	// message says what was seen. Over stdio: it answers a cancelled call
	// (at once, with isError "context canceled"), and serves a 2026-07-28
	// request without _meta. Over HTTP: no Origin check unless the handler
	// is wrapped (http.CrossOriginProtection), and the 2025-11-25 handler
	// refuses an unknown method with a plain-text 400, not -32601.
	t.Run("stdio", func(t *testing.T) {
		t.Setenv(sdkCheckEnv, "1")
		code, rep, dir := checkRun(t, append(calls, "--", os.Args[0], "-test.run=^$")...)
		if code != 1 {
			t.Errorf("exit %d, want 1 (a MUST fails)", code)
		}
		wantReport(t, rep, dir, protocol.Versions(), map[string]check.Verdict{
			"*/" + check.IDCancellation: check.Fail, protocol.V20260728 + "/" + check.IDMeta: check.Fail})
	})
	for _, v := range protocol.Versions() {
		t.Run("http/"+v, func(t *testing.T) {
			h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return checkSDKServer() }, &sdk.StreamableHTTPOptions{Stateless: protocol.IsModern(v)})
			ts := httptest.NewServer(h)
			defer ts.Close()
			code, rep, dir := checkRun(t, append(calls, "-version", v, "-url", ts.URL+"/mcp")...)
			if code != 1 {
				t.Errorf("exit %d, want 1 (a MUST fails)", code)
			}
			want := map[string]check.Verdict{"*/" + check.IDOrigin: check.Fail}
			if !protocol.IsModern(v) {
				want["*/"+check.IDUnknownMethod], want["*/"+check.IDCancellation] = check.Fail, check.Fail
			}
			wantReport(t, rep, dir, []string{v}, want)
		})
	}
}

// everythingEntry is the pinned server-everything's entry point, as its
// installer names it (go run ./scripts/everything -installed: the version
// make everything installs, never another one left in the cache; it
// installs nothing).
func everythingEntry(t *testing.T) string {
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	cmd := exec.Command(goBin, "run", "./scripts/everything", "-installed")
	cmd.Dir = moduleRoot(t)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	entry := strings.TrimSpace(string(out))
	missing := err != nil && strings.Contains(stderr.String(), "is not installed")
	if err != nil && !missing {
		t.Fatalf("go run ./scripts/everything -installed: %v\n%s", err, stderr.String())
	}
	_, noNode := exec.LookPath("node")
	if missing || noNode != nil {
		if os.Getenv("MCPWL_REQUIRE_EVERYTHING") == "1" {
			t.Fatalf("server-everything is not installed (or node is missing: %v): run make everything\n%s", noNode, stderr.String())
		}
		t.Skip("server-everything is not installed: make everything (go run ./scripts/everything)")
	}
	return entry
}

// TestCheckServerEverything: the TypeScript reference server from npm, over
// stdio. A 2025-era server: it speaks 2025-11-25 (server/discover is
// -32601), and answers an unknown tool with isError: true, which the check
// must name as what it is.
func TestCheckServerEverything(t *testing.T) {
	testenv.SkipShort(t, "server-everything (npm) as a real process")
	entry := everythingEntry(t)
	// -timeout 30s: node loading the server's packages took more than the
	// default 5 s of checkRun for the first answer while make test ran
	// every package at once (the flag only bounds waits for real answers).
	code, rep, dir := checkRun(t, "-timeout", "30s", "-call", `echo={"message":"hi"}`, "-call", `get-sum={"a":1,"b":2}`, "-call", `get-structured-content={"location":"New York"}`,
		"-slow", `trigger-long-running-operation={"duration":2,"steps":4}`, "--", "node", entry, "stdio")
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	// It keeps reporting progress of a cancelled long-running operation.
	wantReport(t, rep, dir, []string{protocol.V20251125}, map[string]check.Verdict{"*/" + check.IDUnknownTool: check.Warn, "*/" + check.IDCancellation: check.Fail})
	for _, r := range rep.Checks {
		switch {
		case r.ID == check.IDUnknownTool:
			for _, s := range []string{"isError: true", "protocol errors", "SDKs differ", "A warning, not a failure"} {
				if !strings.Contains(r.Message, s) {
					t.Errorf("unknown-tool-error does not say %q: %s", s, r.Message)
				}
			}
		case r.Version == protocol.V20260728 && (r.ID != check.IDVersion || r.Verdict != check.Skip || !strings.Contains(r.Message, "-32601")):
			t.Errorf("2026-07-28: %+v", r)
		}
	}
}

// TestCheckExitAndUsage: a server that speaks no version the lab knows
// fails a MUST (exit 1); a server the checker cannot run and bad flags
// exit 2.
func TestCheckExitAndUsage(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
	}))
	defer ts.Close()
	code, rep, _ := checkRun(t, "-url", ts.URL)
	if code != 1 || len(rep.Versions) != 0 || !rep.Failed() {
		t.Errorf("exit %d, report %+v", code, rep)
	}
	// A command that does not exist, a URL nothing listens on: the checker
	// could not run (exit 2), which is no MUST failure of the server.
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	for _, args := range [][]string{{"--", filepath.Join(t.TempDir(), "mcpwl-no-such-server")}, {"-url", gone.URL + "/mcp"}} {
		code, rep, _ := checkRun(t, args...)
		if code != 2 || rep.CouldNotRun == "" || rep.Failed() || len(rep.Checks) != 0 {
			t.Errorf("check %q: exit %d, report %+v", args, code, rep)
		}
	}
	for _, args := range [][]string{
		{}, {"-url", ts.URL, "--", "node"}, {"-header", "X: y", "--", "node"}, {"-url", "ftp://x"},
		{"-version", "2024-01-01", "-url", ts.URL}, {"-repeat", "0", "-url", ts.URL}, {"-call", "=1", "-url", ts.URL},
		{"-call", "x=[1]", "-url", ts.URL}, {"-slow", "x={", "-url", ts.URL}, {"-header", "nocolon", "-url", ts.URL},
		{"-format", "xml", "-url", ts.URL}, {"-nope"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runCheck(args, &stdout, &stderr); code != 2 || stdout.Len() != 0 || stderr.Len() == 0 {
			t.Errorf("check %q: exit %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
		}
	}
}

// TestShellWords: the dev server's -target-cmd is read into words without a
// shell.
func TestShellWords(t *testing.T) {
	for in, want := range map[string][]string{
		`uv run server.py`:                    {"uv", "run", "server.py"},
		`node "my server.js" --flag='a b'`:    {"node", "my server.js", "--flag=a b"},
		`python3 -c 'print("hi")'`:            {"python3", "-c", `print("hi")`},
		`a\ b "c\"d" ''`:                      {"a b", `c"d`, ""},
		"  spaced\tout \n":                    {"spaced", "out"},
		`echo $HOME; rm -rf / | cat > x && y`: {"echo", "$HOME;", "rm", "-rf", "/", "|", "cat", ">", "x", "&&", "y"},
	} {
		got, err := shellSplit(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("shellSplit(%q) = %q, %v; want %q", in, got, err, want)
		}
		if back, err := shellSplit(shellJoin(want)); err != nil || !slices.Equal(back, want) {
			t.Errorf("shellJoin(%q) = %q does not read back: %q %v", want, shellJoin(want), back, err)
		}
	}
	for _, bad := range []string{``, `  `, `'open`, `"open`, `trailing\`} {
		if _, err := shellSplit(bad); err == nil {
			t.Errorf("shellSplit(%q) accepted", bad)
		}
	}
}

// TestCheckCallUnlisted: a -call of a tool the server does not list is a
// bad flag, not silence: stderr names the tool and what the server lists,
// and the exit status is 2 (README: a usage error); the report is still
// written.
func TestCheckCallUnlisted(t *testing.T) {
	testenv.SkipShort(t, "a real peer: the official Go SDK's server over HTTP")
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return checkSDKServer() }, nil)
	ts := httptest.NewServer(h)
	defer ts.Close()
	for _, args := range [][]string{
		{"-call", `nosuch={"x":1}`, "-call", `greet={"name":"Ana"}`},
		{"-slow", `nosuch={"steps":1}`},
	} {
		var stdout, stderr bytes.Buffer
		all := append([]string{"-format", "json", "-timeout", "5s", "-version", protocol.V20251125, "-url", ts.URL}, args...)
		code := runCheck(all, &stdout, &stderr)
		want := `nosuch (named with -call or -slow) is not in the server's tools/list (2025-11-25): the checker cannot check it as a tool of this server; the server lists: forecast, greet, slow`
		if code != 2 || !strings.Contains(stderr.String(), want) {
			t.Errorf("check %q: exit %d, want 2 and %q on stderr:\n%s", args, code, want, stderr.String())
		}
		if strings.Count(stderr.String(), "is not in the server's tools/list") != 1 {
			t.Errorf("check %q: greet is listed, nosuch said once:\n%s", args, stderr.String())
		}
		var rep check.Report
		if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil || len(rep.Checks) == 0 {
			t.Errorf("check %q: the report is still written: %v %q", args, err, stdout.String())
		}
	}
}
