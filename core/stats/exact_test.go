package stats

import (
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"testing"
)

// bigExactSF is exactSF in math/big, the implementation exactSF replaced:
// the same Gaussian binomial in big.Int, the tail's share rounded by
// big.Rat.Float64, for every u from 0 to na·nb at once (sf[u] = Pr(U ≥ u)).
// It is the reference the tests below hold exactSF to, bit for bit.
func bigExactSF(na, nb int) (sf []float64) {
	m, M := min(na, nb), max(na, nb)
	deg := m * M
	c := make([]*big.Int, deg+1)
	for k := range c {
		c[k] = new(big.Int)
	}
	c[0].SetInt64(1)
	top := 0
	for i := 1; i <= m; i++ {
		top += M
		for k := top; k >= M+i; k-- {
			c[k].Sub(c[k], c[k-M-i])
		}
		for k := i; k <= top; k++ {
			c[k].Add(c[k], c[k-i])
		}
	}
	total := new(big.Int)
	for _, x := range c {
		total.Add(total, x)
	}
	sf = make([]float64, deg+1)
	tail := new(big.Int)
	for u := deg; u >= 0; u-- {
		tail.Add(tail, c[u])
		sf[u], _ = new(big.Rat).SetFrac(tail, total).Float64()
	}
	return sf
}

// TestExactSFMatchesBig: every p-value of every pair of sizes up to 8
// and 40, and of sampled U at the largest sizes the exact method takes
// (8 against 131,072: counts near 2¹²¹), is math/big's bit for bit.
func TestExactSFMatchesBig(t *testing.T) {
	check := func(u, m, n int, want float64) {
		t.Helper()
		if got := exactSF(u, m, n); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("exactSF(%d, %d, %d) = %v (%#x), math/big %v (%#x)", u, m, n, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	for m := 1; m <= 8; m++ {
		for n := m; n <= 40; n++ {
			sf := bigExactSF(m, n)
			check(-1, m, n, 1)
			check(m*n+1, m, n, 0)
			for u, want := range sf {
				check(u, m, n, want)
				check(u, n, m, want) // the order of the samples does not matter
			}
		}
	}
	if testing.Short() || runtime.GOARCH == "wasm" {
		return // the largest sizes: 1 s natively, 20 s under Node
	}
	for _, s := range [][2]int{{8, exactMaxCells / 8}, {1, exactMaxCells}, {3, 5000}} {
		m, n := s[0], s[1]
		sf := bigExactSF(m, n)
		// the tail and the middle: where p is tiny and where it is near ½
		for _, u := range []int{m * n, m*n - 7, m*n/2 + 1, 1} {
			check(u, m, n, sf[u])
		}
	}
}

// TestExactCountsFit128: the largest count the exact method can meet,
// C(m+M, m) at m·M ≤ exactMaxCells and m ≤ 8, is below 2¹²⁸.
func TestExactCountsFit128(t *testing.T) {
	limit := new(big.Int).Lsh(big.NewInt(1), 128)
	for m := 1; m <= 8; m++ {
		M := exactMaxCells / m
		if c := new(big.Int).Binomial(int64(m+M), int64(m)); c.Cmp(limit) >= 0 {
			t.Errorf("C(%d, %d) = %v ≥ 2¹²⁸", m+M, m, c)
		}
	}
}

// TestRatioMatchesBig: ratio rounds a/b as big.Rat.Float64 does, on
// random 128-bit pairs of every length and on the halfway cases where
// the tie goes to even.
func TestRatioMatchesBig(t *testing.T) {
	toBig := func(x u128) *big.Int {
		v := new(big.Int).SetUint64(x.hi)
		return v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(x.lo))
	}
	check := func(a, b u128) {
		t.Helper()
		want, _ := new(big.Rat).SetFrac(toBig(a), toBig(b)).Float64()
		if got := ratio(a, b); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("ratio(%v, %v) = %v (%#x), math/big %v (%#x)", toBig(a), toBig(b), got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(nbits int) u128 {
		x := u128{rng.Uint64(), rng.Uint64()}
		if nbits <= 64 {
			return u128{0, x.lo >> (64 - nbits)}
		}
		return u128{x.hi >> (128 - nbits), x.lo}
	}
	for range 200_000 {
		a, b := random(1+rng.IntN(128)), random(1+rng.IntN(128))
		if b.isZero() {
			continue
		}
		if b.less(a) {
			a, b = b, a
		}
		check(a, b)
	}
	check(u128{0, 0}, u128{0, 7})
	check(u128{0, 7}, u128{0, 7})
	check(u128{0, 1}, u128{^uint64(0), ^uint64(0)})                       // 2⁻¹²⁸, the smallest share
	check(u128{^uint64(0) - 1, ^uint64(0)}, u128{^uint64(0), ^uint64(0)}) // near 1, with the 129th bit
	// halfway: (2⁵³ + 2k + 1) / 2⁵⁴ has its rounding bit set and nothing after it
	for k := range uint64(1000) {
		check(u128{0, 1<<53 + 2*k + 1}, u128{0, 1 << 54})
		check(u128{0, (1<<53 + 2*k + 1) << 10}, u128{1 << 0, 0})
	}
}
