package solver

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pcaplay/core/problem"
)

// rankTop must give exactly the first np of a stable sort of P by the
// feasibility rule, then f (LSHADE44's order; ties keep the lower index),
// or by f alone (byF: the author's sort by obj, stable), on populations
// full of ties: equal v, equal f, ±0, +Inf.
func TestRankTopIsTheStableTop(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	pick := func(vals []float64) float64 { return vals[r.IntN(len(vals))] }
	for it := range 2000 {
		mu := 1 + r.IntN(300)
		h := &heco{pop: newPopulation(1, mu)}
		for i := range mu {
			h.pop.f[i] = pick([]float64{-1, 0, math.Copysign(0, -1), 1, 2, math.Inf(1), r.NormFloat64()})
			h.pop.v[i] = pick([]float64{0, 0, math.Copysign(0, -1), 1, 3, math.Inf(1), r.Float64()})
		}
		np := 1 + r.IntN(mu)
		if it%5 == 0 {
			np = max(1, int(math.Round(0.11*float64(mu))))
		}
		byF := it%2 == 1
		want := make([]int, mu)
		for i := range want {
			want[i] = i
		}
		f, v := h.pop.f, h.pop.v
		slices.SortStableFunc(want, func(a, b int) int {
			switch {
			case !byF && problem.Better(f[a], v[a], f[b], v[b]):
				return -1
			case !byF && problem.Better(f[b], v[b], f[a], v[a]):
				return 1
			case f[a] < f[b]:
				return -1
			case f[b] < f[a]:
				return 1
			}
			return 0
		})
		h.rankTop(&h.pop, np, byF)
		if !slices.Equal(h.ranked, want[:np]) {
			t.Fatalf("mu=%d np=%d byF=%v: rankTop %v, want %v", mu, np, byF, h.ranked, want[:np])
		}
	}
}
