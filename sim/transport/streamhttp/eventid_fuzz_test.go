package streamhttp

import (
	"strconv"
	"testing"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/wire"
)

// FuzzLastEventID: Last-Event-ID is a client's header. Any value parses
// without a panic, and only the canonical "<n>-<k>" (n ≥ 1, k ≥ 0, no sign,
// no leading zero) is accepted; every id the server writes on a stream
// (primingEvent, messageEvent), read back as an SSE client reads it,
// parses to the stream and event it was written for.
func FuzzLastEventID(f *testing.F) {
	for _, s := range []string{"1-0", "12-345", "0-0", "01-1", "1-01", "-1-0", "+1-0", "1--1", "1-", "-", "", "1-0-0", " 1-0", "9223372036854775807-0", "99999999999999999999-0", "١-٠"} {
		f.Add(s, uint32(1), uint32(0))
	}
	f.Fuzz(func(t *testing.T, s string, n32, k32 uint32) {
		if n, k, ok := parseEventID([]string{s}); ok {
			if back := strconv.Itoa(n) + "-" + strconv.Itoa(k); back != s || n < 1 || k < 0 {
				t.Fatalf("parseEventID(%q) = %d, %d: not canonical (%q)", s, n, k, back)
			}
		}
		if _, _, ok := parseEventID([]string{s, s}); ok {
			t.Fatalf("two Last-Event-ID values %q accepted", s)
		}
		n, k := int(n32%1_000_000)+1, int(k32%1_000_000)
		m := jsonrpc.Notification("notifications/progress", map[string]any{"progressToken": s, "progress": k})
		for _, ev := range [][]byte{primingEvent(n), messageEvent(n, k, m)} {
			var r wire.SSEReader
			r.Feed(ev)
			gn, gk, ok := parseEventID([]string{r.LastEventID()})
			wantK := k
			if string(ev) == string(primingEvent(n)) {
				wantK = 0
			}
			if !ok || gn != n || gk != wantK {
				t.Fatalf("event %q: Last-Event-ID %q parses to %d, %d, %v; want %d, %d", ev, r.LastEventID(), gn, gk, ok, n, wantK)
			}
		}
	})
}
