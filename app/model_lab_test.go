package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/httplab"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
)

// loadedState is the state of a link as the Lab loads it.
func loadedState(t *testing.T, q string) *labState {
	t.Helper()
	c, _ := renderLab(t, q)
	return &c.labState
}

// Playback: play from the last step starts over; each tick of the running
// schedule advances; a tick armed before a pause does nothing; the last
// step stops playback.
func TestPlaybackDecisions(t *testing.T) {
	s := loadedState(t, fastLink)
	n := len(s.steps)
	s.goTo(n + 5)
	if s.idx != n-1 || !s.atEnd() {
		t.Fatalf("goTo past the end: idx %d of %d", s.idx, n)
	}
	gen, rewound := s.play()
	if !rewound || s.idx != 0 || !s.playing {
		t.Fatalf("play at the end: rewound %v idx %d playing %v", rewound, s.idx, s.playing)
	}
	if !s.tick(gen) {
		t.Fatal("the running schedule's tick does not advance")
	}
	s.goTo(s.idx + 1)
	if !s.afterTick() {
		t.Fatal("playback stopped before the end")
	}
	s.stop()
	if s.tick(gen) {
		t.Fatal("a tick armed before the pause advanced")
	}
	gen2, rewound := s.play()
	if rewound || gen2 == gen || s.tick(gen) {
		t.Fatalf("a new start: rewound %v, gen %d→%d, old tick honoured %v", rewound, gen, gen2, s.tick(gen))
	}
	s.goTo(n - 2)
	s.goTo(s.idx + 1)
	if s.afterTick() || s.playing {
		t.Fatal("playback goes on past the last step")
	}
	s.play()
	s.idx = n - 1 // the learner moved to the end while playing
	if s.tick(s.playGen) || s.playing {
		t.Fatal("a tick at the last step did not stop playback")
	}
}

func TestPlayDelayFollowsSpeed(t *testing.T) {
	s := &labState{}
	for speed, want := range map[string]time.Duration{"1": playInterval, "2": playInterval / 2, "0.5": 2 * playInterval, "": playInterval, "x": playInterval, "-1": playInterval} {
		s.speed = speed
		if got := s.playDelay(); got != want {
			t.Errorf("speed %q: delay %v, want %v", speed, got, want)
		}
	}
	for _, sp := range speeds {
		s.speed = sp
		if s.playDelay() <= 0 {
			t.Errorf("offered speed %q has no delay", sp)
		}
	}
}

// A typed client setting: out of range keeps the settings in force and
// shows what was typed; in range re-runs; the same value again does not;
// reset goes back to the defaults once.
func TestClientSettingsDecisions(t *testing.T) {
	s := &labState{}
	if s.setClient("timeout", "0") {
		t.Fatal("an out-of-range timeout asked for a run")
	}
	f := s.clientForm()
	if s.view.Client != (httplab.ClientConfig{}) || len(f.Bad) != 1 || f.Bad[0] != (ClientBad{"timeout", "0"}) {
		t.Fatalf("after a bad value: config %+v form %+v", s.view.Client, f)
	}
	if raw, bad := f.bad("timeout"); !bad || raw != "0" {
		t.Fatalf("bad(timeout) = %q, %v", raw, bad)
	}
	if _, bad := f.bad("retries"); bad {
		t.Fatal("a field the learner did not touch is marked bad")
	}
	if s.setClient("timeout", "abc") || len(s.clientForm().Bad) != 1 {
		t.Fatal("a value that is not a number asked for a run or was not kept")
	}
	if !s.setClient("timeout", " 900 ") || ClientValue(s.view.Client, "timeout") != 900 {
		t.Fatalf("a valid timeout: config %+v", s.view.Client)
	}
	if len(s.clientForm().Bad) != 0 {
		t.Fatal("the error stays after a valid value")
	}
	if s.setClient("timeout", "900") {
		t.Fatal("the same value asked for a run")
	}
	if !s.resetClient() || s.view.Client != (httplab.ClientConfig{}) {
		t.Fatal("reset did not go back to the defaults")
	}
	if s.resetClient() {
		t.Fatal("reset of the defaults asked for a run")
	}
}

// Picking a scenario moves the version, transport and fault to values it
// runs with and says so; the value in force again changes nothing.
func TestSetToggle(t *testing.T) {
	s := loadedState(t, "scenario=tool-call&version=2026-07-28&transport=http&fault=none")
	if s.setToggle(paramVersion, s.view.Version) || s.setToggle("step", "2") {
		t.Fatal("the version in force, or a parameter that is not a toggle, asked for a run")
	}
	var one scenario.Info
	for _, in := range s.infos {
		if len(in.Versions) == 1 {
			one = in
			break
		}
	}
	if one.Name == "" {
		t.Fatal("no single-version scenario in the catalogue: pick another fixture")
	}
	for _, v := range protocol.Versions() {
		if v != one.Versions[0] {
			s.view.Version = v // one the scenario does not run with
		}
	}
	if !s.setToggle(paramScenario, one.Name) {
		t.Fatalf("picking %s did not ask for a run", one.Name)
	}
	if s.view.Version != one.Versions[0] || len(s.notices) == 0 || s.notices[0].Param != paramVersion || s.notices[0].Kind != NoticeSwitched {
		t.Fatalf("after picking %s: version %s notices %+v", one.Name, s.view.Version, s.notices)
	}
}

func TestNextValue(t *testing.T) {
	list := []string{"a", "b", "c"}
	for cur, want := range map[string]string{"a": "b", "c": "a", "zz": "a"} {
		if got := nextValue(list, cur); got != want {
			t.Errorf("nextValue(%q) = %q, want %q", cur, got, want)
		}
	}
	if got := nextValue(nil, "x"); got != "x" {
		t.Errorf("nextValue of an empty list = %q", got)
	}
}

// The stage bar exists in presenter mode only and names what runs.
func TestStageInfo(t *testing.T) {
	s := loadedState(t, fastLink)
	if s.stageInfo() != nil {
		t.Fatal("a stage bar outside presenter mode")
	}
	s.view.Present, s.view.Fault = true, "none"
	si := s.stageInfo()
	if si == nil || !strings.Contains(si.What, s.view.Version) || !strings.Contains(si.What, titleIn(s.info().Title, s.lang)) {
		t.Fatalf("stage info %+v", si)
	}
}

// Each component draws the ids the fast path and the browser tests find
// it by, from the slice of state it is given.
func TestComponentsRenderTheirIDs(t *testing.T) {
	s := loadedState(t, fastLink)
	cases := []struct {
		ui  app.UI
		ids []string
	}{
		{&Player{Lang: s.lang, N: len(s.steps), At: playerState(s.steps, s.idx, s.lang), Speed: "1"}, []string{idPrev, idNext, idJump, idStepCur, idVClock, "play", "restart", "speed"}},
		{&Toolbar{Lang: s.lang, Infos: s.infos, View: s.view}, []string{"toolbar", "scenario", "version", "transport", "fault"}},
		{&Header{Lang: s.lang, Page: ViewLab, Hrefs: make([]string, len(navViews))}, []string{"topnav", "viewmode", "lang-switch", "presenter", "help-btn", "nav-" + ViewCapture}},
		{&FilterBar{Lang: s.lang, Steps: s.steps}, []string{"filter-method", "filter-dir"}},
		{&ClientSettings{Lang: s.lang, Form: ClientForm{Bad: []ClientBad{{"timeout", "0"}}}}, []string{"client-panel", "client-timeout", "client-err-timeout", "client-reset"}},
		{&ExportBar{Lang: s.lang}, []string{"download", "mermaid", "print"}},
		{&HelpDialog{Lang: s.lang}, []string{"help", "help-title"}},
		{&MermaidDialog{Lang: s.lang, Text: "x"}, []string{"mermaid-dialog", "mermaid-text"}},
	}
	for _, c := range cases {
		html := app.HTMLString(c.ui)
		if miss := missingTargets(html, c.ids, nil); len(miss) > 0 {
			t.Errorf("%T does not render %v", c.ui, miss)
		}
	}
	// The broken twin: an id the component does not draw is reported.
	if miss := missingTargets(app.HTMLString(&ExportBar{Lang: s.lang}), []string{"download-now"}, nil); !slices.Equal(miss, []string{"#download-now"}) {
		t.Errorf("a missing id is not reported: %v", miss)
	}
}

// TestClientHelpCountsRetriesFromOne: the settings' help says what
// httplab.BackoffWait does: the first retry waits the base delay, retry n
// base·2^(n−1). It said "Retry k waits base·2^k ms", which with retries
// counted from 1, as the Host lines and the ledger count them, doubles
// every wait; the broken twin is that sentence.
func TestClientHelpCountsRetriesFromOne(t *testing.T) {
	base := 250 * time.Millisecond
	for n := 1; n <= 5; n++ {
		if got, want := httplab.BackoffWait(base, n-1), base<<(n-1); got != want {
			t.Fatalf("BackoffWait(base, %d) = %v, want %v: the help's formula no longer matches", n-1, got, want)
		}
	}
	says := func(s string) bool { return strings.Contains(s, "2^(n−1)") }
	if says("Retry k waits base·2^k ms.") {
		t.Fatal("the checker passes the old sentence")
	}
	h, _ := lookupStr("client.help")
	if !says(h.En) || !says(h.Zh) {
		t.Errorf("client.help does not give retry n's wait as base·2^(n−1): %q / %q", h.En, h.Zh)
	}
}

// The transitions the Lab's handlers ask for, natively: a link whose fault
// does not apply runs without it and says why (runEngine); another view
// stops playback and closes the visualizer's dialogs (enterPage); a new run
// keeps the step and drops the filter's method (followStep); closeOverlay
// closes what it names.
func TestLabStateTransitions(t *testing.T) {
	s := loadedState(t, "scenario=tool-call&version=2025-11-25&transport=http&fault=header-mismatch")
	if s.linkFault != "header-mismatch" || s.view.Fault != DefaultFault || s.runErr == "" || len(s.steps) == 0 {
		t.Fatalf("a fault that does not apply: linkFault %q fault %q runErr %q, %d steps", s.linkFault, s.view.Fault, s.runErr, len(s.steps))
	}
	s.view.Fault = "no-such-fault"
	s.runEngine()
	if s.runErr == "" || s.linkFault != "no-such-fault" || s.view.Fault != DefaultFault {
		t.Fatalf("an unknown fault: runErr %q linkFault %q fault %q", s.runErr, s.linkFault, s.view.Fault)
	}
	s.runEngine()
	if s.runErr != "" || s.linkFault != "" || len(s.steps) == 0 {
		t.Fatalf("the run without a fault: runErr %q linkFault %q", s.runErr, s.linkFault)
	}

	s.goTo(3)
	s.setFilter(stepFilter{Method: "tools/call", Dir: "c2s"})
	old := s.steps
	s.runEngine()
	s.followStep(old, 3)
	if s.idx != 3 || s.fMethod != "" || s.fDir != "c2s" {
		t.Fatalf("after the same run again: idx %d filter %q %q", s.idx, s.fMethod, s.fDir)
	}

	gen, _ := s.play()
	s.toggleHelp()
	s.openMermaid("sequenceDiagram")
	s.enterPage(true, []Notice{{Param: "lang"}})
	if s.playing || s.playGen == gen || s.showHelp || s.mermaidOpen || !s.view.Present || len(s.notices) != 1 {
		t.Fatalf("enterPage: playing %v help %v mermaid %v present %v notices %v", s.playing, s.showHelp, s.mermaidOpen, s.view.Present, s.notices)
	}
	if s.mermaid != "sequenceDiagram" {
		t.Fatalf("the diagram's text went: %q", s.mermaid)
	}

	s.runErr = "x"
	s.closeOverlay(closeNotices)
	if s.notices != nil || s.runErr != "" {
		t.Fatalf("closeNotices: %v %q", s.notices, s.runErr)
	}
	s.toggleHelp()
	s.closeOverlay(closeMermaid)
	if !s.showHelp {
		t.Fatal("closeMermaid closed the help")
	}
	s.closeOverlay(closeAll)
	if s.showHelp {
		t.Fatal("closeAll left the help open")
	}

	s.setPage(Page{View: ViewCalc, N: 7, M: 3})
	s.setPage(Page{View: ViewProgress})
	if s.page.View != ViewProgress || s.calcN != 7 || s.calcM != 3 {
		t.Fatalf("setPage: %+v, calculator %d×%d", s.page, s.calcN, s.calcM)
	}
}
