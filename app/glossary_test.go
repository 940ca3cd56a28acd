package ui

import (
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
)

// TestGlossaryHeadersAgreeWithTheEngine: the glossary says what the engine
// and the spec say about the MCP headers. Mcp-Name mirrors the body field
// the engine's header validation compares (protocol.NameField: name, or
// uri for resources/read); Mcp-Session-Id is optional for the server
// (2025-11-25 §Session Management: a server "MAY assign a session ID").
func TestGlossaryHeadersAgreeWithTheEngine(t *testing.T) {
	name, _ := glossaryTexts().Get("h:" + strings.ToLower(protocol.HeaderName))
	for _, method := range []string{"tools/call", "prompts/get", "resources/read"} {
		field := "params." + protocol.NameField(method)
		for _, s := range []string{name.En, name.Zh} {
			if !strings.Contains(s, field) || !strings.Contains(s, method) {
				t.Errorf("Mcp-Name entry does not say it mirrors %s for %s: %s", field, method, s)
			}
		}
	}
	sess, _ := glossaryTexts().Get("h:" + strings.ToLower(protocol.HeaderSessionID))
	if !strings.Contains(sess.En, "may assign") || !strings.Contains(sess.Zh, "可以") {
		t.Errorf("Mcp-Session-Id entry must say the server may (not must) assign it: %q / %q", sess.En, sess.Zh)
	}
}

// TestGlossaryBufferingHeader: the header that keeps proxies from
// buffering an SSE stream is X-Accel-Buffering: no (2026-07-28
// streamable-http §Receiving Messages), the one the engine sends with every
// stream (protocol.HeaderAccelBuffering); Cache-Control: no-cache is
// about reusing stored copies, and its entry must not claim it stops
// buffering.
func TestGlossaryBufferingHeader(t *testing.T) {
	accel, ok := glossaryTexts().Get("h:" + strings.ToLower(protocol.HeaderAccelBuffering))
	if !ok || !strings.Contains(accel.En, "buffer") || !strings.Contains(accel.Zh, "缓冲") {
		t.Errorf("%s entry does not say it stops buffering: %q / %q", protocol.HeaderAccelBuffering, accel.En, accel.Zh)
	}
	cache, _ := glossaryTexts().Get("h:cache-control")
	for _, s := range []string{cache.En, cache.Zh} {
		if !strings.Contains(s, protocol.HeaderAccelBuffering) {
			t.Errorf("Cache-Control entry does not send the reader to %s for buffering: %q", protocol.HeaderAccelBuffering, s)
		}
	}
	for _, s := range []string{"keeps proxies from buffering", "可防止代理缓冲"} {
		if strings.Contains(cache.En+cache.Zh, s) {
			t.Errorf("Cache-Control entry claims no-cache stops buffering: %q", s)
		}
	}
}
