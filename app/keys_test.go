package ui

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"mcpwirelab/sim/scenario"
)

// keyProblems: each shortcut the visualizer takes (stepKeys, pageKeys
// but f, which fullscreen takes in the event itself) names an action
// that handlers has, with the value want says the matching button sends.
func keyProblems(s *labState, handlers map[string]func(any), want map[string][2]any) []string {
	var out []string
	for _, key := range append(slices.Clone(stepKeys), pageKeys...) {
		if key == "f" {
			continue
		}
		name, v, ok := s.keyAction(key)
		w, listed := want[key]
		switch {
		case !listed:
			out = append(out, fmt.Sprintf("key %q: no expectation", key))
		case !ok:
			if w[0] != nil {
				out = append(out, fmt.Sprintf("key %q sends nothing, want %v %v", key, w[0], w[1]))
			}
		case handlers[name] == nil:
			out = append(out, fmt.Sprintf("key %q sends %q, which no handler takes", key, name))
		case w[0] != name || !reflect.DeepEqual(w[1], v):
			out = append(out, fmt.Sprintf("key %q sends %v %#v, want %v %#v", key, name, v, w[0], w[1]))
		}
	}
	return out
}

// The keys send the actions of the buttons they stand for (README
// "Keys"), and the Lab handles every one of them. The broken twin: the
// same keys against handlers without actionStep's.
func TestKeysSendTheButtonsActions(t *testing.T) {
	s := &labState{infos: scenario.List(), steps: make([]Step, 12), idx: 4,
		view: View{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "none"}}
	handlers := map[string]func(any){}
	for name := range (&Lab{}).actionHandlers() {
		handlers[name] = func(any) {}
	}
	want := map[string][2]any{
		"ArrowRight": {actionStep, 1},  // Next
		"ArrowLeft":  {actionStep, -1}, // Previous
		"Home":       {actionSeek, 0},  // Restart
		"End":        {actionSeek, 11}, // the slider at its end
		" ":          {actionPlay, nil},
		"v":          {actionSet, paramValue{paramVersion, "2025-11-25"}},
		"t":          {actionSet, paramValue{paramTransport, "stdio"}},
		"c":          {actionCompare, true},
		"p":          {actionPresent, nil},
		"?":          {actionHelp, nil},
		"Escape":     {actionClose, closeAll},
	}
	for _, p := range keyProblems(s, handlers, want) {
		t.Error(p)
	}
	// An HTTP lesson has no MCP version: v sends nothing.
	s.view.Scenario = "http-anatomy"
	if name, _, ok := s.keyAction("v"); ok {
		t.Errorf("v in an HTTP lesson sends %q", name)
	}

	s.view.Scenario = "tool-call"
	delete(handlers, actionStep)
	if p := keyProblems(s, handlers, want); len(p) != 2 {
		t.Errorf("broken twin: without actionStep's handler, %d problems: %v", len(p), p)
	}
}
