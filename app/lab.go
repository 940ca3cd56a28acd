package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

const (
	langStorageKey = "mcpwl.lang"
	actionJump     = "mcpwl.jump"
)

var speeds = []string{"0.5", "1", "2", "4"}

// Lab is the visualizer page. It owns the view (what the deep link says),
// the trace the engine produced for it, and the learner's position.
type Lab struct {
	app.Compo

	infos   []scenario.Info
	view    View
	lang    string
	notices []Notice
	runErr  string

	tr    *trace.Trace
	steps []Step
	idx   int // 0-based current step

	playing bool
	playGen int
	speed   string

	fMethod, fDir string

	showHelp    bool
	mermaid     string
	mermaidOpen bool
	toolsOpen   bool   // presenter mode: the toolbar unfolded (stage.go)
	clientOpen  bool   // the HTTP lessons' client settings unfolded (httpview.go)
	langSaved   string // the language last written to local storage

	cmpA, cmpB       []Step
	cmpErrA, cmpErrB string
	cmpOA, cmpOB     scenario.Options // what each column ran
	cmpByFault       bool             // columns differ by fault, not version

	// Client settings panel (http-* scenarios): what the learner typed
	// and the error for an out-of-range value, per link parameter.
	clientRaw map[string]string
	clientErr map[string]string

	keyStop func() // removes the keyboard listener (domEffects.ListenKeys)
	keyCtx  app.Context
	mounted bool

	// Per-trace caches (step changes reuse them): the inspector's note and
	// reproduce command per step, and the print view's HTML.
	derivedFor  *trace.Trace
	derivedLang string
	derived     []stepDerived
	derivedOK   []bool
	derivedGen  int // bumped with each new cache: part of stepDerived.key
	printHTML   printCache

	// What afterChange last wrote to the document, so a step change only
	// touches what differs; scrollFn is the requestAnimationFrame
	// callback that keeps the current row in view.
	docLang, docTitle string
	scrollFn          app.Func
	scrollReq         app.Value // the pending requestAnimationFrame id
	scrollPending     bool

	// warmFn builds uncached steps while the browser is idle (faststep.go).
	warmFn      app.Func
	warmPending bool
	warmReq     app.Value // the pending callback's id
	warmIdle    bool      // requested with requestIdleCallback (else setTimeout)

	// page is the view the link asks for (nav.go); calcN, calcM remember
	// the calculator's last values for its navigation link.
	page         Page
	calcN, calcM int

	initURL string // the link OnInit loaded, until OnNav sees it

	// fromPage asks the next run to take the trace the prerendered page
	// carries (embed.go); embedded is that trace until verifyFirst ran.
	fromPage bool
	embedded *trace.Trace
}

// OnMount installs the window keyboard listener (go-app v10 has no helper
// for window events) and the jump action children emit.
func (c *Lab) OnMount(ctx app.Context) {
	c.mounted = true
	// Browser tests wait for this mark: the wasm has taken over the page.
	dom.MarkDocument("data-wl-ready", "1")
	ctx.Handle(actionJump, func(ctx app.Context, a app.Action) {
		if n, ok := a.Value.(int); ok {
			c.goTo(ctx, n)
		}
	})
	c.handlePageActions(ctx)
	c.keyCtx = ctx
	c.keyStop = dom.ListenKeys(func(e app.Value) {
		if key, ok := c.keyDown(e); ok {
			c.keyCtx.Dispatch(func(ctx app.Context) { c.onKey(ctx, key) })
		}
	})
	c.verifyFirst(ctx)
	c.scheduleWarm()
	// Run the instant step's drawing once after go-app's frame (it writes
	// what is already there): the browser compiles that code now instead
	// of on the first click (~40 ms measured).
	ctx.Defer(func(ctx app.Context) {
		if c.page.IsLab() && !c.view.Compare && c.idx < len(c.steps) {
			c.drawStep(c.idx, c.idx)
		}
		c.scheduleScroll() // a deep link to a late step shows it
	})
}

// OnDismount removes the listener and releases the Go function.
func (c *Lab) OnDismount() {
	c.playing = false
	c.playGen++
	if c.keyStop != nil {
		c.keyStop()
		c.keyStop = nil
	}
	c.stopWarm()
	if c.scrollFn != nil {
		if c.scrollPending {
			app.Window().Call("cancelAnimationFrame", c.scrollReq)
		}
		c.scrollFn.Release()
		c.scrollFn, c.scrollPending = nil, false
	}
}

// OnInit, in the browser, loads the visualizer's link before go-app
// mounts the page, so the first mount already draws the linked step. With
// the load in OnNav only, go-app would first mount an empty visualizer over
// the prerendered step (a blank flash), then diff the whole page to the
// step one frame later. OnNav then finds the view loaded (initURL).
func (c *Lab) OnInit() {
	if !app.IsClient {
		return
	}
	u := app.Window().URL()
	if u == nil {
		return
	}
	q := u.Query()
	p, _ := ParsePage(q)
	if !p.IsLab() {
		return
	}
	c.page = p
	c.fromPage = true
	c.loadView(q, func() string {
		var stored string
		if item := app.Window().Get("localStorage").Call("getItem", langStorageKey); item.Truthy() {
			_ = json.Unmarshal([]byte(item.String()), &stored)
		}
		return stored
	})
	c.initURL = u.String()
}

// OnNav reads the deep link: it is the single source of the view.
func (c *Lab) OnNav(ctx app.Context) {
	if first := c.initURL; first != "" {
		c.initURL = ""
		if u := ctx.Page().URL(); u != nil && u.String() == first { // loaded by OnInit
			c.afterChange(ctx)
			return
		}
	}
	if c.navOther(ctx) { // exercises, calculator, progress
		return
	}
	c.loadView(ctx.Page().URL().Query(), func() string {
		var stored string
		_ = ctx.LocalStorage().Get(langStorageKey, &stored)
		return stored
	})
	c.afterChange(ctx)
}

// loadView sets the visualizer's state from a link and runs the engine;
// stored is the language remembered in local storage.
func (c *Lab) loadView(q url.Values, stored func() string) {
	c.infos = scenario.List()
	v, ns := ParseView(q, c.infos)
	c.view, c.notices = v, ns
	c.clientRaw, c.clientErr = nil, nil
	if c.speed == "" {
		c.speed = "1"
	}
	c.lang = v.Lang
	if c.lang == "" {
		if s := stored(); s == LangZh || s == LangEn {
			c.lang = s
		} else {
			c.lang = LangEn
		}
	}
	c.run()
	c.idx = clamp(v.Step-1, len(c.steps))
	if c.view.Compare {
		c.runCompare()
	}
}

// faultNotApplicable explains, in the page's language, why the selected
// fault has no meaning here (the engine's sentence is English only).
func (c *Lab) faultNotApplicable(err error) string {
	if !errors.Is(err, scenario.ErrNotApplicable) {
		return err.Error()
	}
	why := c.t("fault.na." + c.view.Fault)
	if why == "fault.na."+c.view.Fault {
		return err.Error()
	}
	return fmt.Sprintf(c.t("notice.fault-na"), c.t("fault."+c.view.Fault), why)
}

// run asks the engine for the trace of the current view.
func (c *Lab) run() {
	c.runErr = ""
	if c.fromPage {
		c.fromPage = false
		if t := readEmbeddedTrace(c.options()); t != nil {
			c.tr, c.steps, c.embedded = t, BuildSteps(t), t
			setDocAttr("data-wl-first", "embedded")
			return
		}
		setDocAttr("data-wl-first", "engine")
	}
	t, err := scenario.Run(c.options())
	if err != nil && c.view.Fault != DefaultFault {
		// A fault that does not apply to this version/transport: say why
		// and show the same run without the fault.
		c.runErr = c.faultNotApplicable(err)
		c.view.Fault = DefaultFault
		t, err = scenario.Run(c.options())
		if err == nil {
			c.tr, c.steps = t, BuildSteps(t)
			return
		}
	}
	if err != nil {
		c.runErr = err.Error()
		c.tr, c.steps = &trace.Trace{Scenario: c.view.Scenario, Version: c.view.Version, Transport: c.view.Transport, Fault: c.view.Fault}, nil
		return
	}
	c.tr = t
	c.steps = BuildSteps(t)
}

// options are the engine options of the current view.
func (c *Lab) options() scenario.Options {
	o := scenario.Options{Scenario: c.view.Scenario, Version: c.view.Version, Transport: c.view.Transport, Fault: c.view.Fault}
	if IsHTTPScenario(c.view.Scenario) {
		o.Client = c.view.Client
	}
	return o
}

func (c *Lab) runCompare() {
	c.cmpA, c.cmpB, c.cmpErrA, c.cmpErrB = nil, nil, "", ""
	c.cmpOA, c.cmpOB, c.cmpByFault = CompareOptions(c.info(), c.options())
	if t, err := scenario.Run(c.cmpOA); err == nil {
		c.cmpA = BuildSteps(t)
	} else {
		c.cmpErrA = err.Error()
	}
	if t, err := scenario.Run(c.cmpOB); err == nil {
		c.cmpB = BuildSteps(t)
	} else {
		c.cmpErrB = err.Error()
	}
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

// afterChange keeps the URL, the document language and the title in sync
// with what is on screen.
func (c *Lab) afterChange(ctx app.Context) {
	if !c.page.IsLab() {
		c.afterPage(ctx)
		return
	}
	v := c.view
	v.Step = c.idx + 1
	v.Lang = c.lang
	if u := ctx.Page().URL(); u != nil {
		nu := *u
		nu.RawQuery = v.Query()
		if nu.String() != u.String() {
			ctx.Page().ReplaceURL(&nu)
		}
	}
	c.rememberLang(ctx)
	if l := c.htmlLang(); l != c.docLang {
		ctx.Page().SetLang(l)
		c.docLang = l
	}
	if t := tr(c.lang, "app.title") + " · " + c.view.Version + " " + c.view.Transport + " · " + c.view.Scenario; t != c.docTitle {
		ctx.Page().SetTitle("%s", t)
		c.docTitle = t
	}
	if c.mounted {
		c.scheduleScroll()
		c.scheduleWarm()
	}
}

// scheduleScroll keeps the current row in view once the browser lays the
// updated page out (requestAnimationFrame): measuring it from Go right
// after the update would force an extra synchronous layout on every step.
func (c *Lab) scheduleScroll() {
	if c.scrollPending {
		return
	}
	if c.scrollFn == nil {
		c.scrollFn = app.FuncOf(func(this app.Value, args []app.Value) any {
			c.scrollPending = false
			dom.ScrollToCurrent()
			return nil
		})
	}
	c.scrollPending = true
	c.scrollReq = app.Window().Call("requestAnimationFrame", c.scrollFn)
}

func (c *Lab) goTo(ctx app.Context, i int) {
	from := c.idx
	c.idx = clamp(i, len(c.steps))
	// Draw the step now, in the event handler, instead of in go-app's next
	// frame about 9.5 ms later (faststep.go); that frame renders the same.
	c.patchStep(ctx, from, c.idx)
	c.afterChange(ctx)
}

func (c *Lab) step(ctx app.Context, d int) {
	c.goTo(ctx, c.idx+d)
}

// reRun re-runs the engine after a toggle and keeps the learner at the
// equivalent step (same annotation, else same message, else clamped).
func (c *Lab) reRun(ctx app.Context) {
	old, oldIdx := c.steps, c.idx
	c.run()
	c.idx = MapStep(old, oldIdx, c.steps)
	if c.view.Compare {
		c.runCompare()
	}
	c.fMethod = ""
	c.afterChange(ctx)
}

// set changes one of the run's toggles (View.Set) and runs the scenario
// again; picking a scenario also moves the version, transport and fault
// to values it runs with.
func (c *Lab) set(ctx app.Context, param, value string) {
	if !c.view.Set(param, value) {
		return
	}
	if param == paramScenario {
		c.notices = c.makeApplicable()
		c.runErr = ""
	}
	c.reRun(ctx)
}

// setter is set for one toggle, as the controls take it.
func (c *Lab) setter(param string) func(app.Context, string) {
	return func(ctx app.Context, v string) { c.set(ctx, param, v) }
}

// makeApplicable moves the version, transport and fault to values the
// current scenario runs with, and returns a notice for each change.
func (c *Lab) makeApplicable() []Notice {
	in := c.info()
	var ns []Notice
	fix := func(param string, allowed []string, cur *string, def string) {
		if len(allowed) == 0 || slices.Contains(allowed, *cur) {
			return
		}
		nv := orFirst(allowed, def)
		ns = append(ns, Notice{Param: param, Value: *cur, Fallback: nv, Kind: NoticeSwitched, Allowed: strings.Join(allowed, ", ")})
		*cur = nv
	}
	fix(paramVersion, in.Versions, &c.view.Version, DefaultVersion)
	fix(paramTransport, in.Transports, &c.view.Transport, DefaultTransport)
	faults := in.Faults
	if !slices.Contains(faults, DefaultFault) {
		faults = append([]string{DefaultFault}, faults...)
	}
	fix(paramFault, faults, &c.view.Fault, DefaultFault)
	return ns
}

func (c *Lab) setLang(ctx app.Context, l string) {
	c.lang = l
	ctx.LocalStorage().Set(langStorageKey, l)
	c.afterChange(ctx)
}

func (c *Lab) setCompare(ctx app.Context, on bool) {
	c.view.Compare = on
	if on {
		c.runCompare()
	}
	c.afterChange(ctx)
}

func (c *Lab) togglePresent(ctx app.Context) {
	c.view.Present = !c.view.Present
	c.afterChange(ctx)
}

func (c *Lab) cycle(list []string, cur string) string {
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

func (c *Lab) info() scenario.Info {
	for _, in := range c.infos {
		if in.Name == c.view.Scenario {
			return in
		}
	}
	return scenario.Info{Name: c.view.Scenario, Versions: mcp.Versions(), Transports: scenario.Transports, Faults: []string{"none"}}
}

func (c *Lab) onKey(ctx app.Context, key string) {
	switch key {
	case "ArrowRight":
		c.stop()
		c.step(ctx, 1)
	case "ArrowLeft":
		c.stop()
		c.step(ctx, -1)
	case "Home":
		c.goTo(ctx, 0)
	case "End":
		c.goTo(ctx, len(c.steps)-1)
	case " ":
		c.togglePlay(ctx)
	case "v":
		c.set(ctx, paramVersion, c.cycle(c.info().Versions, c.view.Version))
	case "t":
		c.set(ctx, paramTransport, c.cycle(c.info().Transports, c.view.Transport))
	case "p":
		c.togglePresent(ctx)
	case "c":
		c.setCompare(ctx, !c.view.Compare)
	case "?":
		c.showHelp = !c.showHelp
	case "Escape":
		c.showHelp = false
		c.mermaidOpen = false
		c.notices = nil
	}
}

func (c *Lab) stop() {
	c.playing = false
	c.playGen++
}

func (c *Lab) togglePlay(ctx app.Context) {
	if c.playing {
		c.stop()
		return
	}
	if c.idx >= len(c.steps)-1 {
		c.idx = 0
		c.afterChange(ctx)
	}
	c.playing = true
	c.playGen++
	c.schedule(ctx)
}

func (c *Lab) schedule(ctx app.Context) {
	gen := c.playGen
	sp, _ := strconv.ParseFloat(c.speed, 64)
	if sp <= 0 {
		sp = 1
	}
	ctx.After(time.Duration(float64(1400*time.Millisecond)/sp), func(ctx app.Context) {
		if !c.playing || gen != c.playGen {
			return
		}
		if c.idx >= len(c.steps)-1 {
			c.stop()
			return
		}
		c.step(ctx, 1)
		if c.idx >= len(c.steps)-1 {
			c.stop()
			return
		}
		c.schedule(ctx)
	})
}

func (c *Lab) t(key string) string { return tr(c.lang, key) }

// Render draws the page. It has no side effects.
func (c *Lab) Render() app.UI {
	if !c.page.IsLab() {
		return c.renderPage()
	}
	cls := "lab"
	if c.view.Present {
		cls += " presenter"
	}
	if c.view.Compare {
		cls += " comparing"
	}
	return app.Div().ID("lab").Class(cls).Lang(c.htmlLang()).Body(
		// The screen is the viewport (stage.css): the top bar, the
		// toolbar and the stage; the export bar follows below it.
		app.Div().Class("screen").Body(
			c.headerPart(),
			c.renderNotices(),
			c.toolbarPart(),
			app.If(!c.view.Compare, func() app.UI {
				return app.Main().ID("main").Class("stepping").Aria("label", c.t("main.aria")).Body(
					c.renderPlayer(),
					app.If(IsHTTPScenario(c.view.Scenario), c.renderTimeline).Else(c.renderClock),
					app.Div().Class("workspace").Body(
						app.Section().Class("seq-panel").Aria("label", c.t("seq.aria")).Body(
							newPart("filter", fmt.Sprintf("%s|%s|%s|%p", c.lang, c.fMethod, c.fDir, c.tr), c.renderFilter),
							&Sequence{Steps: c.steps, Idx: c.idx, Lang: c.lang, Transport: c.view.Transport, FMethod: c.fMethod, FDir: c.fDir,
								Replicas: Replicas(c.steps), ServerSub: ServerSubtitle(c.tr)},
						),
						c.renderInspector(),
					),
				)
			}).Else(func() app.UI {
				return app.Main().ID("main").Class("comparing-main").Body(c.renderCompare())
			}),
		),
		newPart("export", c.lang, c.renderExport),
		// The print view is not on screen: the prerendered page leaves it
		// to the wasm (25 KB less to send and parse before the first paint).
		app.If(app.IsClient, func() app.UI { return app.Raw(c.printHTML.get(c.tr, c.lang)) }),
		app.If(app.IsServer && c.tr != nil && len(c.tr.Events) > 0, func() app.UI {
			return app.Raw(EmbeddedTraceHTML(c.tr, c.options()))
		}),
		app.If(app.IsServer && c.earlyOK(), c.renderEarly), // "Next" before the wasm (early.go)
		app.If(c.showHelp, c.renderHelp),
		app.If(c.mermaidOpen, c.renderMermaid),
	)
}

// headerPart is the top bar (brand, navigation, view actions) as a part
// (part.go), keyed by what it shows: the navigation links carry the step,
// so it follows the learner.
func (c *Lab) headerPart() app.UI {
	key := c.lang + "|" + strconv.FormatBool(c.view.Present) + "|" + strconv.FormatBool(c.view.Compare) + "|" + c.page.View
	for _, v := range navViews {
		key += "|" + c.navHref(v)
	}
	return newPart("header", key, c.renderHeader)
}

func (c *Lab) htmlLang() string {
	if c.lang == LangZh {
		return "zh-CN"
	}
	return "en"
}

func (c *Lab) renderHeader() app.UI {
	other := LangZh
	if c.lang == LangZh {
		other = LangEn
	}
	return app.Header().Class("top").Body(
		app.Div().Class("brand").Body(
			app.H1().Body(app.Span().Class("logo").Aria("hidden", "true").Text("⇄"), app.Text(" "+c.t("app.title"))),
			app.P().Class("subtitle").Text(c.t("app.subtitle")),
		),
		c.renderNav(),
		app.Div().Class("top-actions").Body(
			app.If(c.page.IsLab(), c.renderViewMode),
			app.Button().ID("lang-switch").Class("btn").Aria("label", c.t("lang.switch.aria")).Lang(langTag(other)).
				Text(c.t("lang.switch")).OnClick(func(ctx app.Context, e app.Event) { c.setLang(ctx, other) }, app.EventScope("lang", other)),
			app.Button().ID("presenter").Class("btn").Aria("pressed", strconv.FormatBool(c.view.Present)).
				Title("%s (p)", c.t("ctl.presenter")).
				Aria("label", c.t("ctl.presenter")).
				Body(app.Span().Aria("hidden", "true").Text("▣ "), app.Text(c.t("ctl.presenter.short"))).
				OnClick(func(ctx app.Context, e app.Event) { c.togglePresent(ctx) }),
			app.If(c.page.IsLab(), func() app.UI {
				return app.Button().ID("help-btn").Class("btn").Aria("label", c.t("ctl.help")).Title("%s (?)", c.t("ctl.help")).Text("?").
					OnClick(func(ctx app.Context, e app.Event) { c.showHelp = !c.showHelp })
			}),
		),
	)
}

func langTag(l string) string {
	if l == LangZh {
		return "zh-CN"
	}
	return "en"
}

func (c *Lab) renderNotices() app.UI {
	if len(c.notices) == 0 && c.runErr == "" {
		return app.Div().ID("notices").Role("status")
	}
	return app.Div().ID("notices").Class("notices").Role("status").Body(
		app.Span().Class("icon").Aria("hidden", "true").Text("⚠"),
		app.Div().Body(
			app.If(len(c.notices) > 0, func() app.UI { return app.Strong().Text(c.t(noticeTitle(c.notices))) }),
			app.Ul().Body(
				app.Range(c.notices).Slice(func(i int) app.UI {
					return app.Li().Text(c.noticeText(c.notices[i]))
				}),
				app.If(c.runErr != "", func() app.UI {
					return app.Li().Text(fmt.Sprintf(c.t("notice.runerror"), c.runErr))
				}),
			),
		),
		app.Button().Class("btn small").Text(c.t("notice.dismiss")).OnClick(func(ctx app.Context, e app.Event) {
			c.notices = nil
			c.runErr = ""
		}),
	)
}

// noticeText is the sentence of a notice in the current language.
func (c *Lab) noticeText(n Notice) string {
	label := func(v string) string {
		switch n.Param {
		case paramTransport, paramFault:
			if hasStr(n.Param + "." + v) {
				return c.t(n.Param + "." + v)
			}
		}
		return v
	}
	allowed := func() string {
		var out []string
		for _, v := range strings.Split(n.Allowed, ", ") {
			out = append(out, label(v))
		}
		return strings.Join(out, ", ")
	}
	switch n.Kind {
	case NoticeNA:
		return fmt.Sprintf(c.t("notice.na"), c.t("param."+n.Param), label(n.Value), allowed(), label(n.Fallback))
	case NoticeSwitched:
		return fmt.Sprintf(c.t("notice.switched"), c.t("param."+n.Param), allowed(), label(n.Value), label(n.Fallback))
	case NoticeRange:
		return fmt.Sprintf(c.t("notice.range"), c.t("param."+n.Param), n.Value, n.Allowed, n.Fallback)
	}
	if _, ok := clientParamIndex(n.Param); ok {
		return fmt.Sprintf(c.t("notice.badclient"), c.t("param."+n.Param), n.Value, n.Fallback)
	}
	return fmt.Sprintf(c.t("notice.bad"), c.t("param."+n.Param), n.Value, n.Fallback)
}

// segmented renders a group of toggle buttons; the pressed one is the
// current value (aria-pressed, plus a check mark so colour is not the only cue).
func segmented(id, label string, values []string, cur string, text func(string) string, pick func(app.Context, string)) app.UI {
	return app.Div().ID(id).Class("seg").Role("group").Aria("label", label).Body(
		app.Range(values).Slice(func(i int) app.UI {
			v := values[i]
			on := v == cur
			cls := "seg-btn"
			mark := ""
			if on {
				cls += " on"
				mark = "✓ "
			}
			return app.Button().Class(cls).DataSet("value", v).Aria("pressed", strconv.FormatBool(on)).
				Body(app.Span().Class("mark").Aria("hidden", "true").Text(mark), app.Text(text(v))).
				OnClick(func(ctx app.Context, e app.Event) { pick(ctx, v) }, app.EventScope(id, v))
		}),
	)
}

// segmentedLimited is segmented where only the allowed values (nil: all)
// can be picked: the others are disabled, titled with why, and the reason
// is also written under the group (hint) so it is not hover-only.
func segmentedLimited(id, label string, values, allowed []string, cur string, text func(string) string, pick func(app.Context, string), hint, btnWhy string) app.UI {
	limited := false
	for _, v := range values {
		if allowed != nil && !slices.Contains(allowed, v) {
			limited = true
		}
	}
	group := app.Div().ID(id).Class("seg").Role("group").Aria("label", label)
	if limited {
		group = group.Aria("describedby", id+"-hint")
	}
	return app.Div().Class("seg-wrap").Body(group.Body(
		app.Range(values).Slice(func(i int) app.UI {
			v := values[i]
			on := v == cur
			cls := "seg-btn"
			mark := ""
			if on {
				cls += " on"
				mark = "✓ "
			}
			if allowed != nil && !slices.Contains(allowed, v) {
				return app.Button().Class(cls+" na").DataSet("value", v).Aria("pressed", "false").Disabled(true).
					Title(fmt.Sprintf(btnWhy, text(v))).Aria("describedby", id+"-hint").
					Body(app.Span().Class("mark").Aria("hidden", "true").Text("⊘ "), app.Span().Class("na-text").Text(text(v)))
			}
			return app.Button().Class(cls).DataSet("value", v).Aria("pressed", strconv.FormatBool(on)).
				Body(app.Span().Class("mark").Aria("hidden", "true").Text(mark), app.Text(text(v))).
				OnClick(func(ctx app.Context, e app.Event) { pick(ctx, v) }, app.EventScope(id, v))
		}),
	), app.If(limited, func() app.UI {
		return app.Small().ID(id+"-hint").Class("na-hint").Body(app.Span().Aria("hidden", "true").Text("⊘ "), app.Text(hint))
	}))
}

func (c *Lab) renderToolbar() app.UI {
	in := c.info()
	faults := in.Faults
	if len(faults) == 0 || faults[0] != "none" {
		faults = append([]string{"none"}, faults...)
	}
	id := func(s string) string { return s }
	trLabel := func(v string) string { return c.t("transport." + v) }
	labels := func(vs []string, f func(string) string) string {
		var out []string
		for _, v := range vs {
			out = append(out, f(v))
		}
		return strings.Join(out, ", ")
	}
	cls := "toolbar"
	if c.toolsOpen {
		cls += " open"
	}
	return app.Section().ID("toolbar").Class(cls).Aria("label", c.t("ctl.view")).Body(
		app.If(len(c.infos) > 1, func() app.UI {
			return app.Label().Class("field").Body(
				app.Span().Class("field-label").Text(c.t("ctl.scenario")),
				app.Select().ID("scenario").Aria("label", c.t("ctl.scenario")).Body(
					app.Range(c.infos).Slice(func(i int) app.UI {
						s := c.infos[i]
						title := s.Title.En
						if c.lang == LangZh && s.Title.Zh != "" {
							title = s.Title.Zh
						}
						return app.Option().Value(s.Name).Selected(s.Name == c.view.Scenario).Text(title)
					}),
				).OnChange(func(ctx app.Context, e app.Event) { c.set(ctx, paramScenario, ctx.JSSrc().Get("value").String()) }),
			)
		}).Else(func() app.UI {
			title := in.Title.En
			if c.lang == LangZh && in.Title.Zh != "" {
				title = in.Title.Zh
			}
			return app.Div().Class("field").Body(
				app.Span().Class("field-label").Text(c.t("ctl.scenario")),
				app.Strong().ID("scenario-title").Text(title),
			)
		}),
		app.Div().Class("field").Body(
			app.Span().Class("field-label").Aria("hidden", "true").Text(c.t("ctl.version")+" (v)"),
			segmentedLimited("version", c.t("ctl.version"), mcp.Versions(), in.Versions, c.view.Version, id, c.setter(paramVersion),
				fmt.Sprintf(c.t("na.version"), labels(in.Versions, id)), c.t("na.button")),
		),
		app.Div().Class("field").Body(
			app.Span().Class("field-label").Aria("hidden", "true").Text(c.t("ctl.transport")+" (t)"),
			segmentedLimited("transport", c.t("ctl.transport"), scenario.Transports, in.Transports, c.view.Transport, trLabel, c.setter(paramTransport),
				fmt.Sprintf(c.t("na.transport"), labels(in.Transports, trLabel)), c.t("na.button")),
		),
		app.Label().Class("field").Body(
			app.Span().Class("field-label").Text(c.t("ctl.fault")),
			app.Select().ID("fault").Aria("label", c.t("ctl.fault")).Body(
				app.Range(faults).Slice(func(i int) app.UI {
					f := faults[i]
					return app.Option().Value(f).Selected(f == c.view.Fault).Text(c.t("fault." + f))
				}),
			).OnChange(func(ctx app.Context, e app.Event) { c.set(ctx, paramFault, ctx.JSSrc().Get("value").String()) }),
		),
	)
}

func (c *Lab) renderViewMode() app.UI {
	return segmented("viewmode", c.t("ctl.view")+" (c)", []string{"steps", "compare"}, map[bool]string{false: "steps", true: "compare"}[c.view.Compare],
		func(v string) string { return c.t("ctl.view." + v) },
		func(ctx app.Context, v string) { c.setCompare(ctx, v == "compare") })
}

func (c *Lab) renderPlayer() app.UI {
	n := len(c.steps)
	playLabel, playIcon := c.t("ctl.play"), "▶"
	if c.playing {
		playLabel, playIcon = c.t("ctl.pause"), "❚❚"
	}
	ps := playerState(c.steps, c.idx, c.lang)
	return app.Section().Class("player").Aria("label", c.t("ctl.step")).Body(
		app.If(c.view.Present, c.renderStageBar),
		app.Button().ID("restart").Class("btn icon-btn").Aria("label", c.t("ctl.restart")).Title(c.t("ctl.restart")+" (Home)").
			Body(app.Span().Aria("hidden", "true").Text("↺"), app.Span().Class("btn-text").Text(c.t("ctl.restart"))).
			OnClick(func(ctx app.Context, e app.Event) { c.stop(); c.goTo(ctx, 0) }),
		app.Button().ID(idPrev).Class("btn icon-btn").Aria("label", c.t("ctl.prev")).Title(c.t("ctl.prev")+" (←)").Disabled(ps.prevOff).
			Body(app.Span().Aria("hidden", "true").Text("◀"), app.Span().Class("btn-text").Text(c.t("ctl.prev"))).
			OnClick(func(ctx app.Context, e app.Event) { c.stop(); c.step(ctx, -1) }),
		app.Button().ID("play").Class("btn icon-btn primary").Aria("label", playLabel).Aria("pressed", strconv.FormatBool(c.playing)).Title(playLabel+" (space)").
			Body(app.Span().Aria("hidden", "true").Text(playIcon), app.Span().Class("btn-text").Text(playLabel)).
			OnClick(func(ctx app.Context, e app.Event) { c.togglePlay(ctx) }),
		app.Button().ID(idNext).Class("btn icon-btn primary").Aria("label", c.t("ctl.next")).Title(c.t("ctl.next")+" (→)").Disabled(ps.nextOff).
			Body(app.Span().Class("btn-text").Text(c.t("ctl.next")), app.Span().Aria("hidden", "true").Text(" ▶")).
			OnClick(func(ctx app.Context, e app.Event) { c.stop(); c.step(ctx, 1) }),
		app.Label().Class("field inline").Body(
			app.Span().Class("field-label").Text(c.t("ctl.speed")),
			app.Select().ID("speed").Aria("label", c.t("ctl.speed")).Body(
				app.Range(speeds).Slice(func(i int) app.UI {
					return app.Option().Value(speeds[i]).Selected(speeds[i] == c.speed).Text(speeds[i] + "×")
				}),
			).OnChange(func(ctx app.Context, e app.Event) { c.speed = ctx.JSSrc().Get("value").String() }),
		),
		app.Input().ID(idJump).Class("jump").Type("range").Min(1).Max(max(n, 1)).Value(ps.cur).Aria("label", c.t("ctl.jump")).
			Aria("valuetext", ps.valueText).
			OnInput(func(ctx app.Context, e app.Event) {
				v, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
				c.stop()
				c.goTo(ctx, v-1)
			}),
		app.Output().ID("step-counter").Class("counter").Aria("live", "polite").Body(
			app.Span().Class("counter-word").Text(c.t("ctl.step")+" "),
			app.Strong().ID(idStepCur).Text(strconv.Itoa(ps.cur)),
			app.Text(" "+c.t("ctl.of")+" "+strconv.Itoa(n)),
		),
		app.Span().Class("vclock").Title(c.t("clock.now")).Body(
			app.Span().Aria("hidden", "true").Text("◷ "),
			app.Span().ID(idVClock).Text(ps.clock),
		),
	)
}

// renderClock shows the client's deadline in the timeout lesson: how much
// of it has elapsed at this step, then the cancellation.
func (c *Lab) renderClock() app.UI {
	dl, ok := DeadlineAt(FindDeadlines(c.steps), c.idx)
	if !ok || c.idx < dl.ReqIdx || len(c.steps) == 0 {
		return app.Div().ID("clock").Hidden(true)
	}
	total := dl.EndMs - dl.StartMs
	now := c.steps[c.idx].Ev.TimeMs
	elapsed := min(max(now-dl.StartMs, 0), total)
	pct := 100.0
	if total > 0 {
		pct = float64(elapsed) * 100 / float64(total)
	}
	done := c.idx >= dl.CancelIdx
	id := strings.Trim(dl.ID, `"`)
	status := fmt.Sprintf(c.t("clock.waiting"), id)
	cls := "clock"
	icon := "◔"
	if done {
		status = fmt.Sprintf(c.t("clock.cancelled"), id)
		cls += " expired"
		icon = "✗"
	}
	return app.Div().ID("clock").Class(cls).Role("timer").Aria("label", c.t("clock.title")).Body(
		app.Span().Class("clock-title").Body(app.Span().Aria("hidden", "true").Text(icon+" "), app.Text(c.t("clock.title"))),
		app.Div().Class("clock-bar").Role("progressbar").Aria("valuemin", 0).Aria("valuemax", total).Aria("valuenow", elapsed).Body(
			app.Div().Class("clock-fill").Style("width", fmt.Sprintf("%.1f%%", pct)),
		),
		app.Span().Class("clock-num").Text(fmt.Sprintf(c.t("clock.elapsed"), elapsed, total)),
		app.Span().Class("clock-status").Text(status),
	)
}

func (c *Lab) renderFilter() app.UI {
	methods := Methods(c.steps)
	dirs := []string{"", DirC2S, DirS2C, DirHost, DirLaunch, DirStderr}
	return app.Div().Class("filter").Role("group").Aria("label", c.t("filter.title")).Body(
		app.Label().Class("field inline").Body(
			app.Span().Class("field-label").Text(c.t("filter.method")),
			app.Select().ID("filter-method").Aria("label", c.t("filter.method")).Body(
				app.Option().Value("").Selected(c.fMethod == "").Text(c.t("filter.all")),
				app.Range(methods).Slice(func(i int) app.UI {
					return app.Option().Value(methods[i]).Selected(methods[i] == c.fMethod).Text(methods[i])
				}),
			).OnChange(func(ctx app.Context, e app.Event) { c.fMethod = ctx.JSSrc().Get("value").String() }),
		),
		app.Label().Class("field inline").Body(
			app.Span().Class("field-label").Text(c.t("filter.dir")),
			app.Select().ID("filter-dir").Aria("label", c.t("filter.dir")).Body(
				app.Range(dirs).Slice(func(i int) app.UI {
					k := "dir." + dirs[i]
					if dirs[i] == "" {
						k = "dir.all"
					}
					return app.Option().Value(dirs[i]).Selected(dirs[i] == c.fDir).Text(c.t(k))
				}),
			).OnChange(func(ctx app.Context, e app.Event) { c.fDir = ctx.JSSrc().Get("value").String() }),
		),
		app.If(c.fMethod != "" || c.fDir != "", func() app.UI {
			return app.Button().Class("btn small").Text(c.t("filter.clear")).OnClick(func(ctx app.Context, e app.Event) { c.fMethod, c.fDir = "", "" })
		}),
	)
}

func (c *Lab) renderInspector() app.UI {
	in := &Inspector{Lang: c.lang, Total: len(c.steps), Trace: c.tr}
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

func (c *Lab) renderExport() app.UI {
	return app.Footer().Class("export").Aria("label", c.t("exp.title")).Body(
		app.Span().Class("field-label").Text(c.t("exp.title")),
		app.Button().ID("download").Class("btn").Body(app.Span().Aria("hidden", "true").Text("⬇ "), app.Text(c.t("exp.download"))).
			OnClick(func(ctx app.Context, e app.Event) {
				s, err := TranscriptJSONL(c.tr)
				if err != nil {
					return
				}
				dom.Download(fmt.Sprintf("%s-%s-%s-%s.jsonl", c.view.Scenario, c.view.Version, c.view.Transport, c.view.Fault), "application/x-ndjson", s)
			}),
		app.Button().ID("mermaid").Class("btn").Body(app.Span().Aria("hidden", "true").Text("❐ "), app.Text(c.t("exp.mermaid"))).
			OnClick(func(ctx app.Context, e app.Event) {
				c.mermaid = Mermaid(c.tr, c.lang)
				c.mermaidOpen = true
				dom.CopyText(c.mermaid)
			}),
		app.Button().ID("print").Class("btn").Body(app.Span().Aria("hidden", "true").Text("▤ "), app.Text(c.t("exp.print"))).
			OnClick(func(ctx app.Context, e app.Event) { dom.Print() }),
	)
}

func (c *Lab) renderHelp() app.UI {
	rows := [][2]string{
		{"→", "help.next"}, {"←", "help.prev"}, {"Space", "help.play"}, {"Home / End", "help.home"},
		{"v", "help.version"}, {"t", "help.transport"}, {"c", "help.compare"}, {"f", "help.fullscreen"},
		{"p", "help.presenter"}, {"?", "help.help"}, {"Esc", "help.close"},
	}
	return app.Div().Class("overlay").Body(
		app.Div().ID("help").Class("dialog").Role("dialog").Aria("modal", "true").Aria("labelledby", "help-title").Body(
			app.H2().ID("help-title").Text(c.t("help.title")),
			app.Table().Class("keys").Body(
				app.Range(rows).Slice(func(i int) app.UI {
					return app.Tr().Body(app.Td().Body(app.Kbd().Text(rows[i][0])), app.Td().Text(c.t(rows[i][1])))
				}),
			),
			app.Button().Class("btn primary").Text(c.t("exp.close")).OnClick(func(ctx app.Context, e app.Event) { c.showHelp = false }),
		),
	)
}

func (c *Lab) renderMermaid() app.UI {
	return app.Div().Class("overlay").Body(
		app.Div().ID("mermaid-dialog").Class("dialog wide").Role("dialog").Aria("modal", "true").Aria("labelledby", "mermaid-title").Body(
			app.H2().ID("mermaid-title").Text(c.t("exp.mermaid.title")),
			app.P().Text(c.t("exp.mermaid.copied")),
			app.Textarea().ID("mermaid-text").ReadOnly(true).Rows(16).Aria("label", c.t("exp.mermaid.title")).Text(c.mermaid),
			app.Button().Class("btn primary").Text(c.t("exp.close")).OnClick(func(ctx app.Context, e app.Event) { c.mermaidOpen = false }),
		),
	)
}
