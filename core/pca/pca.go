// Package pca implements PCA-projection (Huang, Xu, Li, He, §3.2) and the
// PCA-mutation of Munteanu & Lazarescu (§2.2).
//
// "Step N" below is step N of the paper's numbered pseudo-code: of
// PCA-projection in §3.2 (steps 1–5) and of the PCA-mutation in §2.2
// (steps 1–9).
//
// Both operators work on a flat, row-major point matrix x: point i is
// x[i*n:(i+1)*n]. Points and coordinates are numbered from 0 in error
// messages, as in Go slices.
//
// # Errors
//
// Bad input (n < 1, a length that is not a multiple of n, too few points,
// k < 2, m outside [1, n], a NaN or ±Inf coordinate, a negative or
// non-finite cmax, a nil ranking function or random source, coordinates so
// large that the mean, covariance or projection overflow float64) gives a
// nil result and a one-line error naming the value. No function in this
// package panics on bad input or returns a NaN.
//
// The one exception to "error means no result" is ErrZeroVariance: when the
// points that define the basis are all identical, Project and Mutate return
// BOTH a valid result, whose Points are a copy of the input points, AND an
// error that wraps ErrZeroVariance. Callers test errors.Is(err,
// ErrZeroVariance) and may use the result (the paper, §3.3: "if k points
// are identical (say x), then after PCA-projection, the projected points are
// still x").
package pca

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"pcaplay/core/internal/fmath"
	"slices"

	"pcaplay/core/problem"
)

// ErrZeroVariance is returned when the selected points have zero total
// variance (all identical), so no principal direction exists.
//
// It is returned (wrapped, test with errors.Is) together with a non-nil
// result whose Points equal the input points; see the package comment.
var ErrZeroVariance = errors.New("pca: the selected points have zero variance")

// Projection is what one PCA-projection did. All matrices are flat and
// row-major so they can be copied into typed arrays unchanged.
//
// Zero variance: when the k selected points are identical (Project returns
// ErrZeroVariance), Mean is that point, Values are all 0, Vectors is the
// identity (v_j = e_j), Coords are y_i = Vᵀ(x_i − m) with that basis (the
// first M coordinates of x_i − m) and Points are an exact copy of the input
// points: nothing is projected because no principal direction exists.
type Projection struct {
	N     int // dimension n
	Count int // number of input points
	K     int // points selected for the basis
	M     int // principal components kept

	// Selected are the indices (into the input) of the k best points, best first.
	Selected []int
	// Mean is m = (1/k) Σ x_i over the selected points.
	Mean []float64
	// Values are all n eigenvalues of Σ = 1/(k−1) Σ (x_i−m)(x_i−m)ᵀ, descending.
	// Values that come out of the eigensolver slightly negative from
	// round-off are clamped to 0, so all are ≥ 0.
	Values []float64
	// Vectors holds eigenvectors in the same order: v_j is
	// Vectors[j*N:(j+1)*N]. The sign of each is fixed so that its
	// largest-magnitude coordinate is positive.
	// (Ties in magnitude: the lowest such coordinate is made positive.)
	// The first M rows are Vᵀ, the transpose of the paper's n×m matrix V.
	// Project returns all N rows, an orthonormal basis of R^N. A
	// Projector computes only the leading rows it needs (at least M, see
	// Projector): len(Vectors)/N rows; Basis completes them.
	Vectors []float64
	// Coords are y_i = Vᵀ(x_i − m) for every input point, Count×M.
	Coords []float64
	// Points are the reconstructions x'_i = m + V y_i, Count×N.
	Points []float64
	// Input is a copy of the points that were projected, Count×N, so that
	// a viewer can draw each x_i with the arrow to its x'_i.
	Input []float64

	// rank is the number of leading rows of Vectors that span the range of
	// Σ; the rows from rank on complete the basis (see Basis). comp holds
	// the reflectors of that completion; it is nil for a Projection built
	// by hand, whose rows are then taken as the range.
	rank int
	comp *completion
}

// Basis returns all N eigenvectors, row j = v_j (N×N), the same as
// Project's Vectors bit for bit. When Vectors holds fewer rows (a
// Projector's result) Basis computes the missing ones, the orthonormal basis
// of the null space of Σ fixed by Gram–Schmidt order (see Project), stores
// them in Vectors and returns it. A Projection built by hand with fewer
// rows is completed in the same way, taking its rows as the range.
func (p *Projection) Basis() []float64 {
	n := p.N
	if n < 1 || len(p.Vectors) >= n*n {
		return p.Vectors
	}
	rows := len(p.Vectors) / n
	rank := p.rank
	if p.comp == nil || rank < 0 || rank > rows {
		rank = rows
		p.comp = new(completion)
	}
	v := slices.Grow(p.Vectors[:rows*n], n*n-rows*n)[:n*n]
	if !p.comp.built || p.comp.r != rank || p.comp.n != n {
		p.comp.build(v, rank, n)
	}
	for j := rows; j < n; j++ {
		p.comp.column(v[j*n:(j+1)*n], j)
	}
	p.Vectors = v
	return v
}

// A Projector computes PCA-projections like Project, bit for bit, with two
// differences that make it the operator of the solvers, called every
// generation: it reuses its memory from call to call (once it has seen the
// sizes, a projection allocates nothing), and it computes only the
// eigenvectors the projection uses. Its result's Vectors holds the M
// leading eigenvectors, more when the Gram path computed more range
// directions anyway or k > n (all N); Projection.Basis completes the rest on
// demand (a viewer drawing the dropped axes calls it).
//
// The Projection returned by Project, and all its slices, belong to the
// Projector and are valid until its next call. The zero value is ready to
// use. A Projector is not safe for concurrent use.
type Projector struct {
	p     Projection
	order []int
	comp  completion
	w     eigenWork
	b     basis
	d     []float64 // deviations of all points
}

// Project applies PCA-projection (§3.2, steps 1–5) to count points x
// (row-major, count×n, count = len(x)/n):
//
//  1. (step 1) it selects the k best points by less (less(i, j) reports
//     whether point i ranks before point j). The selection is a stable sort
//     of the indices 0..count−1, so ties keep the lower index first; less
//     must be a strict weak order (e.g. ByFeasibility).
//  2. (step 2) it computes the mean m = (1/k) Σ x_i and the
//     covariance Σ = 1/(k−1) Σ (x_i − m)(x_i − m)ᵀ of the selected points.
//  3. (step 3) it computes the eigen decomposition of Σ (see
//     principal: platform-independent Jacobi, checked against gonum's
//     mat.EigenSym in the tests), sorts the eigenpairs by descending
//     eigenvalue and keeps the m leading eigenvectors as the n×m matrix V.
//  4. (steps 4 and 5) it projects and reconstructs EVERY input point, the
//     selected ones and the others:
//     y_i = Vᵀ(x_i − m),  x'_i = m + V y_i.
//
// x'_i is the orthogonal projection of x_i onto the affine subspace through
// m spanned by the m leading principal axes of the selected points, so
// projecting the result again changes nothing and m = n returns the input.
//
// Numerical details (the paper is silent on them): the mean is computed as
// m_j = x_{s,j} + (1/k) Σ (x_{i,j} − x_{s,j}) with s the best point, so a
// coordinate that is the same in all selected points gives exactly that
// value; the covariance is formed from the deviations divided by their
// largest magnitude and the eigenvalues are scaled back, which avoids
// underflow and overflow of the squares; eigenvalues slightly below 0 from
// round-off are clamped to 0; each eigenvector's sign is fixed (largest
// |coordinate| positive, ties by lowest index) so results are reproducible.
// When m exceeds the rank of Σ (for example m ≥ k) the trailing kept
// eigenvectors span part of the null space of Σ; which orthonormal basis of
// that null space is used is fixed by principal (Gram–Schmidt on e_1…e_n).
//
// Errors (one line, naming the value): n < 1, len(x) not a multiple of n,
// k < 2, count < k, m < 1 or m > n, nil less, a NaN or ±Inf coordinate,
// overflow, an eigen decomposition failure. If the selected points are all
// identical, Project returns a result whose Points equal the input points
// together with an error wrapping ErrZeroVariance (see Projection).
func Project(x []float64, n int, less func(i, j int) bool, k, m int) (*Projection, error) {
	var pr Projector
	p, err := pr.Project(x, n, less, k, m)
	if p == nil {
		return nil, err
	}
	// The Projector is not used again: its result, with the whole basis,
	// is the caller's.
	p.Basis()
	p.comp = nil
	return p, err
}

// Project applies PCA-projection to the count = len(x)/n points x exactly as
// the package function Project does (same selection, same bits), keeping
// only the leading eigenvectors in the result (see Projector).
func (pr *Projector) Project(x []float64, n int, less func(i, j int) bool, k, m int) (*Projection, error) {
	count, err := checkShape(x, n)
	if err != nil {
		return nil, err
	}
	switch {
	case k < 2:
		return nil, fmt.Errorf("pca: k = %d selected points, need k ≥ 2 for a covariance", k)
	case count < k:
		return nil, fmt.Errorf("pca: k = %d exceeds the number of points %d", k, count)
	case m < 1 || m > n:
		return nil, fmt.Errorf("pca: m = %d components, need 1 ≤ m ≤ n = %d", m, n)
	case less == nil:
		return nil, errors.New("pca: the ranking function less is nil")
	}
	if err := checkFinite(x, n); err != nil {
		return nil, err
	}

	// Step 1: stable selection of the k best points.
	if cap(pr.order) < count {
		pr.order = make([]int, count)
	}
	order := pr.order[:count]
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		return 0
	})
	sel := order[:k:k]

	// Steps 2 and 3: mean, covariance, eigen decomposition (the leading m
	// eigenvectors at least).
	b := &pr.b
	if err := fitBasis(b, &pr.w, &pr.comp, x, n, sel, m); err != nil {
		return nil, err
	}
	p := &pr.p
	*p = Projection{
		N: n, Count: count, K: k, M: m,
		Selected: sel,
		Mean:     b.mean,
		Values:   b.values,
		Vectors:  b.vectors[:b.rows*n],
		Coords:   grow(p.Coords, count*m),
		Points:   grow(p.Points, count*n),
		Input:    append(p.Input[:0], x...),
		rank:     b.rank,
		comp:     &pr.comp,
	}

	// Step 4: y_i = Vᵀ(x_i − m) and x'_i = m + V y_i for all points.
	pr.d = grow(pr.d, len(x))
	if err := deviations(pr.d, x, n, b.mean); err != nil {
		return nil, err
	}
	project(p.Coords, pr.d, b.vectors, count, n, m)
	if b.zero {
		copy(p.Points, x)
	} else {
		reconstruct(p.Points, p.Coords, b.vectors, b.mean, count, n, m)
	}
	if err := checkOutput("projection", p.Coords, m, p.Points, n); err != nil {
		return nil, err
	}
	if b.zero {
		return p, zeroVarianceError(k, sel[0])
	}
	return p, nil
}

// ByFeasibility returns the feasibility-rule ranking of Deb used to select
// the k best points: point i ranks before point j iff
// problem.Better(f[i], v[i], f[j], v[j]), i.e. a feasible point (v = 0)
// before an infeasible one, feasible points by f, infeasible points by v,
// NaN last.
//
// f and v must hold one value per point. An index beyond the end of f or v
// is treated as (NaN, NaN), so it ranks last instead of panicking.
func ByFeasibility(f, v []float64) func(i, j int) bool {
	return func(i, j int) bool {
		return problem.Better(valueAt(f, i), valueAt(v, i), valueAt(f, j), valueAt(v, j))
	}
}

// valueAt is s[i], or NaN for an index outside s. (A function, not a
// closure inside ByFeasibility: where ByFeasibility is inlined, its
// comparator would call such a closure through a captured variable, a
// call per value; this one is inlined everywhere.)
func valueAt(s []float64, i int) float64 {
	if i < 0 || i >= len(s) {
		return math.NaN()
	}
	return s[i]
}

// Mutation is what one PCA-mutation (Munteanu & Lazarescu, §2.2) did. The
// layout follows Projection: flat, row-major; v_j is Vectors[j*N:(j+1)*N].
//
// Zero variance (all points identical; Mutate returns ErrZeroVariance):
// Values are 0, Vectors is the identity, Coords and Mutated are 0 and
// Points are an exact copy of the input.
type Mutation struct {
	N, Count int
	// Mean is m = (1/μ) Σ x_i over all μ = Count points.
	Mean []float64
	// Values are the n eigenvalues of Σ = 1/(μ−1) Σ (x_i−m)(x_i−m)ᵀ,
	// descending and ≥ 0.
	Values []float64
	// Vectors holds the n eigenvectors, row j is v_j, sign fixed as in
	// Projection.
	Vectors []float64
	// Coords are y_i = Vᵀ(x_i − m), Count×N.
	Coords []float64
	// Mutated are y'_i, Count×N: y'_{i,j} = signum(y_{i,j})·sqrt(y_{i,j}² + c_{j,i}).
	Mutated []float64
	// Points are the children x'_i = V y'_i + m, Count×N.
	Points []float64
}

// Mutate applies the PCA-mutation of Munteanu & Lazarescu as restated in
// §2.2 (steps 1–9) to the μ = len(x)/n points x (row-major, μ×n). In
// the paper's step numbering:
//
//  1. (step 1) the mean m = (1/μ) Σ x_i and the covariance
//     Σ = 1/(μ−1) Σ (x_i − m)(x_i − m)ᵀ over ALL points. The paper writes
//     Σ = E[(x − m)(x − m)ᵀ] without a normaliser; we use the unbiased
//     1/(μ−1) of PCA-projection (§3.2, step 2). The factor only scales the
//     eigenvalues, not the eigenvectors, so the children do not depend on it.
//  2. (step 2) all n eigenvectors, sorted by descending eigenvalue,
//     form V = [v_1 … v_n] (signs fixed as in Project).
//  3. (step 3) y_i = Vᵀ(x_i − m) for every point.
//  4. (steps 4 and 5) squared lengths y_{j,i}² and, for each point i, n
//     quantities c_{1,i} ≤ c_{2,i} ≤ … ≤ c_{n,i}: n draws cmax·U, U uniform
//     in [0, 1) (r.Float64), sorted non-decreasing. The largest-variance
//     direction therefore gets the smallest c. Draw order: point 0's n
//     values, then point 1's, … (always μ·n draws, also when cmax = 0).
//  5. (step 6) y'_{j,i}² = y_{j,i}² + c_{j,i}.
//  6. (steps 7 and 8) y'_{j,i} = signum(y_{j,i})·sqrt(y_{j,i}² + c_{j,i}).
//  7. (step 9) x'_i = V y'_i + m.
//
// signum(0): the paper's signum gives 0, so a coordinate y_{j,i} = 0 stays 0
// (y' = y; the point is not pushed along that axis). The same holds along a
// direction of zero variance: in exact arithmetic every y along it is 0,
// but round-off leaves tiny values whose sign is noise, so for a direction
// whose eigenvalue is ≤ 4·n·μ·ε·λ_1 (ε = 2⁻⁵² the machine epsilon) we keep
// y' = y. Thus a population lying in a lower-dimensional affine subspace
// (e.g. a line) is only mutated within that subspace.
//
// cmax = 0 returns the input points (up to round-off). Errors as in
// Project, plus μ < 2, cmax negative, NaN or ±Inf, and r == nil. All points
// identical: a result whose Points equal the input, together with an error
// wrapping ErrZeroVariance.
func Mutate(x []float64, n int, cmax float64, r *rand.Rand) (*Mutation, error) {
	count, err := checkShape(x, n)
	if err != nil {
		return nil, err
	}
	switch {
	case count < 2:
		return nil, fmt.Errorf("pca: PCA-mutation needs at least 2 points for a covariance, got %d", count)
	case math.IsNaN(cmax) || math.IsInf(cmax, 0) || cmax < 0:
		return nil, fmt.Errorf("pca: cmax = %v, need a finite cmax ≥ 0", cmax)
	case r == nil:
		return nil, errors.New("pca: the random source r is nil")
	}
	if err := checkFinite(x, n); err != nil {
		return nil, err
	}
	all := make([]int, count)
	for i := range all {
		all[i] = i
	}
	var b basis
	if err := fitBasis(&b, new(eigenWork), new(completion), x, n, all, n); err != nil {
		return nil, err
	}
	mu := &Mutation{
		N: n, Count: count,
		Mean:    b.mean,
		Values:  b.values,
		Vectors: b.vectors,
		Coords:  make([]float64, count*n),
		Mutated: make([]float64, count*n),
		Points:  make([]float64, count*n),
	}
	d := make([]float64, len(x))
	if err := deviations(d, x, n, b.mean); err != nil {
		return nil, err
	}
	project(mu.Coords, d, b.vectors, count, n, n)

	// null[j]: direction j has zero variance to working precision.
	null := make([]bool, n)
	tol := 4 * float64(n) * float64(count) * epsilon * b.values[0]
	for j, l := range b.values {
		null[j] = b.zero || l <= tol
	}
	c := make([]float64, n)
	for i := range count {
		for j := range c {
			c[j] = cmax * r.Float64()
		}
		slices.Sort(c)
		yi, yo := mu.Coords[i*n:(i+1)*n], mu.Mutated[i*n:(i+1)*n]
		for j, yij := range yi {
			if null[j] || yij == 0 {
				yo[j] = yij // signum(0) = 0: no mutation along this axis
				continue
			}
			// |y'| = sqrt(y² + c) = hypot(y, √c), computed without overflow.
			yo[j] = math.Copysign(math.Hypot(yij, math.Sqrt(c[j])), yij)
		}
	}
	if b.zero {
		copy(mu.Points, x)
	} else {
		reconstruct(mu.Points, mu.Mutated, b.vectors, b.mean, count, n, n)
	}
	if err := checkOutput("mutation", mu.Mutated, n, mu.Points, n); err != nil {
		return nil, err
	}
	if b.zero {
		return mu, zeroVarianceError(count, 0)
	}
	return mu, nil
}

// epsilon is the machine epsilon of float64, 2⁻⁵².
const epsilon = 0x1p-52

// basis is the PCA of a set of rows of x.
type basis struct {
	mean, values, vectors []float64 // vectors has room for n×n
	rows, rank            int       // rows of vectors computed; rows 0..rank−1 span the range
	zero                  bool      // all rows identical: identity basis, zero values
	dev                   []float64 // scratch: scaled deviations of the rows
}

// fitBasis computes into b the mean, the covariance 1/(len(rows)−1) Σ d dᵀ
// of the given rows of x and its eigen decomposition, eigenpairs sorted by
// descending eigenvalue, eigenvalues clamped at 0, eigenvector signs fixed:
// all n eigenvalues and at least the need leading eigenvectors (rows of the
// null space beyond need are left to comp, whose reflectors it builds when
// it needs them). len(rows) ≥ 2 and x is finite. b's slices are reused.
func fitBasis(b *basis, w *eigenWork, comp *completion, x []float64, n int, rows []int, need int) error {
	k := len(rows)
	b.mean = grow(b.mean, n)
	b.values = grow(b.values, n)
	b.vectors = grow(b.vectors, n*n)
	b.zero = false
	comp.built = false
	// Shifted mean: exact for a coordinate that is constant over the rows.
	ref := x[rows[0]*n : (rows[0]+1)*n]
	for j := range n {
		s := 0.0
		for _, i := range rows[1:] {
			s += x[i*n+j] - ref[j]
		}
		b.mean[j] = ref[j] + s/float64(k)
		if math.IsInf(s, 0) || math.IsInf(b.mean[j], 0) {
			return fmt.Errorf("pca: coordinate %d of the points spreads beyond the float64 range (point %d has %v)", j, rows[0], ref[j])
		}
	}
	// Deviations of the rows, scaled by their largest magnitude.
	b.dev = grow(b.dev, k*n)
	dev := b.dev
	scale := 0.0
	for r, i := range rows {
		for j := range n {
			v := x[i*n+j] - b.mean[j]
			if math.IsInf(v, 0) {
				return fmt.Errorf("pca: point %d coordinate %d = %v is too far from the mean %v (float64 overflow)", i, j, x[i*n+j], b.mean[j])
			}
			dev[r*n+j] = v
			scale = fmath.Max(scale, math.Abs(v)) // the built-in is a runtime call in WebAssembly
		}
	}
	if scale == 0 {
		// Identical points: the shifted mean above is exactly the point.
		b.zero = true
		clear(b.values)
		clear(b.vectors)
		for j := range n {
			b.vectors[j*n+j] = 1
		}
		b.rows, b.rank = n, n
		return nil
	}
	for i := range dev {
		dev[i] /= scale
	}
	b.rows, b.rank = w.principal(dev, k, n, b.values, b.vectors)
	if b.rows < need {
		comp.build(b.vectors, b.rank, n)
		for j := b.rows; j < need; j++ {
			comp.column(b.vectors[j*n:(j+1)*n], j)
		}
		b.rows = need
	}
	for j := range n {
		l := scale * (scale * b.values[j])
		if math.IsInf(l, 0) || math.IsNaN(l) {
			return fmt.Errorf("pca: eigenvalue λ%d overflows float64 (coordinates spread %v)", j+1, scale)
		}
		b.values[j] = l
	}
	return nil
}

// checkShape validates n and len(x) and returns the number of points.
func checkShape(x []float64, n int) (int, error) {
	if n < 1 {
		return 0, fmt.Errorf("pca: dimension n = %d, need n ≥ 1", n)
	}
	if len(x)%n != 0 {
		return 0, fmt.Errorf("pca: len(x) = %d is not a multiple of n = %d", len(x), n)
	}
	return len(x) / n, nil
}

// checkFinite names the first NaN or ±Inf coordinate of x.
func checkFinite(x []float64, n int) error {
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("pca: point %d coordinate %d = %v is not a finite number", i/n, i%n, v)
		}
	}
	return nil
}

// deviations writes x_i − m for every point into d (len(x)), or returns an
// error on overflow.
func deviations(d, x []float64, n int, mean []float64) error {
	for i, v := range x {
		d[i] = v - mean[i%n]
		if math.IsInf(d[i], 0) {
			return fmt.Errorf("pca: point %d coordinate %d = %v is too far from the mean %v (float64 overflow)", i/n, i%n, v, mean[i%n])
		}
	}
	return nil
}

// checkOutput reports the first non-finite coordinate or point of a result.
func checkOutput(what string, coords []float64, cn int, points []float64, n int) error {
	for i, v := range coords {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("pca: %s coordinate y%d of point %d = %v overflows float64", what, i%cn+1, i/cn, v)
		}
	}
	for i, v := range points {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("pca: %s point %d coordinate %d = %v overflows float64", what, i/n, i%n, v)
		}
	}
	return nil
}

func zeroVarianceError(k, point int) error {
	return fmt.Errorf("%w: all %d points equal point %d", ErrZeroVariance, k, point)
}
