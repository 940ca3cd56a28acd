package check

import (
	"encoding/json"
	"errors"
	"testing"

	"mcpwirelab/internal/testenv"
	"mcpwirelab/sim/protocol"
)

// TestLabAnswerNotInLab (issue 26): the lab's own answer is shown only
// where the lab's server has the same tool or method. A learner's own
// tool (replay_steps) or a method the lab's engine does not implement gets
// a NotInLabError naming it, not the lab's "Unknown tool" as if it were
// the right answer; a course tool gets the lab's answer; the checker's own
// probes of an unknown tool and method keep the lab's error, which is the
// answer the course calls right there.
func TestLabAnswerNotInLab(t *testing.T) {
	testenv.SkipShort(t, "the checked servers as real processes and sockets")
	calls := append([]Call{{Name: "replay_steps", Args: json.RawMessage(`{"n":1}`)}}, courseCalls...)
	for _, run := range capture(t, httpTarget(t, "correct"), Options{Calls: calls}) {
		x := newView(run.Trace)
		seen := map[string]bool{}
		for i := range run.Trace.Events {
			if !x.sent(i) || len(x.msgs[i]) != 1 {
				continue
			}
			m := x.msgs[i][0]
			var p struct{ Name string }
			_ = json.Unmarshal(m.Params, &p)
			rep, err := LabAnswer(run.Trace, i)
			var nle *NotInLabError
			switch {
			case m.Method == protocol.MethodToolsCall && p.Name == "replay_steps":
				seen["own"] = true
				if !errors.As(err, &nle) || nle.Kind != "tool" || nle.Name != "replay_steps" {
					t.Errorf("%s step %d: the learner's own tool gets %q, %v; want a NotInLabError for tool replay_steps", run.Version, i+1, rep.Raw, err)
				}
			case m.Method == protocol.MethodToolsCall && p.Name == "list_emails":
				seen["course"] = true
				if err != nil || len(rep.Messages) == 0 {
					t.Errorf("%s step %d: a course tool has no lab answer: %v", run.Version, i+1, err)
				}
			case x.tags[i] == tagUnknownTool || x.tags[i] == tagUnknownMethod:
				seen[x.tags[i]] = true
				if err != nil || len(rep.Messages) == 0 || rep.Messages[0].Error == nil {
					t.Errorf("%s step %d (%s): the checker's probe lost the lab's error answer: %q, %v", run.Version, i+1, x.tags[i], rep.Raw, err)
				}
				if x.tags[i] == tagUnknownMethod {
					// The same request, not the checker's probe: the lab
					// answers -32601, so it has no such method.
					e := run.Trace.Events[i]
					saved := e.Note
					run.Trace.Events[i].Note = "learner.own"
					_, err := LabAnswer(run.Trace, i)
					run.Trace.Events[i].Note = saved
					if !errors.As(err, &nle) || nle.Kind != "method" || nle.Name != m.Method {
						t.Errorf("%s step %d: a method the lab lacks gets %v; want a NotInLabError for method %s", run.Version, i+1, err, m.Method)
					}
				}
			}
		}
		for _, k := range []string{"own", "course", tagUnknownTool, tagUnknownMethod} {
			if !seen[k] {
				t.Errorf("%s: no %s request in the capture", run.Version, k)
			}
		}
	}
}
