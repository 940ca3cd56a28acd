package main

// Installing the peers: the npm sets through scripts/npmcache, Node 22,
// testdata's server files beside their sets, and the Go servers built in a
// throw-away module under the cache.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"mcpwirelab/internal/cachedir"
	"mcpwirelab/scripts/npmcache"
)

// install installs what the peers need (once: a second run finds it all in
// the cache) and says where it is.
func install(src string, needs map[string]bool) (installed, error) {
	in := installed{npm: map[string]string{}, scripts: map[string]string{}, src: src}
	root, err := cachedir.Root()
	if err != nil {
		return in, err
	}
	if needs["node"] {
		if err := installNode(&in); err != nil {
			return in, err
		}
	}
	in.data = filepath.Join(root, "peers", "data")
	if err := os.MkdirAll(in.data, 0o755); err != nil {
		return in, err
	}
	if err := os.WriteFile(filepath.Join(in.data, "hello.txt"), []byte("hello\n"), 0o644); err != nil {
		return in, err
	}
	if needs["go"] {
		if in.goBin, err = buildGo(filepath.Join(root, "peers", "go"), src); err != nil {
			return in, err
		}
	}
	if needs["python"] {
		if in.python, err = exec.LookPath("python3"); err != nil {
			return in, fmt.Errorf("the Python peer needs python3 on PATH: %w", err)
		}
	}
	return in, nil
}

// installNode installs Node 22 and the npm sets, and copies testdata's
// server files beside them.
func installNode(in *installed) error {
	var err error
	if in.node, err = npmcache.Node22(); err != nil {
		return err
	}
	for _, s := range npmSets {
		dir, err := s.Install()
		if err != nil {
			return err
		}
		in.npm[s.Folder] = dir
	}
	for file, set := range scriptSets {
		if in.scripts[file], err = placeScript(filepath.Join(in.src, file), in.npm[set.Folder]); err != nil {
			return err
		}
	}
	return nil
}

// placeScript copies a server file into dir (a set's install folder, so its
// imports resolve in that node_modules) under a name that carries its
// content's hash: runs from other checkouts never overwrite one another.
func placeScript(file, dir string) (string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	dst := filepath.Join(dir, "peers-src", hex.EncodeToString(h[:6])+"-"+filepath.Base(file))
	if _, err := os.Stat(dst); err == nil {
		return dst, nil
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".copy-")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	return dst, os.Rename(tmp.Name(), dst)
}

// goModule is the throw-away module's go.mod.
func goModule() string {
	var b strings.Builder
	b.WriteString("module mcpwirelab.peers\n\ngo 1.26\n\nrequire (\n")
	for _, r := range goRequires {
		fmt.Fprintf(&b, "\t%s %s\n", r[0], r[1])
	}
	b.WriteString(")\n")
	return b.String()
}

// goKey names one build: the go.mod and the servers' sources.
func goKey(src string) (string, error) {
	h := sha256.New()
	h.Write([]byte(goModule()))
	for _, name := range goMains {
		b, err := os.ReadFile(filepath.Join(src, name, "main.go"))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "\x00%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:6]), nil
}

// buildGo builds testdata/<name>/main.go for each of goMains in a module
// of their own under base (go.mod and go.sum written there, the modules
// from the Go proxy into the module cache), into a folder named by their
// sources and pins, and returns that folder's bin. A build goes into a
// temporary folder renamed into place, so a run never sees half of one.
func buildGo(base, src string) (string, error) {
	key, err := goKey(src)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(base, key)
	bin := filepath.Join(dir, "bin")
	if _, err := os.Stat(filepath.Join(dir, doneFile)); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(base, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(base, ".build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(goModule()), 0o644); err != nil {
		return "", err
	}
	for _, name := range goMains {
		b, err := os.ReadFile(filepath.Join(src, name, "main.go"))
		if err != nil {
			return "", err
		}
		if err := os.MkdirAll(filepath.Join(tmp, name), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(tmp, name, "main.go"), b, 0o644); err != nil {
			return "", err
		}
	}
	fmt.Fprintf(os.Stderr, "peers: building the Go servers (%s) into %s\n", strings.Join(goMains, ", "), dir)
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	steps := [][]string{{"go", "mod", "tidy"}}
	for _, name := range goMains {
		steps = append(steps, []string{"go", "build", "-trimpath", "-o", filepath.Join("bin", name), "./" + name})
	}
	for _, argv := range steps {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = tmp, env, os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("%s (in %s): %w", strings.Join(argv, " "), tmp, err)
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, doneFile), []byte(goModule()), 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another run built the same sources meanwhile: take its build.
		if _, serr := os.Stat(filepath.Join(dir, doneFile)); serr == nil {
			return bin, nil
		}
		if errors.Is(err, fs.ErrExist) {
			os.RemoveAll(dir) // a half build without the marker
			if err := os.Rename(tmp, dir); err != nil {
				return "", err
			}
			return bin, nil
		}
		return "", err
	}
	return bin, nil
}

// doneFile marks a complete Go build.
const doneFile = ".mcpwirelab-built"

// needsOf is the installs the chosen peers need.
func needsOf(ps []peer) map[string]bool {
	n := map[string]bool{}
	for _, p := range ps {
		n[p.Needs] = true
	}
	return n
}
