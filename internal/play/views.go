package play

import (
	"errors"
	"math"

	"pcaplay/core/chart"
	"pcaplay/core/contour"
	"pcaplay/core/pca"
	"pcaplay/core/problem"
	"pcaplay/internal/play/export"
	"pcaplay/internal/play/wire"
)

// Line kinds in Contour.LineKind.
const (
	LineLevel = 0 // an iso-line of f; LineIndex is the level index
	LineG     = 1 // g_i = 0; LineIndex is i
	LineH     = 2 // h_j = 0; LineIndex is j
)

// Mask bits in Contour.Mask.
const (
	MaskInfeasible = 1 // v(x) > 0 at the node
	MaskOutside    = 2 // the node is outside the box [L, U]
)

// Contour is a sampled plane: the iso-lines of f, the constraint
// boundaries and the infeasible region, all in plane coordinates (u, v).
// For D = 2 the plane is the decision space itself.
type Contour struct {
	NX int `js:"nx"`
	NY int `js:"ny"`
	// Extent is the sampled window [x0, x1, y0, y1]: u from x0 to x1, v
	// from y0 to y1.
	Extent   [4]float64 `js:"extent"`
	Levels   []float64  `js:"levels"`
	LogScale bool       `js:"logScale"`
	// Lines holds every polyline's points as flat u,v pairs; polyline p
	// is Lines[2*LineStart[p] : 2*LineStart[p+1]].
	Lines     []float64 `js:"lines"`
	LineStart []float64 `js:"lineStart"`
	LineKind  []float64 `js:"lineKind"`
	LineIndex []float64 `js:"lineIndex"`
	// Mask has NX·NY node flags (MaskInfeasible, MaskOutside), row-major
	// with row j at v = y0 + j·(y1−y0)/(NY−1).
	Mask []uint8 `js:"mask"`
}

// plane maps (u, v) to a point of the decision space.
type plane func(u, v float64, x []float64)

// sample evaluates the problem on an nx×ny grid over [x0,x1]×[y0,y1] of the
// plane and builds the iso-lines with core/contour.
func sample(p problem.Problem, at plane, nx, ny int, x0, x1, y0, y1 float64, nLevels int) (*Contour, error) {
	if nx < 2 || ny < 2 || nx > MaxGrid || ny > MaxGrid {
		return nil, wire.Errorf(wire.CodeBadArgument, "landscape grid %d×%d: each side must be in [2, %d]", nx, ny, MaxGrid)
	}
	if !(x1 > x0) || !(y1 > y0) || math.IsInf(x1-x0, 0) || math.IsInf(y1-y0, 0) {
		return nil, wire.Errorf(wire.CodeBadArgument, "landscape extent [%g, %g]×[%g, %g]: empty or not finite", x0, x1, y0, y1)
	}
	n := p.Dim()
	ni, ne := p.NumIneq(), p.NumEq()
	lo, hi := p.Bounds()
	ev := problem.NewEvaluator(p)
	x := make([]float64, n)
	nodes := nx * ny
	fv := make([]float64, nodes)
	gv := make([]float64, nodes*ni)
	hv := make([]float64, nodes*ne)
	mask := make([]uint8, nodes)
	shape := &contour.Grid{NX: nx, NY: ny, X0: x0, X1: x1, Y0: y0, Y1: y1}
	ux, vy := shape.X, shape.Y
	for j := 0; j < ny; j++ {
		for i := 0; i < nx; i++ {
			at(ux(i), vy(j), x)
			k := j*nx + i
			f, v := ev.Eval(x)
			fv[k] = f
			copy(gv[k*ni:], ev.G)
			copy(hv[k*ne:], ev.H)
			if v > 0 {
				mask[k] |= MaskInfeasible
			}
			for d := range x {
				if x[d] < lo[d] || x[d] > hi[d] {
					mask[k] |= MaskOutside
					break
				}
			}
		}
	}
	grid := func(vals []float64, stride, off int) *contour.Grid {
		g := &contour.Grid{NX: nx, NY: ny, X0: x0, X1: x1, Y0: y0, Y1: y1, Values: make([]float64, nodes)}
		for k := range g.Values {
			g.Values[k] = vals[k*stride+off]
		}
		return g
	}
	c := &Contour{NX: nx, NY: ny, Extent: [4]float64{x0, x1, y0, y1}, Mask: mask}
	addLines := func(g *contour.Grid, level float64, kind, index int) {
		for _, pl := range contour.Lines(g, level) {
			if len(pl) < 4 {
				continue
			}
			c.LineStart = append(c.LineStart, float64(len(c.Lines)/2))
			c.LineKind = append(c.LineKind, float64(kind))
			c.LineIndex = append(c.LineIndex, float64(index))
			c.Lines = append(c.Lines, pl...)
		}
	}
	gf := grid(fv, 1, 0)
	if err := gf.Check(); err != nil {
		return nil, err
	}
	c.Levels, c.LogScale = contour.Levels(gf, nLevels)
	for li, l := range c.Levels {
		addLines(gf, l, LineLevel, li)
	}
	for i := 0; i < ni; i++ {
		addLines(grid(gv, ni, i), 0, LineG, i)
	}
	for j := 0; j < ne; j++ {
		addLines(grid(hv, ne, j), 0, LineH, j)
	}
	c.LineStart = append(c.LineStart, float64(len(c.Lines)/2))
	return c, nil
}

// Landscape samples f, g and h of a 2-D problem over [x0,x1]×[y0,y1]; an
// empty extent (x1 ≤ x0) means the problem's box.
func (s *Session) Landscape(nx, ny int, x0, x1, y0, y1 float64) (*Contour, error) {
	if s.Problem.Dim() != 2 {
		return nil, wire.Errorf(wire.CodeBadArgument, "landscape: %s has D = %d ≠ 2; use the principal-component view", s.Config.Problem, s.Problem.Dim())
	}
	if !(x1 > x0) || !(y1 > y0) {
		lo, hi := s.Problem.Bounds()
		x0, x1, y0, y1 = lo[0], hi[0], lo[1], hi[1]
	}
	return sample(s.Problem, func(u, v float64, x []float64) { x[0], x[1] = u, v }, nx, ny, x0, x1, y0, y1, ContourLevels)
}

// Zoom is the window of the 2-D landscape view.
//
// Off, the window is the problem's box. On ("zoom to population", the URL's
// zoom=pop), the window follows the population, and the contour is sampled
// again (in Go, on the same grid) only when the window changes:
//
//   - the fitted window is a square around the bounding box of the
//     population and the best point so far, ZoomMargin (2) times the box's
//     longer side (half a side of margin all round), but at least
//     ZoomMinSide (1e-4) of the problem box's longer side; it is moved
//     inside the problem's box where it fits, and is the box along an axis
//     where it does not;
//   - the window is kept while every point is inside it and the fitted
//     window is at least 1/ZoomFactor (1/3) of its side; otherwise (a point
//     left it, or the population shrank so much that the view can zoom in
//     3× or more) it is replaced by the fitted window.
//
// So a converging population is re-zoomed about every 3× of shrinkage, a
// drifting one when it reaches the edge, and never from one generation to
// the next for small changes.
type Zoom struct {
	On bool
	// Grid is the number of nodes per side of the sampled contour.
	Grid int
	// X0, X1, Y0, Y1 is the current window when Set.
	X0, X1, Y0, Y1 float64
	Set            bool
}

// Zoom rule constants, see Zoom.
const (
	ZoomMargin  = 2.0
	ZoomFactor  = 3.0
	ZoomMinSide = 1e-4
)

// SetZoom switches the zoom on or off and fits the window at once.
func (s *Session) SetZoom(on bool) {
	s.Zoom.On, s.Zoom.Set = on, false
	s.UpdateZoom()
}

// Window returns the landscape's current window: the zoom window, or the
// problem's box.
func (s *Session) Window() (x0, x1, y0, y1 float64) {
	if s.Zoom.On && s.Zoom.Set {
		z := &s.Zoom
		return z.X0, z.X1, z.Y0, z.Y1
	}
	lo, hi := s.Problem.Bounds()
	return lo[0], hi[0], lo[1], hi[1]
}

// UpdateZoom applies the rule of Zoom after a generation and reports
// whether the window changed (so the contour must be sampled again).
func (s *Session) UpdateZoom() bool {
	if !s.Zoom.On || s.Problem.Dim() != 2 || !s.HasLast || len(s.Last.X) < 2 {
		return false
	}
	lo, hi := s.Problem.Bounds()
	return s.Zoom.fit(lo, hi, s.Last.X, s.Last.Best.X)
}

// fit applies the rule of Zoom to the points of pts (each flat x,y pairs:
// populations and best points) in the box [lo, hi] and reports whether the
// window changed. Compare mode fits one window to every run's points.
func (z *Zoom) fit(lo, hi []float64, pts ...[]float64) bool {
	clamp := func(x float64, d int) float64 { return math.Max(lo[d], math.Min(hi[d], x)) }
	// the points' box (points clamped to the problem's box)
	u0, u1, v0, v1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	inside := z.Set
	add := func(x, y float64) {
		if math.IsNaN(x) || math.IsNaN(y) {
			return
		}
		x, y = clamp(x, 0), clamp(y, 1)
		u0, u1, v0, v1 = math.Min(u0, x), math.Max(u1, x), math.Min(v0, y), math.Max(v1, y)
		if x < z.X0 || x > z.X1 || y < z.Y0 || y > z.Y1 {
			inside = false
		}
	}
	for _, X := range pts {
		for i := 0; i+1 < len(X); i += 2 {
			add(X[i], X[i+1])
		}
	}
	if u0 > u1 {
		return false // no point with coordinates
	}
	boxSide := math.Max(hi[0]-lo[0], hi[1]-lo[1])
	side := math.Max(ZoomMargin*math.Max(u1-u0, v1-v0), ZoomMinSide*boxSide)
	x0, x1 := place((u0+u1)/2, side, lo[0], hi[0])
	y0, y1 := place((v0+v1)/2, side, lo[1], hi[1])
	if inside && ZoomFactor*math.Max(x1-x0, y1-y0) >= math.Max(z.X1-z.X0, z.Y1-z.Y0) {
		return false
	}
	if z.Set && x0 == z.X0 && x1 == z.X1 && y0 == z.Y0 && y1 == z.Y1 {
		return false
	}
	z.X0, z.X1, z.Y0, z.Y1, z.Set = x0, x1, y0, y1, true
	return true
}

// place returns the interval of length side centred on c, moved inside
// [lo, hi] when it fits there, or [lo, hi] when it does not.
func place(c, side, lo, hi float64) (float64, float64) {
	if side >= hi-lo {
		return lo, hi
	}
	a := c - side/2
	a = math.Max(lo, math.Min(hi-side, a))
	return a, a + side
}

// ZoomLandscape samples the landscape over the current window on the
// zoom's grid (LandscapeGrid when unset).
func (s *Session) ZoomLandscape() (*Contour, error) {
	g := s.Zoom.Grid
	if g < 2 {
		g = LandscapeGrid
	}
	x0, x1, y0, y1 := s.Window()
	return s.Landscape(g, g, x0, x1, y0, y1)
}

// PCView is the population seen in the plane of its first two principal
// components through its mean.
type PCView struct {
	Generation int       `js:"generation"`
	Mean       []float64 `js:"mean"`
	V1         []float64 `js:"v1"`
	V2         []float64 `js:"v2"`
	// Values are all n eigenvalues, descending.
	Values []float64 `js:"values"`
	// Coords are the population's, Count×2.
	Coords []float64 `js:"coords"`
	F      []float64 `js:"f"`
	V      []float64 `js:"v"`
	// Best is the best-so-far in plane coordinates.
	Best []float64 `js:"best"`
	// VarianceJS is the explained-variance chart's option.
	VarianceJS []byte `js:"variance,string"`
	// VarianceCSV is the same explained variance as CSV (export.VarianceCSV),
	// the chart's export.
	VarianceCSV []byte `js:"varianceCSV,string"`
	// Contour is the plane's, when sampled.
	Contour *Contour `js:"contour,omitempty"`
}

// PCView computes the PCA of the current population (all points, m = 2)
// and samples f and the constraints on the plane through the mean along
// v1, v2. grid ≤ 0 skips the sampling (points only).
func (s *Session) PCView(grid int) (*PCView, error) {
	if !s.HasLast {
		return nil, wire.Errorf(wire.CodeNoRun, "pcview: no population yet: step first")
	}
	n := s.Problem.Dim()
	l := &s.Last
	count := len(l.F)
	if n < 2 {
		return nil, errors.New("pcview: needs D ≥ 2")
	}
	if count < 2 {
		return nil, errors.New("pcview: needs at least 2 points")
	}
	pr, err := pca.Project(l.X, n, pca.ByFeasibility(l.F, l.V), count, 2)
	if err != nil && !errors.Is(err, pca.ErrZeroVariance) {
		return nil, err
	}
	pv := &PCView{Generation: l.Generation, Mean: pr.Mean, Values: pr.Values,
		V1: pr.Vectors[:n], V2: pr.Vectors[n : 2*n], Coords: pr.Coords,
		F: append([]float64(nil), l.F...), V: append([]float64(nil), l.V...)}
	pv.Best = []float64{0, 0}
	for d := 0; d < n; d++ {
		pv.Best[0] += pv.V1[d] * (l.Best.X[d] - pv.Mean[d])
		pv.Best[1] += pv.V2[d] * (l.Best.X[d] - pv.Mean[d])
	}
	pv.VarianceJS, err = chart.ExplainedVariance(pr.Values, "")
	if err != nil {
		return nil, err
	}
	pv.VarianceCSV = export.VarianceCSV(pr.Values)
	if grid <= 0 {
		return pv, nil
	}
	pv.Contour, err = s.pcContour(pv, [][]float64{pr.Coords, pv.Best}, grid)
	if err != nil {
		return nil, err
	}
	return pv, nil
}

// pcContour samples f and the constraints on the plane through pv.Mean
// along pv.V1, pv.V2 over a square around the plane points pts (flat u,v
// pairs), with a 15% margin.
func (s *Session) pcContour(pv *PCView, pts [][]float64, grid int) (*Contour, error) {
	u0, u1, v0, v1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, c := range pts {
		for i := 0; i+1 < len(c); i += 2 {
			u0, u1 = math.Min(u0, c[i]), math.Max(u1, c[i])
			v0, v1 = math.Min(v0, c[i+1]), math.Max(v1, c[i+1])
		}
	}
	half := 0.5 * math.Max(u1-u0, v1-v0) * 1.15
	if !(half > 1e-12) {
		half = 1e-6 * (1 + math.Abs(pv.Mean[0]))
	}
	cu, cv := (u0+u1)/2, (v0+v1)/2
	mean, a, b := pv.Mean, pv.V1, pv.V2
	at := func(u, v float64, x []float64) {
		for d := range x {
			x[d] = mean[d] + u*a[d] + v*b[d]
		}
	}
	return sample(s.Problem, at, grid, grid, cu-half, cu+half, cv-half, cv+half, ContourLevels)
}
