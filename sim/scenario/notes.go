package scenario

import (
	"errors"
	"strconv"
	"strings"
	"sync"

	"mcpwirelab/sim/text"
)

// The annotations are data: notes/*.notes, one file per scenario family,
// and notes/quotes.glosses, the Chinese of every quoted spec sentence
// that its note does not gloss itself (a note's quote-zh; the
// format is described in notesfile.go, the keys at NoteKey). They are
// embedded (notes_files.go) and parsed on first use.

// notesDir is the folder of the data files.
const notesDir = "notes"

// glossFile is the data file of the quote glosses.
const glossFile = "quotes.glosses"

// noteSet is the index of every note and gloss.
type noteSet struct {
	notes   map[string]Note
	where   map[string]noteAt // key → where it is written
	glosses map[string]string // quote → Chinese
	fits    map[string]string // key → how its quote governs its step (quotefit.go)
	// errs are the mistakes in the data files and the keys or quotes
	// defined twice (the first definition wins). Tests fail on any.
	errs []error
}

// noteAt is where a note or gloss is written: a data file and line.
type noteAt struct {
	file string
	line int
}

func (a noteAt) String() string { return a.file + ":" + strconv.Itoa(a.line) }

var (
	notesOnce sync.Once
	notesIdx  *noteSet
)

// loadedNotes is the index of the embedded files, built once.
func loadedNotes() *noteSet {
	notesOnce.Do(func() {
		notesIdx = buildNotes(embeddedNoteFiles())
	})
	return notesIdx
}

// noteIndex returns the notes by key (NoteKey.String).
func noteIndex() map[string]Note { return loadedNotes().notes }

// noteFile is one data file: its name (for errors) and its text.
type noteFile struct{ name, data string }

// buildNotes indexes the data files, in order.
func buildNotes(files []noteFile) *noteSet {
	s := &noteSet{notes: map[string]Note{}, where: map[string]noteAt{}, glosses: map[string]string{}, fits: map[string]string{}}
	add := func(key string, n Note, at noteAt) {
		if first, dup := s.where[key]; dup {
			s.errs = append(s.errs, errors.New(at.String()+": ["+key+"] is already defined at "+first.String()))
			return
		}
		s.notes[key], s.where[key] = n, at
	}
	glossAt := map[string]noteAt{}
	addGloss := func(quote, zh string, at noteAt) {
		if first, dup := glossAt[quote]; dup {
			s.errs = append(s.errs, errors.New(at.String()+": the quote "+strconv.Quote(text.Clip(quote))+" is already glossed at "+first.String()))
			return
		}
		s.glosses[quote], glossAt[quote] = zh, at
	}
	for _, f := range files {
		switch {
		case strings.HasSuffix(f.name, ".notes"):
			recs, errs := parseNotes(f.name, f.data)
			s.errs = append(s.errs, errs...)
			for _, r := range recs {
				add(r.key.String(), r.note, noteAt{f.name, r.line})
				if r.fits != "" {
					s.fits[r.key.String()] = r.fits
				}
				if r.quoteZh != "" {
					addGloss(r.note.Quote, r.quoteZh, noteAt{f.name, r.line})
				}
			}
		case strings.HasSuffix(f.name, ".glosses"):
			recs, errs := parseGlosses(f.name, f.data)
			s.errs = append(s.errs, errs...)
			for _, r := range recs {
				addGloss(r.quote, r.zh, noteAt{f.name, r.line})
			}
		}
	}
	return s
}

// AnnotationFor looks a note up for a version, in the order NoteKey
// describes (the whole key, then without its exchange label, then shorter
// and shorter, each time "@version" first). Unknown keys fall back to a
// text built from the key, so a renderer always has something; a test
// asserts every key the engine emits has a written note.
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

func lookupNote(key, version string) (n Note, found bool) {
	notes := noteIndex()
	NoteKey{Path: key, Version: version}.eachCandidate(func(k NoteKey) bool {
		n, found = notes[k.String()]
		return found
	})
	return n, found
}

// QuoteGloss is the Chinese translation of a spec sentence a note quotes
// ("" when there is none); the quote itself stays verbatim beside it.
func QuoteGloss(quote string) string { return loadedNotes().glosses[quote] }
