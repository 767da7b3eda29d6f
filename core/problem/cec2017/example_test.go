package cec2017_test

import (
	"fmt"
	"os"

	"pcaplay/core/problem"
	"pcaplay/core/problem/cec2017"
)

// Example evaluates C01 at its optimum x = o. It reads the official data
// from $CEC2017_DATA and falls back to generated data where the files are
// absent, as the browser does; f(o) = 0 and g1(o) = −9000·D either way.
func Example() {
	const num, dim = 1, 10
	d, err := cec2017.LoadData(os.Getenv("CEC2017_DATA"), num, dim)
	if err != nil {
		d = cec2017.GenerateData(num, dim, 1) // no official files here
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
