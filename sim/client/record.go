package client

import (
	"encoding/json"
	"time"

	"mcpwirelab/sim/trace"
)

// The lab has two recorders of the client's events: the scenario runner's
// (sim/scenario, the virtual runs) and the checker's captures of a real
// server (sim/check). Both turn an Event into a trace event here, and add
// it to their trace with Append, so the two traces are made the same way;
// what each adds of its own (the note and spec, a run's phase and
// version, a capture's wall clock, redaction and bounds) it sets on the
// trace event before it appends it.

// TraceEvent is the trace event of e: its piece (parties, channel, bytes,
// messages, kind, HTTP head, replica) and the exchange it belongs to
// (InReplyTo, Cancels). Its number, time, note and spec are the
// recorder's (Append; Timeout becomes its DeadlineMs there).
func (e *Event) TraceEvent() trace.Event {
	p := &e.Event
	return trace.Event{From: p.From, To: p.To, Channel: p.Channel, Raw: p.Raw, Messages: p.Messages,
		Kind: p.Kind, HTTP: p.HTTP, Replica: p.Replica, InReplyTo: e.InReplyTo, Cancels: e.Cancels}
}

// Append adds ev to *events as the next event and returns its number
// (Seq, from 1): TimeMs is at, the time since the recording started, and
// a request with a deadline (timeout > 0) gets DeadlineMs, when it runs
// out. Messages is never null in a trace (the transcript contract).
func Append(events *[]trace.Event, ev trace.Event, at, timeout time.Duration) int {
	if ev.Messages == nil {
		ev.Messages = []json.RawMessage{}
	}
	ev.Seq = len(*events) + 1
	ev.TimeMs = at.Milliseconds()
	if timeout > 0 {
		ev.DeadlineMs = ev.TimeMs + timeout.Milliseconds()
	}
	*events = append(*events, ev)
	return ev.Seq
}
