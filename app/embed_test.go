package ui

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"testing"

	"mcpwirelab/sim/scenario"
)

var embedRE = regexp.MustCompile(`^<script type="application/json" id="wl-trace" data-options="([^"]*)">([^<]*)</script>$`)

// Every trace the engine makes survives the trip through the page: the
// decoded trace equals the engine's, messages byte for byte.
func TestEmbeddedTraceRoundTrip(t *testing.T) {
	n := 0
	for _, in := range scenario.List() {
		for _, v := range in.Versions {
			for _, tp := range in.Transports {
				for _, f := range in.Faults {
					o := scenario.Options{Scenario: in.Name, Version: v, Transport: tp, Fault: f}
					tr, err := scenario.Run(o)
					if err != nil {
						continue // fault not applicable to this version/transport
					}
					m := embedRE.FindStringSubmatch(EmbeddedTraceHTML(tr, o))
					if m == nil {
						t.Fatalf("%+v: element not as expected", o)
					}
					if got := html.UnescapeString(m[1]); got != optionsKey(o) {
						t.Fatalf("%+v: data-options %q, want %q", o, got, optionsKey(o))
					}
					back, err := decodeTrace([]byte(embedUnescape.Replace(m[2])))
					if err != nil {
						t.Fatalf("%+v: %v", o, err)
					}
					// The transcript bytes are equal (an empty header map
					// comes back nil: omitempty; reading either is the same).
					var want, got bytes.Buffer
					tr.WriteJSONL(&want)
					back.WriteJSONL(&got)
					if want.Len() == 0 || !bytes.Equal(want.Bytes(), got.Bytes()) || back.Scenario != tr.Scenario ||
						back.Version != tr.Version || back.Transport != tr.Transport || back.Fault != tr.Fault {
						t.Fatalf("%+v: decoded trace differs from the engine's", o)
					}
					for i := range tr.Events {
						for k := range tr.Events[i].Messages {
							if string(tr.Events[i].Messages[k]) != string(back.Events[i].Messages[k]) {
								t.Fatalf("%+v: event %d message %d bytes changed", o, i, k)
							}
						}
					}
					if !sameTrace(back, tr) {
						t.Fatalf("%+v: sameTrace false for equal traces", o)
					}
					n++
				}
			}
		}
	}
	if n < 40 {
		t.Fatalf("only %d traces checked", n)
	}
	a, _ := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "none"})
	b, _ := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "http", Fault: "unknown-tool"})
	if sameTrace(a, b) {
		t.Fatal("sameTrace true for different runs")
	}
	if optionsKey(scenario.Options{Scenario: "tool-call", Fault: "none"}) == optionsKey(scenario.Options{Scenario: "tool-call", Fault: "timeout"}) {
		t.Fatal("options keys collide")
	}
}

// The page's text escape is reversible for any bytes, the HTML parser's
// special ones (a script's end tag, comments, CR, NUL) included, and
// leaves none of them in the element.
func TestEmbedEscape(t *testing.T) {
	inputs := []string{"", "%", "%25", "%3C", "%%3C%25", "</script><!-- -->", "a\r\nb", "\x00", `{"raw":"<b>%0D</b>\r"}`, "\\u003c"}
	failures := func(esc, unesc *strings.Replacer) (bad []string) {
		for _, in := range inputs {
			enc := esc.Replace(in)
			if strings.ContainsAny(enc, "<\r\x00") || unesc.Replace(enc) != in {
				bad = append(bad, in)
			}
		}
		return bad
	}
	if bad := failures(embedEscape, embedUnescape); len(bad) > 0 {
		t.Errorf("not reversible or not safe in a <script>: %q", bad)
	}
	// A broken escape that leaves '%' alone is caught.
	if bad := failures(strings.NewReplacer("<", "%3C", "\r", "%0D", "\x00", "%00"), embedUnescape); len(bad) == 0 {
		t.Error("the check passes an escape that leaves '%' alone")
	}
}
