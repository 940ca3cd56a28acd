package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
)

// readmeGaps lists what README text leaves out of the catalog: a scenario
// without its row in the scenarios table ("| `name` |"), a fault never
// named in backquotes.
func readmeGaps(readme string) []string {
	var out []string
	for _, info := range List() {
		if !strings.Contains(readme, "| `"+info.Name+"` |") {
			out = append(out, "scenario "+info.Name)
		}
		for _, f := range info.Faults {
			if f != FaultNone && !strings.Contains(readme, "`"+f+"`") {
				out = append(out, "fault "+f+" of "+info.Name)
			}
		}
	}
	return out
}

// TestReadmeNamesEveryScenario: every scenario the transcript command and
// the page offer has its row in the README, and every fault is named.
func TestReadmeNamesEveryScenario(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if gaps := readmeGaps(readme); len(gaps) > 0 {
		t.Errorf("README.md does not document: %s", strings.Join(gaps, "; "))
	}
	// The broken twin: without the logging row and the not-found fault.
	broken := strings.ReplaceAll(strings.ReplaceAll(readme, "| `logging` |", "| logging |"), "`"+FaultNotFound+"`", FaultNotFound)
	got := strings.Join(readmeGaps(broken), "; ")
	if got != "fault "+FaultNotFound+" of resources; scenario logging" {
		t.Errorf("a README without them: gaps %q", got)
	}
}

// TestReadmeTaskStatusIsTrue: the README said 2025-11-25
// notifications/tasks/status "follows each change on the session stream",
// and no transcript had one. Whatever it says now must hold in the
// transcripts: if none carries the notification, the README says so.
func TestReadmeTaskStatusIsTrue(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	shown := 0
	for _, m := range matrixTraces(t) {
		for _, e := range m.tr.Events {
			if strings.Contains(e.Raw, `"method":"`+protocol.MethodTaskStatus+`"`) {
				shown++
			}
		}
	}
	claims := strings.Contains(readme, "`notifications/tasks/status` follows each change")
	says := strings.Contains(readme, "so its transcripts show none")
	switch {
	case shown == 0 && (claims || !says):
		t.Errorf("no transcript carries %s, but the README claims it follows each change (%v) or does not say the transcripts show none (%v)", protocol.MethodTaskStatus, claims, says)
	case shown > 0 && says:
		t.Errorf("%d events carry %s, but the README says the transcripts show none", shown, protocol.MethodTaskStatus)
	}
}
