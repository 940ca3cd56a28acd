package ui

import (
	"net/url"
	"strings"
	"testing"
)

func TestPickLang(t *testing.T) {
	none := func() string { return "" }
	zh := func() string { return LangZh }
	for _, c := range []struct {
		link    string
		stored  func() string
		browser []string
		want    string
		chosen  bool
	}{
		{"", none, []string{"zh-CN", "en-US"}, LangZh, false},
		{"", none, []string{"zh-Hant-TW"}, LangZh, false},
		{"", none, []string{"fr-FR", "zh"}, LangZh, false}, // the first one the lab offers
		{"", none, []string{"en-GB", "zh-CN"}, LangEn, false},
		{"", none, nil, LangEn, false},
		{"", zh, []string{"en-US"}, LangZh, true},
		{"en", zh, []string{"zh-CN"}, LangEn, true},
		{"fr", none, []string{"zh-CN"}, LangZh, false},
	} {
		got, chosen := pickLang(c.link, c.stored, c.browser)
		if got != c.want || chosen != c.chosen {
			t.Errorf("pickLang(%q, %q, %v) = %q, %v; want %q, %v", c.link, c.stored(), c.browser, got, chosen, c.want, c.chosen)
		}
	}
}

// A reader who never chose (a zh-CN browser, no lang=, nothing stored)
// reads Chinese, and neither the address nor the top bar's links say
// lang=: nothing would keep a language the reader did not choose. The
// broken twin: the same page with the language marked as chosen writes
// lang=zh everywhere.
func TestUnchosenLangStaysOutOfLinks(t *testing.T) {
	q, _ := url.ParseQuery("scenario=tool-call&version=2026-07-28&transport=http&fault=none&step=2")
	c := &Lab{}
	c.loadView(q, func() string { return "" }, []string{"zh-CN", "en"})
	if c.lang != LangZh || c.langChosen {
		t.Fatalf("lang %q chosen %v, want zh, not chosen", c.lang, c.langChosen)
	}
	check := func(c *Lab, wantLang bool) {
		t.Helper()
		v := c.view
		v.Lang = c.linkLang()
		for _, link := range []string{v.Query(), c.navHref(ViewLab), c.navHref(ViewExercises), c.navHref(ViewCalc)} {
			if has := strings.Contains(link, "lang="); has != wantLang {
				t.Errorf("link %q: lang= present %v, want %v", link, has, wantLang)
			}
		}
	}
	check(c, false)
	c.langChosen = true // the broken twin
	check(c, true)
}
