package stats

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchRuns returns n runs, about a fifth infeasible, with distinct f.
func benchRuns(rng *rand.Rand, n int, shift float64) []Run {
	out := make([]Run, n)
	for k := range out {
		if rng.IntN(5) == 0 {
			out[k] = Run{F: rng.Float64(), MeanV: rng.Float64(), Counts: [3]int{0, 1, 0}}
		} else {
			out[k] = Run{F: shift + rng.NormFloat64(), Feasible: true}
		}
	}
	return out
}

// BenchmarkCompare: the paper's experiment, four configurations × 28
// problems × 25 runs, every pair tested with Holm's correction.
func BenchmarkCompare(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	var probs []string
	by := map[string][]Sample{}
	for p := range 28 {
		name := fmt.Sprintf("C%02d", p+1)
		probs = append(probs, name)
		for c := range 4 {
			by[name] = append(by[name], Sample{Name: fmt.Sprint("config", c), Runs: benchRuns(rng, 25, float64(c)/2)})
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Compare(probs, by, DefaultAlpha); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRankSumExact: 8 runs against 25, the exact method.
func BenchmarkRankSumExact(b *testing.B) {
	rng := rand.New(rand.NewPCG(2, 2))
	x, y := make([]float64, 8), make([]float64, 25)
	for i := range x {
		x[i] = rng.Float64()
	}
	for i := range y {
		y[i] = rng.Float64() + 0.3
	}
	for b.Loop() {
		if r, err := MannWhitneyU(x, y); err != nil || !r.Exact {
			b.Fatal(err, r.Exact)
		}
	}
}

// BenchmarkConvergenceBand: 25 runs on a 50-point grid.
func BenchmarkConvergenceBand(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	grid := make([]int, 50)
	for k := range grid {
		grid[k] = 100 * (k + 1)
	}
	curves := make([]Curve, 25)
	for i := range curves {
		c := Curve{FES: grid}
		for range grid {
			v := 0.0
			if rng.IntN(3) == 0 {
				v = rng.Float64()
			}
			c.F, c.V = append(c.F, rng.Float64()), append(c.V, v)
		}
		curves[i] = c
	}
	for b.Loop() {
		if _, err := ConvergenceBand(curves); err != nil {
			b.Fatal(err)
		}
	}
}
