package scenario

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/text"
)

var exportFlag = flag.Bool("export", false, "TestExportNotes: move the Go annotation tables (notes_go.go) into notes/ and delete the Go files that held only them")

// TestExportNotes moves the annotation tables still written in Go
// (goNoteTables, goGlossTables) into the data files. Without -export it
// does so in a scratch copy of notes/ and checks the data alone then give
// the very index the data and the Go tables give together: the move loses
// and changes nothing. With -export it writes notes/, deletes each Go file
// that held nothing but its tables (and their texts and constants), and
// empties notes_go.go.
func TestExportNotes(t *testing.T) {
	dir := notesDir
	if !*exportFlag {
		dir = t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(notesDir)); err != nil {
			t.Fatal(err)
		}
	}
	if err := exportNotes(dir, ".", goNoteTables, goGlossTables); err != nil {
		t.Fatal(err)
	}
	after := buildNotes(dirNoteFiles(t, dir), nil, nil)
	if len(after.errs) > 0 {
		t.Fatalf("the exported files do not parse: %v", errors.Join(after.errs...))
	}
	// Before: the embedded files and the Go tables. A Go table may repeat
	// what the data files already hold (a merge kept quotes_zh.go whole):
	// identical twice is no error here, the export skips it.
	before := buildNotes(embeddedNoteFiles(), goNoteTables, goGlossTables)
	for _, err := range before.errs {
		if c, ok := err.(*clashError); !ok || !c.same {
			t.Fatalf("the index has errors before the export: %v", err)
		}
	}
	if !maps.Equal(before.notes, after.notes) || !maps.Equal(before.glosses, after.glosses) {
		for k, n := range before.notes {
			if after.notes[k] != n {
				t.Errorf("note %s: before %+v, after %+v", k, n, after.notes[k])
			}
		}
		t.Fatalf("the export changed the index: %d notes, %d glosses before; %d, %d after", len(before.notes), len(before.glosses), len(after.notes), len(after.glosses))
	}
	if !*exportFlag {
		return
	}
	var left []string
	for _, f := range goTableFiles(goNoteTables, goGlossTables) {
		if err := removeIfOnlyTables(f); err != nil {
			left = append(left, err.Error())
		}
	}
	if len(left) > 0 {
		t.Fatalf("exported, but remove these tables by hand, then their lines in notes_go.go:\n%s", strings.Join(left, "\n"))
	}
	if err := os.WriteFile("notes_go.go", []byte(goTablesSource(nil)), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("moved %d Go tables into %s; run go test ./sim/scenario", len(goNoteTables)+len(goGlossTables), dir)
}

// goTablesSource is notes_go.go registering the tables found (none once
// every table is data).
func goTablesSource(found []foundTable) string {
	var notes, glosses strings.Builder
	for _, f := range found {
		entry, list, _ := strings.Cut(f.line, " to ")
		if list == "goNoteTables" {
			notes.WriteString("\t\t" + entry + ",\n")
		} else {
			glosses.WriteString("\t\t" + entry + ",\n")
		}
	}
	src := `package scenario

// The annotation tables still written in Go, while the course text moves
// to notes/. Their entries join the index after the data files'. To move
// them (and delete the Go files once they hold nothing else):
//
//	make notes-export
//
// (TestGoNoteTablesRegistered -export lists every Go table here, then
// TestExportNotes -export moves them.) A table is one line here:
// {file: "notes_x.go", data: "x.notes", entries: xNoteTable[:]}.
var (
	goNoteTables = []goNoteTable{
` + notes.String() + `	}
	goGlossTables = []goGlossTable{
` + glosses.String() + `	}
)
`
	b, err := format.Source([]byte(src))
	if err != nil {
		panic(err) // a bug of the template
	}
	return string(b)
}

// readNoteFiles reads the data files of a folder, in name order (as
// embeddedNoteFiles does), named by their base name.
func readNoteFiles(dir string) ([]noteFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []noteFile
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, noteFile{e.Name(), string(b)})
	}
	return files, nil
}

func dirNoteFiles(t *testing.T, dir string) []noteFile {
	t.Helper()
	files, err := readNoteFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func goTableFiles(tables []goNoteTable, glosses []goGlossTable) []string {
	var files []string
	seen := map[string]bool{}
	for _, f := range append(tableFiles(tables), glossFiles(glosses)...) {
		if !seen[f] {
			seen[f] = true
			files = append(files, f)
		}
	}
	return files
}

func tableFiles(ts []goNoteTable) (f []string) {
	for _, t := range ts {
		f = append(f, t.file)
	}
	return f
}

func glossFiles(ts []goGlossTable) (f []string) {
	for _, t := range ts {
		f = append(f, t.file)
	}
	return f
}

// exportNotes appends the entries of the Go tables to the data files in
// dir (srcDir holds the Go files, read for their section comments). An
// entry the data files already have, identical, is skipped; one they have
// with another text is an error (the move never overwrites). A text equal
// to one already in the target file is written as same-text-as.
func exportNotes(dir, srcDir string, tables []goNoteTable, glosses []goGlossTable) error {
	files, err := readNoteFiles(dir)
	if err != nil {
		return err
	}
	have := buildNotes(files, nil, nil)
	if len(have.errs) > 0 {
		return fmt.Errorf("fix the data files first: %w", errors.Join(have.errs...))
	}
	var errs []error
	for _, t := range tables {
		target := filepath.Join(dir, t.data)
		old, err := os.ReadFile(target)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		recs, _ := parseNotes(t.data, string(old))
		owner := map[Text]string{} // a text → the key in the target file that holds it
		for _, r := range recs {
			if r.shares == "" {
				if _, ok := owner[r.note.Text]; !ok {
					owner[r.note.Text] = r.key.String()
				}
			}
		}
		sections := goSections(filepath.Join(srcDir, t.file))
		var b strings.Builder
		b.Write(old)
		if len(old) == 0 {
			fmt.Fprintf(&b, "# Annotations moved from %s by make notes-export. The format and how to\n# check an edit: README, \"Editing the course text\"; the keys: NoteKey (notekey.go).\n\n", t.file)
		} else if !strings.HasSuffix(string(old), "\n\n") {
			b.WriteString("\n")
		}
		for _, e := range t.entries {
			if n, ok := have.notes[e.key]; ok {
				if n != e.note {
					errs = append(errs, fmt.Errorf("%s: [%s] differs from the one at %s; make them one", t.file, e.key, have.where[e.key].String()))
				}
				continue
			}
			k, err := ParseNoteKey(e.key)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %v", t.file, err))
				continue
			}
			for name, v := range map[string]string{fieldEn: e.note.Text.En, fieldZh: e.note.Text.Zh, fieldSpec: e.note.Spec, fieldQuote: e.note.Quote} {
				if why := formattable(v); why != "" {
					errs = append(errs, fmt.Errorf("%s: [%s] %s %s", t.file, e.key, name, why))
				}
			}
			shares, ok := owner[e.note.Text]
			if !ok {
				owner[e.note.Text] = e.key
			}
			var comments []string
			if c := sections[e.key]; c != "" {
				comments = []string{"# " + c}
			}
			formatNote(&b, comments, k, e.note, shares, e.fits)
			have.notes[e.key], have.where[e.key] = e.note, noteAt{file: t.file}
		}
		if err := os.WriteFile(target, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	if len(glosses) > 0 {
		target := filepath.Join(dir, glossFile)
		old, err := os.ReadFile(target)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		var b strings.Builder
		b.Write(old)
		if len(old) == 0 {
			b.WriteString("# The Chinese of every spec sentence a note quotes, one [gloss] per sentence. The inspector\n# shows it beside the verbatim quote under lang=zh; quote must be the note's quote exactly.\n\n")
		}
		for _, t := range glosses {
			for _, g := range t.entries {
				if zh, ok := have.glosses[g.quote]; ok {
					if zh != g.zh {
						errs = append(errs, fmt.Errorf("%s: the gloss of %q differs from the one in %s", t.file, text.Clip(g.quote), glossFile))
					}
					continue
				}
				for _, v := range []string{g.quote, g.zh} {
					if why := formattable(v); why != "" {
						errs = append(errs, fmt.Errorf("%s: gloss of %q %s", t.file, text.Clip(g.quote), why))
					}
				}
				formatGloss(&b, g.quote, g.zh)
				have.glosses[g.quote] = g.zh
			}
		}
		if err := os.WriteFile(target, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return errors.Join(errs...)
}

var (
	sectionRE = regexp.MustCompile(`^\s*//\s*(-{3,}.*?)\s*$`)
	entryRE   = regexp.MustCompile(`^\s*\{"([^"]+)",`)
)

// goSections maps a key of a Go table to the section comment
// ("// ---- tools/list ----") just above it, if any.
func goSections(file string) map[string]string {
	out := map[string]string{}
	f, err := os.Open(file)
	if err != nil {
		return out
	}
	defer f.Close()
	pending := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if m := sectionRE.FindStringSubmatch(sc.Text()); m != nil {
			pending = m[1]
		} else if m := entryRE.FindStringSubmatch(sc.Text()); m != nil && pending != "" {
			out[m[1]], pending = pending, ""
		}
	}
	return out
}

// removeIfOnlyTables deletes a Go file whose declarations are all
// variables and constants (a table, its shared texts, its citations);
// otherwise it says what is left to remove by hand.
func removeIfOnlyTables(file string) error {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); !ok || (g.Tok != token.VAR && g.Tok != token.CONST) {
			return fmt.Errorf("%s: holds more than note tables (functions, types or imports); delete its tables by hand", file)
		}
	}
	return os.Remove(file)
}

// TestGoNoteTablesRegistered: every annotation or gloss table written in
// Go in this package is in notes_go.go, so that it reaches the index and
// TestExportNotes moves it (a table a merge brings in is otherwise
// silently unused). The failure gives the line to add; with -export it
// writes notes_go.go listing them all.
func TestGoNoteTablesRegistered(t *testing.T) {
	registered := map[string]bool{}
	for _, f := range goTableFiles(goNoteTables, goGlossTables) {
		registered[f] = true
	}
	found := findGoTables(t, ".")
	if *exportFlag {
		if err := os.WriteFile("notes_go.go", []byte(goTablesSource(found)), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("notes_go.go lists %d Go tables; now TestExportNotes -export moves them", len(found))
		return
	}
	for _, tb := range found {
		if !registered[tb.file] {
			t.Errorf("%s: %s is not in notes_go.go; add %s", tb.file, tb.name, tb.line)
		}
	}
}

type foundTable struct{ file, name, line string }

// findGoTables lists the package-level variables of the Go files in dir
// whose value is a table of noteEntry or of quote glosses.
func findGoTables(t *testing.T, dir string) []foundTable {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var out []foundTable
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(file)
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, v := range vs.Values {
					cl, ok := v.(*ast.CompositeLit)
					if !ok {
						continue
					}
					at, ok := cl.Type.(*ast.ArrayType)
					if !ok {
						continue
					}
					name := vs.Names[i].Name
					switch elt := at.Elt.(type) {
					case *ast.Ident:
						switch elt.Name {
						case "noteEntry":
							data := strings.TrimSuffix(strings.TrimPrefix(base, "notes_"), ".go") + ".notes"
							out = append(out, foundTable{base, name, fmt.Sprintf("{file: %q, data: %q, entries: %s[:]} to goNoteTables", base, data, name)})
						case "glossEntry":
							out = append(out, foundTable{base, name, fmt.Sprintf("{file: %q, entries: %s[:]} to goGlossTables", base, name)})
						}
					case *ast.StructType:
						if len(elt.Fields.List) == 1 && len(elt.Fields.List[0].Names) == 2 && elt.Fields.List[0].Names[0].Name == "quote" {
							out = append(out, foundTable{base, name, fmt.Sprintf("{file: %q, entries: %s[:]} to goGlossTables", base, name)})
						}
					}
				}
			}
		}
	}
	return out
}

// TestFindGoTables is the broken twin of TestGoNoteTablesRegistered: the
// tables a branch adds in Go are found, with the line to register them.
func TestFindGoTables(t *testing.T) {
	dir := t.TempDir()
	src := "package scenario\n\nvar askNoteTable = [...]noteEntry{}\n\nvar quoteGlosses = [...]struct{ quote, zh string }{}\n\nvar other = []string{}\n"
	if err := os.WriteFile(filepath.Join(dir, "notes_asks.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := findGoTables(t, dir)
	want := []foundTable{
		{"notes_asks.go", "askNoteTable", `{file: "notes_asks.go", data: "asks.notes", entries: askNoteTable[:]} to goNoteTables`},
		{"notes_asks.go", "quoteGlosses", `{file: "notes_asks.go", entries: quoteGlosses[:]} to goGlossTables`},
	}
	if !slices.Equal(got, want) {
		t.Errorf("found %q\nwant %q", got, want)
	}
}

// TestNotesFilesEmbedded: notes_files.go embeds exactly the data files in
// notes/, in name order. With -export it rewrites notes_files.go from the
// folder (make notes-export does, after adding a file); otherwise a file
// missing from it fails here, with the command.
func TestNotesFilesEmbedded(t *testing.T) {
	entries, err := os.ReadDir(notesDir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".notes") || strings.HasSuffix(e.Name(), ".glosses") {
			names = append(names, e.Name())
		}
	}
	want := notesFilesSource(names)
	if *exportFlag {
		if err := os.WriteFile("notes_files.go", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var embedded []string
	for _, f := range embeddedNoteFiles() {
		embedded = append(embedded, strings.TrimPrefix(f.name, notesDir+"/"))
		b, err := os.ReadFile(f.name)
		if err != nil || string(b) != f.data {
			t.Errorf("%s: the embedded text is not the file's (%v)", f.name, err)
		}
	}
	if !slices.Equal(embedded, names) {
		t.Errorf("notes_files.go embeds %q, notes/ holds %q: run make notes-export (or add the file there)", embedded, names)
	}
	if got, _ := os.ReadFile("notes_files.go"); string(got) != want {
		t.Errorf("notes_files.go is not what make notes-export writes")
	}
}

// notesFilesSource is notes_files.go embedding the named files of notes/.
func notesFilesSource(names []string) string {
	var vars, list strings.Builder
	for _, n := range names {
		v := "noteFile"
		for _, part := range strings.FieldsFunc(n, func(r rune) bool { return r == '-' || r == '.' || r == '_' }) {
			v += strings.ToUpper(part[:1]) + part[1:]
		}
		fmt.Fprintf(&vars, "\t//go:embed %s/%s\n\t%s string\n", notesDir, n, v)
		fmt.Fprintf(&list, "\t\t{%q, %s},\n", notesDir+"/"+n, v)
	}
	src := `package scenario

import _ "embed" // the data files, as strings

// The data files under notes/, each embedded as one string: static data
// the parser reads in place (embed.FS would copy each file, and its
// io/fs methods add code). Written by make notes-export from the folder;
// TestNotesFilesEmbedded checks it.
var (
` + vars.String() + `)

// embeddedNoteFiles lists the data files in name order.
func embeddedNoteFiles() []noteFile {
	return []noteFile{
` + list.String() + `	}
}
`
	b, err := format.Source([]byte(src))
	if err != nil {
		panic(err)
	}
	return string(b)
}
