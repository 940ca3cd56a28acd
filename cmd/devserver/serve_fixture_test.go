//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestFixtureStdio: -stdio -fixture conformance serves the conformance
// suite's everything server from the same engine (2026-07-28 per-request
// _meta here); the default stays the course server.
func TestFixtureStdio(t *testing.T) {
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{` + meta + `}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"test_simple_text","arguments":{},` + meta + `}}`,
		`{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"test://static-text",` + meta + `}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"test_missing_capability",` + meta + `}}`,
	}, "\n") + "\n"
	run := func(args ...string) []map[string]json.RawMessage {
		var stdout, stderr bytes.Buffer
		if code := runServe(args, strings.NewReader(in), &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		// By id: the stdio server serves independent requests side by
		// side, so their answers may come in any order (JSON-RPC matches
		// them by id).
		out := make([]map[string]json.RawMessage, 4)
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		for _, l := range lines {
			var m map[string]json.RawMessage
			var id int
			if err := json.Unmarshal([]byte(l), &m); err != nil || json.Unmarshal(m["id"], &id) != nil || id < 1 || id > 4 || out[id-1] != nil {
				t.Fatalf("%v: stdout line %q: %v", args, l, err)
			}
			out[id-1] = m
		}
		if len(lines) != 4 {
			t.Fatalf("%v: %d responses: %s", args, len(lines), stdout.String())
		}
		return out
	}
	fx := run("-stdio", "-fixture", "conformance")
	if !strings.Contains(string(fx[0]["result"]), `"name":"mcp-wire-lab-conformance"`) ||
		!strings.Contains(string(fx[0]["result"]), `"tools":{"listChanged":true}`) {
		t.Errorf("discover: %s", fx[0]["result"])
	}
	if !strings.Contains(string(fx[1]["result"]), `"text":"This is a simple text response for testing."`) {
		t.Errorf("test_simple_text: %s", fx[1]["result"])
	}
	if !strings.Contains(string(fx[2]["result"]), `"text":"This is the content of the static text resource."`) {
		t.Errorf("resources/read: %s", fx[2]["result"])
	}
	if !strings.Contains(string(fx[3]["error"]), `"code":-32021`) {
		t.Errorf("test_missing_capability without sampling: %s", fx[3]["error"])
	}
	course := run("-stdio")
	if !strings.Contains(string(course[0]["result"]), `"name":"mcp-wire-lab"`) || !strings.Contains(string(course[1]["error"]), "Unknown tool: test_simple_text") {
		t.Errorf("the default is the course server: %s / %s", course[0]["result"], course[1]["error"])
	}
}

// TestFixtureHTTP: /mcp serves the fixture behind the dev server's guards.
func TestFixtureHTTP(t *testing.T) {
	ts := startServer(t, func(c *serveConfig) { c.NoAuth = true; c.Token = ""; c.Fixture = fixtureConformance; c.NewMCP = nil })
	body := `{"jsonrpc":"2.0","id":1,"method":"prompts/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	resp, got := ts.do(t, nil, "POST", "/mcp", body, map[string]string{
		"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
		"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "prompts/list"})
	if resp.StatusCode != 200 || !strings.Contains(string(got), `"name":"test_prompt_with_arguments"`) {
		t.Errorf("prompts/list: %d %s", resp.StatusCode, got)
	}
}
