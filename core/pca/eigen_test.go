package pca

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// oracle returns gonum's eigenvalues (descending) of the covariance of d.
func oracle(t *testing.T, d []float64, k, n int) []float64 {
	t.Helper()
	cov := mat.NewSymDense(n, nil)
	cov.SymOuterK(1/float64(k-1), mat.NewDense(k, n, d).T())
	var es mat.EigenSym
	if !es.Factorize(cov, false) {
		t.Fatal("gonum EigenSym failed")
	}
	v := es.Values(nil)
	for i, j := 0, len(v)-1; i < j; i, j = i+1, j-1 {
		v[i], v[j] = v[j], v[i]
	}
	return v
}

// TestPrincipalAgreesWithGonum checks both paths of principal (Gram matrix
// for k ≤ n, covariance for k > n) against mat.EigenSym: same eigenvalues,
// orthonormal eigenvectors with Σv = λv.
func TestPrincipalAgreesWithGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, c := range []struct{ k, n int }{{2, 2}, {3, 2}, {8, 10}, {12, 30}, {8, 100}, {40, 10}, {100, 10}, {5, 5}} {
		d := make([]float64, c.k*c.n)
		for i := range d {
			d[i] = r.NormFloat64() * float64(1+i%c.n)
		}
		// centre the rows so d is a deviation matrix
		for j := range c.n {
			s := 0.0
			for i := range c.k {
				s += d[i*c.n+j]
			}
			for i := range c.k {
				d[i*c.n+j] -= s / float64(c.k)
			}
		}
		vals, vecs := principal(d, c.k, c.n)
		want := oracle(t, d, c.k, c.n)
		scale := want[0]
		for j := range c.n {
			if math.Abs(vals[j]-max(want[j], 0)) > 1e-10*scale {
				t.Errorf("k=%d n=%d: λ%d = %v, gonum %v", c.k, c.n, j+1, vals[j], want[j])
			}
		}
		cov := mat.NewSymDense(c.n, nil)
		cov.SymOuterK(1/float64(c.k-1), mat.NewDense(c.k, c.n, d).T())
		V := mat.NewDense(c.n, c.n, vecs)
		var vvt mat.Dense
		vvt.Mul(V, V.T())
		if !mat.EqualApprox(&vvt, eye(c.n), 1e-10) {
			t.Errorf("k=%d n=%d: eigenvectors not orthonormal", c.k, c.n)
		}
		for j := range c.n {
			v := mat.NewVecDense(c.n, vecs[j*c.n:(j+1)*c.n])
			var sv mat.VecDense
			sv.MulVec(cov, v)
			for i := range c.n {
				if math.Abs(sv.AtVec(i)-vals[j]*v.AtVec(i)) > 1e-9*scale {
					t.Fatalf("k=%d n=%d: Σv ≠ λv for v%d", c.k, c.n, j+1)
				}
			}
		}
	}
}

func eye(n int) *mat.Dense {
	m := mat.NewDense(n, n, nil)
	for i := range n {
		m.Set(i, i, 1)
	}
	return m
}

// TestJacobiRepeatedAndDiagonal covers matrices Jacobi must not loop on.
func TestJacobiRepeatedAndDiagonal(t *testing.T) {
	a := []float64{2, 0, 0, 0, 2, 0, 0, 0, 5}
	vals, _ := jacobi(a, 3)
	if vals[0] != 5 || vals[1] != 2 || vals[2] != 2 {
		t.Fatalf("diagonal: %v", vals)
	}
	b := []float64{1, 1e-300, 1e-300, 1}
	vals, vecs := jacobi(b, 2)
	for _, x := range append(vals, vecs...) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Fatalf("tiny off-diagonal gave %v %v", vals, vecs)
		}
	}
}

func TestProjectionKeepsItsInput(t *testing.T) {
	x := []float64{0, 0, 1, 2, 2, 1, 3, 3}
	p, err := Project(x, 2, func(i, j int) bool { return i < j }, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	x[0] = 99 // the caller's buffer may change later
	if p.Input[0] != 0 || len(p.Input) != 8 || p.Input[7] != 3 {
		t.Fatalf("Input = %v", p.Input)
	}
}
