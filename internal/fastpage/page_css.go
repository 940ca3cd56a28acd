//go:build !(js && wasm)

package fastpage

// The critical CSS of a page: the rules of the app's stylesheets that can
// match an element of that page, inlined in its <style> so that the first
// paint waits for no stylesheet (page_fast.go). The full stylesheets load
// beside it, without blocking, for what the wasm draws later.
//
// A rule is left out only when it names a class, an id or an element that
// the page does not contain (outside :not(), :is(), :has() and other
// functional pseudo-classes, whose insides are ignored: such a rule stays),
// so a kept rule set gives every element of the page the same computed
// style as the full stylesheets: the rules that are left out match nothing
// in it, and the kept ones keep their order. @media print blocks are left
// out (the first view is a screen); @keyframes stay when a kept rule names
// them.

import (
	"maps"
	"slices"
	"strings"
)

// cssNode is a style rule (sel != "", body), an at-rule with a block (at
// is its prelude, e.g. "@media (max-width: 900px)", kids the rules
// inside; for @keyframes and @font-face, body is the whole block's text)
// or an at-rule statement such as @charset (at, no block).
type cssNode struct {
	sel, body string
	at        string
	kids      []cssNode
	block     bool
}

// parseCSS splits a stylesheet into rules. It understands comments,
// strings, escapes and nested blocks, which is all the app's CSS uses; an
// unbalanced sheet keeps what it could read.
func parseCSS(src string) []cssNode {
	nodes, _ := parseCSSBlock(stripCSSComments(src), 0)
	return nodes
}

func stripCSSComments(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '"' || c == '\'':
			j := skipCSSString(s, i)
			b.WriteString(s[i:j])
			i = j
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += end + 4
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// skipCSSString returns the index after the string starting at s[i].
func skipCSSString(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q, '\n':
			return j + 1
		}
	}
	return len(s)
}

// parseCSSBlock reads rules from s[i:] until the closing brace of the
// enclosing block (or the end); it returns them and the index after it.
func parseCSSBlock(s string, i int) ([]cssNode, int) {
	var out []cssNode
	for i < len(s) {
		// The prelude: up to '{', ';' or '}'.
		start := i
		for i < len(s) && s[i] != '{' && s[i] != ';' && s[i] != '}' {
			if s[i] == '"' || s[i] == '\'' {
				i = skipCSSString(s, i)
				continue
			}
			if s[i] == '\\' {
				i++
			}
			i++
		}
		prelude := strings.TrimSpace(s[start:min(i, len(s))])
		if i >= len(s) {
			return out, i
		}
		switch s[i] {
		case '}':
			return out, i + 1
		case ';':
			if strings.HasPrefix(prelude, "@") {
				out = append(out, cssNode{at: prelude})
			}
			i++
			continue
		}
		// A block.
		bodyStart := i + 1
		if strings.HasPrefix(prelude, "@") && isNestingAtRule(prelude) {
			kids, next := parseCSSBlock(s, bodyStart)
			out = append(out, cssNode{at: prelude, kids: kids, block: true})
			i = next
			continue
		}
		end := skipGroup(s, i)
		body := strings.TrimSpace(s[bodyStart:max(bodyStart, end-1)])
		if strings.HasPrefix(prelude, "@") {
			out = append(out, cssNode{at: prelude, body: body, block: true})
		} else if prelude != "" {
			out = append(out, cssNode{sel: prelude, body: body})
		}
		i = end
	}
	return out, i
}

// isNestingAtRule: at-rules whose block holds rules.
func isNestingAtRule(prelude string) bool {
	f := strings.FieldsFunc(prelude[1:], func(r rune) bool { return r == ' ' || r == '(' || r == '\t' || r == '\n' })
	if len(f) == 0 {
		return false
	}
	switch strings.ToLower(f[0]) {
	case "media", "supports", "layer", "container", "document":
		return true
	}
	return false
}

// Usage is what a page's markup contains: element names, classes and
// ids (from its class and id attributes, template contents included).
type Usage struct {
	Tags, Classes, IDs map[string]bool
}

// scriptClasses are classes scripts of the first view add before the full
// stylesheets arrive (bootJS: wl-first; the reader, app/early.go:
// wl-stale, wl-nofrag, wl-embed, wl-read).
var scriptClasses = []string{"wl-stale", "wl-first", "wl-nofrag", "wl-embed", "wl-read"}

// UsageOf reads the element names (every "<name"), and the classes and
// ids (class="…" and id="…" after a space; also class=\"…\" inside JSON
// strings: the reader's data, app/early.go, holds HTML as JSON) of html.
// A scanner, not regular expressions: the export reads every fragment
// (about 40 MB) with it.
func UsageOf(html string) Usage {
	u := Usage{Tags: map[string]bool{}, Classes: map[string]bool{}, IDs: map[string]bool{}}
	for _, c := range scriptClasses {
		u.Classes[c] = true
	}
	for i := 0; ; {
		j := strings.IndexByte(html[i:], '<')
		if j < 0 {
			break
		}
		i += j + 1
		k := i
		for k < len(html) && (isASCIILetter(html[k]) || k > i && (html[k] >= '0' && html[k] <= '9' || html[k] == '-')) {
			k++
		}
		if k > i {
			u.Tags[strings.ToLower(html[i:k])] = true
		}
	}
	attrValues(html, "class=", func(v string) {
		for _, c := range strings.Fields(v) {
			u.Classes[c] = true
		}
	})
	attrValues(html, "id=", func(v string) { u.IDs[v] = true })
	return u
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// attrValues calls f with the value of every name="…" (or name=\"…\")
// that follows a whitespace character.
func attrValues(html, name string, f func(string)) {
	for i := 0; ; {
		j := strings.Index(html[i:], name)
		if j < 0 {
			return
		}
		at := i + j
		i = at + len(name)
		if at == 0 || !strings.ContainsRune(" \t\n\r\f", rune(html[at-1])) {
			continue
		}
		v := html[i:]
		v = strings.TrimPrefix(v, `\`)
		if !strings.HasPrefix(v, `"`) {
			continue
		}
		v = v[1:]
		if end := strings.IndexAny(v, `"\`); end >= 0 {
			f(v[:end])
		}
	}
}

// Merge adds what o contains.
func (u Usage) Merge(o Usage) {
	for k := range o.Tags {
		u.Tags[k] = true
	}
	for k := range o.Classes {
		u.Classes[k] = true
	}
	for k := range o.IDs {
		u.IDs[k] = true
	}
}

// markup is markup that UsageOf reads back as u (sorted: the page and so
// its critical CSS are the same on every export).
func (u Usage) Markup() string {
	var b strings.Builder
	for _, t := range slices.Sorted(maps.Keys(u.Tags)) {
		b.WriteString("<" + t + ">")
	}
	b.WriteString(`<i class="` + strings.Join(slices.Sorted(maps.Keys(u.Classes)), " ") + `">`)
	for _, id := range slices.Sorted(maps.Keys(u.IDs)) {
		b.WriteString(`<i id="` + id + `">`)
	}
	return b.String()
}

// mayMatch reports whether one of the selectors of a selector list could
// match an element of the page.
func (u Usage) mayMatch(selectorList string) bool {
	for _, sel := range splitTopLevel(selectorList, ',') {
		if u.selectorMayMatch(sel) {
			return true
		}
	}
	return false
}

// splitTopLevel splits s at sep outside parentheses, brackets and strings.
func splitTopLevel(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'':
			i = skipCSSString(s, i) - 1
		case '\\':
			i++
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		default:
			if c == sep && depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// selectorMayMatch: every class, id and element name the selector requires
// (outside brackets and parentheses) is in the page.
func (u Usage) selectorMayMatch(sel string) bool {
	s := strings.TrimSpace(sel)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '[' || c == '(':
			i = skipGroup(s, i)
		case c == '"' || c == '\'':
			i = skipCSSString(s, i)
		case c == '\\':
			i += 2
		case c == '.' || c == '#':
			name, next := cssIdent(s, i+1)
			if c == '.' && name != "" && !u.Classes[name] || c == '#' && name != "" && !u.IDs[name] {
				return false
			}
			i = next
		case c == ':':
			// A pseudo-class or -element: its name is not an element.
			for i < len(s) && s[i] == ':' {
				i++
			}
			_, i = cssIdent(s, i)
		case isIdentStart(c):
			name, next := cssIdent(s, i)
			if !u.Tags[strings.ToLower(name)] {
				return false
			}
			i = next
		default: // combinators, '*', spaces
			i++
		}
	}
	return true
}

// skipGroup returns the index after the block, bracket or parenthesis
// group opening at s[i] ('{', '[' or '('), outside strings and escapes.
func skipGroup(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '"', '\'':
			j = skipCSSString(s, j) - 1
		case '\\':
			j++
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(s)
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// cssIdent reads an identifier (letters, digits, '-', '_', non-ASCII;
// escapes kept as written) from s[i:].
func cssIdent(s string, i int) (string, int) {
	start := i
	for i < len(s) {
		c := s[i]
		if isIdentStart(c) || c >= '0' && c <= '9' || c == '-' {
			i++
			continue
		}
		if c == '\\' && i+1 < len(s) {
			i += 2
			continue
		}
		break
	}
	return s[start:i], i
}

// criticalCSS is the part of sheets (in order) that can style the page
// whose markup is html, minified.
func criticalCSS(sheets [][]cssNode, html string) string {
	u := UsageOf(html)
	var b strings.Builder
	var frames []cssNode
	for _, nodes := range sheets {
		writeCritical(&b, nodes, u, &frames)
	}
	kept := b.String()
	for _, f := range frames {
		name := strings.TrimSpace(f.at[strings.IndexAny(f.at, " \t\n")+1:])
		if name != "" && strings.Contains(kept, name) {
			b.WriteString(minifyCSS(f.at) + "{" + minifyCSS(f.body) + "}")
		}
	}
	return b.String()
}

func writeCritical(b *strings.Builder, nodes []cssNode, u Usage, frames *[]cssNode) {
	for _, n := range nodes {
		switch {
		case n.sel != "":
			if u.mayMatch(n.sel) {
				b.WriteString(minifyCSS(n.sel) + "{" + minifyCSS(n.body) + "}")
			}
		case n.block && n.kids != nil || n.block && isNestingAtRule(n.at):
			if strings.HasPrefix(strings.ToLower(n.at), "@media") && isPrintOnly(n.at) {
				continue
			}
			var inner strings.Builder
			writeCritical(&inner, n.kids, u, frames)
			if inner.Len() > 0 {
				b.WriteString(minifyCSS(n.at) + "{" + inner.String() + "}")
			}
		case n.block && strings.HasPrefix(strings.ToLower(n.at), "@keyframes"):
			*frames = append(*frames, n) // written once a kept rule names it
		case n.block:
			b.WriteString(minifyCSS(n.at) + "{" + minifyCSS(n.body) + "}") // @font-face, @page, …
		default:
			b.WriteString(minifyCSS(n.at) + ";")
		}
	}
}

// isPrintOnly: a media query list that only applies to print.
func isPrintOnly(at string) bool {
	q := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.ToLower(at), "@media")))
	for _, part := range strings.Split(q, ",") {
		if f := strings.Fields(part); len(f) == 0 || f[0] != "print" {
			return false
		}
	}
	return true
}

// minifyCSS collapses whitespace outside strings and drops it around
// punctuation where CSS does not need it.
func minifyCSS(s string) string {
	var b strings.Builder
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\'':
			if space && b.Len() > 0 && !strings.ContainsRune("{};:,>(", rune(lastByte(&b))) {
				b.WriteByte(' ')
			}
			space = false
			j := skipCSSString(s, i)
			b.WriteString(s[i:j])
			i = j - 1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			space = true
		default:
			// Not before ':' ("a :hover" is not "a:hover") nor '('
			// ("and (" is not the function "and(").
			if space && b.Len() > 0 && !strings.ContainsRune("{};,>", rune(c)) && !strings.ContainsRune("{};:,>(", rune(lastByte(&b))) {
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(c)
		}
	}
	return b.String()
}

func lastByte(b *strings.Builder) byte {
	s := b.String()
	return s[len(s)-1]
}
