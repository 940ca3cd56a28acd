package main

// The report: per-scenario check counts of one suite run, the table of
// ours against the SDK's, and the gate.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// count is one scenario's checks in one run: passed are the suite's
// SUCCESS checks, failed its FAILURE ones (the suite's own summary counts
// the same; WARNING, INFO and SKIPPED count as neither).
type count struct {
	passed, failed int
	failures       []string // "check-id: message" of the FAILURE checks
}

func (c count) String() string { return fmt.Sprintf("%d/%d", c.passed, c.passed+c.failed) }

// run is the result of one suite run: scenario → count.
type run map[string]count

// scenarioDir is an output directory of the suite: server-<scenario>-<ISO time>.
var scenarioDir = regexp.MustCompile(`^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$`)

// readRun reads the checks.json files the suite wrote under dir (-o).
func readRun(dir string) (run, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := run{}
	for _, e := range entries {
		m := scenarioDir.FindStringSubmatch(e.Name())
		if !e.IsDir() || m == nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name(), "checks.json"))
		if err != nil {
			return nil, err
		}
		var checks []struct {
			ID      string `json:"id"`
			Status  string `json:"status"`
			Message string `json:"errorMessage"`
		}
		if err := json.Unmarshal(b, &checks); err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		c := out[m[1]]
		for _, ch := range checks {
			switch ch.Status {
			case "SUCCESS":
				c.passed++
			case "FAILURE":
				c.failed++
				c.failures = append(c.failures, ch.ID+": "+ch.Message)
			}
		}
		out[m[1]] = c
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no scenario results", dir)
	}
	return out, nil
}

func (r run) total() count {
	var t count
	for _, c := range r {
		t.passed += c.passed
		t.failed += c.failed
	}
	t.failures = nil
	return t
}

// baseline lists the scenarios allowed to pass fewer checks than the SDK,
// each with its reason: version → scenario → reason.
type baseline map[string]map[string]string

// readBaseline parses lines "<version> <scenario> <reason…>"; # starts a
// comment.
func readBaseline(r io.Reader) (baseline, error) {
	b := baseline{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			return nil, fmt.Errorf("baseline line %d: want <version> <scenario> <reason>, got %q", n, line)
		}
		if b[f[0]] == nil {
			b[f[0]] = map[string]string{}
		}
		if _, dup := b[f[0]][f[1]]; dup {
			return nil, fmt.Errorf("baseline line %d: %s %s listed twice", n, f[0], f[1])
		}
		b[f[0]][f[1]] = strings.Join(f[2:], " ")
	}
	return b, sc.Err()
}

// suite is one version's pair of runs.
type suite struct {
	version, how string // how: the suite's selection flags
	ours, sdk    run
}

// row is one scenario of the table.
type row struct {
	scenario  string
	ours, sdk map[string]*count // version → count (nil: not run)
}

// verdict judges one scenario of one version: "" when ours passes at
// least as many checks as the SDK, else why it is tolerated (the baseline
// reason) or a failure.
func verdict(ours, sdk *count, reason string) (problem bool, note string) {
	o, s := 0, 0
	if ours != nil {
		o = ours.passed
	}
	if sdk != nil {
		s = sdk.passed
	}
	switch {
	case o >= s && reason != "":
		return true, "passes as many checks as the SDK: remove it from the baseline (the list only shrinks)"
	case o >= s:
		return false, ""
	case reason != "":
		return false, "baseline: " + reason
	}
	note = fmt.Sprintf("FEWER CHECKS THAN THE SDK (%d < %d)", o, s)
	if ours != nil && len(ours.failures) > 0 {
		note += ": " + strings.Join(ours.failures, "; ")
	}
	return true, note
}

// judge builds the table rows and the problems the gate fails on: a
// scenario below the SDK that the baseline does not list, a baseline entry
// that no longer applies, or one naming a scenario no run has.
func judge(suites []suite, base baseline) (rows []row, notes map[string]string, problems []string) {
	byName := map[string]*row{}
	notes = map[string]string{}
	for _, s := range suites {
		for _, r := range []run{s.ours, s.sdk} {
			for name := range r {
				if byName[name] == nil {
					byName[name] = &row{scenario: name, ours: map[string]*count{}, sdk: map[string]*count{}}
				}
			}
		}
	}
	for _, s := range suites {
		for name, r := range byName {
			o, okO := s.ours[name]
			k, okS := s.sdk[name]
			if okO {
				r.ours[s.version] = &o
			}
			if okS {
				r.sdk[s.version] = &k
			}
			if !okO && !okS {
				continue
			}
			reason := base[s.version][name]
			bad, note := verdict(r.ours[s.version], r.sdk[s.version], reason)
			if note != "" {
				notes[s.version+" "+name] = note
			}
			if bad {
				problems = append(problems, s.version+" "+name+": "+note)
			}
		}
	}
	for v, names := range base {
		for name := range names {
			if r := byName[name]; r == nil || (r.ours[v] == nil && r.sdk[v] == nil) {
				problems = append(problems, v+" "+name+": listed in the baseline but not run")
			}
		}
	}
	for _, r := range byName {
		rows = append(rows, *r)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].scenario < rows[j].scenario })
	sort.Strings(problems)
	return rows, notes, problems
}

// problemNote is the table's short form of a gate failure.
func problemNote(note string) string {
	if i := strings.Index(note, ": "); i > 0 && strings.HasPrefix(note, "FEWER") {
		return note[:i]
	}
	return note
}

// table renders the Markdown table: one row per scenario, ours and the
// SDK's passed/total per version, and the note; totals last.
func table(suites []suite, rows []row, notes map[string]string) string {
	var b strings.Builder
	b.WriteString("| scenario |")
	for _, s := range suites {
		fmt.Fprintf(&b, " %s ours | %s SDK |", s.version, s.version)
	}
	b.WriteString(" notes |\n|---|")
	for range suites {
		b.WriteString("---:|---:|")
	}
	b.WriteString("---|\n")
	cell := func(c *count) string {
		if c == nil {
			return "–"
		}
		return c.String()
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s |", r.scenario)
		var ns []string
		for _, s := range suites {
			fmt.Fprintf(&b, " %s | %s |", cell(r.ours[s.version]), cell(r.sdk[s.version]))
			if n := notes[s.version+" "+r.scenario]; n != "" {
				ns = append(ns, s.version+" "+problemNote(n))
			}
		}
		fmt.Fprintf(&b, " %s |\n", strings.Join(ns, "; "))
	}
	b.WriteString("| **total** |")
	for _, s := range suites {
		o, k := s.ours.total(), s.sdk.total()
		fmt.Fprintf(&b, " **%s** | **%s** |", o, k)
	}
	b.WriteString(" |\n")
	return b.String()
}
