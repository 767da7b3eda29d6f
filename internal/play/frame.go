package play

import "pcaplay/internal/play/wire"

// Frame is what the page draws after a step: the status, the population
// (x only when D = 2: for D > 2 the page draws the PC view) and what the
// FrameOptions asked for. Nil or empty fields are left out of the message.
type Frame struct {
	// Applied is the number of generations the step applied.
	Applied int    `js:"applied"`
	Status  Status `js:"status"`
	// X (D = 2 only), F and V are the population; Best is the best point.
	X    []float64 `js:"x,omitempty"`
	F    []float64 `js:"f"`
	V    []float64 `js:"v"`
	Best []float64 `js:"best"`
	// Generations is the number of generations recorded (the initial
	// population is generation 0).
	Generations int `js:"generations"`
	// Charts is the convergence chart, one ECharts option (JSON) per panel.
	Charts [][]byte `js:"charts,string,omitempty"`
	// Op is the last PCA-projection, when it is new or FrameOptions.Op.
	Op *Operator `js:"op,omitempty"`
	// PC is the principal-component view (D > 2, FrameOptions.PC > 0).
	PC *PCView `js:"pc,omitempty"`
	// Landscape is a new 2-D contour: the zoom window changed.
	Landscape *Contour `js:"landscape,omitempty"`
}

// Frame returns the frame after applied generations (0 for a redraw).
func (s *Session) Frame(applied int, o FrameOptions) (*Frame, error) {
	f := &Frame{Applied: applied, Status: s.Status(), F: s.Last.F, V: s.Last.V,
		Best: s.Last.Best.X, Generations: s.History.Added()}
	if s.Problem.Dim() == 2 {
		f.X = s.Last.X
		if applied > 0 && s.UpdateZoom() {
			c, err := s.ZoomLandscape()
			if err != nil {
				return nil, err
			}
			f.Landscape = c
		}
	}
	if o.Chart {
		pts := ChartPoints
		if o.Playing {
			pts = ChartPointsPlaying
		}
		parts, err := s.ConvergenceParts(pts)
		if err != nil {
			return nil, err
		}
		f.Charts = parts
	}
	if s.Operator != nil && (s.Operator != s.opSent || o.Op) {
		s.opSent = s.Operator
		f.Op = s.Operator
	}
	if o.PC < 0 || o.PC > MaxGrid {
		return nil, wire.Errorf(wire.CodeBadArgument, "pc = %d: must be in [0, %d]", o.PC, MaxGrid)
	}
	if o.PC > 0 && s.Problem.Dim() > 2 && s.HasLast {
		grid := o.PC
		if grid == 1 {
			grid = 0
		}
		pv, err := s.PCView(grid)
		if err != nil {
			return nil, err
		}
		f.PC = pv
	}
	return f, nil
}

// ViewOptions say how the 2-D landscape is shown.
type ViewOptions struct {
	Zoom bool `js:"zoom"` // fit the landscape to the population (see Zoom)
	Grid int  `js:"grid"` // nodes per side of the contour (0: LandscapeGrid)
}

// View sets how the 2-D landscape is shown and returns its contour over the
// resulting window (nil for D ≠ 2). Later frames carry a new contour as
// Frame.Landscape whenever the zoom window changes.
func (s *Session) View(o ViewOptions) (*Contour, error) {
	if o.Grid == 0 {
		o.Grid = LandscapeGrid
	}
	if o.Grid < 2 || o.Grid > MaxGrid {
		return nil, wire.Errorf(wire.CodeBadArgument, "view grid = %d: must be in [2, %d]", o.Grid, MaxGrid)
	}
	s.Zoom.Grid = o.Grid
	s.SetZoom(o.Zoom)
	if s.Problem.Dim() != 2 {
		return nil, nil
	}
	return s.ZoomLandscape()
}
