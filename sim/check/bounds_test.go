package check

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"mcpwirelab/sim/client"
	"mcpwirelab/sim/trace"
	"mcpwirelab/sim/wire"
)

// TestRecorderBounded: a server that floods (notifications past
// MaxEvents, stderr past MaxStderrBytes) leaves a bounded record; the
// checker's own requests and the answers to them are kept; the first event
// left out is marked, and the marker says what was cut and why (before:
// every event kept, 1.5 GB for 2 M notifications); the report lists each
// kind of cut once, with how many times.
func TestRecorderBounded(t *testing.T) {
	r := newRecorder("2025-11-25", func() time.Time { return time.Unix(0, 0) })
	line := `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}` + "\n"
	req := r.Observe(&client.Event{Piece: *wire.StdinPiece([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n")), Tag: "probe"})
	flood := MaxEvents + 5000
	for i := 0; i < flood; i++ {
		r.Observe(&client.Event{Piece: *wire.StdoutPiece([]byte(line))})
		r.Observe(&client.Event{Piece: *wire.StderrPiece(strings.Repeat("e", 1023) + "\n")})
	}
	late := r.Observe(&client.Event{Piece: *wire.StdinPiece([]byte(`{"jsonrpc":"2.0","id":2,"method":"ping"}` + "\n")), Tag: "probe"})
	answer := r.Observe(&client.Event{Piece: *wire.StdoutPiece([]byte(`{"jsonrpc":"2.0","id":2,"result":{}}` + "\n")), InReplyTo: late})
	r.limit("realwire: the response body passed 8 MiB")
	r.limit("realwire: the response body passed 8 MiB")
	tr := r.trace("stdio")
	if req == 0 || late == 0 || answer == 0 {
		t.Fatalf("the checker's requests or the answer were left out: %d %d %d", req, late, answer)
	}
	if n := len(tr.Events); n > MaxEvents+MaxStderrBytes/1024+4 {
		t.Fatalf("%d events kept", n)
	}
	var cuts []string
	for _, e := range tr.Events {
		if e.Note == noteCut {
			cuts = append(cuts, e.Raw)
		}
	}
	if len(cuts) != 3 || !strings.Contains(cuts[0], "events the server sent") || !strings.Contains(cuts[0], "stderr lines (") {
		t.Fatalf("cut markers %q", cuts)
	}
	rep := BuildReport("t", "stdio", []Run{{Version: "2025-11-25", Trace: tr}}, JudgeOptions{K: 10})
	if len(rep.Cuts) != 2 || !strings.HasPrefix(rep.Cuts[0], "2025-11-25: ") || strings.Contains(rep.Cuts[0], "times") ||
		rep.Cuts[1] != "2025-11-25: realwire: the response body passed 8 MiB (2 times)" {
		t.Fatalf("report cuts %q", rep.Cuts)
	}
}

// TestRedactor: the credentials of an Authorization header (the scheme
// stays), any other added header's whole value, the URL's query values,
// wherever they appear; a short value only on its own header line.
func TestRedactor(t *testing.T) {
	h := http.Header{}
	h.Set("Authorization", "Bearer tok-abcdef")
	h.Set("X-Short", "ab")
	r := NewRedactor(h, "http://127.0.0.1:9/mcp?key=qsecret99")
	raw := "POST /mcp?key=qsecret99 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer tok-abcdef\r\nX-Short: ab\r\n\r\n{\"a\":\"ab tok-abcdef\"}"
	e := r.event(trace.Event{Channel: trace.HTTPRequest, Kind: trace.KindMessage, Raw: raw,
		Messages: []json.RawMessage{json.RawMessage(`{"a":"ab tok-abcdef"}`)},
		HTTP:     &trace.HTTPInfo{Path: "/mcp?key=qsecret99", Headers: map[string][]string{"Authorization": {"Bearer tok-abcdef"}, "X-Short": {"ab"}}}})
	want := "POST /mcp?key=[redacted] HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer [redacted]\r\nX-Short: [redacted]\r\n\r\n{\"a\":\"ab [redacted]\"}"
	if e.Raw != want {
		t.Fatalf("raw\n%q\nwant\n%q", e.Raw, want)
	}
	if string(e.Messages[0]) != `{"a":"ab [redacted]"}` || e.HTTP.Headers["Authorization"][0] != "Bearer [redacted]" ||
		e.HTTP.Headers["X-Short"][0] != Redacted || e.HTTP.Path != "/mcp?key=[redacted]" {
		t.Fatalf("event %+v %s", e.HTTP, e.Messages[0])
	}
	if got := r.Text("connect http://127.0.0.1:9/mcp?key=qsecret99\n"); got != "connect http://127.0.0.1:9/mcp?key=[redacted]\n" {
		t.Fatalf("text %q", got)
	}
	if NewRedactor(nil, "http://127.0.0.1:9/mcp") != nil {
		t.Fatal("a redactor with nothing to redact")
	}
}
