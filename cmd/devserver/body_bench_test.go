//go:build !(js && wasm)

package main

// BenchmarkLargeBodies measures what one maximal request body costs the
// engine behind /mcp (issue 27 item 8): a tools/call whose argument is a
// 4 MiB string, and one whose argument is an array of 4 MiB of numbers,
// each answered by the real engine (the body cap and budget in front of
// it, as the dev server wires them). B/op over the body's size is how many
// times the body is copied or decoded.
//
//	go test -run '^$' -bench LargeBodies -benchmem ./cmd/devserver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"mcpwirelab/sim/netguard"
)

func BenchmarkLargeBodies(b *testing.B) {
	h := netguard.LimitBodies(4<<20, netguard.NewBodyBudget(8<<20, 0), newMCPHandler(mcpHandlerOptions{Stopping: context.Background(), Fixture: fixtureCourse}))
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	str := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_emails","arguments":{"note":"` + strings.Repeat("a", 4<<20-400) + `"},` + meta + `}}`
	arr := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_emails","arguments":{"note":[` + strings.Repeat("1,", (4<<20-400)/2) + `1]},` + meta + `}}`
	for _, c := range []struct{ name, body string }{{"string", str}, {"array", arr}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.body)))
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("POST", "/mcp", strings.NewReader(c.body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				req.Header.Set("MCP-Protocol-Version", "2026-07-28")
				req.Header.Set("Mcp-Method", "tools/call")
				req.Header.Set("Mcp-Name", "list_emails")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("%d %.200s", rec.Code, rec.Body.String())
				}
			}
		})
	}
}
