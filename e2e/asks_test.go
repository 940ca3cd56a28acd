package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"mcpwirelab/sim/exercise"
)

// TestAskScenarios: elicitation, sampling, roots and tasks from deep links
// (one fault each where it changes the lesson), stepped through with → to
// the last step, the inspector following and citing the spec; one step in
// Chinese with its quoted MUST and gloss; then the elicitation compare
// view in both languages: the 2025-11-25 server request on the row of the
// 2026-07-28 input_required result, marked ⇄ with what moved, the steps
// only 2025-11-25 needs marked as such, each cell naming its role.
func TestAskScenarios(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	for _, c := range []struct {
		scenario, version, transport, fault string
		spec                                string // a section one of its steps cites
	}{
		{"elicitation", "2025-11-25", "http", "none", "basic/transports#sending-messages-to-the-server"},
		{"elicitation", "2026-07-28", "stdio", "tampered-state", "basic/patterns/mrtr"},
		{"sampling", "2026-07-28", "http", "user-declines", "client/sampling"},
		{"roots", "2025-11-25", "stdio", "roots-changed", "client/roots"},
		{"tasks", "2025-11-25", "stdio", "cancel-task", "basic/utilities/tasks"},
		{"tasks", "2026-07-28", "http", "none", "basic/index#statelessness"},
	} {
		name := strings.Join([]string{c.scenario, c.version, c.transport, c.fault}, "/")
		stepToTheEnd(t, ctx, name, fmt.Sprintf("%s/?scenario=%s&version=%s&transport=%s&fault=%s&step=1&lang=en", srv.URL, c.scenario, c.version, c.transport, c.fault), c.spec)
	}

	// In Chinese: the tampered retry (step 15) quotes the MUST with its gloss.
	loadLink(t, ctx, srv.URL+"/?scenario=elicitation&version=2026-07-28&transport=stdio&fault=tampered-state&step=15&lang=zh")
	eventually(t, "zh: the retry's note, quote and gloss", textIs(t, ctx, "#inspector", func(s string) bool {
		return strings.Contains(s, "MUST echo back the exact value") && strings.Contains(s, "原样回传该字段的确切值")
	}))
	shot(t, ctx, "elicitation-tampered-zh.png")

	// The compare view, the heart of it.
	loadLink(t, ctx, srv.URL+"/?scenario=elicitation&version=2026-07-28&transport=http&view=compare&lang=en")
	eventually(t, "compare view", textIs(t, ctx, "#compare", func(s string) bool { return s != "" }))
	moved := compareRows(t, ctx, "#compare .cmp-row.moved")
	for _, w := range []string{
		"one role, carried differently: SSE · request elicitation/create → 200 OK · result input_required",
		"one role, carried differently: POST /mcp · result → POST /mcp · request tools/call",
		"THE SERVER ASKS THE CLIENT", // the role, named by the engine (CSS upper-cases it)
	} {
		if !strings.Contains(strings.ToUpper(moved), strings.ToUpper(w)) {
			t.Errorf("compare: no moved row with %q:\n%s", w, moved)
		}
	}
	if only := compareRows(t, ctx, "#compare .cmp-row.only-a"); !strings.Contains(only, "202 Accepted") {
		t.Errorf("compare: the answer's 202 is not a 2025-11-25-only row:\n%s", only)
	}
	eventually(t, "the ⇄ legend", textIs(t, ctx, "#cmp-moved", func(s string) bool { return strings.Contains(s, "input_required") }))
	shot(t, ctx, "compare-elicitation-en.png")
	loadLink(t, ctx, srv.URL+"/?scenario=elicitation&version=2026-07-28&transport=http&view=compare&lang=zh")
	eventually(t, "zh compare view", textIs(t, ctx, "#compare", func(s string) bool { return s != "" }))
	if got := compareRows(t, ctx, "#compare .cmp-row.moved"); !strings.Contains(got, "服务器向客户端提问") || !strings.Contains(got, "同一个角色，承载方式不同") {
		t.Errorf("zh compare: %s", got)
	}
	shot(t, ctx, "compare-elicitation-zh.png")
}

// TestAskExercises: mrtr-retry answered wrong (the original id), then
// right — graded by the engine's server, which books the slot — and still
// solved with the answer restored after a reload; the two choice
// exercises answered in Chinese, one wrong first, kept across a reload.
func TestAskExercises(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	retry, _ := exercise.ByID(exercise.IDRetryInput)
	run(t, ctx, "open mrtr-retry", chromedp.Navigate(srv.URL+"/?view=exercises&ex=mrtr-retry&lang=en"), waitView("#editor"))
	eventually(t, "the engine's input_required result in the prompt", textIs(t, ctx, "#exercise", func(s string) bool {
		return strings.Contains(s, `"resultType":"input_required"`) && strings.Contains(s, `"requestState":"`)
	}))
	wrong := strings.Replace(retry.ModelAnswer, `"id":4,`, `"id":3,`, 1)
	run(t, ctx, "submit the original id", setInput("#editor", wrong), click("#submit"))
	eventually(t, "the id problem", textIs(t, ctx, "#fb-problems", func(s string) bool {
		return strings.Contains(s, "the retry is a new request and MUST have a new id")
	}))
	run(t, ctx, "the model answer", setInput("#editor", retry.ModelAnswer), click("#submit"))
	eventually(t, "accepted: the server booked the slot", textIs(t, ctx, "#feedback", func(s string) bool {
		return strings.Contains(s, "Correct.") && strings.Contains(s, "Booked Borealis on 2026-12-03")
	}))
	shot(t, ctx, "exercise-mrtr-retry-en.png")
	run(t, ctx, "reload", chromedp.Reload(), waitView("#editor"))
	eventually(t, "answer restored", func() (bool, string) {
		var v string
		err := chromedp.Run(ctx, chromedp.Value("#editor", &v, chromedp.ByQuery))
		return err == nil && v == retry.ModelAnswer, v
	})
	eventually(t, "solved after reload", textIs(t, ctx, "#ex-status", func(s string) bool { return strings.Contains(s, "solved") }))

	run(t, ctx, "open missing-client-capability (zh)", chromedp.Navigate(srv.URL+"/?view=exercises&ex=missing-client-capability&lang=zh"), waitView("#submit"))
	run(t, ctx, "a wrong status", click("#c-code--32021"), click("#c-status-404"), click("#c-data-required"), click("#submit"))
	eventually(t, "zh: the status is wrong", textIs(t, ctx, "#fb-problems", func(s string) bool { return strings.Contains(s, "404") }))
	run(t, ctx, "the right status", click("#c-status-400"), click("#submit"))
	eventually(t, "zh: correct", textIs(t, ctx, "#fb-summary", func(s string) bool { return strings.Contains(s, "正确") }))

	run(t, ctx, "open legacy-ask-route (zh)", chromedp.Navigate(srv.URL+"/?view=exercises&ex=legacy-ask-route&lang=zh"), waitView("#submit"))
	run(t, ctx, "answer", click("#c-stream-post-sse"), click("#c-answer-new-post"), click("#c-ack-202"), click("#submit"))
	eventually(t, "zh: correct", textIs(t, ctx, "#fb-summary", func(s string) bool { return strings.Contains(s, "正确") }))
	run(t, ctx, "reload", chromedp.Reload(), waitView("#submit"))
	eventually(t, "choices restored", evalBool(t, ctx,
		`["c-stream-post-sse","c-answer-new-post","c-ack-202"].every(id => document.getElementById(id).checked)`))
	s := storedProgress(t, ctx)
	for _, id := range []string{exercise.IDRetryInput, exercise.IDMissingCap, exercise.IDLegacyAskRoute} {
		if p := s.Get(id); !p.Solved {
			t.Errorf("%s stored as %+v", id, p)
		}
	}
	if p := s.Get(exercise.IDMissingCap); p.Attempts != 2 {
		t.Errorf("missing-client-capability: %d attempts, want 2", p.Attempts)
	}
}
