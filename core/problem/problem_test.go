package problem

import (
	"math"
	"strings"
	"testing"
)

func TestViolationMeasures(t *testing.T) {
	cases := []struct {
		name      string
		g, h      []float64
		v, mean   float64
		counts    [3]int
		feasibleV bool
	}{
		{"unconstrained", nil, nil, 0, 0, [3]int{}, true},
		{"all satisfied", []float64{-1, 0}, []float64{1e-4, -1e-4}, 0, 0, [3]int{}, true},
		// g: 2 and 0.5 violated; h: |0.3| > δ counts |h| in the mean, |h|−δ in v.
		{"mixed", []float64{2, -3, 0.5}, []float64{0.3, -5e-5}, 2 + 0.5 + (0.3 - 1e-4), (2 + 0.5 + 0.3) / 5, [3]int{1, 2, 0}, false},
		// tiny violations fall into the third bucket
		{"buckets", []float64{0.005, 0.02, 1.5}, []float64{0.002}, 0.005 + 0.02 + 1.5 + (0.002 - 1e-4), (0.005 + 0.02 + 1.5 + 0.002) / 4, [3]int{1, 1, 2}, false},
	}
	for _, c := range cases {
		if v := Violation(c.g, c.h); math.Abs(v-c.v) > 1e-15 {
			t.Errorf("%s: Violation = %v, want %v", c.name, v, c.v)
		}
		if m := MeanViolation(c.g, c.h); math.Abs(m-c.mean) > 1e-15 {
			t.Errorf("%s: MeanViolation = %v, want %v", c.name, m, c.mean)
		}
		if got := ViolationCounts(c.g, c.h); got != c.counts {
			t.Errorf("%s: counts = %v, want %v", c.name, got, c.counts)
		}
		if (Violation(c.g, c.h) == 0) != c.feasibleV {
			t.Errorf("%s: feasibility %v", c.name, !c.feasibleV)
		}
	}
}

func TestBetterIsTheFeasibilityRule(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		fa, va, fb, vb float64
		want           bool
	}{
		{1, 0, 2, 0, true},      // feasible: smaller f
		{2, 0, 1, 0, false},     //
		{100, 0, -100, 1, true}, // feasible beats infeasible
		{-100, 1, 100, 0, false},
		{5, 0.1, -5, 0.2, true}, // infeasible: smaller v, whatever f
		{-5, 0.2, 5, 0.1, false},
		{1, 0.3, 2, 0.3, true},  // equal v: smaller f breaks the tie
		{2, 0.3, 1, 0.3, false}, //
		{1, 0, 1, 0, false},     // ties are not better
		{1, 0.3, 1, 0.3, false},
		{1, 0, nan, 0, true}, // NaN f is worst
		{nan, 0, 1, 0, false},
		{1, nan, 1, 5, false}, // NaN v is worst
		{1, 5, 1, nan, true},
	}
	for _, c := range cases {
		if got := Better(c.fa, c.va, c.fb, c.vb); got != c.want {
			t.Errorf("Better(%v,%v; %v,%v) = %v", c.fa, c.va, c.fb, c.vb, got)
		}
	}
}

type quad struct{}

func (quad) Name() string               { return "quad" }
func (quad) Dim() int                   { return 2 }
func (quad) Bounds() (lo, hi []float64) { return []float64{-1, -1}, []float64{1, 1} }
func (quad) NumIneq() int               { return 1 }
func (quad) NumEq() int                 { return 1 }
func (quad) Evaluate(x, g, h []float64) float64 {
	g[0] = x[0] - 0.5
	h[0] = x[1]
	return x[0]*x[0] + x[1]*x[1]
}

func TestEvaluatorAndCheckPoint(t *testing.T) {
	e := NewEvaluator(quad{})
	f, v := e.Eval([]float64{1, 0.5})
	if f != 1.25 || math.Abs(v-(0.5+0.5-1e-4)) > 1e-15 || e.G[0] != 0.5 || e.H[0] != 0.5 {
		t.Fatalf("Eval = %v %v, G %v H %v", f, v, e.G, e.H)
	}
	x := []float64{0.1, 0.2}
	if n := testing.AllocsPerRun(100, func() { e.Eval(x) }); n != 0 {
		t.Errorf("Eval allocates %v times", n)
	}
	for _, c := range []struct {
		x    []float64
		want string
	}{
		{[]float64{1}, "1 coordinates"},
		{[]float64{0, math.NaN()}, "x2"},
		{[]float64{math.Inf(-1), 0}, "x1"},
	} {
		err := CheckPoint(quad{}, c.x)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("CheckPoint(%v) = %v, want an error naming %q", c.x, err, c.want)
		}
	}
	if err := CheckPoint(quad{}, []float64{0, 0}); err != nil {
		t.Error(err)
	}
}
