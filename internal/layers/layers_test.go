package layers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// A rule constrains the transitive dependencies of the packages matching
// from (a pattern: an import path, or one ending in "/..." for it and
// everything under it). With only set, every dependency inside the module
// must match one of only (and with stdOnly, every other one must be in the
// standard library); every dependency matching deny is forbidden, and
// every direct import matching denyDirect (syscall/js: the standard
// library itself reaches it in the wasm build).
type rule struct {
	from       string
	only       []string
	stdOnly    bool
	deny       []string
	denyDirect []string
	why        string
	// native: the package builds for the native build only (the dev
	// server's parts that read go-app's server side): its rule must
	// match a package there, not in the wasm build.
	native bool
}

const mod = "mcpwirelab/"

// rules are the lab's layering, lowest layer first.
var rules = []rule{
	{from: mod + "sim/protocol", only: []string{}, stdOnly: true,
		why: "the protocol's facts are the leaf everything imports: the standard library only"},
	{from: mod + "sim/jsonrpc", only: []string{mod + "sim/protocol"},
		why: "JSON-RPC framing knows the error codes and nothing of MCP's logic"},
	{from: mod + "sim/trace", only: []string{}, why: "a trace is plain data"},
	{from: mod + "sim/specref", only: []string{}, why: "spec references are plain data"},
	{from: mod + "sim/vclock", only: []string{}, why: "the clock is plain"},
	{from: mod + "sim/primitive", only: []string{mod + "sim/protocol", mod + "sim/jsonrpc", mod + "sim/vclock"},
		why: "the registry machinery serves any tools; it knows neither the engine nor the course"},
	{from: mod + "sim/mcp", only: []string{mod + "sim/protocol", mod + "sim/jsonrpc", mod + "sim/primitive", mod + "sim/vclock"},
		why: "the engine takes its tools from the caller: it never imports the course (sim/toolbox), a transport or a fixture"},
	{from: mod + "sim/toolbox/...", only: []string{mod + "sim/protocol", mod + "sim/jsonrpc", mod + "sim/primitive", mod + "sim/vclock", mod + "sim/toolbox/..."},
		why: "the course's tools and data depend on the protocol, never on the engine that serves them"},
	{from: mod + "sim/wire", only: []string{mod + "sim/protocol", mod + "sim/jsonrpc", mod + "sim/trace"},
		why: "the byte-level wires know no server; fixtures that assemble one live in sim/virtual"},
	{from: mod + "sim/transport/...", deny: []string{mod + "sim/toolbox/...", mod + "sim/labserver", mod + "sim/virtual", mod + "sim/client/...", mod + "sim/scenario", mod + "sim/check", mod + "sim/exercise"},
		why: "a transport carries any server's messages: it knows no course, client or fixture"},
	{from: mod + "sim/...", deny: []string{mod + "app/...", mod + "cmd/...", mod + "scripts/...", "github.com/maxence-charriere/go-app/..."},
		denyDirect: []string{"syscall/js"},
		why:        "the engine runs in three faces; only app/ knows the browser and only cmd/ the process"},
	{from: mod + "internal/...", deny: []string{mod + "cmd/...", mod + "scripts/...", mod + "internal/layers"},
		why: "internal/ holds what the commands share: the commands import it, never the reverse"},
	{from: mod + "internal/golden", only: helpers, why: helpersWhy},
	{from: mod + "internal/linediff", only: helpers, why: helpersWhy},
	{from: mod + "internal/testenv", only: helpers, why: helpersWhy},
	{from: mod + "internal/cachedir", only: helpers, why: helpersWhy},
	{from: mod + "internal/captures", only: []string{mod + "sim/...", mod + "internal/cachedir"},
		why: "the dev server's captures run the checker (sim/check) and keep its folders under the cache root; they know no page and no UI"},
	{from: mod + "internal/fastpage", only: []string{mod + "app", mod + "sim/...", mod + "internal/encodings", mod + "internal/cachedir"}, native: true,
		why: "page rewriting reads the app's markup (app: CompactHTML) and compresses what it serves (internal/encodings): it knows no capture and no command"},
	{from: mod + "internal/encodings", only: []string{mod + "internal/cachedir"},
		why: "compression knows bytes and the cache root, nothing of the lab: the dev server and the static export both use it"},
	{from: mod + "internal/staticsite", only: []string{mod + "app", mod + "sim/...", mod + "internal/fastpage", mod + "internal/encodings", mod + "internal/cachedir"}, native: true,
		why: "the static export writes the app's pages as the page rewriting makes them and its files as the encodings compress them: it knows no capture and no command"},
	{from: mod + "cmd/...", deny: []string{mod + "scripts/..."},
		why: "a command imports no other command: what two share lives in internal/"},
	{from: mod + "scripts/...", deny: []string{mod + "cmd/..."},
		why: "a script imports no command: what two share lives in internal/"},
}

// helpers are internal/'s generic helpers: they import only each other.
var helpers = []string{mod + "internal/golden", mod + "internal/linediff", mod + "internal/testenv", mod + "internal/cachedir"}

const helpersWhy = "internal/'s generic helpers (golden files, diffs, the test environment, the cache root) import only each other"

// graph maps a package to its transitive dependencies and to its direct
// imports; std says which packages are in the standard library.
type graph struct {
	deps    map[string][]string
	imports map[string][]string
	std     map[string]bool
}

func match(pattern, path string) bool {
	if p, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == p || strings.HasPrefix(path, p+"/")
	}
	return path == pattern
}

func matchAny(patterns []string, path string) bool {
	for _, p := range patterns {
		if match(p, path) {
			return true
		}
	}
	return false
}

// violations lists every forbidden arrow of g under rs, sorted.
func violations(g graph, rs []rule) []string {
	var out []string
	for pkg, deps := range g.deps {
		for _, r := range rs {
			if !match(r.from, pkg) {
				continue
			}
			for _, d := range deps {
				bad := matchAny(r.deny, d)
				if r.only != nil {
					if strings.HasPrefix(d, mod) {
						bad = bad || !matchAny(r.only, d)
					} else if r.stdOnly && !g.std[d] {
						bad = true
					}
				}
				if bad {
					out = append(out, fmt.Sprintf("%s → %s: %s", pkg, d, r.why))
				}
			}
			for _, d := range g.imports[pkg] {
				if matchAny(r.denyDirect, d) {
					out = append(out, fmt.Sprintf("%s → %s: %s", pkg, d, r.why))
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// load is the module's graph as `go list -deps` sees it under env.
func load(t *testing.T, env ...string) graph {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Standard,Deps,Imports", "./...")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	g := graph{deps: map[string][]string{}, imports: map[string][]string{}, std: map[string]bool{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Standard   bool
			Deps       []string
			Imports    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		g.std[p.ImportPath] = p.Standard
		if strings.HasPrefix(p.ImportPath, mod) {
			g.deps[p.ImportPath] = p.Deps
			g.imports[p.ImportPath] = p.Imports
		}
	}
	return g
}

// TestImportRules: no package of the module depends on what its layer
// forbids, natively and in the wasm build (where app/ imports go-app).
func TestImportRules(t *testing.T) {
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		g := load(t, env...)
		if len(g.deps) == 0 {
			t.Fatalf("%v: go list listed no package of the module", env)
		}
		for _, v := range violations(g, rules) {
			t.Errorf("%v: %s", env, v)
		}
		// A rule that matches no package has rotted (a package renamed).
		for _, r := range rules {
			if r.native && env != nil {
				continue
			}
			n := 0
			for pkg := range g.deps {
				if match(r.from, pkg) {
					n++
				}
			}
			if n == 0 {
				t.Errorf("%v: rule %q matches no package", env, r.from)
			}
		}
	}
}

// TestImportRulesBroken: the checker run on a fake graph with each kind of
// forbidden arrow reports exactly those arrows, and a fake graph of
// allowed arrows passes.
func TestImportRulesBroken(t *testing.T) {
	std := map[string]bool{"encoding/json": true, "syscall/js": true}
	ok := graph{std: std, deps: map[string][]string{
		mod + "sim/protocol":            {"encoding/json"},
		mod + "sim/mcp":                 {mod + "sim/protocol", mod + "sim/primitive", "encoding/json"},
		mod + "sim/toolbox/conformance": {mod + "sim/toolbox", mod + "sim/primitive"},
		mod + "sim/scenario":            {mod + "sim/mcp", mod + "sim/toolbox", mod + "sim/wire"},
		mod + "app":                     {"github.com/maxence-charriere/go-app/v10/pkg/app", "syscall/js"},
		mod + "sim/wire":                {"syscall/js"}, // through the standard library, on wasm
		mod + "internal/captures":       {mod + "sim/check", mod + "internal/cachedir"},
		mod + "cmd/devserver":           {mod + "internal/captures", mod + "internal/fastpage", mod + "app"},
		mod + "internal/fastpage":       {mod + "app", mod + "sim/check", mod + "internal/encodings", mod + "internal/cachedir"},
		mod + "internal/encodings":      {mod + "internal/cachedir"},
		mod + "internal/staticsite":     {mod + "app", mod + "internal/fastpage", mod + "internal/encodings"},
		mod + "scripts/peers":           {mod + "internal/cachedir", mod + "scripts/npmcache"},
	}, imports: map[string][]string{
		mod + "app": {"syscall/js"},
	}}
	if v := violations(ok, rules); len(v) > 0 {
		t.Errorf("allowed arrows reported: %q", v)
	}
	bad := graph{std: std, deps: map[string][]string{
		mod + "sim/protocol":            {"github.com/google/uuid"},
		mod + "sim/mcp":                 {mod + "sim/toolbox"},
		mod + "sim/toolbox/conformance": {mod + "sim/mcp"},
		mod + "sim/wire":                {mod + "sim/mcp"},
		mod + "sim/transport/stdio":     {mod + "sim/labserver"},
		mod + "sim/check":               {mod + "app"},
		mod + "internal/captures":       {mod + "app", mod + "sim/check"},
		mod + "internal/cachedir":       {mod + "sim/protocol"},
		mod + "internal/fastpage":       {mod + "app", mod + "internal/captures"},
		mod + "internal/encodings":      {mod + "internal/cachedir", mod + "sim/protocol"},
		mod + "internal/staticsite":     {mod + "internal/fastpage", mod + "internal/captures"},
		mod + "internal/testenv":        {mod + "internal/linediff"},
		mod + "cmd/devserver":           {mod + "internal/captures", mod + "scripts/npmcache"},
		mod + "scripts/peers":           {mod + "internal/cachedir", mod + "cmd/devserver"},
	}, imports: map[string][]string{
		mod + "sim/check": {"syscall/js"},
	}}
	want := []string{
		"cmd/devserver → " + mod + "scripts/npmcache",
		"internal/cachedir → " + mod + "sim/protocol",
		"internal/captures → " + mod + "app",
		"internal/encodings → " + mod + "sim/protocol",
		"internal/fastpage → " + mod + "internal/captures",
		"internal/staticsite → " + mod + "internal/captures",
		"scripts/peers → " + mod + "cmd/devserver",
		"sim/check → " + mod + "app",
		"sim/check → syscall/js",
		"sim/mcp → " + mod + "sim/toolbox",
		"sim/protocol → github.com/google/uuid",
		"sim/toolbox/conformance → " + mod + "sim/mcp",
		"sim/transport/stdio → " + mod + "sim/labserver",
		"sim/wire → " + mod + "sim/mcp",
	}
	got := violations(bad, rules)
	if len(got) != len(want) {
		t.Fatalf("got %d violations, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], mod+w+":") {
			t.Errorf("violation %d = %q, want the arrow %s%s", i, got[i], mod, w)
		}
	}
}
