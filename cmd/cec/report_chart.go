package main

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"pcaplay/core/chart"
	"pcaplay/internal/experiment"
)

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

// reportChart is one chart of the report: the ECharts option (data only,
// no functions: the page's script adds the tooltip formatter) and whether
// the y values are symlog-transformed, which the tooltip undoes.
type reportChart struct {
	Option map[string]any `json:"option"`
	Symlog bool           `json:"symlog"`
}

// bandChart draws, for each algorithm, the median line and the band
// between the quartile runs (a transparent base series plus a stacked
// difference with a filled area, all named after the algorithm so that the
// legend toggles them together). Series come in threes (base, difference,
// median) per algorithm; the tooltip lists the medians.
func bandChart(title, subtitle, yName, yType string, symlog bool, algos []string, lo, med, hi map[string][]float64, fes map[string][]int) reportChart {
	line := charts.NewLine()
	line.SetGlobalOptions(
		charts.WithAnimation(false),
		charts.WithTitleOpts(opts.Title{Title: title, Subtitle: subtitle, Left: "center",
			TitleStyle: &opts.TextStyle{FontSize: 14}, SubtitleStyle: &opts.TextStyle{FontSize: 11}}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "46"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
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
		stack := fmt.Sprintf("band-%d", i)
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
	line.Validate()
	return reportChart{Option: line.JSON(), Symlog: symlog}
}

// problemCharts builds the f chart and, when some quartile run is
// infeasible somewhere, the v̄ chart of problem p at dim. note explains a
// missing v̄ chart.
func problemCharts(recs []experiment.Record, p string, d int) (cs []reportChart, note string, err error) {
	var algos []string
	flo, fmed, fhi := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
	vlo, vmed, vhi := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
	fes := map[string][]int{}
	var fAll []float64
	vPos := false
	n := 0
	var finalOnly []string // published runs: final values, no curve
	for _, a := range experiment.Algos(recs) {
		rs := experiment.Select(recs, a, p, d)
		if len(rs) == 0 {
			continue
		}
		if rs[0].FinalOnly() {
			finalOnly = append(finalOnly, experiment.DisplayName(a))
			continue
		}
		b, err := band(rs)
		if err != nil {
			return nil, "", badInput("%v", err)
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
	if len(finalOnly) > 0 {
		note = fmt.Sprintf("%s: published runs with final values only, so no curve.", strings.Join(finalOnly, ", "))
	}
	if len(algos) == 0 {
		return nil, note, nil
	}
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
	cs = append(cs, bandChart(p+": objective", sub, yName, yType, scale == chart.ScaleSymlog, algos, tr(flo), tr(fmed), tr(fhi), fes))
	if !vPos {
		return cs, strings.TrimSpace(note + " Every quartile run is feasible at every sampled FES (v̄ = 0), so no violation chart."), nil
	}
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
	cs = append(cs, bandChart(p+": mean violation v̄", sub+"; v̄ = 0 (feasible) not drawn", "v̄ of best (log)", "log", false, algos, z(vlo), z(vmed), z(vhi), fes))
	return cs, note, nil
}
