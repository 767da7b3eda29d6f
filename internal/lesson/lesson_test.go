package lesson

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/de"
	"pcaplay/core/problem/teach"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

var testOptions = []Options{
	DefaultOptions(),
	{Seed: 1, K: 6, PCAProb: 0.1},
	{Seed: 2, K: 2, PCAProb: 1},
	{Seed: 3, K: 20, PCAProb: 0},
	{Seed: 18446744073709551615, K: 11, PCAProb: 0.5},
}

func rosen(x, y float64) float64 {
	return teach.Rosenbrock{}.Evaluate([]float64{x, y}, nil, nil)
}

// The sample is the initial population of the playground's run named by
// PlaygroundParams, built the way the playground builds a run from URL
// values: problem and algorithm looked up by name, then every other value
// set as a parameter by its key.
func TestSampleIsThePlaygroundsInitialPopulation(t *testing.T) {
	for _, o := range testOptions {
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		params := o.PlaygroundParams()
		p, err := suite.New(params["problem"], 2, suite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		a, err := solver.Lookup(params["algo"])
		if err != nil {
			t.Fatal(err)
		}
		s := a.Defaults(2)
		for key, v := range params {
			if key == "problem" || key == "algo" || key == "seed" {
				continue
			}
			if err := solver.SetParam(s, key, v); err != nil {
				t.Fatal(err)
			}
		}
		if params["seed"] == "" {
			t.Fatal("no seed in the playground's parameters")
		}
		sv, err := solver.New(p, s, o.Seed, 40000)
		if err != nil {
			t.Fatal(err)
		}
		snap, _ := sv.Step()
		if !slices.Equal(snap.X, l.X) || !slices.Equal(snap.F, l.F) {
			t.Fatalf("%+v: the playground's initial population differs from the lesson's sample", o)
		}
		snap, _ = sv.Step()
		if !slices.Equal(snap.X, l.Gen.After) || !slices.Equal(snap.Offspring.X, l.Gen.Children) {
			t.Fatalf("%+v: the playground's first generation differs from the lesson's", o)
		}
	}
}

func TestSampleAndRanking(t *testing.T) {
	for _, o := range testOptions {
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.X) != 2*SampleSize || len(l.F) != SampleSize || len(l.Order) != SampleSize {
			t.Fatalf("%+v: sizes %d %d %d", o, len(l.X), len(l.F), len(l.Order))
		}
		if l.Lower != [2]float64{-1, -1} || l.Upper != [2]float64{2, 2} || l.Optimum != [2]float64{1, 1} {
			t.Fatalf("box %v %v optimum %v, want Fig. 1's [−1, 2]² and (1, 1)", l.Lower, l.Upper, l.Optimum)
		}
		for i := range SampleSize {
			x, y := l.X[2*i], l.X[2*i+1]
			if x < -1 || x > 2 || y < -1 || y > 2 {
				t.Fatalf("point %d = (%v, %v) is outside the box", i, x, y)
			}
			if l.F[i] != rosen(x, y) {
				t.Fatalf("f of point %d = %v, want %v", i, l.F[i], rosen(x, y))
			}
		}
		for j := 1; j < SampleSize; j++ {
			if l.F[l.Order[j-1]] > l.F[l.Order[j]] {
				t.Fatalf("%+v: Order is not by increasing f at %d", o, j)
			}
		}
		if !slices.Equal(l.Best.Selected, l.Order[:o.K]) || !slices.Equal(l.All.Selected, l.Order) {
			t.Fatalf("%+v: the fits are not of the k best and of all", o)
		}
		if len(l.Angles) != MaxK-MinK+1 || l.Angles[o.K-MinK] != l.Best.AngleDeg || l.Angles[MaxK-MinK] != l.All.AngleDeg {
			t.Fatalf("%+v: Angles %v do not hold the fits' angles", o, l.Angles)
		}
	}
}

// checkFit checks a Fit against its definition: the mean and the top
// eigenvector of the covariance of the selected points, and projections
// that are orthogonal projections onto the line.
func checkFit(t *testing.T, l *Lesson, f Fit, name string) {
	t.Helper()
	k := float64(len(f.Selected))
	var m [2]float64
	for _, i := range f.Selected {
		m[0] += l.X[2*i] / k
		m[1] += l.X[2*i+1] / k
	}
	if math.Abs(m[0]-f.Mean[0]) > 1e-14 || math.Abs(m[1]-f.Mean[1]) > 1e-14 {
		t.Fatalf("%s: mean %v, want %v", name, f.Mean, m)
	}
	var sxx, sxy, syy float64
	for _, i := range f.Selected {
		dx, dy := l.X[2*i]-m[0], l.X[2*i+1]-m[1]
		sxx, sxy, syy = sxx+dx*dx/(k-1), sxy+dx*dy/(k-1), syy+dy*dy/(k-1)
	}
	// Largest eigenvalue of [[sxx, sxy], [sxy, syy]] and Σ v = λ v.
	tr, det := sxx+syy, sxx*syy-sxy*sxy
	l1 := tr/2 + math.Sqrt(tr*tr/4-det)
	v := f.Axis
	if math.Abs(l1-f.Values[0]) > 1e-12*(1+l1) || f.Values[1] > f.Values[0] {
		t.Fatalf("%s: λ = %v, want λ₁ = %v", name, f.Values, l1)
	}
	if r0, r1 := sxx*v[0]+sxy*v[1]-l1*v[0], sxy*v[0]+syy*v[1]-l1*v[1]; math.Hypot(r0, r1) > 1e-12*(1+l1) {
		t.Fatalf("%s: Σ v₁ ≠ λ₁ v₁ (residual %v, %v)", name, r0, r1)
	}
	if math.Abs(math.Hypot(v[0], v[1])-1) > 1e-14 {
		t.Fatalf("%s: axis %v is not a unit vector", name, v)
	}
	for i := range SampleSize {
		px, py := f.Points[2*i], f.Points[2*i+1]
		// x' − m is along v, x − x' is normal to v, y is the coordinate.
		if c := (px-m[0])*v[1] - (py-m[1])*v[0]; math.Abs(c) > 1e-13 {
			t.Fatalf("%s: x'_%d is off the axis by %v", name, i, c)
		}
		if d := (l.X[2*i]-px)*v[0] + (l.X[2*i+1]-py)*v[1]; math.Abs(d) > 1e-13 {
			t.Fatalf("%s: x_%d − x'_%d is not normal to the axis (%v)", name, i, i, d)
		}
		if y := (l.X[2*i]-m[0])*v[0] + (l.X[2*i+1]-m[1])*v[1]; math.Abs(y-f.Coords[i]) > 1e-13 {
			t.Fatalf("%s: y_%d = %v, want %v", name, i, f.Coords[i], y)
		}
		if f.PointsF[i] != rosen(px, py) || f.PointsDist[i] != NearestFloor([2]float64{px, py}).Dist {
			t.Fatalf("%s: f or floor distance of x'_%d is wrong", name, i)
		}
	}
	floor := NearestFloor(f.Mean)
	if f.Floor != floor || f.AngleDeg != AngleDeg(f.Axis, floor.Tangent) {
		t.Fatalf("%s: floor %v angle %v, want %v %v", name, f.Floor, f.AngleDeg, floor, AngleDeg(f.Axis, floor.Tangent))
	}
	improved, dist := 0, 0.0
	for i := range SampleSize {
		if f.PointsF[i] < l.F[i] {
			improved++
		}
	}
	for _, i := range f.Selected {
		dist += f.PointsDist[i] / k
	}
	if improved != f.Improved || math.Abs(dist-f.MeanDist) > 1e-14 {
		t.Fatalf("%s: improved %d mean distance %v, want %d %v", name, f.Improved, f.MeanDist, improved, dist)
	}
}

func TestFits(t *testing.T) {
	for _, o := range testOptions {
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		checkFit(t, l, l.Best, "best")
		checkFit(t, l, l.All, "all")
	}
}

// The generation is the solver's: Q is the whole sample in some order,
// PCA children are the projections onto the k best's axis (the k best of Q
// are the k best of the sample), children are evaluated as reported, and
// After is the sample with the replacements applied.
func TestGeneration(t *testing.T) {
	sawPCA, sawReplacement := false, false
	for _, o := range testOptions {
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		g := l.Gen
		if g.Mu != 20 || g.Lambda != 20 || g.K != o.K || g.M != 1 || g.PCAProb != o.PCAProb {
			t.Fatalf("%+v: generation settings %+v", o, g)
		}
		q := slices.Clone(g.Q)
		slices.Sort(q)
		for i := range q {
			if q[i] != i {
				t.Fatalf("%+v: Q = %v is not a permutation of the sample", o, g.Q)
			}
		}
		after := slices.Clone(l.X)
		lo, hi := []float64{-1, -1}, []float64{2, 2}
		for i := range SampleSize {
			cx, cy := g.Children[2*i], g.Children[2*i+1]
			if g.ChildF[i] != rosen(cx, cy) {
				t.Fatalf("%+v: f of child %d", o, i)
			}
			if g.FromPCA[i] {
				sawPCA = true
				x := []float64{l.Best.Points[2*g.Q[i]], l.Best.Points[2*g.Q[i]+1]}
				de.Reflect.Repair(x, l.X[2*g.Q[i]:2*g.Q[i]+2], lo, hi, nil)
				if math.Abs(x[0]-cx) > 1e-13 || math.Abs(x[1]-cy) > 1e-13 {
					t.Fatalf("%+v: PCA child %d = (%v, %v), want x' of sample point %d = %v", o, i, cx, cy, g.Q[i], x)
				}
			}
			if r := g.Replaced[i]; r >= 0 {
				sawReplacement = true
				if !(g.ChildF[i] < l.F[r]) || !g.NonDominated[i] {
					t.Fatalf("%+v: child %d (f %v) replaced point %d (f %v)", o, i, g.ChildF[i], r, l.F[r])
				}
				after[2*r], after[2*r+1] = cx, cy
			}
		}
		if !slices.Equal(after, g.After) {
			t.Fatalf("%+v: After is not the sample with the replacements", o)
		}
		if g.HasPCA != slices.Contains(g.FromPCA, true) {
			t.Fatalf("%+v: HasPCA = %v but FromPCA = %v", o, g.HasPCA, g.FromPCA)
		}
		if g.HasPCA && (g.PCAMean != l.Best.Mean || g.PCAAxis != l.Best.Axis) {
			t.Fatalf("%+v: the generation's PCA (%v, %v) is not the k best's (%v, %v)", o, g.PCAMean, g.PCAAxis, l.Best.Mean, l.Best.Axis)
		}
		if o.PCAProb == 0 && g.HasPCA {
			t.Fatalf("p = 0 made PCA children")
		}
		if o.PCAProb == 1 && slices.Contains(g.FromPCA, false) {
			t.Fatalf("p = 1 made DE children")
		}
	}
	if !sawPCA || !sawReplacement {
		t.Fatalf("the options never made a PCA child (%v) or a replacement (%v)", sawPCA, sawReplacement)
	}
}

func TestDeterministic(t *testing.T) {
	for _, o := range testOptions {
		a, _ := New(o)
		b, _ := New(o)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%+v: two lessons differ", o)
		}
	}
	a, _ := New(Options{Seed: 7, K: 6, PCAProb: 0.1})
	b, _ := New(Options{Seed: 8, K: 6, PCAProb: 0.1})
	if slices.Equal(a.X, b.X) {
		t.Fatal("seeds 7 and 8 give the same sample")
	}
}

func TestOptionsErrorsNameTheValue(t *testing.T) {
	cases := []struct {
		o    Options
		want string
	}{
		{Options{Seed: 1, K: 1, PCAProb: 0.1}, "pcak = 1"},
		{Options{Seed: 1, K: 21, PCAProb: 0.1}, "pcak = 21"},
		{Options{Seed: 1, K: 6, PCAProb: -0.5}, "pcaprob = -0.5"},
		{Options{Seed: 1, K: 6, PCAProb: 1.5}, "pcaprob = 1.5"},
		{Options{Seed: 1, K: 6, PCAProb: math.NaN()}, "pcaprob = NaN"},
	}
	for _, c := range cases {
		l, err := New(c.o)
		if err == nil || l != nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("New(%+v) = %v, %v; want one line naming %q", c.o, l, err, c.want)
		}
	}
}

// The paper's claim, in numbers: over many samples the first axis of the
// 6 best follows the valley far better than that of all 20, whose angle is
// that of a random direction (median 45°).
func TestStatsShowTheClaim(t *testing.T) {
	st, err := AngleStats()
	if err != nil {
		t.Fatal(err)
	}
	n := MaxK - MinK + 1
	if st.Samples != StatSamples || len(st.Median) != n || len(st.Q1) != n || len(st.Q3) != n {
		t.Fatalf("stats shape %d %d %d %d", st.Samples, len(st.Q1), len(st.Median), len(st.Q3))
	}
	for i := range n {
		if !(st.Q1[i] <= st.Median[i] && st.Median[i] <= st.Q3[i]) {
			t.Fatalf("k = %d: quartiles %v %v %v out of order", i+MinK, st.Q1[i], st.Median[i], st.Q3[i])
		}
	}
	six, all := st.Median[DefaultK-MinK], st.Median[MaxK-MinK]
	if !(six < 25 && all > 35 && all < 55) {
		t.Fatalf("median angle: 6 best %.1f°, all 20 %.1f°; want the 6 best well under 25° and all 20 near 45°", six, all)
	}
}

// angleStats uses exactly the samples and angles of New.
func TestStatsAgreeWithNew(t *testing.T) {
	const n = 5
	st, err := angleStats(n)
	if err != nil {
		t.Fatal(err)
	}
	for k := MinK; k <= MaxK; k++ {
		var a []float64
		for seed := uint64(1); seed <= n; seed++ {
			l, err := New(Options{Seed: seed, K: k, PCAProb: 0.1})
			if err != nil {
				t.Fatal(err)
			}
			a = append(a, l.Best.AngleDeg)
		}
		slices.Sort(a)
		// Type 7 with 5 values: Q1 = a[1], median = a[2], Q3 = a[3].
		if st.Q1[k-MinK] != a[1] || st.Median[k-MinK] != a[2] || st.Q3[k-MinK] != a[3] {
			t.Fatalf("k = %d: stats %v %v %v, want %v %v %v", k, st.Q1[k-MinK], st.Median[k-MinK], st.Q3[k-MinK], a[1], a[2], a[3])
		}
	}
}

func TestQuantile(t *testing.T) {
	a := []float64{1, 2, 3, 4}
	for _, c := range []struct{ q, want float64 }{{0, 1}, {0.25, 1.75}, {0.5, 2.5}, {0.75, 3.25}, {1, 4}} {
		if got := quantile(a, c.q); got != c.want {
			t.Errorf("quantile(%v, %v) = %v, want %v (NumPy's default)", a, c.q, got, c.want)
		}
	}
}
