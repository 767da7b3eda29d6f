package pca_test

import (
	"errors"
	"fmt"
	"math"
	mrand "math/rand"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/quick"

	"pcaplay/core/pca"
)

// ---------------------------------------------------------------------------
// helpers

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

func uniformPoints(r *rand.Rand, count, n int, lo, hi float64) []float64 {
	x := make([]float64, count*n)
	for i := range x {
		x[i] = lo + (hi-lo)*r.Float64()
	}
	return x
}

// byValue ranks point i before j when f[i] < f[j].
func byValue(f []float64) func(i, j int) bool {
	return func(i, j int) bool { return f[i] < f[j] }
}

func row(a []float64, n, i int) []float64 { return a[i*n : (i+1)*n] }

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func norm(a []float64) float64 { return math.Sqrt(dot(a, a)) }

// maxAbs is max |a_i|, at least 1 so it can serve as a relative scale.
func maxAbs(a []float64) float64 {
	m := 1.0
	for _, v := range a {
		m = max(m, math.Abs(v))
	}
	return m
}

// maxDiff is max |a_i − b_i|.
func maxDiff(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d = max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

// naiveMeanCov is the textbook mean and 1/(len(rows)−1) covariance, written
// independently of the package (plain loops, no scaling).
func naiveMeanCov(x []float64, n int, rows []int) (mean, cov []float64) {
	mean = make([]float64, n)
	for _, i := range rows {
		for j := range n {
			mean[j] += x[i*n+j]
		}
	}
	for j := range mean {
		mean[j] /= float64(len(rows))
	}
	cov = make([]float64, n*n)
	for _, i := range rows {
		for a := range n {
			for b := range n {
				cov[a*n+b] += (x[i*n+a] - mean[a]) * (x[i*n+b] - mean[b])
			}
		}
	}
	for i := range cov {
		cov[i] /= float64(len(rows) - 1)
	}
	return mean, cov
}

// reproject projects the points z (count×n) onto the first m axes of p's
// basis: m + V Vᵀ (z − m).
func reproject(p *pca.Projection, z []float64) []float64 {
	n, m := p.N, p.M
	out := make([]float64, len(z))
	for i := 0; i < len(z)/n; i++ {
		zi, oi := row(z, n, i), row(out, n, i)
		copy(oi, p.Mean)
		for c := range m {
			v := row(p.Vectors, n, c)
			y := 0.0
			for j := range n {
				y += v[j] * (zi[j] - p.Mean[j])
			}
			for j := range n {
				oi[j] += y * v[j]
			}
		}
	}
	return out
}

func hasNonFinite(slices ...[]float64) bool {
	for _, s := range slices {
		for _, v := range s {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return true
			}
		}
	}
	return false
}

// checkBasis asserts the eigen properties of (values, vectors) against the
// independently computed covariance cov.
func checkBasis(t *testing.T, n int, values, vectors, cov []float64) {
	t.Helper()
	for j := range n {
		if values[j] < 0 {
			t.Errorf("λ%d = %g < 0", j+1, values[j])
		}
		if j > 0 && values[j] > values[j-1] {
			t.Errorf("eigenvalues not descending: λ%d = %g > λ%d = %g", j+1, values[j], j, values[j-1])
		}
	}
	scale := max(values[0], 1e-300)
	for a := range n {
		va := row(vectors, n, a)
		// orthonormal
		for b := range n {
			want := 0.0
			if a == b {
				want = 1
			}
			if got := dot(va, row(vectors, n, b)); math.Abs(got-want) > 1e-12 {
				t.Errorf("v%d·v%d = %g, want %g", a+1, b+1, got, want)
			}
		}
		// Σ v = λ v
		for i := range n {
			sv := dot(row(cov, n, i), va)
			if d := math.Abs(sv - values[a]*va[i]); d > 1e-10*scale {
				t.Errorf("(Σv%d)_%d − λv = %g", a+1, i, d)
			}
		}
		// sign convention: largest |coordinate| positive, ties by lowest index
		big, at := -1.0, 0
		for i, v := range va {
			if math.Abs(v) > big {
				big, at = math.Abs(v), i
			}
		}
		if va[at] <= 0 {
			t.Errorf("v%d = %v: largest coordinate %d is not positive", a+1, va, at)
		}
	}
	tr := 0.0
	for i := range n {
		tr += cov[i*n+i]
	}
	sum := 0.0
	for _, v := range values {
		sum += v
	}
	if math.Abs(tr-sum) > 1e-10*max(tr, 1e-300) {
		t.Errorf("Σλ = %g, trace Σ = %g", sum, tr)
	}
}

// ---------------------------------------------------------------------------
// Project

func TestProjectIdenticalPointsStay(t *testing.T) {
	cases := []struct {
		name    string
		x       []float64
		n, k, m int
		f       []float64
	}{
		{"all identical", []float64{0.1, 0.2, 0.3, 0.1, 0.2, 0.3, 0.1, 0.2, 0.3, 0.1, 0.2, 0.3}, 3, 3, 2, []float64{4, 3, 2, 1}},
		{"best k identical, others differ", []float64{5, -1, 0.7, 0.7, 9, 9, 0.7, 0.7, 0.7, 0.7, -3, 2}, 2, 3, 1, []float64{10, 1, 11, 2, 3, 12}},
		{"k = 2, one dimension", []float64{1e-300, 1e-300, 7}, 1, 2, 1, []float64{0, 0, 5}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := pca.Project(c.x, c.n, byValue(c.f), c.k, c.m)
			if !errors.Is(err, pca.ErrZeroVariance) {
				t.Fatalf("err = %v, want ErrZeroVariance", err)
			}
			if p == nil {
				t.Fatal("nil result with ErrZeroVariance")
			}
			if !slices.Equal(p.Points, c.x) {
				t.Errorf("Points = %v, want the input %v", p.Points, c.x)
			}
			if !slices.Equal(p.Mean, row(c.x, c.n, p.Selected[0])) {
				t.Errorf("Mean = %v, want the identical point %v", p.Mean, row(c.x, c.n, p.Selected[0]))
			}
			for _, v := range p.Values {
				if v != 0 {
					t.Errorf("Values = %v, want zeros", p.Values)
				}
			}
			if hasNonFinite(p.Mean, p.Values, p.Vectors, p.Coords, p.Points) {
				t.Error("non-finite output")
			}
		})
	}
}

func TestProjectCollinearPointsDoNotMove(t *testing.T) {
	cases := []struct {
		name   string
		p, a   []float64
		ts     []float64
		k, m   int
		wantV1 []float64 // expected first axis (unit, sign-fixed), nil: a/|a| sign-fixed
	}{
		// The paper's example (§3.3): x_i = 1, y_i = i, the axis is x = 1.
		{"paper x=1,y=i", []float64{1, 0}, []float64{0, 1}, []float64{1, 2, 3, 4, 5, 6, 7, 8}, 8, 1, []float64{0, 1}},
		// |v_1| = |v_2|: the tie goes to the lowest index, which is made positive.
		{"sign tie (1,-1)", []float64{0, 0}, []float64{1, -1}, []float64{0, 1, 2, 3}, 3, 1, []float64{math.Sqrt2 / 2, -math.Sqrt2 / 2}},
		{"sign tie (-1,1)", []float64{0, 0}, []float64{-1, 1}, []float64{0, 1, 2, 3}, 4, 1, []float64{math.Sqrt2 / 2, -math.Sqrt2 / 2}},
		{"2D diagonal, m=2", []float64{-3, 4}, []float64{1, 2}, []float64{0, 0.5, -1, 2, 3, -2.5}, 4, 2, nil},
		{"5D line, m=3, non-selected also on the line", []float64{1, -2, 0.5, 3, 10}, []float64{0.3, -1, 2, 0.25, -0.5}, []float64{-4, -1, 0, 1, 2, 5, 7, 11, 13}, 5, 3, nil},
		{"10D line, m=5 (k=8)", []float64{100, -50, 3, 3, 3, 0, 1, 2, 3, 4}, []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, -9}, []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1}, 8, 5, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := len(c.p)
			x := make([]float64, 0, len(c.ts)*n)
			f := make([]float64, len(c.ts))
			for i, ti := range c.ts {
				for j := range n {
					x = append(x, c.p[j]+ti*c.a[j])
				}
				f[i] = math.Abs(ti - 1) // some ranking, unrelated to the index
			}
			pr, err := pca.Project(x, n, byValue(f), c.k, c.m)
			if err != nil {
				t.Fatal(err)
			}
			if d := maxDiff(pr.Points, x); d > 1e-12*maxAbs(x) {
				t.Errorf("collinear points moved by %g", d)
			}
			want := c.wantV1
			if want == nil {
				want = make([]float64, n)
				na := norm(c.a)
				big, at := -1.0, 0
				for j, v := range c.a {
					want[j] = v / na
					if math.Abs(v) > big {
						big, at = math.Abs(v), j
					}
				}
				if want[at] < 0 {
					for j := range want {
						want[j] = -want[j]
					}
				}
			}
			if d := maxDiff(pr.Vectors[:n], want); d > 1e-12 {
				t.Errorf("v1 = %v, want %v", pr.Vectors[:n], want)
			}
			for j := 1; j < n; j++ {
				if pr.Values[j] > 1e-12*pr.Values[0] {
					t.Errorf("λ%d = %g, want ≈ 0 for collinear points (λ1 = %g)", j+1, pr.Values[j], pr.Values[0])
				}
			}
		})
	}
}

func TestProjectFullDimensionReturnsInput(t *testing.T) {
	for _, c := range []struct{ n, count, k int }{{1, 3, 2}, {2, 5, 3}, {5, 20, 8}, {10, 12, 8}, {10, 40, 40}, {30, 40, 8}} {
		for seed := range uint64(5) {
			r := newRand(seed)
			x := uniformPoints(r, c.count, c.n, -5, 5)
			f := uniformPoints(r, c.count, 1, 0, 1)
			p, err := pca.Project(x, c.n, byValue(f), c.k, c.n)
			if err != nil {
				t.Fatalf("n=%d count=%d k=%d: %v", c.n, c.count, c.k, err)
			}
			for i := range c.count {
				xi := row(x, c.n, i)
				if d := maxDiff(row(p.Points, c.n, i), xi); d > 1e-12*max(norm(xi), 1) {
					t.Errorf("n=%d count=%d k=%d seed=%d: m = n moved point %d by %g", c.n, c.count, c.k, seed, i, d)
				}
			}
		}
	}
}

func TestProjectIsIdempotent(t *testing.T) {
	for _, c := range []struct{ n, count, k, m int }{{2, 10, 4, 1}, {3, 12, 6, 2}, {10, 20, 8, 5}, {30, 16, 8, 5}, {50, 8, 8, 7}} {
		for seed := range uint64(10) {
			r := newRand(100 + seed)
			x := uniformPoints(r, c.count, c.n, -100, 100)
			f := uniformPoints(r, c.count, 1, 0, 1)
			less := byValue(f)
			p, err := pca.Project(x, c.n, less, c.k, c.m)
			if err != nil {
				t.Fatal(err)
			}
			tol := 1e-10 * maxAbs(x)
			// The projector with the same basis leaves the projected points fixed.
			if d := maxDiff(reproject(p, p.Points), p.Points); d > tol {
				t.Errorf("%+v seed %d: re-projecting with the same basis moved points by %g", c, seed, d)
			}
			// Running Project again on its own output (same ranking) gives the
			// same points: the selected projected points span the same
			// m-dimensional affine subspace (m ≤ k−1, points in general position).
			q, err := pca.Project(p.Points, c.n, less, c.k, c.m)
			if err != nil {
				t.Fatal(err)
			}
			if d := maxDiff(q.Points, p.Points); d > tol {
				t.Errorf("%+v seed %d: Project(Project(x)) differs from Project(x) by %g", c, seed, d)
			}
			if d := maxDiff(q.Mean, p.Mean); d > tol {
				t.Errorf("%+v seed %d: mean changed by %g", c, seed, d)
			}
		}
	}
}

func TestProjectEigenDecomposition(t *testing.T) {
	for _, c := range []struct{ n, count, k, m int }{{2, 6, 6, 1}, {4, 10, 8, 2}, {10, 30, 8, 5}, {10, 30, 30, 10}, {30, 50, 8, 5}} {
		for seed := range uint64(4) {
			r := newRand(200 + seed)
			x := uniformPoints(r, c.count, c.n, -10, 30)
			f := uniformPoints(r, c.count, 1, 0, 1)
			p, err := pca.Project(x, c.n, byValue(f), c.k, c.m)
			if err != nil {
				t.Fatal(err)
			}
			if p.N != c.n || p.Count != c.count || p.K != c.k || p.M != c.m ||
				len(p.Selected) != c.k || len(p.Mean) != c.n || len(p.Values) != c.n ||
				len(p.Vectors) != c.n*c.n || len(p.Coords) != c.count*c.m || len(p.Points) != c.count*c.n {
				t.Fatalf("%+v: wrong shapes in %+v", c, p)
			}
			mean, cov := naiveMeanCov(x, c.n, p.Selected)
			if d := maxDiff(p.Mean, mean); d > 1e-12*maxAbs(mean) {
				t.Errorf("%+v: mean differs from the textbook mean by %g", c, d)
			}
			checkBasis(t, c.n, p.Values, p.Vectors, cov)
			// Coords and Points follow y = Vᵀ(x − m), x' = m + V y.
			for i := range c.count {
				xi, yi := row(x, c.n, i), row(p.Coords, c.m, i)
				want := slices.Clone(p.Mean)
				for a := range c.m {
					v := row(p.Vectors, c.n, a)
					y := 0.0
					for j := range c.n {
						y += v[j] * (xi[j] - p.Mean[j])
					}
					if math.Abs(y-yi[a]) > 1e-10*maxAbs(x) {
						t.Errorf("%+v: y%d of point %d = %g, want %g", c, a+1, i, yi[a], y)
					}
					for j := range c.n {
						want[j] += yi[a] * v[j]
					}
				}
				if d := maxDiff(row(p.Points, c.n, i), want); d > 1e-10*maxAbs(x) {
					t.Errorf("%+v: x'_%d off by %g", c, i, d)
				}
			}
		}
	}
}

func TestProjectSelection(t *testing.T) {
	// 6 points in 1D; ranking by the feasibility rule with ties.
	x := []float64{0, 1, 2, 3, 4, 5}
	f := []float64{3, 1, 1, 0, 7, -5}
	v := []float64{0, 0, 0, 0, 0.5, 2}
	p, err := pca.Project(x, 1, pca.ByFeasibility(f, v), 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	// feasible by f: 3 (f=0), 1 and 2 (tie f=1, lower index first), 0 (f=3);
	// then infeasible by v: 4 (v=0.5) before 5 (v=2).
	if want := []int{3, 1, 2, 0, 4}; !slices.Equal(p.Selected, want) {
		t.Errorf("Selected = %v, want %v", p.Selected, want)
	}
	if p.Mean[0] != 2 { // (3+1+2+0+4)/5
		t.Errorf("Mean = %v, want 2", p.Mean)
	}
	// All-equal ranking: the first k indices, in order.
	q, err := pca.Project([]float64{1, 2, 3, 4}, 1, func(i, j int) bool { return false }, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 2}; !slices.Equal(q.Selected, want) {
		t.Errorf("all ties: Selected = %v, want %v", q.Selected, want)
	}
}

func TestByFeasibility(t *testing.T) {
	f := []float64{5, 1, 3, math.NaN(), 0}
	v := []float64{0, 0, 2, 0, 1}
	less := pca.ByFeasibility(f, v)
	cases := []struct {
		i, j int
		want bool
	}{
		{1, 0, true},  // both feasible, f 1 < 5
		{0, 1, false}, //
		{0, 2, true},  // feasible beats infeasible even with larger f
		{2, 0, false}, //
		{4, 2, true},  // both infeasible, v 1 < 2
		{1, 3, true},  // NaN f ranks last among feasible
		{3, 1, false}, //
		{0, 9, true},  // out of range ranks last
		{9, 0, false}, //
		{1, 1, false}, // irreflexive
	}
	for _, c := range cases {
		if got := less(c.i, c.j); got != c.want {
			t.Errorf("less(%d, %d) = %v, want %v", c.i, c.j, got, c.want)
		}
	}
}

// TestRosenbrockValley checks the claim of §3.1 (Fig. 1): the
// first principal axis of the 6 best of 20 random points in [−1,2]² is
// closer to the valley direction of f = (1−x)² + 100(y−x²)² than the first
// axis of all 20 points. (The paper's displayed formula, eq. (17), lacks
// the square on (y − x²); we use the standard Rosenbrock function whose
// minimum (1, 1) the paper quotes.) The valley is the parabola y = x²; its
// direction where the good points lie is the tangent (1, 2x̄) at the mean x̄
// of the selected points (for a parabola the chord between two points has
// the slope of the tangent at their midpoint). The claim is statistical, so
// we count seeds and require a clear majority.
func TestRosenbrockValley(t *testing.T) {
	const seeds = 200
	wins := 0
	var sumSel, sumAll float64
	for seed := range uint64(seeds) {
		r := newRand(1000 + seed)
		x := uniformPoints(r, 20, 2, -1, 2)
		f := make([]float64, 20)
		for i := range f {
			a, b := x[2*i], x[2*i+1]
			f[i] = (1-a)*(1-a) + 100*(b-a*a)*(b-a*a)
		}
		sel, err := pca.Project(x, 2, byValue(f), 6, 1)
		if err != nil {
			t.Fatal(err)
		}
		all, err := pca.Project(x, 2, byValue(f), 20, 1)
		if err != nil {
			t.Fatal(err)
		}
		tan := []float64{1, 2 * sel.Mean[0]}
		cosSel := math.Abs(dot(sel.Vectors[:2], tan)) / norm(tan)
		cosAll := math.Abs(dot(all.Vectors[:2], tan)) / norm(tan)
		sumSel += cosSel
		sumAll += cosAll
		if cosSel > cosAll {
			wins++
		}
	}
	t.Logf("first axis of the 6 best closer to the valley than that of all 20 in %d of %d seeds (mean |cos| %.3f vs %.3f)",
		wins, seeds, sumSel/seeds, sumAll/seeds)
	if 2*wins <= seeds {
		t.Errorf("valley claim holds in only %d of %d seeds, want a majority", wins, seeds)
	}
}

func TestProjectErrors(t *testing.T) {
	ok := []float64{0, 0, 1, 0, 0, 1, 1, 1}
	less := func(i, j int) bool { return i < j }
	cases := []struct {
		name    string
		x       []float64
		n, k, m int
		less    func(i, j int) bool
		want    string
	}{
		{"n < 1", ok, 0, 2, 1, less, "n = 0"},
		{"n negative", ok, -3, 2, 1, less, "n = -3"},
		{"length", ok[:7], 2, 2, 1, less, "len(x) = 7"},
		{"k < 2", ok, 2, 1, 1, less, "k = 1"},
		{"count < k", ok, 2, 5, 1, less, "k = 5 exceeds the number of points 4"},
		{"no points", nil, 2, 2, 1, less, "k = 2 exceeds the number of points 0"},
		{"m < 1", ok, 2, 3, 0, less, "m = 0"},
		{"m > n", ok, 2, 3, 3, less, "m = 3"},
		{"nil less", ok, 2, 3, 1, nil, "less is nil"},
		{"NaN", []float64{0, 0, 1, math.NaN(), 0, 1}, 2, 2, 1, less, "point 1 coordinate 1 = NaN"},
		{"+Inf", []float64{0, 0, 1, 0, math.Inf(1), 1}, 2, 2, 1, less, "point 2 coordinate 0 = +Inf"},
		{"-Inf in a non-selected point", []float64{0, 0, 1, 0, 0, 1, 2, math.Inf(-1)}, 2, 2, 1, less, "point 3 coordinate 1 = -Inf"},
		{"overflowing spread", []float64{-1.7e308, 1, 1.7e308, 2}, 2, 2, 1, less, "float64"},
		{"overflowing eigenvalue", []float64{-1e200, 0, 1e200, 0}, 2, 2, 1, less, "overflows"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := pca.Project(c.x, c.n, c.less, c.k, c.m)
			if err == nil {
				t.Fatalf("no error, result %+v", p)
			}
			if p != nil {
				t.Errorf("non-nil result with error %v", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q, want one line containing %q", msg, c.want)
			}
		})
	}
}

// special returns a random coordinate that is sometimes NaN, ±Inf, huge or
// tiny, to hunt for panics and NaN output.
func special(r *rand.Rand) float64 {
	switch r.IntN(12) {
	case 0:
		return math.NaN()
	case 1:
		return math.Inf(1 - 2*r.IntN(2))
	case 2:
		return (1 - 2*r.Float64()) * math.MaxFloat64
	case 3:
		return (1 - 2*r.Float64()) * 1e-310
	case 4:
		return 0
	}
	return 10 * (1 - 2*r.Float64())
}

// checkNoNaN runs Project and Mutate on arbitrary input: they must not
// panic, and any result they return must be finite.
func checkNoNaN(t *testing.T, x []float64, n, k, m int, cmax float64, seed uint64) {
	t.Helper()
	f := make([]float64, max(len(x), 1))
	for i := range f {
		f[i] = float64((i * 7) % 5)
	}
	p, err := pca.Project(x, n, byValue(f), k, m)
	if err != nil && !errors.Is(err, pca.ErrZeroVariance) && p != nil {
		t.Errorf("Project: result with error %v", err)
	}
	if p != nil && hasNonFinite(p.Mean, p.Values, p.Vectors, p.Coords, p.Points) {
		t.Errorf("Project(%v, n=%d, k=%d, m=%d): non-finite output %+v", x, n, k, m, p)
	}
	mu, err := pca.Mutate(x, n, cmax, newRand(seed))
	if err != nil && !errors.Is(err, pca.ErrZeroVariance) && mu != nil {
		t.Errorf("Mutate: result with error %v", err)
	}
	if mu != nil && hasNonFinite(mu.Mean, mu.Values, mu.Vectors, mu.Coords, mu.Mutated, mu.Points) {
		t.Errorf("Mutate(%v, n=%d, cmax=%g): non-finite output %+v", x, n, cmax, mu)
	}
}

func TestNeverPanicsNeverNaN(t *testing.T) {
	r := newRand(7)
	for range 3000 {
		n := r.IntN(6) - 1
		count := r.IntN(10)
		x := make([]float64, max(count*max(n, 1)+r.IntN(2)-r.IntN(2), 0))
		for i := range x {
			x[i] = special(r)
		}
		if r.IntN(3) == 0 { // mostly-identical points
			for i := range x {
				x[i] = x[i%max(n, 1)]
			}
		}
		cmax := []float64{0, 1, 1e300, -1, math.NaN(), math.Inf(1)}[r.IntN(6)]
		checkNoNaN(t, x, n, r.IntN(count+3)-1, r.IntN(max(n, 1)+3)-1, cmax, r.Uint64())
	}
	// testing/quick: arbitrary finite float64 coordinates (quick draws them
	// over the whole exponent range).
	prop := func(raw []float64, n8, k8, m8 uint8) bool {
		n := int(n8%5) + 1
		checkNoNaN(t, raw, n, int(k8%8), int(m8%6), 1, uint64(n8))
		return true // failures are reported by checkNoNaN
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 2000, Rand: mrand.New(mrand.NewSource(1))}); err != nil {
		t.Error(err)
	}
}

func FuzzProject(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, uint8(2), uint8(2), uint8(1))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, uint8(1), uint8(2), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, n8, k8, m8 uint8) {
		x := make([]float64, len(data)/8)
		for i := range x {
			var u uint64
			for b := range 8 {
				u |= uint64(data[8*i+b]) << (8 * b)
			}
			x[i] = math.Float64frombits(u)
		}
		checkNoNaN(t, x, int(n8%6), int(k8%10), int(m8%7), 0.5, uint64(k8))
	})
}

// ---------------------------------------------------------------------------
// Mutate

func TestMutateZeroCmaxReturnsInput(t *testing.T) {
	for _, c := range []struct{ n, count int }{{1, 2}, {2, 5}, {10, 100}, {10, 6}, {30, 40}} {
		r := newRand(uint64(c.n*1000 + c.count))
		x := uniformPoints(r, c.count, c.n, -50, 50)
		mu, err := pca.Mutate(x, c.n, 0, r)
		if err != nil {
			t.Fatal(err)
		}
		if d := maxDiff(mu.Points, x); d > 1e-12*maxAbs(x) {
			t.Errorf("n=%d μ=%d: cmax = 0 moved points by %g", c.n, c.count, d)
		}
		if d := maxDiff(mu.Mutated, mu.Coords); d != 0 {
			t.Errorf("n=%d μ=%d: cmax = 0 changed y by %g", c.n, c.count, d)
		}
	}
}

func TestMutateFollowsThePaper(t *testing.T) {
	for _, c := range []struct {
		n, count int
		cmax     float64
	}{{2, 10, 1}, {5, 30, 0.5}, {10, 100, 4}, {10, 100, 1e-6}} {
		seed := uint64(c.n + c.count)
		x := uniformPoints(newRand(seed), c.count, c.n, -3, 3)
		mu, err := pca.Mutate(x, c.n, c.cmax, newRand(seed+1))
		if err != nil {
			t.Fatal(err)
		}
		all := make([]int, c.count)
		for i := range all {
			all[i] = i
		}
		// Step 1: 1/(μ−1) covariance over all points; step 2: sorted eigenpairs.
		mean, cov := naiveMeanCov(x, c.n, all)
		if d := maxDiff(mu.Mean, mean); d > 1e-12*maxAbs(mean) {
			t.Errorf("%+v: mean off by %g", c, d)
		}
		checkBasis(t, c.n, mu.Values, mu.Vectors, cov)
		// Step 4: replay the documented draws (point by point, n values each,
		// sorted non-decreasing) and check steps 3, 5–7.
		replay := newRand(seed + 1)
		cs := make([]float64, c.n)
		for i := range c.count {
			for j := range cs {
				cs[j] = c.cmax * replay.Float64()
			}
			slices.Sort(cs)
			xi, yi, yo := row(x, c.n, i), row(mu.Coords, c.n, i), row(mu.Mutated, c.n, i)
			want := slices.Clone(mu.Mean)
			for j := range c.n {
				v := row(mu.Vectors, c.n, j)
				y := 0.0
				for l := range c.n {
					y += v[l] * (xi[l] - mu.Mean[l])
				}
				if math.Abs(y-yi[j]) > 1e-12*maxAbs(x) {
					t.Errorf("%+v: y_%d,%d = %g, want %g", c, j, i, yi[j], y)
				}
				if math.Signbit(yo[j]) != math.Signbit(yi[j]) {
					t.Errorf("%+v: sign of y'_%d,%d = %g differs from y = %g", c, j, i, yo[j], yi[j])
				}
				if got := yo[j]*yo[j] - yi[j]*yi[j]; math.Abs(got-cs[j]) > 1e-12*(yi[j]*yi[j]+c.cmax) {
					t.Errorf("%+v: y'² − y² = %g for direction %d of point %d, want c = %g", c, got, j, i, cs[j])
				}
				for l := range c.n {
					want[l] += yo[j] * v[l]
				}
			}
			if d := maxDiff(row(mu.Points, c.n, i), want); d > 1e-12*maxAbs(want) {
				t.Errorf("%+v: x'_%d ≠ V y' + m (off by %g)", c, i, d)
			}
		}
	}
}

func TestMutateSignumZero(t *testing.T) {
	// Mean (0, 0); the centre point has y = 0 and stays; the points on the
	// axes have one zero coordinate and stay on their axis.
	x := []float64{-1, 0, 1, 0, 0, -2, 0, 2, 0, 0}
	mu, err := pca.Mutate(x, 2, 9, newRand(3))
	if err != nil {
		t.Fatal(err)
	}
	if got := row(mu.Points, 2, 4); got[0] != 0 || got[1] != 0 {
		t.Errorf("centre point moved to %v", got)
	}
	for i, axis := range []int{0, 0, 1, 1} {
		p := row(mu.Points, 2, i)
		if off := p[1-axis]; math.Abs(off) > 1e-12 {
			t.Errorf("point %d left its axis: %v", i, p)
		}
		if math.Abs(p[axis]) <= math.Abs(x[2*i+axis]) {
			t.Errorf("point %d was not pushed outwards: %v from %v", i, p, row(x, 2, i))
		}
	}
}

func TestMutateIdenticalPoints(t *testing.T) {
	x := []float64{0.1, -7, 0.1, -7, 0.1, -7}
	mu, err := pca.Mutate(x, 2, 5, newRand(1))
	if !errors.Is(err, pca.ErrZeroVariance) {
		t.Fatalf("err = %v, want ErrZeroVariance", err)
	}
	if mu == nil || !slices.Equal(mu.Points, x) {
		t.Fatalf("identical points moved: %+v", mu)
	}
}

func TestMutateCollinearStaysOnLine(t *testing.T) {
	p := []float64{1, 2, -3}
	a := []float64{0.5, -1, 2}
	na := norm(a)
	var x []float64
	for _, ti := range []float64{-2, -1, 0, 0.5, 1, 3, 4} {
		for j := range p {
			x = append(x, p[j]+ti*a[j])
		}
	}
	mu, err := pca.Mutate(x, 3, 2, newRand(11))
	if err != nil {
		t.Fatal(err)
	}
	moved := 0.0
	for i := range len(x) / 3 {
		q := row(mu.Points, 3, i)
		d := make([]float64, 3)
		for j := range d {
			d[j] = q[j] - p[j]
		}
		along := dot(d, a) / na
		perp := 0.0
		for j := range d {
			perp = max(perp, math.Abs(d[j]-along*a[j]/na))
		}
		if perp > 1e-9 {
			t.Errorf("point %d left the line by %g: %v", i, perp, q)
		}
		moved = max(moved, maxDiff(q, row(x, 3, i)))
	}
	if moved == 0 {
		t.Error("no point moved along the line with cmax = 2")
	}
}

func TestMutateDeterministic(t *testing.T) {
	x := uniformPoints(newRand(5), 20, 4, 0, 1)
	a, err := pca.Mutate(x, 4, 1, newRand(42))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := pca.Mutate(x, 4, 1, newRand(42))
	c, _ := pca.Mutate(x, 4, 1, newRand(43))
	if !slices.Equal(a.Points, b.Points) {
		t.Error("same seed, different children")
	}
	if slices.Equal(a.Points, c.Points) {
		t.Error("different seeds, same children")
	}
}

func TestMutateErrors(t *testing.T) {
	ok := []float64{0, 0, 1, 0, 0, 1}
	r := newRand(1)
	cases := []struct {
		name string
		x    []float64
		n    int
		cmax float64
		r    *rand.Rand
		want string
	}{
		{"n < 1", ok, 0, 1, r, "n = 0"},
		{"length", ok, 4, 1, r, "len(x) = 6 is not a multiple of n = 4"},
		{"one point", ok[:2], 2, 1, r, "got 1"},
		{"negative cmax", ok, 2, -0.5, r, "cmax = -0.5"},
		{"NaN cmax", ok, 2, math.NaN(), r, "cmax = NaN"},
		{"Inf cmax", ok, 2, math.Inf(1), r, "cmax = +Inf"},
		{"nil rand", ok, 2, 1, nil, "r is nil"},
		{"NaN point", []float64{0, 0, math.NaN(), 0}, 2, 1, r, "point 1 coordinate 0 = NaN"},
		{"Inf point", []float64{0, math.Inf(-1), 1, 0}, 2, 1, r, "point 0 coordinate 1 = -Inf"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mu, err := pca.Mutate(c.x, c.n, c.cmax, c.r)
			if err == nil || mu != nil {
				t.Fatalf("Mutate = %+v, %v; want nil and an error", mu, err)
			}
			if msg := err.Error(); !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q, want one line containing %q", msg, c.want)
			}
		})
	}
}

// ---------------------------------------------------------------------------
// example and benchmarks

func ExampleProject() {
	// Five points in the plane with objective values f; the three best lie
	// on the line y = x + 1, so the first principal axis of the selected
	// points is (1, 1)/√2 and every point is projected onto that line.
	x := []float64{
		0, 1,
		1, 2,
		2, 3,
		2, 0, // off the line, not selected
		4, 1, // off the line, not selected
	}
	f := []float64{0.5, 0.1, 0.3, 9, 8}
	v := []float64{0, 0, 0, 0, 0}
	p, err := pca.Project(x, 2, pca.ByFeasibility(f, v), 3, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("selected:", p.Selected)
	fmt.Printf("mean: %.3f\n", p.Mean)
	fmt.Printf("eigenvalues: %.3f\n", p.Values)
	fmt.Printf("first axis: %.3f\n", p.Vectors[:2])
	for i := range p.Count {
		fmt.Printf("%.1f -> %.1f\n", x[2*i:2*i+2], p.Points[2*i:2*i+2])
	}
	// Output:
	// selected: [1 2 0]
	// mean: [1.000 2.000]
	// eigenvalues: [2.000 0.000]
	// first axis: [0.707 0.707]
	// [0.0 1.0] -> [0.0 1.0]
	// [1.0 2.0] -> [1.0 2.0]
	// [2.0 3.0] -> [2.0 3.0]
	// [2.0 0.0] -> [0.5 1.5]
	// [4.0 1.0] -> [2.0 3.0]
}

func BenchmarkProject(b *testing.B) {
	for _, n := range []int{10, 30, 50, 100} {
		for _, count := range []int{8, 40} {
			b.Run(fmt.Sprintf("n=%d/count=%d", n, count), func(b *testing.B) {
				r := newRand(1)
				x := uniformPoints(r, count, n, -100, 100)
				f := uniformPoints(r, count, 1, 0, 1)
				less := byValue(f)
				b.ReportAllocs()
				for b.Loop() {
					if _, err := pca.Project(x, n, less, 8, 5); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkProjector is the solvers' case: one Projector reused, k = 8
// (PMODE) and 12 (HECO-PDE) points, m = 5, the basis not completed.
func BenchmarkProjector(b *testing.B) {
	for _, n := range []int{10, 30, 100} {
		for _, k := range []int{8, 12} {
			b.Run(fmt.Sprintf("n=%d/k=%d", n, k), func(b *testing.B) {
				r := newRand(1)
				x := uniformPoints(r, k, n, -100, 100)
				less := byValue(uniformPoints(r, k, 1, 0, 1))
				var pr pca.Projector
				b.ReportAllocs()
				for b.Loop() {
					if _, err := pr.Project(x, n, less, k, 5); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkMutate(b *testing.B) {
	const n, mu = 10, 100
	x := uniformPoints(newRand(1), mu, n, -100, 100)
	r := newRand(2)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pca.Mutate(x, n, 1, r); err != nil {
			b.Fatal(err)
		}
	}
}
