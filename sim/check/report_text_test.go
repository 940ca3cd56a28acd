package check

import (
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
)

// TestTextReportShowsRepeatFigures: -repeat N is read in the text report,
// the default format: a passing cancellation-honoured keeps its message
// (how many tries held, the rule of three); another passing check stays
// one line.
func TestTextReportShowsRepeatFigures(t *testing.T) {
	held := "30 of 30 calls of slow, cancelled halfway with notifications/cancelled, got nothing more"
	r := Report{Target: "srv", Transport: "stdio", Versions: []string{protocol.V20251125}, Checks: []Result{
		{ID: IDCancellation, Version: protocol.V20251125, Verdict: Pass, Level: SHOULD, Message: held},
		{ID: IDIDs, Version: protocol.V20251125, Verdict: Pass, Level: MUST, Message: "every id echoed"},
	}}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "      "+held+"\n") || strings.Contains(b.String(), "every id echoed") {
		t.Errorf("text report:\n%s", b.String())
	}
}
