package experiment

import (
	"fmt"
	"testing"
)

// manyProblems returns the records of two configurations ("cmode",
// "pmode") on n problems ("P000001" …) × runs runs at D = 2, with made-up
// finite values, some runs infeasible: the shape of a file with many
// problems, made in memory.
func manyProblems(n, runs int) []Record {
	var recs []Record
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
				recs = append(recs, Record{Algo: a, Problem: fmt.Sprintf("P%06d", p), Dim: 2, Data: DataNone, Run: r, Seed: 1 + uint64(r),
					MaxFES: 1000, FES: 1000, F: f, V: v, Feasible: v == 0, Counts: counts, BestFES: 900, X: []float64{next(), next()},
					Settings: "pop=5", Checkpoints: []Checkpoint{{0.1, 100, f + 2, v}, {0.5, 500, f + 1, v}, {1, 1000, f, v}},
					Curve: Curve{FES: []int{10, 100, 1000}, F: []float64{f + 3, f + 1, f}, V: []float64{v + 1, v, v}}})
			}
		}
	}
	return recs
}

// BenchmarkManyProblems: the readers' work on two configurations × n
// problems × 3 runs at n = 2,000 and 20,000: the time of each grows
// linearly with n (or as n log n). Check is cec's grid check (cec table,
// rank, wilcoxon, merge), Tables the supplement tables (Summaries of each
// configuration) and Rank the ranking (cec rank); package results
// benchmarks the results view on the same records.
//
//	go test ./internal/experiment -run '^$' -bench BenchmarkManyProblems -benchtime 1x
func BenchmarkManyProblems(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		recs := manyProblems(n, 3)
		where := func(i int) string { return fmt.Sprint(i) }
		b.Run(fmt.Sprintf("Check/problems=%d", n), func(b *testing.B) {
			for b.Loop() {
				if err := Check(recs, where); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("Tables/problems=%d", n), func(b *testing.B) {
			for b.Loop() {
				for _, a := range Algos(recs) {
					if _, _, err := Summaries(recs, a, 2); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run(fmt.Sprintf("Rank/problems=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := RankTable(recs, 2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
