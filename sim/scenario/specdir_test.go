package scenario

import (
	"os"
	"testing"
)

// specDir is the folder with the official MCP spec pages and JSON schemas
// (<version>/schema.json, <version>/<page>.md): $MCP_SPEC_DIR, which make
// sets when ../shared/spec exists. Without it the tests that read the spec
// skip, all with the same line; with MCPWL_REQUIRE_SPEC=1 (.ci/run) they
// fail instead, so CI cannot quietly stop checking against the spec.
func specDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("MCP_SPEC_DIR")
	why := ""
	switch st, err := os.Stat(dir); {
	case dir == "":
		why = "MCP_SPEC_DIR is not set"
	case err != nil:
		why = "MCP_SPEC_DIR=" + dir + ": " + err.Error()
	case !st.IsDir():
		why = "MCP_SPEC_DIR=" + dir + " is not a directory"
	default:
		return dir
	}
	msg := why + ": skipping the checks against the official MCP schemas and spec pages (put them in ../shared/spec or set MCP_SPEC_DIR; README, Tests)"
	if os.Getenv("MCPWL_REQUIRE_SPEC") == "1" {
		t.Fatal(msg + " — MCPWL_REQUIRE_SPEC=1 makes this a failure")
	}
	t.Skip(msg)
	return ""
}
