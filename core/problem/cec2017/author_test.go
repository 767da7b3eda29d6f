package cec2017_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"

	"pcaplay/core/problem"
	"pcaplay/core/problem/cec2017"
	"pcaplay/core/problem/cec2017/official"
)

// authorVector is one point of testdata/author-variants.json: the HECO-DE
// author's code (cec2017_cy.pyx) evaluated at x on problem P, dimension D,
// giving f and its mean violation v̄ (testdata/README.md says how). That
// v̄ is (Σ max(0, g_i) + Σ max(0, |h_j| − δ))/(p + q), i.e.
// problem.Violation/(p + q): it subtracts δ = 1e-4 from each violated
// equality, where the CEC 2017 definition (problem.MeanViolation) does not.
type authorVector struct {
	Problem, Dim int
	X            []float64
	F, V         float64
}

func readAuthorVectors(t *testing.T) []authorVector {
	t.Helper()
	b, err := os.ReadFile("testdata/author-variants.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []authorVector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 160 {
		t.Fatalf("%d vectors, want 160", len(vs))
	}
	return vs
}

// rel is |a − b| / max(1, |a|, |b|).
func rel(a, b float64) float64 {
	return math.Abs(a-b) / math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// The variants give the author's f and v̄ at every point of the vectors (to
// 1e-9, as the 23 functions that agree with the official code), and the
// official function does not: at some point of each problem and D its f
// or v̄ is off by more than 1e-6, so the vectors tell the two apart.
func TestAuthorVariantsMatchTheAuthorsCode(t *testing.T) {
	differs := map[string]bool{}
	for i, vec := range readAuthorVectors(t) {
		key := fmt.Sprintf("C%02d/%d", vec.Problem, vec.Dim)
		d, err := cec2017.LoadDataFS(official.FS(), vec.Problem, vec.Dim)
		if err != nil {
			t.Fatal(err)
		}
		av, err := cec2017.NewAuthor(vec.Problem, vec.Dim, d)
		if err != nil {
			t.Fatal(err)
		}
		if want := key[:3] + cec2017.AuthorSuffix; av.Name() != want {
			t.Errorf("name %q, want %q", av.Name(), want)
		}
		off, _ := cec2017.New(vec.Problem, vec.Dim, d)
		eval := func(p problem.Problem) (f, v float64) {
			g, h := make([]float64, p.NumIneq()), make([]float64, p.NumEq())
			f = p.Evaluate(vec.X, g, h)
			return f, problem.Violation(g, h) / float64(len(g)+len(h))
		}
		f, v := eval(av)
		if rel(f, vec.F) > 1e-9 || rel(v, vec.V) > 1e-9 {
			t.Errorf("vector %d, %s-author: f, v̄ = %v, %v; the author's code %v, %v", i, key, f, v, vec.F, vec.V)
		}
		if f, v := eval(off); rel(f, vec.F) > 1e-6 || rel(v, vec.V) > 1e-6 {
			differs[key] = true
		}
	}
	for _, n := range cec2017.AuthorVariants {
		for _, dim := range []int{10, 30, 50, 100} {
			if key := fmt.Sprintf("C%02d/%d", n, dim); !differs[key] {
				t.Errorf("%s: the official function gives the author's values at every point", key)
			}
		}
	}
}

func TestNewAuthorRefusesOthers(t *testing.T) {
	d := cec2017.GenerateData(12, 10, 1)
	if _, err := cec2017.NewAuthor(12, 10, d); err == nil {
		t.Fatal("NewAuthor(12) made a variant; C12 has none")
	}
	if _, err := cec2017.NewAuthor(21, 10, &cec2017.Data{Shift: make([]float64, 9)}); err == nil {
		t.Fatal("NewAuthor accepted a 9-number shift at D = 10")
	}
}
