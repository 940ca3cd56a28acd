package check

import (
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/specref"
)

// TestCitesQuoteTheSpec: every check's section resolves to a heading of the
// spec pages and its sentence is on that page verbatim, for both versions
// and both transports, and the level is the sentence's keyword.
func TestCitesQuoteTheSpec(t *testing.T) {
	spec := specref.Open(specschema.Dir(t))
	for _, d := range Defs() {
		for _, v := range mcp.Versions() {
			for _, tr := range []string{"stdio", "http"} {
				c, applies, _ := d.Cite(v, tr)
				if err := spec.Check(c.Spec); err != nil {
					t.Errorf("%s %s/%s: %s: %v", d.ID, v, tr, c.Spec, err)
					continue
				}
				if ok, err := spec.Quotes(c.Spec, c.Quote); !ok {
					t.Errorf("%s %s/%s: not verbatim in %s (%v): %q", d.ID, v, tr, c.Spec, err, c.Quote)
				}
				if c.Level != Advice && !strings.Contains(c.Quote, string(c.Level)) {
					t.Errorf("%s %s/%s: level %s, but the sentence says %q", d.ID, v, tr, c.Level, c.Quote)
				}
				if c.Level == Advice && normative(c.Quote) && d.ID != IDOrder { // 2025-11-25 borrows the next version's sentence
					t.Errorf("%s %s/%s: advice, but the sentence has a keyword: %q", d.ID, v, tr, c.Quote)
				}
				if sv, _, _ := specref.Split(c.Spec); applies && sv != v && d.ID != IDOrder {
					t.Errorf("%s %s/%s: cites another version's page %s", d.ID, v, tr, c.Spec)
				}
			}
		}
	}
}

func normative(q string) bool {
	for _, k := range []string{"MUST", "SHOULD", "MAY"} {
		if strings.Contains(q, k) {
			return true
		}
	}
	return false
}

// TestCitesHaveChinese: every sentence a check cites has its Chinese.
func TestCitesHaveChinese(t *testing.T) {
	for _, d := range Defs() {
		for _, v := range mcp.Versions() {
			for _, tr := range []string{"stdio", "http"} {
				if c, _, _ := d.Cite(v, tr); QuoteZh(c.Quote) == "" {
					t.Errorf("%s %s/%s: no Chinese for %q", d.ID, v, tr, c.Quote)
				}
			}
		}
		if d.Title.En == "" || d.Title.Zh == "" {
			t.Errorf("%s: title %+v", d.ID, d.Title)
		}
	}
}
