package scenario

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The course text lives in plain data files under notes/ (README,
// "Editing the course text"). A file is a list of records:
//
//	# A comment: a line that starts with "#". Blank lines are ignored.
//	[tools-call.request@2025-11-25]
//	spec: 2025-11-25/basic/transports#sending-messages-to-the-server
//	quote: The client MUST use HTTP POST to send JSON-RPC messages to the MCP endpoint.
//	en: The client sends …
//	zh: 客户端发送……
//
//	[tools-call.request]
//	spec: 2026-07-28/basic/transports/streamable-http#sending-messages
//	same-text-as: tools-call.request@2025-11-25
//
// A record is a header "[key]" (NoteKey's grammar) and one "field: value"
// line per field; a value is the rest of its line, taken literally (no
// quoting, no escapes), with surrounding spaces trimmed. The fields of a
// note (*.notes): en and zh (both required), or same-text-as (the key of
// another note in the same file, whose en and zh this one shows: a
// translator edits a text shared by two versions once); spec
// ("<version>/<page>#<anchor>") and quote (one sentence copied verbatim
// from that page, only with spec). The glosses file (quotes.glosses) has
// "[gloss]" records with quote and zh: the Chinese of a quoted sentence.
//
// The parser is strict: every mistake is an error naming file:line, and
// the records that are right are kept.

// noteFileError is a mistake in a data file.
type noteFileError struct {
	File string
	Line int
	Msg  string
}

func (e *noteFileError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// rawField is one "name: value" line.
type rawField struct {
	name, value string
	line        int
}

// rawRecord is a header and its fields, with the comment lines above it.
type rawRecord struct {
	header   string
	line     int
	fields   []rawField
	comments []string
}

// field returns the named field (the parser allows each once).
func (r *rawRecord) field(name string) (rawField, bool) {
	for _, f := range r.fields {
		if f.name == name {
			return f, true
		}
	}
	return rawField{}, false
}

// lexRecords splits a data file into records. allowed are the field names
// a record may have; each at most once.
func lexRecords(file, data string, allowed ...string) ([]rawRecord, []error) {
	var recs []rawRecord
	var errs []error
	fail := func(line int, format string, a ...any) {
		errs = append(errs, &noteFileError{file, line, fmt.Sprintf(format, a...)})
	}
	var comments []string
	for i, line := range strings.Split(data, "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		if !utf8.ValidString(line) {
			fail(n, "the line is not valid UTF-8")
			continue
		}
		t := strings.TrimSpace(line)
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
			recs = append(recs, rawRecord{header: strings.TrimSpace(t[1 : len(t)-1]), line: n, comments: comments})
			comments = nil
			continue
		}
		name, value, ok := strings.Cut(t, ":")
		name = strings.TrimSpace(name)
		if !ok || !isFieldName(name) {
			fail(n, "expected [key], field: value, a # comment or a blank line, got %q", clip(t))
			continue
		}
		value = strings.TrimSpace(value)
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
			fail(n, "unknown field %q in [%s] (fields: %s)", name, r.header, strings.Join(allowed, ", "))
		case value == "":
			fail(n, "field %s of [%s] is empty", name, r.header)
		default:
			if prev, dup := r.field(name); dup {
				fail(n, "field %s of [%s] given twice (first on line %d)", name, r.header, prev.line)
				continue
			}
			r.fields = append(r.fields, rawField{name, value, n})
		}
	}
	return recs, errs
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

// clip shortens a line quoted in an error.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// Field names of the data files.
const (
	fieldEn         = "en"
	fieldZh         = "zh"
	fieldSpec       = "spec"
	fieldQuote      = "quote"
	fieldSameTextAs = "same-text-as"
	glossHeader     = "gloss"
)

// noteRecord is one note read from a data file.
type noteRecord struct {
	key      NoteKey
	note     Note
	line     int
	shares   string   // the key whose text this one shows ("" if its own)
	comments []string // the comment lines above its header
}

// parseNotes reads a notes file: every record it could read, and every
// mistake.
func parseNotes(file, data string) ([]noteRecord, []error) {
	raws, errs := lexRecords(file, data, fieldEn, fieldZh, fieldSpec, fieldQuote, fieldSameTextAs)
	fail := func(line int, format string, a ...any) {
		errs = append(errs, &noteFileError{file, line, fmt.Sprintf(format, a...)})
	}
	var out []noteRecord
	at := map[string]int{} // key → index in out
	for _, r := range raws {
		k, err := ParseNoteKey(r.header)
		if err != nil {
			fail(r.line, "%v", err)
			continue
		}
		if i, dup := at[k.String()]; dup {
			fail(r.line, "[%s] is defined twice (first on line %d)", k, out[i].line)
			continue
		}
		rec := noteRecord{key: k, line: r.line, comments: r.comments}
		en, hasEn := r.field(fieldEn)
		zh, hasZh := r.field(fieldZh)
		same, hasSame := r.field(fieldSameTextAs)
		spec, hasSpec := r.field(fieldSpec)
		quote, hasQuote := r.field(fieldQuote)
		switch {
		case hasSame && (hasEn || hasZh):
			fail(same.line, "[%s] has same-text-as and its own en/zh: give one or the other", k)
			continue
		case hasSame:
			rec.shares = same.value
		case !hasEn && !hasZh:
			fail(r.line, "[%s] has no text: give en and zh (or same-text-as)", k)
			continue
		case !hasEn:
			fail(r.line, "[%s] is missing en (the English text)", k)
			continue
		case !hasZh:
			fail(r.line, "[%s] is missing zh (the Chinese text)", k)
			continue
		}
		if hasQuote && !hasSpec {
			fail(quote.line, "[%s] has a quote but no spec: a quote is from the section spec cites", k)
			continue
		}
		rec.note = Note{Text: Text{En: en.value, Zh: zh.value}, Spec: spec.value, Quote: quote.value}
		at[k.String()] = len(out)
		out = append(out, rec)
	}
	// Resolve shared texts once every key of the file is known.
	kept := out[:0]
	for _, rec := range out {
		if rec.shares != "" {
			i, ok := at[rec.shares]
			switch {
			case !ok:
				fail(rec.line, "[%s] same-text-as %s: no such key in this file", rec.key, rec.shares)
				continue
			case out[i].shares != "":
				fail(rec.line, "[%s] same-text-as %s, which shows the text of %s itself: name %s", rec.key, rec.shares, out[i].shares, out[i].shares)
				continue
			}
			rec.note.Text = out[i].note.Text
		}
		kept = append(kept, rec)
	}
	return kept, errs
}

// glossRecord is the Chinese of one quoted spec sentence.
type glossRecord struct {
	quote, zh string
	line      int
}

// parseGlosses reads the glosses file.
func parseGlosses(file, data string) ([]glossRecord, []error) {
	raws, errs := lexRecords(file, data, fieldQuote, fieldZh)
	var out []glossRecord
	at := map[string]int{}
	for _, r := range raws {
		q, hasQ := r.field(fieldQuote)
		zh, hasZh := r.field(fieldZh)
		msg := ""
		switch {
		case r.header != glossHeader:
			msg = fmt.Sprintf("header [%s]: a glosses file has only [%s] records", r.header, glossHeader)
		case !hasQ:
			msg = "[gloss] is missing quote (the English sentence, verbatim)"
		case !hasZh:
			msg = "[gloss] is missing zh (its Chinese)"
		}
		if msg == "" {
			if first, dup := at[q.value]; dup {
				msg = fmt.Sprintf("this quote is already glossed on line %d", first)
			}
		}
		if msg != "" {
			errs = append(errs, &noteFileError{file, r.line, msg})
			continue
		}
		at[q.value] = r.line
		out = append(out, glossRecord{q.value, zh.value, r.line})
	}
	return out, errs
}

// formatNote writes a note record the way parseNotes reads it; shares is
// the key whose text it shows, or "".
func formatNote(b *strings.Builder, comments []string, k NoteKey, n Note, shares string) {
	for _, c := range comments {
		b.WriteString(c + "\n")
	}
	b.WriteString("[" + k.String() + "]\n")
	line := func(name, v string) {
		if v != "" {
			b.WriteString(name + ": " + v + "\n")
		}
	}
	line(fieldSpec, n.Spec)
	line(fieldQuote, n.Quote)
	if shares != "" {
		line(fieldSameTextAs, shares)
	} else {
		line(fieldEn, n.Text.En)
		line(fieldZh, n.Text.Zh)
	}
	b.WriteString("\n")
}

// formatGloss writes a gloss record the way parseGlosses reads it.
func formatGloss(b *strings.Builder, quote, zh string) {
	b.WriteString("[" + glossHeader + "]\n" + fieldQuote + ": " + quote + "\n" + fieldZh + ": " + zh + "\n\n")
}

// formattable reports why a value cannot be written to a data file as it
// is ("" if it can): a value is one line, without surrounding spaces.
func formattable(v string) string {
	switch {
	case strings.ContainsAny(v, "\r\n"):
		return "holds a line break"
	case strings.TrimSpace(v) != v:
		return "starts or ends with a space"
	case !utf8.ValidString(v):
		return "is not valid UTF-8"
	}
	return ""
}
