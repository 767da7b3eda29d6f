package de_test

import (
	"math"
	"slices"
	"testing"

	"pcaplay/core/de"
	"pcaplay/core/rng"
)

// TestFusedTrialsMatchSteps checks the fused trials (Rand1Bin, Rand1Exp,
// CurrentToPBest1Bin, CurrentToPBest1Exp) against the steps they fuse,
// written as the solvers wrote them before: mutation, Repair, crossover.
// With "if !fused { Repair; crossover }" every trial must give the same u
// and v, bit for bit, and leave the random stream in the same state, for
// every bound handling, mutants inside and outside the box, NaN and ±Inf
// donors, CR = 0, 1 and in between, and every n from 1 to 13.
func TestFusedTrialsMatchSteps(t *testing.T) {
	type kind struct {
		name  string
		pbest bool
		exp   bool
	}
	kinds := []kind{{"Rand1Bin", false, false}, {"Rand1Exp", false, true},
		{"CurrentToPBest1Bin", true, false}, {"CurrentToPBest1Exp", true, true}}
	src := newRand(7)
	inside, outside := 0, 0
	for c := range 20000 {
		k := kinds[c%len(kinds)]
		b := de.BoundHandling(src.IntN(3))
		n := 1 + src.IntN(13)
		lo := seq(n, func(int) float64 { return -1 - 4*src.Float64() })
		hi := seq(n, func(j int) float64 { return lo[j] + 8*src.Float64() })
		point := func() []float64 {
			return seq(n, func(j int) float64 {
				switch src.IntN(200) {
				case 0:
					return math.NaN()
				case 1:
					return math.Inf(1 - 2*src.IntN(2))
				}
				return lo[j] + (hi[j]-lo[j])*src.Float64()
			})
		}
		x, d1, d2, d3 := point(), point(), point(), point()
		F := 1.2 * src.Float64()
		CR := []float64{0, 1, src.Float64()}[src.IntN(3)]
		seed := src.Uint64()

		run := func(fused bool) (u, v []float64, next uint64) {
			r := rng.New(seed, 1)
			u, v, us := make([]float64, n), make([]float64, n), make([]float64, n)
			mutate := func(v []float64) {
				if k.pbest {
					de.CurrentToPBest1(v, x, d1, d2, d3, F)
				} else {
					de.Rand1(v, d1, d2, d3, F)
				}
			}
			// remutate draws, as the solvers' re-mutations do (new donors)
			remutate := func(v []float64) {
				for j := range v {
					v[j] = lo[j] - 1 + (hi[j]-lo[j]+2)*r.Float64()
				}
			}
			cross := de.Binomial
			if k.exp {
				cross = de.Exponential
			}
			ok := false
			if fused {
				switch {
				case k.pbest && k.exp:
					ok = de.CurrentToPBest1Exp(u, v, x, d1, d2, d3, lo, hi, F, CR, r, us)
				case k.pbest:
					ok = de.CurrentToPBest1Bin(u, v, x, d1, d2, d3, lo, hi, F, CR, r, us)
				case k.exp:
					ok = de.Rand1Exp(u, v, x, d1, d2, d3, lo, hi, F, CR, r, us)
				default:
					ok = de.Rand1Bin(u, v, x, d1, d2, d3, lo, hi, F, CR, r, us)
				}
				if ok {
					inside++
				} else {
					outside++
				}
			} else {
				mutate(v)
			}
			if !ok {
				b.Repair(v, x, lo, hi, remutate)
				cross(u, x, v, CR, r)
			}
			return u, v, r.Uint64()
		}
		wu, wv, wnext := run(false)
		gu, gv, gnext := run(true)
		same := func(a, b []float64) bool {
			return slices.EqualFunc(a, b, func(p, q float64) bool { return math.Float64bits(p) == math.Float64bits(q) })
		}
		if !same(gu, wu) || !same(gv, wv) || gnext != wnext {
			t.Fatalf("case %d (%s, %v, n = %d, F = %g, CR = %g): fused u = %v, v = %v, next draw %#x; steps u = %v, v = %v, next draw %#x",
				c, k.name, b, n, F, CR, gu, gv, gnext, wu, wv, wnext)
		}
	}
	// Both paths of the fused trials were taken often.
	if inside < 2000 || outside < 2000 {
		t.Errorf("mutants inside the box %d times, outside %d times: want both ≥ 2000", inside, outside)
	}
}
