package scenario

import (
	_ "embed"
	"fmt"
	"strings"

	"mcpwirelab/sim/text"
)

// Phases of the scenarios where the server asks the client, and of tasks
// (trace.Event.Phase): what each step does for the lesson, named the same
// in both eras, so the compare view pairs the 2025-11-25 request of the
// server with the 2026-07-28 input_required result (both "question"), the
// client's POSTed response with the retried request ("answer").

// askPhase is the phase of an event by its note key.
func askPhase(note string) string {
	switch note {
	case "user.prompt":
		return "prompt"
	case "initialize.request", "discover.request":
		return "open.request"
	case "initialize.result", "discover.result":
		return "open.result"
	case "initialized":
		return "open.confirm"
	case "initialized.accepted":
		return "open.confirm-ack"
	case "tools-list.request":
		return "list.request"
	case "tools-list.result":
		return "list.result"
	case "model.reads-tools":
		return "model.reads-tools"
	case "model.decides":
		return "model.decides"
	case "elicit.form", "sample.review":
		return "host.shows"
	case "elicit.user", "sample.model", "sample.declined", "roots.workspace":
		return "host.answers"
	case "roots.switch":
		return "host.switches"
	case "model.reads-result", "model.reads-tool-error", "model.reads-protocol-error", "host.failure", "refused.not-retried":
		return "model.reads-outcome"
	case "model.answers":
		return "model.answers"
	case "model.reads-tool-error.capability", "model.reads-tool-error.refused", "model.reads-tool-error.bad-answer":
		return "model.reads-outcome"
	case "session-delete.request", "shutdown.close-stdin":
		return "close"
	case "session-delete.no-content", "shutdown.exit":
		return "close-ack"
	case "task.handle":
		return "task.handle"
	case "task.user-cancels":
		return "task.user-cancels"
	case "roots-changed":
		return "roots-changed" // 2025-11-25 only: notifications/roots/list_changed
	}
	if strings.HasPrefix(note, "launch.") {
		return "launch"
	}
	tag, rest, ok := strings.Cut(note, ".")
	if !ok {
		return ""
	}
	switch {
	case tag == "roots-changed":
		return "roots-changed" // 2025-11-25 only: its notification and 202
	case tag == "task-get" && rest == "request":
		return "task.poll"
	case tag == "task-get":
		return "task.status"
	case tag == "task-cancel" && rest == "request":
		return "task.cancel"
	case tag == "task-cancel":
		return "task.cancel-ack"
	case tag == "task-result" && rest == "request":
		return "task.fetch"
	case tag == "task-result":
		return "task.fetched"
	}
	round := ""
	if tag == "roots-again" {
		round = "2:"
	}
	switch {
	case rest == "request":
		return round + "call"
	case rest == "stream-prime":
		return round + "stream-open"
	case rest == "ask" || rest == "input-required":
		return round + "question"
	case strings.HasPrefix(rest, "answer.") || rest == "retry.request":
		return round + "answer"
	case rest == "answer-accepted":
		return round + "answer-ack"
	case rest == "task":
		return "task.created"
	case rest == "stream-end":
		return round + "stream-close"
	case rest == "result" || rest == "tool-error" || strings.HasPrefix(rest, "retry.") || strings.HasPrefix(rest, "error."):
		return round + "outcome"
	}
	return ""
}

// The phases' names, as data (README, "Editing the course text"):
// text/phases.text, keyed by the phase, read at the first PhaseTitle.
//
//go:embed text/phases.text
var phasesFile string

// phasesName is the file's name in errors.
const phasesName = "sim/scenario/text/phases.text"

// roundKey is the record that names a phase of a second call.
const roundKey = "round"

var phaseTitles = text.Lazy(func() []text.Source { return []text.Source{{Name: phasesName, Data: phasesFile}} })

// PhaseTitle names a phase (trace.Event.Phase) for the learner; a phase of
// a second round ("2:question") is named as such. ok is false for a phase
// without a title (and for "").
func PhaseTitle(phase string) (t Text, ok bool) {
	round, base := "", phase
	if r, rest, cut := strings.Cut(phase, ":"); cut {
		round, base = r, rest
	}
	if base == roundKey {
		return Text{}, false
	}
	t, ok = phaseTitles().Get(base)
	if ok && round != "" {
		r, _ := phaseTitles().Get(roundKey)
		t = Text{En: fmt.Sprintf(r.En, round, t.En), Zh: fmt.Sprintf(r.Zh, round, t.Zh)}
	}
	return t, ok
}
