package ui

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Span is a piece of rendered text with a CSS class. Term names the
// glossary entry the span explains (empty when none); Hot marks the fields
// that matter for the lesson (id pairing, method, _meta, resultType,
// isError, error code). A span of class "note" says what the renderer
// left out: Note is its text key, Args the values it formats.
type Span struct {
	Text  string
	Class string // "k" key, "s" string, "n" number, "l" literal, "p" punctuation, "w" space, "x" unparsed, "note"
	Term  string
	Hot   bool
	Note  string
	Args  []any
}

// Line is one rendered line.
type Line []Span

// hotKeys are highlighted wherever they appear; the value that follows a
// hot key is highlighted too.
var hotKeys = map[string]bool{"id": true, "method": true, "_meta": true, "resultType": true, "isError": true, "error.code": true, "requestId": true}

// What one message may cost to show. A transcript is someone else's file
// (the capture view opens any): json.Indent wrote 2×depth spaces on every
// line, so 9,990 nested arrays (a 75 KB file) became ~200 MB of text, and
// one 30 MB string became one 30 MB span. PrettyJSON scans at most
// jsonMaxScan bytes and emits at most jsonMaxSpans spans, indents at most
// jsonMaxDepth levels (a deeper value is folded), and shows at most
// jsonMaxToken bytes of one string or number; each cut is a "note" span.
// A message within these bounds is laid out exactly as json.Indent does.
const (
	jsonMaxScan  = 1 << 20
	jsonMaxSpans = 6000
	jsonMaxDepth = 32
	jsonMaxToken = 2 << 10
)

// PrettyJSON indents a JSON message (key order kept as sent) and splits it
// into classified spans, in time linear in what it shows. Invalid JSON
// comes back as one unparsed line (its first jsonMaxToken bytes).
func PrettyJSON(raw []byte) []Line {
	f := jsonFormatter{src: raw}
	if !f.run() {
		return []Line{unparsedLine(raw)}
	}
	return f.lines
}

// unparsedLine is raw shown as it is, cut to jsonMaxToken bytes.
func unparsedLine(raw []byte) Line {
	text, more := cutToken(raw)
	l := Line{{Text: text, Class: "x"}}
	if more > 0 {
		l = append(l, Span{Class: "note", Note: "fmt.cut", Args: []any{byteSize(more)}})
	}
	return l
}

// cutToken is s cut to jsonMaxToken bytes at a rune boundary, and how
// many bytes were left out.
func cutToken(s []byte) (string, int) {
	if len(s) <= jsonMaxToken {
		return string(s), 0
	}
	n := jsonMaxToken
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return string(s[:n]) + "…", len(s) - n
}

// byteSize is n bytes as a reader reads it: 812 B, 59.2 KB, 29.6 MB.
func byteSize(n int) string {
	switch {
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB"
	case n >= 1<<10:
		return strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64) + " KB"
	}
	return strconv.Itoa(n) + " B"
}

type jsonFrame struct {
	object bool
	key    string // current key in this object
}

// jsonFormatter lays out one message; run reports false for invalid JSON.
type jsonFormatter struct {
	src   []byte
	i     int
	lines []Line
	cur   Line
	spans int
	stack []jsonFrame
	// hotValue and valueTerm carry a hot key's highlight to its value.
	hotValue  bool
	valueTerm string
	stopped   bool // a budget ran out: the rest is a note
}

func (f *jsonFormatter) emit(s Span) {
	f.cur = append(f.cur, s)
	f.spans++
}

func (f *jsonFormatter) newline() {
	f.lines = append(f.lines, f.cur)
	f.cur = nil
	if d := len(f.stack); d > 0 {
		f.emit(Span{Text: strings.Repeat("  ", d), Class: "w"})
	}
}

func (f *jsonFormatter) skipSpace() {
	for f.i < len(f.src) {
		switch f.src[f.i] {
		case ' ', '\t', '\n', '\r':
			f.i++
		default:
			return
		}
	}
}

// over reports whether a budget ran out; the first time, it ends the
// output with a note on what is left.
func (f *jsonFormatter) over() bool {
	if f.stopped {
		return true
	}
	if f.i <= jsonMaxScan && f.spans <= jsonMaxSpans {
		return false
	}
	f.stopped = true
	f.lines = append(f.lines, f.cur)
	f.cur = Line{{Class: "note", Note: "fmt.rest", Args: []any{byteSize(len(f.src) - min(f.i, len(f.src)))}}}
	return true
}

func (f *jsonFormatter) run() bool {
	if len(f.src) <= jsonMaxScan && !json.Valid(f.src) {
		return false
	}
	f.skipSpace()
	if !f.value() {
		return false
	}
	if !f.stopped {
		f.skipSpace()
		if f.i != len(f.src) {
			return false
		}
	}
	f.lines = append(f.lines, f.cur)
	return true
}

// parentKey is the key of the enclosing value: the key in the frame below
// the top.
func (f *jsonFormatter) parentKey() string {
	if len(f.stack) >= 2 {
		return f.stack[len(f.stack)-2].key
	}
	return ""
}

// value formats the value at f.i (iteratively: no recursion on depth).
func (f *jsonFormatter) value() bool {
	for {
		if f.over() {
			return true
		}
		f.skipSpace()
		if f.i >= len(f.src) {
			return false
		}
		c := f.src[f.i]
		switch {
		case c == '{' || c == '[':
			closer := byte('}')
			if c == '[' {
				closer = ']'
			}
			f.hotValue, f.valueTerm = false, ""
			f.i++
			f.skipSpace()
			if f.i < len(f.src) && f.src[f.i] == closer {
				f.emit(Span{Text: string(c), Class: "p"})
				f.emit(Span{Text: string(closer), Class: "p"})
				f.i++
				break
			}
			if len(f.stack) >= jsonMaxDepth {
				if !f.fold(c, closer) {
					return false
				}
				break
			}
			f.emit(Span{Text: string(c), Class: "p"})
			f.stack = append(f.stack, jsonFrame{object: c == '{'})
			f.newline()
			if c == '{' {
				if !f.key() {
					return false
				}
			}
			continue // the first member's value
		case c == '"':
			j, ok := stringEnd(f.src, f.i)
			if !ok {
				return false
			}
			f.scalar(f.src[f.i:j], "s")
			f.i = j
		default:
			j := f.i
			for j < len(f.src) && j-f.i <= jsonMaxScan && !strings.ContainsRune(" \t\r\n,]}:", rune(f.src[j])) {
				j++
			}
			if j == f.i || !strings.ContainsRune("-0123456789tfn", rune(c)) {
				return false
			}
			tok := f.src[f.i:j]
			cls := "n"
			if s := string(tok[:min(len(tok), 5)]); s == "true" || s == "false" || s == "null" {
				cls = "l"
			}
			f.scalar(tok, cls)
			f.i = j
		}
		// After a value: the next member, or the end of containers.
		for {
			if f.over() {
				return true
			}
			if len(f.stack) == 0 {
				return true
			}
			f.skipSpace()
			if f.i >= len(f.src) {
				return false
			}
			top := &f.stack[len(f.stack)-1]
			switch f.src[f.i] {
			case ',':
				f.i++
				f.emit(Span{Text: ",", Class: "p"})
				f.newline()
				if top.object && !f.key() {
					return false
				}
			case '}', ']':
				f.stack = f.stack[:len(f.stack)-1]
				f.newline()
				f.emit(Span{Text: string(f.src[f.i]), Class: "p"})
				f.i++
				continue
			default:
				return false
			}
			break
		}
	}
}

// key formats an object's key and its colon.
func (f *jsonFormatter) key() bool {
	f.skipSpace()
	if f.i >= len(f.src) || f.src[f.i] != '"' {
		return false
	}
	j, ok := stringEnd(f.src, f.i)
	if !ok {
		return false
	}
	tok := f.src[f.i:j]
	f.i = j
	var key string
	if len(tok) <= jsonMaxToken {
		_ = json.Unmarshal(tok, &key)
	}
	f.stack[len(f.stack)-1].key = key
	parent := f.parentKey()
	term := termFor(key, parent)
	if parent == "_meta" {
		term = metaTerm(key)
	}
	full := key
	if parent == "error" && key == "code" {
		full = "error.code"
	}
	hot := hotKeys[full]
	shown, more := cutToken(tok)
	f.emit(Span{Text: shown, Class: "k", Term: term, Hot: hot})
	if more > 0 {
		f.emit(Span{Class: "note", Note: "fmt.cut", Args: []any{byteSize(more)}})
	}
	f.hotValue = hot && key != "_meta"
	f.valueTerm = ""
	if f.hotValue {
		f.valueTerm = term
	}
	f.skipSpace()
	if f.i >= len(f.src) || f.src[f.i] != ':' {
		return false
	}
	f.i++
	f.emit(Span{Text: ":", Class: "p"})
	f.emit(Span{Text: " ", Class: "w"})
	return true
}

// scalar emits a string, number or literal, cut when it is huge.
func (f *jsonFormatter) scalar(tok []byte, cls string) {
	shown, more := cutToken(tok)
	f.emit(Span{Text: shown, Class: cls, Hot: f.hotValue, Term: f.valueTerm})
	if more > 0 {
		f.emit(Span{Class: "note", Note: "fmt.cut", Args: []any{byteSize(more)}})
	}
	f.hotValue, f.valueTerm = false, ""
}

// fold shows the container opening at f.i-1 (its first member at f.i) as
// "[…]" and a note with how deep it goes and its size, skipping it in one
// linear scan (strings and escapes respected).
func (f *jsonFormatter) fold(open, closer byte) bool {
	start := f.i - 1
	depth, deepest := 1, 1
	for f.i < len(f.src) && depth > 0 {
		if f.i-start > jsonMaxScan {
			f.emit(Span{Text: string(open) + "…", Class: "p"})
			f.i = jsonMaxScan + 1 // the rest is a note
			return true
		}
		switch c := f.src[f.i]; c {
		case '"':
			j, ok := stringEnd(f.src, f.i)
			if !ok {
				return false
			}
			f.i = j
			continue
		case '{', '[':
			depth++
			deepest = max(deepest, depth)
		case '}', ']':
			depth--
		}
		f.i++
	}
	if depth > 0 {
		return false
	}
	f.emit(Span{Text: string(open) + "…" + string(closer), Class: "p"})
	f.emit(Span{Class: "note", Note: "fmt.fold", Args: []any{deepest, byteSize(f.i - start)}})
	return true
}

// stringEnd is the index just past the JSON string starting at i. A
// string longer than the scan budget ends, for the formatter, where the
// budget does (it is cut there, and the rest of the message is a note).
func stringEnd(src []byte, i int) (int, bool) {
	for j := i + 1; j < len(src); j++ {
		if j-i > jsonMaxScan {
			return j, true
		}
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return 0, false
}

// termFor picks the glossary entry for a key, using its parent for keys
// whose meaning depends on where they sit.
func termFor(key, parent string) string {
	if parent == "error" {
		if hasTerm("error." + key) {
			return "error." + key
		}
	}
	if hasTerm(key) {
		return key
	}
	return ""
}

func metaTerm(key string) string {
	if hasTerm("_meta." + key) {
		return "_meta." + key
	}
	return "_meta.*"
}

// RawLine is one line of wire bytes. EOL is the line ending as written
// ("\r\n", "\n" or "" for the last, unterminated line). For an HTTP header
// line, Name is the header name (and Rest the remainder, ": value").
type RawLine struct {
	Text, Name, Rest, EOL string
	Term                  string
	Start                 bool // the HTTP request or status line
}

// RawLines splits wire bytes into lines, keeping their exact endings and
// recognising HTTP header lines (before the first blank line) so header
// names can be explained.
func RawLines(raw string) []RawLine {
	if raw == "" {
		return nil
	}
	isHTTP := strings.HasPrefix(raw, "HTTP/") || httpRequestLine(raw)
	inHead := isHTTP
	var out []RawLine
	first := true
	for raw != "" {
		var l RawLine
		if i := strings.IndexByte(raw, '\n'); i >= 0 {
			l.Text = raw[:i]
			l.EOL = "\n"
			if strings.HasSuffix(l.Text, "\r") {
				l.Text = l.Text[:len(l.Text)-1]
				l.EOL = "\r\n"
			}
			raw = raw[i+1:]
		} else {
			l.Text, raw = raw, ""
		}
		switch {
		case inHead && first:
			l.Start = true
		case inHead && l.Text == "":
			inHead = false
		case inHead:
			if name, rest, ok := strings.Cut(l.Text, ":"); ok {
				l.Name, l.Rest = name, ":"+rest
				l.Term = headerTerm(name)
			}
		}
		first = false
		out = append(out, l)
	}
	return out
}

func httpRequestLine(raw string) bool {
	line, _, _ := strings.Cut(raw, "\n")
	return strings.Contains(line, " HTTP/1.")
}

func headerTerm(name string) string {
	k := "h:" + strings.ToLower(strings.TrimSpace(name))
	if hasTerm(k) {
		return k
	}
	return ""
}
