package scenario

import (
	"fmt"
	"strings"

	"mcpwirelab/sim/text"
)

// The annotations live in plain data files under notes/ (README,
// "Editing the course text"), in the record format of sim/text (text.Lex):
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
// quoting, no escapes), with surrounding spaces trimmed, and its "|" lines
// (text.Lex). The fields of a
// note (*.notes): en and zh (both required), or same-text-as (the key of
// another note in the same file, whose en and zh this one shows: a
// translator edits a text shared by two versions once); spec
// ("<version>/<page>#<anchor>") and quote (one sentence copied verbatim
// from that page, only with spec); fits, with every quote: how the quoted
// sentence governs the step (quoteFit, quotefit.go); quote-zh, only with
// quote, the Chinese of the quote, when the note glosses it itself. The
// glosses file (quotes.glosses) has "[gloss]" records with quote and zh:
// the Chinese of a quoted sentence no note glosses itself.
//
// The parser is strict: every mistake is an error naming file:line, and
// the records that are right are kept.

// Field names of the data files.
const (
	fieldEn         = "en"
	fieldZh         = "zh"
	fieldSpec       = "spec"
	fieldQuote      = "quote"
	fieldSameTextAs = "same-text-as"
	fieldFits       = "fits"
	fieldQuoteZh    = "quote-zh"
	glossHeader     = "gloss"
)

// noteRecord is one note read from a data file.
type noteRecord struct {
	key      NoteKey
	note     Note
	line     int
	shares   string   // the key whose text this one shows ("" if its own)
	comments []string // the comment lines above its header
	fits     string   // the review of its quote ("" when it has none)
	quoteZh  string   // the Chinese of its quote, when the note glosses it itself
}

// parseNotes reads a notes file: every record it could read, and every
// mistake.
func parseNotes(file, data string) ([]noteRecord, []error) {
	raws, errs := text.Lex(file, data, fieldEn, fieldZh, fieldSpec, fieldQuote, fieldSameTextAs, fieldFits, fieldQuoteZh)
	fail := func(line int, format string, a ...any) {
		errs = append(errs, &text.FileError{File: file, Line: line, Msg: fmt.Sprintf(format, a...)})
	}
	var out []noteRecord
	at := map[string]int{} // key → index in out
	for _, r := range raws {
		k, err := ParseNoteKey(r.Header)
		if err != nil {
			fail(r.Line, "%v", err)
			continue
		}
		if i, dup := at[k.String()]; dup {
			fail(r.Line, "[%s] is defined twice (first on line %d)", k, out[i].line)
			continue
		}
		rec := noteRecord{key: k, line: r.Line, comments: r.Comments}
		en, hasEn := r.Field(fieldEn)
		zh, hasZh := r.Field(fieldZh)
		same, hasSame := r.Field(fieldSameTextAs)
		spec, hasSpec := r.Field(fieldSpec)
		quote, hasQuote := r.Field(fieldQuote)
		switch {
		case hasSame && (hasEn || hasZh):
			fail(same.Line, "[%s] has same-text-as and its own en/zh: give one or the other", k)
			continue
		case hasSame:
			rec.shares = same.Value
		case !hasEn && !hasZh:
			fail(r.Line, "[%s] has no text: give en and zh (or same-text-as)", k)
			continue
		case !hasEn:
			fail(r.Line, "[%s] is missing en (the English text)", k)
			continue
		case !hasZh:
			fail(r.Line, "[%s] is missing zh (the Chinese text)", k)
			continue
		}
		if hasQuote && !hasSpec {
			fail(quote.Line, "[%s] has a quote but no spec: a quote is from the section spec cites", k)
			continue
		}
		// A quote without its review is a mistake, but the note still
		// shows: the error fails the tests, not the page.
		fits, hasFits := r.Field(fieldFits)
		switch {
		case hasFits && !hasQuote:
			fail(fits.Line, "[%s] has fits but no quote: fits says how its quote governs the step", k)
		case hasQuote && !hasFits:
			fail(quote.Line, "[%s] has a quote but no fits: say how the sentence governs the step (%s)", k, fitKindList())
		case hasFits:
			if _, _, err := parseFit(fits.Value, quote.Value); err != nil {
				fail(fits.Line, "[%s] fits: %v", k, err)
			} else {
				rec.fits = fits.Value
			}
		}
		// The quote's Chinese may stand beside it (quote-zh) instead of
		// in quotes.glosses: one gloss per sentence either way (buildNotes).
		if qzh, ok := r.Field(fieldQuoteZh); ok {
			if !hasQuote {
				fail(qzh.Line, "[%s] has quote-zh but no quote: quote-zh is the Chinese of its quote", k)
			} else {
				rec.quoteZh = qzh.Value
			}
		}
		rec.note = Note{Text: Text{En: en.Value, Zh: zh.Value}, Spec: spec.Value, Quote: quote.Value}
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

// ParseGlosses reads a file in the format of notes/quotes.glosses (the
// server checks keep theirs in one of their own): each quote's Chinese,
// and every mistake with its file and line.
func ParseGlosses(file, data string) (map[string]string, []error) {
	recs, errs := parseGlosses(file, data)
	out := make(map[string]string, len(recs))
	for _, r := range recs {
		out[r.quote] = r.zh
	}
	return out, errs
}

// parseGlosses reads the glosses file.
func parseGlosses(file, data string) ([]glossRecord, []error) {
	raws, errs := text.Lex(file, data, fieldQuote, fieldZh)
	var out []glossRecord
	at := map[string]int{}
	for _, r := range raws {
		q, hasQ := r.Field(fieldQuote)
		zh, hasZh := r.Field(fieldZh)
		msg := ""
		switch {
		case r.Header != glossHeader:
			msg = fmt.Sprintf("header [%s]: a glosses file has only [%s] records", r.Header, glossHeader)
		case !hasQ:
			msg = "[gloss] is missing quote (the English sentence, verbatim)"
		case !hasZh:
			msg = "[gloss] is missing zh (its Chinese)"
		}
		if msg == "" {
			if first, dup := at[q.Value]; dup {
				msg = fmt.Sprintf("this quote is already glossed on line %d", first)
			}
		}
		if msg != "" {
			errs = append(errs, &text.FileError{File: file, Line: r.Line, Msg: msg})
			continue
		}
		at[q.Value] = r.Line
		out = append(out, glossRecord{q.Value, zh.Value, r.Line})
	}
	return out, errs
}

// formatNote writes a note record the way parseNotes reads it (the
// round trip of FuzzParseNotes); shares is
// the key whose text it shows, or ""; fits the review of its quote and
// quoteZh its Chinese ("" when quotes.glosses has it).
func formatNote(b *strings.Builder, comments []string, k NoteKey, n Note, shares, fits, quoteZh string) {
	for _, c := range comments {
		b.WriteString(c + "\n")
	}
	b.WriteString("[" + k.String() + "]\n")
	line := func(name, v string) { text.WriteField(b, name, v) }
	line(fieldSpec, n.Spec)
	line(fieldQuote, n.Quote)
	line(fieldFits, fits)
	line(fieldQuoteZh, quoteZh)
	if shares != "" {
		line(fieldSameTextAs, shares)
	} else {
		line(fieldEn, n.Text.En)
		line(fieldZh, n.Text.Zh)
	}
	b.WriteString("\n")
}

// formatGloss writes a gloss record the way parseGlosses reads it (the
// round trip of FuzzParseNotes).
func formatGloss(b *strings.Builder, quote, zh string) {
	b.WriteString("[" + glossHeader + "]\n")
	text.WriteField(b, fieldQuote, quote)
	text.WriteField(b, fieldZh, zh)
	b.WriteString("\n")
}
