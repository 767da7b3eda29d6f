package main

import (
	"errors"
	"fmt"
)

// module is what wasmsize reads of a WebAssembly binary: the size of each
// section and, from the code section and the name section, each defined
// function's body size and name.
type module struct {
	Sections []section
	Funcs    []function // the defined functions (not the imports), in order
}

type section struct {
	ID    byte
	Name  string // a custom section's name
	Size  int    // the section's contents
	Start int    // the offsets of the whole section (id and size included) in the module
	End   int
}

type function struct {
	Name string // from the name section; empty without one
	Size int    // the body's bytes in the code section, its size prefix included
}

// sectionName is the name of a section (a custom section's own name).
func (s section) name() string {
	names := map[byte]string{1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
		7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "datacount"}
	if s.ID == 0 {
		return "custom " + s.Name
	}
	if n, ok := names[s.ID]; ok {
		return n
	}
	return fmt.Sprintf("section %d", s.ID)
}

type reader struct {
	b   []byte
	pos int
	err error
}

var errShort = errors.New("unexpected end of the module")

func (r *reader) byte() byte {
	if r.err != nil || r.pos >= len(r.b) {
		r.err = errShort
		return 0
	}
	r.pos++
	return r.b[r.pos-1]
}

// uleb reads an unsigned LEB128 number of at most 32 bits.
func (r *reader) uleb() int {
	var v uint64
	for shift := 0; ; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		if shift > 28 {
			r.err = errors.New("a LEB128 number over 32 bits")
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return int(v)
		}
	}
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b)-r.pos {
		r.err = errShort
		return nil
	}
	r.pos += n
	return r.b[r.pos-n : r.pos]
}

func (r *reader) name() string { return string(r.bytes(r.uleb())) }

// parseModule reads b, a WebAssembly binary.
func parseModule(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	m := &module{}
	r := &reader{b: b, pos: 8}
	imported := 0
	var names map[int]string
	for r.pos < len(b) && r.err == nil {
		start := r.pos
		id := r.byte()
		body := &reader{b: r.bytes(r.uleb())}
		if r.err != nil {
			break
		}
		s := section{ID: id, Size: len(body.b), Start: start, End: r.pos}
		switch id {
		case 0:
			s.Name = body.name()
			if s.Name == "name" {
				names = functionNames(body)
			}
		case 2:
			imported = funcImports(body)
		case 10:
			for n := body.uleb(); n > 0 && body.err == nil; n-- {
				start := body.pos
				body.bytes(body.uleb())
				m.Funcs = append(m.Funcs, function{Size: body.pos - start})
			}
		}
		if body.err != nil {
			return nil, fmt.Errorf("%s: %w", s.name(), body.err)
		}
		m.Sections = append(m.Sections, s)
	}
	if r.err != nil {
		return nil, r.err
	}
	for i := range m.Funcs {
		m.Funcs[i].Name = names[imported+i]
	}
	return m, nil
}

// withoutNames is module b (m its reading) less its name section: the
// module the linker writes with -s, but for its build ID.
func withoutNames(b []byte, m *module) []byte {
	out := b[:8:8]
	for _, s := range m.Sections {
		if s.ID != 0 || s.Name != "name" {
			out = append(out, b[s.Start:s.End]...)
		}
	}
	return out
}

// funcImports counts the functions of an import section.
func funcImports(r *reader) int {
	n := 0
	for k := r.uleb(); k > 0 && r.err == nil; k-- {
		r.name()
		r.name()
		switch r.byte() {
		case 0: // a function: its type
			r.uleb()
			n++
		case 1: // a table: its element type and limits
			r.byte()
			limits(r)
		case 2: // a memory
			limits(r)
		case 3: // a global: its type and mutability
			r.byte()
			r.byte()
		default:
			r.err = errors.New("an import of an unknown kind")
		}
	}
	return n
}

func limits(r *reader) {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}

// functionNames reads the function names (subsection 1) of the rest of a
// name section: function index → name.
func functionNames(r *reader) map[int]string {
	names := map[int]string{}
	for r.pos < len(r.b) && r.err == nil {
		id := r.byte()
		sub := &reader{b: r.bytes(r.uleb())}
		if id != 1 {
			continue
		}
		for n := sub.uleb(); n > 0 && sub.err == nil; n-- {
			i := sub.uleb()
			names[i] = sub.name()
		}
		if sub.err != nil {
			r.err = sub.err
		}
	}
	return names
}
