package solver

import (
	"pcaplay/core/de"
)

// The helpers below bind a Param to a field of a settings struct.

func intParam(key, help string, p *int, def, min, max int) Param {
	return Param{Key: key, Help: help, Default: float64(def), Min: float64(min), Max: float64(max), Kind: Integer,
		Get: func() float64 { return float64(*p) }, Set: func(x float64) { *p = int(x) }}
}

// labeled returns p with the control's label label (Param.Label).
func labeled(p Param, label string) Param {
	p.Label = label
	return p
}

func floatParam(key, help string, p *float64, def, min, max float64) Param {
	return Param{Key: key, Help: help, Default: def, Min: min, Max: max, Kind: Float,
		Get: func() float64 { return *p }, Set: func(x float64) { *p = x }}
}

func boolParam(key, help string, p *bool, def bool) Param {
	b := func(v bool) float64 {
		if v {
			return 1
		}
		return 0
	}
	return Param{Key: key, Help: help, Default: b(def), Min: 0, Max: 1, Kind: Bool,
		Get: func() float64 { return b(*p) }, Set: func(x float64) { *p = x != 0 }}
}

func boundParam(help string, p *de.BoundHandling, def de.BoundHandling) Param {
	return Param{Key: "bound", Help: help, Default: float64(def), Min: 0, Max: float64(len(de.BoundNames) - 1),
		Kind: Choice, Choices: de.BoundNames,
		Get: func() float64 { return float64(*p) }, Set: func(x float64) { *p = de.BoundHandling(x) }}
}

// uniform fills x with a point drawn uniformly from the box [lo, hi]
// (paper eq. 3: x_i = L_i + (U_i − L_i)·rand).
func uniform(c *Context, x, lo, hi []float64) {
	c.RNG.Float64s(x) // u_j in order, then x_j = lo_j + (hi_j − lo_j)·u_j
	for j, u := range x {
		x[j] = lo[j] + (hi[j]-lo[j])*u
	}
}

// population is a row-major set of points with their f and v.
type population struct {
	n       int
	x, f, v []float64
}

func newPopulation(n, size int) population {
	return population{n: n, x: make([]float64, n*size), f: make([]float64, size), v: make([]float64, size)}
}

func (p *population) size() int            { return len(p.f) }
func (p *population) row(i int) []float64  { return p.x[i*p.n : (i+1)*p.n] }
func (p *population) better(i, j int) bool { return betterNum(p.f[i], p.v[i], p.f[j], p.v[j]) }
func (p *population) publish(c *Context)   { c.sharePopulation(p.x, p.f, p.v) }

// best returns the index of the best member by the feasibility rule, the
// first of equals.
func (p *population) best() int {
	b := 0
	for i := 1; i < p.size(); i++ {
		if p.better(i, b) {
			b = i
		}
	}
	return b
}
func (p *population) set(i int, x []float64, f, v float64) {
	copy(p.row(i), x)
	p.f[i], p.v[i] = f, v
}

// initUniform draws and evaluates an initial population of up to size
// points (fewer if the budget is smaller), paper lines "initialise a
// population at random" and "evaluate f and v".
func initUniform(c *Context, size int) population {
	size = min(size, c.Remaining())
	lo, hi := c.Problem.Bounds()
	p := newPopulation(c.Problem.Dim(), size)
	for i := range size {
		x := p.row(i)
		uniform(c, x, lo, hi)
		p.f[i], p.v[i] = c.Evaluate(x)
	}
	return p
}

// dominates reports Pareto dominance in the bi-objective space (f, v) of
// CMODE (paper eq. (21)): a is no worse in both and better in one.
func dominates(fa, va, fb, vb float64) bool {
	return dominatesBit(fa, va, fb, vb) != 0
}

// dominatesBit is dominates as 1 or 0, computed without a branch: in Go's
// WebAssembly port each && and || is a jump through the function's block
// dispatcher, and CMODE compares every pair of children.
func dominatesBit(fa, va, fb, vb float64) int {
	return b2i(fa <= fb) & b2i(va <= vb) & (b2i(fa < fb) | b2i(va < vb))
}

// b2i is 1 for true and 0 for false (no branch in WebAssembly).
func b2i(b bool) int {
	i := 0
	if b {
		i = 1
	}
	return i
}

// resize returns s with length n, reusing its memory when it can; the
// contents are unspecified.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// betterNum is problem.Better, the feasibility rule, for f and v that are
// not NaN: every f and v a Method sees (Context.Evaluate turns a NaN into
// +Inf). Then Better is "v less, or v equal and f less"; written so, it is
// inlined, where problem.Better is a call (in WebAssembly one per
// evaluation and per selection).
func betterNum(fa, va, fb, vb float64) bool {
	return va < vb || va == vb && fa < fb
}
