package ui

import (
	"strings"
	"testing"

	"mcpwirelab/sim/scenario"
)

// TestLivePlan: the page replays the client's plan of the trace's /mcp
// requests (sim/client's ReplayPlan, tested there with the session swap).
// TestLivePlan: the page replays the client's plan of the trace's /mcp
// requests (sim/client's ReplayPlan, tested there with the session swap).
func TestLivePlan(t *testing.T) {
	tr, _ := run(t, scenario.Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http"})
	if got := len(LivePlan(tr, len(tr.Events)-1)); got != 5 { // initialize, initialized, tools/list, tools/call, DELETE
		t.Fatalf("%d requests", got)
	}
	api, _ := run(t, scenario.Options{Scenario: "http-anatomy", Version: "2026-07-28", Transport: "http"})
	if LivePlan(api, 100) != nil {
		t.Fatal("the toy API is not served by the dev server")
	}
}

func TestFaultNotApplicableIsTranslated(t *testing.T) {
	_, err := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http", Fault: "header-mismatch"})
	if err == nil {
		t.Fatal("header-mismatch should not apply to 2025-11-25")
	}
	for lang, want := range map[string]string{LangZh: "故障“请求头与消息体不一致”在这里不适用：它需要 2026-07-28 且走 HTTP", LangEn: "The fault “Header disagrees with body” does not apply here: it needs 2026-07-28 over HTTP"} {
		c := &Lab{labState: labState{lang: lang}}
		c.view.Fault = "header-mismatch"
		if got := c.faultNotApplicable(err); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want prefix %q", lang, got, want)
		}
	}
}
