package teach

import (
	"math"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/problem"
)

// all returns every teaching problem through New, in teaching order.
func all(t *testing.T) []problem.Problem {
	t.Helper()
	var ps []problem.Problem
	for _, name := range Names() {
		p, err := New(name)
		if err != nil {
			t.Fatalf("New(%q): %v", name, err)
		}
		ps = append(ps, p)
	}
	return ps
}

// eval returns f and the violation v at (x, y).
func eval(p problem.Problem, x, y float64) (f, v float64) {
	e := problem.NewEvaluator(p)
	return e.Eval([]float64{x, y})
}

func TestNamesAndNew(t *testing.T) {
	names := Names()
	if len(names) < 6 {
		t.Fatalf("only %d teaching problems, want at least 6", len(names))
	}
	want := []string{"rosenbrock", "valley", "abs", "disc", "circle", "islands", "himmelblau", "rastrigin"}
	if !slices.Equal(names, want) {
		t.Errorf("Names() = %v, want %v", names, want)
	}
	names[0] = "changed"
	if Names()[0] != "rosenbrock" {
		t.Error("Names returns the package's own slice")
	}
	seen := map[string]bool{}
	for _, p := range all(t) {
		name := p.Name()
		if seen[name] {
			t.Errorf("duplicate name %q", name)
		}
		seen[name] = true
		if name != strings.ToLower(name) || strings.ContainsAny(name, " /?&#%") {
			t.Errorf("name %q is not a short lowercase URL key", name)
		}
		if _, ok := p.(problem.Optimum); !ok {
			t.Errorf("%s does not implement problem.Optimum", name)
		}
		d, ok := p.(problem.Describer)
		if !ok {
			t.Errorf("%s does not implement problem.Describer", name)
			continue
		}
		if desc := d.Description(); desc == "" || strings.Contains(desc, "\n") {
			t.Errorf("%s: description %q is not one line", name, desc)
		}
	}
}

func TestNewUnknown(t *testing.T) {
	for _, name := range []string{"", "Rosenbrock", "sphere", "disc "} {
		p, err := New(name)
		if err == nil || p != nil {
			t.Fatalf("New(%q) = %v, %v; want an error", name, p, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, `"`+name+`"`) {
			t.Errorf("error %q does not name %q", msg, name)
		}
		for _, known := range Names() {
			if !strings.Contains(msg, known) {
				t.Errorf("error %q does not list %q", msg, known)
			}
		}
		if strings.Contains(msg, "\n") {
			t.Errorf("error %q is not one line", msg)
		}
	}
}

func TestBounds(t *testing.T) {
	for _, p := range all(t) {
		if p.Dim() != 2 {
			t.Errorf("%s: Dim() = %d, want 2", p.Name(), p.Dim())
		}
		lo, hi := p.Bounds()
		if len(lo) != 2 || len(hi) != 2 {
			t.Fatalf("%s: bounds have lengths %d, %d", p.Name(), len(lo), len(hi))
		}
		for i := range lo {
			if !(lo[i] < hi[i]) || math.IsInf(lo[i], 0) || math.IsInf(hi[i], 0) {
				t.Errorf("%s: bound %d is [%v, %v]", p.Name(), i, lo[i], hi[i])
			}
		}
		if p.NumIneq() < 0 || p.NumEq() < 0 {
			t.Errorf("%s: negative constraint counts", p.Name())
		}
		x, _ := p.(problem.Optimum).Optimum()
		for i := range x {
			if x[i] < lo[i] || x[i] > hi[i] {
				t.Errorf("%s: optimum %v outside the box", p.Name(), x)
			}
		}
	}
}

// TestOptimumValue checks f(x*) against the stated f* and that x* is
// feasible.
func TestOptimumValue(t *testing.T) {
	for _, p := range all(t) {
		x, fstar := p.(problem.Optimum).Optimum()
		if len(x) != 2 {
			t.Fatalf("%s: optimum %v has %d coordinates", p.Name(), x, len(x))
		}
		f, v := eval(p, x[0], x[1])
		if math.Abs(f-fstar) > 1e-14*(1+math.Abs(fstar)) {
			t.Errorf("%s: f(x*) = %.17g, stated f* = %.17g", p.Name(), f, fstar)
		}
		if v != 0 {
			t.Errorf("%s: x* = %v has violation %g", p.Name(), x, v)
		}
		// The returned slice is the caller's.
		x[0] = 99
		if y, _ := p.(problem.Optimum).Optimum(); y[0] == 99 {
			t.Errorf("%s: Optimum returns a shared slice", p.Name())
		}
	}
	// Strict feasibility for the inequality problems, and |h| within δ
	// for the equality one.
	g := make([]float64, 1)
	for _, p := range []interface {
		problem.Problem
		problem.Optimum
	}{Disc{}, Islands{}} {
		x, _ := p.Optimum()
		p.Evaluate(x, g, nil)
		if g[0] > 0 {
			t.Errorf("%s: g(x*) = %g > 0", p.Name(), g[0])
		}
	}
	x, _ := Circle{}.Optimum()
	Circle{}.Evaluate(x, nil, g)
	if math.Abs(g[0]) > problem.EqualityTolerance {
		t.Errorf("circle: |h(x*)| = %g > δ", math.Abs(g[0]))
	}
}

// TestLocalMinimum samples feasible points densely in a small disc around
// x* (radius 1e−2 and 1e−5) and checks that none beats f*.
func TestLocalMinimum(t *testing.T) {
	const tol = 1e-12
	for _, p := range all(t) {
		if p.NumEq() > 0 {
			continue // TestEqualityOnCurve
		}
		xs, fstar := p.(problem.Optimum).Optimum()
		feasible := 0
		for _, r := range []float64{1e-2, 1e-5} {
			for i := 1; i <= 40; i++ {
				rho := r * float64(i) / 40
				for k := range 360 {
					a := 2 * math.Pi * float64(k) / 360
					f, v := eval(p, xs[0]+rho*math.Cos(a), xs[1]+rho*math.Sin(a))
					if v != 0 {
						continue
					}
					feasible++
					if f < fstar-tol {
						t.Fatalf("%s: f(%v + %g∠%d°) = %.17g < f* = %.17g", p.Name(), xs, rho, k, f, fstar)
					}
				}
			}
		}
		if feasible < 1000 {
			t.Errorf("%s: only %d feasible samples near x*", p.Name(), feasible)
		}
	}
}

// TestGlobalGrid checks the global claim on a 401×401 grid over the box:
// no feasible grid point beats f*.
func TestGlobalGrid(t *testing.T) {
	const n = 401
	for _, p := range all(t) {
		if p.NumEq() > 0 {
			continue // a grid hits the curve nowhere; see TestEqualityOnCurve
		}
		_, fstar := p.(problem.Optimum).Optimum()
		lo, hi := p.Bounds()
		best, bx, by := math.Inf(1), 0.0, 0.0
		for j := range n {
			y := lo[1] + (hi[1]-lo[1])*float64(j)/(n-1)
			for i := range n {
				x := lo[0] + (hi[0]-lo[0])*float64(i)/(n-1)
				f, v := eval(p, x, y)
				if math.IsNaN(f) {
					t.Fatalf("%s: f(%g, %g) is NaN", p.Name(), x, y)
				}
				if v == 0 && f < best {
					best, bx, by = f, x, y
				}
			}
		}
		if best < fstar-1e-12 {
			t.Errorf("%s: grid point (%g, %g) has f = %.17g < f* = %.17g", p.Name(), bx, by, best, fstar)
		}
		if math.IsInf(best, 1) {
			t.Errorf("%s: no feasible grid point", p.Name())
		}
	}
}

// TestEqualityOnCurve checks Circle on its constraint curve: 100 000 points
// of the whole circle (the global claim) and 10 000 within ±0.01 rad of x*
// (the local one), none below f*; and that the δ-relaxed annulus cannot
// beat f* by more than the documented 1 − (2 − √(1+δ))².
func TestEqualityOnCurve(t *testing.T) {
	p := Circle{}
	xs, fstar := p.Optimum()
	t0 := math.Atan2(xs[1], xs[0])
	check := func(n int, from, width float64) {
		for k := range n {
			a := from + width*float64(k)/float64(n)
			f, v := eval(p, math.Cos(a), math.Sin(a))
			if v != 0 {
				t.Fatalf("point at angle %g on the circle counted infeasible (v = %g)", a, v)
			}
			if f < fstar-1e-12 {
				t.Fatalf("f at angle %g = %.17g < f* = %.17g", a, f, fstar)
			}
		}
	}
	check(100000, -math.Pi, 2*math.Pi)
	check(10000, t0-0.01, 0.02)

	slack := 1 - math.Pow(2-math.Sqrt(1+problem.EqualityTolerance), 2)
	for _, r := range []float64{math.Sqrt(1 - problem.EqualityTolerance), 1, math.Sqrt(1+problem.EqualityTolerance) * (1 - 1e-15)} {
		f, v := eval(p, r*math.Cos(t0), r*math.Sin(t0))
		if v != 0 {
			t.Errorf("radius %.17g counted infeasible", r)
		}
		if f < fstar-slack-1e-12 {
			t.Errorf("radius %.17g: f = %.17g beats f* by more than %g", r, f, slack)
		}
	}
	if slack < 0.99e-4 || slack > 1.01e-4 {
		t.Errorf("documented slack ≈ 1e−4, got %g", slack)
	}
}

// TestDiscOptimum re-derives Disc's optimum in float64: bisection on
// dφ/dt for φ(t) = f(cos t, sin t), then the KKT condition.
func TestDiscOptimum(t *testing.T) {
	phi := func(a float64) float64 { return rosenbrock(math.Cos(a), math.Sin(a)) }
	dphi := func(a float64) float64 {
		x, y := math.Cos(a), math.Sin(a)
		fx := -2*(1-x) - 400*x*(y-x*x)
		fy := 200 * (y - x*x)
		return -fx*y + fy*x
	}
	lo, hi := 0.5, 0.8
	if !(dphi(lo) < 0 && dphi(hi) > 0) {
		t.Fatalf("no sign change of dφ/dt on [%g, %g]", lo, hi)
	}
	for range 200 {
		mid := (lo + hi) / 2
		if dphi(mid) < 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	ts := (lo + hi) / 2
	xs, fstar := Disc{}.Optimum()
	if math.Abs(math.Cos(ts)-xs[0]) > 1e-13 || math.Abs(math.Sin(ts)-xs[1]) > 1e-13 {
		t.Errorf("bisection gives (%.17g, %.17g), stated %v", math.Cos(ts), math.Sin(ts), xs)
	}
	if math.Abs(phi(ts)-fstar) > 1e-15 {
		t.Errorf("φ(t*) = %.17g, stated f* = %.17g", phi(ts), fstar)
	}
	// φ on the whole circle: t* is the global minimum of the boundary.
	for k := range 100000 {
		a := -math.Pi + 2*math.Pi*float64(k)/100000
		if phi(a) < fstar-1e-15 {
			t.Fatalf("φ(%g) = %.17g < f*", a, phi(a))
		}
	}
	// KKT: ∇f = −λ∇g with λ > 0, ∇g = 2x.
	x, y := xs[0], xs[1]
	fx := -2*(1-x) - 400*x*(y-x*x)
	fy := 200 * (y - x*x)
	l1, l2 := -fx/(2*x), -fy/(2*y)
	if !(l1 > 0) || math.Abs(l1-l2) > 1e-10 || math.Abs(l1-0.12149655699928839) > 1e-10 {
		t.Errorf("KKT multipliers %.17g, %.17g; want equal, positive ≈ 0.1215", l1, l2)
	}
}

func TestHimmelblauMinima(t *testing.T) {
	p := Himmelblau{}
	m := p.Minima()
	if len(m) != 4 || m[0] != [2]float64{3, 2} {
		t.Fatalf("Minima() = %v", m)
	}
	for _, q := range m {
		f, _ := eval(p, q[0], q[1])
		if f > 1e-26 {
			t.Errorf("f(%v) = %g, want 0", q, f)
		}
		a, b := q[0]*q[0]+q[1]-11, q[0]+q[1]*q[1]-7
		gx, gy := 4*q[0]*a+2*b, 2*a+4*q[1]*b
		if math.Hypot(gx, gy) > 1e-12 {
			t.Errorf("∇f(%v) = (%g, %g)", q, gx, gy)
		}
	}
	m[1][0] = 0
	if p.Minima()[1][0] == 0 {
		t.Error("Minima returns a shared slice")
	}
}

func TestIslandsLocalOptimum(t *testing.T) {
	p := Islands{}
	x, fl := p.LocalOptimum()
	f, v := eval(p, x[0], x[1])
	if v != 0 || f != fl {
		t.Fatalf("local optimum %v: f = %g (stated %g), v = %g", x, f, fl, v)
	}
	_, fstar := p.Optimum()
	if !(fl > fstar) {
		t.Errorf("local optimum %g is not worse than f* = %g", fl, fstar)
	}
	// It is a local minimum of the large island.
	for k := range 3600 {
		a := 2 * math.Pi * float64(k) / 3600
		for _, r := range []float64{1e-6, 1e-3, 1e-1} {
			g, w := eval(p, x[0]+r*math.Cos(a), x[1]+r*math.Sin(a))
			if w == 0 && g < fl-1e-12 {
				t.Fatalf("f = %g < %g near the local optimum", g, fl)
			}
		}
	}
	// The islands are disjoint: the midpoint between the optima is at sea.
	if _, v := eval(p, 0, 0); v == 0 {
		t.Error("the origin is feasible; the islands should be separate")
	}
}

// TestAbsPrincipalDirection reproduces §3.3: points x_i = 1, y_i = i lie on
// one level line of f, which is perpendicular to the gradient (1, 0).
func TestAbsPrincipalDirection(t *testing.T) {
	p := Abs{}
	for i := 1; i <= 8; i++ {
		f, _ := eval(p, 1, float64(i))
		if f != 1 {
			t.Errorf("f(1, %d) = %g, want 1", i, f)
		}
	}
	for _, y := range []float64{-2, 0.5, 2} {
		if f, _ := eval(p, 0, y); f != 0 {
			t.Errorf("f(0, %g) = %g, want 0 (every point of x = 0 is optimal)", y, f)
		}
	}
}

// TestValleyDirection checks that f grows 1000 times faster across the
// valley than along it.
func TestValleyDirection(t *testing.T) {
	p := Valley{}
	xs, _ := p.Optimum()
	c, s := math.Cos(ValleyAngle), math.Sin(ValleyAngle)
	along, _ := eval(p, xs[0]+c, xs[1]+s)
	across, _ := eval(p, xs[0]-s, xs[1]+c)
	if math.Abs(along-1) > 1e-12 || math.Abs(across-ValleyCondition) > 1e-9 {
		t.Errorf("f one unit along the valley = %g (want 1), across = %g (want %d)", along, across, ValleyCondition)
	}
}

func TestRosenbrockValues(t *testing.T) {
	for _, c := range []struct{ x, y, f float64 }{
		{1, 1, 0}, {0, 0, 1}, {-1, 1, 4}, {2, -1, 2501}, {-1, -1, 404},
	} {
		if f, _ := eval(Rosenbrock{}, c.x, c.y); f != c.f {
			t.Errorf("f(%g, %g) = %g, want %g", c.x, c.y, f, c.f)
		}
	}
}

// TestFiniteOutput evaluates every problem at extreme finite points and
// checks that f and the constraint values are never NaN.
func TestFiniteOutput(t *testing.T) {
	vals := []float64{0, -1e300, 1e300, math.MaxFloat64, -math.MaxFloat64, 1e-300, 5}
	for _, p := range all(t) {
		e := problem.NewEvaluator(p)
		for _, a := range vals {
			for _, b := range vals {
				f, v := e.Eval([]float64{a, b})
				if math.IsNaN(f) || math.IsNaN(v) {
					t.Errorf("%s(%g, %g): f = %g, v = %g", p.Name(), a, b, f, v)
				}
			}
		}
	}
}

func TestNoAllocations(t *testing.T) {
	for _, p := range all(t) {
		x := []float64{0.3, -0.2}
		g := make([]float64, p.NumIneq())
		h := make([]float64, p.NumEq())
		sink := 0.0
		allocs := testing.AllocsPerRun(100, func() {
			sink += p.Evaluate(x, g, h)
		})
		if allocs != 0 {
			t.Errorf("%s: Evaluate allocates %g times per call", p.Name(), allocs)
		}
		allocs = testing.AllocsPerRun(100, func() {
			lo, _ := p.Bounds()
			sink += lo[0]
		})
		if allocs != 0 {
			t.Errorf("%s: Bounds allocates %g times per call", p.Name(), allocs)
		}
		_ = sink
	}
}

// TestConcurrent evaluates every problem from several goroutines at once
// and compares with a serial run (run with -race to check for shared state).
func TestConcurrent(t *testing.T) {
	ps := all(t)
	sum := func() float64 {
		s := 0.0
		for _, p := range ps {
			e := problem.NewEvaluator(p)
			for i := range 500 {
				f, v := e.Eval([]float64{float64(i%7)/3 - 1, float64(i%11)/5 - 1})
				s += f + v
			}
		}
		return s
	}
	want := sum()
	done := make(chan float64)
	for range 4 {
		go func() { done <- sum() }()
	}
	for range 4 {
		if got := <-done; got != want {
			t.Errorf("concurrent sum %.17g, serial %.17g", got, want)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for _, name := range Names() {
		p, _ := New(name)
		b.Run(name, func(b *testing.B) {
			x := []float64{0.3, -0.2}
			g := make([]float64, p.NumIneq())
			h := make([]float64, p.NumEq())
			b.ReportAllocs()
			for b.Loop() {
				p.Evaluate(x, g, h)
			}
		})
	}
}
