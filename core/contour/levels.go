package contour

import (
	"math"

	"pcaplay/core/internal/fmath"
)

// Bins of the value histogram Levels uses to find its low anchor: binsPerDecade
// bins per decade over the top histDecades decades below the range.
const (
	binsPerDecade = 10
	histDecades   = 12
)

// Levels picks about n iso-values strictly between the grid's least finite
// value lo and greatest hi (NaN and ±Inf cells ignored), increasing.
//
// With d = hi − lo and the shifted values s = f − lo ∈ [0, d], the rule is:
//
//   - Log-spaced when at least a quarter of the finite values have
//     s < d/10, i.e. the lower quartile of s lies more than a decade below
//     the range: the landscape is a deep, narrow basin or valley
//     (Rosenbrock, an ill-conditioned quadratic, Himmelblau) that linear
//     levels would leave blank. The levels are lo + s_k with
//     s_k = a (d/a)^(k/n), k = 0…n−1, a geometric sequence from the low
//     anchor a, the 1st percentile of s (to a tenth of a decade, and at
//     least d·1e−12), up to one ratio below d.
//   - Linear otherwise (planes, bowls, Rastrigin): lo + d k/(n+1),
//     k = 1…n.
//
// Powers use fmath.Pow, so native and browser builds give the same bits.
// Levels equal after rounding are merged, so a few fewer than n may come
// back. It returns nil when n < 1, no value is finite, all finite values
// are equal, or the grid fails Check.
func Levels(g *Grid, n int) (levels []float64, logScale bool) {
	if n < 1 || g.Check() != nil {
		return nil, false
	}
	lo, hi, ok := g.Range()
	if !ok || !(hi > lo) {
		return nil, false
	}
	d := hi - lo
	if math.IsInf(d, 0) {
		// The range overflows; interpolate without forming d.
		for k := 1; k <= n; k++ {
			t := float64(k) / float64(n+1)
			levels = appendLevel(levels, lo*(1-t)+hi*t)
		}
		return levels, false
	}

	total, deep := 0, 0
	for _, v := range g.Values {
		if !finite(v) {
			continue
		}
		total++
		if v-lo < d/10 {
			deep++
		}
	}
	if 4*deep < total {
		for k := 1; k <= n; k++ {
			levels = appendLevel(levels, lo+d*float64(k)/float64(n+1))
		}
		return levels, false
	}

	// Low anchor: the 1st percentile of s from a histogram of log10(s/d),
	// bin b holding s/d ∈ (10^(−(b+1)/10), 10^(−b/10)]; the last bin also
	// holds everything smaller, including s = 0. A quarter of the values
	// have s < d/10, so the percentile lies in the bottom decade and only
	// those values need a logarithm.
	var hist [binsPerDecade * histDecades]int
	last := len(hist) - 1
	for _, v := range g.Values {
		r := (v - lo) / d
		if !(r < 0.1) || !finite(v) {
			continue
		}
		b := last
		if r > 0 {
			b = min(int(-math.Log10(r)*binsPerDecade), last)
		}
		hist[b]++
	}
	target := max(1, total/100)
	b, seen := last, 0
	for ; b > 0; b-- {
		if seen += hist[b]; seen >= target {
			break
		}
	}
	a := d * fmath.Pow(10, -float64(b+1)/binsPerDecade)
	ratio := d / a
	for k := range n {
		levels = appendLevel(levels, lo+a*fmath.Pow(ratio, float64(k)/float64(n)))
	}
	return levels, true
}

// appendLevel appends c unless it equals the previous level.
func appendLevel(levels []float64, c float64) []float64 {
	if len(levels) > 0 && levels[len(levels)-1] >= c {
		return levels
	}
	return append(levels, c)
}
