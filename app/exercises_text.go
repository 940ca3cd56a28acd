package ui

import (
	"regexp"
	"strconv"
	"strings"

	"mcpwirelab/sim/exercise"
)

// The exercises answered with a form (numbers, channels) show the form,
// not the JSON the form builds for the grader: their prompt leaves out
// the sentence about the JSON format (Exercise.Format), and their feedback names fields as the
// form does (the field's id as in its legend, values numbered from 1 as in
// the slots), not as JSON paths.

// usesForm reports whether ex is answered with form fields.
func usesForm(ex exercise.Exercise) bool {
	return ex.Kind == exercise.KindNumeric || ex.Kind == exercise.KindChannel || ex.Kind == exercise.KindChoice
}

// shownPrompt is ex's prompt as the page shows it: with the sentence on
// how to write the answer as JSON (ex.Format) unless a form builds it.
func shownPrompt(ex exercise.Exercise, lang string) string {
	p := ex.Prompt.In(lang)
	if f := ex.Format.In(lang); f != "" && !usesForm(ex) {
		p += "\n" + f
	}
	return p
}

var (
	feedbackPath = regexp.MustCompile(`\$\.([A-Za-z0-9_\-]+)(?:\[(\d+)\])?|^([A-Za-z0-9_\-]+)\[(\d+)\]`)
	channelCode  = regexp.MustCompile(`"(protocol-error|http-status) (-?\d+|<[^>]+>)"`)
)

// formFeedback is one line of feedback for a form exercise: "$.attempts"
// becomes "attempts" (the field's legend), "backoff[4]" the 5th value
// ("backoff 5", as the slots are numbered), and a channel written in the
// grader's syntax ("protocol-error -32600") the picker's choice and code.
func formFeedback(ex exercise.Exercise, lang, line string) string {
	if !usesForm(ex) {
		return line
	}
	known := map[string]bool{}
	for _, f := range ex.Fields {
		known[f.ID] = true
	}
	for _, q := range ex.Questions {
		known[q.ID] = true
	}
	line = feedbackPath.ReplaceAllStringFunc(line, func(m string) string {
		sub := feedbackPath.FindStringSubmatch(m)
		id, idx := sub[1], sub[2]
		if id == "" {
			id, idx = sub[3], sub[4]
		}
		if !known[id] {
			return m
		}
		if idx == "" {
			return id
		}
		n, _ := strconv.Atoi(idx)
		return id + " " + strconv.Itoa(n+1)
	})
	return channelCode.ReplaceAllStringFunc(line, func(m string) string {
		sub := channelCode.FindStringSubmatch(m)
		word := "ex.chan.code"
		if sub[1] == exercise.ChannelHTTPStatus {
			word = "ex.chan.status"
		}
		return sub[1] + " + " + tr(lang, word) + " " + sub[2]
	})
}

// countsAsAttempt reports whether a graded answer is an attempt (recorded,
// counted towards the model answer). A correct answer always is; a wrong
// one is unless it could not be read at all: the grader read no rule
// against it (fb.Unreadable: empty, JSON that does not parse), or the form
// holds nothing or a number field something that is not a number (Form.
// Unreadable). JSON that parses but breaks the schema or the protocol's
// rules is an attempt, so three of them unlock the model answer.
func countsAsAttempt(ex exercise.Exercise, f Form, fb exercise.Feedback) bool {
	return fb.Correct || !(fb.Unreadable || f.Unreadable(ex))
}

// Unreadable reports whether the form's answer cannot be read at all —
// nothing picked or typed, a number field holding something that is not a
// number, a code that is not a number — so grading it is no attempt: the
// learner fixes the typo without losing one of the tries before the model
// answer. Text answers are the grader's to judge (Feedback.Unreadable).
func (f Form) Unreadable(ex exercise.Exercise) bool {
	switch ex.Kind {
	case exercise.KindNumeric:
		typed := false
		for _, fl := range ex.Fields {
			for _, s := range f.Nums[fl.ID] {
				if strings.TrimSpace(s) == "" {
					continue
				}
				typed = true
				if !strings.HasPrefix(numberJSON(s), "\"") {
					continue
				}
				return true
			}
		}
		return !typed
	case exercise.KindChannel:
		picked := false
		for _, q := range ex.Questions {
			p := f.Chans[q.ID]
			if p.Channel != "" {
				picked = true
			}
			if c := strings.TrimSpace(p.Code); c != "" && p.Channel != exercise.ChannelToolError {
				if _, err := strconv.Atoi(c); err != nil {
					return true
				}
			}
		}
		return !picked
	}
	return false
}
