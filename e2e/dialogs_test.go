package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// jsFocus names the focused element and whether it is inside an open
// modal dialog.
const jsFocus = `(() => {
  const a = document.activeElement;
  const name = a ? (a.id || a.tagName) : "none";
  return (a && a.closest('[role="dialog"][aria-modal="true"]') ? "in:" : "out:") + name;
})()`

// jsInert describes what is inert while a dialog (its id the argument) is
// open: "ok" when the dialog and its ancestors are live and everything
// else in <body> is inert (no element outside the dialog can take the
// focus or a click), else what is wrong. With null: "ok" when nothing is
// inert.
const jsInert = `((id) => {
  const all = [...document.querySelectorAll("[inert]")];
  if (id === null) return all.length === 0 ? "ok" : "still inert: " + all.map((e) => e.id || e.className || e.tagName).join(", ");
  const box = document.getElementById(id);
  if (!box) return "no dialog " + id;
  if (box.closest("[inert]")) return "the dialog itself is inert";
  const live = [...document.body.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")]
    .filter((e) => !box.contains(e) && !e.closest("[inert]"));
  return live.length === 0 ? "ok" : "live outside the dialog: " + live.slice(0, 5).map((e) => e.id || e.outerHTML.slice(0, 60)).join(", ");
})`

// TestDialogsAreModal: the help and the Mermaid dialog, opened by key and
// by click, take the focus, keep Tab and Shift+Tab inside, ignore the
// stepping and toggle keys (the step behind stays), and give the focus
// back to their opener when Escape or Close closes them (WAI-ARIA dialog
// pattern). The presenter's case: presenter mode, Chinese, step 3.
func TestDialogsAreModal(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	const link = "/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=zh"
	shiftTab := chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(input.ModifierShift))
	for _, tc := range []struct {
		name, query string
		opener      string          // the control that opens the dialog
		open        chromedp.Action // with the opener focused
		dialog      string
		close       chromedp.Action
	}{
		{"help by ?", link + "&present=1", "next", key("?"), "help", key(kb.Escape)},
		{"help by ? with nothing focused", link + "&present=1", "", key("?"), "help", key(kb.Escape)},
		{"help by click", link + "&present=1", "help-btn", chromedp.Click("#help-btn", chromedp.ByQuery), "help", key(kb.Escape)},
		{"help closed by its button", link, "help-btn", key(kb.Enter), "help", key(kb.Enter)},
		{"mermaid by click", link, "mermaid", chromedp.Click("#mermaid", chromedp.ByQuery), "mermaid-dialog", key(kb.Escape)},
		{"mermaid by Enter", link, "mermaid", key(kb.Enter), "mermaid-dialog", key(kb.Escape)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			loadLink(t, ctx, srv.URL+tc.query)
			// A clipboard that never answers: the copy's outcome is
			// TestMermaidCopyOutcome's.
			run(t, ctx, "clipboard", chromedp.Evaluate(`navigator.clipboard.writeText = () => new Promise(() => {})`, nil))
			want := "out:BODY"
			if tc.opener != "" {
				run(t, ctx, "focus the opener", chromedp.Focus("#"+tc.opener, chromedp.ByQuery))
				want = "out:" + tc.opener
			}
			run(t, ctx, "open", tc.open, chromedp.WaitVisible("#"+tc.dialog, chromedp.ByQuery))
			eventually(t, "the focus moves into the dialog", func() (bool, string) {
				got := evalString(t, ctx, jsFocus)
				return strings.HasPrefix(got, "in:"), got
			})
			if got := evalString(t, ctx, jsInert+fmt.Sprintf("(%q)", tc.dialog)); got != "ok" {
				t.Fatalf("the page behind the open dialog: %s", got)
			}
			for i, k := range []chromedp.Action{key(kb.ArrowRight), key(kb.Tab), key(kb.ArrowRight), key(kb.Tab), key(kb.Tab), shiftTab, shiftTab, shiftTab,
				key(kb.ArrowLeft), key("v"), key("t"), key("c"), key("p"), key(kb.End), key(kb.Tab)} {
				run(t, ctx, "key", k)
				if got := evalString(t, ctx, jsFocus); !strings.HasPrefix(got, "in:") {
					t.Fatalf("key %d: the focus left the dialog: %s", i, got)
				}
				if open, _ := evalBool(t, ctx, fmt.Sprintf(`!!document.getElementById(%q)`, tc.dialog))(); !open {
					t.Fatalf("key %d closed the dialog", i)
				}
			}
			run(t, ctx, "close", tc.close)
			eventually(t, "the dialog closes", evalBool(t, ctx, fmt.Sprintf(`!document.getElementById(%q)`, tc.dialog)))
			eventually(t, "the focus goes back to the opener", func() (bool, string) {
				got := evalString(t, ctx, jsFocus)
				return got == want, got
			})
			if got := evalString(t, ctx, jsInert+"(null)"); got != "ok" {
				t.Fatalf("after the dialog closed: %s", got)
			}
			u, err := currentURL(ctx)
			if err != nil {
				t.Fatal(err)
			}
			q := u.Query()
			if q.Get("step") != "3" || q.Get("version") != "2026-07-28" || q.Get("transport") != "http" || q.Get("view") != "" || (q.Get("present") == "1") != strings.Contains(tc.query, "present=1") {
				t.Fatalf("the keys pressed in the dialog changed the visualizer behind it: %s", u)
			}
			// Closed, the keys step again.
			run(t, ctx, "→", key(kb.ArrowRight))
			eventually(t, "→ steps after the dialog closed", queryIs(ctx, "step", "4"))
		})
	}
}

// TestMermaidCopyOutcome: the Mermaid dialog says "copied" only when the
// clipboard's promise resolves. While it is pending it says so; when the
// browser refuses (NotAllowedError, as when the document is not focused)
// it says it could not copy and leaves the whole diagram selected in the
// focused text field, to copy by hand; no error goes uncaught.
func TestMermaidCopyOutcome(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	// The dialog's first paragraph, under the heading: what it says of the copy.
	const status = `(() => { const s = document.querySelector("#mermaid-dialog p"); return s ? s.className + "|" + s.textContent : "no dialog"; })()`
	texts := map[string]string{}
	for _, lang := range []string{"zh", "en"} {
		for _, tc := range []struct {
			name, clipboard, class string
		}{
			{"pending", `() => new Promise(() => {})`, "muted"},
			{"refused", `() => Promise.reject(new DOMException("Document is not focused.", "NotAllowedError"))`, "status-msg bad"},
			{"copied", `() => Promise.resolve()`, "status-msg ok"},
		} {
			loadLink(t, ctx, srv.URL+"/?scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang="+lang)
			run(t, ctx, "clipboard", chromedp.Evaluate(`window.__uncaught = [];
window.addEventListener("unhandledrejection", (e) => window.__uncaught.push(String(e.reason)));
navigator.clipboard.writeText = `+tc.clipboard, nil))
			run(t, ctx, "export", chromedp.Click("#mermaid", chromedp.ByQuery), chromedp.WaitVisible("#mermaid-text", chromedp.ByQuery))
			eventually(t, lang+" "+tc.name+": status", func() (bool, string) {
				got := evalString(t, ctx, status)
				return strings.HasPrefix(got, tc.class+"|"), got
			})
			run(t, ctx, "settle", chromedp.Sleep(200*time.Millisecond))
			got := evalString(t, ctx, status)
			if !strings.HasPrefix(got, tc.class+"|") {
				t.Fatalf("%s %s: status %q, want class %q", lang, tc.name, got, tc.class)
			}
			texts[lang+" "+tc.name] = got
			if tc.name == "refused" {
				if !strings.Contains(got, "Ctrl+C") {
					t.Errorf("%s refused: %q does not say how to copy by hand", lang, got)
				}
				sel := evalString(t, ctx, `(() => { const a = document.getElementById("mermaid-text"); return (document.activeElement === a) + " " + a.selectionStart + " " + (a.selectionEnd === a.value.length && a.value.length > 0); })()`)
				if sel != "true 0 true" {
					t.Errorf("%s refused: the diagram is not focused and selected whole (focused, start, whole: %s)", lang, sel)
				}
			}
			// The inspector's reproduce command: its copy reports beside
			// its button, and a refused copy leaves the command selected.
			run(t, ctx, "close, copy the command", key(kb.Escape), chromedp.WaitNotPresent("#mermaid-dialog", chromedp.ByQuery),
				chromedp.Click("[data-copy]", chromedp.ByQuery))
			want := map[string]string{"pending": "copy-status|", "refused": "copy-status bad|", "copied": "copy-status ok|"}[tc.name]
			eventually(t, lang+" "+tc.name+": the command's copy status", func() (bool, string) {
				got := evalString(t, ctx, `(() => { const s = document.getElementById("repro-cmd-status"); return s ? s.className + "|" + (s.textContent ? "said" : "") : "no status"; })()`)
				return got == want+map[bool]string{true: "", false: "said"}[tc.name == "pending"], got
			})
			if tc.name == "refused" {
				if sel := evalString(t, ctx, `String(String(getSelection()).trim() === document.getElementById("repro-cmd").textContent.trim())`); sel != "true" {
					t.Errorf("%s refused: the reproduce command is not selected", lang)
				}
			}
			if u := evalString(t, ctx, `window.__uncaught.join("; ")`); u != "" {
				t.Errorf("%s %s: uncaught: %s", lang, tc.name, u)
			}
		}
		if a, b, c := texts[lang+" pending"], texts[lang+" refused"], texts[lang+" copied"]; a == c || b == c || a == b {
			t.Errorf("%s: the dialog says the same for different outcomes: pending %q, refused %q, copied %q", lang, a, b, c)
		}
	}
}

// TestResetDialogIsModal: the progress view's reset confirmation (an
// alertdialog) takes the focus on Cancel, keeps Tab and Shift+Tab among its
// two buttons, and Escape closes it without resetting, the focus back on
// the reset button.
func TestResetDialogIsModal(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	shiftTab := chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(input.ModifierShift))
	focused := func() string {
		return evalString(t, ctx, `(() => { const a = document.activeElement; return (a && a.closest('#reset-dialog') ? "in:" : "out:") + (a ? (a.id || a.tagName) : "none") })()`)
	}
	loadLink(t, ctx, srv.URL+"/?view=progress&lang=en")
	run(t, ctx, "open the confirmation", chromedp.WaitVisible("#prog-reset", chromedp.ByQuery), chromedp.Focus("#prog-reset", chromedp.ByQuery),
		key(kb.Enter), chromedp.WaitVisible("#reset-dialog", chromedp.ByQuery))
	eventually(t, "the focus on Cancel", func() (bool, string) { got := focused(); return got == "in:reset-cancel", got })
	if got := evalString(t, ctx, jsInert+`("reset-dialog")`); got != "ok" {
		t.Fatalf("the page behind the open confirmation: %s", got)
	}
	for i, k := range []chromedp.Action{key(kb.Tab), key(kb.Tab), key(kb.Tab), shiftTab, shiftTab} {
		run(t, ctx, fmt.Sprintf("key %d", i), k)
		if got := focused(); !strings.HasPrefix(got, "in:") {
			t.Fatalf("after key %d the focus left the dialog: %s", i, got)
		}
	}
	run(t, ctx, "Escape", key(kb.Escape))
	eventually(t, "the dialog closed, the focus back on the reset button", func() (bool, string) {
		got := evalString(t, ctx, `(document.getElementById("reset-dialog") ? "open " : "closed ") + (document.activeElement ? document.activeElement.id : "")`)
		return got == "closed prog-reset", got
	})
	if got := evalString(t, ctx, jsInert+"(null)"); got != "ok" {
		t.Fatalf("after the confirmation closed: %s", got)
	}
}
