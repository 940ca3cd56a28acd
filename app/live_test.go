package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

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
	for lang, want := range map[string]string{LangZh: "故障“请求头与请求体不一致”在这里不适用：它需要 2026-07-28 且走 HTTP", LangEn: "The fault “Header disagrees with body” does not apply here: it needs 2026-07-28 over HTTP"} {
		c := &Lab{labState: labState{lang: lang}}
		c.view.Fault = "header-mismatch"
		if got := c.faultNotApplicable(err); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want prefix %q", lang, got, want)
		}
	}
}

// The bad-origin and dns-rebinding requests are not replayed from the
// page (a browser sends its own Origin and Host): the page says why and
// gives the curl command, which carries the headers; the label counts
// what it does replay, grammatically for one.
func TestLiveUnsendable(t *testing.T) {
	t.Setenv(EnvLive, "1")
	t.Setenv(EnvNoAuth, "1")
	for _, c := range []struct {
		fault, header, button string
	}{
		{"bad-origin", "-H 'Origin: http://attacker.example'", ""},
		{"dns-rebinding", "-H 'Host: attacker.example:8080'", ""},
	} {
		tr, _ := run(t, scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: c.fault})
		for _, lang := range []string{LangEn, LangZh} {
			h := html.UnescapeString(app.HTMLString(&LiveRun{Tr: tr, Idx: len(tr.Events) - 1, Lang: lang, Base: "http://127.0.0.1:18080"}))
			want := map[string]string{LangEn: "Step 3 cannot be replayed from this page", LangZh: "第 3 步无法从本页面重放"}[lang]
			if !strings.Contains(h, want) || !strings.Contains(h, c.header) || !strings.Contains(h, "http://127.0.0.1:18080/mcp") {
				t.Errorf("%s %s: no reason or curl command with %s:\n%s", c.fault, lang, c.header, h)
			}
			if strings.Contains(h, "<button") {
				t.Errorf("%s %s: offers to replay a request the page cannot send", c.fault, lang)
			}
		}
	}
	tr, _ := run(t, scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http"})
	for idx, want := range map[int]string{2: "▶ Replay 1 request on the real server (/mcp)", len(tr.Events) - 1: "▶ Replay these "} {
		h := app.HTMLString(&LiveRun{Tr: tr, Idx: idx, Lang: LangEn})
		if !strings.Contains(h, want) || strings.Contains(h, "cannot be replayed") {
			t.Errorf("step %d: label %q not in\n%s", idx+1, want, h)
		}
	}
}
