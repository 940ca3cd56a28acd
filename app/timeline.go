package ui

import (
	"strings"

	"mcpwirelab/sim/trace"
)

// Replicas is how many server replicas a trace's HTTP exchanges were
// routed to (the highest replica number; 0 without a load balancer).
func Replicas(steps []Step) int {
	n := 0
	for _, s := range steps {
		n = max(n, s.Ev.Replica)
	}
	return n
}

// FindDeadlines finds every request the client gave up on because its
// deadline passed: a request the engine recorded a deadline for
// (trace.Event.DeadlineMs) and the first event that cancels it
// (trace.Event.Cancels: a notifications/cancelled, or a close of its
// stream or connection). The MCP lessons have one; the http-* scenarios,
// which retry, one per timed-out attempt.
func FindDeadlines(steps []Step) []Deadline {
	var out []Deadline
	seen := map[int]bool{}
	for i, s := range steps {
		j := s.Ev.Cancels - 1
		if j < 0 || j >= i || seen[j] || steps[j].Ev.DeadlineMs == 0 {
			continue
		}
		seen[j] = true
		r := steps[j]
		id := r.Wire()
		if len(r.Msgs) > 0 && r.Msgs[0].ID != "" {
			id = r.Msgs[0].ID
		}
		out = append(out, Deadline{ReqIdx: j, CancelIdx: i, StartMs: r.Ev.TimeMs, EndMs: s.Ev.TimeMs, DeadlineMs: r.Ev.DeadlineMs, ID: id})
	}
	return out
}

// DeadlineAt is the deadline the clock shows at step idx: the latest one
// whose request has been sent.
func DeadlineAt(ds []Deadline, idx int) (Deadline, bool) {
	for i := len(ds) - 1; i >= 0; i-- {
		if ds[i].ReqIdx <= idx {
			return ds[i], true
		}
	}
	return Deadline{}, false
}

// TimeSpan is a stretch of virtual time on the timeline: a wait before a
// retry (backoff or Retry-After) or a client timeout.
type TimeSpan struct {
	Kind           string // "wait" | "timeout"
	Idx            int    // step that starts it (the wait's note, the timed-out request)
	StartMs, EndMs int64
}

// Timeline is what the time axis of the http-* scenarios draws.
type Timeline struct {
	EndMs int64 // the last step's time: the axis runs 0 … EndMs
	Spans []TimeSpan
}

// IsWait reports whether a step is the client waiting before a retry: the
// engine records waits as think events whose note ends in "wait"
// ("backoff.wait", "retry-after.wait"); the wait lasts until the next step.
func IsWait(s Step) bool {
	return s.Ev.Kind == trace.KindThink && (s.Ev.Note == "wait" || strings.HasSuffix(s.Ev.Note, ".wait"))
}

// BuildTimeline finds the waits and timeouts of a trace.
func BuildTimeline(steps []Step) Timeline {
	var tl Timeline
	for i, s := range steps {
		tl.EndMs = max(tl.EndMs, s.Ev.TimeMs)
		if IsWait(s) && i+1 < len(steps) && steps[i+1].Ev.TimeMs > s.Ev.TimeMs {
			tl.Spans = append(tl.Spans, TimeSpan{Kind: "wait", Idx: i, StartMs: s.Ev.TimeMs, EndMs: steps[i+1].Ev.TimeMs})
		}
	}
	for _, d := range FindDeadlines(steps) {
		if d.EndMs > d.StartMs {
			tl.Spans = append(tl.Spans, TimeSpan{Kind: "timeout", Idx: d.ReqIdx, StartMs: d.StartMs, EndMs: d.EndMs})
		}
	}
	return tl
}

// WaitAfter is the wait that step idx starts, 0 when none.
func (tl Timeline) WaitAfter(idx int) int64 {
	for _, sp := range tl.Spans {
		if sp.Kind == "wait" && sp.Idx == idx {
			return sp.EndMs - sp.StartMs
		}
	}
	return 0
}

// Pos is where t lies on the axis, in percent.
func (tl Timeline) Pos(t int64) float64 {
	if tl.EndMs <= 0 {
		return 0
	}
	return float64(t) * 100 / float64(tl.EndMs)
}

// clientParamIndex finds a client setting link parameter.
func clientParamIndex(param string) (int, bool) {
	for i, p := range clientParams {
		if p.Param == param {
			return i, true
		}
	}
	return 0, false
}
