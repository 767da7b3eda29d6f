package experiment

import (
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

// CompareTable runs the pairwise rank-sum tests (stats.Compare) of the
// algorithms of recs at dim on every problem, at level alpha: the
// configurations are the algorithms in canonical order, the problems
// those of recs at dim, each sample the algorithm's runs on the problem.
func CompareTable(recs []Record, dim int, alpha float64) (*stats.Comparison, error) {
	probs := Problems(recs, dim)
	by := map[string][]stats.Sample{}
	for _, p := range probs {
		for _, a := range Algos(recs) {
			if rs := Select(recs, a, p, dim); len(rs) > 0 {
				by[p] = append(by[p], stats.Sample{Name: a, Runs: StatsRuns(rs)})
			}
		}
	}
	return stats.Compare(probs, by, alpha)
}
