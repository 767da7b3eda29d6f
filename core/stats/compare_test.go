package stats

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestHolmGolden checks Holm against statsmodels' multipletests(p,
// alpha=0.05, method='holm').
func TestHolmGolden(t *testing.T) {
	g := readGolden(t)
	for _, c := range g.Holm {
		adj, rej, err := Holm(c.P, g.Alpha)
		if err != nil {
			t.Fatalf("%v: %v", c.P, err)
		}
		for i := range c.P {
			if !closeRel(adj[i], c.Adjusted[i], 1e-15) || rej[i] != c.Reject[i] {
				t.Errorf("p %v: adjusted %v reject %v; statsmodels %v %v", c.P, adj, rej, c.Adjusted, c.Reject)
				break
			}
		}
	}
}

// TestHolmTextbook is Holm's procedure by hand on four p-values at 0.05:
// sorted 0.005 ≤ 0.01 ≤ 0.03 ≤ 0.04 meet 0.05/4 = 0.0125 and 0.05/3 ≈
// 0.0167, then 0.03 > 0.05/2 stops; adjusted 4·0.005, 3·0.01, 2·0.03 and
// max(0.06, 0.04).
func TestHolmTextbook(t *testing.T) {
	adj, rej, err := Holm([]float64{0.01, 0.04, 0.03, 0.005}, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{0.03, 0.06, 0.06, 0.02}
	wantRej := []bool{true, false, false, true}
	for i := range want {
		if math.Abs(adj[i]-want[i]) > 1e-15 || rej[i] != wantRej[i] {
			t.Fatalf("adjusted %v reject %v, want %v %v", adj, rej, want, wantRej)
		}
	}
	if a, r, err := Holm(nil, 0.05); err != nil || len(a) != 0 || len(r) != 0 {
		t.Errorf("empty family: %v %v %v", a, r, err)
	}
	for _, bad := range []struct {
		p     []float64
		alpha float64
		want  string
	}{
		{[]float64{0.5}, 0, "alpha = 0"},
		{[]float64{0.5}, 1, "alpha = 1"},
		{[]float64{0.5, math.NaN()}, 0.05, "p[1] = NaN"},
		{[]float64{1.5}, 0.05, "p[0] = 1.5"},
		{[]float64{-0.1}, 0.05, "p[0] = -0.1"},
	} {
		if _, _, err := Holm(bad.p, bad.alpha); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Holm(%v, %v): error %v, want one naming %q", bad.p, bad.alpha, err, bad.want)
		}
	}
}

func feasibleRuns(fs ...float64) []Run {
	out := make([]Run, len(fs))
	for i, f := range fs {
		out[i] = Run{F: f, Feasible: true}
	}
	return out
}

func seq(lo, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(lo + i)
	}
	return out
}

// TestComparePairsMarks: three configurations, A clearly better than C,
// B overlapping both. Holm multiplies the smallest p by 3.
func TestComparePairsMarks(t *testing.T) {
	a := Sample{"A", feasibleRuns(seq(0, 10)...)}
	b := Sample{"B", feasibleRuns(seq(5, 10)...)}
	c := Sample{"C", feasibleRuns(seq(20, 10)...)}
	pairs, err := ComparePairs([]Sample{a, b, c}, DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) != 3 || pairs[0].A != "A" || pairs[0].B != "B" || pairs[1].B != "C" || pairs[2].A != "B" {
		t.Fatalf("pair order %+v", pairs)
	}
	ps := []float64{pairs[0].P, pairs[1].P, pairs[2].P}
	adj, rej, _ := Holm(ps, DefaultAlpha)
	for k, p := range pairs {
		if p.PHolm != adj[k] || p.Significant != rej[k] {
			t.Errorf("pair %d: PHolm %v significant %v, Holm gives %v %v", k, p.PHolm, p.Significant, adj[k], rej[k])
		}
		if p.PHolm < p.P {
			t.Errorf("pair %d: adjusted %v below raw %v", k, p.PHolm, p.P)
		}
	}
	// A vs C and B vs C are separated (p ≈ 1.8e-4, ×3 and ×2); A vs B
	// overlaps by half (p ≈ 0.0090, ×1 after the two smaller ones).
	want := []Mark{Better, Better, Better}
	if pairs[0].P > 0.05 {
		want[0] = Same
	}
	for k, p := range pairs {
		if p.Mark != want[k] {
			t.Errorf("%s vs %s: mark %q (p %.3g, Holm %.3g), want %q", p.A, p.B, p.Mark, p.P, p.PHolm, want[k])
		}
	}
	// Swapping the configurations swaps the marks.
	rev, err := ComparePairs([]Sample{c, a}, DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	if rev[0].Mark != Worse || rev[0].P != pairs[1].P {
		t.Errorf("C vs A: mark %q p %v, want %q %v", rev[0].Mark, rev[0].P, Worse, pairs[1].P)
	}
}

// TestComparePairsHolmChangesMark: with two configurations a p of 0.03 is
// significant; as one of three pairs whose others have p = 1 it is still
// the smallest, so Holm multiplies it by 3 and the mark becomes ≈.
func TestComparePairsHolmChangesMark(t *testing.T) {
	// 6 vs 6 with U = 5: exact p = 2·Pr(U ≤ 5) = 2·19/924 ≈ 0.0411
	// (SciPy: 0.04112554112554113).
	a := Sample{"A", feasibleRuns(0, 1, 2, 3, 4, 10)}
	b := Sample{"B", feasibleRuns(5, 6, 7, 8, 9, 11)}
	two, err := ComparePairs([]Sample{a, b}, DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	p := two[0].P
	if !closeRel(p, 0.04112554112554113, pTol) {
		t.Fatalf("p = %v, SciPy 0.04112554112554113", p)
	}
	if two[0].Mark != Better || two[0].PHolm != p {
		t.Errorf("two configurations: mark %q, PHolm %v (p %v); want + and no change", two[0].Mark, two[0].PHolm, p)
	}
	// A copy of A: p = 1 against A and 0.0411 against B, so Holm
	// multiplies both 0.0411 by 3.
	c := Sample{"A2", a.Runs}
	three, err := ComparePairs([]Sample{a, b, c}, DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	if three[0].Mark != Same || three[0].PHolm != 3*p {
		t.Errorf("three configurations: A vs B mark %q, PHolm %v; want ≈ and %v", three[0].Mark, three[0].PHolm, 3*p)
	}
}

// TestComparePairsFeasibility: the marks follow the CEC order, not f: runs
// that are all feasible beat infeasible runs with lower f.
func TestComparePairsFeasibility(t *testing.T) {
	a := Sample{"feasible", feasibleRuns(seq(100, 8)...)}
	var inf []Run
	for i := range 8 {
		inf = append(inf, Run{F: float64(-i), MeanV: 0.1 * float64(i+1), Counts: [3]int{0, 1, 0}})
	}
	pairs, err := ComparePairs([]Sample{a, {"infeasible", inf}}, DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	if pairs[0].Mark != Better || pairs[0].U != 0 {
		t.Errorf("feasible vs infeasible: mark %q U %v, want + and 0", pairs[0].Mark, pairs[0].U)
	}
}

func TestComparePairsErrors(t *testing.T) {
	ok := feasibleRuns(1, 2)
	tests := []struct {
		samples []Sample
		alpha   float64
		want    string
	}{
		{[]Sample{{"A", ok}}, 0.05, "got 1"},
		{[]Sample{{"A", ok}, {"", ok}}, 0.05, "empty name"},
		{[]Sample{{"A", ok}, {"A", ok}}, 0.05, `"A" listed twice`},
		{[]Sample{{"A", ok}, {"B", nil}}, 0.05, "A vs B"},
		{[]Sample{{"A", ok}, {"B", ok}}, 1.5, "alpha = 1.5"},
		{[]Sample{{"A", ok}, {"B", []Run{{F: math.NaN(), Feasible: true}}}}, 0.05, "set b, run 0: F = NaN"},
	}
	for _, tc := range tests {
		_, err := ComparePairs(tc.samples, tc.alpha)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error %v, want one line naming %q", tc.samples, err, tc.want)
		}
	}
}

// TestCompareTotals: the w/t/l tallies count the marks of each pair over
// the problems, and the order of samples within a problem does not matter.
func TestCompareTotals(t *testing.T) {
	good, mid, bad := feasibleRuns(seq(0, 10)...), feasibleRuns(seq(20, 10)...), feasibleRuns(seq(40, 10)...)
	by := map[string][]Sample{
		"P1": {{"X", good}, {"Y", bad}},
		"P2": {{"Y", good}, {"X", bad}}, // any order
		"P3": {{"X", mid}, {"Y", mid}},
		"P4": {{"X", good}, {"Y", mid}},
	}
	c, err := Compare([]string{"P1", "P2", "P3", "P4"}, by, DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs) != 2 || c.Configs[0] != "X" {
		t.Fatalf("configs %v", c.Configs)
	}
	got := c.Totals[0]
	if got != (Tally{A: "X", B: "Y", Wins: 2, Ties: 1, Losses: 1}) {
		t.Errorf("totals %+v, want X vs Y 2/1/1", got)
	}
	if c.Pairs[1][0].A != "X" || c.Pairs[1][0].Mark != Worse {
		t.Errorf("P2: %+v, want X worse", c.Pairs[1][0])
	}
	if _, err := json.Marshal(c); err != nil {
		t.Error(err)
	}
}

func TestCompareErrors(t *testing.T) {
	ok := feasibleRuns(1, 2)
	two := []Sample{{"A", ok}, {"B", ok}}
	tests := []struct {
		probs []string
		by    map[string][]Sample
		want  string
	}{
		{nil, nil, "no problems"},
		{[]string{"P", "P"}, map[string][]Sample{"P": two}, `"P" listed twice`},
		{[]string{"P"}, map[string][]Sample{"P": two, "Q": two}, `"Q" that is not in`},
		{[]string{"P", "Q"}, map[string][]Sample{"P": two, "Q": {{"A", ok}, {"C", ok}}}, `problem "Q": configuration "C"`},
		{[]string{"P", "Q"}, map[string][]Sample{"P": two, "Q": {{"A", ok}}}, `problem "Q": configuration "B" of problem "P" is missing`},
		{[]string{"P", "Q"}, map[string][]Sample{"P": two, "Q": {{"A", ok}, {"B", ok}, {"A", ok}}}, `problem "Q": configuration "A" listed twice`},
		{[]string{"P"}, map[string][]Sample{}, `problem "P": pairwise tests need two or more configurations (got 0)`},
	}
	for _, tc := range tests {
		_, err := Compare(tc.probs, tc.by, DefaultAlpha)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %s", tc.probs, err, tc.want)
		}
	}
}

func TestMarkASCII(t *testing.T) {
	got := Better.ASCII() + Worse.ASCII() + Same.ASCII()
	if got != "+-=" {
		t.Errorf("ASCII marks %q", got)
	}
}

// Example: PCA-projection on against off on one problem, 25 runs each.
// The runs' order is the CEC feasibility rule, so four infeasible runs of
// "off" rank below every feasible run whatever their f. (SciPy, on the
// positions of the runs in that order: U = 60.5, p = 1.0486671219096444e-06.)
func ExampleRankSumTest() {
	var on, off []Run
	for k := range 25 {
		on = append(on, Run{F: float64(10 + k), Feasible: true})
		if k < 4 {
			off = append(off, Run{F: 0.5, MeanV: 0.01, Counts: [3]int{0, 0, 1}})
		} else {
			off = append(off, Run{F: float64(20 + k), Feasible: true})
		}
	}
	r, err := RankSumTest(on, off)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("U = %g, p = %.3g, exact %v, on better: %v\n", r.U, r.P, r.Exact, r.Direction() < 0)
	// Output: U = 60.5, p = 1.05e-06, exact false, on better: true
}

// Example: three configurations on two problems, Holm's correction over
// the three pairs of each problem, and the w/t/l totals. (SciPy and
// statsmodels give the same p-values and adjusted p-values.)
func ExampleCompare() {
	runs := func(lo float64) []Run {
		var r []Run
		for k := range 10 {
			r = append(r, Run{F: lo + float64(k), Feasible: true})
		}
		return r
	}
	by := map[string][]Sample{
		"C01": {{"pmode", runs(0)}, {"cmode", runs(20)}, {"de", runs(2)}},
		"C02": {{"pmode", runs(0)}, {"cmode", runs(1)}, {"de", runs(30)}},
	}
	c, err := Compare([]string{"C01", "C02"}, by, DefaultAlpha)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, p := range c.Problems {
		for _, pr := range c.Pairs[i] {
			fmt.Printf("%s %s vs %s: %s (p %.2g, Holm %.2g)\n", p, pr.A, pr.B, pr.Mark, pr.P, pr.PHolm)
		}
	}
	for _, t := range c.Totals {
		fmt.Printf("%s vs %s: %d/%d/%d\n", t.A, t.B, t.Wins, t.Ties, t.Losses)
	}
	// Output:
	// C01 pmode vs cmode: + (p 0.00018, Holm 0.00055)
	// C01 pmode vs de: ≈ (p 0.18, Holm 0.18)
	// C01 cmode vs de: − (p 0.00018, Holm 0.00055)
	// C02 pmode vs cmode: ≈ (p 0.49, Holm 0.49)
	// C02 pmode vs de: + (p 0.00018, Holm 0.00055)
	// C02 cmode vs de: + (p 0.00018, Holm 0.00055)
	// pmode vs cmode: 1/1/0
	// pmode vs de: 1/1/0
	// cmode vs de: 1/0/1
}
