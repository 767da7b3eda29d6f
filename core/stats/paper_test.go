package stats

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The tests in this file read the paper's LaTeX source (Huang et al.), parse
// the supplement tables of PMODE and HECO-PDE and the rank tables of §5.4,
// and check this package against them.

const defaultPaperTeX = "/work/shared/spec/000_e2c0f264882864e9.txt"

// paperRuns is the number of independent runs behind every supplement column.
const paperRuns = 25

// readPaper returns the LaTeX source named by $PAPER_TEX (default
// defaultPaperTeX). It skips the test when the file is absent, unless
// REQUIRE_CEC_DATA=1, in which case it fails.
func readPaper(t *testing.T) string {
	t.Helper()
	path := os.Getenv("PAPER_TEX")
	if path == "" {
		path = defaultPaperTeX
	}
	b, err := os.ReadFile(path)
	if err != nil {
		if os.Getenv("REQUIRE_CEC_DATA") == "1" {
			t.Fatalf("paper source required (REQUIRE_CEC_DATA=1): %v", err)
		}
		t.Skipf("paper source not available (set PAPER_TEX): %v", err)
	}
	return string(b)
}

// latexTable returns the cells of the tabular that follows \label{label}:
// rows are split at `\\`, `\hline` is dropped, empty rows are skipped and
// cells are split at `&` and trimmed.
func latexTable(src, label string) ([][]string, error) {
	i := strings.Index(src, `\label{`+label+`}`)
	if i < 0 {
		return nil, fmt.Errorf("label %q not found", label)
	}
	const begin = `\begin{tabular}`
	b := strings.Index(src[i:], begin)
	if b < 0 {
		return nil, fmt.Errorf("table %q: no tabular", label)
	}
	body := src[i+b+len(begin):]
	// Skip the column specification {...}.
	if !strings.HasPrefix(body, "{") {
		return nil, fmt.Errorf("table %q: no column specification", label)
	}
	depth := 0
	for k, r := range body {
		if r == '{' {
			depth++
		} else if r == '}' {
			depth--
			if depth == 0 {
				body = body[k+1:]
				break
			}
		}
	}
	e := strings.Index(body, `\end{tabular}`)
	if e < 0 {
		return nil, fmt.Errorf("table %q: no \\end{tabular}", label)
	}
	var rows [][]string
	for _, line := range strings.Split(body[:e], `\\`) {
		line = strings.TrimSpace(strings.ReplaceAll(line, `\hline`, ""))
		if line == "" {
			continue
		}
		cells := strings.Split(line, "&")
		for k := range cells {
			cells[k] = strings.TrimSpace(cells[k])
		}
		rows = append(rows, cells)
	}
	return rows, nil
}

// supplement is one parsed supplement table (one algorithm, one dimension).
type supplement struct {
	problems []string
	sums     []Summary
}

// parseSupplement turns the rows of a supplement table into Summaries. The
// table has blocks of seven problems, each starting with a "problem" row.
func parseSupplement(rows [][]string) (supplement, error) {
	var out supplement
	block := 0 // index in out of the current block's first problem
	seen := map[string]int{}
	for _, r := range rows {
		label := r[0]
		vals := r[1:]
		if label == "problem" {
			block = len(out.problems)
			for _, p := range vals {
				out.problems = append(out.problems, p)
				out.sums = append(out.sums, Summary{Runs: paperRuns})
			}
			seen = map[string]int{}
			continue
		}
		if len(out.problems) == 0 {
			return out, fmt.Errorf("row %q before the first problem row", label)
		}
		if len(vals) != len(out.problems)-block {
			return out, fmt.Errorf("row %q has %d cells, want %d", label, len(vals), len(out.problems)-block)
		}
		seen[label]++
		for k, v := range vals {
			s := &out.sums[block+k]
			var err error
			switch label {
			case "best":
				s.Best, err = strconv.ParseFloat(v, 64)
			case "median":
				s.Median, err = strconv.ParseFloat(v, 64)
			case "Mean":
				s.Mean, err = strconv.ParseFloat(v, 64)
			case "Worst":
				s.Worst, err = strconv.ParseFloat(v, 64)
			case "std":
				s.Std, err = strconv.ParseFloat(v, 64)
			case `$\overline{v}$`:
				s.MedianV, err = strconv.ParseFloat(v, 64)
			case `$\overline{vio}$`:
				s.Vio, err = strconv.ParseFloat(v, 64)
			case "SR":
				s.SR, err = strconv.ParseFloat(v, 64)
				feas := s.SR * paperRuns / 100
				if err == nil && feas != math.Round(feas) {
					err = fmt.Errorf("SR %v is not a multiple of 100/%d", s.SR, paperRuns)
				}
				s.FeasibleRuns = int(feas)
			case "c":
				f := strings.Fields(v)
				if len(f) != 3 {
					err = fmt.Errorf("c = %q: want three counts", v)
					break
				}
				for j := range f {
					s.MedianCounts[j], err = strconv.Atoi(f[j])
					if err != nil {
						break
					}
				}
			default:
				err = fmt.Errorf("unknown row")
			}
			if err != nil {
				return out, fmt.Errorf("row %q, problem %s: %v", label, out.problems[block+k], err)
			}
		}
	}
	if len(seen) != 9 {
		return out, fmt.Errorf("last block has %d distinct rows, want 9", len(seen))
	}
	return out, nil
}

// parseRanks parses a per-dimension rank table: the header row lists the
// problem numbers and "Total", every other row is an algorithm's ranks and
// its total. Algorithm names are unescaped (`\_` → `_`).
func parseRanks(rows [][]string) (problems []string, ranks map[string][]int, totals map[string]int, err error) {
	if len(rows) < 2 {
		return nil, nil, nil, fmt.Errorf("%d rows", len(rows))
	}
	head := rows[0]
	if head[len(head)-1] != "Total" {
		return nil, nil, nil, fmt.Errorf("header %q does not end in Total", head)
	}
	for _, h := range head[1 : len(head)-1] {
		n, err := strconv.Atoi(h)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("header cell %q: %v", h, err)
		}
		problems = append(problems, fmt.Sprintf("C%02d", n))
	}
	ranks = map[string][]int{}
	totals = map[string]int{}
	for _, r := range rows[1:] {
		if len(r) != len(head) {
			return nil, nil, nil, fmt.Errorf("row %q has %d cells, want %d", r[0], len(r), len(head))
		}
		name := strings.ReplaceAll(r[0], `\_`, "_")
		var rk []int
		for _, c := range r[1:] {
			n, err := strconv.Atoi(c)
			if err != nil {
				return nil, nil, nil, fmt.Errorf("row %q: %v", name, err)
			}
			rk = append(rk, n)
		}
		ranks[name] = rk[:len(rk)-1]
		totals[name] = rk[len(rk)-1]
	}
	return problems, ranks, totals, nil
}

func loadSupplement(t *testing.T, src, label string) supplement {
	t.Helper()
	rows, err := latexTable(src, label)
	if err != nil {
		t.Fatal(err)
	}
	s, err := parseSupplement(rows)
	if err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	if len(s.problems) != 28 {
		t.Fatalf("%s: %d problems, want 28", label, len(s.problems))
	}
	for k, p := range s.problems {
		if want := fmt.Sprintf("C%02d", k+1); p != want {
			t.Fatalf("%s: problem %d is %q, want %q", label, k, p, want)
		}
	}
	return s
}

var paperDims = []string{"10D", "30D", "50D", "100D"}

// TestPaperSupplementConsistent checks that every supplement column of the
// paper (both algorithms, all four dimensions) is consistent with the
// conventions of Summarize: best, median and worst taken in the CEC order,
// so that the median (run 13 of 25) is feasible exactly when at least 13
// runs are feasible, v̄ and c vanish at a feasible median, Best ≤ Median ≤
// Worst and Best ≤ Mean ≤ Worst when every run is feasible, and
// vio = 0 ⇔ SR = 100 %.
func TestPaperSupplementConsistent(t *testing.T) {
	src := readPaper(t)
	checked := 0
	for _, alg := range []string{"", "HECO-"} {
		for _, d := range paperDims {
			label := "table:" + alg + "fvalues" + d
			sup := loadSupplement(t, src, label)
			for k, s := range sup.sums {
				where := fmt.Sprintf("%s %s", label, sup.problems[k])
				medFeasible := s.FeasibleRuns >= (paperRuns+1)/2
				if s.MedianFeasible() != medFeasible {
					t.Errorf("%s: SR %v%% (%d feasible runs) but v̄ = %v", where, s.SR, s.FeasibleRuns, s.MedianV)
				}
				if s.MedianFeasible() && s.MedianCounts != [3]int{} {
					t.Errorf("%s: feasible median with c = %v", where, s.MedianCounts)
				}
				if (s.Vio == 0) != (s.FeasibleRuns == paperRuns) {
					t.Errorf("%s: SR %v%% but vio = %v", where, s.SR, s.Vio)
				}
				if s.FeasibleRuns == paperRuns && !(s.Best <= s.Median && s.Median <= s.Worst && s.Best <= s.Mean && s.Mean <= s.Worst) {
					t.Errorf("%s: all runs feasible but best %v, median %v, mean %v, worst %v are out of order",
						where, s.Best, s.Median, s.Mean, s.Worst)
				}
				checked++
			}
		}
	}
	t.Logf("%d supplement columns consistent with the CEC-order conventions", checked)
}

// TestPaperRanking10D ranks PMODE against HECO-PDE on the 28 problems of 10D
// from the paper's supplement tables and compares the relative order with
// the paper's rank tables (12 algorithms). Where the paper ranks the two
// algorithms differently, our order must agree; it does on every such
// problem (21 of 21 by mean values, 18 of 18 by median solutions), so no
// problem is exempted as a contradiction of the paper's own numbers.
//
// Where the paper ties them, the order is only reported: the paper's ties
// come from a precision or zero threshold that it does not state. It ties
// PMODE and HECO-PDE on C01, C02, C05, C13 and C22 (means or medians of
// about 1e-19 against 0 or 1e-27), which suggests that values below some
// threshold count as 0, and it ties the medians of C10 (−5.09645e-04 against
// −5.09647e-04) while ordering their means (−5.09645e-04 against
// −5.09647e-04, ranks 10 and 2), so no single precision explains both
// tables. RankMean and RankMedian compare exactly and order those problems.
func TestPaperRanking10D(t *testing.T) {
	src := readPaper(t)
	pm := loadSupplement(t, src, "table:fvalues10D")
	hp := loadSupplement(t, src, "table:HECO-fvalues10D")

	byProblem := map[string][]Entry{}
	for k, p := range pm.problems {
		byProblem[p] = []Entry{{"PMODE", pm.sums[k]}, {"HECO-PDE", hp.sums[k]}}
	}
	table, err := Rank(pm.problems, byProblem)
	if err != nil {
		t.Fatal(err)
	}

	for _, kind := range []string{"mean", "median"} {
		rows, err := latexTable(src, "table:compare_"+kind+"_10D")
		if err != nil {
			t.Fatal(err)
		}
		probs, ranks, totals, err := parseRanks(rows)
		if err != nil {
			t.Fatalf("%s ranks: %v", kind, err)
		}
		if len(probs) != 28 || len(ranks) != 12 {
			t.Fatalf("%s ranks: %d problems, %d algorithms; want 28, 12", kind, len(probs), len(ranks))
		}
		for name, rk := range ranks {
			sum := 0
			for _, r := range rk {
				sum += r
			}
			if sum != totals[name] {
				t.Logf("%s ranks: the paper's total for %s is %d, its ranks sum to %d", kind, name, totals[name], sum)
			}
		}
		paperP, paperH := ranks["PMODE"], ranks["HECO-PDE"]
		if paperP == nil || paperH == nil {
			t.Fatalf("%s ranks: PMODE or HECO-PDE row missing", kind)
		}
		ours := table.Mean
		if kind == "median" {
			ours = table.Median
		}
		var agree, strict, tiesBoth, tiesPaperOnly int
		var tiedNames []string
		for k, p := range probs {
			if p != table.Problems[k] {
				t.Fatalf("%s ranks: problem %d is %s, want %s", kind, k, p, table.Problems[k])
			}
			want := sign(paperP[k] - paperH[k])
			got := sign(ours[k][0] - ours[k][1])
			if want == 0 {
				if got == 0 {
					tiesBoth++
				} else {
					tiesPaperOnly++
					tiedNames = append(tiedNames, p)
				}
				continue
			}
			strict++
			if got == want {
				agree++
			} else {
				t.Errorf("%s %s: paper ranks PMODE %d, HECO-PDE %d; ours %d, %d (PMODE %+v, HECO-PDE %+v)",
					kind, p, paperP[k], paperH[k], ours[k][0], ours[k][1], pm.sums[k], hp.sums[k])
			}
		}
		if strict < 10 {
			t.Errorf("%s ranks: only %d problems with a strict order; the table was misread", kind, strict)
		}
		t.Logf("%s ranks, 10D: %d of %d problems with a strict order in the paper agree; "+
			"paper ties: %d also tied by us, %d ordered by us (%s)",
			kind, agree, strict, tiesBoth, tiesPaperOnly, strings.Join(tiedNames, " "))
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

// TestLatexTable checks the parser on a small table with \hline rows, a
// column specification with nested braces and a trailing \hline.
func TestLatexTable(t *testing.T) {
	src := `\label{x}
\begin{tabular}{|l{c}c|}
\hline
problem & C01 & C02 \\ \hline
best & 1.0e+00 & -2.5e-03 \\
c & 0 1 0 & 2 0 0 \\ \hline
\end{tabular}`
	rows, err := latexTable(src, "x")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"problem", "C01", "C02"}, {"best", "1.0e+00", "-2.5e-03"}, {"c", "0 1 0", "2 0 0"}}
	if fmt.Sprint(rows) != fmt.Sprint(want) || len(rows) != len(want) {
		t.Fatalf("rows = %q, want %q", rows, want)
	}
	if _, err := latexTable(src, "y"); err == nil {
		t.Error("missing label: no error")
	}
}
