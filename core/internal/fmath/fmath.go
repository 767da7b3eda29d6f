// Package fmath holds the few elementary functions whose results must not
// depend on the platform.
//
// On amd64 the standard library computes math.Exp (and so math.Pow with a
// fractional exponent) in assembly, which differs in the last bit from the
// pure-Go code used for GOOS=js GOARCH=wasm. A run must be bit-identical
// natively and in the browser, so every objective, constraint and
// algorithm in core uses fmath.Exp and fmath.Pow instead. Both are plain Go
// arithmetic; each product is rounded explicitly (float64(·)) so no
// compiler may fuse it into an FMA.
//
// math.Log, Sin, Cos, Tan, Sqrt, Hypot, Floor and Round were checked to give
// identical bits on amd64 and wasm (2·10⁶ random arguments each) and are
// used from package math directly.
package fmath

import "math"

const (
	ln2Hi     = 6.93147180369123816490e-01
	ln2Lo     = 1.90821492927058770002e-10
	log2e     = 1.44269504088896338700e+00
	overflow  = 7.09782712893383973096e+02
	underflow = -7.45133219101941108420e+02
	nearZero  = 1.0 / (1 << 28)

	p1 = 1.66666666666666657415e-01
	p2 = -2.77777777770155933842e-03
	p3 = 6.61375632143793436117e-05
	p4 = -1.65339022054652515390e-06
	p5 = 4.13813679705723846039e-08
)

// Exp returns e^x, accurate to 1 ulp, by the classic reduction
// x = k·ln2 + r, |r| ≤ ln2/2, with ln2 split in a high and a low part, and a
// degree-5 minimax polynomial for the rational form of e^r (Sun's fdlibm
// e_exp.c).
func Exp(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return 0
	case x > overflow:
		return math.Inf(1)
	case x < underflow:
		return 0
	case -nearZero < x && x < nearZero:
		return 1 + x
	}
	var k int
	if x < 0 {
		k = int(float64(log2e*x) - 0.5)
	} else {
		k = int(float64(log2e*x) + 0.5)
	}
	hi := x - float64(float64(k)*ln2Hi)
	lo := float64(float64(k) * ln2Lo)
	r := hi - lo
	t := float64(r * r)
	poly := float64(t * float64(p1+float64(t*float64(p2+float64(t*float64(p3+float64(t*float64(p4+float64(t*p5)))))))))
	c := r - poly
	y := 1 - ((lo - float64(r*c)/(2-c)) - hi)
	// y·2^k. y = e^r lies in [0.7, 1.5], a normal number, so for
	// −1020 < k < 1020 the product is normal too and is y with k added
	// to its exponent field: exactly math.Ldexp(y, k), without its call
	// (in WebAssembly a call, and half of Exp's time there: HECO computes
	// 3λ powers per generation). Ldexp handles the rest (subnormal
	// results, overflow).
	if -1020 < k && k < 1020 {
		return math.Float64frombits(math.Float64bits(y) + uint64(k)<<52)
	}
	return math.Ldexp(y, k)
}

// Pow returns x^y. Integer exponents and the special cases are left to
// math.Pow (its integer path is plain multiplication); for x > 0 and a
// fractional y it returns Exp(y·ln x), whose relative error is about
// |y·ln x|·2⁻⁵³ — ample for weights and schedules, not for library-grade
// powers.
func Pow(x, y float64) float64 {
	if y == math.Trunc(y) || x <= 0 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Pow(x, y)
	}
	return Exp(float64(y * math.Log(x)))
}

// Max returns the larger of x and y with the semantics of the built-in
// max: NaN if either is NaN, +0 for max(−0, +0). The built-in is a call
// to the runtime in Go's WebAssembly (inline code natively); Max is
// inlined everywhere. Hot loops of core use it.
//
// The cases are integer selects on the bits, later ones overriding earlier
// ones, not branches: in WebAssembly each branch of Go code is a jump
// through the function's block dispatcher.
func Max(x, y float64) float64 {
	bx, by := math.Float64bits(x), math.Float64bits(y)
	r := bx
	if y > x {
		r = by
	}
	if x == y {
		r = bx & by // equal bits, or ±0: −0 only if both are
	}
	if x != x {
		r = bx
	}
	if y != y {
		r = by
	}
	return math.Float64frombits(r)
}

// Min returns the smaller of x and y with the semantics of the built-in
// min: NaN if either is NaN, −0 for min(−0, +0). See Max.
func Min(x, y float64) float64 {
	bx, by := math.Float64bits(x), math.Float64bits(y)
	r := bx
	if y < x {
		r = by
	}
	if x == y {
		r = bx | by // equal bits, or ±0: −0 if either is
	}
	if x != x {
		r = bx
	}
	if y != y {
		r = by
	}
	return math.Float64frombits(r)
}

// PowLn is Pow(x, y) with ln x given: lnx must be math.Log(x). It returns
// the same bits as Pow(x, y) and saves the logarithm when many powers of
// one x are needed (HECO's weights: 3λ powers of t/T and 1 − t/T per
// generation; in WebAssembly math.Log is plain Go, not assembly).
func PowLn(x, lnx, y float64) float64 {
	if y == math.Trunc(y) || x <= 0 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Pow(x, y)
	}
	return Exp(float64(y * lnx))
}
