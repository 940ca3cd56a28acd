package ui

import (
	"bytes"
	"strings"
	"testing"
)

func TestReproduceHTTPRequest(t *testing.T) {
	tr := httpTrace()
	cmd, ok := Reproduce(tr, 2, "")
	if !ok {
		t.Fatal("no command")
	}
	want := `curl -i -N 'http://127.0.0.1:8080/mcp' \
  -H "Authorization: Bearer $MCP_TOKEN" \
  -H 'Accept: application/json, text/event-stream' \
  -H 'Content-Type: application/json' \
  -H 'Mcp-Method: tools/call' \
  -H 'Mcp-Name: it'\''s' \
  --data-binary '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"it'\''s","_meta":{"progressToken":"p"}}}'`
	if cmd != want {
		t.Fatalf("got\n%s\nwant\n%s", cmd, want)
	}
	// A response step reproduces the request that produced it.
	if c2, _ := Reproduce(tr, 4, ""); c2 != cmd {
		t.Errorf("response step: %s", c2)
	}
	if strings.Contains(cmd, "secret") {
		t.Error("real token leaked")
	}
	// Host-internal steps have nothing to reproduce.
	if _, ok := Reproduce(tr, 0, ""); ok {
		t.Error("think step reproduced")
	}
	if _, ok := Reproduce(tr, 99, ""); ok {
		t.Error("out of range")
	}
	// Under make run ADDR=127.0.0.1:18080 the page passes its own origin.
	if c3, _ := Reproduce(tr, 2, "http://127.0.0.1:18080"); !strings.HasPrefix(c3, "curl -i -N 'http://127.0.0.1:18080/mcp' \\\n") {
		t.Errorf("another address: %s", c3)
	}
}

func TestReproduceHTTPDeleteAndSession(t *testing.T) {
	raw := "DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nMcp-Session-Id: abc\r\n\r\n"
	got := curlFor(raw, "")
	want := "# Mcp-Session-Id: use the one your server returned from initialize\n" +
		"curl -i -N -X DELETE 'http://127.0.0.1:8080/mcp' \\\n" +
		"  -H \"Authorization: Bearer $MCP_TOKEN\" \\\n" +
		"  -H 'Mcp-Session-Id: abc'"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestReproduceStdio(t *testing.T) {
	tr := stdioTrace("2026-07-28")
	cmd, ok := Reproduce(tr, 2, "")
	if !ok || cmd != `echo '{"jsonrpc":"2.0","id":1,"method":"server/discover"}' | bin/devserver -stdio` {
		t.Fatalf("first line: %v %s", ok, cmd)
	}
	cmd, _ = Reproduce(tr, 5, "") // stdout step: everything sent so far
	want := "printf '%s\\n' \\\n" +
		"  '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\"}' \\\n" +
		"  '{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\"}' \\\n" +
		"  | bin/devserver -stdio"
	if cmd != want {
		t.Fatalf("got\n%s\nwant\n%s", cmd, want)
	}
	if _, ok := Reproduce(tr, 0, ""); ok {
		t.Error("launch step reproduced")
	}
}

func TestMermaid(t *testing.T) {
	// The hand-made requests lack MCP-Protocol-Version (and the first has
	// a wrong Content-Length): the engine marks them as violations (✗);
	// the 400 is an expected error (ⓘ).
	got := Mermaid(httpTrace(), LangEn)
	want := `sequenceDiagram
  participant H as Host
  participant C as Client
  participant S as Server
  Note over H: 1. Which e-mails?
  H->>C: 2. connect http://127.0.0.1:8080/mcp
  C->>S: 3. POST /mcp: tools/call #7 ✗
  S-->>C: 4. 200 OK: event stream opened
  S-->>C: 5. SSE: notifications/progress
  C->>S: 6. POST /mcp: notifications/cancelled ✗
  S-->>C: 7. 202 Accepted: (no body)
  S-->>C: 8. 400 Bad Request: error -32602 #7 ⓘ
`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	st := Mermaid(stdioTrace("2025-11-25"), LangZh)
	for _, frag := range []string{"participant H as Host", "S--)C: 2. stderr: ready", "C-xS: 7. stdin: 标准输入已关闭"} {
		if !strings.Contains(st, frag) {
			t.Errorf("stdio mermaid lacks %q:\n%s", frag, st)
		}
	}
	if strings.Contains(mermaidText("a;b\nc"), ";") {
		t.Error("semicolon kept")
	}
}

func TestTranscriptIsWriteJSONL(t *testing.T) {
	tr := httpTrace()
	got, err := TranscriptJSONL(tr)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := tr.WriteJSONL(&want); err != nil {
		t.Fatal(err)
	}
	if got != want.String() {
		t.Fatal("download differs from trace.WriteJSONL")
	}
	if strings.Count(got, "\n") != len(tr.Events) {
		t.Fatal("not one line per event")
	}
}
