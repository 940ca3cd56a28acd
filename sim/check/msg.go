package check

import (
	"fmt"
	"strings"
)

// Msg is a verdict message in the course's two languages: a format for
// each and the values both fill in. A value that is itself a Msg (a
// fragment: a list of problems, a note) is rendered in the same language;
// every other value (a tool name, a step, a code, the server's own words)
// is formatted by the same verb in both, so the Chinese says exactly what
// the English says. The CLI reports speak English (Result.Message); the
// page shows the Chinese under lang=zh.
type Msg struct {
	en, zh string
	args   []any
}

// msg is a message. Both formats are literals (TestMessagesBilingual
// reads them from the source): a zh format may reorder the values with
// explicit indexes (%[2]s) but uses each value the en format uses, with
// the same verb.
func msg(en, zh string, args ...any) Msg { return Msg{en, zh, args} }

// En is the English message, as the CLI reports print it.
func (m Msg) En() string { return m.render(false) }

// Zh is the Chinese message.
func (m Msg) Zh() string { return m.render(true) }

func (m Msg) render(zh bool) string {
	f := m.en
	if zh {
		f = m.zh
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
func (m Msg) empty() bool { return m.en == "" }

// cat is the fragments one after the other.
func cat(parts ...Msg) Msg {
	args := make([]any, len(parts))
	for i, p := range parts {
		args[i] = p
	}
	f := strings.Repeat("%s", len(parts))
	return Msg{f, f, args}
}

// join is the fragments with "; " (in Chinese "；") between them.
func join(items []Msg) Msg { return joinWith(items, "; ", "；") }

// joinWith is the fragments with a separator for each language between
// them (the separators hold no verb).
func joinWith(items []Msg, en, zh string) Msg {
	if len(items) == 0 {
		return Msg{}
	}
	args := make([]any, len(items))
	for i, p := range items {
		args[i] = p
	}
	return Msg{"%s" + strings.Repeat(en+"%s", len(items)-1), "%s" + strings.Repeat(zh+"%s", len(items)-1), args}
}

// plain is a value that reads the same in both languages.
func plain(s string) Msg { return Msg{"%s", "%s", []any{s}} }

// Graded is a verdict with its message in both languages (Message is
// Msg.En()): what the page shows.
type Graded struct {
	Result
	Msg Msg
}
