package pca

import (
	"math"
	"pcaplay/core/internal/fmath"
)

// Why not gonum here: gonum's BLAS kernels (used by mat.Mul, SymOuterK and
// EigenSym) run amd64 assembly natively and pure Go under GOOS=js, and the
// two round differently. A PCA-projection computed natively then differs in
// the last bits from the same one in the browser, and a seeded run diverges.
// The eigenproblems below are small and solved by the cyclic Jacobi method
// in plain Go, so every platform computes the same bits; the tests check the
// results against gonum's mat.EigenSym.

// principal returns the eigenvalues (descending, clamped at 0) and an
// orthonormal basis of eigenvectors (row j = v_j, n×n) of the covariance
// Σ = 1/(k−1) DᵀD of the k×n deviation matrix d (row-major). It is
// eigenWork.principal followed by the completion of the whole basis.
func principal(d []float64, k, n int) (vals, vecs []float64) {
	var w eigenWork
	vals = make([]float64, n)
	vecs = make([]float64, n*n)
	rows, rank := w.principal(d, k, n, vals, vecs)
	if rows < n {
		var c completion
		c.build(vecs, rank, n)
		for j := rows; j < n; j++ {
			c.column(vecs[j*n:(j+1)*n], j)
		}
	}
	return vals, vecs
}

// eigenWork is the scratch memory of principal, kept by a Projector so that
// a projection allocates nothing once it has seen its sizes.
type eigenWork struct {
	gram, cov []float64 // k×k Gram matrix or n×n covariance
	jac       jacobiWork
}

// principal writes the eigenvalues of Σ = 1/(k−1) DᵀD (descending, clamped
// at 0) into vals (n) and its leading eigenvectors into the first rows of
// vecs (row j = v_j; cap n×n). It returns how many rows it wrote and the
// rank: rows 0..rank−1 span the range of Σ, and the rows from rank on (none
// are written yet when rows = rank < n) are the deterministic orthonormal
// basis of its null space that completion computes. A caller that needs
// more rows completes them with completion.column; the bits are the same
// whenever they are computed.
//
// When k ≤ n it diagonalises the k×k Gram matrix G = 1/(k−1) D Dᵀ instead:
// G u = λ u gives Σ v = λ v with v = Dᵀu / √((k−1)λ) for every λ > 0, at
// cost O(k²n + k³) rather than O(n³). The rank r ≤ k−1 directions with
// λ > 0 are re-orthonormalised, and the null space of Σ (λ = 0) is
// completed deterministically by Householder reflections (completion), only
// as far as a caller asks. When k > n the covariance is diagonalised
// directly and all n rows are written.
func (w *eigenWork) principal(d []float64, k, n int, vals, vecs []float64) (rows, rank int) {
	if k > n {
		w.cov = grow(w.cov, n*n)
		cov := w.cov
		// Σ_ab = Σ_i d_ia d_ib in index order, four b at a time (independent
		// sums, each in its own order).
		for a := range n {
			b := a
			for ; b+4 <= n; b += 4 {
				var s0, s1, s2, s3 float64
				for i := range k {
					di := d[i*n : (i+1)*n]
					x := di[a]
					s0 += x * di[b]
					s1 += x * di[b+1]
					s2 += x * di[b+2]
					s3 += x * di[b+3]
				}
				for q, s := range [4]float64{s0, s1, s2, s3} {
					s /= float64(k - 1)
					cov[a*n+b+q], cov[(b+q)*n+a] = s, s
				}
			}
			for ; b < n; b++ {
				s := 0.0
				for i := range k {
					s += d[i*n+a] * d[i*n+b]
				}
				s /= float64(k - 1)
				cov[a*n+b], cov[b*n+a] = s, s
			}
		}
		w.jac.run(cov, n, vals, vecs)
		for j := range n {
			vals[j] = max(vals[j], 0)
		}
		return n, n
	}

	clear(vals)
	w.gram = grow(w.gram, k*k)
	gram := w.gram
	// G_ab = Σ_j d_aj d_bj in index order, four b at a time (independent
	// sums, each in its own order).
	for a := range k {
		da := d[a*n : (a+1)*n]
		b := a
		for ; b+4 <= k; b += 4 {
			d0, d1, d2, d3 := d[b*n:(b+1)*n], d[(b+1)*n:(b+2)*n], d[(b+2)*n:(b+3)*n], d[(b+3)*n:(b+4)*n]
			var s0, s1, s2, s3 float64
			for j, x := range da {
				s0 += x * d0[j]
				s1 += x * d1[j]
				s2 += x * d2[j]
				s3 += x * d3[j]
			}
			for q, s := range [4]float64{s0, s1, s2, s3} {
				s /= float64(k - 1)
				gram[a*k+b+q], gram[(b+q)*k+a] = s, s
			}
		}
		for ; b < k; b++ {
			db := d[b*n : (b+1)*n]
			s := 0.0
			for j, x := range da {
				s += x * db[j]
			}
			s /= float64(k - 1)
			gram[a*k+b], gram[b*k+a] = s, s
		}
	}
	w.jac.vals = grow(w.jac.vals, k)
	w.jac.vecs = grow(w.jac.vecs, k*k)
	gv, gu := w.jac.vals, w.jac.vecs
	w.jac.run(gram, k, gv, gu)
	// Directions with λ below tol·λ₁ are round-off: treat them as null.
	tol := float64(4*n*k) * epsilon * gv[0]
	r := 0
	for j := 0; j < k && j < n; j++ {
		l := gv[j]
		if l <= tol || l <= 0 {
			break
		}
		v := vecs[r*n : (r+1)*n]
		u := gu[j*k : (j+1)*k]
		// v_c = Σ_i d_ic u_i in index order, four c at a time.
		c := 0
		for ; c+4 <= n; c += 4 {
			var s0, s1, s2, s3 float64
			for i, ui := range u {
				dc := d[i*n+c : i*n+c+4]
				s0 += dc[0] * ui
				s1 += dc[1] * ui
				s2 += dc[2] * ui
				s3 += dc[3] * ui
			}
			v[c], v[c+1], v[c+2], v[c+3] = s0, s1, s2, s3
		}
		for ; c < n; c++ {
			s := 0.0
			for i, ui := range u {
				s += d[i*n+c] * ui
			}
			v[c] = s
		}
		if !orthonormalise(vecs, r, n) {
			continue
		}
		fixSign(v)
		vals[r] = l
		r++
	}
	return r, r
}

// completion computes rows r..n−1 of an orthonormal basis whose rows
// 0..r−1 are given (orthonormal): an orthonormal basis of their orthogonal
// complement. With Householder reflectors H_0…H_{r−1} that reduce those
// rows to upper-triangular form, Q = H_0⋯H_{r−1} is orthogonal and its
// columns r..n−1 span the complement; column c is obtained by applying the
// reflectors to e_c, so each row costs O(nr) and the whole completion
// O(n²r) rather than the O(n³) of orthogonalising n unit vectors. Each row
// depends only on the reflectors and its index, so rows can be computed
// one at a time, in any order, with the same bits.
type completion struct {
	r, n  int
	a, us []float64 // working copy of rows 0..r−1; reflector j acts on coordinates j..n−1
	built bool
}

// build computes the reflectors of rows 0..r−1 of vecs.
func (c *completion) build(vecs []float64, r, n int) {
	c.r, c.n, c.built = r, n, true
	c.a = grow(c.a, r*n)
	c.us = grow(c.us, r*n)
	a, us := c.a, c.us
	copy(a, vecs[:r*n])
	clear(us)
	for j := range r {
		x := a[j*n+j : (j+1)*n]
		alpha := norm(x)
		if x[0] > 0 {
			alpha = -alpha
		}
		u := us[j*n+j : (j+1)*n]
		copy(u, x)
		u[0] -= alpha
		nu := norm(u)
		if nu == 0 {
			continue // x is already alpha·e_j: identity reflector
		}
		for i := range u {
			u[i] /= nu
		}
		// apply H_j = I − 2uuᵀ to the remaining rows of a (coordinates j..)
		for q := j; q < r; q++ {
			w := a[q*n+j : (q+1)*n]
			s := 2 * dot(u, w)
			for i := range w {
				w[i] -= s * u[i]
			}
		}
	}
}

// column writes basis row c ≥ r into w (length n): Q e_c, sign fixed.
func (c *completion) column(w []float64, col int) {
	n := c.n
	clear(w)
	w[col] = 1
	for j := c.r - 1; j >= 0; j-- {
		u := c.us[j*n+j : (j+1)*n]
		s := 2 * dot(u, w[j:])
		for i := range u {
			w[j+i] -= s * u[i]
		}
	}
	fixSign(w)
}

// grow returns s resized to length n, reusing its memory when it can. The
// contents are unspecified: callers overwrite or clear them.
func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// orthonormalise makes row r of vecs orthogonal to rows 0..r−1 (two passes
// of modified Gram–Schmidt) and of unit length. It reports false when the
// row has (numerically) no component outside their span.
func orthonormalise(vecs []float64, r, n int) bool {
	v := vecs[r*n : (r+1)*n]
	norm0 := norm(v)
	if norm0 == 0 {
		return false
	}
	for range 2 {
		for q := range r {
			w := vecs[q*n : (q+1)*n]
			s := dot(v, w)
			for c := range v {
				v[c] -= s * w[c]
			}
		}
	}
	nv := norm(v)
	if nv <= 1e-8*norm0 {
		return false
	}
	for c := range v {
		v[c] /= nv
	}
	return true
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func norm(a []float64) float64 {
	// scaled to avoid overflow and underflow of the squares
	m := 0.0
	for _, x := range a {
		m = fmath.Max(m, math.Abs(x)) // the built-in is a runtime call in WebAssembly
	}
	if m == 0 {
		return 0
	}
	s := 0.0
	for _, x := range a {
		s += (x / m) * (x / m)
	}
	return m * math.Sqrt(s)
}

// jacobi diagonalises the symmetric n×n matrix a (row-major; destroyed) by
// the cyclic Jacobi method (jacobiWork.run) and returns the eigenvalues in
// descending order and the eigenvectors as rows.
func jacobi(a []float64, n int) (vals, vecs []float64) {
	var w jacobiWork
	vals = make([]float64, n)
	vecs = make([]float64, n*n)
	w.run(a, n, vals, vecs)
	return vals, vecs
}

// jacobiWork is the scratch memory of the Jacobi method; vals and vecs are
// room for the results of a caller that keeps them here too.
type jacobiWork struct {
	v          []float64
	order      []int
	vals, vecs []float64
}

// run diagonalises the symmetric n×n matrix a (row-major; destroyed; only
// its diagonal and upper triangle are read) by the cyclic Jacobi method: sweeps of plane rotations over all pairs (p, q),
// p < q, each zeroing a_pq, until the off-diagonal part is negligible. It
// writes the eigenvalues in descending order into vals (n) and the
// eigenvectors as rows into vecs (n×n, row j belongs to value j), each with
// its largest |coordinate| positive (ties: lowest index).
func (w *jacobiWork) run(a []float64, n int, vals, vecs []float64) {
	w.v = grow(w.v, n*n)
	vt := w.v // eigenvectors as rows: the transpose of V
	clear(vt)
	for i := range n {
		vt[i*n+i] = 1
	}
	for sweep := 0; sweep < 100; sweep++ {
		off, diag := 0.0, 0.0
		for p := range n {
			diag += a[p*n+p] * a[p*n+p]
			for q := p + 1; q < n; q++ {
				off += a[p*n+q] * a[p*n+q]
			}
		}
		if off == 0 || off <= 1e-32*diag {
			break
		}
		for p := 0; p < n-1; p++ {
			for q := p + 1; q < n; q++ {
				apq := a[p*n+q]
				if apq == 0 {
					continue
				}
				app, aqq := a[p*n+p], a[q*n+q]
				// After three sweeps, an a_pq too small to change either
				// diagonal entry is set to 0 without a rotation (Rutishauser's
				// threshold): it saves the last sweeps most of their work.
				if g := 100 * math.Abs(apq); sweep > 3 && math.Abs(app)+g == math.Abs(app) && math.Abs(aqq)+g == math.Abs(aqq) {
					a[p*n+q] = 0
					continue
				}
				// Rotation angle: t = tan φ is the smaller root of
				// t² + 2θt − 1 = 0 with θ = (a_qq − a_pp)/(2 a_pq).
				theta := (aqq - app) / (2 * apq)
				t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				if theta < 0 {
					t = -t
				}
				if math.IsInf(theta, 0) {
					t = 0.5 / theta // a_pq negligible against the diagonal
				}
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				// a ← Jᵀ a J, on the upper triangle only. The textbook
				// update changes the columns p and q of every row r, then
				// the rows p and q; because a is symmetric (bit for bit, by
				// induction), for r ∉ {p, q} both steps compute the same
				// numbers from the same operands, so each is computed once,
				// from the elements (p, r) and (q, r) wherever the upper
				// triangle keeps them. The 2×2 block {p, q} follows the two
				// steps in order. The lower triangle is never read.
				bpp, bpq := c*app-s*apq, s*app+c*apq // column step, row p
				bqp, bqq := c*apq-s*aqq, s*apq+c*aqq // column step, row q
				for r := 0; r < p; r++ {             // (r, p) and (r, q) in column p and q
					rp, rq := r*n+p, r*n+q
					apr, aqr := a[rp], a[rq]
					a[rp], a[rq] = c*apr-s*aqr, s*apr+c*aqr
				}
				ap, aq := a[p*n:(p+1)*n], a[q*n:(q+1)*n]
				for r := p + 1; r < q; r++ { // (p, r) in row p, (r, q) in column q
					rq := r*n + q
					apr, aqr := ap[r], a[rq]
					ap[r], a[rq] = c*apr-s*aqr, s*apr+c*aqr
				}
				for r := q + 1; r < n; r++ { // (p, r) and (q, r) in rows p and q
					apr, aqr := ap[r], aq[r]
					ap[r], aq[r] = c*apr-s*aqr, s*apr+c*aqr
				}
				ap[p], aq[q] = c*bpp-s*bqp, s*bpq+c*bqq // row step, columns p and q
				ap[q] = 0
				// V ← V J, kept transposed (vt row p is column p of V).
				vp, vq := vt[p*n:(p+1)*n], vt[q*n:(q+1)*n]
				for r, vrp := range vp {
					vrq := vq[r]
					vp[r] = c*vrp - s*vrq
					vq[r] = s*vrp + c*vrq
				}
			}
		}
	}
	// Sort descending (stable: equal values keep column order).
	if cap(w.order) < n {
		w.order = make([]int, n)
	}
	order := w.order[:n]
	for i := range order {
		order[i] = i
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && a[order[j]*n+order[j]] > a[order[j-1]*n+order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for j, col := range order {
		vals[j] = a[col*n+col]
		row := vecs[j*n : (j+1)*n]
		copy(row, vt[col*n:(col+1)*n])
		fixSign(row)
	}
}

// fixSign makes the largest-|coordinate| of v positive (ties: lowest index).
func fixSign(v []float64) {
	big, at := -1.0, 0
	for i, x := range v {
		if a := math.Abs(x); a > big {
			big, at = a, i
		}
	}
	if v[at] < 0 {
		for i := range v {
			v[i] = -v[i]
		}
	}
}

// project writes y_i = Vᵀ d_i (count×m) for the deviation rows d (count×n)
// using the first m rows of vecs.
func project(y, d, vecs []float64, count, n, m int) {
	for i := range count {
		di := d[i*n : (i+1)*n]
		yi := y[i*m : (i+1)*m]
		// dot(d_i, v_j), four j at a time (each sum in index order)
		j := 0
		for ; j+4 <= m; j += 4 {
			v0, v1, v2, v3 := vecs[j*n:(j+1)*n], vecs[(j+1)*n:(j+2)*n], vecs[(j+2)*n:(j+3)*n], vecs[(j+3)*n:(j+4)*n]
			var s0, s1, s2, s3 float64
			for c, x := range di {
				s0 += x * v0[c]
				s1 += x * v1[c]
				s2 += x * v2[c]
				s3 += x * v3[c]
			}
			yi[j], yi[j+1], yi[j+2], yi[j+3] = s0, s1, s2, s3
		}
		for ; j < m; j++ {
			yi[j] = dot(di, vecs[j*n:(j+1)*n])
		}
	}
}

// reconstruct writes x_i = m + V y_i (count×n) from coordinates y (count×m)
// and the first m rows of vecs.
func reconstruct(x, y, vecs, mean []float64, count, n, m int) {
	for i := range count {
		xi := x[i*n : (i+1)*n]
		copy(xi, mean)
		for j := range m {
			yij := y[i*m+j]
			vj := vecs[j*n : (j+1)*n]
			for c := range n {
				xi[c] += yij * vj[c]
			}
		}
	}
}
