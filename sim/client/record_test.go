package client

import (
	"encoding/json"
	"testing"
	"time"

	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// TestTraceEventAndAppend: a client event becomes the trace event both
// recorders write (its piece, its exchange links), numbered in order,
// timed from the start, with a request's deadline and never-null messages.
func TestTraceEventAndAppend(t *testing.T) {
	e := &Event{Piece: wire.Piece{Event: trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Raw: "{}\n",
		Kind: trace.KindMessage, Replica: 2, Note: "not the recorder's"}}, InReplyTo: 4, Cancels: 3, Timeout: 2500 * time.Millisecond}
	ev := e.TraceEvent()
	if ev.From != trace.Client || ev.To != trace.Server || ev.Channel != trace.Stdin || ev.Raw != "{}\n" || ev.Kind != trace.KindMessage ||
		ev.Replica != 2 || ev.InReplyTo != 4 || ev.Cancels != 3 || ev.Note != "" || ev.Seq != 0 {
		t.Fatalf("TraceEvent: %+v", ev)
	}
	var events []trace.Event
	if seq := Append(&events, ev, 1500*time.Millisecond, e.Timeout); seq != 1 {
		t.Fatalf("first seq %d", seq)
	}
	got := events[0]
	if got.Seq != 1 || got.TimeMs != 1500 || got.DeadlineMs != 4000 || got.Messages == nil {
		t.Fatalf("appended %+v", got)
	}
	if seq := Append(&events, trace.Event{Messages: []json.RawMessage{json.RawMessage(`{}`)}}, 2*time.Second, 0); seq != 2 || events[1].DeadlineMs != 0 || len(events[1].Messages) != 1 {
		t.Fatalf("second: seq %d, %+v", seq, events[1])
	}
}
