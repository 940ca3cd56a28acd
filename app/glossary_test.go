package ui

import (
	"strings"
	"testing"

	"mcpwirelab/sim/transport/streamhttp"
)

// TestGlossaryHeadersAgreeWithTheEngine: the glossary says what the engine
// and the spec say about the MCP headers. Mcp-Name mirrors the body field
// the engine's header validation compares (streamhttp.NameField: name, or
// uri for resources/read); Mcp-Session-Id is optional for the server
// (2025-11-25 §Session Management: a server "MAY assign a session ID").
func TestGlossaryHeadersAgreeWithTheEngine(t *testing.T) {
	name, _ := glossaryTexts().Get("h:" + strings.ToLower(streamhttp.HeaderName))
	for _, method := range []string{"tools/call", "prompts/get", "resources/read"} {
		field := "params." + streamhttp.NameField(method)
		for _, s := range []string{name.En, name.Zh} {
			if !strings.Contains(s, field) || !strings.Contains(s, method) {
				t.Errorf("Mcp-Name entry does not say it mirrors %s for %s: %s", field, method, s)
			}
		}
	}
	sess, _ := glossaryTexts().Get("h:" + strings.ToLower(streamhttp.HeaderSessionID))
	if !strings.Contains(sess.En, "may assign") || !strings.Contains(sess.Zh, "可以") {
		t.Errorf("Mcp-Session-Id entry must say the server may (not must) assign it: %q / %q", sess.En, sess.Zh)
	}
}
