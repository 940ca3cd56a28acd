package exercise

import (
	"os"
	"testing"

	"mcpwirelab/sim/specref"
)

// TestExerciseSpecsResolve: every spec reference of every exercise names a
// page and heading of the spec, in the one anchor form the website uses
// (specref.Anchor), the same check the annotations pass.
func TestExerciseSpecsResolve(t *testing.T) {
	dir := os.Getenv("MCP_SPEC_DIR")
	if dir == "" {
		t.Skip("MCP_SPEC_DIR is not set; skipping the checks against the spec text")
	}
	spec := specref.Open(dir)
	for _, ex := range All() {
		for _, ref := range ex.Spec {
			if err := spec.Check(ref); err != nil {
				t.Errorf("exercise %s: Spec %q: %v", ex.ID, ref, err)
			}
		}
	}
}
