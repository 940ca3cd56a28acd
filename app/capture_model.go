package ui

import (
	"errors"
	"fmt"
	"html"
	"sort"
	"strings"

	"mcpwirelab/sim/check"
	"mcpwirelab/sim/trace"
)

// maxCaptureBytes bounds a transcript the page reads.
const maxCaptureBytes = 32 << 20

// Capture is a transcript of someone's server opened in the page (a file,
// or one of the dev server's captures), graded by the very checks `devserver
// check` runs (sim/check.Judge reads nothing but the trace).
type Capture struct {
	Source string // the file name, or the dev server capture
	Trace  *trace.Trace
	Steps  []Step
	// Results are the verdicts, each message in both languages.
	Results []check.Graded
	// bySeq are the verdicts about each event (seq → results).
	bySeq map[int][]check.Graded
}

// LoadCapture reads and grades a transcript in the JSON Lines contract.
func LoadCapture(source, text string) (*Capture, error) {
	if len(text) > maxCaptureBytes {
		return nil, fmt.Errorf("the file is %d MiB; the page reads transcripts up to %d MiB", len(text)>>20, maxCaptureBytes>>20)
	}
	tr, err := check.ReadTranscript(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	c := &Capture{Source: source, Trace: tr, Steps: BuildSteps(tr), Results: check.JudgeBoth(tr, check.JudgeOptions{}), bySeq: map[int][]check.Graded{}}
	for _, r := range c.Results {
		if r.Seq > 0 && r.Seq <= len(tr.Events) {
			c.bySeq[r.Seq] = append(c.bySeq[r.Seq], r)
		}
	}
	return c, nil
}

// At is the verdicts about step i (0-based).
func (c *Capture) At(i int) []check.Graded { return c.bySeq[i+1] }

// Badges are the verdict marks of every step, for the lanes.
func (c *Capture) Badges(lang string) map[int][]Badge {
	out := map[int][]Badge{}
	seqs := make([]int, 0, len(c.bySeq))
	for s := range c.bySeq {
		seqs = append(seqs, s)
	}
	sort.Ints(seqs)
	for _, s := range seqs {
		for _, r := range c.bySeq[s] {
			out[s-1] = append(out[s-1], Badge{Text: verdictIcon(r.Verdict) + " " + r.ID, Class: "verdict-" + string(r.Verdict),
				Title: verdictWord(lang, r.Verdict) + " · " + checkTitle(lang, r.ID)})
		}
	}
	return out
}

// Target is what the capture's launch step says it talked to.
func (c *Capture) Target() string {
	for _, e := range c.Trace.Events {
		if e.Kind == trace.KindLaunch {
			s := strings.TrimSpace(e.Raw)
			s = strings.TrimPrefix(s, "$ ")
			return strings.TrimPrefix(s, "connect ")
		}
	}
	return ""
}

// Counts is how many checks got each verdict.
func (c *Capture) Counts() map[check.Verdict]int {
	n := map[check.Verdict]int{}
	for _, r := range c.Results {
		n[r.Verdict]++
	}
	return n
}

func verdictIcon(v check.Verdict) string {
	switch v {
	case check.Pass:
		return "✓"
	case check.Fail:
		return "✗"
	case check.Warn:
		return "⚠"
	}
	return "–"
}

func verdictWord(lang string, v check.Verdict) string { return tr(lang, "cap.verdict."+string(v)) }

// verdictMsg is a verdict's message in the page's language.
func verdictMsg(lang string, r check.Graded) string {
	if lang == LangZh {
		return r.Msg.Zh()
	}
	return r.Message
}

func checkTitle(lang string, id string) string {
	d, ok := check.DefByID(id)
	if !ok {
		return id
	}
	if lang == LangZh {
		return d.Title.Zh
	}
	return d.Title.En
}

// VerdictHTML is one verdict as the capture view shows it beside its step:
// the badge, the check's title, the message (in the page's language), the
// section and its sentence
// (with the Chinese under lang=zh), and what the lab's own server sends for
// the same request.
func VerdictHTML(lang string, r check.Graded, lab *check.LabReply, labErr error) string {
	esc := html.EscapeString
	var b strings.Builder
	fmt.Fprintf(&b, `<article class="verdict verdict-%s" data-check="%s">`, esc(string(r.Verdict)), esc(r.ID))
	fmt.Fprintf(&b, `<h3><span class="chip badge verdict-%s">%s %s</span> <code>%s</code> <span class="vtitle">%s</span> <span class="level">%s</span></h3>`,
		esc(string(r.Verdict)), verdictIcon(r.Verdict), esc(verdictWord(lang, r.Verdict)), esc(r.ID), esc(checkTitle(lang, r.ID)), esc(string(r.Level)))
	fmt.Fprintf(&b, `<p class="vmsg">%s</p>`, esc(verdictMsg(lang, r)))
	if r.Spec != "" {
		fmt.Fprintf(&b, `<blockquote class="vquote"><p lang="en">%s</p>`, esc(r.Quote))
		if zh := check.QuoteZh(r.Quote); zh != "" && lang == LangZh {
			fmt.Fprintf(&b, `<p lang="zh-Hans" class="gloss">%s</p>`, esc(zh))
		}
		fmt.Fprintf(&b, `<footer><code>%s</code></footer></blockquote>`, esc(r.Spec))
	}
	switch {
	case lab != nil:
		fmt.Fprintf(&b, `<section class="lab-answer"><h4>%s</h4><pre class="raw">%s</pre></section>`, esc(tr(lang, "cap.lab")), esc(lab.Raw))
	case labNotIn(lang, labErr) != "":
		fmt.Fprintf(&b, `<p class="lab-answer hint lab-notin">%s</p>`, esc(labNotIn(lang, labErr)))
	case labErr != nil && labErr != check.ErrNoRequest && labErr != check.ErrStream:
		fmt.Fprintf(&b, `<p class="lab-answer hint">%s: %s</p>`, esc(tr(lang, "cap.lab")), esc(labErr.Error()))
	}
	b.WriteString(`</article>`)
	return b.String()
}

// labNotIn says why the lab's server has no answer of its own for a
// request naming a tool, a prompt or a method it does not have
// (check.NotInLabError); "" for any other outcome.
func labNotIn(lang string, err error) string {
	var e *check.NotInLabError
	if !errors.As(err, &e) {
		return ""
	}
	return fmt.Sprintf(tr(lang, "cap.lab.notin."+e.Kind), e.Name)
}
