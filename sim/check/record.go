package check

import (
	"encoding/json"
	"sync"
	"time"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// tagUnsolicited names what the server sends outside any exchange the
// client has open: a response that came after the client stopped waiting,
// a reply to a notification, a notification nobody asked for.
const tagUnsolicited = "unsolicited"

// recorder turns the client's events into a trace, named for the
// annotation table as a scenario run names them (scenario.NoteOf), with
// real times: TimeMs since the capture started, At the wall clock.
type recorder struct {
	mu      sync.Mutex
	version string
	start   time.Time
	now     func() time.Time
	events  []trace.Event
	reqSeq  map[string]int    // tag → seq of its first request event
	notices map[string]string // tag of a notifications/cancelled → tag of the request it cancels
}

func newRecorder(version string, now func() time.Time) *recorder {
	if now == nil {
		now = time.Now
	}
	return &recorder{version: version, now: now, start: now(), reqSeq: map[string]int{}, notices: map[string]string{}}
}

// Observe implements client.Observer.
func (r *recorder) Observe(e *client.Event) int {
	ce := *e
	if ce.Tag == "" {
		ce.Tag = tagUnsolicited
	}
	note, spec := scenario.NoteOf(&ce, r.version)
	at := e.At
	if at.IsZero() {
		at = r.now()
	}
	p := e.Event
	r.mu.Lock()
	defer r.mu.Unlock()
	ev := trace.Event{From: p.From, To: p.To, Channel: p.Channel, Raw: p.Raw, Messages: p.Messages,
		Note: note, Kind: p.Kind, Spec: spec, HTTP: p.HTTP, Replica: p.Replica,
		InReplyTo: e.InReplyTo, Cancels: e.Cancels}
	seq := r.appendLocked(ev, at)
	if e.Timeout > 0 {
		r.events[seq-1].DeadlineMs = r.events[seq-1].TimeMs + e.Timeout.Milliseconds()
	}
	if p.To == trace.Server && p.Kind == trace.KindMessage {
		for _, m := range e.Msgs {
			if m.Method != "" && !m.ID.IsZero() {
				if _, ok := r.reqSeq[ce.Tag]; !ok {
					r.reqSeq[ce.Tag] = seq
				}
			}
		}
		if target, ok := r.notices[ce.Tag]; ok && ev.Cancels == 0 {
			r.events[seq-1].Cancels = r.reqSeq[target]
		}
	}
	return seq
}

// appendLocked adds an event stamped at at and returns its seq.
func (r *recorder) appendLocked(ev trace.Event, at time.Time) int {
	if ev.Messages == nil {
		ev.Messages = []json.RawMessage{}
	}
	ev.Seq = len(r.events) + 1
	ev.TimeMs = at.Sub(r.start).Milliseconds()
	ev.At = at.UTC().Format(time.RFC3339Nano)
	r.events = append(r.events, ev)
	return ev.Seq
}

// host records a step that crosses no wire: the host launching the server
// or connecting, the checker deciding something (kind think).
func (r *recorder) host(from, to trace.Party, kind trace.Kind, note, spec, raw string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.appendLocked(trace.Event{From: from, To: to, Channel: trace.HostChannel, Kind: kind,
		Raw: raw, Note: note, Spec: scenario.ResolveSpec(spec, r.version)}, r.now())
}

// cancelling makes the notifications/cancelled sent with tag notice point
// at the request sent with tag target (trace.Event.Cancels).
func (r *recorder) cancelling(notice, target string) {
	r.mu.Lock()
	r.notices[notice] = target
	r.mu.Unlock()
}

// trace returns the recorded trace, classified as scenario runs are.
func (r *recorder) trace(transport string) *trace.Trace {
	r.mu.Lock()
	defer r.mu.Unlock()
	t := &trace.Trace{Scenario: Scenario, Version: r.version, Transport: transport, Events: append([]trace.Event(nil), r.events...)}
	scenario.Classify(t)
	return t
}

// Scenario is the Scenario field of a capture's trace.
const Scenario = "check"
