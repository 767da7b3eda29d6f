package suite

import (
	"math"
	"strings"
	"testing"

	"pcaplay/core/problem"
	"pcaplay/core/problem/cec2017/official"
	"pcaplay/internal/testdata"
)

func TestListCoversEverything(t *testing.T) {
	list := List()
	teaching, cec := 0, 0
	seen := map[string]bool{}
	for _, in := range list {
		if seen[in.Name] {
			t.Errorf("%s listed twice", in.Name)
		}
		seen[in.Name] = true
		if in.Description == "" {
			t.Errorf("%s has no description", in.Name)
		}
		if in.Teaching {
			teaching++
			if len(in.Dims) != 1 || in.Dims[0] != 2 {
				t.Errorf("%s: dims %v", in.Name, in.Dims)
			}
		} else {
			cec++
		}
	}
	if teaching < 6 || cec != 28 {
		t.Fatalf("%d teaching and %d CEC problems", teaching, cec)
	}
	if list[0].Name != "rosenbrock" {
		t.Errorf("first problem is %s, want the paper's rosenbrock", list[0].Name)
	}
}

func TestNewEveryProblemEveryPlaygroundDim(t *testing.T) {
	for _, in := range List() {
		for _, d := range in.Dims {
			p, err := New(in.Name, d, Options{})
			if err != nil {
				t.Fatalf("%s D=%d: %v", in.Name, d, err)
			}
			if p.Dim() != d || p.NumIneq() != in.NumIneq || p.NumEq() != in.NumEq {
				t.Fatalf("%s D=%d: got dim %d, %d g, %d h", in.Name, d, p.Dim(), p.NumIneq(), p.NumEq())
			}
			lo, hi := p.Bounds()
			x := make([]float64, d)
			for j := range x {
				x[j] = lo[j] + 0.37*(hi[j]-lo[j])
			}
			e := problem.NewEvaluator(p)
			if f, v := e.Eval(x); math.IsNaN(f) || math.IsNaN(v) {
				t.Fatalf("%s D=%d: NaN at an interior point", in.Name, d)
			}
		}
	}
}

func TestNamesAreCaseInsensitive(t *testing.T) {
	for _, name := range []string{"c5", "C05", "c05"} {
		p, err := New(name, 10, Options{})
		if err != nil || p.Name() != "C05" {
			t.Errorf("New(%q) = %v, %v", name, p, err)
		}
	}
	if p, err := New("Rosenbrock", 2, Options{}); err != nil || p.Name() != "rosenbrock" {
		t.Errorf("New(Rosenbrock) = %v, %v", p, err)
	}
}

func TestErrorsNameTheBadValue(t *testing.T) {
	for _, c := range []struct {
		name string
		dim  int
		o    Options
		want string
	}{
		{"C29", 10, Options{}, "C29"},
		{"nosuch", 2, Options{}, "nosuch"},
		{"C01", 1, Options{}, "dim = 1"},
		{"C01", MaxDim + 2, Options{}, "dim = 1002"},
		{"rosenbrock", 10, Options{}, "dim = 10"},
		{"C01", 10, Options{DataDir: "/nonexistent/dir"}, "/nonexistent/dir"},
	} {
		_, err := New(c.name, c.dim, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%q, %d) = %v, want an error naming %q", c.name, c.dim, err, c.want)
		}
	}
}

func TestOfficialDataDiffersFromGenerated(t *testing.T) {
	dir := testdata.CEC2017Data(t)
	off, err := New("C02", 10, Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	gen, _ := New("C02", 10, Options{})
	x := make([]float64, 10)
	g1, g2 := make([]float64, 1), make([]float64, 1)
	if off.Evaluate(x, g1, nil) == gen.Evaluate(x, g2, nil) {
		t.Error("official and generated C02 agree at 0: the data option is ignored")
	}
	if _, err := New("C02", 12, Options{DataDir: dir}); err == nil {
		t.Error("official data at D=12 (no such files) did not fail")
	}
	// The embedded copy gives the same problem as the directory.
	emb, err := New("C02", 10, Options{Data: official.FS()})
	if err != nil {
		t.Fatal(err)
	}
	x[3] = 7
	if a, b := emb.Evaluate(x, g1, nil), off.Evaluate(x, g2, nil); a != b || g1[0] != g2[0] {
		t.Errorf("embedded data: f %v, g %v; directory: f %v, g %v", a, g1, b, g2)
	}
	if _, err := New("C02", 12, Options{Data: official.FS()}); err == nil || !strings.Contains(err.Error(), "12") {
		t.Errorf("embedded data at D=12: %v, want an error naming 12", err)
	}
}

func TestDataFiles(t *testing.T) {
	if got, err := DataFiles("c5", 30); err != nil || strings.Join(got, " ") != "shift_data_5.txt M1_5_D30.txt M2_5_D30.txt" {
		t.Errorf("DataFiles(c5, 30) = %v, %v", got, err)
	}
	if got, err := DataFiles("rosenbrock", 2); err != nil || got != nil {
		t.Errorf("DataFiles(rosenbrock) = %v, %v; want no files", got, err)
	}
	for _, c := range []struct {
		name string
		dim  int
	}{{"nosuch", 2}, {"C01", 2}, {"C29", 10}} {
		if _, err := DataFiles(c.name, c.dim); err == nil {
			t.Errorf("DataFiles(%s, %d): no error", c.name, c.dim)
		}
	}
}
