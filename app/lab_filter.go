package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// FilterBar narrows the sequence to one method and one direction; a pick
// is an actionFilter with both.
type FilterBar struct {
	app.Compo

	Lang   string
	Steps  []Step // the methods offered are those of these steps
	Method string
	Dir    string
}

// filterDirs are the directions offered ("" = all).
var filterDirs = []string{"", DirC2S, DirS2C, DirHost, DirLaunch, DirStderr}

func (f *FilterBar) t(key string) string { return tr(f.Lang, key) }

func (f *FilterBar) Render() app.UI {
	methods := Methods(f.Steps)
	// pick is the handler of one select: it changes the method (or the
	// direction) and keeps the other.
	pick := func(method bool) app.EventHandler {
		return func(ctx app.Context, e app.Event) {
			v := ctx.JSSrc().Get("value").String()
			nf := stepFilter{Method: f.Method, Dir: f.Dir}
			if method {
				nf.Method = v
			} else {
				nf.Dir = v
			}
			ctx.NewActionWithValue(actionFilter, nf)
		}
	}
	return app.Div().Class("filter").Role("group").Aria("label", f.t("filter.title")).Body(
		app.Label().Class("field inline").Body(
			app.Span().Class("field-label").Text(f.t("filter.method")),
			app.Select().ID("filter-method").Aria("label", f.t("filter.method")).Body(
				app.Option().Value("").Selected(f.Method == "").Text(f.t("filter.all")),
				app.Range(methods).Slice(func(i int) app.UI {
					return app.Option().Value(methods[i]).Selected(methods[i] == f.Method).Text(methods[i])
				}),
			).OnChange(pick(true)),
		),
		app.Label().Class("field inline").Body(
			app.Span().Class("field-label").Text(f.t("filter.dir")),
			app.Select().ID("filter-dir").Aria("label", f.t("filter.dir")).Body(
				app.Range(filterDirs).Slice(func(i int) app.UI {
					k := "dir." + filterDirs[i]
					if filterDirs[i] == "" {
						k = "dir.all"
					}
					return app.Option().Value(filterDirs[i]).Selected(filterDirs[i] == f.Dir).Text(f.t(k))
				}),
			).OnChange(pick(false)),
		),
		app.If(f.Method != "" || f.Dir != "", func() app.UI {
			return app.Button().Class("btn small").Text(f.t("filter.clear")).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionFilter, stepFilter{}) })
		}),
	)
}
