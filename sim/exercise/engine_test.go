package exercise

import (
	"strings"
	"testing"
)

// TestModelAnswersPassAgainstTheRealEngine grades every model answer with
// the engine's real server: the answers we show learners must be accepted
// by the server the lab runs.
func TestModelAnswersPassAgainstTheRealEngine(t *testing.T) {
	g := Grader{Probe: EngineProbe()}
	for _, ex := range All() {
		fb := g.Grade(ex, ex.ModelAnswer, "en")
		if !fb.Correct {
			t.Errorf("%s: model answer rejected by the engine: %v", ex.ID, fb.Problems)
		}
	}
}

func TestEngineProbeRealAnswers(t *testing.T) {
	p := EngineProbe()
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	raw := "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\nContent-Length: " + itoa(len(body)) + "\r\n\r\n" + body
	status, _, out, err := p.HTTP(raw)
	if err != nil || status != 200 || !strings.Contains(string(out), `"name":"list_emails"`) {
		t.Fatalf("status %d err %v body %s", status, err, out)
	}
	status, _, _, _ = p.HTTP(strings.Replace(raw, "Mcp-Method: tools/list", "Mcp-Method: tools/call", 1))
	if status != 400 {
		t.Fatalf("header mismatch: %d", status)
	}
	status, _, out, _ = p.HTTP("GARBAGE\r\n\r\n")
	if status != 400 || !strings.HasPrefix(string(out), "400 Bad Request") {
		t.Fatalf("garbage: %d %s", status, out)
	}
	status, _, _, _ = p.HTTP(strings.Replace(raw, "Content-Length: "+itoa(len(body)), "Content-Length: 999", 1))
	if status != 408 {
		t.Fatalf("short body: %d", status)
	}
	lines, _ := p.Stdio([]string{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`})
	if len(lines) != 2 || !strings.Contains(lines[1], `"id":2,"result":{"tools":[`) {
		t.Fatalf("stdio: %v", lines)
	}
}
