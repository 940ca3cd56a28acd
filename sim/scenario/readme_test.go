package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
