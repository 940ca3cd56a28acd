package ui

import (
	"reflect"
	"strings"
	"testing"

	"mcpwirelab/sim/exercise"
)

func mustEx(t *testing.T, id string) exercise.Exercise {
	t.Helper()
	ex, ok := exercise.ByID(id)
	if !ok {
		t.Fatalf("no exercise %q", id)
	}
	return ex
}

// Every model answer, restored into the inputs and built back into an
// answer, is still graded correct by the real grader and the engine's
// server: the inputs can express every correct answer, and a saved answer
// survives the round trip into the editor.
func TestModelAnswersSurviveTheForm(t *testing.T) {
	g := exercise.Grader{Probe: exercise.EngineProbe()}
	all := exercise.All()
	if len(all) == 0 {
		t.Fatal("no exercises")
	}
	for _, ex := range all {
		f := FormFromAnswer(ex, ex.ModelAnswer)
		ans := f.Answer(ex)
		fb := g.Grade(ex, ans, LangEn)
		if !fb.Correct {
			t.Errorf("%s (%s): model answer through the form %q graded %v", ex.ID, ex.Kind, ans, fb.Problems)
		}
		// And once more: restoring the built answer gives the same inputs.
		if again := FormFromAnswer(ex, ans).Answer(ex); again != ans {
			t.Errorf("%s: restore is not stable:\n%q\n%q", ex.ID, ans, again)
		}
	}
}

func TestChoiceAnswer(t *testing.T) {
	ex := mustEx(t, exercise.IDIdempotency)
	f := NewForm(ex)
	if got := f.Answer(ex); got != "{}" {
		t.Fatalf("empty form: %q", got)
	}
	// Clicks in any order; the answer lists choices in the question's order.
	f.Toggle(ex.Questions[0], "put-settings")
	f.Toggle(ex.Questions[0], "get-emails")
	f.Toggle(ex.Questions[0], "send-email")
	f.Toggle(ex.Questions[0], "send-email") // unticked again
	f.Toggle(ex.Questions[1], "use-get")
	f.Toggle(ex.Questions[1], "idempotency-key") // radio: replaces
	want := `{"safe":["get-emails","put-settings"],"fix":"idempotency-key"}`
	if got := f.Answer(ex); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	fb := exercise.Grade(ex, f.Answer(ex), LangEn)
	if fb.Correct || len(fb.Problems) != 1 || !strings.Contains(fb.Problems[0], `"list-emails"`) {
		t.Fatalf("missing list-emails should be the one problem: %+v", fb)
	}
}

func TestNumericAnswer(t *testing.T) {
	ex := mustEx(t, exercise.IDRetryMath)
	f := NewForm(ex)
	if n := len(f.Nums["backoff"]); n != 5 {
		t.Fatalf("backoff has %d inputs, want 5", n)
	}
	f.Nums["attempts"][0] = " 6 "
	copy(f.Nums["backoff"], []string{"0.25", "0,5", "1", "2", "4"})
	f.Nums["total_backoff"][0] = "7.75 s"
	f.Nums["worst_case"][0] = "abc"
	want := `{"attempts":6,"backoff":[0.25,0.5,1,2,4],"total_backoff":"7.75 s","worst_case":"abc"}`
	if got := f.Answer(ex); got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	fb := exercise.Grade(ex, f.Answer(ex), LangEn)
	want2 := []string{`$.worst_case: expected number, got string "abc"`, `agent_step: no answer`}
	if !reflect.DeepEqual(fb.Problems, want2) {
		t.Fatalf("problems %q, want %q", fb.Problems, want2)
	}
	for in, out := range map[string]string{"12": "12", "-3": "-3", "1e2": "100", ".5": "0.5", "0x10": `"0x10"`, "1,2,3": `"1,2,3"`, "NaN": `"NaN"`, "Inf": `"Inf"`} {
		if got := numberJSON(in); got != out {
			t.Errorf("numberJSON(%q) = %s, want %s", in, got, out)
		}
	}
}

func TestChannelAnswer(t *testing.T) {
	ex := mustEx(t, exercise.IDErrorChannels)
	f := NewForm(ex)
	f.Chans["bad-id"] = ChanPick{Channel: exercise.ChannelToolError, Code: "123"} // code ignored
	f.Chans["missing-doc"] = ChanPick{Channel: exercise.ChannelProtocolError, Code: " "}
	f.Chans["unknown-tool"] = ChanPick{Channel: exercise.ChannelProtocolError, Code: "-32602"}
	want := `{"bad-id":"tool-error","missing-doc":"protocol-error","unknown-tool":"protocol-error -32602"}`
	if got := f.Answer(ex); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	back := FormFromAnswer(ex, want)
	if back.Chans["unknown-tool"] != (ChanPick{Channel: exercise.ChannelProtocolError, Code: "-32602"}) {
		t.Fatalf("restored %+v", back.Chans)
	}
}

func TestPartsAnswer(t *testing.T) {
	ex := mustEx(t, exercise.IDModernHeaders)
	texts := map[string]string{"accepted": "POST /mcp HTTP/1.1\nHost: x\n\n{}", "mismatch": "B\n", "unsupported": "C"}
	f := NewForm(ex)
	f.Parts = texts
	ans := f.Answer(ex)
	if ans != exercise.JoinParts(ex, texts) {
		t.Fatalf("not JoinParts: %q", ans)
	}
	got := SplitParts(ex, ans)
	want := map[string]string{"accepted": "POST /mcp HTTP/1.1\nHost: x\n\n{}", "mismatch": "B", "unsupported": "C"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("split %q, want %q", got, want)
	}
	// A learner's own "### nope" line is not a part: dropped, not a crash.
	if got := SplitParts(ex, "stray\n### nope\nx\n### mismatch\ny\n"); !reflect.DeepEqual(got, map[string]string{"mismatch": "y"}) {
		t.Fatalf("got %q", got)
	}
}

func TestTextAnswerKeepsStarterAndText(t *testing.T) {
	ex := mustEx(t, exercise.IDHTTPAnatomy)
	if ex.Starter == "" {
		t.Fatal("http-anatomy has a starter")
	}
	if f := NewForm(ex); f.Answer(ex) != ex.Starter {
		t.Fatalf("starter not in the editor")
	}
	raw := "POST /mcp HTTP/1.1\r\nHost: a\n\nbody  \n\n"
	if got := FormFromAnswer(ex, raw).Answer(ex); got != raw {
		t.Fatalf("text must round-trip byte for byte: %q", got)
	}
}

func TestFormFromBadAnswer(t *testing.T) {
	for _, ex := range exercise.All() {
		for _, bad := range []string{"", "{", "[1,2]", `{"safe":42,"backoff":"x","bad-id":7}`, "\x00"} {
			f := FormFromAnswer(ex, bad) // must not panic
			_ = f.Answer(ex)
		}
	}
}

func TestSplitCode(t *testing.T) {
	cases := map[string][]string{
		"plain":                 {"plain"},
		"use `### a` and `b`":   {"use ", "### a", " and ", "b", ""},
		"unpaired ` backtick":   {"unpaired ` backtick"},
		"`$.to`: expected list": {"", "$.to", ": expected list"},
	}
	for in, want := range cases {
		if got := SplitCode(in); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCloneIsDeep(t *testing.T) {
	ex := mustEx(t, exercise.IDRetryMath)
	f := NewForm(ex)
	g := f.Clone()
	g.Nums["backoff"][0] = "9"
	g.Picks["x"] = []string{"y"}
	if f.Nums["backoff"][0] != "" || len(f.Picks) != 0 {
		t.Fatal("Clone shares state")
	}
}

func TestPartPrompt(t *testing.T) {
	for in, want := range map[string]string{"accepted: 200 with a result": "200 with a result", "accepted：200 加结果": "200 加结果", "other: x": "other: x"} {
		if got := partPrompt("accepted", in); got != want {
			t.Errorf("partPrompt(%q) = %q", in, got)
		}
	}
}

// ledeCount is the number the exercises page's lede opens with, in each
// language ("Sixteen exercises", "十六道练习"); 0 when it names none.
func ledeCount(en, zh string) (int, int) {
	ne, nz := 0, 0
	for n := 1; n < 100; n++ {
		if strings.HasPrefix(en, enNumber(n)+" exercises") {
			ne = n
		}
		if strings.HasPrefix(zh, zhNumber(n)+"道练习") {
			nz = n
		}
	}
	return ne, nz
}

// enNumber is n (1–99) in English words, capitalised: "Twenty-one".
func enNumber(n int) string {
	ones := []string{"", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
		"Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"}
	tens := []string{"", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"}
	if n < 20 {
		return ones[n]
	}
	if n%10 == 0 {
		return tens[n/10]
	}
	return tens[n/10] + "-" + strings.ToLower(ones[n%10])
}

// zhNumber is n (1–99) in Chinese numerals: 十, 十六, 二十, 二十一.
func zhNumber(n int) string {
	digits := []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	switch {
	case n < 10:
		return digits[n]
	case n < 20:
		return "十" + digits[n%10]
	}
	return digits[n/10] + "十" + digits[n%10]
}

// TestLedeCountsTheExercises: the lede's number is the number of
// exercises, in both languages; a lede one behind is caught.
func TestLedeCountsTheExercises(t *testing.T) {
	l, _ := lookupStr("ex.lede")
	n := len(exercise.All())
	if en, zh := ledeCount(l.En, l.Zh); en != n || zh != n {
		t.Errorf("the lede counts %d (en) and %d (zh) exercises; there are %d", en, zh, n)
	}
	for _, c := range []struct {
		en, zh string
		n      int
	}{
		{"Thirteen exercises, checked", "十三道练习，即时判分", 13},
		{"Twenty exercises, checked", "二十道练习，即时判分", 20},
		{"Twenty-one exercises, checked", "二十一道练习，即时判分", 21},
		{"Forty-two exercises, checked", "四十二道练习，即时判分", 42},
	} {
		if en, zh := ledeCount(c.en, c.zh); en != c.n || zh != c.n {
			t.Errorf("the lede %q / %q read as %d, %d, want %d", c.en, c.zh, en, zh, c.n)
		}
	}
}
