package scenario

import (
	"encoding/json"

	"net/http"
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

func run(t *testing.T, scenario, version, transport, fault string) *trace.Trace {
	t.Helper()
	tr, err := Run(Options{Scenario: scenario, Version: version, Transport: transport, Fault: fault})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// methodsSent lists the methods the client put on the wire, in order.
func methodsSent(t *testing.T, tr *trace.Trace) []string {
	var out []string
	for _, e := range tr.Events {
		if e.From != trace.Client || e.Kind != trace.KindMessage {
			continue
		}
		for _, raw := range e.Messages {
			out = append(out, decode(t, raw).Method)
		}
	}
	return out
}

func TestCapabilitiesOutcome(t *testing.T) {
	for _, c := range []struct {
		version, transport string
		status             int
	}{
		{"2026-07-28", "http", http.StatusNotFound}, {"2025-11-25", "http", http.StatusOK},
		{"2026-07-28", "stdio", 0}, {"2025-11-25", "stdio", 0},
	} {
		tr := run(t, "capabilities", c.version, c.transport, "none")
		e := find(tr, "prompts-list.error.32601")
		if len(e) != 1 {
			t.Fatalf("%s/%s: no -32601 for prompts/list", c.version, c.transport)
		}
		if c.status != 0 && e[0].HTTP.Status != c.status {
			t.Fatalf("%s/%s: status %d, want %d", c.version, c.transport, e[0].HTTP.Status, c.status)
		}
		if !strings.Contains(find(tr, "capabilities.read")[0].Raw, `{"tools":{"listChanged":false}}`) {
			t.Fatal("the client should show the declared capabilities")
		}
		// Extensions beyond tasks (changelog minor 1): under 2026-07-28
		// every request declares the MCP Apps extension the Host supports;
		// 2025-11-25's capabilities have no extensions field.
		apps := `"extensions":{"` + protocol.ExtApps + `":{"mimeTypes":["` + protocol.AppsMimeType + `"]}}`
		for _, e := range tr.Events {
			if e.From != trace.Client || len(e.Messages) == 0 || !strings.Contains(string(e.Messages[0]), `"method"`) || strings.Contains(string(e.Messages[0]), `"notifications/`) {
				continue
			}
			if has := strings.Contains(string(e.Messages[0]), apps); has != (c.version == "2026-07-28") {
				t.Errorf("%s/%s event %d (%s): declares the apps extension %v", c.version, c.transport, e.Seq, e.Note, has)
			}
		}
		if len(find(tr, "capabilities.extensions")) != 1 {
			t.Errorf("%s/%s: the Host does not say it reverts to core behaviour", c.version, c.transport)
		}
	}
}

func TestListChangedOutcome(t *testing.T) {
	for _, v := range protocol.Versions() {
		for _, tp := range Transports {
			tr := run(t, "list-changed", v, tp, "none")
			changed := find(tr, "tools-changed")
			if len(changed) != 1 || changed[0].TimeMs != 2000 {
				t.Fatalf("%s/%s: tools-changed events %+v", v, tp, changed)
			}
			n := decode(t, changed[0].Messages[0])
			if v == "2026-07-28" {
				ack := find(tr, "subscription.acknowledged")
				if len(ack) != 1 || ack[0].Seq > changed[0].Seq {
					t.Fatalf("%s/%s: the acknowledgment must come first", v, tp)
				}
				// subscriptions: every notification carries the listen id.
				listen := find(tr, "listen.request")
				id := decode(t, listen[0].Messages[0]).ID.String()
				if !strings.Contains(string(n.Params), `"io.modelcontextprotocol/subscriptionId":`+id) {
					t.Fatalf("%s/%s: notification %s lacks subscriptionId %s", v, tp, changed[0].Messages[0], id)
				}
				if got := responsesTo(tr, id); len(got) != 0 {
					t.Fatalf("%s/%s: a cancelled subscription was answered", v, tp)
				}
			} else if len(n.Params) != 0 {
				t.Fatalf("2025-11-25 list_changed has params %s", n.Params)
			}
			lists := append(find(tr, "tools-list.result"), find(tr, "relist.result")...)
			if len(lists) != 2 || !strings.Contains(lists[1].Raw, `"name":"book_room"`) || strings.Contains(lists[0].Raw, `"name":"book_room"`) {
				t.Fatalf("%s/%s: the re-list should show book_room, the first list not", v, tp)
			}
		}
	}
}

func TestLoadBalancerOutcome(t *testing.T) {
	tr := run(t, "load-balancer", "2025-11-25", "http", "none")
	lost := find(tr, "initialized.error.32600.http-404")
	if len(lost) != 2 || lost[0].Replica != 2 || lost[1].Replica != 2 {
		t.Fatalf("2025-11-25: want two 404s from replica 2, got %+v", lost)
	}
	if len(find(tr, "lb.give-up")) != 1 || len(find(tr, "tools-list")) != 0 {
		t.Fatal("2025-11-25: the client must give up before any tools/list")
	}

	tr = run(t, "load-balancer", "2026-07-28", "http", "none")
	replicas := []int{}
	for _, e := range tr.Events {
		if e.Channel == trace.HTTPRequest {
			replicas = append(replicas, e.Replica)
		}
	}
	if len(replicas) != 4 || replicas[0] != 1 || replicas[1] != 2 || replicas[2] != 1 || replicas[3] != 2 {
		t.Fatalf("2026-07-28: round robin replicas %v", replicas)
	}
	res := find(tr, "tools-call.result")
	if len(res) != 2 || res[1].Replica != 2 || !strings.Contains(res[1].Raw, `"sent":true`) {
		t.Fatalf("2026-07-28: send_draft on replica 2 should succeed with the handle from replica 1: %+v", res)
	}
}

func TestDualEraOutcome(t *testing.T) {
	for _, tp := range Transports {
		m := methodsSent(t, run(t, "dual-era", "2026-07-28", tp, "none"))
		if strings.Join(m, ",") != "server/discover,tools/list" {
			t.Fatalf("%s modern server: sent %v", tp, m)
		}
		tr := run(t, "dual-era", "2026-07-28", tp, "legacy-server")
		m = methodsSent(t, tr)
		if strings.Join(m, ",") != "server/discover,initialize,notifications/initialized,tools/list" {
			t.Fatalf("%s legacy server: sent %v", tp, m)
		}
		for _, e := range tr.Events[find(tr, "era.legacy")[0].Seq:] {
			if e.Kind != trace.KindThink && e.Version != "2025-11-25" {
				t.Fatalf("%s: event %d after the fallback is not tagged 2025-11-25", tp, e.Seq)
			}
		}
		tr = run(t, "dual-era", "2026-07-28", tp, "unsupported-version")
		m = methodsSent(t, tr)
		if strings.Join(m, ",") != "server/discover,server/discover,tools/list" {
			t.Fatalf("%s unsupported version: sent %v (must not fall back to initialize)", tp, m)
		}
		probe := find(tr, "probe.error.32022")
		if len(probe) != 1 {
			t.Fatalf("%s: no -32022 on the probe", tp)
		}
	}
}

func TestPoisoningOutcome(t *testing.T) {
	tr := run(t, "tool-poisoning", "2026-07-28", "http", "none")
	f := find(tr, "poisoning.flagged")
	if len(f) != 1 || !strings.Contains(f[0].Raw, "daily_quote") || !strings.Contains(f[0].Raw, "<IMPORTANT>") {
		t.Fatalf("flagged: %+v", f)
	}
	for _, e := range find(tr, "tools-call.request") {
		var p struct {
			Params struct{ Name string } `json:"params"`
		}
		_ = json.Unmarshal(e.Messages[0], &p)
		if p.Params.Name != "daily_quote" {
			t.Fatalf("the host let %s through", p.Params.Name)
		}
	}
	if got := decode(t, find(tr, "tools-call.result")[0].Messages[0]); got.Error != nil {
		t.Fatal(got.Error)
	}
}

// TestStreamDropOutcome: the network breaks the tools/call stream after the
// first progress event. 2025-11-25 resumes it with GET + Last-Event-ID and
// the server replays exactly what was missed (the tool ran once);
// 2026-07-28 lost the request and re-issues it with a new id (the tool
// runs again).
func TestStreamDropOutcome(t *testing.T) {
	progressIn := func(e trace.Event) []float64 {
		var out []float64
		for _, raw := range e.Messages {
			var m struct {
				Method string `json:"method"`
				Params struct {
					Progress float64 `json:"progress"`
				} `json:"params"`
			}
			_ = json.Unmarshal(raw, &m)
			if m.Method == "notifications/progress" {
				out = append(out, m.Params.Progress)
			}
		}
		return out
	}
	idOf := func(raw json.RawMessage) string { return decode(t, raw).ID.String() }

	// 2025-11-25.
	tr := run(t, "progress", "2025-11-25", "http", "stream-drop")
	var progress []float64
	for _, e := range tr.Events {
		progress = append(progress, progressIn(e)...)
	}
	if len(progress) != 3 || progress[0] != 1 || progress[1] != 2 || progress[2] != 3 {
		t.Fatalf("2025-11-25: progress seen %v, want 1 2 3 (each once: the tool ran once)", progress)
	}
	prime := find(tr, "tools-call.stream-prime")
	if len(prime) != 1 || !strings.HasSuffix(prime[0].Raw, "\r\n\r\nf\r\nid: 1-0\ndata:\n\n\r\n") {
		t.Fatalf("2025-11-25: priming event %+v", prime)
	}
	lost := find(tr, "stream-drop.lost")
	if len(lost) != 1 || lost[0].Kind != trace.KindClose || lost[0].Channel != trace.HTTPResponse || lost[0].TimeMs != 1000 {
		t.Fatalf("2025-11-25: the drop %+v", lost)
	}
	req := find(tr, "resume.request")
	if len(req) != 1 || !strings.HasPrefix(req[0].Raw, "GET /mcp HTTP/1.1\r\n") || !strings.Contains(req[0].Raw, "\r\nLast-Event-ID: 1-1\r\n") ||
		!strings.Contains(req[0].Raw, "\r\nMcp-Session-Id: ") || !strings.Contains(req[0].Raw, "\r\nAccept: text/event-stream\r\n") {
		t.Fatalf("2025-11-25: resume request %+v", req)
	}
	replayed := find(tr, "resume.progress")
	if len(replayed) != 2 || !strings.Contains(replayed[0].Raw, "id: 1-2\nevent: message\n") || !strings.Contains(replayed[1].Raw, "id: 1-3\nevent: message\n") {
		t.Fatalf("2025-11-25: replayed progress %+v", replayed)
	}
	calls := find(tr, "tools-call.request")
	res := find(tr, "resume.result")
	if len(calls) != 1 || len(res) != 1 || idOf(res[0].Messages[0]) != idOf(calls[0].Messages[0]) || !strings.Contains(res[0].Raw, "id: 1-4\nevent: message\n") {
		t.Fatalf("2025-11-25: %d tools/call, result on the resumed stream %+v", len(calls), res)
	}

	// 2026-07-28.
	tr = run(t, "progress", "2026-07-28", "http", "stream-drop")
	progress = nil
	for _, e := range tr.Events {
		progress = append(progress, progressIn(e)...)
		if strings.Contains(e.Raw, "\nid: ") || strings.HasPrefix(e.Raw, "id: ") || strings.Contains(e.Raw, "Last-Event-ID") {
			t.Fatalf("2026-07-28: event %d has SSE ids or Last-Event-ID: %q", e.Seq, e.Raw)
		}
	}
	if len(progress) != 4 || progress[0] != 1 || progress[1] != 1 || progress[3] != 3 {
		t.Fatalf("2026-07-28: progress seen %v, want 1 (lost stream), then 1 2 3 (the tool again)", progress)
	}
	calls = find(tr, "tools-call.request")
	results := find(tr, "tools-call.result")
	if len(calls) != 2 || len(results) != 1 || idOf(calls[0].Messages[0]) == idOf(calls[1].Messages[0]) ||
		idOf(results[0].Messages[0]) != idOf(calls[1].Messages[0]) {
		t.Fatalf("2026-07-28: want two tools/call with different ids and the result for the second; got %d calls, %d results", len(calls), len(results))
	}
	if len(find(tr, "stream-drop.reissue-plan")) != 1 || len(find(tr, "stream-drop.lost")) != 1 {
		t.Fatal("2026-07-28: the drop and the re-issue are not shown")
	}
}

// toolNames are the names a tools/list result lists, in order.
func toolNames(t *testing.T, e trace.Event) []string {
	t.Helper()
	var m struct {
		Result struct {
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
		} `json:"result"`
	}
	if len(e.Messages) != 1 || json.Unmarshal(e.Messages[0], &m) != nil {
		t.Fatalf("event %d is no tools/list result", e.Seq)
	}
	var out []string
	for _, tool := range m.Result.Tools {
		out = append(out, tool.Name)
	}
	return out
}

// TestToolOrderIsDeterministic: 2026-07-28 server/tools, "Servers SHOULD
// return tools in a deterministic order (i.e., the same ordering across
// requests when the underlying set of tools has not changed)"
// (changelog minor 3). Every tools/list of the default server, in every
// run of a version and transport, lists the same tools in the same order;
// after list-changed's edit the re-list keeps the first list's order and
// adds book_room after it; behind the load balancer both replicas agree.
func TestToolOrderIsDeterministic(t *testing.T) {
	seen := map[string][]string{}
	for _, m := range matrixTraces(t) {
		for _, e := range m.tr.Events {
			if !strings.HasPrefix(e.Note, "tools-list.result") && !strings.HasPrefix(e.Note, "relist.result") {
				continue
			}
			names := toolNames(t, e)
			if m.o.Scenario == "list-changed" {
				if first := find(m.tr, "tools-list.result"); strings.HasPrefix(e.Note, "relist.") && len(first) == 1 {
					was := toolNames(t, first[0])
					if !slices.Equal(names[:len(was)], was) || names[len(names)-1] != "book_room" {
						t.Errorf("%+v: re-list %v does not keep %v and add book_room after it", m.o, names, was)
					}
				}
				continue
			}
			if ok, _ := Servable(m.o); !ok {
				continue // a server of its own
			}
			if was, ok := seen[m.o.Version]; ok && !slices.Equal(was, names) {
				t.Errorf("%+v event %d: tools %v, another run listed %v", m.o, e.Seq, names, was)
			}
			seen[m.o.Version] = names
		}
	}
	if len(seen) != 2 {
		t.Fatalf("tools/list results seen for %d versions", len(seen))
	}
}
