package formula

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// genFormula writes a random formula of at most depth levels: sums and
// products over the index names it binds, x[i + c] and x[k], the shapes
// the compiler fuses ((a ± b)², c·(a ± b)², c·(a − x[i]²)², a + b in a
// sum), constants to fold, and the functions.
type genFormula struct {
	r   *rand.Rand
	idx []string // the indices bound here
}

func (g *genFormula) expr(depth int) string {
	if depth <= 0 || g.r.IntN(5) == 0 {
		return g.leaf()
	}
	a := func() string { return g.expr(depth - 1) }
	switch g.r.IntN(16) {
	case 0, 1:
		return "(" + a() + " + " + a() + ")"
	case 2, 3:
		return "(" + a() + " - " + a() + ")"
	case 4, 5:
		return a() + "*" + a()
	case 6:
		return a() + "/" + a()
	case 7:
		return "(" + a() + ")^2"
	case 8:
		return fmt.Sprintf("%s*(%s - %s)^2", g.num(), a(), a())
	case 9:
		return fmt.Sprintf("(%s - %s^2)^2*%s", a(), g.xload(), g.num())
	case 10:
		return "(" + a() + ")^" + []string{"3", "0.5", "-1", "x1", "2.5"}[g.r.IntN(5)]
	case 11:
		fns := []string{"sin", "cos", "tan", "atan", "exp", "log", "sqrt", "abs", "floor", "ceil", "asin", "acos"}
		return fns[g.r.IntN(len(fns))] + "(" + a() + ")"
	case 12:
		return []string{"min", "max"}[g.r.IntN(2)] + "(" + a() + ", " + a() + ", " + a() + ")"
	case 13:
		return "-" + a()
	}
	return g.loop(depth)
}

func (g *genFormula) loop(depth int) string {
	if len(g.idx) >= 3 {
		return g.leaf()
	}
	name := []string{"i", "j", "k"}[len(g.idx)]
	lo, hi := []string{"1", "2", "1", "0+1"}[g.r.IntN(4)], []string{"D", "D-1", "D", "3", "floor(D/2)"}[g.r.IntN(5)]
	if len(g.idx) > 0 && g.r.IntN(2) == 0 {
		hi = g.idx[len(g.idx)-1]
	}
	g.idx = append(g.idx, name)
	body := g.expr(depth - 1)
	if g.r.IntN(4) == 0 {
		// Rosenbrock's shape and its shifts, one loop when all of it
		// reads x at i + c
		body = fmt.Sprintf("%s*(%s - %s^2)^2 + (%s - %s)^2", g.num(), g.xload(), g.xload(), g.num(), g.xload())
	} else if g.r.IntN(3) == 0 {
		body = "(" + body + " + " + g.expr(depth-1) + ")"
	}
	g.idx = g.idx[:len(g.idx)-1]
	op := "sum"
	if g.r.IntN(4) == 0 {
		op = "prod"
	}
	return fmt.Sprintf("%s(%s, %s, %s, %s)", op, name, lo, hi, body)
}

func (g *genFormula) num() string {
	return []string{"2", "100", "0.5", "-3", "1e-3", "pi", "e", "D", "(1+1)", "0", "1e300"}[g.r.IntN(11)]
}

func (g *genFormula) xload() string {
	if len(g.idx) > 0 && g.r.IntN(4) != 0 {
		i := g.idx[g.r.IntN(len(g.idx))]
		return "x[" + []string{i, i, i + "+1", i + "-1", "D+1-" + i, "2*" + i, "1+" + i}[g.r.IntN(7)] + "]"
	}
	return []string{"x1", "x2", "x[D]", "x[1]"}[g.r.IntN(4)]
}

func (g *genFormula) leaf() string {
	switch g.r.IntN(5) {
	case 0:
		return g.num()
	case 1:
		if len(g.idx) > 0 {
			return g.idx[g.r.IntN(len(g.idx))]
		}
	}
	return g.xload()
}

// TestRandomFormulasMatchTree: the compiled form (constant folding,
// inlined operands, vectorised loops, fused squares) gives exactly the
// bits of refEval, the plain walk of the syntax tree, on random formulas
// at dimensions below, at and across the chunk size, at random points and
// at points with zeros, huge, tiny, negative and special values.
func TestRandomFormulasMatchTree(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 3))
	compiled, n := 0, 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		g := &genFormula{r: r}
		src := g.expr(4)
		d := []int{1, 2, 3, 10, 63, 64, 65, 130}[r.IntN(8)]
		p, err := Compile(src, d)
		if err != nil {
			continue
		}
		compiled++
		tree, err := parseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		for trial := range 4 {
			x := randomX(r, d, trial)
			var env [MaxDepth]int
			want := refEval(tree, x, d, &env)
			got := p.Eval(x)
			if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Fatalf("%s at D = %d, x = %v: compiled %v (%#x), tree walk %v (%#x)", src, d, x, got, math.Float64bits(got), want, math.Float64bits(want))
			}
		}
	}
	t.Logf("%d of %d random formulas compiled", compiled, n)
	if compiled < n/2 {
		t.Errorf("only %d of %d random formulas compiled", compiled, n)
	}
}

// randomX is a point of dimension d: uniform in [−3, 3] for trial 0, with
// special values mixed in for the others.
func randomX(r *rand.Rand, d, trial int) []float64 {
	special := []float64{0, math.Copysign(0, -1), 1, -1, 2, 1e300, -1e300, 5e-324, 1e-310, math.Inf(1), math.Inf(-1), math.NaN(), 0.5}
	x := make([]float64, d)
	for i := range x {
		x[i] = r.Float64()*6 - 3
		if trial > 0 && r.IntN(3) == 0 {
			x[i] = special[r.IntN(len(special))]
		}
	}
	return x
}

// The generator makes formulas the compiler accepts and that use the
// fused shapes; this keeps it honest.
func TestRandomFormulasCover(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 3))
	var n, sums, rosen int
	for range 2000 {
		g := &genFormula{r: r}
		src := g.expr(4)
		if _, err := Compile(src, 10); err != nil {
			continue
		}
		n++
		if strings.Contains(src, "sum(") {
			sums++
		}
		if strings.Contains(src, "^2)^2*") || strings.Contains(src, "^2)^2 + (") {
			rosen++
		}
	}
	if n < 1000 || sums < 200 || rosen < 50 {
		t.Errorf("%d formulas compiled, %d with sums, %d with c·(a − x²)²", n, sums, rosen)
	}
}
