package check

import (
	"encoding/json"
	"fmt"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/trace"
)

// jsonHTTP is a 200 application/json response carrying body.
func jsonHTTP(body string) string {
	return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
}

// TestStructuredSkipCountsCalls: a named call that got an error is no
// successful call: the skip says how many calls were made without calling
// them successful. Its twin, the same call answered with structuredContent
// that matches the outputSchema, passes.
func TestStructuredSkipCountsCalls(t *testing.T) {
	list := `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"add","inputSchema":{"type":"object"},` +
		`"outputSchema":{"type":"object","properties":{"sum":{"type":"number"}},"required":["sum"]}}]}}`
	call := jsonrpc.Request(jsonrpc.IntID(3), protocol.MethodToolsCall, json.RawMessage(`{"name":"add","arguments":{"a":1,"b":2}}`))
	for _, c := range []struct {
		name, answer string
		want         Verdict
		message      string
	}{
		{"error", `{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Unknown tool: add"}}`, Skip,
			"None of the 1 calls returned a successful result of a tool that declares an outputSchema."},
		{"tool-error", `{"jsonrpc":"2.0","id":3,"result":{"content":[],"isError":true}}`, Skip,
			"None of the 1 calls returned a successful result of a tool that declares an outputSchema."},
		{"twin-success", `{"jsonrpc":"2.0","id":3,"result":{"content":[],"structuredContent":{"sum":3}}}`, Pass, ""},
	} {
		evs := []trace.Event{sentHTTP(tagList, 1, jsonrpc.Request(jsonrpc.IntID(2), protocol.MethodToolsList, nil))}
		evs = append(evs, answerHTTP(1, jsonHTTP(list))...)
		evs = append(evs, sentHTTP(tagCall, 2, call))
		evs = append(evs, answerHTTP(2, jsonHTTP(c.answer))...)
		tr := traceOf(protocol.V20251125, "http", evs...)
		g := (&judge{view: newView(tr)}).structured()
		bilingual(t, tr, g.Msg)
		if g.Verdict != c.want || (c.message != "" && g.Message != c.message) {
			t.Errorf("%s: %s %q, want %s %q", c.name, g.Verdict, g.Message, c.want, c.message)
		}
	}
}
