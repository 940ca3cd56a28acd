package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Header is the top bar of every view: the brand, the navigation (real
// links, so they work with the keyboard, open in a new tab and keep the
// history) and the view actions (steps / compare, language, presenter
// mode, help).
type Header struct {
	app.Compo

	Lang    string
	Present bool
	Compare bool
	Page    string   // the view shown (Page.View)
	Hrefs   []string // the link of each of navViews (labState.navHref)
}

func (h *Header) t(key string) string { return tr(h.Lang, key) }

func (h *Header) isLab() bool { return Page{View: h.Page}.IsLab() }

func (h *Header) Render() app.UI {
	other := LangZh
	if h.Lang == LangZh {
		other = LangEn
	}
	return app.Header().Class("top").Body(
		app.Div().Class("brand").Body(
			app.H1().Body(app.Span().Class("logo").Aria("hidden", "true").Text("⇄"), app.Text(" "+h.t("app.title"))),
			app.P().Class("subtitle").Text(h.t("app.subtitle")),
		),
		h.renderNav(),
		app.Div().Class("top-actions").Body(
			app.If(h.isLab(), func() app.UI { return &ViewMode{Lang: h.Lang, Compare: h.Compare} }),
			// Named by what it shows, then what it does (WCAG 2.5.3).
			app.Button().ID("lang-switch").Class("btn").Body(
				app.Span().Lang(langTag(other)).Text(h.t("lang.switch")),
				app.Span().Class("sr-only").Text(" "+h.t("lang.switch.aria")),
			).OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actionLang, other) }, app.EventScope("lang", other)),
			app.Button().ID("presenter").Class("btn").Aria("pressed", strconv.FormatBool(h.Present)).
				Title("%s (p)", h.t("ctl.presenter")).
				Body(app.Span().Aria("hidden", "true").Text("▣ "), app.Text(h.t("ctl.presenter.short"))).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionPresent) }),
			app.If(h.isLab(), func() app.UI {
				return app.Button().ID("help-btn").Class("btn").Aria("label", h.t("ctl.help")).Title("%s (?)", h.t("ctl.help")).Text("?").
					OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actionHelp) })
			}),
		),
	)
}

// renderNav is the top navigation.
func (h *Header) renderNav() app.UI {
	cur := h.Page
	if h.isLab() {
		cur = ViewLab
	}
	return app.Nav().ID("topnav").Class("topnav").Aria("label", h.t("nav.aria")).Body(
		app.Ul().Body(
			app.Range(views).Slice(func(i int) app.UI {
				v := views[i].name
				href := ""
				if i < len(h.Hrefs) {
					href = h.Hrefs[i]
				}
				body := []app.UI{app.Span().Class("nav-icon").Aria("hidden", "true").Text(views[i].icon), app.Text(h.t("nav." + v))}
				if v == ViewCapture {
					// Where the bar is short of room (capture.css) the tab
					// shows its first word ("Check", from 1024 px) or its
					// icon (a phone); the whole name stays for screen readers
					// and the tooltip, and starts with what is drawn (WCAG
					// 2.5.3 label in name).
					name := h.t("nav." + v)
					head, tail, _ := strings.Cut(name, " ")
					if tail != "" {
						tail = " " + tail
					}
					body[1] = app.Span().Class("nav-text").Body(app.Text(head), app.If(tail != "", func() app.UI {
						return app.Span().Class("nav-more").Text(tail)
					}))
				}
				a := app.A().ID("nav-" + v).Href(href).Class("nav-link").Body(body...)
				if v == ViewCapture {
					a = a.Title(h.t("nav." + v))
				}
				if v == cur {
					a = a.Class("on").Aria("current", "page")
				}
				return app.Li().Body(a)
			}),
		),
	)
}

func langTag(l string) string {
	if l == LangZh {
		return "zh-CN"
	}
	return "en"
}

// Notices lists what the link asked for that the page could not show as
// asked (Notice), and the engine's error for the run (RunErr).
type Notices struct {
	app.Compo

	Lang   string
	List   []Notice
	RunErr string
}

func (n *Notices) t(key string) string { return tr(n.Lang, key) }

func (n *Notices) Render() app.UI {
	if len(n.List) == 0 && n.RunErr == "" {
		return app.Div().ID("notices").Role("status")
	}
	return app.Div().ID("notices").Class("notices").Role("status").Body(
		app.Span().Class("icon").Aria("hidden", "true").Text("⚠"),
		app.Div().Body(
			app.If(len(n.List) > 0, func() app.UI { return app.Strong().Text(n.t(noticeTitle(n.List))) }),
			app.Ul().Body(
				app.Range(n.List).Slice(func(i int) app.UI {
					return app.Li().Text(noticeText(n.Lang, n.List[i]))
				}),
				app.If(n.RunErr != "", func() app.UI {
					return app.Li().Text(fmt.Sprintf(n.t("notice.runerror"), n.RunErr))
				}),
			),
		),
		app.Button().Class("btn small").Text(n.t("notice.dismiss")).OnClick(func(ctx app.Context, e app.Event) {
			ctx.NewActionWithValue(actionClose, closeNotices)
		}),
	)
}

// noticeText is the sentence of a notice in lang.
func noticeText(lang string, n Notice) string {
	t := func(key string) string { return tr(lang, key) }
	label := func(v string) string {
		switch n.Param {
		case paramTransport, paramFault:
			if hasStr(n.Param + "." + v) {
				return t(n.Param + "." + v)
			}
		}
		return v
	}
	allowed := func() string {
		var out []string
		for _, v := range strings.Split(n.Allowed, ", ") {
			out = append(out, label(v))
		}
		return strings.Join(out, ", ")
	}
	switch n.Kind {
	case NoticeNA:
		return fmt.Sprintf(t("notice.na"), t("param."+n.Param), label(n.Value), allowed(), label(n.Fallback))
	case NoticeSwitched:
		return fmt.Sprintf(t("notice.switched"), t("param."+n.Param), allowed(), label(n.Value), label(n.Fallback))
	case NoticeRange:
		return fmt.Sprintf(t("notice.range"), t("param."+n.Param), n.Value, n.Allowed, n.Fallback)
	}
	if _, ok := clientParamIndex(n.Param); ok {
		return fmt.Sprintf(t("notice.badclient"), t("param."+n.Param), n.Value, n.Fallback)
	}
	return fmt.Sprintf(t("notice.bad"), t("param."+n.Param), n.Value, n.Fallback)
}
