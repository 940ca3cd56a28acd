package ui

import "mcpwirelab/sim/text"

// Every string the visualizer shows lives in this table, in both languages.
// i18n_test.go checks that each key has both texts and that every key the
// code asks for exists.

// Lang is a UI language code.
const (
	LangEn = "en"
	LangZh = "zh"
)

// lookupStr returns the text of key.
func lookupStr(key string) (text.Text, bool) { return uiStrings().Get(key) }

// hasStr reports whether key is a string of the tables.
func hasStr(key string) bool {
	_, ok := lookupStr(key)
	return ok
}

// tr returns the text for key in lang (English for unknown languages). A
// missing key shows itself, so a gap is visible rather than blank.
func tr(lang, key string) string {
	t, ok := lookupStr(key)
	if !ok {
		return key
	}
	if lang == LangZh {
		return t.Zh
	}
	return t.En
}
