package scenario

import (
	"regexp"
	"testing"
)

var codeSpan = regexp.MustCompile("`[^`]+`")

// TestEveryQuoteHasAGloss: each quoted spec sentence has its Chinese, the
// Chinese keeps the quote's code spans (header names, codes, methods)
// unchanged, and no gloss is left over from a quote that changed.
func TestEveryQuoteHasAGloss(t *testing.T) {
	used := map[string]bool{}
	for _, k := range sortedNoteKeys() {
		q := noteIndex()[k].Quote
		if q == "" {
			continue
		}
		used[q] = true
		zh := QuoteGloss(q)
		if zh == "" {
			t.Errorf("note %s (%s): no Chinese gloss for its quote (give the note a quote-zh, or add a [gloss] to notes/%s): %q", k, loadedNotes().where[k].String(), glossFile, q)
			continue
		}
		if !hasCJK(zh) {
			t.Errorf("note %s: the gloss is not Chinese: %q", k, zh)
		}
		for _, c := range codeSpan.FindAllString(q, -1) {
			if !regexp.MustCompile(regexp.QuoteMeta(c)).MatchString(zh) {
				t.Errorf("note %s: the gloss lacks %s: %q", k, c, zh)
			}
		}
	}
	// Two glosses of one sentence are an error of the index
	// (TestNotesFilesParse).
	for q := range loadedNotes().glosses {
		if !used[q] {
			t.Errorf("notes/%s: gloss for a sentence no note quotes: %q", glossFile, q)
		}
	}
}
