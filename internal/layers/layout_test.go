package layers

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// layoutPath is a path the README's layout table names in its first
// column: `sim/wire`, `app/`.
var layoutPath = regexp.MustCompile("`([a-z0-9_./-]+)`")

// undocumented lists the packages the layout table (README.md §Layout)
// does not name in its first column.
func undocumented(readme string, pkgs []string) []string {
	_, table, _ := strings.Cut(readme, "\n## Layout\n")
	table, _, _ = strings.Cut(table, "\n## ")
	named := map[string]bool{}
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 {
			continue
		}
		for _, m := range layoutPath.FindAllStringSubmatch(cells[1], -1) {
			named[strings.TrimSuffix(m[1], "/")] = true
		}
	}
	var out []string
	for _, p := range pkgs {
		if !named[p] {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// TestLayoutTableComplete: every package of the module (the browser tests
// of e2e/ too) has its row in README.md's layout table.
func TestLayoutTableComplete(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for p := range load(t).deps {
		p = strings.TrimPrefix(p, mod)
		if p != strings.TrimSuffix(mod, "/") {
			pkgs = append(pkgs, p)
		}
	}
	for _, p := range undocumented(string(readme), pkgs) {
		t.Errorf("README.md §Layout has no row for %s", p)
	}
}

// TestLayoutTableBroken: a table without a package's row reports it, and
// only it.
func TestLayoutTableBroken(t *testing.T) {
	readme := "# x\n\n## Layout\n\n| path | what |\n| --- | --- |\n| `sim/wire` | wires |\n| `app/` | the UI, not `sim/mcp` |\n\n## Next\n| `sim/check` | after the table |\n"
	got := undocumented(readme, []string{"sim/wire", "app", "sim/mcp", "sim/check"})
	if strings.Join(got, " ") != "sim/check sim/mcp" {
		t.Errorf("undocumented = %q, want [sim/check sim/mcp]", got)
	}
}
