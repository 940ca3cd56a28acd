package exercise

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"mcpwirelab/sim/labserver"

	"mcpwirelab/sim/protocol"
)

// ask sends one part's request to the real engine and reports what it
// answered: the ground truth the graders must agree with.
func ask(t *testing.T, raw string) (int, *rpcReply) {
	t.Helper()
	status, header, body, err := EngineProbe().HTTP(raw)
	if err != nil {
		t.Fatal(err)
	}
	return status, httpReply(header, body)
}

// TestModernHeadersGraderAgreesWithTheEngine: for every protocol version a
// learner might write (the engine's, older ones it never spoke, unknown
// ones), the "unsupported" part is graded correct exactly when the engine
// answers 400 with -32022, and the "accepted" part exactly when it answers
// 200 with a result. A grader keeping its own list of versions fails here
// (2025-06-18 and 2025-11-25 were graded "supported" while the engine
// rejects them per request).
func TestModernHeadersGraderAgreesWithTheEngine(t *testing.T) {
	ex := mustEx(t, IDModernHeaders)
	g := Grader{Probe: EngineProbe()}
	candidates := append(protocol.Versions(), "2025-06-18", "2025-03-26", "2024-11-05", "2099-01-01", "1999-12-31")
	for _, v := range candidates {
		req := modernCall(v, v, "list_emails", "list_emails", `{}`)
		status, r := ask(t, req)
		unsupported := status == 400 && r != nil && !r.isRes && r.code == -32022
		accepted := status == 200 && r != nil && r.isRes
		parts := map[string]string{
			"accepted":    modernCall(ModernVersion, ModernVersion, "list_emails", "list_emails", `{}`),
			"mismatch":    modernCall(ModernVersion, ModernVersion, "list_employees", "list_emails", `{}`),
			"unsupported": req,
		}
		if fb := g.Grade(ex, JoinParts(ex, parts), EN); fb.Correct != unsupported {
			t.Errorf("version %s: engine -32022 = %v, grader says correct = %v: %v", v, unsupported, fb.Correct, fb.Problems)
		}
		parts["accepted"], parts["unsupported"] = req, modernCall("2099-01-01", "2099-01-01", "list_emails", "list_emails", `{}`)
		if fb := g.Grade(ex, JoinParts(ex, parts), EN); fb.Correct != accepted {
			t.Errorf("version %s as accepted: engine 200 = %v, grader says correct = %v: %v", v, accepted, fb.Correct, fb.Problems)
		}
	}
}

// TestMismatchGraderAgreesWithTheEngine: the "mismatch" part's local check
// is the engine's header validation: every variant the engine answers with
// -32020 passes, every other one fails (a duplicated header, a Base64 name
// that decodes to the body's name, a header name in other case).
func TestMismatchGraderAgreesWithTheEngine(t *testing.T) {
	ex := mustEx(t, IDModernHeaders)
	g := Grader{Probe: EngineProbe()}
	base := modernCall(ModernVersion, ModernVersion, "list_emails", "list_emails", `{}`)
	variants := map[string]string{
		"same":            base,
		"name differs":    modernCall(ModernVersion, ModernVersion, "list_employees", "list_emails", `{}`),
		"method twice":    strings.Replace(base, "Mcp-Method: tools/call\n", "Mcp-Method: tools/call\nMcp-Method: tools/call\n", 1),
		"version twice":   strings.Replace(base, "MCP-Protocol-Version: "+ModernVersion+"\n", "MCP-Protocol-Version: "+ModernVersion+"\nMCP-Protocol-Version: "+ModernVersion+"\n", 1),
		"name in base64":  strings.Replace(base, "Mcp-Name: list_emails\n", "Mcp-Name: =?base64?"+base64.StdEncoding.EncodeToString([]byte("list_emails"))+"?=\n", 1),
		"bad base64":      strings.Replace(base, "Mcp-Name: list_emails\n", "Mcp-Name: =?base64?!!?=\n", 1),
		"header in lower": strings.Replace(base, "Mcp-Method:", "mcp-method:", 1),
		"method case":     strings.Replace(base, "Mcp-Method: tools/call", "Mcp-Method: Tools/Call", 1),
		"no name":         strings.Replace(base, "Mcp-Name: list_emails\n", "", 1),
	}
	for name, req := range variants {
		status, r := ask(t, req)
		mismatch := status == 400 && r != nil && !r.isRes && r.code == -32020
		parts := map[string]string{
			"accepted":    base,
			"mismatch":    req,
			"unsupported": modernCall("2099-01-01", "2099-01-01", "list_emails", "list_emails", `{}`),
		}
		if fb := g.Grade(ex, JoinParts(ex, parts), EN); fb.Correct != mismatch {
			t.Errorf("%s: engine -32020 = %v, grader says correct = %v: %v", name, mismatch, fb.Correct, fb.Problems)
		}
	}
}

// TestGradersNameTheEngineTools: the tools the modern-headers grader knows
// and its prompt lists are the course server's, in its order.
func TestGradersNameTheEngineTools(t *testing.T) {
	var names []string
	for _, tool := range labserver.Config().Tools.Tools() {
		names = append(names, tool.Name)
	}
	if got := courseTools(); fmt.Sprint(got) != fmt.Sprint(names) {
		t.Errorf("courseTools() = %v, the engine has %v", got, names)
	}
	ex := mustEx(t, IDModernHeaders)
	for _, lang := range Langs {
		for _, n := range names {
			if !strings.Contains(ex.Prompt.In(lang), n) {
				t.Errorf("modern-headers prompt (%s) does not name tool %s", lang, n)
			}
		}
	}
}

// TestRetryAdviceAgreesAcrossExercises: MCP retries MUST use a new JSON-RPC
// id (the stream-drop exercise's answer), so the idempotency exercise must
// not blame a fresh id for duplicates; and no exercise may present tool
// annotations as telling clients what is safe to retry without saying they
// are untrusted hints (ToolAnnotations: "Clients should never make tool use
// decisions based on ToolAnnotations received from untrusted servers").
func TestRetryAdviceAgreesAcrossExercises(t *testing.T) {
	drop := mustEx(t, IDStreamDrop)
	var reissue bool
	for _, q := range drop.Questions {
		reissue = reissue || (q.ID == "client" && contains(q.Correct, "reissue"))
	}
	if !reissue {
		t.Fatal("stream-drop no longer teaches re-issuing with a new id; revisit this test")
	}
	idem := mustEx(t, IDIdempotency)
	for _, q := range idem.Questions {
		ch := q.choice("fresh-id")
		if ch == nil {
			continue
		}
		if contains(q.Correct, "fresh-id") {
			t.Error("a fresh id does not make the send safe to retry")
		}
		for lang, bad := range map[string]string{EN: "how duplicates happen", ZH: "产生重复的原因"} {
			if strings.Contains(ch.Why.In(lang), bad) {
				t.Errorf("fresh-id (%s) blames the new id for duplicates: %s", lang, ch.Why.In(lang))
			}
		}
		if !strings.Contains(ch.Why.In(EN), "MUST") || !strings.Contains(ch.Why.In(ZH), "MUST") {
			t.Errorf("fresh-id does not say MCP requires a new id: %s", ch.Why.In(EN))
		}
	}
	for _, ex := range All() {
		for lang, untrusted := range map[string]string{EN: "untrusted", ZH: "不可信"} {
			if text := ex.Explanation.In(lang); strings.Contains(text, "idempotentHint") && !strings.Contains(text, untrusted) {
				t.Errorf("%s (%s): presents idempotentHint without saying annotations from untrusted servers decide nothing", ex.ID, lang)
			}
		}
	}
}
