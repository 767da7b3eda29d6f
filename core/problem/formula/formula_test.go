package formula

import (
	"math"
	"strings"
	"testing"
)

func TestEval(t *testing.T) {
	x := []float64{1, 2, 3}
	for _, c := range []struct {
		src  string
		want float64
	}{
		{"1+2*3", 7},
		{"1e-3*1000", 1},
		{".5 + 2.", 2.5},
		{"-x1^2", -1},
		{"-2^2", -4},
		{"2^3^2", 512},
		{"2^-1", 0.5},
		{"(1+2)*3", 9},
		{"10/4", 2.5},
		{"8-2-1", 5},
		{"x1 + x2 + x3", 6},
		{"x[D]", 3},
		{"x[1+1]*D", 6},
		{"pi", math.Pi},
		{"e", math.E},
		{"D", 3},
		{"sum(i, 1, D, x[i])", 6},
		{"sum(i, 1, D, i*x[i])", 14},
		{"prod(k, 1, D, x[k])", 6},
		{"sum(i, 2, 1, x[i])", 0},
		{"prod(i, 2, 1, x[i])", 1},
		{"sum(i, 1, D, sum(j, 1, i, x[j]))", 1 + 3 + 6},
		{"sum(i, 1, D, sum(j, 1, i, x[j])^2)", 1 + 9 + 36},
		{"sum(i, 1, D-1, 100*(x[i+1]-x[i]^2)^2 + (1-x[i])^2)", 201},
		{"sum(i, 1, D/3, x[i])", 1},
		{"x[floor(D/2)] + 10*x[ceil(D/2)] + 100*x[floor(-D/2)+3]", 1 + 20 + 100},
		{"min(x3, x1, x2)", 1},
		{"max(x1, x3, x2)", 3},
		{"abs(-x2)", 2},
		{"floor(2.5) + ceil(2.5)", 5},
		{"sqrt(x1*4)", 2},
		{"exp(0) + log(1)", 1},
		{"sin(0) + cos(0) + tan(0) + asin(0) + acos(1) + atan(0)", 1},
		{"1/0", math.Inf(1)},
		{"-1/0", math.Inf(-1)},
	} {
		p, err := Compile(c.src, 3)
		if err != nil {
			t.Errorf("Compile(%q): %v", c.src, err)
			continue
		}
		if got := p.Eval(x); got != c.want && math.Abs(got-c.want) > 1e-15 {
			t.Errorf("%q = %v, want %v", c.src, got, c.want)
		}
	}
	for _, src := range []string{"log(-1)", "0/0", "sqrt(-x1)", "max(x1, 0/0)", "min(0/0, x1)"} {
		p, err := Compile(src, 3)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Eval(x); !math.IsNaN(got) {
			t.Errorf("%q = %v, want NaN", src, got)
		}
	}
	p, _ := Compile("x1", 3)
	if got := p.Eval([]float64{1}); !math.IsNaN(got) {
		t.Errorf("Eval of a point of the wrong length = %v, want NaN", got)
	}
}

// The position and text of each error.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		src string
		col int
		msg string
	}{
		{"max(x1, x2", 11, "expected ')' after the arguments of max, found end of input"},
		{"1 +", 4, "expected an operand, found end of input"},
		{"", 1, "expected an expression, found end of input"},
		{"(x1 + 2", 8, "expected ')' to close the '(' of column 1, found end of input"},
		{"x1 x2", 4, "expected an operator or end of input, found name x2"},
		{"x1 + foo", 6, "unknown name foo"},
		{"foo(1)", 1, "unknown function foo"},
		{"sin(1, 2)", 6, "expected ')' after the argument of sin (it takes one), found ','"},
		{"max(1)", 6, "expected ',' and a second argument of max, found ')'"},
		{"x[1.5]", 3, "1.5 is not an integer"},
		{"x[sin(1)]", 3, "function sin in an index"},
		{"x4", 1, "the index of x is 4, outside 1 … 3 (D = 3)"},
		{"x[D/2]", 4, "3/2 is not an integer (floor(a/b) and ceil(a/b) round)"},
		{"sum(i, 0, 1, x[1/i])", 17, "division by 0 in an integer expression (at i = 0)"},
		{"x[0]", 1, "the index of x is 0, outside 1 … 3 (D = 3)"},
		{"sum(i, 1, D, x[i+1])", 14, "the index of x is 4 (at i = 3), outside 1 … 3 (D = 3)"},
		{"sum(i, 1, D, sum(j, 1, i, x[i+j]))", 27, "the index of x is 4 (at i = 2, j = 2), outside 1 … 3"},
		{"sum(x1, 1, D, 1)", 5, "x1 cannot name the index of sum"},
		{"sum(i, 1, D, sum(i, 1, D, 1))", 18, "index i is already the index"},
		{"sum(i 1, D, 1)", 7, "expected ',' after the index of sum, found number 1"},
		{"x", 2, "expected '[' after x"},
		{"1 # 2", 3, "unexpected character '#'"},
		{"x1 · x2", 4, "unexpected character '·'"},
		{"(x1²", 4, "unexpected character '²'"},
		{"max(x1, «x2»)", 9, "unexpected character '«'"},
		{"1e999", 1, "number 1e999 is out of the range of float64"},
		{"i + 1", 1, "unknown name i"},
		{"sum(i, 1, 10000000, x1)", 0, "at least 10000003 operations, more than the limit of 1000000"},
		{strings.Repeat("(", 70) + "1" + strings.Repeat(")", 70), 65, "nesting of 65 levels, deeper than the limit of 64"},
		{strings.Repeat("1+", 2100) + "1", 0, "4201 bytes, longer than the limit of 4096 bytes"},
		{"sum(i, 1, D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D*D, 1)", 60, "integer expression too large"},
	} {
		_, err := Compile(c.src, 3)
		if err == nil {
			t.Errorf("Compile(%q) succeeded", c.src)
			continue
		}
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("Compile(%q): error %T", c.src, err)
			continue
		}
		if (c.col != 0 || e.Col != 0) && e.Col != c.col {
			t.Errorf("Compile(%q): column %d, want %d (%v)", c.src, e.Col, c.col, err)
		}
		if !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Compile(%q): %q, want one line containing %q", c.src, err, c.msg)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	p, err := Compile(rosenSrc, 10)
	if err != nil {
		t.Fatal(err)
	}
	x := randomPoint(10)
	p.Eval(x)
	if n := testing.AllocsPerRun(100, func() { p.Eval(x) }); n != 0 {
		t.Errorf("Eval allocates %v times", n)
	}
	if got, want := p.Eval(x), rosenbrock(x); got != want {
		t.Errorf("typed Rosenbrock = %v, hand-written %v", got, want)
	}
}

// The typed CEC-like problem of the benchmarks is the hand-written one.
func TestCECLike(t *testing.T) {
	def, err := Parse([]byte(cecLikeDef))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := def.Compile(10)
	x := randomPoint(10)
	g, h, g2, h2 := make([]float64, 1), make([]float64, 1), make([]float64, 1), make([]float64, 1)
	f, f2 := p.Evaluate(x, g, h), cecLike(x, g2, h2)
	if math.Abs(f-f2) > 1e-12*f2 || math.Abs(g[0]-g2[0]) > 1e-9 || math.Abs(h[0]-h2[0]) > 1e-9 {
		t.Errorf("typed %v %v %v, hand-written %v %v %v", f, g, h, f2, g2, h2)
	}
}

// The vectorised loops give the bits of a plain walk of the tree at
// dimensions below, at and across the chunk size.
func TestVectorMatchesTree(t *testing.T) {
	srcs := []string{
		rosenSrc,
		"sum(i, 1, D, x[i]^2 - 5000*cos(0.1*pi*x[i]) - 4000)",
		"-sum(i, 1, D, x[i]*sin(0.1*pi*x[i]))",
		"sum(i, 1, D, sum(j, 1, i, x[j])^2)",
		"prod(i, 1, D, cos(x[i]/sqrt(i)))",
		"sum(i, 1, D, i*x[i]^2) / D",
		"sum(i, 2, D, min(x[i], x[i-1], 0.5) - max(x[i-1]*x[i], -x1))",
		"sum(i, 1, D, x[D+1-i]^3 / (1 + i) + 2^x[i] + abs(x[i])^x[1])",
		"sum(i, 1, floor(D/2), (x[2*i-1] - x[2*i])^2 + (x[2*i] + 1)^2 * (x[2*i-1] / 3)^2)",
		"sum(i, 1, D, x1 + i)",
		"sum(i, 1, D, (x[i] - 1)^2*3 + x1*(x[i] + x1)^2 - (2 - x[i])^2*D + (x[i]*2)^2/7)",
		"sum(i, 1, D, 0.5*(x[i]/3)^2 - (x[i] - x1)^2 + (i - x[i])^2)",
		"prod(i, 1, D, 1 + 1e-3*(x[i] - 0.5)^2) - sum(i, 1, D, (x[i] + 1)^2 + x[i])",
		"sum(i, 1, D, exp(-x[i]^2) * log(abs(x[i]) + 1) - tan(x[i]) + atan(x[i]) + floor(x[i]) + ceil(-x[i]))",
		"sum(i, 1, D, x[i]) + sum(k, 1, D - 1, (x[k] - x[k+1])^2) * prod(j, 1, 3, x[j])",
	}
	for _, d := range []int{1, 2, 63, 64, 65, 129, 200} {
		x := randomPoint(d)
		for _, src := range srcs {
			p, err := Compile(src, d)
			if err != nil {
				if d <= 3 {
					continue
				}
				t.Fatalf("D = %d: %v", d, err)
			}
			n, _ := parseExpr(src)
			var env [MaxDepth]int
			want := refEval(n, x, d, &env)
			if got := p.Eval(x); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("D = %d, %s: %v, tree walk %v", d, src, got, want)
			}
		}
	}
}
