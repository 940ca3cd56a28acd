package text

import (
	"fmt"
	"strings"
	"sync"
)

// A table (*.text) is the simplest data file: one record per string, its
// key the header and its text the fields en and zh, both required:
//
//	[ctl.version]
//	en: Protocol version
//	zh: 协议版本
//
// A key is any text without spaces or brackets. Where the code formats
// a string (fmt verbs such as %s, %d, %[2]d), both languages use the same
// verbs on the same arguments; CheckVerbs says where they do not.

// Field names of a table.
const (
	FieldEn = "en"
	FieldZh = "zh"
)

// Entry is one string of a table.
type Entry struct {
	Key      string
	Text     Text
	Line     int
	Comments []string // the comment lines above its header
}

// ParseTable reads a table: every entry it could read, and every mistake.
func ParseTable(file, data string) ([]Entry, []error) {
	recs, errs := Lex(file, data, FieldEn, FieldZh)
	fail := func(line int, format string, a ...any) {
		errs = append(errs, &FileError{file, line, fmt.Sprintf(format, a...)})
	}
	var out []Entry
	at := map[string]int{} // key → line
	for _, r := range recs {
		en, hasEn := r.Field(FieldEn)
		zh, hasZh := r.Field(FieldZh)
		switch {
		case !IsKey(r.Header):
			fail(r.Line, "[%s]: a key has no spaces or brackets", r.Header)
		case at[r.Header] != 0:
			fail(r.Line, "[%s] is defined twice (first on line %d)", r.Header, at[r.Header])
		case !hasEn && !hasZh:
			fail(r.Line, "[%s] has no text: give en and zh", r.Header)
		case !hasEn:
			fail(r.Line, "[%s] is missing en (the English text)", r.Header)
		case !hasZh:
			fail(r.Line, "[%s] is missing zh (the Chinese text)", r.Header)
		default:
			at[r.Header] = r.Line
			out = append(out, Entry{r.Header, Text{en.Value, zh.Value}, r.Line, r.Comments})
		}
	}
	return out, errs
}

// IsKey reports whether s can be a table's key.
func IsKey(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return isSpace(r) || r == '[' || r == ']' })
}

// FormatEntry writes an entry the way ParseTable reads it.
func FormatEntry(b *strings.Builder, e Entry) {
	for _, c := range e.Comments {
		b.WriteString(c + "\n")
	}
	b.WriteString("[" + e.Key + "]\n")
	WriteField(b, FieldEn, e.Text.En)
	WriteField(b, FieldZh, e.Text.Zh)
	b.WriteString("\n")
}

// Table is a parsed table, looked up by key.
type Table struct {
	texts map[string]Text
	// Errs are the mistakes in its files; tests fail on any.
	Errs []error
	// Where is the file:line of each key.
	Where map[string]string
}

// Source is one data file: its name (for errors) and its text.
type Source struct{ Name, Data string }

// Load parses the files into one table; a key defined in two of them is
// a mistake (the first definition wins).
func Load(files ...Source) *Table {
	t := &Table{texts: map[string]Text{}, Where: map[string]string{}}
	for _, f := range files {
		entries, errs := ParseTable(f.Name, f.Data)
		t.Errs = append(t.Errs, errs...)
		for _, e := range entries {
			at := fmt.Sprintf("%s:%d", f.Name, e.Line)
			if first, dup := t.Where[e.Key]; dup {
				t.Errs = append(t.Errs, fmt.Errorf("%s: [%s] is already defined at %s", at, e.Key, first))
				continue
			}
			t.texts[e.Key], t.Where[e.Key] = e.Text, at
		}
	}
	return t
}

// Get returns the text of key.
func (t *Table) Get(key string) (Text, bool) {
	x, ok := t.texts[key]
	return x, ok
}

// Keys returns every key, in no particular order.
func (t *Table) Keys() []string {
	keys := make([]string, 0, len(t.texts))
	for k := range t.texts {
		keys = append(keys, k)
	}
	return keys
}

// Lazy returns a function that loads the files into a table the first
// time it is called and returns that table ever after: a page pays for
// parsing only when it shows a text.
func Lazy(files func() []Source) func() *Table {
	return sync.OnceValue(func() *Table { return Load(files()...) })
}
