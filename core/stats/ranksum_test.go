package stats

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
)

// golden is testdata/mannwhitney.json, written by
// testdata/gen_mannwhitney.py with SciPy 1.10.1 and statsmodels 0.13.5.
type golden struct {
	SciPy        string  `json:"scipy"`
	Alpha        float64 `json:"alpha"`
	MannWhitneyU []struct {
		Name        string       `json:"name"`
		A           [][2]float64 `json:"a"`
		B           [][2]float64 `json:"b"`
		U           float64      `json:"u"`
		P           float64      `json:"p"`
		Method      string       `json:"method"`
		PAsymptotic float64      `json:"p_asymptotic"`
		PExact      *float64     `json:"p_exact"`
	} `json:"mannwhitneyu"`
	Holm []struct {
		P        []float64 `json:"p"`
		Adjusted []float64 `json:"adjusted"`
		Reject   []bool    `json:"reject"`
	} `json:"holm"`
}

func readGolden(t *testing.T) golden {
	t.Helper()
	b, err := os.ReadFile("testdata/mannwhitney.json")
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.MannWhitneyU) < 80 || len(g.Holm) < 5 {
		t.Fatalf("golden file holds %d rank-sum and %d Holm cases", len(g.MannWhitneyU), len(g.Holm))
	}
	return g
}

// pTol is the agreement required of every p-value with SciPy's: relative
// 1e-12 (SciPy sums floating-point frequencies for the exact method and
// uses its own erfc; this package counts with integers and uses math.Erfc).
const pTol = 1e-12

func closeRel(a, b, tol float64) bool {
	return a == b || math.Abs(a-b) <= tol*math.Max(math.Abs(a), math.Abs(b))
}

func toRuns(pairs [][2]float64) []Run {
	out := make([]Run, len(pairs))
	for i, p := range pairs {
		out[i] = Run{F: p[0], MeanV: p[1], Feasible: p[1] == 0}
		if p[1] > 0 {
			out[i].Counts = [3]int{0, 0, 1}
		}
	}
	return out
}

// TestRankSumGolden checks RankSumTest against scipy.stats.mannwhitneyu
// on every golden case: U exactly, P to pTol, and the method that 'auto'
// chose.
func TestRankSumGolden(t *testing.T) {
	g := readGolden(t)
	if g.SciPy != "1.10.1" {
		t.Fatalf("golden data from SciPy %s, want 1.10.1", g.SciPy)
	}
	exact, asym := 0, 0
	for _, c := range g.MannWhitneyU {
		r, err := RankSumTest(toRuns(c.A), toRuns(c.B))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if r.U != c.U {
			t.Errorf("%s: U = %v, SciPy %v", c.Name, r.U, c.U)
		}
		if !closeRel(r.P, c.P, pTol) {
			t.Errorf("%s: P = %.17g, SciPy %.17g (rel. diff %.2g)", c.Name, r.P, c.P, math.Abs(r.P-c.P)/c.P)
		}
		if r.Exact != (c.Method == "exact") {
			t.Errorf("%s: Exact = %v, SciPy's auto chose %s", c.Name, r.Exact, c.Method)
		}
		if r.Exact {
			exact++
		} else {
			asym++
		}
		if r.NA != len(c.A) || r.NB != len(c.B) {
			t.Errorf("%s: sizes %d, %d", c.Name, r.NA, r.NB)
		}
		n := float64(r.NA + r.NB)
		if got := r.RankA + r.RankB; got != n*(n+1)/2 {
			t.Errorf("%s: rank sums add to %v, want %v", c.Name, got, n*(n+1)/2)
		}
		if r.U != r.RankA-float64(r.NA*(r.NA+1))/2 {
			t.Errorf("%s: U %v disagrees with RankA %v", c.Name, r.U, r.RankA)
		}
	}
	if exact < 20 || asym < 20 {
		t.Errorf("golden cases cover %d exact and %d asymptotic tests", exact, asym)
	}
}

// TestRankSumBothMethodsGolden checks each method on its own against
// SciPy's method='exact' and method='asymptotic', whatever 'auto' picks.
func TestRankSumBothMethodsGolden(t *testing.T) {
	g := readGolden(t)
	for _, c := range g.MannWhitneyU {
		x := orderKeys(append(toRuns(c.A), toRuns(c.B)...))
		ranks, tie := midRanks(x)
		na, nb := len(c.A), len(c.B)
		u := 0.0
		for _, r := range ranks[:na] {
			u += r
		}
		u -= float64(na*(na+1)) / 2
		umax := math.Max(u, float64(na*nb)-u)
		if p := math.Min(1, 2*asymptoticSF(umax, na, nb, tie)); !closeRel(p, c.PAsymptotic, pTol) {
			t.Errorf("%s: asymptotic P = %.17g, SciPy %.17g", c.Name, p, c.PAsymptotic)
		}
		if c.PExact != nil {
			if tie != 0 {
				t.Fatalf("%s: SciPy ran the exact test, but the sample has ties", c.Name)
			}
			if p := math.Min(1, 2*exactSF(int(umax), na, nb)); !closeRel(p, *c.PExact, pTol) {
				t.Errorf("%s: exact P = %.17g, SciPy %.17g", c.Name, p, *c.PExact)
			}
		}
	}
}

// TestMannWhitneyUFloats: the test on plain values, including ±Inf, equals
// the test on runs with those f values, and SciPy's documented example.
func TestMannWhitneyUFloats(t *testing.T) {
	// scipy.stats.mannwhitneyu docstring: males vs females.
	r, err := MannWhitneyU([]float64{19, 22, 16, 29, 24}, []float64{20, 11, 17, 12})
	if err != nil {
		t.Fatal(err)
	}
	if r.U != 17 || !closeRel(r.P, 0.1111111111111111, pTol) || !r.Exact {
		t.Errorf("SciPy's example: U = %v, P = %v, exact %v; want 17, 0.1111111111111111, true", r.U, r.P, r.Exact)
	}
	if r.Direction() != 1 {
		t.Errorf("males tend to be older: Direction = %d, want +1", r.Direction())
	}
	inf := math.Inf(1)
	a, err := MannWhitneyU([]float64{-inf, 1, 5}, []float64{2, inf, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	b, err := RankSumTest(toRuns([][2]float64{{0, 0}, {1, 0}, {5, 0}}), toRuns([][2]float64{{2, 0}, {6, 0}, {3, 0}, {4, 0}}))
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Errorf("plain values %+v, runs in the same order %+v", a, b)
	}
}

// TestExactSFTable: Pr(U ≥ u) by hand. For sizes 2 and 2 the six
// arrangements have U = 0, 1, 2, 2, 3, 4.
func TestExactSFTable(t *testing.T) {
	want := []float64{1, 5.0 / 6, 4.0 / 6, 2.0 / 6, 1.0 / 6, 0}
	for u, w := range want {
		if got := exactSF(u, 2, 2); got != w {
			t.Errorf("Pr(U ≥ %d) = %v, want %v", u, got, w)
		}
	}
	// Symmetry of the null distribution: Pr(U ≥ u) = Pr(U ≤ mn − u).
	for _, s := range [][2]int{{3, 5}, {8, 8}, {1, 7}, {8, 40}} {
		m, n := s[0], s[1]
		for u := 0; u <= m*n; u++ {
			le := 1 - exactSF(m*n-u+1, m, n) // Pr(U ≤ mn − u), to rounding of 1 − x
			if math.Abs(exactSF(u, m, n)-le) > 2e-16 {
				t.Fatalf("%dx%d: Pr(U ≥ %d) = %v, Pr(U ≤ %d) = %v", m, n, u, exactSF(u, m, n), m*n-u, le)
			}
		}
	}
}

func TestRankSumErrors(t *testing.T) {
	ok := []Run{{F: 1, Feasible: true}}
	tests := []struct {
		name string
		err  error
		want []string
	}{
		{"empty a", second(RankSumTest(nil, ok)), []string{"sizes 0 and 1"}},
		{"empty y", second(MannWhitneyU([]float64{1}, nil)), []string{"sizes 1 and 0"}},
		{"NaN", second(MannWhitneyU([]float64{1}, []float64{2, math.NaN()})), []string{"y[1]", "NaN"}},
		{"bad run", second(RankSumTest(ok, []Run{{F: 1, Feasible: true}, {F: 2, MeanV: -1}})), []string{"set b, run 1", "MeanV = -1"}},
		{"inf f", second(RankSumTest([]Run{{F: math.Inf(-1), Feasible: true}}, ok)), []string{"set a, run 0", "-Inf"}},
		{"exact too large", second(MannWhitneyU([]float64{-1}, seqFloats(exactMaxCells+1))), []string{"1 and 1048577", "NA·NB ≤ 1048576"}},
	}
	for _, tc := range tests {
		if tc.err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(tc.err.Error(), w) {
				t.Errorf("%s: error %q does not mention %q", tc.name, tc.err, w)
			}
		}
	}
}

func second[T any](_ T, err error) error { return err }

// TestRankSumJSON: a result marshals (no NaN or Inf in any field).
func TestRankSumJSON(t *testing.T) {
	r, err := MannWhitneyU([]float64{1, 1, 1}, []float64{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.P != 1 || r.Exact {
		t.Errorf("all tied: P = %v, exact %v; want 1 by the asymptotic method", r.P, r.Exact)
	}
	if _, err := json.Marshal(r); err != nil {
		t.Error(err)
	}
}

func seqFloats(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i)
	}
	return out
}

// FuzzRankSum: for any two samples (bytes as small integers, so that ties
// occur), the test does not fail, P is in [0, 1], U in [0, NA·NB], the
// rank sums add up, and swapping the samples gives the same P and the
// complementary U.
func FuzzRankSum(f *testing.F) {
	f.Add([]byte{1, 2, 3}, []byte{4, 5, 6})
	f.Add([]byte{7}, []byte{7})
	f.Add([]byte{1, 1, 2, 9, 9, 9, 3, 4, 5, 6, 7, 8}, []byte{0, 2, 2, 2, 10, 11, 12, 13, 14})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if len(a) == 0 || len(b) == 0 || len(a) > 300 || len(b) > 300 {
			return
		}
		x, y := make([]float64, len(a)), make([]float64, len(b))
		for i, v := range a {
			x[i] = float64(v % 32)
		}
		for i, v := range b {
			y[i] = float64(v % 32)
		}
		r, err := MannWhitneyU(x, y)
		if err != nil {
			t.Fatal(err)
		}
		s, err := MannWhitneyU(y, x)
		if err != nil {
			t.Fatal(err)
		}
		na, nb := float64(len(a)), float64(len(b))
		switch {
		case !(r.P >= 0 && r.P <= 1):
			t.Fatalf("P = %v", r.P)
		case r.U < 0 || r.U > na*nb:
			t.Fatalf("U = %v for sizes %v, %v", r.U, na, nb)
		case r.RankA+r.RankB != (na+nb)*(na+nb+1)/2:
			t.Fatalf("rank sums %v + %v", r.RankA, r.RankB)
		case s.U != na*nb-r.U || !closeRel(s.P, r.P, 1e-12) || s.Exact != r.Exact:
			t.Fatalf("swapped: U %v P %v, want %v %v", s.U, s.P, na*nb-r.U, r.P)
		}
	})
}
