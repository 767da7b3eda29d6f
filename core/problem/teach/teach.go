// Package teach holds the playground's 2-D teaching problems: small
// landscapes, each chosen to show one thing about PCA-projection (Huang, Xu,
// Li, He, §3) or about constrained search, and each small enough to draw as a
// contour map.
//
// Every problem implements problem.Problem, problem.Optimum and
// problem.Describer. The types are empty structs: the zero value is ready to
// use, safe for concurrent use, and Evaluate allocates nothing. Like every
// problem.Problem, Evaluate expects len(x) == 2 and finite coordinates
// (check user input with problem.CheckPoint first); for such input it never
// returns NaN.
//
// The problems, in teaching order (Names):
//
//	rosenbrock  the paper's curved valley (§3.1)
//	valley      a straight, rotated, ill-conditioned valley
//	abs         |x| + 0·y: PCA's direction is not the gradient (§3.3)
//	disc        Rosenbrock cut by the unit disc: optimum on the boundary
//	circle      a quadratic on the unit circle: an equality constraint
//	islands     a feasible region made of two separate discs
//	himmelblau  four equally good minima
//	rastrigin   a bowl covered in local minima
package teach

import (
	"fmt"
	"strings"

	"pcaplay/core/problem"
)

// names is the fixed teaching order.
var names = []string{
	"rosenbrock", "valley", "abs", "disc", "circle", "islands", "himmelblau", "rastrigin",
}

// Names returns the keys of the teaching problems in teaching order. The
// caller owns the returned slice.
func Names() []string {
	return append([]string(nil), names...)
}

// New returns the teaching problem called name (a key from Names). An unknown
// name gives an error that names it and lists the known ones.
func New(name string) (problem.Problem, error) {
	switch name {
	case "rosenbrock":
		return Rosenbrock{}, nil
	case "valley":
		return Valley{}, nil
	case "abs":
		return Abs{}, nil
	case "disc":
		return Disc{}, nil
	case "circle":
		return Circle{}, nil
	case "islands":
		return Islands{}, nil
	case "himmelblau":
		return Himmelblau{}, nil
	case "rastrigin":
		return Rastrigin{}, nil
	}
	return nil, fmt.Errorf("teach: unknown problem %q (known: %s)", name, strings.Join(names, ", "))
}

// box returns the shared bound slices of [lo, hi]².
func box(lo, hi float64) (lower, upper []float64) {
	return []float64{lo, lo}, []float64{hi, hi}
}

// optimum returns a fresh copy of x* so callers cannot change the package's
// copy.
func optimum(x, y, f float64) ([]float64, float64) {
	return []float64{x, y}, f
}
