package stats

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestQuartileRuns(t *testing.T) {
	for _, tc := range []struct{ n, lo, med, hi int }{
		{1, 0, 0, 0}, {2, 0, 0, 1}, {3, 0, 1, 2}, {4, 1, 1, 2}, {5, 1, 2, 3}, {7, 1, 3, 5}, {25, 6, 12, 18}, {26, 6, 12, 19},
	} {
		lo, med, hi := QuartileRuns(tc.n)
		if lo != tc.lo || med != tc.med || hi != tc.hi {
			t.Errorf("QuartileRuns(%d) = %d, %d, %d; want %d, %d, %d", tc.n, lo, med, hi, tc.lo, tc.med, tc.hi)
		}
	}
}

// TestConvergenceBandByHand: five runs on a grid of three points. At FES
// 100 every run is infeasible (ordered by v̄); at 200 two are feasible;
// at 400 four are.
func TestConvergenceBandByHand(t *testing.T) {
	grid := []int{100, 200, 400}
	c := func(f, v [3]float64) Curve { return Curve{FES: grid, F: f[:], V: v[:]} }
	curves := []Curve{
		c([3]float64{9, 5, 1}, [3]float64{0.5, 0, 0}),
		c([3]float64{-3, -3, 2}, [3]float64{2, 1, 0}),
		c([3]float64{7, 7, 7}, [3]float64{0.1, 0.1, 0.1}),
		c([3]float64{4, 4, 0.5}, [3]float64{1, 0, 0}),
		c([3]float64{8, 6, 3}, [3]float64{0.3, 0.2, 0}),
	}
	b, err := ConvergenceBand(curves)
	if err != nil {
		t.Fatal(err)
	}
	// positions 1, 2, 3 of the order at each point:
	// FES 100: v 0.1 (7), 0.3 (8), 0.5 (9), 1 (4), 2 (−3)  → 0.3/8, 0.5/9, 1/4
	// FES 200: f 4, 5 feasible; then v 0.1 (7), 0.2 (6), 1 (−3) → 5, 0.1/7, 0.2/6
	// FES 400: f 0.5, 1, 2, 3 feasible; then v 0.1 (7) → 1, 2, 3
	want := Band{FES: grid, Runs: 5,
		Lo:     Quartile{F: []float64{8, 5, 1}, V: []float64{0.3, 0, 0}},
		Median: Quartile{F: []float64{9, 7, 2}, V: []float64{0.5, 0.1, 0}},
		Hi:     Quartile{F: []float64{4, 6, 3}, V: []float64{1, 0.2, 0}},
	}
	got, _ := json.Marshal(b)
	exp, _ := json.Marshal(want)
	if string(got) != string(exp) {
		t.Errorf("band\n%s\nwant\n%s", got, exp)
	}
}

// TestConvergenceBandMedianIsSummary: at the last point (the final
// results) the median line is the median run of Summarize.
func TestConvergenceBandMedianIsSummary(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 40 {
		n := 1 + rng.IntN(30)
		grid := []int{10, 100, 1000}
		var curves []Curve
		var runs []Run
		for range n {
			c := Curve{FES: grid}
			for range grid {
				f := math.Round(rng.NormFloat64()*8) / 2
				v := 0.0
				if rng.IntN(2) == 0 {
					v = float64(1+rng.IntN(4)) / 4
				}
				c.F, c.V = append(c.F, f), append(c.V, v)
			}
			curves = append(curves, c)
			r := Run{F: c.F[2], MeanV: c.V[2], Feasible: c.V[2] == 0}
			if !r.Feasible {
				r.Counts = [3]int{0, 1, 0}
			}
			runs = append(runs, r)
		}
		b, err := ConvergenceBand(curves)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Summarize(runs)
		if err != nil {
			t.Fatal(err)
		}
		if b.Median.F[2] != s.Median || b.Median.V[2] != s.MedianV {
			t.Fatalf("trial %d: band median %v/%v, Summarize %v/%v", trial, b.Median.F[2], b.Median.V[2], s.Median, s.MedianV)
		}
		// lo ⪯ median ⪯ hi in the CEC order at every point
		for k := range grid {
			if orderBefore(b.Median.F[k], b.Median.V[k], b.Lo.F[k], b.Lo.V[k]) || orderBefore(b.Hi.F[k], b.Hi.V[k], b.Median.F[k], b.Median.V[k]) {
				t.Fatalf("trial %d point %d: quartiles out of order: %+v", trial, k, b)
			}
		}
	}
}

func TestConvergenceBandErrors(t *testing.T) {
	ok := Curve{FES: []int{1, 2}, F: []float64{1, 0}, V: []float64{0, 0}}
	tests := []struct {
		name   string
		curves []Curve
		want   string
	}{
		{"none", nil, "no curves"},
		{"grid differs", []Curve{ok, {FES: []int{1, 3}, F: []float64{1, 0}, V: []float64{0, 0}}}, "curve 1: its FES grid"},
		{"lengths", []Curve{ok, {FES: []int{1, 2}, F: []float64{1}, V: []float64{0, 0}}}, "curve 1: fes, f and v differ"},
		{"NaN f", []Curve{{FES: []int{1, 2}, F: []float64{1, math.NaN()}, V: []float64{0, 0}}}, "curve 0: point 1 (FES 2): f = NaN"},
		{"negative v", []Curve{ok, {FES: []int{1, 2}, F: []float64{1, 0}, V: []float64{-1, 0}}}, "curve 1: point 0 (FES 1): v = -1"},
		{"FES order", []Curve{{FES: []int{2, 2}, F: []float64{1, 0}, V: []float64{0, 0}}}, "point 1: FES = 2 does not increase"},
		{"FES zero", []Curve{{FES: []int{0}, F: []float64{1}, V: []float64{0}}}, "point 0: FES = 0"},
	}
	for _, tc := range tests {
		_, err := ConvergenceBand(tc.curves)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one naming %q", tc.name, err, tc.want)
		}
	}
}

// Example: the median line of three runs, one of which is infeasible
// until the end.
func ExampleConvergenceBand() {
	grid := []int{100, 1000, 10000}
	b, err := ConvergenceBand([]Curve{
		{FES: grid, F: []float64{50, 5, 0.5}, V: []float64{0, 0, 0}},
		{FES: grid, F: []float64{80, 9, 0.1}, V: []float64{0.2, 0, 0}},
		{FES: grid, F: []float64{-10, -10, -10}, V: []float64{3, 2, 1}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, fes := range b.FES {
		fmt.Printf("FES %5d: median f %g, v̄ %g\n", fes, b.Median.F[k], b.Median.V[k])
	}
	// Output:
	// FES   100: median f 80, v̄ 0.2
	// FES  1000: median f 9, v̄ 0
	// FES 10000: median f 0.5, v̄ 0
}
