package stats

import (
	"fmt"
	"math"
	"sort"
)

// DefaultAlpha is the significance level of the marks, 0.05 as in the
// papers of the field.
const DefaultAlpha = 0.05

// Holm applies Holm's step-down correction to the p-values of a family of
// m tests at level alpha. With p_(1) ≤ … ≤ p_(m) the sorted p-values,
//
//	adjusted_(i) = min(1, max_{j ≤ i} (m − j + 1)·p_(j)),
//	reject_(i)   ⇔ p_(j) ≤ alpha/(m − j + 1) for every j ≤ i,
//
// returned in the order of p. This is statsmodels' multipletests(p, alpha,
// method='holm'), checked against it on golden data; rejecting exactly the
// hypotheses with adjusted ≤ alpha is the same rule, up to rounding at the
// boundary, where reject follows statsmodels. Holm controls the
// family-wise error rate at alpha under any dependence between the tests.
//
// Holm returns an error for alpha outside (0, 1) and, naming the index,
// for a p-value that is NaN or outside [0, 1]. An empty family gives empty
// results.
func Holm(p []float64, alpha float64) (adjusted []float64, reject []bool, err error) {
	if !(alpha > 0 && alpha < 1) {
		return nil, nil, fmt.Errorf("stats: Holm: alpha = %v is not in (0, 1)", alpha)
	}
	for i, x := range p {
		if !(x >= 0 && x <= 1) {
			return nil, nil, fmt.Errorf("stats: Holm: p[%d] = %v is not in [0, 1]", i, x)
		}
	}
	m := len(p)
	idx := make([]int, m)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	adjusted = make([]float64, m)
	reject = make([]bool, m)
	run, rejecting := 0.0, true
	for j, i := range idx {
		k := float64(m - j)
		run = math.Max(run, k*p[i])
		adjusted[i] = math.Min(1, run)
		rejecting = rejecting && p[i] <= alpha/k
		reject[i] = rejecting
	}
	return adjusted, reject, nil
}

// Mark is the verdict on a pair of configurations that papers in the field
// print beside their tables: "+", "−" or "≈".
type Mark string

// The marks, from the side of the first configuration of a pair.
const (
	// Better: the first configuration is significantly better.
	Better Mark = "+"
	// Worse: the first configuration is significantly worse.
	Worse Mark = "−"
	// Same: no significant difference.
	Same Mark = "≈"
)

// ASCII returns "+", "-" or "=", for plain-text outputs.
func (m Mark) ASCII() string {
	switch m {
	case Worse:
		return "-"
	case Same:
		return "="
	}
	return string(m)
}

// Sample is the final results of one configuration's runs on one problem.
type Sample struct {
	// Name names the configuration (an algorithm with its settings).
	Name string `json:"name"`
	Runs []Run  `json:"runs"`
}

// Pair is the rank-sum test of configuration A against configuration B on
// one problem (RankSumTest of A's runs against B's), with its
// Holm-adjusted p-value and mark.
type Pair struct {
	A string `json:"a"`
	B string `json:"b"`
	RankSum
	// PHolm is P adjusted by Holm's method over the family of every pair
	// of configurations on the problem (see ComparePairs).
	PHolm float64 `json:"pHolm"`
	// Significant reports that Holm's procedure rejects the null
	// hypothesis (no difference between A and B) at the level alpha.
	Significant bool `json:"significant"`
	// Mark is Better or Worse when Significant, from A's side, by the
	// direction of the rank sums (RankSum.Direction: A better when its mean
	// rank in the CEC order is lower); Same otherwise.
	Mark Mark `json:"mark"`
}

// ComparePairs tests every pair of configurations on one problem: the
// pairs (i, j), i < j, of samples in the order (0,1), (0,2), …, (0,k−1),
// (1,2), …, each with RankSumTest (two-sided; runs in the CEC order ≺ of
// the package comment). The family of Holm's correction is these
// k(k−1)/2 tests, so each problem is corrected on its own; with two
// configurations the correction changes nothing. A pair is marked at level
// alpha (DefaultAlpha in the field): Better or Worse from the side of the
// first configuration when Holm rejects, Same otherwise.
//
// ComparePairs returns an error for fewer than two samples, an empty or
// repeated name, an empty sample or an invalid run (naming them), and for
// alpha outside (0, 1).
func ComparePairs(samples []Sample, alpha float64) ([]Pair, error) {
	if len(samples) < 2 {
		return nil, fmt.Errorf("stats: pairwise tests need two or more configurations (got %d)", len(samples))
	}
	if !(alpha > 0 && alpha < 1) {
		return nil, fmt.Errorf("stats: alpha = %v is not in (0, 1)", alpha)
	}
	seen := map[string]bool{}
	for _, s := range samples {
		if s.Name == "" {
			return nil, fmt.Errorf("stats: a configuration has an empty name")
		}
		if seen[s.Name] {
			return nil, fmt.Errorf("stats: configuration %q listed twice", s.Name)
		}
		seen[s.Name] = true
	}
	var pairs []Pair
	var ps []float64
	for i := range samples {
		for j := i + 1; j < len(samples); j++ {
			a, b := samples[i], samples[j]
			rs, err := RankSumTest(a.Runs, b.Runs)
			if err != nil {
				return nil, fmt.Errorf("stats: %s vs %s: %v", a.Name, b.Name, trimPrefix(err))
			}
			pairs = append(pairs, Pair{A: a.Name, B: b.Name, RankSum: rs})
			ps = append(ps, rs.P)
		}
	}
	adj, rej, err := Holm(ps, alpha)
	if err != nil {
		return nil, err
	}
	for k := range pairs {
		p := &pairs[k]
		p.PHolm, p.Significant, p.Mark = adj[k], rej[k], Same
		if rej[k] {
			switch p.Direction() {
			case -1:
				p.Mark = Better
			case 1:
				p.Mark = Worse
			}
		}
	}
	return pairs, nil
}

// trimPrefix drops the package prefix of a message of this package.
func trimPrefix(err error) string {
	const pre = "stats: "
	msg := err.Error()
	if len(msg) > len(pre) && msg[:len(pre)] == pre {
		return msg[len(pre):]
	}
	return msg
}

// Tally is the count of marks of one pair of configurations over the
// problems, from the side of A: Wins "+", Ties "≈", Losses "−" (the w/t/l
// line under the tables of the field).
type Tally struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Wins   int    `json:"wins"`
	Ties   int    `json:"ties"`
	Losses int    `json:"losses"`
}

// Comparison is the pairwise tests of several configurations on several
// problems.
type Comparison struct {
	Alpha    float64  `json:"alpha"`
	Configs  []string `json:"configs"`
	Problems []string `json:"problems"`
	// Pairs[p] are the ComparePairs results on problem p, pairs in the
	// order (0,1), (0,2), …, (1,2), … of Configs.
	Pairs [][]Pair `json:"pairs"`
	// Totals[k] tallies the marks of pair k over the problems.
	Totals []Tally `json:"totals"`
}

// Compare runs ComparePairs on every problem and tallies the marks of
// each pair over the problems. byProblem[p] lists one Sample per
// configuration; the configurations are taken, in order, from
// problems[0], and every problem must list the same set of names, in any
// order (as Rank). Holm's family is the pairs on one problem (see
// ComparePairs); the tallies count marks, they are not a test across
// problems.
//
// Compare returns an error, naming the problem (and configuration), for an
// empty or repeated problem list entry, a key of byProblem not in
// problems, a configuration set that differs from that of problems[0], and
// the errors of ComparePairs.
func Compare(problems []string, byProblem map[string][]Sample, alpha float64) (*Comparison, error) {
	if len(problems) == 0 {
		return nil, fmt.Errorf("stats: no problems to compare on")
	}
	seen := map[string]bool{}
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
	c := &Comparison{Alpha: alpha, Problems: append([]string(nil), problems...)}
	col := map[string]int{}
	for _, s := range byProblem[problems[0]] {
		if _, dup := col[s.Name]; !dup {
			col[s.Name] = len(c.Configs)
			c.Configs = append(c.Configs, s.Name)
		}
	}
	for _, p := range problems {
		samples := byProblem[p]
		ordered := make([]Sample, len(c.Configs))
		got := make([]bool, len(c.Configs))
		for _, s := range samples {
			k, ok := col[s.Name]
			if !ok {
				return nil, fmt.Errorf("stats: problem %q: configuration %q is not among those of problem %q", p, s.Name, problems[0])
			}
			if got[k] {
				return nil, fmt.Errorf("stats: problem %q: configuration %q listed twice", p, s.Name)
			}
			got[k], ordered[k] = true, s
		}
		for k, ok := range got {
			if !ok {
				return nil, fmt.Errorf("stats: problem %q: configuration %q of problem %q is missing", p, c.Configs[k], problems[0])
			}
		}
		pairs, err := ComparePairs(ordered, alpha)
		if err != nil {
			return nil, fmt.Errorf("stats: problem %q: %v", p, trimPrefix(err))
		}
		c.Pairs = append(c.Pairs, pairs)
	}
	for k, first := range c.Pairs[0] {
		t := Tally{A: first.A, B: first.B}
		for _, pairs := range c.Pairs {
			switch pairs[k].Mark {
			case Better:
				t.Wins++
			case Worse:
				t.Losses++
			default:
				t.Ties++
			}
		}
		c.Totals = append(c.Totals, t)
	}
	return c, nil
}
