package stats

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// Curve is the convergence of one run: F[k] and V[k] are f and the CEC
// mean violation v̄ of the best solution (by the feasibility rule) found in
// the first FES[k] evaluations. FES is strictly increasing and the three
// slices have equal length. It has the fields and the JSON form of the
// "curve" of a `cec run` record (internal/experiment.Curve), which samples
// the best-so-far at the first generation whose evaluation count reaches
// each FES of a log-spaced grid; so F[k], V[k] may include up to one
// generation's evaluations past FES[k].
type Curve struct {
	FES []int     `json:"fes"`
	F   []float64 `json:"f"`
	V   []float64 `json:"v"`
}

// checkCurve validates c; the error names point k.
func checkCurve(c Curve) error {
	if len(c.F) != len(c.FES) || len(c.V) != len(c.FES) {
		return fmt.Errorf("fes, f and v differ in length (%d, %d, %d)", len(c.FES), len(c.F), len(c.V))
	}
	for k := range c.FES {
		switch {
		case c.FES[k] < 1:
			return fmt.Errorf("point %d: FES = %d is not ≥ 1", k, c.FES[k])
		case k > 0 && c.FES[k] <= c.FES[k-1]:
			return fmt.Errorf("point %d: FES = %d does not increase (previous %d)", k, c.FES[k], c.FES[k-1])
		case math.IsNaN(c.F[k]) || math.IsInf(c.F[k], 0):
			return fmt.Errorf("point %d (FES %d): f = %v is not finite", k, c.FES[k], c.F[k])
		case !(c.V[k] >= 0) || math.IsInf(c.V[k], 0):
			return fmt.Errorf("point %d (FES %d): v = %v is not a finite number ≥ 0", k, c.FES[k], c.V[k])
		}
	}
	return nil
}

// Quartile is one line of a Band: f and v̄ of the chosen run at each point
// of the grid. The run is feasible at point k exactly when V[k] == 0; where
// it is infeasible its F is the f of an infeasible solution, which a chart
// of best feasible f does not draw.
type Quartile struct {
	F []float64 `json:"f"`
	V []float64 `json:"v"`
}

// Band is the convergence of a set of runs on a shared FES grid: at each
// point, the lower-quartile, median and upper-quartile run (see
// ConvergenceBand).
type Band struct {
	FES    []int    `json:"fes"`
	Runs   int      `json:"runs"`
	Lo     Quartile `json:"lo"`
	Median Quartile `json:"median"`
	Hi     Quartile `json:"hi"`
}

// QuartileRuns returns the 0-based positions, among n runs sorted by the
// CEC order ≺, of the lower-quartile, median and upper-quartile run:
//
//	lo = ⌈¼(n−1) − ½⌉ (¼(n−1) rounded, halves down),  median = ⌊(n−1)/2⌋,  hi = (n−1) − lo,
//
// so the quartile runs lie symmetrically in the order. The median is
// Summarize's (the better middle run for even n); for the paper's 25 runs
// the three are the 7th, 13th and 19th run. Quartiles are order
// statistics, not interpolations: a quantity between a feasible and an
// infeasible run has no meaning.
func QuartileRuns(n int) (lo, median, hi int) {
	lo = int(math.Ceil(0.25*float64(n-1) - 0.5))
	return lo, (n - 1) / 2, n - 1 - lo
}

// ConvergenceBand aggregates the curves of one configuration's runs on one
// problem, point by point: at every FES of the shared grid the runs are
// sorted by the CEC order ≺ of their best-so-far (feasible before
// infeasible, feasible by f, infeasible by (v̄, f)), and the band holds f
// and v̄ of the runs at the positions of QuartileRuns. So infeasible runs
// enter by their violation: while more than a quarter of the runs are
// infeasible the upper line is an infeasible run (its v̄ is drawn, not its
// f), and the median line is feasible exactly when more than half of the
// runs are (at least ⌊(n−1)/2⌋+1). At the last point of `cec run` curves
// (the budget), the median is the run Summarize reports.
//
// ConvergenceBand returns an error, naming the run (and point), for no
// curves, a curve that fails the rules of Curve, a non-finite f, a
// negative or non-finite v̄, or a grid that differs from that of the first
// curve.
func ConvergenceBand(curves []Curve) (Band, error) {
	if len(curves) == 0 {
		return Band{}, fmt.Errorf("stats: no curves to aggregate")
	}
	for i, c := range curves {
		if err := checkCurve(c); err != nil {
			return Band{}, fmt.Errorf("stats: curve %d: %v", i, err)
		}
		if i > 0 && !slices.Equal(c.FES, curves[0].FES) {
			return Band{}, fmt.Errorf("stats: curve %d: its FES grid (%d points) differs from that of curve 0 (%d points)", i, len(c.FES), len(curves[0].FES))
		}
	}
	n, m := len(curves), len(curves[0].FES)
	b := Band{FES: slices.Clone(curves[0].FES), Runs: n}
	for _, q := range []*Quartile{&b.Lo, &b.Median, &b.Hi} {
		q.F, q.V = make([]float64, m), make([]float64, m)
	}
	lo, med, hi := QuartileRuns(n)
	idx := make([]int, n)
	for k := 0; k < m; k++ {
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, c int) bool {
			ra, rc := curves[idx[a]], curves[idx[c]]
			return orderBefore(ra.F[k], ra.V[k], rc.F[k], rc.V[k])
		})
		for _, s := range []struct {
			q   *Quartile
			pos int
		}{{&b.Lo, lo}, {&b.Median, med}, {&b.Hi, hi}} {
			c := curves[idx[s.pos]]
			s.q.F[k], s.q.V[k] = c.F[k], c.V[k]
		}
	}
	return b, nil
}

// orderBefore is the CEC order ≺ on (f, v̄) pairs, v̄ = 0 meaning feasible:
// the lexicographic order of (v̄, f).
func orderBefore(fa, va, fb, vb float64) bool {
	if va != vb {
		return va < vb
	}
	return fa < fb
}
