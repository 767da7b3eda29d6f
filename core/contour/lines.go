package contour

import "math"

// Lines returns the iso-line f = level as polylines, each a flat slice
// x0, y0, x1, y1, … in data coordinates.
//
// It uses marching squares on the (NX−1)×(NY−1) cells. A corner is "above"
// when its value is > level; an edge whose two corners differ is crossed at
// the linear interpolate
//
//	p = p_a + t (p_b − p_a),  t = (level − f_a)/(f_b − f_a) ∈ [0, 1],
//
// computed once per edge, so neighbouring cells share the point exactly. A
// cell with two crossed edges holds one segment. A saddle cell (diagonal
// corners alike, four crossed edges) is resolved by the cell-centre average
// c = (f₀₀ + f₁₀ + f₁₁ + f₀₁)/4: when c > level the above corners are
// joined through the centre and the segments cut off the two below
// corners; otherwise the segments cut off the two above corners.
//
// Segments meeting at a shared edge are joined into maximal polylines. A
// closed iso-line comes back with its last point equal to its first (see
// Closed); an open one ends on the grid border or at a hole. Cells with a
// NaN or ±Inf corner are holes: they are skipped and no coordinate is ever
// non-finite. Consecutive duplicate points (where the iso-line passes
// through a lattice point) are dropped.
//
// It returns nil for a NaN or infinite level, or a grid that fails Check.
func Lines(g *Grid, level float64) [][]float64 {
	if !finite(level) || g.Check() != nil {
		return nil
	}
	t := tracer{g: g, level: level, xs: g.xs(), ys: g.ys()}
	t.segments()
	return t.join()
}

// Closed reports whether a polyline from Lines is a closed loop: at least
// three distinct points, the last equal to the first.
func Closed(poly []float64) bool {
	n := len(poly)
	return n >= 8 && poly[0] == poly[n-2] && poly[1] == poly[n-1]
}

// tracer holds the state of one Lines call. Edges are numbered
//
//	2(j·NX + i)     the horizontal edge (i, j)–(i+1, j),
//	2(j·NX + i) + 1 the vertical edge   (i, j)–(i, j+1),
//
// and segs holds the two edge numbers of every segment.
type tracer struct {
	g      *Grid
	level  float64
	xs, ys []float64
	segs   []int32
}

// segments classifies every cell and collects its segments.
func (t *tracer) segments() {
	g, c := t.g, t.level
	nx, v := g.NX, g.Values
	for j := range g.NY - 1 {
		for i := range nx - 1 {
			k := j*nx + i
			f00, f10, f11, f01 := v[k], v[k+1], v[k+nx+1], v[k+nx]
			a00, a10, a11, a01 := f00 > c, f10 > c, f11 > c, f01 > c
			if a00 == a10 && a10 == a11 && a11 == a01 {
				continue // no crossing (also all-NaN cells)
			}
			if !finite(f00) || !finite(f10) || !finite(f11) || !finite(f01) {
				continue // a hole
			}
			bottom, top := int32(2*k), int32(2*(k+nx))
			left, right := int32(2*k+1), int32(2*(k+1)+1)
			if a00 == a11 && a10 == a01 {
				// Saddle. The centre average is formed from quarters so
				// that it cannot overflow.
				centre := f00/4 + f10/4 + f11/4 + f01/4
				if a00 == (centre > c) {
					// Isolate corners 10 and 01.
					t.segs = append(t.segs, bottom, right, top, left)
				} else {
					// Isolate corners 00 and 11.
					t.segs = append(t.segs, bottom, left, right, top)
				}
				continue
			}
			// Exactly two edges are crossed.
			var e [2]int32
			n := 0
			if a00 != a10 {
				e[n] = bottom
				n++
			}
			if a10 != a11 {
				e[n] = right
				n++
			}
			if a01 != a11 {
				e[n] = top
				n++
			}
			if a00 != a01 {
				e[n] = left
			}
			t.segs = append(t.segs, e[0], e[1])
		}
	}
}

// point returns the crossing on edge e.
func (t *tracer) point(e int32) (x, y float64) {
	g := t.g
	k := int(e >> 1)
	i, j := k%g.NX, k/g.NX
	fa := g.Values[k]
	var fb float64
	if e&1 == 0 {
		fb = g.Values[k+1]
	} else {
		fb = g.Values[k+g.NX]
	}
	s := (t.level - fa) / (fb - fa)
	switch {
	case math.IsNaN(s):
		s = 0.5 // only when fb − fa or level − fa overflows
	case s < 0:
		s = 0
	case s > 1:
		s = 1
	}
	if e&1 == 0 {
		return t.xs[i] + s*(t.xs[i+1]-t.xs[i]), t.ys[j]
	}
	return t.xs[i], t.ys[j] + s*(t.ys[j+1]-t.ys[j])
}

// join links the segments at shared edges into polylines.
func (t *tracer) join() [][]float64 {
	nseg := len(t.segs) / 2
	if nseg == 0 {
		return nil
	}
	// Every edge is shared by at most two cells and each cell uses it at
	// most once, so an edge belongs to at most two segments.
	adj := make(map[int32][2]int32, nseg)
	for s, e := range t.segs {
		seg := int32(s / 2)
		if p, ok := adj[e]; ok {
			p[1] = seg
			adj[e] = p
		} else {
			adj[e] = [2]int32{seg, -1}
		}
	}
	used := make([]bool, nseg)
	// follow extends chain from its last edge through unused segments.
	follow := func(chain []int32) []int32 {
		e := chain[len(chain)-1]
		for {
			p := adj[e]
			s := p[0]
			if used[s] {
				s = p[1]
			}
			if s < 0 || used[s] {
				return chain
			}
			used[s] = true
			if t.segs[2*s] == e {
				e = t.segs[2*s+1]
			} else {
				e = t.segs[2*s]
			}
			chain = append(chain, e)
		}
	}
	var out [][]float64
	var fwd, back []int32
	for s := range nseg {
		if used[s] {
			continue
		}
		used[s] = true
		fwd = follow(append(fwd[:0], t.segs[2*s], t.segs[2*s+1]))
		back = follow(append(back[:0], t.segs[2*s]))
		// Polyline: back reversed, then fwd without its first edge.
		poly := make([]float64, 0, 2*(len(back)+len(fwd)-1))
		add := func(e int32) {
			x, y := t.point(e)
			if n := len(poly); n >= 2 && poly[n-2] == x && poly[n-1] == y {
				return
			}
			poly = append(poly, x, y)
		}
		for i := len(back) - 1; i >= 0; i-- {
			add(back[i])
		}
		for _, e := range fwd[1:] {
			add(e)
		}
		if len(poly) >= 4 {
			out = append(out, poly)
		}
	}
	return out
}
