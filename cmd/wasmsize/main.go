// Command wasmsize prints where the bytes of a Go WebAssembly build go:
// code and data per Go package, largest first (`make wasm-size`, and the
// first thing `make bench` prints).
//
//	go run ./cmd/wasmsize [-tags T] [-top N] [package]     (default ./cmd/devserver)
//	go run ./cmd/wasmsize -wasm FILE                         (a build without -s: code only)
//	go run ./cmd/wasmsize -without 'a/b/...,embed:c/d' [-without …] [package]
//	                                                         (what-if: see without.go)
//
// With a package it builds it for GOOS=js GOARCH=wasm with the flags of
// `make wasm` except -s -w (the code and data are the same; -s only drops
// the name section, which holds the function names) and -ldflags=-dumpdep,
// then counts:
//
//   - code: each function body of the code section, by the package of its
//     name in the name section (exact);
//   - data: each data symbol of the package archives (`go tool nm -size`)
//     that the linker kept (-dumpdep lists every symbol it reached), by
//     the package in its name or, for unnamed ones (strings, GC maps), the
//     one package that refers to it; sizes are as in memory;
//   - func tables: each function's share of the runtime's function table
//     (pclntab: its record, name and pc tables), which the linker
//     generates and which is read back from the data segments.
//
// What cannot be given to one package is listed under its own rows.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("wasmsize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tags := fs.String("tags", "", "build tags for the package")
	top := fs.Int("top", 25, "packages to list (0: all)")
	wasmFile := fs.String("wasm", "", "analyse this wasm (built without -s) instead of building: code and function tables only")
	vs := fs.String("vs", "", "also build this package and print, per package, what the first one adds to it")
	vsTags := fs.String("vs-tags", "", "build tags for -vs")
	var groups []group
	fs.Func("without", "what-if: the brotli size with these packages' code and embedded files zeroed (comma-separated patterns, a/b/... for a subtree, embed:a/b for its embedded files only); repeat for cumulative rows", func(s string) error {
		g, err := parseGroup(s)
		groups = append(groups, g)
		return err
	})
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 1 || (*wasmFile != "" && (fs.NArg() > 0 || *vs != "" || len(groups) > 0)) {
		fmt.Fprintln(stderr, "usage: wasmsize [-tags T] [-top N] [-vs package [-vs-tags T]] [-without PATTERNS ...] [package] | wasmsize -wasm FILE")
		return 2
	}
	var in input
	var err error
	if *wasmFile != "" {
		in.wasm, err = os.ReadFile(*wasmFile)
		in.what = *wasmFile
	} else {
		pkg := "./cmd/devserver"
		if fs.NArg() == 1 {
			pkg = fs.Arg(0)
		}
		in, err = buildInput(pkg, *tags)
	}
	if err != nil {
		fmt.Fprintf(stderr, "wasmsize: %v\n", err)
		return 1
	}
	b, err := analyse(in)
	if err != nil {
		fmt.Fprintf(stderr, "wasmsize: %v\n", err)
		return 1
	}
	b.print(stdout, *top)
	if *vs != "" {
		in2, err := buildInput(*vs, *vsTags)
		if err == nil {
			var base *breakdown
			if base, err = analyse(in2); err == nil {
				b.printVs(stdout, base, *top)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "wasmsize: -vs %s: %v\n", *vs, err)
			return 1
		}
	}
	if len(groups) > 0 {
		if err := printWithout(stdout, in, b, groups, os.ReadFile, brotliSize); err != nil {
			fmt.Fprintf(stderr, "wasmsize: -without: %v\n", err)
			return 1
		}
	}
	return 0
}

// input is a wasm and, when it was built here, what the toolchain says
// about its symbols.
type input struct {
	what     string
	wasm     []byte
	nm       []byte              // go tool nm -size -type over the package archives
	dumpdep  []byte              // the linker's -dumpdep output
	packages []string            // import paths of the build
	modules  map[string]string   // import path → module path ("" for the standard library)
	embeds   map[string][]string // import path → its //go:embed files (absolute paths)
}

func goCmd(env []string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

func buildInput(pkg, tags string) (input, error) {
	in := input{what: pkg, modules: map[string]string{}, embeds: map[string][]string{}}
	if tags != "" {
		in.what += " -tags " + tags
	}
	dir, err := os.MkdirTemp("", "wasmsize-")
	if err != nil {
		return in, err
	}
	defer os.RemoveAll(dir)
	wasmEnv := []string{"GOOS=js", "GOARCH=wasm"}
	out := filepath.Join(dir, "app.wasm")
	build := goCmd(wasmEnv, "build", "-trimpath", "-tags", tags, "-ldflags=-dumpdep", "-o", out, pkg)
	var dd bytes.Buffer
	build.Stderr = &dd
	if err := build.Run(); err != nil {
		return in, fmt.Errorf("go build %s: %v\n%s", pkg, err, tail(dd.Bytes()))
	}
	in.dumpdep = dd.Bytes()
	if in.wasm, err = os.ReadFile(out); err != nil {
		return in, err
	}
	list := goCmd(wasmEnv, "list", "-trimpath", "-tags", tags, "-deps", "-export",
		"-f", "{{.ImportPath}}\t{{.Export}}\t{{with .Module}}{{.Path}}{{end}}\t{{.Name}}\t{{.Dir}}\t{{join .EmbedFiles \"\\x00\"}}", pkg)
	var lerr bytes.Buffer
	list.Stderr = &lerr
	listed, err := list.Output()
	if err != nil {
		return in, fmt.Errorf("go list %s: %v\n%s", pkg, err, lerr.Bytes())
	}
	var archives []string
	// Lines end in the embedded files' field, often empty: trimming the
	// output would cut the last line's tab.
	for _, line := range strings.Split(strings.TrimSuffix(string(listed), "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 6 {
			continue
		}
		for _, e := range strings.Split(f[5], "\x00") {
			if e != "" {
				in.embeds[f[0]] = append(in.embeds[f[0]], filepath.Join(f[4], e))
			}
		}
		in.packages = append(in.packages, f[0])
		in.modules[f[0]] = f[2]
		if f[3] == "main" { // its symbols are "main.…"
			in.packages = append(in.packages, "main")
			in.modules["main"] = f[2]
		}
		if f[1] != "" {
			archives = append(archives, f[1])
		}
	}
	nm := goCmd(nil, append([]string{"tool", "nm", "-size", "-type"}, archives...)...)
	var nerr bytes.Buffer
	nm.Stderr = &nerr
	if in.nm, err = nm.Output(); err != nil {
		return in, fmt.Errorf("go tool nm: %v\n%s", err, nerr.Bytes())
	}
	return in, nil
}

func tail(b []byte) []byte {
	if len(b) > 4000 {
		return b[len(b)-4000:]
	}
	return b
}

// row is one package's bytes.
type row struct {
	pkg                string
	code, data, tables int
	funcs              int // functions in the function table
}

func (r row) total() int { return r.code + r.data + r.tables }

type breakdown struct {
	what     string
	fileSize int
	sections map[string]int // by section name
	rows     []row          // packages, largest first
	special  []row          // shared / unnamed / linker-made rows
	modules  map[string]string
	dataSpan int  // initialised linear memory, first to last byte
	dataSeg  int  // bytes in data segments
	symbols  bool // data symbols were attributed (built here)
}

func analyse(in input) (*breakdown, error) {
	m, err := parseModule(in.wasm)
	if err != nil {
		return nil, err
	}
	b := &breakdown{what: in.what, fileSize: m.size, sections: map[string]int{}, modules: in.modules, symbols: in.nm != nil}
	for _, s := range m.sections {
		b.sections[sectionName(s)] += s.size
	}
	if len(m.funcs) > 0 && m.funcs[0].name == "" {
		return nil, errors.New("the wasm has no function names (built with -ldflags=-s): build it without -s")
	}
	mem := memory(m.data)
	lo, hi := mem.span()
	b.dataSpan = int(hi - lo)
	for _, s := range m.data {
		b.dataSeg += len(s.data)
	}
	pt, err := findPclntab(mem)
	if err != nil {
		return nil, err
	}
	paths := in.packages
	if paths == nil { // -wasm: the function table's names say which packages there are
		for _, f := range pt.funcs {
			paths = append(paths, pathOf(f.name))
		}
	}
	pkgs := newPackages(paths)
	rows := map[string]*row{}
	get := func(p string) *row {
		if p == "" {
			p = unnamedPkg
		}
		r, ok := rows[p]
		if !ok {
			r = &row{pkg: p}
			rows[p] = r
		}
		return r
	}
	for _, f := range m.funcs {
		get(pkgs.ofMangled(f.name)).code += f.size
	}
	owners := map[uint32]string{}
	for _, f := range pt.funcs {
		p := pkgs.of(f.name)
		get(p).tables += f.fixed
		get(p).funcs++
		for _, t := range f.tables {
			if o, ok := owners[t]; !ok {
				owners[t] = p
			} else if o != p {
				owners[t] = sharedPkg
			}
		}
	}
	for t, p := range owners {
		get(p).tables += pt.tables[t]
	}
	get("(function table: header, file and CU tables)").tables += pt.rest
	get("(runtime.findfunctab: 320 B per function, mostly zeros)").tables += pt.findfunctab

	if in.nm != nil {
		syms, err := parseNM(bytes.NewReader(in.nm))
		if err != nil {
			return nil, err
		}
		refs, err := parseDumpdep(bytes.NewReader(in.dumpdep))
		if err != nil {
			return nil, err
		}
		if len(refs) == 0 {
			return nil, errors.New("the linker printed no -dumpdep edges")
		}
		at := &attributor{pkgs: pkgs, refs: refs, memo: map[string]string{}}
		for name, s := range syms {
			if _, reached := refs[name]; !reached {
				continue
			}
			get(at.pkg(name, 0)).data += s.size
		}
	}
	if in.nm != nil {
		attributed := 0
		for _, r := range rows {
			attributed += r.data + r.tables
		}
		if rest := b.dataSpan - attributed; rest > 0 {
			// Linker-made tables (type links, itab links, module data),
			// alignment, and zeros inside the initialised span.
			get("(data not attributed: linker-made tables, alignment)").data += rest
		}
	}
	for _, r := range rows {
		if strings.HasPrefix(r.pkg, "(") {
			b.special = append(b.special, *r)
		} else {
			b.rows = append(b.rows, *r)
		}
	}
	byTotal := func(rs []row) {
		sort.Slice(rs, func(i, j int) bool {
			if rs[i].total() != rs[j].total() {
				return rs[i].total() > rs[j].total()
			}
			return rs[i].pkg < rs[j].pkg
		})
	}
	byTotal(b.rows)
	byTotal(b.special)
	return b, nil
}

func kb(n int) string { return fmt.Sprintf("%.1f", float64(n)/1e3) }

// origin groups packages: this repository by top folder, others by module.
func (b *breakdown) origin(pkg string) string {
	if pkg == "main" {
		return "main package (this repository)"
	}
	if mod, ok := b.modules[pkg]; ok && mod == "" {
		return "Go standard library"
	}
	mod := b.modules[pkg]
	if mod == "" {
		return "(unknown module)"
	}
	if rest, ok := strings.CutPrefix(pkg, mod+"/"); ok && !strings.Contains(mod, ".") {
		top, _, _ := strings.Cut(rest, "/")
		return mod + "/" + top + " (this repository)"
	}
	return mod
}

func (b *breakdown) print(w io.Writer, top int) {
	var sumCode, sumData, sumTables int
	for _, r := range append(append([]row(nil), b.rows...), b.special...) {
		sumCode += r.code
		sumData += r.data
		sumTables += r.tables
	}

	all := sumCode + sumData + sumTables
	fmt.Fprintf(w, "Where the bytes of the wasm go: %s (GOOS=js GOARCH=wasm, -trimpath), kB = 1,000 bytes\n\n", b.what)
	fmt.Fprintf(w, "| # | package | code kB | data kB | func tables kB | total kB | share |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
	n := len(b.rows)
	if top > 0 && top < n {
		n = top
	}
	var restCode, restData, restTables int
	for i, r := range b.rows {
		if i < n {
			fmt.Fprintf(w, "| %d | %s | %s | %s | %s | %s | %.1f%% |\n", i+1, r.pkg, kb(r.code), kb(r.data), kb(r.tables), kb(r.total()), 100*float64(r.total())/float64(all))
			continue
		}
		restCode += r.code
		restData += r.data
		restTables += r.tables
	}
	if n < len(b.rows) {
		fmt.Fprintf(w, "| | %d more packages | %s | %s | %s | %s | %.1f%% |\n", len(b.rows)-n, kb(restCode), kb(restData), kb(restTables),
			kb(restCode+restData+restTables), 100*float64(restCode+restData+restTables)/float64(all))
	}
	for _, r := range b.special {
		fmt.Fprintf(w, "| | %s | %s | %s | %s | %s | %.1f%% |\n", r.pkg, kb(r.code), kb(r.data), kb(r.tables), kb(r.total()), 100*float64(r.total())/float64(all))
	}
	fmt.Fprintf(w, "| | total | %s | %s | %s | %s | |\n", kb(sumCode), kb(sumData), kb(sumTables), kb(all))

	if len(b.modules) > 0 {
		groups := map[string]*row{}
		for _, r := range b.rows {
			o := b.origin(r.pkg)
			g, ok := groups[o]
			if !ok {
				g = &row{pkg: o}
				groups[o] = g
			}
			g.code += r.code
			g.data += r.data
			g.tables += r.tables
		}
		var gs []row
		for _, g := range groups {
			gs = append(gs, *g)
		}
		sort.Slice(gs, func(i, j int) bool { return gs[i].total() > gs[j].total() })
		fmt.Fprintf(w, "\nBy origin:\n\n| origin | code kB | data kB | func tables kB | total kB | share |\n| --- | ---: | ---: | ---: | ---: | ---: |\n")
		for _, g := range gs {
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %.1f%% |\n", g.pkg, kb(g.code), kb(g.data), kb(g.tables), kb(g.total()), 100*float64(g.total())/float64(all))
		}
	}

	code, data, names := b.sections["code"], b.sections["data"], b.sections["custom name"]
	fmt.Fprintf(w, "\nThe file: %s kB = code section %s + data section %s + name section %s (dropped by -s, not served) + other sections %s.\n",
		kb(b.fileSize), kb(code), kb(data), kb(names), kb(b.fileSize-code-data-names))
	fmt.Fprintf(w, "Code rows add up to the code section's function bodies (%s kB). ", kb(sumCode))
	if b.symbols {
		fmt.Fprintf(w, "Data and func tables are sizes in memory (%s kB; initialised memory spans %s kB, of which %s kB are in data segments: the linker leaves runs of zeros out of the file).\n",
			kb(sumData+sumTables), kb(b.dataSpan), kb(b.dataSeg))
	} else {
		fmt.Fprintf(w, "Data symbols are not attributed without a build (-wasm); func tables are sizes in memory.\n")
	}
}

// printVs lists, per package, what b adds to base (or saves), largest
// difference first.
func (b *breakdown) printVs(w io.Writer, base *breakdown, top int) {
	index := func(x *breakdown) map[string]row {
		m := map[string]row{}
		for _, r := range append(append([]row(nil), x.rows...), x.special...) {
			m[r.pkg] = r
		}
		return m
	}
	mine, theirs := index(b), index(base)
	var diff []row
	var sum row
	for pkg, r := range mine {
		o := theirs[pkg]
		d := row{pkg: pkg, code: r.code - o.code, data: r.data - o.data, tables: r.tables - o.tables}
		diff = append(diff, d)
		sum.code, sum.data, sum.tables = sum.code+d.code, sum.data+d.data, sum.tables+d.tables
	}
	for pkg, o := range theirs {
		if _, ok := mine[pkg]; !ok {
			d := row{pkg: pkg, code: -o.code, data: -o.data, tables: -o.tables}
			diff = append(diff, d)
			sum.code, sum.data, sum.tables = sum.code+d.code, sum.data+d.data, sum.tables+d.tables
		}
	}
	abs := func(n int) int { return max(n, -n) }
	sort.Slice(diff, func(i, j int) bool {
		if abs(diff[i].total()) != abs(diff[j].total()) {
			return abs(diff[i].total()) > abs(diff[j].total())
		}
		return diff[i].pkg < diff[j].pkg
	})
	fmt.Fprintf(w, "\nWhat %s adds to %s (kB; negative: smaller):\n\n", b.what, base.what)
	fmt.Fprintf(w, "| package | code kB | data kB | func tables kB | total kB |\n| --- | ---: | ---: | ---: | ---: |\n")
	for i, d := range diff {
		if top > 0 && i >= top {
			break
		}
		if d.total() == 0 && d.code == 0 {
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", d.pkg, kb(d.code), kb(d.data), kb(d.tables), kb(d.total()))
	}
	fmt.Fprintf(w, "| total | %s | %s | %s | %s |\n", kb(sum.code), kb(sum.data), kb(sum.tables), kb(sum.total()))
	fmt.Fprintf(w, "\nThe files: %s kB vs %s kB (with the name section of the unstripped builds).\n", kb(b.fileSize), kb(base.fileSize))
}
