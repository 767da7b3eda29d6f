package rng

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// Every method gives math/rand/v2's numbers, in any interleaving, also
// mixed with the *rand.Rand of Rand: one stream. The bounds of IntN cover
// powers of two, small n, and n near 2⁶³ where the rejection loop runs
// often.
func TestSameStreamAsMathRand(t *testing.T) {
	ns := []int{1, 2, 3, 7, 8, 10, 100, 180, 1200, 1 << 20, 1<<31 - 1, 1 << 40, 1<<62 + 12345, math.MaxInt64, math.MaxInt64 - 1}
	for _, seed := range [][2]uint64{{0, 0}, {1, 0x9e3779b97f4a7c15}, {2024, 0x9e3779b97f4a7c15}, {math.MaxUint64, 1}} {
		want := rand.New(rand.NewPCG(seed[0], seed[1]))
		got := New(seed[0], seed[1])
		src := rand.New(rand.NewPCG(99, 99))
		for i := range 200000 {
			switch op := src.IntN(10); op {
			case 0:
				if a, b := got.Uint64(), want.Uint64(); a != b {
					t.Fatalf("seed %v draw %d: Uint64 %d, math/rand %d", seed, i, a, b)
				}
			case 1:
				if a, b := got.Float64(), want.Float64(); a != b {
					t.Fatalf("seed %v draw %d: Float64 %v, math/rand %v", seed, i, a, b)
				}
			case 2, 3:
				n := ns[src.IntN(len(ns))]
				if a, b := got.IntN(n), want.IntN(n); a != b {
					t.Fatalf("seed %v draw %d: IntN(%d) %d, math/rand %d", seed, i, n, a, b)
				}
			case 4:
				if a, b := got.Rand().NormFloat64(), want.NormFloat64(); a != b {
					t.Fatalf("seed %v draw %d: NormFloat64 %v, math/rand %v", seed, i, a, b)
				}
			case 5:
				a := make([]float64, src.IntN(20))
				got.Float64s(a)
				for k, x := range a {
					if y := want.Float64(); x != y {
						t.Fatalf("seed %v draw %d: Float64s[%d] %v, math/rand %v", seed, i, k, x, y)
					}
				}
			case 7:
				a := make([]int, src.IntN(8))
				n0, dn := ns[src.IntN(len(ns))], src.IntN(5)-2
				if n0 < len(a)*2+1 {
					n0 = len(a)*2 + 1
				}
				if n0 > math.MaxInt64-20 {
					dn = min(dn, 0)
				}
				got.IntNs(a, n0, dn)
				for k, x := range a {
					if y := want.IntN(n0 + k*dn); x != y {
						t.Fatalf("seed %v draw %d: IntNs(%d, %d)[%d] %d, math/rand %d", seed, i, n0, dn, k, x, y)
					}
				}
			case 8:
				a, bounds := make([]int, src.IntN(8)), make([]int, 8)
				for k := range bounds {
					bounds[k] = ns[src.IntN(len(ns))]
				}
				got.IntNsOf(a, bounds)
				for k, x := range a {
					if y := want.IntN(bounds[k]); x != y {
						t.Fatalf("seed %v draw %d: IntNsOf(%v)[%d] %d, math/rand %d", seed, i, bounds, k, x, y)
					}
				}
			case 9:
				n, a := ns[src.IntN(len(ns))], make([]float64, src.IntN(20))
				if j, y := got.IntNFloat64s(n, a), want.IntN(n); j != y {
					t.Fatalf("seed %v draw %d: IntNFloat64s(%d) %d, math/rand IntN %d", seed, i, n, j, y)
				}
				for k, x := range a {
					if y := want.Float64(); x != y {
						t.Fatalf("seed %v draw %d: IntNFloat64s[%d] %v, math/rand %v", seed, i, k, x, y)
					}
				}
			case 6:
				x, max := src.Float64(), src.IntN(12)
				n := 0
				for n < max && want.Float64() < x {
					n++
				}
				if c := got.CountBelow(x, max); c != n {
					t.Fatalf("seed %v draw %d: CountBelow(%v, %d) = %d, math/rand loop %d", seed, i, x, max, c, n)
				}
			}
		}
	}
}

func TestIntNPanics(t *testing.T) {
	for _, n := range []int{0, -1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("IntN(%d) did not panic", n)
				}
			}()
			New(1, 1).IntN(n)
		}()
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("IntNFloat64s(%d) did not panic", n)
				}
			}()
			New(1, 1).IntNFloat64s(n, make([]float64, 3))
		}()
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("IntNsOf with a bound %d did not panic", n)
				}
			}()
			New(1, 1).IntNsOf(make([]int, 3), []int{5, n, 5})
		}()
	}
}

var sink uint64

// BenchmarkFloat64 and BenchmarkIntN compare with math/rand/v2 (run them
// under GOOS=js too: there the gap is the point of the package).
func BenchmarkFloat64(b *testing.B) {
	b.Run("rng", func(b *testing.B) {
		r := New(1, 2)
		s := 0.0
		for b.Loop() {
			s += r.Float64()
		}
		sink = uint64(s)
	})
	b.Run("math-rand", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		s := 0.0
		for b.Loop() {
			s += r.Float64()
		}
		sink = uint64(s)
	})
}

func BenchmarkIntN(b *testing.B) {
	b.Run("rng", func(b *testing.B) {
		r := New(1, 2)
		s := 0
		for b.Loop() {
			s += r.IntN(180)
		}
		sink = uint64(s)
	})
	b.Run("math-rand", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		s := 0
		for b.Loop() {
			s += r.IntN(180)
		}
		sink = uint64(s)
	})
}

// mulhi is the high word of bits.Mul64 (written out under GOOS=js).
func TestMulhi(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	edge := []uint64{0, 1, 2, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<63 - 1, 1 << 63, math.MaxUint64}
	for i := range 100000 {
		x, y := r.Uint64(), r.Uint64()
		if i < len(edge)*len(edge) {
			x, y = edge[i%len(edge)], edge[i/len(edge)]
		}
		if hi, _ := bits.Mul64(x, y); mulhi(x, y) != hi {
			t.Fatalf("mulhi(%d, %d) = %d, want %d", x, y, mulhi(x, y), hi)
		}
	}
}
