//go:build !(js && wasm)

package main

// Where `devserver static` writes, and what it may remove there.
//
// The export folder is often a site's repository or a gh-pages checkout:
// it may hold a CNAME, .git/, a README.md, lessons/… that the export did
// not write. So an export removes only what the previous export wrote, as
// listed in its manifest (exportManifest), and never overwrites a file it
// did not write. Every file operation goes through an os.Root opened on
// the resolved folder, so no manifest entry or symlink can reach outside
// it.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// exportManifest lists, in the export folder, what the export wrote.
const exportManifest = ".mcpwirelab-export.json"

// exportTmpPrefix names the export's working folder inside -out.
const exportTmpPrefix = ".mcpwirelab-export-"

type manifest struct {
	Tool    string   `json:"tool"`
	Version string   `json:"version"`
	Files   []string `json:"files"` // slash paths relative to the folder, sorted
	Dirs    []string `json:"dirs"`  // folders the exports created, sorted
}

const manifestTool = "mcp-wire-lab devserver static"

// resolveOut cleans -out, makes it absolute and resolves symlinks, and
// refuses folders an export must never write into: the filesystem root,
// the home folder, the current folder or one of its parents (-out foo/..
// is the current folder), and any folder holding -web or -static.
func resolveOut(cfg staticConfig) (string, error) {
	out, err := realPath(cfg.Out)
	if err != nil {
		return "", fmt.Errorf("-out %s: %w", cfg.Out, err)
	}
	refuse := func(why string) error {
		shown := cfg.Out
		if filepath.Clean(cfg.Out) != out {
			shown = fmt.Sprintf("%s (%s)", cfg.Out, out)
		}
		return fmt.Errorf("-out %s is %s: refusing to export there; choose a folder of its own, e.g. web/site", shown, why)
	}
	if filepath.Dir(out) == out {
		return "", refuse("the filesystem root")
	}
	if home, err := os.UserHomeDir(); err == nil {
		if h, err := realPath(home); err == nil && h == out {
			return "", refuse("your home folder")
		}
	}
	if wd, err := os.Getwd(); err == nil {
		if w, err := realPath(wd); err == nil && within(w, out) {
			return "", refuse("the current folder or one of its parents")
		}
	}
	for _, in := range []struct{ flag, dir string }{{"-web", cfg.WebDir}, {"-static", cfg.StaticDir}} {
		if d, err := realPath(in.dir); err == nil && within(d, out) {
			return "", refuse("(or holds) the " + in.flag + " folder " + in.dir)
		}
	}
	return out, nil
}

// realPath is the absolute, clean path of p with the symlinks of its
// existing part resolved.
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for cur := abs; ; cur = filepath.Dir(cur) {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest), nil
		}
		if filepath.Dir(cur) == cur {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(cur), rest)
	}
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// readManifest returns the previous export's manifest, nil when the folder
// has none. A manifest that does not parse, or names a path outside the
// folder, is an error: nothing is removed on its word.
func readManifest(root *os.Root) (*manifest, error) {
	b, err := root.ReadFile(exportManifest)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m manifest
	if err := json.Unmarshal(b, &m); err != nil || m.Tool != manifestTool {
		return nil, fmt.Errorf("%s is not a manifest of this tool (%v): delete it, or export into another folder", exportManifest, err)
	}
	for _, p := range append(slices.Clone(m.Files), m.Dirs...) {
		if !fs.ValidPath(p) || p == "." || p == exportManifest {
			return nil, fmt.Errorf("%s lists %q, which is not a path inside the folder: delete the manifest, or export into another folder", exportManifest, p)
		}
	}
	return &m, nil
}

// placeExport moves the files of the finished export in tmp (a folder
// inside root) to their places, removes what the previous export wrote
// and this one does not, and writes the new manifest. Files it would
// overwrite that no export recorded make it stop before anything is moved.
func placeExport(root *os.Root, tmp string, files []string, version string, prev *manifest) error {
	if prev == nil {
		prev = &manifest{}
	}
	ours := map[string]bool{}
	for _, f := range prev.Files {
		ours[f] = true
	}
	dirs := map[string]bool{} // folders the new export needs
	for _, f := range files {
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	prevDirs := map[string]bool{}
	for _, d := range prev.Dirs {
		prevDirs[d] = true
	}
	var conflicts []string
	for _, f := range files {
		if st, err := root.Lstat(f); err == nil && (!ours[f] || !st.Mode().IsRegular()) {
			conflicts = append(conflicts, f)
		}
	}
	for d := range dirs {
		if st, err := root.Lstat(d); err == nil && !st.IsDir() {
			conflicts = append(conflicts, d)
		}
	}
	if len(conflicts) > 0 {
		sort.Strings(conflicts)
		more := ""
		if len(conflicts) > 5 {
			more = fmt.Sprintf(" and %d more", len(conflicts)-5)
			conflicts = conflicts[:5]
		}
		return fmt.Errorf("the folder already has %s%s, which no export of this tool wrote (no %s lists it): "+
			"refusing to overwrite; move those away, or export into an empty folder", strings.Join(conflicts, ", "), more, exportManifest)
	}
	created := map[string]bool{}
	for d := range dirs {
		if prevDirs[d] {
			created[d] = true
		} else if _, err := root.Lstat(d); errors.Is(err, fs.ErrNotExist) {
			created[d] = true
		}
	}
	for _, f := range files {
		if d := path.Dir(f); d != "." {
			if err := root.MkdirAll(d, 0o755); err != nil {
				return err
			}
		}
		if err := root.Rename(path.Join(tmp, f), f); err != nil {
			return err
		}
	}
	keep := map[string]bool{}
	for _, f := range files {
		keep[f] = true
	}
	for _, f := range prev.Files {
		if !keep[f] {
			if err := root.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	// Folders the previous export created and this one no longer needs go
	// when empty; a folder holding a user's file stays.
	old := slices.Clone(prev.Dirs)
	sort.Sort(sort.Reverse(sort.StringSlice(old)))
	for _, d := range old {
		if !dirs[d] {
			_ = root.Remove(d)
		}
	}
	m := manifest{Tool: manifestTool, Version: version, Files: slices.Sorted(slices.Values(files))}
	for d := range created {
		m.Dirs = append(m.Dirs, d)
	}
	sort.Strings(m.Dirs)
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return root.WriteFile(exportManifest, append(b, '\n'), 0o644)
}
