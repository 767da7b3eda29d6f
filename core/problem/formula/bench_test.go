package formula

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
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

// cecLike is the hand-written constrained problem the typed cecLikeDef is
// measured against: C03's constraints on z = x (no shift, no rotation)
// with the sphere as f:
//
//	f = Σ x_i²,  g = Σ (x_i² − 5000 cos(0.1π x_i) − 4000),  h = −Σ x_i sin(0.1π x_i).
func cecLike(x, g, h []float64) float64 {
	var f, g0, h0 float64
	for _, xi := range x {
		sq := xi * xi
		f += sq
		g0 += sq - 5000*math.Cos(0.1*math.Pi*xi) - 4000
		h0 += xi * math.Sin(0.1*math.Pi*xi)
	}
	g[0], h[0] = g0, -h0
	return f
}

const cecLikeDef = `{"name": "cec-like", "dim": 10, "lower": -100, "upper": 100,
	"f": "sum(i, 1, D, x[i]^2)",
	"g": ["sum(i, 1, D, x[i]^2 - 5000*cos(0.1*pi*x[i]) - 4000)"],
	"h": ["-sum(i, 1, D, x[i]*sin(0.1*pi*x[i]))"]}`

// go test ./core/problem/formula/ -run '^$' -bench 'CECLike|Problem'
func BenchmarkCECLike(b *testing.B) {
	def, err := Parse([]byte(cecLikeDef))
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range []int{10, 100} {
		x := randomPoint(d)
		for i := range x {
			x[i] *= 50
		}
		g, h := make([]float64, 1), make([]float64, 1)
		b.Run(fmt.Sprintf("go/D=%d", d), func(b *testing.B) {
			for b.Loop() {
				sink = cecLike(x, g, h)
			}
		})
		p, err := def.Compile(d)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("formula/D=%d", d), func(b *testing.B) {
			for b.Loop() {
				sink = p.Evaluate(x, g, h)
			}
		})
	}
}

// BenchmarkProblemRosenbrock is the typed Rosenbrock through
// Problem.Evaluate (the solvers' path: one pooled state per evaluation).
func BenchmarkProblemRosenbrock(b *testing.B) {
	def, err := Parse([]byte(`{"name": "r", "dim": 10, "lower": -2, "upper": 2, "f": "` + rosenSrc + `"}`))
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range []int{10, 100} {
		p, err := def.Compile(d)
		if err != nil {
			b.Fatal(err)
		}
		x := randomPoint(d)
		b.Run(fmt.Sprintf("D=%d", d), func(b *testing.B) {
			for b.Loop() {
				sink = p.Evaluate(x, nil, nil)
			}
		})
	}
}

// bombDef is a definition of 1,000 lets, 1,000 g and 1,000 h, each
// sum(i, 1, 499990, 1): each formula is under the limit of operations, all
// of them together 3,000 times over it.
func bombDef() []byte {
	var b strings.Builder
	b.WriteString(`{"name": "bomb", "dim": 2, "lower": -1, "upper": 1, "f": "x1", "let": [`)
	for i := range 1000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"a%d = sum(i, 1, 499990, 1)"`, i)
	}
	for _, k := range []string{"g", "h"} {
		fmt.Fprintf(&b, `], "%s": [`, k)
		for i := range 1000 {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"sum(i, 1, 499990, 1)"`)
		}
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// The limit of operations holds for the whole definition as it is
// compiled: the bomb is refused at its second formula, not after all
// 3,000 (it took 11.9 s so).
func TestCompileBombRefusedEarly(t *testing.T) {
	_, err := Parse(bombDef())
	if err == nil || !strings.Contains(err.Error(), "let[2] at D = 2: with the formulas before it") {
		t.Fatalf("the bomb: %v", err)
	}
}

// BenchmarkCompileBomb: refusing the bomb costs about MaxOps counting
// steps (the limit once), not 3,000 times that.
func BenchmarkCompileBomb(b *testing.B) {
	def := bombDef()
	for b.Loop() {
		if _, err := Parse(def); err == nil {
			b.Fatal("the bomb compiled")
		}
	}
}
