package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// The components of the visualizer (lab_*.go) do not call the Lab: they
// emit one of these go-app actions (ctx.NewActionWithValue) and the Lab,
// which handles them (OnMount → handleActions), changes its state and
// re-renders. An action's value is what the learner picked.
const (
	actionJump    = "mcpwl.jump"    // int: go to that step (0-based); the sequence's rows
	actionSeek    = "mcpwl.seek"    // int: stop playback, go to that step (restart, the slider)
	actionStep    = "mcpwl.step"    // int: stop playback, move by that many steps
	actionPlay    = "mcpwl.play"    // play or pause
	actionSpeed   = "mcpwl.speed"   // string: one of speeds
	actionSet     = "mcpwl.set"     // paramValue: a toggle of the run (View.Set)
	actionCompare = "mcpwl.compare" // bool: the compare view on or off
	actionPresent = "mcpwl.present" // presenter mode on or off
	actionLang    = "mcpwl.lang"    // string: the page's language
	actionHelp    = "mcpwl.help"    // the keyboard help on or off
	actionTools   = "mcpwl.tools"   // presenter mode: the toolbar unfolded or folded
	actionFilter  = "mcpwl.filter"  // stepFilter: the sequence filter
	actionClient  = "mcpwl.client"  // paramValue: a client setting as typed
	actionReset   = "mcpwl.reset"   // the client settings back to their defaults
	actionFold    = "mcpwl.fold"    // bool: the client settings panel open
	actionExport  = "mcpwl.export"  // string: exportDownload, exportMermaid or exportPrint
	actionClose   = "mcpwl.close"   // string: closeHelp, closeMermaid or closeNotices
)

// paramValue is a link parameter and the value picked for it.
type paramValue struct{ Param, Value string }

// stepFilter is the sequence filter: a method and a direction ("" = all).
type stepFilter struct{ Method, Dir string }

// What actionExport and actionClose name.
const (
	exportDownload = "download"
	exportMermaid  = "mermaid"
	exportPrint    = "print"

	closeHelp    = "help"
	closeMermaid = "mermaid"
	closeNotices = "notices"
	closeAll     = "all" // every overlay (Escape)
)

// handleActions registers the Lab's handler of every action above; the
// keys run the same handlers (onKey).
func (c *Lab) handleActions(ctx app.Context) {
	c.actions = c.actionHandlers()
	for name, h := range c.actions {
		ctx.Handle(name, func(ctx app.Context, a app.Action) { c.modal(ctx, func() { h(ctx, a.Value) }) })
	}
}

// actionHandlers is what each action does to the Lab.
func (c *Lab) actionHandlers() map[string]func(app.Context, any) {
	return map[string]func(app.Context, any){
		actionJump: func(ctx app.Context, v any) {
			if n, ok := v.(int); ok {
				c.goTo(ctx, n)
			}
		},
		actionSeek: func(ctx app.Context, v any) {
			if n, ok := v.(int); ok {
				c.stop()
				c.goTo(ctx, n)
			}
		},
		actionStep: func(ctx app.Context, v any) {
			if d, ok := v.(int); ok {
				c.stop()
				c.goTo(ctx, c.idx+d)
			}
		},
		actionPlay: func(ctx app.Context, _ any) { c.togglePlay(ctx) },
		actionSpeed: func(ctx app.Context, v any) {
			if s, ok := v.(string); ok {
				c.setSpeed(s)
			}
		},
		actionSet: func(ctx app.Context, v any) {
			if pv, ok := v.(paramValue); ok {
				c.set(ctx, pv.Param, pv.Value)
			}
		},
		actionCompare: func(ctx app.Context, v any) {
			if on, ok := v.(bool); ok {
				c.setCompare(ctx, on)
			}
		},
		actionPresent: func(ctx app.Context, _ any) { c.togglePresent(ctx) },
		actionLang: func(ctx app.Context, v any) {
			if l, ok := v.(string); ok {
				c.setLang(ctx, l)
			}
		},
		actionHelp:  func(ctx app.Context, _ any) { c.toggleHelp() },
		actionTools: func(ctx app.Context, _ any) { c.toggleTools() },
		actionFilter: func(ctx app.Context, v any) {
			if f, ok := v.(stepFilter); ok {
				c.setFilter(f)
			}
		},
		actionClient: func(ctx app.Context, v any) {
			if pv, ok := v.(paramValue); ok && c.setClient(pv.Param, pv.Value) {
				c.reRun(ctx)
			}
		},
		actionReset: func(ctx app.Context, _ any) {
			if c.resetClient() {
				c.reRun(ctx)
			}
		},
		actionFold: func(ctx app.Context, v any) {
			if open, ok := v.(bool); ok {
				c.foldClient(open)
			}
		},
		actionExport: func(ctx app.Context, v any) { c.export(ctx, v) },
		actionClose:  func(ctx app.Context, v any) { c.closeOverlay(v) },
	}
}
