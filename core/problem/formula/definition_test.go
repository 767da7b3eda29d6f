package formula

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcaplay/core/problem"
	"pcaplay/core/problem/teach"
)

func readExample(t *testing.T, name string) *Definition {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "problems", name))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d
}

// Every example file parses, compiles at its dim and, when it gives a best
// point, is feasible there (up to a violation of 1e-6: the best points of
// the engineering problems are printed to 8 digits, which leaves an active
// constraint a few 1e-8 off) with the known value to 1e-6.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "examples", "problems", "*.json"))
	if len(files) == 0 {
		t.Fatal("no example problems")
	}
	for _, f := range files {
		d := readExample(t, filepath.Base(f))
		p, err := d.Compile(d.Dim)
		if err != nil {
			t.Fatal(err)
		}
		if p.Name() != d.Name+"_"+d.Hash || len(d.Hash) != HashLen {
			t.Errorf("%s: name %q", f, p.Name())
		}
		o, ok := p.(problem.Optimum)
		if ok != d.HasBest {
			t.Errorf("%s: implements Optimum: %v, has best: %v", f, ok, d.HasBest)
		}
		if !ok {
			continue
		}
		x, fx := o.Optimum()
		e := problem.NewEvaluator(p)
		got, v := e.Eval(x)
		if v > 1e-6 || math.Abs(got-fx) > 1e-6*max(1, math.Abs(fx)) {
			t.Errorf("%s: at the best point f = %v (want %v), violation %v", f, got, fx, v)
		}
	}
}

// The typed disc and circle are the teaching problems operation for
// operation, so they give the same bits.
func TestTypedTeaching(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, name := range []string{"disc", "circle"} {
		d := readExample(t, name+".json")
		typed, err := d.Compile(2)
		if err != nil {
			t.Fatal(err)
		}
		built, err := teach.New(name)
		if err != nil {
			t.Fatal(err)
		}
		if typed.NumIneq() != built.NumIneq() || typed.NumEq() != built.NumEq() {
			t.Fatalf("%s: constraint counts differ", name)
		}
		lo, hi := built.Bounds()
		tlo, thi := typed.Bounds()
		for i := range lo {
			if lo[i] != tlo[i] || hi[i] != thi[i] {
				t.Fatalf("%s: box differs", name)
			}
		}
		a, b := problem.NewEvaluator(typed), problem.NewEvaluator(built)
		for k := 0; k < 10000; k++ {
			x := []float64{lo[0] + r.Float64()*(hi[0]-lo[0]), lo[1] + r.Float64()*(hi[1]-lo[1])}
			fa, _ := a.Eval(x)
			fb, _ := b.Eval(x)
			same := math.Float64bits(fa) == math.Float64bits(fb)
			for i := range a.G {
				same = same && math.Float64bits(a.G[i]) == math.Float64bits(b.G[i])
			}
			for i := range a.H {
				same = same && math.Float64bits(a.H[i]) == math.Float64bits(b.H[i])
			}
			if !same {
				t.Fatalf("%s at %v: typed f=%v g=%v h=%v, built-in f=%v g=%v h=%v", name, x, fa, a.G, a.H, fb, b.G, b.H)
			}
		}
	}
}

func TestDefinition(t *testing.T) {
	d := readExample(t, "rosenbrock-ball.json")
	p, err := d.Compile(30)
	if err != nil {
		t.Fatal(err)
	}
	if p.Dim() != 30 || p.NumIneq() != 1 || p.NumEq() != 0 {
		t.Fatalf("dim %d, %d g, %d h", p.Dim(), p.NumIneq(), p.NumEq())
	}
	if _, ok := p.(problem.Describer); !ok {
		t.Error("not a Describer")
	}
	x := make([]float64, 30)
	g := make([]float64, 1)
	for i := range x {
		x[i] = 1
	}
	if f := p.Evaluate(x, g, nil); f != 0 || g[0] != 15 {
		t.Errorf("at (1, …, 1): f = %v, g = %v; want 0, 15", f, g[0])
	}
	if n := testing.AllocsPerRun(100, func() { p.Evaluate(x, g, nil) }); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
	if f := p.Evaluate(x[:3], g, nil); !math.IsNaN(f) || !math.IsNaN(g[0]) {
		t.Errorf("a point of the wrong length gives f = %v, g = %v; want NaN", f, g[0])
	}
	// disc's formulas name x1 and x2 only: it has no other D
	disc := readExample(t, "disc.json")
	if _, err := disc.Compile(3); err == nil || !strings.Contains(err.Error(), "no formula reads D") {
		t.Errorf("disc at D = 3: %v, want an error that no formula reads D", err)
	}
	// a definition written for any D has its best point at its own dim only
	anyD, err := Parse([]byte(`{"name":"sq","dim":2,"lower":-1,"upper":1,"f":"sum(i, 1, D, x[i]^2)","best":{"f":0,"x":[0,0]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if p, err := anyD.Compile(3); err != nil {
		t.Errorf("sq at D = 3: %v", err)
	} else if _, ok := p.(problem.Optimum); ok {
		t.Error("sq at D = 3 has an optimum of dimension 2")
	}
	if p, err := anyD.Compile(2); err != nil {
		t.Errorf("sq at D = 2: %v", err)
	} else if _, ok := p.(problem.Optimum); !ok {
		t.Error("sq at its own D = 2 has no optimum")
	}
}

// TestReadsD: only a name D, as the lexer reads names, makes a definition
// one written for any D.
func TestReadsD(t *testing.T) {
	for _, c := range []struct {
		f    string
		want bool
	}{
		{"x1 + x2", false},
		{"sum(i, 1, D, x[i])", true},
		{"D*x1", true},
		{"x1 + 1e5*x2", false},
		{"1.5e-3 + x1", false},
		{"x[1] + 2*(D)", true},
		{"x1 + x2 + D2 - 1", false}, // D2 is not D (and not a name the language has)
	} {
		d := &Definition{F: c.f}
		if got := d.readsD(); got != c.want {
			t.Errorf("%q: readsD %v, want %v", c.f, got, c.want)
		}
	}
	d := &Definition{F: "x1", Let: []string{"n = D - 1"}}
	if !d.readsD() {
		t.Error("a let entry reading D: readsD false")
	}
	d = &Definition{F: "x1", G: []string{"x1 - x2"}, H: []string{"D - 3"}}
	if !d.readsD() {
		t.Error("an h reading D: readsD false")
	}
}

// The hash is that of the canonical definition: whitespace, key order,
// description and best do not change it; a formula does.
func TestHash(t *testing.T) {
	a := `{"name":"p","dim":2,"lower":-1,"upper":[1,2],"f":"x1+x2"}`
	b := `{ "upper": [1, 2.0], "f": "x1+x2", "description": "same", "dim": 2, "lower": -1.0, "name": "p",
	       "best": {"f": -1, "x": [-1, 0]} }`
	c := `{"name":"p","dim":2,"lower":-1,"upper":[1,2],"f":"x1-x2"}`
	da, err := Parse([]byte(a))
	if err != nil {
		t.Fatal(err)
	}
	db, err := Parse([]byte(b))
	if err != nil {
		t.Fatal(err)
	}
	dc, err := Parse([]byte(c))
	if err != nil {
		t.Fatal(err)
	}
	if da.ID() != db.ID() || da.ID() == dc.ID() || !strings.HasPrefix(da.ID(), "p_") {
		t.Errorf("IDs %s %s %s", da.ID(), db.ID(), dc.ID())
	}
	if got := string(da.Canonical()); got != `{"name":"p","dim":2,"lower":-1,"upper":[1,2],"f":"x1+x2","g":[],"h":[]}` {
		t.Errorf("canonical %s", got)
	}
}

// A UTF-8 byte order mark before the JSON is skipped: the same definition,
// the same hash.
func TestParseByteOrderMark(t *testing.T) {
	src := `{"name":"p","dim":2,"lower":-1,"upper":1,"f":"x1"}`
	a, err := Parse([]byte("\xef\xbb\xbf" + src))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if a.ID() != b.ID() {
		t.Errorf("with a byte order mark %s, without %s", a.ID(), b.ID())
	}
}

func TestParseErrors(t *testing.T) {
	ok := `"name":"p","dim":2,"lower":-1,"upper":1,"f":"x1"`
	for _, c := range []struct{ in, msg string }{
		{`{` + ok + `,"colour":1}`, `unknown key "colour"`},
		{`{` + ok + `,"f":"x2"}`, `key "f" is given twice`},
		{`{"dim":2,"lower":-1,"upper":1,"f":"x1"}`, `key "name" is missing`},
		{`{` + ok + `} {}`, `more after its closing '}'`},
		{`[1]`, `not a JSON object`},
		{`null`, `not a JSON object: null`},
		{`{"name":"p q","dim":2,"lower":-1,"upper":1,"f":"x1"}`, `"name" = "p q"`},
		{`{"name":"p","dim":2.5,"lower":-1,"upper":1,"f":"x1"}`, `"dim" = 2.5: want an integer`},
		{`{"name":"p","dim":0,"lower":-1,"upper":1,"f":"x1"}`, `"dim" = 0: want 1 … 1000`},
		{`{"name":"p","dim":2,"lower":[1],"upper":1,"f":"x1"}`, `"lower" has 1 numbers, want one or dim = 2`},
		{`{"name":"p","dim":2,"lower":"a","upper":1,"f":"x1"}`, `"lower" = "a": want a number`},
		{`{"name":"p","dim":2,"lower":[0,"a"],"upper":1,"f":"x1"}`, `lower[2] = "a": want a number`},
		{`{"name":"p","dim":2,"lower":1,"upper":1,"f":"x1"}`, `the box of x1 is [1, 1]`},
		{`{"name":"p","dim":2,"lower":-1e308,"upper":1e308,"f":"x1"}`, `the box of x1 is [-1e+308, 1e+308]: its width upper − lower is beyond the largest number`},
		{`{"name":"p","dim":2,"lower":[0,-1e308],"upper":[1,1e308],"f":"x1"}`, `the box of x2 is`},
		{`{"name":"p","dim":2,"lower":-1,"upper":1,"f":7}`, `"f" = 7: want a string`},
		{`{` + ok + `,"g":"x1"}`, `"g" = "x1": want a list of formulas`},
		{`{` + ok + `,"g":["x1","x3"]}`, `g[2] at D = 2: column 1: the index of x is 3`},
		{`{` + ok + `,"h":["x1+"]}`, `h[1] at D = 2: column 4: expected an operand`},
		{`{"name":"p","dim":2,"lower":-1,"upper":1,"f":"max(x1, 2"}`, `f at D = 2: column 10: expected ')' after the arguments of max, found end of input`},
		{`{` + ok + `,"best":{"f":0}}`, `"best" has no "x"`},
		{`{` + ok + `,"best":{"f":0,"x":[1]}}`, `"best.x" has 1 numbers, want dim = 2`},
		{`{` + ok + `,"best":{"f":0,"x":[1,2],"y":1}}`, `unknown key "y" in "best"`},
		{`{` + ok + `,"description":"a\nb"}`, `one line`},
		{`{` + ok + `,"let":"a = 1"}`, `"let" = "a = 1": want a list of formulas`},
		{`{` + ok + `,"let":["a + 1"]}`, `let[1] = "a + 1": want "name = formula"`},
		{`{` + ok + `,"let":["2a = 1"]}`, `let[1]: the name "2a": want a letter`},
		{`{` + ok + `,"let":["cos = 1"]}`, `let[1]: the name cos is a variable, constant or function`},
		{`{` + ok + `,"let":["x2 = 1"]}`, `let[1]: the name x2 is a variable`},
		{`{` + ok + `,"let":["a = 1","a = 2"]}`, `let[2]: the name a is given twice (let[1] and let[2])`},
		{`{` + ok + `,"let":["a = b","b = 1"]}`, `let[1] at D = 2: column 5: unknown name b`},
		{`{` + ok + `,"let":["a = x1 +* 2"]}`, `let[1] at D = 2: column 9: expected an operand, found '*'`},
		{`{` + ok + `,"let":["a = x3"]}`, `let[1] at D = 2: column 5: the index of x is 3`},
		{`{` + ok + `,"let":["a = 1"],"g":["x[a]"]}`, `g[1] at D = 2: column 3: the named value a in an index`},
		{`{` + ok + `,"let":["i = 1"],"g":["sum(i, 1, D, x[i])"]}`, `g[1] at D = 2: column 5: i cannot name the index of sum: it is a named value of the let list`},
		{`{"name":"p","dim":300,"lower":-1,"upper":1,"f":"sum(i, 1, D, sum(j, 1, D, x[j]*x[i]))","g":["sum(i, 1, D, sum(j, 1, D, x[i]*x[j]))"]}`, `g[1] at D = 300: with the formulas before it, an evaluation at D = 300 takes at least 1000001 operations, more than the limit of 1000000`},
	} {
		_, err := Parse([]byte(c.in))
		if err == nil {
			t.Errorf("Parse(%s) succeeded", c.in)
			continue
		}
		if !strings.Contains(err.Error(), c.msg) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "formula: ") {
			t.Errorf("Parse(%s): %q, want one line containing %q", c.in, err, c.msg)
		}
	}
	d, err := Parse([]byte(`{"name":"p","dim":2,"lower":[-1,-1],"upper":1,"f":"x1"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Compile(3); err == nil || !strings.Contains(err.Error(), "dimension 2 only") {
		t.Errorf("a list box at another dimension: %v", err)
	}
}

// A definition's let list: each value is computed once per evaluation, in
// order, from x and the values before it, and reading it gives the bits of
// the formula written out; a let list is part of the hash, and an empty
// one leaves the hash of a definition without one unchanged.
func TestLet(t *testing.T) {
	withLet := `{"name":"p","dim":3,"lower":-2,"upper":2,
		"let":["s = sum(i, 1, D, x[i]^2)", "r = sqrt(s) - 1", "w = r*r + s/D"],
		"f":"w + exp(r)","g":["r", "prod(k, 1, D, w - x[k])"],"h":["s - 1"]}`
	inline := `{"name":"p","dim":3,"lower":-2,"upper":2,
		"f":"((sqrt(sum(i, 1, D, x[i]^2)) - 1)*(sqrt(sum(i, 1, D, x[i]^2)) - 1) + sum(i, 1, D, x[i]^2)/D) + exp(sqrt(sum(i, 1, D, x[i]^2)) - 1)",
		"g":["sqrt(sum(i, 1, D, x[i]^2)) - 1", "prod(k, 1, D, ((sqrt(sum(i, 1, D, x[i]^2)) - 1)*(sqrt(sum(i, 1, D, x[i]^2)) - 1) + sum(i, 1, D, x[i]^2)/D) - x[k])"],
		"h":["sum(i, 1, D, x[i]^2) - 1"]}`
	dl, err := Parse([]byte(withLet))
	if err != nil {
		t.Fatal(err)
	}
	di, err := Parse([]byte(inline))
	if err != nil {
		t.Fatal(err)
	}
	for _, dim := range []int{3, 8} {
		pl, err := dl.Compile(dim)
		if err != nil {
			t.Fatal(err)
		}
		pi, err := di.Compile(dim)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(7, uint64(dim)))
		gl, hl, gi, hi := make([]float64, 2), make([]float64, 1), make([]float64, 2), make([]float64, 1)
		for range 100 {
			x := make([]float64, dim)
			for i := range x {
				x[i] = 4*r.Float64() - 2
			}
			fl, fi := pl.Evaluate(x, gl, hl), pi.Evaluate(x, gi, hi)
			same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
			if !same(fl, fi) || !same(gl[0], gi[0]) || !same(gl[1], gi[1]) || !same(hl[0], hi[0]) {
				t.Fatalf("D = %d, x = %v: with let f %v g %v h %v, written out f %v g %v h %v", dim, x, fl, gl, hl, fi, gi, hi)
			}
		}
		x := make([]float64, dim)
		if n := testing.AllocsPerRun(100, func() { pl.Evaluate(x, gl, hl) }); n != 0 {
			t.Errorf("Evaluate with a let list allocates %v times", n)
		}
	}
	want := `{"name":"p","dim":3,"lower":-2,"upper":2,"let":["s = sum(i, 1, D, x[i]^2)","r = sqrt(s) - 1","w = r*r + s/D"],"f":"w + exp(r)","g":["r","prod(k, 1, D, w - x[k])"],"h":["s - 1"]}`
	if got := string(dl.Canonical()); got != want {
		t.Errorf("canonical %s\nwant      %s", got, want)
	}
	again, err := Parse(dl.Canonical())
	if err != nil || again.ID() != dl.ID() {
		t.Errorf("the canonical form parses to %v, %v; want ID %s", again, err, dl.ID())
	}
	empty, err := Parse([]byte(`{"name":"p","dim":2,"lower":-1,"upper":[1,2],"let":[],"f":"x1+x2"}`))
	if err != nil {
		t.Fatal(err)
	}
	none, _ := Parse([]byte(`{"name":"p","dim":2,"lower":-1,"upper":[1,2],"f":"x1+x2"}`))
	if empty.ID() != none.ID() {
		t.Errorf("an empty let list changes the ID: %s, %s", empty.ID(), none.ID())
	}
	other, _ := Parse([]byte(strings.Replace(withLet, "r*r", "r*r*r", 1)))
	if other.ID() == dl.ID() {
		t.Error("a change in the let list leaves the ID")
	}
}

// The engineering problems typed in examples/problems agree with the
// literature at its best known points.
//
// Tension/compression spring (Belegundu 1982; Arora, Introduction to
// Optimum Design, 1989): best known f = 0.01266523278, RC17 of A. Kumar,
// G. Wu, M. Z. Ali, R. Mallipeddi, P. N. Suganthan, S. Das, "A test-suite
// of non-convex constrained optimization problems from the real-world and
// some baseline results", Swarm and Evolutionary Computation 56 (2020)
// 100693; x* = (0.05168906, 0.35671773, 11.28896595) as widely reported
// (g1 and g2 active).
//
// Pressure vessel (Sandgren 1990; Kannan and Kramer 1994): continuous
// form, RC18 of the same suite, f* = 5885.332773 at the point where g1,
// g2, g3 and x4 ≤ 200 are active (x3 solves π x3² 200 + 4/3 π x3³ =
// 1296000); and the classic mixed form, thicknesses multiples of 0.0625,
// f* = 6059.714335 at (0.8125, 0.4375, 42.0984455958549, 176.6365958424394),
// proven globally optimal by X.-S. Yang, C. Huyck, M. Karamanoglu, N. Khan,
// "True global optimality of the pressure vessel design problem",
// Int. J. Bio-Inspired Computation 5(6) (2013) 329–335.
func TestEngineering(t *testing.T) {
	for _, c := range []struct {
		file string
		x    []float64
		f    float64
	}{
		{"spring.json", []float64{0.05168906, 0.35671773, 11.28896595}, 0.01266523278},
		{"pressure-vessel.json", []float64{0.7781686413751053, 0.3846491626279018, 40.31961872409872, 200}, 5885.332773},
		{"pressure-vessel.json", []float64{0.8125, 0.4375, 42.0984455958549, 176.6365958424394}, 6059.714335},
	} {
		d := readExample(t, c.file)
		p, err := d.Compile(d.Dim)
		if err != nil {
			t.Fatal(err)
		}
		e := problem.NewEvaluator(p)
		f, v := e.Eval(c.x)
		if math.Abs(f-c.f) > 1e-7*c.f || v > 1e-6 {
			t.Errorf("%s at %v: f = %.12g (want %.12g), g = %v, violation %g", c.file, c.x, f, c.f, e.G, v)
		}
	}
}

// Evaluate is safe for concurrent use: goroutines with their own buffers
// get the values of one goroutine alone.
func TestConcurrentEvaluate(t *testing.T) {
	d := readExample(t, "c01-unshifted.json")
	p, err := d.Compile(70)
	if err != nil {
		t.Fatal(err)
	}
	const workers, points = 4, 200
	want := make([]float64, points)
	xs := make([][]float64, points)
	for k := range xs {
		xs[k] = randomPoint(70)
		xs[k][0] = float64(k)
		g := make([]float64, 1)
		want[k] = p.Evaluate(xs[k], g, nil) + g[0]
	}
	errs := make(chan string, workers)
	for w := 0; w < workers; w++ {
		go func() {
			g := make([]float64, 1)
			for k := range xs {
				if got := p.Evaluate(xs[k], g, nil) + g[0]; got != want[k] {
					errs <- fmt.Sprintf("point %d: %v, want %v", k, got, want[k])
					return
				}
			}
			errs <- ""
		}()
	}
	for w := 0; w < workers; w++ {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}
