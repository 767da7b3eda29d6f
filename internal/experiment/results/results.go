// Package results is the model of the experiment view's results page:
// Summarise turns run records (package experiment) into what the page
// shows of them — per dimension, the supplement table of every
// configuration, the pairwise rank-sum tests with Holm's correction, the
// CEC 2018 ranking, the charts of each problem and the runtime ECDF — and
// the progress of a grid still running.
//
// The numbers are those of cec table, cec wilcoxon and cec rank on the
// same records (package experiment computes them); this package only
// gathers them, with the notes and labels the page shows, into one value
// that marshals to the JSON the page reads.
package results

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"pcaplay/core/chart"
	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
)

// ResultsOptions tune Summarise.
type ResultsOptions struct {
	// Configs are the configurations to show, in this order: values of the
	// records' "algo" field (a configuration of an experiment is named by
	// the algo of its records). Empty: every algorithm of the records, in
	// canonical order (as cec table, rank and wilcoxon). The records of
	// other algorithms are left out (a note says how many); a listed
	// configuration without records gets a note and no column.
	Configs []string `json:"configs"`
	// Dim keeps the runs at this dimension; 0: every dimension.
	Dim int `json:"dim"`
	// Alpha is the level of the +/−/≈ marks after Holm's correction;
	// 0: stats.DefaultAlpha.
	Alpha float64 `json:"alpha"`
	// Targets of the runtime ECDFs; empty: stats.DefaultTargets.
	Targets []stats.Target `json:"targets"`
	// LogFES draws the FES axes of the convergence and ECDF charts on a
	// log scale.
	LogFES bool `json:"logFES"`
	// ChartsOf names the one problem whose charts to draw at each
	// dimension; at a dimension without runs on it (or for "*", which
	// names no problem) the dimension's first problem's. Empty: every
	// problem. The charts are most of the cost (in
	// WebAssembly about 0.1 s per problem), so the results view asks for
	// the problem it shows.
	ChartsOf string `json:"chartsOf"`
	// JSONL asks for Results.JSONL.
	JSONL bool `json:"jsonl"`
	// Grid is the grid of an experiment whose runs are not all finished
	// (the experiment view while it runs, or its saved runs before a
	// resume): with it Summarise says how far the runs are
	// (Results.Progress), names the (configuration, problem) pairs with
	// runs still to come there instead of in Notes, and marks every chart
	// title "(partial)" until every run of the grid is in. It needs
	// Configs (the grid's configurations); every record must be a run of
	// the grid. Nil: the records are all there is.
	Grid *Grid `json:"grid"`
}

// Grid is the grid of an experiment: every configuration (ResultsOptions.
// Configs) on every problem at its dimension, runs 0 … Runs−1.
type Grid struct {
	// Runs is the number of runs of a configuration on a problem.
	Runs int `json:"runs"`
	// Problems are the experiment's problems, each at its dimension (a
	// teaching problem runs at D = 2 beside CEC problems at another D).
	Problems []GridProblem `json:"problems"`
}

// GridProblem is a problem of a Grid at its dimension.
type GridProblem struct {
	Problem string `json:"problem"`
	Dim     int    `json:"dim"`
}

// Progress is how far the records are through ResultsOptions.Grid.
type Progress struct {
	// Done is the number of finished runs of the grid, Total its runs
	// (configurations × problems × runs).
	Done  int `json:"done"`
	Total int `json:"total"`
	// Pending are the (configuration, problem) pairs with fewer finished
	// runs than the grid's, in the grid's order (configuration, then
	// problem); empty when every run is in.
	Pending []PendingCell `json:"pending"`
	// Label says in a few sentences what partial results are of and what
	// the tests and the ranking cover; empty when every run is in.
	Label string `json:"label"`
}

// PendingCell is a (configuration, problem) pair of a Grid with Done of
// its Runs finished.
type PendingCell struct {
	Config  string `json:"config"`
	Problem string `json:"problem"`
	Dim     int    `json:"dim"`
	Done    int    `json:"done"`
	Runs    int    `json:"runs"`
}

// String is "pmode on C01 at D = 10: 3 of 25 runs".
func (c PendingCell) String() string {
	return fmt.Sprintf("%s on %s at D = %d: %d of %d runs", c.Config, c.Problem, c.Dim, c.Done, c.Runs)
}

// Results is everything the results view shows of a set of runs.
type Results struct {
	// Configs are the configurations shown, in order.
	Configs []string `json:"configs"`
	// Runs is the number of records summarised.
	Runs int `json:"runs"`
	// Notes say what was left out or is incomplete, one sentence each.
	Notes []string `json:"notes"`
	// Dims are the results at each dimension, in increasing order.
	Dims []DimResults `json:"dims"`
	// Progress is set when ResultsOptions.Grid is (else null): the finished runs of
	// the grid and what partial results are of.
	Progress *Progress `json:"progress"`
	// JSONL is every record given (not only those shown), one JSON line
	// each in canonical order: what cec merge writes of them (with
	// ResultsOptions.JSONL; empty otherwise).
	JSONL string `json:"jsonl,omitempty"`
}

// DimResults are the results at one dimension.
type DimResults struct {
	Dim int `json:"dim"`
	// Problems are the problems with runs at Dim, sorted.
	Problems []string `json:"problems"`
	// Tables are the supplement tables, one per configuration with runs
	// at Dim.
	Tables []ConfigTable `json:"tables"`
	// LaTeX is every table as cec table -format latex writes them: a
	// "% title" line and a tabular (stats.WriteLaTeX) per configuration,
	// separated by blank lines.
	LaTeX string `json:"latex"`
	// Compared are the problems on which every configuration has runs:
	// those of Tests and Rank.
	Compared []string `json:"compared"`
	// Tests are the pairwise rank-sum tests on Compared (stats.Compare);
	// nil with fewer than two configurations or no such problem.
	Tests *stats.Comparison `json:"tests"`
	// Rank is the CEC 2018 ranking on Compared (stats.Rank, as cec rank);
	// nil when there is no such problem.
	Rank *stats.Table `json:"rank"`
	// Charts are the charts of each problem, in the order of Problems
	// (of ResultsOptions.ChartsOf only, when given).
	Charts []ProblemCharts `json:"charts"`
	// ECDF is the runtime ECDF over every problem and target (ECharts
	// option, chart.RuntimeECDF); absent when every configuration is
	// published runs (no curves).
	ECDF json.RawMessage `json:"ecdf,omitempty"`
	// Targets name the targets of the ECDFs (stats.Target.String).
	Targets []string `json:"targets"`
}

// ConfigTable is the supplement table of one configuration at one
// dimension.
type ConfigTable struct {
	Config string `json:"config"`
	// Title is cec table's title of the table.
	Title    string          `json:"title"`
	Problems []string        `json:"problems"`
	Sums     []stats.Summary `json:"sums"`
	// Rows are the table's cells as printed (stats.WriteCSV): a header
	// row "problem", problems…, then the rows best … vio, labelled as in
	// the paper (stats.RowLabels: v̄ where the CSV has vbar).
	Rows [][]string `json:"rows"`
	// CSV is the table as cec table -format csv writes it.
	CSV string `json:"csv"`
}

// ProblemCharts are the ECharts options of one problem.
type ProblemCharts struct {
	Problem string `json:"problem"`
	// Convergence is the median best f with its inter-quartile band per
	// configuration (chart.MedianConvergence); absent when every
	// configuration is published runs (no curves).
	Convergence json.RawMessage `json:"convergence,omitempty"`
	// BoxF are box plots of the final f of the feasible runs; BoxV of the
	// final v̄ of the infeasible runs, only when some run ended infeasible
	// (chart.FinalBoxes).
	BoxF json.RawMessage `json:"boxF"`
	BoxV json.RawMessage `json:"boxV,omitempty"`
	// ECDF is the runtime ECDF on this problem (absent as Convergence).
	ECDF json.RawMessage `json:"ecdf,omitempty"`
}

// Summarise computes everything the results view shows of the runs recs
// (records as Read returns them): per dimension, the supplement table of
// every configuration (stats.Summarize: the paper's median rule), the
// pairwise Wilcoxon rank-sum tests of the final results in the
// feasibility-rule order with Holm's correction and the +/−/≈ marks
// (stats.Compare, as cec wilcoxon), the CEC 2018 ranking by the mean and
// the median rules (stats.Rank, as cec rank), and the charts of every
// problem and the runtime ECDF (package chart).
//
// The records must be valid runs (Read checks each one); Summarise
// refuses a run listed twice and runs of one configuration, problem and
// dimension with different budgets, settings or data (CheckRuns), but
// accepts missing runs: a note names every (configuration, problem)
// with fewer runs than the most any has at that dimension, and the tests
// and the ranking use the problems on which every configuration has runs
// (DimResults.Compared).
//
// Summarise returns an error, naming the value, for no records, a listed
// configuration given twice or not a valid algo name, Dim with no runs,
// Alpha outside (0, 1), or a target with a negative or non-finite Delta.
func Summarise(recs []experiment.Record, o ResultsOptions) (*Results, error) {
	if len(recs) == 0 {
		return nil, fmt.Errorf("no runs to summarise")
	}
	// where names a record by its file and line when recs are the records
	// experiment.Read returned (the summarise command's), else by number
	where := experiment.Where(recs)
	if err := experiment.CheckRuns(recs, where); err != nil {
		return nil, err
	}
	alpha, targets, err := o.levels()
	if err != nil {
		return nil, err
	}
	res := &Results{Notes: []string{}, Dims: []DimResults{}}
	res.Notes = append(res.Notes, runNotes(recs, where, o.Grid != nil)...)
	all := experiment.Algos(recs)
	configs := o.Configs
	if len(configs) == 0 {
		configs = all
	}
	for i, c := range configs {
		switch {
		case !experiment.ValidAlgo(c):
			return nil, fmt.Errorf("configuration %q: want a name of lower-case letters, digits and '-' (at most 32), as a record's \"algo\"", c)
		case slices.Contains(configs[:i], c):
			return nil, fmt.Errorf("configuration %q listed twice", c)
		case !slices.Contains(all, c):
			res.Notes = append(res.Notes, fmt.Sprintf("%s: no runs yet.", c))
		default:
			res.Configs = append(res.Configs, c)
		}
	}
	var prog *Progress
	if o.Grid != nil {
		if prog, err = gridProgress(recs, where, o.Configs, o.Grid); err != nil {
			return nil, err
		}
		res.Progress = prog
	}
	partial := prog != nil && prog.Done < prog.Total
	if o.Dim != 0 && !slices.Contains(experiment.Dims(recs), o.Dim) {
		return nil, fmt.Errorf("dim = %d: no runs at that dimension (have %v)", o.Dim, experiment.Dims(recs))
	}
	var shown []experiment.Record
	other := 0
	for _, r := range recs {
		switch {
		case o.Dim != 0 && r.Dim != o.Dim:
		case slices.Contains(res.Configs, r.Algo):
			shown = append(shown, r)
		default:
			other++
		}
	}
	if other > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d run(s) of other configurations (%s) not shown.", other,
			strings.Join(slices.DeleteFunc(slices.Clone(all), func(a string) bool { return slices.Contains(res.Configs, a) }), ", ")))
	}
	res.Runs = len(shown)
	for _, d := range experiment.Dims(shown) {
		dr, notes, err := summariseDim(&dimSummary{recs: shown, configs: res.Configs, dim: d, alpha: alpha, targets: targets,
			logFES: o.LogFES, chartsOf: o.ChartsOf, grid: o.Grid != nil, partial: partial})
		if err != nil {
			return nil, err
		}
		res.Notes = append(res.Notes, notes...)
		res.Dims = append(res.Dims, *dr)
	}
	if partial {
		prog.Label = progressLabel(prog, o.Configs, o.Grid, res.Dims)
		// the LaTeX export says so too (a comment: the tables still compile)
		for i := range res.Dims {
			res.Dims[i].LaTeX = fmt.Sprintf("%% Partial results: %d of %d runs of the experiment are finished.\n", prog.Done, prog.Total) + res.Dims[i].LaTeX
		}
	}
	if o.JSONL {
		if res.JSONL, err = jsonLines(recs); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// runNotes warns of runs that cec table would refuse but the results view
// shows: seeds that are not base + run with one base per (algorithm,
// problem) (CheckSeeds), and, without a grid (whose runs finish in any
// order), an (algorithm, problem, dimension) whose runs are not 0 … n−1.
// Each is one note naming the first such record and how many there are.
func runNotes(recs []experiment.Record, where func(i int) string, grid bool) []string {
	var notes []string
	if err := experiment.CheckSeeds(recs, where, nil); err != nil {
		notes = append(notes, "Seeds: "+err.Error()+"; cec table refuses these runs.")
	}
	if grid {
		return notes
	}
	type span struct{ n, top int }
	cells := map[cell]*span{}
	var order []cell
	for i, r := range recs {
		c := cell{r.Algo, r.Problem, r.Dim}
		sp := cells[c]
		if sp == nil {
			sp = &span{top: i}
			cells[c] = sp
			order = append(order, c)
		}
		sp.n++
		if r.Run > recs[sp.top].Run {
			sp.top = i
		}
	}
	bad, first := 0, -1
	for k, c := range order {
		if sp := cells[c]; recs[sp.top].Run != sp.n-1 { // no run is listed twice (CheckRuns)
			bad++
			if first < 0 {
				first = k
			}
		}
	}
	if bad > 0 {
		c := order[first]
		sp := cells[c]
		notes = append(notes, fmt.Sprintf("Runs: %s on %s at D = %d has %d run(s) but %s is run %d: runs below it are missing (a finished grid has runs 0 … n−1; %d configuration-problem pair(s) have gaps); cec table refuses these runs.",
			c.Algo, c.Problem, c.Dim, sp.n, where(sp.top), recs[sp.top].Run, bad))
	}
	return notes
}

// levels returns o's level of the tests' marks and targets of the runtime
// ECDFs, the defaults for those not given, or an error naming a bad one.
func (o ResultsOptions) levels() (alpha float64, targets []stats.Target, err error) {
	alpha = o.Alpha
	if alpha == 0 {
		alpha = stats.DefaultAlpha
	}
	if !(alpha > 0 && alpha < 1) {
		return 0, nil, fmt.Errorf("alpha = %v: want a level in (0, 1)", o.Alpha)
	}
	targets = o.Targets
	if len(targets) == 0 {
		targets = stats.DefaultTargets()
	}
	for i, t := range targets {
		if !t.Feasible && !(t.Delta >= 0 && !math.IsInf(t.Delta, 0)) {
			return 0, nil, fmt.Errorf("targets[%d]: delta = %v: want a finite number ≥ 0", i, t.Delta)
		}
	}
	return alpha, targets, nil
}

// jsonLines is every record of recs as a JSON line, in canonical order.
func jsonLines(recs []experiment.Record) (string, error) {
	sorted := slices.Clone(recs)
	experiment.Sort(sorted)
	var b strings.Builder
	for _, r := range sorted {
		line, err := experiment.MarshalLine(r)
		if err != nil {
			return "", err
		}
		b.Write(line)
	}
	return b.String(), nil
}

// gridProgress counts the runs of recs in the grid of configs and g,
// refusing a bad grid and a record that is not one of its runs.
func gridProgress(recs []experiment.Record, where func(i int) string, configs []string, g *Grid) (*Progress, error) {
	switch {
	case len(configs) == 0:
		return nil, fmt.Errorf("grid: want its configurations (configs)")
	case g.Runs < 1:
		return nil, fmt.Errorf("grid: runs = %d: want at least 1", g.Runs)
	case len(g.Problems) == 0:
		return nil, fmt.Errorf("grid: no problems")
	}
	done := map[cell]int{}
	for i, p := range g.Problems {
		k := cell{"", p.Problem, p.Dim}
		if p.Problem == "" || p.Dim < 1 {
			return nil, fmt.Errorf("grid: problems[%d] = %q at D = %d: want a problem at a dimension ≥ 1", i, p.Problem, p.Dim)
		}
		if _, twice := done[k]; twice {
			return nil, fmt.Errorf("grid: %s at D = %d listed twice", p.Problem, p.Dim)
		}
		done[k] = 0
	}
	for i, r := range recs {
		_, ok := done[cell{"", r.Problem, r.Dim}]
		if !ok || !slices.Contains(configs, r.Algo) || r.Run >= g.Runs {
			return nil, fmt.Errorf("%s (%s): not a run of the grid (%s × %d problem(s) × %d runs)", where(i), r.Key(), strings.Join(configs, ", "), len(g.Problems), g.Runs)
		}
		done[cell{r.Algo, r.Problem, r.Dim}]++
	}
	p := &Progress{Total: len(configs) * len(g.Problems) * g.Runs, Pending: []PendingCell{}}
	for _, c := range configs {
		for _, gp := range g.Problems {
			n := done[cell{c, gp.Problem, gp.Dim}]
			p.Done += n
			if n < g.Runs {
				p.Pending = append(p.Pending, PendingCell{Config: c, Problem: gp.Problem, Dim: gp.Dim, Done: n, Runs: g.Runs})
			}
		}
	}
	return p, nil
}

// progressLabel says what partial results are of: how many runs are in,
// and at each dimension of the grid what the tests and the ranking cover
// (DimResults.Compared: the problems with finished runs of every
// configuration that has runs there) and which configurations they leave
// out.
func progressLabel(p *Progress, configs []string, g *Grid, dims []DimResults) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Partial results: %d of %d runs are finished.", p.Done, p.Total)
	lo, hi := g.Runs, 0
	done := map[cell]int{}
	for _, c := range p.Pending {
		done[cell{c.Config, c.Problem, c.Dim}] = c.Done
	}
	for _, c := range configs {
		for _, gp := range g.Problems {
			n, pending := done[cell{c, gp.Problem, gp.Dim}]
			if !pending {
				n = g.Runs
			}
			lo, hi = min(lo, n), max(hi, n)
		}
	}
	span := fmt.Sprint(lo)
	if lo != hi {
		span = fmt.Sprintf("%d–%d", lo, hi)
	}
	fmt.Fprintf(&b, " Every table, test, rank and chart is of the finished runs only (%s of the %d runs of each configuration on each problem) and changes as more finish.", span, g.Runs)
	var gdims []int
	for _, gp := range g.Problems {
		if !slices.Contains(gdims, gp.Dim) {
			gdims = append(gdims, gp.Dim)
		}
	}
	slices.Sort(gdims)
	for _, d := range gdims {
		var planned []string
		for _, gp := range g.Problems {
			if gp.Dim == d {
				planned = append(planned, gp.Problem)
			}
		}
		i := slices.IndexFunc(dims, func(dr DimResults) bool { return dr.Dim == d })
		if i < 0 {
			fmt.Fprintf(&b, " No run at D = %d is finished yet.", d)
			continue
		}
		dr := dims[i]
		var missing []string
		for _, c := range configs {
			if !slices.ContainsFunc(dr.Tables, func(t ConfigTable) bool { return t.Config == c }) {
				missing = append(missing, c)
			}
		}
		if len(missing) > 0 {
			fmt.Fprintf(&b, " At D = %d %s %s no finished run yet and %s left out of the tests and the ranking.", d, strings.Join(missing, ", "),
				map[bool]string{true: "has", false: "have"}[len(missing) == 1], map[bool]string{true: "is", false: "are"}[len(missing) == 1])
		}
		what, cover := "tests and the ranking", "cover"
		if len(dr.Tables) < 2 {
			what, cover = "ranking (no tests: one configuration)", "covers"
		}
		switch {
		case len(dr.Compared) == 0:
			fmt.Fprintf(&b, " At D = %d no problem has finished runs of every configuration yet: no tests, no ranking.", d)
		case len(dr.Compared) < len(planned):
			fmt.Fprintf(&b, " The %s at D = %d %s %d of its %d problems (%s), those on which every configuration compared has finished runs.", what, d, cover, len(dr.Compared), len(planned), strings.Join(dr.Compared, ", "))
		default:
			fmt.Fprintf(&b, " The %s at D = %d %s all its problems (%d).", what, d, cover, len(planned))
		}
	}
	return b.String()
}

// dimSummary is what summariseDim works with at one dimension: the
// records shown and what Summarise was asked for.
type dimSummary struct {
	// recs are the records shown, at every dimension; configs their
	// configurations (each with runs somewhere, not necessarily at dim).
	recs    []experiment.Record
	configs []string
	dim     int
	// alpha is the level of the tests' marks; targets those of the
	// runtime ECDFs; logFES and chartsOf are ResultsOptions'.
	alpha    float64
	targets  []stats.Target
	logFES   bool
	chartsOf string
	// grid: the runs a pair lacks are named by Progress, not in the
	// notes; partial marks the chart titles.
	grid, partial bool

	// cells index the records at dim by cell, each cell's by run (Select
	// scans every record, and the charts ask for every cell several
	// times); here are the configurations with runs at dim.
	cells map[cell][]experiment.Record
	here  []string
}

// summariseDim computes the results at dimension s.dim, with the notes
// they call for.
func summariseDim(s *dimSummary) (*DimResults, []string, error) {
	d := s.dim
	dr := &DimResults{Dim: d, Problems: experiment.Problems(s.recs, d), Compared: []string{}, Charts: []ProblemCharts{}}
	s.cells = byCell(s.recs, d)
	for _, t := range s.targets {
		dr.Targets = append(dr.Targets, t.String())
	}
	notes := s.findHere(dr.Problems)
	var err error
	if dr.Tables, dr.LaTeX, err = s.tables(); err != nil {
		return nil, nil, err
	}
	if err := s.compare(dr); err != nil {
		return nil, nil, err
	}
	if left := len(dr.Problems) - len(dr.Compared); left > 0 && len(dr.Compared) > 0 && !s.grid { // with the grid, Progress.Label says it
		notes = append(notes, fmt.Sprintf("D = %d: %d problem(s) without runs of every configuration are left out of the tests and the ranking.", d, left))
	}
	var finalOnly []string
	for _, c := range s.here {
		if s.finalOnly(c) {
			finalOnly = append(finalOnly, experiment.DisplayName(c))
		}
	}
	if len(finalOnly) > 0 {
		notes = append(notes, fmt.Sprintf("D = %d: %s: published runs with final values only, in the tables, tests and ranks and the final boxes, not in the convergence charts or the runtime ECDFs (no curves).", d, strings.Join(finalOnly, ", ")))
	}
	if err := s.charts(dr); err != nil {
		return nil, nil, err
	}
	return dr, notes, nil
}

// finalOnly reports whether configuration c's runs at s.dim hold final
// values only (published runs: experiment.Record.FinalOnly).
func (s *dimSummary) finalOnly(c string) bool {
	for k, rs := range s.cells {
		if k.Algo == c && len(rs) > 0 {
			return rs[0].FinalOnly()
		}
	}
	return false
}

// sel is Select at s.dim, from the index.
func (s *dimSummary) sel(algo, prob string) []experiment.Record {
	return s.cells[cell{algo, prob, s.dim}]
}

// findHere sets s.here, the configurations with runs at s.dim, and notes
// each (configuration, problem) with fewer runs than the most any has
// (not with a grid: Progress names them).
func (s *dimSummary) findHere(problems []string) []string {
	most := 0
	for _, c := range s.configs {
		for _, p := range problems {
			n := len(s.sel(c, p))
			most = max(most, n)
			if n > 0 && !slices.Contains(s.here, c) {
				s.here = append(s.here, c)
			}
		}
	}
	var notes []string
	short := 0
	for _, c := range s.here {
		for _, p := range problems {
			if n := len(s.sel(c, p)); n < most && !s.grid {
				if short++; short <= maxShortNotes {
					notes = append(notes, fmt.Sprintf("%s on %s at D = %d: %d of %d runs.", c, p, s.dim, n, most))
				}
			}
		}
	}
	if short > maxShortNotes {
		notes = append(notes, fmt.Sprintf("D = %d: %d more (configuration, problem) pair(s) with fewer than %d runs.", s.dim, short-maxShortNotes, most))
	}
	return notes
}

// maxShortNotes bounds the notes that name a (configuration, problem)
// with fewer runs than the most at a dimension; one more counts the
// rest (a file of 20,000 problems would have as many notes).
const maxShortNotes = 20

// tables returns the supplement table of every configuration with runs
// at s.dim and all of them in LaTeX (DimResults.LaTeX).
func (s *dimSummary) tables() ([]ConfigTable, string, error) {
	d := s.dim
	var tables []ConfigTable
	var latex bytes.Buffer
	for _, c := range s.here {
		probs, sums, err := experiment.Summaries(s.recs, c, d)
		if err != nil {
			return nil, "", err
		}
		t := ConfigTable{Config: c, Title: experiment.TableTitle(c, d, sums, experiment.SharedMaxFES(s.recs, c, d)), Problems: probs, Sums: sums}
		var b bytes.Buffer
		if err := stats.WriteCSV(&b, probs, sums); err != nil {
			return nil, "", err
		}
		t.CSV = b.String()
		if t.Rows, err = csv.NewReader(&b).ReadAll(); err != nil {
			return nil, "", fmt.Errorf("reading back the table of %s: %v", c, err)
		}
		for k, l := range stats.RowLabels() {
			t.Rows[k+1][0] = l // v̄, not CSV's vbar
		}
		if latex.Len() > 0 {
			latex.WriteString("\n")
		}
		fmt.Fprintf(&latex, "%% %s\n", t.Title)
		if err := stats.WriteLaTeX(&latex, probs, sums); err != nil {
			return nil, "", err
		}
		tables = append(tables, t)
	}
	return tables, latex.String(), nil
}

// compare sets dr.Compared, the problems every configuration of s.here
// ran, and the tests and the ranking on them.
func (s *dimSummary) compare(dr *DimResults) error {
	d := s.dim
	samples := map[string][]stats.Sample{}
	entries := map[string][]stats.Entry{}
	for _, p := range dr.Problems {
		var ss []stats.Sample
		var es []stats.Entry
		for _, c := range s.here {
			rs := s.sel(c, p)
			if len(rs) == 0 {
				break
			}
			runs := experiment.StatsRuns(rs)
			sum, err := stats.Summarize(runs)
			if err != nil {
				return fmt.Errorf("%s on %s at D=%d: %v", c, p, d, err)
			}
			ss = append(ss, stats.Sample{Name: c, Runs: runs})
			es = append(es, stats.Entry{Algorithm: c, Summary: sum})
		}
		if len(ss) < len(s.here) {
			continue
		}
		dr.Compared = append(dr.Compared, p)
		samples[p], entries[p] = ss, es
	}
	if len(dr.Compared) == 0 {
		return nil
	}
	var err error
	if len(s.here) >= 2 {
		if dr.Tests, err = stats.Compare(dr.Compared, samples, s.alpha); err != nil {
			return fmt.Errorf("D=%d: %v", d, err)
		}
	}
	if dr.Rank, err = stats.Rank(dr.Compared, entries); err != nil {
		return fmt.Errorf("D=%d: %v", d, err)
	}
	return nil
}

// charts sets dr.Charts, the charts of every problem (of s.chartsOf only,
// when given), and dr.ECDF, the runtime ECDF pooled over every problem
// and target.
func (s *dimSummary) charts(dr *DimResults) error {
	d := s.dim
	budget := 0
	for _, r := range s.recs {
		if r.Dim == d {
			budget = max(budget, r.MaxFES)
		}
	}
	chartsOf := s.chartsOf
	if chartsOf != "" && !slices.Contains(dr.Problems, chartsOf) {
		chartsOf = dr.Problems[0]
	}
	pooled := make([][]int, len(s.here)) // the first hits of every problem, per configuration
	for _, p := range dr.Problems {
		pc, err := s.problemCharts(p, chartsOf == "" || p == chartsOf, budget, pooled)
		if err != nil {
			return err
		}
		if pc != nil {
			dr.Charts = append(dr.Charts, *pc)
		}
	}
	var series []chart.ECDFSeries
	for k, c := range s.here {
		if s.finalOnly(c) {
			continue
		}
		e, err := stats.NewECDF(pooled[k])
		if err != nil {
			return fmt.Errorf("%s at D=%d: %v", c, d, err)
		}
		series = append(series, chart.ECDFSeries{Name: experiment.DisplayName(c), ECDF: e})
	}
	if len(series) == 0 {
		return nil // every configuration is published runs: no curves
	}
	title := fmt.Sprintf("Runtime ECDF, D = %d, %d problem(s) × %d target(s)", d, len(dr.Problems), len(s.targets)) + s.mark()
	var err error
	dr.ECDF, err = chart.RuntimeECDF(series, chart.ECDFOptions{Title: title, LogFES: s.logFES, To: budget})
	return err
}

// mark is what the chart titles end with: " (partial)" while runs of the
// grid are missing.
func (s *dimSummary) mark() string {
	if s.partial {
		return " (partial)"
	}
	return ""
}

// problemCharts appends the first hits of every configuration on problem
// p to pooled (indexed as s.here) and, with draw, returns p's charts (nil
// without draw): the convergence bands, the final boxes and the runtime
// ECDF up to budget.
func (s *dimSummary) problemCharts(p string, draw bool, budget int, pooled [][]int) (*ProblemCharts, error) {
	d, mark := s.dim, s.mark()
	pc := ProblemCharts{Problem: p}
	var bands []chart.BandSeries
	var boxes []stats.Sample
	var traces [][]stats.Trace
	var sets [][]stats.Run
	var names []string
	infeasible := false
	for _, c := range s.here {
		rs := s.sel(c, p)
		if len(rs) == 0 {
			continue
		}
		name := experiment.DisplayName(c)
		runs := experiment.StatsRuns(rs)
		sets = append(sets, runs)
		if rs[0].FinalOnly() { // published: the final boxes only
			if draw {
				boxes = append(boxes, stats.Sample{Name: name, Runs: runs})
				for _, r := range rs {
					infeasible = infeasible || !r.Feasible
				}
			}
			continue
		}
		names = append(names, c)
		traces = append(traces, experiment.StatsTraces(rs))
		if !draw {
			continue
		}
		b, err := stats.ConvergenceBand(experiment.StatsCurves(rs))
		if err != nil {
			return nil, fmt.Errorf("%s on %s at D=%d: %v", c, p, d, err)
		}
		bands = append(bands, chart.BandSeries{Name: name, Band: b})
		boxes = append(boxes, stats.Sample{Name: name, Runs: runs})
		for _, r := range rs {
			infeasible = infeasible || !r.Feasible
		}
	}
	title := fmt.Sprintf("%s, D = %d", p, d)
	var err error
	if draw {
		if len(bands) > 0 { // (none: every configuration is published runs)
			if pc.Convergence, err = chart.MedianConvergence(bands, chart.BandOptions{Title: title + ": median best f, inter-quartile band" + mark, LogFES: s.logFES}); err != nil {
				return nil, err
			}
		}
		if pc.BoxF, err = chart.FinalBoxes(boxes, chart.BoxOptions{Title: title + ": final f of the feasible runs" + mark}); err != nil {
			return nil, err
		}
		if infeasible {
			if pc.BoxV, err = chart.FinalBoxes(boxes, chart.BoxOptions{Title: title + ": final v̄ of the infeasible runs" + mark, Violation: true}); err != nil {
				return nil, err
			}
		}
	}
	fRef, _ := stats.BestKnown(sets...)
	var series []chart.ECDFSeries
	for i, c := range names {
		h, err := stats.FirstHits(traces[i], s.targets, fRef)
		if err != nil {
			return nil, fmt.Errorf("%s on %s at D=%d: %v", c, p, d, err)
		}
		var flat []int
		for _, row := range h {
			flat = append(flat, row...)
		}
		k := slices.Index(s.here, c)
		pooled[k] = append(pooled[k], flat...)
		if !draw {
			continue
		}
		e, err := stats.NewECDF(flat)
		if err != nil {
			return nil, fmt.Errorf("%s on %s at D=%d: %v", c, p, d, err)
		}
		series = append(series, chart.ECDFSeries{Name: experiment.DisplayName(c), ECDF: e})
	}
	if !draw {
		return nil, nil
	}
	if len(series) == 0 {
		return &pc, nil
	}
	if pc.ECDF, err = chart.RuntimeECDF(series, chart.ECDFOptions{Title: title + ": runtime ECDF" + mark, LogFES: s.logFES, To: budget}); err != nil {
		return nil, err
	}
	return &pc, nil
}

// cell is an (algorithm, problem, dimension) of a grid.
type cell struct {
	Algo, Problem string
	Dim           int
}

// byCell indexes the records of recs at dim by (algorithm, problem), each
// cell's sorted by run: experiment.Select of every cell in one pass.
func byCell(recs []experiment.Record, dim int) map[cell][]experiment.Record {
	m := map[cell][]experiment.Record{}
	for _, r := range recs {
		if r.Dim == dim {
			k := cell{r.Algo, r.Problem, dim}
			m[k] = append(m[k], r)
		}
	}
	for _, rs := range m {
		slices.SortFunc(rs, func(a, b experiment.Record) int { return a.Run - b.Run })
	}
	return m
}
