// Package contour samples a function of two variables on a lattice and
// extracts its iso-lines, for the playground's landscape view.
//
// A Grid holds f at the NX×NY lattice points
//
//	x_i = X0 + i (X1 − X0)/(NX − 1),  y_j = Y0 + j (Y1 − Y0)/(NY − 1),
//
// (x_{NX−1} = X1 and y_{NY−1} = Y1 exactly). Levels chooses iso-values,
// Lines traces the iso-line f = c by marching squares, and Region/Rects
// shade the cells where a predicate holds (e.g. the infeasible region).
//
// Non-finite values (NaN, ±Inf) mark holes: Levels ignores them, and Lines
// skips every cell that has one at a corner, so no output coordinate is ever
// NaN or infinite.
package contour

import (
	"fmt"
	"math"
)

// MaxPoints bounds NX·NY, so that a bad request cannot exhaust memory.
const MaxPoints = 1 << 22

// Grid samples a function of two variables on an NX×NY lattice over
// [X0, X1]×[Y0, Y1]. Values is row-major: Values[j·NX + i] = f(x_i, y_j),
// row j is the y index.
type Grid struct {
	NX, NY         int
	X0, X1, Y0, Y1 float64
	Values         []float64
}

// Sample returns the Grid of fn on an nx×ny lattice over [x0, x1]×[y0, y1],
// calling fn once per lattice point at (X(i), Y(j)). fn may return NaN or
// ±Inf for points where f is undefined. The error names the first bad
// argument: nx or ny below 2, nx·ny above MaxPoints, a non-finite bound,
// x1 ≤ x0, y1 ≤ y0, or a nil fn.
func Sample(nx, ny int, x0, x1, y0, y1 float64, fn func(x, y float64) float64) (*Grid, error) {
	g := &Grid{NX: nx, NY: ny, X0: x0, X1: x1, Y0: y0, Y1: y1}
	if err := g.checkShape(); err != nil {
		return nil, err
	}
	if fn == nil {
		return nil, fmt.Errorf("contour: the function to sample is nil")
	}
	g.Values = make([]float64, nx*ny)
	xs := g.xs()
	for j := range ny {
		y := g.Y(j)
		row := g.Values[j*nx : (j+1)*nx]
		for i, x := range xs {
			row[i] = fn(x, y)
		}
	}
	return g, nil
}

// checkShape checks everything but Values.
func (g *Grid) checkShape() error {
	switch {
	case g.NX < 2:
		return fmt.Errorf("contour: nx = %d, need at least 2 points along x", g.NX)
	case g.NY < 2:
		return fmt.Errorf("contour: ny = %d, need at least 2 points along y", g.NY)
	case g.NX > MaxPoints/g.NY:
		return fmt.Errorf("contour: nx·ny = %d·%d exceeds the limit of %d points", g.NX, g.NY, MaxPoints)
	}
	for _, b := range []struct {
		name string
		v    float64
	}{{"x0", g.X0}, {"x1", g.X1}, {"y0", g.Y0}, {"y1", g.Y1}} {
		if math.IsNaN(b.v) || math.IsInf(b.v, 0) {
			return fmt.Errorf("contour: %s = %v is not a finite number", b.name, b.v)
		}
	}
	switch {
	case !(g.X1 > g.X0):
		return fmt.Errorf("contour: x1 = %v must exceed x0 = %v", g.X1, g.X0)
	case !(g.Y1 > g.Y0):
		return fmt.Errorf("contour: y1 = %v must exceed y0 = %v", g.Y1, g.Y0)
	case math.IsInf(g.X1-g.X0, 0):
		return fmt.Errorf("contour: x range [%v, %v] is too wide", g.X0, g.X1)
	case math.IsInf(g.Y1-g.Y0, 0):
		return fmt.Errorf("contour: y range [%v, %v] is too wide", g.Y0, g.Y1)
	}
	return nil
}

// Check returns an error naming the first inconsistent field of a Grid built
// by hand, or nil. Lines, Levels and Region return nil for a Grid that fails
// Check.
func (g *Grid) Check() error {
	if g == nil {
		return fmt.Errorf("contour: nil grid")
	}
	if err := g.checkShape(); err != nil {
		return err
	}
	if len(g.Values) != g.NX*g.NY {
		return fmt.Errorf("contour: len(Values) = %d, want nx·ny = %d", len(g.Values), g.NX*g.NY)
	}
	return nil
}

// X returns x_i = X0 + i (X1 − X0)/(NX − 1), with x_{NX−1} = X1 exactly.
func (g *Grid) X(i int) float64 {
	if i == g.NX-1 {
		return g.X1
	}
	return g.X0 + float64(i)*(g.X1-g.X0)/float64(g.NX-1)
}

// Y returns y_j = Y0 + j (Y1 − Y0)/(NY − 1), with y_{NY−1} = Y1 exactly.
func (g *Grid) Y(j int) float64 {
	if j == g.NY-1 {
		return g.Y1
	}
	return g.Y0 + float64(j)*(g.Y1-g.Y0)/float64(g.NY-1)
}

// At returns the value at lattice point (i, j).
func (g *Grid) At(i, j int) float64 { return g.Values[j*g.NX+i] }

// DX and DY are the lattice spacings (X1 − X0)/(NX − 1) and
// (Y1 − Y0)/(NY − 1).
func (g *Grid) DX() float64 { return (g.X1 - g.X0) / float64(g.NX-1) }

// DY is the lattice spacing along y; see DX.
func (g *Grid) DY() float64 { return (g.Y1 - g.Y0) / float64(g.NY-1) }

// Range returns the least and greatest finite value; ok is false when no
// value is finite.
func (g *Grid) Range() (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range g.Values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		lo = min(lo, v)
		hi = max(hi, v)
	}
	if lo > hi {
		return 0, 0, false
	}
	return lo, hi, true
}

// xs and ys return the lattice coordinates.
func (g *Grid) xs() []float64 {
	xs := make([]float64, g.NX)
	for i := range xs {
		xs[i] = g.X(i)
	}
	return xs
}

func (g *Grid) ys() []float64 {
	ys := make([]float64, g.NY)
	for j := range ys {
		ys[j] = g.Y(j)
	}
	return ys
}

// finite reports whether v is neither NaN nor ±Inf.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Region evaluates pred at the centre of every cell, (x_i + DX/2, y_j + DY/2)
// for i < NX−1, j < NY−1, and returns the row-major mask of the
// (NX−1)×(NY−1) cells where it holds: mask[j·(NX−1) + i]. It returns nil for
// a nil pred or a grid that fails Check.
func Region(g *Grid, pred func(x, y float64) bool) []bool {
	if pred == nil || g.Check() != nil {
		return nil
	}
	cx, cy := g.NX-1, g.NY-1
	xs, ys := g.xs(), g.ys()
	mask := make([]bool, cx*cy)
	for j := range cy {
		y := (ys[j] + ys[j+1]) / 2
		for i := range cx {
			mask[j*cx+i] = pred((xs[i]+xs[i+1])/2, y)
		}
	}
	return mask
}

// Rects merges each row's runs of set cells of a Region mask into
// rectangles, returned flat as x0, y0, x1, y1 (data coordinates, x0 < x1,
// y0 < y1), ready for a canvas fillRect or a chart's custom series. It
// returns nil when the mask does not have (NX−1)(NY−1) cells or the grid
// fails Check.
func Rects(g *Grid, mask []bool) []float64 {
	if g.Check() != nil || len(mask) != (g.NX-1)*(g.NY-1) {
		return nil
	}
	cx := g.NX - 1
	xs, ys := g.xs(), g.ys()
	var out []float64
	for j := range g.NY - 1 {
		row := mask[j*cx : (j+1)*cx]
		for i := 0; i < cx; {
			if !row[i] {
				i++
				continue
			}
			k := i
			for k < cx && row[k] {
				k++
			}
			out = append(out, xs[i], ys[j], xs[k], ys[j+1])
			i = k
		}
	}
	return out
}
