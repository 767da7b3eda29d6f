package results

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
)

// Summarise on a real grid gives the numbers of the functions behind cec
// table (Summaries), cec wilcoxon (CompareTable) and cec rank (RankTable),
// and its JSONL reads back as the records in canonical order.
func TestSummariseMatchesCec(t *testing.T) {
	recs := collect(t, plan(t, small), 2)
	slices.Reverse(recs) // any order
	res, err := Summarise(recs, ResultsOptions{JSONL: true})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res.Configs, []string{"random", "pmode"}) || res.Runs != 12 || len(res.Dims) != 1 || len(res.Notes) != 0 {
		t.Fatalf("configs %v, runs %d, dims %d, notes %q", res.Configs, res.Runs, len(res.Dims), res.Notes)
	}
	d := res.Dims[0]
	if d.Dim != 10 || !reflect.DeepEqual(d.Problems, []string{"C01", "C05"}) || !reflect.DeepEqual(d.Compared, d.Problems) {
		t.Fatalf("dim %d, problems %v, compared %v", d.Dim, d.Problems, d.Compared)
	}
	for i, a := range res.Configs {
		probs, sums, err := experiment.Summaries(recs, a, 10)
		if err != nil {
			t.Fatal(err)
		}
		tb := d.Tables[i]
		if tb.Config != a || !reflect.DeepEqual(tb.Problems, probs) || !reflect.DeepEqual(tb.Sums, sums) {
			t.Errorf("%s: table %+v, want %v %+v", a, tb, probs, sums)
		}
		var csv bytes.Buffer
		stats.WriteCSV(&csv, probs, sums)
		if tb.CSV != csv.String() || len(tb.Rows) != 10 || tb.Rows[0][1] != "C01" || tb.Rows[1][0] != "best" || tb.Rows[4][0] != "v̄" {
			t.Errorf("%s: CSV %q rows %q", a, tb.CSV, tb.Rows)
		}
		if want := experiment.TableTitle(a, 10, sums, 3000); tb.Title != want || !strings.Contains(d.LaTeX, "% "+want+"\n\\begin{tabular}") {
			t.Errorf("%s: title %q, LaTeX %q", a, tb.Title, d.LaTeX)
		}
	}
	cmp, err := experiment.CompareTable(recs, 10, stats.DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d.Tests, cmp) {
		t.Errorf("tests %+v\nwant %+v", d.Tests, cmp)
	}
	rank, err := experiment.RankTable(recs, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d.Rank, rank) {
		t.Errorf("rank %+v\nwant %+v", d.Rank, rank)
	}
	back, _, err := experiment.Read(strings.NewReader(res.JSONL), "jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(recs)
	experiment.Sort(want)
	if !reflect.DeepEqual(back, want) {
		t.Error("the JSONL does not read back as the records in canonical order")
	}
	// every chart is an ECharts option; v̄ boxes only where a run ended infeasible
	for _, pc := range d.Charts {
		infeasible := false
		for _, r := range recs {
			infeasible = infeasible || (r.Problem == pc.Problem && !r.Feasible)
		}
		for name, raw := range map[string]json.RawMessage{"convergence": pc.Convergence, "box_f": pc.BoxF, "ecdf": pc.ECDF} {
			var o struct{ Series []any }
			if err := json.Unmarshal(raw, &o); err != nil || len(o.Series) == 0 {
				t.Errorf("%s %s: %v, %d series", pc.Problem, name, err, len(o.Series))
			}
		}
		if (pc.BoxV != nil) != infeasible {
			t.Errorf("%s: v̄ boxes %v, some run infeasible %v", pc.Problem, pc.BoxV != nil, infeasible)
		}
	}
	if _, err := json.Marshal(res); err != nil {
		t.Errorf("results do not marshal: %v", err)
	}
}

// ChartsOf draws one problem's charts, those of the full results, and
// leaves the pooled ECDF as it is; a problem without runs at a dimension
// gives its first problem's.
func TestSummariseChartsOf(t *testing.T) {
	recs := collect(t, plan(t, small), 2)
	all, err := Summarise(recs, ResultsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ of, want string }{{"C05", "C05"}, {"C01", "C01"}, {"C28", "C01"}} {
		one, err := Summarise(recs, ResultsOptions{ChartsOf: c.of})
		if err != nil {
			t.Fatal(err)
		}
		d, a := one.Dims[0], all.Dims[0]
		if len(d.Charts) != 1 || d.Charts[0].Problem != c.want {
			t.Fatalf("charts of %s: %d charts, first of %v", c.of, len(d.Charts), d.Charts)
		}
		k := slices.Index(a.Problems, c.want)
		if !reflect.DeepEqual(d.Charts[0], a.Charts[k]) || !bytes.Equal(d.ECDF, a.ECDF) || !reflect.DeepEqual(d.Tables, a.Tables) {
			t.Errorf("charts of %s differ from those of every problem", c.of)
		}
	}
}

// The configurations come in the order given: the marks are from the
// first one's side.
func TestSummariseConfigOrder(t *testing.T) {
	var recs []experiment.Record
	for r := range 10 {
		recs = append(recs, rec("pmode", "C01", r, float64(r), 0), rec("cmode", "C01", r, float64(20+r), 0),
			rec("de", "C01", r, float64(40+r), 0))
	}
	res, err := Summarise(recs, ResultsOptions{Configs: []string{"pmode", "cmode"}})
	if err != nil {
		t.Fatal(err)
	}
	d := res.Dims[0]
	if !reflect.DeepEqual(res.Configs, []string{"pmode", "cmode"}) || d.Tables[0].Config != "pmode" {
		t.Fatalf("configs %v", res.Configs)
	}
	if p := d.Tests.Pairs[0][0]; p.A != "pmode" || p.B != "cmode" || p.Mark != stats.Better {
		t.Errorf("pair %+v, want pmode + cmode", p)
	}
	if d.Rank.Algorithms[0] != "pmode" || d.Rank.Total[0] != 2 || d.Rank.Total[1] != 4 {
		t.Errorf("rank %+v", d.Rank)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "10 run(s) of other configurations (de)") {
		t.Errorf("notes %q", res.Notes)
	}
	// one configuration: tables and ranking, no tests
	one, err := Summarise(recs, ResultsOptions{Configs: []string{"de"}})
	if err != nil || one.Dims[0].Tests != nil || one.Dims[0].Rank == nil {
		t.Errorf("one configuration: %v, tests %v", err, one.Dims[0].Tests)
	}
}

// Missing runs (an experiment in progress) are named in notes; the tests
// and the ranking use the problems every configuration ran.
func TestSummarisePartial(t *testing.T) {
	var recs []experiment.Record
	for r := range 5 {
		recs = append(recs, rec("pmode", "C01", r, float64(r), 0), rec("cmode", "C01", r, float64(r), 0), rec("pmode", "C02", r, 1, 0.5))
	}
	recs = append(recs, rec("cmode", "C02", 0, 2, 0))
	recs = slices.DeleteFunc(recs, func(r experiment.Record) bool { return r.Algo == "cmode" && r.Problem == "C01" && r.Run == 3 })
	res, err := Summarise(recs, ResultsOptions{Configs: []string{"pmode", "cmode", "heco-de"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Runs: cmode on C01 at D = 10 has 4 run(s) but record 13 is run 4: runs below it are missing (a finished grid has runs 0 … n−1; 1 configuration-problem pair(s) have gaps); cec table refuses these runs.",
		"heco-de: no runs yet.", "cmode on C01 at D = 10: 4 of 5 runs.", "cmode on C02 at D = 10: 1 of 5 runs."}
	if !reflect.DeepEqual(res.Notes, want) {
		t.Errorf("notes %q\nwant %q", res.Notes, want)
	}
	d := res.Dims[0]
	if !reflect.DeepEqual(d.Compared, []string{"C01", "C02"}) || d.Tables[1].Sums[0].Runs != 4 || d.Charts[1].BoxV == nil || d.Charts[0].BoxV != nil {
		t.Errorf("compared %v, cmode C01 runs %d", d.Compared, d.Tables[1].Sums[0].Runs)
	}
	// a problem only pmode ran is left out of the comparison
	recs = append(recs, rec("pmode", "C03", 0, 1, 0))
	res, err = Summarise(recs, ResultsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d = res.Dims[0]
	if !reflect.DeepEqual(d.Compared, []string{"C01", "C02"}) || len(d.Tests.Problems) != 2 || len(d.Rank.Problems) != 2 || len(d.Charts) != 3 {
		t.Errorf("compared %v, tests on %v, rank on %v, %d charts", d.Compared, d.Tests.Problems, d.Rank.Problems, len(d.Charts))
	}
	if !slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "1 problem(s) without runs of every configuration") }) {
		t.Errorf("notes %q", res.Notes)
	}
}

func TestSummariseErrors(t *testing.T) {
	good := []experiment.Record{rec("pmode", "C01", 0, 1, 0), rec("cmode", "C01", 0, 2, 0)}
	other := rec("pmode", "C01", 1, 1, 0)
	other.Settings = "pop=6"
	for _, c := range []struct {
		name string
		recs []experiment.Record
		o    ResultsOptions
		want string
	}{
		{"none", nil, ResultsOptions{}, "no runs"},
		{"twice", append(slices.Clone(good), good[0]), ResultsOptions{}, "duplicate run pmode C01 D=10 run 0 (record 1 and record 3)"},
		{"settings", append(slices.Clone(good), other), ResultsOptions{}, "budget, settings or data differ"},
		{"config twice", good, ResultsOptions{Configs: []string{"pmode", "pmode"}}, `configuration "pmode" listed twice`},
		{"config name", good, ResultsOptions{Configs: []string{"PMODE"}}, `configuration "PMODE": want a name`},
		{"dim", good, ResultsOptions{Dim: 30}, "dim = 30: no runs at that dimension (have [10])"},
		{"alpha", good, ResultsOptions{Alpha: 1.5}, "alpha = 1.5"},
		{"target", good, ResultsOptions{Targets: []stats.Target{{Delta: -1}}}, "targets[0]: delta = -1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Summarise(c.recs, c.o)
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want one line with %q", err, c.want)
			}
		})
	}
}

func ExampleSummarise() {
	var recs []experiment.Record
	for r := range 10 {
		// PMODE ends at f = r, CMODE at 20 + r: PMODE is better
		recs = append(recs, rec("pmode", "C01", r, float64(r), 0), rec("cmode", "C01", r, float64(20+r), 0))
	}
	res, err := Summarise(recs, ResultsOptions{Configs: []string{"pmode", "cmode"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := res.Dims[0]
	for _, tb := range d.Tables {
		fmt.Println(tb.Title)
		for _, row := range tb.Rows[1:3] {
			fmt.Println(" ", strings.Join(row, " "))
		}
	}
	p := d.Tests.Pairs[0][0]
	fmt.Printf("%s %s %s on %s, p (Holm) = %.3g\n", p.A, p.Mark, p.B, d.Tests.Problems[0], p.PHolm)
	fmt.Println("total ranks", d.Rank.Algorithms, d.Rank.Total)
	// Output:
	// PMODE, D = 10 (10 runs, MaxFES = 100)
	//   best 0.00000e+00
	//   median 4.00000e+00
	// CMODE, D = 10 (10 runs, MaxFES = 100)
	//   best 2.00000e+01
	//   median 2.40000e+01
	// pmode + cmode on C01, p (Holm) = 0.000183
	// total ranks [pmode cmode] [2 4]
}

// BenchmarkSummarise: the results of the paper's grid at one dimension,
// two configurations × C01–C28 × 25 runs (1400 records), as the results
// view asks for them (JSONL not included). Records of short runs (MaxFES
// 2000, generated data): the cost depends on the number of runs and curve
// points, not on the budget.
func BenchmarkSummarise(b *testing.B) {
	pl, err := experiment.NewPlan(experiment.Config{Algos: []string{"cmode", "pmode"}, Problems: experiment.AllProblems(), Dim: 10, Runs: 25, Seed: 1, FES: 2000})
	if err != nil {
		b.Fatal(err)
	}
	var recs []experiment.Record
	if _, err := pl.Execute(b.Context(), 2, experiment.Hooks{Emit: func(r experiment.Record) error { recs = append(recs, r); return nil }}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for _, c := range []struct {
		name string
		o    ResultsOptions
	}{{"every-problem", ResultsOptions{}}, {"one-problem", ResultsOptions{ChartsOf: "*"}}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Summarise(recs, c.o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// With the grid of an experiment that is still running (ResultsOptions.
// Grid), Summarise says how far it is and what the partial results are of,
// and the numbers are those of the records alone.
func TestSummariseGrid(t *testing.T) {
	configs, grid, all := gridRuns()
	// C01 complete; C02: pmode 2 runs, cmode 1; C03: pmode 3 runs, cmode none
	some := keep(all, func(r experiment.Record) bool {
		return r.Problem == "C02" && (r.Algo == "pmode" && r.Run >= 2 || r.Algo == "cmode" && r.Run >= 1) ||
			r.Problem == "C03" && (r.Algo == "pmode" && r.Run >= 3 || r.Algo == "cmode")
	})
	o := ResultsOptions{Configs: configs, ChartsOf: "C02"}
	plain, err := Summarise(some, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Grid = grid
	res, err := Summarise(some, o)
	if err != nil {
		t.Fatal(err)
	}
	p := res.Progress
	if p == nil || p.Done != len(some) || p.Total != 24 {
		t.Fatalf("progress %+v, want %d of 24", p, len(some))
	}
	var pending []string
	for _, c := range p.Pending {
		pending = append(pending, c.String())
	}
	want := []string{"pmode on C02 at D = 10: 2 of 4 runs", "pmode on C03 at D = 10: 3 of 4 runs",
		"cmode on C02 at D = 10: 1 of 4 runs", "cmode on C03 at D = 10: 0 of 4 runs"}
	if !reflect.DeepEqual(pending, want) {
		t.Errorf("pending %q\nwant %q", pending, want)
	}
	for _, s := range []string{"Partial results: 14 of 24 runs are finished.", "(0–4 of the 4 runs of each configuration on each problem)",
		"The tests and the ranking at D = 10 cover 2 of its 3 problems (C01, C02), those on which every configuration compared has finished runs."} {
		if !strings.Contains(p.Label, s) {
			t.Errorf("label %q\nlacks %q", p.Label, s)
		}
	}
	// the numbers are the records' alone; the grid changes the notes (the
	// pairs with runs to come are in Progress), the chart titles and the
	// LaTeX's first line
	d, pd := res.Dims[0], plain.Dims[0]
	if !reflect.DeepEqual(d.Tables, pd.Tables) || !reflect.DeepEqual(d.Tests, pd.Tests) || !reflect.DeepEqual(d.Rank, pd.Rank) || !reflect.DeepEqual(d.Compared, []string{"C01", "C02"}) {
		t.Errorf("with the grid the tables, tests or ranking differ from those of the records alone")
	}
	if slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, " of 4 runs.") || strings.Contains(n, "left out") }) ||
		!slices.ContainsFunc(plain.Notes, func(n string) bool {
			return strings.Contains(n, "1 problem(s) without runs of every configuration are left out")
		}) || !slices.ContainsFunc(plain.Notes, func(n string) bool { return strings.Contains(n, "cmode on C02 at D = 10: 1 of 4 runs.") }) {
		t.Errorf("notes with the grid %q, without %q", res.Notes, plain.Notes)
	}
	if want := "% Partial results: 14 of 24 runs of the experiment are finished.\n"; d.LaTeX != want+pd.LaTeX {
		t.Errorf("LaTeX %.80q, want %q and the tables", d.LaTeX, want)
	}
	for _, raw := range []json.RawMessage{d.Charts[0].Convergence, d.Charts[0].BoxF, d.Charts[0].ECDF, d.ECDF} {
		if !strings.Contains(string(raw), "(partial)") {
			t.Errorf("chart title not marked partial: %.120s", raw)
		}
	}
}

// keep returns recs without those drop accepts.
func keep(recs []experiment.Record, drop func(experiment.Record) bool) []experiment.Record {
	return slices.DeleteFunc(slices.Clone(recs), drop)
}

// gridRuns returns the configurations and the grid of the Summarise tests
// with a grid, and every run of it: pmode and cmode on C01, C02, C03 at
// D = 10, 4 runs each, cmode's f 10 above pmode's.
func gridRuns() ([]string, *Grid, []experiment.Record) {
	configs := []string{"pmode", "cmode"}
	grid := &Grid{Runs: 4, Problems: []GridProblem{{"C01", 10}, {"C02", 10}, {"C03", 10}}}
	var all []experiment.Record
	for _, c := range configs {
		for _, p := range []string{"C01", "C02", "C03"} {
			for r := range 4 {
				f := float64(r)
				if c == "cmode" {
					f += 10
				}
				all = append(all, rec(c, p, r, f, 0))
			}
		}
	}
	return configs, grid, all
}

// The progress label of a grid with a configuration without runs at all
// and a dimension without runs says so.
func TestSummariseGridWithoutRuns(t *testing.T) {
	configs, _, all := gridRuns()
	g2 := &Grid{Runs: 4, Problems: []GridProblem{{"C01", 10}, {"rosenbrock", 2}}}
	only := keep(all, func(r experiment.Record) bool { return r.Algo != "pmode" || r.Problem != "C01" || r.Run > 0 })
	res, err := Summarise(only, ResultsOptions{Configs: configs, Grid: g2})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Partial results: 1 of 16 runs are finished.", "No run at D = 2 is finished yet.",
		"At D = 10 cmode has no finished run yet and is left out of the tests and the ranking.", "The ranking (no tests: one configuration) at D = 10 covers all its problems (1)."} {
		if !strings.Contains(res.Progress.Label, s) {
			t.Errorf("label %q\nlacks %q", res.Progress.Label, s)
		}
	}
}

// Once every run of the grid is in, the results are those without the
// grid, with a progress of 24 of 24.
func TestSummariseGridComplete(t *testing.T) {
	configs, grid, all := gridRuns()
	o := ResultsOptions{Configs: configs, ChartsOf: "C02"}
	full, err := Summarise(all, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Grid = grid
	done, err := Summarise(all, o)
	if err != nil {
		t.Fatal(err)
	}
	if p := done.Progress; p == nil || p.Done != 24 || p.Total != 24 || len(p.Pending) != 0 || p.Label != "" {
		t.Errorf("complete: progress %+v", p)
	}
	done.Progress = nil
	if !reflect.DeepEqual(done, full) {
		t.Errorf("a complete grid's results differ from those without the grid")
	}
}

func TestSummariseGridErrors(t *testing.T) {
	good := []experiment.Record{rec("pmode", "C01", 0, 1, 0), rec("cmode", "C01", 0, 2, 0)}
	configs := []string{"pmode", "cmode"}
	g := func(runs int, probs ...GridProblem) *Grid { return &Grid{Runs: runs, Problems: probs} }
	c01 := GridProblem{"C01", 10}
	for _, c := range []struct {
		name    string
		recs    []experiment.Record
		configs []string
		grid    *Grid
		want    string
	}{
		{"no configs", good, nil, g(2, c01), "grid: want its configurations (configs)"},
		{"runs", good, configs, g(0, c01), "grid: runs = 0: want at least 1"},
		{"no problems", good, configs, g(2), "grid: no problems"},
		{"bad problem", good, configs, g(2, c01, GridProblem{"C02", 0}), `grid: problems[1] = "C02" at D = 0`},
		{"twice", good, configs, g(2, c01, c01), "grid: C01 at D = 10 listed twice"},
		{"run beyond", append(slices.Clone(good), rec("pmode", "C01", 2, 1, 0)), configs, g(2, c01), "record 3 (pmode C01 D=10 run 2): not a run of the grid"},
		{"other problem", good, configs, g(2, GridProblem{"C02", 10}), "record 1 (pmode C01 D=10 run 0): not a run of the grid"},
		{"other dim", good, configs, g(2, GridProblem{"C01", 30}), "record 1"},
		{"other config", good, []string{"pmode"}, g(2, c01), "record 2 (cmode C01 D=10 run 0): not a run of the grid"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Summarise(c.recs, ResultsOptions{Configs: c.configs, Grid: c.grid})
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %v, want one line with %q", err, c.want)
			}
		})
	}
}
