package solver_test

import (
	"fmt"
	"testing"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// BenchmarkGeneration measures one generation (one Step after the initial
// population) of every algorithm on CEC 2017 C05 at D = 10 and D = 100 with
// the official data. fes/op is the evaluations per generation and µs/FES
// the cost per evaluation: random search is the bare-evaluation reference.
// The budget is so large that HECO's population keeps its initial size.
//
//	go test ./core/solver -run '^$' -bench Generation -benchmem
func BenchmarkGeneration(b *testing.B) {
	for _, d := range []int{10, 100} {
		p, err := suite.New("C05", d, suite.Options{Data: official.FS()})
		if err != nil {
			b.Fatal(err)
		}
		for _, name := range solver.Names() {
			b.Run(fmt.Sprintf("D=%d/%s", d, name), func(b *testing.B) {
				a, _ := solver.Lookup(name)
				sv, err := solver.New(p, a.Defaults(d), 1, 1<<40)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := sv.Step(); err != nil { // initial population
					b.Fatal(err)
				}
				start := sv.FES()
				b.ResetTimer()
				for b.Loop() {
					if _, err := sv.Step(); err != nil {
						b.Fatal(err)
					}
				}
				fes := float64(sv.FES() - start)
				b.ReportMetric(fes/float64(b.N), "fes/op")
				b.ReportMetric(float64(b.Elapsed().Microseconds())/fes, "µs/FES")
			})
		}
	}
}
