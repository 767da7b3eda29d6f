package formula

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// rosenbrock is the hand-written Rosenbrock function the typed one is
// measured against: Σ_{i<D} 100 (x_{i+1} − x_i²)² + (1 − x_i)².
func rosenbrock(x []float64) float64 {
	s := 0.0
	for i := 0; i+1 < len(x); i++ {
		a := x[i+1] - x[i]*x[i]
		b := 1 - x[i]
		s += 100*(a*a) + b*b
	}
	return s
}

const rosenSrc = "sum(i, 1, D-1, 100*(x[i+1]-x[i]^2)^2 + (1-x[i])^2)"

func randomPoint(d int) []float64 {
	r := rand.New(rand.NewPCG(1, uint64(d)))
	x := make([]float64, d)
	for i := range x {
		x[i] = r.Float64()*4 - 2
	}
	return x
}

var sink float64

// go test ./core/problem/formula/ -run '^$' -bench Rosenbrock
func BenchmarkRosenbrock(b *testing.B) {
	for _, d := range []int{10, 100} {
		x := randomPoint(d)
		b.Run(fmt.Sprintf("go/D=%d", d), func(b *testing.B) {
			for b.Loop() {
				sink = rosenbrock(x)
			}
		})
		p, err := Compile(rosenSrc, d)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("formula/D=%d", d), func(b *testing.B) {
			for b.Loop() {
				sink = p.Eval(x)
			}
		})
	}
}
