package wire

import (
	"slices"
	"testing"
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
