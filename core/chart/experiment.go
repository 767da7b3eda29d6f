package chart

import (
	"fmt"
	"math"
	"strconv"

	"pcaplay/core/stats"
)

// The charts of an experiment (several configurations, many runs each):
// the median convergence with its inter-quartile band, box plots of the
// final results, and the runtime ECDF. Each takes the results of package
// stats as they are (plain structs, as the browser gets them from the
// WebAssembly module) and returns one ECharts option; configuration i is
// drawn in Palette[i mod 8].

// BandSeries is the convergence band of one configuration.
type BandSeries struct {
	Name string     `json:"name"`
	Band stats.Band `json:"band"`
}

// BandOptions tune MedianConvergence.
type BandOptions struct {
	// Title is shown above the chart; empty for none.
	Title string `json:"title"`
	// Violation draws v̄ of the quartile runs instead of their f.
	Violation bool `json:"violation"`
	// LogFES draws FES on a log axis (ECharts writes its ticks 100, 1000,
	// … , which reads well for evaluation counts), a linear one otherwise.
	LogFES bool `json:"log_fes"`
}

// bandAlpha is the opacity of a band's fill.
const bandAlpha = 0.18

// MedianConvergence returns the ECharts option (JSON) of the convergence
// of several configurations: per configuration, the median run's best f
// (stats.ConvergenceBand) as a line and the inter-quartile band between
// the lower- and the upper-quartile run as a filled area, all three parts
// named after the configuration so that its legend entry toggles them
// together; the band's parts stay out of the tooltip.
//
// f is drawn where the run at that position is feasible (v̄ = 0): the
// median line from the point where more than half of the runs are
// feasible, the band where both quartile runs are. The y axis is
// log10(f) when every drawn f is > 0, sign(f)·log10(1+|f|) otherwise
// (ChooseFScale, as the single-run chart). With Violation the chart draws
// log10(v̄) of the same runs where v̄ > 0 instead: the infeasible phase.
//
// MedianConvergence returns an error for no series and, naming the
// series, for a band whose slices differ in length from its FES grid.
func MedianConvergence(series []BandSeries, o BandOptions) ([]byte, error) {
	m, err := bandModel(series, o)
	if err != nil {
		return nil, err
	}
	return render(m)
}

func bandModel(series []BandSeries, o BandOptions) (*Model, error) {
	if len(series) == 0 {
		return nil, fmt.Errorf("chart: no configurations to draw")
	}
	for _, s := range series {
		b := s.Band
		n := len(b.FES)
		for _, q := range []stats.Quartile{b.Lo, b.Median, b.Hi} {
			if len(q.F) != n || len(q.V) != n {
				return nil, fmt.Errorf("chart: configuration %q: band lines differ in length from its %d FES", s.Name, n)
			}
		}
	}
	// value(q, k) is the drawn quantity of line q at point k, NaN where
	// it is not drawn.
	var value func(q stats.Quartile, k int) float64
	var yName string
	if o.Violation {
		value = func(q stats.Quartile, k int) float64 {
			if v := q.V[k]; v > 0 {
				return math.Log10(v)
			}
			return math.NaN()
		}
		yName = "log10(v̄ of best)"
	} else {
		var fs []float64
		for _, s := range series {
			for _, q := range []stats.Quartile{s.Band.Lo, s.Band.Median, s.Band.Hi} {
				for k := range q.F {
					if q.V[k] == 0 {
						fs = append(fs, q.F[k])
					}
				}
			}
		}
		scale := ChooseFScale(fs)
		tf := scaleFunc(scale)
		value = func(q stats.Quartile, k int) float64 {
			if q.V[k] == 0 {
				return tf(q.F[k])
			}
			return math.NaN()
		}
		yName = FAxisName(scale)
	}

	m := lineFrame(o.Title, o.LogFES, Axis{Name: yName, Type: "value", Scale: true, NameGap: 8})
	for i, s := range series {
		color := Palette[i%len(Palette)]
		base := Series{Name: s.Name, Type: "line", Color: color, Stack: "band" + strconv.Itoa(i), HideLine: true, NoTooltip: true}
		width := base
		width.Area = bandAlpha
		med := Series{Name: s.Name, Type: "line", Color: color, LineWidth: 2}
		b := s.Band
		for k, x := range b.FES {
			lo, hi := value(b.Lo, k), value(b.Hi, k)
			if math.IsNaN(lo) || math.IsNaN(hi) {
				lo, hi = math.NaN(), math.NaN()
			}
			base.Values = append(base.Values, []interface{}{x, num(lo)})
			width.Values = append(width.Values, []interface{}{x, num(hi - lo)})
			med.Values = append(med.Values, []interface{}{x, num(value(b.Median, k))})
		}
		m.Series = append(m.Series, base, width, med)
	}
	return m, nil
}

// scaleFunc returns the transform of values drawn on scale s.
func scaleFunc(s Scale) func(float64) float64 {
	switch s {
	case ScaleLog:
		return math.Log10
	case ScaleSymlog:
		return Symlog
	}
	return func(x float64) float64 { return x }
}

// lineFrame returns a one-grid line model with an FES x axis (log or
// linear) and the y axis y, legend on top, left margin sized to y's name.
func lineFrame(title string, logFES bool, y Axis) *Model {
	legendTop, top := "28", 68
	if title == "" {
		legendTop, top = "0", 44
	}
	x := Axis{Name: "FES", Type: "value", NameLocation: "middle", NameGap: 26, Min: "dataMin", Max: "dataMax", Bottom: true}
	if logFES {
		x.Type = "log"
	}
	return &Model{Kind: "line", Title: title, LegendTop: legendTop, LegendScroll: true, Colors: Palette,
		Grids: []Grid{{Left: strconv.Itoa(nameMargin([]Axis{y})), Right: "24", Top: strconv.Itoa(top), Bottom: "44"}},
		XAxes: []Axis{x}, YAxes: []Axis{y}}
}

// BoxOptions tune FinalBoxes.
type BoxOptions struct {
	// Title is shown above the chart; empty for none.
	Title string `json:"title"`
	// Violation draws v̄ of the infeasible runs instead of f of the
	// feasible ones.
	Violation bool `json:"violation"`
}

// FinalBoxes returns the ECharts option (JSON) of box plots of the final
// results of several configurations on one problem, one box per
// configuration (stats.NewBox: quartiles, Tukey's whiskers, outliers as
// points). The final f of infeasible runs is not comparable with that of
// feasible ones, so the boxes are of f over the feasible runs, or, with
// Violation, of v̄ over the infeasible runs; each category label says
// how many runs that is ("PMODE" over "23 of 25 feasible"), and a
// configuration without such runs has an empty slot (a box of five nulls). f is drawn as log10(f)
// when every value is > 0, sign(f)·log10(1+|f|) otherwise; v̄ (always
// > 0) as log10(v̄). The five numbers and the outliers are computed on the
// values and then transformed, which keeps their order.
//
// FinalBoxes returns an error for no samples and, naming the
// configuration and run, for an invalid run.
func FinalBoxes(samples []stats.Sample, o BoxOptions) ([]byte, error) {
	m, err := boxModel(samples, o)
	if err != nil {
		return nil, err
	}
	return render(m)
}

func boxModel(samples []stats.Sample, o BoxOptions) (*Model, error) {
	if len(samples) == 0 {
		return nil, fmt.Errorf("chart: no configurations to draw")
	}
	vals := make([][]float64, len(samples))
	var all []float64
	for i, s := range samples {
		for k, r := range s.Runs {
			if math.IsNaN(r.F) || math.IsInf(r.F, 0) || !(r.MeanV >= 0) || math.IsInf(r.MeanV, 0) || r.Feasible != (r.MeanV == 0) {
				return nil, fmt.Errorf("chart: configuration %q, run %d: f = %v, v̄ = %v, feasible = %v is not a valid final result", s.Name, k, r.F, r.MeanV, r.Feasible)
			}
			switch {
			case o.Violation && !r.Feasible:
				vals[i] = append(vals[i], r.MeanV)
			case !o.Violation && r.Feasible:
				vals[i] = append(vals[i], r.F)
			}
		}
		all = append(all, vals[i]...)
	}
	scale, what, kind := ChooseFScale(all), "final f of feasible runs", "feasible"
	if o.Violation {
		scale, what, kind = ScaleLog, "final v̄ of infeasible runs", "infeasible"
	}
	tf := scaleFunc(scale)
	yName := what
	switch scale {
	case ScaleLog:
		yName = "log10(" + what + ")"
	case ScaleSymlog:
		yName = what + " as sign·log10(1+|·|)"
	}
	y := Axis{Name: yName, Type: "value", Scale: true, NameGap: 8}
	top := "44"
	if o.Title != "" {
		top = "52"
	}
	m := &Model{Kind: "bar", Title: o.Title, NoLegend: true, Colors: Palette,
		Grids: []Grid{{Left: strconv.Itoa(nameMargin([]Axis{y})), Right: "24", Top: top, Bottom: "52"}},
		XAxes: []Axis{{Type: "category"}}, YAxes: []Axis{y}}
	box := Series{Name: what, Type: "boxplot", Color: Palette[0]}
	out := Series{Name: "outliers", Type: "scatter", Color: Palette[1], SymbolSize: 6}
	for i, s := range samples {
		m.Categories = append(m.Categories, fmt.Sprintf("%s\n%d of %d %s", s.Name, len(vals[i]), len(s.Runs), kind))
		if len(vals[i]) == 0 {
			// five nulls: ECharts fails on a null box item
			box.Values = append(box.Values, []interface{}{nil, nil, nil, nil, nil})
			continue
		}
		b, err := stats.NewBox(vals[i])
		if err != nil {
			return nil, fmt.Errorf("chart: configuration %q: %v", s.Name, err)
		}
		box.Values = append(box.Values, []interface{}{num(tf(b.LoWhisker)), num(tf(b.Q1)), num(tf(b.Median)), num(tf(b.Q3)), num(tf(b.HiWhisker))})
		for _, v := range b.Outliers {
			out.Values = append(out.Values, []interface{}{i, num(tf(v))})
		}
	}
	m.Series = []Series{box, out}
	return m, nil
}

// ECDFSeries is the runtime ECDF of one configuration.
type ECDFSeries struct {
	Name string     `json:"name"`
	ECDF stats.ECDF `json:"ecdf"`
}

// ECDFOptions tune RuntimeECDF.
type ECDFOptions struct {
	// Title is shown above the chart; empty for none.
	Title string `json:"title"`
	// LogFES draws FES on a log axis, as COCO does; linear otherwise.
	LogFES bool `json:"log_fes"`
	// From and To bound the steps on the FES axis: every line starts at
	// (From, 0) and ends at (To, its last value). 0: the smallest first
	// step and the largest last step of the series (pass the budget as To
	// so that every line runs to the end).
	From int `json:"from"`
	To   int `json:"to"`
}

// RuntimeECDF returns the ECharts option (JSON) of the runtime ECDFs of
// several configurations (stats.ECDF): per configuration, the fraction of
// (run, target) pairs reached against FES as a right-continuous step
// line, on a y axis from 0 to 1.
//
// RuntimeECDF returns an error for no series, and, naming the series, for
// an ECDF whose FES are not increasing and ≥ 1 or whose fractions are not
// non-decreasing in [0, 1], for From < 1 or To < From, and for steps
// outside [From, To].
func RuntimeECDF(series []ECDFSeries, o ECDFOptions) ([]byte, error) {
	m, err := ecdfModel(series, o)
	if err != nil {
		return nil, err
	}
	return render(m)
}

func ecdfModel(series []ECDFSeries, o ECDFOptions) (*Model, error) {
	if len(series) == 0 {
		return nil, fmt.Errorf("chart: no configurations to draw")
	}
	from, to := o.From, o.To
	lo, hi := math.MaxInt, 0
	for _, s := range series {
		e := s.ECDF
		if len(e.Frac) != len(e.FES) {
			return nil, fmt.Errorf("chart: configuration %q: ECDF has %d FES and %d fractions", s.Name, len(e.FES), len(e.Frac))
		}
		for k := range e.FES {
			if e.FES[k] < 1 || (k > 0 && e.FES[k] <= e.FES[k-1]) {
				return nil, fmt.Errorf("chart: configuration %q: ECDF step %d at FES %d: steps must be at increasing FES ≥ 1", s.Name, k, e.FES[k])
			}
			if !(e.Frac[k] >= 0 && e.Frac[k] <= 1) || (k > 0 && e.Frac[k] < e.Frac[k-1]) {
				return nil, fmt.Errorf("chart: configuration %q: ECDF step %d: fraction %v is not in [0, 1] and non-decreasing", s.Name, k, e.Frac[k])
			}
		}
		if n := len(e.FES); n > 0 {
			lo, hi = min(lo, e.FES[0]), max(hi, e.FES[n-1])
		}
	}
	if from == 0 {
		from = 1
		if lo != math.MaxInt {
			from = lo
		}
	}
	if to == 0 {
		to = max(hi, from)
	}
	switch {
	case from < 1:
		return nil, fmt.Errorf("chart: ECDF From = %d is not ≥ 1", o.From)
	case to < from:
		return nil, fmt.Errorf("chart: ECDF To = %d is below From = %d", to, from)
	case lo < from || hi > to:
		return nil, fmt.Errorf("chart: ECDF steps span FES %d to %d, outside From = %d, To = %d", lo, hi, from, to)
	}
	y := Axis{Name: "fraction of (run, target) pairs", Type: "value", Min: 0, Max: 1, NameGap: 8}
	m := lineFrame(o.Title, o.LogFES, y)
	for i, s := range series {
		ser := Series{Name: s.Name, Type: "line", Color: Palette[i%len(Palette)], LineWidth: 2, Step: "end"}
		ser.Values = append(ser.Values, []interface{}{from, 0.0})
		last := 0.0
		for k, x := range s.ECDF.FES {
			last = s.ECDF.Frac[k]
			ser.Values = append(ser.Values, []interface{}{x, last})
		}
		ser.Values = append(ser.Values, []interface{}{to, last})
		m.Series = append(m.Series, ser)
	}
	return m, nil
}
