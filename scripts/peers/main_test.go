package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/scripts/npmcache"
	"mcpwirelab/sim/check"
)

// fakeNPM puts an npm on PATH that records each call in the returned log
// and, unless it fails (exit 3), fills --prefix with a node_modules holding
// a node that says it is Node 22 (npmcache.Node22 asks it).
func fakeNPM(t *testing.T, fail bool) (log string) {
	t.Helper()
	status := "0"
	if fail {
		status = "3"
	}
	return testenv.FakeNPM(t, `[ `+status+` = 0 ] || exit `+status+`
mkdir -p "$prefix/node_modules/`+npmcache.NodePkg+`/bin"
printf '#!/bin/sh\necho v22.0.0\n' > "$prefix/node_modules/`+npmcache.NodePkg+`/bin/node"
chmod +x "$prefix/node_modules/`+npmcache.NodePkg+`/bin/node"
`)
}

func npmCalls(t *testing.T, log string) []string { return testenv.NPMCalls(t, log) }

// Every npm set is installed once, through npmcache, with exact pins; each
// testdata server file is copied beside the node_modules it imports from;
// a second install asks npm nothing.
func TestInstallNodePeers(t *testing.T) {
	log := fakeNPM(t, false)
	src, _ := filepath.Abs("testdata")
	in := installed{npm: map[string]string{}, scripts: map[string]string{}, src: src}
	if err := installNode(&in); err != nil {
		t.Fatal(err)
	}
	if got, want := len(npmCalls(t, log)), len(npmSets)+1; got != want { // the sets and Node 22
		t.Errorf("npm ran %d times, want %d (each set and Node 22 once)", got, want)
	}
	for _, s := range npmSets {
		dir := in.npm[s.Folder]
		b, err := os.ReadFile(filepath.Join(dir, "package.json"))
		if err != nil {
			t.Fatalf("%s: %v", s.Folder, err)
		}
		var pkg struct {
			Dependencies, Overrides map[string]string
		}
		if err := json.Unmarshal(b, &pkg); err != nil {
			t.Fatal(err)
		}
		for name, v := range s.Packages {
			if pkg.Dependencies[name] != v {
				t.Errorf("%s: package.json asks %s@%q, want the pin %q", s.Folder, name, pkg.Dependencies[name], v)
			}
		}
		for name, v := range s.Overrides {
			if pkg.Overrides[name] != v {
				t.Errorf("%s: override %s@%q, want %q", s.Folder, name, pkg.Overrides[name], v)
			}
		}
	}
	for file, set := range scriptSets {
		copied := in.scripts[file]
		want, _ := os.ReadFile(filepath.Join(src, file))
		got, err := os.ReadFile(copied)
		if err != nil || !bytes.Equal(got, want) || len(want) == 0 {
			t.Errorf("%s: copy %s (%v) is not testdata's file", file, copied, err)
		}
		if !strings.HasPrefix(copied, in.npm[set.Folder]+string(filepath.Separator)) {
			t.Errorf("%s copied to %s, outside its set's folder %s: its imports would not resolve", file, copied, in.npm[set.Folder])
		}
	}
	before := len(npmCalls(t, log))
	if err := installNode(&installed{npm: map[string]string{}, scripts: map[string]string{}, src: src}); err != nil {
		t.Fatal(err)
	}
	if n := len(npmCalls(t, log)); n != before {
		t.Errorf("a second install ran npm %d more times, want none", n-before)
	}
}

// The broken twin: npm fails, and install says so naming the package,
// with nothing left looking installed.
func TestInstallFailsWhenNPMFails(t *testing.T) {
	fakeNPM(t, true)
	src, _ := filepath.Abs("testdata")
	err := installNode(&installed{npm: map[string]string{}, scripts: map[string]string{}, src: src})
	if err == nil || !strings.Contains(err.Error(), npmcache.NodePkg) {
		t.Fatalf("npm failed, install returned %v; want an error naming %s", err, npmcache.NodePkg)
	}
	for _, s := range npmSets {
		if _, ok := s.Installed(); ok {
			t.Errorf("%s looks installed after npm failed", s.Folder)
		}
	}
}

// Every pin is exact (a range would install whatever is newest).
func TestPinsExact(t *testing.T) {
	for _, s := range npmSets {
		for n, v := range s.Packages {
			if strings.ContainsAny(v, "^~<>=*x |") || v == "" {
				t.Errorf("%s: %s@%s is not an exact version", s.Folder, n, v)
			}
		}
	}
	for _, r := range goRequires {
		if !strings.HasPrefix(r[1], "v") || strings.ContainsAny(r[1], "^~<>=* ") {
			t.Errorf("Go module %s %s is not an exact version", r[0], r[1])
		}
	}
	if !strings.Contains(goModule(), goSDKModule+" "+goSDKVersion) || !strings.Contains(goModule(), mcpGoModule+" "+mcpGoVersion) {
		t.Errorf("the throw-away go.mod lacks a pin:\n%s", goModule())
	}
}

// The Go build is named by its sources: an edited server is built anew.
func TestGoKeyFollowsSources(t *testing.T) {
	src := t.TempDir()
	for _, n := range goMains {
		if err := os.MkdirAll(filepath.Join(src, n), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, n, "main.go"), []byte("package main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, err := goKey(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, goMains[0], "main.go"), []byte("package main // edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := goKey(src); b == a {
		t.Errorf("an edited %s/main.go keeps the build key %s", goMains[0], a)
	}
}

func sample() ([]peer, []result) {
	ps := []peer{{ID: "a/stdio", Pins: "a@1"}, {ID: "b/http", Pins: "b@2", HTTP: true}}
	res := []result{
		{Peer: "a/stdio", Report: check.Report{Versions: []string{"2025-11-25"}, Checks: []check.Result{
			{ID: "ids-echoed", Version: "2025-11-25", Verdict: check.Pass, Level: check.MUST},
			{ID: "origin-validated", Version: "2025-11-25", Verdict: check.Skip, Level: check.MUST, Spec: "s#x", Quote: "Q1", Message: "Does not apply."},
		}}},
		{Peer: "b/http", Report: check.Report{Versions: []string{"2025-11-25"}, Checks: []check.Result{
			{ID: "notification-unanswered", Version: "2025-11-25", Verdict: check.Fail, Level: check.MUST, Spec: "2025-11-25/basic/index#notifications", Quote: "The receiver MUST NOT send a response."},
			{ID: "unknown-tool-error", Version: "2025-11-25", Verdict: check.Warn, Level: check.Advice, Spec: "t#e", Quote: "Unknown | tools"},
		}}},
	}
	return ps, res
}

func writeDocFile(t *testing.T, name, begin, end string) string {
	t.Helper()
	doc := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(doc, []byte("# Peers\n\n"+begin+"\n"+end+"\n\nafter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return doc
}

// Each verdict is a line with its peer, transport, version and check; a
// non-pass one with its level, spec sentence and review (a skip with the
// checker's reason).
func TestRenderLines(t *testing.T) {
	ps, res := sample()
	revs := reviews{{"b/http", "2025-11-25", "notification-unanswered"}: "false alarm: Node's chunked empty body"}
	body := render(ps, res, revs)
	for _, want := range []string{
		"| a | stdio | 2025-11-25 | ids-echoed | pass | | |\n",
		"| a | stdio | 2025-11-25 | origin-validated | **SKIP** MUST | s#x: “Q1” | skipped: Does not apply. |\n",
		"| b | http | 2025-11-25 | notification-unanswered | **FAIL** MUST | 2025-11-25/basic/index#notifications: “The receiver MUST NOT send a response.” | false alarm: Node's chunked empty body |\n",
		"| b | http | 2025-11-25 | unknown-tool-error | **WARN** advice | t#e: “Unknown \\| tools” | not reviewed |\n",
		"| b | http | `b@2` | 2025-11-25 | 0 | 1 | 1 | 0 |\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the table lacks the line %q:\n%s", want, body)
		}
	}
	warn := revs.check(res, true)
	if len(warn) != 1 || !strings.Contains(warn[0], "b/http 2025-11-25 unknown-tool-error is warn and not reviewed") {
		t.Errorf("review warnings %q, want the unreviewed warning alone", warn)
	}
	revs[reviewKey{"a/stdio", "2025-11-25", "ids-echoed"}] = "defect: x"
	if warn := revs.check(res, true); len(warn) != 2 || !strings.Contains(strings.Join(warn, "\n"), "a/stdio 2025-11-25 ids-echoed is reviewed but passes now") {
		t.Errorf("a review of a passing verdict: warnings %q", warn)
	}
}

// The gate: documents that hold this run's verdicts pass; one verdict
// changed fails it, printing that line of PEERS.md and of README.md's
// summary; -write makes it pass again; the text outside the markers stays.
func TestGateFailsWhenAVerdictChanges(t *testing.T) {
	ps, res := sample()
	doc := writeDocFile(t, "PEERS.md", beginMark, endMark)
	readme := writeDocFile(t, "README.md", summaryBeginMark, summaryEndMark)
	gate := func(write bool) (string, error) {
		return capture(func() error { return keep(write, len(ps), documents(doc, readme, ps, res, reviews{})...) })
	}
	if _, err := gate(true); err != nil {
		t.Fatal(err)
	}
	if out, err := gate(false); err != nil {
		t.Fatalf("the documents hold this run's verdicts, the gate failed: %v\n%s", err, out)
	}
	res[0].Report.Checks[0].Verdict = check.Fail
	res[0].Report.Checks[0].Spec, res[0].Report.Checks[0].Quote = "2025-11-25/basic#ids", "IDs MUST be echoed."
	out, err := gate(false)
	if err == nil {
		t.Fatal("a verdict changed, the gate passed")
	}
	for _, want := range []string{
		"-| a | stdio | 2025-11-25 | ids-echoed | pass | | |",
		"+| a | stdio | 2025-11-25 | ids-echoed | **FAIL** MUST |",
		"-| a | stdio | `a@1` | 2025-11-25 | 1 | 0 | 0 | 1 |",
		"+| a | stdio | `a@1` | 2025-11-25 | 0 | 1 | 0 | 1 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the gate's diff lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(err.Error(), doc) || !strings.Contains(err.Error(), readme) {
		t.Errorf("the gate's error %q does not name both documents", err)
	}
	if _, err := gate(true); err != nil {
		t.Fatal(err)
	}
	if _, err := gate(false); err != nil {
		t.Errorf("after -write the gate still fails: %v", err)
	}
	for _, f := range []string{doc, readme} {
		b, _ := os.ReadFile(f)
		if !strings.HasPrefix(string(b), "# Peers\n") || !strings.HasSuffix(string(b), "\n\nafter\n") {
			t.Errorf("the text around the table in %s changed:\n%s", f, b)
		}
	}
}

// capture runs f with stdout going to the returned text.
func capture(f func() error) (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", err
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() { b, _ := io.ReadAll(r); done <- string(b) }()
	ferr := f()
	os.Stdout = old
	w.Close()
	return <-done, ferr
}

func TestLoadReviews(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"no judgement":   "a/stdio 2025-11-25 ids-echoed: looks fine\n",
		"twice":          "a/stdio 2025-11-25 ids-echoed: defect: x\na/stdio 2025-11-25 ids-echoed: defect: y\n",
		"no version":     "a/stdio ids-echoed: defect: x\n",
		"no colon space": "a/stdio 2025-11-25 ids-echoed defect x\n",
	} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := loadReviews(p); err == nil {
			t.Errorf("%s: %q was accepted", name, text)
		}
	}
	// The project's own reviews parse, and each names a peer of the matrix.
	revs, err := loadReviews("reviews.txt")
	if err != nil {
		t.Fatal(err)
	}
	for k := range revs {
		if _, err := choose(peers, []string{k.peer}); err != nil {
			t.Errorf("reviews.txt: %v", err)
		}
	}
}

// fakeChecker is a devserver that prints report, a line on stderr, and
// exits with code.
func fakeChecker(t *testing.T, report string, code int) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "devserver")
	body := "cat <<'JSON'\n" + report + "\nJSON\necho 'check: could not run' >&2\n"
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"exit "+string(rune('0'+code))+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// Exit status 1 is a verdict (a MUST failed), 2 and junk are errors: a
// peer that could not be checked is never recorded as verdicts.
func TestCheckOneExitStatus(t *testing.T) {
	rep, _ := json.Marshal(check.Report{Target: "x", Transport: "stdio", Versions: []string{"2025-11-25"}, Checks: []check.Result{{ID: "ids-echoed", Version: "2025-11-25", Verdict: check.Fail, Level: check.MUST}}})
	p := peer{ID: "x/stdio", Argv: func(installed) []string { return []string{"true"} }}
	in := installed{data: t.TempDir()}
	got, _, err := checkOne(fakeChecker(t, string(rep), 1), p, in, t.TempDir())
	if err != nil || len(got.Checks) != 1 || got.Checks[0].Verdict != check.Fail {
		t.Errorf("exit 1 with a report: %+v, %v; want the report", got, err)
	}
	if _, _, err := checkOne(fakeChecker(t, string(rep), 2), p, in, t.TempDir()); err == nil || !strings.Contains(err.Error(), "could not run") {
		t.Errorf("exit 2 (with a report): %v; want an error with the checker's stderr", err)
	}
	if _, _, err := checkOne(fakeChecker(t, "not json", 0), p, in, t.TempDir()); err == nil {
		t.Error("exit 0 without a JSON report was accepted")
	}
}

// The checker is given the peer's calls and, for stdio, its command after
// --; for HTTP the URL instead.
func TestCheckArgs(t *testing.T) {
	p := peer{ID: "x/stdio", Calls: []string{`greet={"name":"Ada"}`}, Argv: func(installed) []string { return []string{"node", "s.mjs"} }}
	if got, want := strings.Join(checkArgs(p, installed{}, ""), " "), `check -format json -call greet={"name":"Ada"} -- node s.mjs`; got != want {
		t.Errorf("stdio: %q, want %q", got, want)
	}
	p.HTTP = true
	if got, want := strings.Join(checkArgs(p, installed{}, "http://127.0.0.1:1/mcp"), " "), `check -format json -call greet={"name":"Ada"} -url http://127.0.0.1:1/mcp`; got != want {
		t.Errorf("http: %q, want %q", got, want)
	}
}

// An HTTP peer that ends before it listens is an error with its output;
// one that listens gets its URL with the peer's path.
func TestStartHTTP(t *testing.T) {
	in := installed{data: t.TempDir()}
	dies := peer{ID: "dies/http", HTTP: true, Path: "/mcp", Argv: func(installed) []string { return []string{"sh", "-c", "echo port $PORT taken >&2; exit 1"} }}
	if _, _, err := startHTTP(t.Context(), dies, in, os.Environ(), filepath.Join(t.TempDir(), "log")); err == nil || !strings.Contains(err.Error(), "taken") {
		t.Errorf("a peer that exits: %v; want an error with its output", err)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 for a listening peer")
	}
	listens := peer{ID: "listens/http", HTTP: true, Path: "/mcp", Argv: func(installed) []string {
		return []string{"sh", "-c", "exec " + py + " -m http.server --bind 127.0.0.1 $PORT"}
	}}
	url, stop, err := startHTTP(t.Context(), listens, in, os.Environ(), filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/mcp") {
		t.Errorf("url %q", url)
	}
}

// Every peer has a unique ID of the form server/transport, a command, and
// an install it needs.
func TestPeersWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range peers {
		server, transport := split(p.ID)
		if server == "" || transport == "" || strings.ContainsAny(p.ID, " |") || seen[p.ID] {
			t.Errorf("peer ID %q: want a unique server/transport", p.ID)
		}
		seen[p.ID] = true
		if p.HTTP != strings.HasPrefix(transport, "http") {
			t.Errorf("%s: HTTP %v disagrees with its transport %q", p.ID, p.HTTP, transport)
		}
		if p.Argv == nil || p.Pins == "" || (p.Needs != "node" && p.Needs != "go" && p.Needs != "python") {
			t.Errorf("%s: needs a command, pins and an install (node, go, python)", p.ID)
		}
	}
}
