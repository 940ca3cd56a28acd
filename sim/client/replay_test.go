package client_test

import (
	"strings"
	"testing"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/scenario"
)

func TestReplayPlan(t *testing.T) {
	tr, err := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http"})
	if err != nil {
		t.Fatal(err)
	}
	plan := client.ReplayPlan(tr, len(tr.Events)-1, scenario.EndpointPath)
	var methods []string
	for _, r := range plan {
		methods = append(methods, r.Method)
		for _, h := range r.Headers {
			switch h[0] {
			case "Host", "Content-Length", "User-Agent", "Origin":
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
	// Before the real server minted a session the simulated id goes as is;
	// after, the real one replaces it, and the token is added.
	var rp client.Replay
	if h := rp.Headers(plan[2], ""); !strings.HasPrefix(h["Mcp-Session-Id"], "5f3c9a1e") || h["Authorization"] != "" {
		t.Fatalf("headers before a real session %v", h)
	}
	rp.Answered("real-session")
	rp.Answered("") // a response without the header keeps the session
	h := rp.Headers(plan[2], "tok")
	if h["Mcp-Session-Id"] != "real-session" || h["Authorization"] != "Bearer tok" || h["Content-Type"] != "application/json" {
		t.Fatalf("headers %v", h)
	}
	if got := client.ReplayPlan(tr, 2, scenario.EndpointPath); len(got) != 1 {
		t.Fatalf("up to step 3: %d requests, want 1", len(got))
	}

	// The status is the one of the same exchange, even when another
	// exchange's response comes first (the 2025-11-25 timeout: the
	// notifications/cancelled POST is answered while the tools/call stream
	// is still open).
	tr, _ = scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2025-11-25", Transport: "http", Fault: "timeout"})
	for _, r := range client.ReplayPlan(tr, len(tr.Events)-1, scenario.EndpointPath) {
		if strings.Contains(r.Body, `"notifications/cancelled"`) && r.SimStatus != 202 {
			t.Fatalf("cancellation status %d", r.SimStatus)
		}
	}

	stdio, _ := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio"})
	if client.ReplayPlan(stdio, 100, scenario.EndpointPath) != nil {
		t.Fatal("stdio traces have nothing to fetch")
	}
}

// A request whose Origin, or whose Host naming another machine, a page
// cannot send is marked with the header lines, not silently replayed
// without them (the real server would answer 200 where the simulator's
// refused with 403, as if it had no such defence).
func TestReplayUnsendable(t *testing.T) {
	for _, c := range []struct {
		fault string
		want  string
	}{
		{"bad-origin", "Origin: http://attacker.example"},
		{"dns-rebinding", "Host: attacker.example:8080; Origin: http://attacker.example:8080"},
		{"none", ""},
	} {
		tr, err := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: c.fault})
		if err != nil {
			t.Fatal(err)
		}
		plan := client.ReplayPlan(tr, len(tr.Events)-1, scenario.EndpointPath)
		if got := strings.Join(plan[0].Unsendable, "; "); got != c.want {
			t.Errorf("%s: first request unsendable %q, want %q", c.fault, got, c.want)
		}
		for _, r := range plan[1:] {
			if c.fault == "none" && len(r.Unsendable) > 0 {
				t.Errorf("%s: step %d unsendable %q", c.fault, r.Seq, r.Unsendable)
			}
		}
		if c.want != "" && plan[0].SimStatus != 403 {
			t.Errorf("%s: simulated %d, want 403", c.fault, plan[0].SimStatus)
		}
	}
}

func TestPageCannotSend(t *testing.T) {
	for _, c := range []struct {
		name, value string
		want        bool
	}{
		{"Origin", "http://127.0.0.1:8080", true}, // the browser sends its own, or none
		{"origin", "http://attacker.example", true},
		{"Host", "attacker.example:8080", true},
		{"Host", "127.0.0.1:8080", false}, // the page's own host is loopback too
		{"Host", "localhost:9", false},
		{"Host", "[::1]:8080", false},
		{"Content-Length", "12", false}, // forbidden, but the browser writes the right one
		{"Mcp-Session-Id", "x", false},
	} {
		if got := client.PageCannotSend(c.name, c.value); got != c.want {
			t.Errorf("%s: %s = %v, want %v", c.name, c.value, got, c.want)
		}
	}
	for _, h := range []string{"Host", "Origin", "Content-Length"} {
		if !client.IsForbiddenRequestHeader(strings.ToLower(h)) {
			t.Errorf("%s is a forbidden request-header name", h)
		}
	}
	if client.IsForbiddenRequestHeader("Mcp-Session-Id") || client.IsForbiddenRequestHeader("Authorization") {
		t.Error("a page may set Mcp-Session-Id and Authorization")
	}
}
