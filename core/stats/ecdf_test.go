package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestTargetReached(t *testing.T) {
	feas, d2 := Target{Feasible: true}, Target{Delta: 1e-2}
	for _, tc := range []struct {
		t       Target
		f, v    float64
		reached bool
	}{
		{feas, 1e9, 0, true},
		{feas, -1e9, 1e-12, false},
		{d2, 5.01, 0, true}, // fRef 5: f − fRef = 0.00999999999999979
		{d2, 5.02, 0, false},
		{d2, 4, 0, true},
		{d2, 4, 0.5, false},
		{Target{Delta: 0}, 5, 0, true},
	} {
		if got := tc.t.Reached(tc.f, tc.v, 5); got != tc.reached {
			t.Errorf("%v reached by f %v, v %v: %v, want %v", tc.t, tc.f, tc.v, got, tc.reached)
		}
	}
	if s := feas.String() + ", " + (Target{Delta: 1e-8}).String(); s != "feasible, f−fref ≤ 1e-08" {
		t.Errorf("String: %q", s)
	}
}

// TestFirstHit: a curve on the grid 100, 200, 400, 800 that becomes
// feasible at 200 and reaches f = 1.005 (within 1e-2 of f_ref = 1) at 800,
// where the final best was found at evaluation 650.
func TestFirstHit(t *testing.T) {
	tr := Trace{Curve: Curve{FES: []int{100, 200, 400, 800}, F: []float64{-5, 3, 1.5, 1.005}, V: []float64{1, 0, 0, 0}}, BestFES: 650}
	for _, tc := range []struct {
		t    Target
		want int
	}{
		{Target{Feasible: true}, 200},
		{Target{Delta: 1}, 400},
		{Target{Delta: 1e-2}, 650}, // min(800, BestFES)
		{Target{Delta: 1e-4}, NotReached},
	} {
		if got := FirstHit(tr, tc.t, 1); got != tc.want {
			t.Errorf("%v: first hit %d, want %d", tc.t, got, tc.want)
		}
	}
	// The final best, which is feasible, was found at evaluation 150, so
	// the run was feasible by then.
	tr.BestFES = 150
	if got := FirstHit(tr, Target{Feasible: true}, 1); got != 150 {
		t.Errorf("feasible with BestFES 150: %d, want 150", got)
	}
	tr.BestFES = 0
	if got := FirstHit(tr, Target{Delta: 1e-2}, 1); got != 800 {
		t.Errorf("without BestFES: %d, want the grid point 800", got)
	}
}

func TestNewECDF(t *testing.T) {
	e, err := NewECDF([]int{NotReached, 300, 100, 300, 800})
	if err != nil {
		t.Fatal(err)
	}
	want := ECDF{FES: []int{100, 300, 800}, Frac: []float64{0.2, 0.6, 0.8}, Pairs: 5, Hits: 4}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("ECDF %+v, want %+v", e, want)
	}
	for _, tc := range []struct {
		x    int
		want float64
	}{{1, 0}, {99, 0}, {100, 0.2}, {299, 0.2}, {300, 0.6}, {799, 0.6}, {800, 0.8}, {1 << 30, 0.8}} {
		if got := e.At(tc.x); got != tc.want {
			t.Errorf("At(%d) = %v, want %v", tc.x, got, tc.want)
		}
	}
	none, err := NewECDF([]int{NotReached, NotReached})
	if err != nil || none.Hits != 0 || len(none.FES) != 0 || none.At(1000) != 0 || none.FES == nil {
		t.Errorf("nothing reached: %+v, %v (want empty, non-nil steps)", none, err)
	}
	for _, bad := range []struct {
		hits []int
		want string
	}{{nil, "no (run, target) pairs"}, {[]int{5, 0}, "hit 1: FES = 0"}, {[]int{-2}, "hit 0: FES = -2"}} {
		if _, err := NewECDF(bad.hits); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("NewECDF(%v): error %v, want %q", bad.hits, err, bad.want)
		}
	}
}

// TestECDFBruteForce: At(x) is the share of hits ≤ x, for random hits.
func TestECDFBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 30 {
		hits := make([]int, 1+rng.IntN(60))
		for i := range hits {
			hits[i] = NotReached
			if rng.IntN(4) > 0 {
				hits[i] = 1 + rng.IntN(50)
			}
		}
		e, err := NewECDF(hits)
		if err != nil {
			t.Fatal(err)
		}
		for x := 0; x <= 52; x++ {
			n := 0
			for _, h := range hits {
				if h != NotReached && h <= x {
					n++
				}
			}
			if want := float64(n) / float64(len(hits)); e.At(x) != want {
				t.Fatalf("hits %v: At(%d) = %v, want %v", hits, x, e.At(x), want)
			}
		}
	}
}

func TestFirstHitsErrors(t *testing.T) {
	ok := Trace{Curve: Curve{FES: []int{1}, F: []float64{0}, V: []float64{0}}}
	tests := []struct {
		traces  []Trace
		targets []Target
		fRef    float64
		want    string
	}{
		{[]Trace{ok}, DefaultTargets(), math.NaN(), "f_ref = NaN"},
		{[]Trace{ok}, []Target{{Delta: -1}}, 0, "target 0: Delta = -1"},
		{[]Trace{ok}, []Target{{Feasible: true}, {Delta: math.Inf(1)}}, 0, "target 1: Delta = +Inf"},
		{[]Trace{ok, {Curve: Curve{FES: []int{1}, F: []float64{0}}}}, DefaultTargets(), 0, "trace 1: fes, f and v differ"},
		{[]Trace{{Curve: ok.Curve, BestFES: -3}}, DefaultTargets(), 0, "trace 0: BestFES = -3"},
	}
	for _, tc := range tests {
		if _, err := FirstHits(tc.traces, tc.targets, tc.fRef); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	if _, err := RuntimeECDF([]Trace{ok}, nil, 0); err == nil {
		t.Error("no targets: no error")
	}
}

func TestBestKnown(t *testing.T) {
	a := []Run{{F: -7, MeanV: 1}, {F: 3, Feasible: true}}
	b := []Run{{F: 2, Feasible: true}, {F: 2.5, Feasible: true}}
	if f, ok := BestKnown(a, b); !ok || f != 2 {
		t.Errorf("BestKnown = %v, %v; want 2, true (the infeasible −7 does not count)", f, ok)
	}
	if _, ok := BestKnown(a[:1]); ok {
		t.Error("no feasible run: ok")
	}
}

// Example: two runs, the default targets, f_ref the best final f. The
// first run is feasible from FES 100 and reaches every precision target by
// its final best, found at 7000; the second is feasible from 1000 and
// within 1 of f_ref by its final best, found at 9000.
func ExampleRuntimeECDF() {
	grid := []int{100, 1000, 10000}
	traces := []Trace{
		{Curve: Curve{FES: grid, F: []float64{40, 2, 0.001}, V: []float64{0, 0, 0}}, BestFES: 7000},
		{Curve: Curve{FES: grid, F: []float64{-1, 60, 0.5}, V: []float64{0.3, 0, 0}}, BestFES: 9000},
	}
	fRef := 0.001
	e, err := RuntimeECDF(traces, DefaultTargets(), fRef)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range e.FES {
		fmt.Printf("within %5d FES: %.1f of %d (run, target) pairs\n", e.FES[i], e.Frac[i], e.Pairs)
	}
	// Output:
	// within   100 FES: 0.1 of 10 (run, target) pairs
	// within  1000 FES: 0.2 of 10 (run, target) pairs
	// within  7000 FES: 0.6 of 10 (run, target) pairs
	// within  9000 FES: 0.7 of 10 (run, target) pairs
}
