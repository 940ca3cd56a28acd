package main

// PEERS.md's generated table and the reviews of its non-pass verdicts.

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"mcpwirelab/scripts/gendoc"
	"mcpwirelab/scripts/npmcache"
	"mcpwirelab/sim/check"
)

// The markers around PEERS.md's generated part, and around the summary
// of the peers in README.md.
const (
	beginMark        = "<!-- peers table: written by make peers, compared by make peers-gate -->"
	endMark          = "<!-- end of peers table -->"
	summaryBeginMark = "<!-- peers summary: written by make peers, compared by make peers-gate -->"
	summaryEndMark   = "<!-- end of peers summary -->"
)

// part is a generated part of a document.
type part struct {
	doc string
	sec gendoc.Section
}

// documents are this run's parts: PEERS.md's table and, unless readme is
// "", the summary in README.md.
func documents(doc, readme string, ps []peer, res []result, revs reviews) []part {
	out := []part{{doc, gendoc.Section{Begin: beginMark, End: endMark, Body: render(ps, res, revs)}}}
	if readme != "" {
		out = append(out, part{readme, gendoc.Section{Begin: summaryBeginMark, End: summaryEndMark, Body: summary(ps, res)}})
	}
	return out
}

var (
	writeDoc = gendoc.Write
	diffDoc  = gendoc.Diff
)

// reviewKey names one verdict: peer ID, version, check ID.
type reviewKey struct{ peer, version, id string }

// reviews are the hand-written judgements of the non-pass verdicts
// (scripts/peers/reviews.txt): one per line,
//
//	PEER VERSION CHECK: JUDGEMENT
//
// for each failure and warning, where JUDGEMENT begins with "defect:" (the peer breaks the sentence),
// "false alarm:" (the checker is wrong) or "expected:" (a skip or warning
// that is right for this peer). # begins a comment.
type reviews map[reviewKey]string

// judgements are the words a review may begin with.
var judgements = []string{"defect:", "false alarm:", "expected:"}

func loadReviews(path string) (reviews, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := reviews{}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, text, ok := strings.Cut(line, ": ")
		f := strings.Fields(head)
		if !ok || len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want PEER VERSION CHECK: JUDGEMENT, got %q", path, n, line)
		}
		text = strings.TrimSpace(text)
		known := false
		for _, j := range judgements {
			known = known || strings.HasPrefix(text, j)
		}
		if !known {
			return nil, fmt.Errorf("%s:%d: a judgement begins with %s, got %q", path, n, strings.Join(judgements, ", "), text)
		}
		k := reviewKey{f[0], f[1], f[2]}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("%s:%d: %s %s %s reviewed twice", path, n, k.peer, k.version, k.id)
		}
		out[k] = text
	}
	return out, sc.Err()
}

// check lists the failures and warnings without a review and (all: the
// whole matrix ran) the reviews of verdicts that are neither any more (a
// skip carries the checker's own reason instead of a review).
func (r reviews) check(res []result, all bool) []string {
	var out []string
	seen := map[reviewKey]bool{}
	for _, pr := range res {
		for _, c := range pr.Report.Checks {
			if c.Verdict == check.Pass || c.Verdict == check.Skip {
				continue
			}
			k := reviewKey{pr.Peer, versionOf(c), c.ID}
			seen[k] = true
			if _, ok := r[k]; !ok {
				out = append(out, fmt.Sprintf("%s %s %s is %s and not reviewed (scripts/peers/reviews.txt)", k.peer, k.version, k.id, c.Verdict))
			}
		}
	}
	if all {
		for k := range r {
			if !seen[k] {
				out = append(out, fmt.Sprintf("%s %s %s is reviewed but passes now (or is gone): remove its review", k.peer, k.version, k.id))
			}
		}
	}
	return out
}

// versionOf is the version column: "-" for a verdict about no version.
func versionOf(c check.Result) string {
	if c.Version == "" {
		return "-"
	}
	return c.Version
}

// cell makes text safe in a Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

// render is PEERS.md's generated part: the summary of the peers, then
// one line per verdict (peer, transport, version, check, verdict; for a
// non-pass one, its level, the spec sentence it rests on, and its review,
// or for a skip the checker's reason).
func render(ps []peer, res []result, revs reviews) string {
	byID := reports(res)
	var b strings.Builder
	fmt.Fprintf(&b, "Checker: `devserver check` of this commit. Node `%s@%s`.\n\n", npmcache.NodePkg, npmcache.NodeVersion)
	b.WriteString(summary(ps, res))
	b.WriteString("\n| peer | transport | version | check | verdict | spec sentence | review |\n|---|---|---|---|---|---|---|\n")
	for _, p := range ps {
		rep, ok := byID[p.ID]
		if !ok {
			continue
		}
		server, transport := split(p.ID)
		for _, c := range rep.Checks {
			v := versionOf(c)
			if c.Verdict == check.Pass {
				fmt.Fprintf(&b, "| %s | %s | %s | %s | pass | | |\n", server, transport, v, c.ID)
				continue
			}
			review := revs[reviewKey{p.ID, v, c.ID}]
			switch {
			case c.Verdict == check.Skip:
				review = "skipped: " + c.Message
			case review == "":
				review = "not reviewed"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | **%s** %s | %s: “%s” | %s |\n", server, transport, v, c.ID, strings.ToUpper(string(c.Verdict)), c.Level, cell(c.Spec), cell(c.Quote), cell(review))
		}
	}
	return b.String()
}

// reports maps each peer's ID to its report.
func reports(res []result) map[string]check.Report {
	byID := map[string]check.Report{}
	for _, r := range res {
		byID[r.Peer] = r.Report
	}
	return byID
}

// summary is the table of the peers: what each runs, the versions it
// speaks and its verdicts' counts.
func summary(ps []peer, res []result) string {
	byID := reports(res)
	var b strings.Builder
	b.WriteString("| peer | transport | pinned | versions | pass | fail | warn | skip |\n|---|---|---|---|---:|---:|---:|---:|\n")
	for _, p := range ps {
		rep, ok := byID[p.ID]
		if !ok {
			continue
		}
		server, transport := split(p.ID)
		n := rep.Count()
		versions := strings.Join(rep.Versions, ", ")
		if versions == "" {
			versions = "none"
		}
		fmt.Fprintf(&b, "| %s | %s | `%s` | %s | %d | %d | %d | %d |\n", server, transport, p.Pins, versions, n[check.Pass], n[check.Fail], n[check.Warn], n[check.Skip])
	}
	return b.String()
}

// split is a peer ID's server and transport.
func split(id string) (server, transport string) {
	server, transport, _ = strings.Cut(id, "/")
	return server, transport
}
