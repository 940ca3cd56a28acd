package ui

import (
	_ "embed" // the data files, as strings

	"mcpwirelab/sim/text"
)

// The UI's strings are data (README, "Editing the course text"): text/*.text
// in both languages, read by sim/text. They are embedded as strings (static
// data the parser reads in place; a Go map literal compiles to code that
// inserts every entry at start-up) and parsed on first use.
var (
	//go:embed text/lab.text
	textLab string
	//go:embed text/pages.text
	textPages string
	//go:embed text/capture.text
	textCapture string
	//go:embed text/live.text
	textLive string
	//go:embed text/glossary.text
	textGlossary string
)

// stringFiles are the tables tr looks keys up in (a key defined twice is
// a mistake tests fail on); the glossary is a table of its own.
func stringFiles() []text.Source {
	return []text.Source{
		{Name: "text/lab.text", Data: textLab},
		{Name: "text/pages.text", Data: textPages},
		{Name: "text/capture.text", Data: textCapture},
		{Name: "text/live.text", Data: textLive},
	}
}

// uiStrings is every string tr knows, parsed on first use.
var uiStrings = text.Lazy(stringFiles)

// glossaryTexts is the field guide's table, parsed on first use.
var glossaryTexts = text.Lazy(func() []text.Source {
	return []text.Source{{Name: "text/glossary.text", Data: textGlossary}}
})
