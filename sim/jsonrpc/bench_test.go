package jsonrpc

import (
	"strings"
	"testing"
)

// BenchmarkDecode decodes a request and a larger result, as the server,
// the client, the wire recorder and the classifier each do for every
// message of a trace.
func BenchmarkDecode(b *testing.B) {
	tool := `{"name":"list_emails","title":"List emails","description":"Lists the newest emails in the inbox, newest first.","inputSchema":{"type":"object","properties":{"limit":{"type":"integer","minimum":1,"maximum":20}}}}`
	for _, c := range []struct{ name, msg string }{
		{"request", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_emails","arguments":{"limit":5},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`},
		{"result", `{"jsonrpc":"2.0","id":2,"result":{"tools":[` + strings.TrimSuffix(strings.Repeat(tool+",", 6), ",") + `]}}`},
	} {
		data := []byte(c.msg)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for i := 0; i < b.N; i++ {
				if _, err := Decode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
