package check

import (
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/scenario"
	"mcpwirelab/sim/specref"
)

// TestCitesQuoteTheSpec: every check's section resolves to a heading of the
// spec pages and its sentence is on that page verbatim, for both versions
// and both transports, and the level is the sentence's keyword.
func TestCitesQuoteTheSpec(t *testing.T) {
	spec := specref.Open(specschema.Dir(t))
	for _, d := range Defs() {
		for _, v := range protocol.Versions() {
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

// TestToolNameRulesQuoteTheSpec: each of tool-names' rules (length,
// characters, uniqueness) has its own sentence, on the §Tool Names of both
// versions' pages verbatim, with its keyword and its Chinese; a finding
// quotes the sentence of the rule it reports (TestToolNamesQuoteTheirRule).
func TestToolNameRulesQuoteTheSpec(t *testing.T) {
	spec := specref.Open(specschema.Dir(t))
	seen := map[string]bool{}
	for i, q := range toolNameRules {
		if seen[q] {
			t.Errorf("rule %d quotes the sentence of another rule: %q", i, q)
		}
		seen[q] = true
		for _, v := range protocol.Versions() {
			if ok, err := spec.Quotes(v+"/server/tools#tool-names", q); !ok {
				t.Errorf("rule %d: not verbatim in %s/server/tools#tool-names (%v): %q", i, v, err, q)
			}
		}
		if !strings.Contains(q, string(SHOULD)) || QuoteZh(q) == "" {
			t.Errorf("rule %d: no SHOULD or no Chinese: %q", i, q)
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
		for _, v := range protocol.Versions() {
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

// glossProblems: the mistakes of the checks' glosses: the file's, a gloss
// of a sentence no check cites, one the course's notes gloss already.
func glossProblems(zh map[string]string, errs []error, cited map[string]bool) []string {
	var out []string
	for _, err := range errs {
		out = append(out, err.Error())
	}
	for q := range zh {
		switch {
		case !cited[q]:
			out = append(out, "a gloss of a sentence no check cites: "+q)
		case scenario.QuoteGloss(q) != "":
			out = append(out, "glossed in sim/scenario/notes/quotes.glosses too: "+q)
		}
	}
	slices.Sort(out)
	return out
}

// citedQuotes are the sentences the checks cite.
func citedQuotes() map[string]bool {
	cited := map[string]bool{}
	for _, d := range Defs() {
		for _, v := range protocol.Versions() {
			for _, tr := range []string{"stdio", "http"} {
				c, _, _ := d.Cite(v, tr)
				cited[c.Quote] = true
			}
		}
	}
	for _, q := range toolNameRules {
		cited[q] = true
	}
	return cited
}

// TestCheckGlosses: text/quotes.glosses reads without a mistake, and each
// of its glosses is of a sentence a check cites that no note glosses.
func TestCheckGlosses(t *testing.T) {
	g := checkGlosses()
	for _, p := range glossProblems(g.zh, g.errs, citedQuotes()) {
		t.Error(p)
	}
	if len(g.zh) < 14 {
		t.Errorf("%d glosses", len(g.zh))
	}
}

// TestCheckGlossesBroken: a gloss of an uncited sentence, one of a
// sentence the notes gloss, and a record without its Chinese are found.
func TestCheckGlossesBroken(t *testing.T) {
	var noted string
	for q := range citedQuotes() {
		if scenario.QuoteGloss(q) != "" {
			noted = q
			break
		}
	}
	data := "[gloss]\nquote: Nobody cites this sentence.\nzh: 没有人引用这句话。\n\n[gloss]\nquote: " + noted + "\nzh: 重复。\n\n[gloss]\nquote: " + qOrder + "\n"
	zh, errs := scenario.ParseGlosses("g.glosses", data)
	got := glossProblems(zh, errs, citedQuotes())
	if len(got) != 3 || !strings.HasPrefix(got[0], "a gloss of a sentence no check cites") || !strings.HasPrefix(got[1], "g.glosses:9: [gloss] is missing zh") || !strings.HasPrefix(got[2], "glossed in sim/scenario") {
		t.Errorf("found %q", got)
	}
}
