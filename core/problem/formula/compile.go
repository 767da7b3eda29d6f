package formula

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"unicode/utf8"

	"pcaplay/core/internal/fmath"
)

// state holds the values of the index variables during one evaluation,
// and the buffers of the vectorised loops (vector.go).
type state struct {
	idx  [MaxDepth]int
	vb   []float64
	lets []float64 // the values of a definition's let list (Problem.Evaluate)
}

func newState(nbuf, nlets int) *state {
	return &state{vb: make([]float64, nbuf*chunk), lets: make([]float64, nlets)}
}

// fn evaluates a compiled node. x has exactly the program's D coordinates.
type fn func(x []float64, s *state) float64

// ifn evaluates a compiled integer expression (an index or a bound).
type ifn func(s *state) int

// Program is a formula compiled for one dimension D. It is safe for
// concurrent use.
type Program struct {
	src   string
	d     int
	f     fn
	loops bool // whether evaluation needs index variables
	ops   int  // operations per evaluation
	nbuf  int  // buffers of the vectorised loops
	lets  bool // whether it reads named values, which only Problem.Evaluate provides
	pool  *states
}

// states hands out evaluation states: one kept in a slot (slot_other.go,
// slot_wasm.go), which serves the common case of one goroutine evaluating
// at a time (a sync.Pool's Get and Put cost more than a small formula),
// and more from a sync.Pool when evaluations overlap.
type states struct {
	slot
	pool sync.Pool
}

func newStates(nbuf, nlets int) *states {
	return &states{pool: sync.Pool{New: func() any { return newState(nbuf, nlets) }}}
}

func (p *states) get() *state {
	if s := p.take(); s != nil {
		return s
	}
	return p.fromPool()
}

func (p *states) put(s *state) {
	if !p.give(s) {
		p.toPool(s)
	}
}

// fromPool and toPool are the slow paths of get and put, calls of their
// own so that get and put are inlined.
func (p *states) fromPool() *state { return p.pool.Get().(*state) }

func (p *states) toPool(s *state) { p.pool.Put(s) }

// Compile parses src and compiles it for dimension d (1 ≤ d ≤ MaxDim).
// Every index of x, for every value the indices of the sums take, is
// checked here: an index outside 1 … d is an error, so that evaluation
// never reads outside x. So are the limits MaxSource, MaxDepth and MaxOps.
//
// Cost: the parse is linear in len(src); the check runs every loop of the
// formula once without evaluating it, so it costs at most about MaxOps
// steps.
func Compile(src string, d int) (*Program, error) { return compileLets(src, d, nil) }

// compileLets is Compile for a formula that may read the named values lets
// (name → place in the let list; see Definition.Let).
func compileLets(src string, d int, lets map[string]int) (*Program, error) {
	return compileWithin(src, d, lets, 0)
}

// compileWithin is compileLets for a formula of a definition whose formulas
// before it take used operations per evaluation: the limit MaxOps holds
// for all of them together, and the count stops as soon as it is passed,
// so compiling a whole definition costs about MaxOps steps, not MaxOps per
// formula (Definition.Compile).
func compileWithin(src string, d int, lets map[string]int, used int) (*Program, error) {
	if d < 1 || d > MaxDim {
		return nil, &Error{Msg: fmt.Sprintf("dimension D = %d: want 1 … %d", d, MaxDim)}
	}
	n, err := parseExprLets(src, lets)
	if err != nil {
		return nil, runeColumn(src, err)
	}
	if err := checkInts(n, false); err != nil {
		return nil, runeColumn(src, err)
	}
	c := &checker{d: d, ops: int64(used), base: int64(used)}
	if err := c.count(n); err != nil {
		return nil, runeColumn(src, err)
	}
	b := &builder{d: d}
	f, _ := b.build(n)
	pr := &Program{src: src, d: d, f: f.f, loops: b.loops, ops: int(c.ops) - used, nbuf: b.nbuf, lets: b.lets}
	pr.pool = newStates(pr.nbuf, 0)
	return pr, nil
}

// runeColumn turns the byte column of err into a column of characters,
// which is what an editor shows for a formula with non-ASCII text.
func runeColumn(src string, err error) error {
	if e, ok := err.(*Error); ok && e.Col > 1 && e.Col-1 <= len(src) {
		e.Col = utf8.RuneCountInString(src[:e.Col-1]) + 1
	}
	return err
}

// Dim returns D, the dimension the program was compiled for.
func (p *Program) Dim() int { return p.d }

// Ops returns the number of operations of one evaluation (see MaxOps).
func (p *Program) Ops() int { return p.ops }

// String returns the formula's source.
func (p *Program) String() string { return p.src }

// Eval returns the formula's value at x. It never panics: a len(x) other
// than D gives NaN, and NaN and ±Inf are values like any other. It does not
// allocate. Cost: Ops() operations.
func (p *Program) Eval(x []float64) float64 {
	if len(x) != p.d || p.lets {
		return math.NaN()
	}
	if !p.loops {
		return p.f(x, nil)
	}
	// states.get and put, written out: they are too big to be inlined
	s := p.pool.take()
	if s == nil {
		s = p.pool.fromPool()
	}
	v := p.f(x, s)
	if !p.pool.give(s) {
		p.pool.toPool(s)
	}
	return v
}

// checkInts checks that the index of every x and the bounds of every sum
// are integer expressions: integers, D, indices, unary minus, + - * and
// parentheses. inInt says n is inside one.
func checkInts(n *node, inInt bool) error {
	if inInt {
		switch n.kind {
		case kNum:
			if n.val != math.Trunc(n.val) || math.Abs(n.val) > maxIndex {
				return errAt(n.col, "%v is not an integer; an index or a bound of sum or prod must be an integer expression", n.val)
			}
			return nil
		case kD, kIdx:
			return nil
		case kNeg, kAdd, kSub, kMul, kDiv:
		case kCall:
			if n.fn != "floor" && n.fn != "ceil" {
				return errAt(n.col, "%s in an index or a bound of sum or prod, which must be an integer expression of integers, D and indices with + - * / floor ceil", describeNode(n))
			}
		default:
			return errAt(n.col, "%s in an index or a bound of sum or prod, which must be an integer expression of integers, D and indices with + - * / floor ceil", describeNode(n))
		}
	}
	switch n.kind {
	case kX:
		return checkInts(n.args[0], true)
	case kSum, kProd:
		if err := checkInts(n.args[0], true); err != nil {
			return err
		}
		if err := checkInts(n.args[1], true); err != nil {
			return err
		}
		return checkInts(n.args[2], false)
	}
	for _, a := range n.args {
		if err := checkInts(a, inInt); err != nil {
			return err
		}
	}
	return nil
}

func describeNode(n *node) string {
	switch n.kind {
	case kX:
		return "a variable x"
	case kDiv:
		return "'/'"
	case kPow:
		return "'^'"
	case kCall:
		return "function " + n.fn
	case kSum, kProd:
		return "a sum or prod"
	case kLet:
		return "the named value " + n.name
	}
	return "this"
}

// checker runs the loops of a formula at a dimension to count its
// operations and check its indices.
type checker struct {
	d     int
	env   [MaxDepth]int64
	names [MaxDepth]string
	depth int // loops entered
	ops   int64
	base  int64 // the operations of the definition's formulas before this one
}

// where says the values of the enclosing indices: " (at i = 3, j = 1)".
func (c *checker) where() string {
	if c.depth == 0 {
		return ""
	}
	parts := make([]string, c.depth)
	for i := range parts {
		parts[i] = fmt.Sprintf("%s = %d", c.names[i], c.env[i])
	}
	return " (at " + strings.Join(parts, ", ") + ")"
}

// intVal evaluates the integer expression n.
func (c *checker) intVal(n *node) (int64, error) {
	var v int64
	switch n.kind {
	case kNum:
		return int64(n.val), nil
	case kD:
		return int64(c.d), nil
	case kIdx:
		return c.env[n.slot], nil
	case kNeg:
		a, err := c.intVal(n.args[0])
		return -a, err
	case kCall: // floor or ceil
		if q := n.args[0]; q.kind == kDiv {
			a, b, err := c.intPair(q)
			if err != nil {
				return 0, err
			}
			return divRound(a, b, n.fn == "ceil"), nil
		}
		return c.intVal(n.args[0])
	case kDiv:
		a, b, err := c.intPair(n)
		if err != nil {
			return 0, err
		}
		if a%b != 0 {
			return 0, errAt(n.col, "%d/%d is not an integer%s (floor(a/b) and ceil(a/b) round)", a, b, c.where())
		}
		return a / b, nil
	default:
		a, err := c.intVal(n.args[0])
		if err != nil {
			return 0, err
		}
		b, err := c.intVal(n.args[1])
		if err != nil {
			return 0, err
		}
		switch n.kind {
		case kAdd:
			v = a + b
		case kSub:
			v = a - b
		default:
			if a != 0 && abs64(b) > maxIndex/abs64(a) {
				return 0, errAt(n.col, "integer expression too large (%d·%d)%s", a, b, c.where())
			}
			v = a * b
		}
	}
	if v > maxIndex || v < -maxIndex {
		return 0, errAt(n.col, "integer expression too large (%d)%s", v, c.where())
	}
	return v, nil
}

// intPair evaluates the operands of the division n; b must not be 0.
func (c *checker) intPair(n *node) (a, b int64, err error) {
	if a, err = c.intVal(n.args[0]); err != nil {
		return 0, 0, err
	}
	if b, err = c.intVal(n.args[1]); err != nil {
		return 0, 0, err
	}
	if b == 0 {
		return 0, 0, errAt(n.col, "division by 0 in an integer expression%s", c.where())
	}
	return a, b, nil
}

// divRound is a/b rounded down, or up with ceil.
func divRound[T int | int64](a, b T, ceil bool) T {
	q := a / b
	if r := a % b; r != 0 && (r < 0) != (b < 0) != ceil {
		if ceil {
			q++
		} else {
			q--
		}
	}
	return q
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func size(n *node) int64 {
	s := int64(1)
	for _, a := range n.args {
		s += size(a)
	}
	return s
}

func (c *checker) tooMany(v int64) error {
	if c.base > 0 {
		return &Error{Msg: fmt.Sprintf("with the formulas before it, an evaluation at D = %d takes at least %d operations, more than the limit of %d", c.d, v, MaxOps)}
	}
	return &Error{Msg: fmt.Sprintf("an evaluation at D = %d takes at least %d operations, more than the limit of %d", c.d, v, MaxOps)}
}

// count adds the operations of one evaluation of n to c.ops and checks
// every index of x.
func (c *checker) count(n *node) error {
	c.ops++
	if c.ops > MaxOps {
		return c.tooMany(c.ops)
	}
	switch n.kind {
	case kX:
		c.ops += size(n.args[0])
		k, err := c.intVal(n.args[0])
		if err != nil {
			return err
		}
		if k < 1 || k > int64(c.d) {
			return errAt(n.col, "the index of x is %d%s, outside 1 … %d (D = %d)", k, c.where(), c.d, c.d)
		}
		return nil
	case kSum, kProd:
		c.ops += size(n.args[0]) + size(n.args[1])
		lo, err := c.intVal(n.args[0])
		if err != nil {
			return err
		}
		hi, err := c.intVal(n.args[1])
		if err != nil {
			return err
		}
		if hi < lo {
			return nil
		}
		if trips := hi - lo + 1; c.ops+trips > MaxOps {
			return c.tooMany(c.ops + trips)
		}
		c.names[c.depth] = n.name
		c.depth++
		for k := lo; k <= hi; k++ {
			c.env[n.slot] = k
			c.ops++
			if err := c.count(n.args[2]); err != nil {
				return err
			}
		}
		c.depth--
		return nil
	}
	for _, a := range n.args {
		if err := c.count(a); err != nil {
			return err
		}
	}
	return nil
}

// builder turns a checked tree into closures.
type builder struct {
	d     int
	loops bool // whether evaluation needs a state (index variables, buffers or named values)
	lets  bool // whether it reads named values
	nbuf  int
}

// built is a compiled node: f evaluates it; when constant, c is its value
// and f returns c.
type built struct {
	f     fn
	c     float64
	isC   bool
	isX   bool // a plain load x[k] with constant k (k0 = k−1)
	k0    int
	free  uint64 // index slots the node reads
	pureX bool   // reads no index (may read x)
}

func constant(v float64) built {
	return built{f: func([]float64, *state) float64 { return v }, c: v, isC: true}
}

// freeSlots returns the mask of the index slots n reads that are not bound
// inside n.
func freeSlots(n *node) uint64 {
	var m uint64
	switch n.kind {
	case kIdx:
		return 1 << uint(n.slot)
	case kSum, kProd:
		m = freeSlots(n.args[0]) | freeSlots(n.args[1]) | freeSlots(n.args[2])&^(1<<uint(n.slot))
		return m
	}
	for _, a := range n.args {
		m |= freeSlots(a)
	}
	return m
}

// readsX reports whether n reads x, directly or through a named value
// (which depends on x), so that it cannot be evaluated at compile time.
func readsX(n *node) bool {
	if n.kind == kX || n.kind == kLet {
		return true
	}
	for _, a := range n.args {
		if readsX(a) {
			return true
		}
	}
	return false
}

// build compiles n. A subtree that reads neither x nor a free index is
// evaluated once here and becomes a constant: the same closures compute
// it, so its bits are those evaluation would give.
func (b *builder) build(n *node) (built, bool) {
	if n.kind != kNum && !readsX(n) && freeSlots(n) == 0 {
		loops, nbuf := b.loops, b.nbuf
		r := b.build1(n)
		v := r.f(nil, newState(b.nbuf, 0))
		b.loops, b.nbuf = loops, nbuf
		return constant(v), true
	}
	return b.build1(n), false
}

func (b *builder) build1(n *node) built {
	switch n.kind {
	case kNum:
		return constant(n.val)
	case kD:
		return constant(float64(b.d))
	case kIdx:
		slot := n.slot
		return built{f: func(_ []float64, s *state) float64 { return float64(s.idx[slot]) }}
	case kX:
		return b.load(n)
	case kNeg:
		a, _ := b.build(n.args[0])
		af := a.f
		return built{f: func(x []float64, s *state) float64 { return -af(x, s) }}
	case kAdd, kSub, kMul, kDiv:
		l, _ := b.build(n.args[0])
		r, _ := b.build(n.args[1])
		return binary(n.kind, l, r)
	case kPow:
		l, _ := b.build(n.args[0])
		r, _ := b.build(n.args[1])
		return power(l, r)
	case kCall:
		return b.call(n)
	case kSum, kProd:
		return b.loop(n)
	case kLet:
		b.loops, b.lets = true, true
		slot := n.slot
		return built{f: func(_ []float64, s *state) float64 { return s.lets[slot] }}
	}
	return constant(math.NaN())
}

// intFn compiles an integer expression.
func (b *builder) intFn(n *node) ifn {
	switch n.kind {
	case kNum:
		v := int(n.val)
		return func(*state) int { return v }
	case kD:
		v := b.d
		return func(*state) int { return v }
	case kIdx:
		slot := n.slot
		return func(s *state) int { return s.idx[slot] }
	case kNeg:
		a := b.intFn(n.args[0])
		return func(s *state) int { return -a(s) }
	case kCall:
		q := n.args[0]
		if q.kind != kDiv {
			return b.intFn(q)
		}
		l, r := b.intFn(q.args[0]), b.intFn(q.args[1])
		ceil := n.fn == "ceil"
		return func(s *state) int { return divRound(l(s), r(s), ceil) }
	}
	l, r := b.intFn(n.args[0]), b.intFn(n.args[1])
	switch n.kind {
	case kAdd:
		return func(s *state) int { return l(s) + r(s) }
	case kSub:
		return func(s *state) int { return l(s) - r(s) }
	case kDiv: // exact: the checker has proved it
		return func(s *state) int { return l(s) / r(s) }
	}
	return func(s *state) int { return l(s) * r(s) }
}

// intConst returns the value of n if it is an integer expression of
// numbers and D only.
func (b *builder) intConst(n *node) (int, bool) {
	if freeSlots(n) != 0 {
		return 0, false
	}
	c := checker{d: b.d}
	v, err := c.intVal(n)
	return int(v), err == nil
}

// indexOffset matches "i", "i + c", "c + i" and "i - c" with c constant:
// it returns i's slot and c.
func (b *builder) indexOffset(n *node) (slot, off int, ok bool) {
	switch n.kind {
	case kIdx:
		return n.slot, 0, true
	case kAdd:
		if l, r := n.args[0], n.args[1]; l.kind == kIdx {
			if c, ok := b.intConst(r); ok {
				return l.slot, c, true
			}
		} else if r.kind == kIdx {
			if c, ok := b.intConst(l); ok {
				return r.slot, c, true
			}
		}
	case kSub:
		if l, r := n.args[0], n.args[1]; l.kind == kIdx {
			if c, ok := b.intConst(r); ok {
				return l.slot, -c, true
			}
		}
	}
	return 0, 0, false
}

// load compiles x[index]. The checker has proved every index in range.
func (b *builder) load(n *node) built {
	if k, ok := b.intConst(n.args[0]); ok {
		k0 := k - 1
		return built{f: func(x []float64, _ *state) float64 { return x[k0] }, isX: true, k0: k0}
	}
	if slot, off, ok := b.indexOffset(n.args[0]); ok {
		off--
		return built{f: func(x []float64, s *state) float64 { return x[s.idx[slot]+off] }}
	}
	ix := b.intFn(n.args[0])
	return built{f: func(x []float64, s *state) float64 { return x[ix(s)-1] }}
}

// binary compiles a + b, a − b, a·b and a/b, with the operations on a
// constant or a plain load of x inlined.
func binary(k kind, l, r built) built {
	lf, rf := l.f, r.f
	var f fn
	switch k {
	case kAdd:
		switch {
		case r.isC:
			c := r.c
			f = func(x []float64, s *state) float64 { return lf(x, s) + c }
		case l.isC:
			c := l.c
			f = func(x []float64, s *state) float64 { return c + rf(x, s) }
		default:
			f = func(x []float64, s *state) float64 { return lf(x, s) + rf(x, s) }
		}
	case kSub:
		switch {
		case r.isC:
			c := r.c
			f = func(x []float64, s *state) float64 { return lf(x, s) - c }
		case l.isC && r.isX:
			c, k0 := l.c, r.k0
			f = func(x []float64, s *state) float64 { return c - x[k0] }
		case l.isC:
			c := l.c
			f = func(x []float64, s *state) float64 { return c - rf(x, s) }
		default:
			f = func(x []float64, s *state) float64 { return lf(x, s) - rf(x, s) }
		}
	case kMul:
		switch {
		case r.isC:
			c := r.c
			f = func(x []float64, s *state) float64 { return float64(lf(x, s) * c) }
		case l.isC:
			c := l.c
			f = func(x []float64, s *state) float64 { return float64(c * rf(x, s)) }
		default:
			f = func(x []float64, s *state) float64 { return float64(lf(x, s) * rf(x, s)) }
		}
	default:
		switch {
		case r.isC:
			c := r.c
			f = func(x []float64, s *state) float64 { return lf(x, s) / c }
		case l.isC:
			c := l.c
			f = func(x []float64, s *state) float64 { return c / rf(x, s) }
		default:
			f = func(x []float64, s *state) float64 { return lf(x, s) / rf(x, s) }
		}
	}
	return built{f: f}
}

// power compiles a^b: a·a when b is 2, else pow.
func power(l, r built) built {
	lf, rf := l.f, r.f
	switch {
	case r.isC && r.c == 2 && l.isX:
		k0 := l.k0
		return built{f: func(x []float64, _ *state) float64 { v := x[k0]; return float64(v * v) }}
	case r.isC && r.c == 2:
		return built{f: func(x []float64, s *state) float64 { v := lf(x, s); return float64(v * v) }}
	case r.isC:
		c := r.c
		return built{f: func(x []float64, s *state) float64 { return pow(lf(x, s), c) }}
	}
	return built{f: func(x []float64, s *state) float64 {
		a, e := lf(x, s), rf(x, s)
		if e == 2 {
			return float64(a * a)
		}
		return pow(a, e)
	}}
}

// pow is fmath.Pow with fmath.Log, whose bits do not depend on the
// platform for subnormal x either: math.Pow for an integer y and the
// special cases (plain multiplication, the same everywhere), else
// exp(y·ln x).
func pow(x, y float64) float64 {
	if y == math.Trunc(y) || x <= 0 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Pow(x, y)
	}
	return fmath.Exp(float64(y * fmath.Log(x)))
}

// unaryFuncs are the functions of one argument, each with the same bits
// natively and in WebAssembly (see the package documentation).
var unaryFuncs = map[string]func(float64) float64{
	"sin": math.Sin, "cos": math.Cos, "tan": math.Tan,
	"asin": math.Asin, "acos": math.Acos, "atan": math.Atan,
	"exp": fmath.Exp, "log": fmath.Log, "sqrt": math.Sqrt, "abs": math.Abs,
	"floor": math.Floor, "ceil": math.Ceil,
}

func (b *builder) call(n *node) built {
	if n.fn == "min" || n.fn == "max" {
		pick := fmath.Min
		if n.fn == "max" {
			pick = fmath.Max
		}
		acc, _ := b.build(n.args[0])
		for _, a := range n.args[1:] {
			r, _ := b.build(a)
			lf, rf := acc.f, r.f
			acc = built{f: func(x []float64, s *state) float64 { return pick(lf(x, s), rf(x, s)) }}
		}
		return acc
	}
	a, _ := b.build(n.args[0])
	af := a.f
	switch n.fn {
	case "sqrt":
		return built{f: func(x []float64, s *state) float64 { return math.Sqrt(af(x, s)) }}
	case "abs":
		return built{f: func(x []float64, s *state) float64 { return math.Abs(af(x, s)) }}
	case "exp":
		return built{f: func(x []float64, s *state) float64 { return fmath.Exp(af(x, s)) }}
	}
	g := unaryFuncs[n.fn]
	return built{f: func(x []float64, s *state) float64 { return g(af(x, s)) }}
}

// loop compiles sum and prod. The bounds are evaluated once per
// evaluation of the loop, in order lo, hi.
func (b *builder) loop(n *node) built {
	b.loops = true
	if f, ok := b.vloop(n); ok {
		return f
	}
	slot := n.slot
	body, _ := b.build(n.args[2])
	bf := body.f
	lo, lok := b.intConst(n.args[0])
	hi, hok := b.intConst(n.args[1])
	if n.kind == kSum {
		if lok && hok {
			return built{f: func(x []float64, s *state) float64 {
				acc := 0.0
				for k := lo; k <= hi; k++ {
					s.idx[slot] = k
					acc += bf(x, s)
				}
				return acc
			}}
		}
		lf, hf := b.intFn(n.args[0]), b.intFn(n.args[1])
		return built{f: func(x []float64, s *state) float64 {
			acc := 0.0
			for k, h := lf(s), hf(s); k <= h; k++ {
				s.idx[slot] = k
				acc += bf(x, s)
			}
			return acc
		}}
	}
	lf, hf := b.intFn(n.args[0]), b.intFn(n.args[1])
	return built{f: func(x []float64, s *state) float64 {
		acc := 1.0
		for k, h := lf(s), hf(s); k <= h; k++ {
			s.idx[slot] = k
			acc = float64(acc * bf(x, s))
		}
		return acc
	}}
}
