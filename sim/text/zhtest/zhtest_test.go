package zhtest

import (
	"os"
	"strings"
	"testing"

	"mcpwirelab/sim/text"
	"mcpwirelab/sim/text/texttest"
)

// TestGlossary: the glossary reads without a mistake, every term has its
// English, its Chinese and the Chinese it replaces, and the course's
// words are there (issue 29's list).
func TestGlossary(t *testing.T) {
	terms, err := Glossary()
	if err != nil {
		t.Fatal(err)
	}
	zh := map[string]string{}
	for _, term := range terms {
		zh[term.Key] = term.Zh
		if len(term.Avoid) == 0 {
			t.Errorf("[%s] avoids nothing", term.Key)
		}
	}
	for key, want := range map[string]string{"host": "Host", "client": "客户端", "server": "服务器", "handshake": "握手",
		"capability-negotiation": "能力协商", "transport": "传输方式", "tool-poisoning": "工具投毒", "rug-pull": "事后变脸",
		"stateless": "无状态", "body": "正文", "elicitation": "elicitation（向用户追问）"} {
		if zh[key] != want {
			t.Errorf("[%s] says %q, want %q", key, zh[key], want)
		}
	}
	if len(terms) < 40 {
		t.Errorf("%d terms", len(terms))
	}
}

// TestParseTermsBroken: each fixture names the errors it must give.
func TestParseTermsBroken(t *testing.T) {
	texttest.Broken(t, "testdata/broken/*.terms", 5, func(name, data string) []error {
		_, errs := ParseTerms(name, data)
		return errs
	})
}

// checkerForTests is the glossary's checker with what the engine names.
func checkerForTests(t *testing.T) *Checker {
	t.Helper()
	ck, err := Engine(func(w *Words) { w.AddAnchor("2026-07-28/server/tools#error-handling") })
	if err != nil {
		t.Fatal(err)
	}
	return ck
}

func fixture(t *testing.T, path string) []text.Entry {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	entries, errs := text.ParseTable(path, string(b))
	if len(errs) > 0 || len(entries) < 8 {
		t.Fatalf("%s: %d entries, %v", path, len(entries), errs)
	}
	return entries
}

// TestCheckerBroken: every value of testdata/zh-broken.text fails the
// check (an avoided word, English left in Chinese, a quoted sentence with
// no Chinese, a single …, markdown italic), and every value of
// testdata/zh-ok.text, its good twin, passes.
func TestCheckerBroken(t *testing.T) {
	ck := checkerForTests(t)
	for _, e := range fixture(t, "testdata/zh-broken.text") {
		if ps := ck.Problems(e.Text.Zh); len(ps) == 0 {
			t.Errorf("[%s] %q passes", e.Key, e.Text.Zh)
		}
	}
	for _, e := range fixture(t, "testdata/zh-ok.text") {
		if ps := ck.Problems(e.Text.Zh); len(ps) > 0 {
			t.Errorf("[%s] %q: %s", e.Key, e.Text.Zh, strings.Join(ps, "; "))
		}
	}
}

// TestEnglishNamesTheWords: a problem names the English it found.
func TestEnglishNamesTheWords(t *testing.T) {
	ck := checkerForTests(t)
	if got := strings.Join(ck.English("应为 -32601 Method not found with HTTP 404。"), ","); got != "with" {
		t.Errorf("found %q, want with", got)
	}
	if got := ck.English("Method not found with HTTP 404"); got != nil {
		t.Errorf("a value with no Chinese is data: %q", got)
	}
}
