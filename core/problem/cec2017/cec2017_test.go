package cec2017

import (
	"bufio"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pcaplay/core/problem"
	"pcaplay/core/problem/cec2017/official"
)

// Real constraint counts and box half-widths as given by the CEC 2017
// technical report's problem definitions (Wu, Mallipeddi, Suganthan 2016).
var (
	specNG    = [NumProblems]int{1, 1, 1, 2, 2, 0, 0, 0, 1, 0, 1, 2, 3, 1, 1, 1, 1, 2, 2, 2, 2, 3, 1, 1, 1, 1, 2, 2}
	specNH    = [NumProblems]int{0, 0, 1, 0, 0, 6, 2, 2, 1, 2, 1, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0}
	specBound = [NumProblems]float64{100, 100, 100, 10, 10, 20, 50, 100, 10, 100, 100, 100, 100, 100, 100, 100, 100, 100, 50, 100, 100, 100, 100, 100, 100, 100, 100, 50}
)

// specShiftRange is the half-width of the range holding the official shift
// of problem num (spec §2).
func specShiftRange(num int) float64 {
	switch num {
	case 4, 5:
		return 5
	case 6, 7, 8, 9, 11:
		return 10
	}
	return 50
}

func specRotated(num int) bool { return num == 2 || num == 5 || num >= 21 }

// scaledDiff is |a−b| / max(1, |a|, |b|); equal infinities and two NaNs
// count as equal.
func scaledDiff(a, b float64) float64 {
	if a == b || (math.IsNaN(a) && math.IsNaN(b)) {
		return 0
	}
	return math.Abs(a-b) / max(1, math.Abs(a), math.Abs(b))
}

// vector is one line of a test-vector file (spec §8).
type vector struct {
	line     int
	num, dim int
	id       string
	x        []float64
	f        float64
	g, h     []float64
}

func parseFloats(s string) ([]float64, error) {
	var v []float64
	for _, tok := range strings.Fields(s) {
		x, err := strconv.ParseFloat(tok, 64)
		if err != nil {
			return nil, err
		}
		v = append(v, x)
	}
	return v, nil
}

func readVectors(t *testing.T, path string) []vector {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var out []vector
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 5 {
			t.Fatalf("%s:%d: %d fields separated by |, want 5", path, ln, len(parts))
		}
		head := strings.Fields(parts[0])
		if len(head) < 2 || !strings.HasPrefix(head[0], "C") {
			t.Fatalf("%s:%d: bad header %q", path, ln, parts[0])
		}
		v := vector{line: ln, id: strings.Join(head[2:], " ")}
		if v.num, err = strconv.Atoi(head[0][1:]); err != nil {
			t.Fatalf("%s:%d: %v", path, ln, err)
		}
		if v.dim, err = strconv.Atoi(head[1]); err != nil {
			t.Fatalf("%s:%d: %v", path, ln, err)
		}
		var f []float64
		for i, dst := range []*[]float64{&v.x, &f, &v.g, &v.h} {
			if *dst, err = parseFloats(parts[i+1]); err != nil {
				t.Fatalf("%s:%d: field %d: %v", path, ln, i+2, err)
			}
		}
		if len(f) != 1 || len(v.x) != v.dim {
			t.Fatalf("%s:%d: %d f values and %d coordinates for D = %d", path, ln, len(f), len(v.x), v.dim)
		}
		v.f = f[0]
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestVectors compares f, every g and every h with the official evaluator
// on every line of the constructed test vectors.
func TestVectors(t *testing.T) {
	path := filepath.Join("testdata", "cec2017_points_constructed.txt")
	vs := readVectors(t, path)
	if len(vs) == 0 {
		t.Fatalf("%s holds no test vectors", path)
	}
	probs := map[[2]int]problem.Problem{}
	const tol = 1e-12
	worst, n := 0.0, 0
	for _, v := range vs {
		key := [2]int{v.num, v.dim}
		p := probs[key]
		if p == nil {
			d, err := LoadDataFS(official.FS(), v.num, v.dim)
			if err != nil {
				t.Fatal(err)
			}
			if p, err = New(v.num, v.dim, d); err != nil {
				t.Fatal(err)
			}
			probs[key] = p
		}
		where := fmt.Sprintf("line %d (%s D=%d %s)", v.line, p.Name(), v.dim, v.id)
		if len(v.g) != p.NumIneq() || len(v.h) != p.NumEq() {
			t.Errorf("%s: file has %d g and %d h, problem has %d and %d", where, len(v.g), len(v.h), p.NumIneq(), p.NumEq())
			continue
		}
		g := make([]float64, p.NumIneq())
		h := make([]float64, p.NumEq())
		f := p.Evaluate(v.x, g, h)
		check := func(what string, got, want float64) {
			d := scaledDiff(got, want)
			worst = max(worst, d)
			n++
			if !(d <= tol) {
				t.Errorf("%s: %s = %.17g, official %.17g (scaled difference %.3g)", where, what, got, want, d)
			}
		}
		check("f", f, v.f)
		for i := range g {
			check(fmt.Sprintf("g%d", i+1), g[i], v.g[i])
		}
		for i := range h {
			check(fmt.Sprintf("h%d", i+1), h[i], v.h[i])
		}
	}
	t.Logf("%d lines, %d values, largest scaled difference %.3g", len(vs), n, worst)
}

func TestInfoAndCounts(t *testing.T) {
	for num := 1; num <= NumProblems; num++ {
		lo, hi, ni, ne, rot, err := Info(num)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("C%02d", num)
		if ni != specNG[num-1] || ne != specNH[num-1] {
			t.Errorf("%s: Info counts (%d, %d), spec (%d, %d)", name, ni, ne, specNG[num-1], specNH[num-1])
		}
		if lo != -specBound[num-1] || hi != specBound[num-1] {
			t.Errorf("%s: Info box [%g, %g], spec ±%g", name, lo, hi, specBound[num-1])
		}
		if rot != specRotated(num) {
			t.Errorf("%s: rotated = %v", name, rot)
		}
		for _, dim := range []int{2, 10} {
			p, err := New(num, dim, GenerateData(num, dim, 1))
			if err != nil {
				t.Fatal(err)
			}
			if p.Name() != name || p.Dim() != dim || p.NumIneq() != ni || p.NumEq() != ne {
				t.Errorf("%s D=%d: problem says %s, D=%d, (%d, %d)", name, dim, p.Name(), p.Dim(), p.NumIneq(), p.NumEq())
			}
			l, u := p.Bounds()
			if len(l) != dim || len(u) != dim {
				t.Fatalf("%s: bounds have %d and %d entries", name, len(l), len(u))
			}
			for i := range dim {
				if l[i] != lo || u[i] != hi {
					t.Errorf("%s: bound %d = [%g, %g]", name, i, l[i], u[i])
				}
			}
		}
	}
	for _, num := range []int{0, 29, -1} {
		if _, _, _, _, _, err := Info(num); err == nil || !strings.Contains(err.Error(), strconv.Itoa(num)) {
			t.Errorf("Info(%d): error %v, want one naming %d", num, err, num)
		}
	}
}

func TestDescriptions(t *testing.T) {
	seen := map[string]string{}
	for num := 1; num <= NumProblems; num++ {
		p, err := New(num, 4, GenerateData(num, 4, 1))
		if err != nil {
			t.Fatal(err)
		}
		d, ok := p.(problem.Describer)
		if !ok {
			t.Fatalf("%s has no Description", p.Name())
		}
		s := d.Description()
		if s == "" || strings.Contains(s, "\n") {
			t.Errorf("%s: description %q is not one line", p.Name(), s)
		}
		if prev, dup := seen[s]; dup {
			t.Errorf("%s and %s share the description %q", prev, p.Name(), s)
		}
		seen[s] = p.Name()
	}
}

// TestOddDimensions checks C08 and C09 by hand at z = x − o with o = 0,
// including odd D where every coordinate takes part (package doc).
func TestOddDimensions(t *testing.T) {
	cases := []struct {
		num  int
		z    []float64
		f    float64
		g, h []float64
	}{
		// C08: a = (1, 3), b = (2): h1 = 1² + 4², h2 = 2².
		{8, []float64{1, 2, 3}, 3, nil, []float64{17, 4}},
		// C08, D = 4: a = (1, 3), b = (2, −4): h2 = 2² + (−2)².
		{8, []float64{1, 2, 3, -4}, 3, nil, []float64{17, 8}},
		// C09, D = 5: a = (1, 3, 5), b = (2, 4): g1 = 8, h1 = (1−3)² + (9−5)².
		{9, []float64{1, 2, 3, 4, 5}, 5, []float64{8}, []float64{20}},
		// C09, D = 4 (the C code's reading): g1 = 2·4, h1 = (1−3)².
		{9, []float64{1, 2, 3, 4}, 4, []float64{8}, []float64{4}},
		// C09, D = 2: h1 has no term.
		{9, []float64{3, -2}, 3, []float64{-2}, []float64{0}},
	}
	for _, c := range cases {
		dim := len(c.z)
		p, err := New(c.num, dim, &Data{Shift: make([]float64, dim)})
		if err != nil {
			t.Fatal(err)
		}
		g := make([]float64, p.NumIneq())
		h := make([]float64, p.NumEq())
		f := p.Evaluate(c.z, g, h)
		if f != c.f || !slices.Equal(g, c.g) || !slices.Equal(h, c.h) {
			t.Errorf("%s at z = %v: f = %v, g = %v, h = %v; want %v, %v, %v", p.Name(), c.z, f, g, h, c.f, c.g, c.h)
		}
	}
}

func TestNewErrors(t *testing.T) {
	good := GenerateData(21, 3, 1)
	nan := &Data{Shift: []float64{0, math.NaN(), 0}}
	inf := &Data{Shift: []float64{0, 0, 0}, M: make([]float64, 9)}
	inf.M[5] = math.Inf(1)
	cases := []struct {
		num, dim int
		d        *Data
		want     []string
	}{
		{0, 3, good, []string{"0", "1..28"}},
		{29, 3, good, []string{"29"}},
		{21, 1, good, []string{"C21", "dimension 1"}},
		{21, 3, nil, []string{"C21", "nil"}},
		{21, 4, good, []string{"dimension 4", "3 numbers"}},
		{21, 3, &Data{Shift: good.Shift}, []string{"C21", "no matrix M"}},
		{21, 3, &Data{Shift: good.Shift, M: good.M[:8]}, []string{"9", "got 8"}},
		{5, 3, &Data{Shift: good.Shift, M: good.M}, []string{"C05", "M2"}},
		{1, 3, nan, []string{"shift[1] = NaN"}},
		{2, 3, inf, []string{"M row 2 column 3 = +Inf"}},
	}
	for _, c := range cases {
		_, err := New(c.num, c.dim, c.d)
		if err == nil {
			t.Errorf("New(%d, %d): no error", c.num, c.dim)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") {
			t.Errorf("New(%d, %d): error spans lines: %q", c.num, c.dim, msg)
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("New(%d, %d): error %q does not mention %q", c.num, c.dim, msg, w)
			}
		}
	}
	// Matrices a problem does not use are ignored; the data are copied.
	d := GenerateData(12, 3, 1)
	d.M = []float64{1}
	p, err := New(12, 3, d)
	if err != nil {
		t.Fatalf("C12 with an unused matrix: %v", err)
	}
	x := []float64{1, 2, 3}
	g := make([]float64, 2)
	f1 := p.Evaluate(x, g, nil)
	d.Shift[0] += 1
	if f2 := p.Evaluate(x, g, nil); f2 != f1 {
		t.Errorf("changing Data after New changed f from %v to %v", f1, f2)
	}
}

func TestEvaluateBadLength(t *testing.T) {
	p, err := New(3, 4, GenerateData(3, 4, 1))
	if err != nil {
		t.Fatal(err)
	}
	g, h := []float64{0}, []float64{0}
	for _, x := range [][]float64{make([]float64, 3), make([]float64, 5), nil} {
		if f := p.Evaluate(x, g, h); !math.IsNaN(f) || !math.IsNaN(g[0]) || !math.IsNaN(h[0]) {
			t.Errorf("len(x) = %d: f = %v, g = %v, h = %v; want NaN", len(x), f, g, h)
		}
	}
	if f := p.Evaluate(make([]float64, 4), g, nil); !math.IsNaN(f) {
		t.Errorf("short h: f = %v, want NaN", f)
	}
}

func randomPoint(rng *rand.Rand, lo, hi []float64, x []float64) {
	for i := range x {
		x[i] = lo[i] + (hi[i]-lo[i])*rng.Float64()
	}
}

func allFinite(v ...[]float64) bool {
	for _, s := range v {
		for _, a := range s {
			if math.IsNaN(a) || math.IsInf(a, 0) {
				return false
			}
		}
	}
	return true
}

// TestGeneratedFinite evaluates every problem at random points of the box
// (and of a box three times larger) with generated data.
func TestGeneratedFinite(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, dim := range []int{2, 3, 7, 10, 30, 50, 100} {
		for num := 1; num <= NumProblems; num++ {
			p, err := New(num, dim, GenerateData(num, dim, 2017))
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := p.Bounds()
			x := make([]float64, dim)
			g := make([]float64, p.NumIneq())
			h := make([]float64, p.NumEq())
			for k := range 20 {
				randomPoint(rng, lo, hi, x)
				if k >= 15 {
					for i := range x {
						x[i] *= 3
					}
				}
				f := p.Evaluate(x, g, h)
				if !allFinite([]float64{f}, g, h) {
					t.Errorf("%s D=%d at %v: f = %v, g = %v, h = %v", p.Name(), dim, x, f, g, h)
				}
			}
		}
	}
}

func TestNoAllocation(t *testing.T) {
	for _, dim := range []int{10, 37, 130} {
		for num := 1; num <= NumProblems; num++ {
			p, err := New(num, dim, GenerateData(num, dim, 3))
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := p.Bounds()
			x := make([]float64, dim)
			randomPoint(rand.New(rand.NewPCG(4, 5)), lo, hi, x)
			g := make([]float64, p.NumIneq())
			h := make([]float64, p.NumEq())
			if a := testing.AllocsPerRun(100, func() { p.Evaluate(x, g, h) }); a != 0 {
				t.Errorf("%s D=%d: %v allocations per Evaluate", p.Name(), dim, a)
			}
		}
	}
}

// TestConcurrent evaluates one problem from several goroutines and
// compares with sequential results bit for bit.
func TestConcurrent(t *testing.T) {
	const dim, pts = 30, 64
	for num := 1; num <= NumProblems; num++ {
		p, err := New(num, dim, GenerateData(num, dim, 6))
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := p.Bounds()
		rng := rand.New(rand.NewPCG(7, uint64(num)))
		xs := make([][]float64, pts)
		want := make([]float64, pts)
		for i := range xs {
			xs[i] = make([]float64, dim)
			randomPoint(rng, lo, hi, xs[i])
			want[i] = p.Evaluate(xs[i], make([]float64, p.NumIneq()), make([]float64, p.NumEq()))
		}
		var wg sync.WaitGroup
		bad := make([]bool, 4)
		for w := range bad {
			wg.Go(func() {
				g := make([]float64, p.NumIneq())
				h := make([]float64, p.NumEq())
				for r := range 20 {
					for i := (w + r) % pts; i < pts; i += 3 {
						if f := p.Evaluate(xs[i], g, h); math.Float64bits(f) != math.Float64bits(want[i]) {
							bad[w] = true
						}
					}
				}
			})
		}
		wg.Wait()
		for w, b := range bad {
			if b {
				t.Errorf("%s: goroutine %d got a different f", p.Name(), w)
			}
		}
	}
}

// BenchmarkEvaluate measures one evaluation at D = 10 and D = 100 with the
// official data.
func BenchmarkEvaluate(b *testing.B) {
	for _, dim := range []int{10, 100} {
		for num := 1; num <= NumProblems; num++ {
			b.Run(fmt.Sprintf("D=%d/C%02d", dim, num), func(b *testing.B) {
				d, err := LoadDataFS(official.FS(), num, dim)
				if err != nil {
					b.Fatal(err)
				}
				p, err := New(num, dim, d)
				if err != nil {
					b.Fatal(err)
				}
				lo, hi := p.Bounds()
				x := make([]float64, dim)
				randomPoint(rand.New(rand.NewPCG(8, 9)), lo, hi, x)
				g := make([]float64, p.NumIneq())
				h := make([]float64, p.NumEq())
				b.ReportAllocs()
				for b.Loop() {
					p.Evaluate(x, g, h)
				}
			})
		}
	}
}

// BenchmarkEvaluatePoints measures one evaluation at D = 10 as a run makes
// them: at 256 random points in the box in turn, so that the branches of
// the evaluation (the octants of the cosines, …) are as unpredictable as in
// a search; BenchmarkEvaluate's single point lets the processor learn them.
func BenchmarkEvaluatePoints(b *testing.B) {
	for num := 1; num <= NumProblems; num++ {
		b.Run(fmt.Sprintf("D=10/C%02d", num), func(b *testing.B) {
			d, err := LoadDataFS(official.FS(), num, 10)
			if err != nil {
				b.Fatal(err)
			}
			p, err := New(num, 10, d)
			if err != nil {
				b.Fatal(err)
			}
			lo, hi := p.Bounds()
			r := rand.New(rand.NewPCG(8, 9))
			xs := make([][]float64, 256)
			for i := range xs {
				xs[i] = make([]float64, 10)
				randomPoint(r, lo, hi, xs[i])
			}
			g := make([]float64, p.NumIneq())
			h := make([]float64, p.NumEq())
			i := 0
			for b.Loop() {
				p.Evaluate(xs[i&255], g, h)
				i++
			}
		})
	}
}

// TestHandChecked evaluates cases worked out from the definitions at
// D = 2: C20 (no test vectors exist for it), the rotations of C02 and C05
// with small known matrices, and the half-away rounding of C18.
func TestHandChecked(t *testing.T) {
	schaffer := func(r float64) float64 {
		return 0.5 + (math.Pow(math.Sin(r), 2)-0.5)/math.Pow(1+0.001*r, 2)
	}
	ras := func(u float64) float64 { return u*u - 10*math.Cos(2*math.Pi*u) + 10 }
	zero := []float64{0, 0}
	cases := []struct {
		num  int
		d    *Data
		x    []float64
		f    float64
		g, h []float64
	}{
		{20, &Data{Shift: zero}, []float64{0, 0}, 0, []float64{0.625, math.E - math.Exp(0.25)}, nil},
		{20, &Data{Shift: []float64{1, -1}}, []float64{4, 3}, 2 * schaffer(5),
			[]float64{math.Pow(math.Cos(7), 2) - 0.25*math.Cos(7) - 0.125, math.Exp(math.Cos(7)) - math.Exp(0.25)}, nil},
		// y = M z = (1−2, 3−4) = (−1, −1); f = S12(z) = 1² + 0².
		{2, &Data{Shift: zero, M: []float64{1, 2, 3, 4}}, []float64{1, -1}, 1,
			[]float64{2 * (1 - 5000*math.Cos(0.1*math.Pi) - 4000)}, nil},
		// y = (0.25, 0.5) (swap), w = 2z = (1, 0.5); f = Ros(0.5, 0.25) = 0.25.
		{5, &Data{Shift: zero, M: []float64{0, 1, 1, 0}, M2: []float64{2, 0, 0, 2}}, []float64{0.5, 0.25}, 0.25,
			[]float64{(0.0625 - 40) + (0.25 + 50 - 40), (1 - 50 - 40) + (0.25 + 50 - 40)}, nil},
		// w = (0.5·round(2.5), −0.25) = (1.5, −0.25): round is half away from zero.
		{18, &Data{Shift: zero}, []float64{1.25, -0.25}, ras(1.5) + ras(-0.25),
			[]float64{1 - 1.5, 1.25*1.25 + 0.0625 - 200},
			[]float64{100*math.Pow(1.25*1.25+0.25, 2) + math.Pow(math.Sin(0.25*math.Pi), 2)*math.Pow(math.Sin(1.25*math.Pi), 2)}},
	}
	for _, c := range cases {
		p, err := New(c.num, 2, c.d)
		if err != nil {
			t.Fatal(err)
		}
		g := make([]float64, p.NumIneq())
		h := make([]float64, p.NumEq())
		f := p.Evaluate(c.x, g, h)
		ok := scaledDiff(f, c.f) <= 1e-13
		for i := range g {
			ok = ok && scaledDiff(g[i], c.g[i]) <= 1e-13
		}
		for i := range h {
			ok = ok && scaledDiff(h[i], c.h[i]) <= 1e-13
		}
		if !ok {
			t.Errorf("%s at x = %v: f = %v, g = %v, h = %v; want %v, %v, %v", p.Name(), c.x, f, g, h, c.f, c.g, c.h)
		}
	}
}

// TestRotatedTwins checks that C21–C28 with M = I give exactly C12–C19.
func TestRotatedTwins(t *testing.T) {
	for _, dim := range []int{23, 130} {
		testRotatedTwins(t, dim)
	}
}

func testRotatedTwins(t *testing.T, dim int) {
	rng := rand.New(rand.NewPCG(10, 11))
	id := make([]float64, dim*dim)
	for i := range dim {
		id[i*dim+i] = 1
	}
	shift := GenerateData(12, dim, 5).Shift
	for num := 21; num <= NumProblems; num++ {
		rot, err := New(num, dim, &Data{Shift: shift, M: id})
		if err != nil {
			t.Fatal(err)
		}
		plain, err := New(num-9, dim, &Data{Shift: shift})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := plain.Bounds()
		x := make([]float64, dim)
		for range 10 {
			randomPoint(rng, lo, hi, x)
			g1, h1 := make([]float64, rot.NumIneq()), make([]float64, rot.NumEq())
			g2, h2 := make([]float64, plain.NumIneq()), make([]float64, plain.NumEq())
			f1, f2 := rot.Evaluate(x, g1, h1), plain.Evaluate(x, g2, h2)
			if f1 != f2 || !slices.Equal(g1, g2) || !slices.Equal(h1, h2) {
				t.Errorf("%s with M = I: (%v, %v, %v), %s: (%v, %v, %v)", rot.Name(), f1, g1, h1, plain.Name(), f2, g2, h2)
			}
		}
	}
}

// TestC17SignCount checks C17's g1 = 1 − Σ sgn(|y_i| − S + y_i² − 1) by
// hand below and above the D up to which y is kept on the stack.
func TestC17SignCount(t *testing.T) {
	for _, dim := range []int{10, 130} {
		p, err := New(17, dim, &Data{Shift: make([]float64, dim)})
		if err != nil {
			t.Fatal(err)
		}
		x := make([]float64, dim)
		g, h := make([]float64, 1), make([]float64, 1)
		// y = 0: every term is sgn(−1).
		if f := p.Evaluate(x, g, h); f != 0 || g[0] != float64(dim+1) || h[0] != -4*float64(dim) {
			t.Errorf("C17 D=%d at 0: f = %v, g = %v, h = %v", dim, f, g, h)
		}
		// y = (2√D, 0, …): the first term is +1, the others −1.
		x[0] = 2 * math.Sqrt(float64(dim))
		wantF := float64(4*dim)/4000 + 1 - math.Cos(x[0])
		if f := p.Evaluate(x, g, h); scaledDiff(f, wantF) > 1e-14 || g[0] != float64(dim-1) || math.Abs(h[0]) > 1e-12 {
			t.Errorf("C17 D=%d at (2√D, 0, …): f = %v, g = %v, h = %v; want %v, %d, 0", dim, f, g, h, wantF, dim-1)
		}
	}
}

// TestCube compares cube with y³ computed exactly and rounded to nearest.
func TestCube(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	exact := func(y float64) float64 {
		b := new(big.Float).SetPrec(200).SetFloat64(y)
		b.Mul(b, new(big.Float).SetPrec(200).SetFloat64(y))
		b.Mul(b, new(big.Float).SetPrec(200).SetFloat64(y))
		f, _ := b.Float64()
		return f
	}
	bad := 0
	for k := range 200000 {
		// Magnitudes from 1e-3 to 1e6 cover the box and rotated boxes.
		y := math.Pow(10, -3+9*rng.Float64())
		if k%2 == 1 {
			y = -y
		}
		if c, e := cube(y), exact(y); c != e {
			if bad++; bad <= 5 {
				t.Errorf("cube(%v) = %v, correctly rounded %v", y, c, e)
			}
		}
	}
	for _, y := range []float64{0, 1, -1, 2, 0.5, 3} {
		if c := cube(y); c != y*y*y {
			t.Errorf("cube(%v) = %v", y, c)
		}
	}
}

// rasSum gives the bits of the plain loop with math.Cos: random arguments
// over many scales and near multiples of π/4 (where the octant changes),
// zeros, the threshold 2²⁹ of the reduction, NaN and ±Inf, for the scales
// and constants of C01/C02/C03 (π/10, 5000, 4000), C05 (2π, 50, 40) and
// C04's Rastrigin terms (2π, 10, −10: ras(z) = z² − 10 cos(2πz) + 10), and
// with amp = 1, off = 0 on arguments below 1e-8, where a² is far below an
// ulp of the cosine and a cosine one ulp off would show. Term by term (a
// one-element sum from 0) and as running sums over blocks of every length
// up to 17.
func TestRasSum(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	var a []float64
	for range 200000 {
		a = append(a, (r.Float64()*2-1)*math.Pow(10, float64(r.IntN(14)-4)))
	}
	for k := -40; k <= 40; k++ {
		b := float64(k) * math.Pi / 4
		a = append(a, b, math.Nextafter(b, math.Inf(1)), math.Nextafter(b, math.Inf(-1)))
	}
	a = append(a, 0, math.Copysign(0, -1), 1<<29, math.Nextafter(1<<29, 0), -(1 << 29), 1e300,
		math.NaN(), math.Inf(1), math.Inf(-1), math.SmallestNonzeroFloat64, math.MaxFloat64)
	tiny := make([]float64, 20000)
	for i := range tiny {
		tiny[i] = (r.Float64()*2 - 1) * math.Pow(10, float64(-8-r.IntN(8)))
	}
	same := func(x, y float64) bool {
		return math.Float64bits(x) == math.Float64bits(y) || math.IsNaN(x) && math.IsNaN(y)
	}
	for _, c := range []struct {
		a           []float64
		k, amp, off float64
	}{
		{a, tenthPi, 5000, 4000}, {a, twoPi, 50, 40}, {a, twoPi, 10, -10}, {a, 1, 1, 0}, {a, -3, 1, 0},
		{tiny, 1, 1, 0}, {tiny, twoPi, 1, 0}, {tiny, tenthPi, 1, 0},
	} {
		for i, z := range c.a {
			want := float64(z*z) - float64(c.amp*math.Cos(c.k*z)) - c.off
			if got := rasSum(0, c.a[i:i+1], c.k, c.amp, c.off); !same(got, want) {
				t.Fatalf("rasSum term at %v·%v (amp %v, off %v) = %v, want %v", c.k, z, c.amp, c.off, got, want)
			}
		}
		var want, got float64
		for i0, n := 0, 1; i0 < len(c.a); i0, n = i0+n, n%17+1 {
			blk := c.a[i0:min(i0+n, len(c.a))]
			for _, z := range blk {
				want += float64(z*z) - float64(c.amp*math.Cos(c.k*z)) - c.off
			}
			if got = rasSum(got, blk, c.k, c.amp, c.off); !same(got, want) {
				t.Fatalf("rasSum running sum at %d (k %v) = %v, want %v", i0, c.k, got, want)
			}
		}
	}
}

// fill2 gives the numbers of two fill calls, bit for bit, at every D from 1
// to 20 and at 33 (blocks of 16 with every remainder), on random matrices
// and points (in WebAssembly fill2 is its own loop: make test-wasm).
func TestFill2(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 7))
	for _, dim := range append([]int{33}, func() (ds []int) {
		for d := 1; d <= 20; d++ {
			ds = append(ds, d)
		}
		return ds
	}()...) {
		p := &cec{dim: dim, o: make([]float64, dim)}
		m, m2, x := make([]float64, dim*dim), make([]float64, dim*dim), make([]float64, dim)
		for rep := range 20 {
			for i := range m {
				m[i], m2[i] = r.NormFloat64(), r.NormFloat64()*math.Pow(10, float64(r.IntN(9)-4))
			}
			for i := range x {
				x[i], p.o[i] = 100*r.NormFloat64(), 80*r.NormFloat64()
			}
			for i0 := 0; i0 < dim; i0 += blockLen {
				var a, b, wa, wb [blockLen]float64
				n := p.fill2(a[:], b[:], m, m2, x, i0)
				if wn := p.fill(wa[:], m, x, i0); n != wn || p.fill(wb[:], m2, x, i0) != wn {
					t.Fatalf("D = %d, i0 = %d: fill2 returned %d, fill %d", dim, i0, n, wn)
				}
				for k := range n {
					if math.Float64bits(a[k]) != math.Float64bits(wa[k]) || math.Float64bits(b[k]) != math.Float64bits(wb[k]) {
						t.Fatalf("D = %d, rep %d, row %d: fill2 (%v, %v), fill (%v, %v)", dim, rep, i0+k, a[k], b[k], wa[k], wb[k])
					}
				}
			}
		}
	}
}

// BenchmarkFill measures the matrix-vector products of C05 with the
// official data, the whole vector a block at a time as the evaluation
// reads it: y = M1 z alone (fill, as C02 and C21–C28) and y = M1 z with
// w = M2 z (fill2, as C05).
func BenchmarkFill(b *testing.B) {
	for _, dim := range []int{10, 30} {
		d, err := LoadDataFS(official.FS(), 5, dim)
		if err != nil {
			b.Fatal(err)
		}
		pp, err := New(5, dim, d)
		if err != nil {
			b.Fatal(err)
		}
		p := pp.(*cec)
		lo, hi := p.Bounds()
		x := make([]float64, dim)
		randomPoint(rand.New(rand.NewPCG(8, 9)), lo, hi, x)
		var buf, buf2 [blockLen]float64
		b.Run(fmt.Sprintf("D=%d/fill", dim), func(b *testing.B) {
			for b.Loop() {
				for i0 := 0; i0 < dim; i0 += blockLen {
					p.fill(buf[:], p.m, x, i0)
				}
			}
		})
		b.Run(fmt.Sprintf("D=%d/fill2", dim), func(b *testing.B) {
			for b.Loop() {
				for i0 := 0; i0 < dim; i0 += blockLen {
					p.fill2(buf[:], buf2[:], p.m, p.m2, x, i0)
				}
			}
		})
	}
}
