package wire

import (
	"slices"
	"testing"
	"time"
)

func TestSSEReaderSplitsAnywhere(t *testing.T) {
	stream := "retry: 1500\r\n: hello\r\n\r\nid: 7\r\nevent: email\r\ndata: {\"a\":1}\r\n\r\n" +
		"data: one\ndata:two\n\n" + // no event type → message; "data:two" has no space
		"event: empty\n\n" + // no data: not dispatched
		"id\ndata: x\n\n" + // "id" alone resets the id
		"data: 汉字\n\n" +
		"data: unterminated" // discarded at the end of the stream
	whole := ParseSSE([]byte(stream))
	want := []SSEItem{
		{Comment: true, Text: "hello"},
		{Event: "email", Data: `{"a":1}`, ID: "7", Retry: 1500},
		{Event: "message", Data: "one\ntwo", ID: "7"},
		{Event: "message", Data: "x", ID: ""},
		{Event: "message", Data: "汉字", ID: ""},
	}
	if !slices.Equal(whole, want) {
		t.Fatalf("parsed\n%+v\nwant\n%+v", whole, want)
	}
	// Byte by byte (splitting CRLF and UTF-8 sequences) gives the same.
	var p SSEReader
	var got []SSEItem
	for i := range len(stream) {
		got = append(got, p.Feed([]byte{stream[i]})...)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("byte-by-byte\n%+v", got)
	}
}

// TestSSEReconnectionTime: a retry: line sets the stream's reconnection
// time, which outlives its event (WHATWG HTML §9.2.6) — a 2025-11-25
// priming event carries it, the events after it do not repeat it — and a
// later retry: replaces it; a value that is not all digits is ignored.
func TestSSEReconnectionTime(t *testing.T) {
	var p SSEReader
	if ms, ok := p.ReconnectionTime(); ok || ms != 0 {
		t.Fatalf("before any retry: %d %v", ms, ok)
	}
	p.Feed([]byte("id: e-1\nretry: 500\ndata: \n\n"))
	p.Feed([]byte("id: e-2\ndata: {}\n\n"))
	if ms, ok := p.ReconnectionTime(); !ok || ms != 500 {
		t.Fatalf("after the priming event and one more: %d %v, want 500", ms, ok)
	}
	p.Feed([]byte("retry: 2x\n\nretry: 1200\n\n"))
	if ms, _ := p.ReconnectionTime(); ms != 1200 {
		t.Fatalf("after retry: 2x and retry: 1200: %d, want 1200", ms)
	}
}

// TestPiecesCarryTheReconnectionTime: the Recorder (virtual wire) puts
// the stream's reconnection time on every piece after the retry: line, the
// pieces after it included (TestResponseParserReadsTheRecorder holds the
// ResponseParser, a real socket's reader, to the same).
func TestPiecesCarryTheReconnectionTime(t *testing.T) {
	pieces := serverPieces(t, recorderHandlers["sse-retry"])
	if len(pieces) < 2 {
		t.Fatalf("%d pieces", len(pieces))
	}
	for i, p := range pieces {
		if p.Retry != 500*time.Millisecond {
			t.Errorf("piece %d: retry %v, want 500ms", i, p.Retry)
		}
	}
}
