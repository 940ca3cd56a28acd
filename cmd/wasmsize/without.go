package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/andybalholm/brotli"
)

// What -without answers: how small would the served wasm be if these
// packages' code (and, for embed:, their //go:embed files) were not in
// it — the question behind "move the engine into a Web Worker's own wasm"
// or "fetch the course text as data" — without doing the move first.
//
// The binary is copied with the function bodies of the matching packages
// and the matching embedded files overwritten with zeros (a run of zeros
// costs a brotli stream almost nothing), the name section dropped (the
// served build has none, -s), and both copies compressed as `make wasm`
// compresses app.wasm.br. The packages' other data (type descriptors,
// strings that are not embedded files) and their share of the function
// table stay in the figure, so it is an upper bound of the smaller wasm
// and the difference a lower bound of what the move buys; their size in
// memory is printed beside it.

// Brotli settings of the served file (internal/encodings/encodings.go:
// BrotliQuality, brotliWindow). The base figure printed beside each group
// is compressed the same way, so a drift shows as a base that differs
// from web/app.wasm.br's size.
const (
	servedBrotliQuality = 11
	servedBrotliWindow  = 24
)

// group is one -without flag: package patterns ("a/b" exactly, "a/b/..."
// that package and those under it); "embed:" before a pattern takes only
// the package's embedded files, not its code.
type group struct {
	spec          string
	code, embeds  []string
	codeBytes     int // function bodies zeroed
	embedBytes    int // embedded file bytes zeroed
	embedsMissing []string
	dataInMemory  int // the matching packages' data and function tables (not removed)
}

func parseGroup(spec string) (group, error) {
	g := group{spec: spec}
	for _, p := range strings.Split(spec, ",") {
		p = strings.TrimSpace(p)
		if rest, ok := strings.CutPrefix(p, "embed:"); ok {
			p = rest
			if p == "" {
				return g, fmt.Errorf("-without %q: empty pattern after embed:", spec)
			}
			g.embeds = append(g.embeds, p)
			continue
		}
		if p == "" {
			return g, fmt.Errorf("-without %q: empty pattern", spec)
		}
		g.code = append(g.code, p)
		g.embeds = append(g.embeds, p)
	}
	return g, nil
}

// matchPkg reports whether an import path matches a pattern: exactly, or
// under it for "pattern/...". "a/b/..." matches "a/b" and "a/b/c", not
// "a/bc".
func matchPkg(pattern, path string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == base || strings.HasPrefix(path, base+"/")
	}
	return path == pattern
}

func matchAny(patterns []string, path string) bool {
	for _, p := range patterns {
		if matchPkg(p, path) {
			return true
		}
	}
	return false
}

// zeroOut overwrites, in out (a copy of the module m was parsed from), the
// bodies of the functions of g's code packages and the first occurrence of
// each embedded file of g's embed packages that done does not list (done
// gets the files it zeroes). Each function keeps its length
// prefix, so the module still parses; a file too short to be found for
// certain (under 64 bytes) or not found is listed, not guessed at.
func zeroOut(out []byte, m *module, pkgs *packages, embeds map[string][]string, read func(string) ([]byte, error), g *group, done map[string]bool) error {
	for _, f := range m.funcs {
		if !matchAny(g.code, pkgs.ofMangled(f.name)) {
			continue
		}
		n, err := (&reader{b: out, off: f.off}).u32()
		if err != nil {
			return fmt.Errorf("function %s at %d: %w", f.name, f.off, err)
		}
		body := f.off + len(uleb128(n))
		clear(out[body : f.off+f.size])
		g.codeBytes += f.off + f.size - body
	}
	for path, files := range embeds {
		if !matchAny(g.embeds, path) {
			continue
		}
		for _, file := range files {
			if done[file] { // an earlier row took it out
				continue
			}
			c, err := read(file)
			if err != nil {
				return err
			}
			at := -1
			if len(c) >= 64 {
				at = bytes.Index(out, c)
			}
			if at < 0 {
				g.embedsMissing = append(g.embedsMissing, file)
				continue
			}
			clear(out[at : at+len(c)])
			g.embedBytes += len(c)
			done[file] = true
		}
	}
	return nil
}

func uleb128(v uint32) []byte {
	var b []byte
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// withoutNames is the module without its name section.
func withoutNames(b []byte, m *module) []byte {
	if m.names.end == 0 {
		return append([]byte(nil), b...)
	}
	return append(append([]byte(nil), b[:m.names.start]...), b[m.names.end:]...)
}

func brotliSize(b []byte) int {
	var buf bytes.Buffer
	w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: servedBrotliQuality, LGWin: servedBrotliWindow})
	w.Write(b) // a bytes.Buffer does not fail
	w.Close()
	return buf.Len()
}

// printWithout compresses the build as served, then with each group taken
// out in turn (cumulatively, in the order given), and prints a table.
func printWithout(w io.Writer, in input, b *breakdown, groups []group, read func(string) ([]byte, error), compress func([]byte) int) error {
	m, err := parseModule(in.wasm)
	if err != nil {
		return err
	}
	// Offsets after the name section move if it came first; Go writes it
	// last, and a module where it is not is refused rather than misread.
	if m.names.end != 0 && m.names.end != len(in.wasm) {
		return fmt.Errorf("the name section is not the last one (%d–%d of %d bytes)", m.names.start, m.names.end, len(in.wasm))
	}
	pkgs := newPackages(in.packages)
	out := withoutNames(in.wasm, m)
	base := compress(out)
	done := map[string]bool{}
	fmt.Fprintf(w, "\nWhat-if: %s without some packages (brotli %d, window 2^%d, as `make wasm` serves it; each row also lacks the rows above it):\n\n",
		in.what, servedBrotliQuality, servedBrotliWindow)
	fmt.Fprintln(w, "| without | code zeroed kB | embedded files kB | their data + func tables, kept (kB in memory) | brotli kB | vs served |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: |")
	fmt.Fprintf(w, "| (nothing: the build as served) | | | | %s | |\n", kb(base))
	for i := range groups {
		g := &groups[i]
		if err := zeroOut(out, m, pkgs, in.embeds, read, g, done); err != nil {
			return err
		}
		for _, r := range b.rows {
			if matchAny(g.code, r.pkg) {
				g.dataInMemory += r.data + r.tables
			}
		}
		size := compress(out)
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %+.1f kB |\n", g.spec, kb(g.codeBytes), kb(g.embedBytes), kb(g.dataInMemory), kb(size), float64(size-base)/1e3)
		for _, f := range g.embedsMissing {
			fmt.Fprintf(w, "|   (not found in the binary: %s) | | | | | |\n", f)
		}
	}
	fmt.Fprintln(w, "\nAn upper bound of the smaller wasm: the kept data and function tables would go too.")
	return nil
}
