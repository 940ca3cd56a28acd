package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/trace"
)

// The first trace travels with the page.
//
// The server that prerenders the visualizer (the dev server, or `devserver
// static` for index.html) has already run the engine for the link, so it
// writes that trace into the page (#wl-trace: the trace's JSON, escaped by
// embedEscape, with the engine options it was run with). In the browser, OnInit decodes
// it instead of running the engine: the first step then appears without
// the engine's first run, which on a cold page load is the largest part of
// the Go start-up (measured in Chromium: 110–220 ms, mostly the browser
// compiling engine code it runs for the first time).
//
// The engine still runs, once the browser is idle (verifyFirst), and its
// trace replaces the embedded one if they differ — a page served by a
// build other than the wasm's. That run also prepares the engine code for
// the learner's first toggle.

const embeddedTraceID = "wl-trace"

// optionsKey identifies the engine options a trace was run with.
func optionsKey(o scenario.Options) string {
	b, _ := json.Marshal(o)
	return string(b)
}

// encodeTrace is the trace's JSON exactly as decodeTrace reads it back
// (HTML characters unescaped: the messages are kept byte for byte).
func encodeTrace(t *trace.Trace) ([]byte, error) { return jsonrpc.Marshal(t) }

func decodeTrace(b []byte) (*trace.Trace, error) {
	var t trace.Trace
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, err
	}
	return &t, nil
}

// EmbeddedTraceHTML is the element the prerendered page carries ("" if
// the trace cannot be encoded).
func EmbeddedTraceHTML(t *trace.Trace, o scenario.Options) string {
	b, err := encodeTrace(t)
	if err != nil {
		return ""
	}
	return fmt.Sprintf(`<script type="application/json" id="%s" data-options="%s">%s</script>`,
		embeddedTraceID, html.EscapeString(optionsKey(o)), embedEscape.Replace(string(b)))
}

// The trace's JSON goes into the page as text, not base64: it is a third
// smaller and compresses about four times better with the page (gzip of
// the tool-call trace: 26.7 KB of base64 → 5 KB of JSON). Inside a
// <script> the HTML parser ends the element at "</script" and treats
// "<!--" specially, and it turns CR into LF; messages are kept byte for
// byte (escaping '<' the JSON way, \u003c, would change a message's raw
// bytes), so the text is escaped reversibly instead: '%' → %25, '<' → %3C,
// CR → %0D, NUL → %00. Only the escapes make '%' followed by these codes.
var (
	embedEscape   = strings.NewReplacer("%", "%25", "<", "%3C", "\r", "%0D", "\x00", "%00")
	embedUnescape = strings.NewReplacer("%25", "%", "%3C", "<", "%0D", "\r", "%00", "\x00")
)

// readEmbeddedTrace returns the page's embedded trace if it was run with
// options o (browser only; nil otherwise).
func readEmbeddedTrace(o scenario.Options) *trace.Trace {
	el := elementByID(embeddedTraceID)
	if !el.Truthy() || el.Call("getAttribute", "data-options").String() != optionsKey(o) {
		return nil
	}
	t, err := decodeTrace([]byte(embedUnescape.Replace(el.Get("textContent").String())))
	if err != nil || len(t.Events) == 0 {
		return nil
	}
	return t
}

// sameTrace reports whether two traces are the same run.
func sameTrace(a, b *trace.Trace) bool {
	ea, errA := encodeTrace(a)
	eb, errB := encodeTrace(b)
	return errA == nil && errB == nil && bytes.Equal(ea, eb)
}

// verifyFirst runs the engine for the embedded trace when the browser is
// idle and swaps in the engine's trace if they differ.
func (c *Lab) verifyFirst(ctx app.Context) {
	if c.embedded == nil {
		return
	}
	var fn app.Func
	fn = app.FuncOf(func(this app.Value, args []app.Value) any {
		fn.Release()
		ctx.Dispatch(func(ctx app.Context) {
			emb := c.embedded
			c.embedded = nil
			if emb == nil || c.tr != emb { // the learner changed the view meanwhile: that run was the engine's
				return
			}
			t, err := scenario.Run(c.options())
			if err != nil || sameTrace(emb, t) {
				setDocAttr("data-wl-verified", "same")
				ctx.PreventUpdate()
				return
			}
			app.Log("mcpwirelab: the page's embedded trace differs from this build's engine; showing the engine's")
			c.replaceTrace(t)
			setDocAttr("data-wl-verified", "replaced")
			c.afterChange(ctx)
		})
		return nil
	})
	// The check is one long task (the engine's run: 1.4 s of main thread
	// measured on a loaded machine), so it waits 3 s after the start
	// before it asks for an idle moment.
	var later app.Func
	later = app.FuncOf(func(this app.Value, args []app.Value) any {
		later.Release()
		whenIdle(fn, 10000, 500)
		return nil
	})
	afterDelay(later, 3000)
}
