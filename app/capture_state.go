package ui

import (
	"mcpwirelab/sim/check"
)

// captureState is the capture view's state as plain Go, as labState is
// the visualizer's: the open transcript and its step, the lab's answer
// for that step, what the reader asked for, and the dev server's listing.
// Its methods are the only code that changes it
// (TestViewStatesWrittenByTheirMethods); CaptureView adds the page's
// effects (fetch, files, storage, scrolling) around them.
type captureState struct {
	cap    *Capture
	idx    int
	err    string
	labFor int // the step lab / labErr belong to (-1: none)
	lab    *check.LabReply
	labErr error
	askLab bool // the reader asked for the lab's answer at a step without verdicts
	// notKept says why the open transcript will not survive a reload of
	// the tab ("" when it is kept: capture_session.go).
	notKept string

	token    string
	target   string
	list     []captureEntry
	listErr  string
	busy     bool
	dragging bool
}

// reset is the state on mount: no lab answer yet.
func (s *captureState) reset() { s.labFor = -1 }

// setToken is the dev server's token for its captures.
func (s *captureState) setToken(token string) { s.token = token }

// listed is the dev server's listing: its target and its captures.
func (s *captureState) listed(target string, list []captureEntry) { s.target, s.list = target, list }

// setListErr says what went wrong with the listing or a capture ("" for
// nothing).
func (s *captureState) setListErr(msg string) { s.listErr = msg }

// setBusy says a capture is under way (its button is off meanwhile).
func (s *captureState) setBusy(busy bool) { s.busy = busy }

// fail says why a transcript cannot be shown.
func (s *captureState) fail(msg string) { s.err = msg }

// show makes cp the open transcript, at its first verdict that is not a
// pass.
func (s *captureState) show(cp *Capture) {
	s.cap, s.err, s.idx, s.labFor, s.askLab, s.notKept = cp, "", 0, -1, false, ""
	// Start at the first verdict that is not a pass: that is what to look at.
	for i, r := range cp.Results {
		if r.Verdict == check.Fail || r.Verdict == check.Warn {
			s.idx = max(0, cp.Results[i].Seq-1)
			break
		}
	}
}

// setNotKept says why the open transcript will not survive a reload.
func (s *captureState) setNotKept(why string) { s.notKept = why }

// at puts the open transcript at step i (clamped), as a reload restores it.
func (s *captureState) at(i int) { s.idx = clamp(i, len(s.cap.Steps)) }

// step moves to step i (clamped) and reports whether that is another step
// (the lab's answer is then not asked for any more).
func (s *captureState) step(i int) bool {
	n := clamp(i, len(s.cap.Steps))
	if n == s.idx {
		return false
	}
	s.idx, s.askLab = n, false
	return true
}

// askForLab is the reader's ask for the lab's answer at a step without
// verdicts.
func (s *captureState) askForLab() { s.askLab = true }

// setDragging says a file is dragged over the drop zone.
func (s *captureState) setDragging(on bool) { s.dragging = on }

// labAnswer runs the current step's request against the lab's engine
// (once per step).
func (s *captureState) labAnswer() (*check.LabReply, error) {
	if s.labFor != s.idx {
		s.labFor = s.idx
		rep, err := check.LabAnswer(s.cap.Trace, s.idx)
		s.lab, s.labErr = nil, err
		if err == nil {
			s.lab = &rep
		}
	}
	return s.lab, s.labErr
}
