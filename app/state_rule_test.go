package ui

import (
	"errors"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mcpwirelab/sim/text/texttest"
)

// labStateOwners are the files whose methods of labState may change its
// fields, each with what it holds. Every other file asks one of those
// methods (the Lab's handlers add the page's effects around them).
var labStateOwners = map[string]string{
	"model_lab.go":   "the state and its transitions",
	"lab_compare.go": "runCompare, the compare view's two runs (cmp)",
}

// stateTypes are the package's state types (a struct type whose name ends
// in "State": labState and each view's) and the file that declares each,
// which owns it: only its methods there change it.
func stateTypes(t *testing.T, srcs map[string]string) map[string]string {
	t.Helper()
	out := map[string]string{}
	fset := token.NewFileSet()
	for name, src := range srcs {
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, sp := range g.Specs {
					ts := sp.(*ast.TypeSpec)
					if _, isStruct := ts.Type.(*ast.StructType); isStruct && strings.HasSuffix(ts.Name.Name, "State") {
						out[ts.Name.Name] = name
					}
				}
			}
		}
	}
	return out
}

// stateWrites lists every place of the checked package (typeCheck) that
// changes a field of the state type typ (labState, captureState…) outside
// a method of typ in an owner file, as "file:line field". Changing is
// assigning the field or an element of it (a map's, a slice's), ++ or --,
// taking the field's address, or calling a method with a pointer receiver
// on it (View.Set); a field reached through a Lab (promoted) counts, and so
// does the whole embedded state. Building a new value with a composite
// literal is not a change.
func stateWrites(t *testing.T, builds []checkedBuild, typ string, owners map[string]string) []string {
	t.Helper()
	seen := map[string]bool{}
	for _, b := range builds {
		fset, files, info, pkg := b.fset, b.files, b.info, b.pkg
		obj := pkg.Scope().Lookup(typ)
		if obj == nil {
			t.Fatalf("the package has no %s", typ)
		}
		st := obj.Type()
		fields := map[*types.Var]bool{}
		for i := range st.Underlying().(*types.Struct).NumFields() {
			fields[st.Underlying().(*types.Struct).Field(i)] = true
		}
		for _, f := range files {
			name := fset.Position(f.Package).Filename
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil || (owners[name] != "" && isMethodOf(fd, typ)) {
					continue
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					for _, w := range changedFields(n, info, fields, st) {
						seen[name+":"+strconv.Itoa(fset.Position(w.pos).Line)+" "+w.field] = true
					}
					return true
				})
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// checkedBuild is the package as one build sees it, type-checked.
type checkedBuild struct {
	fset  *token.FileSet
	files []*ast.File
	info  *types.Info
	pkg   *types.Package
}

// typeCheck type-checks srcs (file name → source) for the native build and
// for js/wasm, as the //go:build lines select. It does so with go/types
// without the package's imports (each is a fake package, so only the
// package's own types resolve, which is all the rules need: milliseconds
// instead of the seconds that checking go-app from source takes).
func typeCheck(t *testing.T, srcs map[string]string) []checkedBuild {
	t.Helper()
	var out []checkedBuild
	for _, wasm := range []bool{false, true} {
		tags := func(tag string) bool {
			if wasm {
				return tag == "js" || tag == "wasm"
			}
			return tag == runtime.GOOS || tag == runtime.GOARCH || tag == "gc"
		}
		fset := token.NewFileSet()
		var files []*ast.File
		for _, name := range slices.Sorted(maps.Keys(srcs)) {
			f, err := parser.ParseFile(fset, name, srcs[name], parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			if buildsWith(f, tags) {
				files = append(files, f)
			}
		}
		info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: noImporter{}, Error: func(error) {}} // the fake imports' errors
		pkg, _ := conf.Check("mcpwirelab/app", fset, files, info)
		out = append(out, checkedBuild{fset, files, info, pkg})
	}
	return out
}

// noImporter fails every import: go/types then checks the package against
// fake packages.
type noImporter struct{}

func (noImporter) Import(string) (*types.Package, error) { return nil, errors.New("not imported") }

// buildsWith reports whether f's //go:build line (if any) holds for tags.
func buildsWith(f *ast.File, tags func(string) bool) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if constraint.IsGoBuild(c.Text) {
				if expr, err := constraint.Parse(c.Text); err == nil {
					return expr.Eval(tags)
				}
			}
		}
	}
	return true
}

// isMethodOf reports whether fd is a method of type typ.
func isMethodOf(fd *ast.FuncDecl, typ string) bool {
	if fd.Recv == nil || len(fd.Recv.List) != 1 {
		return false
	}
	recv := fd.Recv.List[0].Type
	if star, ok := recv.(*ast.StarExpr); ok {
		recv = star.X
	}
	id, ok := recv.(*ast.Ident)
	return ok && id.Name == typ
}

// fieldWrite is a change of one of the state's fields (or of the whole
// embedded state, field "labState" or "captureState").
type fieldWrite struct {
	pos   token.Pos
	field string
}

// changedFields are the state's fields node n changes (st, its type).
func changedFields(n ast.Node, info *types.Info, fields map[*types.Var]bool, st types.Type) []fieldWrite {
	var targets []ast.Expr
	elements := true // an element of the field (m[k] = v) counts
	switch x := n.(type) {
	case *ast.AssignStmt:
		if x.Tok != token.DEFINE {
			targets = x.Lhs
		}
	case *ast.IncDecStmt:
		targets = []ast.Expr{x.X}
	case *ast.UnaryExpr:
		if x.Op == token.AND { // &s.view; &s.steps[i] only reads the step
			targets, elements = []ast.Expr{x.X}, false
		}
	case *ast.CallExpr:
		se, ok := x.Fun.(*ast.SelectorExpr)
		if !ok {
			break
		}
		sel := info.Selections[se]
		if sel == nil || sel.Kind() != types.MethodVal {
			break
		}
		recv := sel.Obj().Type().(*types.Signature).Recv()
		if ptr, ok := recv.Type().(*types.Pointer); ok && types.Identical(ptr.Elem(), st) {
			break // one of the state's own methods: the way to change it
		}
		if _, ptr := recv.Type().(*types.Pointer); ptr {
			if _, already := sel.Recv().(*types.Pointer); !already { // s.view.Set: &s.view taken
				targets, elements = []ast.Expr{se.X}, false
			}
		}
	}
	var out []fieldWrite
	for _, e := range targets {
		if f := stateField(e, info, fields, st, elements); f != "" {
			out = append(out, fieldWrite{e.Pos(), f})
		}
	}
	return out
}

// stateField is the state's field expression e reaches (through field
// selections, and through indexing when elements is set), or "". A change
// made through a pointer the state holds (s.tr.Events = …) changes what it
// points at, not the field.
func stateField(e ast.Expr, info *types.Info, fields map[*types.Var]bool, st types.Type, elements bool) string {
	outer := false // e is inside a selection or an index of the target
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.IndexExpr:
			if !elements {
				return ""
			}
			e = x.X
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				v := sel.Obj().(*types.Var)
				if fields[v] || types.Identical(v.Type(), st) {
					if _, ptr := v.Type().(*types.Pointer); ptr && outer {
						return ""
					}
					return v.Name()
				}
			}
			e = x.X
		default:
			return ""
		}
		outer = true
	}
}

// TestLabStateWrittenByItsMethods: the visualizer's state changes only
// through labState's methods (model_lab.go, and runCompare beside the
// compare view), so what a handler, a key or a link does to it is named
// once and tested natively (model_lab_test.go); the Lab and the other
// files ask those methods.
func TestLabStateWrittenByItsMethods(t *testing.T) {
	srcs := texttest.SourceMap(t, false)
	for name := range labStateOwners {
		if _, ok := srcs[name]; !ok {
			t.Errorf("labStateOwners names %s, which is not in the package: drop it", name)
		}
	}
	builds := typeCheck(t, srcs)
	if got := stateWrites(t, builds, "labState", labStateOwners); len(got) > 0 {
		t.Errorf("labState's fields are changed outside its methods in %s: add a method to model_lab.go and call it:\n%s",
			strings.Join(slices.Sorted(maps.Keys(labStateOwners)), ", "), strings.Join(got, "\n"))
	}
	// The scan sees the real package's writes: without owners, the
	// transitions of model_lab.go are reported.
	all := stateWrites(t, builds, "labState", nil)
	if !slices.ContainsFunc(all, func(w string) bool { return strings.HasPrefix(w, "model_lab.go:") && strings.HasSuffix(w, " idx") }) {
		t.Errorf("without owners the scan finds no write of idx in model_lab.go: %q", all)
	}
}

// TestLabStateWrittenByItsMethodsBroken: a synthetic package with every
// kind of change outside the owner's methods (promoted through the Lab, an
// element of a map, ++, an address, a pointer method, in a closure, in a
// file only js/wasm builds, a method of labState in another file, a
// non-method in the owner file) is reported line by line; its reads, its
// composite literals and the owner's methods are not.
func TestLabStateWrittenByItsMethodsBroken(t *testing.T) {
	srcs := map[string]string{
		"model_lab.go": `package ui

type View struct{ Fault string }

func (v *View) Set(f string) { v.Fault = f }

type Step struct{ N int }

type labState struct {
	view  View
	idx   int
	steps []Step
	raw   map[string]string
	tr    *Step
}

func (s *labState) goTo(i int) { s.idx = i; s.view.Set("x"); s.raw["a"] = "b" }

func reset(s *labState) { s.idx = 0 }
`,
		"lab.go": `package ui

import "example.com/app"

type Lab struct {
	app.Compo
	labState
	mounted bool
}

func (c *Lab) onKey(k string) {
	c.mounted = true
	c.idx = 3
	c.labState.view.Fault = k
	c.raw[k] = k
	c.idx++
	p := &c.view
	_ = p
	c.view.Set(k)
	func() { c.steps = nil }()
	q := &c.steps[0]
	_ = q
	c.tr.N = 2
	o := &Lab{labState: labState{idx: c.idx}}
	_ = o
	c.goTo(c.idx + 1)
	c.labState.goTo(2)
	c.labState = labState{}
}
`,
		"other.go": `package ui

func (s *labState) stray() { s.idx = 9 }
`,
		"wasm_only.go": `//go:build js && wasm

package ui

func (c *Lab) wasm() { c.idx = 5 }
`,
		"native_only.go": `//go:build !(js && wasm)

package ui

func (c *Lab) native() { c.idx = 6 }
`,
	}
	got := strings.Join(stateWrites(t, typeCheck(t, srcs), "labState", map[string]string{"model_lab.go": "owner"}), "; ")
	want := strings.Join([]string{
		"lab.go:13 idx", "lab.go:14 view", "lab.go:15 raw", "lab.go:16 idx", "lab.go:17 view", "lab.go:19 view",
		"lab.go:20 steps", "lab.go:28 labState", "model_lab.go:19 idx", "native_only.go:5 idx", "other.go:3 idx", "wasm_only.go:5 idx",
	}, "; ")
	if got != want {
		t.Errorf("the broken package's writes:\n got %s\nwant %s", got, want)
	}
}

// TestViewStatesWrittenByTheirMethods: every other view keeps its state
// as the visualizer does, in a plain Go type named …State (captureState,
// progressState, exerciseState, calcState) changed only by its methods in
// the file that declares it; the component adds the page's effects around
// them. A new view's state is found by its name, with no list to edit.
// Without owners, the scan finds each state's own writes (it sees the real
// code).
func TestViewStatesWrittenByTheirMethods(t *testing.T) {
	srcs := texttest.SourceMap(t, false)
	types, builds := stateTypes(t, srcs), typeCheck(t, srcs)
	if types["labState"] != "model_lab.go" || types["captureState"] != "capture_state.go" {
		t.Fatalf("the state types found: %v", types)
	}
	for typ, file := range types {
		if typ == "labState" { // TestLabStateWrittenByItsMethods, with lab_compare.go
			continue
		}
		if got := stateWrites(t, builds, typ, map[string]string{file: "declares it"}); len(got) > 0 {
			t.Errorf("%s's fields are changed outside its methods in %s: add a method there and call it:\n%s", typ, file, strings.Join(got, "\n"))
		}
		if all := stateWrites(t, builds, typ, nil); len(all) == 0 {
			t.Errorf("without owners the scan finds no write of %s's fields", typ)
		}
	}
}
