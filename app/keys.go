package ui

import (
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Keys. The page's shortcuts (README "Keys") act whatever has the focus,
// except a text editor: after the presenter picks a scenario, a fault or a
// speed with the mouse, the select keeps the focus, and → must still step
// (a select would otherwise take ← / → as "next option" and switch the
// scenario). Up and Down stay the select's, so the keyboard can still
// change it.

// stepKeys act on the visualizer only; pageKeys on every view.
var (
	stepKeys = []string{"ArrowRight", "ArrowLeft", " ", "v", "t", "c", "?", "Home", "End"}
	pageKeys = []string{"f", "p", "Escape"}
)

// keyDown handles a keydown event of the window: a page shortcut's
// default action is prevented, "f" toggles fullscreen at once (a browser
// grants fullscreen only inside the event), and any other shortcut is
// returned for the Lab to handle in go-app's loop.
func (c *Lab) keyDown(e app.Value) (string, bool) {
	if key, handled := c.pagerKey(e); handled { // PageDown / PageUp in presenter mode (pager.go)
		return key, key != ""
	}
	key, ok := c.pageKey(e)
	if !ok {
		return "", false
	}
	e.Call("preventDefault")
	if key == "f" {
		dom.ToggleFullscreen()
		return "", false
	}
	return key, true
}

// pageKey decides whether a keydown is one of the page's shortcuts and
// which; it runs in the browser's event callback, so the caller can still
// prevent the default action. A key on an explained field of the inspector
// moves between fields instead (moveTermFocus).
func (c *Lab) pageKey(e app.Value) (string, bool) {
	if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
		return "", false
	}
	key := e.Get("key").String()
	if id := c.dialogID(); id != "" {
		return dialogKey(e, id, key)
	}
	ae := dom.ActiveElement()
	if moveTermFocus(ae, key) {
		e.Call("preventDefault")
		return "", false
	}
	if key != "Escape" && isTextEditor(ae) {
		return "", false
	}
	switch {
	case slices.Contains(stepKeys, key):
		if !c.page.IsLab() { // visualizer keys only on the visualizer
			return "", false
		}
		if c.view.Compare && (key == " " || key == "Home" || key == "End") {
			return "", false
		}
	case slices.Contains(pageKeys, key):
	default:
		return "", false
	}
	return key, true
}

// dialogKey is the keyboard of an open modal dialog (the WAI-ARIA dialog
// pattern): Tab and Shift+Tab go round its controls, Escape (and ? for
// the help) closes it, and every other shortcut is ignored, its key left
// to the focused control (Space or Enter presses Close), so nothing behind
// the dialog steps or toggles.
func dialogKey(e app.Value, id, key string) (string, bool) {
	switch {
	case key == "Tab":
		e.Call("preventDefault")
		dom.TrapTab(id, e.Get("shiftKey").Bool())
	case key == "Escape", key == "?" && id == helpDialogID && !isTextEditor(dom.ActiveElement()):
		return key, true
	}
	return "", false
}

// isTextEditor reports whether the focused element edits text: a text
// area, an editable element, or an input other than a slider, a box or a
// button (a number field is an editor: its arrows move the caret).
func isTextEditor(el app.Value) bool {
	if el == nil || !el.Truthy() {
		return false
	}
	if el.Get("isContentEditable").Bool() {
		return true
	}
	switch el.Get("tagName").String() {
	case "TEXTAREA":
		return true
	case "INPUT":
		switch strings.ToLower(el.Get("type").String()) {
		case "range", "checkbox", "radio", "button", "submit", "reset", "color", "file", "image":
			return false
		}
		return true
	}
	return false
}

// onKey does what a shortcut keyDown let through asks, in go-app's loop:
// it runs the handler of the action the matching control sends
// (keyAction), the handler that control's action runs.
func (c *Lab) onKey(ctx app.Context, key string) {
	if name, v, ok := c.keyAction(key); ok {
		c.actions[name](ctx, v)
	}
}

// keyAction is the action (and its value) that the control a shortcut
// stands for sends (README "Keys"; the player's buttons name their keys
// in their titles): → and ← the player's Next and Previous, Home its
// Restart, End the slider moved to its end (both stop playback), Space
// Play, v and t the toolbar's other version and transport, c and p the
// view mode and Present, ? the help button, Escape every overlay's Close.
// ok is false for a key that does nothing here (v in an HTTP lesson,
// which has no MCP version: Toolbar.versionGroup).
func (s *labState) keyAction(key string) (name string, value any, ok bool) {
	switch key {
	case "ArrowRight":
		return actionStep, 1, true
	case "ArrowLeft":
		return actionStep, -1, true
	case "Home":
		return actionSeek, 0, true
	case "End":
		return actionSeek, len(s.steps) - 1, true
	case " ":
		return actionPlay, nil, true
	case "v":
		if IsHTTPScenario(s.view.Scenario) {
			return "", nil, false
		}
		return actionSet, paramValue{paramVersion, nextValue(s.info().Versions, s.view.Version)}, true
	case "t":
		return actionSet, paramValue{paramTransport, nextValue(s.info().Transports, s.view.Transport)}, true
	case "p":
		return actionPresent, nil, true
	case "c":
		return actionCompare, !s.view.Compare, true
	case "?":
		return actionHelp, nil, true
	case "Escape":
		return actionClose, closeAll, true
	}
	return "", nil, false
}
