// Package problem defines constrained minimisation problems and the
// constraint-violation measures used by the algorithms and by the CEC 2017
// result tables.
//
// A problem is
//
//	minimise f(x)  subject to  g_i(x) ≤ 0 (i = 1..p),  h_j(x) = 0 (j = 1..q),
//	                           L ≤ x ≤ U.
//
// An equality constraint counts as satisfied when |h_j(x)| ≤ δ with
// δ = EqualityTolerance = 1e-4 (paper eq. 5, CEC 2017 rules).
package problem

import (
	"fmt"
	"math"
)

// EqualityTolerance is δ, the tolerance of an equality constraint.
const EqualityTolerance = 1e-4

// Problem is a box-constrained problem with inequality and equality
// constraints. Implementations must be safe for concurrent use by several
// goroutines that pass their own buffers to Evaluate.
type Problem interface {
	// Name is the problem's short name, e.g. "C05" or "rosenbrock".
	Name() string
	// Dim is n, the number of decision variables.
	Dim() int
	// Bounds returns the box [L, U]. The slices are shared and must not be
	// modified.
	Bounds() (lower, upper []float64)
	// NumIneq is p, the number of inequality constraints g(x) ≤ 0.
	NumIneq() int
	// NumEq is q, the number of equality constraints h(x) = 0.
	NumEq() int
	// Evaluate returns f(x), writes g(x) into g[:NumIneq()] and h(x) into
	// h[:NumEq()]. It does not allocate. len(x) must equal Dim().
	Evaluate(x, g, h []float64) float64
}

// Optimum is implemented by problems whose optimum is known.
type Optimum interface {
	// Optimum returns a global minimiser x* and f(x*).
	Optimum() (x []float64, f float64)
}

// Describer is implemented by problems that carry a one-line description,
// shown in the playground and the CLI.
type Describer interface {
	Description() string
}

// Violation is the summed constraint violation of the paper (eq. 3–5):
//
//	v(x) = Σ_i max(0, g_i) + Σ_j max(0, |h_j| − δ).
//
// v(x) = 0 exactly when x is feasible. CMODE, PMODE, DE and the best-so-far
// bookkeeping of every algorithm use this measure.
func Violation(g, h []float64) float64 {
	v := 0.0
	for _, gi := range g {
		if gi > 0 {
			v += gi
		}
	}
	for _, hj := range h {
		if a := math.Abs(hj) - EqualityTolerance; a > 0 {
			v += a
		}
	}
	return v
}

// MeanViolation is the CEC 2017 competition's mean violation, the v̄ and
// vio rows of the paper's supplement tables:
//
//	v̄(x) = (Σ_i G_i + Σ_j H_j) / (p + q),
//	G_i = g_i if g_i > 0 else 0,   H_j = |h_j| if |h_j| > δ else 0.
//
// Note H_j is |h_j|, not |h_j| − δ. It returns 0 for an unconstrained problem.
func MeanViolation(g, h []float64) float64 {
	n := len(g) + len(h)
	if n == 0 {
		return 0
	}
	s := 0.0
	for _, gi := range g {
		if gi > 0 {
			s += gi
		}
	}
	for _, hj := range h {
		if a := math.Abs(hj); a > EqualityTolerance {
			s += a
		}
	}
	return s / float64(n)
}

// ViolationCounts returns c of the CEC tables: the number of constraints
// violated by more than 1, by a value in (0.01, 1] and by a value in
// (1e-4, 0.01]. The violation of g_i is max(0, g_i), that of h_j is |h_j|
// when |h_j| > δ.
func ViolationCounts(g, h []float64) [3]int {
	var c [3]int
	add := func(a float64) {
		switch {
		case a > 1:
			c[0]++
		case a > 0.01:
			c[1]++
		case a > EqualityTolerance:
			c[2]++
		}
	}
	for _, gi := range g {
		if gi > 0 {
			add(gi)
		}
	}
	for _, hj := range h {
		if a := math.Abs(hj); a > EqualityTolerance {
			add(a)
		}
	}
	return c
}

// Better reports whether (fa, va) is better than (fb, vb) under the
// feasibility rule of Deb: a feasible point (v = 0) beats an infeasible one,
// two feasible points compare by f, two infeasible points by v. Deb's rule
// leaves two infeasible points with equal v tied; Better breaks the tie by
// f, i.e. it orders points lexicographically by (v, f) as LSHADE44 ranks its
// population and as the CEC rule orders infeasible median solutions. The
// tie matters on problems whose least violation is reached on a plateau
// (C19/C28: near the minimum, neighbouring points have the same v in
// float64, and only f tells them apart). NaN is worse than any number.
func Better(fa, va, fb, vb float64) bool {
	switch {
	case math.IsNaN(va) || math.IsNaN(vb):
		return !math.IsNaN(va) && math.IsNaN(vb)
	case va != vb:
		return va < vb
	case math.IsNaN(fa) || math.IsNaN(fb):
		return !math.IsNaN(fa) && math.IsNaN(fb)
	default:
		return fa < fb
	}
}

// Evaluator evaluates a problem with its own g and h buffers, so that one
// evaluation allocates nothing. An Evaluator is not safe for concurrent use;
// make one per goroutine.
type Evaluator struct {
	P    Problem
	G, H []float64
}

// NewEvaluator returns an Evaluator for p.
func NewEvaluator(p Problem) *Evaluator {
	return &Evaluator{P: p, G: make([]float64, p.NumIneq()), H: make([]float64, p.NumEq())}
}

// Eval returns f(x) and v(x) (Violation). After the call G and H hold g(x)
// and h(x).
func (e *Evaluator) Eval(x []float64) (f, v float64) {
	f = e.P.Evaluate(x, e.G, e.H)
	return f, Violation(e.G, e.H)
}

// CheckPoint returns an error naming the first coordinate of x that is not
// a finite number, or a length mismatch.
func CheckPoint(p Problem, x []float64) error {
	if len(x) != p.Dim() {
		return fmt.Errorf("point has %d coordinates, %s needs %d", len(x), p.Name(), p.Dim())
	}
	for i, xi := range x {
		if math.IsNaN(xi) || math.IsInf(xi, 0) {
			return fmt.Errorf("coordinate x%d = %v is not a finite number", i+1, xi)
		}
	}
	return nil
}
