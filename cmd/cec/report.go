package main

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"pcaplay/core/chart"
	"pcaplay/internal/experiment"
)

// echartsFile is the name of the ECharts script written next to a report;
// the report loads it with a relative src, so the page works offline.
const echartsFile = "echarts.min.js"

// cmdReport writes an HTML report: the rank tables and, per problem, the
// median convergence curve of every algorithm with its interquartile band.
func cmdReport(args []string, stdout io.Writer) error {
	fs := newFlags("report", "report runs.jsonl … -o report.html [-echarts FILE]", stdout)
	outPath := fs.String("o", "", "the HTML file to write (required); "+echartsFile+" is copied next to it")
	echartsSrc := fs.String("echarts", defaultECharts, "the ECharts build to copy next to the report")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *outPath == "" {
		return badInput("-o is required (the HTML file to write)")
	}
	if filepath.Base(*outPath) == echartsFile {
		return badInput("-o %s: that name is reserved for the ECharts script", *outPath)
	}
	recs, err := loadGrid(files)
	if err != nil {
		return err
	}
	src := findFile(*echartsSrc)
	js, err := os.ReadFile(src)
	if err != nil || len(js) == 0 {
		return badInput("-echarts %s: not found; run `npm ci --prefix site` to install the pinned ECharts (or pass -echarts FILE)", *echartsSrc)
	}
	page, err := buildReport(recs, files)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(filepath.Dir(*outPath), echartsFile), js); err != nil {
		return failure("writing %s: %v", echartsFile, err)
	}
	if err := writeFileAtomic(*outPath, page); err != nil {
		return failure("-o: %v", err)
	}
	return nil
}

// quartileRuns returns the indexes, in the CEC order (feasible runs first
// by f, then infeasible ones by v̄, then f), of the lower-quartile, median
// and upper-quartile run among n. The median is the one stats.Summarize
// reports (the better middle run for even n).
func quartileRuns(n int) (lo, med, hi int) {
	return int(math.Round(0.25 * float64(n-1))), (n - 1) / 2, int(math.Round(0.75 * float64(n-1)))
}

// curveBand holds, at each grid point, f and v̄ of the quartile runs.
type curveBand struct {
	fes            []int
	fLo, fMed, fHi []float64 // NaN where that run is infeasible
	vLo, vMed, vHi []float64
	runs           int
}

// band computes the quartile runs at every point of the shared curve grid.
func band(recs []experiment.Record) (curveBand, error) {
	b := curveBand{runs: len(recs)}
	if len(recs) == 0 {
		return b, fmt.Errorf("no runs")
	}
	b.fes = recs[0].Curve.FES
	for _, r := range recs {
		if !slices.Equal(r.Curve.FES, b.fes) {
			return b, fmt.Errorf("%s: its curve grid differs from that of run %d", r.Key(), recs[0].Run)
		}
	}
	lo, med, hi := quartileRuns(len(recs))
	type pt struct{ f, v float64 }
	col := make([]pt, len(recs))
	for k := range b.fes {
		for i, r := range recs {
			col[i] = pt{r.Curve.F[k], r.Curve.V[k]}
		}
		slices.SortStableFunc(col, func(a, c pt) int {
			switch {
			case (a.v == 0) != (c.v == 0):
				if a.v == 0 {
					return -1
				}
				return 1
			case a.v != c.v:
				return cmpF(a.v, c.v)
			}
			return cmpF(a.f, c.f)
		})
		fv := func(p pt) float64 {
			if p.v == 0 {
				return p.f
			}
			return math.NaN()
		}
		b.fLo = append(b.fLo, fv(col[lo]))
		b.fMed = append(b.fMed, fv(col[med]))
		b.fHi = append(b.fHi, fv(col[hi]))
		b.vLo = append(b.vLo, col[lo].v)
		b.vMed = append(b.vMed, col[med].v)
		b.vHi = append(b.vHi, col[hi].v)
	}
	return b, nil
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// num is x for JSON, nil (a gap) when x is not finite.
func num(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}

// bandChart draws, for each algorithm, the median line and the band
// between the quartile runs (a transparent base series plus a stacked
// difference with a filled area, all named after the algorithm so that the
// legend toggles them together).
func bandChart(id, title, subtitle, yName, yType string, symlog bool, algos []string, lo, med, hi map[string][]float64, fes map[string][]int) *charts.Line {
	line := charts.NewLine()
	inv := "y"
	if symlog {
		inv = "(y < 0 ? -1 : 1) * (Math.pow(10, Math.abs(y)) - 1)"
	}
	// The tooltip lists the median series only (every third series) and
	// shows values in the data's own scale.
	tip := opts.FuncOpts(`function (ps) {
		if (!ps.length) { return ''; }
		var s = 'FES ' + ps[0].value[0];
		ps.forEach(function (p) {
			var y = p.value[1];
			if (p.seriesIndex % 3 !== 2 || y === null || y === undefined) { return; }
			s += '<br/>' + p.marker + p.seriesName + ' median: ' + Number(` + inv + `).toPrecision(6);
		});
		return s;
	}`)
	line.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: id, Width: "600px", Height: "380px", AssetsHost: "./"}),
		charts.WithAnimation(false),
		charts.WithTitleOpts(opts.Title{Title: title, Subtitle: subtitle, Left: "center",
			TitleStyle: &opts.TextStyle{FontSize: 14}, SubtitleStyle: &opts.TextStyle{FontSize: 11}}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "46"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis", Formatter: tip}),
		charts.WithColorsOpts(opts.Colors(chart.Palette)),
		charts.WithGridOpts(opts.Grid{Top: "84", Left: "72", Right: "24", Bottom: "48"}),
		charts.WithXAxisOpts(opts.XAxis{Type: "log", Name: "FES", NameLocation: "middle", NameGap: 26, Min: "dataMin", Max: "dataMax"}),
		charts.WithYAxisOpts(opts.YAxis{Type: yType, Name: yName, Scale: opts.Bool(true)}),
	)
	for i, a := range algos {
		color := chart.Palette[i%len(chart.Palette)]
		name := displayName(a)
		x := fes[a]
		var base, diff, mid []opts.LineData
		for k := range x {
			l, h := lo[a][k], hi[a][k]
			d := math.NaN()
			if !math.IsNaN(l) && !math.IsNaN(h) {
				d = h - l
			}
			base = append(base, opts.LineData{Value: []any{x[k], num(l)}})
			diff = append(diff, opts.LineData{Value: []any{x[k], num(d)}})
			mid = append(mid, opts.LineData{Value: []any{x[k], num(med[a][k])}})
		}
		stack := "band-" + a
		line.AddSeries(name, base, charts.WithSeriesOpts(func(s *charts.SingleSeries) {
			s.Stack = stack
			s.ShowSymbol = opts.Bool(false)
			s.Color = color
			s.LineStyle = &opts.LineStyle{Opacity: opts.Float(0)}
		}))
		line.AddSeries(name, diff, charts.WithSeriesOpts(func(s *charts.SingleSeries) {
			s.Stack = stack
			s.ShowSymbol = opts.Bool(false)
			s.Color = color
			s.LineStyle = &opts.LineStyle{Opacity: opts.Float(0)}
			s.AreaStyle = &opts.AreaStyle{Color: color, Opacity: opts.Float(0.18)}
		}))
		line.AddSeries(name, mid, charts.WithSeriesOpts(func(s *charts.SingleSeries) {
			s.ShowSymbol = opts.Bool(false)
			s.Color = color
			s.LineStyle = &opts.LineStyle{Width: 2, Color: color}
		}))
	}
	return line
}

type reportChart struct {
	Element, Script template.HTML
}

type reportProblem struct {
	Name   string
	Dim    int
	Note   string
	Charts []reportChart
}

type reportRank struct {
	Dim                 int
	Problems            []string
	Rows                []reportRankRow
	MeanTitle, MedTitle string
}

type reportRankRow struct {
	Algo                       string
	Mean, Median               []int
	MeanTotal, MedTotal, Total int
}

var reportTmpl = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<script src="` + echartsFile + `"></script>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-size: 0.85rem; }
th, td { border: 1px solid #ccc; padding: 0.15rem 0.4rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.charts { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.note { color: #555; font-size: 0.85rem; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="note">From {{.Sources}}: {{.Summary}}. Curves: at each FES of the log-spaced grid the runs are ordered by the CEC rule (feasible runs first by f, then infeasible ones by v̄); the line is the median run, the band spans the lower- to the upper-quartile run. f is drawn only where that run is feasible.</p>
{{range .Ranks}}
<h2>Ranks, D = {{.Dim}}</h2>
<h3>{{.MeanTitle}}</h3>
<table><tr><th>Problem</th>{{range .Problems}}<th>{{.}}</th>{{end}}<th>Total</th></tr>
{{range .Rows}}<tr><td>{{.Algo}}</td>{{range .Mean}}<td>{{.}}</td>{{end}}<td>{{.MeanTotal}}</td></tr>
{{end}}</table>
<h3>{{.MedTitle}}</h3>
<table><tr><th>Problem</th>{{range .Problems}}<th>{{.}}</th>{{end}}<th>Total</th></tr>
{{range .Rows}}<tr><td>{{.Algo}}</td>{{range .Median}}<td>{{.}}</td>{{end}}<td>{{.MedTotal}}</td></tr>
{{end}}</table>
<h3>Total ranks (Σ mean ranks + Σ median ranks)</h3>
<table><tr><th>Algorithm</th><th>mean</th><th>median</th><th>Total</th></tr>
{{range .Rows}}<tr><td>{{.Algo}}</td><td>{{.MeanTotal}}</td><td>{{.MedTotal}}</td><td>{{.Total}}</td></tr>
{{end}}</table>
{{end}}
<h2>Convergence</h2>
{{range .Problems}}
<h3>{{.Name}}, D = {{.Dim}}</h3>
{{if .Note}}<p class="note">{{.Note}}</p>{{end}}
<div class="charts">
{{range .Charts}}{{.Element}}
{{.Script}}
{{end}}</div>
{{end}}
</body>
</html>
`))

// buildReport renders the report page.
func buildReport(recs []experiment.Record, sources []string) ([]byte, error) {
	data := struct {
		Title, Sources, Summary string
		Ranks                   []reportRank
		Problems                []reportProblem
	}{
		Title:   "pcaplay: CEC 2017 results",
		Sources: strings.Join(sources, ", "),
	}
	algos := experiment.Algos(recs)
	var parts []string
	for _, d := range experiment.Dims(recs) {
		probs := experiment.Problems(recs, d)
		runs := len(experiment.Select(recs, algos[0], probs[0], d))
		parts = append(parts, fmt.Sprintf("D = %d: %d problems × %d runs", d, len(probs), runs))
	}
	data.Summary = fmt.Sprintf("%s; %s", strings.Join(displayNames(algos), ", "), strings.Join(parts, "; "))

	for _, d := range experiment.Dims(recs) {
		t, err := experiment.RankTable(recs, d)
		if err != nil {
			return nil, badInput("D=%d: %v", d, err)
		}
		rr := reportRank{Dim: d,
			MeanTitle: fmt.Sprintf("Ranks based on mean values on the %d functions of %d dimensions", len(t.Problems), d),
			MedTitle:  fmt.Sprintf("Ranks based on median solution on the %d functions of %d dimensions", len(t.Problems), d)}
		for _, p := range t.Problems {
			rr.Problems = append(rr.Problems, problemLabel(p))
		}
		for a, name := range t.Algorithms {
			row := reportRankRow{Algo: displayName(name), MeanTotal: t.MeanTotal[a], MedTotal: t.MedianTotal[a], Total: t.Total[a]}
			for p := range t.Problems {
				row.Mean = append(row.Mean, t.Mean[p][a])
				row.Median = append(row.Median, t.Median[p][a])
			}
			rr.Rows = append(rr.Rows, row)
		}
		data.Ranks = append(data.Ranks, rr)

		for _, p := range experiment.Problems(recs, d) {
			rp, err := problemCharts(recs, p, d)
			if err != nil {
				return nil, err
			}
			data.Problems = append(data.Problems, rp)
		}
	}
	var b bytes.Buffer
	if err := reportTmpl.Execute(&b, data); err != nil {
		return nil, failure("rendering the report: %v", err)
	}
	return b.Bytes(), nil
}

func displayNames(a []string) []string {
	out := make([]string, len(a))
	for i := range a {
		out[i] = displayName(a[i])
	}
	return out
}

// problemCharts builds the f and the v̄ chart of problem p at dim.
func problemCharts(recs []experiment.Record, p string, d int) (reportProblem, error) {
	rp := reportProblem{Name: p, Dim: d}
	var algos []string
	flo, fmed, fhi := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
	vlo, vmed, vhi := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
	fes := map[string][]int{}
	var fAll []float64
	vPos := false
	n := 0
	for _, a := range experiment.Algos(recs) {
		rs := experiment.Select(recs, a, p, d)
		if len(rs) == 0 {
			continue
		}
		b, err := band(rs)
		if err != nil {
			return rp, badInput("%v", err)
		}
		n = b.runs
		algos = append(algos, a)
		flo[a], fmed[a], fhi[a] = b.fLo, b.fMed, b.fHi
		vlo[a], vmed[a], vhi[a] = b.vLo, b.vMed, b.vHi
		fes[a] = b.fes
		for _, s := range [][]float64{b.fLo, b.fMed, b.fHi} {
			fAll = append(fAll, s...)
		}
		for _, s := range [][]float64{b.vLo, b.vMed, b.vHi} {
			for _, v := range s {
				if v > 0 {
					vPos = true
				}
			}
		}
	}
	id := strings.ToLower(fmt.Sprintf("%s_d%d", p, d))
	sub := fmt.Sprintf("median and interquartile band of %d runs", n)

	scale := chart.ChooseFScale(fAll)
	yType, yName := "log", "best f (log)"
	tf := func(x float64) float64 { return x }
	switch scale {
	case chart.ScaleSymlog:
		yType, yName = "value", "best f as sign(f)·log10(1+|f|)"
		tf = chart.Symlog
	case chart.ScaleNone:
		yType, yName = "value", "best f (no feasible quartile run)"
	}
	tr := func(m map[string][]float64) map[string][]float64 {
		out := map[string][]float64{}
		for a, s := range m {
			t := make([]float64, len(s))
			for i, x := range s {
				t[i] = tf(x)
			}
			out[a] = t
		}
		return out
	}
	// In symlog space the band is stacked as a difference of transformed values.
	fc := bandChart(id+"_f", p+": objective", sub, yName, yType, scale == chart.ScaleSymlog, algos, tr(flo), tr(fmed), tr(fhi), fes)
	rp.Charts = append(rp.Charts, snippet(fc))
	if vPos {
		z := func(m map[string][]float64) map[string][]float64 {
			out := map[string][]float64{}
			for a, s := range m {
				t := make([]float64, len(s))
				for i, x := range s {
					t[i] = x
					if x <= 0 {
						t[i] = math.NaN() // 0 has no place on a log axis: feasible
					}
				}
				out[a] = t
			}
			return out
		}
		vc := bandChart(id+"_v", p+": mean violation v̄", sub+"; v̄ = 0 (feasible) not drawn", "v̄ of best (log)", "log", false, algos, z(vlo), z(vmed), z(vhi), fes)
		rp.Charts = append(rp.Charts, snippet(vc))
	} else {
		rp.Note = "Every quartile run is feasible at every sampled FES (v̄ = 0), so no violation chart."
	}
	return rp, nil
}

func snippet(c *charts.Line) reportChart {
	s := c.RenderSnippet()
	return reportChart{Element: template.HTML(s.Element), Script: template.HTML(s.Script)}
}
