package exercise

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"mcpwirelab/sim/text/zhtest"
)

// The graders' feedback is assembled in Go from the records of
// messages.text and the values the code fills in. zhFeedback grades an
// answer in Chinese and checks every problem and note as the glossary
// checks every zh text: no avoided word, and no English but the engine's
// names, the exercises' own names and what the server answered (its own
// words, which the feedback quotes). check runs it on every answer the
// tests grade, so a message built from an English fragment fails there.

// exerciseNames adds what the exercises name: the ids of their questions,
// choices, fields and parts, and the members of the hidden schema cases
// (bcc).
func exerciseNames(w *zhtest.Words) {
	w.AddIDs(All())
	for _, cs := range append(append([]schemaCase{}, emailValid...), emailInvalid...) {
		w.AddJSON([]byte(cs.instance), false)
	}
}

// recordingProbe remembers what the server answered, and the probe's own
// failures: data the feedback may quote.
type recordingProbe struct {
	Probe
	words *zhtest.Words
}

func (r recordingProbe) HTTP(raw string) (int, http.Header, []byte, error) {
	st, h, body, err := r.Probe.HTTP(raw)
	r.heard(string(body), err)
	return st, h, body, err
}

func (r recordingProbe) Stdio(lines []string) ([]string, error) {
	out, err := r.Probe.Stdio(lines)
	r.heard(strings.Join(out, "\n"), err)
	return out, err
}

func (r recordingProbe) heard(s string, err error) {
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "data:"))
		if json.Valid([]byte(l)) {
			r.words.AddJSON([]byte(l), true)
		} else {
			r.words.Add(l) // a line that is not JSON-RPC, which a problem quotes
		}
	}
	if err != nil {
		r.words.Add(err.Error())
	}
}

// zhFeedbackProblems grades answer in Chinese and lists what is wrong with
// its Chinese.
func zhFeedbackProblems(t *testing.T, g Grader, ex Exercise, answer string) []string {
	t.Helper()
	heard := zhtest.NewWords()
	if g.Probe != nil {
		g.Probe = recordingProbe{g.Probe, heard}
	}
	if ex.Kind == KindHTTP && g.Probe != nil {
		// What the server answers each part the learner wrote, as the grader
		// sends it: a local check may quote the message the server would
		// send (the Mcp-Param-* header it would refuse).
		c := &checker{lang: EN}
		parts := map[string]string{"": answer}
		if len(ex.Parts) > 0 {
			parts, _ = splitParts(c, &ex, answer)
		}
		for _, text := range parts {
			if req, ok := parseHTTP(c, text); ok {
				_, _, _, _ = g.Probe.HTTP(req.wire())
			}
		}
	}
	fb := g.Grade(ex, answer, ZH)
	ck, err := zhtest.Engine(exerciseNames, func(w *zhtest.Words) { w.Merge(heard) })
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range append(append([]string{fb.Summary}, fb.Problems...), fb.Notes...) {
		for _, p := range ck.Problems(s) {
			out = append(out, s+": "+p)
		}
	}
	return out
}

// TestZhFeedbackBroken: feedback assembled from an English fragment fails
// the Chinese check; the same feedback from its records passes.
func TestZhFeedbackBroken(t *testing.T) {
	ck, err := zhtest.Engine(exerciseNames)
	if err != nil {
		t.Fatal(err)
	}
	bad := sayf("channel-wrong", "code", "tool-error", "the tool failed with the wrong arguments")
	if len(ck.Problems(bad.Zh)) == 0 {
		t.Errorf("%q passes", bad.Zh)
	}
	good := sayf("channel-wrong", "code", "tool-error", say("error-channels.bad-id.why").Zh)
	if ps := ck.Problems(good.Zh); len(ps) > 0 {
		t.Errorf("%q: %v", good.Zh, ps)
	}
}
