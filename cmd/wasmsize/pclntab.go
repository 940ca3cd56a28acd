package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// The runtime's function table (pclntab) is data the linker generates, so
// no package's object file holds it; it is a large part of a Go wasm's data.
// Its layout is runtime.pcHeader and runtime._func (runtime/symtab.go,
// runtime/runtime2.go, written by cmd/link/internal/ld/pcln.go) as of
// Go 1.20–1.26 (magic 0xfffffff1). Per function it holds a functab entry,
// the _func record with its pcdata and funcdata offsets, the name, and pc
// tables (stack size, file, line, pcdata) that the linker deduplicates.

const pclntabMagic = 0xfffffff1

// funcTables is one function's share of the pclntab.
type funcTables struct {
	name   string
	fixed  int      // functab entry + _func record (+ pcdata/funcdata offsets) + name
	tables []uint32 // pctab offsets of its pc tables (shared ones are counted once)
}

type pclntab struct {
	addr   uint32
	size   int          // header to the end of the last _func record
	funcs  []funcTables // in functab order
	tables map[uint32]int
	// rest is what belongs to no function: header, file and CU tables.
	rest int
	// findfunctab is the size of runtime.findfunctab, the PC → function
	// index the linker writes beside the pclntab: 20 bytes per 4 KiB of
	// PC space. A wasm function's PCs are its index << 16, so every
	// function costs 16 buckets (320 bytes, mostly zeros).
	findfunctab int
}

// findfunctab layout (cmd/link/internal/ld/pcln.go, findfunctab).
const (
	findfuncBucket = 4096
	findfuncEntry  = 4 + 16
)

// findPclntab locates the pcHeader in memory by its magic, pad bytes,
// minimum instruction size (1 on wasm) and pointer size (8), and decodes
// it. The runtime finds it through moduledata, whose address the
// binary does not name.
func findPclntab(mem memory) (*pclntab, error) {
	want := []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}
	for _, s := range mem {
		for i := 0; ; {
			j := bytes.Index(s.data[i:], want)
			if j < 0 {
				break
			}
			addr := s.addr + uint32(i+j)
			if p, err := decodePclntab(mem, addr); err == nil {
				return p, nil
			}
			i += j + 1
		}
	}
	return nil, errors.New("no Go 1.20+ pclntab found in the data segments")
}

func decodePclntab(mem memory, addr uint32) (*pclntab, error) {
	_, hi := mem.span()
	buf := mem.read(addr, int(hi-addr))
	le := binary.LittleEndian
	if len(buf) < 72 || le.Uint32(buf) != pclntabMagic {
		return nil, errors.New("bad header")
	}
	u64 := func(off int) (int, error) {
		v := le.Uint64(buf[off:])
		if v > uint64(len(buf)) {
			return 0, fmt.Errorf("header field at +%d out of range: %d", off, v)
		}
		return int(v), nil
	}
	nfunc, err := u64(8)
	if err != nil {
		return nil, err
	}
	var offs [5]int // funcname, cu, filetab, pctab, pcln
	for i := range offs {
		if offs[i], err = u64(32 + 8*i); err != nil {
			return nil, err
		}
	}
	funcname, cu, filetab, pctab, pcln := offs[0], offs[1], offs[2], offs[3], offs[4]
	if !(72 <= funcname && funcname <= cu && cu <= filetab && filetab <= pctab && pctab <= pcln) {
		return nil, errors.New("header offsets out of order")
	}
	if pcln+8*(nfunc+1) > len(buf) {
		return nil, errors.New("functab out of range")
	}
	p := &pclntab{addr: addr, tables: map[uint32]int{}}
	end := pcln + 8*(nfunc+1)
	// A functab entry counts wasm functions (PC_F); the PCs findfunctab
	// covers are PC_F << 16 | PC_B (cmd/link/internal/wasm).
	entry := func(i int) int { return int(le.Uint32(buf[pcln+8*i:])) << 16 }
	// entry(nfunc) is the end of text.
	p.findfunctab = findfuncEntry * ((entry(nfunc) - entry(0) + findfuncBucket - 1) / findfuncBucket)
	for i := range nfunc {
		funcoff := int(le.Uint32(buf[pcln+8*i+4:]))
		f := pcln + funcoff
		if funcoff == 0 || f+44 > len(buf) {
			return nil, fmt.Errorf("function %d: record out of range", i)
		}
		nameOff := int(int32(le.Uint32(buf[f+4:])))
		name, err := cstring(buf, funcname+nameOff, cu)
		if err != nil {
			return nil, fmt.Errorf("function %d: %w", i, err)
		}
		npcdata := int(le.Uint32(buf[f+28:]))
		nfuncdata := int(buf[f+43])
		recEnd := f + 44 + 4*npcdata + 4*nfuncdata
		if npcdata > 64 || recEnd > len(buf) {
			return nil, fmt.Errorf("function %d (%s): %d pcdata tables", i, name, npcdata)
		}
		ft := funcTables{name: name, fixed: 8 + (recEnd - f) + len(name) + 1}
		for _, o := range []int{f + 16, f + 20, f + 24} { // pcsp, pcfile, pcln
			ft.tables = appendTable(ft.tables, le.Uint32(buf[o:]))
		}
		for k := range npcdata {
			ft.tables = appendTable(ft.tables, le.Uint32(buf[f+44+4*k:]))
		}
		for _, t := range ft.tables {
			if _, ok := p.tables[t]; !ok {
				n, err := pcTableLen(buf[pctab:pcln], t)
				if err != nil {
					return nil, fmt.Errorf("function %s: pc table at %d: %w", name, t, err)
				}
				p.tables[t] = n
			}
		}
		p.funcs = append(p.funcs, ft)
		end = max(end, recEnd)
	}
	// Every byte of pctab (but its leading pad byte and the alignment
	// before functab) belongs to a table: a check that the decoding above
	// matches the linker's layout.
	sum := 1
	for _, n := range p.tables {
		sum += n
	}
	if sum > pcln-pctab || pcln-pctab-sum >= 8 {
		return nil, fmt.Errorf("pc tables decode to %d bytes, pctab holds %d", sum, pcln-pctab)
	}
	p.size = end
	p.rest = end - sum + 1
	for _, f := range p.funcs {
		p.rest -= f.fixed
	}
	return p, nil
}

func appendTable(ts []uint32, off uint32) []uint32 {
	if off == 0 { // no table
		return ts
	}
	for _, t := range ts {
		if t == off {
			return ts
		}
	}
	return append(ts, off)
}

func cstring(buf []byte, off, limit int) (string, error) {
	if off < 0 || off >= limit {
		return "", fmt.Errorf("name offset %d out of range", off)
	}
	n := bytes.IndexByte(buf[off:limit], 0)
	if n < 0 {
		return "", errors.New("unterminated name")
	}
	return string(buf[off : off+n]), nil
}

// pcTableLen is the encoded length of the pc-value table at off: pairs of
// (value delta, pc delta) varints, ended by a zero value delta after the
// first pair (runtime.step).
func pcTableLen(pctab []byte, off uint32) (int, error) {
	p := int(off)
	first := true
	for {
		if p >= len(pctab) {
			return 0, errTruncated
		}
		if pctab[p] == 0 && !first {
			return p + 1 - int(off), nil
		}
		first = false
		for range 2 {
			_, n := binary.Uvarint(pctab[p:])
			if n <= 0 {
				return 0, errors.New("bad varint")
			}
			p += n
		}
	}
}
