package scenario

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/text/texttest"
)

// httpNotesFile is the data file of the HTTP-foundations scenarios.
const httpNotesFile = "http.notes"

func mustKey(t *testing.T, s string) NoteKey {
	t.Helper()
	k, err := ParseNoteKey(s)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// inNotesFile reports whether key is written in notes/<file>.
func inNotesFile(key, file string) bool {
	return strings.HasPrefix(loadedNotes().where[key].String(), notesDir+"/"+file+":")
}

// TestNotesFilesParse: the embedded data files have no mistakes and no
// key or quote is defined twice (in the files or the Go tables).
func TestNotesFilesParse(t *testing.T) {
	s := loadedNotes()
	for _, err := range s.errs {
		t.Error(err)
	}
	if len(s.notes) == 0 || len(s.glosses) == 0 {
		t.Fatalf("%d notes, %d glosses: the embedded files are missing", len(s.notes), len(s.glosses))
	}
}

// TestNotesFileOK reads a file that uses every feature of the format.
func TestNotesFileOK(t *testing.T) {
	b, err := os.ReadFile("testdata/notes-ok.notes")
	if err != nil {
		t.Fatal(err)
	}
	recs, errs := parseNotes("notes-ok.notes", string(b))
	if len(errs) > 0 {
		t.Fatal(errors.Join(errs...))
	}
	want := []struct {
		key  string
		line int
		note Note
	}{
		{"tools-list.request", 5, Note{
			Text:  Text{En: "The client asks: which tools? #1 of 2.", Zh: "客户端问：有哪些工具？#1"},
			Spec:  "2026-07-28/basic/transports/streamable-http#sending-messages",
			Quote: "The client MUST use HTTP POST to send JSON-RPC messages to the MCP endpoint.",
		}},
		{"tools-list.request@2025-11-25", 12, Note{
			Text: Text{En: "The client asks: which tools? #1 of 2.", Zh: "客户端问：有哪些工具？#1"},
			Spec: "2025-11-25/basic/transports#sending-messages-to-the-server",
		}},
		{"user.prompt", 16, Note{Text: Text{En: "Typed.", Zh: "输入。"}}},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d: %+v", len(recs), len(want), recs)
	}
	for i, w := range want {
		if r := recs[i]; r.key.String() != w.key || r.line != w.line || r.note != w.note {
			t.Errorf("record %d: %s line %d %+v\nwant %s line %d %+v", i, r.key, r.line, r.note, w.key, w.line, w.note)
		}
	}
	if recs[1].shares != "tools-list.request" || len(recs[0].comments) != 3 {
		t.Errorf("shares %q, comments %q", recs[1].shares, recs[0].comments)
	}
}

// TestNotesFilesBroken: each fixture in testdata/notes-broken has one kind
// of mistake; its "# want: <line>: <message>" comments are the errors the
// parser must give, in order, each naming the file and line.
func TestNotesFilesBroken(t *testing.T) {
	texttest.Broken(t, "testdata/notes-broken/*", 20, func(name, data string) []error {
		if strings.HasSuffix(name, ".glosses") {
			_, errs := parseGlosses(name, data)
			return errs
		}
		_, errs := parseNotes(name, data)
		return errs
	})
}

// TestNotesClash: a key written in two data files, or a quote glossed
// twice (in two glosses files, or by a note's quote-zh and a glosses
// file), is an error naming both places; the first definition is kept.
func TestNotesClash(t *testing.T) {
	files := []noteFile{
		{"n/a.notes", "[user.prompt]\nen: A.\nzh: 甲。\n"},
		{"n/b.notes", "\n[user.prompt]\nen: B.\nzh: 乙。\n[model.decides]\nen: D.\nzh: 丁。\n"},
		{"n/quotes.glosses", "[gloss]\nquote: Clients MUST do it.\nzh: 客户端必须这样做。\n"},
		{"n/more.glosses", "\n\n[gloss]\nquote: Clients MUST do it.\nzh: 另一个。\n"},
		// A note that glosses its quote itself (quote-zh), a sentence the
		// glosses file glosses too.
		{"n/c.notes", "[model.reads]\nspec: 2026-07-28/basic/index\nquote: Clients MUST do it.\nfits: sender Clients\nquote-zh: 又一个。\nen: R.\nzh: 读。\n" +
			"[model.writes]\nspec: 2026-07-28/basic/index\nquote: Servers MUST say it.\nfits: sender Servers\nquote-zh: 服务器必须说。\nen: W.\nzh: 写。\n"},
	}
	s := buildNotes(files)
	want := []string{
		"n/b.notes:2: [user.prompt] is already defined at n/a.notes:1",
		`n/more.glosses:3: the quote "Clients MUST do it." is already glossed at n/quotes.glosses:1`,
		`n/c.notes:1: the quote "Clients MUST do it." is already glossed at n/quotes.glosses:1`,
	}
	var got []string
	for _, e := range s.errs {
		got = append(got, e.Error())
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors\n got %q\nwant %q", got, want)
	}
	if s.notes["user.prompt"].Text.En != "A." || s.notes["model.decides"].Text.En != "D." || s.glosses["Clients MUST do it."] != "客户端必须这样做。" {
		t.Errorf("the first definitions are not the ones kept: %+v %+v", s.notes, s.glosses)
	}
	if s.glosses["Servers MUST say it."] != "服务器必须说。" {
		t.Errorf("a note's quote-zh is not its quote's gloss: %q", s.glosses)
	}
	if s := buildNotes(files[:1]); len(s.errs) != 0 {
		t.Errorf("one file alone: %v, want no clash", s.errs)
	}
}

func TestNoteKeyGrammar(t *testing.T) {
	for _, s := range []string{"user.prompt", "tools-list.error.32600.http-400@2025-11-25", "progress", "api.send-email-keyed.request@2026-07-28"} {
		k, err := ParseNoteKey(s)
		if err != nil || k.String() != s {
			t.Errorf("%q: %+v %v", s, k, err)
		}
	}
	for _, s := range []string{"", "@2025-11-25", "a@", "a.", ".a", "a b", "a@2025-11-26", "A.b", "a_b", "a@2025-11-25@2025-11-25"} {
		if _, err := ParseNoteKey(s); err == nil {
			t.Errorf("%q: accepted", s)
		}
	}
	k := Key("tools-list").Error(-32600).HTTP(400).At(protocol.V20251125)
	if k.String() != "tools-list.error.32600.http-400@2025-11-25" || k.Base().String() != "tools-list.error.32600.http-400" {
		t.Errorf("built %s", k)
	}
	if s := Key("api", "flaky").Error(503).String(); s != "api.flaky.error.503" {
		t.Errorf("built %s", s)
	}
}

// TestNoteKeyLookupOrder pins the fallback order NoteKey documents.
func TestNoteKeyLookupOrder(t *testing.T) {
	var got []string
	NoteKey{"tools-list.error.32600.http-400", protocol.V20251125}.eachCandidate(func(k NoteKey) bool {
		got = append(got, k.String())
		return false
	})
	want := strings.Fields(`tools-list.error.32600.http-400@2025-11-25 tools-list.error.32600.http-400
		error.32600.http-400@2025-11-25 error.32600.http-400
		tools-list.error.32600@2025-11-25 tools-list.error.32600
		error.32600@2025-11-25 error.32600
		tools-list.error@2025-11-25 tools-list.error error@2025-11-25 error
		tools-list@2025-11-25 tools-list`)
	if !slices.Equal(got, want) {
		t.Errorf("order\n got %q\nwant %q", got, want)
	}
	got = nil
	NoteKey{Path: "a.b"}.eachCandidate(func(k NoteKey) bool { got = append(got, k.String()); return k.Path == "b" })
	if !slices.Equal(got, []string{"a.b", "b"}) {
		t.Errorf("no version, stop at the first hit: %q", got)
	}
	// Against the real index: the shared error note serves a label with
	// no note of its own, a version-specific one wins over the plain one.
	if n := AnnotationFor("sessionless.error.32600.http-400", protocol.V20251125); n != noteIndex()["sessionless.error.32600.http-400@2025-11-25"] {
		t.Errorf("own entry not found: %+v", n)
	}
	if n := AnnotationFor("sessionless.error.32600.http-400", protocol.V20260728); n != noteIndex()["error.32600.http-400"] {
		t.Errorf("shared entry not found: %+v", n)
	}
	if n := AnnotationFor("no-such-label.error.32601", protocol.V20251125); n != noteIndex()["error.32601@2025-11-25"] {
		t.Errorf("shared error note not found: %+v", n)
	}
}

// FuzzParseNotes: the parsers never panic; whatever they accept they
// write back (formatNote, formatGloss) to a file that parses the same.
func FuzzParseNotes(f *testing.F) {
	for _, g := range []string{"testdata/notes-ok.notes", "testdata/notes-broken/*", "testdata/hostrules-broken/*", "notes/*"} {
		files, _ := filepath.Glob(g)
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
				f.Add(string(b))
			}
		}
	}
	f.Add("[a]\nen: x\nzh: y\n[b]\nsame-text-as: a\n")
	f.Fuzz(func(t *testing.T, data string) {
		recs, errs0 := parseNotes("f.notes", data)
		glosses, _ := parseGlosses("f.glosses", data)
		for _, r := range must(parseHostRules("f.rules", data)) {
			r.re().ReplaceAllString(data, r.zh) // a rule read is a rule that runs
		}
		var g strings.Builder
		for _, r := range glosses {
			formatGloss(&g, r.quote, r.zh)
		}
		againG, errs := parseGlosses("g.glosses", g.String())
		if len(errs) > 0 || len(againG) != len(glosses) {
			t.Fatalf("glosses written back: %v, %d of %d\n%s", errs, len(againG), len(glosses), g.String())
		}
		for i := range glosses {
			if a := glosses[i]; a.quote != againG[i].quote || a.zh != againG[i].zh {
				t.Fatalf("gloss %d: %+v, then %+v", i, a, againG[i])
			}
		}
		var b strings.Builder
		for _, r := range recs {
			formatNote(&b, nil, r.key, r.note, "", r.fits, r.quoteZh)
		}
		// A record kept with an error of its own (a quote without its
		// fits: the note still shows, the tests fail) keeps that error
		// when written back, and no record gains one.
		again, errs := parseNotes("g.notes", b.String())
		if len(errs) > len(errs0) || len(again) != len(recs) {
			t.Fatalf("written back: %v, %d of %d records\n%s", errs, len(again), len(recs), b.String())
		}
		for i := range recs {
			if again[i].key != recs[i].key || again[i].note != recs[i].note || again[i].quoteZh != recs[i].quoteZh {
				t.Fatalf("record %d: %+v, then %+v", i, recs[i], again[i])
			}
		}
	})
}

func must[T any](v T, _ []error) T { return v }
