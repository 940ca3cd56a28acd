package ui

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"mcpwirelab/sim/exercise"
)

// Form is what the learner has entered for one exercise, in the shape of
// its inputs. Answer turns it into the answer string exercise.Grader reads
// (the formats are in sim/exercise's package doc); FormFromAnswer turns a
// saved answer back into inputs. The UI never grades by itself.
type Form struct {
	Picks map[string][]string // choice: question ID → selected choice IDs
	Nums  map[string][]string // numeric: field ID → one text per value
	Chans map[string]ChanPick // channel: question ID → picked channel
	Text  string              // json and http without parts
	Parts map[string]string   // multi-part http: part ID → text
}

// ChanPick is one channel prediction: the channel and, for protocol-error
// and http-status, the code as typed.
type ChanPick struct {
	Channel string
	Code    string
}

// Channels offered by the channel picker, in order.
var pickChannels = []string{exercise.ChannelToolError, exercise.ChannelProtocolError, exercise.ChannelHTTPStatus}

// NewForm is an empty form, with the exercise's starter text if it has one.
func NewForm(ex exercise.Exercise) Form {
	f := Form{Picks: map[string][]string{}, Nums: map[string][]string{}, Chans: map[string]ChanPick{}, Parts: map[string]string{}}
	for _, fl := range ex.Fields {
		f.Nums[fl.ID] = make([]string, fieldSlots(fl))
	}
	f.Text = ex.Starter
	return f
}

// fieldSlots is the number of inputs a numeric field gets.
func fieldSlots(fl exercise.Field) int {
	if fl.Sequence {
		return max(len(fl.Want), 1)
	}
	return 1
}

// Clone copies f so a component can keep an old value unchanged.
func (f Form) Clone() Form {
	g := Form{Picks: map[string][]string{}, Nums: map[string][]string{}, Chans: map[string]ChanPick{}, Parts: map[string]string{}, Text: f.Text}
	for k, v := range f.Picks {
		g.Picks[k] = append([]string(nil), v...)
	}
	for k, v := range f.Nums {
		g.Nums[k] = append([]string(nil), v...)
	}
	for k, v := range f.Chans {
		g.Chans[k] = v
	}
	for k, v := range f.Parts {
		g.Parts[k] = v
	}
	return g
}

// Toggle selects or unselects a choice (multi-select questions), or
// selects it (single-select).
func (f *Form) Toggle(q exercise.Question, choice string) {
	cur := f.Picks[q.ID]
	if !q.Multi {
		f.Picks[q.ID] = []string{choice}
		return
	}
	var out []string
	found := false
	for _, c := range cur {
		if c == choice {
			found = true
			continue
		}
		out = append(out, c)
	}
	if !found {
		out = append(out, choice)
	}
	f.Picks[q.ID] = out
}

// Picked reports whether choice is selected for question q.
func (f Form) Picked(q, choice string) bool {
	for _, c := range f.Picks[q] {
		if c == choice {
			return true
		}
	}
	return false
}

// Answer builds the answer string for ex. Unanswered questions and fields
// are left out, so the grader names them ("$.fix: no answer"); a number
// field holding something that is not a number is sent as a string, so the
// grader says exactly what is wrong with it.
func (f Form) Answer(ex exercise.Exercise) string {
	switch ex.Kind {
	case exercise.KindChoice:
		o := newObj()
		for _, q := range ex.Questions {
			var picked []string
			for _, ch := range q.Choices { // choice order, not click order
				if f.Picked(q.ID, ch.ID) {
					picked = append(picked, ch.ID)
				}
			}
			switch {
			case q.Multi && len(picked) > 0:
				o.add(q.ID, picked)
			case !q.Multi && len(picked) > 0:
				o.add(q.ID, picked[0])
			}
		}
		return o.String()
	case exercise.KindChannel:
		o := newObj()
		for _, q := range ex.Questions {
			p, ok := f.Chans[q.ID]
			if !ok || p.Channel == "" {
				continue
			}
			o.add(q.ID, p.String())
		}
		return o.String()
	case exercise.KindNumeric:
		o := newObj()
		for _, fl := range ex.Fields {
			texts := f.Nums[fl.ID]
			if !fl.Sequence {
				if len(texts) == 0 || strings.TrimSpace(texts[0]) == "" {
					continue
				}
				o.addRaw(fl.ID, numberJSON(texts[0]))
				continue
			}
			blank := true
			for _, t := range texts {
				if strings.TrimSpace(t) != "" {
					blank = false
				}
			}
			if blank {
				continue
			}
			var parts []string
			for _, t := range texts {
				parts = append(parts, numberJSON(t))
			}
			o.addRaw(fl.ID, "["+strings.Join(parts, ",")+"]")
		}
		return o.String()
	}
	if len(ex.Parts) > 0 {
		return exercise.JoinParts(ex, f.Parts)
	}
	return f.Text
}

// String renders a pick in the answer format: "tool-error",
// "protocol-error -32602", or the channel alone when no code was typed.
func (p ChanPick) String() string {
	code := strings.TrimSpace(p.Code)
	if p.Channel == exercise.ChannelToolError || code == "" {
		return p.Channel
	}
	return p.Channel + " " + code
}

// numberJSON is a typed number as JSON: the number when the text is a
// plain decimal number (a decimal comma is accepted), else the text as a
// JSON string, which the grader then reports or reads ("7.75 s").
func numberJSON(s string) string {
	t := strings.TrimSpace(s)
	if strings.Count(t, ",") == 1 && !strings.Contains(t, ".") {
		t = strings.Replace(t, ",", ".", 1)
	}
	if plainNumber.MatchString(t) {
		if v, err := strconv.ParseFloat(t, 64); err == nil {
			if b, err := json.Marshal(v); err == nil {
				return string(b)
			}
		}
	}
	b, _ := json.Marshal(s)
	return string(b)
}

var plainNumber = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)

// FormFromAnswer restores a saved answer into the inputs (what the learner
// last submitted). Anything it cannot place is dropped; for text kinds
// the answer is the text.
func FormFromAnswer(ex exercise.Exercise, answer string) Form {
	f := NewForm(ex)
	switch ex.Kind {
	case exercise.KindChoice, exercise.KindChannel, exercise.KindNumeric:
		m := map[string]any{}
		d := json.NewDecoder(strings.NewReader(answer))
		d.UseNumber()
		if err := d.Decode(&m); err != nil {
			return f
		}
		for _, q := range ex.Questions {
			v, ok := m[q.ID]
			if !ok {
				continue
			}
			if ex.Kind == exercise.KindChannel {
				s, _ := v.(string)
				if a, ok := exercise.ParseChannel(s); ok {
					p := ChanPick{Channel: a.Channel}
					if a.Code != 0 {
						p.Code = strconv.Itoa(a.Code)
					}
					f.Chans[q.ID] = p
				}
				continue
			}
			switch x := v.(type) {
			case string:
				f.Picks[q.ID] = []string{x}
			case json.Number:
				f.Picks[q.ID] = []string{x.String()}
			case []any:
				for _, e := range x {
					switch y := e.(type) {
					case string:
						f.Picks[q.ID] = append(f.Picks[q.ID], y)
					case json.Number:
						f.Picks[q.ID] = append(f.Picks[q.ID], y.String())
					}
				}
			}
		}
		for _, fl := range ex.Fields {
			v, ok := m[fl.ID]
			if !ok {
				continue
			}
			slots := f.Nums[fl.ID]
			vals := []any{v}
			if arr, isArr := v.([]any); isArr && fl.Sequence {
				vals = arr
			}
			for i := 0; i < len(vals) && i < len(slots); i++ {
				slots[i] = scalarText(vals[i])
			}
		}
		return f
	}
	if len(ex.Parts) > 0 {
		f.Text = ""
		f.Parts = SplitParts(ex, answer)
		return f
	}
	f.Text = answer
	return f
}

func scalarText(v any) string {
	switch x := v.(type) {
	case json.Number:
		return x.String()
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

// SplitParts splits a multi-part answer made by exercise.JoinParts back
// into part ID → text (without the newline JoinParts adds between parts).
// Text outside a known part is dropped.
func SplitParts(ex exercise.Exercise, answer string) map[string]string {
	known := map[string]bool{}
	for _, p := range ex.Parts {
		known[p.ID] = true
	}
	out := map[string]string{}
	cur := ""
	var buf []string
	flush := func() {
		if cur != "" {
			out[cur] = strings.TrimRight(strings.Join(buf, "\n"), "\n")
		}
		buf = nil
	}
	for _, line := range strings.Split(answer, "\n") {
		if t := strings.TrimRight(line, "\r"); strings.HasPrefix(t, strings.TrimSpace(exercise.PartMarker)) {
			flush()
			id := strings.TrimSpace(strings.TrimPrefix(t, "###"))
			cur = ""
			if known[id] {
				cur = id
			}
			continue
		}
		if cur != "" {
			buf = append(buf, line)
		}
	}
	flush()
	return out
}

// obj writes a JSON object with keys in insertion order (the exercise's
// question order reads better than sorted keys).
type obj struct {
	b bytes.Buffer
	n int
}

func newObj() *obj { return &obj{} }

func (o *obj) addRaw(k, raw string) {
	if o.n > 0 {
		o.b.WriteString(",")
	}
	kb, _ := json.Marshal(k)
	o.b.Write(kb)
	o.b.WriteString(":")
	o.b.WriteString(raw)
	o.n++
}

func (o *obj) add(k string, v any) {
	b, _ := json.Marshal(v)
	o.addRaw(k, string(b))
}

func (o *obj) String() string { return "{" + o.b.String() + "}" }
