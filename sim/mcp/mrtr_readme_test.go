package mcp_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mcpwirelab/sim/internal/specschema"

	"mcpwirelab/sim/protocol"
)

// TestReadmeNamesMRTRRequests: the README's account of multi round-trip
// requests names every request mrtr §Supported Requests allows an
// InputRequiredResult on (it named tools/call and prompts/get only, while
// the spec's table also lists resources/read).
func TestReadmeNamesMRTRRequests(t *testing.T) {
	dir := specschema.Dir(t)
	page, err := os.ReadFile(filepath.Join(dir, protocol.V20260728, "basic", "patterns", "mrtr.md"))
	if err != nil {
		t.Fatal(err)
	}
	section := string(page)
	section = section[strings.Index(section, "### Supported Requests"):]
	section = section[:strings.Index(section, "### Basic Workflow")]
	rows := regexp.MustCompile("(?m)^\\| \\[`([a-z/]+)`\\][^|]*\\| Yes").FindAllStringSubmatch(section, -1)
	if len(rows) < 3 {
		t.Fatalf("mrtr §Supported Requests: %d requests read, want the table's rows", len(rows))
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	i := strings.Index(readme, "**2026-07-28: multi round-trip requests.**")
	if i < 0 {
		t.Fatal("README: no paragraph on multi round-trip requests")
	}
	para := readme[i:]
	para = para[:strings.Index(para, "\n- **")]
	for _, r := range rows {
		if !strings.Contains(para, "`"+r[1]+"`") {
			t.Errorf("README's multi round-trip paragraph does not name %s, which mrtr §Supported Requests lists", r[1])
		}
	}
}
