package solver_test

import (
	"testing"

	"pcaplay/core/solver"
	"pcaplay/core/suite"
	"pcaplay/internal/testdata"
)

// BenchmarkGeneration measures one generation (one Step after the initial
// population) of every algorithm on CEC 2017 C05 at D = 10 with the official
// data. Report per-FES cost with the fes/op metric: random search at equal
// FES is the bare-evaluation reference.
func BenchmarkGeneration(b *testing.B) {
	p, err := suite.New("C05", 10, suite.Options{DataDir: testdata.CEC2017Data(b)})
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range solver.Names() {
		b.Run(name, func(b *testing.B) {
			a, _ := solver.Lookup(name)
			sv, err := solver.New(p, a.Defaults(10), 1, 1<<40)
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
			b.ReportMetric(float64(sv.FES()-start)/float64(b.N), "fes/op")
		})
	}
}
