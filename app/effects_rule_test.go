package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mcpwirelab/sim/text/texttest"
)

// goAppPath is go-app's package, whose Window is the browser.
const goAppPath = "github.com/maxence-charriere/go-app/v10/pkg/app"

// windowAllowed are the files besides effects.go that may name go-app's
// Window, each with its reason.
var windowAllowed = map[string]string{
	// browserDOM.ScrollToCurrent is one of domEffects' own effects, kept
	// beside the keepJS script it installs on the window; the file belongs
	// to the fast-page work (early.go prerenders the same script), which
	// issue 28 leaves alone.
	"scroll.go": "browserDOM.ScrollToCurrent, beside its keepJS",
}

// windowUses lists every place a file of srcs (file name → source) names
// go-app's Window (called or not, under whatever name the file imports
// go-app) outside effects.go and the allowed files, as "file:line".
func windowUses(t *testing.T, srcs map[string]string, allowed map[string]string) []string {
	t.Helper()
	fset := token.NewFileSet()
	var out []string
	for name, src := range srcs {
		if name == "effects.go" || allowed[name] != "" {
			continue
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		local := "" // the file's name for go-app
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == goAppPath {
				local = "app"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		if local == "" || local == "_" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Window" {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == local {
				out = append(out, name+":"+strconv.Itoa(fset.Position(sel.Pos()).Line))
			}
			return true
		})
	}
	slices.Sort(out)
	return out
}

// TestWindowOnlyInEffects: the UI reaches the browser only through
// effects.go (its domEffects and the named reads and schedules beside
// them), so what it asks of the browser is one list and go-app's Window
// appears nowhere else in the package's code (tests included: they use the
// fake DOM).
func TestWindowOnlyInEffects(t *testing.T) {
	srcs := texttest.SourceMap(t, true)
	for name := range windowAllowed {
		if _, ok := srcs[name]; !ok {
			t.Errorf("windowAllowed names %s, which is not in the package: drop it", name)
		} else if len(windowUses(t, map[string]string{name: srcs[name]}, nil)) == 0 {
			t.Errorf("windowAllowed names %s, which no longer uses Window: drop it", name)
		}
	}
	if _, ok := srcs["effects.go"]; !ok {
		t.Fatal("no effects.go")
	}
	if uses := windowUses(t, srcs, windowAllowed); len(uses) > 0 {
		t.Errorf("go-app's Window outside effects.go (add a named effect there): %s", strings.Join(uses, ", "))
	}
}

// TestWindowOnlyInEffectsBroken: the scan finds a call, a method value and
// an aliased import's Window in other files, and passes effects.go, an
// allowed file, a file's own Window func, and a file that does not
// import go-app.
func TestWindowOnlyInEffectsBroken(t *testing.T) {
	srcs := map[string]string{
		"effects.go": "package ui\nimport \"" + goAppPath + "\"\nfunc doc() app.Value { return app.Window().Get(\"document\") }\n",
		"call.go":    "package ui\nimport \"" + goAppPath + "\"\nfunc a() {\n\tapp.Window().Call(\"print\")\n}\n",
		"value.go":   "package ui\nimport \"" + goAppPath + "\"\nvar w = app.Window\n",
		"alias.go":   "package ui\nimport goapp \"" + goAppPath + "\"\nfunc b() { goapp.Window().Get(\"x\") }\n",
		"allowed.go": "package ui\nimport \"" + goAppPath + "\"\nfunc c() { app.Window() }\n",
		"own.go":     "package ui\ntype app struct{}\nfunc (app) Window() {}\nfunc d() { var x app; x.Window() }\n",
	}
	got := windowUses(t, srcs, map[string]string{"allowed.go": "a reason"})
	want := []string{"alias.go:3", "call.go:4", "value.go:3"}
	if !slices.Equal(got, want) {
		t.Errorf("uses %v, want %v", got, want)
	}
}
