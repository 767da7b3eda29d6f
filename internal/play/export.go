package play

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"pcaplay/core/chart"
	"pcaplay/core/solver"
	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play/wire"
)

// Exports of a run: its history as CSV and JSON, and the
// `cec run` command line that reproduces it natively. Go writes every byte
// of them; the page only saves or shows the text.
//
// The history is the run's convergence record (History): every generation
// up to DefaultHistoryCap generations, then evenly thinned, always with
// every first hit and the newest generation, so that the file of a run of
// 10⁸ generations stays small. The generation column says which were kept.

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

// Rows returns the kept generations and the newest, in order.
func (h *History) Rows() []HistoryRow {
	out := make([]HistoryRow, 0, h.Len())
	add := func(q histPoint) {
		out = append(out, HistoryRow{Generation: q.gen, FES: q.FES, BestF: q.BestF, BestV: q.BestV,
			Feasible: q.Feasible, PopSize: q.PopSize})
	}
	for _, q := range h.pts {
		add(q)
	}
	if h.n > 0 && (len(h.pts) == 0 || h.pts[len(h.pts)-1].gen != h.last.gen) {
		add(h.last)
	}
	return out
}

// HistoryColumns are the CSV header's columns, the JSON rows' keys.
var HistoryColumns = []string{"generation", "fes", "best_f", "best_v", "feasible_fraction", "pop_size"}

// exact writes x with the fewest digits that read back to the same bits
// (NaN and ±Inf as NaN, +Inf, -Inf).
func exact(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// HistoryCSV returns the history as CSV: a header row (HistoryColumns) and
// one row per kept generation, numbers written exactly.
func (s *Session) HistoryCSV() []byte {
	var b bytes.Buffer
	b.WriteString(strings.Join(HistoryColumns, ",") + "\n")
	for _, r := range s.History.Rows() {
		b.WriteString(strconv.Itoa(r.Generation) + "," + strconv.Itoa(r.FES) + "," + exact(r.BestF) + "," +
			exact(r.BestV) + "," + exact(r.Feasible) + "," + strconv.Itoa(r.PopSize) + "\n")
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

// HistoryJSON returns the history as JSON (HistoryExport). Non-finite
// numbers, which JSON cannot hold, are written as null.
func (s *Session) HistoryJSON() ([]byte, error) {
	rows := s.History.Rows()
	cmd, _ := s.Command()
	e := HistoryExport{Problem: s.Cfg.Problem, Dim: s.Cfg.Dim, Algo: s.Cfg.Algo, Seed: s.Cfg.Seed, MaxFES: s.Cfg.FES,
		Data: s.Data.Label, Settings: s.Cfg.Params, Command: cmd, Generations: s.History.Added(),
		Thinned: len(rows) < s.History.Added(), History: rows}
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
	for _, r := range rows {
		out.History = append(out.History, row{r.Generation, r.FES, fin(r.BestF), fin(r.BestV), fin(r.Feasible), r.PopSize})
	}
	if out.History == nil {
		out.History = []row{}
	}
	return json.MarshalIndent(out, "", " ")
}

// CommandArgs returns the arguments of the `cec run` command that makes
// run c natively, bit for bit (its final best is this run's at the end of
// its budget): problem, D, algorithm, one run of the seed, the budget, the
// data the run uses where it is not cec's default (official), every
// parameter that differs from the algorithm's default at D, and -json (the
// record prints f exactly). data is DataInfo.Label: official, generated or
// none; other data (files that are not the official ones) has no flag, and
// CommandArgs says so.
func CommandArgs(c Config, data string) ([]string, error) {
	args := []string{"run", "-problem", c.Problem, "-dim", strconv.Itoa(c.Dim), "-algo", c.Algo,
		"-runs", "1", "-seed", strconv.FormatUint(c.Seed, 10), "-fes", strconv.Itoa(c.FES)}
	switch data {
	case experiment.DataOfficial, experiment.DataNone, "":
	case experiment.DataGenerated:
		args = append(args, "-data", "generated")
	default:
		return nil, wire.Errorf(wire.CodeBadArgument, "the run uses CEC 2017 data %s, which are not the official files: no cec run flag selects them", Cut(data, EchoMax))
	}
	alg, err := solver.Lookup(c.Algo)
	if err != nil {
		return nil, err
	}
	var set []string
	for _, p := range alg.Defaults(c.Dim).Params() {
		if v, ok := c.Params[p.Key]; ok && v != p.Format(p.Get()) {
			set = append(set, p.Key+"="+v)
		}
	}
	if len(set) > 0 {
		args = append(args, "-set", strings.Join(set, ","))
	}
	return append(args, "-json"), nil
}

// Command returns the shell command line of CommandArgs for this run
// ("cec run -problem …"), quoted for a POSIX shell where needed.
func (s *Session) Command() (string, error) {
	args, err := CommandArgs(s.Cfg, s.Data.Label)
	if err != nil {
		return "", err
	}
	q := []string{"cec"}
	for _, a := range args {
		q = append(q, shellQuote(a))
	}
	return strings.Join(q, " "), nil
}

// shellQuote returns a as one word of a POSIX shell.
func shellQuote(a string) string {
	if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,=+/:") == "" {
		return a
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}

// ExportName returns the file name of an export with extension ext:
// pcaplay-C05-D10-pmode-seed1.csv.
func (s *Session) ExportName(ext string) string {
	return "pcaplay-" + s.Cfg.Problem + "-D" + strconv.Itoa(s.Cfg.Dim) + "-" + s.Cfg.Algo + "-seed" +
		strconv.FormatUint(s.Cfg.Seed, 10) + "." + ext
}

// Export is one export of a run: its text, file name and media type.
type Export struct {
	Text string `js:"text"`
	Name string `js:"name"`
	Type string `js:"type"`
}

// Exports are the kinds Session.Export makes.
var Exports = []string{"csv", "json", "command", "chart"}

// Export returns the export of kind what (Exports): the history as "csv"
// or "json", the reproducing "command", or the whole convergence "chart"
// (one ECharts option, for the page's PNG and SVG of the chart).
func (s *Session) Export(what string) (*Export, error) {
	switch what {
	case "csv":
		return &Export{Text: string(s.HistoryCSV()), Name: s.ExportName("csv"), Type: "text/csv"}, nil
	case "json":
		b, err := s.HistoryJSON()
		if err != nil {
			return nil, err
		}
		return &Export{Text: string(b), Name: s.ExportName("json"), Type: "application/json"}, nil
	case "command":
		c, err := s.Command()
		if err != nil {
			return nil, err
		}
		return &Export{Text: c, Name: s.ExportName("sh"), Type: "text/plain"}, nil
	case "chart":
		b, err := s.ConvergenceJSON(ChartPoints)
		if err != nil {
			return nil, err
		}
		return &Export{Text: string(b), Name: s.ExportName("svg"), Type: "application/json"}, nil
	}
	return nil, wire.Errorf(wire.CodeBadArgument, "export %q: want one of %s", Cut(what, EchoMax), strings.Join(Exports, ", "))
}

// VarianceColumns are the header of the explained-variance CSV.
var VarianceColumns = []string{"component", "eigenvalue", "explained_fraction", "cumulative_fraction"}

// VarianceCSV returns the explained variance of principal components with
// eigenvalues values (descending, as PCView.Values) as CSV: a header row
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
		b.WriteString("PC" + strconv.Itoa(i+1) + "," + exact(values[i]) + "," + exact(e) + "," + exact(c) + "\n")
	}
	return b.Bytes()
}

// ScoreboardColumns are the header of the scoreboard's CSV: the run's
// letter and name, the FES of each target (Scoreboard.Targets: the best
// point first feasible, then f − f_best ≤ ε for ScoreTargets), f_best and
// whether it is the problem's optimum f*.
func ScoreboardColumns() []string {
	cols := []string{"run", "name", "feasible"}
	for _, e := range ScoreTargets {
		cols = append(cols, "within_"+formatEps(e))
	}
	return append(cols, "f_best", "f_best_is_optimum")
}

// ScoreboardCSV returns the scoreboard as CSV (ScoreboardColumns), one row
// per run named names[i]: a target not reached (yet) is an empty cell,
// f_best is written exactly (empty while no run is feasible and f* is not
// known).
func ScoreboardCSV(sb Scoreboard, names []string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(ScoreboardColumns())
	fbest := ""
	if !math.IsNaN(sb.FBest) {
		fbest = exact(sb.FBest)
	}
	for i, row := range sb.FES {
		rec := []string{strings.ToUpper(RunLetters[i]), names[i]}
		for _, fes := range row {
			if fes < 0 {
				rec = append(rec, "")
			} else {
				rec = append(rec, strconv.Itoa(fes))
			}
		}
		w.Write(append(rec, fbest, strconv.FormatBool(sb.Known)))
	}
	w.Flush()
	return b.Bytes()
}

// ScoreboardLaTeX returns the scoreboard as a LaTeX tabular under a
// "% title" comment line naming the problem and f_best; a board whose
// runs have not reached the end of their budget (Partial) starts with a
// "% Partial: …" line, as partial results do. A target not reached is --.
func ScoreboardLaTeX(sb Scoreboard, names []string, problem string, dim int) []byte {
	var b strings.Builder
	if sb.Partial {
		fmt.Fprintf(&b, "%% Partial: the runs stand at %d of %d FES; the FES and f_best may still change.\n", sb.At, sb.MaxFES)
	}
	ref := "none yet (no run is feasible)"
	switch {
	case math.IsNaN(sb.FBest):
	case sb.Known:
		ref = exact(sb.FBest) + " (the problem's optimum f*, or a run's better f)"
	default:
		ref = exact(sb.FBest) + " (the best any run has found)"
	}
	fmt.Fprintf(&b, "%% %s, D = %d: the FES at which each run first reached a target; f_best = %s\n", problem, dim, ref)
	fmt.Fprintf(&b, "\\begin{tabular}{|l|%s|}\n\\hline\n", strings.Repeat("r|", len(sb.Targets))[:2*len(sb.Targets)-1])
	b.WriteString("run & feasible")
	for _, e := range ScoreTargets {
		fmt.Fprintf(&b, " & $f - f_{best} \\le %s$", latexNumber(e))
	}
	b.WriteString(" \\\\ \\hline\n")
	for i, row := range sb.FES {
		b.WriteString(stats.EscapeLaTeX(names[i]))
		for _, fes := range row {
			if fes < 0 {
				b.WriteString(" & --")
			} else {
				b.WriteString(" & " + strconv.Itoa(fes))
			}
		}
		b.WriteString(" \\\\\n")
	}
	b.WriteString("\\hline\n\\end{tabular}\n")
	return []byte(b.String())
}

// latexNumber writes e (a power of ten, as ScoreTargets) as 10^{k}, or as
// formatEps's text otherwise.
func latexNumber(e float64) string {
	k := math.Round(math.Log10(e))
	if math.Pow(10, k) == e {
		return "10^{" + strconv.Itoa(int(k)) + "}"
	}
	return formatEps(e)
}
