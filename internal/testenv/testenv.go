// Package testenv is the -short switch of the fast loop. make check runs
// go test -short: the unit tests without headless Chromium and without
// the real peers (the official Go SDK over real sockets and processes,
// npm servers, server-everything, the conformance suite); make test runs
// everything.
//
// A test, or a helper every such test goes through, that needs one of
// those begins with SkipShort:
//
//	func newBrowser(t *testing.T) … {
//		testenv.SkipShort(t, "headless Chromium")
//		…
//
// and each package that has such tests keeps them honest with
// CheckShortGuards, which fails when a test can reach what it names (a
// function that launches a browser, a process, an SDK peer) without going
// through a function that begins with SkipShort.
package testenv

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// SkipShort skips t under go test -short (make check): t needs what
// needs names, which the fast loop leaves out.
func SkipShort(t testing.TB, needs string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short (make check) leaves out what needs %s; make test runs it", needs)
	}
}

// guard is SkipShort's full name, as the checker matches calls.
const guard = "mcpwirelab/internal/testenv.SkipShort"

// CheckShortGuards fails t for each test of the package in the current
// directory that can reach one of heavy without SkipShort (Unguarded).
func CheckShortGuards(t testing.TB, heavy ...string) {
	t.Helper()
	problems, err := Unguarded(".", heavy...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// Unguarded reads the Go files of the package in dir, tests included, and
// returns one line for each Test function that can reach a call of one of
// heavy through the package's own functions without passing a function
// whose first statement (after t.Helper()) calls SkipShort. A heavy name
// is an imported function, as import path and name ("os/exec.Command",
// "github.com/chromedp/chromedp.NewExecAllocator"), or a function or
// method of the package by its name ("everythingEntry").
//
// The call graph is read from names alone: a function named anywhere in a
// body (called or passed as a value) is an edge, and x.m is an edge to
// every method m of the package whatever x is. It can only find too many
// paths, never too few.
func Unguarded(dir string, heavy ...string) ([]string, error) {
	g, err := readGraph(dir)
	if err != nil {
		return nil, err
	}
	isHeavy := map[string]bool{}
	for _, h := range heavy {
		isHeavy[h] = true
	}
	var out []string
	for _, root := range g.tests {
		if g.guarded[root] {
			continue
		}
		// Breadth first: the shortest unguarded path to each heavy call.
		from := map[string]string{root: ""}
		queue := []string{root}
		found := map[string]bool{}
		for len(queue) > 0 {
			f := queue[0]
			queue = queue[1:]
			for _, c := range g.calls[f] {
				if isHeavy[c] && !found[c] {
					found[c] = true
					path := []string{c}
					for at := f; at != ""; at = from[at] {
						path = append([]string{at}, path...)
					}
					out = append(out, fmt.Sprintf("%s reaches %s (%s) without testenv.SkipShort: begin one function on that path with it, so that go test -short (make check) skips it",
						root, c, strings.Join(path, " → ")))
				}
				for _, callee := range g.resolve(c) {
					if _, seen := from[callee]; !seen && !g.guarded[callee] {
						from[callee] = f
						queue = append(queue, callee)
					}
				}
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// graph is a package's functions by name ("F", "T.M"), what each names,
// which begin with SkipShort, and the tests.
type graph struct {
	calls   map[string][]string // function → names it uses (qualified for imports)
	methods map[string][]string // method name → "T.M" keys
	guarded map[string]bool
	tests   []string
}

// resolve turns a name a body uses into the package's functions it may be.
func (g *graph) resolve(name string) []string {
	if _, ok := g.calls[name]; ok {
		return []string{name}
	}
	if m, ok := strings.CutPrefix(name, "."); ok {
		return g.methods[m]
	}
	return nil
}

func readGraph(dir string) (*graph, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	g := &graph{calls: map[string][]string{}, methods: map[string][]string{}, guarded: map[string]bool{}}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		imports := map[string]string{} // local name → path
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			local := p[strings.LastIndex(p, "/")+1:]
			if im.Name != nil {
				local = im.Name.Name
			}
			imports[local] = p
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			key := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				key = recvName(fd.Recv.List[0].Type) + "." + fd.Name.Name
				g.methods[fd.Name.Name] = append(g.methods[fd.Name.Name], key)
			} else if isTest(fd) {
				g.tests = append(g.tests, key)
			}
			g.calls[key] = append(g.calls[key], uses(fd.Body, imports)...)
			if beginsWithGuard(fd.Body, imports) {
				g.guarded[key] = true
			}
		}
	}
	sort.Strings(g.tests)
	return g, nil
}

// uses lists the names body mentions: "path.F" for an imported package's,
// ".m" for a selector that may be a method, "f" for any other identifier.
func uses(body *ast.BlockStmt, imports map[string]string) []string {
	var out []string
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok {
				if p, ok := imports[x.Name]; ok {
					out = append(out, p+"."+n.Sel.Name)
					return false
				}
			}
			out = append(out, "."+n.Sel.Name)
		case *ast.Ident:
			out = append(out, n.Name)
		}
		return true
	})
	return out
}

// beginsWithGuard: the body's first statement, after any x.Helper(), is
// a call of SkipShort.
func beginsWithGuard(body *ast.BlockStmt, imports map[string]string) bool {
	for _, s := range body.List {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := es.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if sel.Sel.Name == "Helper" && len(call.Args) == 0 {
			continue
		}
		x, ok := sel.X.(*ast.Ident)
		return ok && imports[x.Name]+"."+sel.Sel.Name == guard
	}
	return false
}

// isTest: func TestX(t *testing.T), not TestMain.
func isTest(fd *ast.FuncDecl) bool {
	if !strings.HasPrefix(fd.Name.Name, "Test") || fd.Name.Name == "TestMain" || len(fd.Type.Params.List) != 1 {
		return false
	}
	star, ok := fd.Type.Params.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "T"
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// PeakHeap runs f while sampling the heap in use and returns how far the
// peak rose above the heap after a GC before f.
func PeakHeap(f func()) (peak int64) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base := int64(m.HeapInuse)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if d := int64(m.HeapInuse) - base; d > peak {
				peak = d
			}
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond): // ReadMemStats stops the world
			}
		}
	}()
	f()
	close(stop)
	<-done
	return peak
}

// FakeWasm is compressible and starts with the wasm magic.
func FakeWasm(seed string) []byte {
	var b bytes.Buffer
	b.WriteString("\x00asm\x01\x00\x00\x00")
	for i := 0; b.Len() < 256<<10; i++ {
		fmt.Fprintf(&b, "%s func_%d local.get %d i32.add;", seed, i, i%7)
	}
	return b.Bytes()
}
