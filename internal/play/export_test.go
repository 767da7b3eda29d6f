package play

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"pcaplay/core/chart"
	"pcaplay/internal/play/wire"
)

// The history exports hold every kept generation with exact numbers; CSV
// and JSON agree, and both say which generations were kept.
func TestHistoryExports(t *testing.T) {
	for _, tc := range []struct {
		raw     map[string]string
		thinned bool
	}{
		{map[string]string{"problem": "circle", "fes": "3000", "seed": "4"}, false},
		{map[string]string{"problem": "rosenbrock", "algo": "de", "pop": "4", "fes": "20000"}, true}, // 5000 generations
	} {
		c, _, _, _ := Sanitize(tc.raw)
		s, err := NewSession(c)
		if err != nil {
			t.Fatal(err)
		}
		var gens []HistoryRow
		for !s.S.Done() {
			if n, _ := s.Step(1, nil); n == 0 {
				break
			}
			l := &s.Last
			gens = append(gens, HistoryRow{l.Generation, l.FES, l.Best.F, l.Best.V, l.FeasibleFraction(), l.PopSize()})
		}
		lines := strings.Split(strings.TrimSpace(string(s.HistoryCSV())), "\n")
		if lines[0] != "generation,fes,best_f,best_v,feasible_fraction,pop_size" {
			t.Fatalf("header %q", lines[0])
		}
		var e struct {
			HistoryExport
			History []map[string]*float64 `json:"history"`
		}
		b, err := s.HistoryJSON()
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &e); err != nil {
			t.Fatal(err)
		}
		if e.Thinned != tc.thinned || e.Generations != len(gens) || len(e.History) != len(lines)-1 || !strings.HasPrefix(e.Command, "cec run ") {
			t.Errorf("%v: thinned %v, %d generations, %d rows (CSV %d), command %q", tc.raw, e.Thinned, e.Generations, len(e.History), len(lines)-1, e.Command)
		}
		if !tc.thinned && len(lines)-1 != len(gens) {
			t.Errorf("%v: %d rows for %d generations", tc.raw, len(lines)-1, len(gens))
		}
		for i, line := range lines[1:] {
			f := strings.Split(line, ",")
			g, _ := strconv.Atoi(f[0])
			want := gens[g]
			num := func(s string) float64 { x, _ := strconv.ParseFloat(s, 64); return x }
			if fes, _ := strconv.Atoi(f[1]); fes != want.FES || math.Float64bits(num(f[2])) != math.Float64bits(want.BestF) ||
				math.Float64bits(num(f[3])) != math.Float64bits(want.BestV) || num(f[4]) != want.Feasible || f[5] != strconv.Itoa(want.PopSize) {
				t.Fatalf("%v: row %q, generation %d was %+v", tc.raw, line, g, want)
			}
			if j := e.History[i]; *j["generation"] != float64(g) || *j["best_f"] != want.BestF {
				t.Fatalf("%v: JSON row %d differs from CSV %q", tc.raw, i, line)
			}
		}
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, strconv.Itoa(len(gens)-1)+",") {
			t.Errorf("%v: the last row %q is not the last generation %d", tc.raw, last, len(gens)-1)
		}
	}
}

func TestExportKindsAndQuoting(t *testing.T) {
	c, _, _, _ := Sanitize(map[string]string{"problem": "disc", "pcaprob": "0.25"})
	s, _ := NewSession(c)
	s.Step(3, nil)
	for _, k := range Exports {
		e, err := s.Export(k)
		if err != nil || e.Text == "" || !strings.HasPrefix(e.Name, "pcaplay-disc-D2-pmode-seed1.") {
			t.Errorf("export %s: %+v, %v", k, e, err)
		}
	}
	if e, _ := s.Export("command"); e.Text != "cec run -problem disc -dim 2 -algo pmode -runs 1 -seed 1 -fes 40000 -set pcaprob=0.25 -json" {
		t.Errorf("command %q", e.Text)
	}
	if _, err := s.Export("png"); err == nil || wire.CodeOf(err) != wire.CodeBadArgument {
		t.Errorf("export png: %v", err)
	}
	for in, want := range map[string]string{"a=b,c": "a=b,c", "x y": "'x y'", "it's": `'it'\''s'`, "": "''"} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
	if _, err := CommandArgs(c, "sha256:abc"); err == nil {
		t.Error("a run on other data files got a command")
	}
}

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
	sb := Scoreboard{Targets: []string{"feasible", "f − f_best ≤ 1e-2", "f − f_best ≤ 1e-4", "f − f_best ≤ 1e-8"},
		FBest: tenth + 0.2, FES: [][]int{{120, 3400, -1, -1}, {80, -1, -1, -1}}, Partial: true, At: 4000, MaxFES: 20000}
	names := []string{"A: pmode", "B: pmode, pca=false & p_1 50%"}
	recs, err := csv.NewReader(strings.NewReader(string(ScoreboardCSV(sb, names)))).ReadAll()
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
	tex := string(ScoreboardLaTeX(sb, names, "C05", 10))
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
	tex = string(ScoreboardLaTeX(sb, names, "C05", 10))
	if strings.Contains(tex, "Partial") || !strings.HasPrefix(tex, "% C05, D = 10: the FES at which each run first reached a target; f_best = none yet (no run is feasible)\n") {
		t.Errorf("finished board without f_best:\n%s", tex)
	}
	if recs, _ := csv.NewReader(strings.NewReader(string(ScoreboardCSV(sb, names)))).ReadAll(); recs[1][6] != "" {
		t.Errorf("f_best of no run written %q, want empty", recs[1][6])
	}
}
