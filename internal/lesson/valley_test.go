package lesson

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bruteFloor finds the nearest point of y = x² to p by a dense scan of t
// followed by golden-section refinement around the best grid point.
func bruteFloor(p [2]float64) (t, d float64) {
	d2 := func(t float64) float64 { dx, dy := t-p[0], t*t-p[1]; return dx*dx + dy*dy }
	lim := 2 + math.Abs(p[0]) + math.Sqrt(math.Abs(p[1]))
	const n = 20000
	bt, bd := 0.0, math.Inf(1)
	for i := 0; i <= n; i++ {
		t := -lim + 2*lim*float64(i)/n
		if v := d2(t); v < bd {
			bt, bd = t, v
		}
	}
	a, b := bt-2*lim/n, bt+2*lim/n
	for range 100 {
		m1, m2 := a+(b-a)*0.382, a+(b-a)*0.618
		if d2(m1) < d2(m2) {
			b = m2
		} else {
			a = m1
		}
	}
	t = (a + b) / 2
	return t, math.Sqrt(d2(t))
}

func TestNearestFloorMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pts := [][2]float64{
		{0, 0}, {1, 1}, {0.5, 0.25}, {0, 2}, {0, 0.5}, {0, 0.5000001}, {1e-9, 3}, {-1, -1},
		{2, 2}, {-1, 2}, {2, -1}, {0.3, 0.7}, {-0.7, 1.9}, {1.2, 0.1},
	}
	for range 2000 {
		pts = append(pts, [2]float64{-1 + 3*r.Float64(), -1 + 3*r.Float64()})
	}
	for _, p := range pts {
		f := NearestFloor(p)
		tb, db := bruteFloor(p)
		if math.Abs(f.Dist-db) > 1e-9*(1+db) {
			t.Fatalf("p = %v: distance %v (foot t = %v), brute force %v (t = %v)", p, f.Dist, f.Foot[0], db, tb)
		}
		if f.Foot[1] != f.Foot[0]*f.Foot[0] {
			t.Fatalf("p = %v: foot %v is not on y = x²", p, f.Foot)
		}
		// The foot is where p − foot is normal to the tangent.
		nx, ny := p[0]-f.Foot[0], p[1]-f.Foot[1]
		if dot := nx*f.Tangent[0] + ny*f.Tangent[1]; math.Abs(dot) > 1e-9*(1+f.Dist) {
			t.Fatalf("p = %v: p − foot is not normal to the tangent (dot %v)", p, dot)
		}
		if n := math.Hypot(f.Tangent[0], f.Tangent[1]); math.Abs(n-1) > 1e-15 || f.Tangent[0] <= 0 {
			t.Fatalf("p = %v: tangent %v is not a unit vector pointing to +x", p, f.Tangent)
		}
		if s := f.Tangent[1] / f.Tangent[0]; math.Abs(s-2*f.Foot[0]) > 1e-12*(1+math.Abs(s)) {
			t.Fatalf("p = %v: tangent slope %v, want 2t = %v", p, s, 2*f.Foot[0])
		}
	}
}

func TestNearestFloorTieTakesLargerT(t *testing.T) {
	// (0, 2): t = ±√1.5 are both nearest.
	f := NearestFloor([2]float64{0, 2})
	if want := math.Sqrt(1.5); math.Abs(f.Foot[0]-want) > 1e-12 {
		t.Fatalf("foot t = %v, want +√1.5 = %v", f.Foot[0], want)
	}
	// Below the focus the vertex is nearest.
	if f := NearestFloor([2]float64{0, 0.3}); f.Foot[0] != 0 || math.Abs(f.Dist-0.3) > 1e-15 {
		t.Fatalf("(0, 0.3): foot %v dist %v, want the vertex at distance 0.3", f.Foot, f.Dist)
	}
}

func TestAngleDeg(t *testing.T) {
	s := math.Sqrt(0.5)
	cases := []struct {
		u, v [2]float64
		want float64
	}{
		{[2]float64{1, 0}, [2]float64{1, 0}, 0},
		{[2]float64{1, 0}, [2]float64{-1, 0}, 0}, // a line has no sign
		{[2]float64{1, 0}, [2]float64{0, 1}, 90},
		{[2]float64{1, 0}, [2]float64{s, s}, 45},
		{[2]float64{1, 0}, [2]float64{-s, s}, 45},
		{[2]float64{s, s}, [2]float64{0.5, math.Sqrt(3) / 2}, 15},
	}
	for _, c := range cases {
		if got := AngleDeg(c.u, c.v); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("AngleDeg(%v, %v) = %v, want %v", c.u, c.v, got, c.want)
		}
		if a, b := AngleDeg(c.u, c.v), AngleDeg(c.v, c.u); a != b {
			t.Errorf("AngleDeg is not symmetric: %v vs %v", a, b)
		}
	}
}
