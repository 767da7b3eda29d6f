package formula

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt from the native values")

// goldenFormulas exercise every function and operator over wide ranges of
// arguments. The points are x_i ∈ [−1.5, 1.5) from a PCG stream, the same
// on every platform.
var goldenFormulas = []struct {
	d   int
	src string
}{
	{2, "exp(7*x1) + exp(-30*x2)"},
	{2, "exp(x1*x2*300)"},
	{2, "log(abs(x1)) + log(1e-300 + abs(x2)*1e5)"},
	{2, "sin(x1*1000) + cos(x2*1e4) + tan(x1*3)"},
	{2, "asin(x1/1.5) + acos(x2/1.5) + atan(x1*40)"},
	{2, "sqrt(abs(x1)) + abs(x2)^1.7 + abs(x1)^0.3"},
	{2, "x1^3 + x2^-2 + 2^(10*x1) + abs(x2)^(x1*20)"},
	{2, "floor(x1*10)/10 + ceil(x2*7) + min(x1, x2, 0.5) * max(x2, -x1)"},
	{2, "(1 - x1)^2 + 100*(x2 - x1^2)*(x2 - x1^2)"},
	{3, "-x1^2 - 2^3^x2 + pi*e/D"},
	{10, "sum(i, 1, D-1, 100*(x[i+1]-x[i]^2)^2 + (1-x[i])^2)"},
	{10, "sum(i, 1, D, sum(j, 1, i, x[j])^2)"},
	{10, "sum(i, 1, D, (100*x[i])^2 - 5000*cos(0.1*pi*100*x[i]) - 4000)"},
	{10, "prod(i, 1, D, cos(x[i]*50/sqrt(i))) + exp(-sum(i, 1, D, x[i]^2)/D)"},
	{10, "-20*exp(-0.2*sqrt(sum(i, 1, D, x[i]^2)/D)) - exp(sum(i, 1, D, cos(2*pi*x[i]))/D) + 20 + e"},
	{10, "sum(i, 1, D, abs(x[i])^(i/3) * log(1 + abs(x[i])*1e3))"},
	{20, "sum(i, 1, D, x[i]*sin(sqrt(abs(500*x[i]))))"},
	{20, "sum(i, 1, D/2, exp(x[2*i-1]*x[2*i]*20) - tan(x[2*i]) * atan(x[2*i-1]*1e3))"},
	{2, "log(abs(x1)*1e-308) + abs(x2*1e-310)^0.37 + log(abs(x1*x2)*4e-320)"},
	{130, "sum(i, 1, D-1, 100*(x[i+1]-x[i]^2)^2 + (1-x[i])^2)"},
	{130, "sum(i, 1, D, sum(j, 1, i, x[j])^2) + prod(i, 1, D, 1 + (x[i] - 0.1)^2*0.01)"},
	{130, "sum(i, 1, D, (100*x[i])^2 - 5000*cos(0.1*pi*100*x[i]) - 4000) - sum(i, 1, D, x[i]*sin(x[i]*1e3))"},
}

const goldenPoints = 64

func goldenValues(d int, src string) ([]float64, error) {
	p, err := Compile(src, d)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(7, uint64(d)))
	out := make([]float64, goldenPoints)
	x := make([]float64, d)
	for k := range out {
		for i := range x {
			x[i] = r.Float64()*3 - 1.5
		}
		out[k] = p.Eval(x)
	}
	return out, nil
}

// TestGolden compares the bits of every golden formula at every point with
// testdata/golden.txt, written natively (go test -run Golden -update) and
// run under GOOS=js GOARCH=wasm too (make test-wasm): the language gives
// the same bits on both.
func TestGolden(t *testing.T) {
	if *update {
		if runtime.GOARCH == "wasm" {
			t.Fatal("-update writes the native values; run it natively")
		}
		var b strings.Builder
		b.WriteString("# D\tformula\tthe float64 bits of its value at the 64 points of goldenValues (hex); go test -run Golden -update\n")
		for _, g := range goldenFormulas {
			v, err := goldenValues(g.d, g.src)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%d\t%s\t", g.d, g.src)
			for k, x := range v {
				if k > 0 {
					b.WriteByte(' ')
				}
				fmt.Fprintf(&b, "%016x", math.Float64bits(x))
			}
			b.WriteByte('\n')
		}
		if err := os.WriteFile("testdata/golden.txt", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open("testdata/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 {
			t.Fatalf("bad line %q", line)
		}
		d, _ := strconv.Atoi(parts[0])
		v, err := goldenValues(d, parts[1])
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Fields(parts[2])
		if len(want) != len(v) {
			t.Fatalf("%s: %d values, want %d", parts[1], len(v), len(want))
		}
		for k, w := range want {
			bits, _ := strconv.ParseUint(w, 16, 64)
			if math.Float64bits(v[k]) != bits {
				t.Errorf("%s at point %d: %016x (%v), want %s (%v)", parts[1], k, math.Float64bits(v[k]), v[k], w, math.Float64frombits(bits))
			}
		}
		n++
	}
	if n != len(goldenFormulas) {
		t.Errorf("%d golden lines, want %d (go test -run Golden -update)", n, len(goldenFormulas))
	}
}
