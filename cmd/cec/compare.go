package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
)

// loadPaper parses the supplement tables of the paper's LaTeX source.
func loadPaper(path string) ([]experiment.PaperTable, error) {
	f, err := os.Open(findFile(path))
	if err != nil {
		return nil, badInput("-paper: %v", err)
	}
	defer f.Close()
	t, err := experiment.ParsePaperTables(f)
	if err != nil {
		return nil, badInput("-paper %s: %v", path, err)
	}
	if len(t) == 0 {
		return nil, badInput("-paper %s: no supplement table (\\caption{Function Values of … Achieved for …D}) found", path)
	}
	return t, nil
}

func paperAlgos(t []experiment.PaperTable) []string {
	var a []string
	for _, x := range t {
		if !slices.Contains(a, x.Algo) {
			a = append(a, x.Algo)
		}
	}
	return a
}

// cmdPaperTable prints one supplement table of the paper as parsed.
func cmdPaperTable(args []string, stdout io.Writer) error {
	fs := newFlags("paper-table", "paper-table -algo pmode -dim 10 [-paper FILE] [-format md|csv]", stdout)
	algo := fs.String("algo", "", "algorithm of the table (pmode or heco-pde)")
	dim := fs.Int("dim", 10, "dimension: 10, 30, 50 or 100")
	paper := fs.String("paper", defaultPaper, "the paper's LaTeX source")
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
	tables, err := loadPaper(*paper)
	if err != nil {
		return err
	}
	t, ok := experiment.FindPaperTable(tables, *algo, *dim)
	if !ok {
		return badInput("-algo %q -dim %d: the paper has no such table (algorithms %s; dimensions 10, 30, 50, 100)",
			*algo, *dim, strings.Join(paperAlgos(tables), ", "))
	}
	var b bytes.Buffer
	if *format == "csv" {
		err = stats.WriteCSV(&b, t.Problems, t.Sums)
	} else {
		err = stats.WriteMarkdown(&b, fmt.Sprintf("%s, D = %d: the paper's supplement table", t.Algo, t.Dim), t.Problems, t.Sums)
	}
	if err != nil {
		return failure("%v", err)
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		return failure("stdout: %v", err)
	}
	return nil
}

// cmdCompare puts our supplement tables beside the paper's.
func cmdCompare(args []string, stdout io.Writer) error {
	fs := newFlags("compare", "compare runs.jsonl … [-algo pmode,heco-pde] [-dim D] [-paper FILE]", stdout)
	algoFlag := fs.String("algo", "", "algorithms to compare (default: those of the files that the paper tabulates)")
	dim := fs.Int("dim", 0, "only this dimension (0 = all)")
	paper := fs.String("paper", defaultPaper, "the paper's LaTeX source")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	recs, err := loadGrid(files)
	if err != nil {
		return err
	}
	tables, err := loadPaper(*paper)
	if err != nil {
		return err
	}
	if recs, err = filterRecords(recs, *algoFlag, *dim); err != nil {
		return err
	}
	var b bytes.Buffer
	n := 0
	for _, d := range experiment.Dims(recs) {
		for _, a := range experiment.Algos(recs) {
			t, ok := experiment.FindPaperTable(tables, a, d)
			if !ok {
				if *algoFlag != "" {
					return badInput("-algo %s: the paper has no supplement table for it at D=%d (it has %s)", a, d, strings.Join(paperAlgos(tables), ", "))
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
			strings.Join(experiment.Algos(recs), ", "), strings.Join(paperAlgos(tables), ", "))
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		return failure("stdout: %v", err)
	}
	return nil
}

func writeComparison(w *bytes.Buffer, recs []experiment.Record, algo string, dim int, t *experiment.PaperTable) error {
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
		fmt.Fprintf(w, "The paper's %s %dD table has none of these problems.\n", t.Algo, t.Dim)
		return nil
	}
	if err := stats.WriteMarkdown(w, fmt.Sprintf("%s, D = %d: the paper's supplement table (same problems)", t.Algo, t.Dim), pprobs, psums); err != nil {
		return failure("%v", err)
	}
	return nil
}

// agrees reports whether our summary matches the paper's on a problem: the
// feasibility rate SR within ±8 percentage points, and the median f within
// 1 % of the paper's, or within 1e-6 absolute (for medians near 0, where a
// relative test is meaningless).
func agrees(ours, paper stats.Summary) (srOK, medianOK bool) {
	srOK = math.Abs(ours.SR-paper.SR) <= 8
	medianOK = math.Abs(ours.Median-paper.Median) <= max(0.01*math.Abs(paper.Median), 1e-6)
	return srOK, medianOK
}
