package ui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"mcpwirelab/sim/httplab"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// labState is the visualizer's state as plain Go: what the link says
// (view, page, language), what the engine produced for it (the trace, its
// steps, the compare runs), where the learner is (the step, playback) and
// the panels they opened. Its methods decide; they never touch the page
// or go-app, so model_lab_test.go tests them natively. Lab embeds it and
// adds the DOM bookkeeping (lab.go); the components (lab_*.go) receive
// their slice of it and answer with actions (lab_actions.go).
type labState struct {
	infos []scenario.Info
	view  View
	lang  string
	// langChosen: the reader chose lang (the link's lang=, the switch, or
	// a choice stored earlier); otherwise it is the browser's (pickLang)
	// and is written neither into the address nor into local storage.
	langChosen bool
	// linkFault is the fault the link named when it does not apply to
	// this version and transport (run shows the run without it).
	linkFault string
	notices   []Notice
	runErr    string

	tr    *trace.Trace
	steps []Step
	idx   int // 0-based current step

	// Playback: playGen identifies the running schedule, so a tick armed
	// before a pause or a new start does nothing.
	playing bool
	playGen int
	speed   string

	fMethod, fDir string // the sequence filter ("" = all)

	showHelp    bool
	mermaid     string
	mermaidOpen bool
	toolsOpen   bool // presenter mode: the toolbar unfolded
	clientOpen  bool // the HTTP lessons' client settings unfolded

	cmp compareRuns // the compare view's two runs (view.Compare)

	// Client settings panel (http-* scenarios): what the learner typed
	// and the error for an out-of-range value, per link parameter.
	clientRaw map[string]string
	clientErr map[string]string

	// page is the view the link asks for (nav.go); calcN, calcM remember
	// the calculator's last values for its navigation link.
	page         Page
	calcN, calcM int
}

// speeds are the playback speeds the player offers.
var speeds = []string{"0.5", "1", "2", "4"}

// playInterval is the time between two steps at speed 1.
const playInterval = 1400 * time.Millisecond

func (s *labState) t(key string) string { return tr(s.lang, key) }

// info is the catalogue entry of the current scenario.
func (s *labState) info() scenario.Info { return scenarioInfo(s.infos, s.view.Scenario) }

// scenarioInfo is the entry of scenario name in infos; a name not in it
// gets every version and transport and no fault.
func scenarioInfo(infos []scenario.Info, name string) scenario.Info {
	for _, in := range infos {
		if in.Name == name {
			return in
		}
	}
	return scenario.Info{Name: name, Versions: protocol.Versions(), Transports: scenario.Transports, Faults: []string{"none"}}
}

// options are the engine options of the current view.
func (s *labState) options() scenario.Options {
	o := scenario.Options{Scenario: s.view.Scenario, Version: s.view.Version, Transport: s.view.Transport, Fault: s.view.Fault,
		Endpoint: liveEndpoint()}
	if IsHTTPScenario(s.view.Scenario) {
		o.Client = s.view.Client
	}
	return o
}

// faultNotApplicable explains, in the page's language, why the selected
// fault has no meaning here (the engine's sentence is English only).
func (s *labState) faultNotApplicable(err error) string {
	if !errors.Is(err, scenario.ErrNotApplicable) {
		return err.Error()
	}
	why := s.t("fault.na." + s.view.Fault)
	if why == "fault.na."+s.view.Fault {
		return err.Error()
	}
	return fmt.Sprintf(s.t("notice.fault-na"), s.t("fault."+s.view.Fault), why)
}

// makeApplicable moves the version, transport and fault to values the
// current scenario runs with, and returns a notice for each change.
func (s *labState) makeApplicable() []Notice {
	in := s.info()
	var ns []Notice
	fix := func(param string, allowed []string, cur *string, def string) {
		if len(allowed) == 0 || slices.Contains(allowed, *cur) {
			return
		}
		nv := orFirst(allowed, def)
		ns = append(ns, Notice{Param: param, Value: *cur, Fallback: nv, Kind: NoticeSwitched, Allowed: strings.Join(allowed, ", ")})
		*cur = nv
	}
	fix(paramVersion, in.Versions, &s.view.Version, DefaultVersion)
	fix(paramTransport, in.Transports, &s.view.Transport, DefaultTransport)
	faults := in.Faults
	if !slices.Contains(faults, DefaultFault) {
		faults = append([]string{DefaultFault}, faults...)
	}
	fix(paramFault, faults, &s.view.Fault, DefaultFault)
	return ns
}

// setToggle is View.Set for one of the run's toggles; picking a scenario
// also moves the version, transport and fault to values it runs with. It
// reports whether the engine must run again.
func (s *labState) setToggle(param, value string) bool {
	if !s.view.Set(param, value) {
		return false
	}
	if param == paramScenario {
		s.notices = s.makeApplicable()
		s.runErr = ""
	}
	return true
}

// nextValue is the value after cur in list (wrapping), for the v and t
// keys; list[0] when cur is not in it.
func nextValue(list []string, cur string) string {
	for i, v := range list {
		if v == cur {
			return list[(i+1)%len(list)]
		}
	}
	if len(list) > 0 {
		return list[0]
	}
	return cur
}

// goTo moves to step i (clamped) and returns the step it left.
func (s *labState) goTo(i int) (from int) {
	from = s.idx
	s.idx = clamp(i, len(s.steps))
	return from
}

// atEnd reports whether the current step is the last one.
func (s *labState) atEnd() bool { return s.idx >= len(s.steps)-1 }

// stop pauses playback; a tick already armed does nothing.
func (s *labState) stop() {
	s.playing = false
	s.playGen++
}

// play starts playback, from the first step when the learner is at the
// last one (rewound); it returns the generation the schedule carries.
func (s *labState) play() (gen int, rewound bool) {
	if s.atEnd() {
		s.idx, rewound = 0, true
	}
	s.playing = true
	s.playGen++
	return s.playGen, rewound
}

// playDelay is the time to the next step at the chosen speed.
func (s *labState) playDelay() time.Duration {
	sp, _ := strconv.ParseFloat(s.speed, 64)
	if sp <= 0 {
		sp = 1
	}
	return time.Duration(float64(playInterval) / sp)
}

// tick decides what a playback timer armed for gen does when it fires:
// advance one step, or nothing (stale, paused, or already at the end,
// which stops playback).
func (s *labState) tick(gen int) (advance bool) {
	if !s.playing || gen != s.playGen {
		return false
	}
	if s.atEnd() {
		s.stop()
		return false
	}
	return true
}

// afterTick decides, after a step the schedule made, whether it goes on;
// at the last step playback stops.
func (s *labState) afterTick() bool {
	if s.atEnd() {
		s.stop()
		return false
	}
	return true
}

// closeOverlays is Escape: the help, the Mermaid dialog and the notices go.
func (s *labState) closeOverlays() {
	s.showHelp = false
	s.mermaidOpen = false
	s.notices = nil
}

// setClient validates one client setting typed by the learner. An invalid
// value keeps the last valid one in force and shows an error beside the
// field; a valid one that changes the settings asks for a new run.
func (s *labState) setClient(param, raw string) (rerun bool) {
	if s.clientRaw == nil {
		s.clientRaw, s.clientErr = map[string]string{}, map[string]string{}
	}
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	nc, ok := s.view.Client, false
	if err == nil {
		nc, ok = SetClientValue(s.view.Client, param, n)
	}
	if !ok {
		s.clientRaw[param], s.clientErr[param] = raw, "1"
		return false
	}
	delete(s.clientRaw, param)
	delete(s.clientErr, param)
	if nc == s.view.Client {
		return false
	}
	s.view.Client = nc
	return true
}

// resetClient drops what the learner typed and goes back to the default
// settings; it reports whether that asks for a new run.
func (s *labState) resetClient() (rerun bool) {
	s.clientRaw, s.clientErr = nil, nil
	if s.view.Client == (httplab.ClientConfig{}) {
		return false
	}
	s.view.Client = httplab.ClientConfig{}
	return true
}

// clientForm is the client settings panel's slice of the state: the
// settings in force, and per field what the learner typed where it is
// out of range (in clientParams order).
func (s *labState) clientForm() ClientForm {
	f := ClientForm{Config: s.view.Client, Open: s.clientOpen}
	for _, p := range clientParams {
		if s.clientErr[p.Param] != "" {
			f.Bad = append(f.Bad, ClientBad{Param: p.Param, Raw: s.clientRaw[p.Param]})
		}
	}
	return f
}

// titleIn is a scenario's title in lang (English when it has none in zh).
func titleIn(t scenario.Text, lang string) string {
	if lang == LangZh && t.Zh != "" {
		return t.Zh
	}
	return t.En
}

// The state's transitions that the Lab's handlers ask for (lab.go,
// lab_actions.go, nav.go, embed.go, lab_export.go): the Lab adds the
// page's effects around them and never writes a field of labState itself
// (TestLabStateWrittenByItsMethods).

// setPage takes the view a link asks for; the calculator's values are
// remembered for its navigation link.
func (s *labState) setPage(p Page) {
	s.page = p
	if p.View == ViewCalc {
		s.calcN, s.calcM = p.N, p.M
	}
}

// catalog is the scenarios' list, read from the engine the first time.
func (s *labState) catalog() []scenario.Info {
	if s.infos == nil {
		s.infos = scenario.List()
	}
	return s.infos
}

// useLang sets the page's language; chosen says the reader chose it
// (langChosen).
func (s *labState) useLang(lang string, chosen bool) { s.lang, s.langChosen = lang, chosen }

// enterPage is the state on arrival at a view other than the visualizer:
// presenter mode as the link says, the link's notices, playback stopped
// and the visualizer's dialogs closed (its scenario and step are kept for
// the way back).
func (s *labState) enterPage(present bool, notices []Notice) {
	s.view.Present = present
	s.notices = notices
	s.stop()
	s.showHelp, s.mermaidOpen = false, false
}

// loadLink takes the visualizer's link as ParseView read it (v and its
// notices, over infos) in the language picked for it; the client settings
// typed earlier are dropped and the speed defaults to 1. The Lab runs the
// engine next (Lab.run), then showLink.
func (s *labState) loadLink(infos []scenario.Info, v View, notices []Notice, lang string, chosen bool) {
	s.infos = infos
	s.view, s.notices = v, notices
	s.clientRaw, s.clientErr = nil, nil
	if s.speed == "" {
		s.speed = "1"
	}
	s.useLang(lang, chosen)
}

// showLink goes to the link's step of the run, and runs the compare view's
// two columns when the link asks for it.
func (s *labState) showLink() {
	s.idx = clamp(s.view.Step-1, len(s.steps))
	if s.view.Compare {
		s.runCompare()
	}
}

// useTrace shows trace t, a run without an error (the page's embedded
// trace).
func (s *labState) useTrace(t *trace.Trace) {
	s.runErr, s.linkFault = "", ""
	s.tr, s.steps = t, BuildSteps(t)
}

// runEngine asks the engine for the trace of the current view. A fault
// the link names that does not apply to this version and transport is
// said (runErr, linkFault) and the same run is shown without it.
func (s *labState) runEngine() {
	s.runErr, s.linkFault = "", ""
	t, err := scenario.Run(s.options())
	if err != nil && s.view.Fault != DefaultFault {
		s.runErr = s.faultNotApplicable(err)
		s.linkFault = s.view.Fault
		s.view.Fault = DefaultFault
		t, err = scenario.Run(s.options())
		if err == nil {
			s.tr, s.steps = t, BuildSteps(t)
			return
		}
	}
	if err != nil {
		s.runErr = err.Error()
		s.tr, s.steps = &trace.Trace{Scenario: s.view.Scenario, Version: s.view.Version, Transport: s.view.Transport, Fault: s.view.Fault}, nil
		return
	}
	s.tr = t
	s.steps = BuildSteps(t)
}

// replaceTrace shows the engine's trace t instead of the page's embedded
// one (embed.go verifyFirst), at the same step where it still has one.
func (s *labState) replaceTrace(t *trace.Trace) {
	s.tr, s.steps = t, BuildSteps(t)
	s.idx = clamp(s.idx, len(s.steps))
}

// followStep is the state after a new run (Lab.reRun): the learner stays
// at the step of the old run's steps that matches the one they were at
// (MapStep), the compare view runs again, and the filter's method goes.
func (s *labState) followStep(old []Step, oldIdx int) {
	s.idx = MapStep(old, oldIdx, s.steps)
	if s.view.Compare {
		s.runCompare()
	}
	s.fMethod = ""
}

// switchCompare turns the compare view on (running its two columns) or
// off.
func (s *labState) switchCompare(on bool) {
	s.view.Compare = on
	if on {
		s.runCompare()
	}
}

// togglePresenter turns presenter mode on or off.
func (s *labState) togglePresenter() { s.view.Present = !s.view.Present }

// setSpeed is the player's speed (one of speeds).
func (s *labState) setSpeed(sp string) { s.speed = sp }

// toggleHelp opens or closes the keyboard help; toggleTools unfolds or
// folds the presenter's toolbar; foldClient opens or closes the client
// settings panel.
func (s *labState) toggleHelp()          { s.showHelp = !s.showHelp }
func (s *labState) toggleTools()         { s.toolsOpen = !s.toolsOpen }
func (s *labState) foldClient(open bool) { s.clientOpen = open }

// setFilter is the sequence filter.
func (s *labState) setFilter(f stepFilter) { s.fMethod, s.fDir = f.Method, f.Dir }

// closeOverlay closes what an actionClose names: the help, the Mermaid
// dialog, the notices (and the run's error), or all of them (Escape).
func (s *labState) closeOverlay(what any) {
	switch what {
	case closeHelp:
		s.showHelp = false
	case closeMermaid:
		s.mermaidOpen = false
	case closeNotices:
		s.notices, s.runErr = nil, ""
	case closeAll:
		s.closeOverlays()
	}
}

// openMermaid opens the Mermaid dialog with text, the run as a diagram.
func (s *labState) openMermaid(text string) {
	s.mermaid = text
	s.mermaidOpen = true
}
