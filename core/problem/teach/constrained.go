package teach

import "math"

var (
	discLower, discUpper       = box(-1, 2)
	circleLower, circleUpper   = box(-2, 2)
	islandsLower, islandsUpper = box(-3, 3)
)

// The optimum of Disc, on the unit circle at angle t* = 0.66581251736417151391
// (40-digit root of dφ/dt for φ(t) = f(cos t, sin t), rounded to float64;
// the rounded point satisfies x² + y² − 1 = −2.2e−16 ≤ 0 in float64).
const (
	discX = 0.78641515416842783007
	discY = 0.61769831252339348457
	discF = 0.045674808719500228527
)

// Disc is the paper's Rosenbrock valley cut by the unit disc, on [−1, 2]²:
//
//	minimise  f(x, y) = (1 − x)² + 100 (y − x²)²
//	s.t.      g(x, y) = x² + y² − 1 ≤ 0.
//
// The unconstrained minimiser (1, 1) has x² + y² = 2, so the disc excludes it
// and the optimum lies on the circle x² + y² = 1, where the KKT condition
// ∇f + λ∇g = 0 holds with λ ≈ 0.1215 > 0:
//
//	x* ≈ (0.786415154168428, 0.617698312523393),  f* ≈ 0.0456748087195002.
//
// The digits come from minimising φ(t) = f(cos t, sin t) to 40 digits
// (t* ≈ 0.665812517364172); the tests re-derive them in float64.
//
// It teaches an inequality that cuts a valley: the feasible part of the
// valley floor ends on the circle, the best feasible points gather along the
// boundary, and the constrained optimum is where the valley meets it.
type Disc struct{}

// Name returns "disc".
func (Disc) Name() string { return "disc" }

// Dim returns 2.
func (Disc) Dim() int { return 2 }

// Bounds returns the box [−1, 2]².
func (Disc) Bounds() (lower, upper []float64) { return discLower, discUpper }

// NumIneq returns 1.
func (Disc) NumIneq() int { return 1 }

// NumEq returns 0.
func (Disc) NumEq() int { return 0 }

// Evaluate returns (1 − x)² + 100 (y − x²)² and writes g = x² + y² − 1.
func (Disc) Evaluate(x, g, _ []float64) float64 {
	g[0] = x[0]*x[0] + x[1]*x[1] - 1
	return rosenbrock(x[0], x[1])
}

// Optimum returns x* ≈ (0.786415, 0.617698) and f* ≈ 0.0456748.
func (Disc) Optimum() ([]float64, float64) { return optimum(discX, discY, discF) }

// Description is a one-line summary.
func (Disc) Description() string {
	return "Rosenbrock inside the unit disc x² + y² ≤ 1: the disc cuts the valley, optimum f ≈ 0.045675 on the boundary at (0.7864, 0.6177)."
}

// circleTX, circleTY is the target point of Circle's objective, at distance
// 2 from the origin.
const circleTX, circleTY = 1.6, 1.2

// Circle is a quadratic on the unit circle, on [−2, 2]²:
//
//	minimise  f(x, y) = (x − 1.6)² + (y − 1.2)²
//	s.t.      h(x, y) = x² + y² − 1 = 0.
//
// f is the squared distance to (1.6, 1.2), which lies at distance 2 from the
// origin, so the optimum is the nearest point of the circle:
//
//	x* = (0.8, 0.6),  f* = (2 − 1)² = 1,
//
// and the farthest point (−0.8, −0.6) is the maximum on the circle, f = 9.
// The equality counts as met when |h| ≤ δ = 1e−4 (problem.EqualityTolerance),
// so every point with radius in [√(1 − δ), √(1 + δ)] is feasible and the
// best of them has f = (2 − √(1 + δ))² ≈ 1 − 1.0e−4: a run may report f
// slightly below 1, as the CEC 2017 tables do for equality problems.
//
// It teaches an equality constraint: the feasible set is a curve of zero
// area that random sampling never hits, the good points (by the feasibility
// rule) line up along it, and their principal component is the circle's
// local tangent.
type Circle struct{}

// Name returns "circle".
func (Circle) Name() string { return "circle" }

// Dim returns 2.
func (Circle) Dim() int { return 2 }

// Bounds returns the box [−2, 2]².
func (Circle) Bounds() (lower, upper []float64) { return circleLower, circleUpper }

// NumIneq returns 0.
func (Circle) NumIneq() int { return 0 }

// NumEq returns 1.
func (Circle) NumEq() int { return 1 }

// Evaluate returns (x − 1.6)² + (y − 1.2)² and writes h = x² + y² − 1.
func (Circle) Evaluate(x, _, h []float64) float64 {
	h[0] = x[0]*x[0] + x[1]*x[1] - 1
	a, b := x[0]-circleTX, x[1]-circleTY
	return a*a + b*b
}

// Optimum returns (0.8, 0.6) and 1.
func (Circle) Optimum() ([]float64, float64) { return optimum(0.8, 0.6, 1) }

// Description is a one-line summary.
func (Circle) Description() string {
	return "Nearest point to (1.6, 1.2) on the circle x² + y² = 1 (an equality): optimum f = 1 at (0.8, 0.6)."
}

// The two islands of Islands: centres A, B and radii RA, RB.
const (
	islandAX, islandAY, islandAR = -1.5, -2, 1
	islandBX, islandBY, islandBR = 0.9, 1.2, 0.5
)

// Islands has a feasible region made of two separate discs, on [−3, 3]²:
//
//	minimise  f(x, y) = x² + y²
//	s.t.      g(x, y) = min(‖p − a‖ − 1, ‖p − b‖ − 0.5) ≤ 0,
//
// with p = (x, y), a = (−1.5, −2) and b = (0.9, 1.2), so g is the distance
// to the nearest island (negative inside). The origin, where f is least, is
// in the sea between them, so each island's best point is the point of its
// rim nearest the origin, p(1 − r/‖c‖) for centre c and radius r:
//
//	small island b (‖b‖ = 1.5, r = 0.5):  x* = (0.6, 0.8),    f* = 1 (global);
//	large island a (‖a‖ = 2.5, r = 1):    (−0.9, −1.2),     f = 2.25 (local).
//
// It teaches a disconnected feasible region: the large island has four times
// the area and catches most random points, yet the optimum is on the small
// one; and the two rim optima lie on one line through the origin, so PCA of
// good points from both islands finds that line and projects children into
// the infeasible sea between them.
type Islands struct{}

// Name returns "islands".
func (Islands) Name() string { return "islands" }

// Dim returns 2.
func (Islands) Dim() int { return 2 }

// Bounds returns the box [−3, 3]².
func (Islands) Bounds() (lower, upper []float64) { return islandsLower, islandsUpper }

// NumIneq returns 1.
func (Islands) NumIneq() int { return 1 }

// NumEq returns 0.
func (Islands) NumEq() int { return 0 }

// Evaluate returns x² + y² and writes g = min(‖p − a‖ − 1, ‖p − b‖ − 0.5).
func (Islands) Evaluate(x, g, _ []float64) float64 {
	da := math.Hypot(x[0]-islandAX, x[1]-islandAY) - islandAR
	db := math.Hypot(x[0]-islandBX, x[1]-islandBY) - islandBR
	g[0] = math.Min(da, db)
	return x[0]*x[0] + x[1]*x[1]
}

// Optimum returns (0.6, 0.8) and 1.
func (Islands) Optimum() ([]float64, float64) { return optimum(0.6, 0.8, 1) }

// LocalOptimum returns the best point of the large island, (−0.9, −1.2),
// and its value 2.25: a local optimum of the feasible set.
func (Islands) LocalOptimum() ([]float64, float64) { return optimum(-0.9, -1.2, 2.25) }

// Description is a one-line summary.
func (Islands) Description() string {
	return "x² + y² on two separate island discs: the big island catches most points, the optimum f = 1 at (0.6, 0.8) is on the small one."
}
