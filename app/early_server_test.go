//go:build !(js && wasm)

package ui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readerProblems compares the reader's data (what the reader script
// draws for each step) with the page the server renders at that step:
// the inspector's sections, the counter, the clock, the line under the
// rows and every row's class.
func readerProblems(t *testing.T, q string, d readerData) []string {
	t.Helper()
	has := func(html, part string) bool { return strings.Contains(sortAttrs(html), sortAttrs(part)) }
	var out []string
	liRE := regexp.MustCompile(`<li [^>]*>`)
	attr := func(tag, name string) string {
		m := regexp.MustCompile(`\s` + name + `="([^"]*)"`).FindStringSubmatch(tag)
		if m == nil {
			return ""
		}
		return m[1]
	}
	for i, s := range d.Steps {
		_, html := renderLab(t, strings.Replace(q, "step=1", fmt.Sprintf("step=%d", i+1), 1))
		html = CompactHTML(html)
		if !strings.Contains(html, `>`+s.Insp+`</div>`) {
			out = append(out, fmt.Sprintf("step %d: the inspector's sections differ", i+1))
		}
		if !strings.Contains(html, `id="`+idStepCur+`">`+fmt.Sprint(i+1)+`<`) && !strings.Contains(html, `>`+fmt.Sprint(i+1)+`</strong>`) {
			out = append(out, fmt.Sprintf("step %d: the counter", i+1))
		}
		if !strings.Contains(html, `>`+s.Clock+`</span>`) {
			out = append(out, fmt.Sprintf("step %d: the clock %q", i+1, s.Clock))
		}
		if !strings.Contains(html, `>`+s.More+`</div>`) {
			out = append(out, fmt.Sprintf("step %d: the line under the rows %q", i+1, s.More))
		}
		if !has(html, d.Parts[s.Deadline]) {
			out = append(out, fmt.Sprintf("step %d: the deadline clock %.80q", i+1, d.Parts[s.Deadline]))
		}
		if s.Live >= 0 && !has(html, d.Parts[s.Live]) {
			out = append(out, fmt.Sprintf("step %d: the live replay part %.80q", i+1, d.Parts[s.Live]))
		}
		if d.TlMarks != nil {
			if !has(html, `<strong class="tl-now" id="`+idTlNow+`">`+s.TlNow+`<`) {
				out = append(out, fmt.Sprintf("step %d: the timeline's heading %q", i+1, s.TlNow))
			}
			var marks, spans, items []string
			for _, m := range regexp.MustCompile(`class="(tl-mark [^"]*)"`).FindAllStringSubmatch(html, -1) {
				marks = append(marks, m[1])
			}
			for _, m := range regexp.MustCompile(`class="(tl-span[^"]*)"`).FindAllStringSubmatch(html, -1) {
				spans = append(spans, m[1])
			}
			if ol := regexp.MustCompile(`<details [^>]*id="tl-details"[^>]*>.*?<ol>(.*?)</ol>`).FindStringSubmatch(html); ol != nil {
				items = regexp.MustCompile(`<li\b.*?</li>`).FindAllString(sortAttrs(ol[1]), -1)
			}
			var want, wantItems []string
			for k := range d.TlMarks {
				want = append(want, d.TlMarks[k][rowState(k, i)])
				st := 0
				if k == i {
					st = 1
				}
				wantItems = append(wantItems, sortAttrs(d.TlItems[k][st]))
			}
			if !slices.Equal(marks, want) || !slices.Equal(spans, s.TlSpans) || !slices.Equal(items, wantItems) {
				out = append(out, fmt.Sprintf("step %d: the timeline: marks %q, the reader %q; bands %q, the reader %q; list %q, the reader %q", i+1, marks, want, spans, s.TlSpans, items, wantItems))
			}
		}
		for _, tag := range liRE.FindAllString(html, -1) {
			k := 0
			fmt.Sscan(attr(tag, "data-step"), &k)
			k--
			if k < 0 || k >= len(d.Cls) {
				continue
			}
			st := rowState(k, i)
			if got := attr(tag, "class"); got != d.Cls[k][st] {
				out = append(out, fmt.Sprintf("step %d: row %d class %q, the reader draws %q", i+1, k+1, got, d.Cls[k][st]))
			}
		}
	}
	return out
}

// Every step the reader draws before the wasm is the step the server (and
// so the wasm) renders: the data comes from planStep, and this holds it
// to the components. The broken twin: the data of a trace shifted by one
// step is caught.
func TestReaderDataMatchesRender(t *testing.T) {
	for _, q := range []string{
		"scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=1&lang=en",
		"scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=1&lang=zh",
		"scenario=tool-call&version=2026-07-28&transport=http&fault=timeout&step=1&lang=en",        // the deadline clock
		"scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&step=1&lang=zh", // the timeline
	} {
		c, _ := renderLab(t, q)
		d := c.readerData()
		if len(d.Steps) != len(c.steps) || len(d.Rows) != len(c.steps) || len(d.Cls) != len(c.steps) {
			t.Fatalf("%s: %d steps, %d rows, %d classes for %d steps", q, len(d.Steps), len(d.Rows), len(d.Cls), len(c.steps))
		}
		if p := readerProblems(t, q, d); len(p) > 0 {
			t.Errorf("%s:\n%s", q, strings.Join(p, "\n"))
		}
		shifted := d
		shifted.Steps = append(append([]readerStep(nil), d.Steps[1:]...), d.Steps[0])
		if len(d.Parts) < 2 && (strings.Contains(q, "timeout") || strings.Contains(q, "http-")) {
			t.Errorf("%s: %d distinct clock and live parts: the clock never changes?", q, len(d.Parts))
		}
		if p := readerProblems(t, q, shifted); len(p) < len(d.Steps) {
			t.Errorf("%s: the shifted data passed (%d problems)", q, len(p))
		}
	}
}

// Each toolbar pick the reader follows leads where the wasm goes: the run
// setToggle makes and the step MapStep finds.
func TestReaderTogglesFollowTheLab(t *testing.T) {
	c, _ := renderLab(t, "scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=1&lang=en")
	d := c.readerData()
	tg, ok := d.Tog["version=2026-07-28"]
	if !ok || tg.Key != "tool-call/2026-07-28_stdio_none" {
		t.Fatalf("version toggle: %+v (ok %v)", tg, ok)
	}
	o := &Lab{}
	o.infos, o.view, o.lang = c.infos, c.view, c.lang
	o.setToggle(paramVersion, "2026-07-28")
	o.run()
	for i := range c.steps {
		if want := MapStep(c.steps, i, o.steps); tg.Map[i] != want {
			t.Errorf("step %d maps to %d, the lab's reRun to %d", i+1, tg.Map[i], want)
		}
	}
	if _, ok := d.Tog["version=2025-11-25"]; ok {
		t.Error("the current version is offered as a toggle")
	}
	if tg, ok := d.Tog["scenario=list-changed"]; !ok || !strings.HasPrefix(tg.Key, "list-changed/") {
		t.Errorf("scenario toggle: %+v", tg)
	}
	// The v and t keys make the pick their action sends (keyAction, keys.go).
	if d.Keys["v"] != "version=2026-07-28" || d.Keys["t"] != "transport="+nextValue(c.info().Transports, "stdio") || d.Keys["t"] == "transport=stdio" {
		t.Errorf("keys: %v", d.Keys)
	}
	for k, pick := range d.Keys {
		if _, ok := d.Tog[pick]; !ok {
			t.Errorf("key %s: %s is no pick", k, pick)
		}
	}
	// An HTTP lesson has no MCP version to switch (the twin of "v").
	h, _ := renderLab(t, "scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&step=1&lang=en")
	if k := h.readerData().Keys; k["v"] != "" {
		t.Errorf("an HTTP lesson's v key leads to %q", k["v"])
	}
}

// The compare view's page carries #wl-cmp: its run, and where each
// toolbar pick leads from this run's step, as the lab's reRun goes (the
// same table as the steps view's). The broken twin: the steps view's page
// has no #wl-cmp, and the compare page no #wl-early.
func TestReaderCompareData(t *testing.T) {
	q := "scenario=tool-call&version=2025-11-25&transport=stdio&fault=none&step=3&lang=zh&view=compare"
	c, html := renderLab(t, q)
	d := c.readerCompare()
	if d.Run != "tool-call/2025-11-25_stdio_none" || d.Lang != LangZh || strings.Contains(d.Query, "view=") || strings.Contains(d.Query, "step=") {
		t.Errorf("compare data: run %q lang %q query %q", d.Run, d.Lang, d.Query)
	}
	steps := c.readerData()
	if len(d.Tog) == 0 || len(d.Tog) != len(steps.Tog) {
		t.Fatalf("%d picks in the compare view, %d in the steps view", len(d.Tog), len(steps.Tog))
	}
	for k, tg := range steps.Tog {
		if got := d.Tog[k]; got.Key != tg.Key || !slices.Equal(got.Map, tg.Map) {
			t.Errorf("%s: the compare view leads to %+v, the steps view to %+v", k, got, tg)
		}
	}
	if !strings.Contains(html, `id="`+earlyCmpID+`">{"run":"tool-call/2025-11-25_stdio_none","lang":"zh"`) || strings.Contains(html, `id="`+earlyID+`"`) {
		t.Errorf("the compare page's reader data: %.200q", html[max(0, strings.Index(html, "wl-"))-40:])
	}
	if _, html := renderLab(t, strings.Replace(q, "&view=compare", "", 1)); strings.Contains(html, `id="`+earlyCmpID+`"`) || !strings.Contains(html, `id="`+earlyID+`"`) {
		t.Error("the steps view's page: #wl-cmp present or #wl-early missing")
	}
}
