// Package cec2017 implements the 28 constrained problems C01–C28 of the IEEE
// CEC 2017 competition on constrained real-parameter optimisation (Wu,
// Mallipeddi and Suganthan, 2016), following the official C evaluator
// cec17_test_COP.cpp (Sept-2024 release) formula by formula.
//
// Each problem is
//
//	minimise f(x)  subject to  g_i(x) ≤ 0 (i = 1..p),  h_j(x) = 0 (j = 1..q),
//	                           x ∈ [−U, U]^D,
//
// with z = x − o (o the shift vector) and, for the rotated problems,
// y = M z with y_i = Σ_j M_ij z_j (M stored row-major, used exactly as stored:
// the official matrices are not orthogonal). p and q are the real constraint
// counts of the problem, not the padded array sizes of the C code.
//
// Helper sums over a vector u of length n:
//
//	S12(u) = Σ_{i=1}^{n} (Σ_{j=1}^{i} u_j)²                       (Schwefel 1.2)
//	Ras(u) = Σ_{i=1}^{n} (u_i² − 10 cos(2π u_i) + 10)               (Rastrigin)
//	Ros(u) = Σ_{i=1}^{n−1} [100 (u_i² − u_{i+1})² + (u_i − 1)²]      (Rosenbrock)
//
// The problems (U is the box half-width, e = exp(1)):
//
//	C01 U=100  f = S12(z)   g1 = Σ (z_i² − 5000 cos(0.1π z_i) − 4000)
//	C02 U=100  f = S12(z)   g1 = Σ (y_i² − 5000 cos(0.1π y_i) − 4000), y = M z
//	C03 U=100  f = S12(z)   g1 as C01,  h1 = −Σ z_i sin(0.1π z_i)
//	C04 U=10   f = Ras(z)   g1 = −Σ z_i sin(2 z_i),  g2 = Σ z_i sin z_i
//	C05 U=10   f = Ros(z)   g1 = Σ (y_i² − 50 cos(2π y_i) − 40), y = M z,
//	                        g2 = Σ (w_i² − 50 cos(2π w_i) − 40), w = M2 z
//	C06 U=20   f = Ras(z)   h1 = −Σ z_i sin z_i,  h2 = Σ z_i sin(π z_i),
//	                        h3 = −Σ z_i cos z_i,  h4 = Σ z_i cos(π z_i),
//	                        h5 = Σ z_i sin(2√|z_i|),  h6 = −h5
//	C07 U=50   f = Σ z_i sin z_i   h1 = Σ (z_i − 100 cos(0.5 z_i) + 100),  h2 = −h1
//	C08 U=100  f = max_i z_i   h1 = S12(a),  h2 = S12(b)
//	C09 U=10   f = max_i z_i   g1 = Π_l b_l,  h1 = Σ_{l=1}^{|a|−1} (a_l² − a_{l+1})²
//	C10 U=100  f = max_i z_i   h1 = S12(z),  h2 = Σ_{i=1}^{D−1} (z_i − z_{i+1})²
//	C11 U=100  f = Σ z_i   g1 = Π_i z_i,  h1 = Σ_{i=1}^{D−1} (z_i − z_{i+1})²
//
// where a = (z_1, z_3, z_5, …) are the coordinates at odd (1-based)
// positions and b = (z_2, z_4, …) those at even positions. C12–C20 use
// y = z; C21–C28 are C12–C19 with y = M z in f, g and h alike:
//
//	C12/C21 U=100  f = Ras(y)   g1 = 4 − Σ|y_i|,  g2 = Σ y_i² − 4
//	C13/C22 U=100  f = Ros(y)   g1 = Ras(y) − 100,  g2 = Σ y_i − 2D,  g3 = 5 − Σ y_i
//	C14/C23 U=100  f = −20 exp(−0.2 √(Σ y_i²/D)) + 20 − exp(Σ cos(2π y_i)/D) + e
//	               g1 = Σ_{i=2}^{D} y_i² + 1 − |y_1|,  h1 = Σ y_i² − 4
//	C15/C24 U=100  f = max_i |y_i|   g1 = Σ y_i² − 100D,  h1 = cos f + sin f
//	C16/C25 U=100  f = Σ |y_i|   g1 = Σ y_i² − 100D,
//	               h1 = (cos f + sin f)² − exp(cos f + sin f) − 1 + e
//	C17/C26 U=100  f = Σ y_i²/4000 + 1 − Π_i cos(y_i/√i)
//	               g1 = 1 − Σ_i sgn(|y_i| − S + y_i² − 1), S = Σ y_j²,  h1 = S − 4D
//	C18/C27 U=100  f = Ras(w), w_i = y_i if |y_i| < 0.5 else round(2 y_i)/2
//	               g1 = 1 − Σ|y_i|,  g2 = Σ y_i² − 100D,
//	               h1 = Σ_{i=1}^{D−1} 100 (y_i² − y_{i+1})² + Π_i sin²((y_i − 1)π)
//	C19/C28 U=50   f = Σ (√|y_i| + 2 sin y_i³)
//	               g1 = Σ_{i=1}^{D−1} −10 exp(−0.2 √(y_i² + y_{i+1}²)) + 10(D−1)/exp(−5),
//	               g2 = Σ sin²(2 y_i) − D/2
//	C20     U=100  f = Σ_{i=1}^{D} s(y_i, y_{i+1}) with y_{D+1} = y_1,
//	               s(a,b) = 0.5 + (sin²√(a²+b²) − 0.5)/(1 + 0.001 √(a²+b²))²;
//	               with Y = Σ y_i: g1 = cos² Y − 0.25 cos Y − 0.125,
//	               g2 = exp(cos Y) − exp(0.25)
//
// sgn(0) = 0 and round is half away from zero (math.Round), as in the C code.
// The objective of C02 and C05 uses the unrotated z while their constraints
// use the rotated vectors, as in the official code. C17/C26 and C19/C28 have
// no feasible point: the paper's supplement tables (Tables 11–18) give
// SR = 0 for them at every D, for both of its algorithms.
//
// # Numerics
//
// Every sum is accumulated in index order with the same grouping of terms
// as the C code, so results agree with the official evaluator to a few
// units in the last place. Products are wrapped in explicit float64
// conversions where they feed an addition: the Go specification lets the
// compiler fuse x*y + z into one FMA (it does on arm64 and with
// GOAMD64=v3), and an explicit conversion forbids that, so the compiler
// cannot change the rounding. math.Exp is assembly on amd64 and pure Go in
// wasm and differs in the last bit, so exp of a variable (C14, C16, C19,
// C20 and their twins) uses fmath.Exp, which is the same on both; every
// problem then gives the same bits natively and in the browser. (On arm64
// or with GOAMD64=v3 the math package itself is compiled with fused
// multiply-adds, so there sin/cos may still differ in the last bit.) The cube in
// C19/C28 is computed with error-free products so that it is the correctly
// rounded y³ in all but pathological cases, like C's pow(y, 3).
//
// # Dimensions
//
// The official data exist for D = 10, 30, 50, 100 only; LoadData rejects
// any other D. With GenerateData every problem works for any D ≥ 2, odd D
// included. For odd D the official C code (which splits z with the integer
// division D/2) would ignore z_D in the constraints of C08 and C09; here a
// always takes every odd position, so a has ⌈D/2⌉ and b has ⌊D/2⌋
// elements and every coordinate enters the constraints. For even D the two
// readings coincide. At D = 2, C09's h1 has no term and is identically 0.
//
// # Data
//
// The official files are read by LoadData; GenerateData makes data of the
// same structure for any D from a seed (see its documentation).
package cec2017

import (
	"fmt"
	"math"

	"pcaplay/core/problem"
)

// Data are a problem's shift vector and rotation matrices. The problems
// with a matrix are C02, C21–C28 (M) and C05 (M = M1_5, M2 = M2_5).
type Data struct {
	Shift []float64 // o, length dim
	M     []float64 // dim×dim row-major (M[i*dim+j] = j-th number on line i of the file); nil when the problem is not rotated
	M2    []float64 // C05's second matrix (M2_5), nil otherwise
}

// NumProblems is the number of problems in the suite, C01–C28.
const NumProblems = 28

// info is the fixed description of one problem.
type info struct {
	upper   float64 // box half-width U: x ∈ [−U, U]^D
	ng, nh  int     // real numbers of inequality and equality constraints
	rotated bool    // uses a matrix (C02, C05, C21–C28)
	shift   float64 // the official shift lies in (−shift, shift)^D
	desc    string
}

// infos is indexed by problem number; entry 0 is unused.
var infos = [NumProblems + 1]info{
	1:  {100, 1, 0, false, 50, "Schwefel 1.2 with one separable inequality"},
	2:  {100, 1, 0, true, 50, "Schwefel 1.2 with one rotated inequality"},
	3:  {100, 1, 1, false, 50, "Schwefel 1.2 with one inequality and one equality"},
	4:  {10, 2, 0, false, 5, "Rastrigin with two inequalities"},
	5:  {10, 2, 0, true, 5, "Rosenbrock with two inequalities on two different rotations"},
	6:  {20, 0, 6, false, 10, "Rastrigin with six equalities"},
	7:  {50, 0, 2, false, 10, "Σ z·sin z with two equalities"},
	8:  {100, 0, 2, false, 10, "max z with Schwefel 1.2 equalities on odd and even coordinates"},
	9:  {10, 1, 1, false, 10, "max z with a product inequality and a Rosenbrock-like equality"},
	10: {100, 0, 2, false, 50, "max z with Schwefel 1.2 and neighbour-difference equalities"},
	11: {100, 1, 1, false, 10, "Σ z with a product inequality and a neighbour-difference equality"},
	12: {100, 2, 0, false, 50, "Rastrigin inside an ℓ1/ℓ2 ring (two inequalities)"},
	13: {100, 3, 0, false, 50, "Rosenbrock with three inequalities"},
	14: {100, 1, 1, false, 50, "Ackley with one inequality and a sphere equality"},
	15: {100, 1, 1, false, 50, "max |y| with one inequality and one equality on f"},
	16: {100, 1, 1, false, 50, "Σ |y| with one inequality and one equality on f"},
	17: {100, 1, 1, false, 50, "Griewank with a sign-count inequality and a sphere equality (infeasible)"},
	18: {100, 2, 1, false, 50, "non-continuous Rastrigin with two inequalities and one equality"},
	19: {50, 2, 0, false, 50, "Σ (√|y| + 2 sin y³) with two inequalities (infeasible)"},
	20: {100, 2, 0, false, 50, "Schaffer F6 ring with two inequalities on Σ y"},
	21: {100, 2, 0, true, 50, "rotated C12: Rastrigin inside an ℓ1/ℓ2 ring"},
	22: {100, 3, 0, true, 50, "rotated C13: Rosenbrock with three inequalities"},
	23: {100, 1, 1, true, 50, "rotated C14: Ackley with one inequality and a sphere equality"},
	24: {100, 1, 1, true, 50, "rotated C15: max |y| with one inequality and one equality on f"},
	25: {100, 1, 1, true, 50, "rotated C16: Σ |y| with one inequality and one equality on f"},
	26: {100, 1, 1, true, 50, "rotated C17: Griewank with a sign-count inequality (infeasible)"},
	27: {100, 2, 1, true, 50, "rotated C18: non-continuous Rastrigin with three constraints"},
	28: {50, 2, 0, true, 50, "rotated C19: Σ (√|y| + 2 sin y³) with two inequalities (infeasible)"},
}

func checkNum(num int) error {
	if num < 1 || num > NumProblems {
		return fmt.Errorf("cec2017: problem number %d is not in 1..%d", num, NumProblems)
	}
	return nil
}

// Info returns the box [lower, upper] of every coordinate of problem num
// (1..28), its real numbers of inequality and equality constraints, and
// whether it uses a rotation matrix (C02, C05, C21–C28).
func Info(num int) (lower, upper float64, ineq, eq int, rotated bool, err error) {
	if err := checkNum(num); err != nil {
		return 0, 0, 0, 0, false, err
	}
	in := infos[num]
	return -in.upper, in.upper, in.ng, in.nh, in.rotated, nil
}

// New returns problem num (1..28) at dimension dim ≥ 2 with the shift and
// matrices in d, which must match dim: len(d.Shift) = dim, and for a rotated
// problem len(d.M) = dim² (and len(d.M2) = dim² for C05). Matrices a problem
// does not use are ignored. Every number must be finite. New copies the
// data, so d may be changed or reused afterwards.
func New(num, dim int, d *Data) (problem.Problem, error) {
	if err := checkNum(num); err != nil {
		return nil, err
	}
	name := fmt.Sprintf("C%02d", num)
	if dim < 2 {
		return nil, fmt.Errorf("cec2017: %s: dimension %d is below 2", name, dim)
	}
	if d == nil {
		return nil, fmt.Errorf("cec2017: %s: data are nil", name)
	}
	if len(d.Shift) != dim {
		return nil, fmt.Errorf("cec2017: %s: dimension %d but the shift vector has %d numbers", name, dim, len(d.Shift))
	}
	if err := checkFinite(name, "shift", d.Shift, 0); err != nil {
		return nil, err
	}
	in := infos[num]
	p := &cec{num: num, dim: dim, ng: in.ng, nh: in.nh, name: name, desc: in.desc}
	p.o = append([]float64(nil), d.Shift...)
	if in.rotated {
		var err error
		if p.m, err = checkMatrix(name, "M", d.M, dim); err != nil {
			return nil, err
		}
		if num == 5 {
			if p.m2, err = checkMatrix(name, "M2", d.M2, dim); err != nil {
				return nil, err
			}
		}
	}
	p.lower = make([]float64, dim)
	p.upper = make([]float64, dim)
	for i := range dim {
		p.lower[i], p.upper[i] = -in.upper, in.upper
	}
	switch num {
	case 17, 26:
		p.sqrtIdx = make([]float64, dim)
		for i := range dim {
			p.sqrtIdx[i] = math.Sqrt(float64(i + 1))
		}
	case 19, 28:
		// C: g[0] + (nx-1)*10/exp(-5.0); exp(−5) correctly rounded.
		p.g19 = float64((dim-1)*10) / expMinus5
	}
	return p, nil
}

// checkMatrix validates a dim×dim matrix and returns a copy of it.
func checkMatrix(name, which string, m []float64, dim int) ([]float64, error) {
	if m == nil {
		return nil, fmt.Errorf("cec2017: %s is rotated but the data have no matrix %s", name, which)
	}
	if len(m) != dim*dim {
		return nil, fmt.Errorf("cec2017: %s: dimension %d needs %d×%d = %d numbers in %s, got %d", name, dim, dim, dim, dim*dim, which, len(m))
	}
	if err := checkFinite(name, which, m, dim); err != nil {
		return nil, err
	}
	return append([]float64(nil), m...), nil
}

// checkFinite reports the first non-finite number of v. cols > 0 names
// matrix entries by 1-based row and column.
func checkFinite(name, which string, v []float64, cols int) error {
	for i, a := range v {
		if math.IsNaN(a) || math.IsInf(a, 0) {
			if cols > 0 {
				return fmt.Errorf("cec2017: %s: %s row %d column %d = %v is not a finite number", name, which, i/cols+1, i%cols+1, a)
			}
			return fmt.Errorf("cec2017: %s: %s[%d] = %v is not a finite number", name, which, i, a)
		}
	}
	return nil
}

// cec is one problem of the suite with its data. It is read-only after New
// and therefore safe for concurrent use.
type cec struct {
	num, dim     int
	ng, nh       int
	name, desc   string
	lower, upper []float64
	o            []float64 // shift
	m            []float64 // C02, C05 (M1_5), C21–C28; nil otherwise
	m2           []float64 // C05 (M2_5)
	sqrtIdx      []float64 // C17/C26: √(i+1), i = 0..D−1
	g19          float64   // C19/C28: 10(D−1)/exp(−5)
}

// Name returns "C01" … "C28".
func (p *cec) Name() string { return p.name }

// Dim returns D.
func (p *cec) Dim() int { return p.dim }

// Bounds returns the box [−U, U]^D. The slices are shared.
func (p *cec) Bounds() (lower, upper []float64) { return p.lower, p.upper }

// NumIneq returns the real number of inequality constraints.
func (p *cec) NumIneq() int { return p.ng }

// NumEq returns the real number of equality constraints.
func (p *cec) NumEq() int { return p.nh }

// Description returns a one-line description of the problem.
func (p *cec) Description() string { return p.desc }

// Evaluate returns f(x) and writes g(x) into g[:NumIneq()] and h(x) into
// h[:NumEq()]. It does not allocate. If len(x) ≠ Dim(), or g or h is too
// short, it returns NaN and sets every g and h entry it has to NaN
// (problem.CheckPoint reports such mistakes as errors).
func (p *cec) Evaluate(x, g, h []float64) float64 {
	if len(x) != p.dim || len(g) < p.ng || len(h) < p.nh {
		for i := range g {
			g[i] = math.NaN()
		}
		for i := range h {
			h[i] = math.NaN()
		}
		return math.NaN()
	}
	switch p.num {
	case 1:
		return p.c01(x, g)
	case 2:
		return p.c02(x, g)
	case 3:
		return p.c03(x, g, h)
	case 4:
		return p.c04(x, g)
	case 5:
		return p.c05(x, g)
	case 6:
		return p.c06(x, h)
	case 7:
		return p.c07(x, h)
	case 8:
		return p.c08(x, h)
	case 9:
		return p.c09(x, g, h)
	case 10:
		return p.c10(x, h)
	case 11:
		return p.c11(x, g, h)
	case 12, 21:
		return p.c12(x, g)
	case 13, 22:
		return p.c13(x, g)
	case 14, 23:
		return p.c14(x, g, h)
	case 15, 24:
		return p.c15(x, g, h)
	case 16, 25:
		return p.c16(x, g, h)
	case 17, 26:
		return p.c17(x, g, h)
	case 18, 27:
		return p.c18(x, g, h)
	case 19, 28:
		return p.c19(x, g)
	default: // 20
		return p.c20(x, g)
	}
}
