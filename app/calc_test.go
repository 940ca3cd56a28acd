package ui

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	"mcpwirelab/sim/calc"
)

func TestParseSide(t *testing.T) {
	cases := map[string]struct {
		v   int
		err string
	}{
		"3": {3, ""}, " 50 ": {50, ""}, "1": {1, ""},
		"": {0, "calc.err.empty"}, "0": {0, "calc.err.range"}, "51": {0, "calc.err.range"}, "-2": {0, "calc.err.range"},
		"2.5": {0, "calc.err.whole"}, "abc": {0, "calc.err.nan"}, "1e9": {0, "calc.err.range"},
	}
	for in, want := range cases {
		v, err := ParseSide(in)
		if v != want.v || err != want.err {
			t.Errorf("ParseSide(%q) = %d, %q; want %d, %q", in, v, err, want.v, want.err)
		}
	}
	for _, k := range []string{"calc.err.empty", "calc.err.nan", "calc.err.whole", "calc.err.range"} {
		for _, lang := range []string{LangEn, LangZh} {
			if s := fmt.Sprintf(tr(lang, k), 1, 50, 3); strings.Contains(s, "%!") {
				t.Errorf("%s/%s: %q", k, lang, s)
			}
		}
	}
}

func TestGridSVG(t *testing.T) {
	for _, nm := range [][2]int{{1, 1}, {3, 4}, {6, 15}, {50, 50}} {
		r, err := calc.Integrations(nm[0], nm[1])
		if err != nil {
			t.Fatal(err)
		}
		for _, with := range []bool{false, true} {
			s := GridSVG(r, with, GridLabels{App: "应用", Tool: "T<&>", Hub: "MCP", Aria: `a "quoted" label`})
			// Well-formed XML with one root (app.Raw needs exactly one).
			d := xml.NewDecoder(strings.NewReader(s))
			depth, roots := 0, 0
			for {
				tok, err := d.Token()
				if err != nil {
					if err.Error() != "EOF" {
						t.Fatalf("%v/%v: not well-formed: %v", nm, with, err)
					}
					break
				}
				switch tok.(type) {
				case xml.StartElement:
					if depth == 0 {
						roots++
					}
					depth++
				case xml.EndElement:
					depth--
				}
			}
			if roots != 1 {
				t.Fatalf("%v/%v: %d root elements", nm, with, roots)
			}
			want := r.WithoutMCP
			if with {
				want = r.WithMCP
			}
			if got := strings.Count(s, "M") - strings.Count(s, "MCP"); got < want {
				t.Errorf("%v/%v: %d segments drawn, want %d", nm, with, got, want)
			}
			if !strings.Contains(s, fmt.Sprintf(`data-edges="%d"`, want)) {
				t.Errorf("%v/%v: data-edges is not %d", nm, with, want)
			}
			if strings.Count(s, "<path") != 1 {
				t.Errorf("%v/%v: edges must be one path (one DOM node even at 50×50)", nm, with)
			}
			if with && !strings.Contains(s, `class="node hub"`) {
				t.Errorf("MCP layout lacks the hub")
			}
		}
	}
	// Dense pictures use thinner lines.
	w1, _ := edgeStyle(12)
	w2, _ := edgeStyle(2500)
	if w2 >= w1 {
		t.Errorf("edge width %v at 2500 edges is not thinner than %v at 12", w2, w1)
	}
}
