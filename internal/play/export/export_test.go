package export

import (
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"pcaplay/core/chart"
)

// The explained-variance CSV: per component its eigenvalue exactly, the
// fraction it explains and the cumulative fraction, the chart's numbers
// (chart.Explained: a negative or non-finite eigenvalue explains nothing).
func TestVarianceCSV(t *testing.T) {
	tests := []struct {
		name   string
		values []float64
		want   string
	}{
		{"two", []float64{3, 1}, "component,eigenvalue,explained_fraction,cumulative_fraction\nPC1,3,0.75,0.75\nPC2,1,0.25,1\n"},
		{"rounding below zero", []float64{2, 2, -1e-17}, "component,eigenvalue,explained_fraction,cumulative_fraction\nPC1,2,0.5,0.5\nPC2,2,0.5,1\nPC3,-1e-17,0,1\n"},
		{"no variance", []float64{0, 0}, "component,eigenvalue,explained_fraction,cumulative_fraction\nPC1,0,0,0\nPC2,0,0,0\n"},
		{"exact digits", []float64{0.1, 0.2}, "component,eigenvalue,explained_fraction,cumulative_fraction\nPC1,0.1,0.3333333333333333,0.3333333333333333\nPC2,0.2,0.6666666666666666,1\n"},
	}
	for _, tt := range tests {
		if got := string(VarianceCSV(tt.values)); got != tt.want {
			t.Errorf("%s: VarianceCSV(%v) =\n%s\nwant\n%s", tt.name, tt.values, got, tt.want)
		}
	}
	// the numbers read back to the chart's
	values := []float64{7.25, 1.5, 0.125, 1e-9}
	ex := chart.Explained(values)
	recs, err := csv.NewReader(strings.NewReader(string(VarianceCSV(values)))).ReadAll()
	if err != nil || len(recs) != len(values)+1 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for i, r := range recs[1:] {
		l, _ := strconv.ParseFloat(r[1], 64)
		e, _ := strconv.ParseFloat(r[2], 64)
		if l != values[i] || e != ex[i] || r[0] != "PC"+strconv.Itoa(i+1) {
			t.Errorf("row %d: %q, want eigenvalue %v and fraction %v", i+1, r, values[i], ex[i])
		}
	}
}

// The scoreboard's CSV and LaTeX: a row per run with its name, an empty
// cell (CSV) or -- (LaTeX) for a target not reached, f_best exactly; the
// LaTeX of a board whose runs go on starts with the partial line.
func TestScoreboardFiles(t *testing.T) {
	tenth := 0.1 // a variable: 0.1 + 0.2 in constants is 0.3 exactly
	names := []string{"A: pmode", "B: pmode, pca=false & p_1 50%"}
	sb := Board{Letters: []string{"a", "b"}, Names: names, Eps: []float64{1e-2, 1e-4, 1e-8},
		FBest: tenth + 0.2, FES: [][]int{{120, 3400, -1, -1}, {80, -1, -1, -1}}, Partial: true, At: 4000, MaxFES: 20000}
	recs, err := csv.NewReader(strings.NewReader(string(ScoreboardCSV(sb)))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"run", "name", "feasible", "within_1e-2", "within_1e-4", "within_1e-8", "f_best", "f_best_is_optimum"},
		{"A", "A: pmode", "120", "3400", "", "", "0.30000000000000004", "false"},
		{"B", "B: pmode, pca=false & p_1 50%", "80", "", "", "", "0.30000000000000004", "false"},
	}
	if fmt.Sprint(recs) != fmt.Sprint(want) {
		t.Errorf("CSV\n%q\nwant\n%q", recs, want)
	}
	tex := string(ScoreboardLaTeX(sb, "C05", 10))
	lines := strings.Split(tex, "\n")
	for _, w := range []string{
		"% Partial: the runs stand at 4000 of 20000 FES; the FES and f_best may still change.",
		"% C05, D = 10: the FES at which each run first reached a target; f_best = 0.30000000000000004 (the best any run has found)",
		`\begin{tabular}{|l|r|r|r|r|}`,
	} {
		if !strings.Contains(tex, w+"\n") {
			t.Errorf("LaTeX has no line %q:\n%s", w, tex)
		}
	}
	if lines[0] != "% Partial: the runs stand at 4000 of 20000 FES; the FES and f_best may still change." {
		t.Errorf("LaTeX's first line %q, want the partial line", lines[0])
	}
	for _, w := range []string{`A: pmode & 120 & 3400 & -- & -- \\`, `B: pmode, pca=false \& p\_1 50\% & 80 & -- & -- & -- \\`, `$f - f_{best} \le 10^{-8}$`} {
		if !strings.Contains(tex, w) {
			t.Errorf("LaTeX has no %q:\n%s", w, tex)
		}
	}
	// the end of the runs: no partial line; no f_best yet
	sb.Partial, sb.FBest, sb.Known = false, math.NaN(), false
	tex = string(ScoreboardLaTeX(sb, "C05", 10))
	if strings.Contains(tex, "Partial") || !strings.HasPrefix(tex, "% C05, D = 10: the FES at which each run first reached a target; f_best = none yet (no run is feasible)\n") {
		t.Errorf("finished board without f_best:\n%s", tex)
	}
	if recs, _ := csv.NewReader(strings.NewReader(string(ScoreboardCSV(sb)))).ReadAll(); recs[1][6] != "" {
		t.Errorf("f_best of no run written %q, want empty", recs[1][6])
	}
}
