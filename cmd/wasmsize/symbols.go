package main

import (
	"bufio"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Data symbols come from the package archives (`go tool nm -size -type`,
// sizes as compiled) and are kept only if the linker reached them (the
// edges `-ldflags=-dumpdep` prints while it removes dead code). Sizes are
// in memory: the binary leaves runs of zero bytes out (see writeDataSec in
// cmd/link/internal/wasm), so the data section in the file is smaller.

type dataSym struct {
	name string
	size int
	kind byte // nm type: R/r rodata, D/d data (B/b bss take no room in the file)
}

var nmLine = regexp.MustCompile(`^\s*(?:[0-9a-f]+\s+)?(\d+)\s+(\S)\s+(.+)$`)

// parseNM reads `go tool nm -size -type` output over several files
// ("file:\t  addr size type name" lines) and returns the defined data
// symbols by name. A symbol defined in several archives (content-addressed
// strings, type descriptors) is one symbol in the binary.
func parseNM(r io.Reader) (map[string]dataSym, error) {
	syms := map[string]dataSym{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if _, rest, ok := strings.Cut(line, ":\t"); ok {
			line = rest
		}
		m := nmLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		kind := m[2][0]
		switch kind {
		case 'R', 'r', 'D', 'd':
		default: // text comes from the binary; U undefined; B bss; ? other
			continue
		}
		size, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		name := stripVersion(m[3])
		if old, ok := syms[name]; !ok || size > old.size {
			syms[name] = dataSym{name: name, size: size, kind: kind}
		}
	}
	return syms, sc.Err()
}

// stripVersion drops nm's "<N>" suffix of file-local symbols.
func stripVersion(name string) string {
	if i := strings.LastIndexByte(name, '<'); i > 0 && strings.HasSuffix(name, ">") {
		if _, err := strconv.Atoi(name[i+1 : len(name)-1]); err == nil {
			return name[:i]
		}
	}
	return name
}

// parseDumpdep reads the linker's "from -> to" lines and returns, for every
// reached symbol, the symbols that refer to it.
func parseDumpdep(r io.Reader) (map[string][]string, error) {
	refs := map[string][]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		from, to, ok := strings.Cut(sc.Text(), " -> ")
		if !ok {
			continue
		}
		from, to = trimMark(from), trimMark(to)
		refs[to] = append(refs[to], from)
	}
	return refs, sc.Err()
}

// trimMark drops the linker's " <UsedInIface>" style annotation.
func trimMark(s string) string {
	if i := strings.LastIndex(s, " <"); i > 0 && strings.HasSuffix(s, ">") {
		return s[:i]
	}
	return s
}

// packages maps symbol names to Go packages: the longest known import path
// followed by "." at the start of the name (after prefixes such as
// "type:*" or "go:itab.*"), else the path up to the first "." after the
// last "/" of the name's head.
type packages struct {
	known  map[string]bool
	byLen  []string
	lookup map[string]string
	// mangledByLen is byLen as the name section spells the paths.
	mangledByLen []string
}

func newPackages(paths []string) *packages {
	p := &packages{known: map[string]bool{}, lookup: map[string]string{}}
	for _, path := range paths {
		if path != "" && !p.known[path] {
			p.known[path] = true
			p.byLen = append(p.byLen, path)
		}
	}
	sort.Slice(p.byLen, func(i, j int) bool { return len(p.byLen[i]) > len(p.byLen[j]) })
	for _, path := range p.byLen {
		p.mangledByLen = append(p.mangledByLen, mangle(path))
	}
	return p
}

// mangle spells a name as Go's wasm linker writes it into the name
// section: every character but letters, digits, '_' and '.' becomes '_'
// (nameRegexp in cmd/link/internal/wasm/asm.go).
func mangle(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}

// ofMangled returns the package of a function named in the name section.
// Generated equality and hash functions ("type:.eq.[2]pkg.T" spelt
// "type_.eq._2_pkg.T") go to the package of their type.
func (p *packages) ofMangled(name string) string {
	for _, pre := range []string{"type_.eq.", "type_.hash."} {
		if rest, ok := strings.CutPrefix(name, pre); ok {
			name = strings.TrimLeft(rest, "_0123456789")
			break
		}
	}
	for i, m := range p.mangledByLen {
		if len(name) > len(m) && name[len(m)] == '.' && strings.HasPrefix(name, m) {
			return p.byLen[i]
		}
	}
	return ""
}

// symbolPrefixes are stripped before matching a package; the order matters
// (longest first among those sharing a start).
var symbolPrefixes = []string{"type:.eq.", "type:.hash.", "type:", "go:itab.", "go:link.", "go:funcdesc.", "go:func."}

// of returns the package of a symbol, or "" when its name does not say.
func (p *packages) of(name string) string {
	if pkg, ok := p.lookup[name]; ok {
		return pkg
	}
	s := name
	for _, pre := range symbolPrefixes {
		if strings.HasPrefix(s, pre) {
			s = s[len(pre):]
			break
		}
	}
	s = strings.TrimLeft(s, "*")
	pkg := ""
	for _, path := range p.byLen {
		if len(s) > len(path) && s[len(path)] == '.' && strings.HasPrefix(s, path) {
			pkg = path
			break
		}
	}
	p.lookup[name] = pkg
	return pkg
}

// pathOf guesses the package path of a symbol without a package list
// (from the function table's names, for -wasm): "a/b/c.(*T).M" → "a/b/c",
// "slices.Sort[...]" → "slices".
func pathOf(s string) string {
	for _, pre := range symbolPrefixes {
		if strings.HasPrefix(s, pre) {
			s = s[len(pre):]
			break
		}
	}
	s = strings.TrimLeft(s, "*")
	head := s
	if i := strings.IndexAny(head, "[("); i >= 0 {
		head = head[:i]
	}
	slash := strings.LastIndexByte(head, '/')
	dot := strings.IndexByte(head[slash+1:], '.')
	if dot <= 0 {
		return ""
	}
	return s[:slash+1+dot]
}

const (
	sharedPkg  = "(shared by several packages)"
	unnamedPkg = "(no package)"
)

// attribute decides the package of a data symbol: by its name, or else
// the one package all its referrers belong to (followed through other
// unnamed symbols), or sharedPkg.
type attributor struct {
	pkgs *packages
	refs map[string][]string
	memo map[string]string
}

func (a *attributor) pkg(sym string, depth int) string {
	if pkg := a.pkgs.of(sym); pkg != "" {
		return pkg
	}
	if got, ok := a.memo[sym]; ok {
		return got
	}
	if depth > 8 {
		return sharedPkg
	}
	a.memo[sym] = sharedPkg // cycles resolve to shared
	found := ""
	for _, from := range a.refs[sym] {
		p := a.pkg(from, depth+1)
		if p == "" || p == sharedPkg || p == unnamedPkg {
			if from == "_" { // a linker root
				continue
			}
			found = sharedPkg
			break
		}
		if found == "" {
			found = p
		} else if found != p {
			found = sharedPkg
			break
		}
	}
	if found == "" {
		found = unnamedPkg
	}
	a.memo[sym] = found
	return found
}
