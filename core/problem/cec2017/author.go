package cec2017

import (
	"fmt"
	"math"

	"pcaplay/core/problem"
)

// The HECO-DE author's variants. The HECO-DE author published the code of
// his GECCO 2019 competition entry with its results (repository
// burningxt/HECO-DE-OldVersion, commit d4af593, GECCO/cec2017_cy.pyx), and
// those results are the HECO-DE column of the seed paper's ranks. Five of
// that code's 28 functions are not the official ones; the other 23 agree
// with the official evaluator (and so with New) to 1e-9. The five are
// here as labelled variants, named "C06-author" … "C27-author", so that
// the published runs can be reproduced on the functions they were made on;
// they are never the default, and New never returns them.
//
// With z = x − o (the official shift) and y = M z where the official
// function rotates, each variant differs from the official function so:
//
//	C06-author  h5 is overwritten with h6 = −Σ z_i sin(2√|z_i|) and h6 is 0
//	            (the same feasible set; v̄ counts |h5| once, not twice)
//	C10-author  h1 = Σ_i ((i+1)·z_i)², the inner sum adding z_i (i+1) times
//	            instead of z_1 … z_i
//	C18-author  the product term of h1 is Π_{i=1}^{D−1} sin²(z_i − 1)·π,
//	            over D − 1 terms and with π outside the sine
//	C21-author  not rotated: z is x − o and M multiplies a zero vector, so
//	            this is C12 on C21's shift (the official shifts of C12 and
//	            C21 are the same, so it is C12)
//	C27-author  the rounding of C18 applies to the last coordinate only
//	            (it sits after the loop), and there to the unrotated z_D
//	            when |y_D| ≥ 0.5; g1, g2 and h1 use the unrotated z; the
//	            product term of h1 starts at 0 and so is 0
//
// The rounding of C18-author and C27-author is Python's round, half to
// even (the official code's C round goes half away from zero). The
// vectors of testdata/author-variants.json are the author's code evaluated
// at 160 points (TestAuthorVariantsMatchTheAuthorsCode).

// AuthorVariants are the numbers of the problems that have an author's
// variant.
var AuthorVariants = []int{6, 10, 18, 21, 27}

// AuthorSuffix marks a variant's name: "C21" + AuthorSuffix.
const AuthorSuffix = "-author"

// NewAuthor returns the author's variant of problem num (one of
// AuthorVariants) at dimension dim, on the data d that New takes for num.
func NewAuthor(num, dim int, d *Data) (problem.Problem, error) {
	if !HasAuthorVariant(num) {
		return nil, fmt.Errorf("cec2017: C%02d has no author's variant (they are C06, C10, C18, C21, C27)", num)
	}
	p, err := New(num, dim, d)
	if err != nil {
		return nil, err
	}
	c := p.(*cec)
	c.name += AuthorSuffix
	if num == 21 {
		c.m = nil // the author's C21 multiplies M by a zero vector: C12 on C21's shift
	}
	c.desc = authorDesc[num]
	return &author{c}, nil
}

// HasAuthorVariant reports whether problem num has an author's variant.
func HasAuthorVariant(num int) bool {
	for _, n := range AuthorVariants {
		if n == num {
			return true
		}
	}
	return false
}

var authorDesc = map[int]string{
	6:  "C06 as in the HECO-DE author's code: h5 overwritten by h6, h6 = 0",
	10: "C10 as in the HECO-DE author's code: h1 = Σ ((i+1)·z_i)²",
	18: "C18 as in the HECO-DE author's code: h1's product Π_{i<D} sin²(z_i − 1)·π",
	21: "C21 as in the HECO-DE author's code: not rotated, so C12",
	27: "C27 as in the HECO-DE author's code: rounding on z_D only, unrotated constraints, no product term",
}

// author is one of the author's variants. It is written as the published
// loops, sum by sum in index order, for clarity rather than speed.
type author struct{ *cec }

// Evaluate returns f(x) and writes g and h as cec.Evaluate does.
func (p *author) Evaluate(x, g, h []float64) float64 {
	if len(x) != p.dim || len(g) < p.ng || len(h) < p.nh {
		return p.cec.Evaluate(x, g, h) // NaN everywhere
	}
	switch p.num {
	case 6:
		f := p.cec.c06(x, h)
		h[4], h[5] = h[5], 0
		return f
	case 21:
		return p.cec.c12(x, g) // C12's formulas on the unrotated z (NewAuthor drops M)
	}
	n := p.dim
	z := make([]float64, n)
	for i := range z {
		z[i] = x[i] - p.o[i]
	}
	switch p.num {
	case 10:
		var h0 float64
		for i := range z {
			t := 0.0
			for range i + 1 {
				t += z[i]
			}
			h0 += float64(t * t)
		}
		h[0], h[1] = h0, diffSq(x, p.o)
		return maxZ(x, p.o)
	case 18:
		g[0], g[1], h[0] = authorConstraints(z)
		h1 := 1.0
		for _, y := range z[:n-1] {
			sn := math.Sin(y - 1)
			h1 = h1 * float64(sn*sn) * pi
		}
		h[0] += h1
		return authorRastrigin(z, true)
	default: // 27
		w := make([]float64, n)
		for i := range n {
			var s float64
			for j := range n {
				s += float64(z[j] * p.m[i*n+j])
			}
			w[i] = s
		}
		if last := n - 1; math.Abs(w[last]) < 0.5 {
			w[last] = z[last]
		} else {
			w[last] = 0.5 * math.RoundToEven(2*z[last])
		}
		g[0], g[1], h[0] = authorConstraints(z) // the unrotated z, and no product term
		return authorRastrigin(w, false)
	}
}

// authorConstraints are C18's g1, g2 and the first sum of h1 on the
// unrotated z, as the author's C18 and C27 compute them: 1 − Σ|z_i|,
// Σ z_i² − 100·D and Σ_{i<D} 100 (z_i² − z_{i+1})².
func authorConstraints(z []float64) (g0, g1, h0 float64) {
	var a, s float64
	for i, y := range z {
		a += math.Abs(y)
		s += float64(y * y)
		if i+1 < len(z) {
			t := float64(y*y) - z[i+1]
			h0 += float64(100 * t * t)
		}
	}
	return 1 - a, s - float64(100*len(z)), h0
}

// authorRastrigin is Ras(w), with C18's rounding of every coordinate
// when round is set, half to even (Python's round).
func authorRastrigin(w []float64, round bool) float64 {
	var f float64
	for _, y := range w {
		if round && math.Abs(y) >= 0.5 {
			y = 0.5 * math.RoundToEven(2*y)
		}
		f += ras(y)
	}
	return f
}
