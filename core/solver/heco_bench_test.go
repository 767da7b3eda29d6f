package solver

import "testing"

// BenchmarkHECOIterate measures one HECO generation (one Step after the
// initial population: λ = 12 trials and evaluations) at D = 10 on the test
// problem hecoSum (f = Σx², g = 1 − Σx ≤ 0). The budget is so large that
// the population stays at μ0 = 120 and the archive at most 480.
//
//	go test ./core/solver -run '^$' -bench HECOIterate -benchmem
func BenchmarkHECOIterate(b *testing.B) {
	for _, mk := range []func(int) *HECOSettings{DefaultHECO, DefaultHECOPDE} {
		s := mk(10)
		b.Run(s.Algorithm(), func(b *testing.B) {
			sv, _ := hecoSolver(b, s, hecoSum{10}, 1, 1<<40)
			if _, err := sv.Step(); err != nil { // initial population
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := sv.Step(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(s.Lambda), "fes/op")
		})
	}
}
