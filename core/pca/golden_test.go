package pca_test

import (
	"fmt"
	"math"
	"testing"

	"pcaplay/core/pca"
)

// TestProjectGolden pins Project bit for bit, the whole n×n basis
// included, on full-rank and rank-deficient point sets (k ≤ n: Gram path,
// null space completed; k > n: Jacobi on the covariance; m above the rank:
// kept vectors from the null space). The digests were computed before any
// speed work on the package and must not change: a faster PCA has to give
// the same bits, natively and under GOOS=js.
func TestProjectGolden(t *testing.T) {
	cases := []struct {
		name     string
		count, n int
		k, m     int
		rank     int // points lie in an affine subspace of this dimension (0: general)
		dup      bool
	}{
		{"gram D=100 k=8 m=5", 8, 100, 8, 5, 0, false},
		{"gram D=100 k=12 m=5", 12, 100, 12, 5, 0, false},
		{"gram D=30 k=12 m=5", 12, 30, 12, 5, 0, false},
		{"gram D=10 k=8 m=5", 8, 10, 8, 5, 0, false},
		{"jacobi D=10 k=12 m=5", 12, 10, 12, 5, 0, false},
		{"jacobi D=2 k=8 m=1", 8, 2, 8, 1, 0, false},
		{"rank 2 D=50 k=8 m=5", 8, 50, 8, 5, 2, false},
		{"rank 1 D=100 k=12 m=5", 12, 100, 12, 5, 1, false},
		{"rank 3 D=10 k=12 m=5", 12, 10, 12, 5, 3, false},
		{"duplicates D=30 k=8 m=7", 10, 30, 8, 7, 0, true},
		{"m = n D=6 k=4", 4, 6, 4, 6, 0, false},
	}
	for ci, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRand(uint64(100 + ci))
			x := uniformPoints(r, c.count, c.n, -100, 100)
			if c.rank > 0 {
				// x_i = a + Σ_{j<rank} t_ij b_j
				base := uniformPoints(r, c.rank+1, c.n, -100, 100)
				for i := range c.count {
					xi := row(x, c.n, i)
					copy(xi, row(base, c.n, 0))
					for j := 1; j <= c.rank; j++ {
						s := 2*r.Float64() - 1
						for d := range xi {
							xi[d] += s * base[j*c.n+d]
						}
					}
				}
			}
			if c.dup {
				for i := 1; i < c.count; i += 2 {
					copy(row(x, c.n, i), row(x, c.n, i-1))
				}
			}
			f := uniformPoints(r, c.count, 1, 0, 1)
			p, err := pca.Project(x, c.n, byValue(f), c.k, c.m)
			if err != nil {
				t.Fatal(err)
			}
			h := uint64(14695981039346656037)
			word := func(w uint64) { h ^= w; h *= 1099511628211; h ^= h >> 29 }
			floats := func(a []float64) {
				word(uint64(len(a)))
				for _, v := range a {
					word(math.Float64bits(v))
				}
			}
			for _, i := range p.Selected {
				word(uint64(i))
			}
			floats(p.Mean)
			floats(p.Values)
			floats(p.Vectors)
			floats(p.Coords)
			floats(p.Points)
			floats(p.Input)
			want := "(none)"
			if ci < len(goldenProject) {
				want = goldenProject[ci]
			}
			if got := fmt.Sprintf("%016x", h); got != want {
				t.Errorf("digest %s, want %s", got, want)
			}
		})
	}
}

var goldenProject = []string{
	"4c987b38768be4a8",
	"26f6fb3f3abf3a7c",
	"0c8488b5778d63cd",
	"4f91d934dd0ddb04",
	"349d253f50b8f762",
	"f471bdde1bc0ca85",
	"c617aa0ece63bb13",
	"789fbd1b4472d8c1",
	"d71e346b168c8092",
	"60b7aef5e5f02b4e",
	"2bd4478011347996",
}
