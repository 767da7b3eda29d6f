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

// expLdexp is Exp as it was before its exponent-field fast path: the same
// reduction and polynomial, always finished by math.Ldexp.
func expLdexp(x float64) float64 {
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
	return math.Ldexp(y, k)
}

// Exp's fast path (k added to the exponent field) gives Ldexp's bits: on
// random arguments over the whole range, at every k around the path's
// limits ±1020 and near the overflow and underflow thresholds.
func TestExpFastPathIsLdexp(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	check := func(x float64) {
		t.Helper()
		if got, want := Exp(x), expLdexp(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("Exp(%v) = %v (%#x), Ldexp gives %v (%#x)", x, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	for i := 0; i < 1_000_000; i++ {
		check((r.Float64() - 0.5) * 1500)
		check((r.Float64() - 0.5) * 8)
	}
	for k := 1000; k <= 1030; k++ {
		for _, s := range []float64{-1, 1} {
			for _, d := range []float64{-0.5, -0.35, -1e-9, 0, 1e-9, 0.35, 0.5} {
				check(s * (float64(k) + d) * math.Ln2)
			}
		}
	}
	for _, x := range []float64{overflow, math.Nextafter(overflow, 0), underflow, math.Nextafter(underflow, 0),
		-708.39, -708.4, -709, -744, -745, 709, 709.7, nearZero, -nearZero, 0, math.Inf(1), math.Inf(-1), math.NaN()} {
		check(x)
	}
}
