package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
)

// cmdWilcoxon prints the pairwise Wilcoxon rank-sum tests of the
// algorithms of the run files, per dimension and problem, with Holm's
// correction and the +/−/≈ marks (stats.Compare).
func cmdWilcoxon(args []string, stdout io.Writer) error {
	fs := newFlags("wilcoxon", "wilcoxon runs.jsonl … [-algo a,b,…] [-dim D] [-alpha 0.05] [-format md|csv]", stdout)
	algos := fs.String("algo", "", "only these algorithms (comma list; at least two)")
	dim := fs.Int("dim", 0, "only this dimension (0 = all)")
	problems := fs.String("problem", "", "only these problems (comma list)")
	alpha := fs.Float64("alpha", stats.DefaultAlpha, "significance level of the marks, after Holm's correction")
	format := fs.String("format", "md", "md (Markdown: marks and Holm-adjusted p) or csv (every number of every test)")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *format != "md" && *format != "csv" {
		return badInput("-format %q: want md or csv", *format)
	}
	if !(*alpha > 0 && *alpha < 1) {
		return badInput("-alpha %v: want a level in (0, 1)", *alpha)
	}
	recs, err := loadSelected(files, *algos, *dim, *problems)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	if *format == "csv" {
		cw.Write([]string{"dim", "problem", "a", "b", "n_a", "n_b", "rank_sum_a", "rank_sum_b", "u", "p", "method", "p_holm", "mark"})
	}
	for i, d := range experiment.Dims(recs) {
		c, err := experiment.CompareTable(recs, d, *alpha)
		if err != nil {
			return badInput("D=%d: %v", d, err)
		}
		if *format == "csv" {
			writeWilcoxonCSV(cw, c, d)
			continue
		}
		if i > 0 {
			b.WriteString("\n")
		}
		writeWilcoxonMarkdown(&b, c, d, len(experiment.Select(recs, c.Configs[0], c.Problems[0], d)))
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return failure("%v", err)
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		return failure("stdout: %v", err)
	}
	return nil
}

// pFmt prints a p-value with three significant digits.
func pFmt(p float64) string { return strconv.FormatFloat(p, 'g', 3, 64) }

// writeWilcoxonMarkdown writes one table per dimension: a row per problem,
// a column per pair "A vs B" holding A's mark and the Holm-adjusted p, and
// a last row with the w/t/l totals.
func writeWilcoxonMarkdown(w io.Writer, c *stats.Comparison, dim, runs int) {
	pairs := len(c.Totals)
	fmt.Fprintf(w, "### Wilcoxon rank-sum tests, D = %d\n\n", dim)
	fmt.Fprintf(w, "Two-sided tests of the final results of %d runs per algorithm, ordered by the feasibility rule "+
		"(feasible first by f, then infeasible by v̄, then f); Holm's correction over the %d pair(s) of each problem. "+
		"A cell is the mark of the first algorithm against the second at α = %g after the correction "+
		"(+ better, − worse, ≈ no significant difference) and the Holm-adjusted p-value.\n\n", runs, pairs, c.Alpha)
	fmt.Fprint(w, "| problem |")
	for _, t := range c.Totals {
		fmt.Fprintf(w, " %s vs %s |", displayName(t.A), displayName(t.B))
	}
	fmt.Fprint(w, "\n|---|")
	for range c.Totals {
		fmt.Fprint(w, ":-:|")
	}
	fmt.Fprintln(w)
	for i, p := range c.Problems {
		fmt.Fprintf(w, "| %s |", p)
		for _, pr := range c.Pairs[i] {
			fmt.Fprintf(w, " %s %s |", pr.Mark, pFmt(pr.PHolm))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, "| w/t/l |")
	for _, t := range c.Totals {
		fmt.Fprintf(w, " %d/%d/%d |", t.Wins, t.Ties, t.Losses)
	}
	fmt.Fprintln(w)
}

// writeWilcoxonCSV writes one row per test with every number: sizes, rank
// sums, U (of a), the raw and the Holm-adjusted p-value (%.17g), the
// method and the mark in ASCII (+, -, =).
func writeWilcoxonCSV(cw *csv.Writer, c *stats.Comparison, dim int) {
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 17, 64) }
	for i, p := range c.Problems {
		for _, pr := range c.Pairs[i] {
			method := "asymptotic"
			if pr.Exact {
				method = "exact"
			}
			cw.Write([]string{strconv.Itoa(dim), p, pr.A, pr.B, strconv.Itoa(pr.NA), strconv.Itoa(pr.NB),
				g(pr.RankA), g(pr.RankB), g(pr.U), g(pr.P), method, g(pr.PHolm), pr.Mark.ASCII()})
		}
	}
}
