package stats

import (
	"fmt"
	"math"
	"sort"
)

// RankSum is the result of a two-sided Wilcoxon rank-sum test, also known
// as the Mann–Whitney U test, of sample a against sample b. Its fields are
// plain numbers (never NaN or ±Inf), so it marshals to JSON as it is.
type RankSum struct {
	// NA and NB are the sample sizes.
	NA int `json:"na"`
	NB int `json:"nb"`
	// RankA and RankB are the sums of the ranks of each sample in the
	// pooled sample, rank 1 the smallest (for runs: the best), tied values
	// sharing the mean of their ranks (mid-ranks).
	RankA float64 `json:"rankA"`
	RankB float64 `json:"rankB"`
	// U is the statistic of sample a, U_a = RankA − NA(NA+1)/2: the number
	// of pairs (x in a, y in b) with x > y, ties counting ½. It is SciPy's
	// statistic. U_b = NA·NB − U_a.
	U float64 `json:"u"`
	// P is the two-sided p-value.
	P float64 `json:"p"`
	// Exact reports the method: true when P comes from the exact null
	// distribution of U, false for the normal approximation (see
	// MannWhitneyU).
	Exact bool `json:"exact"`
}

// Direction reports which sample tends to hold the smaller values: −1 when
// a does (U_a < NA·NB/2, i.e. the mean rank of a is below that of b), +1
// when b does and 0 when U_a = NA·NB/2. For samples of runs in the CEC order
// (RankSumTest), −1 means a tends to be better.
func (r RankSum) Direction() int {
	mu := float64(r.NA) * float64(r.NB) / 2
	switch {
	case r.U < mu:
		return -1
	case r.U > mu:
		return 1
	}
	return 0
}

// exactMaxSize is the largest size of the smaller sample for which the
// exact distribution is used (SciPy 1.10's 'auto' rule).
const exactMaxSize = 8

// exactMaxCells bounds NA·NB for the exact distribution (its cost is about
// 16·NA·NB big-integer additions: 8 runs against 10,000 take 80 ms).
const exactMaxCells = 1 << 20

// MannWhitneyU performs the two-sided Mann–Whitney U test of x against y
// exactly as scipy.stats.mannwhitneyu(x, y) does with its defaults in SciPy
// 1.10 (alternative='two-sided', use_continuity=True, method='auto'), and
// is checked against it on golden data (testdata/mannwhitney.json, made by
// testdata/gen_mannwhitney.py).
//
// Ranks are mid-ranks of the pooled sample (scipy.stats.rankdata), U = U_a
// as in RankSum, and the p-value is computed from U_max = max(U_a, U_b):
//
//   - Exact, when min(NA, NB) ≤ 8 and the pooled sample has no tie (SciPy's
//     'auto': "if n1 > 8 and n2 > 8: asymptotic; elif ties: asymptotic;
//     else exact" — note that SciPy 1.10's docstring says "less than 8",
//     its code, which the golden data follows, says ≤ 8):
//     P = min(1, 2·Pr(U ≥ U_max)) under the null distribution of U, whose
//     frequencies are the coefficients of the Gaussian binomial
//     [NA+NB choose NA]_q. They are computed with exact integers (SciPy sums
//     floating-point frequencies; the difference is rounding only).
//   - Asymptotic otherwise: with n = NA+NB and t_j the sizes of the groups
//     of tied values,
//     z = (U_max − NA·NB/2 − ½) / σ,  σ² = NA·NB/12 · ((n+1) − Σ_j(t_j³ − t_j)/(n(n−1))),
//     P = min(1, 2·Φ̄(z)) with Φ̄(z) = erfc(z/√2)/2 the normal tail. The
//     −½ is the continuity correction and the Σ term the tie correction.
//     When every value is tied σ = 0, z = −∞ and P = 1, as in SciPy.
//
// MannWhitneyU returns an error, naming the sample and index, for an empty
// sample and for a NaN (SciPy refuses NaN too); ±Inf are ordinary values.
// It also refuses, rather than run for seconds, an exact test with
// NA·NB > 2²⁰ (8 runs against more than 131,072).
func MannWhitneyU(x, y []float64) (RankSum, error) {
	if len(x) == 0 || len(y) == 0 {
		return RankSum{}, fmt.Errorf("stats: rank-sum test needs two non-empty samples (sizes %d and %d)", len(x), len(y))
	}
	for _, s := range []struct {
		name string
		v    []float64
	}{{"x", x}, {"y", y}} {
		for i, v := range s.v {
			if math.IsNaN(v) {
				return RankSum{}, fmt.Errorf("stats: rank-sum test: %s[%d] is NaN", s.name, i)
			}
		}
	}
	pooled := make([]float64, 0, len(x)+len(y))
	pooled = append(pooled, x...)
	pooled = append(pooled, y...)
	return mannWhitney(pooled, len(x))
}

// mannWhitney tests pooled[:na] against pooled[na:] (see MannWhitneyU).
// The values are compared with <, so they must not hold NaN.
func mannWhitney(pooled []float64, na int) (RankSum, error) {
	n := len(pooled)
	nb := n - na
	ranks, tieTerm := midRanks(pooled)
	r := RankSum{NA: na, NB: nb}
	for i, rk := range ranks {
		if i < na {
			r.RankA += rk
		} else {
			r.RankB += rk
		}
	}
	n1, n2 := float64(na), float64(nb)
	r.U = r.RankA - n1*(n1+1)/2
	u := math.Max(r.U, n1*n2-r.U)
	if min(na, nb) <= exactMaxSize && tieTerm == 0 {
		if na*nb > exactMaxCells {
			return RankSum{}, fmt.Errorf("stats: rank-sum test: the exact method for samples of %d and %d values without ties is limited to NA·NB ≤ %d", na, nb, exactMaxCells)
		}
		r.Exact = true
		r.P = math.Min(1, 2*exactSF(int(u), na, nb))
		return r, nil
	}
	r.P = math.Min(1, 2*asymptoticSF(u, na, nb, tieTerm))
	return r, nil
}

// midRanks returns the mid-ranks of v (1-based, ties sharing the mean of
// their ranks) and the tie term Σ_j (t_j³ − t_j) over the groups of equal
// values.
func midRanks(v []float64) (ranks []float64, tieTerm float64) {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return v[idx[a]] < v[idx[b]] })
	ranks = make([]float64, len(v))
	for lo := 0; lo < len(idx); {
		hi := lo + 1
		for hi < len(idx) && v[idx[hi]] == v[idx[lo]] {
			hi++
		}
		// positions lo..hi−1 (ranks lo+1..hi) share their mean
		mid := float64(lo+1+hi) / 2
		for _, i := range idx[lo:hi] {
			ranks[i] = mid
		}
		if t := float64(hi - lo); t > 1 {
			tieTerm += t*t*t - t
		}
		lo = hi
	}
	return ranks, tieTerm
}

// asymptoticSF is Pr(U ≥ u) by the normal approximation with tie and
// continuity correction, in SciPy's order of operations.
func asymptoticSF(u float64, na, nb int, tieTerm float64) float64 {
	n1, n2 := float64(na), float64(nb)
	n := n1 + n2
	mu := n1 * n2 / 2
	s := math.Sqrt(n1 * n2 / 12 * ((n + 1) - tieTerm/(n*(n-1))))
	z := (u - mu - 0.5) / s
	return math.Erfc(z/math.Sqrt2) / 2
}

// RankSumTest performs the two-sided Wilcoxon rank-sum (Mann–Whitney U)
// test of the final results of two sets of runs, a against b, ordered by
// the CEC order ≺ of the package comment: feasible runs before infeasible
// ones, feasible runs by f, infeasible ones by (v̄, f). Two runs tie when
// neither precedes the other, i.e. when they have the same feasibility, the
// same v̄ and the same f. Rank 1 is the best run, so RankSum.Direction() is
// −1 when a tends to be better.
//
// The runs are mapped to their positions in ≺ and tested with
// MannWhitneyU, which depends on the order only; this is the test SciPy's
// mannwhitneyu makes on those positions (the golden data checks it on runs
// with infeasible members).
//
// RankSumTest returns an error for an empty set, for sets too large for
// the exact method (MannWhitneyU) and, naming the set and run, for an
// invalid run (as Summarize).
func RankSumTest(a, b []Run) (RankSum, error) {
	if len(a) == 0 || len(b) == 0 {
		return RankSum{}, fmt.Errorf("stats: rank-sum test needs two non-empty sets of runs (sizes %d and %d)", len(a), len(b))
	}
	runs := make([]Run, 0, len(a)+len(b))
	runs = append(runs, a...)
	runs = append(runs, b...)
	for k, r := range runs {
		if err := runError(r); err != nil {
			set, i := "a", k
			if k >= len(a) {
				set, i = "b", k-len(a)
			}
			return RankSum{}, fmt.Errorf("stats: rank-sum test: set %s, run %d: %v", set, i, err)
		}
	}
	return mannWhitney(orderKeys(runs), len(a))
}

// orderKeys returns, for each run, its dense position in the CEC order ≺
// (0 for the best; runs equal under ≺ share a position).
func orderKeys(runs []Run) []float64 {
	idx := make([]int, len(runs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return runBefore(runs[idx[a]], runs[idx[b]]) })
	keys := make([]float64, len(runs))
	pos := 0
	for j, i := range idx {
		if j > 0 && runBefore(runs[idx[j-1]], runs[i]) {
			pos++
		}
		keys[i] = float64(pos)
	}
	return keys
}
