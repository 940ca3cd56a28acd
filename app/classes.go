package ui

import (
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// The badge of a step is the engine's class of its event (trace.Event.Class,
// set by scenario.Classify): the UI only names and colours it. Each class
// has a CSS token (sev-<token>), a symbol and a word, so colour is never
// the only cue.

// Class tokens, as in the sev-<token> CSS classes.
const (
	sevOK        = "ok"
	sevExpected  = "expected"
	sevViolation = "violation"
	sevFailure   = "failure"
)

// sevToken is the CSS token of an event class ("ok" for an event without
// one, e.g. from a trace written before classes existed).
func sevToken(c trace.Class) string {
	switch c {
	case trace.ClassExpectedError:
		return sevExpected
	case trace.ClassViolation:
		return sevViolation
	case trace.ClassFailure:
		return sevFailure
	}
	return sevOK
}

// Severity is the step's class token: "ok", "expected", "violation" or
// "failure".
func (s Step) Severity() string { return sevToken(s.Ev.Class) }

// sevIcon pairs every class with a symbol and a word.
func sevIcon(sev, lang string) (string, string) {
	switch sev {
	case sevExpected:
		return "ⓘ", tr(lang, "status.expected")
	case sevViolation:
		return "✗", tr(lang, "status.violation")
	case sevFailure:
		return "⚠", tr(lang, "status.failure")
	}
	return "✓", tr(lang, "status.ok")
}

// hostText is the display text of a host-internal event in the page's
// language (the engine's translation; raw stays the transcript's).
func hostText(ev *trace.Event, lang string) string {
	if ev.Channel != trace.HostChannel {
		return ev.Raw
	}
	t, _ := scenario.HostText(ev.Note, ev.Raw)
	if lang == LangZh {
		return t.Zh
	}
	return t.En
}

// statusClass is the class of an HTTP status chip: error statuses
// (4xx, 5xx) look different from success ones, not only by their number.
func statusClass(status int) string {
	switch {
	case status >= 400:
		return "st-err"
	case status >= 200:
		return "st-ok"
	}
	return ""
}
