package de

import "pcaplay/core/rng"

// The crossovers and the bound rule below are the forms of the HECO-DE
// author's published code (GECCO 2019 entry, GECCO_cy.pyx: crossover_1,
// crossover_2, and the repair inside mutation_1 and mutation_2). There CR
// is the probability of keeping the parent's coordinate, the inverse of
// the textbook forms Binomial and Exponential, where CR is the probability
// of taking the mutant's.

// BinomialKeep is the binomial crossover with CR read as the probability of
// keeping the target's coordinate:
//
//	u_j = v_j  if j = j_rand or U_j > CR,   u_j = x_j otherwise,
//
// with j_rand uniform in [0, n): u has at least one coordinate of v, and
// each other coordinate comes from x with probability CR (U_j uniform in
// [0, 1), tested as U_j ≤ CR). CR = 0 gives v (almost surely); CR = 1
// gives x except at j_rand.
//
// Draws: one r.IntN(n) for j_rand, then one r.Float64() for every j ≠
// j_rand, in order j = 0..n−1. u may alias v, not x.
func BinomialKeep(u, x, v []float64, CR float64, r *rng.PCG) {
	n := len(u)
	if n == 0 {
		return
	}
	jrand := r.IntN(n)
	for j := range u {
		if j != jrand && r.Float64() <= CR {
			u[j] = x[j]
		} else {
			u[j] = v[j]
		}
	}
}

// ExponentialKeep is the exponential crossover with the roles of the two
// vectors exchanged: u starts as v, and one cyclic block of x's
// coordinates starting at l is copied into it,
//
//	u_j = x_j  for j = ⟨l⟩_n, …, ⟨l+L−1⟩_n,   u_j = v_j otherwise,
//
// with l uniform in [0, n) and L the number of fresh U uniform in [0, 1)
// that satisfy U ≤ CR in a row, at most n − 1: so 0 ≤ L ≤ n − 1 with
// P(L ≥ k) = CR^k, and u keeps at least one coordinate of v.
//
// Draws: one r.IntN(n), then r.Float64() until one exceeds CR or L reaches
// n − 1; the test U ≤ CR comes first, so a run that reaches n − 1 draws
// one number more (as the published loop "while U ≤ CR and L < n − 1").
// u may alias v, not x.
func ExponentialKeep(u, x, v []float64, CR float64, r *rng.PCG) {
	n := len(u)
	if n == 0 {
		return
	}
	copy(u, v)
	l := r.IntN(n)
	for L := 0; r.Float64() <= CR && L < n-1; L++ {
		j := (l + L) % n
		u[j] = x[j]
	}
}

// Halfway moves every coordinate of v outside [lo, hi] halfway towards the
// bound it crossed: v_j ← (lo_j + v_j)/2 below, (hi_j + v_j)/2 above. The
// result stays outside the box (at half the distance), so a trial repaired
// so may be evaluated outside it; a NaN coordinate stays NaN. It returns
// how many coordinates it moved.
func Halfway(v, lo, hi []float64) int {
	moved := 0
	for j, a := range v {
		switch {
		case a < lo[j]:
			v[j] = (lo[j] + a) / 2
			moved++
		case a > hi[j]:
			v[j] = (hi[j] + a) / 2
			moved++
		}
	}
	return moved
}
