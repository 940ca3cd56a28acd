package scenario

import (
	"fmt"
	"go/format"
	"os"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/internal/golden"
)

// TestNotesFilesEmbedded: notes_files.go embeds exactly the data files in
// notes/, in name order, and is what notesFilesSource writes; a file
// missing from it fails here, with the command. With -update it rewrites
// notes_files.go from the folder (after adding a file; review git diff).
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
	if got, _ := os.ReadFile("notes_files.go"); string(got) != want && golden.Updating() {
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
		t.Errorf("notes_files.go embeds %q, notes/ holds %q: run go test ./sim/scenario -run TestNotesFilesEmbedded -update", embedded, names)
	}
	if got, _ := os.ReadFile("notes_files.go"); string(got) != want {
		t.Errorf("notes_files.go is not what notesFilesSource writes: run go test ./sim/scenario -run TestNotesFilesEmbedded -update")
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
// io/fs methods add code). Written from the folder by
// go test ./sim/scenario -run TestNotesFilesEmbedded -update, which checks it.
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
