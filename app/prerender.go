//go:build !(js && wasm)

package ui

// What the prerendered markup needs so that the reader sees what the wasm
// will draw (go-app v10.1.11's encoder, pkg/app/node.go, writes it for
// reading, not for the browser):
//
//   - Indentation. go-app puts every child of an element with several
//     children on its own line ("\n" + two spaces per level, text children
//     too) and the closing tag on one more. Between inline elements the
//     browser renders those runs as spaces ("connect http:/ / 127.0.0.1:
//     8080/ mcp" instead of the wasm's "connect http://127.0.0.1:8080/mcp",
//     "Step 1 of 12" only by luck), and parses a text node for each. The
//     wasm's DOM has no such nodes, so CompactHTML removes exactly the
//     whitespace go-app added: the newline and indentation around each
//     child, keeping a text child's own leading and trailing spaces.
//   - Boolean attributes. Selected(false), Disabled(false) are written as
//     selected="false", disabled="false": present, hence true. They are
//     removed, so the page selects the options and enables the buttons the
//     wasm will.
//
// The contents of pre, textarea, script and style elements are left as
// they are (their whitespace is text), and so is any run that does not have
// the shape go-app writes.

import (
	"regexp"
	"strings"
)

// verbatimElements hold text whose whitespace matters, or no markup.
var verbatimElements = map[string]bool{"pre": true, "textarea": true, "script": true, "style": true}

// falseBooleanRE matches HTML's boolean attributes (present means true,
// whatever the value) written with the value "false".
var falseBooleanRE = regexp.MustCompile(`\s(?:allowfullscreen|async|autofocus|autoplay|checked|controls|default|defer|disabled|formnovalidate|hidden|inert|ismap|itemscope|loop|multiple|muted|nomodule|novalidate|open|playsinline|readonly|required|reversed|selected)="false"`)

// CompactHTML returns page (or a fragment go-app encoded, app.HTMLString)
// without go-app's indentation and false boolean attributes (see above).
// The dev server and `devserver static` apply it to every page
// (internal/fastpage/page_fast.go).
func CompactHTML(page string) string {
	var b strings.Builder
	b.Grow(len(page))
	i := 0
	for i < len(page) {
		j := nextTag(page, i)
		if j < 0 {
			b.WriteString(page[i:])
			break
		}
		k := tagEnd(page, j)
		tag := page[j:k]
		closing := strings.HasPrefix(tag, "</")
		b.WriteString(dedent(page[i:j], closing))
		if !closing && !strings.HasPrefix(tag, "<!") {
			tag = falseBooleanRE.ReplaceAllString(tag, "")
		}
		b.WriteString(tag)
		i = k
		if name := tagName(tag); !closing && verbatimElements[name] {
			end := indexFold(page[i:], "</"+name)
			if end < 0 {
				b.WriteString(page[i:])
				break
			}
			b.WriteString(page[i : i+end])
			i += end
		}
	}
	return b.String()
}

// nextTag is the index of the next '<' that starts a tag, an end tag, a
// comment or a doctype at or after i (-1 if none).
func nextTag(s string, i int) int {
	for {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 || i+j+1 >= len(s) {
			return -1
		}
		j += i
		if c := s[j+1]; c == '/' || c == '!' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return j
		}
		i = j + 1
	}
}

// tagEnd is the index after the tag starting at s[j]: its '>' outside
// quoted attribute values (go-app quotes with '"'), or a comment's "-->".
func tagEnd(s string, j int) int {
	if strings.HasPrefix(s[j:], "<!--") {
		if e := strings.Index(s[j+4:], "-->"); e >= 0 {
			return j + 4 + e + 3
		}
		return len(s)
	}
	quoted := false
	for k := j + 1; k < len(s); k++ {
		switch s[k] {
		case '"':
			quoted = !quoted
		case '>':
			if !quoted {
				return k + 1
			}
		}
	}
	return len(s)
}

// tagName is a start or end tag's element name, lower case.
func tagName(tag string) string {
	t := strings.TrimPrefix(strings.TrimPrefix(tag, "<"), "/")
	end := strings.IndexAny(t, " \t\n\r/>")
	if end < 0 {
		end = len(t)
	}
	return strings.ToLower(t[:end])
}

// indexFold is strings.Index ignoring ASCII case of sub's letters
// (without lowering all of s: a page holds several verbatim elements).
func indexFold(s, sub string) int {
	if sub == "" {
		return 0
	}
	lo, up := sub[0], sub[0]
	if 'a' <= lo && lo <= 'z' {
		up = lo - 'a' + 'A'
	} else if 'A' <= lo && lo <= 'Z' {
		lo = lo - 'A' + 'a'
	}
	for i := 0; i+len(sub) <= len(s); {
		j := strings.IndexAny(s[i:], string([]byte{lo, up}))
		if j < 0 {
			return -1
		}
		i += j
		if i+len(sub) <= len(s) && strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
		i++
	}
	return -1
}

// dedent removes go-app's indentation from the text between two tags:
// "\n" + indentation + value + "\n" + the next tag's indentation, where the
// value's own indentation is the next tag's, or two spaces more when the
// next tag closes the parent. Anything else is returned as it is.
func dedent(seg string, nextCloses bool) string {
	if !strings.HasPrefix(seg, "\n") {
		return seg
	}
	last := strings.LastIndexByte(seg, '\n')
	tail := seg[last+1:]
	if strings.Trim(tail, " ") != "" {
		return seg
	}
	if strings.Trim(seg[:last], "\n") == "" {
		return "" // between two tags (or around an empty text child)
	}
	indent := len(tail)
	if nextCloses {
		indent += 2
	}
	body := seg[1:last]
	if len(body) < indent || strings.Trim(body[:indent], " ") != "" {
		return seg
	}
	return body[indent:]
}
