//go:build !(js && wasm)

package ui

import (
	"bytes"
	"encoding/json"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/scenario"
)

// earlyOK reports whether the prerendered page carries the reader's data
// (early.go): the visualizer stepping through a trace, every row drawn (no
// filter, no collapsed start).
// In the compare view it carries the toolbar's picks only (#wl-cmp,
// readerCompare): the rows there are the compare table, already drawn.
func (c *Lab) earlyOK() bool {
	if !c.page.IsLab() || len(c.steps) == 0 {
		return false
	}
	return c.view.Compare || c.fMethod == "" && c.fDir == "" && len(c.steps)+1 <= maxRows
}

// readerStep is what step i shows, as the reader script draws it: the
// fields of planStep's stepPatch (faststep.go), the one source of what a
// step changes.
type readerStep struct {
	Insp      string `json:"i"`  // #insp-step's HTML
	InspClass string `json:"c"`  // #inspector's class
	Clock     string `json:"k"`  // #vclock-t
	ValueText string `json:"t"`  // #jump's aria-valuetext
	PrevOff   bool   `json:"p"`  // #prev disabled
	NextOff   bool   `json:"n"`  // #next disabled
	MoreClass string `json:"mc"` // #seq-more's class
	More      string `json:"m"`  // #seq-more's text
	// What else the step changes (go-app's frame draws it once the wasm
	// runs): the deadline clock (#clock) and the inspector's live replay
	// part (LiveRun), as indexes into readerData.Parts (-1: none); the
	// timeline's heading (#tl-now) and its bands' classes (in the track's
	// order: timelineRows, then time).
	Deadline int      `json:"dl"`
	Live     int      `json:"lv"`
	TlNow    string   `json:"tn,omitempty"`
	TlSpans  []string `json:"ts,omitempty"`
}

// readerToggle is where one pick of the toolbar leads: the run it shows
// (its key, readerKey) and, for each step of this run, the step it lands
// on there (MapStep, as Lab.reRun does).
type readerToggle struct {
	Key string `json:"k"`
	Map []int  `json:"m"`
}

// readerData is #wl-early: everything the reader script needs to step
// through the whole trace and to follow a toggle before the wasm runs.
type readerData struct {
	Run   string `json:"run"`   // readerKey of the link's values
	Lang  string `json:"lang"`  // the page's language (LangEn, LangZh)
	Query string `json:"q"`     // the link without step and lang, as the wasm writes it
	Title string `json:"title"` // document.title
	// Rows are every row's HTML, drawn as the next step's (hidden); Cls
	// the class of row k when it is past, current and upcoming
	// (rowsPatch.Row), Current its button's aria-current when current.
	Rows    []string     `json:"rows"`
	Cls     [][3]string  `json:"cls"`
	Current string       `json:"ac"`
	Steps   []readerStep `json:"steps"`
	// Play and Pause are the play button's label and icon in each state.
	Play  [2]string               `json:"play"`
	Pause [2]string               `json:"pause"`
	Tog   map[string]readerToggle `json:"tog"`  // by "param=value"
	Keys  map[string]string       `json:"keys"` // the v and t keys: the pick (a Tog key) each makes
	// Parts are the distinct HTML of the clock and live parts (readerStep);
	// TlItems step k's entry in the timeline's list when not current and
	// when current, TlMarks its marker's class when past, current and
	// upcoming (HTTP scenarios only).
	Parts   []string    `json:"u"`
	TlItems [][2]string `json:"tli,omitempty"`
	TlMarks [][3]string `json:"tlm,omitempty"`
}

// readerKey names a run the reader can show: the link's scenario,
// version, transport and fault, as the static export names its fragment
// (internal/staticsite/static.go: runs/<key>.<lang>.html).
func readerKey(v View) string {
	return v.Scenario + "/" + v.Version + "_" + v.Transport + "_" + v.Fault
}

// ReaderKeyOf is readerKey of a deep link's query (after ParseView).
func ReaderKeyOf(q url.Values) string {
	v, _ := ParseView(q, scenario.List())
	return readerKey(v)
}

// renderEarly is the #wl-early element. The JSON is written without
// HTML escapes (a third smaller), so "</" and "<!--" are escaped the
// JSON way instead: they cannot end or confuse the script element.
func (c *Lab) renderEarly() app.UI {
	id, d := earlyID, any(nil)
	if c.view.Compare {
		id, d = earlyCmpID, c.readerCompare()
	} else {
		d = c.readerData()
	}
	b, err := marshalReader(d)
	if err != nil {
		return nil
	}
	return app.Raw(`<script type="application/json" id="` + id + `">` + string(b) + `</script>`)
}

// readerCmp is #wl-cmp, the compare view's reader data: the run and
// language the page shows and where each toolbar pick leads (from this
// run's step: the compare view marks it in its column), as in readerData.
type readerCmp struct {
	Run   string                  `json:"run"`
	Lang  string                  `json:"lang"`
	Query string                  `json:"q"`
	Title string                  `json:"title"`
	Tog   map[string]readerToggle `json:"tog"`
	Keys  map[string]string       `json:"keys"`
}

// readerCompare is #wl-cmp for the current view.
func (c *Lab) readerCompare() readerCmp {
	d := readerData{Tog: map[string]readerToggle{}}
	c.readerToggles(&d)
	return readerCmp{Run: readerKey(c.linkView()), Lang: c.lang, Query: c.readerQuery(), Title: c.title(), Tog: d.Tog, Keys: d.Keys}
}

// readerQuery is the link without step, lang and view, as the wasm
// writes it (View.Query).
func (c *Lab) readerQuery() string {
	link := c.linkView()
	link.Step, link.Lang, link.Embed, link.Compare = 1, "", false, false
	return strings.Replace(link.Query(), "&step=1", "", 1)
}

func marshalReader(d any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d); err != nil {
		return nil, err
	}
	s := strings.NewReplacer("</", `<\/`, "<!--", `\u003c!--`).Replace(strings.TrimSuffix(buf.String(), "\n"))
	return []byte(s), nil
}

// readerData is what #wl-early carries for the current trace.
func (c *Lab) readerData() readerData {
	n := len(c.steps)
	lanes := 3
	if (&Sequence{Steps: c.steps, Transport: c.view.Transport}).hasStderr() {
		lanes = 4
	}
	d := readerData{
		Run: readerKey(c.linkView()), Lang: c.lang, Query: c.readerQuery(), Title: c.title(),
		Current: rowAriaCurrent(rowCurrent),
		Play:    [2]string{c.t("ctl.play"), playIcon(false)},
		Pause:   [2]string{c.t("ctl.pause"), playIcon(true)},
		Tog:     map[string]readerToggle{},
	}
	for k := 0; k < n; k++ {
		d.Rows = append(d.Rows, CompactHTML(app.HTMLString(&seqRow{St: &c.steps[k], I: k, State: rowUpcoming, Lanes: lanes, Lang: c.lang})))
		var cls [3]string
		for st, cur := range []int{k + 1, k, k - 1} { // past, current, upcoming
			cls[st] = rowsPatch{steps: c.steps, Cur: cur}.Row(k).Class
		}
		d.Cls = append(d.Cls, cls)
	}
	part := map[string]int{}
	partOf := func(ui app.UI) int {
		h := sortAttrs(CompactHTML(app.HTMLString(ui))) // one entry per part, whatever go-app's order
		k, ok := part[h]
		if !ok {
			k = len(d.Parts)
			part[h] = k
			d.Parts = append(d.Parts, h)
		}
		return k
	}
	http := IsHTTPScenario(c.view.Scenario)
	tl := BuildTimeline(c.steps)
	for i := 0; i < n; i++ {
		p := planStep(c.steps, -1, i, c.lang, false, c.stepData(i))
		st := readerStep{
			Insp: p.Insp.body, InspClass: p.InspClass, Clock: p.Player.clock, ValueText: p.Player.valueText,
			PrevOff: p.Player.prevOff, NextOff: p.Player.nextOff, MoreClass: p.MoreClass, More: p.MoreText,
			Deadline: partOf(&DeadlineClock{Lang: c.lang, Steps: c.steps, Idx: i}), Live: -1,
		}
		if c.tr != nil { // as Inspector renders it
			st.Live = partOf(&LiveRun{Tr: c.tr, Idx: c.steps[i].Ev.Seq - 1, Lang: c.lang, Base: c.devBase()})
		}
		if http {
			st.TlNow = c.timelineNow(i)
			for _, kind := range timelineRows {
				for _, sp := range tl.Spans {
					if sp.Kind == kind {
						st.TlSpans = append(st.TlSpans, timelineSpanClass(sp, i, c.steps[i].Ev.TimeMs))
					}
				}
			}
			d.TlItems = append(d.TlItems, [2]string{sortAttrs(CompactHTML(app.HTMLString(c.timelineItem(tl, i, false)))), sortAttrs(CompactHTML(app.HTMLString(c.timelineItem(tl, i, true))))})
			d.TlMarks = append(d.TlMarks, [3]string{timelineMarkClass(&c.steps[i], i, i+1), timelineMarkClass(&c.steps[i], i, i), timelineMarkClass(&c.steps[i], i, i-1)})
		}
		d.Steps = append(d.Steps, st)
	}
	c.readerToggles(&d)
	return d
}

// linkView is the view as the link gave it (before run() moved a fault
// that does not apply back to "none"): what names this page's run.
func (c *Lab) linkView() View {
	v := c.view
	if c.linkFault != "" {
		v.Fault = c.linkFault
	}
	return v
}

// readerToggles fills d.Tog: every pick of the toolbar (scenario,
// version, transport, fault), decided by labState.setToggle and run as
// Lab.reRun runs it.
func (c *Lab) readerToggles(d *readerData) {
	in := c.info()
	faults := in.Faults
	if !slices.Contains(faults, DefaultFault) {
		faults = append([]string{DefaultFault}, faults...)
	}
	var names []string
	for _, s := range c.infos {
		names = append(names, s.Name)
	}
	picks := []struct {
		param  string
		values []string
	}{{paramScenario, names}, {paramVersion, in.Versions}, {paramTransport, in.Transports}, {paramFault, faults}}
	for _, p := range picks {
		for _, v := range p.values {
			o := &Lab{labState: labState{infos: c.infos, view: c.view, lang: c.lang}}
			if !o.setToggle(p.param, v) {
				continue
			}
			key := readerKey(o.view)
			steps := readerSteps(o)
			d.Tog[p.param+"="+v] = readerToggle{Key: key, Map: MapSteps(c.steps, steps)}
		}
	}
	// The v and t keys: the pick each sends (keyAction, keys.go).
	d.Keys = map[string]string{}
	for _, k := range []string{"v", "t"} {
		if name, v, ok := c.keyAction(k); ok && name == actionSet {
			pv := v.(paramValue)
			d.Keys[k] = pv.Param + "=" + pv.Value
		}
	}
	for k, pick := range d.Keys {
		if _, ok := d.Tog[pick]; !ok {
			delete(d.Keys, k) // the same run (one value): nothing to fetch
		}
	}
}

// readerRuns caches the steps of runs without client settings (the
// engine's matrix of scenarios, versions, transports and faults is small
// and finite, so the cache is bounded by it): every page the dev server
// or the export renders asks for many of them.
var readerRuns sync.Map // optionsKey → []Step

// readerSteps runs o's view as Lab.run does (a fault that does not apply
// falls back to none) and returns its steps.
func readerSteps(o *Lab) []Step {
	key := optionsKey(o.options())
	if s, ok := readerRuns.Load(key); ok {
		return s.([]Step)
	}
	o.run()
	if !IsHTTPScenario(o.view.Scenario) || o.view.Client == (View{}).Client {
		readerRuns.Store(key, o.steps)
	}
	return o.steps
}

// ReaderIndex is the table the reader script maps a link to a run with
// (JSON): the first scenario, and per scenario the versions, transports
// and faults a link may name, with the values ParseView gives a link that
// names none. A link with any other value (or a parameter the reader does
// not know) is left to the wasm, which explains it.
func ReaderIndex() string {
	type entry struct {
		V  []string `json:"v"`
		T  []string `json:"t"`
		F  []string `json:"f"`
		DV string   `json:"dv"`
		DT string   `json:"dt"`
		DF string   `json:"df"`
	}
	infos := scenario.List()
	idx := struct {
		D string           `json:"d"`
		S map[string]entry `json:"s"`
		// P are the parameters the reader understands.
		P []string `json:"p"`
		// Txt are the loading badge's words and the fallback notice, per
		// language.
		Txt map[string][2]string `json:"txt"`
	}{S: map[string]entry{}, P: []string{paramScenario, paramVersion, paramTransport, paramFault, "step", "lang", "view", paramEmbed},
		Txt: map[string][2]string{}}
	for _, l := range []string{LangEn, LangZh} {
		idx.Txt[l] = [2]string{tr(l, "app.loading"), tr(l, "reader.fallback")}
	}
	def, _ := ParseView(url.Values{}, infos)
	idx.D = def.Scenario
	for _, in := range infos {
		v, _ := ParseView(url.Values{paramScenario: {in.Name}}, infos)
		faults := in.Faults
		if !slices.Contains(faults, DefaultFault) {
			faults = append([]string{DefaultFault}, faults...)
		}
		idx.S[in.Name] = entry{V: in.Versions, T: in.Transports, F: faults, DV: v.Version, DT: v.Transport, DF: v.Fault}
	}
	b, _ := json.Marshal(idx)
	return string(b)
}

// ReaderLinks are the links whose pages the static export prerenders as
// fragments: every run of the engine's matrix (every scenario under each
// of its versions, transports and faults), one query per language, each
// also in the compare view (view=compare).
func ReaderLinks() []url.Values {
	var out []url.Values
	for _, in := range scenario.List() {
		for _, v := range in.Versions {
			for _, t := range in.Transports {
				faults := in.Faults
				if !slices.Contains(faults, DefaultFault) {
					faults = append([]string{DefaultFault}, faults...)
				}
				for _, f := range faults {
					for _, l := range []string{LangEn, LangZh} {
						q := url.Values{paramScenario: {in.Name}, paramVersion: {v}, paramTransport: {t}, paramFault: {f}, "lang": {l}}
						cmp := url.Values{"view": {"compare"}}
						for k, v := range q {
							cmp[k] = v
						}
						out = append(out, q, cmp)
					}
				}
			}
		}
	}
	return out
}

// sortAttrs writes every start tag of html with its attributes sorted:
// go-app writes them in map order, and a part must be the same string
// each time it is rendered (readerData.Parts holds each once, and the
// page, like the export, is the same for the same build).
func sortAttrs(html string) string {
	return startTagRE.ReplaceAllStringFunc(html, func(tag string) string {
		name := tagNameRE.FindString(tag)
		attrs := attrRE.FindAllString(tag[len(name):], -1)
		for i := range attrs {
			attrs[i] = strings.TrimSpace(attrs[i])
		}
		slices.Sort(attrs)
		if len(attrs) == 0 {
			return name + ">"
		}
		return name + " " + strings.Join(attrs, " ") + ">"
	})
}

var (
	startTagRE = regexp.MustCompile(`<[a-z][a-z0-9]*(\s+[^\s=>]+(="[^"]*")?)*\s*>`)
	tagNameRE  = regexp.MustCompile(`^<[a-z0-9]+`)
	attrRE     = regexp.MustCompile(`\s+[^\s=>]+(="[^"]*")?`)
)
