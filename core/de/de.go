// Package de holds the building blocks of differential evolution shared by
// DE/rand/1/bin, CMODE/PMODE and HECO-DE/HECO-PDE: mutation operators,
// crossover operators, index picking and bound handling.
//
// Equation numbers are those of the paper (Huang, Xu, Li, He): DE in §2.1,
// eqs. (10) and (11), and the operators of HECO-PDE in §4.2, eqs. (30)–(34).
//
// Every function works on caller-owned slices and allocates nothing. The
// vectors passed to one call must all have the same length n (the problem
// dimension); this is a precondition that the solvers' Validate methods
// guarantee, not something the functions check. An output slice may alias
// any input slice: every output coordinate is computed from the inputs'
// coordinates with the same index only.
//
// Loops: Binomial's and reflect's loops are unrolled by hand four times,
// with the same operations in the same order: Go's WebAssembly port sends
// every jump back to a loop's head through the function's block
// dispatcher. The mutation kernels stay plain loops, small enough to be
// inlined: in WebAssembly a call costs more than the loop's jumps.
//
// Randomness comes from the caller's *rng.PCG (the stream of math/rand/v2's
// PCG, with concrete methods: these loops draw several numbers per
// coordinate), and each function documents how many values it draws, so a
// run is a function of its seed.
package de

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"pcaplay/core/internal/fmath"
	"pcaplay/core/problem"
	"pcaplay/core/rng"
)

// Rand1 is the DE/rand/1 mutation, eq. (10) and
// eq. (31):
//
//	v = r1 + F·(r2 − r3).
//
// For randrl/1 (eq. (32)) order the three indices with
// OrderRL first and pass them in that order.
func Rand1(v, r1, r2, r3 []float64, F float64) {
	for j := range v {
		v[j] = r1[j] + F*(r2[j]-r3[j])
	}
}

// CurrentToPBest1 is the current-to-pbest/1 mutation of JADE, eq.
// eq. (30):
//
//	v = x + F·(pbest − x) + F·(r1 − r2).
//
// In HECO-DE/LSHADE44 r2 may come from the archive.
func CurrentToPBest1(v, x, pbest, r1, r2 []float64, F float64) {
	for j := range v {
		v[j] = x[j] + F*(pbest[j]-x[j]) + F*(r1[j]-r2[j])
	}
}

// OrderRL sorts the three indices in idx best first by the feasibility rule
// (problem.Better on f[i], viol[i]): a feasible point (v = 0) before an
// infeasible one, feasible points by f, infeasible points by v, NaN last.
// The sort is stable: indices that tie keep their order. This is the
// ranking of the randrl/1 mutation of Kaelo & Ali (§4.2, under eq. (32)), used as
//
//	v = x_idx[0] + F·(x_idx[1] − x_idx[2])   (Rand1 with that order).
func OrderRL(idx *[3]int, f, viol []float64) {
	better := func(a, b int) bool { return problem.Better(f[a], viol[a], f[b], viol[b]) }
	// Insertion sort of three elements; swap only on strict improvement.
	if better(idx[1], idx[0]) {
		idx[0], idx[1] = idx[1], idx[0]
	}
	if better(idx[2], idx[1]) {
		idx[1], idx[2] = idx[2], idx[1]
		if better(idx[1], idx[0]) {
			idx[0], idx[1] = idx[1], idx[0]
		}
	}
}

// Binomial is the binomial crossover, eq. (11) and
// eq. (33), in its textbook form:
//
//	u_j = v_j  if U_j ≤ CR or j = j_rand,   u_j = x_j otherwise,
//
// with j_rand uniform in [0, n) and always taken from v, so u has at least
// one coordinate of v. (LSHADE44's code adds j_rand only when no U_j ≤ CR;
// we follow the paper.)
//
// U_j is drawn uniform in (0, 1] (as 1 − r.Float64()), so CR = 0 takes
// exactly the coordinate j_rand from v and CR = 1 takes all of v; for
// 0 < CR < 1 each coordinate j ≠ j_rand comes from v with probability CR.
// Draws: one r.IntN(n) for j_rand, then one r.Float64() for every j
// (also j = j_rand), in order j = 0..n−1.
func Binomial(u, x, v []float64, CR float64, r *rng.PCG) {
	n := len(u)
	if n == 0 {
		return
	}
	jrand := r.IntN(n)
	// u_jrand = v_jrand whatever its U: set after the loop, from v_jrand
	// read before it (u may alias v).
	vj := v[jrand]
	// The U_j are drawn a block at a time (rng.Float64s: the same numbers
	// in the same order, without a call per coordinate).
	var buf [32]float64
	for j0 := 0; j0 < n; j0 += len(buf) {
		us := buf[:min(len(buf), n-j0)]
		r.Float64s(us)
		uu, xx, vv := u[j0:j0+len(us)], x[j0:j0+len(us)], v[j0:j0+len(us)]
		i := 0
		for ; i+4 <= len(us); i += 4 { // unrolled: see "Loops" in the package comment
			binomial1(uu, xx, vv, us, CR, i)
			binomial1(uu, xx, vv, us, CR, i+1)
			binomial1(uu, xx, vv, us, CR, i+2)
			binomial1(uu, xx, vv, us, CR, i+3)
		}
		for ; i < len(us); i++ {
			binomial1(uu, xx, vv, us, CR, i)
		}
	}
	u[jrand] = vj
}

// Rand1Bin is one DE/rand/1/bin trial, Rand1 then Binomial, in one pass
// over the coordinates when the mutant is inside the box:
//
//	v = r1 + F·(r2 − r3)                           (Rand1, eq. (10))
//	lo ≤ v ≤ hi ?                                  (Inside)
//	u_j = v_j if U_j ≤ CR or j = j_rand, else x_j  (Binomial, eq. (11))
//
// Why fused: in Go's WebAssembly port every call passes its arguments
// through memory and every loop's back jump and every branch goes through
// the function's block dispatcher, so at D = 10 the three loops and two
// calls of Rand1, Inside and Binomial cost several times their arithmetic
// (the per-trial control was 4–6× native, docs/wasm-speed.md). Here the
// pass is one loop without branches (the choices are integer selects);
// natively it is as fast as the three.
//
// The crossover needs its draws before the pass: Rand1Bin takes Binomial's
// draws (one r.IntN(n), then n r.Float64(), into us, len(us) ≥ n) first.
// If v is outside the box, the trial needs bound handling before its
// crossover: Rand1Bin then puts r back in its state before those draws and
// returns false, with the mutant in v and u unspecified. The caller repairs
// v and calls Binomial, which makes the same draws again:
//
//	if !de.Rand1Bin(u, v, x, r1, r2, r3, lo, hi, F, CR, r, us) {
//		b.Repair(v, x, lo, hi, remutate)
//		de.Binomial(u, x, v, CR, r)
//	}
//
// gives the same u, v and random stream as Rand1, Repair and Binomial for
// every BoundHandling: Repair leaves a mutant inside the box as it is and
// draws nothing. u must not alias v, x or a donor; v may alias nothing
// either.
func Rand1Bin(u, v, x, r1, r2, r3, lo, hi []float64, F, CR float64, r *rng.PCG, us []float64) bool {
	saved := *r
	binomialDraws(us[:len(u)], r)
	if !rand1Cross(u, v, x, r1, r2, r3, lo, hi, us, F, CR) {
		*r = saved
		return false
	}
	return true
}

// Rand1Exp is Rand1Bin with the exponential crossover (Exponential, eq.
// (34)) and its draws: Rand1, then Exponential, in one pass when the
// mutant is inside the box; false (r restored) when it is not.
func Rand1Exp(u, v, x, r1, r2, r3, lo, hi []float64, F, CR float64, r *rng.PCG, us []float64) bool {
	saved := *r
	exponentialDraws(us[:len(u)], CR, r)
	if !rand1Cross(u, v, x, r1, r2, r3, lo, hi, us, F, CR) {
		*r = saved
		return false
	}
	return true
}

// CurrentToPBest1Bin is Rand1Bin with the current-to-pbest/1 mutation
// (CurrentToPBest1, eq. (30)): CurrentToPBest1, then Binomial, in one pass
// when the mutant is inside the box; false (r restored) when it is not.
func CurrentToPBest1Bin(u, v, x, pbest, r1, r2, lo, hi []float64, F, CR float64, r *rng.PCG, us []float64) bool {
	saved := *r
	binomialDraws(us[:len(u)], r)
	if !pbestCross(u, v, x, pbest, r1, r2, lo, hi, us, F, CR) {
		*r = saved
		return false
	}
	return true
}

// CurrentToPBest1Exp is CurrentToPBest1, then Exponential, in one pass
// when the mutant is inside the box; false (r restored) when it is not.
func CurrentToPBest1Exp(u, v, x, pbest, r1, r2, lo, hi []float64, F, CR float64, r *rng.PCG, us []float64) bool {
	saved := *r
	exponentialDraws(us[:len(u)], CR, r)
	if !pbestCross(u, v, x, pbest, r1, r2, lo, hi, us, F, CR) {
		*r = saved
		return false
	}
	return true
}

// The fused passes take coordinate j from v where 1 − us_j ≤ CR, the test
// of Binomial on its draw us_j (U_j = 1 − us_j). The draw helpers below
// make the crossovers' draws in their order and encode the other cases in
// us: +Inf (1 − us = −Inf ≤ CR) takes v_j, −Inf (1 − us = +Inf > CR) takes
// x_j, for CR in [0, 1].

// binomialDraws makes Binomial's draws, j_rand = r.IntN(n), then the n
// Float64 into us, and sets us_jrand = +Inf: j_rand always comes from v.
func binomialDraws(us []float64, r *rng.PCG) {
	if len(us) == 0 {
		return
	}
	jrand := r.IntNFloat64s(len(us), us) // IntN, then Float64s: one call
	us[jrand] = math.Inf(1)
}

// exponentialDraws makes Exponential's draws, the start l = r.IntN(n) and
// the length L, and sets us_j = +Inf on the cyclic block l..l+L−1 and −Inf
// elsewhere.
func exponentialDraws(us []float64, CR float64, r *rng.PCG) {
	n := len(us)
	if n == 0 {
		return
	}
	l := r.IntN(n)
	L := 1 + r.CountBelow(CR, n-1)
	in, out := math.Float64bits(math.Inf(1)), math.Float64bits(math.Inf(-1))
	for j := range us {
		off := j - l
		if off < 0 {
			off += n
		}
		b := out
		if off < L {
			b = in
		}
		us[j] = math.Float64frombits(b)
	}
}

// rand1Cross is the pass of Rand1Bin and Rand1Exp: v = r1 + F·(r2 − r3),
// u_j = v_j if 1 − us_j ≤ CR else x_j, and whether v is inside [lo, hi]
// (false for NaN). Unrolled by two: see "Loops" in the package comment.
func rand1Cross(u, v, x, r1, r2, r3, lo, hi, us []float64, F, CR float64) bool {
	n := len(u)
	v, x, r1, r2, r3, lo, hi, us = v[:n], x[:n], r1[:n], r2[:n], r3[:n], lo[:n], hi[:n], us[:n]
	out := 0
	j := 0
	for ; j+2 <= n; j += 2 {
		a := r1[j] + F*(r2[j]-r3[j])
		b := r1[j+1] + F*(r2[j+1]-r3[j+1])
		v[j], v[j+1] = a, b
		out |= outside(a, lo[j], hi[j]) | outside(b, lo[j+1], hi[j+1])
		u[j] = crossCoord(x[j], a, us[j], CR)
		u[j+1] = crossCoord(x[j+1], b, us[j+1], CR)
	}
	for ; j < n; j++ {
		a := r1[j] + F*(r2[j]-r3[j])
		v[j] = a
		out |= outside(a, lo[j], hi[j])
		u[j] = crossCoord(x[j], a, us[j], CR)
	}
	return out == 0
}

// pbestCross is rand1Cross with v = x + F·(pbest − x) + F·(r1 − r2).
func pbestCross(u, v, x, pbest, r1, r2, lo, hi, us []float64, F, CR float64) bool {
	n := len(u)
	v, x, pbest, r1, r2, lo, hi, us = v[:n], x[:n], pbest[:n], r1[:n], r2[:n], lo[:n], hi[:n], us[:n]
	out := 0
	j := 0
	for ; j+2 <= n; j += 2 {
		a := x[j] + F*(pbest[j]-x[j]) + F*(r1[j]-r2[j])
		b := x[j+1] + F*(pbest[j+1]-x[j+1]) + F*(r1[j+1]-r2[j+1])
		v[j], v[j+1] = a, b
		out |= outside(a, lo[j], hi[j]) | outside(b, lo[j+1], hi[j+1])
		u[j] = crossCoord(x[j], a, us[j], CR)
		u[j+1] = crossCoord(x[j+1], b, us[j+1], CR)
	}
	for ; j < n; j++ {
		a := x[j] + F*(pbest[j]-x[j]) + F*(r1[j]-r2[j])
		v[j] = a
		out |= outside(a, lo[j], hi[j])
		u[j] = crossCoord(x[j], a, us[j], CR)
	}
	return out == 0
}

// outside is 1 if a is not in [lo, hi] (also for NaN), else 0: Inside for
// one coordinate, as integer selects rather than branches.
func outside(a, lo, hi float64) int {
	o := 0
	if !(a >= lo) {
		o = 1
	}
	if !(a <= hi) {
		o = 1
	}
	return o
}

// crossCoord is one coordinate of the crossover: v if 1 − us ≤ CR, else x.
// The choice is made on the bits (an integer select; a float one would be a
// branch in WebAssembly); the value is x or v unchanged.
func crossCoord(x, v, us, CR float64) float64 {
	b, bv := math.Float64bits(x), math.Float64bits(v)
	if 1-us <= CR {
		b = bv
	}
	return math.Float64frombits(b)
}

// binomial1 sets u[i] of Binomial: v[i] if U = 1 − us[i] ≤ CR, else x[i].
// (j_rand is not tested here: one comparison less per coordinate, in
// WebAssembly a fifth of Binomial's time.)
func binomial1(u, x, v, us []float64, CR float64, i int) {
	t := x[i]
	if w := v[i]; 1-us[i] <= CR {
		t = w
	}
	u[i] = t
}

// Exponential is the exponential crossover of Storn & Price, eq. (34):
//
//	u_j = v_j  for j = ⟨l⟩_n, ⟨l+1⟩_n, …, ⟨l+L−1⟩_n,   u_j = x_j otherwise,
//
// one contiguous cyclic block of length L starting at l. The start l is
// uniform in [0, n); v_l is always copied; then l+1, l+2, … (cyclic) are
// copied while a fresh U uniform in [0, 1) satisfies U < CR and fewer than n
// coordinates have been copied. So 1 ≤ L ≤ n with P(L ≥ k) = CR^(k−1) for
// k = 1..n; CR = 0 copies only v_l and CR = 1 copies all of v. (The paper
// says L is drawn from [0, n−1]; we use the loop form of Storn & Price and
// LSHADE44, which always copies at least one coordinate, like Binomial.)
// Draws: one r.IntN(n), then one r.Float64() per test of U < CR (at most
// n − 1).
func Exponential(u, x, v []float64, CR float64, r *rng.PCG) {
	n := len(u)
	if n == 0 {
		return
	}
	l := r.IntN(n)
	L := 1 + r.CountBelow(CR, n-1) // for L < n && r.Float64() < CR { L++ }
	// Coordinate j is in the block iff its cyclic offset from l is < L.
	for j := range u {
		if off := j - l; off >= 0 && off < L || off < 0 && off+n < L {
			u[j] = v[j]
		} else {
			u[j] = x[j]
		}
	}
}

// Pick fills dst with distinct indices drawn uniformly from [0, n) minus
// the values in exclude: every ordered tuple of distinct admissible indices
// is equally likely. Exclusions may repeat and may lie outside [0, n).
//
// It requires at least len(dst) admissible indices, which
// n − len(exclude) ≥ len(dst) guarantees and the solvers' Validate methods
// ensure (e.g. population size ≥ 4 for DE/rand/1 with the target
// excluded). If there are fewer, Pick panics with a message naming the
// numbers, because that is a programming error, not bad user input.
//
// Method: Floyd's algorithm draws a uniform subset of the N admissible
// positions (N = n minus the distinct in-range exclusions), a Fisher–Yates
// shuffle makes its order uniform, and each position is mapped to the
// corresponding admissible index. Draws: len(dst) values r.IntN for the
// subset, then len(dst) − 1 for the shuffle. Cost O(len(dst)² +
// len(dst)·len(exclude) + len(exclude)²); nothing is allocated.
func Pick(r *rng.PCG, dst []int, n int, exclude ...int) {
	m := len(dst)
	if m <= 3 && len(exclude) <= 2 {
		PickFew(r, dst, n, exclude...)
		return
	}
	// The distinct in-range exclusions, ascending (insertion sort; on the
	// stack for up to 8 of them, as every solver has, else in place of
	// the sorted list each position's mapping scans exclude).
	var small [8]int
	ex, sorted := small[:0], len(exclude) <= len(small)
	N := max(n, 0) // number of admissible indices
	for a, e := range exclude {
		if e < 0 || e >= n {
			continue
		}
		if !sorted {
			if !slices.Contains(exclude[:a], e) {
				N--
			}
			continue
		}
		k := len(ex)
		for k > 0 && ex[k-1] > e {
			k--
		}
		if k > 0 && ex[k-1] == e {
			continue // a repeat
		}
		ex = append(ex, 0)
		copy(ex[k+1:], ex[k:])
		ex[k] = e
		N--
	}
	if N < m {
		pickPanic(m, n, len(exclude), N)
	}
	if m == 0 {
		return
	}
	// The draws: IntN(N−m+1), …, IntN(N) for Floyd, then IntN(m), …,
	// IntN(2) for Fisher–Yates, all at once when they fit on the stack
	// (rng.IntNs: the same numbers without a call per draw).
	var buf [32]int
	var floyd, fy []int
	if 2*m-1 <= len(buf) {
		floyd, fy = buf[:m], buf[m:2*m-1]
		r.IntNs(floyd, N-m+1, 1)
		r.IntNs(fy, m, -1)
	}
	// Floyd: a uniform m-subset of [0, N): t_i = draw i, or j = N−m+i if
	// an earlier t has that value. Whether it has is a bit of a set on the
	// stack when N ≤ 1024 (CMODE's Q and HECO's Q and shrink: one test per
	// draw instead of a scan of dst[:i], which in WebAssembly costs a
	// dispatched jump per element), else the scan.
	var seen [16]uint64
	useSeen := N <= 64*len(seen)
	for i, j := 0, N-m; j < N; i, j = i+1, j+1 {
		var t int
		if floyd != nil {
			t = floyd[i]
		} else {
			t = r.IntN(j + 1)
		}
		if useSeen {
			if seen[t>>6]&(1<<(t&63)) != 0 {
				t = j
			}
			seen[t>>6] |= 1 << (t & 63)
		} else {
			for _, s := range dst[:i] {
				if s == t {
					t = j
					break
				}
			}
		}
		dst[i] = t
	}
	// Fisher–Yates: uniform order.
	for i := m - 1; i > 0; i-- {
		var j int
		if fy != nil {
			j = fy[m-1-i]
		} else {
			j = r.IntN(i + 1)
		}
		dst[i], dst[j] = dst[j], dst[i]
	}
	// Map position t to the t-th admissible index: step over the distinct
	// exclusions ≤ the running index in ascending order (nothing to do
	// without exclusions).
	if len(exclude) == 0 {
		return
	}
	for i, t := range dst {
		if sorted {
			for _, e := range ex {
				if e > t {
					break
				}
				t++
			}
		} else {
			prev := -1
			for {
				next, found := 0, false
				for _, e := range exclude {
					if e > prev && e < n && (!found || e < next) {
						next, found = e, true
					}
				}
				if !found || next > t {
					break
				}
				t++
				prev = next
			}
		}
		dst[i] = t
	}
}

// pickPanic is Pick's panic for fewer than m admissible indices. Only
// numbers in the message: printing exclude would make it escape and cost
// every caller an allocation.
func pickPanic(m, n, nex, N int) {
	panic(fmt.Sprintf("de.Pick: cannot pick %d distinct indices from [0,%d) with %d excluded values (%d admissible)", m, n, nex, N))
}

// PickFew is Pick for at most 3 indices and at most 2 exclusions, the
// calls in the solvers' inner loops (DE/rand/1's r1, r2, r3 ≠ i; HECO's
// r1 ≠ i and r2 ≠ i, r1): the same draws, the same steps and the same
// indices as Pick's general path (a test compares them), written without
// loops. In Go's WebAssembly port every jump back to a loop's head goes
// through the function's block dispatcher, and these loops run one to
// three times; natively the straight line costs nothing either. Pick
// calls it for such picks; the solvers call it directly, which saves a
// call level (Pick is too big to inline) per trial. More indices or
// exclusions go to Pick.
func PickFew(r *rng.PCG, dst []int, n int, exclude ...int) {
	if len(dst) > 3 || len(exclude) > 2 {
		Pick(r, dst, n, exclude...)
		return
	}
	m := len(dst)
	// The distinct in-range exclusions, e0 < e1; MaxInt stands for none.
	e0, e1 := math.MaxInt, math.MaxInt
	N := max(n, 0)
	if len(exclude) > 0 {
		if e := exclude[0]; e >= 0 && e < n {
			e0 = e
			N--
		}
	}
	if len(exclude) > 1 {
		if e := exclude[1]; e >= 0 && e < n && e != e0 {
			if e < e0 {
				e0, e1 = e, e0
			} else {
				e1 = e
			}
			N--
		}
	}
	if N < m {
		pickPanic(m, n, len(exclude), N)
	}
	if m == 0 {
		return
	}
	// Floyd's draws IntN(N−m+1), …, IntN(N), then Fisher–Yates' IntN(m),
	// …, IntN(2), in one call (rng.IntNsOf): the bounds N−m+1, …, N, m,
	// …, 2 are the first 2m − 1 of bnd (the entries after them are not
	// drawn).
	var buf [5]int
	bnd := [5]int{N - m + 1, N - m + 2, N - m + 3}
	bnd[m], bnd[m+1] = m, m-1
	r.IntNsOf(buf[:2*m-1], bnd[:])
	// Floyd: t_i = draw i, or N−m+i if an earlier t has that value.
	var d [3]int
	d[0] = buf[0]
	if m > 1 {
		t := buf[1]
		if t == d[0] {
			t = N - m + 1
		}
		d[1] = t
	}
	if m > 2 {
		t := buf[2]
		if t == d[0] || t == d[1] {
			t = N - 1
		}
		d[2] = t
	}
	// Fisher–Yates, i = m−1 down to 1.
	switch m {
	case 3:
		j := buf[3]
		d[2], d[j] = d[j], d[2]
		j = buf[4]
		d[1], d[j] = d[j], d[1]
	case 2:
		j := buf[2]
		d[1], d[j] = d[j], d[1]
	}
	// Position t is the t-th admissible index: step over e0, then e1.
	dst[0] = skip2(d[0], e0, e1)
	if m > 1 {
		dst[1] = skip2(d[1], e0, e1)
	}
	if m > 2 {
		dst[2] = skip2(d[2], e0, e1)
	}
}

// skip2 maps position t to the t-th index of [0, n) without e0 < e1.
func skip2(t, e0, e1 int) int {
	if e0 <= t {
		t++
		if e1 <= t {
			t++
		}
	}
	return t
}

// BoundHandling is how a trial vector that left the box [L, U] is brought
// back (Repair).
type BoundHandling int

const (
	// Resample repeats the mutation until the mutant is inside the box
	// (§2.1), at most MaxResample times, then reflects.
	Resample BoundHandling = iota
	// Reflect reflects once at the violated bound and clamps (CMODE, the
	// HECO-DE port).
	Reflect
	// Midpoint sets a violating coordinate to the midpoint of the bound and
	// the parent's coordinate (LSHADE44, current-to-pbest strategies).
	Midpoint
)

// BoundNames are the names of the strategies, indexed by the constants;
// ParseBoundHandling and String use them.
var BoundNames = []string{"resample", "reflect", "midpoint"}

// ParseBoundHandling returns the strategy named s (one of BoundNames,
// ignoring case and surrounding blanks).
func ParseBoundHandling(s string) (BoundHandling, error) {
	t := strings.TrimSpace(s)
	for i, name := range BoundNames {
		if strings.EqualFold(t, name) {
			return BoundHandling(i), nil
		}
	}
	return 0, fmt.Errorf("de: unknown bound handling %q (want %s)", s, strings.Join(BoundNames, ", "))
}

// String returns the strategy's name, or "BoundHandling(k)" for a value
// outside the constants.
func (b BoundHandling) String() string {
	if b >= 0 && int(b) < len(BoundNames) {
		return BoundNames[b]
	}
	return fmt.Sprintf("BoundHandling(%d)", int(b))
}

// MaxResample is how many times Resample re-mutates before it gives up and
// reflects.
const MaxResample = 100

// Repair brings v into [lo, hi] coordinate-wise and returns how many
// re-mutations (calls of remutate) it used. lo ≤ hi is assumed.
//
//   - Resample: the paper, §2.1: "the mutation operation is
//     repeated until v falls in [L, U]". While v is not Inside, Repair
//     calls remutate(v), which must overwrite v with a fresh mutant, at most
//     MaxResample times; if v is still outside after that it falls back to
//     Reflect, so the loop always ends. remutate == nil means Reflect.
//     (For a mutant that is rarely inside, e.g. in high dimension, the cap
//     keeps the cost bounded; the paper gives no cap.)
//   - Reflect: one reflection at the violated bound, clamped to the box:
//     u = min(U, 2L − u) if u < L; u = max(L, 2U − u) if u > U (CMODE style).
//   - Midpoint: u = (L + p_j)/2 if u < L; u = (U + p_j)/2 if u > U, where p
//     is the parent (target) vector (LSHADE44). The result is clamped to the
//     box, which only matters if the parent itself is outside. parent == nil
//     means Reflect.
//
// A NaN coordinate (possible only after an overflow in the mutation) is
// outside the box for every strategy; Reflect and Midpoint replace it by
// the parent's coordinate clamped to the box, or by the box centre without
// a parent. ±Inf follows the formulas (Reflect: −Inf becomes U and +Inf
// becomes L; Midpoint: the midpoint with the parent). Repair allocates
// nothing (remutate is the caller's); a value outside the constants acts as
// Reflect.
func (b BoundHandling) Repair(v, parent, lo, hi []float64, remutate func(v []float64)) int {
	calls := 0
	switch b {
	case Resample:
		inside := Inside(v, lo, hi)
		for remutate != nil && !inside && calls < MaxResample {
			remutate(v)
			calls++
			inside = Inside(v, lo, hi)
		}
		if !inside { // (reflect leaves a point inside the box as it is)
			reflect(v, parent, lo, hi)
		}
	case Midpoint:
		if parent == nil {
			reflect(v, nil, lo, hi)
			break
		}
		for j, u := range v {
			switch {
			case u < lo[j]:
				v[j] = clamp((lo[j]+parent[j])/2, lo[j], hi[j])
			case u > hi[j]:
				v[j] = clamp((hi[j]+parent[j])/2, lo[j], hi[j])
			case u != u: // NaN
				v[j] = nanFix(parent, lo, hi, j)
			}
		}
	default:
		reflect(v, parent, lo, hi)
	}
	return calls
}

// reflect applies one reflection with clamping; coordinates inside the box
// are untouched.
func reflect(v, parent, lo, hi []float64) {
	n := len(v)
	lo, hi = lo[:n], hi[:n]
	j := 0
	// Four coordinates inside the box are skipped at once (unrolled: see
	// "Loops" in the package comment); a group with one outside is
	// handled coordinate by coordinate below.
	for ; j+4 <= n; j += 4 {
		if v[j] >= lo[j] && v[j] <= hi[j] && v[j+1] >= lo[j+1] && v[j+1] <= hi[j+1] &&
			v[j+2] >= lo[j+2] && v[j+2] <= hi[j+2] && v[j+3] >= lo[j+3] && v[j+3] <= hi[j+3] {
			continue
		}
		reflectFrom(v[:j+4], parent, lo, hi, j)
	}
	reflectFrom(v, parent, lo, hi, j)
}

// reflectFrom is reflect on the coordinates j0.. of v.
func reflectFrom(v, parent, lo, hi []float64, j0 int) {
	for j := j0; j < len(v); j++ {
		u := v[j]
		switch {
		case u < lo[j]:
			v[j] = fmath.Min(hi[j], 2*lo[j]-u) // math.Min is a call in WebAssembly; the same value for finite bounds
		case u > hi[j]:
			v[j] = fmath.Max(lo[j], 2*hi[j]-u)
		case u != u: // NaN
			v[j] = nanFix(parent, lo, hi, j)
		}
	}
}

// nanFix is the replacement of a NaN coordinate j.
func nanFix(parent, lo, hi []float64, j int) float64 {
	if parent != nil {
		return clamp(parent[j], lo[j], hi[j]) // the centre if parent[j] is NaN
	}
	return lo[j] + (hi[j]-lo[j])/2
}

// clamp returns u clamped to [lo, hi], and the centre of the interval for
// a NaN u.
func clamp(u, lo, hi float64) float64 {
	switch {
	case u < lo:
		return lo
	case u > hi:
		return hi
	case u != u:
		return lo + (hi-lo)/2
	}
	return u
}

// Inside reports whether lo_j ≤ v_j ≤ hi_j for every j (false for NaN).
func Inside(v, lo, hi []float64) bool {
	for j, u := range v {
		if !(u >= lo[j] && u <= hi[j]) {
			return false
		}
	}
	return true
}
