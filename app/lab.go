package ui

import (
	"encoding/json"
	"net/url"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// Lab is the app's one route component (nav.go): the visualizer, and the
// shell of the other views. Its state is labState (model_lab.go), plain Go
// that decides; Lab adds what only a mounted page has (the keyboard
// listener, the scroll and idle callbacks, the caches of the instant step)
// and wires the components (lab_*.go), which answer with actions
// (lab_actions.go).
type Lab struct {
	app.Compo
	labState

	langSaved string // the language last written to local storage

	keyStop func() // removes the keyboard listener (domEffects.ListenKeys)
	// actions are the handlers of the components' actions (lab_actions.go),
	// which the keys run too (onKey).
	actions map[string]func(app.Context, any)
	// resizeStop removes the resize listener that sizes the presenter's
	// explanation pane again (pager.go: fullscreen changes the type).
	resizeStop func()
	keyCtx     app.Context
	mounted    bool

	// Per-trace caches (step changes reuse them): the inspector's note and
	// reproduce command per step (lab_inspector.go), and the print view's
	// HTML.
	stepCache
	printHTML printCache
	// printOn: the print view is in the page (schedulePrint: once the
	// browser is idle after the mount, not in go-app's first mount).
	printOn bool

	// What afterChange last wrote to the document, so a step change only
	// touches what differs; scrollFn is the requestAnimationFrame
	// callback that keeps the current row in view.
	docLang, docTitle string
	scrollFn          app.Func
	scrollCancel      func() // takes the pending requestAnimationFrame back
	scrollPending     bool

	// warmFn builds uncached steps while the browser is idle (faststep.go).
	warmFn      app.Func
	warmPending bool
	warmCancel  func() // takes the pending callback back (whenIdle)

	initURL string // the link OnInit loaded, until OnNav sees it

	// opener had the focus when a dialog opened; it gets it back when the
	// dialog closes (Lab.modal). mermaidCopy is how the Mermaid dialog's
	// copy went, copyGen counts the copies (a late answer of an old one
	// is ignored).
	opener      app.Value
	mermaidCopy int
	copyGen     int

	// fromPage asks the next run to take the trace the prerendered page
	// carries (embed.go); embedded is that trace until verifyFirst ran.
	fromPage bool
	embedded *trace.Trace

	// navs counts the navigations OnNav has read (markNav).
	navs int
}

// markNav writes how many navigations OnNav has read into <html
// data-wl-nav>: a browser test that navigates inside the page (history and
// popstate, as the browser's Back does) waits for it to change, then for
// the frame that draws the new view.
func (c *Lab) markNav() {
	c.navs++
	dom.MarkDocument("data-wl-nav", strconv.Itoa(c.navs))
}

// OnMount installs the window keyboard listener (go-app v10 has no helper
// for window events) and the handlers of the actions the components emit.
func (c *Lab) OnMount(ctx app.Context) {
	c.mounted = true
	// Browser tests wait for this mark: the wasm has taken over the page.
	dom.MarkDocument("data-wl-ready", "1")
	c.handleActions(ctx)
	c.handlePageActions(ctx)
	c.keyCtx = ctx
	c.keyStop = dom.ListenKeys(func(e app.Value) {
		if key, ok := c.keyDown(e); ok {
			c.keyCtx.Dispatch(func(ctx app.Context) { c.modal(ctx, func() { c.onKey(ctx, key) }) })
		}
	})
	c.resizeStop = c.watchResize()
	c.verifyFirst(ctx)
	c.scheduleWarm()
	c.schedulePrint(ctx)
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
	if c.dialogID() != "" { // left with a dialog open (Back): the page is live again
		dom.InertOutside("")
	}
	c.stop()
	if c.keyStop != nil {
		c.keyStop()
		c.keyStop = nil
	}
	c.stopWarm()
	if c.resizeStop != nil {
		c.resizeStop()
		c.resizeStop = nil
	}
	if c.scrollFn != nil {
		if c.scrollPending {
			c.scrollCancel()
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
	u := pageURL()
	if u == nil {
		return
	}
	q := u.Query()
	p, _ := ParsePage(q)
	stored := func() string {
		var stored string
		if item := webStore("localStorage").Call("getItem", langStorageKey); item.Truthy() {
			_ = json.Unmarshal([]byte(item.String()), &stored)
		}
		return stored
	}
	c.setPage(p)
	if !p.IsLab() {
		// The other views too mount as linked, in their language: not an
		// empty visualizer that OnNav replaces one frame after the mount
		// (and after data-wl-ready; e2e TestCaptureTabOnTopBar measured
		// that frame's top bar now and then). OnNav does the rest.
		c.enterPage(q.Get("present") == "1", nil)
		c.useLang(pickLang(q.Get("lang"), stored, browserLangs()))
		return
	}
	c.fromPage = true
	yieldToBrowser()
	c.loadView(q, stored, browserLangs())
	c.initURL = u.String()
	// The first step's inspector now, in a task of its own (yieldToBrowser):
	// go-app's first render and mount follow in one more.
	yieldToBrowser()
	if c.idx < len(c.steps) {
		c.stepData(c.idx)
	}
	yieldToBrowser()
}

// schedulePrint adds the print view (every step expanded) once the
// browser is idle after the mount: building it (PrintHTML) and mounting
// its DOM were about 80 ms of go-app's first mount, the start's longest
// task, which a key press meanwhile waits for (BENCHMARKS.md, "The
// wasm's start"). Nothing on screen changes: it is print-only.
func (c *Lab) schedulePrint(ctx app.Context) {
	if c.printOn {
		return
	}
	var f app.Func
	f = app.FuncOf(func(this app.Value, args []app.Value) any {
		f.Release()
		ctx.Dispatch(func(app.Context) { c.printOn = true })
		return nil
	})
	whenIdle(f, 1000, 200)
}

// printView is the print view's HTML once schedulePrint has let it in,
// and until then its empty section: the node keeps its place among the
// Lab's children, so the dialogs after it are not mounted again (and do
// not lose the focus) when it fills (e2e TestDialogsAreModal).
func (c *Lab) printView() string {
	if !c.printOn {
		return `<section id="print-all" class="print-only"></section>`
	}
	return c.printHTML.get(c.tr, c.lang)
}

// yieldToBrowser lets the browser run what waits (a key press, a frame)
// in the middle of the wasm's start, which is otherwise one long task
// (BENCHMARKS.md, issue 25): a sleep blocks every goroutine, so the Go
// runtime returns to the browser's event loop until the timer fires.
// Nothing of the page is the wasm's yet (go-app mounts after OnInit), so
// nothing can reach Go meanwhile. Natively it does nothing.
func yieldToBrowser() {
	if app.IsClient {
		time.Sleep(time.Millisecond)
	}
}

// OnNav reads the deep link: it is the single source of the view.
func (c *Lab) OnNav(ctx app.Context) {
	defer c.markNav()
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
	}, browserLangs())
	c.afterChange(ctx)
}

// loadView sets the visualizer's state from a link and runs the engine;
// stored is the language remembered in local storage, browser the
// browser's languages (pickLang).
func (c *Lab) loadView(q url.Values, stored func() string, browser []string) {
	infos := scenario.List()
	v, ns := ParseView(q, infos)
	lang, chosen := pickLang(v.Lang, stored, browser)
	c.loadLink(infos, v, ns, lang, chosen)
	c.run()
	c.showLink()
}

// run asks for the trace of the current view: the one the prerendered page
// carries, the first time (fromPage), else the engine's (runEngine).
func (c *Lab) run() {
	if c.fromPage {
		c.fromPage = false
		if t := readEmbeddedTrace(c.options()); t != nil {
			c.useTrace(t)
			c.embedded = t
			setDocAttr("data-wl-first", "embedded")
			return
		}
		setDocAttr("data-wl-first", "engine")
	}
	c.runEngine()
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
	v.Lang = c.linkLang()
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
	if t := c.title(); t != c.docTitle {
		ctx.Page().SetTitle("%s", t)
		c.docTitle = t
	}
	if c.mounted {
		// After go-app's frame: the compare view marks its current row in
		// that render (the visualizer's instant step drew it already).
		ctx.Defer(func(app.Context) { c.scheduleScroll() })
		c.scheduleWarm()
	}
}

// title is the document's title for the visualizer.
func (s *labState) title() string {
	return tr(s.lang, "app.title") + " · " + s.view.Version + " " + s.view.Transport + " · " + s.view.Scenario
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
			if c.view.Present && !c.view.Compare {
				pageExplain(0)
			}
			dom.ScrollToCurrent()
			return nil
		})
	}
	c.scrollPending = true
	c.scrollCancel = nextFrame(c.scrollFn)
}

// goTo moves to step i (0-based, clamped).
func (c *Lab) goTo(ctx app.Context, i int) {
	from := c.labState.goTo(i)
	// Draw the step now, in the event handler, instead of in go-app's next
	// frame about 9.5 ms later (faststep.go); that frame renders the same.
	c.patchStep(ctx, from, c.idx)
	c.afterChange(ctx)
}

// reRun re-runs the engine after a toggle and keeps the learner at the
// equivalent step (same annotation, else same message, else clamped).
func (c *Lab) reRun(ctx app.Context) {
	old, oldIdx := c.steps, c.idx
	c.run()
	c.followStep(old, oldIdx)
	c.afterChange(ctx)
}

// set changes one of the run's toggles (View.Set) and runs the scenario
// again; picking a scenario also moves the version, transport and fault
// to values it runs with.
func (c *Lab) set(ctx app.Context, param, value string) {
	if c.setToggle(param, value) {
		c.reRun(ctx)
	}
}

func (c *Lab) setLang(ctx app.Context, l string) {
	c.useLang(l, true)
	ctx.LocalStorage().Set(langStorageKey, l)
	c.afterChange(ctx)
}

func (c *Lab) setCompare(ctx app.Context, on bool) {
	c.switchCompare(on)
	c.afterChange(ctx)
}

func (c *Lab) togglePresent(ctx app.Context) {
	c.togglePresenter()
	c.afterChange(ctx)
}

// togglePlay plays or pauses (labState.play decides).
func (c *Lab) togglePlay(ctx app.Context) {
	if c.playing {
		c.stop()
		return
	}
	gen, rewound := c.play()
	if rewound {
		c.afterChange(ctx)
	}
	c.schedule(ctx, gen)
}

// schedule arms the next step of playback generation gen.
func (c *Lab) schedule(ctx app.Context, gen int) {
	ctx.After(c.playDelay(), func(ctx app.Context) {
		if !c.tick(gen) {
			return
		}
		c.goTo(ctx, c.idx+1)
		if c.afterTick() {
			c.schedule(ctx, gen)
		}
	})
}

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
	if c.view.Embed {
		cls += " embed"
	}
	return app.Div().ID("lab").Class(cls).Lang(c.htmlLang()).Body(
		// The screen is the viewport (stage.css): the top bar, the
		// toolbar and the stage; the export bar follows below it.
		app.Div().Class("screen").Body(
			c.header(),
			c.noticesBar(),
			&Toolbar{Lang: c.lang, Infos: c.infos, View: c.view, ToolsOpen: c.toolsOpen},
			app.If(!c.view.Compare, func() app.UI {
				return app.Main().ID("main").Class("stepping").Aria("label", c.t("main.aria")).Body(
					c.embedOpen(),
					&Player{Lang: c.lang, N: len(c.steps), At: playerState(c.steps, c.idx, c.lang), Playing: c.playing, Speed: c.speed, Stage: c.stageInfo()},
					app.If(IsHTTPScenario(c.view.Scenario), c.renderTimeline).Else(c.clock),
					app.Div().Class("workspace").Body(
						app.Section().Class("seq-panel").Aria("label", c.t("seq.aria")).Body(
							&FilterBar{Lang: c.lang, Steps: c.steps, Method: c.fMethod, Dir: c.fDir},
							&Sequence{Steps: c.steps, Idx: c.idx, Lang: c.lang, Transport: c.view.Transport, FMethod: c.fMethod, FDir: c.fDir,
								Replicas: Replicas(c.steps), ServerSub: ServerSubtitle(c.tr), HTTPLesson: IsHTTPScenario(c.view.Scenario)},
						),
						c.inspector(),
					),
				)
			}).Else(func() app.UI {
				stage := c.stageInfo()
				return app.Main().ID("main").Class("comparing-main").Body(
					app.If(stage != nil, func() app.UI { return stageBar(c.lang, stage) }),
					c.compareView())
			}),
		),
		&ExportBar{Lang: c.lang},
		// The print view is not on screen: the prerendered page leaves it
		// to the wasm (25 KB less to send and parse before the first paint),
		// and the wasm to the first idle moment after its mount.
		app.If(app.IsClient, func() app.UI { return app.Raw(c.printView()) }),
		app.If(app.IsServer && c.tr != nil && len(c.tr.Events) > 0, func() app.UI {
			return app.Raw(EmbeddedTraceHTML(c.tr, c.options()))
		}),
		app.If(app.IsServer && c.earlyOK(), c.renderEarly), // "Next" before the wasm (early.go)
		app.If(c.showHelp, func() app.UI { return &HelpDialog{Lang: c.lang} }),
		app.If(c.mermaidOpen, func() app.UI { return &MermaidDialog{Lang: c.lang, Text: c.mermaid, Copy: c.mermaidCopy} }),
	)
}

// embedOpen is the embedded stage's link to the full lab at the same step
// (embed=1, static/stage.css shows it only there; the reader script keeps
// its step, app/early.go). It opens in the reader's tab, not in the frame.
func (c *Lab) embedOpen() app.UI {
	v := c.view
	v.Step, v.Lang = c.idx+1, c.linkLang()
	return app.A().ID(idEmbedOpen).Class("embed-open btn").Href(v.fullLabHref()).Target("_top").Body(
		app.Span().Aria("hidden", "true").Text("⤢ "), app.Text(c.t("embed.open")))
}

// header is the top bar of the current view. Its navigation links carry
// the step, so it follows the learner.
func (c *Lab) header() app.UI {
	h := &Header{Lang: c.lang, Present: c.view.Present, Compare: c.view.Compare, Page: c.page.View}
	for _, v := range navViews {
		h.Hrefs = append(h.Hrefs, c.navHref(v))
	}
	return h
}

// clock is the client's deadline at the current step.
func (c *Lab) clock() app.UI { return &DeadlineClock{Lang: c.lang, Steps: c.steps, Idx: c.idx} }

// noticesBar lists the notices of the link and the run.
func (c *Lab) noticesBar() app.UI { return &Notices{Lang: c.lang, List: c.notices, RunErr: c.runErr} }

func (c *Lab) htmlLang() string { return langTag(c.lang) }
