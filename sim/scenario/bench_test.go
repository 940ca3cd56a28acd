package scenario

import (
	"testing"

	"mcpwirelab/sim/protocol"
)

// BenchmarkToolCall runs the full tool-call scenario (launch, discovery,
// tools/list, the model's decision, tools/call, shutdown) per version and
// transport: the cost of one "re-run the engine" in the visualizer.
func BenchmarkToolCall(b *testing.B) {
	for _, v := range protocol.Versions() {
		for _, tr := range Transports {
			o := Options{Scenario: "tool-call", Version: v, Transport: tr}
			b.Run(v+"/"+tr, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := Run(o); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkLoadNotes reads and indexes the embedded course text, what the
// first annotation the page shows costs (once per page load).
func BenchmarkLoadNotes(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if s := buildNotes(embeddedNoteFiles()); len(s.errs) > 0 {
			b.Fatal(s.errs[0])
		}
	}
}

// BenchmarkClassify classifies the full tool-call trace per version and
// transport (part of every Run; also what a capture of a real server
// costs once recorded).
func BenchmarkClassify(b *testing.B) {
	for _, v := range protocol.Versions() {
		for _, tr := range Transports {
			t, err := Run(Options{Scenario: "tool-call", Version: v, Transport: tr})
			if err != nil {
				b.Fatal(err)
			}
			b.Run(v+"/"+tr, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					Classify(t)
				}
			})
		}
	}
}
