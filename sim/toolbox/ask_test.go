package toolbox

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
)

var slotForm = primitive.ElicitForm("slot", "Pick one", json.RawMessage(`{"type":"object","properties":{"slot":{"type":"string","enum":["a","b"]}},"required":["slot"]}`))

// TestCheckAnswer: what each kind of answer must be, with the message a
// client gets when it is not.
func TestCheckAnswer(t *testing.T) {
	for _, c := range []struct {
		req    primitive.InputRequest
		answer string
		want   string // "" for valid; else a substring of the error
	}{
		{slotForm, `{"action":"accept","content":{"slot":"a"}}`, ""},
		{slotForm, `{"action":"decline"}`, ""},
		{slotForm, `{"action":"cancel","content":{"junk":1}}`, ""},
		{slotForm, `{"action":"accept","content":{"slot":"c"}}`, "content does not match the requested schema: $.slot: must be one of"},
		{slotForm, `{"action":"accept"}`, "content does not match the requested schema"},
		{slotForm, `{"action":"ok"}`, `action must be "accept", "decline" or "cancel", got "ok"`},
		{slotForm, `[]`, "want a JSON object, got []"},
		{primitive.ElicitURL("u", "Sign in", "https://a.example", "id"), `{"action":"accept"}`, ""},
		{primitive.Sample("s", primitive.SamplingRequest{MaxTokens: 1}), `{"role":"assistant","model":"m","content":{"type":"text","text":"x"}}`, ""},
		{primitive.Sample("s", primitive.SamplingRequest{MaxTokens: 1}), `{"role":"assistant","model":"m","content":[{"type":"text","text":"x"}]}`, ""},
		{primitive.Sample("s", primitive.SamplingRequest{MaxTokens: 1}), `{"role":"robot","model":"m","content":{"type":"text"}}`, `role must be "assistant" or "user"`},
		{primitive.Sample("s", primitive.SamplingRequest{MaxTokens: 1}), `{"role":"assistant","model":"m","content":"hi"}`, "content must be a content block"},
		{primitive.ListRoots("r"), `{"roots":[{"uri":"file:///a","name":"a"}]}`, ""},
		{primitive.ListRoots("r"), `{"roots":[]}`, ""},
		{primitive.ListRoots("r"), `{}`, "roots must be an array"},
		{primitive.ListRoots("r"), `{"roots":[{"name":"x"}]}`, "roots[0].uri must be a file:// URI"},
	} {
		err := primitive.CheckAnswer(c.req, json.RawMessage(c.answer))
		var ae *primitive.AnswerError
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s %s: %v", c.req.Method, c.answer, err)
		case c.want != "" && (!errors.As(err, &ae) || !strings.Contains(ae.Msg, c.want)):
			t.Errorf("%s %s: %v, want %q", c.req.Method, c.answer, err, c.want)
		}
	}
}

// TestNeeds: the capability each question needs, as -32021 reports it.
func TestNeeds(t *testing.T) {
	for _, c := range []struct {
		caps string
		req  primitive.InputRequest
		want string // CapabilityText of what is missing; "" for none
	}{
		{`{}`, slotForm, "elicitation"},
		{`{"elicitation":{}}`, slotForm, ""},
		{`{"elicitation":{"url":{}}}`, slotForm, "elicitation.form"},
		{`{"elicitation":{}}`, primitive.ElicitURL("u", "m", "https://a", "i"), "elicitation.url"},
		{`{"elicitation":{"form":{},"url":{}}}`, primitive.ElicitURL("u", "m", "https://a", "i"), ""},
		{`{"sampling":{}}`, primitive.Sample("s", primitive.SamplingRequest{IncludeContext: "thisServer"}), "sampling.context"},
		{`{"sampling":{}}`, primitive.Sample("s", primitive.SamplingRequest{IncludeContext: "none"}), ""},
		{`{"roots":null}`, primitive.ListRoots("r"), "roots"},
		{`not json`, primitive.ListRoots("r"), "roots"},
	} {
		if got := primitive.CapabilityText(primitive.Needs(json.RawMessage(c.caps), c.req)); got != c.want {
			t.Errorf("%s %s: needs %q, want %q", c.caps, c.req.Method, got, c.want)
		}
	}
}

// FuzzCheckAnswer: answers come from the client; checking one never
// panics, and an answer it accepts is a JSON object of the method's shape.
func FuzzCheckAnswer(f *testing.F) {
	for _, s := range []string{`{"action":"accept","content":{"slot":"a"}}`, `{"roots":[{"uri":"file:///x"}]}`,
		`{"role":"assistant","model":"m","content":{"type":"text","text":"x"}}`, `null`, `{"action":"accept","content":[]}`, `"x"`} {
		f.Add(s)
	}
	reqs := []primitive.InputRequest{slotForm, primitive.Sample("s", primitive.SamplingRequest{MaxTokens: 1}), primitive.ListRoots("r")}
	f.Fuzz(func(t *testing.T, answer string) {
		for _, r := range reqs {
			if primitive.CheckAnswer(r, json.RawMessage(answer)) != nil {
				continue
			}
			var obj map[string]json.RawMessage
			if json.Unmarshal([]byte(answer), &obj) != nil {
				t.Fatalf("%s accepted a non-object %q", r.Method, answer)
			}
			var key string
			switch r.Method {
			case protocol.MethodElicit:
				key = "action"
			case protocol.MethodSample:
				key = "model"
			case protocol.MethodRoots:
				key = "roots"
			}
			if _, ok := obj[key]; !ok {
				t.Fatalf("%s accepted %q without %s", r.Method, answer, key)
			}
		}
	})
}

// TestCalendar: the alternatives book_room offers, across a month's end.
func TestCalendar(t *testing.T) {
	if got := strings.Join(nextDays("2026-12-30", 3), " "); got != "2026-12-31 2027-01-01 2027-01-02" {
		t.Errorf("nextDays %s", got)
	}
	if got := strings.Join(nextDays("2028-02-28", 2), " "); got != "2028-02-29 2028-03-01" {
		t.Errorf("leap year %s", got)
	}
	c := newCalendar()
	if c.book("Aurora", "2026-12-03") || !c.book("Aurora", "2026-12-04") {
		t.Fatal("the course's taken day must be taken, the next free")
	}
	if got := strings.Join(c.alternatives("Aurora", "2026-12-03"), ", "); got != "Borealis 2026-12-03, Aurora 2026-12-05" {
		t.Errorf("alternatives %s", got)
	}
}
