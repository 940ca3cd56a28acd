package scenario

import (
	_ "embed" // the rules, as a string
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"mcpwirelab/sim/text"
)

// Host-internal events (the user's prompt, what the model reads and
// decides, the client's decisions: backoff, timers, era detection…) carry
// English text in raw, which the transcript keeps exactly. HostText gives
// the same text in both languages for display: each line of raw is matched
// against the rules of its note, and the first rule that matches the whole
// line gives its Chinese. Values (numbers, ids, methods, error messages a
// server wrote, tool descriptions and results) pass through unchanged:
// they are data, not the engine's prose. hosttext_test.go runs every
// scenario and fails on any host line no rule translates. The rules are
// text (a translator fixes a Chinese line in notes/host.rules), each with
// the pattern of the English line it translates.

// The rules are data: notes/host.rules (its header says how to write one),
// embedded and compiled on first use.
//
//go:embed notes/host.rules
var hostRulesData string

const hostRulesFile = "notes/host.rules"

// Fields of a host rule.
const (
	fieldIndent = "indent"
	fieldMatch  = "match"
	anyNote     = "*" // the header of a rule for every note
	keep        = "${0}"
)

// hostRule translates one line of a note's raw text: re matches the whole
// line, zh is its Chinese (a regexp template: ${1} is the first group;
// "${0}" keeps the line as it is, for data).
type hostRule struct {
	note string // the note key, or a prefix of it ("no-retry" covers "no-retry.401"); "" for every note
	rx   *lazyRegexp
	zh   string
	line int
}

// lazyRegexp is a rule's pattern, compiled the first time a line of its
// note is matched: compiling all 198 rules at once took 133 ms of the
// wasm's first render (BENCHMARKS.md, "The wasm's start"), and a page
// needs the rules of the notes it shows only.
type lazyRegexp struct {
	once sync.Once
	src  string
	re   *regexp.Regexp // nil if src does not compile (parseHostRules reports it)
}

func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re, _ = regexp.Compile(l.src) })
	return l.re
}

// re is the rule's compiled pattern (nil: it does not compile, which
// parseHostRules reports and TestHostRulesParse fails on).
func (r hostRule) re() *regexp.Regexp { return r.rx.get() }

// readHostRules reads a rules file without compiling its patterns.
func readHostRules(file, data string) ([]hostRule, []error) {
	recs, errs := text.Lex(file, data, fieldIndent, fieldMatch, fieldZh)
	fail := func(line int, format string, a ...any) {
		errs = append(errs, &text.FileError{File: file, Line: line, Msg: fmt.Sprintf(format, a...)})
	}
	var out []hostRule
	for _, r := range recs {
		m, hasM := r.Field(fieldMatch)
		zh, hasZh := r.Field(fieldZh)
		switch {
		case !text.IsKey(r.Header):
			fail(r.Line, "[%s]: the header is a note key (or a prefix of one), or * for every note", r.Header)
			continue
		case !hasM:
			fail(r.Line, "[%s] is missing match (the regular expression of the English line)", r.Header)
			continue
		case !hasZh:
			fail(r.Line, "[%s] is missing zh (the Chinese of the line)", r.Header)
			continue
		}
		indent := ""
		if f, ok := r.Field(fieldIndent); ok {
			n, err := strconv.Atoi(f.Value)
			if err != nil || n < 1 || n > 16 {
				fail(f.Line, "indent %q of [%s]: a number of spaces from 1 to 16", f.Value, r.Header)
				continue
			}
			indent = strings.Repeat(" ", n)
		}
		rule := hostRule{note: r.Header, rx: &lazyRegexp{src: `^` + indent + `(?:` + m.Value + `)$`}, zh: indent + zh.Value, line: m.Line}
		if r.Header == anyNote {
			rule.note = ""
		}
		if zh.Value == keep {
			rule.zh = keep
		}
		out = append(out, rule)
	}
	return out, errs
}

// hostRules is the embedded file's rules, read on first use (their
// patterns compiled on theirs). TestHostRulesParse compiles them all.
var hostRules = sync.OnceValue(func() []hostRule {
	rules, _ := readHostRules(hostRulesFile, hostRulesData)
	return rules
})

// HostText is the text of a host-internal event in both languages: En is
// raw as the engine wrote it, Zh its translation line by line. ok is false
// when a line has no rule (Zh then keeps that line in English).
func HostText(note, raw string) (t Text, ok bool) {
	rules := hostRules()
	lines := strings.Split(raw, "\n")
	ok = true
	for i, line := range lines {
		if line == "" {
			continue // an empty line stays empty
		}
		found := false
		for _, r := range rules {
			if r.note != "" && !noteIs(note, r.note) {
				continue
			}
			if re := r.re(); re != nil && re.MatchString(line) {
				lines[i] = re.ReplaceAllString(line, r.zh)
				found = true
				break
			}
		}
		ok = ok && found
	}
	return Text{En: raw, Zh: strings.Join(lines, "\n")}, ok
}
