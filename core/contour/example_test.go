package contour_test

import (
	"fmt"

	"pcaplay/core/contour"
)

// Sample the paraboloid x² + y², pick levels and trace the unit circle.
func Example() {
	g, err := contour.Sample(41, 41, -2, 2, -2, 2, func(x, y float64) float64 { return x*x + y*y })
	if err != nil {
		fmt.Println(err)
		return
	}
	levels, logScale := contour.Levels(g, 4)
	fmt.Printf("levels %.2f, log-spaced: %v\n", levels, logScale)

	lines := contour.Lines(g, 1)
	p := lines[0]
	fmt.Printf("%d polyline, closed: %v, %d points, starts at (%.2f, %.2f)\n",
		len(lines), contour.Closed(p), len(p)/2, p[0], p[1])

	_, err = contour.Sample(1, 41, -2, 2, -2, 2, nil)
	fmt.Println(err)
	// Output:
	// levels [1.60 3.20 4.80 6.40], log-spaced: false
	// 1 polyline, closed: true, 77 points, starts at (0.00, -1.00)
	// contour: nx = 1, need at least 2 points along x
}
