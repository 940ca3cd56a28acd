package exercise

import (
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/text"
	"mcpwirelab/sim/text/texttest"
)

func mustEx(t *testing.T, id string) Exercise {
	t.Helper()
	ex, ok := ByID(id)
	if !ok {
		t.Fatalf("no exercise %q", id)
	}
	return ex
}

// check grades answer and compares the problems exactly.
func check(t *testing.T, g Grader, id, answer, lang string, want ...string) Feedback {
	t.Helper()
	fb := g.Grade(mustEx(t, id), answer, lang)
	for _, p := range zhFeedbackProblems(t, g, mustEx(t, id), answer) {
		t.Errorf("%s: grade(%q) in Chinese: %s", id, answer, p)
	}
	if fb.Correct != (len(want) == 0) || !reflect.DeepEqual(fb.Problems, want) && !(len(want) == 0 && len(fb.Problems) == 0) {
		t.Errorf("%s: grade(%q)\n got correct=%v problems:\n  %s\nwant:\n  %s", id, answer, fb.Correct,
			strings.Join(fb.Problems, "\n  "), strings.Join(want, "\n  "))
	}
	return fb
}

func fake() Grader { return Grader{Probe: &fakeProbe{}} }

func TestAllStableOrder(t *testing.T) {
	want := []string{"http-anatomy", "retry-math", "idempotency", "send-email-schema", "error-channels",
		"stdout-pollution", "origin-defences", "init-handshake", "modern-headers", "mcp-name-base64",
		"capability-errors", "stream-drop", "nxm-adapters",
		"resource-not-found", "read-resource", "log-messages", "param-header",
		"mrtr-retry", "missing-client-capability", "legacy-ask-route"}
	var got []string
	for _, ex := range All() {
		got = append(got, ex.ID)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("IDs = %v", got)
	}
}

// Every learner-visible string exists in every language; choice data is consistent.
func TestAllBilingualAndConsistent(t *testing.T) {
	need := func(where string, tx Text) {
		for l, s := range map[string]string{EN: tx.En, ZH: tx.Zh} {
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s: missing %s text", where, l)
			}
		}
	}
	for _, ex := range All() {
		need(ex.ID+".Title", ex.Title)
		need(ex.ID+".Prompt", ex.Prompt)
		need(ex.ID+".Explanation", ex.Explanation)
		if len(ex.Hints) == 0 {
			t.Errorf("%s: no hints", ex.ID)
		}
		for i, h := range ex.Hints {
			need(ex.ID+".Hints", h)
			if got, ok := Hint(ex, i, ZH); !ok || got != h.Zh {
				t.Errorf("%s: Hint(%d) = %q, %v", ex.ID, i, got, ok)
			}
		}
		if _, ok := Hint(ex, len(ex.Hints), EN); ok {
			t.Errorf("%s: hint past the end", ex.ID)
		}
		if ex.ModelAnswer == "" {
			t.Errorf("%s: no model answer", ex.ID)
		}
		for _, q := range ex.Questions {
			need(ex.ID+"."+q.ID+".Prompt", q.Prompt)
			if ex.Kind == KindChannel {
				need(ex.ID+"."+q.ID+".Why", q.Why)
				continue
			}
			if !q.Multi && len(q.Correct) != 1 {
				t.Errorf("%s.%s: single choice with %d correct", ex.ID, q.ID, len(q.Correct))
			}
			for _, id := range q.Correct {
				if q.choice(id) == nil {
					t.Errorf("%s.%s: correct %q is not a choice", ex.ID, q.ID, id)
				}
			}
			for _, ch := range q.Choices {
				need(ex.ID+"."+q.ID+"."+ch.ID+".Label", ch.Label)
				need(ex.ID+"."+q.ID+"."+ch.ID+".Why", ch.Why)
			}
		}
		for _, f := range ex.Fields {
			need(ex.ID+"."+f.ID+".Label", f.Label)
		}
		for _, p := range ex.Parts {
			need(ex.ID+"."+p.ID+".Prompt", p.Prompt)
		}
	}
}

func TestCatalogBilingual(t *testing.T) {
	for _, key := range texts().Keys() {
		tx, _ := texts().Get(key)
		if tx.En == "" || tx.Zh == "" {
			t.Errorf("catalog %q: missing a language", key)
		}
		if why := text.CheckVerbs(tx); why != "" {
			t.Errorf("catalog %q: %s", key, why)
		}
	}
}

// The model answer of every exercise is correct, in both languages.
func TestModelAnswersCorrect(t *testing.T) {
	for _, lang := range Langs {
		for _, ex := range All() {
			fb := fake().Grade(ex, ex.ModelAnswer, lang)
			if !fb.Correct {
				t.Errorf("%s (%s): model answer rejected: %q", ex.ID, lang, fb.Problems)
			}
			if fb.Summary != tr(lang, "summary-correct") {
				t.Errorf("%s: summary %q", ex.ID, fb.Summary)
			}
		}
	}
}

func TestEmptyAnswer(t *testing.T) {
	for _, ex := range All() {
		fb := fake().Grade(ex, "  \n", EN)
		if fb.Correct || !reflect.DeepEqual(fb.Problems, []string{"the answer is empty"}) {
			t.Errorf("%s: empty answer: %q", ex.ID, fb.Problems)
		}
	}
}

func TestSummary(t *testing.T) {
	fb := Grade(mustEx(t, IDNxM), `{"without":17,"with":60,"saved":43}`, ZH)
	if fb.Summary != "有 2 个问题。" {
		t.Errorf("summary = %q", fb.Summary)
	}
}

func TestReveal(t *testing.T) {
	for _, c := range []struct {
		p    Progress
		want bool
	}{
		{Progress{}, false},
		{Progress{Attempts: 2}, false},
		{Progress{Attempts: 3}, true},
		{Progress{Attempts: 1, Solved: true}, true},
	} {
		if got := Reveal(c.p); got != c.want {
			t.Errorf("Reveal(%+v) = %v", c.p, got)
		}
	}
}

func TestLineCol(t *testing.T) {
	text := "ab\n中文x\n"
	for _, c := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {9, 2, 3}, {10, 2, 4}, {99, 3, 1},
	} {
		if l, col := LineCol(text, c.off); l != c.line || col != c.col {
			t.Errorf("LineCol(%d) = %d:%d, want %d:%d", c.off, l, col, c.line, c.col)
		}
	}
}

func TestChannelParse(t *testing.T) {
	for in, want := range map[string]ChannelAnswer{
		"tool-error":             {Channel: ChannelToolError},
		" protocol-error -32602": {Channel: ChannelProtocolError, Code: -32602},
		"http-status:403":        {Channel: ChannelHTTPStatus, Code: 403},
	} {
		got, ok := ParseChannel(in)
		if !ok || got != want {
			t.Errorf("ParseChannel(%q) = %+v, %v", in, got, ok)
		}
		if back, _ := ParseChannel(got.String()); back != got {
			t.Errorf("round trip %q", got.String())
		}
	}
	for _, bad := range []string{"", "tool-error 5", "smoke", "protocol-error x", "a b c"} {
		if _, ok := ParseChannel(bad); ok {
			t.Errorf("ParseChannel(%q) accepted", bad)
		}
	}
}

func TestHeaderValueCoding(t *testing.T) {
	for in, want := range map[string]string{
		"list_emails":        "list_emails",
		"Hello, 世界":          "=?base64?SGVsbG8sIOS4lueVjA==?=",
		" padded ":           "=?base64?IHBhZGRlZCA=?=",
		"line1\nline2":       "=?base64?bGluZTEKbGluZTI=?=",
		"=?base64?literal?=": "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=",
	} {
		got := EncodeHeaderValue(in)
		if got != want {
			t.Errorf("EncodeHeaderValue(%q) = %q, want %q", in, got, want)
		}
		if back, ok := DecodeHeaderValue(got); !ok || back != in {
			t.Errorf("DecodeHeaderValue(%q) = %q, %v", got, back, ok)
		}
	}
}

// Grading never panics, whatever the learner types.
func TestGradeNeverPanics(t *testing.T) {
	inputs := []string{"{", "}", "[]", "null", "0", `""`, "\x00\xff", "###", "### accepted", "### accepted\n### accepted",
		"POST", "POST /mcp HTTP/1.1\n\n", "POST /mcp HTTP/1.1\nContent-Length: -1\n\n{}", "POST /mcp HTTP/1.1\nContent-Length: 99999\n\n{}",
		"POST /mcp HTTP/1.1\nContent-Length: 2\nContent-Length: 3\n\n{}", "=?base64??=", ":", "Mcp-Name:", `{"a":[{"b":null}]}`,
		`{"safe":[1,2],"fix":null,"code":[],"without":[1]}`, `{"backoff":"x"}`, `{"backoff":[1,"a",null,2,3]}`,
		"{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"initialize\",\"params\":[]}\n{\"jsonrpc\":2,\"id\":null}",
		`{"type":"object","properties":{"to":{"$ref":"#/nope"}}}`, `{"type":"object","required":"to"}`, `true`,
	}
	for _, ex := range All() {
		for _, in := range inputs {
			for _, g := range []Grader{{}, fake()} {
				fb := g.Grade(ex, in, ZH)
				if fb.Correct {
					t.Errorf("%s: %q graded correct", ex.ID, in)
				}
				if len(fb.Problems) == 0 {
					t.Errorf("%s: %q: no problems", ex.ID, in)
				}
			}
		}
	}
}

// TestTextFilesParse: the data files have no mistakes and no key is in
// two of them.
func TestTextFilesParse(t *testing.T) {
	for _, err := range texts().Errs {
		t.Error(err)
	}
	if n := len(texts().Keys()); n < 400 {
		t.Fatalf("%d texts: the embedded files are missing", n)
	}
}

// proseKey finds the keys the code names literally: say("k"), sayf("k", …).
var proseKey = regexp.MustCompile(`\bsayf?\("([^"]+)"[,)]`)

// proseKeys returns the literal keys of a Go source.
func proseKeys(src string) []string {
	var keys []string
	for _, m := range proseKey.FindAllStringSubmatch(src, -1) {
		keys = append(keys, m[1])
	}
	return keys
}

// TestProseKeysExist: every key the code names is in the data files, and
// every prose key of the files is named by the code (or is a hidden schema
// case's text), so an edit to a file always shows somewhere.
func TestProseKeysExist(t *testing.T) {
	used := map[string]bool{}
	for _, f := range texttest.GoSources(t) {
		for _, k := range proseKeys(f.Text) {
			used[k] = true
			if _, ok := texts().Get(k); !ok {
				t.Errorf("%s: key %q is in no file of text/", f.Name, k)
			}
		}
	}
	if len(used) < 300 {
		t.Fatalf("only %d literal keys found: the scanner is broken", len(used))
	}
	for _, cs := range append(append([]schemaCase{}, emailValid...), emailInvalid...) {
		used[schemaCaseKey+cs.id] = true
		if _, ok := texts().Get(schemaCaseKey + cs.id); !ok {
			t.Errorf("schema case %q has no text %s%s", cs.id, schemaCaseKey, cs.id)
		}
	}
	for _, k := range texts().Keys() {
		if at := texts().Where[k]; !used[k] && !strings.HasPrefix(at, "text/messages.text:") {
			t.Errorf("%s: [%s] is not used by the code", at, k)
		}
	}
}

// TestProseKeysBroken: the scanner reads both forms and the check fails
// on a key no file has (testdata/prose-keys-broken.go.txt).
func TestProseKeysBroken(t *testing.T) {
	b, err := os.ReadFile("testdata/prose-keys-broken.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	keys := proseKeys(string(b))
	for _, k := range keys {
		if _, ok := texts().Get(k); !ok {
			missing = append(missing, k)
		}
	}
	if want := []string{"http-anatomy.no-such-field", "retry-math.hints.9"}; len(keys) != 3 || !slices.Equal(missing, want) {
		t.Errorf("keys %q, missing %q; want 3 keys, missing %q", keys, missing, want)
	}
}
