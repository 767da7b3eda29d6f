package stats

import (
	"fmt"
	"math"
	"slices"
)

// Box is the summary a box plot draws of a set of values: the quartiles,
// Tukey's whiskers and the outliers beyond them.
type Box struct {
	N int `json:"n"`
	// Q1, Median and Q3 are the 25th, 50th and 75th percentiles by linear
	// interpolation between order statistics (Quantile).
	Q1     float64 `json:"q1"`
	Median float64 `json:"median"`
	Q3     float64 `json:"q3"`
	// LoWhisker and HiWhisker are the smallest and the largest value
	// within 1.5·(Q3 − Q1) of the box (Tukey's fences).
	LoWhisker float64 `json:"lo_whisker"`
	HiWhisker float64 `json:"hi_whisker"`
	// Outliers are the values beyond the whiskers, in increasing order
	// (never nil).
	Outliers []float64 `json:"outliers"`
}

// Quantile returns the p-quantile of the sorted values by linear
// interpolation between order statistics: with h = (n−1)·p,
// x_(⌊h⌋) + (h − ⌊h⌋)·(x_(⌊h⌋+1) − x_(⌊h⌋)) (0-based). This is Hyndman and
// Fan's definition 7, the default of R, NumPy and matplotlib's box plots.
// sorted must be non-empty and sorted, p in [0, 1].
func Quantile(sorted []float64, p float64) float64 {
	h := float64(len(sorted)-1) * p
	lo := int(math.Floor(h))
	if lo+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// NewBox returns the Box of values (in any order). Its median is the
// interpolated one of box plots, which for an even number of values is
// the mean of the two middle ones, not the better middle run of Summarize:
// a box plot draws one quantity (f of feasible runs, or v̄ of infeasible
// ones), for which interpolation has a meaning. NewBox returns an error
// for no values and, naming the index, for a value that is not finite.
func NewBox(values []float64) (Box, error) {
	if len(values) == 0 {
		return Box{}, fmt.Errorf("stats: no values for a box plot")
	}
	for i, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return Box{}, fmt.Errorf("stats: box plot: value %d = %v is not finite", i, v)
		}
	}
	s := slices.Clone(values)
	slices.Sort(s)
	b := Box{N: len(s), Q1: Quantile(s, 0.25), Median: Quantile(s, 0.5), Q3: Quantile(s, 0.75), Outliers: []float64{}}
	iqr := b.Q3 - b.Q1
	lo, hi := b.Q1-1.5*iqr, b.Q3+1.5*iqr
	b.LoWhisker, b.HiWhisker = math.Inf(1), math.Inf(-1)
	for _, v := range s {
		if v < lo || v > hi {
			b.Outliers = append(b.Outliers, v)
			continue
		}
		b.LoWhisker = math.Min(b.LoWhisker, v)
		b.HiWhisker = math.Max(b.HiWhisker, v)
	}
	return b, nil
}
