package ui

import (
	"strings"
	"testing"
)

// TestSavedCapture: what is kept for a reload reads back as it was; a
// transcript over the limit is not kept (with the size as the reason), and
// a stored value that is not what encodeSavedCapture wrote is refused.
func TestSavedCapture(t *testing.T) {
	v, err := encodeSavedCapture("a.jsonl", "{\"seq\":1}\n")
	if err != nil {
		t.Fatal(err)
	}
	s, ok := decodeSavedCapture(v)
	if !ok || s.Source != "a.jsonl" || s.Text != "{\"seq\":1}\n" {
		t.Errorf("read back: %+v %v", s, ok)
	}
	big := strings.Repeat("x", maxSessionCapture+1)
	if _, err := encodeSavedCapture("b.jsonl", big); err == nil || err.Error() != "2 MiB" {
		t.Errorf("a transcript over the limit: %v", err)
	}
	for _, bad := range []string{"", "null", "{}", `{"source":"a","text":""}`, "not json", `{"source":"a","text":"` + big + `"}`} {
		if s, ok := decodeSavedCapture(bad); ok {
			t.Errorf("decodeSavedCapture(%.40q) = %+v, accepted", bad, s)
		}
	}
}
