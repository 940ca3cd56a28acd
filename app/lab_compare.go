package ui

import (
	"mcpwirelab/sim/scenario"
)

// compareRuns are the compare view's two runs (CompareOptions) and their
// steps, or the engine's error for a run that failed.
type compareRuns struct {
	A, B       []Step
	ErrA, ErrB string
	OA, OB     scenario.Options // what each column ran
	ByFault    bool             // columns differ by fault, not version
}

// runCompare runs the engine for the two columns of the current view.
func (s *labState) runCompare() {
	r := compareRuns{}
	r.OA, r.OB, r.ByFault = CompareOptions(s.info(), s.options())
	if t, err := scenario.Run(r.OA); err == nil {
		r.A = BuildSteps(t)
	} else {
		r.ErrA = err.Error()
	}
	if t, err := scenario.Run(r.OB); err == nil {
		r.B = BuildSteps(t)
	} else {
		r.ErrB = err.Error()
	}
	s.cmp = r
}

// CompareOptions are the two runs the compare view puts side by side: the
// current view under both versions; or, for a scenario that runs under one
// version only (dual-era), the run without a fault beside the selected
// fault (or, with no fault selected, the scenario's first one).
func CompareOptions(in scenario.Info, o scenario.Options) (a, b scenario.Options, byFault bool) {
	a, b = o, o
	if len(in.Versions) < 2 {
		if b.Fault == "" || b.Fault == scenario.FaultNone {
			for _, f := range in.Faults {
				if f != scenario.FaultNone {
					b.Fault = f
					break
				}
			}
		}
		a.Fault = scenario.FaultNone
		return a, b, true
	}
	a.Version, b.Version = in.Versions[0], in.Versions[1]
	return a, b, false
}

// compareView is the Compare component for the current state: the
// learner's own run is the column whose options it has, its current step
// marked.
func (s *labState) compareView() *Compare {
	r := s.cmp
	cmp := &Compare{A: r.A, B: r.B, VA: r.OA.Version, VB: r.OB.Version, HA: r.OA.Version, HB: r.OB.Version,
		ErrA: r.ErrA, ErrB: r.ErrB, Lang: s.lang, ByFault: r.ByFault}
	if r.ByFault {
		cmp.HA, cmp.HB = s.t("fault."+r.OA.Fault), s.t("fault."+r.OB.Fault)
	}
	cmp.Cur, cmp.Idx = "a", s.idx
	if o := s.options(); o.Version == r.OB.Version && o.Fault == r.OB.Fault {
		cmp.Cur = "b"
	}
	return cmp
}
