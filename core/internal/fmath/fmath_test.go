package fmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

func ulps(a, b float64) int64 {
	d := int64(math.Float64bits(a)) - int64(math.Float64bits(b))
	if d < 0 {
		d = -d
	}
	return d
}

// Both Exp and amd64's assembly math.Exp are within 1 ulp of e^x, so they
// may differ by 2 ulp from each other; more would be a bug.
func TestExpMatchesMath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	worst := int64(0)
	for i := 0; i < 1_000_000; i++ {
		x := (r.Float64() - 0.5) * 1400
		if i%3 == 0 {
			x = (r.Float64() - 0.5) * 4
		}
		got, want := Exp(x), math.Exp(x)
		if want == 0 || math.IsInf(want, 0) {
			if got != want {
				t.Fatalf("Exp(%v) = %v, want %v", x, got, want)
			}
			continue
		}
		worst = max(worst, ulps(got, want))
	}
	if worst > 2 {
		t.Fatalf("Exp differs from math.Exp by %d ulp", worst)
	}
}

func TestExpSpecialCases(t *testing.T) {
	for _, c := range []struct{ x, want float64 }{
		{0, 1}, {1, math.E}, {math.Inf(1), math.Inf(1)}, {math.Inf(-1), 0},
		{710, math.Inf(1)}, {-746, 0}, {1e-300, 1}, {-5, 0.006737946999085467},
	} {
		if got := Exp(c.x); got != c.want && ulps(got, c.want) > 1 {
			t.Errorf("Exp(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if !math.IsNaN(Exp(math.NaN())) {
		t.Error("Exp(NaN) is not NaN")
	}
}

func TestPow(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100000; i++ {
		x, y := r.Float64()*100, r.Float64()*40
		got, want := Pow(x, y), math.Pow(x, y)
		if math.Abs(got-want) > 1e-13*math.Abs(want) {
			t.Fatalf("Pow(%v, %v) = %v, want %v", x, y, got, want)
		}
	}
	if Pow(3, 2) != 9 || Pow(0, 0.5) != 0 || Pow(2, -1) != 0.5 {
		t.Error("integer or special cases differ from math.Pow")
	}
}

func BenchmarkExp(b *testing.B) {
	s := 0.0
	for i := 0; i < b.N; i++ {
		s += Exp(float64(i%1000) * 0.01)
	}
	_ = s
}

// Min and Max give the built-ins' bits on every pair of special values.
func TestMinMaxAsBuiltins(t *testing.T) {
	vals := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1, 5e-324, -5e-324, math.MaxFloat64, 2.5}
	for _, x := range vals {
		for _, y := range vals {
			if g, w := Max(x, y), max(x, y); math.Float64bits(g) != math.Float64bits(w) && !(g != g && w != w) {
				t.Errorf("Max(%v, %v) = %v, built-in %v", x, y, g, w)
			}
			if g, w := Min(x, y), min(x, y); math.Float64bits(g) != math.Float64bits(w) && !(g != g && w != w) {
				t.Errorf("Min(%v, %v) = %v, built-in %v", x, y, g, w)
			}
		}
	}
}

// PowLn(x, math.Log(x), y) is Pow(x, y), bit for bit, for fractional and
// integer exponents, x in [0, 1] with its ends, and the special values.
func TestPowLnIsPow(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	xs := []float64{0, 1, 0.5, math.SmallestNonzeroFloat64, 1 - 1.0/(1<<53), -1, math.Inf(1), math.NaN()}
	ys := []float64{0, 1, 2, 20, 0.5, 20.0 / 12, 5.0 / 12, -1.5, math.Inf(1), math.NaN()}
	for i := range 200000 {
		x, y := r.Float64(), 20*r.Float64()
		if i < len(xs)*len(ys) {
			x, y = xs[i%len(xs)], ys[i/len(xs)]
		} else if i%5 == 0 {
			y = float64(r.IntN(40)) // integer: math.Pow's path
		}
		got, want := PowLn(x, math.Log(x), y), Pow(x, y)
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("PowLn(%v, ln x, %v) = %v, Pow = %v", x, y, got, want)
		}
	}
}
