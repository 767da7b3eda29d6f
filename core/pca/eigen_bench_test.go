package pca

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkProjectHECO is HECO-PDE's case at D = 10: k = λ = 12 > n, m = 5.
func BenchmarkProjectHECO(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	x := make([]float64, 12*10)
	for i := range x {
		x[i] = r.NormFloat64()
	}
	f := make([]float64, 12)
	v := make([]float64, 12)
	for i := range f {
		f[i] = r.Float64()
	}
	for b.Loop() {
		Project(x, 10, ByFeasibility(f, v), 12, 5)
	}
}
