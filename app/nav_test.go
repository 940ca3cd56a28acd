package ui

import (
	"net/url"
	"strings"
	"testing"
)

func TestParsePage(t *testing.T) {
	cases := []struct {
		q       string
		want    Page
		notices []string // params with a notice
	}{
		{"", Page{View: ViewLab}, nil},
		{"view=lab", Page{View: ViewLab}, nil},
		{"view=compare", Page{View: ViewLab}, nil},
		{"view=steps&scenario=tool-call", Page{View: ViewLab}, nil},
		{"view=calc", Page{View: ViewCalc, N: DefaultCalcN, M: DefaultCalcM}, nil},
		{"view=calc&n=6&m=15", Page{View: ViewCalc, N: 6, M: 15}, nil},
		{"view=calc&n=0&m=99", Page{View: ViewCalc, N: 1, M: 50}, []string{"n", "m"}},
		{"view=calc&n=abc&m=2.5", Page{View: ViewCalc, N: DefaultCalcN, M: DefaultCalcM}, []string{"n", "m"}},
		{"view=exercises", Page{View: ViewExercises}, nil},
		{"view=exercises&ex=idempotency", Page{View: ViewExercises, Ex: "idempotency"}, nil},
		{"view=exercises&ex=nope", Page{View: ViewExercises}, []string{"ex"}},
		{"view=progress&lang=zh", Page{View: ViewProgress}, nil},
		{"view=exercises&n=7", Page{View: ViewExercises}, nil}, // other views' params are ignored
	}
	for _, c := range cases {
		q, _ := url.ParseQuery(c.q)
		got, ns := ParsePage(q)
		if got != c.want {
			t.Errorf("%q: got %+v, want %+v", c.q, got, c.want)
		}
		var params []string
		for _, n := range ns {
			params = append(params, n.Param)
		}
		if strings.Join(params, ",") != strings.Join(c.notices, ",") {
			t.Errorf("%q: notices %v, want %v", c.q, params, c.notices)
		}
	}
}

func TestPageQueryRoundTrip(t *testing.T) {
	for _, p := range []Page{
		{View: ViewCalc, N: 6, M: 15},
		{View: ViewExercises, Ex: "nxm-adapters"},
		{View: ViewExercises},
		{View: ViewProgress},
	} {
		for _, lang := range []string{LangEn, LangZh} {
			for _, present := range []bool{false, true} {
				s := p.Query(lang, present)
				q, err := url.ParseQuery(s)
				if err != nil {
					t.Fatalf("%q: %v", s, err)
				}
				got, ns := ParsePage(q)
				if got != p || len(ns) != 0 {
					t.Errorf("%q parses to %+v %v, want %+v", s, got, ns, p)
				}
				v, vns := ParseView(q, testInfos)
				if len(vns) != 0 {
					t.Errorf("%q: visualizer notices %+v (the view must be accepted)", s, vns)
				}
				if v.Lang != lang || v.Present != present {
					t.Errorf("%q: lang %q present %v", s, v.Lang, v.Present)
				}
			}
		}
	}
	if got := (Page{View: ViewCalc, N: 3, M: 4}).Query("zh", false); got != "view=calc&n=3&m=4&lang=zh" {
		t.Errorf("calc query %q", got)
	}
	if got := pageHref(Page{View: ViewExercises, Ex: "idempotency"}, "en", false); got != "?view=exercises&ex=idempotency&lang=en" {
		t.Errorf("href %q: must be relative (keeps a sub-path prefix)", got)
	}
}

func TestUnknownViewStillNoticed(t *testing.T) {
	q, _ := url.ParseQuery("view=nonsense")
	if _, ns := ParseView(q, testInfos); len(ns) != 1 || ns[0].Param != "view" {
		t.Fatalf("notices %+v", ns)
	}
	if p, _ := ParsePage(q); !p.IsLab() {
		t.Fatalf("unknown view falls back to the visualizer, got %+v", p)
	}
}

// Keys built at run time by the new views.
func TestPageDynamicKeysExist(t *testing.T) {
	keys := []string{"param.ex", "param.n", "param.m"}
	for _, v := range navViews {
		keys = append(keys, "nav."+v)
	}
	for _, k := range []string{"choice", "numeric", "json", "http", "channel"} {
		keys = append(keys, "kind.ex."+k)
	}
	for _, c := range pickChannels {
		keys = append(keys, "ex.chan."+c)
	}
	keys = append(keys, "ex.editor.json", "ex.editor.http", "calc.err.empty", "calc.err.nan", "calc.err.whole", "calc.err.range")
	for _, k := range keys {
		if !hasStr(k) {
			t.Errorf("dynamic key %q is not in the string table", k)
		}
	}
}

func TestCalcOutOfRangeNoticeSaysSo(t *testing.T) {
	q, _ := url.ParseQuery("view=calc&n=0&m=99")
	p, ns := ParsePage(q)
	if p.N != 1 || p.M != 50 || len(ns) != 2 {
		t.Fatalf("page %+v notices %+v", p, ns)
	}
	if got := noticeText(LangEn, ns[0]); !strings.Contains(got, "“0” is out of range (1–50): showing 1.") {
		t.Fatalf("notice %q", got)
	}
}

// TestViewsHaveTheirTexts: every view has its label [nav.<name>] and an
// icon, and no two views share a name.
func TestViewsHaveTheirTexts(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range views {
		if seen[v.name] {
			t.Errorf("view %s twice", v.name)
		}
		seen[v.name] = true
		if v.icon == "" {
			t.Errorf("view %s has no icon", v.name)
		}
		if !hasStr("nav." + v.name) {
			t.Errorf("view %s has no [nav.%s] text", v.name, v.name)
		}
	}
	if hasStr("nav.no-such-view") {
		t.Error("hasStr finds a key the text does not have")
	}
}
