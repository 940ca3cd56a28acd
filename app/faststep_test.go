package ui

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renderLab renders the visualizer for link q as the server prerenders it.
func renderLab(t *testing.T, q string) (*Lab, string) {
	t.Helper()
	v, err := url.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	c := &Lab{}
	c.loadView(v, func() string { return "" }, nil)
	if len(c.steps) < 4 {
		t.Fatalf("%s: %d steps", q, len(c.steps))
	}
	return c, app.HTMLString(c)
}

// recorder is a page in which every element exists: writeStep run on it
// records every id it looks up and every selector it queries.
type recorder struct {
	app.Value // unused methods panic
	ids, sels *[]string
}

func newRecorder() recorder { return recorder{ids: new([]string), sels: new([]string)} }

func (r recorder) Truthy() bool         { return true }
func (r recorder) Get(string) app.Value { return r }
func (r recorder) Set(string, any)      {}
func (r recorder) Int() int             { return 0 }
func (r recorder) String() string       { return "" }
func (r recorder) Call(m string, args ...any) app.Value {
	switch m {
	case "getElementById":
		*r.ids = append(*r.ids, args[0].(string))
	case "querySelectorAll":
		*r.sels = append(*r.sels, args[0].(string))
	}
	return r
}

var idAttr = regexp.MustCompile(`\bid="([^"]+)"`)

// missingTargets lists the ids written by the patch that html does not
// render, and a row shape it lacks: under #sequence, an <ol class="rows">
// whose <li> carry data-step and start with their button.
func missingTargets(html string, ids, sels []string) []string {
	have := map[string]bool{}
	for _, m := range idAttr.FindAllStringSubmatch(html, -1) {
		have[m[1]] = true
	}
	var miss []string
	for _, id := range ids {
		if !have[id] {
			miss = append(miss, "#"+id)
		}
	}
	seq := strings.Index(html, `id="`+idSequence+`"`)
	for _, sel := range sels {
		if sel != selRows {
			miss = append(miss, "selector "+sel+" (the check knows only "+selRows+")")
			continue
		}
		row := regexp.MustCompile(`<ol class="` + clsRows + `">\s*<li [^>]*data-` + dataStep + `="\d+"[^>]*>\s*<button `)
		if seq < 0 || !row.MatchString(html[seq:]) {
			miss = append(miss, "#"+idSequence+" "+selRows+"[data-"+dataStep+"] > button")
		}
	}
	return miss
}

// patchTargets is what writeStep looks up, run on a page that has all.
func patchTargets(t *testing.T, c *Lab) (ids, sels []string) {
	t.Helper()
	r := newRecorder()
	p := planStep(c.steps, c.idx, c.idx+1, c.lang, false, c.stepData(c.idx+1))
	writeStep(r, &p)
	if len(*r.ids) == 0 || len(*r.sels) == 0 {
		t.Fatalf("writeStep looked up nothing: ids %v, selectors %v", *r.ids, *r.sels)
	}
	return *r.ids, *r.sels
}

const fastLink = "scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=3&lang=en"

// Every element the instant step patch writes is one the components
// render (rename an id in a Render and this fails).
func TestPatchTargetsRendered(t *testing.T) {
	for _, q := range []string{fastLink, strings.Replace(fastLink, "transport=http", "transport=stdio", 1)} {
		c, html := renderLab(t, q)
		ids, sels := patchTargets(t, c)
		for _, want := range []string{idPrev, idNext, idJump, idStepCur, idVClock, idSequence, idSeqMore, idInspector, idInspStep} {
			if !slices.Contains(ids, want) {
				t.Errorf("writeStep never looks up #%s", want)
			}
		}
		if miss := missingTargets(html, ids, sels); len(miss) > 0 {
			t.Errorf("%s: the patch writes what the page does not render: %v", q, miss)
		}
	}
}

// The broken twin: the same page with one of the patch's ids renamed (as a
// Render with another literal would draw it), or without the row shape,
// fails the check, naming what is missing.
func TestPatchTargetsRenamedFails(t *testing.T) {
	c, html := renderLab(t, fastLink)
	ids, sels := patchTargets(t, c)
	for _, id := range ids {
		broken := strings.ReplaceAll(html, `id="`+id+`"`, `id="`+id+`-renamed"`)
		if miss := missingTargets(broken, ids, sels); !slices.Contains(miss, "#"+id) {
			t.Errorf("renaming #%s: check reports %v", id, miss)
		}
	}
	broken := strings.ReplaceAll(html, `data-`+dataStep+`=`, `data-n=`)
	if miss := missingTargets(broken, ids, sels); len(miss) != 1 || !strings.Contains(miss[0], selRows) {
		t.Errorf("rows without data-%s: check reports %v", dataStep, miss)
	}
}

var (
	liRow  = regexp.MustCompile(`<li ([^>]*\bdata-` + dataStep + `="[^>]*)>\s*<button ([^>]*)>`)
	attrOf = func(tag, name string) string {
		m := regexp.MustCompile(`(?:^|\s)` + name + `="([^"]*)"`).FindStringSubmatch(tag)
		if m == nil {
			return ""
		}
		return m[1]
	}
)

// boolAttr reads a boolean attribute as the server renders it: the bare
// name when true, name="false" when false (the browser's wasm then sets
// the property), in any order of attributes.
func boolAttr(tag, name string) string {
	m := regexp.MustCompile(`(?:^|\s)` + name + `(="([^"]*)")?(?:\s|>|$)`).FindStringSubmatch(tag)
	return fmt.Sprint(m != nil && m[2] != "false")
}

// patchVsRender lists where patch p writes other values than html (a
// render of the page) shows: the player, the line under the rows, the
// inspector's class and body, and the rendered rows within p's range.
func patchVsRender(html string, p stepPatch) []string {
	var diffs []string
	tagOf := func(id string) string {
		return regexp.MustCompile(`<[a-z]+ [^>]*\bid="` + id + `"[^>]*>`).FindString(html)
	}
	textOf := func(id string) string {
		if m := regexp.MustCompile(`\bid="` + id + `"[^>]*>\s*([^<]*?)\s*<`).FindStringSubmatch(html); m != nil {
			return m[1]
		}
		return "(no text)"
	}
	ps := p.Player
	for _, f := range []struct{ what, got, want string }{
		{"#" + idPrev + " disabled", boolAttr(tagOf(idPrev), "disabled"), fmt.Sprint(ps.prevOff)},
		{"#" + idNext + " disabled", boolAttr(tagOf(idNext), "disabled"), fmt.Sprint(ps.nextOff)},
		{"#" + idJump + " value", attrOf(tagOf(idJump), "value"), fmt.Sprint(ps.cur)},
		{"#" + idJump + " aria-valuetext", attrOf(tagOf(idJump), "aria-valuetext"), ps.valueText},
		{"#" + idStepCur, textOf(idStepCur), fmt.Sprint(ps.cur)},
		{"#" + idVClock, textOf(idVClock), ps.clock},
		{"#" + idSeqMore + " class", attrOf(tagOf(idSeqMore), "class"), p.MoreClass},
		{"#" + idSeqMore + " text", textOf(idSeqMore), app.HTMLString(app.Text(p.MoreText))},
		{"#" + idInspector + " class", attrOf(tagOf(idInspector), "class"), p.InspClass},
	} {
		if f.got != f.want {
			diffs = append(diffs, fmt.Sprintf("%s renders %q, the patch writes %q", f.what, f.got, f.want))
		}
	}
	if !strings.Contains(html, `<div id="`+idInspStep+`">`+p.Insp.body+`</div>`) {
		diffs = append(diffs, "#"+idInspStep+" renders another body")
	}
	rows := liRow.FindAllStringSubmatch(html, -1)
	if len(rows) == 0 {
		diffs = append(diffs, "no rows rendered")
	}
	for _, m := range rows {
		var n int
		fmt.Sscan(attrOf(m[1], "data-"+dataStep), &n)
		got := rowPatch{Class: attrOf(m[1], "class"), Hidden: boolAttr(m[1], "hidden") == "true", AriaCurrent: attrOf(m[2], "aria-current")}
		if i := n - 1; i >= p.Rows.Lo && i <= p.Rows.Hi {
			if want := p.Rows.Row(i); got != want {
				diffs = append(diffs, fmt.Sprintf("row %d renders %+v, the patch writes %+v", n, got, want))
			}
		}
	}
	return diffs
}

// The patch from one step to another (and the full pass after go-app's
// frame) writes what a render of the new step draws.
func TestPatchMatchesRender(t *testing.T) {
	for _, q := range []string{fastLink, strings.Replace(fastLink, "lang=en", "lang=zh", 1), strings.Replace(fastLink, "transport=http", "transport=stdio", 1)} {
		c, _ := renderLab(t, q)
		from := c.idx
		for _, to := range []int{from + 1, from - 1, len(c.steps) - 1, 0} {
			c.idx = to
			html := app.HTMLString(c)
			for _, f := range []int{from, -1} {
				if d := patchVsRender(html, planStep(c.steps, f, to, c.lang, false, c.stepData(to))); len(d) > 0 {
					t.Errorf("%s: patch %d→%d: %s", q, f+1, to+1, strings.Join(d, "; "))
				}
			}
		}
	}
}

// The broken twin: a patch planned for another step, or in the other
// language, is told apart from the render.
func TestPatchVsRenderFindsWrongPatch(t *testing.T) {
	c, _ := renderLab(t, fastLink)
	to := c.idx + 1
	c.idx = to
	html := app.HTMLString(c)
	wrong := planStep(c.steps, -1, to-1, c.lang, false, c.stepData(to-1))
	d := strings.Join(patchVsRender(html, wrong), "\n")
	for _, want := range []string{"#" + idStepCur + " renders", "#" + idJump + " value", "#" + idInspStep, fmt.Sprintf("row %d renders", to+1)} {
		if !strings.Contains(d, want) {
			t.Errorf("a patch of step %d over a render of step %d: no %q in\n%s", to, to+1, want, d)
		}
	}
	zh := planStep(c.steps, -1, to, LangZh, false, c.stepData(to))
	if d := strings.Join(patchVsRender(html, zh), "\n"); !strings.Contains(d, "aria-valuetext") || !strings.Contains(d, "#"+idSeqMore+" text") {
		t.Errorf("a Chinese patch over an English render: %s", d)
	}
}
