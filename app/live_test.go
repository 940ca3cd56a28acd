package ui

import (
	"strings"
	"testing"

	"mcpwirelab/sim/scenario"
)

func TestLivePlan(t *testing.T) {
	tr, err := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http"})
	if err != nil {
		t.Fatal(err)
	}
	plan := LivePlan(tr, len(tr.Events)-1)
	var methods []string
	for _, r := range plan {
		methods = append(methods, r.Method)
		for _, h := range r.Headers {
			if liveDropped[h[0]] {
				t.Fatalf("step %d keeps header %s", r.Seq, h[0])
			}
		}
	}
	// initialize, initialized, tools/list, tools/call, DELETE
	if strings.Join(methods, " ") != "POST POST POST POST DELETE" {
		t.Fatalf("methods %v", methods)
	}
	if plan[0].SimStatus != 200 || plan[1].SimStatus != 202 || plan[4].SimStatus != 204 {
		t.Fatalf("simulated statuses %+v", plan)
	}
	if !strings.HasPrefix(plan[0].Body, `{"jsonrpc":"2.0","id":1,"method":"initialize"`) {
		t.Fatalf("body %q", plan[0].Body)
	}
	// The simulator's session id is swapped for the real one, and the token added.
	h := liveHeaders(plan[2], "real-session", "tok")
	if h["Mcp-Session-Id"] != "real-session" || h["Authorization"] != "Bearer tok" || h["Content-Type"] != "application/json" {
		t.Fatalf("headers %v", h)
	}
	if got := LivePlan(tr, 2); len(got) != 1 {
		t.Fatalf("up to step 3: %d requests, want 1", len(got))
	}

	stdio, _ := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio"})
	if LivePlan(stdio, 100) != nil {
		t.Fatal("stdio traces have nothing to fetch")
	}
	api, _ := scenario.Run(scenario.Options{Scenario: "http-anatomy", Version: "2026-07-28", Transport: "http"})
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
		c := &Lab{lang: lang}
		c.view.Fault = "header-mismatch"
		if got := c.faultNotApplicable(err); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want prefix %q", lang, got, want)
		}
	}
}
