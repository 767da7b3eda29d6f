package stats

import (
	"fmt"
	"math"
)

// Entry is one algorithm's Summary on one problem.
type Entry struct {
	Algorithm string  `json:"algorithm"`
	Summary   Summary `json:"summary"`
}

// RankMean ranks algorithms on one problem by their mean values (§5.4 rule 1,
// the CEC 2017/2018 competition rule). Entry a is better than entry b when,
// lexicographically,
//
//	(−SR_a, Vio_a, Mean_a) < (−SR_b, Vio_b, Mean_b),
//
// i.e. (1) higher feasibility rate, then (2) lower mean violation over all
// runs, then (3) lower mean objective value.
//
// Ranks use competition ranking ("1, 1, 3"): rank_i = 1 + #{j : j better
// than i}, so entries with equal keys share the best of their positions and
// the next rank is skipped. This is what the paper's rank tables show, e.g.
// the mean ranks on 10D problem 10: one algorithm 1, seven tied at 2, two
// tied at 10, the last 12. Keys are compared exactly; to reproduce a
// published ranking, pass values at the published precision. A NaN key is
// worse than every number and equal to another NaN.
//
// The result is parallel to entries.
func RankMean(entries []Entry) []int {
	return rank(entries, func(a, b Summary) int {
		if c := cmpHigher(a.SR, b.SR); c != 0 {
			return c
		}
		if c := cmpLower(a.Vio, b.Vio); c != 0 {
			return c
		}
		return cmpLower(a.Mean, b.Mean)
	})
}

// RankMedian ranks algorithms on one problem by their median solutions
// (§5.4 rule 2): a feasible median beats an infeasible one, feasible medians
// are compared by f (Summary.Median, lower better) and infeasible ones by
// their mean violation (Summary.MedianV, lower better). A median solution is
// feasible when MedianV == 0. Two infeasible medians with equal violation tie
// whatever their f. Ties and NaN are handled as in RankMean.
//
// The result is parallel to entries.
func RankMedian(entries []Entry) []int {
	return rank(entries, func(a, b Summary) int {
		fa, fb := a.MedianFeasible(), b.MedianFeasible()
		switch {
		case fa && !fb:
			return -1
		case !fa && fb:
			return 1
		case fa:
			return cmpLower(a.Median, b.Median)
		default:
			return cmpLower(a.MedianV, b.MedianV)
		}
	})
}

// rank returns the competition ranks of entries under cmp, a total preorder
// (cmp(a, b) < 0 when a is better).
func rank(entries []Entry, cmp func(a, b Summary) int) []int {
	r := make([]int, len(entries))
	for i := range entries {
		r[i] = 1
		for j := range entries {
			if cmp(entries[j].Summary, entries[i].Summary) < 0 {
				r[i]++
			}
		}
	}
	return r
}

// cmpLower compares a and b where lower is better and NaN is worst.
func cmpLower(a, b float64) int {
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an || bn:
		switch {
		case an && bn:
			return 0
		case an:
			return 1
		default:
			return -1
		}
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cmpHigher compares a and b where higher is better and NaN is worst.
func cmpHigher(a, b float64) int {
	if math.IsNaN(a) || math.IsNaN(b) {
		return cmpLower(a, b)
	}
	return cmpLower(b, a)
}

// Table is the ranking of several algorithms on several problems (§5.4
// rule 3).
type Table struct {
	// Problems and Algorithms name the rows and columns of Mean and Median.
	Problems   []string `json:"problems"`
	Algorithms []string `json:"algorithms"`
	// Mean[p][a] and Median[p][a] are the RankMean and RankMedian ranks of
	// algorithm a on problem p.
	Mean   [][]int `json:"mean"`
	Median [][]int `json:"median"`
	// MeanTotal[a] = Σ_p Mean[p][a] and MedianTotal[a] = Σ_p Median[p][a]
	// (the Total columns of the paper's per-dimension rank tables).
	MeanTotal   []int `json:"meanTotal"`
	MedianTotal []int `json:"medianTotal"`
	// Total[a] = MeanTotal[a] + MedianTotal[a], the rank value
	// Σ_i rank_i(mean) + Σ_i rank_i(median) of the paper's total-rank table.
	Total []int `json:"total"`
}

// Rank ranks the algorithms on every problem with RankMean and RankMedian
// and sums the ranks over the problems:
//
//	Total[a] = Σ_p RankMean_p(a) + Σ_p RankMedian_p(a).
//
// byProblem[p] lists one Entry per algorithm. The algorithms are taken, in
// order, from the entries of problems[0]; every problem must list the same
// set of algorithm names, in any order. Rank returns an error, naming the
// problem (and algorithm), for an empty problems list, a repeated problem,
// a problem without entries, a key of byProblem not in problems, an empty
// or repeated algorithm name, an algorithm set that differs from that of
// problems[0], and a Summary with a NaN key, SR outside [0, 100] or a
// negative Vio or MedianV.
func Rank(problems []string, byProblem map[string][]Entry) (*Table, error) {
	if len(problems) == 0 {
		return nil, fmt.Errorf("stats: no problems to rank")
	}
	seen := make(map[string]bool, len(problems))
	for _, p := range problems {
		if seen[p] {
			return nil, fmt.Errorf("stats: problem %q listed twice", p)
		}
		seen[p] = true
	}
	for p := range byProblem {
		if !seen[p] {
			return nil, fmt.Errorf("stats: byProblem has problem %q that is not in the problems list", p)
		}
	}

	first := problems[0]
	var algs []string
	col := map[string]int{}
	t := &Table{Problems: append([]string(nil), problems...)}
	for pi, p := range problems {
		entries := byProblem[p]
		if len(entries) == 0 {
			return nil, fmt.Errorf("stats: problem %q has no entries", p)
		}
		if pi == 0 {
			for _, e := range entries {
				if e.Algorithm == "" {
					return nil, fmt.Errorf("stats: problem %q: empty algorithm name", p)
				}
				if _, dup := col[e.Algorithm]; dup {
					return nil, fmt.Errorf("stats: problem %q: algorithm %q listed twice", p, e.Algorithm)
				}
				col[e.Algorithm] = len(algs)
				algs = append(algs, e.Algorithm)
			}
		}
		ordered := make([]Entry, len(algs))
		got := make([]bool, len(algs))
		for _, e := range entries {
			a, ok := col[e.Algorithm]
			if !ok {
				return nil, fmt.Errorf("stats: problem %q: algorithm %q is not among those of problem %q", p, e.Algorithm, first)
			}
			if got[a] {
				return nil, fmt.Errorf("stats: problem %q: algorithm %q listed twice", p, e.Algorithm)
			}
			if err := checkSummary(e.Summary); err != nil {
				return nil, fmt.Errorf("stats: problem %q, algorithm %q: %v", p, e.Algorithm, err)
			}
			got[a] = true
			ordered[a] = e
		}
		for a, ok := range got {
			if !ok {
				return nil, fmt.Errorf("stats: problem %q: algorithm %q of problem %q is missing", p, algs[a], first)
			}
		}
		t.Mean = append(t.Mean, RankMean(ordered))
		t.Median = append(t.Median, RankMedian(ordered))
	}

	t.Algorithms = algs
	t.MeanTotal = make([]int, len(algs))
	t.MedianTotal = make([]int, len(algs))
	t.Total = make([]int, len(algs))
	for p := range problems {
		for a := range algs {
			t.MeanTotal[a] += t.Mean[p][a]
			t.MedianTotal[a] += t.Median[p][a]
		}
	}
	for a := range algs {
		t.Total[a] = t.MeanTotal[a] + t.MedianTotal[a]
	}
	return t, nil
}

// checkSummary validates the fields that the rankings read.
func checkSummary(s Summary) error {
	for _, q := range []struct {
		name string
		v    float64
	}{{"SR", s.SR}, {"Vio", s.Vio}, {"Mean", s.Mean}, {"Median", s.Median}, {"MedianV", s.MedianV}} {
		if math.IsNaN(q.v) {
			return fmt.Errorf("%s is NaN", q.name)
		}
	}
	switch {
	case s.SR < 0 || s.SR > 100:
		return fmt.Errorf("SR = %g is outside [0, 100]", s.SR)
	case s.Vio < 0:
		return fmt.Errorf("Vio = %g is negative", s.Vio)
	case s.MedianV < 0:
		return fmt.Errorf("MedianV = %g is negative", s.MedianV)
	}
	return nil
}
