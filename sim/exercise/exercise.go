// Package exercise is the exercise framework of MCP Wire Lab and the
// course's exercise set. It is pure Go (no UI, no syscall/js).
//
// An Exercise carries everything a UI needs to show it in English and
// Chinese; Grade checks a learner's answer instantly and deterministically
// and returns Feedback whose Problems each name one exact problem
// (`$.to: expected array, got string`, `line 3, column 14: …`).
//
// Answer formats (one string per exercise, what the UI submits):
//
//   - choice and channel kinds: a JSON object mapping question ID to the
//     chosen choice ID (a string) or, for multi-select questions, an array of
//     choice IDs; e.g. {"safe":["get-emails","put-settings"],"fix":"idempotency-key"}.
//     Channel answers are "tool-error", "protocol-error <code>" or
//     "http-status <status>". An exercise with a single question also accepts
//     the bare value ("b", "a,c", "tool-error").
//   - numeric kind: a JSON object mapping field ID to a number (or an array of
//     numbers for sequence fields); a single-field exercise also accepts a bare
//     number.
//   - json kind: JSON text (for stdio exercises: one JSON-RPC message per line).
//   - http kind: raw HTTP/1.1 request text. Header lines may end in LF or
//     CRLF (they are sent with CRLF); the body is sent exactly as typed, so
//     Content-Length counts its UTF-8 bytes. Exercises with several Parts
//     take one request per part, each introduced by a line "### <part-id>"
//     (see JoinParts); line numbers in feedback are then relative to the part.
package exercise

import (
	"fmt"
	"strings"

	"mcpwirelab/sim/text"
)

// Languages.
const (
	EN = text.EN
	ZH = text.ZH
)

// Langs lists every language each learner-visible string is written in.
var Langs = text.Langs

// Text is one learner-visible string in every language: the course's one
// bilingual text type (sim/text).
type Text = text.Text

// Kind is the sort of answer an exercise takes.
type Kind string

const (
	KindChoice  Kind = "choice"  // pick one (or several) of fixed choices, per question
	KindNumeric Kind = "numeric" // one or more numbers, compared with a tolerance
	KindJSON    Kind = "json"    // JSON text: a JSON-RPC message, messages, or a JSON Schema
	KindHTTP    Kind = "http"    // raw HTTP request text (or one header line)
	KindChannel Kind = "channel" // predict the channel an error travels on
)

// Choice is one option of a choice question.
type Choice struct {
	ID    string
	Label Text
	// Why states the truth about this choice; feedback quotes it when the
	// learner picks it wrongly or leaves it out.
	Why Text
}

// Question is one question of a choice or channel exercise.
type Question struct {
	ID     string
	Prompt Text
	// Choice kind.
	Choices []Choice
	Multi   bool     // several choices may be selected
	Correct []string // IDs of the correct choices (exactly one unless Multi)
	// Channel kind: the expected channel, and why (quoted when wrong).
	Want ChannelAnswer
	Why  Text
	// Also are other channels a defensible answer takes, where the spec
	// disagrees with itself or real servers differ from it: accepted, with
	// AlsoWhy as a note that explains the split.
	Also    []ChannelAnswer
	AlsoWhy Text
}

// Field is one number (or sequence of numbers) of a numeric exercise.
type Field struct {
	ID    string
	Label Text
	// Want holds one value for a scalar field, several for a sequence.
	Want      []float64
	Sequence  bool    // the answer is an array of len(Want) numbers
	Tolerance float64 // absolute
	Unit      Text    // e.g. "s" / "秒"; empty for counts
}

// Part is one separately written piece of a multi-part text answer.
type Part struct {
	ID     string
	Prompt Text
}

// Exercise is one exercise of the course.
type Exercise struct {
	ID     string // stable, used as the progress key
	Kind   Kind
	Title  Text
	Prompt Text
	// Format says how to write the answer as JSON by hand (an example); a
	// page that answers with a form builds that JSON itself and leaves it
	// out. Empty when the prompt says it.
	Format Text
	Hints  []Text // shown on demand, in order
	// ModelAnswer is a correct answer in the exercise's answer format
	// (language-neutral); Explanation says why it is right.
	ModelAnswer string
	Explanation Text
	// Starter is the text the editor starts with (e.g. a broken request).
	Starter string
	// Spec lists the spec sections the exercise is about
	// ("2026-07-28/server/tools#error-handling").
	Spec []string

	Questions []Question // choice, channel
	Fields    []Field    // numeric
	Parts     []Part     // multi-part http answers

	// grade is the custom grader of json and http exercises.
	grade func(c *checker, ex *Exercise, answer string)
}

// Feedback is the result of grading one answer.
type Feedback struct {
	Correct bool
	// Problems each name one exact problem, in the requested language.
	Problems []string
	// Notes are informative lines, e.g. what the server answered.
	Notes []string
	// Summary is a one-line headline ("Correct." / "2 problems.").
	Summary string
	// Unreadable: the answer could not be read at all (empty, or JSON
	// that does not parse), so no rule was checked: every problem is one
	// of reading. An answer that parses but breaks the schema or the
	// protocol's rules is readable, and so an attempt (Store.Record).
	Unreadable bool
}

// Grader grades answers. Probe is the engine's server used by the "write the
// message" exercises; with a nil Probe those exercises run their local checks
// and then report that the server is not connected.
type Grader struct {
	Probe Probe
}

// Grade grades answer to ex without a server (see Grader).
func Grade(ex Exercise, answer, lang string) Feedback {
	return Grader{}.Grade(ex, answer, lang)
}

// Grade grades answer to ex; feedback is in lang ("en" or "zh").
// It is deterministic (given a deterministic Probe) and never panics on
// learner input.
func (g Grader) Grade(ex Exercise, answer, lang string) Feedback {
	if lang != ZH {
		lang = EN
	}
	c := &checker{lang: lang, probe: g.Probe}
	switch {
	case strings.TrimSpace(answer) == "":
		c.fail("empty")
	case ex.grade != nil:
		ex.grade(c, &ex, answer)
	case ex.Kind == KindChoice:
		gradeChoice(c, &ex, answer)
	case ex.Kind == KindChannel:
		gradeChannel(c, &ex, answer)
	case ex.Kind == KindNumeric:
		gradeNumeric(c, &ex, answer)
	default:
		c.fail("no-grader", ex.ID)
	}
	fb := Feedback{Correct: len(c.problems) == 0, Problems: c.problems, Notes: c.notes}
	fb.Unreadable = !fb.Correct && c.unread == len(c.problems)
	if fb.Correct {
		fb.Summary = tr(lang, "summary-correct")
	} else if len(c.problems) == 1 {
		fb.Summary = tr(lang, "summary-one")
	} else {
		fb.Summary = tr(lang, "summary-many", len(c.problems))
	}
	return fb
}

// RevealAfter is the number of attempts after which the model answer is
// shown even if the exercise is not solved.
const RevealAfter = 3

// Reveal reports whether the model answer may be shown: after a correct
// attempt, or after RevealAfter attempts.
func Reveal(p Progress) bool {
	return p.Solved || p.Attempts >= RevealAfter
}

// ByID returns the exercise of All with the given ID.
func ByID(id string) (Exercise, bool) {
	for _, ex := range All() {
		if ex.ID == id {
			return ex, true
		}
	}
	return Exercise{}, false
}

// checker accumulates problems and notes in one language.
type checker struct {
	lang     string
	probe    Probe
	prefix   string // "[part] " while grading one part
	problems []string
	notes    []string
	unread   int // how many of problems are reading problems (readKeys)
}

// readKeys are the problems that mean the answer could not be read: no
// rule was checked against it (Feedback.Unreadable).
var readKeys = map[string]bool{"empty": true, "syntax": true, "syntax-other": true}

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func (c *checker) t(key string, args ...any) string { return tr(c.lang, key, args...) }

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func (c *checker) fail(key string, args ...any) {
	if readKeys[key] {
		c.unread++
	}
	c.problems = append(c.problems, c.prefix+c.t(key, args...))
}

// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func (c *checker) note(key string, args ...any) {
	c.notes = append(c.notes, c.prefix+c.t(key, args...))
}

// since reports whether any problem was recorded after mark.
func (c *checker) since(mark int) bool { return len(c.problems) > mark }

func tr(lang, key string, args ...any) string {
	t, ok := texts().Get(key)
	if !ok {
		return fmt.Sprintf("!(%s)", key)
	}
	if lang == ZH {
		return tightZH(fmt.Sprintf(t.In(lang), localArgs(lang, args)...))
	}
	return fmt.Sprintf(t.In(lang), args...)
}

// tx builds a Text from values the code owns in both languages (a status
// line, calc.Explain); prose is data and comes from say.
func tx(en, zh string) Text { return Text{En: en, Zh: zh} }
