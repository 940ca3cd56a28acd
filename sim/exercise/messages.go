package exercise

import (
	_ "embed" // the data files, as strings
	"fmt"

	"mcpwirelab/sim/text"
)

// The exercises' text is data (README, "Editing the course text"): the
// prose of each set (titles, prompts, hints, choices, explanations) in
// text/set.text, asks.text and primitives.text, keyed
// <exercise id>.<field>[.<id>], and the graders' feedback messages in
// text/messages.text, as fmt formats with the same verbs in both languages.
// Embedded as strings (static data the parser reads in place) and parsed on
// first use, so page start-up does not pay for it.
var (
	//go:embed text/set.text
	textSet string
	//go:embed text/asks.text
	textAsks string
	//go:embed text/primitives.text
	textPrimitives string
	//go:embed text/messages.text
	textMessages string
)

// textFiles lists the data files, in the order their keys are defined.
func textFiles() []text.Source {
	return []text.Source{
		{Name: "text/set.text", Data: textSet},
		{Name: "text/asks.text", Data: textAsks},
		{Name: "text/primitives.text", Data: textPrimitives},
		{Name: "text/messages.text", Data: textMessages},
	}
}

// texts is every string of the data files, by key, parsed on first use. A
// mistake in a file (tests fail on any) loses only its record.
var texts = text.Lazy(textFiles)

// say is the prose text of key (a key no file has shows itself, so a gap
// is visible; TestProseKeysExist fails on it).
//
//go:noinline
func say(key string) Text {
	if t, ok := texts().Get(key); ok {
		return t
	}
	return Text{En: "!(" + key + ")", Zh: "!(" + key + ")"}
}

// sayf is say's text with its fmt verbs filled in by args, in both
// languages: the values the prose shows that the code owns (protocol facts,
// computed numbers).
func sayf(key string, args ...any) Text {
	t := say(key)
	return Text{En: fmt.Sprintf(t.En, args...), Zh: fmt.Sprintf(t.Zh, args...)}
}
