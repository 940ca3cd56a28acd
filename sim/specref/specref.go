// Package specref resolves the lab's references into the MCP specification
// ("2026-07-28/basic/transports/streamable-http#security-%26-endpoint")
// against the spec pages in a directory (MCP_SPEC_DIR, e.g.
// /work/shared/spec): the page exists, its anchor is one of the page's
// headings in the form the spec website gives it, and a quoted sentence is
// on that page. Tests of every package that cites the spec use it, so a
// reference has one form everywhere.
package specref

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// Anchor is the fragment the spec website (modelcontextprotocol.io, built
// with Mintlify) gives a heading, percent-encoded as the spec's own links
// write it (schema#notifications%2Ftasks%2Fstatus). Mintlify documents the
// rule (mintlify.com/docs/create/text, "Automatic anchor IDs"): letters to
// lower case, white space to hyphens, straight apostrophes to ’ (kept),
// periods to hyphens, parentheses removed, slashes and ampersands kept.
// Other ASCII punctuation is dropped: ":" (Mintlify renders "Step 1: Issue"
// as #step-1-issue), "$" and "`" ("`$ref` Resolution" is linked as
// #ref-resolution) and "_" ("`_meta`" is linked as #meta from nine pages).
// So "Security & Endpoint" is #security-%26-endpoint, never
// #security--endpoint.
func Anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case unicode.IsSpace(r) || r == '.':
			b.WriteByte('-')
		case r == '\'':
			b.WriteRune('’')
		case r == '-' || r == '&' || r == '/':
			b.WriteRune(r)
		case r >= 0x80 || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return url.QueryEscape(b.String())
}

var (
	inlineLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	refLink    = regexp.MustCompile(`\[([^\]]*)\]\[[^\]]*\]`)
	spaces     = regexp.MustCompile(`\s+`)
)

// Normalize strips ** emphasis, unescapes \_ (the pages write "underscore
// (\_)"), turns [text](url) and [text][ref] into text and collapses white
// space, so a quote can be found in page source.
func Normalize(s string) string {
	s = strings.ReplaceAll(s, "**", "")
	s = strings.ReplaceAll(s, `\_`, "_")
	s = inlineLink.ReplaceAllString(s, "$1")
	s = refLink.ReplaceAllString(s, "$1")
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

// Anchors lists the anchors of the markdown headings of a page, skipping
// fenced code blocks.
func Anchors(src string) map[string]bool {
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
		out[Anchor(Normalize(line[level:]))] = true
	}
	return out
}

// Split splits "2026-07-28/basic/index#meta" into version, page path
// ("2026-07-28/basic/index") and anchor ("meta", or "" for the page).
func Split(ref string) (version, page, anchor string) {
	page, anchor, _ = strings.Cut(ref, "#")
	version, _, _ = strings.Cut(page, "/")
	return version, page, anchor
}

// Page is one loaded spec page.
type Page struct {
	Text    string          // normalized (see Normalize)
	Anchors map[string]bool // the anchors of its headings
}

// Spec reads pages from a spec directory, each once.
type Spec struct {
	dir   string
	pages map[string]*Page
}

// Open returns a reader of the spec pages under dir.
func Open(dir string) *Spec { return &Spec{dir: dir, pages: map[string]*Page{}} }

// Page loads "<version>/<path>" (".md"). The schema page, which the website
// builds from schema.json, has one anchor per definition (lower-cased
// name, as in "2026-07-28/schema#methodnotfounderror").
func (s *Spec) Page(path string) (*Page, error) {
	if p, ok := s.pages[path]; ok {
		return p, nil
	}
	var p *Page
	if version, rest, _ := strings.Cut(path, "/"); rest == "schema" {
		b, err := os.ReadFile(filepath.Join(s.dir, version, "schema.json"))
		if err != nil {
			return nil, err
		}
		var sch struct {
			Defs map[string]json.RawMessage `json:"$defs"`
		}
		if err := json.Unmarshal(b, &sch); err != nil {
			return nil, fmt.Errorf("%s/schema.json: %v", version, err)
		}
		p = &Page{Anchors: map[string]bool{}}
		for name := range sch.Defs {
			p.Anchors[strings.ToLower(name)] = true
		}
	} else {
		b, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(path)+".md"))
		if err != nil {
			return nil, err
		}
		p = &Page{Text: Normalize(string(b)), Anchors: Anchors(string(b))}
	}
	s.pages[path] = p
	return p, nil
}

// Check reports why ref does not resolve: a missing page, or an anchor that
// is none of the page's headings; nil when it resolves.
func (s *Spec) Check(ref string) error {
	_, path, anchor := Split(ref)
	p, err := s.Page(path)
	if err != nil {
		return err
	}
	if anchor != "" && !p.Anchors[anchor] {
		return fmt.Errorf("no heading with anchor %q in %s (the website's form: see specref.Anchor)", anchor, path)
	}
	return nil
}

// Quotes reports whether quote appears verbatim (after Normalize on both
// sides) on the page ref points at, as a whole: the page must not go on
// with ":" and the list the quoted sentence introduces (a quote may drop
// only the colon before a code example, which it cannot carry).
func (s *Spec) Quotes(ref, quote string) (bool, error) {
	_, path, _ := Split(ref)
	p, err := s.Page(path)
	if err != nil {
		return false, err
	}
	q := Normalize(quote)
	if q == "" || strings.HasSuffix(q, ":") {
		return false, nil
	}
	for rest := p.Text; ; {
		i := strings.Index(rest, q)
		if i < 0 {
			return false, nil
		}
		after := rest[i+len(q):]
		if !strings.HasPrefix(after, ":") || strings.HasPrefix(after, ": ```") {
			return true, nil
		}
		rest = rest[i+1:]
	}
}
