package pca_test

import (
	"fmt"
	"math"
	"slices"
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
	var pr pca.Projector // reused across the cases: no stale state may leak
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
			q, err := pr.Project(x, c.n, byValue(f), c.k, c.m)
			if err != nil {
				t.Fatal(err)
			}
			if len(q.Vectors) < c.m*c.n || len(q.Vectors)%c.n != 0 {
				t.Fatalf("Projector: %d vector coordinates, want whole rows, at least m = %d", len(q.Vectors), c.m)
			}
			if lead := q.Vectors; !sameBits(lead, p.Vectors[:len(lead)]) {
				t.Error("Projector: leading eigenvectors differ from Project's")
			}
			if got, want := digest(q.Basis()), digest(p.Vectors); got != want {
				t.Error("Projector: Basis differs from Project's Vectors")
			}
			for name, pair := range map[string][2][]float64{"Mean": {p.Mean, q.Mean}, "Values": {p.Values, q.Values},
				"Coords": {p.Coords, q.Coords}, "Points": {p.Points, q.Points}, "Input": {p.Input, q.Input}} {
				if !sameBits(pair[0], pair[1]) {
					t.Errorf("Projector: %s differs from Project's", name)
				}
			}
			if !slices.Equal(p.Selected, q.Selected) {
				t.Errorf("Projector: Selected %v, Project %v", q.Selected, p.Selected)
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

func digest(a []float64) uint64 {
	h := uint64(14695981039346656037)
	for _, v := range a {
		h ^= math.Float64bits(v)
		h *= 1099511628211
		h ^= h >> 29
	}
	return h
}

func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
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

// TestProjectorMatchesProject runs one Projector on a random sequence of
// shapes (n, count, k, m), full-rank, rank-deficient, with duplicate and
// with identical points, and checks every result against Project: the same
// bits in every field, the same error, the whole basis from Basis (called
// on some results only, so a later call never depends on an earlier one's
// completion).
func TestProjectorMatchesProject(t *testing.T) {
	r := newRand(77)
	var pr pca.Projector
	for it := range 300 {
		n := 1 + r.IntN(40)
		count := 2 + r.IntN(14)
		k := 2 + r.IntN(count-1)
		m := 1 + r.IntN(n)
		x := uniformPoints(r, count, n, -10, 10)
		switch r.IntN(4) {
		case 0: // all on a line
			for i := 1; i < count; i++ {
				s := r.Float64()
				for d := range n {
					x[i*n+d] = x[d] + s*(x[n+d]-x[d])
				}
			}
		case 1: // duplicates
			for i := 1; i < count; i += 2 {
				copy(row(x, n, i), row(x, n, i-1))
			}
		case 2: // identical
			for i := 1; i < count; i++ {
				copy(row(x, n, i), row(x, n, 0))
			}
		}
		f := uniformPoints(r, count, 1, 0, 1)
		want, werr := pca.Project(x, n, byValue(f), k, m)
		got, gerr := pr.Project(x, n, byValue(f), k, m)
		if fmt.Sprint(werr) != fmt.Sprint(gerr) || (want == nil) != (got == nil) {
			t.Fatalf("case %d (n=%d count=%d k=%d m=%d): error %v, Project %v", it, n, count, k, m, gerr, werr)
		}
		if want == nil {
			continue
		}
		if got.N != want.N || got.Count != want.Count || got.K != want.K || got.M != want.M ||
			!slices.Equal(got.Selected, want.Selected) || !sameBits(got.Mean, want.Mean) ||
			!sameBits(got.Values, want.Values) || !sameBits(got.Coords, want.Coords) ||
			!sameBits(got.Points, want.Points) || !sameBits(got.Input, want.Input) {
			t.Fatalf("case %d (n=%d count=%d k=%d m=%d): Projector differs from Project", it, n, count, k, m)
		}
		if len(got.Vectors) < m*n || len(got.Vectors)%n != 0 || !sameBits(got.Vectors, want.Vectors[:len(got.Vectors)]) {
			t.Fatalf("case %d (n=%d count=%d k=%d m=%d): leading vectors differ", it, n, count, k, m)
		}
		if it%3 == 0 && !sameBits(got.Basis(), want.Vectors) {
			t.Fatalf("case %d (n=%d count=%d k=%d m=%d): Basis differs from Project's Vectors", it, n, count, k, m)
		}
	}
}

// A Projection built by hand with fewer rows than N is completed from its
// rows: the result is orthonormal and keeps them.
func TestBasisOfHandMadeProjection(t *testing.T) {
	s := 1 / math.Sqrt2
	p := &pca.Projection{N: 3, M: 1, Vectors: []float64{s, s, 0}}
	b := p.Basis()
	if len(b) != 9 || b[0] != s || b[1] != s || b[2] != 0 {
		t.Fatalf("Basis = %v", b)
	}
	for i := range 3 {
		for j := range 3 {
			want := 0.0
			if i == j {
				want = 1
			}
			if d := dot(row(b, 3, i), row(b, 3, j)); math.Abs(d-want) > 1e-15 {
				t.Errorf("v%d·v%d = %v, want %v", i+1, j+1, d, want)
			}
		}
	}
}

// After its first call on a shape, a Projector allocates nothing: the
// solvers call it every generation.
func TestProjectorAllocatesNothing(t *testing.T) {
	r := newRand(3)
	x := uniformPoints(r, 12, 100, -100, 100)
	f := uniformPoints(r, 12, 1, 0, 1)
	less := byValue(f)
	var pr pca.Projector
	if _, err := pr.Project(x, 100, less, 12, 5); err != nil {
		t.Fatal(err)
	}
	if a := testing.AllocsPerRun(20, func() { pr.Project(x, 100, less, 12, 5) }); a != 0 {
		t.Errorf("%v allocations per projection, want 0", a)
	}
}
