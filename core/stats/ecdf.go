package stats

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Target is a level of quality a run can reach: a feasible solution
// (Feasible), or a feasible solution whose f is within Delta of a
// reference value f_ref (f − f_ref ≤ Delta). Targets are closed upward in
// the feasibility rule: a solution better than one that reaches a target
// reaches it too, so a run's best-so-far, once it reaches a target, keeps
// it.
type Target struct {
	// Feasible: the target is any feasible solution (v̄ = 0); Delta is
	// then ignored.
	Feasible bool `json:"feasible"`
	// Delta is the precision of a target on f: f − f_ref ≤ Delta.
	Delta float64 `json:"delta"`
}

// DefaultTargets are the targets of the runtime ECDF when the caller
// names none: a feasible solution, then f − f_ref ≤ 1, 10⁻², 10⁻⁴ and
// 10⁻⁸ (COCO's hardest target is 10⁻⁸ too).
func DefaultTargets() []Target {
	return []Target{{Feasible: true}, {Delta: 1}, {Delta: 1e-2}, {Delta: 1e-4}, {Delta: 1e-8}}
}

// Reached reports whether a solution with objective f and mean violation v
// reaches t, with reference value fRef.
func (t Target) Reached(f, v, fRef float64) bool {
	return v == 0 && (t.Feasible || f-fRef <= t.Delta)
}

// String is "feasible" or "f−fref ≤ 1e-08".
func (t Target) String() string {
	if t.Feasible {
		return "feasible"
	}
	return "f−fref ≤ " + strconv.FormatFloat(t.Delta, 'g', -1, 64)
}

// Trace is what the runtime ECDF needs of one run: its curve and, when
// known, BestFES, the evaluation at which the solution at the last point
// of the curve was found (`cec run` records: "best_fes"; 0 if unknown).
type Trace struct {
	Curve
	BestFES int `json:"best_fes"`
}

// NotReached is the hit time of a (run, target) pair that the run never
// reached.
const NotReached = -1

// FirstHit returns the evaluation count at which a run first reached a
// target, as far as its curve tells, or NotReached.
//
// "First hit" on a sampled curve: the FES of the first point k whose
// best-so-far reaches the target, refined by BestFES when the last point
// reaches it: hit = min(FES[k], BestFES). For a curve sampled like `cec
// run`'s (the best-so-far of the first generation whose evaluation count
// reaches each grid value), the true first hit t* lies in
// (FES[k−1], FES[k] + λ), λ the evaluations of one generation, and the
// reported value lies in (FES[k−1], FES[k]): an upper bound up to the
// sampling overlap of one generation, at the resolution of the grid. The
// refinement keeps it in that interval (the final best was found after
// point k−1, which did not reach the target) and is an upper bound of t*
// (the final best reaches the target). Callers that know exact hitting
// times, such as a run that checks the targets after every evaluation,
// pass them to NewECDF directly.
func FirstHit(tr Trace, t Target, fRef float64) int {
	for k := range tr.FES {
		if t.Reached(tr.F[k], tr.V[k], fRef) {
			hit := tr.FES[k]
			if last := len(tr.FES) - 1; tr.BestFES > 0 && t.Reached(tr.F[last], tr.V[last], fRef) {
				hit = min(hit, tr.BestFES)
			}
			return hit
		}
	}
	return NotReached
}

// FirstHits returns FirstHit of every trace (rows) for every target
// (columns), all with reference value fRef. It returns an error, naming
// the trace and point, for a curve that breaks the rules of Curve, a
// negative BestFES, and, naming the target, for a negative or non-finite
// Delta, and for a non-finite fRef.
func FirstHits(traces []Trace, targets []Target, fRef float64) ([][]int, error) {
	if math.IsNaN(fRef) || math.IsInf(fRef, 0) {
		return nil, fmt.Errorf("stats: f_ref = %v is not finite", fRef)
	}
	for j, t := range targets {
		if !t.Feasible && !(t.Delta >= 0 && !math.IsInf(t.Delta, 0)) {
			return nil, fmt.Errorf("stats: target %d: Delta = %v is not a finite number ≥ 0", j, t.Delta)
		}
	}
	hits := make([][]int, len(traces))
	for i, tr := range traces {
		if err := checkCurve(tr.Curve); err != nil {
			return nil, fmt.Errorf("stats: trace %d: %v", i, err)
		}
		if tr.BestFES < 0 {
			return nil, fmt.Errorf("stats: trace %d: BestFES = %d is negative", i, tr.BestFES)
		}
		hits[i] = make([]int, len(targets))
		for j, t := range targets {
			hits[i][j] = FirstHit(tr, t, fRef)
		}
	}
	return hits, nil
}

// BestKnown returns the smallest final f among the feasible runs of every
// set (for instance every configuration on one problem), the usual f_ref
// of the runtime ECDF when the optimum is unknown, as for most CEC 2017
// constrained problems; ok is false when no run is feasible. Targets
// relative to it are relative to the experiment: the best run reaches
// every precision target, and adding a configuration can move f_ref.
func BestKnown(sets ...[]Run) (fRef float64, ok bool) {
	fRef = math.Inf(1)
	for _, runs := range sets {
		for _, r := range runs {
			if r.Feasible && r.F < fRef {
				fRef, ok = r.F, true
			}
		}
	}
	if !ok {
		return 0, false
	}
	return fRef, true
}

// ECDF is the empirical cumulative distribution of runtimes, COCO style:
// the fraction of (run, target) pairs reached within x evaluations, a
// right-continuous step function of x that is 0 before FES[0] and Frac[i]
// for FES[i] ≤ x < FES[i+1] (Frac[last] up to the budget and beyond).
// Pairs never reached count in Pairs but in no step, so Frac ends at
// Hits/Pairs.
type ECDF struct {
	FES   []int     `json:"fes"`
	Frac  []float64 `json:"frac"`
	Pairs int       `json:"pairs"`
	Hits  int       `json:"hits"`
}

// NewECDF returns the ECDF of hit times, one per (run, target) pair: an
// evaluation count ≥ 1, or NotReached. The pairs may come from several
// problems and targets (COCO aggregates over both). NewECDF returns an
// error for no pairs and, naming the index, for a hit time below 1 other
// than NotReached.
func NewECDF(hits []int) (ECDF, error) {
	if len(hits) == 0 {
		return ECDF{}, fmt.Errorf("stats: no (run, target) pairs for the ECDF")
	}
	var reached []int
	for i, h := range hits {
		switch {
		case h == NotReached:
		case h < 1:
			return ECDF{}, fmt.Errorf("stats: hit %d: FES = %d is neither ≥ 1 nor NotReached (%d)", i, h, NotReached)
		default:
			reached = append(reached, h)
		}
	}
	slices.Sort(reached)
	e := ECDF{Pairs: len(hits), Hits: len(reached), FES: []int{}, Frac: []float64{}}
	for i, h := range reached {
		if i+1 < len(reached) && reached[i+1] == h {
			continue
		}
		e.FES = append(e.FES, h)
		e.Frac = append(e.Frac, float64(i+1)/float64(len(hits)))
	}
	return e, nil
}

// At returns the ECDF at x evaluations.
func (e ECDF) At(x int) float64 {
	i, found := slices.BinarySearch(e.FES, x)
	if found {
		return e.Frac[i]
	}
	if i == 0 {
		return 0
	}
	return e.Frac[i-1]
}

// RuntimeECDF returns the ECDF of the first hits (FirstHits) of traces on
// targets with reference value fRef: one problem's runs of one
// configuration. To aggregate over problems, concatenate the FirstHits of
// each (with its own f_ref) and call NewECDF.
func RuntimeECDF(traces []Trace, targets []Target, fRef float64) (ECDF, error) {
	hits, err := FirstHits(traces, targets, fRef)
	if err != nil {
		return ECDF{}, err
	}
	var flat []int
	for _, h := range hits {
		flat = append(flat, h...)
	}
	return NewECDF(flat)
}
