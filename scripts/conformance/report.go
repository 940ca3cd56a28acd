package main

// The report: per-scenario check counts of one suite run, the table of
// ours against the SDK's, and the gate.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"mcpwirelab/sim/client/everything"
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

// stamp ends every output directory of the suite: the scenario's start,
// as an ISO time.
const stamp = `-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$`

// The suite's output directories: server-<scenario>-<time> for a server
// run, <scenario>-<time> for a client run (an auth/<name> scenario in the
// folder auth).
var (
	serverDir = regexp.MustCompile(`^server-(.+)` + stamp)
	clientDir = regexp.MustCompile(`^(.+)` + stamp)
)

// readRun reads the checks.json files a server run of the suite wrote
// under dir (-o).
func readRun(dir string) (run, error) {
	out := run{}
	if err := readDirs(dir, serverDir, "", out); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no scenario results", dir)
	}
	return out, nil
}

// readClientRun reads a client run of the suite: the scenarios the course
// covers, and apart the authorization ones (auth/…), which it does not
// (everything.Outside).
func readClientRun(dir string) (in, outside run, err error) {
	all := run{}
	if err := readDirs(dir, clientDir, "", all); err != nil {
		return nil, nil, err
	}
	if err := readDirs(filepath.Join(dir, "auth"), clientDir, "auth/", all); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	in, outside = run{}, run{}
	for name, c := range all {
		if everything.Outside(name) {
			outside[name] = c
		} else {
			in[name] = c
		}
	}
	if len(in) == 0 {
		return nil, nil, fmt.Errorf("%s: no scenario results", dir)
	}
	return in, outside, nil
}

// readDirs adds to out the checks of every directory of dir whose name
// matches re (its first group, after prefix, names the scenario).
func readDirs(dir string, re *regexp.Regexp, prefix string, out run) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		m := re.FindStringSubmatch(e.Name())
		if !e.IsDir() || m == nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name(), "checks.json"))
		if err != nil {
			return err
		}
		var checks []struct {
			ID      string `json:"id"`
			Status  string `json:"status"`
			Message string `json:"errorMessage"`
		}
		if err := json.Unmarshal(b, &checks); err != nil {
			return fmt.Errorf("%s: %v", e.Name(), err)
		}
		name := prefix + m[1]
		c := out[name]
		for _, ch := range checks {
			switch ch.Status {
			case "SUCCESS":
				c.passed++
			case "FAILURE":
				c.failed++
				c.failures = append(c.failures, ch.ID+": "+ch.Message)
			}
		}
		out[name] = c
	}
	return nil
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
	// strict: a failed check of ours fails the gate too, however the SDK
	// does (the client runs: the SDK's client fails none of their checks,
	// and ours declares more, so "as many as the SDK" alone would let one
	// of ours fail unseen).
	strict bool
}

// row is one scenario of the table.
type row struct {
	scenario  string
	ours, sdk map[string]*count // version → count (nil: not run)
}

// verdict judges one scenario of one version: "" when ours passes at
// least as many checks as the SDK, else why it is tolerated (the baseline
// reason) or a failure.
//
// strict adds a second rule: ours fails none of its checks.
func verdict(ours, sdk *count, reason string, strict bool) (problem bool, note string) {
	o, s, f := 0, 0, 0
	if ours != nil {
		o, f = ours.passed, ours.failed
	}
	if sdk != nil {
		s = sdk.passed
	}
	good := o >= s && (!strict || f == 0)
	switch {
	case good && reason != "":
		if strict {
			return true, "passes every check: remove it from the baseline (the list only shrinks)"
		}
		return true, "passes as many checks as the SDK: remove it from the baseline (the list only shrinks)"
	case good:
		return false, ""
	case reason != "":
		return false, "baseline: " + reason
	}
	if o < s {
		note = fmt.Sprintf("FEWER CHECKS THAN THE SDK (%d < %d)", o, s)
	} else {
		note = fmt.Sprintf("FAILED CHECKS (%d)", f)
	}
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
			bad, note := verdict(r.ours[s.version], r.sdk[s.version], reason, s.strict)
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
	if i := strings.Index(note, ": "); i > 0 && (strings.HasPrefix(note, "FEWER") || strings.HasPrefix(note, "FAILED")) {
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
