package scenario

import "strings"

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
