package ui

import (
	"encoding/json"
	"strconv"
	"strings"

	"mcpwirelab/sim/jsonrpc"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
)

// The compare view by step role: where the engine names an event's part in
// its scenario (trace.Event.Phase), the same part sits on one row in both
// eras although the bytes differ in kind — the 2025-11-25 server's request
// on a stream and the 2026-07-28 input_required result are both "the
// server asks the client"; the client's POSTed response and the retried
// tools/call are both "the client sends the answer".

// phaseKey is what Align pairs a step with a phase by (msgKey defers to
// it); false for a step without one, which keeps pairing by its messages.
func phaseKey(s Step) (string, bool) {
	if s.Ev.Phase == "" {
		return "", false
	}
	return "phase|" + s.Ev.Phase, true
}

// phaseRole is the step's role in the learner's words ("" for none).
func phaseRole(s Step, lang string) string {
	t, ok := scenario.PhaseTitle(s.Ev.Phase)
	if !ok {
		return ""
	}
	if lang == LangZh && t.Zh != "" {
		return t.Zh
	}
	return t.En
}

// phaseMove says how one role is carried in each era when a row pairs two
// steps of one phase that are not the same kind of step (what moved):
// "SSE · request elicitation/create → 200 OK · result input_required"; ""
// when both do it the same way (or the row is not paired by phase).
func phaseMove(a, b Step, lang string) string {
	if a.Ev.Phase == "" || a.Ev.Phase != b.Ev.Phase {
		return ""
	}
	sa, sb := stepShape(a, lang), stepShape(b, lang)
	if sa == sb {
		return ""
	}
	return sa + " → " + sb
}

// stepShape is what a step is on the wire, without ids: its carrier (the
// Wire tag) and each message's kind and method, a result's resultType when
// it is not a plain complete result.
func stepShape(s Step, lang string) string {
	var parts []string
	if w := s.Wire(); w != "" {
		parts = append(parts, w)
	}
	for i, m := range s.Msgs {
		var p string
		switch m.Kind {
		case jsonrpc.KindRequest, jsonrpc.KindNotification:
			p = m.Kind.String() + " " + m.Method
		case jsonrpc.KindResult:
			p = tr(lang, "label.result")
			if i < len(s.Ev.Messages) {
				var r struct {
					Result struct {
						ResultType string `json:"resultType"`
					} `json:"result"`
				}
				if json.Unmarshal(s.Ev.Messages[i], &r) == nil && r.Result.ResultType != "" && r.Result.ResultType != protocol.ResultComplete {
					p += " " + r.Result.ResultType
				}
			}
		case jsonrpc.KindError:
			p = tr(lang, "label.error") + " " + strconv.Itoa(m.ErrCode)
		}
		if p != "" {
			parts = append(parts, p)
		}
	}
	if len(s.Msgs) == 0 && s.Dir == DirHost {
		parts = append(parts, s.Label(lang))
	}
	return strings.Join(parts, " · ")
}

// anyMoved reports whether a row of the compare view pairs one role
// carried differently (phaseMove).
func anyMoved(a, b []Step, rows []Row) bool {
	for _, r := range rows {
		if r.A >= 0 && r.B >= 0 && phaseMove(a[r.A], b[r.B], LangEn) != "" {
			return true
		}
	}
	return false
}
