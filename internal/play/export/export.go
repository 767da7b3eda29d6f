// Package export writes the files a run of the playground exports, byte
// for byte, from plain values: a run's history as CSV and JSON, the
// explained variance of the PC view as CSV, compare mode's scoreboard as
// CSV and LaTeX, a recording's frames as an animated GIF (GIF) and the
// lesson's pictures as a zip (Zip). Go writes every byte of them; the page only
// saves or shows the text.
//
// Numbers are written exactly (Exact: the fewest digits that read back to
// the same bits), so that an exported file holds the run's numbers, not
// the page's rounding of them.
package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"pcaplay/core/chart"
	"pcaplay/core/stats"
)

// HistoryRow is one generation of an exported history.
type HistoryRow struct {
	Generation int `json:"generation"`
	FES        int `json:"fes"`
	// BestF and BestV are f and v of the best point so far (feasibility
	// rule); BestF is the f of an infeasible point while BestV > 0.
	BestF float64 `json:"best_f"`
	BestV float64 `json:"best_v"`
	// Feasible is the feasible fraction of the population.
	Feasible float64 `json:"feasible_fraction"`
	PopSize  int     `json:"pop_size"`
}

// HistoryColumns are the CSV header's columns, the JSON rows' keys.
var HistoryColumns = []string{"generation", "fes", "best_f", "best_v", "feasible_fraction", "pop_size"}

// Exact writes x with the fewest digits that read back to the same bits
// (NaN and ±Inf as NaN, +Inf, -Inf).
func Exact(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// HistoryCSV returns the history rows as CSV: a header row
// (HistoryColumns) and one row per kept generation, numbers written
// exactly.
func HistoryCSV(rows []HistoryRow) []byte {
	var b bytes.Buffer
	b.WriteString(strings.Join(HistoryColumns, ",") + "\n")
	for _, r := range rows {
		b.WriteString(strconv.Itoa(r.Generation) + "," + strconv.Itoa(r.FES) + "," + Exact(r.BestF) + "," +
			Exact(r.BestV) + "," + Exact(r.Feasible) + "," + strconv.Itoa(r.PopSize) + "\n")
	}
	return b.Bytes()
}

// HistoryExport is the JSON export: the run's configuration, the command
// that reproduces it, and its history.
type HistoryExport struct {
	Problem  string            `json:"problem"`
	Dim      int               `json:"dim"`
	Algo     string            `json:"algo"`
	Seed     uint64            `json:"seed"`
	MaxFES   int               `json:"maxfes"`
	Data     string            `json:"data"`
	Settings map[string]string `json:"settings"`
	Command  string            `json:"command"`
	// Generations is the number of generations run (History.Added); the
	// history holds the kept ones (see Thinned).
	Generations int          `json:"generations"`
	Thinned     bool         `json:"thinned"`
	History     []HistoryRow `json:"history"`
}

// HistoryJSON returns e as indented JSON. Non-finite numbers of the
// history, which JSON cannot hold, are written as null.
func HistoryJSON(e HistoryExport) ([]byte, error) {
	type row struct {
		Generation int      `json:"generation"`
		FES        int      `json:"fes"`
		BestF      *float64 `json:"best_f"`
		BestV      *float64 `json:"best_v"`
		Feasible   *float64 `json:"feasible_fraction"`
		PopSize    int      `json:"pop_size"`
	}
	fin := func(x float64) *float64 {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		return &x
	}
	out := struct {
		HistoryExport
		History []row `json:"history"`
	}{HistoryExport: e}
	for _, r := range e.History {
		out.History = append(out.History, row{r.Generation, r.FES, fin(r.BestF), fin(r.BestV), fin(r.Feasible), r.PopSize})
	}
	if out.History == nil {
		out.History = []row{}
	}
	return json.MarshalIndent(out, "", " ")
}

// VarianceColumns are the header of the explained-variance CSV.
var VarianceColumns = []string{"component", "eigenvalue", "explained_fraction", "cumulative_fraction"}

// VarianceCSV returns the explained variance of principal components with
// eigenvalues values (descending, as the PC view's) as CSV: a header row
// (VarianceColumns) and per component PC1, PC2, … its eigenvalue λ, the
// fraction of the variance it explains and the cumulative fraction —
// chart.Explained's fractions, the numbers of the explained-variance chart
// (which shows them in percent): a negative or non-finite eigenvalue
// explains nothing. Numbers are written exactly.
func VarianceCSV(values []float64) []byte {
	var b bytes.Buffer
	b.WriteString(strings.Join(VarianceColumns, ",") + "\n")
	c := 0.0
	for i, e := range chart.Explained(values) {
		c += e
		b.WriteString("PC" + strconv.Itoa(i+1) + "," + Exact(values[i]) + "," + Exact(e) + "," + Exact(c) + "\n")
	}
	return b.Bytes()
}

// Board is compare mode's scoreboard as its files show it.
type Board struct {
	// Letters and Names name the runs, one row each: run A's letter "a"
	// and its name as the compare chart names it.
	Letters, Names []string
	// Eps are the targets after the first, feasibility: f − f_best ≤ ε.
	Eps []float64
	// FES[i][j] is run i's FES at target j (0 is feasibility), or −1 when
	// not reached.
	FES [][]int
	// FBest is the reference f_best (NaN: no run is feasible and f* is
	// unknown); Known says it is the problem's optimum f*.
	FBest float64
	Known bool
	// Partial says that a run has not reached the end of its budget; At
	// and MaxFES are the FES at which the runs stand and their budget.
	Partial    bool
	At, MaxFES int
}

// FormatEps writes a target's ε as the board's labels do: 1e-2, 1e-8.
func FormatEps(e float64) string {
	return strings.Replace(strings.Replace(strconv.FormatFloat(e, 'e', -1, 64), "e-0", "e-", 1), "e+0", "e+", 1)
}

// ScoreboardColumns are the header of the scoreboard's CSV: the run's
// letter and name, the FES of each target (the best point first feasible,
// then f − f_best ≤ ε for each of eps), f_best and whether it is the
// problem's optimum f*.
func ScoreboardColumns(eps []float64) []string {
	cols := []string{"run", "name", "feasible"}
	for _, e := range eps {
		cols = append(cols, "within_"+FormatEps(e))
	}
	return append(cols, "f_best", "f_best_is_optimum")
}

// ScoreboardCSV returns the board as CSV (ScoreboardColumns), one row
// per run: a target not reached (yet) is an empty cell, f_best is written
// exactly (empty while no run is feasible and f* is not known).
func ScoreboardCSV(b Board) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write(ScoreboardColumns(b.Eps))
	fbest := ""
	if !math.IsNaN(b.FBest) {
		fbest = Exact(b.FBest)
	}
	for i, row := range b.FES {
		rec := []string{strings.ToUpper(b.Letters[i]), b.Names[i]}
		for _, fes := range row {
			if fes < 0 {
				rec = append(rec, "")
			} else {
				rec = append(rec, strconv.Itoa(fes))
			}
		}
		w.Write(append(rec, fbest, strconv.FormatBool(b.Known)))
	}
	w.Flush()
	return buf.Bytes()
}

// ScoreboardLaTeX returns the board as a LaTeX tabular under a "% title"
// comment line naming the problem and f_best; a board whose runs have not
// reached the end of their budget (Partial) starts with a "% Partial: …"
// line, as partial results do. A target not reached is --.
func ScoreboardLaTeX(b Board, problem string, dim int) []byte {
	var s strings.Builder
	if b.Partial {
		fmt.Fprintf(&s, "%% Partial: the runs stand at %d of %d FES; the FES and f_best may still change.\n", b.At, b.MaxFES)
	}
	ref := "none yet (no run is feasible)"
	switch {
	case math.IsNaN(b.FBest):
	case b.Known:
		ref = Exact(b.FBest) + " (the problem's optimum f*, or a run's better f)"
	default:
		ref = Exact(b.FBest) + " (the best any run has found)"
	}
	targets := 1 + len(b.Eps)
	fmt.Fprintf(&s, "%% %s, D = %d: the FES at which each run first reached a target; f_best = %s\n", problem, dim, ref)
	fmt.Fprintf(&s, "\\begin{tabular}{|l|%s|}\n\\hline\n", strings.Repeat("r|", targets)[:2*targets-1])
	s.WriteString("run & feasible")
	for _, e := range b.Eps {
		fmt.Fprintf(&s, " & $f - f_{best} \\le %s$", latexNumber(e))
	}
	s.WriteString(" \\\\ \\hline\n")
	for i, row := range b.FES {
		s.WriteString(stats.EscapeLaTeX(b.Names[i]))
		for _, fes := range row {
			if fes < 0 {
				s.WriteString(" & --")
			} else {
				s.WriteString(" & " + strconv.Itoa(fes))
			}
		}
		s.WriteString(" \\\\\n")
	}
	s.WriteString("\\hline\n\\end{tabular}\n")
	return []byte(s.String())
}

// latexNumber writes e (a power of ten, as the board's targets) as 10^{k},
// or as FormatEps's text otherwise.
func latexNumber(e float64) string {
	k := math.Round(math.Log10(e))
	if math.Pow(10, k) == e {
		return "10^{" + strconv.Itoa(int(k)) + "}"
	}
	return FormatEps(e)
}
