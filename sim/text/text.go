// Package text is the course's bilingual text: the one type every
// learner-visible string has (Text: English and Chinese), and the data
// files the text is written in (README, "Editing the course text").
// It is pure Go with no dependencies but the standard library, so the
// engine, the graders and the UI share it.
package text

// Languages.
const (
	EN = "en"
	ZH = "zh"
)

// Langs lists every language each learner-visible string is written in.
var Langs = []string{EN, ZH}

// Text is one learner-visible string in English and Chinese.
type Text struct {
	En string `json:"en"`
	Zh string `json:"zh"`
}

// In returns the text in lang, falling back to English where the Chinese
// is missing.
//
// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func (t Text) In(lang string) string {
	if lang == ZH && t.Zh != "" {
		return t.Zh
	}
	return t.En
}
