//go:build !(js && wasm)

package staticsite

// Where `devserver static` writes, and what it may remove there.
//
// The export folder is often a site's repository or a gh-pages checkout:
// it may hold a CNAME, .git/, a README.md, lessons/… that the export did
// not write. So an export removes only what the previous export wrote, as
// listed in its manifest (ExportManifest), and never overwrites a file it
// did not write. Every file operation goes through an os.Root opened on
// the resolved folder, so no manifest entry or symlink can reach outside
// it.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// ExportManifest lists, in the export folder, what the export wrote.
const ExportManifest = ".mcpwirelab-export.json"

// ExportTmpPrefix names the export's working folder inside -out.
const ExportTmpPrefix = ".mcpwirelab-export-"

// Manifest is what ExportManifest records of an export: the files and
// folders it wrote, and each file's SHA-256.
type Manifest struct {
	Tool    string   `json:"tool"`
	Version string   `json:"version"`
	Files   []string `json:"files"` // slash paths relative to the folder, sorted
	// SHA256 is the hex SHA-256 of each file's content as the export wrote
	// it: only a file that still has it is the export's to replace or remove.
	SHA256 map[string]string `json:"sha256"`
	Dirs   []string          `json:"dirs"` // folders the exports created, sorted
}

const ManifestTool = "mcp-wire-lab devserver static"

// CheckOut reports whether cfg.Out is a folder an export may write into
// (resolveOut), before anything is read or generated: a refused -out is a
// bad flag (devserver static exits 2 on it).
func CheckOut(cfg Config) error {
	_, err := resolveOut(cfg)
	return err
}

// resolveOut cleans -out, makes it absolute and resolves symlinks, and
// refuses folders an export must never write into: the filesystem root,
// the home folder, the current folder or one of its parents (-out foo/..
// is the current folder), and any folder holding -web or -static.
func resolveOut(cfg Config) (string, error) {
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
func readManifest(root *os.Root) (*Manifest, error) {
	b, err := root.ReadFile(ExportManifest)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil || m.Tool != ManifestTool {
		return nil, fmt.Errorf("%s is not a manifest of this tool (%v): delete it, or export into another folder", ExportManifest, err)
	}
	for _, p := range append(slices.Clone(m.Files), m.Dirs...) {
		if !fs.ValidPath(p) || p == "." || p == ExportManifest {
			return nil, fmt.Errorf("%s lists %q, which is not a path inside the folder: delete the manifest, or export into another folder", ExportManifest, p)
		}
	}
	return &m, nil
}

// placeExport moves the files of the finished export in tmp (a folder
// inside root) to their places, removes what the previous export wrote
// and this one does not, and writes the new manifest. Files it would
// overwrite that no export wrote as they are now make it stop before
// anything is moved; files the previous manifest lists that have changed
// since (or that it lists without a hash) are left alone and returned in
// kept.
func placeExport(root *os.Root, tmp string, files []string, version string, prev *Manifest) (kept []string, err error) {
	if prev == nil {
		prev = &Manifest{}
	}
	// ours: the previous export wrote f, and f still holds what it wrote.
	ours := func(f string) bool {
		want, ok := prev.SHA256[f]
		if !ok || !slices.Contains(prev.Files, f) {
			return false
		}
		got, err := fileSHA256(root, f)
		return err == nil && got == want
	}
	sums := map[string]string{}
	for _, f := range files {
		sum, err := fileSHA256(root, path.Join(tmp, f))
		if err != nil {
			return nil, err
		}
		sums[f] = sum
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
		if _, err := root.Lstat(f); err == nil && !ours(f) {
			// The same bytes are no loss (a first export with this tool's
			// files already in place, e.g. from an older manifest).
			if same, err := fileSHA256(root, f); err != nil || same != sums[f] {
				conflicts = append(conflicts, f)
			}
		}
	}
	for d := range dirs {
		if st, err := root.Lstat(d); err == nil && !st.IsDir() {
			conflicts = append(conflicts, d)
		}
	}
	if len(conflicts) > 0 {
		return nil, fmt.Errorf("the folder already has %s, which no export of this tool wrote (no %s records it with this content): "+
			"refusing to overwrite; move those away, or export into an empty folder", listSome(conflicts), ExportManifest)
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
				return nil, err
			}
		}
		if err := root.Rename(path.Join(tmp, f), f); err != nil {
			return nil, err
		}
	}
	keep := map[string]bool{}
	for _, f := range files {
		keep[f] = true
	}
	for _, f := range prev.Files {
		if keep[f] {
			continue
		}
		if _, err := root.Lstat(f); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if !ours(f) {
			kept = append(kept, f)
			continue
		}
		if err := root.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	sort.Strings(kept)
	// Folders the previous export created and this one no longer needs go
	// when empty; a folder holding a user's file stays.
	old := slices.Clone(prev.Dirs)
	sort.Sort(sort.Reverse(sort.StringSlice(old)))
	for _, d := range old {
		if !dirs[d] {
			_ = root.Remove(d)
		}
	}
	m := Manifest{Tool: ManifestTool, Version: version, Files: slices.Sorted(slices.Values(files)), SHA256: sums}
	for d := range created {
		m.Dirs = append(m.Dirs, d)
	}
	sort.Strings(m.Dirs)
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return kept, root.WriteFile(ExportManifest, append(b, '\n'), 0o644)
}

// keptWarning says which files the previous manifest listed that the
// export left in place because they no longer hold what it wrote.
func keptWarning(kept []string) []string {
	if len(kept) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("kept %s: the previous %s lists them, but they no longer hold what an export wrote "+
		"(changed since, or listed without a hash); delete them yourself if they are not yours", listSome(kept), ExportManifest)}
}

// listSome joins the first five names of a sorted copy of names and counts the rest.
func listSome(names []string) string {
	names = slices.Sorted(slices.Values(names))
	more := ""
	if len(names) > 5 {
		more = fmt.Sprintf(" and %d more", len(names)-5)
		names = names[:5]
	}
	return strings.Join(names, ", ") + more
}

// fileSHA256 is the hex SHA-256 of a regular file inside root (a symlink
// or anything else is an error: it is not a file the export wrote).
func fileSHA256(root *os.Root, name string) (string, error) {
	st, err := root.Lstat(name)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", name)
	}
	f, err := root.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
