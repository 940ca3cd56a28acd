package check

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// TestFreshCallsMinimal: structured-content-matches calls again only the
// tools named with -call that declare an outputSchema, each once (with
// its first arguments), each on a connection of its own; a tool without
// one, and the -slow tool, are not called again.
func TestFreshCallsMinimal(t *testing.T) {
	out := json.RawMessage(`{"type":"object"}`)
	p := &prober{o: Options{
		Calls: []Call{{Name: "plain", Args: json.RawMessage(`{}`)}, {Name: "typed", Args: json.RawMessage(`{"n":1}`)},
			{Name: "typed", Args: json.RawMessage(`{"n":2}`)}, {Name: "unlisted", Args: json.RawMessage(`{}`)}},
		Slow: &Call{Name: "slow", Args: json.RawMessage(`{}`)},
	}, tools: []mcp.Tool{{Name: "plain"}, {Name: "typed", OutputSchema: out}, {Name: "slow", OutputSchema: out},
		{Name: "null", OutputSchema: json.RawMessage(`null`)}}}
	if n := len(p.freshCalls()); n != 1 {
		t.Errorf("%d fresh runs, want 1 (typed, once)", n)
	}
	p.o.Calls = append(p.o.Calls, Call{Name: "null", Args: json.RawMessage(`{}`)})
	if n := len(p.freshCalls()); n != 1 {
		t.Errorf("an outputSchema of null is called again: %d fresh runs", n)
	}
}

// TestFreshSplitNamesItsStep: a fresh probe split over several
// connections (one tool call each) names the request that showed the
// deviation and the same call's answer in the other order, not the first
// fresh request or the other order's last answer.
func TestFreshSplitNamesItsStep(t *testing.T) {
	tools := `[{"name":"a","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}},` +
		`{"name":"b","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}}]`
	tr := stdioList("./server", tools)
	call := func(tag string, id int, name, structured string) {
		req := jsonrpc.Request(jsonrpc.IntID(int64(id)), protocol.MethodToolsCall, json.RawMessage(`{"name":"`+name+`","arguments":{}}`))
		res := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[],"structuredContent":%s}}`, id, structured)
		n := len(tr.Events)
		tr.Events = append(tr.Events,
			trace.Event{Seq: n + 1, From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Note: tag + ".request",
				Raw: string(req.Encode()) + "\n", Messages: []json.RawMessage{req.Encode()}},
			trace.Event{Seq: n + 2, From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Note: tag + ".result",
				Raw: res + "\n", Messages: []json.RawMessage{json.RawMessage(res)}, InReplyTo: n + 1})
	}
	launch := func() {
		tr.Events = append(tr.Events, trace.Event{Seq: len(tr.Events) + 1, From: trace.Host, To: trace.Server, Channel: trace.HostChannel,
			Kind: trace.KindLaunch, Raw: "$ ./server\n", Messages: []json.RawMessage{}})
	}
	d, _ := DefByID(IDStructured)
	ok, bad := `{"ok":true}`, `{"ok":"yes"}`
	for _, c := range []struct {
		a, b, freshA, freshB string // the answers: session (steps 6, 8), fresh (steps 11, 14)
		seq                  int
		says                 string
	}{
		// b's fresh call shows it; b's session answer was step 8.
		{ok, ok, ok, bad, 14, "the first after initialize on a fresh connection (step 13); later in the session the same request was answered as the spec asks (step 8)"},
		// a's fresh call shows it; a's session answer was step 6.
		{ok, ok, bad, ok, 11, "the first after initialize on a fresh connection (step 10); later in the session the same request was answered as the spec asks (step 6)"},
		// The session's b shows it; b's fresh call (step 13) was answered at step 14.
		{ok, bad, ok, ok, 8, "on a fresh connection (step 13), the same request was answered as the spec asks (step 14)"},
	} {
		tr.Events = tr.Events[:4]
		call(tagCall, 3, "a", c.a)
		call(tagCall, 4, "b", c.b)
		launch()
		call(tagCall+tagFresh, 2, "a", c.freshA)
		launch()
		call(tagCall+tagFresh, 2, "b", c.freshB)
		j := &judge{view: newView(tr)}
		g := j.grade(d)
		bilingual(t, tr, g.Msg)
		if g.Verdict != Fail || g.Seq != c.seq || !strings.Contains(g.Message, c.says) {
			t.Errorf("%s at step %d: %q, want a failure at step %d saying %q", g.Verdict, g.Seq, g.Message, c.seq, c.says)
		}
	}
}

// TestFreshCallNote: a tool called again on a fresh connection says why
// it is called again; its answer, and another probe's fresh request, are
// explained as the session's.
func TestFreshCallNote(t *testing.T) {
	v := protocol.V20251125
	fresh, session := Note(tagCall+tagFresh+".request", v, "stdio"), Note(tagCall+".request", v, "stdio")
	if fresh.Text == session.Text || !strings.Contains(fresh.Text.En, "called once more") || fresh.Quote != session.Quote {
		t.Errorf("the fresh call's note %q (quoting %q), the session's %q", fresh.Text.En, fresh.Quote, session.Text.En)
	}
	if a, b := Note(tagCall+tagFresh+".result", v, "stdio"), Note(tagCall+".result", v, "stdio"); a != b {
		t.Errorf("the fresh call's answer is explained as %q, the session's as %q", a.Text.En, b.Text.En)
	}
	if a, b := Note(tagInvalidArgs+tagFresh+".request", v, "stdio"), Note(tagInvalidArgs+".request", v, "stdio"); a != b {
		t.Errorf("invalid-args' fresh request is explained as %q, the session's as %q", a.Text.En, b.Text.En)
	}
}

// TestFreshOpeningJudged: 2025-11-25's initialize opening a fresh
// connection must speak the session's version too; its twin, answered as
// the session's was, passes.
func TestFreshOpeningJudged(t *testing.T) {
	for _, c := range []struct {
		fresh string
		want  Verdict
		says  string
	}{
		{protocol.V20251125, Pass, "initialize asked for"},
		{"2025-06-18", Fail, "initialize opening a fresh connection (step 3; "},
	} {
		var evs []trace.Event
		for _, o := range []struct{ tag, version string }{{tagInitialize, protocol.V20251125}, {tagInitialize + tagFresh, c.fresh}} {
			id := int64(len(evs)/2 + 1)
			req := jsonrpc.Request(jsonrpc.IntID(id), protocol.MethodInitialize, json.RawMessage(`{"protocolVersion":"2025-11-25"}`))
			res := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"protocolVersion":%q,"capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, id, o.version)
			evs = append(evs,
				trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Note: o.tag + ".request",
					Raw: string(req.Encode()) + "\n", Messages: []json.RawMessage{req.Encode()}},
				trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Note: o.tag + ".result",
					Raw: res + "\n", Messages: []json.RawMessage{json.RawMessage(res)}, InReplyTo: len(evs) + 1})
		}
		tr := traceOf(protocol.V20251125, "stdio", evs...)
		j := &judge{view: newView(tr)}
		g := j.negotiation()
		bilingual(t, tr, g.Msg)
		if g.Verdict != c.want || !strings.Contains(g.Message, c.says) {
			t.Errorf("fresh initialize answered %s: %s %q, want %s saying %q", c.fresh, g.Verdict, g.Message, c.want, c.says)
		}
	}
}

// slowTrace is a 2025-11-25 stdio capture of the slow call (step 1) and
// the ping sent during it (step 2) 250 ms later; the two answers come at
// the times given, the ping's first in the record when pingFirst.
func slowTrace(slowAt, pingAt int64, pingFirst bool) *trace.Trace {
	call := jsonrpc.Request(jsonrpc.IntID(5), protocol.MethodToolsCall, json.RawMessage(`{"name":"slow","arguments":{}}`))
	ping := jsonrpc.Request(jsonrpc.IntID(6), protocol.MethodPing, nil)
	res := `{"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"done"}]}}`
	pong := `{"jsonrpc":"2.0","id":6,"result":{}}`
	sent := func(tag string, m *jsonrpc.Message, at int64) trace.Event {
		return trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Note: tag + ".request",
			Raw: string(m.Encode()) + "\n", Messages: []json.RawMessage{m.Encode()}, TimeMs: at}
	}
	got := func(tag, raw string, to int, at int64) trace.Event {
		return trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Note: tag + ".result",
			Raw: raw + "\n", Messages: []json.RawMessage{json.RawMessage(raw)}, InReplyTo: to, TimeMs: at}
	}
	a, b := got(tagSlow, res, 1, slowAt), got(tagDuring, pong, 2, pingAt)
	if pingFirst {
		a, b = b, a
	}
	return traceOf(protocol.V20251125, "stdio", sent(tagSlow, call, 0), sent(tagDuring, ping, 250), a, b)
}

// TestResponsiveBurst: a ping held until the slow call is done comes in
// one burst with the call's answer, and the record may number either line
// first (two stdout lines read together reach it in either order): both
// fail; the twin, a ping answered at once while the call still runs,
// passes in the same record order.
func TestResponsiveBurst(t *testing.T) {
	for _, c := range []struct {
		name           string
		slowAt, pingAt int64
		pingFirst      bool
		want           Verdict
		says           string
	}{
		{"held, the call's line first", 1000, 1000, false, Fail, "both answers came at once (steps 3 and 4), 750 ms after asking"},
		{"held, the ping's line first", 1000, 1001, true, Fail, "both answers came at once (steps 3 and 4), 751 ms after asking"},
		{"answered at once", 1000, 251, true, Pass, "was answered in 1 ms (step 3), before the slow call finished"},
	} {
		tr := slowTrace(c.slowAt, c.pingAt, c.pingFirst)
		j := &judge{view: newView(tr)}
		g := j.responsive()
		bilingual(t, tr, g.Msg)
		if g.Verdict != c.want || !strings.Contains(g.Message, c.says) {
			t.Errorf("%s: %s %q, want %s saying %q", c.name, g.Verdict, g.Message, c.want, c.says)
		}
	}
}

// TestFreshSlowNotes: the slow tool run again, and cancelled as a fresh
// connection's first request, say why; the cancellation's notice and
// barrier there, and the answers, are explained as the session's.
func TestFreshSlowNotes(t *testing.T) {
	v := protocol.V20260728
	for _, c := range []struct{ fresh, session, says string }{
		{tagSlow + tagFresh + ".request", tagSlow + ".request", "run once more to its end"},
		{tagCancel + "-1" + tagFresh + ".request", tagCancel + "-1.request", "cancelled halfway as the first request"},
	} {
		f, s := Note(c.fresh, v, "stdio"), Note(c.session, v, "stdio")
		if f.Text == s.Text || !strings.Contains(f.Text.En, c.says) || f.Quote != s.Quote || f.Text.Zh == "" {
			t.Errorf("%s: %q (quoting %q), the session's %q", c.fresh, f.Text.En, f.Quote, s.Text.En)
		}
	}
	for _, key := range []string{tagCancel + "-1-notice", tagCancel + "-1" + tagBarrier, tagDuring} {
		if a, b := Note(key+tagFresh+".request", v, "stdio"), Note(key+".request", v, "stdio"); a != b {
			t.Errorf("%s's fresh request is explained as %q, the session's as %q", key, a.Text.En, b.Text.En)
		}
	}
	if a, b := Note(tagSlow+tagFresh+".result", v, "stdio"), Note(tagSlow+".result", v, "stdio"); a != b {
		t.Errorf("the fresh slow call's answer is explained as %q, the session's as %q", a.Text.En, b.Text.En)
	}
}
