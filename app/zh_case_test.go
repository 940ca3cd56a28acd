package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// cssRule is a rule of a style sheet: its selectors and its declarations.
var cssRule = regexp.MustCompile(`([^{}]+)\{([^{}]*)\}`)

// uppercaseWithoutZh lists the selectors of css that upper-case their text
// with no :lang(zh) rule undoing it. Chinese has no letter case, but the
// course's Latin terms in a Chinese label do: text-transform would turn
// the Host lane, a phase "Host 连接服务器" or "MCP 客户端" into HOST.
func uppercaseWithoutZh(css string) []string {
	css = regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(css, "")
	upper, undone := map[string]bool{}, map[string]bool{}
	var order []string
	for _, m := range cssRule.FindAllStringSubmatch(css, -1) {
		decl := strings.ReplaceAll(m[2], " ", "")
		for _, sel := range strings.Split(m[1], ",") {
			sel = strings.Join(strings.Fields(sel), " ")
			switch {
			case strings.Contains(decl, "text-transform:uppercase"):
				if !upper[sel] {
					order = append(order, sel)
				}
				upper[sel] = true
			case strings.Contains(decl, "text-transform:none"):
				if rest, ok := strings.CutPrefix(sel, ":lang(zh) "); ok {
					undone[rest] = true
				}
			}
		}
	}
	var out []string
	for _, sel := range order {
		if !undone[sel] {
			out = append(out, sel)
		}
	}
	return out
}

// TestZhKeepsLetterCase: every label the style sheets upper-case keeps its
// letters under lang=zh.
func TestZhKeepsLetterCase(t *testing.T) {
	files, _ := filepath.Glob("../static/*.css")
	if len(files) < 3 {
		t.Fatalf("style sheets: %v", files)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, sel := range uppercaseWithoutZh(string(b)) {
			t.Errorf("%s: %s is upper-cased under lang=zh too: add it to the :lang(zh) … { text-transform: none; } rule", f, sel)
		}
	}
}

// TestZhKeepsLetterCaseBroken: a rule upper-casing a label with no
// :lang(zh) twin fails; with it, it passes.
func TestZhKeepsLetterCaseBroken(t *testing.T) {
	bad := ".cmp-role { font-size: 0.7rem; text-transform: uppercase; }"
	if got := uppercaseWithoutZh(bad); len(got) != 1 || got[0] != ".cmp-role" {
		t.Errorf("found %q", got)
	}
	if got := uppercaseWithoutZh(bad + "\n:lang(zh) .cmp-role { text-transform: none; }"); len(got) != 0 {
		t.Errorf("found %q", got)
	}
}
