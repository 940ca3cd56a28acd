// Command untouched runs a command and fails when the command changed or
// removed a file git tracks. make test runs its steps through it: no test
// and no target of make test rewrites a tracked file (CONFORMANCE.md's
// tables are written by make conformance-doc, golden files by go test
// -update, screenshots by MCPWL_UPDATE_SCREENSHOT=1: each asked for, then
// reviewed with git diff). Files that are not tracked (web/, bin/, a new
// fuzz crasher) are not its business.
//
//	go run ./scripts/untouched -- make test-steps
//
// Outside a git checkout it runs the command and says it could not look.
package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"sort"
	"strings"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: untouched [--] command [args…]")
		os.Exit(2)
	}
	code, changed, err := run(".", args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "untouched:", err)
	}
	if len(changed) > 0 {
		fmt.Fprintf(os.Stderr, "untouched: %s changed %d tracked file(s) (a test or target wrote them, or they were edited meanwhile):\n  %s\n"+
			"a step of make test must not write a tracked file: give it a target of its own (as make conformance-doc) or a flag (as go test -update)\n",
			strings.Join(args, " "), len(changed), strings.Join(changed, "\n  "))
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// run runs argv in dir and returns its exit status and the tracked files
// of dir's checkout it changed or removed, in name order. err says why it
// could not look (no git, not a checkout) or could not start argv.
func run(dir string, argv []string) (code int, changed []string, err error) {
	before, lookErr := snapshot(dir)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return 1, nil, err
		}
		code = exit.ExitCode()
		if code < 0 {
			code = 1
		}
	}
	if lookErr != nil {
		return code, nil, fmt.Errorf("could not list the tracked files, so nothing was compared: %v", lookErr)
	}
	after, err := hashes(dir, keys(before))
	if err != nil {
		return code, nil, err
	}
	for name, h := range before {
		if after[name] != h {
			changed = append(changed, name)
		}
	}
	sort.Strings(changed)
	return code, changed, nil
}

// snapshot is the content hash of every file git tracks in dir's checkout
// (relative names, as git ls-files prints them).
func snapshot(dir string) (map[string]string, error) {
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %v %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	var names []string
	for _, n := range strings.Split(string(out), "\x00") {
		if n != "" {
			names = append(names, n)
		}
	}
	return hashes(dir, names)
}

// hashes reads each file: its SHA-256, "absent" when it does not exist,
// and a link's target for a symbolic link (never followed).
func hashes(dir string, names []string) (map[string]string, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	out := make(map[string]string, len(names))
	for _, n := range names {
		fi, err := root.Lstat(n)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out[n] = "absent"
			continue
		case err != nil:
			return nil, err
		case fi.Mode()&fs.ModeSymlink != 0:
			target, err := root.Readlink(n)
			if err != nil {
				return nil, err
			}
			out[n] = "link " + target
			continue
		case !fi.Mode().IsRegular():
			out[n] = "not a file: " + fi.Mode().String()
			continue
		}
		b, err := root.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out[n] = fmt.Sprintf("%x %s", sha256.Sum256(b), fi.Mode().Perm())
	}
	return out, nil
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
