package mcp_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
)

// TestOneSourceOfProtocolFacts: the protocol facts the engine defines —
// versions, reserved _meta keys, the request metadata header names and
// (outside the engine's own scripts) the course tools' names — are written
// as a literal only where they are defined: sim/protocol (and the tool
// names in sim/toolbox). Graders, the UI and the command line import
// them. A copied literal fails here, since a copy is how the exercise
// grader came to list four supported versions while the engine speaks two.
func TestOneSourceOfProtocolFacts(t *testing.T) {
	facts := map[string]string{}
	for _, v := range protocol.Versions() {
		facts[v] = "a protocol version (protocol.Versions)"
	}
	for _, k := range []string{protocol.MetaProtocolVersion, protocol.MetaClientInfo, protocol.MetaClientCapabilities, protocol.MetaServerInfo, protocol.MetaSubscriptionID} {
		facts[k] = "a _meta key (protocol.Meta*)"
	}
	for _, h := range []string{protocol.HeaderProtocolVersion, protocol.HeaderMethod, protocol.HeaderName, protocol.HeaderSessionID} {
		facts[h] = "a header name (protocol.Header*)"
	}
	tools := map[string]bool{}
	for _, tool := range toolbox.Default().Tools() {
		tools[tool.Name] = true
	}
	root := filepath.Join("..", "..")
	sources := []string{"sim/protocol", "sim/toolbox"}
	// The scenarios script a model that picks tools by name, and the
	// exercises' example requests name tools (the engine grades every
	// model answer: TestModelAnswersPassAgainstTheRealEngine); grader code
	// takes tool names from the registry. The log-messages exercise's
	// requests name tools too, and run against the engine
	// (TestLogChoicesAgreeWithTheEngine).
	scripts := []string{"sim/scenario/", "sim/exercise/set.go", "sim/exercise/set_primitives.go"}
	checked := 0
	for _, top := range []string{"app", "cmd", "sim"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				for _, s := range sources {
					if rel == s {
						return filepath.SkipDir
					}
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			script := false
			for _, s := range scripts {
				script = script || strings.HasPrefix(rel, s)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			checked++
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				if what, ok := facts[s]; ok {
					t.Errorf("%s: literal %q is %s: import it", fset.Position(lit.Pos()), s, what)
				}
				if tools[s] && !script {
					t.Errorf("%s: literal %q is a course tool name: take it from toolbox", fset.Position(lit.Pos()), s)
				}
				return true
			})
			return nil
		})
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	if checked < 50 {
		t.Fatalf("only %d files checked: is the repository layout what the test expects?", checked)
	}
}
