package lesson

import "math"

// The valley floor of Rosenbrock's function f(x, y) = (1 − x)² + 100 (y − x²)²
// is the parabola y = x², where the second term vanishes: for every x it is
// the y that minimises f, and the minimum (1, 1) lies on it. The lesson
// measures a principal axis against the floor's direction where the axis is
// drawn, so "the tangent" is the tangent of the parabola at its point
// nearest to the mean of the points the axis was fitted to (the axis passes
// through that mean).
//
// Written with only +, −, ×, ÷, Sqrt, Cbrt, Acos, Cos and Atan2, which Go
// computes bit for bit alike on every platform (Exp, Log and Hypot have
// assembly on amd64 and are avoided), so the angle is part of the
// cross-platform golden test.

// Floor is the point of the valley floor y = x² nearest to a point p, with
// the floor's tangent there.
type Floor struct {
	// Foot is (t, t²), the point of the parabola nearest to p.
	Foot [2]float64
	// Tangent is the unit tangent (1, 2t)/√(1 + 4t²) at Foot.
	Tangent [2]float64
	// Dist is the distance from p to Foot, the distance of p to the floor.
	Dist float64
}

// NearestFloor returns the point of the parabola y = x² nearest to p.
//
// The squared distance (t − p₁)² + (t² − p₂)² is stationary where
//
//	2t³ + (1 − 2p₂) t − p₁ = 0,
//
// a cubic with one or three real roots (Cardano's formula, or the
// trigonometric one when there are three); each root is polished by Newton
// steps and the one nearest to p wins. Ties (p on the parabola's axis x = 0
// above y = 1/2, where two points are nearest) go to the larger t, the
// branch that leads to the minimum (1, 1).
func NearestFloor(p [2]float64) Floor {
	// Depressed cubic t³ + a t + b = 0.
	a := (1 - 2*p[1]) / 2
	b := -p[0] / 2
	var roots [3]float64
	nr := 0
	disc := b*b/4 + a*a*a/27
	switch {
	case disc > 0:
		s := math.Sqrt(disc)
		roots[0] = math.Cbrt(-b/2+s) + math.Cbrt(-b/2-s)
		nr = 1
	case a == 0: // then b = 0 too (disc ≤ 0): the triple root 0
		nr = 1
	default: // a < 0: three real roots
		r := 2 * math.Sqrt(-a/3)
		c := 3 * b / (a * r) // = (3b/(2a))·√(−3/a), in [−1, 1] up to round-off
		phi := math.Acos(max(-1, min(1, c))) / 3
		for k := range 3 {
			roots[k] = r * math.Cos(phi-2*math.Pi*float64(k)/3)
		}
		nr = 3
	}
	best, bestD := 0.0, math.Inf(1)
	for _, t := range roots[:nr] {
		// Newton on g(t) = t³ + a t + b, g'(t) = 3t² + a; a step is kept
		// only if it makes |g| smaller (near a double root g' → 0).
		g := t*t*t + a*t + b
		for range 4 {
			d := 3*t*t + a
			if g == 0 || d == 0 {
				break
			}
			u := t - g/d
			gu := u*u*u + a*u + b
			if !(math.Abs(gu) < math.Abs(g)) {
				break
			}
			t, g = u, gu
		}
		dx, dy := t-p[0], t*t-p[1]
		if d2 := dx*dx + dy*dy; d2 < bestD || (d2 == bestD && t > best) {
			best, bestD = t, d2
		}
	}
	norm := math.Sqrt(1 + 4*best*best)
	return Floor{
		Foot:    [2]float64{best, best * best},
		Tangent: [2]float64{1 / norm, 2 * best / norm},
		Dist:    math.Sqrt(bestD),
	}
}

// AngleDeg returns the angle in degrees, in [0, 90], between the lines
// spanned by the unit vectors u and v (the sign of either does not matter).
func AngleDeg(u, v [2]float64) float64 {
	dot := math.Abs(u[0]*v[0] + u[1]*v[1])
	cross := math.Abs(u[0]*v[1] - u[1]*v[0])
	return math.Atan2(cross, dot) * 180 / math.Pi
}
