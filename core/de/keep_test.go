package de

import (
	"math"
	"testing"

	"pcaplay/core/rng"
)

// BinomialKeep keeps x_j with probability CR for every j ≠ j_rand and
// always takes v at j_rand; CR = 0 gives v.
func TestBinomialKeep(t *testing.T) {
	const n, trials = 8, 20000
	x, v, u := make([]float64, n), make([]float64, n), make([]float64, n)
	for j := range n {
		x[j], v[j] = 1, 2
	}
	r := rng.New(1, 1)
	for _, cr := range []float64{0, 0.3, 0.9, 1} {
		kept := 0
		for range trials {
			BinomialKeep(u, x, v, cr, r)
			k := 0
			for _, a := range u {
				if a == 1 {
					k++
				}
			}
			if k == n {
				t.Fatalf("CR = %v: every coordinate from x", cr)
			}
			kept += k
		}
		// each of the n − 1 coordinates other than j_rand comes from x
		// with probability CR
		if got, want := float64(kept)/float64(trials*(n-1)), cr; math.Abs(got-want) > 0.01 {
			t.Errorf("CR = %v: a coordinate other than j_rand kept x with frequency %.4f", cr, got)
		}
	}
}

// ExponentialKeep copies one cyclic block of x of length L into v with
// P(L ≥ k) = CR^k, L ≤ n − 1, so u keeps at least one coordinate of v.
func TestExponentialKeep(t *testing.T) {
	const n, trials = 6, 40000
	x, v, u := make([]float64, n), make([]float64, n), make([]float64, n)
	for j := range n {
		x[j], v[j] = 1, 2
	}
	r := rng.New(2, 2)
	for _, cr := range []float64{0, 0.5, 0.8, 1} {
		count := make([]int, n+1)
		for range trials {
			ExponentialKeep(u, x, v, cr, r)
			L, start := 0, -1
			for j := range n {
				if u[j] == 1 {
					L++
					if u[(j+n-1)%n] != 1 {
						if start >= 0 {
							t.Fatalf("CR = %v: two blocks of x in %v", cr, u)
						}
						start = j
					}
				}
			}
			if L == n {
				t.Fatalf("CR = %v: every coordinate from x", cr)
			}
			count[L]++
		}
		atLeast := 0
		for k := n - 1; k >= 1; k-- {
			atLeast += count[k]
			want := math.Pow(cr, float64(k))
			if got := float64(atLeast) / trials; math.Abs(got-want) > 0.01 {
				t.Errorf("CR = %v: P(L ≥ %d) = %.4f, want %.4f", cr, k, got, want)
			}
		}
	}
}

// Halfway moves an outside coordinate halfway to the bound it crossed.
func TestHalfway(t *testing.T) {
	lo, hi := []float64{-1, -1, -1, -1}, []float64{1, 1, 1, 1}
	v := []float64{-3, 0.5, 5, math.NaN()}
	if moved := Halfway(v, lo, hi); moved != 2 {
		t.Errorf("moved %d, want 2", moved)
	}
	if v[0] != -2 || v[1] != 0.5 || v[2] != 3 || !math.IsNaN(v[3]) {
		t.Errorf("got %v, want [-2 0.5 3 NaN]", v)
	}
}
