package cec2017_test

import (
	"fmt"

	"pcaplay/core/problem"
	"pcaplay/core/problem/cec2017"
	"pcaplay/core/problem/cec2017/official"
)

// Example evaluates C01 at its optimum x = o with the official data
// (embedded in package official; cec2017.LoadData reads a directory of the
// same files, and cec2017.GenerateData makes data for any dimension).
func Example() {
	const num, dim = 1, 10
	d, err := cec2017.LoadDataFS(official.FS(), num, dim)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := cec2017.New(num, dim, d)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := make([]float64, p.NumIneq())
	h := make([]float64, p.NumEq())
	f := p.Evaluate(d.Shift, g, h)
	fmt.Printf("%s: f = %g, g = %g, violation = %g\n", p.Name(), f, g, problem.Violation(g, h))
	// Output:
	// C01: f = 0, g = [-90000], violation = 0
}
