package chart

import (
	"math"
	"strconv"
)

// CompareRun is one run of a comparison: its name (the legend entry) and
// its convergence history.
type CompareRun struct {
	Name   string
	Points []Point
}

// CompareOptions tune CompareConvergence.
type CompareOptions struct {
	// Title is shown above the chart; empty for none.
	Title string
	// MaxPoints caps the data points per series (default 400).
	MaxPoints int
}

// CompareConvergence returns the ECharts option (JSON) that overlays the
// convergence of several runs of one problem (the playground's compare
// mode): two plots on one FES axis, best feasible f on top and the
// violation of the best point below, run i in Palette[i mod 8] in both, so
// that the page can colour each run's panels alike. Both of a run's series
// carry its name, so that its legend entry toggles them together.
//
// f is drawn where the run's best point is feasible, on one scale for all
// runs (ChooseFScale over every drawn value: log10(f) when all are > 0,
// sign(f)·log10(1+|f|) otherwise); v is drawn as log10(v) where v > 0 (a
// gap once feasible) when some v > 0, linearly otherwise.
func CompareConvergence(runs []CompareRun, o CompareOptions) ([]byte, error) {
	return render(compareModel(runs, o))
}

func compareModel(runs []CompareRun, o CompareOptions) *Model {
	if o.MaxPoints <= 0 {
		o.MaxPoints = 400
	}
	idx := make([][]int, len(runs))
	var fvals []float64
	vPos := false
	maxFES := 0
	for r, run := range runs {
		idx[r] = Indices(len(run.Points), o.MaxPoints)
		for _, i := range idx[r] {
			p := run.Points[i]
			if p.BestV == 0 {
				fvals = append(fvals, p.BestF)
			} else if p.BestV > 0 && !math.IsInf(p.BestV, 0) {
				vPos = true
			}
			maxFES = max(maxFES, p.FES)
		}
	}
	fs := ChooseFScale(fvals)
	tf := scaleFunc(fs)

	m := &Model{Kind: "line", Title: o.Title, LegendScroll: true, Colors: Palette}
	top := 44
	if o.Title != "" {
		top = 64
		m.LegendTop = "26"
	} else {
		m.LegendTop = "0"
	}
	fy := Axis{Name: FAxisName(fs), Type: "value", Scale: true, NameGap: 8}
	vy := Axis{Name: "log10(violation of best)", Type: "value", Scale: true, Grid: 1, NameGap: 8}
	if !vPos {
		vy = Axis{Name: "violation of best", Type: "value", Grid: 1, NameGap: 8}
	}
	m.YAxes = []Axis{fy, vy}
	left := strconv.Itoa(nameMargin(m.YAxes))
	// two plots: f takes 60% of the height below the legend, v the rest
	m.Grids = []Grid{
		{Left: left, Right: "24", Top: strconv.Itoa(top), Height: "44%"},
		{Left: left, Right: "24", Top: "72%", Bottom: "34"},
	}
	for g := 0; g < 2; g++ {
		a := Axis{Type: "value", Grid: g, Min: 0, Scale: true, Bottom: true}
		if maxFES > 0 {
			a.Max = "dataMax"
		}
		if g == 1 {
			a.Name, a.NameLocation, a.NameGap = "FES", "middle", 22
		}
		m.XAxes = append(m.XAxes, a)
	}
	for r, run := range runs {
		color := Palette[r%len(Palette)]
		fd := make([]interface{}, 0, len(idx[r]))
		vd := make([]interface{}, 0, len(idx[r]))
		for _, i := range idx[r] {
			p := run.Points[i]
			f := math.NaN()
			if p.BestV == 0 {
				f = tf(p.BestF)
			}
			fd = append(fd, pair(p.FES, f))
			v := p.BestV
			if vPos {
				if v > 0 {
					v = math.Log10(v)
				} else {
					v = math.NaN()
				}
			}
			vd = append(vd, pair(p.FES, v))
		}
		m.Series = append(m.Series,
			Series{Name: run.Name, Type: "line", X: 0, Y: 0, Color: color, LineWidth: 2, Values: fd},
			Series{Name: run.Name, Type: "line", X: 1, Y: 1, Color: color, LineWidth: 2, Dashed: true, Values: vd})
	}
	return m
}
