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

// scenarioHomes reads a package's sources (file name → source) and returns
// the names of the scenarioDef entries it finds and the problems of their
// homes: an entry whose run func or server func is declared in another
// file than the entry (or nowhere), and an entry whose name is neither a
// string nor a string constant of the package. That is the recipe's
// promise: a scenario's entry sits beside its run func in its family's
// file, and catalog.go, which only joins the families, holds none.
func scenarioHomes(t *testing.T, srcs map[string]string) (names, problems []string) {
	t.Helper()
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for name, src := range srcs {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	funcs := map[string]string{}  // func name → its file
	consts := map[string]string{} // string constant → its value
	for name, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					funcs[d.Name.Name] = name
				}
			case *ast.GenDecl:
				if d.Tok != token.CONST {
					continue
				}
				for _, s := range d.Specs {
					vs := s.(*ast.ValueSpec)
					for i, id := range vs.Names {
						if i < len(vs.Values) {
							if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
								consts[id.Name], _ = strconv.Unquote(lit.Value)
							}
						}
					}
				}
			}
		}
	}
	fileNames := make([]string, 0, len(files))
	for name := range files {
		fileNames = append(fileNames, name)
	}
	slices.Sort(fileNames)
	for _, file := range fileNames {
		ast.Inspect(files[file], func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			var entries []*ast.CompositeLit
			switch typ := lit.Type.(type) {
			case *ast.ArrayType: // []scenarioDef{{…}, {…}}
				if id, ok := typ.Elt.(*ast.Ident); ok && id.Name == "scenarioDef" {
					for _, e := range lit.Elts {
						if c, ok := e.(*ast.CompositeLit); ok {
							entries = append(entries, c)
						}
					}
				}
			case *ast.Ident: // scenarioDef{…}
				if typ.Name == "scenarioDef" {
					entries = append(entries, lit)
				}
			}
			for _, e := range entries {
				name, ok := "", false
				fields := keyed(e)
				if info, isLit := fields["info"].(*ast.CompositeLit); isLit {
					switch v := keyed(info)["Name"].(type) {
					case *ast.BasicLit:
						name, _ = strconv.Unquote(v.Value)
						ok = true
					case *ast.Ident:
						name, ok = consts[v.Name]
					}
				}
				if !ok {
					problems = append(problems, file+": an entry without a name the scan can read")
					continue
				}
				names = append(names, name)
				for _, field := range []string{"run", "server"} {
					id, isIdent := fields[field].(*ast.Ident)
					if !isIdent {
						if fields[field] != nil || field == "run" {
							problems = append(problems, name+": its "+field+" is not a func of the package by name")
						}
						continue
					}
					switch home, found := funcs[id.Name]; {
					case !found:
						problems = append(problems, name+": its "+field+" func "+id.Name+" is declared nowhere")
					case home != file:
						problems = append(problems, name+": its entry is in "+file+", its "+field+" func "+id.Name+" in "+home)
					}
				}
			}
			return true
		})
	}
	slices.Sort(problems)
	return names, problems
}

// keyed maps a composite literal's keys to their values.
func keyed(c *ast.CompositeLit) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	for _, e := range c.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				out[k.Name] = kv.Value
			}
		}
	}
	return out
}

// TestScenarioEntriesBesideTheirRuns: every scenario List gives has its
// entry in the file of its run func (and of its server func, if it has
// one), so adding a scenario to a family touches that family's file, not
// catalog.go too (ARCHITECTURE.md, "Add a scenario").
func TestScenarioEntriesBesideTheirRuns(t *testing.T) {
	srcs := texttest.SourceMap(t, false)
	names, problems := scenarioHomes(t, srcs)
	for _, p := range problems {
		t.Error(p)
	}
	var listed []string
	for _, info := range List() {
		listed = append(listed, info.Name)
	}
	slices.Sort(names)
	slices.Sort(listed)
	if !slices.Equal(names, listed) {
		t.Errorf("the scan finds the entries %v, List gives %v", names, listed)
	}
}

// TestScenarioEntriesBesideTheirRunsBroken: the scan run on a synthetic
// package finds an entry in a file other than its run func's (the
// catalog), a server func in another file, and a run func declared
// nowhere; the entry at home passes, named by a constant.
func TestScenarioEntriesBesideTheirRunsBroken(t *testing.T) {
	srcs := map[string]string{
		"catalog.go": `package scenario
var joined = []scenarioDef{{info: Info{Name: "stray"}, run: strayRun}}
`,
		"family.go": `package scenario
const homeName = "home"
var family = []scenarioDef{
	{info: Info{Name: homeName}, run: homeRun},
	{info: Info{Name: "far-server"}, server: farServer, run: farServerRun},
	{info: Info{Name: "lost"}, run: lostRun},
}
func homeRun(r *runner) {}
func strayRun(r *runner) {}
func farServerRun(r *runner) {}
`,
		"other.go": `package scenario
func farServer(Options) serverSpec { return serverSpec{} }
`,
	}
	names, problems := scenarioHomes(t, srcs)
	slices.Sort(names)
	if want := []string{"far-server", "home", "lost", "stray"}; !slices.Equal(names, want) {
		t.Errorf("names %v, want %v", names, want)
	}
	want := []string{
		"far-server: its entry is in family.go, its server func farServer in other.go",
		"lost: its run func lostRun is declared nowhere",
		"stray: its entry is in catalog.go, its run func strayRun in family.go",
	}
	if !slices.Equal(problems, want) {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
}
