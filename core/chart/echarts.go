//go:build !(js && wasm) || gocharts

package chart

import (
	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// render builds the chart with go-echarts.
func render(m *Model) ([]byte, error) { return echartsJSON(m) }

// echartsJSON turns the model into a go-echarts chart, validates it and
// marshals its options.
func echartsJSON(m *Model) ([]byte, error) {
	global := []charts.GlobalOpts{
		charts.WithAnimation(false),
		charts.WithTitleOpts(opts.Title{Title: m.Title, Left: "center", TitleStyle: &opts.TextStyle{FontSize: 13}}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(!m.NoLegend), Top: m.LegendTop, Type: map[bool]string{true: "scroll"}[m.LegendScroll]}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithColorsOpts(opts.Colors(m.Colors)),
	}
	var grids []opts.Grid
	for _, g := range m.Grids {
		grids = append(grids, opts.Grid{Left: g.Left, Right: g.Right, Top: g.Top, Bottom: g.Bottom, Height: g.Height})
	}
	global = append(global, charts.WithGridOpts(grids...))
	var xs []opts.XAxis
	for _, a := range m.XAxes {
		xs = append(xs, opts.XAxis{Name: a.Name, Type: a.Type, NameLocation: a.NameLocation, NameGap: a.NameGap,
			Scale: boolOpt(a.Scale), Min: a.Min, Max: a.Max, GridIndex: a.Grid, Position: a.Position,
			SplitLine: splitLine(a.HideSplitLine), AxisLine: axisLine(a.Bottom)})
	}
	var ys []opts.YAxis
	for _, a := range m.YAxes {
		ys = append(ys, opts.YAxis{Name: a.Name, Type: a.Type, NameLocation: a.NameLocation, NameGap: a.NameGap,
			Scale: boolOpt(a.Scale), Min: a.Min, Max: a.Max, GridIndex: a.Grid, Position: a.Position,
			SplitLine: splitLine(a.HideSplitLine)})
	}
	var series charts.MultiSeries
	v := seriesVisitor{noTooltip: map[int]bool{}, stacked: map[int]bool{}}
	for i, s := range m.Series {
		ss := charts.SingleSeries{Name: s.Name, Type: s.Type, Stack: s.Stack, XAxisIndex: s.X, YAxisIndex: s.Y,
			ShowSymbol: opts.Bool(s.Symbol), Color: s.Color}
		if s.Step != "" {
			ss.Step = s.Step
		}
		if s.SymbolSize > 0 {
			ss.SymbolSize = s.SymbolSize
		}
		// Plain values ([x, y] pairs or numbers), not {value: …} items:
		// ECharts parses plain data several times faster.
		ss.Data = plainData(s.Values)
		if s.LineWidth > 0 || s.Dashed || s.HideLine {
			ss.LineStyle = &opts.LineStyle{Color: s.Color, Width: s.LineWidth}
			if s.Dashed {
				ss.LineStyle.Type = "dashed"
			}
			if s.HideLine {
				ss.LineStyle.Opacity = opts.Float(0)
			}
		}
		if s.Area > 0 {
			ss.AreaStyle = &opts.AreaStyle{Color: s.Color, Opacity: opts.Float(s.Area)}
		}
		v.noTooltip[i] = s.NoTooltip
		v.stacked[i] = s.Stack != ""
		series = append(series, ss)
	}
	if m.Kind == "bar" {
		c := charts.NewBar()
		c.SetGlobalOptions(global...)
		c.XAxisList, c.YAxisList = xs, ys
		c.SetXAxis(m.Categories)
		c.MultiSeries = series
		c.Accept(v)
		return marshalChart(c)
	}
	c := charts.NewLine()
	c.SetGlobalOptions(global...)
	c.XAxisList, c.YAxisList = xs, ys
	c.MultiSeries = series
	c.Accept(v)
	return marshalChart(c)
}

// seriesVisitor writes "tooltip": {"show": false} into the series marked
// NoTooltip: go-echarts' SeriesTooltip has no Show field, and a
// ConfigurationVisitor is its way to add options it does not model.
// and "stackStrategy": "all" into the stacked ones (see liteSeries).
type seriesVisitor struct {
	charts.BaseConfigurationVisitor
	noTooltip map[int]bool
	stacked   map[int]bool
}

// seriesNoTooltip is a series with its tooltip switched off; the outer
// Tooltip field hides the one embedded in SingleSeries (encoding/json
// takes the shallower field).
type seriesNoTooltip struct {
	charts.SingleSeries
	Tooltip struct {
		Show bool `json:"show"`
	} `json:"tooltip"`
	StackStrategy string `json:"stackStrategy,omitempty"`
}

// seriesStacked is a stacked series with its tooltip.
type seriesStacked struct {
	charts.SingleSeries
	StackStrategy string `json:"stackStrategy"`
}

func (v seriesVisitor) VisitSeriesOpt(series charts.MultiSeries) interface{} {
	out := make([]interface{}, len(series))
	for i, s := range series {
		strategy := ""
		if v.stacked[i] {
			strategy = "all"
		}
		switch {
		case v.noTooltip[i]:
			out[i] = seriesNoTooltip{SingleSeries: s, StackStrategy: strategy}
		case v.stacked[i]:
			out[i] = seriesStacked{SingleSeries: s, StackStrategy: strategy}
		default:
			out[i] = s
		}
	}
	return out
}

func boolOpt(b bool) *bool {
	if !b {
		return nil
	}
	return opts.Bool(true)
}

func axisLine(bottom bool) *opts.AxisLine {
	if !bottom {
		return nil
	}
	return &opts.AxisLine{OnZero: opts.Bool(false)}
}

func splitLine(hide bool) *opts.SplitLine {
	if !hide {
		return nil
	}
	return &opts.SplitLine{Show: opts.Bool(false)}
}

type validator interface {
	Validate()
	JSON() map[string]interface{}
}

// marshalChart validates the chart and marshals its options.
func marshalChart(c validator) ([]byte, error) {
	c.Validate()
	return check(c.JSON())
}
