// Package zhtest checks the course's Chinese: that every zh value uses the
// glossary's terms (sim/text/course.terms), leaves no English sentence in
// a Chinese one, and writes Chinese punctuation. The text files are swept
// by this package's own test (TestZhValues); the packages that assemble
// messages in Go (verdicts, graders' feedback, Host lines) run the same
// Checker over what they render, so a message built from an English
// fragment fails where it is made. Tests only: no engine code imports it.
//
// What English a Chinese value may hold, precisely:
//   - code: a token with a digit, "_", "/", ".", "-", ":" or another
//     symbol in it (tools/call, Mcp-Session-Id, 2026-07-28, _meta,
//     x-mcp-header), a camelCase or ALLCAPS one (inputSchema, HTTP, MUST),
//     a single letter (k in 2^k), a call (len(str)), a fmt verb or ${1},
//     and anything between backticks;
//   - the protocol's and the engine's own words (Words): every JSON member
//     name and one-word string value, header name, method, tool name and
//     argument the engine puts on a wire, the JSON-RPC error names and
//     the HTTP reason phrases; a string the wire carries with spaces in it
//     ("Method not found", a tool's description) only as a whole phrase,
//     or a piece of one at least three words long, quoted as it is;
//   - a heading of the spec that a note or a check cites, as a whole
//     ("Error Handling": its anchor is a cited one);
//   - the glossary's terms kept in Latin letters (Host, Streamable HTTP,
//     Python SDK);
//   - what a wire carried, quoted as Go's %q writes it (a verdict quoting
//     the server's error message), whole or cut short with "…";
//   - a short quotation (at most three words between quotes: a message, a
//     name), and a short English term in parentheses right after the
//     Chinese it glosses (回退（fall back）);
//   - a quoted sentence (four words or more between quotes) only when its
//     Chinese follows at once in full-width parentheses:
//     “If processing a request …”（如果处理请求……）.
//
// Everything else in Latin letters is an English word in a Chinese
// sentence, and a problem.
package zhtest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"mcpwirelab/sim/specref"
	"mcpwirelab/sim/text"
)

// GlossaryFile is the glossary's path from the module root.
const GlossaryFile = "sim/text/course.terms"

// The fields of a glossary record.
const (
	fieldEn    = "en"
	fieldZh    = "zh"
	fieldAvoid = "avoid"
	fieldAllow = "allow"
	fieldNote  = "note"
)

// listSep separates the words of avoid and allow.
const listSep = "、"

// Term is one concept of the glossary: its English, the Chinese to use,
// the Chinese to avoid (and longer Chinese around an avoided word that is
// right), and why.
type Term struct {
	Key, En, Zh, Note string
	Avoid, Allow      []string
	Line              int
}

// ParseTerms reads a glossary: every term it could read, and every
// mistake (file:line).
func ParseTerms(file, data string) ([]Term, []error) {
	recs, errs := text.Lex(file, data, fieldEn, fieldZh, fieldAvoid, fieldAllow, fieldNote)
	fail := func(line int, format string, a ...any) {
		errs = append(errs, &text.FileError{File: file, Line: line, Msg: fmt.Sprintf(format, a...)})
	}
	var out []Term
	at := map[string]int{}
	avoidedBy := map[string]string{}
	for _, r := range recs {
		en, hasEn := r.Field(fieldEn)
		zh, hasZh := r.Field(fieldZh)
		switch {
		case !text.IsKey(r.Header):
			fail(r.Line, "[%s]: a key has no spaces or brackets", r.Header)
			continue
		case at[r.Header] != 0:
			fail(r.Line, "[%s] is defined twice (first on line %d)", r.Header, at[r.Header])
			continue
		case !hasEn || !hasZh:
			fail(r.Line, "[%s] needs en (the English term) and zh (the Chinese to use)", r.Header)
			continue
		}
		at[r.Header] = r.Line
		t := Term{Key: r.Header, En: en.Value, Zh: zh.Value, Line: r.Line}
		if f, ok := r.Field(fieldNote); ok {
			t.Note = f.Value
		}
		bad := false
		if f, ok := r.Field(fieldAvoid); ok {
			t.Avoid = splitList(f.Value)
			for _, w := range t.Avoid {
				if by := avoidedBy[w]; by != "" {
					fail(f.Line, "[%s] avoids %q, which [%s] avoids already", r.Header, w, by)
					bad = true
				}
				avoidedBy[w] = r.Header
			}
		}
		if f, ok := r.Field(fieldAllow); ok {
			t.Allow = splitList(f.Value)
			for _, a := range t.Allow {
				if !containsAny(a, t.Avoid) {
					fail(f.Line, "[%s] allows %q, which contains none of the words it avoids", r.Header, a)
					bad = true
				}
			}
		}
		for _, w := range t.Avoid {
			if strings.Contains(strip(t.Zh, t.Allow), w) {
				fail(r.Line, "[%s]: its zh %q contains %q, a word it avoids", r.Header, t.Zh, w)
				bad = true
			}
		}
		if !bad {
			out = append(out, t)
		}
	}
	return out, errs
}

func splitList(v string) []string {
	var out []string
	for _, w := range strings.Split(v, listSep) {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// strip is s with every phrase replaced by a space.
func strip(s string, phrases []string) string {
	for _, p := range phrases {
		s = strings.ReplaceAll(s, p, " ")
	}
	return s
}

// Root is the module's root directory: the first parent of the working
// directory (a package's, under go test) that holds go.mod.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = up
	}
}

// Glossary reads the glossary file.
func Glossary() ([]Term, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(root, GlossaryFile))
	if err != nil {
		return nil, err
	}
	terms, errs := ParseTerms(GlossaryFile, string(b))
	if len(errs) > 0 {
		return terms, fmt.Errorf("%v", errs)
	}
	return terms, nil
}

// Words is the English a Chinese value may contain besides code: words
// (a token, compared exactly) and phrases (several words, found as a
// whole, case and all), and the anchors of the spec headings the lab
// cites.
type Words struct {
	words   map[string]bool
	phrases map[string]bool
	anchors map[string]bool
}

// NewWords is an empty set.
func NewWords() *Words {
	return &Words{words: map[string]bool{}, phrases: map[string]bool{}, anchors: map[string]bool{}}
}

// Add adds what the wire (or a name) says: one word, or a phrase of
// several, whose words do not become allowed one by one.
func (w *Words) Add(s string) {
	s = strings.TrimSpace(s)
	if s == "" || !hasLatin(s) {
		return
	}
	if strings.ContainsFunc(s, unicode.IsSpace) {
		w.phrases[spaces.ReplaceAllString(s, " ")] = true
		return
	}
	w.words[strings.TrimRight(s, trailing)] = true
}

// AddAnchor adds a cited spec section ("2026-07-28/server/tools#error-handling"
// or the anchor alone): its heading may be named in English.
func (w *Words) AddAnchor(ref string) {
	if _, a, ok := strings.Cut(ref, "#"); ok {
		ref = a
	}
	if ref != "" {
		w.anchors[ref] = true
	}
}

// AddTerms adds the glossary's terms kept in Latin letters: each Latin
// run of a term's zh (split at "、"), as a word or a phrase.
func (w *Words) AddTerms(terms []Term) {
	for _, t := range terms {
		for _, part := range splitList(t.Zh) {
			for _, run := range latinRun.FindAllString(part, -1) {
				w.Add(run)
			}
		}
	}
}

// Merge adds everything of o.
func (w *Words) Merge(o *Words) {
	for k := range o.words {
		w.words[k] = true
	}
	for k := range o.phrases {
		w.phrases[k] = true
	}
	for k := range o.anchors {
		w.anchors[k] = true
	}
}

func hasLatin(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r < utf8.RuneSelf && unicode.IsLetter(r) }) >= 0
}

var (
	spaces = regexp.MustCompile(`\s+`)
	// latinRun is a run of Latin words with the spaces between them.
	latinRun = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9 ._/\-+']*[A-Za-z0-9]|[A-Za-z]`)
	// verb is a fmt verb or a host rule's group (${1}).
	verb = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*\d*(?:\.\d*)?(?:\[\d+\])?[a-zA-Z%]|\$\{\d+\}`)
	// call is code that calls a function: len(str), print().
	call = regexp.MustCompile(`[A-Za-z_][\w.]*\([^()\n]{0,40}\)`)
	// backticks is code between backticks.
	backticks = regexp.MustCompile("`[^`]*`")
	// token is a word or a piece of code: what stands between spaces and
	// Chinese.
	token = regexp.MustCompile(`(?:[-/.][A-Za-z]|[A-Za-z0-9_$@#<~*])[A-Za-z0-9_./\-:@$#=?*+<>~'&\[\]^]*\(?`)
	// plain is an English word: letters only (and an apostrophe).
	plain = regexp.MustCompile(`^[A-Za-z]+(?:['’][a-z]+)?$`)
	// camel is a word with a capital letter after a small one (inputSchema).
	camel = regexp.MustCompile(`[a-z][A-Z]`)
	// glossedRun is English right before its Chinese in full-width
	// parentheses: a verbatim quote with its gloss.
	glossedRun = regexp.MustCompile(`[A-Za-z][A-Za-z0-9 ,.:;'’/_-]*[A-Za-z0-9.]\s*（[^（）]*\p{Han}[^（）]*）`)
	// goQuoted is a string as Go's %q writes it.
	goQuoted = regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"`)
	// quoteSpan is a quotation: “…”, "…", 「…」 or ‘…’.
	quoteSpan = regexp.MustCompile(`“[^”]*”|"[^"]*"|「[^」]*」|‘[^’]*’`)
	// parenSpan is a parenthesis, full-width or not.
	parenSpan = regexp.MustCompile(`（[^（）]*）|\([^()]*\)`)
	// partTag is the "[part] " a grader puts before a problem of one part.
	partTag = regexp.MustCompile(`^\s*\[[^\]]*\]\s*`)
	// asciiRun is a run of printable ASCII: English between Chinese.
	asciiRun = regexp.MustCompile(`[ -~]+`) // a line of its own: no newline
	// wordRun is a run of plain words separated by spaces: a phrase that
	// may be a spec heading.
	wordRun = regexp.MustCompile(`[A-Za-z][A-Za-z'’&]*(?: +(?:&|[A-Za-z][A-Za-z'’]*))*`)
)

// trailing is the punctuation a token may end with that is not part of it.
const trailing = ".,:;'-/"

// sentenceWords is how many English words between quotes make a sentence,
// which needs its Chinese beside it.
const sentenceWords = 4

// Checker checks Chinese values against the glossary and the English
// they may contain.
type Checker struct {
	terms []Term
	words *Words
	// phrases are the words' phrases, the longest first: a message is
	// taken out whole before a name inside it ("Invalid params").
	phrases []string
}

// NewChecker is a checker of the glossary's terms that allows words (and
// the glossary's own Latin terms).
func NewChecker(terms []Term, words *Words) *Checker {
	all := NewWords()
	all.Merge(words)
	all.AddTerms(terms)
	phrases := Sorted(all.phrases)
	sort.SliceStable(phrases, func(i, j int) bool { return len(phrases[i]) > len(phrases[j]) })
	return &Checker{terms: terms, words: all, phrases: phrases}
}

// Problems lists what is wrong with one Chinese value, each naming what
// it found; none for a right one.
func (c *Checker) Problems(zh string) []string {
	var out []string
	for _, t := range c.terms {
		v := strip(zh, t.Allow)
		// The longest avoided word first, taken out once found, so that
		// 宿主应用 is one problem, not also 宿主.
		avoid := append([]string(nil), t.Avoid...)
		sort.SliceStable(avoid, func(i, j int) bool { return len(avoid[i]) > len(avoid[j]) })
		for _, w := range avoid {
			if strings.Contains(v, w) {
				out = append(out, fmt.Sprintf("%q: the glossary's [%s] says %s", w, t.Key, t.Zh))
				v = strings.ReplaceAll(v, w, " ")
			}
		}
	}
	out = append(out, punctuation(zh)...)
	if ws := c.English(zh); len(ws) > 0 {
		out = append(out, "English in a Chinese sentence: "+strings.Join(ws, ", "))
	}
	return out
}

// punctuation finds the punctuation of English in Chinese prose: a single
// … (or ...) after Chinese, where Chinese writes ……, and markdown italic
// (_请求_), which Chinese does not have.
func punctuation(zh string) []string {
	var out []string
	rs := []rune(zh)
	for i, r := range rs {
		if r == '…' && (i == 0 || rs[i-1] != '…') && (i+1 == len(rs) || rs[i+1] != '…') && i > 0 && isChinese(rs[i-1]) {
			out = append(out, fmt.Sprintf("a single … after %q: Chinese writes ……", string(rs[max(0, i-4):i])))
		}
		if r == '.' && i+2 < len(rs) && rs[i+1] == '.' && rs[i+2] == '.' && i > 0 && isChinese(rs[i-1]) {
			out = append(out, fmt.Sprintf("... after %q: Chinese writes ……", string(rs[max(0, i-4):i])))
		}
	}
	for _, m := range italic.FindAllString(zh, -1) {
		out = append(out, fmt.Sprintf("markdown italic %s: Chinese has no italic (write the words plainly)", strings.TrimSpace(m)))
	}
	return out
}

// italic is markdown emphasis around Chinese, _请求_: an underscore that
// opens a word (after a space, punctuation or the start), Chinese in it,
// and one that closes it. A name with an underscore inside (查询_员工,
// _meta) is not emphasis.
var italic = regexp.MustCompile(`(?:^|[^\p{Han}\p{L}\p{N}_])_[^_\s]*\p{Han}[^_]*?_(?:$|[^\p{Han}\p{L}\p{N}_])`)

// isChinese is a Han character or Chinese punctuation.
func isChinese(r rune) bool {
	return unicode.Is(unicode.Han, r) || strings.ContainsRune("，。：；、！？（）「」“”", r)
}

// English returns the English words of a Chinese value that nothing
// allows (see the package comment), in order; none for a value with no
// Chinese at all (a name, a number, a command: data, not a sentence).
func (c *Checker) English(zh string) []string {
	if !strings.ContainsFunc(zh, isChinese) {
		return nil
	}
	// What the wire carried first, on the value as it is: a quoted
	// message may hold anything ("5% of users").
	s := c.stripWire(zh)
	s = verb.ReplaceAllString(s, " ")
	s = backticks.ReplaceAllString(s, " ")
	s = call.ReplaceAllString(s, " ")
	s = c.stripHeadings(s)
	var out []string
	// Quotations: short ones are names and messages; a sentence needs its
	// Chinese right after it.
	for _, loc := range quoteSpan.FindAllStringIndex(s, -1) {
		q := s[loc[0]:loc[1]]
		if n := len(c.plainWords(q, false)); n >= sentenceWords && !glossed(s[loc[1]:]) {
			out = append(out, fmt.Sprintf("a quoted sentence with no Chinese after it (%s)", clip(q)))
		}
	}
	s = quoteSpan.ReplaceAllString(s, "“”") // still punctuation: a gloss may follow
	s = replaceFunc(s, glossedRun, func(m string, _ rune) string { return m[strings.Index(m, "（"):] })
	// A short English term in parentheses right after the Chinese it
	// glosses.
	s = replaceFunc(s, parenSpan, func(p string, before rune) string {
		if isChinese(before) && len(c.plainWords(p, false)) <= 3 && !strings.ContainsFunc(p, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			return " "
		}
		return p
	})
	out = append(out, c.plainWords(s, true)...)
	return out
}

// glossed reports whether rest (what follows a quotation) starts with its
// Chinese in full-width parentheses.
func glossed(rest string) bool {
	rest = strings.TrimLeft(rest, " ")
	if !strings.HasPrefix(rest, "（") {
		return false
	}
	end := strings.Index(rest, "）")
	return end > 0 && strings.ContainsFunc(rest[:end], func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// replaceFunc replaces each match of re in s by f(match, the rune before it).
func replaceFunc(s string, re *regexp.Regexp, f func(m string, before rune) string) string {
	var b strings.Builder
	last := 0
	for _, loc := range re.FindAllStringIndex(s, -1) {
		b.WriteString(s[last:loc[0]])
		before, _ := utf8.DecodeLastRuneInString(s[:loc[0]])
		b.WriteString(f(s[loc[0]:loc[1]], before))
		last = loc[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// fromWire reports whether s is something the wire carried, whole or
// its start cut short with "…" (an excerpt).
func (c *Checker) fromWire(s string) bool {
	s = spaces.ReplaceAllString(strings.TrimSpace(s), " ")
	cut, short := strings.CutSuffix(s, "…")
	if c.words.words[s] || c.words.phrases[s] {
		return true
	}
	if short && cut != "" {
		for p := range c.words.phrases {
			if strings.HasPrefix(p, cut) {
				return true
			}
		}
	}
	return false
}

// stripWire takes what the wire carried out of s: its phrases (case
// aside), a Go-quoted string (%q) of one, whole or cut short with "…", and
// a piece of one at least three words long, quoted as it is (part of the
// server's error message).
func (c *Checker) stripWire(s string) string {
	lower := strings.ToLower(s)
	if len(lower) != len(s) {
		lower = s // a letter whose lower case is longer: compare case and all
	}
	for _, p := range c.phrases {
		for {
			i := strings.Index(lower, strings.ToLower(p))
			if i < 0 {
				break
			}
			s = s[:i] + strings.Repeat(" ", len(p)) + s[i+len(p):]
			lower = lower[:i] + strings.Repeat(" ", len(p)) + lower[i+len(p):]
		}
	}
	s = replaceFunc(s, goQuoted, func(q string, _ rune) string {
		if u, err := strconv.Unquote(q); err == nil && c.fromWire(u) {
			return "“”"
		}
		return q
	})
	return replaceFunc(s, asciiRun, func(run string, _ rune) string {
		piece := strings.Trim(partTag.ReplaceAllString(run, ""), " ,.;:()'\"")
		if len(c.plainWords(piece, false)) < 3 {
			return run
		}
		for p := range c.words.phrases {
			if strings.Contains(p, piece) {
				return " "
			}
		}
		return run
	})
}

// stripHeadings takes the cited spec headings out of s.
func (c *Checker) stripHeadings(s string) string {
	return replaceFunc(s, wordRun, func(run string, _ rune) string {
		if strings.Contains(run, " ") && c.words.anchors[specref.Anchor(run)] {
			return " "
		}
		return run
	})
}

// plainWords returns the English words of s; only those nothing allows
// when onlyBad.
func (c *Checker) plainWords(s string, onlyBad bool) []string {
	var out []string
	for _, tok := range token.FindAllString(s, -1) {
		if strings.HasSuffix(tok, "(") {
			continue // a call: print(, len(
		}
		tok = strings.TrimRight(tok, trailing)
		if !plain.MatchString(tok) || len([]rune(tok)) == 1 || camel.MatchString(tok) || isUpper(tok) {
			continue // code, a letter, an acronym
		}
		if onlyBad && c.allowed(tok) {
			continue
		}
		out = append(out, tok)
	}
	return out
}

func (c *Checker) allowed(w string) bool {
	if c.words.words[w] {
		return true
	}
	// A fact at the start of a sentence ("Origin", "Accept").
	lower := strings.ToLower(w[:1]) + w[1:]
	return lower != w && c.words.words[lower]
}

func isUpper(s string) bool { return strings.ToUpper(s) == s }

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// Sorted lists a set's keys in order (for error messages and tests).
func Sorted(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
