package formula

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"pcaplay/core/internal/sha256"
	"pcaplay/core/problem"
)

// MaxFile is the largest problem definition Parse accepts, in bytes.
const MaxFile = 1 << 20

// MaxConstraints bounds the number of g and of h formulas of a definition.
const MaxConstraints = 1000

// HashLen is the number of hex digits of a definition's hash.
const HashLen = 12

// Sep separates the name and the hash in a definition's display name,
// name_hash. The record reader of internal/experiment accepts problem names
// of letters, digits, '_' and '-' only (at most 32), so the separator is
// one of these; the hash has always HashLen hex digits, so the name is the
// display name less its last HashLen+1 bytes.
const Sep = "_"

// Definition is a problem typed as formulas (see Parse).
type Definition struct {
	// Name is the problem's short name: a letter, then at most 18 letters,
	// digits, '_' or '-'.
	Name string
	// Dim is the default dimension.
	Dim int
	// Lower and Upper are the box: one number for every variable (a list
	// of length 1 in LowerAll form) or a list of Dim numbers.
	Lower, Upper []float64
	// LowerAll and UpperAll say the box was given as one number.
	LowerAll, UpperAll bool
	// Let names intermediate values, each "name = formula", in order: a
	// formula may read x, D and the values named before it, and f, g and h
	// may read them all (see Parse).
	Let []string
	// F is the objective, G the inequality constraints (each ≤ 0), H the
	// equality constraints (each = 0).
	F    string
	G, H []string
	// BestF and BestX are the known optimum (HasBest says there is one).
	HasBest bool
	BestF   float64
	BestX   []float64
	// Description is one line for people.
	Description string
	// Hash is the first HashLen hex digits of the SHA-256 of the canonical
	// definition (see Canonical).
	Hash string
}

// defName reports whether s is a definition's name: a letter, then at
// most 18 letters, digits, '_' or '-' (the regexp
// ^[A-Za-z][A-Za-z0-9_-]{0,18}$, which names_test.go checks it against).
func defName(s string) bool { return identifier(s, 18, true) }

var defKeys = []string{"name", "dim", "lower", "upper", "let", "f", "g", "h", "best", "description"}

// letName reports whether s is a name of the let list: a letter, then at
// most 31 letters, digits or '_' (^[A-Za-z][A-Za-z0-9_]{0,31}$).
func letName(s string) bool { return identifier(s, 31, false) }

// identifier reports whether s is an ASCII letter followed by at most rest
// ASCII letters, digits, '_' and, when dash, '-'.
func identifier(s string, rest int, dash bool) bool {
	if len(s) == 0 || len(s) > rest+1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := 'a' <= c|0x20 && c|0x20 <= 'z'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '_' || dash && c == '-')) {
			return false
		}
	}
	return true
}

// Parse decodes and checks a problem definition, a JSON object:
//
//	{"name": "rosen2c", "dim": 2, "lower": -2, "upper": [2, 3],
//	 "f": "sum(i, 1, D-1, 100*(x[i+1]-x[i]^2)^2 + (1-x[i])^2)",
//	 "g": ["x1^2 + x2^2 - 2"], "h": [],
//	 "best": {"f": 0, "x": [1, 1]}, "description": "…"}
//
// name, dim, lower, upper and f are required; let, g, h, best and
// description are optional. let is a list of named values, each
// "name = formula", as a problem's definition often names its intermediate
// quantities (CEC 2006's g16: y1 … y17, c1 … c17):
//
//	"let": ["y1 = x2 + x3 + 41.6", "c1 = 0.024*x4 - 4.62", "y2 = 12.5/c1 + 12"]
//
// A name is a letter, then at most 31 letters, digits or '_', and not a
// variable, constant, function, sum, prod or a name given before; its
// formula may read x, D and the values named before it, and f, g and h may
// read every one. A named value is a number (not an index or a bound of
// sum); Problem.Evaluate computes each once per evaluation, in order. lower and upper are a number for every variable or a list
// of dim numbers, with lower < upper. Every formula is compiled at dim
// here, so a definition that parses evaluates at its own dimension.
// Decoding is strict: an unknown or repeated key, a value of the wrong
// type or anything after the object is an error; each error is one line
// naming the key and the bad value.
//
// Cost: linear in len(data), plus compiling each formula (see Compile).
func Parse(data []byte) (*Definition, error) {
	if len(data) > MaxFile {
		return nil, fmt.Errorf("formula: the definition has %d bytes, more than the limit of %d", len(data), MaxFile)
	}
	// A UTF-8 byte order mark, which some editors write, is not part of
	// the JSON (the canonical form and so the hash do not depend on it).
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := checkKeys(data); err != nil {
		return nil, err
	}
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("formula: the definition is not a JSON object: %v", oneLine(err))
	}
	if raw == nil {
		return nil, errors.New("formula: the definition is not a JSON object: null")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("formula: the definition has more after its closing '}'")
	}
	d := &Definition{}
	var err error
	for _, k := range []string{"name", "dim", "lower", "upper", "f"} {
		if _, ok := raw[k]; !ok {
			return nil, fmt.Errorf("formula: key %q is missing (required: name, dim, lower, upper, f)", k)
		}
	}
	if err := jsonString(raw["name"], "name", &d.Name); err != nil {
		return nil, err
	}
	if !defName(d.Name) {
		return nil, fmt.Errorf("formula: \"name\" = %q: want a letter, then at most 18 letters, digits, '_' or '-'", d.Name)
	}
	if d.Dim, err = jsonInt(raw["dim"], "dim"); err != nil {
		return nil, err
	}
	if d.Dim < 1 || d.Dim > MaxDim {
		return nil, fmt.Errorf("formula: \"dim\" = %d: want 1 … %d", d.Dim, MaxDim)
	}
	if d.Lower, d.LowerAll, err = jsonBound(raw["lower"], "lower", d.Dim); err != nil {
		return nil, err
	}
	if d.Upper, d.UpperAll, err = jsonBound(raw["upper"], "upper", d.Dim); err != nil {
		return nil, err
	}
	lo, hi := d.box(d.Dim)
	for i := range lo {
		if !(lo[i] < hi[i]) {
			return nil, fmt.Errorf("formula: the box of x%d is [%g, %g]: lower must be less than upper", i+1, lo[i], hi[i])
		}
		// The solvers draw x = lower + (upper − lower)·u: the width must
		// be a number.
		if math.IsInf(hi[i]-lo[i], 0) {
			return nil, fmt.Errorf("formula: the box of x%d is [%g, %g]: its width upper − lower is beyond the largest number (%g)", i+1, lo[i], hi[i], math.MaxFloat64)
		}
	}
	if d.Let, err = jsonStrings(raw["let"], "let"); err != nil {
		return nil, err
	}
	if err := jsonString(raw["f"], "f", &d.F); err != nil {
		return nil, err
	}
	if d.G, err = jsonStrings(raw["g"], "g"); err != nil {
		return nil, err
	}
	if d.H, err = jsonStrings(raw["h"], "h"); err != nil {
		return nil, err
	}
	if r, ok := raw["description"]; ok {
		if err := jsonString(r, "description", &d.Description); err != nil {
			return nil, err
		}
		if strings.ContainsAny(d.Description, "\n\r") || len(d.Description) > 1000 {
			return nil, errors.New("formula: \"description\" must be one line of at most 1000 bytes")
		}
	}
	if r, ok := raw["best"]; ok {
		if err := d.parseBest(r); err != nil {
			return nil, err
		}
	}
	if _, err := d.Compile(d.Dim); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(d.Canonical())
	d.Hash = hex.EncodeToString(sum[:])[:HashLen]
	return d, nil
}

// checkKeys reports an unknown or repeated top-level key of the object in
// data (encoding/json keeps the last of repeated keys silently).
func checkKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil // Decode says what is wrong
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil
		}
		k, _ := t.(string)
		if !slices.Contains(defKeys, k) {
			return fmt.Errorf("formula: unknown key %q (keys: %s)", k, strings.Join(defKeys, ", "))
		}
		if seen[k] {
			return fmt.Errorf("formula: key %q is given twice", k)
		}
		seen[k] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil
		}
	}
	return nil
}

func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", " ") }

// show quotes a JSON value for an error message, cut to 40 bytes.
func show(r json.RawMessage) string {
	s := strings.Join(strings.Fields(string(r)), " ")
	if len(s) > 40 {
		s = s[:37] + "…"
	}
	return s
}

func jsonString(r json.RawMessage, key string, out *string) error {
	if err := json.Unmarshal(r, out); err != nil {
		return fmt.Errorf("formula: %q = %s: want a string", key, show(r))
	}
	return nil
}

func jsonNumber(r json.RawMessage, what string) (float64, error) {
	var n json.Number
	if err := json.Unmarshal(r, &n); err != nil {
		return 0, fmt.Errorf("formula: %s = %s: want a number", what, show(r))
	}
	v, err := strconv.ParseFloat(string(n), 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, fmt.Errorf("formula: %s = %s: want a finite number", what, show(r))
	}
	return v, nil
}

func jsonInt(r json.RawMessage, key string) (int, error) {
	v, err := jsonNumber(r, strconv.Quote(key))
	if err != nil || v != math.Trunc(v) || math.Abs(v) > 1e9 {
		return 0, fmt.Errorf("formula: %q = %s: want an integer", key, show(r))
	}
	return int(v), nil
}

// jsonBound decodes a number or a list of dim numbers.
func jsonBound(r json.RawMessage, key string, dim int) ([]float64, bool, error) {
	if t := bytes.TrimSpace(r); len(t) > 0 && t[0] == '[' {
		var list []json.RawMessage
		if err := json.Unmarshal(r, &list); err != nil {
			return nil, false, fmt.Errorf("formula: %q = %s: want a number or a list of numbers", key, show(r))
		}
		if len(list) != dim {
			return nil, false, fmt.Errorf("formula: %q has %d numbers, want one or dim = %d", key, len(list), dim)
		}
		v := make([]float64, dim)
		for i, e := range list {
			var err error
			if v[i], err = jsonNumber(e, fmt.Sprintf("%s[%d]", key, i+1)); err != nil {
				return nil, false, err
			}
		}
		return v, false, nil
	}
	v, err := jsonNumber(r, strconv.Quote(key))
	if err != nil {
		return nil, false, fmt.Errorf("formula: %q = %s: want a number or a list of numbers", key, show(r))
	}
	return []float64{v}, true, nil
}

func jsonStrings(r json.RawMessage, key string) ([]string, error) {
	if r == nil {
		return nil, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(r, &list); err != nil {
		return nil, fmt.Errorf("formula: %q = %s: want a list of formulas", key, show(r))
	}
	if len(list) > MaxConstraints {
		return nil, fmt.Errorf("formula: %q has %d formulas, more than the limit of %d", key, len(list), MaxConstraints)
	}
	out := make([]string, len(list))
	for i, e := range list {
		if err := jsonString(e, fmt.Sprintf("%s[%d]", key, i+1), &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (d *Definition) parseBest(r json.RawMessage) error {
	var b map[string]json.RawMessage
	if err := json.Unmarshal(r, &b); err != nil || b == nil {
		return fmt.Errorf("formula: \"best\" = %s: want an object {\"f\": …, \"x\": […]}", show(r))
	}
	for k := range b {
		if k != "f" && k != "x" {
			return fmt.Errorf("formula: unknown key %q in \"best\" (keys: f, x)", k)
		}
	}
	fr, ok := b["f"]
	if !ok {
		return errors.New("formula: \"best\" has no \"f\"")
	}
	var err error
	if d.BestF, err = jsonNumber(fr, "best.f"); err != nil {
		return err
	}
	xr, ok := b["x"]
	if !ok {
		return errors.New("formula: \"best\" has no \"x\"")
	}
	var list []json.RawMessage
	if err := json.Unmarshal(xr, &list); err != nil {
		return fmt.Errorf("formula: \"best.x\" = %s: want a list of numbers", show(xr))
	}
	if len(list) != d.Dim {
		return fmt.Errorf("formula: \"best.x\" has %d numbers, want dim = %d", len(list), d.Dim)
	}
	d.BestX = make([]float64, len(list))
	for i, e := range list {
		if d.BestX[i], err = jsonNumber(e, fmt.Sprintf("best.x[%d]", i+1)); err != nil {
			return err
		}
	}
	d.HasBest = true
	return nil
}

// box returns the bounds at dimension dim.
func (d *Definition) box(dim int) (lo, hi []float64) {
	expand := func(v []float64, all bool) []float64 {
		if !all {
			return slices.Clone(v)
		}
		out := make([]float64, dim)
		for i := range out {
			out[i] = v[0]
		}
		return out
	}
	return expand(d.Lower, d.LowerAll), expand(d.Upper, d.UpperAll)
}

// Canonical returns the canonical JSON of what defines the problem: name,
// dim, lower, upper, let (only when it is not empty, so that the hash of a
// definition without named values is what it was before let existed), f, g
// and h, in that order, numbers in Go's shortest form, formulas as given. best and description are left out: they do not
// change a run. The hash of a definition is that of these bytes.
func (d *Definition) Canonical() []byte {
	var b bytes.Buffer
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	bound := func(v []float64, all bool) string {
		if all {
			return num(v[0])
		}
		s := make([]string, len(v))
		for i, x := range v {
			s[i] = num(x)
		}
		return "[" + strings.Join(s, ",") + "]"
	}
	str := func(s string) string { q, _ := json.Marshal(s); return string(q) }
	list := func(v []string) string {
		s := make([]string, len(v))
		for i, x := range v {
			s[i] = str(x)
		}
		return "[" + strings.Join(s, ",") + "]"
	}
	let := ""
	if len(d.Let) > 0 {
		let = `"let":` + list(d.Let) + ","
	}
	fmt.Fprintf(&b, `{"name":%s,"dim":%d,"lower":%s,"upper":%s,%s"f":%s,"g":%s,"h":%s}`,
		str(d.Name), d.Dim, bound(d.Lower, d.LowerAll), bound(d.Upper, d.UpperAll), let, str(d.F), list(d.G), list(d.H))
	return b.Bytes()
}

// ID returns the display name of the definition, name_hash (see Sep),
// which names it in records: two definitions with one name but different formulas or
// boxes have different IDs.
func (d *Definition) ID() string { return d.Name + Sep + d.Hash }

// Compile returns the problem at dimension dim (1 ≤ dim ≤ MaxDim). A
// dim other than the definition's own needs a box given as numbers and a
// formula that reads D (a problem written for any D); every formula must compile at dim (see
// Compile), and one evaluation of f, g and h together may take at most
// MaxOps operations. The problem implements problem.Describer, and problem.Optimum
// when the definition has a best point and dim is its dim.
func (d *Definition) Compile(dim int) (problem.Problem, error) {
	if dim < 1 || dim > MaxDim {
		return nil, fmt.Errorf("formula: %s: dimension %d: want 1 … %d", d.Name, dim, MaxDim)
	}
	if dim != d.Dim && (!d.LowerAll || !d.UpperAll) {
		return nil, fmt.Errorf("formula: %s: dimension %d: the box is a list of %d numbers, so the problem has dimension %d only", d.Name, dim, d.Dim, d.Dim)
	}
	if dim != d.Dim && !d.readsD() {
		return nil, fmt.Errorf("formula: %s: dimension %d: no formula reads D, so the problem has dimension %d only", d.Name, dim, d.Dim)
	}
	p := &Problem{def: d, dim: dim, id: d.ID(), g: make([]*Program, len(d.G)), h: make([]*Program, len(d.H))}
	p.lower, p.upper = d.box(dim)
	// used: the operations per evaluation of the formulas compiled so far;
	// the limit holds for all of them together and stops the compile as
	// soon as it is passed (compileWithin)
	used := 0
	lets, err := p.compileLets(d.Let, &used)
	if err != nil {
		return nil, err
	}
	if p.f, err = compileAt(d.F, dim, "f", lets, &used); err != nil {
		return nil, err
	}
	for i, s := range d.G {
		if p.g[i], err = compileAt(s, dim, fmt.Sprintf("g[%d]", i+1), lets, &used); err != nil {
			return nil, err
		}
	}
	for i, s := range d.H {
		if p.h[i], err = compileAt(s, dim, fmt.Sprintf("h[%d]", i+1), lets, &used); err != nil {
			return nil, err
		}
	}
	nbuf := 0
	for _, q := range p.all() {
		p.loops = p.loops || q.loops
		nbuf = max(nbuf, q.nbuf)
	}
	p.loops = p.loops || len(p.let) > 0
	nlets := len(p.let)
	p.pool = newStates(nbuf, nlets)
	if d.HasBest && dim == d.Dim {
		return optimumProblem{p}, nil
	}
	return p, nil
}

// compileLets compiles the let list in order, each entry reading the names
// before it, and returns the names by place. Its errors name the entry and
// count columns in the whole entry: "formula: let[2] at D = 5: column 9: …".
func (p *Problem) compileLets(entries []string, used *int) (map[string]int, error) {
	if len(entries) == 0 {
		return nil, nil
	}
	lets := make(map[string]int, len(entries))
	p.let = make([]*Program, len(entries))
	for i, e := range entries {
		what := fmt.Sprintf("let[%d]", i+1)
		eq := strings.IndexByte(e, '=')
		if eq < 0 {
			return nil, fmt.Errorf("formula: %s = %s: want \"name = formula\"", what, quoteCut(e))
		}
		name := strings.TrimSpace(e[:eq])
		switch {
		case !letName(name):
			return nil, fmt.Errorf("formula: %s: the name %s: want a letter, then at most 31 letters, digits or '_'", what, quoteCut(name))
		case reserved(name):
			return nil, fmt.Errorf("formula: %s: the name %s is a variable, constant or function", what, name)
		}
		if j, ok := lets[name]; ok {
			return nil, fmt.Errorf("formula: %s: the name %s is given twice (let[%d] and let[%d])", what, name, j+1, i+1)
		}
		pr, err := compileWithin(e[eq+1:], p.dim, lets, *used)
		if err == nil {
			*used += pr.ops
		}
		if err != nil {
			if fe, ok := err.(*Error); ok && fe.Col > 0 {
				fe.Col += utf8.RuneCountInString(e[:eq+1])
			}
			return nil, fmt.Errorf("formula: %s at D = %d: %s", what, p.dim, strings.TrimPrefix(err.Error(), "formula: "))
		}
		p.let[i] = pr
		lets[name] = i
	}
	return lets, nil
}

// quoteCut quotes s for an error message, cut to 40 bytes.
func quoteCut(s string) string {
	if len(s) > 40 {
		s = s[:37] + "…"
	}
	return strconv.Quote(s)
}

// compileAt compiles one formula of a definition, which may read the named
// values lets, within what the formulas before it left of the limit
// (*used, which it increases); its error names it: "formula: g[2]: column
// 7: …".
func compileAt(src string, dim int, what string, lets map[string]int, used *int) (*Program, error) {
	pr, err := compileWithin(src, dim, lets, *used)
	if err == nil {
		*used += pr.ops
	}
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "formula: ")
		return nil, fmt.Errorf("formula: %s at D = %d: %s", what, dim, msg)
	}
	return pr, nil
}

// Problem is a Definition compiled at one dimension; it implements
// problem.Problem and is safe for concurrent use.
type Problem struct {
	def          *Definition
	dim          int
	id           string
	lower, upper []float64
	let          []*Program // the named values, in order
	f            *Program
	g, h         []*Program
	loops        bool
	pool         *states
}

func (p *Problem) all() []*Program {
	return append(append(append(slices.Clone(p.let), p.f), p.g...), p.h...)
}

// Name returns the display name name_hash (Definition.ID).
func (p *Problem) Name() string { return p.id }

// Dim returns the dimension.
func (p *Problem) Dim() int { return p.dim }

// Bounds returns the box; the slices must not be modified.
func (p *Problem) Bounds() (lower, upper []float64) { return p.lower, p.upper }

// NumIneq returns the number of g formulas.
func (p *Problem) NumIneq() int { return len(p.g) }

// NumEq returns the number of h formulas.
func (p *Problem) NumEq() int { return len(p.h) }

// Definition returns the definition the problem was compiled from.
func (p *Problem) Definition() *Definition { return p.def }

// Evaluate returns f(x) and writes g(x) and h(x). It never panics and does
// not allocate: a len(x) other than Dim() gives NaN everywhere.
func (p *Problem) Evaluate(x, g, h []float64) float64 {
	if len(x) != p.dim {
		for i := range min(len(g), len(p.g)) {
			g[i] = math.NaN()
		}
		for i := range min(len(h), len(p.h)) {
			h[i] = math.NaN()
		}
		return math.NaN()
	}
	var s *state
	if p.loops {
		s = p.pool.get()
	}
	for i, q := range p.let {
		s.lets[i] = q.f(x, s)
	}
	for i, q := range p.g[:min(len(g), len(p.g))] {
		g[i] = q.f(x, s)
	}
	for i, q := range p.h[:min(len(h), len(p.h))] {
		h[i] = q.f(x, s)
	}
	f := p.f.f(x, s)
	if s != nil {
		p.pool.put(s)
	}
	return f
}

// Description returns the definition's description, or a line naming its
// formulas' counts.
func (p *Problem) Description() string {
	if p.def.Description != "" {
		return p.def.Description
	}
	return fmt.Sprintf("%s: typed problem, %d inequality, %d equality", p.def.Name, len(p.g), len(p.h))
}

// optimumProblem is a Problem with a known optimum: the definition's best
// point at the definition's dimension.
type optimumProblem struct{ *Problem }

// Optimum returns the definition's best point and value (a copy).
func (p optimumProblem) Optimum() ([]float64, float64) {
	return slices.Clone(p.def.BestX), p.def.BestF
}

var (
	_ problem.Problem   = (*Problem)(nil)
	_ problem.Describer = (*Problem)(nil)
	_ problem.Optimum   = optimumProblem{}
)
