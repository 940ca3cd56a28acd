package check

import (
	"fmt"
	"strings"
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
//
// A server under check is hostile by definition, so the record is
// bounded: past MaxEvents events or MaxRecordBytes of bytes, what the
// server sends is counted, not kept, except the answers to the checker's
// own requests (kept up to twice MaxRecordBytes, so the checks still see
// them); past MaxStderrBytes its stderr is counted only. The first event
// not kept is marked by a host event (noteCut) that says, in the end,
// what was left out and why.
type recorder struct {
	mu      sync.Mutex
	version string
	start   time.Time
	now     func() time.Time
	events  []trace.Event
	reqSeq  map[string]int    // tag → seq of its first request event
	notices map[string]string // tag of a notifications/cancelled → tag of the request it cancels
	redact  *Redactor

	bytes, stderr int // bytes kept: every event's Raw and Messages; stderr's Raw
	cut           int // index of the cut marker in events (-1: nothing cut yet)
	dropped       struct{ events, bytes, stderrLines, stderrBytes int }
}

// The bounds of one run's record (a check of a well-behaved server records
// a few hundred events and well under 1 MiB).
const (
	MaxEvents      = 10000
	MaxRecordBytes = 16 << 20
	MaxStderrBytes = 1 << 20
)

// noteCut is the note of the host event that says what a run left out.
const noteCut = "cut"

func newRecorder(version string, now func() time.Time) *recorder {
	if now == nil {
		now = time.Now
	}
	return &recorder{version: version, now: now, start: now(), reqSeq: map[string]int{}, notices: map[string]string{}, cut: -1}
}

// keep decides whether an event of size bytes is recorded, and counts it
// if not.
func (r *recorder) keep(e *client.Event, size int) bool {
	p := &e.Event
	switch {
	case p.Channel == trace.Stderr:
		if r.stderr+size <= MaxStderrBytes {
			r.stderr += size
			return true
		}
		r.dropped.stderrLines++
		r.dropped.stderrBytes += size
	case p.From == trace.Client && e.Role != client.RoleAnswer, p.Channel == trace.HostChannel,
		e.InReplyTo > 0 && r.bytes+size <= 2*MaxRecordBytes:
		// The checker's own requests and what ends a session are few;
		// the answers to them are what the checks read.
		r.bytes += size
		return true
	case len(r.events) < MaxEvents && r.bytes+size <= MaxRecordBytes:
		r.bytes += size
		return true
	default:
		r.dropped.events++
		r.dropped.bytes += size
	}
	if r.cut < 0 {
		r.cut = len(r.events)
		r.appendLocked(trace.Event{From: trace.Client, To: trace.Host, Channel: trace.HostChannel, Kind: trace.KindThink, Note: noteCut}, r.now())
	}
	return false
}

// cutText says what the run left out, for the marker's Raw.
func (r *recorder) cutText() string {
	var parts []string
	if d := r.dropped; d.events > 0 {
		parts = append(parts, fmt.Sprintf("%d events the server sent (%s) were not recorded: a run keeps at most %d events and %s (the answers to the checker's requests up to %s)",
			d.events, sizeText(d.bytes), MaxEvents, sizeText(MaxRecordBytes), sizeText(2*MaxRecordBytes)))
	}
	if d := r.dropped; d.stderrLines > 0 {
		parts = append(parts, fmt.Sprintf("%d stderr lines (%s) were not recorded: a run keeps the first %s of stderr",
			d.stderrLines, sizeText(d.stderrBytes), sizeText(MaxStderrBytes)))
	}
	return strings.Join(parts, "; ") + "\n"
}

func sizeText(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
}

// limit records a bound the wire cut an exchange at (realwire's
// LimitError: a body past its bound, a write or a notification's POST
// unanswered in time).
func (r *recorder) limit(text string) {
	r.host(trace.Client, trace.Host, trace.KindThink, noteCut, "", text+"\n")
}

// Observe implements client.Observer.
func (r *recorder) Observe(e *client.Event) int {
	ce := *e
	if ce.Tag == "" {
		ce.Tag = tagUnsolicited
	}
	size := len(e.Event.Raw)
	for _, m := range e.Event.Messages {
		size += len(m)
	}
	r.mu.Lock()
	if !r.keep(e, size) {
		r.mu.Unlock()
		return 0
	}
	r.mu.Unlock()
	note, spec := scenario.NoteOf(&ce, r.version)
	at := e.At
	if at.IsZero() {
		at = r.now()
	}
	ce.Event = r.redact.event(e.Event)
	ev := ce.TraceEvent() // as the scenario runner records it (client.Append)
	ev.Note, ev.Spec = note, spec
	r.mu.Lock()
	defer r.mu.Unlock()
	seq := r.appendAt(ev, at, e.Timeout)
	if ev.To == trace.Server && ev.Kind == trace.KindMessage {
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
func (r *recorder) appendLocked(ev trace.Event, at time.Time) int { return r.appendAt(ev, at, 0) }

// appendAt adds an event stamped at at, on the wall clock too (At), with
// the deadline timeout of a request (client.Append), and returns its seq.
func (r *recorder) appendAt(ev trace.Event, at time.Time, timeout time.Duration) int {
	ev.At = at.UTC().Format(time.RFC3339Nano)
	return client.Append(&r.events, ev, at.Sub(r.start), timeout)
}

// host records a step that crosses no wire: the host launching the server
// or connecting, the checker deciding something (kind think).
func (r *recorder) host(from, to trace.Party, kind trace.Kind, note, spec, raw string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.appendLocked(trace.Event{From: from, To: to, Channel: trace.HostChannel, Kind: kind,
		Raw: r.redact.text(raw), Note: note, Spec: scenario.ResolveSpec(spec, r.version)}, r.now())
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
	if r.cut >= 0 {
		t.Events[r.cut].Raw = r.cutText()
	}
	scenario.Classify(t)
	return t
}

// Scenario is the Scenario field of a capture's trace.
const Scenario = "check"
