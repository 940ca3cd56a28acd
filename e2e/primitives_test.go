package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	ui "mcpwirelab/app"
	"mcpwirelab/sim/exercise"
	"mcpwirelab/sim/scenario"

	"mcpwirelab/sim/protocol"
)

// TestPrimitiveScenarios: resources, prompts and logging, each from a deep
// link (with a fault where it has one), stepped through with → to the last
// step, the inspector following; then each compare view from its own deep
// link, with the rows that show what moved between the eras, and → moving
// the learner's row.
func TestPrimitiveScenarios(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	for _, c := range []struct {
		scenario, transport, fault string
		// spec is a section one of its steps cites (the inspector shows it)
		spec string
	}{
		{"resources", "http", "none", "basic/patterns/subscriptions"},
		{"resources", "stdio", "not-found", "server/resources#error-handling"},
		{"prompts", "http", "param-mismatch", "streamable-http#client-behavior"},
		{"logging", "http", "set-level", "server/utilities/logging#per-request-log-level"},
	} {
		name := c.scenario + "/" + c.transport + "/" + c.fault
		stepToTheEnd(t, ctx, name, fmt.Sprintf("%s/?scenario=%s&version=2026-07-28&transport=%s&fault=%s&step=1&lang=en", srv.URL, c.scenario, c.transport, c.fault), c.spec)
	}

	// The compare views: what moved between 2025-11-25 and 2026-07-28.
	for _, c := range []struct {
		link  string
		sel   string // rows that must exist
		wants []string
	}{
		{"scenario=resources&transport=http", "#compare .cmp-row.changed", []string{"changed: resources/subscribe → subscriptions/listen"}},
		{"scenario=resources&transport=http", "#compare .cmp-row.only-a", []string{"resources/unsubscribe", "GET /mcp"}},
		{"scenario=resources&transport=stdio&fault=not-found", "#compare .cmp-row.changed", []string{"changed: -32002 → -32602"}},
		{"scenario=logging&transport=http", "#compare .cmp-row.only-a", []string{"logging/setLevel"}},
		{"scenario=logging&transport=http", "#compare .feat", []string{"_meta logLevel"}},
		{"scenario=prompts&transport=http", "#compare .feat", []string{"Mcp-Param-Office"}},
	} {
		loadLink(t, ctx, srv.URL+"/?"+c.link+"&version=2026-07-28&view=compare&lang=en")
		eventually(t, c.link+": compare view", textIs(t, ctx, "#compare", func(s string) bool { return s != "" }))
		got := compareRows(t, ctx, c.sel)
		for _, w := range c.wants {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %s with %q:\n%s", c.link, c.sel, w, got)
			}
		}
	}
	// → moves the learner's row through the compare view.
	loadLink(t, ctx, srv.URL+"/?scenario=resources&version=2026-07-28&transport=http&view=compare&step=3&lang=en")
	current := `[...document.querySelectorAll("#compare tbody tr")].findIndex((r) => r.classList.contains("current"))`
	before := evalInt(t, ctx, current)
	run(t, ctx, "→", key(kb.ArrowRight))
	eventually(t, "the current row moves", func() (bool, string) {
		n := evalInt(t, ctx, current)
		return n > before, fmt.Sprint(n)
	})
	shot(t, ctx, "compare-resources-en.png")
	// In Chinese the change is named too.
	loadLink(t, ctx, srv.URL+"/?scenario=resources&version=2026-07-28&transport=stdio&fault=not-found&view=compare&lang=zh")
	if got := compareRows(t, ctx, "#compare .cmp-row.changed"); !strings.Contains(got, "有变化：-32002 → -32602") {
		t.Errorf("zh compare: %s", got)
	}

	// Stepped through in Chinese: the 2026-07-28 host that asks for no log
	// level gets none, and a step quotes the MUST NOT in English with its
	// Chinese gloss beside it.
	mustNot := "The server MUST NOT emit `notifications/message` for a request that does not include this field."
	gloss := scenario.QuoteGloss(mustNot)
	if gloss == "" {
		t.Fatalf("no gloss for %q", mustNot)
	}
	loadLink(t, ctx, srv.URL+"/?scenario=logging&version=2026-07-28&transport=http&fault=missing-loglevel&step=1&lang=zh")
	total := evalInt(t, ctx, jsTotal)
	quoted := false
	for i := 2; i <= total && !quoted; i++ {
		run(t, ctx, "→", key(kb.ArrowRight))
		eventually(t, fmt.Sprintf("zh logging: step %d", i), textIs(t, ctx, "#inspector .insp-step", func(s string) bool {
			return strings.HasPrefix(s, "步骤") && strings.HasSuffix(s, fmt.Sprint(" ", i))
		}))
		q := evalString(t, ctx, `(document.querySelector("#inspector .quote") || {}).textContent || ""`)
		quoted = strings.Contains(q, strings.ReplaceAll(mustNot, "`", "")) && strings.Contains(q, strings.ReplaceAll(gloss, "`", ""))
	}
	if !quoted {
		t.Errorf("zh logging/missing-loglevel: no step quotes %q with its gloss", mustNot)
	}
	shot(t, ctx, "logging-missing-loglevel-zh.png")
}

// TestPrimitiveExercises: the read-resource exercise graded by the engine's
// real server in the page (a URI it has, then the right answer), and the
// log-messages choice exercise ticked in its form, in Chinese.
func TestPrimitiveExercises(t *testing.T) {
	srv := newServer(t, "")
	t.Parallel() // once the site is built (newServer): parallelTests
	ctx, cancel := newBrowser(t)
	defer cancel()
	read, _ := exercise.ByID(exercise.IDReadResource)
	parts := ui.SplitParts(read, read.ModelAnswer)
	run(t, ctx, "open read-resource", chromedp.Navigate(srv.URL+"/?view=exercises&ex=read-resource&lang=en"), waitView("#editor-missing"))
	run(t, ctx, "type the parts", setInput("#editor-page", parts["page"]), setInput("#editor-missing", parts["page"]), click("#submit"))
	eventually(t, "a page that exists is not missing", textIs(t, ctx, "#fb-problems", func(s string) bool {
		return strings.Contains(s, "[missing] the server has company://handbook/office-days and returned its contents")
	}))
	run(t, ctx, "fix", setInput("#editor-missing", parts["missing"]), click("#submit"))
	eventually(t, "graded by the server", textIs(t, ctx, "#feedback", func(s string) bool {
		return strings.Contains(s, "Correct.") && strings.Contains(s, "-32602")
	}))

	run(t, ctx, "open log-messages", chromedp.Navigate(srv.URL+"/?view=exercises&ex=log-messages&lang=zh"), waitView(`#exercise[data-ex="log-messages"]`))
	run(t, ctx, "tick a wrong set", click("#c-logs-export-info"), click("#c-logs-listen"), click("#submit"))
	eventually(t, "the listen stream carries no log messages", textIs(t, ctx, "#fb-problems", func(s string) bool {
		return strings.Contains(s, "subscriptions/listen") && strings.Contains(s, "不得")
	}))
	run(t, ctx, "fix", click("#c-logs-listen"), click("#c-logs-post-debug"), click("#submit"))
	eventually(t, "correct", textIs(t, ctx, "#fb-summary", func(s string) bool { return strings.Contains(s, "正确") }))

	// Progress survives a reload: both stored, the ticks back in the form,
	// both cards marked solved in the list.
	st := storedProgress(t, ctx)
	if p := st.Get(exercise.IDReadResource); !p.Solved || p.Attempts != 2 || !strings.Contains(p.LastAnswer, parts["missing"]) {
		t.Fatalf("read-resource stored as %+v", p)
	}
	if p := st.Get(exercise.IDLogMessages); !p.Solved || p.Attempts != 2 {
		t.Fatalf("log-messages stored as %+v", p)
	}
	run(t, ctx, "reload", chromedp.Reload(), waitView(`#exercise[data-ex="log-messages"]`))
	eventually(t, "ticks restored after reload", evalBool(t, ctx,
		`["c-logs-export-info","c-logs-post-debug"].every(id => document.getElementById(id).checked) && !document.getElementById("c-logs-listen").checked`))
	eventually(t, "solved after reload", textIs(t, ctx, "#ex-status", func(s string) bool { return strings.Contains(s, "已完成") }))
	run(t, ctx, "list after reload", click("#ex-back"), waitView("#ex-list"))
	eventually(t, "list marks", evalBool(t, ctx, `(() => {
		const card = id => document.querySelector('#ex-list li[data-ex="' + id + '"]');
		return card("read-resource").classList.contains("solved") && card("log-messages").classList.contains("solved") &&
			!card("resource-not-found").classList.contains("solved");
	})()`))
	eventually(t, "summary in Chinese", textIs(t, ctx, "#ex-summary", func(s string) bool {
		return strings.Contains(s, fmt.Sprintf("已完成 2 / %d · 共提交 4 次", len(exercise.All())))
	}))
	run(t, ctx, "back to read-resource", chromedp.Navigate(srv.URL+"/?view=exercises&ex=read-resource&lang=en"), waitView("#editor-missing"))
	var nameLine string
	for _, l := range strings.Split(parts["missing"], "\n") {
		if strings.HasPrefix(l, protocol.HeaderName+":") {
			nameLine = l
		}
	}
	if nameLine == "" {
		t.Fatalf("no %s line in the model answer's missing part", protocol.HeaderName)
	}
	eventually(t, "the answer is back in its part", evalBool(t, ctx,
		fmt.Sprintf(`document.getElementById("editor-missing").value.includes(%q)`, nameLine)))

	// param-header in Chinese: 上海 typed raw into Mcp-Param-Office is
	// refused with the server's own reason; the Base64 form passes.
	param, _ := exercise.ByID(exercise.IDParamHeader)
	pp := ui.SplitParts(param, param.ModelAnswer)
	encoded := protocol.EncodeValue("上海")
	if !strings.Contains(pp["shanghai"], encoded) {
		t.Fatalf("the model answer has no %s:\n%s", encoded, pp["shanghai"])
	}
	run(t, ctx, "open param-header", chromedp.Navigate(srv.URL+"/?view=exercises&ex=param-header&lang=zh"), waitView("#editor-shanghai"))
	run(t, ctx, "raw UTF-8 header", setInput("#editor-lisbon", pp["lisbon"]), setInput("#editor-shanghai", strings.Replace(pp["shanghai"], encoded, "上海", 1)), click("#submit"))
	eventually(t, "refused with the reason", textIs(t, ctx, "#fb-problems", func(s string) bool {
		return strings.Contains(s, "[shanghai] Mcp-Param-Office header: invalid character") && strings.Contains(s, "服务器会返回 400 和 -32020")
	}))
	run(t, ctx, "Base64", setInput("#editor-shanghai", pp["shanghai"]), click("#submit"))
	eventually(t, "param-header correct", textIs(t, ctx, "#fb-summary", func(s string) bool { return strings.Contains(s, "正确") }))
}
