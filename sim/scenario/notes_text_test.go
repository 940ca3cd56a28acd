package scenario

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

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

// splitSpec splits "2026-07-28/basic/index#meta" into version, page path
// ("2026-07-28/basic/index") and anchor ("meta", or "" for the page).
func splitSpec(spec string) (version, page, anchor string) {
	page, anchor, _ = strings.Cut(spec, "#")
	version, _, _ = strings.Cut(page, "/")
	return version, page, anchor
}

// TestNotesText checks the shape of every entry: a valid key, bilingual
// text (Chinese with CJK characters), a well-formed Spec for a known
// version, and a Quote only together with a Spec and with a normative
// keyword.
func TestNotesText(t *testing.T) {
	notes := noteIndex()
	if len(notes) == 0 {
		t.Fatal("no notes written")
	}
	if len(noteClashes) > 0 {
		t.Fatalf("notes_text.go defines keys twice: %v", noteClashes)
	}
	for _, k := range sortedNoteKeys() {
		n := notes[k]
		if base, v, ok := strings.Cut(k, "@"); ok {
			if base == "" || !slices.Contains(Versions, v) {
				t.Errorf("note %s: key must be <key>@<one of %v>", k, Versions)
			}
		}
		if strings.TrimSpace(n.Text.En) == "" {
			t.Errorf("note %s: empty English text", k)
		}
		if strings.TrimSpace(n.Text.Zh) == "" {
			t.Errorf("note %s: empty Chinese text", k)
		} else if !hasCJK(n.Text.Zh) {
			t.Errorf("note %s: Chinese text has no CJK character: %q", k, n.Text.Zh)
		}
		if n.Spec != "" {
			v, page, anchor := splitSpec(n.Spec)
			if !slices.Contains(Versions, v) || page == v || strings.HasSuffix(page, ".md") || strings.Contains(n.Spec, " ") {
				t.Errorf("note %s: Spec %q is not <version>/<page>[#<anchor>]", k, n.Spec)
			}
			if strings.Contains(n.Spec, "#") && anchor == "" {
				t.Errorf("note %s: Spec %q has an empty anchor", k, n.Spec)
			}
			if _, vk, ok := strings.Cut(k, "@"); ok && vk != v {
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
			id := e.Note + "@" + v
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

var (
	normativeRE = regexp.MustCompile(`\b(MUST|SHOULD|MAY)\b`)
	inlineLink  = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	refLink     = regexp.MustCompile(`\[([^\]]*)\]\[[^\]]*\]`)
	spaces      = regexp.MustCompile(`\s+`)
)

// normalize strips ** emphasis, turns [text](url) and [text][ref] into
// text and collapses white space, so a quote can be found in page source.
func normalize(s string) string {
	s = strings.ReplaceAll(s, "**", "")
	s = inlineLink.ReplaceAllString(s, "$1")
	s = refLink.ReplaceAllString(s, "$1")
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

// slug is a heading's anchor: lowercased, spaces to hyphens, everything
// but letters, digits and hyphens dropped.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors lists the anchors of the markdown headings of a page, skipping
// fenced code blocks.
func anchors(src string) map[string]bool {
	out := map[string]bool{}
	fenced := false
	sc := bufio.NewScanner(strings.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		level := len(line) - len(strings.TrimLeft(line, "#"))
		if level > 6 || len(line) == level || line[level] != ' ' {
			continue
		}
		out[slug(normalize(line[level:]))] = true
	}
	return out
}

// TestNotesCiteTheSpec checks every Spec and Quote against the spec pages
// in $MCP_SPEC_DIR (e.g. /work/shared/spec): the page exists, the anchor is
// one of its headings, and the quote appears in it verbatim (after
// normalize on both sides).
func TestNotesCiteTheSpec(t *testing.T) {
	dir := specDir(t)
	type page struct {
		text    string
		anchors map[string]bool
	}
	pages := map[string]*page{}
	load := func(path string) (*page, error) {
		if p, ok := pages[path]; ok {
			return p, nil
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path)+".md"))
		if err != nil {
			return nil, err
		}
		p := &page{text: normalize(string(b)), anchors: anchors(string(b))}
		pages[path] = p
		return p, nil
	}
	notes := noteIndex()
	for _, k := range sortedNoteKeys() {
		n := notes[k]
		if n.Spec == "" {
			continue
		}
		_, path, anchor := splitSpec(n.Spec)
		p, err := load(path)
		if err != nil {
			t.Errorf("note %s: Spec %q: %v", k, n.Spec, err)
			continue
		}
		if anchor != "" && !p.anchors[anchor] {
			t.Errorf("note %s: Spec %q: no heading with anchor %q in %s.md", k, n.Spec, anchor, path)
		}
		if n.Quote != "" && !strings.Contains(p.text, normalize(n.Quote)) {
			t.Errorf("note %s: quote not found verbatim in %s.md: %q", k, path, n.Quote)
		}
	}
}

// TestEventSpecsResolve checks the spec reference the engine puts on each
// event points at an existing page and heading of that version's spec.
func TestEventSpecsResolve(t *testing.T) {
	dir := specDir(t)
	seen := map[string]bool{}
	for _, m := range matrixTraces(t) {
		o, tr := m.o, m.tr
		for _, e := range tr.Events {
			if e.Spec == "" || seen[e.Spec] {
				continue
			}
			seen[e.Spec] = true
			version, path, anchor := splitSpec(e.Spec)
			if version != tr.EventVersion(e) {
				t.Errorf("%s event %d cites %s under version %s", o.Scenario, e.Seq, e.Spec, tr.EventVersion(e))
			}
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path)+".md"))
			if err != nil {
				t.Errorf("event spec %q: %v", e.Spec, err)
				continue
			}
			if anchor != "" && !anchors(string(b))[anchor] {
				t.Errorf("event spec %q: no heading with anchor %q", e.Spec, anchor)
			}
		}
	}
}
