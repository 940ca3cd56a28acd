package text

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Every data file of the course text is a list of records:
//
//	# A comment: a line that starts with "#". Blank lines are ignored.
//	[key]
//	en: The first line of a value.
//	| A second line of the same value (a line break in the text).
//	|
//	| A fourth, after an empty one.
//	zh: …
//
// A record is a header "[key]" on a line of its own and one
// "field: value" line per field. A value is the rest of its line, taken
// literally (no escapes), with surrounding spaces trimmed; a value written
// between double quotes ("…", the first and the last character of the
// line's value) is what is between them, spaces included: the one way to
// keep a space at the start or the end ("Translation: "). Each
// following line that starts with "|" adds a line to it (the text after
// "| ", kept as it is; a bare "|" adds an empty line). Which headers and
// fields a file has is up to its reader (ParseTable, the annotations'
// parser in sim/scenario). The readers are strict: every mistake is an
// error naming file:line, and the records that are right are kept.

// FileError is a mistake in a data file.
type FileError struct {
	File string
	Line int
	Msg  string
}

func (e *FileError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Field is one "name: value" line (and its "|" lines).
type Field struct {
	Name, Value string
	Line        int
}

// Record is a header and its fields, with the comment lines above it.
type Record struct {
	Header   string
	Line     int
	Fields   []Field
	Comments []string
}

// Field returns the named field (Lex allows each once).
func (r *Record) Field(name string) (Field, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// Lex splits a data file into records. allowed are the field names a
// record may have; each at most once.
func Lex(file, data string, allowed ...string) ([]Record, []error) {
	var recs []Record
	var errs []error
	fail := func(line int, format string, a ...any) {
		errs = append(errs, &FileError{file, line, fmt.Sprintf(format, a...)})
	}
	var comments []string
	var open *Field // the field "|" lines continue; nil after anything else
	for i, line := range strings.Split(data, "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		if !utf8.ValidString(line) {
			fail(n, "the line is not valid UTF-8")
			open = nil
			continue
		}
		if strings.Contains(line, "\r") { // a value holds no carriage return (Formattable)
			fail(n, "the line holds a carriage return that does not end it (lines end in \\n or \\r\\n)")
			open = nil
			continue
		}
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "|") {
			if open == nil {
				fail(n, "a | line continues the field on the line above; there is none")
				continue
			}
			rest := strings.TrimPrefix(t[1:], " ")
			open.Value += "\n" + rest
			continue
		}
		open = nil
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "#"):
			comments = append(comments, t)
			continue
		case strings.HasPrefix(t, "["):
			if !strings.HasSuffix(t, "]") {
				fail(n, "a header is [key] on a line of its own; this one has no closing ]")
				comments = nil
				continue
			}
			recs = append(recs, Record{Header: strings.TrimSpace(t[1 : len(t)-1]), Line: n, Comments: comments})
			comments = nil
			continue
		}
		name, value, ok := strings.Cut(t, ":")
		name = strings.TrimSpace(name)
		if !ok || !isFieldName(name) {
			fail(n, "expected [key], field: value, a | line, a # comment or a blank line, got %q", Clip(t))
			continue
		}
		value = unquote(strings.TrimSpace(value))
		if len(recs) == 0 {
			fail(n, "field %s before the first [key] header", name)
			continue
		}
		r := &recs[len(recs)-1]
		known := false
		for _, a := range allowed {
			known = known || a == name
		}
		switch {
		case !known:
			fail(n, "unknown field %q in [%s] (fields: %s)", name, r.Header, strings.Join(allowed, ", "))
		case value == "" || value == `""`:
			fail(n, "field %s of [%s] is empty", name, r.Header)
		default:
			if prev, dup := r.Field(name); dup {
				fail(n, "field %s of [%s] given twice (first on line %d)", name, r.Header, prev.Line)
				continue
			}
			r.Fields = append(r.Fields, Field{name, value, n})
			open = &r.Fields[len(r.Fields)-1]
		}
	}
	return recs, errs
}

// unquote is a value written between double quotes without them.
func unquote(v string) string {
	if quoted(v) && len(v) > 2 {
		return v[1 : len(v)-1]
	}
	return v
}

// quoted reports whether a value's first line must be (or is) written
// between double quotes: it has surrounding spaces, or it starts and ends
// with a double quote of its own.
func quoted(first string) bool {
	return len(first) >= 2 && first[0] == '"' && first[len(first)-1] == '"'
}

func needsQuotes(first string) bool {
	return strings.TrimSpace(first) != first || quoted(first)
}

func isFieldName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && r != '-' {
			return false
		}
	}
	return true
}

// Clip shortens a line quoted in an error.
func Clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// WriteField writes "name: value" the way Lex reads it back (a value of
// several lines as "|" lines); nothing for an empty value.
func WriteField(b *strings.Builder, name, value string) {
	if value == "" {
		return
	}
	first, rest, more := strings.Cut(value, "\n")
	if needsQuotes(first) {
		first = `"` + first + `"`
	}
	b.WriteString(name + ": " + first + "\n")
	for more {
		var line string
		line, rest, more = strings.Cut(rest, "\n")
		if line == "" {
			b.WriteString("|\n")
		} else {
			b.WriteString("| " + line + "\n")
		}
	}
}

// Formattable reports why a value cannot be written to a data file ("" if
// it can): it has no carriage return, it does not start with a line break,
// and no line but the first ends in a space (the first may have
// surrounding spaces: WriteField quotes it).
func Formattable(v string) string {
	first, _, _ := strings.Cut(v, "\n")
	switch {
	case !utf8.ValidString(v):
		return "is not valid UTF-8"
	case strings.Contains(v, "\r"):
		return "holds a carriage return"
	case first == "" && v != "":
		return "starts with a line break"
	}
	for _, line := range strings.Split(v, "\n")[1:] {
		if strings.TrimRightFunc(line, isSpace) != line {
			return "has a line that ends with a space"
		}
	}
	return ""
}

func isSpace(r rune) bool { return strings.TrimSpace(string(r)) == "" }
