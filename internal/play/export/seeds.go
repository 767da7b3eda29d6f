package export

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
	"strings"

	"pcaplay/core/stats"
)

// Seeds is what compare mode's seeds=N adds to the scoreboard's files:
// each configuration (a board's row) on N seeds, First to Last, counted
// per target (FirstCount: the seeds on which it reached the target first,
// ties counting for each; Reached: those on which it reached it at all),
// and the rank-sum test of the configurations' final results (Test, its
// pairs as cec wilcoxon prints them).
type Seeds struct {
	N                   int
	First, Last         string
	FirstCount, Reached [][]int
	Test                string
	Pairs               []SeedsPair
}

// SeedsPair is the test of configuration A against B (their names): the
// two-sided p-value, Holm-adjusted over the pairs, and A's mark.
type SeedsPair struct {
	A, B     string
	P, PHolm float64
	Mark     string
}

// targetNames are the board's targets as the CSV's columns name them:
// feasible, within_1e-2, …
func targetNames(b Board) []string {
	cols := ScoreboardColumns(b.Eps)
	return cols[2 : len(cols)-2]
}

// ScoreboardSeedsCSV returns the board as ScoreboardCSV does, each row
// followed by its configuration's counts over the seeds (seeds, then
// first_T and reached_T for each target T) and its test against the first
// configuration (p_vs_A, p_holm_vs_A, mark_vs_A; empty in A's own row).
func ScoreboardSeedsCSV(b Board, s Seeds) []byte {
	recs, err := csv.NewReader(bytes.NewReader(ScoreboardCSV(b))).ReadAll()
	if err != nil || len(recs) != len(b.FES)+1 {
		return ScoreboardCSV(b)
	}
	names := targetNames(b)
	head := append(recs[0], "seeds")
	for _, kind := range []string{"first_", "reached_"} {
		for _, t := range names {
			head = append(head, kind+t)
		}
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write(append(head, "p_vs_A", "p_holm_vs_A", "mark_vs_A"))
	for i, rec := range recs[1:] {
		rec = append(rec, strconv.Itoa(s.N))
		for _, counts := range [][][]int{s.FirstCount, s.Reached} {
			for j := range names {
				rec = append(rec, countAt(counts, i, j))
			}
		}
		p, ph, mark := "", "", ""
		if pr, ok := s.pairVsFirst(b.Names, i); ok {
			p, ph, mark = Exact(pr.P), Exact(pr.PHolm), pr.Mark
		}
		w.Write(append(rec, p, ph, mark))
	}
	w.Flush()
	return buf.Bytes()
}

func countAt(c [][]int, i, j int) string {
	if i < len(c) && j < len(c[i]) {
		return strconv.Itoa(c[i][j])
	}
	return ""
}

// pairVsFirst is the test of row i's configuration against the first's
// (row 0 has none).
func (s Seeds) pairVsFirst(names []string, i int) (SeedsPair, bool) {
	if i == 0 || i >= len(names) {
		return SeedsPair{}, false
	}
	for _, pr := range s.Pairs {
		if pr.A == names[0] && pr.B == names[i] {
			return pr, true
		}
	}
	return SeedsPair{}, false
}

// SeedsLaTeX returns what seeds add to ScoreboardLaTeX's file: a comment
// line, the win counts "first / at all" as a tabular, and the test's
// pairs as comment lines.
func SeedsLaTeX(b Board, s Seeds) string {
	var out strings.Builder
	fmt.Fprintf(&out, "%% Win counts over %d seeds (%s to %s): the seeds on which each configuration reached a target first (ties count for each) / at all\n", s.N, s.First, s.Last)
	targets := 1 + len(b.Eps)
	fmt.Fprintf(&out, "\\begin{tabular}{|l|%s|}\n\\hline\n", strings.Repeat("r|", targets)[:2*targets-1])
	out.WriteString("configuration & feasible")
	for _, e := range b.Eps {
		fmt.Fprintf(&out, " & $f - f_{best} \\le %s$", latexNumber(e))
	}
	out.WriteString(" \\\\ \\hline\n")
	for i, name := range b.Names {
		out.WriteString(stats.EscapeLaTeX(name))
		for j := 0; j < targets; j++ {
			out.WriteString(" & " + countAt(s.FirstCount, i, j) + " / " + countAt(s.Reached, i, j))
		}
		out.WriteString(" \\\\\n")
	}
	out.WriteString("\\hline\n\\end{tabular}\n")
	for _, pr := range s.Pairs {
		ph := ""
		if !math.IsNaN(pr.PHolm) && pr.PHolm != pr.P {
			ph = ", Holm " + Exact(pr.PHolm)
		}
		fmt.Fprintf(&out, "%% %s: %s vs %s: p = %s%s, %s\n", s.Test, pr.A, pr.B, Exact(pr.P), ph, pr.Mark)
	}
	return out.String()
}
