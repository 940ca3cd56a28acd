package ui

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/exercise"
)

// fakeDOM records the DOM side effects the UI asks for.
type fakeDOM struct {
	calls  []string
	active app.Value       // what ActiveElement returns
	keys   func(app.Value) // the keydown listener, while listening
	body   string          // the last download's contents
	// copyDone settles the last CopyText (the clipboard's promise).
	copyDone func(ok bool)
}

// useFakeDOM swaps the fake in for the test.
func useFakeDOM(t *testing.T) *fakeDOM {
	f := &fakeDOM{active: jsVal{}}
	old := dom
	dom = f
	t.Cleanup(func() { dom = old })
	return f
}

func (f *fakeDOM) rec(s string) { f.calls = append(f.calls, s) }
func (f *fakeDOM) ListenKeys(fn func(app.Value)) func() {
	f.rec("listen")
	f.keys = fn
	return func() { f.rec("unlisten"); f.keys = nil }
}
func (f *fakeDOM) ActiveElement() app.Value { return f.active }
func (f *fakeDOM) ToggleFullscreen()        { f.rec("fullscreen") }
func (f *fakeDOM) Print()                   { f.rec("print") }
func (f *fakeDOM) CopyText(s string, done func(bool)) {
	f.rec("copy " + s)
	f.copyDone = done
}
func (f *fakeDOM) SelectText(id string)         { f.rec("select " + id) }
func (f *fakeDOM) FocusElement(el app.Value)    { f.rec("focus-el " + el.String()) }
func (f *fakeDOM) TrapTab(id string, back bool) { f.rec(fmt.Sprintf("trap %s back=%v", id, back)) }
func (f *fakeDOM) InertOutside(id string)       { f.rec("inert-outside " + id) }
func (f *fakeDOM) Download(name, mime, body string) {
	f.rec("download " + name + " " + mime)
	f.body = body
}
func (f *fakeDOM) ScrollToCurrent()                { f.rec("scroll") }
func (f *fakeDOM) MarkDocument(name, value string) { f.rec("mark " + name + "=" + value) }
func (f *fakeDOM) Focus(id string)                 { f.rec("focus " + id) }

// jsVal is a JavaScript value made of Go maps, bools, strings and numbers;
// calls on it are recorded in calls.
type jsVal struct {
	app.Value // methods not used by the code under test panic
	v         any
	calls     *[]string
}

func (j jsVal) Truthy() bool {
	switch v := j.v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	}
	return true
}
func (j jsVal) Bool() bool        { b, _ := j.v.(bool); return b }
func (j jsVal) IsUndefined() bool { return j.v == nil }
func (j jsVal) IsNull() bool      { return false }
func (j jsVal) String() string {
	if j.v == nil {
		return "undefined"
	}
	return fmt.Sprint(j.v)
}
func (j jsVal) Get(p string) app.Value {
	m, _ := j.v.(map[string]any)
	return jsVal{v: m[p], calls: j.calls}
}
func (j jsVal) Call(m string, args ...any) app.Value {
	if j.calls != nil {
		*j.calls = append(*j.calls, m)
	}
	return jsVal{}
}

// keyCase is a keydown event in a state of the Lab, and what keyDown
// should do with it.
type keyCase struct {
	key           string
	ctrl, shift   bool
	active        app.Value // the focused element (nil: none)
	compare       bool      // the compare view is on
	help, mermaid bool      // that dialog is open
	want          string    // the key handed to the Lab, "" for none
	effects       []string
	prevent       bool
}

// checkKeys runs each case through the Lab's keyDown with the fake DOM;
// the event's calls (preventDefault) are recorded.
func checkKeys(t *testing.T, cases []keyCase) {
	t.Helper()
	f := useFakeDOM(t)
	c := labAt(t, fastLink)
	for _, tc := range cases {
		f.calls, f.active = nil, jsVal{}
		if tc.active != nil {
			f.active = tc.active
		}
		c.view.Compare, c.showHelp, c.mermaidOpen = tc.compare, tc.help, tc.mermaid
		var ev []string
		got, ok := c.keyDown(jsVal{v: map[string]any{"key": tc.key, "ctrlKey": tc.ctrl, "shiftKey": tc.shift}, calls: &ev})
		if (got != "") != ok || got != tc.want {
			t.Errorf("%+v: keyDown = %q, %v; want %q", tc, got, ok, tc.want)
		}
		if !reflect.DeepEqual(f.calls, tc.effects) {
			t.Errorf("%+v: effects %q, want %q", tc, f.calls, tc.effects)
		}
		if prevented := strings.Join(ev, ",") == "preventDefault"; prevented != tc.prevent {
			t.Errorf("%+v: event calls %q, want preventDefault %v", tc, ev, tc.prevent)
		}
	}
}

func labAt(t *testing.T, q string) *Lab {
	t.Helper()
	v, _ := url.ParseQuery(q)
	c := &Lab{}
	c.loadView(v, func() string { return "" }, nil)
	return c
}

// The keyboard listener: shortcuts prevent the browser's default, "f"
// toggles fullscreen at once, the others go to the Lab, and keys typed
// into a text editor stay the editor's (except Escape).
func TestKeyDownThroughEffects(t *testing.T) {
	textarea := jsVal{v: map[string]any{"tagName": "TEXTAREA"}}
	slider := jsVal{v: map[string]any{"tagName": "INPUT", "type": "range"}}
	checkKeys(t, []keyCase{
		{key: "f", effects: []string{"fullscreen"}, prevent: true},
		{key: "f", ctrl: true},
		{key: "f", active: textarea},
		{key: "ArrowRight", want: "ArrowRight", prevent: true},
		{key: "ArrowRight", active: slider, want: "ArrowRight", prevent: true},
		{key: "ArrowRight", active: textarea},
		{key: "Escape", active: textarea, want: "Escape", prevent: true},
		{key: " ", compare: true},
		{key: "c", compare: true, want: "c", prevent: true},
		{key: "x"},
	})
}

// The progress export downloads the store's exact JSON under ExportName,
// and the file imports back to the same progress.
func TestProgressExportDownloads(t *testing.T) {
	f := useFakeDOM(t)
	s := exercise.NewStore()
	s.Exercises["retry-math"] = &exercise.Progress{Attempts: 2, Solved: true, LastAnswer: "8.5"}
	v := &ProgressView{Lang: LangEn, progressState: progressState{store: s}}
	v.export()
	if want := []string{"download " + ExportName() + " application/json"}; !reflect.DeepEqual(f.calls, want) {
		t.Fatalf("effects %q, want %q", f.calls, want)
	}
	if f.body != string(s.Marshal()) {
		t.Fatalf("downloaded %q, want the store's JSON %q", f.body, s.Marshal())
	}
	back, err := ParseImport([]byte(f.body), LangEn)
	if err != nil || !reflect.DeepEqual(back, s) {
		t.Fatalf("the file imports as %+v, %v; want %+v", back, err, s)
	}
}

// An open dialog is modal: Tab and Shift+Tab go round its controls
// (TrapTab, default prevented), Escape closes it (and ? the help), and the
// stepping and toggle keys do nothing, their default left alone (Space
// presses the focused Close button).
func TestDialogKeys(t *testing.T) {
	textarea := jsVal{v: map[string]any{"tagName": "TEXTAREA"}}
	checkKeys(t, []keyCase{
		{help: true, key: "ArrowRight"},
		{help: true, key: "ArrowLeft"},
		{help: true, key: " "},
		{help: true, key: "v"},
		{help: true, key: "c"},
		{help: true, key: "p"},
		{help: true, key: "f"},
		{help: true, key: "Tab", effects: []string{"trap help back=false"}, prevent: true},
		{help: true, key: "Tab", shift: true, effects: []string{"trap help back=true"}, prevent: true},
		{help: true, key: "Escape", want: "Escape", prevent: true},
		{help: true, key: "?", want: "?", prevent: true},
		{mermaid: true, key: "ArrowRight"},
		{mermaid: true, key: "?"},
		{mermaid: true, key: "Tab", effects: []string{"trap mermaid-dialog back=false"}, prevent: true},
		{mermaid: true, key: "Escape", want: "Escape", prevent: true},
		{mermaid: true, key: "Escape", active: textarea, want: "Escape", prevent: true}, // the focused Mermaid text
		{mermaid: true, key: "ArrowRight", active: textarea},
		{key: "Tab"}, // no dialog: Tab is the browser's
		{key: "ArrowRight", want: "ArrowRight", prevent: true},
		{help: true, key: "?", active: textarea}, // typed, not a shortcut
	})
}

// The Mermaid dialog says "copied" only once the clipboard's promise
// resolved; a rejected copy says so and selects the text to copy by hand;
// the answer of an older copy changes nothing.
func TestMermaidCopyOutcome(t *testing.T) {
	f := useFakeDOM(t)
	c := labAt(t, fastLink)
	c.mermaidOpen, c.mermaidCopy, c.copyGen = true, copyPending, 2
	c.copied(1, true)
	if c.mermaidCopy != copyPending {
		t.Fatalf("an older copy's answer set the outcome to %d", c.mermaidCopy)
	}
	c.copied(2, false)
	if c.mermaidCopy != copyFailed || !reflect.DeepEqual(f.calls, []string{"select " + mermaidTextID}) {
		t.Fatalf("a rejected copy: outcome %d, effects %q; want %d and the text selected", c.mermaidCopy, f.calls, copyFailed)
	}
	c.copied(2, true)
	if c.mermaidCopy != copyOK {
		t.Fatalf("a resolved copy: outcome %d, want %d", c.mermaidCopy, copyOK)
	}
	for _, lang := range []string{LangEn, LangZh} {
		seen := map[string]int{}
		for _, st := range []int{copyPending, copyOK, copyFailed} {
			e := app.NewTestEngine()
			d := &MermaidDialog{Lang: lang, Text: "sequenceDiagram", Copy: st}
			e.Load(d)
			e.ConsumeAll()
			html := app.HTMLString(d)
			for k, other := range seen {
				if strings.Contains(html, k) {
					t.Errorf("%s: outcome %d shows the text of outcome %d (%q)", lang, st, other, k)
				}
			}
			key := map[int]string{copyPending: "exp.mermaid.copying", copyOK: "exp.mermaid.copied", copyFailed: "exp.mermaid.copyfail"}[st]
			if !strings.Contains(html, tr(lang, key)) {
				t.Errorf("%s: outcome %d does not say %q:\n%s", lang, st, tr(lang, key), html)
			}
			seen[tr(lang, key)] = st
		}
	}
}
