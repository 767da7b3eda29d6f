package results

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"pcaplay/internal/experiment"
)

// The helpers below repeat those of package experiment's tests.

func plan(t *testing.T, c experiment.Config) *experiment.Plan {
	t.Helper()
	p, err := experiment.NewPlan(c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func collect(t *testing.T, p *experiment.Plan, workers int) []experiment.Record {
	t.Helper()
	var recs []experiment.Record
	if _, err := p.Execute(context.Background(), workers, experiment.Hooks{Emit: func(r experiment.Record) error {
		recs = append(recs, r)
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	return recs
}

var small = experiment.Config{Algos: []string{"random", "pmode"}, Problems: []string{"C01", "C05"}, Dim: 10, Runs: 3, Seed: 7, FES: 3000}

// rec is a complete, valid record of a run with final f and v.
func rec(algo, prob string, run int, f, v float64) experiment.Record {
	var counts [3]int
	if v > 0 {
		counts[2] = 1
	}
	return experiment.Record{Algo: algo, Problem: prob, Dim: 10, Data: "generated", Run: run, Seed: 1 + uint64(run), MaxFES: 100, FES: 100,
		F: f, V: v, Feasible: v == 0, Counts: counts, BestFES: 90, X: make([]float64, 10), Settings: "pop=5,k=0.5",
		Checkpoints: []experiment.Checkpoint{{Frac: 0.1, FES: 10, F: f + 1, V: v}, {Frac: 0.5, FES: 50, F: f, V: v}, {Frac: 1, FES: 100, F: f, V: v}},
		Curve:       experiment.Curve{FES: []int{100}, F: []float64{f}, V: []float64{v}}}
}

// seeded is rec with the seed base + run.
func seeded(algo, prob string, run int, base uint64) experiment.Record {
	r := rec(algo, prob, run, 1, 0)
	r.Seed = base + uint64(run)
	return r
}

func goodLine(t testing.TB) string {
	b, err := experiment.MarshalLine(rec("pmode", "C01", 3, 1.5, 0))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}

// manyProblems returns the records of two configurations ("cmode",
// "pmode") on n problems ("P000001" …) × runs runs at D = 2, with made-up
// finite values, some runs infeasible: the shape of a file with many
// problems, made in memory.
func manyProblems(n, runs int) []experiment.Record {
	var recs []experiment.Record
	x := uint64(1)
	next := func() float64 { // a small LCG: values in [0, 1)
		x = x*6364136223846793005 + 1442695040888963407
		return float64(x>>11) / (1 << 53)
	}
	for _, a := range []string{"cmode", "pmode"} {
		for p := range n {
			for r := range runs {
				f, v := 100*next(), 0.0
				if next() < 0.2 {
					v = next()
				}
				var counts [3]int
				if v > 0 {
					counts[2] = 1
				}
				recs = append(recs, experiment.Record{Algo: a, Problem: fmt.Sprintf("P%06d", p), Dim: 2, Data: experiment.DataNone, Run: r, Seed: 1 + uint64(r),
					MaxFES: 1000, FES: 1000, F: f, V: v, Feasible: v == 0, Counts: counts, BestFES: 900, X: []float64{next(), next()},
					Settings: "pop=5", Checkpoints: []experiment.Checkpoint{{Frac: 0.1, FES: 100, F: f + 2, V: v}, {Frac: 0.5, FES: 500, F: f + 1, V: v}, {Frac: 1, FES: 1000, F: f, V: v}},
					Curve: experiment.Curve{FES: []int{10, 100, 1000}, F: []float64{f + 3, f + 1, f}, V: []float64{v + 1, v, v}}})
			}
		}
	}
	return recs
}
