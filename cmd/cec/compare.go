package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
	"pcaplay/internal/paper"
)

// loadPaper returns the paper's published numbers: the embedded ones
// (internal/paper) when path is "", else those parsed from the LaTeX
// source at path.
func loadPaper(path string) (*paper.Paper, error) {
	if path == "" {
		p, err := paper.Published()
		if err != nil {
			return nil, failure("the embedded paper data: %v", err)
		}
		return p, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, badInput("-paper: %v", err)
	}
	defer f.Close()
	p, err := paper.ParseLaTeX(f)
	if err != nil {
		return nil, badInput("-paper %s: %v", path, err)
	}
	if len(p.Supplements) == 0 && len(p.Ranks) == 0 && p.Totals == nil {
		return nil, badInput("-paper %s: no table of the paper's (\\caption{Function Values of … Achieved for …D}, \\caption{Ranks based on …}, \\caption{Total ranks of …}) found", path)
	}
	return p, nil
}

// paperFlag is the -paper flag of compare, paper-table and report.
func paperFlag(fs *flagSet) *string {
	return fs.String("paper", "", "the paper's LaTeX source to read the published numbers from (default: the numbers embedded in cec, internal/paper/data)")
}

// cmdPaperTable prints one of the paper's tables: a supplement table
// (-algo, -dim), a rank table (-ranks mean|median, -dim) or the total ranks
// (-ranks total).
func cmdPaperTable(args []string, stdout io.Writer) error {
	fs := newFlags("paper-table", "paper-table (-algo pmode|heco-pde -dim D | -ranks mean|median -dim D | -ranks total) [-format md|csv] [-paper FILE]", stdout)
	algo := fs.String("algo", "", "the algorithm of a supplement table (pmode or heco-pde)")
	ranks := fs.String("ranks", "", "a rank table instead: mean (ranks based on mean values), median (on median solutions) or total (total ranks per dimension)")
	dim := fs.Int("dim", 10, "dimension: 10, 30, 50 or 100")
	pp := paperFlag(fs)
	format := fs.String("format", "md", "md or csv")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q", pos[0])
	}
	if *format != "md" && *format != "csv" {
		return badInput("-format %q: want md or csv", *format)
	}
	switch {
	case *algo == "" && *ranks == "":
		return badInput("want -algo (a supplement table) or -ranks mean|median|total (a rank table)")
	case *algo != "" && *ranks != "":
		return badInput("-algo %s and -ranks %s: pick one table", *algo, *ranks)
	}
	p, err := loadPaper(*pp)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	switch *ranks {
	case "":
		t, ok := p.Supplement(*algo, *dim)
		if !ok {
			return badInput("-algo %q -dim %d: the paper has no such supplement table (algorithms %s; dimensions %v)",
				*algo, *dim, strings.Join(p.SupplementAlgorithms(), ", "), paper.Dims)
		}
		if *format == "csv" {
			err = stats.WriteCSV(&b, t.Problems, t.Sums)
		} else {
			err = stats.WriteMarkdown(&b, fmt.Sprintf("%s, D = %d: the paper's supplement table", t.Algorithm, t.Dim), t.Problems, t.Sums)
		}
		if err != nil {
			return failure("%v", err)
		}
	case paper.ByMean, paper.ByMedian:
		t, ok := p.RankTable(*ranks, *dim)
		if !ok {
			return badInput("-ranks %s -dim %d: the paper has no such rank table (dimensions %v)", *ranks, *dim, paper.Dims)
		}
		writePaperRanks(&b, t, *format)
	case "total":
		if p.Totals == nil {
			return badInput("-ranks total: the source has no total-ranks table")
		}
		writePaperTotals(&b, p.Totals, *format)
	default:
		return badInput("-ranks %q: want mean, median or total", *ranks)
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		return failure("stdout: %v", err)
	}
	return nil
}

// paperRankTitle is the caption of a rank table of the paper.
func paperRankTitle(basis string, n, dim int) string {
	if basis == paper.ByMean {
		return fmt.Sprintf("Ranks based on mean values on the %d functions of %d dimensions", n, dim)
	}
	return fmt.Sprintf("Ranks based on median solution on the %d functions of %d dimensions", n, dim)
}

// writePaperRanks writes a rank table of the paper: algorithms as rows,
// problems as columns (labelled 1, 2, … as in the paper), the total last.
func writePaperRanks(w io.Writer, t *paper.RankTable, format string) {
	cols := []string{"algorithm"}
	for _, p := range t.Problems {
		cols = append(cols, problemLabel(p))
	}
	cols = append(cols, "total")
	rows := make([][]string, len(t.Algorithms))
	for a, name := range t.Algorithms {
		rows[a] = append(rows[a], name)
		for _, r := range t.Ranks[a] {
			rows[a] = append(rows[a], strconv.Itoa(r))
		}
		rows[a] = append(rows[a], strconv.Itoa(t.Totals[a]))
	}
	writeGrid(w, format, "the paper's "+paperRankTitle(t.Basis, len(t.Problems), t.Dim), cols, rows)
}

// writePaperTotals writes the paper's total ranks.
func writePaperTotals(w io.Writer, t *paper.TotalRanks, format string) {
	cols := []string{"algorithm"}
	for _, d := range t.Dims {
		cols = append(cols, fmt.Sprintf("%dD", d))
	}
	cols = append(cols, "total")
	rows := make([][]string, len(t.Algorithms))
	for a, name := range t.Algorithms {
		rows[a] = append(rows[a], name)
		for _, r := range t.Ranks[a] {
			rows[a] = append(rows[a], strconv.Itoa(r))
		}
		rows[a] = append(rows[a], strconv.Itoa(t.Totals[a]))
	}
	writeGrid(w, format, "the paper's total ranks (Σ ranks by mean values + Σ ranks by median solution)", cols, rows)
}

// writeGrid writes a table as Markdown (a ### title, the first column left
// aligned, the others right aligned) or CSV (no title).
func writeGrid(w io.Writer, format, title string, cols []string, rows [][]string) {
	if format == "csv" {
		cw := csv.NewWriter(w)
		cw.Write(cols)
		cw.WriteAll(rows)
		return
	}
	fmt.Fprintf(w, "### %s\n\n| %s |\n|---|", title, strings.Join(cols, " | "))
	for range cols[1:] {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprintln(w)
	for _, r := range rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
	}
}

// cmdCompare puts our supplement tables beside the paper's.
func cmdCompare(args []string, stdout io.Writer) error {
	fs := newFlags("compare", "compare runs.jsonl … [-algo pmode,heco-pde] [-dim D] [-paper FILE.tex]", stdout)
	algoFlag := fs.String("algo", "", "algorithms to compare (default: those of the files that the paper tabulates)")
	dim := fs.Int("dim", 0, "only this dimension (0 = all)")
	problems := fs.String("problem", "", "only these problems (comma list)")
	pp := paperFlag(fs)
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	recs, err := loadSelected(files, *algoFlag, *dim, *problems)
	if err != nil {
		return err
	}
	pub, err := loadPaper(*pp)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	n := 0
	for _, d := range experiment.Dims(recs) {
		for _, a := range experiment.Algos(recs) {
			t, ok := pub.Supplement(a, d)
			if !ok {
				if *algoFlag != "" {
					return badInput("-algo %s: the paper has no supplement table for it at D=%d (it has %s)", a, d, strings.Join(pub.SupplementAlgorithms(), ", "))
				}
				continue
			}
			if n > 0 {
				b.WriteString("\n")
			}
			n++
			if err := writeComparison(&b, recs, a, d, t); err != nil {
				return err
			}
		}
	}
	if n == 0 {
		return badInput("no algorithm of the file(s) (%s) has a supplement table in the paper (%s)",
			strings.Join(experiment.Algos(recs), ", "), strings.Join(pub.SupplementAlgorithms(), ", "))
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		return failure("stdout: %v", err)
	}
	return nil
}

func writeComparison(w *bytes.Buffer, recs []experiment.Record, algo string, dim int, t *paper.Supplement) error {
	probs, sums, err := experiment.Summaries(recs, algo, dim)
	if err != nil {
		return badInput("%v", err)
	}
	name := displayName(algo)
	fmt.Fprintf(w, "## %s, D = %d: ours beside the paper\n\n", name, dim)
	fmt.Fprintf(w, "Ours: %s. Paper: 25 runs, MaxFES = 20000·D.\n\n", strings.TrimPrefix(tableTitle(algo, dim, sums, maxFESOf(recs, algo, dim)), name+", "))
	e := func(x float64) string { return fmt.Sprintf("%.5e", x+0) }
	fmt.Fprint(w, "| problem | median (ours) | median (paper) | v̄ (ours) | v̄ (paper) | mean (ours) | mean (paper) | SR (ours) | SR (paper) | vio (ours) | vio (paper) | SR ±8 | median ±1 % |\n")
	fmt.Fprint(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|\n")
	mark := func(ok bool) string {
		if ok {
			return "yes"
		}
		return "**no**"
	}
	compared, srAgree, medAgree := 0, 0, 0
	for i, p := range probs {
		o := sums[i]
		pp, ok := t.Column(p)
		if !ok {
			fmt.Fprintf(w, "| %s | %s | – | %s | – | %s | – | %g | – | %s | – | – | – |\n", p, e(o.Median), e(o.MedianV), e(o.Mean), o.SR, e(o.Vio))
			continue
		}
		srOK, medOK := agrees(o, pp)
		compared++
		if srOK {
			srAgree++
		}
		if medOK {
			medAgree++
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %g | %g | %s | %s | %s | %s |\n", p,
			e(o.Median), e(pp.Median), e(o.MedianV), e(pp.MedianV), e(o.Mean), e(pp.Mean), o.SR, pp.SR, e(o.Vio), e(pp.Vio), mark(srOK), mark(medOK))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Agreement with the paper on %d problems: SR within ±8 points on %d; median within 1 %% (or 1e-6 absolute) on %d.\n\n", compared, srAgree, medAgree)
	if err := stats.WriteMarkdown(w, fmt.Sprintf("%s, D = %d: our supplement table", name, dim), probs, sums); err != nil {
		return failure("%v", err)
	}
	fmt.Fprintln(w)
	var pprobs []string
	var psums []stats.Summary
	for _, p := range probs {
		if s, ok := t.Column(p); ok {
			pprobs = append(pprobs, p)
			psums = append(psums, s)
		}
	}
	if len(pprobs) == 0 {
		fmt.Fprintf(w, "The paper's %s %dD table has none of these problems.\n", t.Algorithm, t.Dim)
		return nil
	}
	if err := stats.WriteMarkdown(w, fmt.Sprintf("%s, D = %d: the paper's supplement table (same problems)", t.Algorithm, t.Dim), pprobs, psums); err != nil {
		return failure("%v", err)
	}
	return nil
}

// agrees is paper.Agrees.
func agrees(ours, pub stats.Summary) (srOK, medianOK bool) { return paper.Agrees(ours, pub) }
