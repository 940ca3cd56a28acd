package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// module is what the breakdown needs from a WebAssembly binary (the
// binary format of the WebAssembly core specification, §5): the size of
// every section, each defined function's body with its name from the
// "name" custom section, and the data segments laid out in linear memory.
type module struct {
	size     int
	sections []section
	// funcs are the defined functions in code-section order; names come
	// from the name section (empty when the binary was stripped, -s).
	funcs []function
	// data are the active data segments (Go writes one per run of
	// non-zero bytes, §5.5.14).
	data []segment
	// names is where the "name" custom section lies in the file, header
	// included (zero length when the binary has none).
	names span
}

type span struct{ start, end int }

type section struct {
	id   byte
	name string // custom sections only
	size int    // payload plus the id byte and the size's LEB128
}

type function struct {
	name string
	size int // body plus its LEB128 length prefix
	off  int // where that prefix starts in the file
}

type segment struct {
	addr uint32
	data []byte
}

var errTruncated = errors.New("truncated")

type reader struct {
	b   []byte
	off int
}

func (r *reader) byte() (byte, error) {
	if r.off >= len(r.b) {
		return 0, errTruncated
	}
	c := r.b[r.off]
	r.off++
	return c, nil
}

// u32 reads an unsigned LEB128 value of at most 32 bits (§5.2.2).
func (r *reader) u32() (uint32, error) {
	var v uint64
	for shift := 0; shift < 35; shift += 7 {
		c, err := r.byte()
		if err != nil {
			return 0, err
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			if v > 0xffffffff {
				return 0, errors.New("LEB128 value over 32 bits")
			}
			return uint32(v), nil
		}
	}
	return 0, errors.New("LEB128 value too long")
}

func (r *reader) bytes(n uint32) ([]byte, error) {
	if uint64(r.off)+uint64(n) > uint64(len(r.b)) {
		return nil, errTruncated
	}
	b := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	return b, nil
}

func (r *reader) name() (string, error) {
	n, err := r.u32()
	if err != nil {
		return "", err
	}
	b, err := r.bytes(n)
	return string(b), err
}

// parseModule reads a WebAssembly binary. It rejects anything that is not
// one (magic, version, section framing) with the offset of the problem.
func parseModule(b []byte) (*module, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly binary (no \\0asm magic)")
	}
	if v := binary.LittleEndian.Uint32(b[4:8]); v != 1 {
		return nil, fmt.Errorf("WebAssembly binary version %d, want 1", v)
	}
	m := &module{size: len(b)}
	r := &reader{b: b, off: 8}
	imported := 0 // function imports come first in the function index space
	var names map[uint32]string
	for r.off < len(b) {
		start := r.off
		id, _ := r.byte()
		n, err := r.u32()
		if err != nil {
			return nil, fmt.Errorf("section header at offset %d: %w", start, err)
		}
		payload, err := r.bytes(n)
		if err != nil {
			return nil, fmt.Errorf("section %d at offset %d: %d bytes announced, %d left: %w", id, start, n, len(b)-r.off, err)
		}
		sec := section{id: id, size: r.off - start}
		pr := &reader{b: payload}
		var perr error
		switch id {
		case 0:
			sec.name, perr = pr.name()
			if perr == nil && sec.name == "name" {
				names, perr = parseNames(payload[pr.off:])
				m.names = span{start, r.off}
			}
		case 2:
			imported, perr = countFuncImports(pr)
		case 10:
			m.funcs, perr = parseCode(pr)
			for i := range m.funcs {
				m.funcs[i].off += r.off - len(payload)
			}
		case 11:
			m.data, perr = parseData(pr)
		}
		if perr != nil {
			return nil, fmt.Errorf("section %d (%s) at offset %d: %w", id, sectionName(sec), start, perr)
		}
		m.sections = append(m.sections, sec)
	}
	for i := range m.funcs {
		m.funcs[i].name = names[uint32(imported+i)]
	}
	return m, nil
}

func sectionName(s section) string {
	if s.id == 0 {
		return "custom " + s.name
	}
	names := []string{"custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count"}
	if int(s.id) < len(names) {
		return names[s.id]
	}
	return fmt.Sprintf("unknown %d", s.id)
}

// countFuncImports counts the imports of kind func (§5.5.5).
func countFuncImports(r *reader) (int, error) {
	n, err := r.u32()
	if err != nil {
		return 0, err
	}
	funcs := 0
	for range n {
		if _, err := r.name(); err != nil {
			return 0, err
		}
		if _, err := r.name(); err != nil {
			return 0, err
		}
		kind, err := r.byte()
		if err != nil {
			return 0, err
		}
		switch kind {
		case 0x00: // func: type index
			funcs++
			_, err = r.u32()
		case 0x01: // table: reftype, limits
			if _, err = r.byte(); err == nil {
				err = skipLimits(r)
			}
		case 0x02: // memory: limits
			err = skipLimits(r)
		case 0x03: // global: valtype, mutability
			_, err = r.bytes(2)
		default:
			return 0, fmt.Errorf("import kind 0x%02x", kind)
		}
		if err != nil {
			return 0, err
		}
	}
	return funcs, nil
}

func skipLimits(r *reader) error {
	flag, err := r.byte()
	if err != nil {
		return err
	}
	if _, err := r.u32(); err != nil {
		return err
	}
	if flag&1 != 0 {
		_, err = r.u32()
	}
	return err
}

func parseCode(r *reader) ([]function, error) {
	n, err := r.u32()
	if err != nil {
		return nil, err
	}
	funcs := make([]function, 0, n)
	for range n {
		start := r.off
		size, err := r.u32()
		if err != nil {
			return nil, err
		}
		if _, err := r.bytes(size); err != nil {
			return nil, err
		}
		funcs = append(funcs, function{size: r.off - start, off: start}) // off: in the payload until parseModule adds its start
	}
	return funcs, nil
}

// parseData reads active segments with a constant i32 offset (§5.5.14),
// the only kind Go's linker writes.
func parseData(r *reader) ([]segment, error) {
	n, err := r.u32()
	if err != nil {
		return nil, err
	}
	segs := make([]segment, 0, n)
	for range n {
		kind, err := r.u32()
		if err != nil {
			return nil, err
		}
		if kind == 2 {
			if _, err := r.u32(); err != nil { // memory index
				return nil, err
			}
		} else if kind != 0 {
			return nil, fmt.Errorf("data segment kind %d (only active segments are supported)", kind)
		}
		op, err := r.byte()
		if err != nil {
			return nil, err
		}
		if op != 0x41 { // i32.const
			return nil, fmt.Errorf("data segment offset opcode 0x%02x, want i32.const", op)
		}
		addr, err := r.u32() // a signed LEB128; Go's offsets are small and positive
		if err != nil {
			return nil, err
		}
		if end, err := r.byte(); err != nil || end != 0x0b {
			return nil, errors.New("data segment offset expression not terminated")
		}
		size, err := r.u32()
		if err != nil {
			return nil, err
		}
		b, err := r.bytes(size)
		if err != nil {
			return nil, err
		}
		segs = append(segs, segment{addr: addr, data: b})
	}
	return segs, nil
}

// parseNames reads the function names subsection (id 1) of the name
// section (WebAssembly core specification, appendix 7.4).
func parseNames(b []byte) (map[uint32]string, error) {
	r := &reader{b: b}
	names := map[uint32]string{}
	for r.off < len(b) {
		id, _ := r.byte()
		n, err := r.u32()
		if err != nil {
			return nil, err
		}
		payload, err := r.bytes(n)
		if err != nil {
			return nil, err
		}
		if id != 1 {
			continue
		}
		pr := &reader{b: payload}
		count, err := pr.u32()
		if err != nil {
			return nil, err
		}
		for range count {
			idx, err := pr.u32()
			if err != nil {
				return nil, err
			}
			name, err := pr.name()
			if err != nil {
				return nil, err
			}
			names[idx] = name
		}
	}
	return names, nil
}

// memory is linear memory as the data segments initialise it: reads
// outside every segment return zeros (Go's linker leaves runs of zero bytes
// out of the binary).
type memory []segment

func (m memory) read(addr uint32, n int) []byte {
	out := make([]byte, n)
	end := uint64(addr) + uint64(n)
	for _, s := range m {
		sEnd := uint64(s.addr) + uint64(len(s.data))
		if sEnd <= uint64(addr) || uint64(s.addr) >= end {
			continue
		}
		from, to := max(uint64(addr), uint64(s.addr)), min(end, sEnd)
		copy(out[from-uint64(addr):to-uint64(addr)], s.data[from-uint64(s.addr):to-uint64(s.addr)])
	}
	return out
}

// span returns the first and one-past-last initialised address.
func (m memory) span() (lo, hi uint32) {
	for i, s := range m {
		if i == 0 || s.addr < lo {
			lo = s.addr
		}
		hi = max(hi, s.addr+uint32(len(s.data)))
	}
	return lo, hi
}
