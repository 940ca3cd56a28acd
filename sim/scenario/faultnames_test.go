package scenario

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

// faultNameAllowed are the functions that may still decide by a fault's
// name (other than FaultNone, the run without a fault), each with its
// reason.
var faultNameAllowed = map[string]string{
	// The scenario's two faults are its whole story: each miscounts the
	// body its own way, with its own labels and sentence.
	"httpContentLength": "http-content-length's two miscounts",
}

// faultNameDecisions lists where the sources (file name → source) compare
// an Options' Fault with a fault's constant other than FaultNone (==, !=,
// or a case of a switch on it), outside faulttable.go and the allowed
// functions, as "file:line func". A runner reads its fault's entry
// (r.fault()) instead, so a new fault of a kind it knows is data.
func faultNameDecisions(t *testing.T, srcs map[string]string, allowed map[string]string) []string {
	t.Helper()
	fset := token.NewFileSet()
	isFault := func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		return ok && strings.HasPrefix(id.Name, "Fault") && id.Name != "FaultNone"
	}
	isField := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Fault"
	}
	var out []string
	for name, src := range srcs {
		if name == "faulttable.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || allowed[fn.Name.Name] != "" {
				continue
			}
			at := func(n ast.Node) {
				out = append(out, name+":"+strconv.Itoa(fset.Position(n.Pos()).Line)+" "+fn.Name.Name)
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BinaryExpr:
					if (n.Op == token.EQL || n.Op == token.NEQ) &&
						((isField(n.X) && isFault(n.Y)) || (isFault(n.X) && isField(n.Y))) {
						at(n)
					}
				case *ast.SwitchStmt:
					if n.Tag == nil || !isField(n.Tag) {
						return true
					}
					for _, s := range n.Body.List {
						for _, e := range s.(*ast.CaseClause).List {
							if isFault(e) {
								at(e)
							}
						}
					}
				}
				return true
			})
		}
	}
	slices.Sort(out)
	return out
}

// TestRunnersReadTheFaultsEntries: no runner decides by a fault's name
// (issue 28: 20 such comparisons before, the choices moved into the
// entries); what is left is the run without a fault and the allowed
// functions, each still needing its allowance.
func TestRunnersReadTheFaultsEntries(t *testing.T) {
	srcs := texttest.SourceMap(t, false)
	if got := faultNameDecisions(t, srcs, faultNameAllowed); len(got) > 0 {
		t.Errorf("decisions by a fault's name (put the choice in its entry in faulttable.go, read it with r.fault()): %s", strings.Join(got, ", "))
	}
	for fn := range faultNameAllowed {
		if len(faultNameDecisions(t, srcs, map[string]string{})) == len(faultNameDecisions(t, srcs, map[string]string{fn: "-"})) {
			t.Errorf("faultNameAllowed names %s, which decides by no fault's name: drop it", fn)
		}
	}
}

// TestRunnersReadTheFaultsEntriesBroken: the scan finds ==, != (either
// side) and a switch's case, and passes FaultNone, faulttable.go, an
// allowed function and a comparison of something else.
func TestRunnersReadTheFaultsEntriesBroken(t *testing.T) {
	srcs := map[string]string{
		"a.go": `package scenario
func eq(r *runner) bool { return r.o.Fault == FaultTimeout }
func ne(o Options) bool { return FaultPing != o.Fault }
func sw(r *runner) {
	switch r.o.Fault {
	case FaultNone:
	case FaultShortLength, FaultLongLength:
	}
}
func none(r *runner) bool { return r.o.Fault == FaultNone }
func other(r *runner) bool { return r.o.Scenario == FaultPing }
func allowedOne(r *runner) bool { return r.o.Fault == FaultPing }
`,
		"faulttable.go": `package scenario
func entry(o Options) bool { return o.Fault == FaultPing }
`,
	}
	got := faultNameDecisions(t, srcs, map[string]string{"allowedOne": "a reason"})
	want := []string{"a.go:2 eq", "a.go:3 ne", "a.go:7 sw", "a.go:7 sw"}
	if !slices.Equal(got, want) {
		t.Errorf("decisions %v, want %v", got, want)
	}
}
