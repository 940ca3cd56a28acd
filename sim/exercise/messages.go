package exercise

import (
	_ "embed" // the data files, as strings
	"sync"

	"mcpwirelab/sim/text"
)

// The exercises' text is data (README, "Editing the course text"): the
// graders' feedback messages in text/messages.text, as fmt formats with
// the same verbs in both languages. Embedded as strings (static data the
// parser reads in place) and parsed on first use, so page start-up does not
// pay for it.
var (
	//go:embed text/messages.text
	textMessages string
)

// textFiles lists the data files, in the order their keys are defined.
func textFiles() []text.Source {
	return []text.Source{
		{Name: "text/messages.text", Data: textMessages},
	}
}

var (
	textsOnce sync.Once
	textsIdx  *text.Table
)

// texts is every string of the data files, by key, parsed once. A mistake
// in a file (tests fail on any) loses only its record.
func texts() *text.Table {
	textsOnce.Do(func() { textsIdx = text.Load(textFiles()...) })
	return textsIdx
}
