package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeRun lays out a suite output directory: scenario → statuses.
func writeRun(t *testing.T, scenarios map[string][]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, statuses := range scenarios {
		d := filepath.Join(dir, "server-"+name+"-2026-12-01T09-20-16-860Z")
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		var checks []string
		for _, s := range statuses {
			checks = append(checks, `{"id":"x","status":"`+s+`"}`)
		}
		if err := os.WriteFile(filepath.Join(d, "checks.json"), []byte("["+strings.Join(checks, ",")+"]"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Not a scenario directory: ignored.
	os.WriteFile(filepath.Join(dir, "summary.txt"), []byte("x"), 0o644)
	return dir
}

func TestReadRun(t *testing.T) {
	dir := writeRun(t, map[string][]string{
		"tools-list":                  {"SUCCESS", "SUCCESS", "INFO"},
		"sep-2164-resource-not-found": {"SUCCESS", "WARNING", "FAILURE", "SKIPPED"},
	})
	r, err := readRun(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r["tools-list"].String() != "2/2" || r["sep-2164-resource-not-found"].String() != "1/2" || len(r) != 2 ||
		strings.Join(r["sep-2164-resource-not-found"].failures, "|") != "x: " {
		t.Errorf("run %+v", r)
	}
	if r.total().String() != "3/4" {
		t.Errorf("total %v", r.total())
	}
	if _, err := readRun(t.TempDir()); err == nil {
		t.Error("an empty output directory is not a run")
	}
	bad := writeRun(t, map[string][]string{"x": {"SUCCESS"}})
	os.WriteFile(filepath.Join(bad, "server-x-2026-12-01T09-20-16-860Z", "checks.json"), []byte("{"), 0o644)
	if _, err := readRun(bad); err == nil {
		t.Error("broken checks.json accepted")
	}
}

func TestReadBaseline(t *testing.T) {
	b, err := readBaseline(strings.NewReader("# comment\n\n2026-07-28 a needs MRTR (issue 16)\n2025-11-25 b needs sampling\n"))
	if err != nil || b["2026-07-28"]["a"] != "needs MRTR (issue 16)" || b["2025-11-25"]["b"] != "needs sampling" {
		t.Fatalf("%+v %v", b, err)
	}
	for _, bad := range []string{"2026-07-28 a\n", "2026-07-28 a x\n2026-07-28 a y\n"} {
		if _, err := readBaseline(strings.NewReader(bad)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestJudge(t *testing.T) {
	s := []suite{{version: "2026-07-28",
		ours: run{"equal": {2, 0, nil}, "better": {3, 0, nil}, "worse": {1, 1, []string{"c1: broke"}}, "tolerated": {1, 1, nil}, "stale": {2, 0, nil}, "ours-only": {1, 0, nil}},
		sdk:  run{"equal": {2, 0, nil}, "better": {2, 1, nil}, "worse": {2, 0, nil}, "tolerated": {3, 0, nil}, "stale": {2, 0, nil}, "sdk-only": {1, 0, nil}},
	}}
	base := baseline{"2026-07-28": {"tolerated": "needs MRTR", "stale": "needed MRTR", "gone": "was renamed"}}
	rows, notes, problems := judge(s, base)
	want := []string{
		"2026-07-28 gone: listed in the baseline but not run",
		"2026-07-28 sdk-only: FEWER CHECKS THAN THE SDK (0 < 1)",
		"2026-07-28 stale: passes as many checks as the SDK: remove it from the baseline (the list only shrinks)",
		"2026-07-28 worse: FEWER CHECKS THAN THE SDK (1 < 2): c1: broke",
	}
	if strings.Join(problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	if notes["2026-07-28 tolerated"] != "baseline: needs MRTR" || notes["2026-07-28 equal"] != "" {
		t.Errorf("notes %+v", notes)
	}
	if len(rows) != 7 || rows[0].scenario != "better" {
		t.Errorf("rows %+v", rows)
	}
	tbl := table(s, rows, notes)
	for _, line := range []string{
		"| scenario | 2026-07-28 ours | 2026-07-28 SDK | notes |",
		"| better | 3/3 | 2/3 |  |",
		"| ours-only | 1/1 | – |  |",
		"| tolerated | 1/2 | 3/3 | 2026-07-28 baseline: needs MRTR |",
		"| worse | 1/2 | 2/2 | 2026-07-28 FEWER CHECKS THAN THE SDK (1 < 2) |",
		"| **total** | **10/12** | **12/13** | |",
	} {
		if !strings.Contains(tbl, line+"\n") {
			t.Errorf("table lacks %q:\n%s", line, tbl)
		}
	}
	// A clean run has no problems.
	if _, _, p := judge([]suite{{version: "v", ours: run{"a": {1, 0, nil}}, sdk: run{"a": {1, 0, nil}}}}, baseline{}); len(p) != 0 {
		t.Errorf("clean run: %v", p)
	}
}

func TestWriteSections(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "C.md")
	os.WriteFile(doc, []byte("# C\n\nintro\n"+beginMark+"\nold\n"+endMark+"\nmiddle\n"+clientBeginMark+"\nold client\n"+clientEndMark+"\nafter\n"), 0o644)
	s := []suite{{version: "2026-07-28", how: "--requirements 2026-07-28", ours: run{"a": {1, 1, nil}}, sdk: run{"a": {2, 0, nil}}}}
	outside := map[string]run{"2026-07-28": {"auth/metadata-default": {18, 0, nil}}}
	if err := writeSections(doc, serverSection("| t |\n", s), clientSection("| c |\n", s, outside)); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(doc)
	got := string(b)
	if !strings.HasPrefix(got, "# C\n\nintro\n"+beginMark+"\n") || !strings.Contains(got, "| t |\n\n"+endMark+"\nmiddle\n"+clientBeginMark+"\n") ||
		!strings.HasSuffix(got, "| auth/metadata-default | 18/18 |\n\n"+clientEndMark+"\nafter\n") ||
		!strings.Contains(got, "- **2026-07-28** (`--requirements 2026-07-28`): MCP Wire Lab **1/2**, official Go SDK **2/2** checks passed.") ||
		!strings.Contains(got, "SDK client `"+sdkClient+"`") || !strings.Contains(got, "| c |\n") || strings.Contains(got, "old") {
		t.Errorf("doc:\n%s", got)
	}
	os.WriteFile(doc, []byte("no markers"), 0o644)
	if err := writeSections(doc, serverSection("x", s)); err == nil {
		t.Error("a document without markers accepted")
	}
}

// TestReadClientRun: a client run's scenario directories have no
// "server-" prefix, the authorization ones sit in auth/ and come back
// apart.
func TestReadClientRun(t *testing.T) {
	dir := t.TempDir()
	write := func(rel string, statuses ...string) {
		d := filepath.Join(dir, rel+"-2026-12-01T09-20-16-860Z")
		os.MkdirAll(d, 0o755)
		var checks []string
		for _, s := range statuses {
			checks = append(checks, `{"id":"x","status":"`+s+`"}`)
		}
		os.WriteFile(filepath.Join(d, "checks.json"), []byte("["+strings.Join(checks, ",")+"]"), 0o644)
	}
	write("tools_call", "SUCCESS", "SUCCESS")
	write("sse-retry", "SUCCESS", "WARNING", "FAILURE")
	write("auth/metadata-default", "FAILURE")
	in, outside, err := readClientRun(dir)
	if err != nil || len(in) != 2 || in["tools_call"].String() != "2/2" || in["sse-retry"].String() != "1/2" ||
		len(outside) != 1 || outside["auth/metadata-default"].String() != "0/1" {
		t.Fatalf("in %+v outside %+v %v", in, outside, err)
	}
	only := t.TempDir()
	os.MkdirAll(filepath.Join(only, "auth", "x-2026-12-01T09-20-16-860Z"), 0o755)
	if _, _, err := readClientRun(only); err == nil {
		t.Error("a run of authorization scenarios only is no client run of the course")
	}
}

// TestJudgeStrict: in a client suite a failed check of ours fails the
// gate even where ours passes more checks than the SDK; the baseline
// tolerates it, and flags itself stale once nothing fails.
func TestJudgeStrict(t *testing.T) {
	s := []suite{{version: "2025-11-25", strict: true,
		ours: run{"more-but-failing": {8, 1, []string{"c: broke"}}, "clean": {8, 0, nil}, "tolerated": {1, 1, nil}, "stale": {3, 0, nil}},
		sdk:  run{"more-but-failing": {6, 0, nil}, "clean": {6, 0, nil}, "tolerated": {1, 0, nil}, "stale": {3, 0, nil}},
	}}
	base := baseline{"2025-11-25": {"tolerated": "the mock answers 2025-03-26", "stale": "was failing"}}
	_, notes, problems := judge(s, base)
	want := []string{
		"2025-11-25 more-but-failing: FAILED CHECKS (1): c: broke",
		"2025-11-25 stale: passes every check: remove it from the baseline (the list only shrinks)",
	}
	if strings.Join(problems, "\n") != strings.Join(want, "\n") || notes["2025-11-25 tolerated"] != "baseline: the mock answers 2025-03-26" {
		t.Errorf("problems\n%s\nnotes %v", strings.Join(problems, "\n"), notes)
	}
	// Not strict (the server suites): more checks than the SDK is enough.
	s[0].strict = false
	if _, _, p := judge(s, baseline{}); len(p) != 0 {
		t.Errorf("not strict: %v", p)
	}
}
