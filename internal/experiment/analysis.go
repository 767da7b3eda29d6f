package experiment

import (
	"fmt"
	"slices"

	"pcaplay/core/stats"
)

// StatsCurves returns the curves of recs as stats.Curve (the same fields).
func StatsCurves(recs []Record) []stats.Curve {
	out := make([]stats.Curve, len(recs))
	for i, r := range recs {
		out[i] = stats.Curve(r.Curve)
	}
	return out
}

// StatsTraces returns the curves of recs with their BestFES, the input of
// the runtime ECDF (stats.FirstHits).
func StatsTraces(recs []Record) []stats.Trace {
	out := make([]stats.Trace, len(recs))
	for i, r := range recs {
		out[i] = stats.Trace{Curve: stats.Curve(r.Curve), BestFES: r.BestFES}
	}
	return out
}

// byCell indexes the records of recs at dim by (algorithm, problem), each
// cell's sorted by run: Select of every cell in one pass, where calling
// Select per cell takes time quadratic in the number of problems.
func byCell(recs []Record, dim int) map[cell][]Record {
	m := map[cell][]Record{}
	for _, r := range recs {
		if r.Dim == dim {
			k := cell{r.Algo, r.Problem, dim}
			m[k] = append(m[k], r)
		}
	}
	for _, rs := range m {
		slices.SortFunc(rs, func(a, b Record) int { return a.Run - b.Run })
	}
	return m
}

// CompareTable runs the pairwise rank-sum tests (stats.Compare) of the
// algorithms of recs at dim on every problem, at level alpha: the
// configurations are the algorithms in canonical order, the problems
// those of recs at dim, each sample the algorithm's runs on the problem.
func CompareTable(recs []Record, dim int, alpha float64) (*stats.Comparison, error) {
	probs := Problems(recs, dim)
	algos := Algos(recs)
	cells := byCell(recs, dim)
	by := map[string][]stats.Sample{}
	for _, p := range probs {
		for _, a := range algos {
			if rs := cells[cell{a, p, dim}]; len(rs) > 0 {
				by[p] = append(by[p], stats.Sample{Name: a, Runs: StatsRuns(rs)})
			}
		}
	}
	return stats.Compare(probs, by, alpha)
}

// ConvergenceBands returns, for every algorithm of recs (canonical order)
// with runs on problem at dim, its name and the stats.ConvergenceBand of
// those runs' curves.
func ConvergenceBands(recs []Record, problem string, dim int) ([]string, []stats.Band, error) {
	var names []string
	var bands []stats.Band
	for _, a := range Algos(recs) {
		rs := Select(recs, a, problem, dim)
		if len(rs) == 0 {
			continue
		}
		b, err := stats.ConvergenceBand(StatsCurves(rs))
		if err != nil {
			return nil, nil, fmt.Errorf("%s on %s at D=%d: %v", a, problem, dim, err)
		}
		names = append(names, a)
		bands = append(bands, b)
	}
	return names, bands, nil
}

// RuntimeECDFs returns, for every algorithm of recs at dim (canonical
// order), the runtime ECDF over every problem at dim and every target,
// COCO's aggregate: the first hits (stats.FirstHits) of all its runs on all
// problems and targets, pooled. The f_ref of a problem is the best final f
// of any algorithm's feasible runs on it (stats.BestKnown), so the ECDFs
// compare the algorithms of recs with each other. On a problem without a
// feasible run no target is ever reached (a target needs a feasible
// best-so-far, and the final best is the best-so-far at the end).
func RuntimeECDFs(recs []Record, dim int, targets []stats.Target) ([]string, []stats.ECDF, error) {
	algos := Algos(recs)
	cells := byCell(recs, dim)
	hits := make([][]int, len(algos))
	for _, p := range Problems(recs, dim) {
		var sets [][]stats.Run
		for _, a := range algos {
			sets = append(sets, StatsRuns(cells[cell{a, p, dim}]))
		}
		fRef, _ := stats.BestKnown(sets...)
		for i, a := range algos {
			h, err := stats.FirstHits(StatsTraces(cells[cell{a, p, dim}]), targets, fRef)
			if err != nil {
				return nil, nil, fmt.Errorf("%s on %s at D=%d: %v", a, p, dim, err)
			}
			for _, row := range h {
				hits[i] = append(hits[i], row...)
			}
		}
	}
	var names []string
	var out []stats.ECDF
	for i, a := range algos {
		if len(hits[i]) == 0 {
			continue
		}
		e, err := stats.NewECDF(hits[i])
		if err != nil {
			return nil, nil, fmt.Errorf("%s at D=%d: %v", a, dim, err)
		}
		names = append(names, a)
		out = append(out, e)
	}
	return names, out, nil
}
