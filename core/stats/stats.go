// Package stats turns the final results of independent runs into the
// per-problem summary of the CEC 2017 constrained competition (the
// supplement tables of Huang et al., rows best, median, c, v̄, mean, worst,
// std, SR, vio) and ranks algorithms by the competition rules (§5.4).
//
// It also holds the statistics the field reports beside those tables:
// pairwise Wilcoxon rank-sum (Mann–Whitney U) tests with Holm's
// correction and the "+/−/≈" marks (RankSumTest, Holm, ComparePairs,
// Compare), checked against SciPy and statsmodels on committed golden data
// (testdata/gen_mannwhitney.py); the median convergence of a set of runs
// with its inter-quartile band (ConvergenceBand); COCO's runtime ECDF,
// the share of (run, target) pairs reached within a number of evaluations
// (Target, FirstHit, RuntimeECDF, NewECDF); and the quartiles, whiskers
// and outliers of box plots (NewBox).
//
// Inputs and results are plain slices and structs whose numbers are
// finite, so that they marshal to JSON as they are (the browser calls this
// package from WebAssembly).
//
// # Order of runs
//
// All order statistics use the CEC order ≺ on runs (the feasibility rule of
// the competition, §5.4 rule 2):
//
//	a ≺ b  ⇔  a feasible, b infeasible
//	       or both feasible   and f_a < f_b
//	       or both infeasible and (v̄_a, f_a) < (v̄_b, f_b) lexicographically,
//
// where v̄ is the CEC mean violation of the run's final solution. Runs equal
// under ≺ keep their input order (the sort is stable). The f tie-break among
// infeasible runs with equal v̄ is this package's choice; the rule itself
// only orders infeasible solutions by violation.
package stats

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// Run is the final result of one run. Its JSON keys are those of a `cec
// run` record (f, v, counts, feasible), so a record line decodes into a
// Run.
type Run struct {
	// F is the objective of the run's best solution, chosen by the
	// feasibility rule.
	F float64 `json:"f"`
	// MeanV is the CEC mean violation of that solution,
	// v̄ = (Σ_i G_i + Σ_j H_j)/(p+q) (problem.MeanViolation). It is 0 exactly
	// when the solution is feasible.
	MeanV float64 `json:"v"`
	// Counts is c: the number of constraints violated by more than 1, by a
	// value in (0.01, 1] and by a value in (1e-4, 0.01]
	// (problem.ViolationCounts).
	Counts [3]int `json:"counts"`
	// Feasible reports whether the solution satisfies every constraint
	// (g_i ≤ 0, |h_j| ≤ 1e-4). It must agree with MeanV: Feasible ⇔ MeanV = 0.
	Feasible bool `json:"feasible"`
}

// Summary is one column of the paper's supplement tables, computed from the
// final results of n independent runs r_1..r_n sorted by the CEC order ≺
// into r_(1) ≺ … ≺ r_(n):
//
//	Best         = f(r_(1))
//	Median       = f(r_(m)),  m = ⌊(n+1)/2⌋ (1-based; the better middle run when n is even)
//	Worst        = f(r_(n))
//	MedianCounts = c(r_(m)),  MedianV = v̄(r_(m))
//	Mean         = (1/n) Σ_k f(r_k)                    over all runs, feasible or not
//	Std          = √((1/n) Σ_k (f(r_k) − Mean)²)       population standard deviation
//	SR           = 100 · #{k : r_k feasible} / n       percent
//	Vio          = (1/n) Σ_k v̄(r_k)                    over all runs
//
// The median solution is feasible exactly when MedianV == 0.
type Summary struct {
	Best   float64 `json:"best"`
	Median float64 `json:"median"`
	Mean   float64 `json:"mean"`
	Worst  float64 `json:"worst"`
	Std    float64 `json:"std"`
	// MedianCounts is c of the median solution.
	MedianCounts [3]int `json:"medianCounts"`
	// MedianV is v̄, the mean violation of the median solution.
	MedianV float64 `json:"medianV"`
	// SR is the feasibility rate in percent.
	SR float64 `json:"sr"`
	// Vio is the mean of MeanV over all runs.
	Vio float64 `json:"vio"`
	// Runs is n; FeasibleRuns is the number of feasible runs.
	Runs         int `json:"runs"`
	FeasibleRuns int `json:"feasibleRuns"`
}

// MedianFeasible reports whether the median solution is feasible, i.e.
// MedianV == 0.
func (s Summary) MedianFeasible() bool { return s.MedianV == 0 }

// Summarize computes the Summary of the final results of independent runs
// (see Summary for the formulas).
//
// The choices, stated against the supplement's text ("the best, median,
// worst, mean, standard deviation and feasibility rate of the function
// values … c is the number of violated constraints at the median solution
// … v̄ denotes the mean value of the violations of all constraints at the
// median solution … SR is the feasibility rate of the solutions obtained in
// 25 runs … vio denotes the mean constraint violation value of all the
// solutions of 25 runs"):
//
//   - Best, Median and Worst are the first, middle and last runs in the CEC
//     order ≺, so they may be infeasible, and Worst is the most violated run
//     when some run is infeasible. Worst's f may therefore be smaller than
//     Median's, and Best's larger, as in the paper's PMODE 10D columns C03
//     (SR 4 %: Median 1.71079e+04, Worst 4.46449e+04), C07, C15, C27 and
//     C25 (Best 5.65486e+01 > Median 4.39817e+01). This is not a discrepancy of
//     the paper: all 224 columns of its supplement (PMODE and HECO-PDE, 10D
//     to 100D) are consistent with the rule: the median is feasible (v̄ = 0,
//     c = 0 0 0) exactly in the columns with SR ≥ 52 % (13 of 25 runs
//     feasible), and Best ≤ Median ≤ Worst and Best ≤ Mean ≤ Worst whenever
//     SR = 100 %.
//   - For an even n the median is the better of the two middle runs, r_(n/2):
//     a run's f, v̄ and c cannot be averaged meaningfully across a feasible
//     and an infeasible run.
//   - Mean and Std are over the f of all n runs, feasible or not, as the
//     competition reports them. The paper agrees: PMODE 10D C03 has one
//     feasible run yet Mean ≠ Best and Std ≠ 0, and C11 (SR 0) has a Mean.
//   - Std is the population standard deviation (divisor n). In the nine
//     supplement columns whose Mean is reproduced by runs at just Best and
//     Worst, the Std matches divisor n (to 3–6 digits) and not n − 1, e.g.
//     HECO-PDE 10D C18 (7 runs at 10, 18 at 50.4203: Mean 39.1026, Std
//     18.1487 with n, 18.5229 with n − 1) and PMODE 10D C13 (Std 7.81207e-01
//     with n, 7.97316e-01 with n − 1).
//
// Summarize returns an error for an empty slice and, naming the run index,
// for a non-finite F or MeanV, a negative MeanV or count, and a run whose
// Feasible flag disagrees with MeanV (Feasible ⇔ MeanV = 0) or that is
// feasible with non-zero Counts.
func Summarize(runs []Run) (Summary, error) {
	n := len(runs)
	if n == 0 {
		return Summary{}, fmt.Errorf("stats: no runs to summarize")
	}
	fs := make([]float64, n)
	vs := make([]float64, n)
	feasible := 0
	for k, r := range runs {
		if err := checkRun(k, r); err != nil {
			return Summary{}, err
		}
		fs[k] = r.F
		vs[k] = r.MeanV
		if r.Feasible {
			feasible++
		}
	}

	idx := make([]int, n)
	for k := range idx {
		idx[k] = k
	}
	sort.SliceStable(idx, func(a, b int) bool { return runBefore(runs[idx[a]], runs[idx[b]]) })
	med := runs[idx[(n-1)/2]]

	mean, std := stat.PopMeanStdDev(fs, nil)
	vio := stat.Mean(vs, nil)
	s := Summary{
		Best:         runs[idx[0]].F,
		Median:       med.F,
		Worst:        runs[idx[n-1]].F,
		Mean:         mean,
		Std:          std,
		MedianCounts: med.Counts,
		MedianV:      med.MeanV,
		SR:           100 * float64(feasible) / float64(n),
		Vio:          vio,
		Runs:         n,
		FeasibleRuns: feasible,
	}
	for _, q := range []struct {
		name string
		v    float64
	}{{"mean of F", mean}, {"std of F", std}, {"mean of MeanV", vio}} {
		if math.IsNaN(q.v) || math.IsInf(q.v, 0) {
			return Summary{}, fmt.Errorf("stats: %s overflows to %v", q.name, q.v)
		}
	}
	return s, nil
}

// checkRun validates run k.
func checkRun(k int, r Run) error {
	if err := runError(r); err != nil {
		return fmt.Errorf("stats: run %d: %v", k, err)
	}
	return nil
}

// runError says what is wrong with r, or returns nil.
func runError(r Run) error {
	switch {
	case math.IsNaN(r.F) || math.IsInf(r.F, 0):
		return fmt.Errorf("F = %v is not finite", r.F)
	case math.IsNaN(r.MeanV) || math.IsInf(r.MeanV, 0):
		return fmt.Errorf("MeanV = %v is not finite", r.MeanV)
	case r.MeanV < 0:
		return fmt.Errorf("MeanV = %g is negative", r.MeanV)
	case r.Counts[0] < 0 || r.Counts[1] < 0 || r.Counts[2] < 0:
		return fmt.Errorf("Counts = %v has a negative count", r.Counts)
	case r.Feasible && r.MeanV != 0:
		return fmt.Errorf("Feasible but MeanV = %g (want 0)", r.MeanV)
	case !r.Feasible && r.MeanV == 0:
		return fmt.Errorf("infeasible but MeanV = 0")
	case r.Feasible && r.Counts != [3]int{}:
		return fmt.Errorf("Feasible but Counts = %v (want [0 0 0])", r.Counts)
	}
	return nil
}

// runBefore reports a ≺ b in the CEC order (see the package comment). Both
// runs must be valid (checkRun).
func runBefore(a, b Run) bool {
	switch {
	case a.Feasible != b.Feasible:
		return a.Feasible
	case a.Feasible:
		return a.F < b.F
	case a.MeanV != b.MeanV:
		return a.MeanV < b.MeanV
	default:
		return a.F < b.F
	}
}
