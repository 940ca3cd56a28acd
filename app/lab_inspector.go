package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// The visualizer's side of the Inspector (inspector.go): the component for
// the current step, and the per-trace cache of what it shows for each
// step, which the instant step (faststep.go) writes too.

// stepCache is that cache: the inspector's note and reproduce command per
// step, built once per trace and language.
type stepCache struct {
	derivedFor  *trace.Trace
	derivedLang string
	derived     []stepDerived
	derivedOK   []bool
	derivedGen  int // bumped with each new cache: part of stepDerived.key
}

// inspector is the Inspector of the current step.
func (c *Lab) inspector() app.UI {
	in := &Inspector{Lang: c.lang, Total: len(c.steps), Trace: c.tr, DevBase: c.devBase()}
	if c.idx < len(c.steps) {
		in.Step = c.steps[c.idx]
		in.Has = true
		d := c.stepData(c.idx)
		in.Body, in.Key = d.body, d.key
	}
	return in
}

// stepDerived is what the inspector shows for a step; it depends only on
// the trace, the step and the language, so it is built once per trace and
// step (Lab.derived, reset when the trace or the language changes).
type stepDerived struct {
	body string // InspectorBody
	key  string // identifies body: trace, step, language
}

func (c *Lab) stepData(i int) stepDerived {
	if c.derivedFor != c.tr || len(c.derived) != len(c.steps) || c.derivedLang != c.lang {
		c.derivedFor, c.derived, c.derivedOK = c.tr, make([]stepDerived, len(c.steps)), make([]bool, len(c.steps))
		c.derivedLang = c.lang
		c.derivedGen++
	}
	if c.derivedOK[i] {
		return c.derived[i]
	}
	s := c.steps[i]
	note := scenario.AnnotationFor(s.Ev.Note, c.tr.EventVersion(s.Ev))
	repro, _ := Reproduce(c.tr, i, c.devBase())
	reproHelp := ""
	if repro != "" && c.tr.Transport == "stdio" {
		reproHelp = "insp.repro.stdio"
	}
	if repro != "" && reproHelp == "" && app.IsClient && app.Getenv(EnvLive) != "1" {
		// Not served by a dev server (the static site): say how to start one.
		reproHelp = "insp.repro.static"
	}
	if repro != "" && IsHTTPScenario(c.view.Scenario) {
		// The HTTP lessons talk to a simulated API the dev server does
		// not serve: replay the run with the transcript command.
		repro, reproHelp = TranscriptCommand(c.options()), "insp.repro.transcript"
	}
	d := stepDerived{
		body: InspectorBody(&s, c.lang, note, repro, reproHelp),
		key:  strconv.Itoa(c.derivedGen) + "/" + strconv.Itoa(i),
	}
	c.derived[i], c.derivedOK[i] = d, true
	return d
}
