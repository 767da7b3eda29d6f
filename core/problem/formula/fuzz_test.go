package formula

import (
	"math"
	"strings"
	"testing"

	"pcaplay/core/internal/fmath"
)

var fuzzSeeds = []string{
	"1+2*3", "-x1^2", "2^3^2", "x[D]", "max(x1, x2", "sum(i, 1, D-1, 100*(x[i+1]-x[i]^2)^2 + (1-x[i])^2)",
	"sum(i, 1, D, sum(j, 1, i, x[j])^2)", "prod(k, 1, D, cos(x[k]/sqrt(k)))", "x[floor(D/2)]",
	"min(x1, 0/0, 3)", "log(-1) + 1/0", "sum(i, 1, 1e9, 1)", "((((1))))", "1e-3 * .5e+2",
	"sin(cos(tan(asin(acos(atan(exp(log(sqrt(abs(floor(ceil(x1))))))))))))",
	`{"name":"p","dim":2,"lower":-1,"upper":[1,2],"f":"x1","g":["x2"],"best":{"f":0,"x":[0,0]}}`,
	`{"name":"p","dim":3,"lower":-1,"upper":1,"let":["a = x1^2","b = a + sum(i, 1, D, x[i]*a)"],"f":"b - a","g":["prod(k, 1, D, b)"]}`,
}

// FuzzParse: any input, as a formula at any D and as a definition, gives
// a value or an error, never a panic; a compiled formula keeps the limits.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, uint16(3))
	}
	f.Fuzz(func(t *testing.T, src string, d16 uint16) {
		d := int(d16%64) + 1
		p, err := Compile(src, d)
		if err != nil {
			if len(src) <= MaxSource && strings.Contains(err.Error(), "longer than the limit") {
				t.Fatalf("%q: %v", src, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
		} else {
			if len(src) > MaxSource || p.Ops() > MaxOps {
				t.Fatalf("%q compiled: %d bytes, %d operations", src, len(src), p.Ops())
			}
			x := make([]float64, d)
			for i := range x {
				x[i] = float64(i) - 1.5
			}
			p.Eval(x)
		}
		if def, err := Parse([]byte(src)); err == nil {
			q, err := def.Compile(def.Dim)
			if err != nil {
				t.Fatalf("a parsed definition does not compile at its dim: %v", err)
			}
			q.Evaluate(make([]float64, def.Dim), make([]float64, q.NumIneq()), make([]float64, q.NumEq()))
		} else if strings.Contains(err.Error(), "\n") {
			t.Fatalf("error of more than one line: %q", err)
		}
	})
}

// FuzzEval: the compiled closures (constant folding, inlined operands,
// fused squares) give exactly the bits of a plain walk of the syntax tree.
func FuzzEval(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, 0.5, -1.25, 3.0)
	}
	f.Fuzz(func(t *testing.T, src string, a, b, c float64) {
		const d = 3
		p, err := Compile(src, d)
		if err != nil {
			return
		}
		n, err := parseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		x := []float64{a, b, c}
		var env [MaxDepth]int
		want := refEval(n, x, d, &env)
		got := p.Eval(x)
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("%q at %v: compiled %v, tree walk %v", src, x, got, want)
		}
	})
}

// refEval evaluates n by walking the tree, with the semantics of the
// package documentation.
func refEval(n *node, x []float64, d int, env *[MaxDepth]int) float64 {
	ev := func(m *node) float64 { return refEval(m, x, d, env) }
	switch n.kind {
	case kNum:
		return n.val
	case kD:
		return float64(d)
	case kIdx:
		return float64(env[n.slot])
	case kX:
		return x[refInt(n.args[0], d, env)-1]
	case kNeg:
		return -ev(n.args[0])
	case kAdd:
		return ev(n.args[0]) + ev(n.args[1])
	case kSub:
		return ev(n.args[0]) - ev(n.args[1])
	case kMul:
		return float64(ev(n.args[0]) * ev(n.args[1]))
	case kDiv:
		return ev(n.args[0]) / ev(n.args[1])
	case kPow:
		a, b := ev(n.args[0]), ev(n.args[1])
		if b == 2 {
			return float64(a * a)
		}
		return pow(a, b)
	case kCall:
		switch n.fn {
		case "min", "max":
			acc := ev(n.args[0])
			for _, m := range n.args[1:] {
				if n.fn == "min" {
					acc = fmath.Min(acc, ev(m))
				} else {
					acc = fmath.Max(acc, ev(m))
				}
			}
			return acc
		}
		return unaryFuncs[n.fn](ev(n.args[0]))
	case kSum, kProd:
		lo, hi := refInt(n.args[0], d, env), refInt(n.args[1], d, env)
		acc := 0.0
		if n.kind == kProd {
			acc = 1
		}
		for k := lo; k <= hi; k++ {
			env[n.slot] = k
			if n.kind == kSum {
				acc += ev(n.args[2])
			} else {
				acc = float64(acc * ev(n.args[2]))
			}
		}
		return acc
	}
	panic("unknown node")
}

func refInt(n *node, d int, env *[MaxDepth]int) int {
	switch n.kind {
	case kNum:
		return int(n.val)
	case kD:
		return d
	case kIdx:
		return env[n.slot]
	case kNeg:
		return -refInt(n.args[0], d, env)
	case kAdd:
		return refInt(n.args[0], d, env) + refInt(n.args[1], d, env)
	case kSub:
		return refInt(n.args[0], d, env) - refInt(n.args[1], d, env)
	case kMul:
		return refInt(n.args[0], d, env) * refInt(n.args[1], d, env)
	case kDiv:
		return refInt(n.args[0], d, env) / refInt(n.args[1], d, env)
	case kCall:
		if q := n.args[0]; q.kind == kDiv {
			a, b := refInt(q.args[0], d, env), refInt(q.args[1], d, env)
			if n.fn == "ceil" {
				return int(math.Ceil(float64(a) / float64(b)))
			}
			return int(math.Floor(float64(a) / float64(b)))
		}
		return refInt(n.args[0], d, env)
	}
	panic("not an integer expression")
}
