package solver

import (
	"errors"
	"math"
	"strings"
	"testing"

	"pcaplay/core/problem"
)

// sphereCut is f = Σ x_j² subject to g = 1 − x_1 ≤ 0 on [−5, 5]^n: the
// constrained optimum is x* = (1, 0, …, 0), f* = 1, on the boundary.
type sphereCut struct{ n int }

func (p sphereCut) Name() string { return "spherecut" }
func (p sphereCut) Dim() int     { return p.n }
func (p sphereCut) Bounds() (lo, hi []float64) {
	lo, hi = make([]float64, p.n), make([]float64, p.n)
	for i := range lo {
		lo[i], hi[i] = -5, 5
	}
	return lo, hi
}
func (p sphereCut) NumIneq() int { return 1 }
func (p sphereCut) NumEq() int   { return 0 }
func (p sphereCut) Evaluate(x, g, h []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v * v
	}
	g[0] = 1 - x[0]
	return s
}

// circle is f = x + y subject to h = x² + y² − 1 = 0 on [−2, 2]²:
// x* = (−1/√2, −1/√2), f* = −√2.
type circle struct{}

func (circle) Name() string               { return "circle" }
func (circle) Dim() int                   { return 2 }
func (circle) Bounds() (lo, hi []float64) { return []float64{-2, -2}, []float64{2, 2} }
func (circle) NumIneq() int               { return 0 }
func (circle) NumEq() int                 { return 1 }
func (circle) Evaluate(x, g, h []float64) float64 {
	h[0] = x[0]*x[0] + x[1]*x[1] - 1
	return x[0] + x[1]
}

func defaults(t testing.TB, algo string, dim int) Settings {
	t.Helper()
	a, err := Lookup(algo)
	if err != nil {
		t.Fatal(err)
	}
	return a.Defaults(dim)
}

// trace runs a whole run and returns every snapshot's key numbers.
func trace(t testing.TB, p problem.Problem, s Settings, seed uint64, fes int) []float64 {
	t.Helper()
	sv, err := New(p, s, seed, fes)
	if err != nil {
		t.Fatal(err)
	}
	var out []float64
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, float64(snap.FES), snap.Best.F, snap.Best.V)
		out = append(out, snap.F...)
		out = append(out, snap.X...)
	}
	return out
}

func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

func TestDeterministicRuns(t *testing.T) {
	for _, algo := range []string{"random", "de", "cmode", "pmode"} {
		t.Run(algo, func(t *testing.T) {
			p := sphereCut{10}
			a := trace(t, p, defaults(t, algo, 10), 7, 5000)
			b := trace(t, p, defaults(t, algo, 10), 7, 5000)
			c := trace(t, p, defaults(t, algo, 10), 8, 5000)
			if !sameBits(a, b) {
				t.Error("same seed gave different runs")
			}
			if sameBits(a, c) {
				t.Error("different seeds gave identical runs")
			}
		})
	}
}

func TestBudgetIsExact(t *testing.T) {
	for _, algo := range []string{"random", "de", "cmode", "pmode"} {
		for _, fes := range []int{1, 7, 181, 1000, 1237} {
			sv, err := New(sphereCut{5}, defaults(t, algo, 5), 1, fes)
			if err != nil {
				t.Fatal(err)
			}
			prev := 0
			for !sv.Done() {
				snap, err := sv.Step()
				if err != nil {
					t.Fatalf("%s fes=%d: %v", algo, fes, err)
				}
				if snap.FES <= prev || snap.FES > fes {
					t.Fatalf("%s fes=%d: FES went %d → %d", algo, fes, prev, snap.FES)
				}
				prev = snap.FES
				if snap.Done != (snap.FES == fes) {
					t.Fatalf("%s: Done=%v at FES %d of %d", algo, snap.Done, snap.FES, fes)
				}
			}
			if sv.FES() != fes {
				t.Errorf("%s: run ended at FES %d, budget %d", algo, sv.FES(), fes)
			}
			if _, err := sv.Step(); !errors.Is(err, ErrDone) {
				t.Errorf("%s: Step after the end returned %v, want ErrDone", algo, err)
			}
		}
	}
}

func TestCMODEGenerationCountsAndPCA(t *testing.T) {
	p := sphereCut{10}
	s := DefaultPMODE(10)
	s.PCAProb = 1 // every child from PCA-projection
	sv, err := New(p, s, 3, 180+8*20)
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := sv.Step()
	if snap.FES != 180 || snap.PopSize() != 180 || snap.Generation != 0 {
		t.Fatalf("initial snapshot: FES %d, μ %d, gen %d", snap.FES, snap.PopSize(), snap.Generation)
	}
	for g := 1; !sv.Done(); g++ {
		snap, err = sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		if snap.FES != 180+8*g || snap.Generation != g {
			t.Fatalf("generation %d: FES %d", g, snap.FES)
		}
		if snap.PCA == nil {
			t.Fatalf("generation %d: PCA-projection with probability 1 did not run", g)
		}
		if snap.PCA.K != 8 || snap.PCA.M != 5 || snap.PCA.Count != 8 || snap.PCA.N != 10 {
			t.Fatalf("projection K=%d M=%d Count=%d N=%d", snap.PCA.K, snap.PCA.M, snap.PCA.Count, snap.PCA.N)
		}
	}
	// With PCA off, no generation reports a projection.
	c := DefaultCMODE(10)
	sv, _ = New(p, c, 3, 2000)
	for !sv.Done() {
		snap, _ := sv.Step()
		if snap.PCA != nil {
			t.Fatal("CMODE reported a PCA-projection")
		}
	}
}

// PCA children with probability 1 are the projections x' = m + V Vᵀ(x − m)
// of Q's points (reflected into the box when outside). Every individual
// that changes must therefore be one of the projected points seen so far
// (the infeasible-solution replacement re-inserts earlier children).
func TestPMODEChildrenAreProjections(t *testing.T) {
	p := sphereCut{6}
	s := DefaultPMODE(6)
	s.PCAProb, s.PCAM = 1, 2
	sv, _ := New(p, s, 11, 10000)
	sv.Step()
	key := func(x []float64) [6]uint64 {
		var k [6]uint64
		for j := range k {
			k[j] = math.Float64bits(x[j])
		}
		return k
	}
	children := map[[6]uint64]bool{}
	changed := 0
	for range 60 {
		old := append([]float64(nil), sv.method.(*cmode).pop.x...)
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		pr := snap.PCA
		for j := range pr.Count {
			children[key(pr.Points[j*6:(j+1)*6])] = true
		}
		for i := range snap.PopSize() {
			row := snap.X[i*6 : (i+1)*6]
			if sameBits(row, old[i*6:(i+1)*6]) {
				continue
			}
			changed++
			if !children[key(row)] && !inBoxEdge(row) {
				t.Fatalf("individual %d changed to %v, which is no PCA child", i, row)
			}
		}
	}
	if changed == 0 {
		t.Fatal("no individual was replaced in 60 generations")
	}
}

// inBoxEdge reports a point with a coordinate on the box's boundary region
// that reflection may have produced (|x_j| near 5 is never reached here
// unless reflected).
func inBoxEdge(x []float64) bool {
	for _, v := range x {
		if math.Abs(v) > 4.5 {
			return true
		}
	}
	return false
}

func TestAlgorithmsSolveSmallProblems(t *testing.T) {
	cases := []struct {
		algo  string
		p     problem.Problem
		fes   int
		fstar float64
		tol   float64
	}{
		{"de", sphereCut{5}, 60000, 1, 1e-6},
		{"cmode", sphereCut{5}, 60000, 1, 1e-6},
		{"pmode", sphereCut{5}, 60000, 1, 1e-6},
		{"cmode", circle{}, 30000, -math.Sqrt2, 1e-3},
		{"pmode", circle{}, 30000, -math.Sqrt2, 1e-3},
	}
	for _, tc := range cases {
		sv, err := New(tc.p, defaults(t, tc.algo, tc.p.Dim()), 1, tc.fes)
		if err != nil {
			t.Fatal(err)
		}
		last, err := sv.Run()
		if err != nil {
			t.Fatal(err)
		}
		if last.Best.V != 0 || math.Abs(last.Best.F-tc.fstar) > tc.tol {
			t.Errorf("%s on %s: best f=%g v=%g, want f*=%g feasible", tc.algo, tc.p.Name(), last.Best.F, last.Best.V, tc.fstar)
		}
	}
	// Random search is the baseline: it must be clearly worse than DE.
	sv, _ := New(sphereCut{5}, DefaultRandom(5), 1, 60000)
	last, _ := sv.Run()
	if last.Best.F < 1.01 {
		t.Errorf("random search reached f=%g on a 5-D problem: suspiciously good", last.Best.F)
	}
}

func TestSettingsErrorsNameTheValue(t *testing.T) {
	p := sphereCut{3}
	cases := []struct {
		algo, key, val, want string
	}{
		{"cmode", "lambda", "3", "lambda"},
		{"cmode", "pop", "abc", "pop"},
		{"pmode", "pcaprob", "1.5", "pcaprob"},
		{"pmode", "bound", "wrap", "bound"},
		{"de", "cr", "NaN", "cr"},
		{"de", "pop", "2.5", "pop"},
		{"pmode", "nosuch", "1", "nosuch"},
	}
	for _, tc := range cases {
		s := defaults(t, tc.algo, 3)
		err := SetParam(s, tc.key, tc.val)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s=%s: error %v, want one naming %q", tc.algo, tc.key, tc.val, err, tc.want)
		}
	}
	// Cross-parameter checks surface from New.
	s := DefaultPMODE(3)
	s.PCAM = 4
	if _, err := New(p, s, 1, 100); err == nil || !strings.Contains(err.Error(), "pcam") {
		t.Errorf("pcam > D: %v", err)
	}
	s = DefaultCMODE(3)
	s.FMin, s.FMax = 0.7, 0.6
	if _, err := New(p, s, 1, 100); err == nil || !strings.Contains(err.Error(), "fmin") {
		t.Errorf("fmin > fmax: %v", err)
	}
	if _, err := New(p, DefaultCMODE(3), 1, 0); err == nil || !strings.Contains(err.Error(), "fes") {
		t.Errorf("fes = 0: %v", err)
	}
	if _, err := Lookup("cmaes"); err == nil || !strings.Contains(err.Error(), "cmaes") {
		t.Errorf("unknown algorithm: %v", err)
	}
}

func TestParamsRoundTrip(t *testing.T) {
	for _, name := range Names() {
		s := defaults(t, name, 10)
		for _, p := range s.Params() {
			if p.Get() != p.Default {
				t.Errorf("%s.%s: value %v differs from its declared default %v", name, p.Key, p.Get(), p.Default)
			}
			if err := p.Check(p.Default); err != nil {
				t.Errorf("%s: default out of range: %v", name, err)
			}
			if p.Help == "" {
				t.Errorf("%s.%s has no help text", name, p.Key)
			}
			text := p.Format(p.Get())
			if err := SetParam(s, p.Key, text); err != nil {
				t.Errorf("%s: %s=%s does not parse back: %v", name, p.Key, text, err)
			}
			if p.Get() != p.Default {
				t.Errorf("%s.%s: round trip changed the value", name, p.Key)
			}
		}
	}
}

type panicky struct{}

func (panicky) Init(c *Context) error    { c.Evaluate(make([]float64, c.Problem.Dim())); return nil }
func (panicky) Iterate(c *Context) error { var a []int; _ = a[3]; return nil }

type lazy struct{}

func (lazy) Init(c *Context) error    { c.Evaluate(make([]float64, c.Problem.Dim())); return nil }
func (lazy) Iterate(c *Context) error { return nil }

type fixed struct {
	RandomSettings
	m Method
}

func (f *fixed) New(problem.Problem) (Method, error) { return f.m, nil }

func TestMethodFailuresBecomeErrors(t *testing.T) {
	for _, m := range []Method{panicky{}, lazy{}} {
		sv, err := New(sphereCut{2}, &fixed{RandomSettings{1}, m}, 1, 100)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sv.Step(); err != nil {
			t.Fatal(err)
		}
		if _, err := sv.Step(); err == nil {
			t.Fatalf("%T: no error", m)
		}
		if !sv.Done() {
			t.Fatalf("%T: a failed run must be done", m)
		}
		if _, err := sv.Step(); err == nil || errors.Is(err, ErrDone) {
			t.Fatalf("%T: later Step returned %v, want the failure again", m, err)
		}
	}
}

func TestBestIsFeasibilityRuleBest(t *testing.T) {
	sv, _ := New(circle{}, DefaultCMODE(2), 5, 3000)
	var seen []float64
	best := Best{}
	first := true
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		for i := range snap.PopSize() {
			if first || problem.Better(snap.F[i], snap.V[i], best.F, best.V) {
				first = false
				best.F, best.V = snap.F[i], snap.V[i]
			}
		}
		if problem.Better(best.F, best.V, snap.Best.F, snap.Best.V) {
			t.Fatalf("population holds (%g, %g), better than the reported best (%g, %g)", best.F, best.V, snap.Best.F, snap.Best.V)
		}
		seen = append(seen, snap.Best.F)
	}
	if len(seen) == 0 {
		t.Fatal("no snapshots")
	}
}

// A number beyond float64 is named as out of range, not as "not a number";
// text that is no number is named so.
func TestParamParseRange(t *testing.T) {
	s := DefaultHECO(10)
	for _, c := range []struct{ in, want string }{
		{"1e400", "crstd = 1e400: beyond the largest number; must be in [0, 1]"},
		{"-1e400", "crstd = -1e400: beyond the largest number"},
		{"abc", `crstd = "abc": not a number`},
	} {
		err := SetParam(s, "crstd", c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("crstd=%s: %v, want %q", c.in, err, c.want)
		}
	}
}

// infObjective is a 2-D problem whose f is c everywhere.
type infObjective struct{ c float64 }

func (p infObjective) Name() string                       { return "const" }
func (p infObjective) Dim() int                           { return 2 }
func (p infObjective) Bounds() (lo, hi []float64)         { return []float64{-1, -1}, []float64{1, 1} }
func (p infObjective) NumIneq() int                       { return 0 }
func (p infObjective) NumEq() int                         { return 0 }
func (p infObjective) Evaluate(x, g, h []float64) float64 { return p.c }

// A run whose best f is not finite ends with an error in its last Step,
// for every algorithm: NaN, +Inf and −Inf alike; a finite f does not.
func TestNonFiniteObjectiveEndsTheRun(t *testing.T) {
	for _, algo := range Names() {
		a, _ := Lookup(algo)
		for _, c := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 2} {
			sv, err := New(infObjective{c}, a.Defaults(2), 1, 600)
			if err != nil {
				t.Fatal(err)
			}
			_, err = sv.Run()
			if math.IsNaN(c) || math.IsInf(c, 0) {
				if err == nil || !strings.Contains(err.Error(), "not a finite number at the best of the run's 600 evaluations") {
					t.Errorf("%s, f = %v everywhere: %v", algo, c, err)
				}
			} else if err != nil {
				t.Errorf("%s, f = 2 everywhere: %v", algo, err)
			}
		}
	}
}
