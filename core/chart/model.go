package chart

// Model is the subset of an ECharts option the playground's charts use.
// The builders fill it; render turns it into JSON (with go-echarts natively,
// directly in the browser module).
type Model struct {
	Kind         string // "line" (value or log x axes) or "bar" (category x axis: bar, boxplot and scatter series)
	Title        string
	LegendTop    string
	LegendScroll bool
	NoLegend     bool // no legend (a part with one series: its axis names it)
	Colors       []string
	Grids        []Grid
	XAxes, YAxes []Axis
	Categories   []string // x axis data of a "bar" model
	Series       []Series
}

// Grid is one plotting rectangle.
type Grid struct{ Left, Right, Top, Bottom, Height string }

// Axis is an x or y axis.
type Axis struct {
	Name, Type, NameLocation, Position string
	NameGap, Grid                      int
	Scale, HideSplitLine               bool
	// Bottom keeps an x axis at the bottom of its plot (ECharts draws it
	// where y = 0 by default, at the top when every y is negative).
	Bottom   bool
	Min, Max interface{} // nil: automatic
}

// Series is one line or bar series. Values are the data items: [x, y]
// pairs for value axes or single numbers for a category axis; nil is a gap.
// They are written as they are (plain arrays and numbers, not {value: …}
// objects): ECharts takes several times less main-thread time on plain
// data (setOption of a 10-series convergence chart of 400 points: about
// 15 ms instead of 60 ms in headless Chromium), which matters while a run
// plays.
type Series struct {
	Name, Type, Color string
	X, Y              int // axis indices
	LineWidth         float32
	Dashed, Symbol    bool
	// Stack names the stack of a line series: its values are drawn on top
	// of those of the earlier series of the stack (a band is a transparent
	// base and a filled difference).
	Stack string
	// Step draws a line series as a step function: "end" holds each value
	// until the next point's x (a right-continuous ECDF).
	Step string
	// Area fills the area under a line (down to the previous series of its
	// stack) with its colour at this opacity; 0: no fill.
	Area float32
	// HideLine draws no line (opacity 0), for the parts of a band.
	HideLine bool
	// NoTooltip leaves the series out of the axis tooltip, for series whose
	// values mean nothing alone (the base and width of a band).
	NoTooltip bool
	// SymbolSize is the size of the symbols of a scatter series; 0: the
	// default.
	SymbolSize int
	Values     []interface{}
}

// The lite encoding mirrors what go-echarts' JSON() writes for the same
// chart, field for field (see TestLiteMatchesGoEcharts).

type liteOption struct {
	Animation bool         `json:"animation"`
	Color     []string     `json:"color,omitempty"`
	Grid      []liteGrid   `json:"grid,omitempty"`
	Legend    liteLegend   `json:"legend"`
	Series    []liteSeries `json:"series"`
	Title     liteTitle    `json:"title"`
	Toolbox   struct{}     `json:"toolbox"`
	Tooltip   liteTooltip  `json:"tooltip"`
	XAxis     []liteAxis   `json:"xAxis"`
	YAxis     []liteAxis   `json:"yAxis"`
}

type liteGrid struct {
	Left   string `json:"left,omitempty"`
	Top    string `json:"top,omitempty"`
	Right  string `json:"right,omitempty"`
	Bottom string `json:"bottom,omitempty"`
	Height string `json:"height,omitempty"`
}

type liteLegend struct {
	Type string `json:"type,omitempty"`
	Show bool   `json:"show"`
	Top  string `json:"top,omitempty"`
}

type liteTitle struct {
	Text      string `json:"text,omitempty"`
	TextStyle struct {
		FontSize int `json:"fontSize,omitempty"`
	} `json:"textStyle"`
	Left string `json:"left,omitempty"`
}

type liteTooltip struct {
	Show    bool   `json:"show"`
	Trigger string `json:"trigger,omitempty"`
}

type liteAxis struct {
	Name         string      `json:"name,omitempty"`
	Position     string      `json:"position,omitempty"`
	NameLocation string      `json:"nameLocation,omitempty"`
	NameGap      int         `json:"nameGap,omitempty"`
	Type         string      `json:"type,omitempty"`
	Data         []string    `json:"data,omitempty"`
	Scale        *bool       `json:"scale,omitempty"`
	Min          interface{} `json:"min,omitempty"`
	Max          interface{} `json:"max,omitempty"`
	GridIndex    int         `json:"gridIndex,omitempty"`
	SplitLine    *struct {
		Show bool `json:"show"`
	} `json:"splitLine,omitempty"`
	AxisLine *struct {
		OnZero bool `json:"onZero"`
	} `json:"axisLine,omitempty"`
}

type liteSeries struct {
	Name  string `json:"name,omitempty"`
	Type  string `json:"type,omitempty"`
	Stack string `json:"stack,omitempty"`
	// StackStrategy "all" (with Stack): ECharts' default ("samesign")
	// stacks a positive value on the last earlier one of the same sign,
	// so a band's width would be drawn from 0, not from its lower line,
	// wherever that line is below 0
	StackStrategy string         `json:"stackStrategy,omitempty"`
	XAxisIndex    int            `json:"xAxisIndex,omitempty"`
	YAxisIndex    int            `json:"yAxisIndex,omitempty"`
	Step          string         `json:"step,omitempty"`
	ShowSymbol    bool           `json:"showSymbol"`
	Color         string         `json:"color,omitempty"`
	SymbolSize    int            `json:"symbolSize,omitempty"`
	Data          []interface{}  `json:"data"`
	LineStyle     *liteLineStyle `json:"lineStyle,omitempty"`
	AreaStyle     *struct {
		Color   string   `json:"color,omitempty"`
		Opacity *float32 `json:"opacity,omitempty"`
	} `json:"areaStyle,omitempty"`
	Tooltip *struct {
		Show bool `json:"show"`
	} `json:"tooltip,omitempty"`
}

type liteLineStyle struct {
	Color   string   `json:"color,omitempty"`
	Width   float32  `json:"width,omitempty"`
	Type    string   `json:"type,omitempty"`
	Opacity *float32 `json:"opacity,omitempty"`
}

// plainData returns the values as a JSON array (never null).
func plainData(v []interface{}) []interface{} {
	if v == nil {
		return []interface{}{}
	}
	return v
}

// liteJSON marshals m without go-echarts.
func liteJSON(m *Model) ([]byte, error) {
	o := liteOption{Color: m.Colors}
	for _, g := range m.Grids {
		o.Grid = append(o.Grid, liteGrid{Left: g.Left, Top: g.Top, Right: g.Right, Bottom: g.Bottom, Height: g.Height})
	}
	o.Legend = liteLegend{Show: !m.NoLegend, Top: m.LegendTop}
	if m.LegendScroll {
		o.Legend.Type = "scroll"
	}
	o.Title.Text, o.Title.Left = m.Title, "center"
	o.Title.TextStyle.FontSize = 13
	o.Tooltip = liteTooltip{Show: true, Trigger: "axis"}
	axis := func(a Axis) liteAxis {
		l := liteAxis{Name: a.Name, Position: a.Position, NameLocation: a.NameLocation, NameGap: a.NameGap,
			Type: a.Type, Min: a.Min, Max: a.Max, GridIndex: a.Grid}
		if a.Scale {
			t := true
			l.Scale = &t
		}
		if a.HideSplitLine {
			l.SplitLine = &struct {
				Show bool `json:"show"`
			}{false}
		}
		if a.Bottom {
			l.AxisLine = &struct {
				OnZero bool `json:"onZero"`
			}{false}
		}
		return l
	}
	for i, a := range m.XAxes {
		l := axis(a)
		if i == 0 && m.Kind == "bar" {
			l.Data = m.Categories
		}
		o.XAxis = append(o.XAxis, l)
	}
	for _, a := range m.YAxes {
		o.YAxis = append(o.YAxis, axis(a))
	}
	for _, s := range m.Series {
		ls := liteSeries{Name: s.Name, Type: s.Type, Stack: s.Stack, XAxisIndex: s.X, YAxisIndex: s.Y, Step: s.Step,
			ShowSymbol: s.Symbol, Color: s.Color, SymbolSize: s.SymbolSize, Data: plainData(s.Values)}
		if s.Stack != "" {
			ls.StackStrategy = "all"
		}
		if s.LineWidth > 0 || s.Dashed || s.HideLine {
			ls.LineStyle = &liteLineStyle{Color: s.Color, Width: s.LineWidth}
			if s.Dashed {
				ls.LineStyle.Type = "dashed"
			}
			if s.HideLine {
				ls.LineStyle.Opacity = new(float32)
			}
		}
		if s.Area > 0 {
			op := s.Area
			ls.AreaStyle = &struct {
				Color   string   `json:"color,omitempty"`
				Opacity *float32 `json:"opacity,omitempty"`
			}{Color: s.Color, Opacity: &op}
		}
		if s.NoTooltip {
			ls.Tooltip = &struct {
				Show bool `json:"show"`
			}{false}
		}
		o.Series = append(o.Series, ls)
	}
	return check(o)
}
