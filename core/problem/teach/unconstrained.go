package teach

import "math"

var (
	rosenLower, rosenUpper   = box(-1, 2)
	valleyLower, valleyUpper = box(-3, 3)
	absLower, absUpper       = box(-2, 2)
	himLower, himUpper       = box(-5, 5)
	rastLower, rastUpper     = box(-5.12, 5.12)
)

// rosenbrock is f(x, y) = (1 − x)² + 100 (y − x²)².
func rosenbrock(x, y float64) float64 {
	a, b := 1-x, y-x*x
	return a*a + 100*b*b
}

// Rosenbrock is the valley of the paper's §3.1 on the box [−1, 2]²:
//
//	f(x, y) = (1 − x)² + 100 (y − x²)²,
//
// minimised at (1, 1) with f = 0. The paper prints the second term as
// 100(y − x²), without the square. That is a typo: without the square f is
// not bounded below by 0 (f(2, −1) = 1 − 500 = −499), (1, 1) is no minimum,
// and there is no valley to draw; with it, f is the standard Rosenbrock
// function whose curved valley y = x² the paper's Fig. 1 shows.
//
// It teaches the paper's point: the k best of a random sample lie along the
// valley, so their first principal component follows it, while the first
// component of the whole sample points anywhere.
type Rosenbrock struct{}

// Name returns "rosenbrock".
func (Rosenbrock) Name() string { return "rosenbrock" }

// Dim returns 2.
func (Rosenbrock) Dim() int { return 2 }

// Bounds returns the box [−1, 2]².
func (Rosenbrock) Bounds() (lower, upper []float64) { return rosenLower, rosenUpper }

// NumIneq returns 0.
func (Rosenbrock) NumIneq() int { return 0 }

// NumEq returns 0.
func (Rosenbrock) NumEq() int { return 0 }

// Evaluate returns (1 − x)² + 100 (y − x²)².
func (Rosenbrock) Evaluate(x, _, _ []float64) float64 { return rosenbrock(x[0], x[1]) }

// Optimum returns (1, 1) and 0.
func (Rosenbrock) Optimum() ([]float64, float64) { return optimum(1, 1, 0) }

// Description is a one-line summary.
func (Rosenbrock) Description() string {
	return "The paper's curved valley (§3.1): (1−x)² + 100(y−x²)² on [−1, 2]², minimum 0 at (1, 1)."
}

// ValleyAngle is θ, the angle of the Valley's floor against the x axis, and
// ValleyCondition is the condition number of its Hessian.
const (
	ValleyAngle     = math.Pi / 6
	ValleyCondition = 1000
)

// Valley centre c = (1, 0.5) and floor direction d = (cos θ, sin θ) =
// (√3/2, 1/2).
const (
	valleyCX, valleyCY = 1, 0.5
	valleyCos          = 0.8660254037844386 // cos 30° = √3/2
	valleySin          = 0.5                // sin 30°
)

// Valley is a straight, narrow valley: an ill-conditioned quadratic rotated
// by θ = 30°, centred at c = (1, 0.5), on [−3, 3]²:
//
//	u = cos θ (x − 1) + sin θ (y − 0.5),
//	v = −sin θ (x − 1) + cos θ (y − 0.5),
//	f(x, y) = u² + 1000 v².
//
// Its Hessian R diag(2, 2000) Rᵀ has condition number 1000; the valley floor
// is the line through c along (cos θ, sin θ) = (√3/2, 1/2). Minimum 0 at c.
//
// It teaches the case PCA is made for: the good points lie along a straight
// line, the first principal component is (nearly) the valley direction, and
// PCA-projection moves points onto the valley floor, where f drops by the
// factor 1000 that the v term carries.
type Valley struct{}

// Name returns "valley".
func (Valley) Name() string { return "valley" }

// Dim returns 2.
func (Valley) Dim() int { return 2 }

// Bounds returns the box [−3, 3]².
func (Valley) Bounds() (lower, upper []float64) { return valleyLower, valleyUpper }

// NumIneq returns 0.
func (Valley) NumIneq() int { return 0 }

// NumEq returns 0.
func (Valley) NumEq() int { return 0 }

// Evaluate returns u² + 1000 v² (see Valley).
func (Valley) Evaluate(x, _, _ []float64) float64 {
	dx, dy := x[0]-valleyCX, x[1]-valleyCY
	u := valleyCos*dx + valleySin*dy
	v := -valleySin*dx + valleyCos*dy
	return u*u + ValleyCondition*v*v
}

// Optimum returns (1, 0.5) and 0.
func (Valley) Optimum() ([]float64, float64) { return optimum(valleyCX, valleyCY, 0) }

// Description is a one-line summary.
func (Valley) Description() string {
	return "A straight narrow valley: u² + 1000v² rotated by 30° about (1, 0.5); PCA of the good points finds its direction."
}

// Abs is the example of the paper's §3.3 on [−2, 2]²:
//
//	f(x, y) = |x| + 0·y.
//
// Every point of the line x = 0 is a minimiser with f = 0; Optimum reports
// (0, 0).
//
// It teaches that PCA's direction is not the gradient: for points on the
// line x = 1 (the paper's x_i = 1, y_i = i) the first principal component is
// the line itself, while the gradient (1, 0) is perpendicular to it, so
// PCA-projection leaves such points where they are and the progress must
// come from the other operators.
type Abs struct{}

// Name returns "abs".
func (Abs) Name() string { return "abs" }

// Dim returns 2.
func (Abs) Dim() int { return 2 }

// Bounds returns the box [−2, 2]².
func (Abs) Bounds() (lower, upper []float64) { return absLower, absUpper }

// NumIneq returns 0.
func (Abs) NumIneq() int { return 0 }

// NumEq returns 0.
func (Abs) NumEq() int { return 0 }

// Evaluate returns |x|.
func (Abs) Evaluate(x, _, _ []float64) float64 { return math.Abs(x[0]) }

// Optimum returns (0, 0) and 0; every (0, y) is as good.
func (Abs) Optimum() ([]float64, float64) { return optimum(0, 0, 0) }

// Description is a one-line summary.
func (Abs) Description() string {
	return "The paper's |x| + 0·y (§3.3): points on x = 1 have their principal component along the line, not along the gradient."
}

// himmelblauMinima are the four global minimisers of Himmelblau's function,
// (3, 2) and three irrational ones (roots of ∇f = 0, computed to 40 digits
// and rounded).
var himmelblauMinima = [4][2]float64{
	{3, 2},
	{-2.805118086952744853, 3.131312518250572966},
	{-3.779310253377746892, -3.283185991286169412},
	{3.584428340330491745, -1.848126526964403554},
}

// Himmelblau is Himmelblau's function on [−5, 5]²:
//
//	f(x, y) = (x² + y − 11)² + (x + y² − 7)²,
//
// with four global minimisers, all with f = 0: (3, 2),
// (−2.805118…, 3.131312…), (−3.779310…, −3.283185…) and
// (3.584428…, −1.848126…) (Minima gives them in full). Optimum reports
// (3, 2).
//
// It teaches multimodality with equally good basins: when the k best points
// come from different basins, their first principal component joins the
// basins instead of following one, and the projected children fall between
// them.
type Himmelblau struct{}

// Name returns "himmelblau".
func (Himmelblau) Name() string { return "himmelblau" }

// Dim returns 2.
func (Himmelblau) Dim() int { return 2 }

// Bounds returns the box [−5, 5]².
func (Himmelblau) Bounds() (lower, upper []float64) { return himLower, himUpper }

// NumIneq returns 0.
func (Himmelblau) NumIneq() int { return 0 }

// NumEq returns 0.
func (Himmelblau) NumEq() int { return 0 }

// Evaluate returns (x² + y − 11)² + (x + y² − 7)².
func (Himmelblau) Evaluate(x, _, _ []float64) float64 {
	a := x[0]*x[0] + x[1] - 11
	b := x[0] + x[1]*x[1] - 7
	return a*a + b*b
}

// Optimum returns (3, 2) and 0.
func (Himmelblau) Optimum() ([]float64, float64) { return optimum(3, 2, 0) }

// Minima returns the four global minimisers as a fresh slice of (x, y)
// pairs, (3, 2) first.
func (Himmelblau) Minima() [][2]float64 {
	return append([][2]float64(nil), himmelblauMinima[:]...)
}

// Description is a one-line summary.
func (Himmelblau) Description() string {
	return "Himmelblau's function on [−5, 5]²: four equally good minima (f = 0); PCA over points from different basins points between them."
}

// Rastrigin is Rastrigin's function on [−5.12, 5.12]²:
//
//	f(x, y) = 20 + (x² − 10 cos 2πx) + (y² − 10 cos 2πy),
//
// minimised at (0, 0) with f = 0. It has a local minimum near every integer
// point (a, b) of the box, with f ≈ a² + b².
//
// It teaches the opposite of a valley: the best points sit in many small
// basins spread over a global bowl, so their principal components describe
// the spread of the population, not any direction of descent.
type Rastrigin struct{}

// Name returns "rastrigin".
func (Rastrigin) Name() string { return "rastrigin" }

// Dim returns 2.
func (Rastrigin) Dim() int { return 2 }

// Bounds returns the box [−5.12, 5.12]².
func (Rastrigin) Bounds() (lower, upper []float64) { return rastLower, rastUpper }

// NumIneq returns 0.
func (Rastrigin) NumIneq() int { return 0 }

// NumEq returns 0.
func (Rastrigin) NumEq() int { return 0 }

// Evaluate returns 20 + Σ (x_i² − 10 cos 2πx_i).
func (Rastrigin) Evaluate(x, _, _ []float64) float64 {
	a, b := x[0], x[1]
	return 20 + a*a - 10*cos2pi(a) + b*b - 10*cos2pi(b)
}

// cos2pi returns cos 2πx computed as cos 2π(x − round x): the same value,
// exactly 1 at every integer, and finite (not cos(±Inf) = NaN) for
// |x| near math.MaxFloat64. x − round x is exact in floating point.
func cos2pi(x float64) float64 {
	return math.Cos(2 * math.Pi * (x - math.Round(x)))
}

// Optimum returns (0, 0) and 0.
func (Rastrigin) Optimum() ([]float64, float64) { return optimum(0, 0, 0) }

// Description is a one-line summary.
func (Rastrigin) Description() string {
	return "Rastrigin's function on [−5.12, 5.12]²: a bowl covered in local minima, global minimum 0 at (0, 0)."
}
