package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"mcpwirelab/sim/internal/specschema"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/specref"
	"mcpwirelab/sim/trace"
)

// sortedNoteKeys returns the keys of notes in a stable order.
func sortedNoteKeys() []string {
	notes := noteIndex()
	keys := make([]string, 0, len(notes))
	for k := range notes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func hasCJK(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// TestNotesText checks the shape of every entry (TestNotesFilesParse the
// format and the keys defined twice): a valid key, bilingual
// text (Chinese with CJK characters), a well-formed Spec for a known
// version, and a Quote only together with a Spec and with a normative
// keyword.
func TestNotesText(t *testing.T) {
	notes := noteIndex()
	if len(notes) == 0 {
		t.Fatal("no notes written")
	}
	for _, k := range sortedNoteKeys() {
		n := notes[k]
		key := mustKey(t, k)
		if strings.TrimSpace(n.Text.En) == "" {
			t.Errorf("note %s: empty English text", k)
		}
		if strings.TrimSpace(n.Text.Zh) == "" {
			t.Errorf("note %s: empty Chinese text", k)
		} else if !hasCJK(n.Text.Zh) {
			t.Errorf("note %s: Chinese text has no CJK character: %q", k, n.Text.Zh)
		}
		if n.Spec != "" {
			v, page, anchor := specref.Split(n.Spec)
			if !slices.Contains(protocol.Versions(), v) || page == v || strings.HasSuffix(page, ".md") || strings.Contains(n.Spec, " ") {
				t.Errorf("note %s: Spec %q is not <version>/<page>[#<anchor>]", k, n.Spec)
			}
			if strings.Contains(n.Spec, "#") && anchor == "" {
				t.Errorf("note %s: Spec %q has an empty anchor", k, n.Spec)
			}
			if key.Version != "" && key.Version != v {
				t.Errorf("note %s: Spec %q cites another version than the key", k, n.Spec)
			}
		}
		if n.Quote != "" {
			if n.Spec == "" {
				t.Errorf("note %s: Quote without Spec", k)
			}
			if !normativeRE.MatchString(n.Quote) {
				t.Errorf("note %s: Quote has no MUST/SHOULD/MAY: %q", k, n.Quote)
			}
			// A sentence ending in ":" introduces a list (or a code
			// block): quoted without it, it promises what it does not say.
			if strings.HasSuffix(strings.TrimSpace(n.Quote), ":") {
				t.Errorf("note %s: Quote ends in \":\" without what it introduces: %q", k, n.Quote)
			}
		}
	}
}

// TestEmittedNotesCiteTheirVersion runs every scenario and checks that the
// note each event resolves to cites the trace's own protocol version, and
// that every event outside the Host's head (a wire message, a launch, a
// close) has a spec reference.
func TestEmittedNotesCiteTheirVersion(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range matrixTraces(t) {
		tr := m.tr
		for _, e := range tr.Events {
			v := tr.EventVersion(e)
			id := NoteKey{e.Note, v}.String()
			if seen[id] {
				continue
			}
			seen[id] = true
			n := AnnotationFor(e.Note, v)
			if n.Spec != "" && !strings.HasPrefix(n.Spec, v+"/") {
				t.Errorf("event note %s in a %s trace resolves to Spec %q (another version)", e.Note, v, n.Spec)
			}
			if e.Kind != trace.KindThink && n.Spec == "" {
				t.Errorf("event note %s (%s, %s): wire event without a spec reference", e.Note, v, e.Kind)
			}
		}
	}
}

var normativeRE = regexp.MustCompile(`\b(MUST|SHOULD|MAY)\b`)

// TestNotesCiteTheSpec checks every Spec and Quote against the spec pages
// in $MCP_SPEC_DIR (e.g. /work/shared/spec): the page exists, the anchor is
// one of its headings, and the quote appears in it verbatim (after
// normalize on both sides).
func TestNotesCiteTheSpec(t *testing.T) {
	dir := specschema.Dir(t)
	spec := specref.Open(dir)
	notes := noteIndex()
	for _, k := range sortedNoteKeys() {
		n := notes[k]
		if n.Spec == "" {
			continue
		}
		if err := spec.Check(n.Spec); err != nil {
			t.Errorf("note %s: Spec %q: %v", k, n.Spec, err)
			continue
		}
		if n.Quote == "" {
			continue
		}
		if ok, _ := spec.Quotes(n.Spec, n.Quote); !ok {
			t.Errorf("note %s: quote not found verbatim in %s: %q", k, n.Spec, n.Quote)
		}
	}
}

// TestEventSpecsResolve checks the spec reference the engine puts on each
// event points at an existing page and heading of that version's spec.
func TestEventSpecsResolve(t *testing.T) {
	dir := specschema.Dir(t)
	spec := specref.Open(dir)
	seen := map[string]bool{}
	for _, m := range matrixTraces(t) {
		o, tr := m.o, m.tr
		for _, e := range tr.Events {
			if e.Spec == "" || seen[e.Spec] {
				continue
			}
			seen[e.Spec] = true
			if version, _, _ := specref.Split(e.Spec); version != tr.EventVersion(e) {
				t.Errorf("%s event %d cites %s under version %s", o.Scenario, e.Seq, e.Spec, tr.EventVersion(e))
			}
			if err := spec.Check(e.Spec); err != nil {
				t.Errorf("event spec %q: %v", e.Spec, err)
			}
		}
	}
}

// versionOnlyRules are rules that exist in one spec version only, with the
// words a note uses to teach them. A note shown under the other version
// must not teach them as if they applied there.
var versionOnlyRules = []struct {
	version string   // the only version whose spec has the rule
	phrase  string   // the rule's words in that spec (checked)
	words   []string // how a note would teach it, en and zh
}{
	{"2026-07-28", "exit promptly when their standard input is closed", []string{"exit promptly", "尽快退出"}},
	// Mcp-Name exists in 2026-07-28 only: a 2025-11-25 request carries no
	// such header, so its note must not say what it is "mirrored into".
	{"2026-07-28", "Mcp-Name", []string{"mirrored into Mcp-Name", "镜像到 Mcp-Name"}},
}

// TestNotesDoNotBorrowRules: every note an event resolves to under one
// version teaches none of the rules only the other version has.
func TestNotesDoNotBorrowRules(t *testing.T) {
	if dir, ok := specschema.Have(t); ok {
		for _, r := range versionOnlyRules {
			for _, v := range protocol.Versions() {
				found := false
				_ = filepath.WalkDir(filepath.Join(dir, v), func(path string, d os.DirEntry, err error) error {
					if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
						b, _ := os.ReadFile(path)
						found = found || strings.Contains(specref.Normalize(string(b)), r.phrase)
					}
					return nil
				})
				if found != (v == r.version) {
					t.Errorf("rule %q: in the %s spec = %v, want %v", r.phrase, v, found, v == r.version)
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, m := range matrixTraces(t) {
		for _, e := range m.tr.Events {
			v := m.tr.EventVersion(e)
			id := NoteKey{e.Note, v}.String()
			if seen[id] {
				continue
			}
			seen[id] = true
			n := AnnotationFor(e.Note, v)
			for _, r := range versionOnlyRules {
				if r.version == v {
					continue
				}
				for _, w := range r.words {
					if strings.Contains(n.Text.En, w) || strings.Contains(n.Text.Zh, w) {
						t.Errorf("note %s under %s teaches %q, a rule only %s has", e.Note, v, w, r.version)
					}
				}
			}
		}
	}
}

// quoteMisfits are quotes about one mechanism used for a note about
// another: a quote whose words match quote, on a note whose English text
// matches text (and not unless), cites the wrong rule.
var quoteMisfits = []struct {
	quote, text, unless *regexp.Regexp
	why                 string
}{
	// The SSE retry field (milliseconds, reconnecting a stream) is not
	// HTTP's Retry-After (seconds or a date, RFC 9110).
	{regexp.MustCompile("`retry` field"), regexp.MustCompile(`Retry-After`), nil, "the SSE retry field is not HTTP's Retry-After"},
	{regexp.MustCompile(`milliseconds`), regexp.MustCompile(`\bseconds\b`), regexp.MustCompile(`milliseconds|\bms\b`), "the quote counts milliseconds, the note seconds"},
	// Polling cached results is not retrying a failed request.
	{regexp.MustCompile(`\bpoll`), regexp.MustCompile(`.`), regexp.MustCompile(`\bpoll`), "the quote is about polling, the note is not"},
}

// TestQuotesFitTheirNotes: no note cites a rule about another mechanism
// than the one it explains (retry-after.wait@2025-11-25 quoted the SSE
// retry field; backoff.schedule a rule about polling TTL-cached results).
func TestQuotesFitTheirNotes(t *testing.T) {
	notes := noteIndex()
	for _, k := range sortedNoteKeys() {
		n := notes[k]
		for _, m := range quoteMisfits {
			if m.quote.MatchString(n.Quote) && m.text.MatchString(n.Text.En) && (m.unless == nil || !m.unless.MatchString(n.Text.En)) {
				t.Errorf("note %s: %s: %q", k, m.why, n.Quote)
			}
		}
	}
}

// TestStdioLifetimeIsExplained: 2026-07-28 asks clients not to use one
// task as the stdio process's lifetime, and every 2026-07-28 stdio trace
// launches the server for one task and closes stdin after it. The notes
// that quote the rule or end the process must say that the trace
// compresses a Host's longer-lived process.
func TestStdioLifetimeIsExplained(t *testing.T) {
	for _, m := range matrixTraces(t) {
		if m.o.Transport != "stdio" || m.o.Version != protocol.V20260728 {
			continue
		}
		for _, e := range m.tr.Events {
			v := m.tr.EventVersion(e)
			n := AnnotationFor(e.Note, v)
			if v != protocol.V20260728 || (!strings.Contains(n.Quote, "lifetime boundary") && e.Note != "shutdown.close-stdin") {
				continue
			}
			if !strings.Contains(n.Text.En, "compress") || !strings.Contains(n.Text.Zh, "压缩") {
				t.Errorf("%+v: note %s does not say the trace compresses the Host's longer-lived process", m.o, e.Note)
			}
		}
	}
}

// TestErrorChannelSplitIsExplained: where the spec disagrees with itself
// (server/tools §Error Handling: a bad argument is isError; the 2026-07-28
// schema's InvalidParamsError: it is -32602) or real servers differ from it
// (an unknown tool as isError), the notes on those answers say so, in both
// languages, instead of presenting one channel as settled.
func TestErrorChannelSplitIsExplained(t *testing.T) {
	for _, tt := range []struct {
		key, version string
		en, zh       []string
	}{
		{"tools-call.tool-error", protocol.V20260728, []string{"InvalidParamsError", "both channels"}, []string{"InvalidParamsError", "两条通道"}},
		{"tools-call.tool-error", protocol.V20251125, []string{"InvalidParamsError", "both channels"}, []string{"InvalidParamsError", "两条通道"}},
		{"tools-call.error.32602", protocol.V20260728, []string{"isError: true", "Python SDK", "both channels"}, []string{"isError: true", "Python SDK", "两条通道"}},
		{"tools-call.error.32602", protocol.V20251125, []string{"isError: true", "Python SDK", "both channels"}, []string{"isError: true", "Python SDK", "两条通道"}},
		{"error.32602", protocol.V20260728, []string{"InvalidParamsError", "both"}, []string{"InvalidParamsError", "两种"}},
		{"error.32602", protocol.V20251125, []string{"-32602", "both"}, []string{"-32602", "两种"}},
	} {
		n := AnnotationFor(tt.key, tt.version)
		for _, w := range tt.en {
			if !strings.Contains(n.Text.En, w) {
				t.Errorf("note %s@%s (en) does not mention %q: %s", tt.key, tt.version, w, n.Text.En)
			}
		}
		for _, w := range tt.zh {
			if !strings.Contains(n.Text.Zh, w) {
				t.Errorf("note %s@%s (zh) does not mention %q: %s", tt.key, tt.version, w, n.Text.Zh)
			}
		}
	}
}

var (
	changelogCiteRE = regexp.MustCompile(`\(changelog, (major|minor) change (\d+)\)`)
	changelogItemRE = regexp.MustCompile(`(?m)^(\d+)\. `)
	changelogTokRE  = regexp.MustCompile(`-32\d{3}|\b[a-z]+/[a-zA-Z/]+\b|io\.modelcontextprotocol/[A-Za-z]+`)
)

// changelogItems reads the numbered items of the 2026-07-28 changelog's
// "Major changes" and "Minor changes" sections: section → number → text.
func changelogItems(page string) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, sec := range []string{"major", "minor"} {
		start := strings.Index(page, "## "+strings.ToUpper(sec[:1])+sec[1:]+" changes")
		if start < 0 {
			continue
		}
		body := page[start+3:]
		if end := strings.Index(body, "\n## "); end >= 0 {
			body = body[:end]
		}
		out[sec] = map[string]string{}
		locs := changelogItemRE.FindAllStringSubmatchIndex(body, -1)
		for i, l := range locs {
			end := len(body)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			out[sec][body[l[2]:l[3]]] = body[l[1]:end]
		}
	}
	return out
}

// changelogMisquotes checks each "(changelog, minor change N)" a text
// makes: what the clause before it attributes to the item — an error
// code, a method, a _meta key, a prohibition — must be in that item.
func changelogMisquotes(text string, items map[string]map[string]string) []string {
	var out []string
	for _, m := range changelogCiteRE.FindAllStringSubmatchIndex(text, -1) {
		sec, num := text[m[2]:m[3]], text[m[4]:m[5]]
		item, ok := items[sec][num]
		if !ok {
			out = append(out, fmt.Sprintf("cites %s change %s, which the changelog does not have", sec, num))
			continue
		}
		clause := text[:m[0]]
		if i := strings.LastIndexAny(clause, ".;:"); i >= 0 {
			clause = clause[i+1:]
		}
		for _, tok := range changelogTokRE.FindAllString(clause, -1) {
			if !strings.Contains(item, tok) {
				out = append(out, fmt.Sprintf("attributes %q to %s change %s, which does not name it", tok, sec, num))
			}
		}
		if (strings.Contains(clause, "forbid") || strings.Contains(clause, "MUST NOT")) && !strings.Contains(item, "MUST NOT") {
			out = append(out, fmt.Sprintf("attributes a prohibition (%q) to %s change %s, which prohibits nothing", strings.TrimSpace(clause), sec, num))
		}
	}
	return out
}

// TestNotesCiteTheRightChangelogItem: a note that cites an item of the
// 2026-07-28 changelog attributes to it only what the item says (the
// not-found notes credited minor change 6, which moved the code, with the
// prohibition of -32002, which basic/index §Error Codes makes). The broken
// fixtures are those sentences.
func TestNotesCiteTheRightChangelogItem(t *testing.T) {
	dir := specschema.Dir(t)
	b, err := os.ReadFile(filepath.Join(dir, "2026-07-28", "changelog.md"))
	if err != nil {
		t.Fatal(err)
	}
	items := changelogItems(string(b))
	if len(items["major"]) < 9 || len(items["minor"]) < 12 {
		t.Fatalf("changelog: %d major, %d minor items read", len(items["major"]), len(items["minor"]))
	}
	for _, broken := range []string{
		"2026-07-28 moved this error to -32602 Invalid Params and forbids -32002 (changelog, minor change 6); a client still accepts both.",
		"2025-11-25 answered the same read with -32002, a code this version forbids (changelog, minor change 6).",
		"subscriptions/listen replaced the GET stream (changelog, minor change 4).",
	} {
		if len(changelogMisquotes(broken, items)) == 0 {
			t.Errorf("the checker passes a wrong citation: %q", broken)
		}
	}
	notes := noteIndex()
	for _, k := range sortedNoteKeys() {
		for _, err := range changelogMisquotes(notes[k].Text.En, items) {
			t.Errorf("note %s %s", k, err)
		}
	}
}

// absentResultTypeMisread is each sentence of text that calls a result
// without resultType, or a missing resultType, invalid: 2026-07-28
// basic/index §ResultType makes a value the client does not recognize
// invalid and an absent one complete ("clients MUST treat an absent
// resultType as "complete""), whichever version the client speaks.
func absentResultTypeMisread(text string) []string {
	var out []string
	for _, s := range regexp.MustCompile(`[.;:]\s`).Split(text, -1) {
		if strings.Contains(s, "resultType") || strings.Contains(s, "without it") || strings.Contains(s, "missing field") {
			if strings.Contains(s, "invalid") && !strings.Contains(s, "recogni") {
				out = append(out, s)
			}
		}
	}
	return out
}

// TestAbsentResultTypeIsComplete: no note says a result without
// resultType is invalid (era.legacy-result did: "A 2026-07-28 client
// would call a result without it invalid", against the very sentence it
// quotes). The broken twin is that sentence.
func TestAbsentResultTypeIsComplete(t *testing.T) {
	if got := absentResultTypeMisread("A 2026-07-28 client would call a result without it invalid, but a dual-era client treats the missing field as complete."); len(got) != 1 {
		t.Errorf("the checker misses the old era.legacy-result sentence: %q", got)
	}
	for _, k := range sortedNoteKeys() {
		for _, s := range absentResultTypeMisread(noteIndex()[k].Text.En) {
			t.Errorf("note %s calls an absent resultType invalid (basic/index §ResultType: absent is complete, unrecognized is invalid): %q", k, s)
		}
	}
}

// glossKeywordRE is an RFC 2119 keyword in parentheses after its Chinese.
var glossKeywordRE = regexp.MustCompile(`（(MUST NOT|SHOULD NOT|MUST|SHOULD|MAY|REQUIRED|RECOMMENDED)）`)

// TestGlossesTranslateKeywords: a quote's gloss stands under the verbatim
// English, whose MUST or SHOULD the reader sees already, so it writes the
// keyword in Chinese only (必须, 应当, 可以), as 174 of the glosses did
// and 15 did not ("必须（MUST）"). The broken twin is one of those.
func TestGlossesTranslateKeywords(t *testing.T) {
	if !glossKeywordRE.MatchString("服务器应当（SHOULD）以确定的顺序返回工具") {
		t.Error("the checker misses a keyword in parentheses")
	}
	for quote, zh := range loadedNotes().glosses {
		if m := glossKeywordRE.FindString(zh); m != "" {
			t.Errorf("gloss of %q repeats the English keyword %s: %s", quote, m, zh)
		}
	}
}

// noCacheBuffering is each clause of text that credits Cache-Control:
// no-cache with keeping a stream from being held back: no-cache is about
// reusing stored copies (RFC 9111 §5.2.2.4); X-Accel-Buffering: no keeps
// a proxy from buffering (2026-07-28 streamable-http §Receiving
// Messages), the field guide's point (app TestGlossaryBufferingHeader).
func noCacheBuffering(text string) []string {
	var out []string
	for _, c := range regexp.MustCompile(`[.;]\s|[。；]`).Split(text, -1) {
		if strings.Contains(c, "no-cache") && regexp.MustCompile(`buffer|hold|缓冲|扣住|积压`).MatchString(c) {
			out = append(out, c)
		}
	}
	return out
}

// TestNoCacheDoesNotStopBuffering: no note says no-cache keeps a stream
// from being held back (sse.open said "Cache-Control: no-cache and
// X-Accel-Buffering: no ask caches and proxies not to hold the stream
// back"); the broken twin is that sentence.
func TestNoCacheDoesNotStopBuffering(t *testing.T) {
	if len(noCacheBuffering("Cache-Control: no-cache and X-Accel-Buffering: no ask caches and proxies not to hold the stream back.")) != 1 {
		t.Error("the checker misses the old sse.open sentence")
	}
	for _, k := range sortedNoteKeys() {
		n := noteIndex()[k]
		for _, c := range append(noCacheBuffering(n.Text.En), noCacheBuffering(n.Text.Zh)...) {
			t.Errorf("note %s credits no-cache with stopping buffering: %q", k, c)
		}
	}
}
