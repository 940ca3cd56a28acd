package stdio

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/labserver"
	"mcpwirelab/sim/mcp"
)

// FuzzReadLine: stdin is the client's bytes. readLine, with any limit and
// a small buffer (lines span many reads), returns exactly the input's
// newline-separated lines, each over-long one as its length only, and
// io.EOF with the last.
func FuzzReadLine(f *testing.F) {
	for _, s := range []string{"", "\n", "{}\n{}", "a\r\nbb\n\n", "0123456789abcdefghij\nshort\n", "no newline at the end"} {
		f.Add([]byte(s), uint8(8))
	}
	f.Fuzz(func(t *testing.T, in []byte, lim uint8) {
		max := int(lim%40) + 1
		br := bufio.NewReaderSize(bytes.NewReader(in), 16)
		want := bytes.Split(in, []byte("\n"))
		for i := 0; ; i++ {
			line, skipped, err := readLine(br, max)
			if i >= len(want) {
				t.Fatalf("line %d beyond the input's %d", i, len(want))
			}
			if w := want[i]; len(w) > max {
				if skipped != len(w) || line != nil {
					t.Fatalf("line %d (%d bytes, limit %d): got %q, skipped %d", i, len(w), max, line, skipped)
				}
			} else if skipped != 0 || !bytes.Equal(line, w) {
				t.Fatalf("line %d: got %q (skipped %d), want %q", i, line, skipped, w)
			}
			if err != nil {
				if !errors.Is(err, io.EOF) || i != len(want)-1 {
					t.Fatalf("line %d of %d: %v", i, len(want), err)
				}
				return
			}
		}
	})
}

// FuzzHandleLine: any line a client writes gets answers that are each one
// line of valid JSON-RPC (the framing: a message never contains a
// newline); a line that is not a message gets exactly one error response,
// with the decoder's code.
func FuzzHandleLine(f *testing.F) {
	for _, s := range []string{
		"", "  \r", "{", "[]", "null", `{"jsonrpc":"2.0"}`, `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":"a\nb","method":"tools/list","params":{}}`,
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":2,"result":{}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r",
	} {
		f.Add([]byte(s))
	}
	srv := labserver.NewServer(mcp.Config{Logf: func(string, ...any) {}})
	f.Fuzz(func(t *testing.T, line []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		var out []*jsonrpc.Message
		NewPeer(srv).HandleLine(ctx, line, func(m *jsonrpc.Message) { out = append(out, m) })
		for _, m := range out {
			b := m.Encode()
			if bytes.ContainsAny(b, "\r\n") {
				t.Fatalf("answer to %q spans lines: %q", line, b)
			}
			if _, derr := jsonrpc.Decode(b); derr != nil {
				t.Fatalf("answer to %q does not decode: %q: %s", line, b, derr.Err.Message)
			}
		}
		_, derr, blank := decodeLine(line)
		switch {
		case blank && len(out) > 0:
			t.Fatalf("blank line %q answered: %d messages", line, len(out))
		case derr != nil && (len(out) != 1 || out[0].Error == nil || out[0].Error.Code != derr.Err.Code):
			t.Fatalf("undecodable line %q (%d): answered %d messages", line, derr.Err.Code, len(out))
		}
	})
}
