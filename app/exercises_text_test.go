package ui

import (
	"strings"
	"testing"

	"mcpwirelab/sim/exercise"
)

// A form exercise's prompt does not ask for JSON, and its feedback names
// the fields as the form shows them.
func TestFormExercisesSpeakForm(t *testing.T) {
	for _, ex := range exercise.All() {
		if !usesForm(ex) {
			continue
		}
		for _, lang := range []string{LangEn, LangZh} {
			p := shownPrompt(ex, lang)
			if f := ex.Format.In(lang); f != "" && strings.Contains(p, f) {
				t.Errorf("%s (%s): the form's prompt still asks for JSON: %q", ex.ID, lang, p)
			}
			if strings.Contains(p, "Answer as JSON") || strings.Contains(p, "请用 JSON 作答") {
				t.Errorf("%s (%s): the prompt itself asks for JSON (that sentence is the exercise's Format): %q", ex.ID, lang, p)
			}
		}
	}
	rm, _ := exercise.ByID(exercise.IDRetryMath)
	if p := shownPrompt(rm, LangEn); !strings.Contains(p, "Give: attempts") {
		t.Errorf("the rest of the prompt was dropped: %q", p)
	}
	if rm.Format.En == "" || rm.Format.Zh == "" {
		t.Errorf("retry-math has no Format: %+v", rm.Format)
	}
	// The twin: answered by hand (not a form), the same exercise's prompt
	// says how to write the JSON.
	byHand := rm
	byHand.Kind = exercise.KindJSON
	if p := shownPrompt(byHand, LangZh); !strings.Contains(p, rm.Format.Zh) {
		t.Errorf("a hand-written answer's prompt lacks the format: %q", p)
	}
	// The grader's own feedback for a typo in a number field, and a
	// sequence value, as the form names them.
	f := NewForm(rm)
	f.Nums["attempts"][0] = "4x"
	f.Nums["backoff"] = []string{"0.25", "0.5", "1", "2", "8"}
	fb := exercise.Grade(rm, f.Answer(rm), LangZh)
	var got []string
	for _, p := range fb.Problems {
		got = append(got, formFeedback(rm, LangZh, p))
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{"attempts：应为数字，实际是字符串 \"4x\"", "backoff 5：8 偏大"} {
		if !strings.Contains(joined, want) {
			t.Errorf("feedback lacks %q:\n%s", want, joined)
		}
	}
	if strings.Contains(joined, "$.") {
		t.Errorf("feedback still shows JSON paths:\n%s", joined)
	}
	ch, _ := exercise.ByID(exercise.IDErrorChannels)
	if got := formFeedback(ch, LangEn, `$.unknown-tool: protocol-error is the right channel; also give the JSON-RPC error code, e.g. "protocol-error -32600"`); strings.Contains(got, `"protocol-error -32600"`) || !strings.HasPrefix(got, "unknown-tool:") {
		t.Errorf("channel feedback: %q", got)
	}
}

// A typo the grader cannot read past is no attempt; a wrong answer is.
func TestUnreadableAnswers(t *testing.T) {
	rm, _ := exercise.ByID(exercise.IDRetryMath)
	f := NewForm(rm)
	if !f.Unreadable(rm) {
		t.Error("an empty form counted")
	}
	f.Nums["attempts"][0] = "4x"
	if !f.Unreadable(rm) {
		t.Error("a number field holding 4x counted")
	}
	f.Nums["attempts"][0] = "5"
	if f.Unreadable(rm) {
		t.Error("a wrong number was taken for a typo")
	}
	ch, _ := exercise.ByID(exercise.IDErrorChannels)
	g := NewForm(ch)
	g.Chans["unknown-tool"] = ChanPick{Channel: exercise.ChannelProtocolError, Code: "-326o2"}
	if !g.Unreadable(ch) {
		t.Error("a code that is not a number counted")
	}
	g.Chans["unknown-tool"] = ChanPick{Channel: exercise.ChannelProtocolError, Code: "-32600"}
	if g.Unreadable(ch) {
		t.Error("a wrong code was taken for a typo")
	}
	// Text answers: the grader decides. Broken JSON is no attempt; JSON
	// that parses but breaks the rules is one, also the stdio handshake's
	// two lines, which are not one JSON text (json.Valid says no).
	hs, _ := exercise.ByID(exercise.IDInitHandshake)
	for _, tc := range []struct {
		answer string
		counts bool
	}{
		{"", false},
		{`{"jsonrpc": "2.0", "id": 1,, }`, false},
		{`{"jsonrpc": "2.0"}`, true},
		{strings.Replace(hs.ModelAnswer, `"2025-11-25"`, `"2026-07-28"`, 1), true},
		{hs.ModelAnswer, true},
	} {
		j := NewForm(hs)
		j.Text = tc.answer
		fb := exercise.Grade(hs, j.Answer(hs), LangEn)
		if got := countsAsAttempt(hs, j, fb); got != tc.counts {
			t.Errorf("%q: counts as an attempt = %v, want %v (%q)", tc.answer, got, tc.counts, fb.Problems)
		}
	}
}
