package check

import (
	_ "embed"
	"fmt"
	"strings"

	"mcpwirelab/sim/text"
)

// The verdict messages, as data (README, "Editing the course text"): one
// record per message, its key what msg and judge.result name, its en and
// zh the formats, a comment "# args:" above it saying what fills its verbs;
// the same file holds the checks' titles and the probes' notes.
var (
	//go:embed text/verdicts.text
	verdictsFile string
)

// The files' names in errors.
const (
	verdictFile = "sim/check/text/verdicts.text"
)

// verdictTable is the file's table, read the first time a message,
// a title or a note is asked for.
var verdictTable = text.Lazy(func() []text.Source {
	return []text.Source{{Name: verdictFile, Data: verdictsFile}}
})

// Msg is a verdict message in the course's two languages: a format for
// each (the text of its key) and the values both fill in. A value that is
// itself a Msg (a fragment: a list of problems, a note) is rendered in the
// same language;
// every other value (a tool name, a step, a code, the server's own words)
// is formatted by the same verb in both, so the Chinese says exactly what
// the English says. The CLI reports speak English (Result.Message); the
// page shows the Chinese under lang=zh.
type Msg struct {
	f    text.Text
	args []any
}

// msg is the message of key in verdicts.text with its values. The key is
// a literal (TestVerdictKeys reads them from the source); a zh format may
// reorder the values with explicit indexes (%[2]s) but uses each value
// the en format uses, with the same verb. A key the table lacks (a test
// fails on it) shows as itself.
func msg(key string, args ...any) Msg { return Msg{verdictText(key), args} }

// verdictText is the formats of key.
func verdictText(key string) text.Text {
	if f, ok := verdictTable().Get(key); ok {
		return f
	}
	return text.Text{En: key, Zh: key}
}

// En is the English message, as the CLI reports print it.
func (m Msg) En() string { return m.render(false) }

// Zh is the Chinese message.
func (m Msg) Zh() string { return m.render(true) }

func (m Msg) render(zh bool) string {
	f := m.f.En
	if zh {
		f = m.f.Zh
	}
	if len(m.args) == 0 {
		return f
	}
	args := make([]any, len(m.args))
	for i, a := range m.args {
		if p, ok := a.(Msg); ok {
			a = p.render(zh)
		}
		args[i] = a
	}
	return fmt.Sprintf(f, args...)
}

// empty reports whether the message says nothing.
func (m Msg) empty() bool { return m.f.En == "" }

// cat is the fragments one after the other.
func cat(parts ...Msg) Msg {
	args := make([]any, len(parts))
	for i, p := range parts {
		args[i] = p
	}
	f := strings.Repeat("%s", len(parts))
	return Msg{text.Text{En: f, Zh: f}, args}
}

// join is the fragments with "; " (in Chinese "；") between them.
func join(items []Msg) Msg { return joinWith(items, "sep.problems") }

// joinWith is the fragments with the separator of key (a text of
// verdicts.text, no verb) between them.
func joinWith(items []Msg, key string) Msg {
	if len(items) == 0 {
		return Msg{}
	}
	args := make([]any, len(items))
	for i, p := range items {
		args[i] = p
	}
	sep := verdictText(key)
	return Msg{text.Text{En: "%s" + strings.Repeat(sep.En+"%s", len(items)-1), Zh: "%s" + strings.Repeat(sep.Zh+"%s", len(items)-1)}, args}
}

// plain is a value that reads the same in both languages.
func plain(s string) Msg { return Msg{text.Text{En: "%s", Zh: "%s"}, []any{s}} }

// Graded is a verdict with its message in both languages (Message is
// Msg.En()): what the page shows.
type Graded struct {
	Result
	Msg Msg
}
