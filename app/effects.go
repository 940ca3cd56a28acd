package ui

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// DOM side effects. What the UI does to the browser outside go-app's
// render (the keyboard listener, fullscreen, the clipboard, a download,
// printing, scrolling the diagram, focus, marks on <html>) goes through
// domEffects, so native tests can swap in a recording fake
// (effects_test.go). browserDOM is the real one; go-app's Window is inert
// outside the browser, so it is a no-op on the server too. The instant step
// patch keeps its own writer (writeStep, faststep.go): it is measured per
// click and takes the document as a value.
type domEffects interface {
	// ListenKeys calls fn with every keydown event of the window until
	// stop is called (go-app v10 has no helper for window events).
	ListenKeys(fn func(e app.Value)) (stop func())
	// ActiveElement is the element with the focus (an inert value if none).
	ActiveElement() app.Value
	ToggleFullscreen()
	Print()
	// CopyText writes s to the clipboard and then calls done with
	// whether it was written: writeText returns a promise, which the
	// browser rejects (NotAllowedError) when the document is not focused
	// or the page may not write; done runs in a JavaScript callback, so
	// UI state changes go through ctx.Dispatch.
	CopyText(s string, done func(ok bool))
	// SelectText focuses the text field or element with id and selects
	// its text, so the reader can copy it by hand.
	SelectText(id string)
	Download(name, mime, body string)
	// ScrollToCurrent keeps the current row of the diagram (or of the
	// compare view) in view.
	ScrollToCurrent()
	// MarkDocument sets an attribute of <html> (marks browser tests wait for).
	MarkDocument(name, value string)
	// Focus focuses the element with id, if it is in the page.
	Focus(id string)
	// FocusElement focuses el if it is still in the page (a dialog's
	// opener when the dialog closes).
	FocusElement(el app.Value)
	// TrapTab moves the focus to the next (back: previous) control inside
	// the element with id, wrapping at either end, and from outside it to
	// its first (back: last) control: Tab of a modal dialog.
	TrapTab(id string, back bool)
	// InertOutside makes everything in the page outside the element with
	// id inert (a modal dialog's backdrop: no focus, no clicks, hidden from
	// assistive technology, WAI-ARIA APG dialog pattern), and first takes
	// back every inert it set before; id "" only takes them back.
	InertOutside(id string)
}

// The browser as the rest of the package reads and schedules it: this file
// is the one that names go-app's Window (TestWindowOnlyInEffects), so what
// the UI asks of the browser is listed here. Outside the browser Window is
// inert, and so are these.

// pageDocument is the page's document.
func pageDocument() app.Value { return app.Window().Get("document") }

// elementByID is the page's element with id (an inert value if none).
func elementByID(id string) app.Value { return app.Window().GetElementByID(id) }

// pageURL is the page's URL (nil outside the browser).
func pageURL() *url.URL { return app.Window().URL() }

// pageOrigin is the page's origin (location.origin: scheme, host, port).
func pageOrigin() string { return app.Window().Get("location").Get("origin").String() }

// webStore is the window's localStorage or sessionStorage (name); reading
// it may throw (storage disabled), which callers recover from.
func webStore(name string) app.Value { return app.Window().Get(name) }

// browserNavigator is the window's navigator (its languages).
func browserNavigator() app.Value { return app.Window().Get("navigator") }

// computedStyle is the element's computed style.
func computedStyle(el app.Value) app.Value { return app.Window().Call("getComputedStyle", el) }

// fetchJS starts the browser's fetch of addr with the init object and
// returns its promise (the net/http client costs 1.2 MB gzip in the wasm).
func fetchJS(addr string, init map[string]any) app.Value {
	return app.Window().Call("fetch", addr, init)
}

// listenWindow adds f as the window's listener of event until stop is
// called (f stays the caller's to release).
func listenWindow(event string, f app.Func) (stop func()) {
	app.Window().Call("addEventListener", event, f)
	return func() { app.Window().Call("removeEventListener", event, f) }
}

// nextFrame calls f before the browser's next paint
// (requestAnimationFrame); cancel takes the request back.
func nextFrame(f app.Func) (cancel func()) {
	id := app.Window().Call("requestAnimationFrame", f)
	return func() { app.Window().Call("cancelAnimationFrame", id) }
}

// afterDelay calls f once after ms milliseconds (setTimeout).
func afterDelay(f app.Func, ms int) { app.Window().Call("setTimeout", f, ms) }

// whenIdle calls f when the browser is idle, at the latest after
// timeoutMs (requestIdleCallback), or after fallbackMs where there is no
// such call (Safari before 18); cancel takes the request back.
func whenIdle(f app.Func, timeoutMs, fallbackMs int) (cancel func()) {
	w := app.Window()
	if w.Get("requestIdleCallback").Truthy() {
		id := w.Call("requestIdleCallback", f, map[string]any{"timeout": timeoutMs})
		return func() { app.Window().Call("cancelIdleCallback", id) }
	}
	id := w.Call("setTimeout", f, fallbackMs)
	return func() { app.Window().Call("clearTimeout", id) }
}

// setDocAttr sets an attribute on <html>: how the first trace was obtained
// (data-wl-first "embedded" or "engine") and, once the check ran,
// data-wl-verified "same" or "replaced", for the browser tests and the
// bench (embed.go). MarkDocument is the same write behind dom.
func setDocAttr(name, value string) {
	pageDocument().Get("documentElement").Call("setAttribute", name, value)
}

// dom is the effects the UI uses; tests replace it (useFakeDOM).
var dom domEffects = browserDOM{}

type browserDOM struct{}

func (browserDOM) ListenKeys(fn func(e app.Value)) (stop func()) {
	f := app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) > 0 {
			fn(args[0])
		}
		return nil
	})
	app.Window().Call("addEventListener", "keydown", f)
	return func() {
		app.Window().Call("removeEventListener", "keydown", f)
		f.Release()
	}
}

func (browserDOM) ActiveElement() app.Value {
	return app.Window().Get("document").Get("activeElement")
}

func (browserDOM) ToggleFullscreen() {
	doc := app.Window().Get("document")
	if doc.Get("fullscreenElement").Truthy() {
		doc.Call("exitFullscreen")
		return
	}
	if el := doc.Get("documentElement"); el.Get("requestFullscreen").Truthy() {
		el.Call("requestFullscreen")
	}
}

func (browserDOM) Print() { app.Window().Call("print") }

func (browserDOM) CopyText(s string, done func(ok bool)) {
	cb := app.Window().Get("navigator").Get("clipboard")
	if !cb.Truthy() || !cb.Get("writeText").Truthy() { // no Clipboard API (an insecure origin)
		done(false)
		return
	}
	var ok, fail app.Func
	settle := func(result bool) app.Func {
		return app.FuncOf(func(this app.Value, args []app.Value) any {
			ok.Release()
			fail.Release()
			done(result)
			return nil
		})
	}
	ok, fail = settle(true), settle(false)
	p, thrown := callCatching(cb, "writeText", s)
	if thrown {
		ok.Release()
		fail.Release()
		done(false)
		return
	}
	p.Call("then", ok, fail)
}

// callCatching calls v.m(args...), reporting a JavaScript exception as
// thrown instead of panicking.
func callCatching(v app.Value, m string, args ...any) (res app.Value, thrown bool) {
	defer func() {
		if recover() != nil {
			thrown = true
		}
	}()
	return v.Call(m, args...), false
}

func (browserDOM) SelectText(id string) {
	el := app.Window().GetElementByID(id)
	if !el.Truthy() {
		return
	}
	el.Call("focus")
	if el.Get("select").Truthy() { // a textarea or an input
		el.Call("select")
		return
	}
	app.Window().Call("getSelection").Call("selectAllChildren", el)
}

func (browserDOM) Download(name, mime, body string) {
	w := app.Window()
	blob := w.Get("Blob").New([]any{body}, map[string]any{"type": mime})
	u := w.Get("URL").Call("createObjectURL", blob)
	a := w.Get("document").Call("createElement", "a")
	a.Set("href", u)
	a.Set("download", name)
	w.Get("document").Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	w.Get("URL").Call("revokeObjectURL", u)
}

func (browserDOM) MarkDocument(name, value string) { setDocAttr(name, value) }

func (browserDOM) Focus(id string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus")
	}
}

func (browserDOM) FocusElement(el app.Value) {
	if el != nil && el.Truthy() && el.Get("isConnected").Bool() {
		el.Call("focus")
	}
}

// focusable matches the controls Tab reaches.
const focusable = `a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])`

func (browserDOM) TrapTab(id string, back bool) {
	box := app.Window().GetElementByID(id)
	if !box.Truthy() {
		return
	}
	list := box.Call("querySelectorAll", focusable)
	n := list.Get("length").Int()
	if n == 0 {
		box.Call("focus")
		return
	}
	ae := app.Window().Get("document").Get("activeElement")
	at := -1
	for i := 0; i < n; i++ {
		if list.Call("item", i).Equal(ae) {
			at = i
			break
		}
	}
	next := 0
	switch {
	case at < 0 && back:
		next = n - 1
	case at < 0:
	case back:
		next = (at - 1 + n) % n
	default:
		next = (at + 1) % n
	}
	list.Call("item", next).Call("focus")
}

// inertMark names the elements InertOutside made inert, so it takes back
// only its own.
const inertMark = "data-wl-inert"

func (browserDOM) InertOutside(id string) {
	doc := app.Window().Get("document")
	marked := doc.Call("querySelectorAll", "["+inertMark+"]")
	for i, n := 0, marked.Get("length").Int(); i < n; i++ {
		el := marked.Call("item", i)
		el.Call("removeAttribute", "inert")
		el.Call("removeAttribute", inertMark)
	}
	if id == "" {
		return
	}
	box := app.Window().GetElementByID(id)
	body := doc.Get("body")
	if !box.Truthy() || !body.Truthy() {
		return
	}
	// The dialog's ancestors stay live; every sibling of each of them,
	// up to <body>'s children, goes inert.
	for n := box; n.Truthy() && !n.Equal(body); n = n.Get("parentElement") {
		parent := n.Get("parentElement")
		if !parent.Truthy() {
			break
		}
		kids := parent.Get("children")
		for i, k := 0, kids.Get("length").Int(); i < k; i++ {
			sib := kids.Call("item", i)
			if sib.Equal(n) || sib.Call("hasAttribute", "inert").Bool() {
				continue
			}
			sib.Call("setAttribute", "inert", "")
			sib.Call("setAttribute", inertMark, "1")
		}
	}
}
