package check

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// stdioList is a stdio capture launched as cmd whose tools/list is
// answered with tools.
func stdioList(cmd string, tools string) *trace.Trace {
	req := jsonrpc.Request(jsonrpc.IntID(2), protocol.MethodToolsList, nil)
	res := `{"jsonrpc":"2.0","id":2,"result":{"tools":` + tools + `}}`
	return traceOf(protocol.V20251125, "stdio",
		trace.Event{From: trace.Host, To: trace.Server, Channel: trace.HostChannel, Kind: trace.KindLaunch, Raw: "$ " + cmd + "\n"},
		trace.Event{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Note: tagList + ".request",
			Raw: string(req.Encode()) + "\n", Messages: []json.RawMessage{req.Encode()}},
		trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Note: tagList + ".result",
			Raw: res + "\n", Messages: []json.RawMessage{json.RawMessage(res)}, InReplyTo: 2},
		trace.Event{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Raw: "listening on stdio\n"},
	)
}

// TestSchemaDialectNamed: tool-schemas-valid names the dialect a schema
// declares (draft-07 by its $schema), and 2020-12 only where none is
// declared.
func TestSchemaDialectNamed(t *testing.T) {
	draft7 := `[{"name":"a","description":"A.","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"n":{"type":"integer"}}}}]`
	plain := `[{"name":"a","description":"A.","inputSchema":{"type":"object"}}]`
	for _, c := range []struct {
		tools, says, not string
	}{{draft7, "draft-07, declared by $schema", "2020-12"}, {plain, "2020-12, the default", "draft-07"}} {
		tr := stdioList("./server", c.tools)
		j := &judge{view: newView(tr)}
		g := j.schemas()
		bilingual(t, tr, g.Msg)
		if g.Verdict != Pass || !strings.Contains(g.Message, c.says) || strings.Contains(g.Message, c.not) {
			t.Errorf("%s: %s %q, want it to say %q and not %q", c.tools, g.Verdict, g.Message, c.says, c.not)
		}
	}
}

// TestAdviceInTheServersLanguage: the advice of stdout-protocol-only
// speaks the language the launch command names (node, npx, uv, python3.12,
// go run, a .py file), and none where nothing says; origin-validated's
// Go advice (http.NewCrossOriginProtection) reaches only a Go server.
func TestAdviceInTheServersLanguage(t *testing.T) {
	for cmd, want := range map[string]string{
		"node build/index.js":            "console.error",
		"npx -y @modelcontextprotocol/x": "console.error",
		"uv run server.py":               "sys.stderr",
		"/usr/bin/python3.12 -m srv":     "sys.stderr",
		"./venv/bin/mcp-srv main.py":     "sys.stderr",
		"go run ./cmd/srv":               "log.Printf",
		"./my-server --stdio":            "standard error stream",
	} {
		tr := stdioList(cmd, `[]`)
		j := &judge{view: newView(tr)}
		g := j.stdout()
		for _, m := range []Msg{g.Msg, j.adviceOrigin(), j.adviceBlocking()} {
			if err := checkMsg(m, true); err != nil {
				t.Errorf("%s: %v", cmd, err)
			}
			for _, p := range zhProblems(t, tr, m) {
				t.Errorf("%s: the Chinese %q: %s", cmd, m.Zh(), p)
			}
		}
		if g.Verdict != Fail || !strings.Contains(g.Message, want) {
			t.Errorf("%s: %s %q, want %q", cmd, g.Verdict, g.Message, want)
		}
		for _, other := range []string{"console.error", "sys.stderr", "log.Printf", "standard error stream"} {
			if other != want && strings.Contains(g.Message, other) {
				t.Errorf("%s: advice for another language: %q", cmd, g.Message)
			}
		}
		go1 := strings.Contains(j.adviceOrigin().En(), "NewCrossOriginProtection")
		if go1 != (want == "log.Printf") {
			t.Errorf("%s: origin advice %q", cmd, j.adviceOrigin().En())
		}
	}
	// HTTP: the Server header of a Python ASGI server.
	x := newView(traceOf(protocol.V20260728, "http", trace.Event{From: trace.Server, To: trace.Client, Channel: trace.HTTPResponse, Kind: trace.KindMessage,
		HTTP: &trace.HTTPInfo{Status: 200, Headers: map[string][]string{"Server": {"uvicorn"}}}}))
	if x.lang() != langPython {
		t.Errorf("Server: uvicorn is %q", x.lang())
	}
}

// TestAdviceNeverFails: a check resting on advice (no RFC 2119 keyword)
// warns where it would fail; one resting on a SHOULD fails.
func TestAdviceNeverFails(t *testing.T) {
	j := &judge{view: newView(stdioList("./server", `[]`))}
	if g := j.result(IDPoisoning, Fail, 3, "tool-poisoning.fail.model-reads-every", 3, plain("x")); g.Verdict != Warn || g.Level != Advice {
		t.Errorf("tool-poisoning: %s at %s", g.Verdict, g.Level)
	}
	if g := j.result(IDToolNames, Fail, 3, "tool-names.fail.tools-list-result", 3, plain("x")); g.Verdict != Fail || g.Level != SHOULD {
		t.Errorf("tool-names: %s at %s", g.Verdict, g.Level)
	}
}

// TestOrderExposed: a probe run in the session and first on a fresh
// connection gets the worse verdict of the two, saying which order showed
// the deviation; the same verdict twice says nothing of order.
func TestOrderExposed(t *testing.T) {
	noMeta := func(tag string, id int, answer string) []trace.Event {
		req := jsonrpc.Request(jsonrpc.IntID(int64(id)), protocol.MethodToolsList, nil)
		return []trace.Event{
			{From: trace.Client, To: trace.Server, Channel: trace.Stdin, Kind: trace.KindMessage, Note: tag + ".request",
				Raw: string(req.Encode()) + "\n", Messages: []json.RawMessage{req.Encode()}},
			{From: trace.Server, To: trace.Client, Channel: trace.Stdout, Kind: trace.KindMessage, Note: tag + ".answer",
				Raw: answer + "\n", Messages: []json.RawMessage{json.RawMessage(answer)}},
		}
	}
	refused := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":-32602,"message":"_meta is required"}}`, id)
	}
	served := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"resultType":"complete","tools":[]}}`, id)
	}
	d, _ := DefByID(IDMeta)
	for _, c := range []struct {
		name          string
		session, frsh func(int) string
		want          Verdict
		says          string
	}{
		{"fresh-exposes", refused, served, Fail, "the first after server/discover on a fresh connection"},
		{"later-exposes", served, refused, Fail, "the deviation shows later in the session"},
		{"both-refuse", refused, refused, Pass, ""},
		{"both-serve", served, served, Fail, ""},
	} {
		evs := append(noMeta(tagNoMeta, 7, c.session(7)), noMeta(tagNoMeta+tagFresh, 2, c.frsh(2))...)
		tr := traceOf(protocol.V20260728, "stdio", evs...)
		tr.Events[1].InReplyTo, tr.Events[3].InReplyTo = 1, 3
		j := &judge{view: newView(tr)}
		g := j.grade(d)
		bilingual(t, tr, g.Msg)
		order := strings.Contains(g.Message, "The order matters")
		if g.Verdict != c.want || !strings.Contains(g.Message, c.says) || order != (c.says != "") {
			t.Errorf("%s: %s %q, want %s saying %q", c.name, g.Verdict, g.Message, c.want, c.says)
		}
	}
}
