package stats

import (
	"math"
	"math/bits"
)

// The exact null distribution of the rank-sum statistic in 128-bit integers.
//
// exactSF counts arrangements: for samples of m ≤ 8 and M values with
// m·M ≤ exactMaxCells = 2²⁰, every count is at most the number of all
// arrangements C(m+M, m) ≤ C(131080, 8) ≈ 2.2·10³⁶ < 2¹²⁸ ≈ 3.4·10³⁸, so
// unsigned 128-bit integers hold them exactly. The Gaussian binomial's
// product subtracts before it adds (a coefficient may dip below zero in
// between); arithmetic modulo 2¹²⁸ is a ring, so the final counts, which
// are in range, come out exact all the same. The tail's share of the total
// is then rounded once, to the nearest float64 (ties to even): the bits
// math/big's Rat.Float64 gives (exact_test.go checks both against it),
// without linking math/big into the WebAssembly module (docs/wasm-size.md).

// u128 is an unsigned 128-bit integer, hi·2⁶⁴ + lo.
type u128 struct{ hi, lo uint64 }

func (a u128) add(b u128) u128 {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, _ := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}
}

func (a u128) sub(b u128) u128 {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, c)
	return u128{hi, lo}
}

func (a u128) less(b u128) bool { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }

func (a u128) isZero() bool { return a.hi == 0 && a.lo == 0 }

// ratio returns a/b rounded to the nearest float64, ties to even, for
// 0 ≤ a ≤ b and b > 0. It is long division, one bit at a time: the
// quotient's first 1 bit, the 52 bits after it, the rounding bit and
// whether anything is left (the sticky bit).
func ratio(a, b u128) float64 {
	if a.isZero() {
		return 0
	}
	if a == b {
		return 1
	}
	// r/b < 1 at every step; doubling r may need a 129th bit (carry)
	r := a
	next := func() uint64 {
		carry := r.hi>>63 != 0
		r = u128{r.hi<<1 | r.lo>>63, r.lo << 1}
		if carry || !r.less(b) {
			r = r.sub(b) // 2r − b < b: exact modulo 2¹²⁸
			return 1
		}
		return 0
	}
	exp := 0 // a/b = 0.bits… · 2^0; the first 1 is bit −exp
	for {
		exp++
		if next() == 1 {
			break
		}
	}
	mant := uint64(1)
	for range 52 {
		mant = mant<<1 | next()
	}
	round := next()
	sticky := !r.isZero()
	if round == 1 && (sticky || mant&1 == 1) {
		mant++ // may become 2⁵³: still exact in a float64
	}
	// a/b ≈ mant · 2^(−exp−52); a/b ≥ 1/C(m+M, m) > 2⁻¹²⁸: never subnormal
	return math.Ldexp(float64(mant), -exp-52)
}

// exactSF is Pr(U ≥ u) under the null hypothesis for samples of sizes na
// and nb without ties: the share of the C(na+nb, na) equally likely
// arrangements whose U is at least u. The number of arrangements with
// U = k is the coefficient of q^k in the Gaussian binomial
//
//	[na+nb choose m]_q = Π_{i=1..m} (1 − q^(M+i)) / (1 − q^i),  m = min(na, nb), M = max(na, nb),
//
// built factor by factor in exact integers (u128, above; every partial
// product [M+i choose i]_q is a polynomial with non-negative
// coefficients). Precondition: m·M ≤ exactMaxCells and m ≤ 8 (the caller's
// rule), which keeps every count below 2¹²⁸.
//
// Cost: O(m·(m·M)) additions of 128-bit integers and 16·(m·M+1) bytes.
func exactSF(u, na, nb int) float64 {
	m, M := min(na, nb), max(na, nb)
	deg := m * M
	if u <= 0 {
		return 1
	}
	if u > deg {
		return 0
	}
	c := make([]u128, deg+1)
	c[0] = u128{0, 1}
	top := 0 // degree of the partial product
	for i := 1; i <= m; i++ {
		// multiply by (1 − q^(M+i)), then divide by (1 − q^i)
		top += M
		for k := top; k >= M+i; k-- {
			c[k] = c[k].sub(c[k-M-i])
		}
		for k := i; k <= top; k++ {
			c[k] = c[k].add(c[k-i])
		}
	}
	var tail, total u128
	for k, x := range c {
		total = total.add(x)
		if k >= u {
			tail = tail.add(x)
		}
	}
	return ratio(tail, total)
}
