package ui

import (
	_ "embed" // the data files, as strings
	"sync"

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

var (
	stringsOnce, glossaryOnce sync.Once
	stringsIdx, glossaryIdx   *text.Table
)

// uiStrings is every string tr knows, parsed once.
func uiStrings() *text.Table {
	stringsOnce.Do(func() { stringsIdx = text.Load(stringFiles()...) })
	return stringsIdx
}

// glossaryTexts is the field guide's table, parsed once.
func glossaryTexts() *text.Table {
	glossaryOnce.Do(func() { glossaryIdx = text.Load(text.Source{Name: "text/glossary.text", Data: textGlossary}) })
	return glossaryIdx
}
