package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
)

// selector checks -algo, -dim and -problem against recs and returns the
// test of a record they select.
func selector(recs []experiment.Record, algos string, dim int, problems string) (func(experiment.Record) bool, error) {
	var want []string
	if algos != "" {
		for _, a := range strings.Split(algos, ",") {
			a = strings.ToLower(strings.TrimSpace(a))
			if !slices.Contains(experiment.Algos(recs), a) {
				return nil, badInput("-algo %s: no runs of it in the file(s) (have %s)", a, strings.Join(experiment.Algos(recs), ", "))
			}
			want = append(want, a)
		}
	}
	if dim != 0 && !slices.Contains(experiment.Dims(recs), dim) {
		return nil, badInput("-dim %d: no runs at that dimension in the file(s) (have %v)", dim, experiment.Dims(recs))
	}
	var probs []string
	if problems != "" {
		have := map[string]bool{}
		for _, r := range recs {
			have[r.Problem] = true
		}
		for _, p := range strings.Split(problems, ",") {
			p = experiment.CanonicalProblem(p)
			if !have[p] {
				return nil, badInput("-problem %s: no runs of it in the file(s)", p)
			}
			probs = append(probs, p)
		}
	}
	return func(r experiment.Record) bool {
		return (want == nil || slices.Contains(want, r.Algo)) && (dim == 0 || r.Dim == dim) &&
			(probs == nil || slices.Contains(probs, r.Problem))
	}, nil
}

// maxFESOf is experiment.SharedMaxFES.
func maxFESOf(recs []experiment.Record, algo string, dim int) int {
	return experiment.SharedMaxFES(recs, algo, dim)
}

// cmdTable prints the paper's supplement layout per algorithm and
// dimension.
func cmdTable(args []string, stdout io.Writer) error {
	fs := newFlags("table", "table runs.jsonl … [-format md|csv|latex] [-algo a,b] [-dim D]", stdout)
	format := fs.String("format", "md", "md (Markdown), csv, or latex (a tabular per table, after a % comment naming it)")
	algos := fs.String("algo", "", "only these algorithms (comma list)")
	dim := fs.Int("dim", 0, "only this dimension (0 = all)")
	problems := fs.String("problem", "", "only these problems (comma list)")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *format != "md" && *format != "csv" && *format != "latex" {
		return badInput("-format %q: want md, csv or latex", *format)
	}
	recs, err := loadSelected(files, *algos, *dim, *problems)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := writeTables(&b, recs, *format); err != nil {
		return err
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		return failure("stdout: %v", err)
	}
	return nil
}

func writeTables(w io.Writer, recs []experiment.Record, format string) error {
	algos, dims := experiment.Algos(recs), experiment.Dims(recs)
	if format == "csv" && len(algos)*len(dims) > 1 {
		return badInput("-format csv writes one table: the file(s) hold %d algorithms (%s) at %d dimensions %v; pick one with -algo and -dim",
			len(algos), strings.Join(algos, ", "), len(dims), dims)
	}
	first := true
	for _, d := range dims {
		for _, a := range algos {
			probs, sums, err := experiment.Summaries(recs, a, d)
			if err != nil {
				return badInput("%v", err)
			}
			if len(probs) == 0 {
				continue
			}
			if format == "csv" {
				if err := stats.WriteCSV(w, probs, sums); err != nil {
					return failure("%v", err)
				}
				continue
			}
			if !first {
				fmt.Fprintln(w)
			}
			first = false
			if format == "latex" {
				fmt.Fprintf(w, "%% %s\n", tableTitle(a, d, sums, maxFESOf(recs, a, d)))
				if err := stats.WriteLaTeX(w, probs, sums); err != nil {
					return failure("%v", err)
				}
				continue
			}
			if err := stats.WriteMarkdown(w, tableTitle(a, d, sums, maxFESOf(recs, a, d)), probs, sums); err != nil {
				return failure("%v", err)
			}
		}
	}
	return nil
}

// cmdRank prints the rank tables like the paper's Tables 4–11.
func cmdRank(args []string, stdout io.Writer) error {
	fs := newFlags("rank", "rank runs.jsonl … [-algo a,b] [-dim D]", stdout)
	algos := fs.String("algo", "", "only these algorithms (comma list)")
	dim := fs.Int("dim", 0, "only this dimension (0 = all)")
	problems := fs.String("problem", "", "only these problems (comma list)")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	recs, err := loadSelected(files, *algos, *dim, *problems)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	for i, d := range experiment.Dims(recs) {
		t, err := experiment.RankTable(recs, d)
		if err != nil {
			return badInput("D=%d: %v", d, err)
		}
		if i > 0 {
			b.WriteString("\n")
		}
		writeRankMarkdown(&b, t, d)
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		return failure("stdout: %v", err)
	}
	return nil
}

// problemLabel is the column label of the paper's rank tables: "C05" → "5".
func problemLabel(p string) string {
	if len(p) == 3 && p[0] == 'C' {
		if n, err := strconv.Atoi(p[1:]); err == nil {
			return strconv.Itoa(n)
		}
	}
	return p
}

// writeRankMarkdown writes the mean-based and the median-based rank table
// (algorithms as rows, problems as columns, a Total column) and the total
// rank value Σ mean ranks + Σ median ranks.
func writeRankMarkdown(w io.Writer, t *stats.Table, dim int) {
	one := func(title string, ranks [][]int, total []int) {
		fmt.Fprintf(w, "### %s\n\n| Problem |", title)
		for _, p := range t.Problems {
			fmt.Fprintf(w, " %s |", problemLabel(p))
		}
		fmt.Fprint(w, " Total |\n|---|")
		for range t.Problems {
			fmt.Fprint(w, "---:|")
		}
		fmt.Fprint(w, "---:|\n")
		for a, name := range t.Algorithms {
			fmt.Fprintf(w, "| %s |", displayName(name))
			for p := range t.Problems {
				fmt.Fprintf(w, " %d |", ranks[p][a])
			}
			fmt.Fprintf(w, " %d |\n", total[a])
		}
		fmt.Fprintln(w)
	}
	n := len(t.Problems)
	one(fmt.Sprintf("Ranks based on mean values on the %d functions of %d dimensions", n, dim), t.Mean, t.MeanTotal)
	one(fmt.Sprintf("Ranks based on median solution on the %d functions of %d dimensions", n, dim), t.Median, t.MedianTotal)
	fmt.Fprintf(w, "### Total ranks, %d dimensions (Σ mean ranks + Σ median ranks)\n\n", dim)
	fmt.Fprint(w, "| Algorithm | mean | median | Total |\n|---|---:|---:|---:|\n")
	for a, name := range t.Algorithms {
		fmt.Fprintf(w, "| %s | %d | %d | %d |\n", displayName(name), t.MeanTotal[a], t.MedianTotal[a], t.Total[a])
	}
}
