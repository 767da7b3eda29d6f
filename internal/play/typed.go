package play

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"pcaplay/core/problem"
	"pcaplay/core/problem/cec2017"
	"pcaplay/core/problem/formula"
	"pcaplay/core/suite"
)

// Problems typed as formulas (package formula) in the address.
//
// The key typed= carries a definition as its canonical JSON
// (formula.Definition.Canonical: name, dim, lower, upper, f, g, h), deflated
// (raw DEFLATE, RFC 1951) and written in unpadded base64url (RFC 4648 §5),
// so that it needs no escaping in an address. The value may be a comma list
// of such encodings (base64url has no comma): the playground runs the one
// problem= names by its ID (name_hash, formula.Definition.ID), or the first
// when the address has no problem=; the experiment view's problems= may name
// any of them. A problem= that names a built-in problem wins, and typed= is
// then left out of the address written back.
const (
	// TypedKey is the URL key of typed problems.
	TypedKey = "typed"
	// MaxTypedValue is the most bytes of the value of typed=.
	MaxTypedValue = 64 << 10
	// MaxTypedInflated is the most bytes one definition inflates to.
	MaxTypedInflated = 256 << 10
	// MaxTypedList is the most definitions one typed= value carries.
	MaxTypedList = 8
	// MinTypedDim and MaxTypedDim bound the D a typed problem runs at in
	// the page (the playground's D; cec run takes 1 … formula.MaxDim).
	MinTypedDim = 2
	MaxTypedDim = 100
)

// EncodeTyped returns the value of typed= for def: its canonical JSON,
// deflated, in unpadded base64url. The same definition gives the same text
// whatever its file's spacing, key order, description or best point (a
// later Go release may deflate differently; what the text decodes to, and
// its name_hash, stay).
func EncodeTyped(def *formula.Definition) string { return encodeBytes(def.Canonical()) }

// encodeBytes deflates data and writes it in unpadded base64url.
func encodeBytes(data []byte) string {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil { // only for a bad level
		return ""
	}
	_, _ = w.Write(data)
	_ = w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// DecodeTyped reads one encoded definition (EncodeTyped) and parses it
// (formula.Parse). Its errors are one line: the encoding's, or formula's
// with the column of the bad formula.
//
// Cost: linear in len(s) and the inflated size (at most MaxTypedInflated),
// plus formula.Parse.
func DecodeTyped(s string) (*formula.Definition, error) {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	switch {
	case s == "":
		return nil, errors.New("typed: empty definition")
	case len(s) > MaxTypedValue:
		return nil, fmt.Errorf("typed: the value has %d bytes, more than the limit of %d", len(s), MaxTypedValue)
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("typed: not base64url: %v", err)
	}
	r := flate.NewReader(bytes.NewReader(raw))
	data, err := io.ReadAll(io.LimitReader(r, MaxTypedInflated+1))
	if err != nil {
		return nil, fmt.Errorf("typed: not a deflated definition: %v", err)
	}
	if len(data) > MaxTypedInflated {
		return nil, fmt.Errorf("typed: the definition inflates to more than the limit of %d bytes", MaxTypedInflated)
	}
	return formula.Parse(data)
}

// decodeTypedList reads a comma list of encoded definitions (at most
// MaxTypedList): the ones it could read, and for each item it could not,
// the item and its error.
func decodeTypedList(v string) (defs []*formula.Definition, bad []string, errs []error) {
	if len(v) > MaxTypedValue {
		err := fmt.Errorf("typed: the value has %d bytes, more than the limit of %d", len(v), MaxTypedValue)
		return nil, []string{v}, []error{err}
	}
	for _, item := range strings.Split(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if len(defs)+len(bad) == MaxTypedList {
			return defs, append(bad, item), append(errs, fmt.Errorf("typed: more than %d definitions", MaxTypedList))
		}
		def, err := DecodeTyped(item)
		if err != nil {
			bad, errs = append(bad, item), append(errs, err)
			continue
		}
		if i := indexTyped(defs, def.ID()); i >= 0 {
			continue // the same definition twice
		}
		defs = append(defs, def)
	}
	return defs, bad, errs
}

// indexTyped returns the index of the definition named id in defs, or −1.
func indexTyped(defs []*formula.Definition, id string) int {
	for i, d := range defs {
		if d.ID() == id {
			return i
		}
	}
	return -1
}

// typed reads typed= for the playground: the definition the run uses, or
// nil when the address has none, when problem= names a built-in problem,
// or when no definition of typed= can be read (each bad one is noted).
func (z *sanitizer) typed() *formula.Definition {
	v, has := z.get(TypedKey)
	if !has {
		return nil
	}
	pv, hasP := z.get("problem")
	if _, builtin := findInfo(pv); hasP && builtin {
		return nil
	}
	defs, bad, errs := decodeTypedList(v)
	for i, err := range errs {
		z.note(TypedKey, bad[i], err.Error()+"; using "+DefaultProblem)
	}
	var def *formula.Definition
	if len(defs) > 0 {
		def = defs[0]
	}
	if hasP && def != nil {
		if i := indexTyped(defs, pv); i >= 0 {
			def = defs[i]
		} else {
			z.note("problem", pv, "no definition of typed= is named "+pv+"; using "+def.ID())
		}
	}
	if def != nil && (def.Dim < MinTypedDim || def.Dim > MaxTypedDim) {
		z.note(TypedKey, v, def.ID()+" has dim "+strconv.Itoa(def.Dim)+"; the page runs D = "+
			strconv.Itoa(MinTypedDim)+" … "+strconv.Itoa(MaxTypedDim)+"; using "+DefaultProblem)
		return nil
	}
	return def
}

// typedDim reads D for typed problem def: its dim when missing, not a
// number, outside MinTypedDim … MaxTypedDim or a D its formulas do not
// compile at.
func (z *sanitizer) typedDim(def *formula.Definition) int {
	dim := def.Dim
	v, has := z.get("dim")
	if !has {
		return dim
	}
	d, err := strconv.Atoi(v)
	switch {
	case err != nil:
		z.note("dim", v, "not a whole number; using "+strconv.Itoa(dim))
		return dim
	case d < MinTypedDim || d > MaxTypedDim:
		z.note("dim", v, "typed problems run at D = "+strconv.Itoa(MinTypedDim)+" … "+strconv.Itoa(MaxTypedDim)+" in the page; using "+strconv.Itoa(dim))
		return dim
	}
	if _, err := def.Compile(d); err != nil {
		z.note("dim", v, err.Error()+"; using "+strconv.Itoa(dim))
		return dim
	}
	return d
}

// newProblem returns c's problem: its typed definition compiled at c.Dim,
// or the catalogue's problem on data d (nil: generated).
func (c Config) newProblem(d *cec2017.Data) (problem.Problem, error) {
	if c.Typed != nil {
		return c.Typed.Compile(c.Dim)
	}
	return suite.New(c.Problem, c.Dim, suite.Options{Loaded: d})
}

// typedColumn reads where formula's errors put the formula and its
// column: "formula: g[2] at D = 10: column 7: …" gives "g[2]" and "7"; ok
// false when msg does not start so. It is the regexp
// ^formula: (f|g\[\d+\]|h\[\d+\]) at D = \d+: column (\d+): as a loop
// (package regexp is not linked into the WebAssembly module for it:
// docs/wasm-size.md; names_test.go checks the two agree).
func typedColumn(msg string) (name, column string, ok bool) {
	rest, ok := strings.CutPrefix(msg, "formula: ")
	if !ok {
		return "", "", false
	}
	n := 1 // "f"
	if rest != "" && (rest[0] == 'g' || rest[0] == 'h') {
		d := leadingDigits(rest[min(2, len(rest)):])
		if len(rest) < 2 || rest[1] != '[' || d == 0 || len(rest) < 3+d || rest[2+d] != ']' {
			return "", "", false
		}
		n = 3 + d
	} else if !strings.HasPrefix(rest, "f") {
		return "", "", false
	}
	name, rest = rest[:n], rest[n:]
	if rest, ok = strings.CutPrefix(rest, " at D = "); !ok {
		return "", "", false
	}
	d := leadingDigits(rest)
	if rest, ok = strings.CutPrefix(rest[d:], ": column "); !ok || d == 0 {
		return "", "", false
	}
	d = leadingDigits(rest)
	if d == 0 || !strings.HasPrefix(rest[d:], ":") {
		return "", "", false
	}
	return name, rest[:d], true
}

// leadingDigits is the number of ASCII digits s starts with.
func leadingDigits(s string) int {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}

// ProblemCheck is a typed problem's definition checked (CheckProblem).
type ProblemCheck struct {
	// OK says the definition parses and compiles; Error is the one-line
	// error otherwise (its key is "message": the worker reads a reply with
	// a string "error" as a failed command).
	OK    bool   `js:"ok"`
	Error string `js:"message"`
	// Formula names the formula the error is in ("f", "g[2]", "h[1]") and
	// Column its 1-based column in characters; "" and 0 when the error is
	// not in one formula.
	Formula string `js:"formula"`
	Column  int    `js:"column"`
	// Name is the definition's ID (name_hash), the value of problem=.
	Name string `js:"name"`
	// Dim is its dimension, NumIneq and NumEq the numbers of g and h.
	Dim     int `js:"dim"`
	NumIneq int `js:"numIneq"`
	NumEq   int `js:"numEq"`
	// Encoded is the value of typed= (EncodeTyped).
	Encoded string `js:"encoded"`
	// JSON is the canonical definition, indented, for the editor
	// (CheckEncoded); "" from CheckProblem.
	JSON string `js:"json"`
}

// CheckEncoded reads the value of typed= (DecodeTyped) and checks its
// first definition as CheckProblem does, its canonical JSON indented in
// JSON: the editor opens on the problem of the address.
func CheckEncoded(encoded string) ProblemCheck {
	item, _, _ := strings.Cut(encoded, ",")
	def, err := DecodeTyped(item)
	if err != nil {
		return ProblemCheck{Error: Cut(err.Error(), maxMessage)}
	}
	var b bytes.Buffer
	if err := json.Indent(&b, def.Canonical(), "", "  "); err != nil {
		return ProblemCheck{Error: err.Error()}
	}
	pc := CheckProblem(b.String())
	pc.JSON = b.String()
	return pc
}

// CheckProblem parses a typed problem's JSON definition (formula.Parse)
// and checks that the page can run it (MinTypedDim … MaxTypedDim), for
// the page's editor: the error with its formula and column, or the
// definition's name, counts and typed= value.
func CheckProblem(text string) ProblemCheck {
	if len(text) > formula.MaxFile {
		return ProblemCheck{Error: fmt.Sprintf("formula: the definition has %d bytes, more than the limit of %d", len(text), formula.MaxFile)}
	}
	def, err := formula.Parse([]byte(text))
	if err != nil {
		pc := ProblemCheck{Error: Cut(err.Error(), maxMessage)}
		if f, col, ok := typedColumn(err.Error()); ok {
			pc.Formula = f
			pc.Column, _ = strconv.Atoi(col)
		}
		return pc
	}
	if def.Dim < MinTypedDim || def.Dim > MaxTypedDim {
		return ProblemCheck{Error: fmt.Sprintf("formula: \"dim\" = %d: the page runs D = %d … %d", def.Dim, MinTypedDim, MaxTypedDim)}
	}
	enc := EncodeTyped(def)
	if len(enc) > MaxTypedValue {
		return ProblemCheck{Error: fmt.Sprintf("typed: the definition encodes to %d bytes, more than the limit of %d of an address", len(enc), MaxTypedValue)}
	}
	return ProblemCheck{OK: true, Name: def.ID(), Dim: def.Dim, NumIneq: len(def.G), NumEq: len(def.H), Encoded: enc}
}

// problemInfo describes the problem of a configured run for the page's
// settings: its catalog entry, or for a typed problem its own (its
// description is the definition's, which typed= does not carry), whose Dims
// are its dim, c.Dim and the playground's D (suite.PlaygroundDims) it
// compiles at (all of them only when dims is set: each costs a compile).
func problemInfo(c Config, dims bool) ProblemInfo {
	if c.Typed == nil {
		in, _ := findInfo(c.Problem)
		return catalogEntry(in)
	}
	d := c.Typed
	desc := "typed as formulas" // the settings add the counts
	if d.Description != "" {
		desc += ": " + d.Description
	}
	ds := []int{d.Dim}
	if c.Dim != d.Dim {
		ds = append(ds, c.Dim)
	}
	for _, n := range suite.PlaygroundDims {
		if !dims || slices.Contains(ds, n) || n < MinTypedDim || n > MaxTypedDim {
			continue
		}
		if _, err := d.Compile(n); err == nil {
			ds = append(ds, n)
		}
	}
	slices.Sort(ds)
	return ProblemInfo{Name: c.Problem, Description: desc, Dims: ds, DefaultDim: d.Dim, Names: []string{},
		NumIneq: len(d.G), NumEq: len(d.H), Typed: true}
}
