package scenario

import (
	"strings"
	"sync"
)

// noteEntry is one annotation of the tables in notes_text.go and
// notes_http.go. The notes are tables, not map literals: a map literal
// whose values are structs compiles to WebAssembly code that inserts every
// entry at start-up (about 55 KB), a table of structs of strings is static
// data. The map is built from the tables on first use.
type noteEntry struct {
	key  string
	note Note
}

var (
	notesOnce sync.Once
	noteMap   map[string]Note // every note by key; use noteIndex

	// noteClashes lists keys that noteTable defines twice and
	// httpNoteClashes keys of httpNoteTable that are already defined
	// (by noteTable, or earlier in httpNoteTable); asksNoteClashes likewise
	// for asksNoteTable (notes_asks.go). The first entry wins. Tests fail on
	// any.
	noteClashes, httpNoteClashes, asksNoteClashes []string
)

// noteIndex returns the notes by key, built once from noteTable and then
// httpNoteTable.
func noteIndex() map[string]Note {
	notesOnce.Do(func() {
		m := make(map[string]Note, len(noteTable)+len(httpNoteTable)+len(asksNoteTable))
		for _, e := range noteTable {
			if _, dup := m[e.key]; dup {
				noteClashes = append(noteClashes, e.key)
				continue
			}
			m[e.key] = e.note
		}
		for _, e := range httpNoteTable {
			if _, dup := m[e.key]; dup {
				httpNoteClashes = append(httpNoteClashes, e.key)
				continue
			}
			m[e.key] = e.note
		}
		for _, e := range asksNoteTable {
			if _, dup := m[e.key]; dup {
				asksNoteClashes = append(asksNoteClashes, e.key)
				continue
			}
			m[e.key] = e.note
		}
		noteMap = m
	})
	return noteMap
}

// AnnotationFor looks a note up for a version. Keys are dotted, most
// general first ("tools-list.error.32600.http-400"); the lookup tries the
// whole key, then the key without its leading label ("error.32600.http-400",
// shared by every request), then shorter and shorter prefixes, each time
// preferring a version-specific entry ("key@2026-07-28"). Unknown keys fall
// back to a text built from the key, so a renderer always has something; a
// test asserts every key the engine emits has a written note.
func AnnotationFor(key, version string) Note {
	if n, ok := lookupNote(key, version); ok {
		return n
	}
	return Note{Text: Text{En: strings.ReplaceAll(key, ".", " · "), Zh: strings.ReplaceAll(key, ".", " · ")}}
}

// HasAnnotation reports whether a key resolves to a written note.
func HasAnnotation(key, version string) bool {
	_, ok := lookupNote(key, version)
	return ok
}

func lookupNote(key, version string) (Note, bool) {
	notes := noteIndex()
	parts := strings.Split(key, ".")
	try := func(k string) (Note, bool) {
		if version != "" {
			if n, ok := notes[k+"@"+version]; ok {
				return n, true
			}
		}
		n, ok := notes[k]
		return n, ok
	}
	for i := len(parts); i > 0; i-- {
		if n, ok := try(strings.Join(parts[:i], ".")); ok {
			return n, true
		}
		if i > 1 {
			if n, ok := try(strings.Join(parts[1:i], ".")); ok {
				return n, true
			}
		}
	}
	return Note{}, false
}
