package solver

import (
	"pcaplay/core/de"
	"pcaplay/core/problem"
)

// DESettings configure classic DE/rand/1/bin (paper §2.1, after Storn &
// Price) with the feasibility rule as its selection.
type DESettings struct {
	Mu    int     // population size μ
	F     float64 // scale factor of x_r2 − x_r3
	CR    float64 // crossover rate
	Bound de.BoundHandling
	dim   int
}

// DefaultDE returns the defaults: μ = 10·D clamped to [20, 200] (the paper
// gives none for plain DE; 10·D is Storn & Price's rule of thumb), F = 0.5,
// CR = 0.9, and the paper's "repeat mutation until inside" bound rule.
func DefaultDE(dim int) *DESettings {
	return &DESettings{Mu: min(max(10*dim, 20), 200), F: 0.5, CR: 0.9, Bound: de.Resample, dim: dim}
}

func init() {
	Register(Algorithm{Name: "de", Title: "DE/rand/1/bin",
		Help:     "Classic differential evolution with the feasibility rule (§2.1)",
		Defaults: func(d int) Settings { return DefaultDE(d) }})
}

// Algorithm returns "de".
func (s *DESettings) Algorithm() string { return "de" }

// Params lists the settable parameters.
func (s *DESettings) Params() []Param {
	d := DefaultDE(s.dim)
	return []Param{
		intParam("pop", "population size μ", &s.Mu, d.Mu, 4, 10000),
		floatParam("f", "scale factor F of the difference vector", &s.F, d.F, 0, 2),
		floatParam("cr", "binomial crossover rate CR", &s.CR, d.CR, 0, 1),
		boundParam("what to do with a mutant outside the box", &s.Bound, d.Bound),
	}
}

// Validate checks the settings.
func (s *DESettings) Validate(problem.Problem) error { return CheckParams(s) }

// New returns the Method.
func (s *DESettings) New(p problem.Problem) (Method, error) {
	if err := s.Validate(p); err != nil {
		return nil, err
	}
	n := p.Dim()
	return &deRand1Bin{s: *s, v: make([]float64, n), u: make([]float64, n), us: make([]float64, n)}, nil
}

type deRand1Bin struct {
	s    DESettings
	pop  population
	v, u []float64
	us   []float64 // crossover draws of de.Rand1Bin
	r    [3]int
}

// Init: lines 1–2 of the DE/rand/1/bin pseudo-code.
func (d *deRand1Bin) Init(c *Context) error {
	d.pop = initUniform(c, d.s.Mu)
	d.pop.publish(c)
	return nil
}

// Iterate is one pass of the for-loop (lines 4–11). As in the pseudo-code
// the replacement is immediate (x_i ← u_i inside the loop), so later
// targets of the same generation already see the new x_i. Selection is the
// feasibility rule with ties accepted (the pseudo-code's f(u) ≤ f(x)).
func (d *deRand1Bin) Iterate(c *Context) error {
	lo, hi := c.Problem.Bounds()
	mu := d.pop.size()
	for i := 0; i < mu && c.Remaining() > 0; i++ {
		x := d.pop.row(i)
		// Line 5: r1 ≠ r2 ≠ r3 ≠ i, uniformly from P.
		mutate := func(v []float64) {
			de.PickFew(c.RNG, d.r[:], mu, i)
			de.Rand1(v, d.pop.row(d.r[0]), d.pop.row(d.r[1]), d.pop.row(d.r[2]), d.s.F)
		}
		// Line 6: mutation and crossover; de.Rand1Bin does both in one
		// pass when the mutant is inside the box (the same draws and
		// numbers, fewer calls and loops in WebAssembly). Otherwise the
		// mutation is repeated until it is inside (§2.1; Bound), then
		// crossed.
		de.PickFew(c.RNG, d.r[:], mu, i)
		if !de.Rand1Bin(d.u, d.v, x, d.pop.row(d.r[0]), d.pop.row(d.r[1]), d.pop.row(d.r[2]), lo, hi, d.s.F, d.s.CR, c.RNG, d.us) {
			d.s.Bound.Repair(d.v, x, lo, hi, mutate)
			de.Binomial(d.u, x, d.v, d.s.CR, c.RNG)
		}
		// Lines 7–9.
		f, v := c.Evaluate(d.u)
		if !betterNum(d.pop.f[i], d.pop.v[i], f, v) { // problem.Better (f, v not NaN)
			d.pop.set(i, d.u, f, v)
		}
	}
	d.pop.publish(c)
	return nil
}
