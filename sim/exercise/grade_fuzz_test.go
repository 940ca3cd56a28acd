package exercise

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzGrade: answers are the learner's text. Every exercise grades any
// answer without a panic, the same way twice, with a verdict that matches
// its problems and a summary, and with as many problems in Chinese as in
// English (the same checks, translated).
func FuzzGrade(f *testing.F) {
	all := All()
	for i, ex := range all {
		f.Add(uint8(i), ex.ModelAnswer)
		f.Add(uint8(i), ex.Starter)
	}
	f.Add(uint8(0), "POST /mcp HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n{")
	f.Add(uint8(1), `{"a": -0, "b": 1e999}`)
	g := Grader{Probe: EngineProbe()}
	f.Fuzz(func(t *testing.T, i uint8, answer string) {
		ex := all[int(i)%len(all)]
		en := g.Grade(ex, answer, EN)
		if again := g.Grade(ex, answer, EN); !reflect.DeepEqual(en, again) {
			t.Fatalf("%s: two gradings of %q differ:\n%+v\n%+v", ex.ID, answer, en, again)
		}
		if en.Correct != (len(en.Problems) == 0) || en.Summary == "" {
			t.Fatalf("%s: %q: %+v", ex.ID, answer, en)
		}
		zh := g.Grade(ex, answer, ZH)
		if zh.Correct != en.Correct || len(zh.Problems) != len(en.Problems) || zh.Summary == "" {
			t.Fatalf("%s: %q: English %q, Chinese %q", ex.ID, answer, en.Problems, zh.Problems)
		}
	})
}

// FuzzParseChannel: a channel answer that parses prints (String) to text
// that parses to the same answer.
func FuzzParseChannel(f *testing.F) {
	for _, s := range []string{"tool-error", "protocol-error -32602", "http-status:403", " HTTP-STATUS  404 ", "tool-error 1", "protocol-error x", "a b c", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, ok := ParseChannel(s)
		if !ok {
			return
		}
		if b, ok := ParseChannel(a.String()); !ok || b != a {
			t.Fatalf("ParseChannel(%q) = %+v, printed %q, parsed again %+v, %v", s, a, a.String(), b, ok)
		}
	})
}

// FuzzLoadStore: the saved progress is read from the browser's storage,
// where anything may have written. Any bytes give a usable store (a fresh
// one when the notice says the progress was reset), which saves (Marshal)
// to bytes that read back to the same store without a notice, and saves
// the same bytes again.
func FuzzLoadStore(f *testing.F) {
	for _, s := range []string{
		"", "{", "[]", `{"version":1}`, `{"version":1,"exercises":{}}`, `{"version":2,"exercises":{}}`, `{"version":1.5}`,
		`{"version":1,"exercises":{"retry-math":{"attempts":2,"solved":true,"lastAnswer":"8.5"}}}`,
		`{"version":1,"exercises":{"x":null}}`, `{"version":1,"exercises":{"x":{"attempts":-1}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, notice := LoadStoreLang(data, ZH)
		if s.Version != StoreVersion || s.Exercises == nil {
			t.Fatalf("LoadStore(%q) gave an unusable store %+v (notice %q)", data, s, notice)
		}
		saved := s.Marshal()
		back, notice2 := LoadStore(saved)
		if notice2 != "" || !reflect.DeepEqual(back, s) {
			t.Fatalf("LoadStore(%q) = %+v; saved %q reads back as %+v, %q", data, s, saved, back, notice2)
		}
		if again := back.Marshal(); string(again) != string(saved) {
			t.Fatalf("saved %q, then %q", saved, again)
		}
	})
}

// The validator reports unknown properties in map order; the feedback
// lists them sorted, so a learner who submits the same schema twice reads
// the same problems (FuzzGrade found the difference: testdata/fuzz).
func TestUnknownPropertiesSorted(t *testing.T) {
	var ex Exercise
	for _, e := range All() {
		if e.ID == "send-email-schema" {
			ex = e
		}
	}
	if ex.ID == "" {
		t.Fatal("no send-email-schema exercise")
	}
	g := Grader{Probe: EngineProbe()}
	first := g.Grade(ex, `{"additionalProperties": false}`, EN)
	found := false
	for _, p := range first.Problems {
		if strings.Contains(p, `with-cc`) {
			found = true
			if !strings.Contains(p, `unknown property "body", "cc", "subject", "to" is not allowed`) {
				t.Errorf("unknown properties not sorted: %s", p)
			}
		}
	}
	if !found {
		t.Fatalf("no problem about the with-cc case: %q", first.Problems)
	}
	for range 20 {
		if again := g.Grade(ex, `{"additionalProperties": false}`, EN); !reflect.DeepEqual(first, again) {
			t.Fatalf("two gradings differ:\n%q\n%q", first.Problems, again.Problems)
		}
	}
}
