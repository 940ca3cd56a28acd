package exercise

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Channels an error (or answer) can travel on, for channel exercises.
const (
	ChannelProtocolError = "protocol-error" // a JSON-RPC error response (Code = error code)
	ChannelToolError     = "tool-error"     // a tools/call result with isError: true
	ChannelHTTPStatus    = "http-status"    // an HTTP status without a JSON-RPC answer (Code = status)
)

// ChannelAnswer is one channel prediction. Code is the JSON-RPC error code
// for protocol-error, the HTTP status for http-status, and 0 for tool-error.
type ChannelAnswer struct {
	Channel string
	Code    int
}

// String renders a in the answer format: "tool-error", "protocol-error -32602".
func (a ChannelAnswer) String() string {
	if a.Channel == ChannelToolError || a.Code == 0 {
		return a.Channel
	}
	return a.Channel + " " + strconv.Itoa(a.Code)
}

// ParseChannel parses "tool-error", "protocol-error -32602" or
// "http-status 403" (a colon may replace the space). Code is 0 when absent.
func ParseChannel(s string) (ChannelAnswer, bool) {
	s = strings.TrimSpace(strings.ReplaceAll(s, ":", " "))
	f := strings.Fields(s)
	if len(f) == 0 || len(f) > 2 {
		return ChannelAnswer{}, false
	}
	a := ChannelAnswer{Channel: strings.ToLower(f[0])}
	switch a.Channel {
	case ChannelProtocolError, ChannelToolError, ChannelHTTPStatus:
	default:
		return ChannelAnswer{}, false
	}
	if len(f) == 2 {
		n, err := strconv.Atoi(f[1])
		if err != nil || a.Channel == ChannelToolError {
			return ChannelAnswer{}, false
		}
		a.Code = n
	}
	return a, true
}

// answerObject parses a choice/channel/numeric answer into question (or
// field) ID → value. keys are the valid IDs; a bare value is accepted when
// there is exactly one key, via bare().
func answerObject(c *checker, answer string, keys []string, bare func(string) any) (map[string]any, bool) {
	t := strings.TrimSpace(answer)
	if strings.HasPrefix(t, "{") {
		v, ok := parseJSON(c, answer, 0)
		if !ok {
			return nil, false
		}
		m, ok := object(c, v, "$")
		if !ok {
			return nil, false
		}
		var unknown []string
		for k := range m {
			if !contains(keys, k) {
				unknown = append(unknown, k)
			}
		}
		sort.Strings(unknown)
		for _, k := range unknown {
			c.fail("unknown-key", k, strings.Join(keys, ", "))
		}
		return m, len(unknown) == 0
	}
	if len(keys) == 1 {
		return map[string]any{keys[0]: bare(t)}, true
	}
	c.fail("want-object", strings.Join(keys, ", "))
	return nil, false
}

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func questionIDs(ex *Exercise) []string {
	var ids []string
	for _, q := range ex.Questions {
		ids = append(ids, q.ID)
	}
	return ids
}

func gradeChoice(c *checker, ex *Exercise, answer string) {
	m, ok := answerObject(c, answer, questionIDs(ex), func(s string) any {
		if strings.Contains(s, ",") {
			var out []any
			for _, p := range strings.Split(s, ",") {
				out = append(out, strings.TrimSpace(p))
			}
			return out
		}
		return s
	})
	if !ok {
		return
	}
	for _, q := range ex.Questions {
		v, ok := m[q.ID]
		if !ok {
			c.fail("no-answer", q.ID)
			continue
		}
		var picked []string
		switch x := v.(type) {
		case string:
			picked = []string{x}
		case float64: // a numeric choice ID such as an error code: -32601
			picked = []string{fmtNum(x)}
		case []any:
			for i, e := range x {
				if f, isNum := e.(float64); isNum {
					e = fmtNum(f)
				}
				s, ok := e.(string)
				if !ok {
					c.fail("type", fmt.Sprintf("$.%s[%d]", q.ID, i), "string", typeName(e))
					continue
				}
				if !contains(picked, s) {
					picked = append(picked, s)
				}
			}
		default:
			c.fail("type", jpath("$", q.ID), "string", typeName(v))
			continue
		}
		if !q.Multi && len(picked) != 1 {
			c.fail("pick-one", q.ID, len(picked))
			continue
		}
		known := true
		for _, p := range picked {
			if q.choice(p) == nil {
				c.fail("unknown-choice", q.ID, p, strings.Join(q.choiceIDs(), ", "))
				known = false
			}
		}
		if !known {
			continue
		}
		if !q.Multi {
			if p := picked[0]; !contains(q.Correct, p) {
				ch := q.choice(p)
				c.fail("choice-wrong", q.ID, p, ch.Label.In(c.lang), ch.Why.In(c.lang))
			}
			continue
		}
		if len(picked) == 0 {
			c.fail("no-answer", q.ID)
			continue
		}
		for _, ch := range q.Choices { // choice order: stable feedback
			sel := contains(picked, ch.ID)
			want := contains(q.Correct, ch.ID)
			switch {
			case sel && !want:
				c.fail("choice-extra", q.ID, ch.ID, ch.Label.In(c.lang), ch.Why.In(c.lang))
			case !sel && want:
				c.fail("choice-missed", q.ID, ch.ID, ch.Label.In(c.lang), ch.Why.In(c.lang))
			}
		}
	}
}

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func (q Question) choice(id string) *Choice {
	for i := range q.Choices {
		if q.Choices[i].ID == id {
			return &q.Choices[i]
		}
	}
	return nil
}

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func (q Question) choiceIDs() []string {
	var ids []string
	for _, ch := range q.Choices {
		ids = append(ids, ch.ID)
	}
	return ids
}

func gradeChannel(c *checker, ex *Exercise, answer string) {
	m, ok := answerObject(c, answer, questionIDs(ex), func(s string) any { return s })
	if !ok {
		return
	}
	for _, q := range ex.Questions {
		v, ok := m[q.ID]
		if !ok {
			c.fail("no-answer", q.ID)
			continue
		}
		s, ok := v.(string)
		if !ok {
			c.fail("type", jpath("$", q.ID), "string", typeName(v))
			continue
		}
		a, ok := ParseChannel(s)
		if !ok {
			c.fail("unknown-channel", q.ID, s)
			continue
		}
		if a != q.Want && containsChannel(q.Also, a) {
			c.note("channel-defensible", q.ID, a.String(), q.Want.String(), q.AlsoWhy.In(c.lang))
			continue
		}
		switch {
		case a.Channel != q.Want.Channel:
			c.fail("channel-wrong", q.ID, a.Channel, q.Why.In(c.lang))
		case q.Want.Code != 0 && a.Code == 0:
			if a.Channel == ChannelHTTPStatus {
				c.fail("channel-need-status", q.ID, a.Channel)
			} else {
				c.fail("channel-need-code", q.ID, a.Channel)
			}
		case a.Code != q.Want.Code && q.Want.Code != 0:
			c.fail("channel-code-wrong", q.ID, a.Code, q.Why.In(c.lang))
		}
	}
}

func containsChannel(list []ChannelAnswer, a ChannelAnswer) bool {
	for _, x := range list {
		if x == a {
			return true
		}
	}
	return false
}

func fieldIDs(ex *Exercise) []string {
	var ids []string
	for _, f := range ex.Fields {
		ids = append(ids, f.ID)
	}
	return ids
}

// number reads a JSON number, or a string holding a number with an
// optional unit suffix ("7.75", "7.75 s", "7.75秒").
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case string:
		s := strings.TrimSpace(x)
		s = strings.TrimSpace(strings.TrimRight(s, "sS秒 "))
		f, err := strconv.ParseFloat(s, 64)
		return f, err == nil && !math.IsInf(f, 0) && !math.IsNaN(f)
	}
	return 0, false
}

func gradeNumeric(c *checker, ex *Exercise, answer string) {
	m, ok := answerObject(c, answer, fieldIDs(ex), func(s string) any { return s })
	if !ok {
		return
	}
	for _, f := range ex.Fields {
		v, ok := m[f.ID]
		if !ok {
			c.fail("no-answer", f.ID)
			continue
		}
		path := jpath("$", f.ID)
		if !f.Sequence {
			x, ok := number(v)
			if !ok {
				c.fail("type-num", path, describe(v))
				continue
			}
			compareNum(c, f.ID, x, f.Want[0], f.Tolerance)
			continue
		}
		arr, ok := v.([]any)
		if !ok {
			c.fail("type-seq", path, len(f.Want), describe(v))
			continue
		}
		if len(arr) != len(f.Want) {
			c.fail("seq-len", f.ID, len(f.Want), len(arr))
			continue
		}
		for i, e := range arr {
			x, ok := number(e)
			if !ok {
				c.fail("type-num", fmt.Sprintf("%s[%d]", path, i), describe(e))
				continue
			}
			compareNum(c, fmt.Sprintf("%s[%d]", f.ID, i), x, f.Want[i], f.Tolerance)
		}
	}
}

func describe(v any) string {
	switch v.(type) {
	case string, float64, bool:
		return typeName(v) + " " + compact(v)
	}
	return typeName(v)
}

func compareNum(c *checker, name string, got, want, tol float64) {
	if math.Abs(got-want) <= tol+1e-9 {
		return
	}
	if got < want {
		c.fail("too-low", name, fmtNum(got))
	} else {
		c.fail("too-high", name, fmtNum(got))
	}
}

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
