// Package chart builds ECharts options for the playground in Go with
// go-echarts. The browser only calls setOption with the JSON made here, so
// every decision about scales, series and names is made (and tested) in Go.
//
//	js, err := chart.Convergence(history, chart.ConvergenceOptions{})
//	parts, err := chart.ConvergenceParts(history, chart.ConvergenceOptions{})
//	js, err := chart.ExplainedVariance(eigenvalues)
//
// and, for experiments (many runs of several configurations, summarised by
// package stats):
//
//	js, err := chart.MedianConvergence(bands, chart.BandOptions{LogFES: true})
//	js, err := chart.FinalBoxes(samples, chart.BoxOptions{})
//	js, err := chart.RuntimeECDF(ecdfs, chart.ECDFOptions{LogFES: true, To: maxFES})
//
// Non-finite values are replaced by null (a gap in ECharts) before
// marshalling, since encoding/json refuses NaN and ±Inf.
//
// The builders fill a small option model (model.go). Natively it is turned
// into a go-echarts chart (echarts.go: charts.Line / charts.Bar, Validate,
// JSON); in the WebAssembly module, where go-echarts would add about 400 kB
// of gzipped code (html/template, regexp, a geo coordinate table), the same
// model is marshalled directly (lite.go). TestLiteMatchesGoEcharts proves
// the two give the same options.
package chart

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"
)

// Okabe–Ito colour-blind-safe palette, used by the page as well.
var Palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"}

// Point is the state of a run after one generation, as the convergence
// chart needs it.
type Point struct {
	FES      int
	BestF    float64 // f of the best point so far (feasibility rule)
	BestV    float64 // v of that point; > 0 means no feasible point yet
	Feasible float64 // fraction of the population with v = 0
	PopSize  int
	// Adaptive state of HECO algorithms; nil otherwise.
	StrategyProb, MeanF, MeanCR []float64
}

// ConvergenceOptions tune the convergence chart.
type ConvergenceOptions struct {
	// Title is shown above the chart; empty for none.
	Title string
	// MaxPoints caps the data points per series (default 400): longer
	// histories are thinned evenly, keeping the first and the last point.
	MaxPoints int
}

// Scale says how best feasible f is drawn.
type Scale int

const (
	// ScaleLog: every value is > 0, drawn as log10(f) on a linear axis
	// (an ECharts log axis writes its ticks as full decimals, such as
	// 0.00000000000000000001, which nobody can read and which push the
	// plot aside).
	ScaleLog Scale = iota
	// ScaleSymlog: some value is ≤ 0, drawn as sign(f)·log10(1+|f|) on a
	// linear axis.
	ScaleSymlog
	// ScaleNone: no feasible value yet, linear axis.
	ScaleNone
)

// ChooseFScale returns the scale for the values (non-finite ones ignored).
func ChooseFScale(values []float64) Scale {
	n := 0
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		n++
		if v <= 0 {
			return ScaleSymlog
		}
	}
	if n == 0 {
		return ScaleNone
	}
	return ScaleLog
}

// Symlog is sign(x)·log10(1+|x|).
func Symlog(x float64) float64 {
	if x < 0 {
		return -math.Log10(1 - x)
	}
	return math.Log10(1 + x)
}

// Indices returns which of n history entries to draw when at most max are
// wanted: all when n ≤ max, otherwise an even thinning that keeps 0 and n−1.
func Indices(n, max int) []int {
	if max < 2 {
		max = 2
	}
	if n <= max {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	idx := make([]int, 0, max)
	last := -1
	for j := 0; j < max; j++ {
		i := int(math.Round(float64(j) * float64(n-1) / float64(max-1)))
		if i != last {
			idx = append(idx, i)
			last = i
		}
	}
	return idx
}

// num returns x for JSON, or nil (null) when x is not finite.
func num(x float64) interface{} {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}

func pair(fes int, y float64) []interface{} {
	return []interface{}{fes, num(y)}
}

// FAxisName returns the axis name stating the scale.
func FAxisName(s Scale) string {
	switch s {
	case ScaleLog:
		return "log10(best feasible f)"
	case ScaleSymlog:
		return "best f as sign(f)·log10(1+|f|)"
	}
	return "best feasible f (none yet)"
}

// Convergence returns the ECharts option (JSON) of the convergence chart:
// best feasible f, the violation of the best point, the feasible fraction
// and the population size against FES, plus the strategy probabilities and
// memory means of F and CR when the history carries adaptation data.
func Convergence(h []Point, o ConvergenceOptions) ([]byte, error) {
	return render(convergenceModel(h, o))
}

// ConvergenceParts returns the convergence chart as one ECharts option per
// panel, top to bottom: best feasible f; the violation of the best point;
// the feasible fraction with the population size; and, with adaptation
// data, the strategy probabilities with the memory means of F and CR. The
// series, axes and data are those of Convergence, split by grid (see
// SplitGrids). The page draws each part in an ECharts instance of its own,
// one per main-thread task: one instance with every panel takes two to
// three times longer to redraw than its slowest part.
func ConvergenceParts(h []Point, o ConvergenceOptions) ([][]byte, error) {
	var out [][]byte
	for _, m := range SplitGrids(convergenceModel(h, o)) {
		b, err := render(m)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// Layout of a part made by SplitGrids, in pixels.
const (
	partTop      = 26 // room for the y axis names above the plot
	partTitle    = 22 // more when the part has the title
	partLegend   = 24 // more when it has a legend
	partBottom   = 24 // the x tick labels
	partLegendAt = 22 // legend top when under the title
)

// SplitGrids returns one model per grid of m, in grid order: its x and y
// axes (renumbered), the series drawn on them, a plot filling the part (in
// pixels, so parts of any height line up), a legend only when the part has
// more than one series, the title only on the first part, and the x axis
// name on every part (each is read alone).
func SplitGrids(m *Model) []*Model {
	var xName string
	for _, a := range m.XAxes {
		if a.Name != "" {
			xName = a.Name
		}
	}
	var parts []*Model
	for g, grid := range m.Grids {
		p := &Model{Kind: m.Kind, Colors: m.Colors, Categories: m.Categories, LegendScroll: m.LegendScroll}
		if g == 0 {
			p.Title = m.Title
		}
		xi, yi := map[int]int{}, map[int]int{}
		for i, a := range m.XAxes {
			if a.Grid == g {
				xi[i] = len(p.XAxes)
				a.Grid = 0
				a.Name, a.NameLocation, a.NameGap = xName, "", 0
				p.XAxes = append(p.XAxes, a)
			}
		}
		for i, a := range m.YAxes {
			if a.Grid == g {
				yi[i] = len(p.YAxes)
				a.Grid = 0
				p.YAxes = append(p.YAxes, a)
			}
		}
		for _, s := range m.Series {
			x, okx := xi[s.X]
			y, oky := yi[s.Y]
			if okx && oky {
				s.X, s.Y = x, y
				p.Series = append(p.Series, s)
			}
		}
		top := partTop
		if p.Title != "" {
			top += partTitle
			p.LegendTop = strconv.Itoa(partLegendAt)
		} else {
			p.LegendTop = "0"
		}
		if len(p.Series) > 1 {
			top += partLegend
		} else {
			p.NoLegend = true
		}
		p.Grids = []Grid{{Left: grid.Left, Right: grid.Right, Top: strconv.Itoa(top), Bottom: strconv.Itoa(partBottom)}}
		parts = append(parts, p)
	}
	return parts
}

// ExplainedVariance returns the ECharts option (JSON) of the bars of
// explained variance per principal component, with the cumulative share as
// a line. values are the eigenvalues, largest first.
func ExplainedVariance(values []float64, title string) ([]byte, error) {
	return render(varianceModel(values, title))
}

func convergenceModel(h []Point, o ConvergenceOptions) *Model {
	if o.MaxPoints == 0 {
		o.MaxPoints = 400
	}
	idx := Indices(len(h), o.MaxPoints)
	adapt := false
	for _, i := range idx {
		if len(h[i].StrategyProb) > 0 || len(h[i].MeanF) > 0 {
			adapt = true
			break
		}
	}
	// best feasible f: only entries whose best point is feasible
	fvals := make([]float64, 0, len(idx))
	for _, i := range idx {
		if h[i].BestV == 0 {
			fvals = append(fvals, h[i].BestF)
		}
	}
	fs := ChooseFScale(fvals)
	vPos := false
	for _, i := range idx {
		if h[i].BestV > 0 && !math.IsInf(h[i].BestV, 0) {
			vPos = true
		}
	}
	m := &Model{Kind: "line", Title: o.Title, LegendTop: "26", LegendScroll: true, Colors: Palette}
	convergenceAxes(m, len(h) > 0 && h[len(h)-1].FES > 0, fs, vPos, adapt)
	convergenceSeries(m, h, idx, fs, vPos)
	if adapt {
		adaptSeries(m, h, idx)
	}
	return m
}

// convergenceAxes lays out the convergence chart's grids, stacked under
// the legend (three, four with the adaptive state), and their axes: FES
// below each (up to its data's maximum with toFES), then the best
// feasible f on scale fs, the violation of the best point (log10 with
// vPos), the feasible fraction with the population size, and the
// adaptive state.
func convergenceAxes(m *Model, toFES bool, fs Scale, vPos, adapt bool) {
	grids := 3
	if adapt {
		grids = 4
	}
	// vertical layout in percent: legend on top, the grids stacked
	top, bottom, gap := 14.0, 8.0, 7.0
	hgt := (100 - top - bottom - gap*float64(grids-1)) / float64(grids)
	for g := 0; g < grids; g++ {
		t := top + float64(g)*(hgt+gap)
		m.Grids = append(m.Grids, Grid{Left: "64", Right: "56", Top: pct(t), Height: pct(hgt)})
	}
	for g := 0; g < grids; g++ {
		a := Axis{Type: "value", Grid: g, Min: 0, Scale: true, Bottom: true}
		if toFES {
			a.Max = "dataMax"
		}
		if g == grids-1 {
			a.Name, a.NameLocation, a.NameGap = "FES", "middle", 24
		}
		m.XAxes = append(m.XAxes, a)
	}
	fy := Axis{Name: FAxisName(fs), Type: "value", Scale: true, NameGap: 8}
	// v > 0 somewhere: log10(v), and v = 0 is a gap
	vy := Axis{Name: "log10(violation of best)", Type: "value", Scale: true, Grid: 1, NameGap: 8}
	if !vPos {
		vy = Axis{Name: "violation of best", Type: "value", Grid: 1, NameGap: 8}
	}
	m.YAxes = []Axis{fy, vy,
		{Name: "feasible fraction", Type: "value", Grid: 2, Min: 0, Max: 1, NameGap: 8},
		{Name: "population", Type: "value", Grid: 2, Position: "right", Min: 0, NameGap: 8, HideSplitLine: true},
	}
	if adapt {
		m.YAxes = append(m.YAxes, Axis{Name: "q, mean F, mean CR", Type: "value", Grid: 3, Min: 0, Max: 1, NameGap: 8})
	}
	// one left margin for every grid, wide enough for the y axis names
	// (drawn centred above their axis): ECharts 6 would otherwise move a
	// plot whose name sticks out, and the panels would not line up
	left := strconv.Itoa(nameMargin(m.YAxes))
	for i := range m.Grids {
		m.Grids[i].Left = left
	}
}

// addLine appends a line series of the points d on axes xi and yi.
func addLine(m *Model, name string, d [][]interface{}, xi, yi int, color string, dashed bool) {
	vals := make([]interface{}, len(d))
	for i := range d {
		vals[i] = d[i]
	}
	m.Series = append(m.Series, Series{Name: name, Type: "line", X: xi, Y: yi, Color: color, Dashed: dashed,
		LineWidth: 2, Symbol: false, Values: vals})
}

// convergenceSeries adds the lines of the points idx of h: best feasible
// f (on scale fs; a gap while the best point is infeasible), the
// violation of the best point (log10 with vPos, where v = 0 is a gap),
// the feasible fraction and the population size.
func convergenceSeries(m *Model, h []Point, idx []int, fs Scale, vPos bool) {
	var fd, vd, ffd, pd [][]interface{}
	for _, i := range idx {
		p := h[i]
		f := math.NaN()
		if p.BestV == 0 {
			switch fs {
			case ScaleLog:
				f = math.Log10(p.BestF)
			case ScaleNone:
				f = p.BestF
			case ScaleSymlog:
				f = Symlog(p.BestF)
			}
		}
		fd = append(fd, pair(p.FES, f))
		v := p.BestV
		if vPos {
			if v > 0 {
				v = math.Log10(v)
			} else {
				v = math.NaN() // v = 0: a gap
			}
		}
		vd = append(vd, pair(p.FES, v))
		ffd = append(ffd, pair(p.FES, p.Feasible))
		pd = append(pd, pair(p.FES, float64(p.PopSize)))
	}
	addLine(m, "best feasible f", fd, 0, 0, Palette[0], false)
	addLine(m, "violation of best", vd, 1, 1, Palette[1], false)
	addLine(m, "feasible fraction", ffd, 2, 2, Palette[2], false)
	addLine(m, "population size", pd, 2, 3, Palette[7], true)
}

// adaptSeries adds the lines of the adaptive state of the points idx of
// h in the fourth grid: each strategy's probability q1, q2, …, mean F
// and mean CR.
func adaptSeries(m *Model, h []Point, idx []int) {
	k := 0
	for _, i := range idx {
		if n := len(h[i].StrategyProb); n > k {
			k = n
		}
	}
	series := func(get func(p Point) []float64, j int) [][]interface{} {
		d := make([][]interface{}, 0, len(idx))
		for _, i := range idx {
			x := math.NaN()
			if a := get(h[i]); j < len(a) {
				x = a[j]
			}
			d = append(d, pair(h[i].FES, x))
		}
		return d
	}
	for j := 0; j < k; j++ {
		qc := []string{Palette[3], Palette[4], Palette[5], Palette[2]}
		addLine(m, "q"+strconv.Itoa(j+1), series(func(p Point) []float64 { return p.StrategyProb }, j), 3, 4, qc[j%len(qc)], false)
	}
	mf := func(p Point) []float64 { return []float64{mean(p.MeanF)} }
	mcr := func(p Point) []float64 { return []float64{mean(p.MeanCR)} }
	addLine(m, "mean F", series(mf, 0), 3, 4, Palette[7], true)
	addLine(m, "mean CR", series(mcr, 0), 3, 4, Palette[1], true)
}

// nameMargin returns the left margin in pixels that holds half of the
// widest name of a left y axis (ECharts' 12 px font, about 6.5 px a
// character at most), and at least 64.
func nameMargin(axes []Axis) int {
	w := 64
	for _, a := range axes {
		if a.Position != "right" {
			w = max(w, int(math.Ceil(6.5*float64(utf8.RuneCountInString(a.Name))/2))+8)
		}
	}
	return w
}

func mean(a []float64) float64 {
	if len(a) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range a {
		s += x
	}
	return s / float64(len(a))
}

func pct(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) + "%" }

// Explained returns each eigenvalue's share of the total (non-negative
// values only; negative round-off counts as 0).
func Explained(values []float64) []float64 {
	tot := 0.0
	for _, v := range values {
		if v > 0 && !math.IsInf(v, 0) {
			tot += v
		}
	}
	out := make([]float64, len(values))
	for i, v := range values {
		if tot > 0 && v > 0 && !math.IsInf(v, 0) {
			out[i] = v / tot
		}
	}
	return out
}

func varianceModel(values []float64, title string) *Model {
	ex := Explained(values)
	top, gridTop := "22", "56"
	if title == "" {
		top, gridTop = "2", "40"
	}
	m := &Model{Kind: "bar", Title: title, LegendTop: top, Colors: Palette,
		Grids: []Grid{{Left: "48", Right: "16", Top: gridTop, Bottom: "28"}},
		XAxes: []Axis{{Type: "category"}},
		YAxes: []Axis{{Name: "explained variance (%)", Type: "value", Min: 0, Max: 100, NameGap: 8}},
	}
	bars := Series{Name: "per component", Type: "bar", Color: Palette[0]}
	cum := Series{Name: "cumulative", Type: "line", Color: Palette[1], Symbol: true}
	c := 0.0
	for i, e := range ex {
		m.Categories = append(m.Categories, "PC"+strconv.Itoa(i+1))
		bars.Values = append(bars.Values, num(100*e))
		c += e
		cum.Values = append(cum.Values, num(100*c))
	}
	m.Series = []Series{bars, cum}
	return m
}

// check marshals v and fails on a non-finite number or invalid output.
func check(v interface{}) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("chart: %w", err)
	}
	if !json.Valid(b) {
		return nil, errors.New("chart: invalid JSON")
	}
	return b, nil
}
