package play

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"pcaplay/core/problem/formula"
	"pcaplay/core/solver"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play/export"
	"pcaplay/internal/play/wire"
)

// Exports of a run: its history as CSV and JSON (written by package
// export), and the `cec run` command line that reproduces it natively. Go
// writes every byte of them; the page only saves or shows the text.
//
// The history is the run's convergence record (History): every generation
// up to DefaultHistoryCap generations, then evenly thinned, always with
// every first hit and the newest generation, so that the file of a run of
// 10⁸ generations stays small. The generation column says which were kept.

// Rows returns the kept generations and the newest, in order.
func (h *History) Rows() []export.HistoryRow {
	out := make([]export.HistoryRow, 0, h.Len())
	add := func(q histPoint) {
		out = append(out, export.HistoryRow{Generation: q.gen, FES: q.FES, BestF: q.BestF, BestV: q.BestV,
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

// HistoryCSV returns the history as CSV (export.HistoryCSV of
// History.Rows).
func (s *Session) HistoryCSV() []byte { return export.HistoryCSV(s.History.Rows()) }

// HistoryJSON returns the history as JSON (export.HistoryJSON): the run's
// configuration, the command that reproduces it, and its history.
func (s *Session) HistoryJSON() ([]byte, error) {
	rows := s.History.Rows()
	cmd, _ := s.Command()
	return export.HistoryJSON(export.HistoryExport{Problem: s.Config.Problem, Dim: s.Config.Dim, Algo: s.Config.Algo, Seed: s.Config.Seed, MaxFES: s.Config.FES,
		Data: s.Data.Label, Settings: s.Config.Params, Command: cmd, Generations: s.History.Added(),
		Thinned: len(rows) < s.History.Added(), History: rows})
}

// CommandArgs returns the arguments of the `cec run` command that makes
// run c natively, bit for bit (its final best is this run's at the end of
// its budget): problem, D, algorithm, one run of the seed, the budget, the
// data the run uses where it is not cec's default (official), every
// parameter that differs from the algorithm's default at D, and -json (the
// record prints f exactly). data is DataInfo.Label: official, generated or
// none; other data (files that are not the official ones) has no flag, and
// CommandArgs says so. Under a preset (preset=gecco2019) the command names
// the preset and only the parameters that differ from its values.
func CommandArgs(c Config, data string) ([]string, error) {
	problem := c.Problem
	if c.Typed != nil {
		// the problem's file, which the page saves beside the command
		// (Export "problem"), under this name
		problem = "@" + ProblemFileName(c.Typed)
	}
	args := []string{"run", "-problem", problem, "-dim", strconv.Itoa(c.Dim), "-algo", c.Algo,
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
	// A preset, then the values that differ from the defaults under it.
	s := alg.Defaults(c.Dim)
	for _, p := range s.Params() {
		if v, ok := c.Params[p.Key]; ok {
			if err := solver.SetParam(s, p.Key, v); err != nil {
				return nil, err
			}
		}
	}
	var set []string
	for _, p := range solver.UnderPreset(alg.Defaults(c.Dim), s).Params() {
		def := p.Format(p.Get())
		if p.Key == solver.PresetKey {
			def = p.Format(p.Default)
		}
		if v, ok := c.Params[p.Key]; ok && v != def {
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
	args, err := CommandArgs(s.Config, s.Data.Label)
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
	if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,=+/:@") == "" {
		return a
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}

// ExportName returns the file name of an export with extension ext:
// pcaplay-C05-D10-pmode-seed1.csv.
func (s *Session) ExportName(ext string) string {
	return "pcaplay-" + s.Config.Problem + "-D" + strconv.Itoa(s.Config.Dim) + "-" + s.Config.Algo + "-seed" +
		strconv.FormatUint(s.Config.Seed, 10) + "." + ext
}

// Export is one export of a run: its text, file name and media type.
type Export struct {
	Text string `js:"text"`
	Name string `js:"name"`
	Type string `js:"type"`
}

// Exports are the kinds Session.Export makes.
var Exports = []string{"csv", "json", "command", "chart", "problem"}

// ProblemFileName is the name of a typed problem's file that the native
// command reads (-problem @NAME.json): its name with ".json".
func ProblemFileName(d *formula.Definition) string { return d.Name + ".json" }

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
	case "problem":
		// a typed problem's definition, the file -problem @NAME.json of
		// the command reads (the canonical form: the same name_hash)
		if s.Config.Typed == nil {
			return nil, wire.Errorf(wire.CodeBadArgument, "export problem: %s is not a typed problem (its definition is in cec)", Cut(s.Config.Problem, EchoMax))
		}
		var b bytes.Buffer
		if err := json.Indent(&b, s.Config.Typed.Canonical(), "", "  "); err != nil {
			return nil, err
		}
		b.WriteByte('\n')
		return &Export{Text: b.String(), Name: ProblemFileName(s.Config.Typed), Type: "application/json"}, nil
	}
	return nil, wire.Errorf(wire.CodeBadArgument, "export %q: want one of %s", Cut(what, EchoMax), strings.Join(Exports, ", "))
}
