package wire

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"mcpwirelab/sim/jsonrpc"
)

// serverPieces are the pieces the server's side of a virtual GET to h
// delivers, in order.
func serverPieces(t *testing.T, h http.Handler) []*Piece {
	t.Helper()
	v := &VirtualHTTP{Route: Handler(h), Date: func() string { return "X" }}
	var pieces []*Piece
	s := &Stream{OnPiece: func(p *Piece) {
		if p.Event.From == "server" {
			pieces = append(pieces, p)
		}
	}}
	req, _ := http.NewRequest(http.MethodGet, "http://x/", nil)
	if _, err := v.Do(context.Background(), req, s); err != nil {
		t.Fatal(err)
	}
	return pieces
}

// TestResponseParserReadsTheRecorder: the parser a real socket feeds reads
// back what the Recorder writes, piece for piece and byte by byte.
func TestResponseParserReadsTheRecorder(t *testing.T) {
	for name, h := range recorderHandlers {
		t.Run(name, func(t *testing.T) {
			pieces := serverPieces(t, h)
			var rp ResponseParser
			var whole strings.Builder
			for i, want := range pieces {
				got := rp.Feed([]byte(want.Event.Raw))
				whole.WriteString(want.Event.Raw)
				if got == nil || got.Event.HTTP.Status != want.Event.HTTP.Status || got.Event.HTTP.Chunk != want.Event.HTTP.Chunk ||
					string(got.Body) != string(want.Body) || len(got.Msgs) != len(want.Msgs) || got.EventID != want.EventID || got.Retry != want.Retry {
					t.Fatalf("piece %d: got %+v body %q msgs %d id %q retry %v, want body %q msgs %d id %q retry %v", i, got.Event.HTTP, got.Body, len(got.Msgs), got.EventID, got.Retry,
						want.Body, len(want.Msgs), want.EventID, want.Retry)
				}
			}
			if !rp.Done() || rp.Total() != whole.Len() {
				t.Fatalf("done %v after %d bytes", rp.Done(), rp.Total())
			}
			var bb ResponseParser
			var body []byte
			var msgs []*jsonrpc.Message
			for i := 0; i < whole.Len(); i++ {
				if p := bb.Feed([]byte{whole.String()[i]}); p != nil {
					body = append(body, p.Body...)
					msgs = append(msgs, p.Msgs...)
				}
			}
			var wantBody []byte
			var wantMsgs int
			for _, p := range pieces {
				wantBody = append(wantBody, p.Body...)
				wantMsgs += len(p.Msgs)
			}
			if !bb.Done() || string(body) != string(wantBody) || len(msgs) != wantMsgs {
				t.Fatalf("byte by byte: done %v body %q (want %q) %d messages (want %d)", bb.Done(), body, wantBody, len(msgs), wantMsgs)
			}
		})
	}
}
