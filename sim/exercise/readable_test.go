package exercise

import (
	"strings"
	"testing"
)

// TestUnreadableOnlyWhenNothingParses: Feedback.Unreadable is set only
// when no rule could be checked (empty, JSON that does not parse); an
// answer that parses but breaks the schema or the protocol's rules is
// readable, so the page counts it as an attempt and three of them unlock
// the model answer.
func TestUnreadableOnlyWhenNothingParses(t *testing.T) {
	g := fake()
	for _, ex := range All() {
		if ex.Kind != KindJSON {
			continue
		}
		t.Run(ex.ID, func(t *testing.T) {
			if fb := g.Grade(ex, ex.ModelAnswer, EN); !fb.Correct || fb.Unreadable {
				t.Fatalf("model answer: correct=%v unreadable=%v %q", fb.Correct, fb.Unreadable, fb.Problems)
			}
			for _, bad := range []string{"", "  \n", `{"jsonrpc": "2.0", "id": 1,, }`, strings.Replace(ex.ModelAnswer, "{", "{,", 1)} {
				if fb := g.Grade(ex, bad, EN); fb.Correct || !fb.Unreadable {
					t.Errorf("%q: unreadable=%v, want true (%q)", bad, fb.Unreadable, fb.Problems)
				}
			}
			// Parses, breaks the rules: an attempt.
			for _, wrong := range []string{`{"jsonrpc": "2.0"}`, `[]`, `"text"`} {
				if fb := g.Grade(ex, wrong, EN); fb.Correct || fb.Unreadable {
					t.Errorf("%q: correct=%v unreadable=%v, want a readable wrong answer (%q)", wrong, fb.Correct, fb.Unreadable, fb.Problems)
				}
			}
		})
	}
	// The stdio handshake is two JSON texts, one a line: json.Valid
	// rejects the pair, the grader reads it. A wrong version in it is a
	// readable wrong answer (the case the page used to call unreadable).
	hs := mustEx(t, IDInitHandshake)
	wrongVersion := strings.Replace(hs.ModelAnswer, `"protocolVersion":"2025-11-25"`, `"protocolVersion":"2026-07-28"`, 1)
	if wrongVersion == hs.ModelAnswer {
		t.Fatal("the model answer no longer names 2025-11-25")
	}
	fb := g.Grade(hs, wrongVersion, EN)
	if fb.Correct || fb.Unreadable {
		t.Fatalf("handshake with a wrong version: correct=%v unreadable=%v %q", fb.Correct, fb.Unreadable, fb.Problems)
	}
	s := NewStore()
	for range RevealAfter {
		s.Record(hs.ID, wrongVersion, fb)
	}
	if !Reveal(s.Get(hs.ID)) {
		t.Errorf("%d readable wrong answers did not unlock the model answer: %+v", RevealAfter, s.Get(hs.ID))
	}
	// Multi-part answers: a JSON typo in one part (the same length, so
	// Content-Length still holds) with the others right
	// is unreadable; a readable mistake in another part makes the whole
	// answer an attempt.
	for _, id := range []string{IDModernHeaders, IDReadResource} {
		ex := mustEx(t, id)
		i := strings.LastIndex(ex.ModelAnswer, `"jsonrpc":"2.0"`)
		typo := ex.ModelAnswer[:i] + `"jsonrpc";"2.0"` + ex.ModelAnswer[i+len(`"jsonrpc":"2.0"`):]
		if fb := g.Grade(ex, typo, EN); fb.Correct || !fb.Unreadable {
			t.Errorf("%s, a typo in the last part: unreadable=%v (%q)", id, fb.Unreadable, fb.Problems)
		}
		j := strings.Index(typo, "POST /mcp")
		both := typo[:j] + strings.Replace(typo[j:], "POST /mcp", "GET /mcp", 1)
		if fb := g.Grade(ex, both, EN); fb.Correct || fb.Unreadable {
			t.Errorf("%s, a typo and a wrong method: unreadable=%v, want an attempt (%q)", id, fb.Unreadable, fb.Problems)
		}
	}
}
