package mcp

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"mcpwirelab/sim/protocol"
)

// FuzzRequestState: the requestState is attacker-controlled input. A state
// the server sealed opens to the same payload; any other string, including
// a sealed state with one byte changed, is refused without a panic.
func FuzzRequestState(f *testing.F) {
	s := newCourseServer(Config{StateKey: []byte("fuzz key"), Now: func() time.Time { return time.Unix(1_800_000_000, 0) }})
	st := statePayload{Method: protocol.MethodToolsCall, Digest: salientDigest(protocol.MethodToolsCall, "t", "{}"), Round: 1,
		Expires: time.Unix(1_800_000_600, 0).UnixMilli(), Answers: map[string]json.RawMessage{"k": json.RawMessage(`{"action":"accept"}`)}, Open: []string{"n"}}
	sealed := s.sealState(st)
	f.Add(sealed, 0, byte(0))
	f.Add(sealed, len(sealed)-1, byte(1))
	f.Add("mwl1..", 3, byte('x'))
	f.Add("", 0, byte(0))
	f.Fuzz(func(t *testing.T, token string, at int, flip byte) {
		if got, why := s.openState(token, st.Method, st.Digest); why == "" && token != sealed {
			// Only what the key signed verifies.
			t.Fatalf("foreign state %q accepted: %+v", token, got)
		} else if token == sealed && (why != "" || !bytes.Equal(mustJSON(got), mustJSON(st))) {
			t.Fatalf("sealed state opened to %+v (%s)", got, why)
		}
		if len(sealed) == 0 || flip == 0 {
			return
		}
		b := []byte(sealed)
		i := ((at % len(b)) + len(b)) % len(b)
		b[i] ^= flip
		if _, why := s.openState(string(b), st.Method, st.Digest); why == "" {
			t.Fatalf("tampered state (byte %d ^ %#x) accepted: %q", i, flip, b)
		}
	})
}

// TestSealOpen: the round trip, and the positive twin of the fuzz target.
func TestSealOpen(t *testing.T) {
	s := newCourseServer(Config{StateKey: []byte("k"), Now: func() time.Time { return time.Unix(1_800_000_000, 0) }})
	st := statePayload{Method: protocol.MethodPromptsGet, Digest: "d", Round: 2, Expires: time.Unix(1_800_000_001, 0).UnixMilli(), Open: []string{"a"}}
	got, why := s.openState(s.sealState(st), protocol.MethodPromptsGet, "d")
	if why != "" || got.Round != 2 || got.Open[0] != "a" {
		t.Fatalf("%+v %s", got, why)
	}
}
