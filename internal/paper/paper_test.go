package paper

import (
	"bytes"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"pcaplay/core/stats"
)

func mustPublished(t *testing.T) *Paper {
	t.Helper()
	p, err := Published()
	if err != nil {
		t.Fatalf("the embedded data does not read: %v", err)
	}
	return p
}

// TestPublishedComplete checks the counts: eight supplement tables of 28
// problems, eight rank tables of twelve algorithms over 28 problems, the
// total-ranks table of the same twelve algorithms over four dimensions.
func TestPublishedComplete(t *testing.T) {
	p := mustPublished(t)
	if err := p.Complete(); err != nil {
		t.Fatal(err)
	}
	if len(p.Supplements) != 8 || len(p.Ranks) != 8 {
		t.Fatalf("%d supplement and %d rank tables, want 8 and 8", len(p.Supplements), len(p.Ranks))
	}
	want := []string{"CAL_LSAHDE(2017)", "LSHADE44+IDE(2017)", "LSAHDE44(2017)", "UDE(2017)", "MA_ES(2018)", "IUDE(2018)",
		"LSAHDE_IEpsilon(2018)", "DeCODE", "CMODE", "PMODE", "HECO-DE", "HECO-PDE"}
	for _, r := range p.Ranks {
		if !slices.Equal(r.Algorithms, want) || len(r.Ranks) != 12 {
			t.Errorf("%s %dD: algorithms %v", r.Basis, r.Dim, r.Algorithms)
		}
		for a := range r.Ranks {
			if len(r.Ranks[a]) != 28 {
				t.Errorf("%s %dD %s: %d ranks", r.Basis, r.Dim, r.Algorithms[a], len(r.Ranks[a]))
			}
		}
	}
	if !slices.Equal(p.Totals.Algorithms, want) {
		t.Errorf("total ranks: algorithms %v", p.Totals.Algorithms)
	}
	for _, s := range p.Supplements {
		if len(s.Sums) != 28 || s.Sums[0].Runs != Runs {
			t.Errorf("supplement %s %dD: %d columns, runs %d", s.Algorithm, s.Dim, len(s.Sums), s.Sums[0].Runs)
		}
	}
}

// TestPublishedTotals checks the paper against itself: every printed total
// is the sum of its row, and the total-ranks table is mean-based plus
// median-based totals per dimension, summed over the dimensions.
func TestPublishedTotals(t *testing.T) {
	p := mustPublished(t)
	for _, r := range p.Ranks {
		for a, name := range r.Algorithms {
			sum := 0
			for _, x := range r.Ranks[a] {
				sum += x
			}
			if sum != r.Totals[a] {
				t.Errorf("%s-based ranks %dD, %s: printed total %d, ranks sum to %d", r.Basis, r.Dim, name, r.Totals[a], sum)
			}
		}
	}
	tot := p.Totals
	for a, name := range tot.Algorithms {
		sum := 0
		for d, dim := range tot.Dims {
			mean, _ := p.RankTable(ByMean, dim)
			med, _ := p.RankTable(ByMedian, dim)
			m, _ := mean.Total(name)
			n, _ := med.Total(name)
			if tot.Ranks[a][d] != m+n {
				t.Errorf("total ranks %s %dD: %d, but mean %d + median %d = %d", name, dim, tot.Ranks[a][d], m, n, m+n)
			}
			sum += tot.Ranks[a][d]
		}
		if sum != tot.Totals[a] {
			t.Errorf("total ranks %s: printed %d, sum %d", name, tot.Totals[a], sum)
		}
	}
}

// TestPublishedSpotValues compares cells of every kind of table with the
// printed tables.
func TestPublishedSpotValues(t *testing.T) {
	p := mustPublished(t)
	cases := []struct {
		algo string
		dim  int
		prob string
		want stats.Summary
	}{
		// Table 11 (PMODE, 10D), C03 and C10.
		{"PMODE", 10, "C03", stats.Summary{Best: 9.41726e+03, Median: 1.71079e+04, MedianCounts: [3]int{0, 1, 0}, MedianV: 1.16861e-02,
			Mean: 5.94558e+04, Worst: 4.46449e+04, Std: 8.34239e+04, SR: 4, Vio: 1.65910e-02, Runs: 25, FeasibleRuns: 1}},
		{"pmode", 10, "C10", stats.Summary{Best: -5.09646e-04, Median: -5.09645e-04, Mean: -5.09645e-04, Worst: -5.09637e-04,
			Std: 2.05524e-09, SR: 100, Runs: 25, FeasibleRuns: 25}},
		// Table 14 (PMODE, 100D), C28: the last cell of a table.
		{"PMODE", 100, "C28", stats.Summary{Best: 3.98592e+02, Median: 5.50789e+02, MedianCounts: [3]int{1, 0, 0}, MedianV: 7.34298e+04,
			Mean: 4.94682e+02, Worst: 6.46487e+02, Std: 5.21990e+01, SR: 0, Vio: 7.34291e+04, Runs: 25}},
		// Table 16 (HECO-PDE, 30D), C07.
		{"HECO-PDE", 30, "C07", stats.Summary{Best: -2.45791e+03, Median: -2.68829e+03, MedianCounts: [3]int{0, 0, 2}, MedianV: 7.93332e-04,
			Mean: -1.94723e+03, Worst: -2.51299e+03, Std: 9.19644e+02, SR: 0, Vio: 1.05592e-03, Runs: 25}},
	}
	for _, c := range cases {
		s, ok := p.Supplement(c.algo, c.dim)
		if !ok {
			t.Fatalf("no supplement table %s %dD", c.algo, c.dim)
		}
		got, ok := s.Column(c.prob)
		if !ok || got != c.want {
			t.Errorf("%s %dD %s:\n got %+v\nwant %+v", c.algo, c.dim, c.prob, got, c.want)
		}
	}
	ranks := []struct {
		basis, algo, prob string
		dim, rank, total  int
	}{
		{ByMean, "HECO-PDE", "C07", 10, 9, 68},             // Table 3
		{ByMedian, "CAL_LSAHDE(2017)", "C09", 10, 12, 183}, // Table 4
		{ByMean, "PMODE", "C28", 100, 12, 305},             // Table 9
		{ByMedian, "hEcO-dE", "C21", 100, 10, 96},          // Table 10
	}
	for _, c := range ranks {
		tb, ok := p.RankTable(c.basis, c.dim)
		if !ok {
			t.Fatalf("no %s rank table %dD", c.basis, c.dim)
		}
		r, ok1 := tb.Rank(c.algo, c.prob)
		tot, ok2 := tb.Total(c.algo)
		if !ok1 || !ok2 || r != c.rank || tot != c.total {
			t.Errorf("%s %dD %s %s: rank %d total %d, want %d %d", c.basis, c.dim, c.algo, c.prob, r, tot, c.rank, c.total)
		}
	}
	// Table 2: HECO-PDE 155, 138, 152, 177, total 622.
	i := slices.Index(p.Totals.Algorithms, "HECO-PDE")
	if i < 0 || !slices.Equal(p.Totals.Ranks[i], []int{155, 138, 152, 177}) || p.Totals.Totals[i] != 622 {
		t.Errorf("total ranks of HECO-PDE: %v", p.Totals)
	}
}

// TestAmong derives the ranks among a subset of the algorithms from the
// printed ranks among twelve.
func TestAmong(t *testing.T) {
	p := mustPublished(t)
	tb, _ := p.RankTable(ByMean, 10)
	// Problem 10 by mean values at 10D: DeCODE 1, seven algorithms (HECO-DE
	// and HECO-PDE among them) 2, CMODE and PMODE 10, CAL_LSAHDE 12. Among
	// CMODE, PMODE, HECO-DE and HECO-PDE: 3, 3, 1, 1.
	r, tot, err := tb.Among([]string{"cmode", "pmode", "heco-de", "heco-pde"})
	if err != nil {
		t.Fatal(err)
	}
	if got := []int{r[0][9], r[1][9], r[2][9], r[3][9]}; !slices.Equal(got, []int{3, 3, 1, 1}) {
		t.Errorf("C10 ranks among four: %v, want [3 3 1 1]", got)
	}
	for k := range r {
		sum := 0
		for _, x := range r[k] {
			if x < 1 || x > 4 {
				t.Errorf("rank %d outside 1..4", x)
			}
			sum += x
		}
		if sum != tot[k] {
			t.Errorf("total %d, sum %d", tot[k], sum)
		}
	}
	if _, _, err := tb.Among([]string{"pmode", "nope"}); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("unknown algorithm: %v", err)
	}
}

// TestRoundTrip: the embedded files are exactly what MarshalFiles writes
// for the numbers they hold (the extraction tool's output, untouched).
func TestRoundTrip(t *testing.T) {
	p := mustPublished(t)
	files, err := p.MarshalFiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{SupplementFile, RanksFile, TotalsFile} {
		emb, err := Embedded(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(files[name], emb) {
			t.Errorf("%s: the embedded file is not MarshalFiles' output for its numbers", name)
		}
	}
}

// TestReadErrors: a damaged file is refused with a message naming the file,
// the line and the value.
func TestReadErrors(t *testing.T) {
	emb := map[string][]byte{}
	for _, n := range []string{SupplementFile, RanksFile, TotalsFile} {
		emb[n], _ = Embedded(n)
	}
	damage := func(name, old, new string) fstest.MapFS {
		m := fstest.MapFS{}
		for n, b := range emb {
			if n == name {
				b = bytes.Replace(b, []byte(old), []byte(new), 1)
			}
			m[n] = &fstest.MapFile{Data: b}
		}
		return m
	}
	for _, c := range []struct {
		fsys  fs.FS
		frags []string
	}{
		{damage(SupplementFile, "2.14611e-24", "2.1x611e-24"), []string{SupplementFile, "line 2", "best", "2.1x611e-24"}},
		{damage(SupplementFile, ",100,0.00000e+00\n", ",97,0.00000e+00\n"), []string{"SR 97"}},
		{damage(SupplementFile, "PMODE,10,C02", "PMODE,10,C01"), []string{"C01", "repeated"}},
		{damage(SupplementFile, "PMODE,10,C01", "PM<b>,10,C01"), []string{"PM<b>"}},
		{damage(RanksFile, "mean,10,CAL_LSAHDE(2017),1,", "mean,10,CAL_LSAHDE(2017),0,"), []string{"rank 0"}},
		{damage(RanksFile, "mean,10,CAL_LSAHDE(2017),1,1,", "mean,10,CAL_LSAHDE(2017),1,"), []string{RanksFile, "wrong number of fields"}},
		{damage(TotalsFile, "100D", "100"), []string{TotalsFile, `"100"`}},
		{fstest.MapFS{}, []string{SupplementFile}},
	} {
		_, err := Read(c.fsys)
		if err == nil {
			t.Errorf("no error, want one naming %q", c.frags)
			continue
		}
		for _, f := range c.frags {
			if !strings.Contains(err.Error(), f) {
				t.Errorf("error %q lacks %q", err, f)
			}
		}
	}
	if _, err := Read(fstest.MapFS{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing files: %v", err)
	}
}
