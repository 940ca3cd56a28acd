package ui

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Span is a piece of rendered text with a CSS class. Term names the
// glossary entry the span explains (empty when none); Hot marks the fields
// that matter for the lesson (id pairing, method, _meta, resultType,
// isError, error code).
type Span struct {
	Text  string
	Class string // "k" key, "s" string, "n" number, "l" literal, "p" punctuation, "w" space, "x" unparsed
	Term  string
	Hot   bool
}

// Line is one rendered line.
type Line []Span

// hotKeys are highlighted wherever they appear; the value that follows a
// hot key is highlighted too.
var hotKeys = map[string]bool{"id": true, "method": true, "_meta": true, "resultType": true, "isError": true, "error.code": true, "requestId": true}

// PrettyJSON indents a JSON message (key order kept as sent) and splits it
// into classified spans. Invalid JSON comes back as one unparsed line.
func PrettyJSON(raw []byte) []Line {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return []Line{{{Text: string(raw), Class: "x"}}}
	}
	src := buf.String()

	type frame struct {
		object bool
		key    string // current key in this object
	}
	var stack []frame
	var lines []Line
	var cur Line
	expectKey := false
	hotValue := false
	valueTerm := ""

	parentKey := func() string {
		// key of the enclosing value: the key in the frame below the top.
		if len(stack) >= 2 {
			return stack[len(stack)-2].key
		}
		return ""
	}
	emit := func(s Span) { cur = append(cur, s) }

	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			lines = append(lines, cur)
			cur = nil
			i++
		case c == ' ':
			j := i
			for j < len(src) && src[j] == ' ' {
				j++
			}
			emit(Span{Text: src[i:j], Class: "w"})
			i = j
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j++
			tok := src[i:min(j, len(src))]
			if expectKey && len(stack) > 0 && stack[len(stack)-1].object {
				var key string
				_ = json.Unmarshal([]byte(tok), &key)
				stack[len(stack)-1].key = key
				term := termFor(key, parentKey())
				if parentKey() == "_meta" {
					term = metaTerm(key)
				}
				full := key
				if parentKey() == "error" && key == "code" {
					full = "error.code"
				}
				hot := hotKeys[full]
				emit(Span{Text: tok, Class: "k", Term: term, Hot: hot})
				hotValue = hot && key != "_meta"
				valueTerm = ""
				if hotValue {
					valueTerm = term
				}
				expectKey = false
			} else {
				emit(Span{Text: tok, Class: "s", Hot: hotValue, Term: valueTerm})
				hotValue, valueTerm = false, ""
			}
			i = j
		case c == '{' || c == '[':
			stack = append(stack, frame{object: c == '{'})
			expectKey = c == '{'
			emit(Span{Text: string(c), Class: "p"})
			hotValue, valueTerm = false, ""
			i++
		case c == '}' || c == ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			emit(Span{Text: string(c), Class: "p"})
			i++
		case c == ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].object
			emit(Span{Text: ",", Class: "p"})
			i++
		case c == ':':
			emit(Span{Text: ":", Class: "p"})
			i++
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" ,\n]}", rune(src[j])) {
				j++
			}
			tok := src[i:j]
			cls := "n"
			if tok == "true" || tok == "false" || tok == "null" {
				cls = "l"
			}
			emit(Span{Text: tok, Class: cls, Hot: hotValue, Term: valueTerm})
			hotValue, valueTerm = false, ""
			i = j
		}
	}
	lines = append(lines, cur)
	return lines
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
