package ui

import (
	"fmt"
	"html"
	"strings"
	"unicode/utf8"
)

// What the wire bytes of one step may cost to show: a 30 MB line became
// one 30 MB span (a freeze of seconds at each visit of the step).
const (
	wireMaxBytes = 16 << 10
	wireMaxLines = 2000
)

// The inspector's highlighted JSON and wire bytes are built as one HTML
// string per block (app.Raw) instead of one go-app element per token: a
// step change then costs one innerHTML parse instead of hundreds of Go
// elements, JS values and event listeners. The explained fields keep their
// markup (class "term", tabindex, role, aria-label, data-term); the
// inspector listens once, on its root, for focusin / mouseover / click
// and reads data-term (event delegation, inspector.go).

// termAttrs are the attributes of a focusable, explained field. Only the
// first field of a block is a Tab stop (first); ↑ and ↓ move between the
// fields (Inspector.onTermKey), so Tab reaches "Reproduce it" in a few
// presses instead of one per field. Its name starts with the text it
// shows (WCAG 2.5.3 label in name), then the field it is, if that is not
// the same, then the explanation.
func termAttrs(b *strings.Builder, lang, term, shown string, first bool) {
	if first {
		b.WriteString(` tabindex="0"`)
	} else {
		b.WriteString(` tabindex="-1"`)
	}
	b.WriteString(` role="button" aria-describedby="field-guide" aria-label="`)
	name := strings.Trim(strings.TrimSpace(shown), `":`)
	if title := termTitle(term); name != title {
		name += " (" + title + ")"
	}
	b.WriteString(html.EscapeString(name + ": " + Explain(lang, term)))
	b.WriteString(`" data-term="`)
	b.WriteString(html.EscapeString(term))
	b.WriteString(`"`)
}

// JSONHTML renders a message as <pre class="json"> with one span per token,
// as PrettyJSON classifies them.
func JSONHTML(raw []byte, lang, label string) string {
	var b strings.Builder
	b.Grow(min(len(raw), jsonMaxScan) * 6)
	// Focusable and named (WCAG 2.1.1, axe scrollable-region-focusable):
	// long JSON folds into a box that scrolls (static/stage.css, narrow
	// viewports; app.css lets every pre scroll sideways), and a keyboard
	// scrolls only what it can focus; a message without explained fields
	// has nothing else inside to focus.
	b.WriteString(`<pre class="json" tabindex="0" role="group" aria-label="`)
	b.WriteString(html.EscapeString(label))
	b.WriteString(`">`)
	first := true
	for _, line := range PrettyJSON(raw) {
		b.WriteString(`<span class="ln">`)
		for _, sp := range line {
			if sp.Class == "note" {
				b.WriteString(`<span class="t-note">`)
				b.WriteString(html.EscapeString(" " + fmt.Sprintf(tr(lang, sp.Note), sp.Args...)))
				b.WriteString("</span>")
				continue
			}
			b.WriteString(`<span class="t-`)
			b.WriteString(sp.Class)
			if sp.Hot {
				b.WriteString(" hot")
			}
			interactive := sp.Term != "" && (sp.Class == "k" || sp.Hot)
			if interactive {
				b.WriteString(` term"`)
				termAttrs(&b, lang, sp.Term, sp.Text, first)
				first = false
			} else {
				b.WriteString(`"`)
			}
			b.WriteString(">")
			b.WriteString(html.EscapeString(sp.Text))
			b.WriteString("</span>")
		}
		b.WriteString("\n</span>")
	}
	b.WriteString("</pre>")
	return b.String()
}

// WireHTML renders wire bytes as <pre id="raw-bytes" class="wire">, one
// line per span with its line ending made visible; HTTP header names that
// the glossary explains are focusable. "" when there are no bytes.
//
// At most wireMaxBytes and wireMaxLines are shown; a note says how much
// more the step carries (the transcript file keeps all of it).
func WireHTML(raw, lang string) string {
	shown := raw
	if len(shown) > wireMaxBytes {
		n := wireMaxBytes
		for n > 0 && !utf8.RuneStart(shown[n]) {
			n--
		}
		shown = shown[:n]
	}
	if n := lineStart(shown, wireMaxLines); n >= 0 {
		shown = shown[:n]
	}
	lines := RawLines(shown)
	if len(lines) == 0 {
		return ""
	}
	rest := len(raw)
	for _, l := range lines {
		rest -= len(l.Text) + len(l.EOL)
	}
	var b strings.Builder
	b.Grow(len(shown) * 3)
	// Focusable and named, as JSONHTML's block: a stdio line has no
	// explained header inside.
	b.WriteString(`<pre id="raw-bytes" class="wire" tabindex="0" role="group" aria-label="` + html.EscapeString(tr(lang, "insp.raw")) + `">`)
	first := true
	for _, l := range lines {
		b.WriteString(`<span class="ln">`)
		switch {
		case l.Name != "" && l.Term != "":
			b.WriteString(`<span><span class="h-name term"`)
			termAttrs(&b, lang, l.Term, l.Name, first)
			first = false
			b.WriteString(">" + html.EscapeString(l.Name) + `</span><span class="h-rest">` + html.EscapeString(l.Rest) + "</span></span>")
		case l.Name != "":
			b.WriteString(`<span><span class="h-name">` + html.EscapeString(l.Name) + `</span><span class="h-rest">` + html.EscapeString(l.Rest) + "</span></span>")
		case l.Start:
			b.WriteString(`<span class="start-line">` + html.EscapeString(l.Text) + "</span>")
		default:
			b.WriteString("<span>" + html.EscapeString(l.Text) + "</span>")
		}
		eol := ""
		switch l.EOL {
		case "\r\n":
			eol = `\r\n`
		case "\n":
			eol = `\n`
		}
		b.WriteString(`<span class="eol" aria-hidden="true">` + eol + "</span>\n</span>")
	}
	if rest > 0 {
		b.WriteString(`<span class="ln t-note">` + html.EscapeString(fmt.Sprintf(tr(lang, "fmt.wire.rest"), byteSize(rest))) + "</span>")
	}
	b.WriteString("</pre>")
	return b.String()
}

// lineStart is the index where line n (0-based) of s starts, -1 when s
// has fewer lines.
func lineStart(s string, n int) int {
	at := 0
	for ; n > 0; n-- {
		i := strings.IndexByte(s[at:], '\n')
		if i < 0 {
			return -1
		}
		at += i + 1
	}
	if at >= len(s) {
		return -1
	}
	return at
}
