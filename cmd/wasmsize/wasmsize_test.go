package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"mcpwirelab/internal/testenv"
)

func wasmName(s string) []byte { return append(uleb128(uint32(len(s))), s...) }

func sec(id byte, payload ...[]byte) []byte {
	p := bytes.Join(payload, nil)
	return append(append([]byte{id}, uleb128(uint32(len(p)))...), p...)
}

// tinyModule is a module with two imported functions, three defined ones
// (bodies of 3, 130 and 5 bytes, so one length needs two LEB128 bytes),
// two data segments and a name section naming the defined functions.
func tinyModule() []byte { return tinyModuleData("defg") }

// tinyModuleData is tinyModule with seg2 as its second data segment.
func tinyModuleData(seg2 string) []byte {
	var m []byte
	m = append(m, "\x00asm\x01\x00\x00\x00"...)
	m = append(m, sec(1, []byte{1, 0x60, 0, 0})...) // one type: () -> ()
	m = append(m, sec(2, uleb128(3),
		wasmName("go"), wasmName("a"), []byte{0x00, 0},
		wasmName("go"), wasmName("mem"), []byte{0x02, 0, 1},
		wasmName("go"), wasmName("b"), []byte{0x00, 0})...)
	m = append(m, sec(3, []byte{3, 0, 0, 0})...)
	body := func(n int) []byte { // locals 0, n-2 nops, end
		b := append([]byte{0}, bytes.Repeat([]byte{0x01}, n-2)...)
		return append(uleb128(uint32(n)), append(b, 0x0b)...)
	}
	m = append(m, sec(10, uleb128(3), body(3), body(130), body(5))...)
	seg := func(addr uint32, data string) []byte {
		return bytes.Join([][]byte{{0, 0x41}, uleb128(addr), {0x0b}, wasmName(data)}, nil)
	}
	m = append(m, sec(11, uleb128(2), seg(100, "abc"), seg(200, seg2))...)
	names := bytes.Join([][]byte{uleb128(3),
		uleb128(2), wasmName("main.main"),
		uleb128(3), wasmName("a_b_c.__T_.M"),
		uleb128(4), wasmName("type_.eq._2_a_b_c.T")}, nil)
	m = append(m, sec(0, wasmName("name"), []byte{1}, uleb128(uint32(len(names))), names)...)
	return m
}

func TestParseModule(t *testing.T) {
	b := tinyModule()
	m, err := parseModule(b)
	if err != nil {
		t.Fatal(err)
	}
	want := []function{{"main.main", 4, 0}, {"a_b_c.__T_.M", 132, 0}, {"type_.eq._2_a_b_c.T", 6, 0}}
	if len(m.funcs) != len(want) {
		t.Fatalf("funcs: %+v", m.funcs)
	}
	for i, f := range want {
		got := m.funcs[i]
		// Its length prefix, read back from the file, is the body's size.
		n, err := (&reader{b: b, off: got.off}).u32()
		if got.name != f.name || got.size != f.size || err != nil || int(n) != got.size-len(uleb128(n)) {
			t.Errorf("func %d: %+v (prefix at its offset %d, %v), want %+v", i, got, n, err, f)
		}
	}
	if nm := b[m.names.start:m.names.end]; nm[0] != 0 || !bytes.Contains(nm, []byte("\x04name")) || m.names.end != len(b) {
		t.Errorf("name section at %+v of %d bytes: % x", m.names, len(b), nm[:8])
	}
	total := 8
	for _, s := range m.sections {
		total += s.size
	}
	if total != len(b) || m.size != len(b) {
		t.Errorf("sections add up to %d of %d bytes", total, len(b))
	}
	mem := memory(m.data)
	if got := mem.read(98, 8); !bytes.Equal(got, []byte{0, 0, 'a', 'b', 'c', 0, 0, 0}) {
		t.Errorf("memory read: %q", got)
	}
	if lo, hi := mem.span(); lo != 100 || hi != 204 {
		t.Errorf("span %d–%d", lo, hi)
	}

	// A binary cut inside a section is refused with an error (a cut
	// between sections is a valid, shorter module).
	boundary := map[int]bool{8: true}
	at := 8
	for _, s := range m.sections {
		at += s.size
		boundary[at] = true
	}
	for cut := 8; cut < len(b); cut++ {
		if _, err := parseModule(b[:cut]); (err == nil) != boundary[cut] {
			t.Errorf("cut at %d (section boundary %v): err %v", cut, boundary[cut], err)
		}
	}
	if _, err := parseModule(b[:len(b)-3]); err == nil {
		t.Error("truncated name section accepted")
	}
	if _, err := parseModule(append([]byte("\x00asm\x02\x00\x00\x00"), b[8:]...)); err == nil {
		t.Error("version 2 accepted")
	}
	if _, err := parseModule([]byte("\x7fELF....")); err == nil {
		t.Error("not a wasm accepted")
	}
}

func TestPackagesOfSymbols(t *testing.T) {
	p := newPackages([]string{"a/b", "a/b/c", "github.com/x/go-app/v10/pkg/app", "main", "unicode", "unicode/utf8"})
	for name, want := range map[string]string{
		"a/b/c.(*T).M":                        "a/b/c",
		"a/b.F":                               "a/b",
		"type:*a/b/c.T":                       "a/b/c",
		"go:itab.*a/b.T,error":                "a/b",
		"unicode/utf8.RuneLen":                "unicode/utf8",
		"unicode.Categories":                  "unicode",
		"main.main":                           "main",
		"go:string.\"hello\"":                 "",
		"gclocals·K7dRNccGWtiqfs7YX1svRA==":   "",
		"github.com/x/go-app/v10/pkg/app.Div": "github.com/x/go-app/v10/pkg/app",
	} {
		if got := p.of(name); got != want {
			t.Errorf("of(%q) = %q, want %q", name, got, want)
		}
	}
	for name, want := range map[string]string{
		"a_b_c.__T_.M":        "a/b/c",
		"a_b.F":               "a/b",
		"type_.eq._2_a_b_c.T": "a/b/c",
		"github.com_x_go_app_v10_pkg_app.__htmlDiv_.Class": "github.com/x/go-app/v10/pkg/app",
		"unicode_utf8.RuneLen":                             "unicode/utf8",
		"wasm_pc_f_loop":                                   "",
	} {
		if got := p.ofMangled(name); got != want {
			t.Errorf("ofMangled(%q) = %q, want %q", name, got, want)
		}
	}
	if got := pathOf("slices.SortFunc[go.shape.*uint8]"); got != "slices" {
		t.Errorf("pathOf: %q", got)
	}
	if got := pathOf("type:*a/b/c.(*T).M"); got != "a/b/c" {
		t.Errorf("pathOf type: %q", got)
	}
}

func TestAttributeByReferrers(t *testing.T) {
	refs, err := parseDumpdep(strings.NewReader(strings.Join([]string{
		"# mcpwirelab/cmd/devserver",
		"_ -> a/b.F",
		"a/b.F -> go:string.\"x\"",
		"a/b.F -> go:string.\"shared\"",
		"a/b/c.G -> go:string.\"shared\"",
		"a/b.F -> type:*a/b.T <UsedInIface>",
		"type:*a/b.T <UsedInIface> -> type:.namedata.x",
		"_ -> go:main.inittasks",
	}, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	at := &attributor{pkgs: newPackages([]string{"a/b", "a/b/c"}), refs: refs, memo: map[string]string{}}
	for sym, want := range map[string]string{
		`go:string."x"`:      "a/b",
		`go:string."shared"`: sharedPkg,
		"type:.namedata.x":   "a/b", // through the type that refers to it
		"go:main.inittasks":  unnamedPkg,
	} {
		if got := at.pkg(sym, 0); got != want {
			t.Errorf("%s: %q, want %q", sym, got, want)
		}
	}
	if _, ok := refs["type:*a/b.T"]; !ok {
		t.Error("the <UsedInIface> mark was not trimmed")
	}
}

func TestParseNM(t *testing.T) {
	syms, err := parseNM(strings.NewReader(strings.Join([]string{
		"/cache/x-d:\t  37b737       6112 r mcpwirelab/app..stmp_10<1>",
		"/cache/x-d:\t  3201d6       1296 R type:mcpwirelab/app.Lab",
		"/cache/y-d:\t  1201d6       1296 R type:mcpwirelab/app.Lab",
		"/cache/x-d:\t                  0 U go:info.int",
		"/cache/x-d:\t  287e69        830 T mcpwirelab/app.InspectorBody",
		"/cache/x-d:\t  10        44 D go:string.\"a b\"",
		"/cache/x-d:\t  10        44 B runtime.mheap_",
	}, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	if len(syms) != 3 || syms["mcpwirelab/app..stmp_10"].size != 6112 || syms["type:mcpwirelab/app.Lab"].size != 1296 || syms[`go:string."a b"`].size != 44 {
		t.Errorf("symbols: %+v", syms)
	}
}

// pclntabFixture lays out a pcHeader, a funcname table, an empty CU and
// file table, a pctab with the given tables, and a functab of two
// functions in memory at addr.
func pclntabFixture(addr uint32, pctabPad int) memory {
	le := binary.LittleEndian
	names := []byte("p.A\x00q.B\x00")
	tables := [][]byte{{0x02, 0x01, 0x00}, {0x04, 0x81, 0x01, 0x02, 0x03, 0x00}} // varint pairs ended by 0
	pctab := []byte{0}                                                           // offset 0 means "no table"
	var offs []uint32
	for _, tb := range tables {
		offs = append(offs, uint32(len(pctab)))
		pctab = append(pctab, tb...)
	}
	pctab = append(pctab, make([]byte, pctabPad)...)
	hdr := make([]byte, 72)
	le.PutUint32(hdr, pclntabMagic)
	hdr[6], hdr[7] = 1, 8
	le.PutUint64(hdr[8:], 2) // nfunc
	funcname := 72
	cu := funcname + len(names)
	filetab := cu
	pct := filetab
	pcln := pct + len(pctab)
	for i, v := range []int{funcname, cu, filetab, pct, pcln} {
		le.PutUint64(hdr[32+8*i:], uint64(v))
	}
	ftab := make([]byte, 8*3)
	rec := func(nameOff int, pcsp, pcfile, pcline uint32) []byte {
		r := make([]byte, 44)
		le.PutUint32(r[4:], uint32(nameOff))
		le.PutUint32(r[16:], pcsp)
		le.PutUint32(r[20:], pcfile)
		le.PutUint32(r[24:], pcline)
		return r
	}
	recs := [][]byte{rec(0, offs[0], offs[1], 0), rec(4, offs[1], 0, 0)}
	funcoff := len(ftab)
	for i, r := range recs {
		le.PutUint32(ftab[8*i:], uint32(0x1000+i))
		le.PutUint32(ftab[8*i+4:], uint32(funcoff))
		funcoff += len(r)
	}
	le.PutUint32(ftab[16:], 0x1002) // end of text
	img := bytes.Join([][]byte{hdr, names, pctab, ftab, recs[0], recs[1]}, nil)
	return memory{{addr: addr, data: append([]byte("junk"), img...)}}
}

func TestPclntab(t *testing.T) {
	p, err := findPclntab(pclntabFixture(1000, 3))
	if err != nil {
		t.Fatal(err)
	}
	if p.addr != 1004 || len(p.funcs) != 2 || p.funcs[0].name != "p.A" || p.funcs[1].name != "q.B" {
		t.Fatalf("decoded: %+v", p)
	}
	if p.tables[1] != 3 || p.tables[4] != 6 || len(p.tables) != 2 {
		t.Errorf("pc tables: %v", p.tables)
	}
	if want := 8 + 44 + 4; p.funcs[0].fixed != want {
		t.Errorf("fixed bytes of p.A: %d, want %d", p.funcs[0].fixed, want)
	}
	if want := 20 * 2 * 16; p.findfunctab != want {
		t.Errorf("findfunctab: %d, want %d", p.findfunctab, want)
	}
	// The layout check: a pctab with bytes no table accounts for is not
	// taken for a pclntab.
	if _, err := findPclntab(pclntabFixture(1000, 40)); err == nil {
		t.Error("a pctab with 40 unexplained bytes was accepted")
	}
	if _, err := findPclntab(memory{{addr: 0, data: []byte("no header here")}}); err == nil {
		t.Error("no pclntab: no error")
	}
}

// TestBreakdownOfRealBuild runs the whole tool on the hello world of the
// benchmarks: code must add up to the code section, and the packages a
// go-app page is made of must be there.
func TestBreakdownOfRealBuild(t *testing.T) {
	testenv.SkipShort(t, "a wasm build")
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	wd, _ := os.Getwd()
	os.Chdir(root)
	defer os.Chdir(wd)
	in, err := buildInput("./e2e/testdata/hello", "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := analyse(in)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]row{}
	code := 0
	for _, r := range append(append([]row(nil), b.rows...), b.special...) {
		got[r.pkg] = r
		code += r.code
	}
	m, _ := parseModule(in.wasm)
	bodies := 0
	for _, f := range m.funcs {
		bodies += f.size
	}
	if code != bodies {
		t.Errorf("code rows add up to %d, function bodies to %d", code, bodies)
	}
	for _, pkg := range []string{"runtime", "github.com/maxence-charriere/go-app/v10/pkg/app", "main", "encoding/json"} {
		if r := got[pkg]; r.code == 0 || r.tables == 0 {
			t.Errorf("%s: %+v", pkg, r)
		}
	}
	if r := got["runtime"]; r.data == 0 {
		t.Errorf("runtime has no data: %+v", r)
	}
	if r := got[unnamedPkg]; r.code > bodies/100 {
		t.Errorf("%d bytes of code without a package", r.code)
	}
	var out bytes.Buffer
	b.print(&out, 5)
	for _, want := range []string{"| 1 | runtime |", "more packages", "By origin:", "github.com/maxence-charriere/go-app/v10 |", "The file:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	// A stripped build is refused: it has no names.
	stripped := filepath.Join(t.TempDir(), "s.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", stripped, "./e2e/testdata/hello")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var errOut bytes.Buffer
	if code := run([]string{"-wasm", stripped}, &bytes.Buffer{}, &errOut); code != 1 || !strings.Contains(errOut.String(), "without -s") {
		t.Errorf("stripped build: exit %d, %q", code, errOut.String())
	}
}

func TestPrintVs(t *testing.T) {
	lab := &breakdown{what: "lab", fileSize: 3000, rows: []row{{pkg: "app", code: 2000, data: 500}, {pkg: "runtime", code: 1000}}}
	floor := &breakdown{what: "floor", fileSize: 1500, rows: []row{{pkg: "runtime", code: 1000}, {pkg: "jsonschema", code: 300, tables: 100}}}
	var out bytes.Buffer
	lab.printVs(&out, floor, 0)
	got := out.String()
	for _, want := range []string{
		"What lab adds to floor",
		"| app | 2.0 | 0.5 | 0.0 | 2.5 |",
		"| jsonschema | -0.3 | 0.0 | -0.1 | -0.4 |",
		"| total | 1.7 | 0.5 | -0.1 | 2.1 |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "| runtime |") {
		t.Errorf("an unchanged package is listed:\n%s", got)
	}
	if strings.Index(got, "| app |") > strings.Index(got, "| jsonschema |") {
		t.Errorf("not largest difference first:\n%s", got)
	}
}
