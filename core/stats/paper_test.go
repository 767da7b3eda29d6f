package stats_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pcaplay/core/stats"
	"pcaplay/internal/paper"
)

// The tests in this file check this package against the paper's published
// numbers (the supplement tables of PMODE and HECO-PDE and the rank tables;
// committed in internal/paper/data, see its README.md for the provenance).

func published(t *testing.T) *paper.Paper {
	t.Helper()
	p, err := paper.Published()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Complete(); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPaperSupplementConsistent checks that every supplement column of the
// paper (both algorithms, all four dimensions) is consistent with the
// conventions of Summarize: best, median and worst taken in the CEC order,
// so that the median (run 13 of 25) is feasible exactly when at least 13
// runs are feasible, v̄ and c vanish at a feasible median, Best ≤ Median ≤
// Worst and Best ≤ Mean ≤ Worst when every run is feasible, and
// vio = 0 ⇔ SR = 100 %.
func TestPaperSupplementConsistent(t *testing.T) {
	p := published(t)
	checked := 0
	for _, sup := range p.Supplements {
		for k, s := range sup.Sums {
			where := fmt.Sprintf("%s %dD %s", sup.Algorithm, sup.Dim, sup.Problems[k])
			medFeasible := s.FeasibleRuns >= (paper.Runs+1)/2
			if s.MedianFeasible() != medFeasible {
				t.Errorf("%s: SR %v%% (%d feasible runs) but v̄ = %v", where, s.SR, s.FeasibleRuns, s.MedianV)
			}
			if s.MedianFeasible() && s.MedianCounts != [3]int{} {
				t.Errorf("%s: feasible median with c = %v", where, s.MedianCounts)
			}
			if (s.Vio == 0) != (s.FeasibleRuns == paper.Runs) {
				t.Errorf("%s: SR %v%% but vio = %v", where, s.SR, s.Vio)
			}
			if s.FeasibleRuns == paper.Runs && !(s.Best <= s.Median && s.Median <= s.Worst && s.Best <= s.Mean && s.Mean <= s.Worst) {
				t.Errorf("%s: all runs feasible but best %v, median %v, mean %v, worst %v are out of order",
					where, s.Best, s.Median, s.Mean, s.Worst)
			}
			checked++
		}
	}
	if checked != 8*28 {
		t.Errorf("%d supplement columns, want %d", checked, 8*28)
	}
}

// TestPaperRanking ranks PMODE against HECO-PDE on the 28 problems of each
// dimension from the paper's supplement tables and compares the relative
// order with the paper's rank tables (12 algorithms). Where the paper ranks
// the two algorithms differently, our order must agree; it does on every
// such problem at every dimension, so no problem is exempted as a
// contradiction of the paper's own numbers.
//
// Where the paper ties them, the order is only reported: the paper's ties
// come from a precision or zero threshold that it does not state. At 10D
// it ties PMODE and HECO-PDE on C01, C02, C05, C13 and C22 (means or
// medians of about 1e-19 against 0 or 1e-27), which suggests that values
// below some threshold count as 0, and it ties the medians of C10
// (−5.09645e-04 against −5.09647e-04) while ordering their means
// (−5.09645e-04 against −5.09647e-04, ranks 10 and 2), so no single
// precision explains both tables. RankMean and RankMedian compare exactly
// and order those problems.
func TestPaperRanking(t *testing.T) {
	p := published(t)
	for _, dim := range paper.Dims {
		pm, _ := p.Supplement("PMODE", dim)
		hp, _ := p.Supplement("HECO-PDE", dim)
		byProblem := map[string][]stats.Entry{}
		for k, prob := range pm.Problems {
			h, ok := hp.Column(prob)
			if !ok {
				t.Fatalf("%dD: HECO-PDE lacks %s", dim, prob)
			}
			byProblem[prob] = []stats.Entry{{Algorithm: "PMODE", Summary: pm.Sums[k]}, {Algorithm: "HECO-PDE", Summary: h}}
		}
		table, err := stats.Rank(pm.Problems, byProblem)
		if err != nil {
			t.Fatal(err)
		}
		for _, basis := range []string{paper.ByMean, paper.ByMedian} {
			rt, _ := p.RankTable(basis, dim)
			ours := table.Mean
			if basis == paper.ByMedian {
				ours = table.Median
			}
			var agree, strict, tiesBoth int
			var tiedByPaperOnly []string
			for k, prob := range rt.Problems {
				if prob != table.Problems[k] {
					t.Fatalf("%s %dD: problem %d is %s, want %s", basis, dim, k, prob, table.Problems[k])
				}
				rp, _ := rt.Rank("PMODE", prob)
				rh, _ := rt.Rank("HECO-PDE", prob)
				want := sign(rp - rh)
				got := sign(ours[k][0] - ours[k][1])
				if want == 0 {
					if got == 0 {
						tiesBoth++
					} else {
						tiedByPaperOnly = append(tiedByPaperOnly, prob)
					}
					continue
				}
				strict++
				if got == want {
					agree++
				} else {
					t.Errorf("%s %dD %s: paper ranks PMODE %d, HECO-PDE %d; ours %d, %d (PMODE %+v, HECO-PDE %+v)",
						basis, dim, prob, rp, rh, ours[k][0], ours[k][1], pm.Sums[k], byProblem[prob][1].Summary)
				}
			}
			if strict < 10 {
				t.Errorf("%s ranks %dD: only %d problems with a strict order; the table was misread", basis, dim, strict)
			}
			t.Logf("%s ranks, %dD: %d of %d problems with a strict order in the paper agree; "+
				"paper ties: %d also tied by us, %d ordered by us (%s)",
				basis, dim, agree, strict, tiesBoth, len(tiedByPaperOnly), strings.Join(tiedByPaperOnly, " "))
		}
	}
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// TestWritePaperRoundTrip writes the paper's supplement tables with
// WriteCSV and checks that every cell comes back as the paper prints it
// (the committed data keeps the printed text).
func TestWritePaperRoundTrip(t *testing.T) {
	p := published(t)
	raw, err := paper.Embedded(paper.SupplementFile)
	if err != nil {
		t.Fatal(err)
	}
	printed, err := csv.NewReader(bytes.NewReader(raw)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// printed row → WriteCSV row and the cell(s) of that row.
	rows := []struct{ ours, col string }{{"best", "best"}, {"median", "median"}, {"c", "c"}, {"vbar", "v"}, {"mean", "mean"},
		{"worst", "worst"}, {"std", "std"}, {"SR", "sr"}, {"vio", "vio"}}
	col := func(name string) int { return slices.Index(printed[0], name) }
	cells := 0
	for _, sup := range p.Supplements {
		var b bytes.Buffer
		if err := stats.WriteCSV(&b, sup.Problems, sup.Sums); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(&b).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]map[string]string{} // row → problem → cell
		for _, r := range recs[1:] {
			got[r[0]] = map[string]string{}
			for k, prob := range recs[0][1:] {
				got[r[0]][prob] = r[k+1]
			}
		}
		for _, pr := range printed[1:] {
			if pr[0] != sup.Algorithm || pr[1] != strconv.Itoa(sup.Dim) {
				continue
			}
			for _, r := range rows {
				want := ""
				if r.col == "c" {
					want = pr[col("c1")] + " " + pr[col("c2")] + " " + pr[col("c3")]
				} else {
					want = pr[col(r.col)]
				}
				if g := got[r.ours][pr[2]]; g != want {
					t.Errorf("%s %dD %s %s: wrote %q, the paper prints %q", sup.Algorithm, sup.Dim, r.ours, pr[2], g, want)
				}
				cells++
			}
		}
	}
	if cells != 8*9*28 {
		t.Errorf("compared %d cells, want %d", cells, 8*9*28)
	}
}

// TestWriteLaTeXPaperRoundTrip writes every supplement table of the paper
// with WriteLaTeX, wraps each in a table with the paper's caption, and
// reads them back with the paper's own LaTeX parser: every value comes
// back as published.
func TestWriteLaTeXPaperRoundTrip(t *testing.T) {
	p := published(t)
	var doc bytes.Buffer
	for _, sup := range p.Supplements {
		fmt.Fprintf(&doc, "\\begin{table}[ht]\n\\caption{Function Values of %s Achieved for %dD ($MaxFES = 20000 \\times D$)}\n\\begin{scriptsize}\n", sup.Algorithm, sup.Dim)
		if err := stats.WriteLaTeX(&doc, sup.Problems, sup.Sums); err != nil {
			t.Fatal(err)
		}
		doc.WriteString("\\end{scriptsize}\n\\end{table}\n\n")
	}
	back, err := paper.ParseLaTeX(&doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Supplements) != len(p.Supplements) || len(p.Supplements) != 8 {
		t.Fatalf("read back %d supplement tables of %d (want 8)", len(back.Supplements), len(p.Supplements))
	}
	for i, sup := range p.Supplements {
		got := back.Supplements[i]
		if got.Algorithm != sup.Algorithm || got.Dim != sup.Dim || !slices.Equal(got.Problems, sup.Problems) {
			t.Fatalf("table %d: read back %s %dD %v, wrote %s %dD %v", i, got.Algorithm, got.Dim, got.Problems, sup.Algorithm, sup.Dim, sup.Problems)
		}
		for k := range sup.Sums {
			if got.Sums[k] != sup.Sums[k] {
				t.Errorf("%s %dD %s: read back %+v\nwrote %+v", sup.Algorithm, sup.Dim, sup.Problems[k], got.Sums[k], sup.Sums[k])
			}
		}
	}
}
