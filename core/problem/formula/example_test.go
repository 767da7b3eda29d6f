package formula_test

import (
	"fmt"

	"pcaplay/core/problem/formula"
)

func ExampleCompile() {
	p, err := formula.Compile("sum(i, 1, D-1, 100*(x[i+1]-x[i]^2)^2 + (1-x[i])^2)", 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Eval([]float64{1, 2, 3}))
	_, err = formula.Compile("max(x1, x2", 3)
	fmt.Println(err)
	// Output:
	// 201
	// formula: column 11: expected ')' after the arguments of max, found end of input
}

func ExampleParse() {
	d, err := formula.Parse([]byte(`{
		"name": "ball", "dim": 2, "lower": -2, "upper": 2,
		"f": "sum(i, 1, D, (x[i] - 1)^2)",
		"g": ["sum(i, 1, D, x[i]^2) - 1"]
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := d.Compile(3) // the formulas hold for any D
	if err != nil {
		fmt.Println(err)
		return
	}
	g := make([]float64, p.NumIneq())
	f := p.Evaluate([]float64{1, 0, 0}, g, nil)
	fmt.Println(p.Name() == d.ID(), p.Dim(), f, g[0])
	// Output: true 3 2 0
}
