package ui

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"mcpwirelab/sim/calc"
	"mcpwirelab/sim/exercise"
)

// The app has one go-app route, "/" (static hosting under a sub-path relies
// on it); the view query parameter picks what the page shows. Lab stays the
// route's component: it reads the link in OnNav and, for any view but the
// visualizer, renders the navigation and one of the views below.
const (
	ViewLab       = "lab" // the visualizer (also "", "steps", "compare")
	ViewExercises = "exercises"
	ViewCalc      = "calc"
	ViewProgress  = "progress"
	ViewCapture   = "capture" // check your own server: a captured transcript (capture.go)
)

// Calculator defaults when a link gives no n or m.
const (
	DefaultCalcN = 3
	DefaultCalcM = 4
)

const actionPage = "mcpwl.page"

// A view is one entry of views: its name (the view parameter of a link)
// and its icon in the header's navigation; its label is the UI text
// [nav.<name>] (TestViewsHaveTheirTexts).
type viewDef struct{ name, icon string }

// views are the page's views in the order of the top navigation: the one
// list of the views a link may name (ParsePage, ParseView) and the header
// shows.
var views = []viewDef{
	{ViewLab, "⇄"},
	{ViewExercises, "✎"},
	{ViewCalc, "▦"},
	{ViewProgress, "✓"},
	{ViewCapture, "⌕"},
}

// navViews are the names of views, in order.
var navViews = func() []string {
	out := make([]string, len(views))
	for i, v := range views {
		out[i] = v.name
	}
	return out
}()

// Page is the part of a link that is not the visualizer's: which view, and
// that view's own parameters.
type Page struct {
	View string // one of the View* constants
	Ex   string // exercises view: the open exercise ("" = the list)
	N, M int    // calculator view
}

// IsLab reports whether the page is the visualizer.
func (p Page) IsLab() bool { return p.View == "" || p.View == ViewLab }

// ParsePage reads the view and its parameters from a link. Bad values fall
// back to defaults with a notice; it never fails.
func ParsePage(q url.Values) (Page, []Notice) {
	var ns []Notice
	p := Page{View: ViewLab}
	if v := q.Get("view"); slices.Contains(navViews, v) {
		p.View = v
	}
	switch p.View {
	case ViewExercises:
		if id := q.Get("ex"); id != "" {
			if _, ok := exercise.ByID(id); ok {
				p.Ex = id
			} else {
				ns = append(ns, Notice{Param: "ex", Value: id, Fallback: "—"})
			}
		}
	case ViewCalc:
		var n1, n2 []Notice
		p.N, n1 = parseSide(q, "n", DefaultCalcN)
		p.M, n2 = parseSide(q, "m", DefaultCalcM)
		ns = append(append(ns, n1...), n2...)
	}
	return p, ns
}

// parseSide reads n or m: a whole number, clamped to calc's bounds.
func parseSide(q url.Values, param string, def int) (int, []Notice) {
	raw := q.Get(param)
	if raw == "" {
		return def, nil
	}
	v, err := strconv.Atoi(raw)
	switch {
	case err != nil:
		return def, []Notice{{Param: param, Value: raw, Fallback: strconv.Itoa(def)}}
	case v < calc.MinSide || v > calc.MaxSide:
		clamped := min(max(v, calc.MinSide), calc.MaxSide)
		bounds := fmt.Sprintf("%d–%d", calc.MinSide, calc.MaxSide)
		return clamped, []Notice{{Param: param, Value: raw, Fallback: strconv.Itoa(clamped), Kind: NoticeRange, Allowed: bounds}}
	}
	return v, nil
}

// Query is the link of a non-visualizer page, parameters in a fixed order.
func (p Page) Query(lang string, present bool) string {
	q := "view=" + url.QueryEscape(p.View)
	switch p.View {
	case ViewExercises:
		if p.Ex != "" {
			q += "&ex=" + url.QueryEscape(p.Ex)
		}
	case ViewCalc:
		n, m := p.N, p.M
		if n == 0 {
			n = DefaultCalcN
		}
		if m == 0 {
			m = DefaultCalcM
		}
		q += "&n=" + strconv.Itoa(n) + "&m=" + strconv.Itoa(m)
	}
	if lang != "" {
		q += "&lang=" + url.QueryEscape(lang)
	}
	if present {
		q += "&present=1"
	}
	return q
}

// pageHref is a relative link ("?view=…"): it keeps whatever path the app
// is hosted under, so it works under a sub-path prefix too. go-app turns a
// click on it into an in-app navigation (OnNav), with a history entry.
func pageHref(p Page, lang string, present bool) string {
	return "?" + p.Query(lang, present)
}

// navOther handles OnNav for every view but the visualizer. The
// visualizer's own state (scenario, step…) is kept, so the Visualizer link
// goes back to where the learner left it. It reports whether it handled
// the navigation.
func (c *Lab) navOther(ctx app.Context) bool {
	q := ctx.Page().URL().Query()
	p, pns := ParsePage(q)
	c.setPage(p)
	if p.IsLab() {
		return false
	}
	v, ns := ParseView(q, c.catalog())
	c.enterPage(v.Present, append(filterNotices(ns, "lang"), pns...))
	c.useLang(pickLang(v.Lang, func() string {
		var stored string
		_ = ctx.LocalStorage().Get(langStorageKey, &stored)
		return stored
	}, browserLangs()))
	c.afterChange(ctx)
	return true
}

// filterNotices keeps the notices about the given parameters (the other
// views ignore the visualizer's parameters).
func filterNotices(ns []Notice, params ...string) []Notice {
	var out []Notice
	for _, n := range ns {
		for _, p := range params {
			if n.Param == p {
				out = append(out, n)
			}
		}
	}
	return out
}

// afterPage keeps the URL, language and title in sync on the other views.
func (c *Lab) afterPage(ctx app.Context) {
	if u := ctx.Page().URL(); u != nil {
		nu := *u
		nu.RawQuery = c.page.Query(c.linkLang(), c.view.Present)
		if nu.String() != u.String() {
			ctx.Page().ReplaceURL(&nu)
		}
	}
	c.rememberLang(ctx)
	ctx.Page().SetLang(langTag(c.lang))
	ctx.Page().SetTitle("%s · %s", c.t("nav."+c.page.View), c.t("app.title"))
	c.docLang, c.docTitle = "", "" // the visualizer's afterChange must write them again
}

// handlePageActions lets a view change its own link parameters (the
// calculator's n and m); the page re-renders and the URL follows.
func (c *Lab) handlePageActions(ctx app.Context) {
	ctx.Handle(actionPage, func(ctx app.Context, a app.Action) {
		p, ok := a.Value.(Page)
		if !ok || p.View != c.page.View {
			return
		}
		c.setPage(p)
		c.afterChange(ctx)
	})
}

// navHref is the link of one entry of the top navigation.
func (s *labState) navHref(view string) string {
	switch view {
	case ViewLab:
		if s.tr == nil {
			return "?" + View{Lang: s.linkLang(), Present: s.view.Present}.langOnlyQuery()
		}
		v := s.view
		v.Step = s.idx + 1
		v.Lang = s.linkLang()
		return "?" + v.Query()
	case ViewCalc:
		return pageHref(Page{View: ViewCalc, N: s.calcN, M: s.calcM}, s.linkLang(), s.view.Present)
	}
	return pageHref(Page{View: view}, s.linkLang(), s.view.Present)
}

// langOnlyQuery is the link of the visualizer with its defaults.
func (v View) langOnlyQuery() string {
	q := "lang=" + url.QueryEscape(v.Lang)
	if v.Present {
		q += "&present=1"
	}
	return q
}

// renderPage draws the exercises, calculator and progress views.
func (c *Lab) renderPage() app.UI {
	cls := "lab shell view-" + c.page.View
	if c.view.Present {
		cls += " presenter"
	}
	var body app.UI
	switch c.page.View {
	case ViewCalc:
		body = &CalcView{Lang: c.lang, N: c.page.N, M: c.page.M}
	case ViewExercises:
		body = &ExercisesView{Lang: c.lang, Ex: c.page.Ex}
	case ViewProgress:
		body = &ProgressView{Lang: c.lang}
	case ViewCapture:
		body = &CaptureView{Lang: c.lang}
	default:
		body = app.P().Text(fmt.Sprintf("unknown view %q", c.page.View))
	}
	return app.Div().ID("lab").Class(cls).Lang(c.htmlLang()).Body(
		c.header(),
		c.noticesBar(),
		app.Main().ID("main").Class("page").Body(body),
	)
}
