// Command deadcode reports the functions that no binary of the lab
// reaches, with golang.org/x/tools/cmd/deadcode (pinned, run through the
// module proxy with go run): once for the native binaries (the dev server
// and the other commands under cmd/ and scripts/) and once for the wasm
// (cmd/devserver for js/wasm). A function is dead when every build that
// compiles its file reports it unreachable. It fails when a dead function
// is not in kept.txt (each kept one with its reason), or when a kept one
// is reached again (the list only shrinks).
//
//	go run ./scripts/deadcode        # make deadcode, part of make test
//	go run ./scripts/deadcode -v     # also what only one build leaves unreached
//
// Test-only code belongs in _test files, where deadcode does not look.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// tool is the pinned deadcode.
const tool = "golang.org/x/tools/cmd/deadcode@v0.42.0"

// build is one configuration deadcode analyses.
type build struct {
	name string
	env  []string // GOOS/GOARCH for the analysis (not for building the tool)
	pkgs []string
}

var builds = []build{
	{"native", nil, []string{"./cmd/...", "./scripts/..."}},
	{"wasm", []string{"GOOS=js", "GOARCH=wasm"}, []string{"./cmd/devserver"}},
}

func main() {
	keptPath := flag.String("kept", "scripts/deadcode/kept.txt", "the dead functions kept, each with its reason")
	verbose := flag.Bool("v", false, "also list what only one build leaves unreached")
	flag.Parse()
	if err := run(*keptPath, *verbose, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "deadcode:", err)
		os.Exit(1)
	}
}

func run(keptPath string, verbose bool, out io.Writer) error {
	f, err := os.Open(keptPath)
	if err != nil {
		return err
	}
	kept, err := readKept(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %v", keptPath, err)
	}
	var results []result
	for _, b := range builds {
		r, err := analyse(b)
		if err != nil {
			return fmt.Errorf("%s: %v", b.name, err)
		}
		results = append(results, r)
	}
	dead, partly := combine(results)
	if verbose {
		for _, p := range partly {
			fmt.Fprintf(out, "%s: %s: unreached by %s only\n", p.fn.Pos, p.fn.key(), strings.Join(p.by, ", "))
		}
	}
	problems := judge(dead, kept)
	for _, d := range dead {
		if why, ok := kept[d.key()]; ok {
			fmt.Fprintf(out, "%s: %s: kept (%s)\n", d.Pos, d.key(), why)
		}
	}
	fmt.Fprintf(out, "deadcode: %d functions no binary reaches (native: %s; wasm: %s), %d of them kept\n",
		len(dead), strings.Join(builds[0].pkgs, " "), strings.Join(builds[1].pkgs, " "), len(dead)-countUnkept(dead, kept))
	if len(problems) > 0 {
		return fmt.Errorf("\n  %s", strings.Join(problems, "\n  "))
	}
	return nil
}

// fn is a function deadcode reported.
type fn struct {
	Pkg, Name string // import path; "F" or "T.M"
	File      string // relative to the module root
	Pos       string // file:line
}

func (f fn) key() string { return f.Pkg + "." + f.Name }

// result is one build's report: the unreached functions and the module's
// files the build compiles.
type result struct {
	build    string
	dead     []fn
	compiled map[string]bool
}

// analyse runs deadcode and go list for b.
func analyse(b build) (result, error) {
	args := []string{"run"}
	if len(b.env) > 0 {
		// The tool is built for this machine; only its analysis (go
		// list inside go/packages) sees the other GOOS/GOARCH.
		args = append(args, "-exec", "env "+strings.Join(b.env, " "))
	}
	args = append(append(args, tool, "-json"), b.pkgs...)
	js, err := goCmd(nil, args...)
	if err != nil {
		return result{}, err
	}
	dead, err := parseReport(js)
	if err != nil {
		return result{}, err
	}
	list, err := goCmd(b.env, append([]string{"list", "-deps", "-f", `{{if .Module}}{{if .Module.Main}}{{.Dir}}{{range .GoFiles}} {{.}}{{end}}{{end}}{{end}}`}, b.pkgs...)...)
	if err != nil {
		return result{}, err
	}
	root, err := os.Getwd()
	if err != nil {
		return result{}, err
	}
	compiled := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(list))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		rel, err := filepath.Rel(root, f[0])
		if err != nil {
			return result{}, err
		}
		for _, name := range f[1:] {
			compiled[filepath.ToSlash(filepath.Join(rel, name))] = true
		}
	}
	return result{build: b.name, dead: dead, compiled: compiled}, nil
}

func goCmd(env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out, nil
}

// parseReport reads deadcode -json.
func parseReport(js []byte) ([]fn, error) {
	var pkgs []struct {
		Path  string
		Funcs []struct {
			Name     string
			Position struct {
				File string
				Line int
			}
		}
	}
	if err := json.Unmarshal(js, &pkgs); err != nil {
		return nil, fmt.Errorf("reading deadcode -json: %v", err)
	}
	var out []fn
	for _, p := range pkgs {
		for _, f := range p.Funcs {
			file := filepath.ToSlash(f.Position.File)
			out = append(out, fn{Pkg: p.Path, Name: f.Name, File: file, Pos: fmt.Sprintf("%s:%d", file, f.Position.Line)})
		}
	}
	return out, nil
}

// partial is a function some builds leave unreached and another reaches.
type partial struct {
	fn fn
	by []string
}

// combine finds the functions dead in every build that compiles their
// file, and apart those only some builds leave unreached.
func combine(results []result) (dead []fn, partly []partial) {
	reported := map[string]map[string]bool{} // build → file+name
	for _, r := range results {
		reported[r.build] = map[string]bool{}
		for _, f := range r.dead {
			reported[r.build][f.File+" "+f.Name] = true
		}
	}
	seen := map[string]bool{}
	for _, r := range results {
		for _, f := range r.dead {
			id := f.File + " " + f.Name
			if seen[id] {
				continue
			}
			seen[id] = true
			var by []string
			live := false
			for _, o := range results {
				switch {
				case reported[o.build][id]:
					by = append(by, o.build)
				case o.compiled[f.File]:
					live = true
				}
			}
			if live {
				partly = append(partly, partial{f, by})
			} else {
				dead = append(dead, f)
			}
		}
	}
	sort.Slice(dead, func(i, j int) bool { return dead[i].Pos < dead[j].Pos })
	sort.Slice(partly, func(i, j int) bool { return partly[i].fn.Pos < partly[j].fn.Pos })
	return dead, partly
}

// readKept reads lines "<import path>.<function> <reason…>"; # starts a
// comment.
func readKept(r io.Reader) (map[string]string, error) {
	kept := map[string]string{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, why, _ := strings.Cut(line, " ")
		why = strings.TrimSpace(why)
		if why == "" {
			return nil, fmt.Errorf("line %d: %s has no reason", n, name)
		}
		if _, dup := kept[name]; dup {
			return nil, fmt.Errorf("line %d: %s listed twice", n, name)
		}
		kept[name] = why
	}
	return kept, sc.Err()
}

// judge: a dead function that is not kept, and a kept one that is no
// longer dead.
func judge(dead []fn, kept map[string]string) []string {
	var problems []string
	isDead := map[string]bool{}
	for _, d := range dead {
		isDead[d.key()] = true
		if _, ok := kept[d.key()]; !ok {
			problems = append(problems, fmt.Sprintf("%s: %s: no binary reaches it: delete it, move it into a _test file if only tests use it, or list it in scripts/deadcode/kept.txt with the reason", d.Pos, d.key()))
		}
	}
	var stale []string
	for k := range kept {
		if !isDead[k] {
			stale = append(stale, k)
		}
	}
	sort.Strings(stale)
	for _, k := range stale {
		problems = append(problems, k+": kept in scripts/deadcode/kept.txt but no longer dead (or gone): remove the line")
	}
	return problems
}

func countUnkept(dead []fn, kept map[string]string) int {
	n := 0
	for _, d := range dead {
		if _, ok := kept[d.key()]; !ok {
			n++
		}
	}
	return n
}
