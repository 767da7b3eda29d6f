package contour

import (
	"math"
	"strings"
	"testing"
)

func rosenbrock(x, y float64) float64 {
	a, b := 1-x, y-x*x
	return a*a + 100*b*b
}

func mustSample(t testing.TB, nx, ny int, x0, x1, y0, y1 float64, fn func(x, y float64) float64) *Grid {
	t.Helper()
	g, err := Sample(nx, ny, x0, x1, y0, y1, fn)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSampleErrors(t *testing.T) {
	one := func(x, y float64) float64 { return 1 }
	nan := math.NaN()
	for _, c := range []struct {
		nx, ny         int
		x0, x1, y0, y1 float64
		fn             func(x, y float64) float64
		want           string
	}{
		{1, 5, 0, 1, 0, 1, one, "nx = 1"},
		{-3, 5, 0, 1, 0, 1, one, "nx = -3"},
		{5, 0, 0, 1, 0, 1, one, "ny = 0"},
		{5, 5, 1, 1, 0, 1, one, "x1 = 1"},
		{5, 5, 2, 1, 0, 1, one, "x1 = 1 must exceed x0 = 2"},
		{5, 5, 0, 1, 3, -1, one, "y1 = -1"},
		{5, 5, nan, 1, 0, 1, one, "x0 = NaN"},
		{5, 5, 0, math.Inf(1), 0, 1, one, "x1 = +Inf"},
		{5, 5, 0, 1, math.Inf(-1), 1, one, "y0 = -Inf"},
		{5, 5, 0, 1, 0, nan, one, "y1 = NaN"},
		{5, 5, -math.MaxFloat64, math.MaxFloat64, 0, 1, one, "too wide"},
		{1 << 12, 1<<10 + 1, 0, 1, 0, 1, one, "4096·1025"},
		{5, 5, 0, 1, 0, 1, nil, "nil"},
	} {
		g, err := Sample(c.nx, c.ny, c.x0, c.x1, c.y0, c.y1, c.fn)
		if err == nil || g != nil {
			t.Errorf("Sample(%d, %d, %v, %v, %v, %v) = %v, %v; want an error", c.nx, c.ny, c.x0, c.x1, c.y0, c.y1, g, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("error %q does not contain %q on one line", msg, c.want)
		}
	}
}

func TestSampleLayout(t *testing.T) {
	g := mustSample(t, 4, 3, -1, 2, 10, 11, func(x, y float64) float64 { return 100*x + y })
	if len(g.Values) != 12 || g.Check() != nil {
		t.Fatalf("grid %+v", g)
	}
	wantX := []float64{-1, 0, 1, 2}
	wantY := []float64{10, 10.5, 11}
	for j := range 3 {
		for i := range 4 {
			if g.X(i) != wantX[i] || g.Y(j) != wantY[j] {
				t.Errorf("(X(%d), Y(%d)) = (%v, %v)", i, j, g.X(i), g.Y(j))
			}
			if want := 100*wantX[i] + wantY[j]; g.At(i, j) != want || g.Values[j*4+i] != want {
				t.Errorf("value (%d, %d) = %v, want %v", i, j, g.At(i, j), want)
			}
		}
	}
	if g.DX() != 1 || g.DY() != 0.5 {
		t.Errorf("spacing %v, %v", g.DX(), g.DY())
	}
	// Awkward ranges still end exactly on the bounds.
	g = mustSample(t, 7, 9, 0.1, 0.7, -0.3, 0.9, func(x, y float64) float64 { return 0 })
	if g.X(6) != 0.7 || g.Y(8) != 0.9 || g.X(0) != 0.1 || g.Y(0) != -0.3 {
		t.Errorf("ends %v %v %v %v", g.X(0), g.X(6), g.Y(0), g.Y(8))
	}
}

func TestCheck(t *testing.T) {
	var nilGrid *Grid
	if err := nilGrid.Check(); err == nil {
		t.Error("nil grid passes Check")
	}
	g := &Grid{NX: 3, NY: 3, X0: 0, X1: 1, Y0: 0, Y1: 1, Values: make([]float64, 8)}
	if err := g.Check(); err == nil || !strings.Contains(err.Error(), "len(Values) = 8") {
		t.Errorf("Check() = %v", err)
	}
	if Lines(g, 0.5) != nil || Region(g, func(x, y float64) bool { return true }) != nil {
		t.Error("malformed grid gave output")
	}
	if l, _ := Levels(g, 5); l != nil {
		t.Error("malformed grid gave levels")
	}
	if Lines(nil, 1) != nil {
		t.Error("nil grid gave lines")
	}
}

// polyLength is the length of a flat polyline.
func polyLength(p []float64) float64 {
	s := 0.0
	for k := 2; k < len(p); k += 2 {
		s += math.Hypot(p[k]-p[k-2], p[k+1]-p[k-1])
	}
	return s
}

// checkPolylines checks what every Lines result must satisfy: finite
// coordinates inside the box, consecutive points within one cell and on
// lattice lines, no repeated consecutive point, and (when interiorEnds is
// false) open polylines that end on the border.
func checkPolylines(t *testing.T, g *Grid, level float64, lines [][]float64, interiorEnds bool) {
	t.Helper()
	dx, dy := g.DX(), g.DY()
	onBorder := func(x, y float64) bool {
		return x == g.X0 || x == g.X1 || y == g.Y0 || y == g.Y1
	}
	for n, p := range lines {
		if len(p) < 4 || len(p)%2 != 0 {
			t.Fatalf("level %g, polyline %d has %d coordinates", level, n, len(p))
		}
		for k := 0; k < len(p); k += 2 {
			x, y := p[k], p[k+1]
			if !finite(x) || !finite(y) {
				t.Fatalf("level %g, polyline %d: point (%v, %v)", level, n, x, y)
			}
			if x < g.X0 || x > g.X1 || y < g.Y0 || y > g.Y1 {
				t.Fatalf("level %g: point (%v, %v) outside the grid", level, x, y)
			}
			// Every crossing lies on a lattice line.
			fi, fj := (x-g.X0)/dx, (y-g.Y0)/dy
			if math.Abs(fi-math.Round(fi)) > 1e-9 && math.Abs(fj-math.Round(fj)) > 1e-9 {
				t.Fatalf("level %g: point (%v, %v) is on no lattice line", level, x, y)
			}
			if k == 0 {
				continue
			}
			ddx, ddy := math.Abs(x-p[k-2]), math.Abs(y-p[k-1])
			if ddx > dx*(1+1e-9) || ddy > dy*(1+1e-9) {
				t.Fatalf("level %g, polyline %d: jump (%v, %v) → (%v, %v) spans more than a cell", level, n, p[k-2], p[k-1], x, y)
			}
			if ddx == 0 && ddy == 0 {
				t.Fatalf("level %g, polyline %d: repeated point (%v, %v)", level, n, x, y)
			}
		}
		if !interiorEnds && !Closed(p) {
			m := len(p)
			if !onBorder(p[0], p[1]) || !onBorder(p[m-2], p[m-1]) {
				t.Errorf("level %g: open polyline %d ends inside the grid at (%v, %v) / (%v, %v)", level, n, p[0], p[1], p[m-2], p[m-1])
			}
		}
	}
}

func TestLinesCircle(t *testing.T) {
	for _, c := range []struct{ n, r, cx, cy float64 }{
		{81, 1, 0, 0}, {201, 1.5, 0, 0}, {60, 0.7, 0.3, -0.2}, {400, 0.25, -1, 1},
	} {
		n := int(c.n)
		g := mustSample(t, n, n, -2, 2, -2, 2, func(x, y float64) float64 {
			return (x-c.cx)*(x-c.cx) + (y-c.cy)*(y-c.cy)
		})
		lines := Lines(g, c.r*c.r)
		checkPolylines(t, g, c.r*c.r, lines, false)
		if len(lines) != 1 || !Closed(lines[0]) {
			t.Fatalf("radius %g on %d²: %d polylines, want one closed", c.r, n, len(lines))
		}
		p := lines[0]
		h := g.DX()
		for k := 0; k < len(p); k += 2 {
			if d := math.Abs(math.Hypot(p[k]-c.cx, p[k+1]-c.cy) - c.r); d > h*h {
				t.Fatalf("radius %g: point (%v, %v) is %g off the circle (h = %g)", c.r, p[k], p[k+1], d, h)
			}
		}
		want := 2 * math.Pi * c.r
		if l := polyLength(p); math.Abs(l-want) > 2*h*h/c.r*want {
			t.Errorf("radius %g on %d²: length %v, want 2πr = %v", c.r, n, l, want)
		}
	}
}

func TestLinesPlane(t *testing.T) {
	g := mustSample(t, 31, 17, 0, 3, -1, 1, func(x, y float64) float64 { return x + 2*y })
	for _, level := range []float64{-1.5, 0, 0.37, 1, 2.9, 4.2} {
		lines := Lines(g, level)
		checkPolylines(t, g, level, lines, false)
		if len(lines) != 1 {
			t.Fatalf("level %g: %d polylines, want 1", level, len(lines))
		}
		p := lines[0]
		m := len(p)
		ux, uy := p[m-2]-p[0], p[m-1]-p[1]
		for k := 0; k < m; k += 2 {
			if r := p[k] + 2*p[k+1] - level; math.Abs(r) > 1e-12 {
				t.Errorf("level %g: point (%v, %v) has x + 2y − level = %g", level, p[k], p[k+1], r)
			}
			// Collinear with the end points.
			if cr := (p[k]-p[0])*uy - (p[k+1]-p[1])*ux; math.Abs(cr) > 1e-12 {
				t.Errorf("level %g: point (%v, %v) off the straight line (cross %g)", level, p[k], p[k+1], cr)
			}
		}
	}
	// Outside the range: nothing.
	if l := Lines(g, 100); l != nil {
		t.Errorf("level above the max gave %d polylines", len(l))
	}
}

// TestLinesThroughLatticePoints has the level equal to lattice values, so
// the iso-line runs along a lattice line through the points themselves.
func TestLinesThroughLatticePoints(t *testing.T) {
	g := mustSample(t, 5, 5, 0, 4, 0, 4, func(x, y float64) float64 { return x })
	lines := Lines(g, 2)
	checkPolylines(t, g, 2, lines, false)
	if len(lines) != 1 || len(lines[0]) != 10 {
		t.Fatalf("lines %v, want one with 5 points", lines)
	}
	for k := 0; k < 10; k += 2 {
		if lines[0][k] != 2 {
			t.Errorf("point (%v, %v) not on x = 2", lines[0][k], lines[0][k+1])
		}
	}
	// Constant grid at its own value: no line.
	g = mustSample(t, 4, 4, 0, 1, 0, 1, func(x, y float64) float64 { return 3 })
	if l := Lines(g, 3); l != nil {
		t.Errorf("constant grid gave %v", l)
	}
}

// segmentSet returns the polylines as unordered segments with coordinates
// rounded to 1e−9, for comparison with hand-made answers.
func segmentSet(lines [][]float64) map[[4]float64]bool {
	r := func(v float64) float64 { return math.Round(v*1e9) / 1e9 }
	set := map[[4]float64]bool{}
	for _, p := range lines {
		for k := 2; k < len(p); k += 2 {
			a := [2]float64{r(p[k-2]), r(p[k-1])}
			b := [2]float64{r(p[k]), r(p[k+1])}
			if a[0] > b[0] || (a[0] == b[0] && a[1] > b[1]) {
				a, b = b, a
			}
			set[[4]float64{a[0], a[1], b[0], b[1]}] = true
		}
	}
	return set
}

func TestLinesSaddle2x2(t *testing.T) {
	// f00 = 1, f10 = 0 (bottom row); f01 = 0, f11 = 1 (top row): the centre
	// average is 0.5.
	g := &Grid{NX: 2, NY: 2, X0: 0, X1: 1, Y0: 0, Y1: 1, Values: []float64{1, 0, 0, 1}}
	// Mirror image: f00 = 0, f10 = 1, f01 = 1, f11 = 0.
	m := &Grid{NX: 2, NY: 2, X0: 0, X1: 1, Y0: 0, Y1: 1, Values: []float64{0, 1, 1, 0}}
	for _, c := range []struct {
		g     *Grid
		level float64
		want  [][4]float64
	}{
		// Centre 0.5 > 0.4: the high corners 00, 11 connect; the low
		// corners 10 and 01 are cut off.
		{g, 0.4, [][4]float64{{0.6, 0, 1, 0.4}, {0, 0.6, 0.4, 1}}},
		// Centre 0.5 ≤ 0.6: the high corners are cut off.
		{g, 0.6, [][4]float64{{0, 0.4, 0.4, 0}, {0.6, 1, 1, 0.6}}},
		// Centre equal to the level counts as below: high corners cut off.
		{g, 0.5, [][4]float64{{0, 0.5, 0.5, 0}, {0.5, 1, 1, 0.5}}},
		// Mirror: high corners 10 and 01.
		{m, 0.4, [][4]float64{{0, 0.4, 0.4, 0}, {0.6, 1, 1, 0.6}}},
		{m, 0.6, [][4]float64{{0.6, 0, 1, 0.4}, {0, 0.6, 0.4, 1}}},
	} {
		lines := Lines(c.g, c.level)
		checkPolylines(t, c.g, c.level, lines, false)
		if len(lines) != 2 {
			t.Fatalf("values %v level %g: %d polylines, want 2", c.g.Values, c.level, len(lines))
		}
		got := segmentSet(lines)
		if len(got) != 2 {
			t.Fatalf("values %v level %g: segments %v", c.g.Values, c.level, got)
		}
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("values %v level %g: segment %v missing; got %v", c.g.Values, c.level, w, got)
			}
		}
	}
}

// TestLinesSaddleGrid traces f = x·y, whose saddle sits in the middle of a
// cell: the level ±0.1 lines are two hyperbola branches each, never
// crossing the axes (the other sign's quadrants).
func TestLinesSaddleGrid(t *testing.T) {
	g := mustSample(t, 20, 20, -1, 1, -1, 1, func(x, y float64) float64 { return x * y })
	for _, level := range []float64{0.1, -0.1, 1e-3, -1e-3} {
		lines := Lines(g, level)
		checkPolylines(t, g, level, lines, false)
		if len(lines) != 2 {
			t.Fatalf("level %g: %d polylines, want 2", level, len(lines))
		}
		for _, p := range lines {
			for k := 0; k < len(p); k += 2 {
				if p[k]*p[k+1]*level <= 0 {
					t.Fatalf("level %g: point (%v, %v) in the wrong quadrant", level, p[k], p[k+1])
				}
			}
		}
	}
}

func TestLinesHoles(t *testing.T) {
	hole := func(x, y float64) bool { return (x-1)*(x-1)+y*y < 0.3*0.3 }
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		g := mustSample(t, 101, 101, -2, 2, -2, 2, func(x, y float64) float64 {
			if hole(x, y) {
				return bad
			}
			return x*x + y*y
		})
		lines := Lines(g, 1)
		checkPolylines(t, g, 1, lines, true)
		if len(lines) != 1 || Closed(lines[0]) {
			t.Fatalf("hole %v: %d polylines, want one open arc", bad, len(lines))
		}
		p := lines[0]
		h := g.DX()
		for _, k := range []int{0, len(p) - 2} {
			// The ends are within a cell diagonal of the hole.
			if d := math.Hypot(p[k]-1, p[k+1]) - 0.3; d > 1.5*h || d < -1.5*h {
				t.Errorf("hole %v: end (%v, %v) is %g from the hole's rim", bad, p[k], p[k+1], d)
			}
		}
		for k := 0; k < len(p); k += 2 {
			if hole(p[k], p[k+1]) && math.Hypot(p[k]-1, p[k+1]) < 0.3-1.5*h {
				t.Errorf("point (%v, %v) deep inside the hole", p[k], p[k+1])
			}
		}
		if l := polyLength(p); !(l > 2*math.Pi-0.7 && l < 2*math.Pi-0.4) {
			t.Errorf("hole %v: arc length %v, want about 2π − 0.6", bad, l)
		}
	}
	// All NaN: nothing, and no levels.
	g := mustSample(t, 10, 10, 0, 1, 0, 1, func(x, y float64) float64 { return math.NaN() })
	if l := Lines(g, 0); l != nil {
		t.Errorf("NaN grid gave %v", l)
	}
	if l, _ := Levels(g, 5); l != nil {
		t.Errorf("NaN grid gave levels %v", l)
	}
	for _, level := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if l := Lines(mustSample(t, 5, 5, 0, 1, 0, 1, rosenbrock), level); l != nil {
			t.Errorf("level %v gave lines", level)
		}
	}
}

// TestLinesExtremeValues has values near ±MaxFloat64, where the
// interpolation and the saddle average could overflow.
func TestLinesExtremeValues(t *testing.T) {
	big := math.MaxFloat64
	g := &Grid{NX: 3, NY: 3, X0: 0, X1: 1, Y0: 0, Y1: 1, Values: []float64{
		big, -big, big,
		-big, big, -big,
		big, -big, big,
	}}
	for _, level := range []float64{0, big / 2, -big / 2, 1e300} {
		lines := Lines(g, level)
		if len(lines) == 0 {
			t.Errorf("level %g: no lines", level)
		}
		checkPolylines(t, g, level, lines, false)
	}
}

func TestLinesRosenbrock(t *testing.T) {
	g := mustSample(t, 150, 120, -1, 2, -1, 2, rosenbrock)
	levels, logScale := Levels(g, 15)
	if !logScale || len(levels) != 15 {
		t.Fatalf("levels %v, log %v", levels, logScale)
	}
	for _, c := range levels {
		lines := Lines(g, c)
		if len(lines) == 0 {
			t.Errorf("level %g: no lines", c)
		}
		checkPolylines(t, g, c, lines, false)
	}
}

func TestLevels(t *testing.T) {
	g := mustSample(t, 200, 200, -1, 2, -1, 2, rosenbrock)
	lo, hi, _ := g.Range()
	levels, logScale := Levels(g, 15)
	if !logScale {
		t.Errorf("Rosenbrock levels are linear: %v", levels)
	}
	if len(levels) != 15 {
		t.Fatalf("%d levels, want 15", len(levels))
	}
	// Geometric in f − lo.
	q := (levels[1] - lo) / (levels[0] - lo)
	for k := 1; k < len(levels); k++ {
		if !(levels[k] > levels[k-1]) || levels[0] <= lo || levels[k] >= hi {
			t.Fatalf("levels not increasing inside (%g, %g): %v", lo, hi, levels)
		}
		if r := (levels[k] - lo) / (levels[k-1] - lo); math.Abs(r-q) > 1e-9*q {
			t.Errorf("ratio %d = %g, first ratio %g", k, r, q)
		}
	}
	// The lowest level is near the 1st percentile of f − lo (≈ 0.31 for
	// this grid) and the ratio spans the decades up to the max (2501).
	if s := levels[0] - lo; s < 0.1 || s > 1 {
		t.Errorf("lowest level %g − lo = %g, want ≈ 0.3", levels[0], s)
	}

	// A plane: linear, equally spaced, NaN and Inf cells ignored.
	p := mustSample(t, 50, 40, 0, 1, 0, 1, func(x, y float64) float64 {
		if x > 0.9 && y > 0.9 {
			return math.NaN()
		}
		if x < 0.05 && y < 0.05 {
			return math.Inf(-1)
		}
		return 3*x - y
	})
	lo, hi, _ = p.Range()
	levels, logScale = Levels(p, 9)
	if logScale || len(levels) != 9 {
		t.Fatalf("plane: levels %v, log %v", levels, logScale)
	}
	step := (hi - lo) / 10
	for k, c := range levels {
		if math.Abs(c-(lo+step*float64(k+1))) > 1e-12 {
			t.Errorf("plane level %d = %g, want %g", k, c, lo+step*float64(k+1))
		}
	}

	// Degenerate cases.
	flat := mustSample(t, 5, 5, 0, 1, 0, 1, func(x, y float64) float64 { return 7 })
	if l, _ := Levels(flat, 5); l != nil {
		t.Errorf("constant grid gave levels %v", l)
	}
	if l, _ := Levels(g, 0); l != nil {
		t.Errorf("n = 0 gave levels %v", l)
	}
	if l, _ := Levels(nil, 3); l != nil {
		t.Errorf("nil grid gave levels %v", l)
	}
	huge := &Grid{NX: 2, NY: 2, X0: 0, X1: 1, Y0: 0, Y1: 1, Values: []float64{-math.MaxFloat64, math.MaxFloat64, 0, 1}}
	l, _ := Levels(huge, 3)
	if len(l) != 3 {
		t.Errorf("overflowing range gave %v", l)
	}
	for _, c := range l {
		if !finite(c) {
			t.Errorf("overflowing range gave level %v", c)
		}
	}
}

// TestLevelsRule pins the documented rule on shapes on either side of it.
func TestLevelsRule(t *testing.T) {
	sq := func(v float64) float64 { return v * v }
	for _, c := range []struct {
		name string
		fn   func(x, y float64) float64
		log  bool
	}{
		{"plane", func(x, y float64) float64 { return x + y }, false},
		{"bowl", func(x, y float64) float64 { return x*x + y*y }, false},
		{"abs", func(x, y float64) float64 { return math.Abs(x) }, false},
		{"ellipse 1:1000", func(x, y float64) float64 { return sq(x+y) + 1000*sq(x-y) }, true},
		{"himmelblau", func(x, y float64) float64 { x, y = 5*x, 5*y; return sq(x*x+y-11) + sq(x+y*y-7) }, true},
		{"exp", func(x, y float64) float64 { return math.Exp(8 * (x + y)) }, true},
	} {
		g := mustSample(t, 100, 100, -1, 1, -1, 1, c.fn)
		if _, got := Levels(g, 10); got != c.log {
			t.Errorf("%s: logScale = %v, want %v", c.name, got, c.log)
		}
	}
}

func TestRegionAndRects(t *testing.T) {
	g := mustSample(t, 101, 81, -2, 2, -1, 2, rosenbrock)
	outside := func(x, y float64) bool { return x*x+y*y > 1 }
	mask := Region(g, outside)
	cx, cy := g.NX-1, g.NY-1
	if len(mask) != cx*cy {
		t.Fatalf("mask has %d cells, want %d", len(mask), cx*cy)
	}
	set := 0
	for j := range cy {
		for i := range cx {
			x, y := (g.X(i)+g.X(i+1))/2, (g.Y(j)+g.Y(j+1))/2
			if mask[j*cx+i] != outside(x, y) {
				t.Fatalf("cell (%d, %d) mask %v at centre (%v, %v)", i, j, mask[j*cx+i], x, y)
			}
			if mask[j*cx+i] {
				set++
			}
		}
	}
	// The shaded area approximates the box minus the disc's part in it.
	cell := g.DX() * g.DY()
	rects := Rects(g, mask)
	if len(rects)%4 != 0 {
		t.Fatalf("%d rectangle coordinates", len(rects))
	}
	area := 0.0
	for k := 0; k < len(rects); k += 4 {
		if !(rects[k+2] > rects[k] && rects[k+3] > rects[k+1]) {
			t.Fatalf("empty rectangle %v", rects[k:k+4])
		}
		area += (rects[k+2] - rects[k]) * (rects[k+3] - rects[k+1])
	}
	if math.Abs(area-float64(set)*cell) > 1e-9 {
		t.Errorf("rectangles cover %v, mask %v", area, float64(set)*cell)
	}
	if want := 12 - math.Pi; math.Abs(area-want) > 0.05 {
		t.Errorf("shaded area %v, want ≈ 12 − π = %v", area, want)
	}
	// A mask of the wrong size or a nil predicate gives nil.
	if Rects(g, mask[1:]) != nil || Region(g, nil) != nil {
		t.Error("bad mask or nil predicate gave output")
	}
}

func TestClosed(t *testing.T) {
	if Closed([]float64{0, 0, 1, 0, 0, 0}) || !Closed([]float64{0, 0, 1, 0, 1, 1, 0, 0}) || Closed([]float64{0, 0, 1, 0, 1, 1, 0, 1}) || Closed(nil) {
		t.Error("Closed misjudges")
	}
}

func TestLinesAllocationsBounded(t *testing.T) {
	g := mustSample(t, 200, 200, -1, 2, -1, 2, rosenbrock)
	allocs := testing.AllocsPerRun(10, func() { Lines(g, 10) })
	lines := Lines(g, 10)
	// Coordinates, scratch and the edge map: a bounded handful per polyline.
	if allocs > float64(40+4*len(lines)) {
		t.Errorf("Lines allocates %v times for %d polylines", allocs, len(lines))
	}
}

// BenchmarkSampleLines is the landscape view's work for one frame: sample
// Rosenbrock on a 200×200 grid over [−1, 2]², choose 15 levels and trace
// them.
func BenchmarkSampleLines(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		g, err := Sample(200, 200, -1, 2, -1, 2, rosenbrock)
		if err != nil {
			b.Fatal(err)
		}
		levels, _ := Levels(g, 15)
		for _, c := range levels {
			Lines(g, c)
		}
	}
}

func BenchmarkLines(b *testing.B) {
	g, _ := Sample(200, 200, -1, 2, -1, 2, rosenbrock)
	levels, _ := Levels(g, 15)
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range levels {
			Lines(g, c)
		}
	}
}
