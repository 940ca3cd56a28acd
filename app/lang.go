package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pickLang is the page's language: the link's lang= (link), else the
// language the reader chose earlier (stored, read only when needed), else
// the browser's: the first of its languages (navigator.languages, best
// first) that is Chinese (zh, zh-CN, zh-Hans-…) or English; English when
// none is. chosen reports whether the reader chose it (the link or the
// stored choice): only a chosen language is written into the address and
// into local storage (issue 29: a browser set to zh-CN got English, and
// the page then wrote lang=en into both, so it stayed English). The
// reader script (early.go) follows the same rule before the wasm runs.
func pickLang(link string, stored func() string, browser []string) (lang string, chosen bool) {
	if link == LangEn || link == LangZh {
		return link, true
	}
	if s := stored(); s == LangEn || s == LangZh {
		return s, true
	}
	for _, l := range browser {
		switch l = strings.ToLower(l); {
		case strings.HasPrefix(l, LangZh):
			return LangZh, false
		case strings.HasPrefix(l, LangEn):
			return LangEn, false
		}
	}
	return LangEn, false
}

// linkLang is the lang= the address carries: the page's language when the
// reader chose it, else none.
func (s *labState) linkLang() string {
	if s.langChosen {
		return s.lang
	}
	return ""
}

// browserLangs are the browser's languages, best first (none natively:
// the server knows no reader's browser).
func browserLangs() []string {
	if !app.IsClient {
		return nil
	}
	nav := browserNavigator()
	if !nav.Truthy() {
		return nil
	}
	var out []string
	if ls := nav.Get("languages"); ls.Truthy() {
		for i, n := 0, ls.Length(); i < n; i++ {
			out = append(out, ls.Index(i).String())
		}
	}
	if len(out) == 0 {
		if l := nav.Get("language"); l.Truthy() {
			out = append(out, l.String())
		}
	}
	return out
}
