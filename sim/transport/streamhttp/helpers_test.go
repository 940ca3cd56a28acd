package streamhttp

import (
	"context"
	"net/http"
	"testing"
	"time"
	"unicode/utf8"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
)

func noSleep(ctx context.Context, _ time.Duration) error { return ctx.Err() }

func TestEncodeValue(t *testing.T) {
	for in, want := range map[string]string{
		"us-west1":           "us-west1",
		"Hello, 世界":          "=?base64?SGVsbG8sIOS4lueVjA==?=",
		" padded ":           "=?base64?IHBhZGRlZCA=?=",
		"line1\nline2":       "=?base64?bGluZTEKbGluZTI=?=",
		"=?base64?literal?=": "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=",
	} {
		if got := protocol.EncodeValue(in); got != want {
			t.Errorf("EncodeValue(%q) = %q, want %q (spec §Value Encoding table)", in, got, want)
		}
		if back, err := protocol.DecodeValue(want); err != nil || back != in {
			t.Errorf("DecodeValue(%q) = %q, %v", want, back, err)
		}
	}
	if _, err := protocol.DecodeValue("caf\xc3\xa9"); err == nil {
		t.Error("raw non-ASCII header value accepted")
	}
}

// FuzzHeaderValue: encoding round-trips every string, and the encoded form is
// always a legal header value.
func FuzzHeaderValue(f *testing.F) {
	for _, s := range []string{"", "tools", "查询", " x", "=?base64?", "=?base64?AA==?=", "a\r\nb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // values come from JSON strings, which are always UTF-8
		}
		enc := protocol.EncodeValue(s)
		for i := 0; i < len(enc); i++ {
			if c := enc[i]; !(c == '\t' || (c >= 0x20 && c <= 0x7e)) {
				t.Fatalf("encoded value %q has byte 0x%02x", enc, c)
			}
		}
		got, err := protocol.DecodeValue(enc)
		if err != nil {
			t.Fatalf("DecodeValue(EncodeValue(%q)): %v", s, err)
		}
		if got != s {
			t.Fatalf("round trip %q → %q → %q", s, enc, got)
		}
	})
}

// FuzzValidateHeaders: arbitrary header values and bodies never panic and
// a mismatch is always reported as a sentence.
func FuzzValidateHeaders(f *testing.F) {
	f.Add("2026-07-28", "tools/call", "list_emails", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_emails","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`)
	f.Add("", "", "=?base64?!?=", `{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":5}}`)
	f.Fuzz(func(t *testing.T, version, method, name, body string) {
		m, err := jsonrpc.Decode([]byte(body))
		if err != nil {
			return
		}
		r, _ := http.NewRequest("POST", "http://127.0.0.1/mcp", nil)
		if version != "" {
			r.Header.Set(protocol.HeaderProtocolVersion, version)
		}
		if method != "" {
			r.Header.Set(protocol.HeaderMethod, method)
		}
		if name != "" {
			r.Header.Set(protocol.HeaderName, name)
		}
		_ = validateHeaders(r, m, viewParams(m))
	})
}
