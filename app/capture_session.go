package ui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The transcript opened in the capture view survives a reload of the tab:
// it is kept in this tab's sessionStorage (never sent anywhere; gone with
// the tab), with the step reached under a key of its own so that stepping
// does not rewrite the whole text. A transcript larger than
// maxSessionCapture is not kept (sessionStorage holds a few MB per origin);
// the view then says so instead of losing it silently at the next reload.
//
// A transcript that stopped the tab (it froze or ran out of memory while a
// step was shown) must not be reopened by the reload that follows, or the
// tab stops again at every reload. So captureShowingKey is set before a
// transcript or a step is shown and cleared once the page has lived
// shownAfter past it; a tab that finds it still set drops the kept
// transcript and says why.
const (
	captureSessionKey     = "mcpwirelab.capture.v1"
	captureStepSessionKey = "mcpwirelab.capture.v1.step"
	captureShowingKey     = "mcpwirelab.capture.v1.showing"
	maxSessionCapture     = 2 << 20
	shownAfter            = time.Second
)

// savedCapture is what captureSessionKey holds.
type savedCapture struct {
	Source string `json:"source"`
	Text   string `json:"text"`
}

// encodeSavedCapture is the stored value, or "" with the reason when the
// transcript is too large to keep.
func encodeSavedCapture(source, text string) (string, error) {
	if len(text) > maxSessionCapture {
		return "", fmt.Errorf("%d MiB", len(text)>>20)
	}
	b, err := json.Marshal(savedCapture{source, text})
	return string(b), err
}

// decodeSavedCapture reads the stored value; anything else than what
// encodeSavedCapture wrote is refused (and then dropped by the caller).
func decodeSavedCapture(v string) (savedCapture, bool) {
	var s savedCapture
	if err := json.Unmarshal([]byte(v), &s); err != nil || s.Text == "" || len(s.Text) > maxSessionCapture {
		return savedCapture{}, false
	}
	return s, true
}

// sessionStore runs f on the tab's sessionStorage (webStorage).
func sessionStore(f func(store app.Value)) error { return webStorage("sessionStorage", f) }

// keepCapture stores the transcript just opened (or forgets the previous
// one when this one cannot be kept) and says why it was not kept ("" when
// it was).
func keepCapture(source, text string) string {
	v, tooBig := encodeSavedCapture(source, text)
	err := sessionStore(func(store app.Value) {
		store.Call("removeItem", captureStepSessionKey)
		if tooBig != nil {
			store.Call("removeItem", captureSessionKey)
			return
		}
		store.Call("setItem", captureSessionKey, v)
	})
	switch {
	case tooBig != nil:
		return tooBig.Error()
	case err != nil:
		return err.Error()
	}
	return ""
}

// keepCaptureStep stores the step reached (best effort).
func keepCaptureStep(i int) {
	_ = sessionStore(func(store app.Value) { store.Call("setItem", captureStepSessionKey, strconv.Itoa(i)) })
}

// keptCapture is the transcript this tab had open, and its step; died
// reports (and forgets) one the tab stopped while showing.
func keptCapture() (s savedCapture, step int, ok, died bool) {
	_ = sessionStore(func(store app.Value) {
		if v := store.Call("getItem", captureShowingKey); !v.IsNull() && !v.IsUndefined() {
			died = true
			for _, k := range []string{captureShowingKey, captureSessionKey, captureStepSessionKey} {
				store.Call("removeItem", k)
			}
			return
		}
		v := store.Call("getItem", captureSessionKey)
		if v.IsNull() || v.IsUndefined() {
			return
		}
		if s, ok = decodeSavedCapture(v.String()); !ok {
			store.Call("removeItem", captureSessionKey)
			return
		}
		if n := store.Call("getItem", captureStepSessionKey); !n.IsNull() && !n.IsUndefined() {
			step, _ = strconv.Atoi(n.String())
		}
	})
	return s, step, ok, died
}

// markShowing and shownOK set and clear captureShowingKey (best effort).
func markShowing() {
	_ = sessionStore(func(store app.Value) { store.Call("setItem", captureShowingKey, "1") })
}

func shownOK() {
	_ = sessionStore(func(store app.Value) { store.Call("removeItem", captureShowingKey) })
}

// forgetCapture drops the kept transcript (it no longer reads).
func forgetCapture() {
	_ = sessionStore(func(store app.Value) {
		store.Call("removeItem", captureSessionKey)
		store.Call("removeItem", captureStepSessionKey)
		store.Call("removeItem", captureShowingKey)
	})
}
