package ui

import (
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
)

// TestGlossaryHeadersAgreeWithTheEngine: the glossary says what the engine
// and the spec say about the MCP headers. Mcp-Name mirrors the body field
// the engine's header validation compares (protocol.NameField: name, or
// uri for resources/read, taskId for the tasks extension's tasks/get,
// tasks/update and tasks/cancel); a _meta key's prefix is optional
// (2026-07-28 basic/index §_meta: progressToken and traceparent are
// reserved keys without one); Mcp-Session-Id is optional for the server
// (2025-11-25 §Session Management: a server "MAY assign a session ID").
func TestGlossaryHeadersAgreeWithTheEngine(t *testing.T) {
	name, _ := glossaryTexts().Get("h:" + strings.ToLower(protocol.HeaderName))
	for _, method := range []string{protocol.MethodToolsCall, protocol.MethodPromptsGet, protocol.MethodResourcesRead, protocol.MethodTasksGet, protocol.MethodTasksUpdate, protocol.MethodTasksCancel} {
		field := "params." + protocol.NameField(method)
		for _, s := range []string{name.En, name.Zh} {
			if !strings.Contains(s, field) || !strings.Contains(s, method) {
				t.Errorf("Mcp-Name entry does not say it mirrors %s for %s: %s", field, method, s)
			}
		}
	}
	key, _ := glossaryTexts().Get("_meta.*")
	for _, s := range []string{key.En, key.Zh} {
		if !strings.Contains(s, protocol.MetaProgressToken) || !strings.Contains(s, protocol.MetaTraceParent) {
			t.Errorf("_meta key entry does not name the reserved keys without a prefix (%s, %s): %s", protocol.MetaProgressToken, protocol.MetaTraceParent, s)
		}
	}
	if strings.Contains(key.En, "Keys are namespaced") || strings.Contains(key.En, "ignore keys") {
		t.Errorf("_meta key entry says every key has a prefix, or that receivers ignore unknown keys (the spec says neither): %s", key.En)
	}
	// Resumability is 2025-11-25's only (2026-07-28 changelog, major
	// change 9): the entry says whose header it is.
	last, _ := glossaryTexts().Get("h:last-event-id")
	for _, s := range []string{last.En, last.Zh} {
		if !strings.Contains(s, protocol.V20251125) || !strings.Contains(s, protocol.V20260728) {
			t.Errorf("Last-Event-ID entry does not say it is 2025-11-25's and what 2026-07-28 does instead: %s", s)
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
