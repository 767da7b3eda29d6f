package cec2017

import (
	"math"

	"pcaplay/core/internal/fmath"
)

// The constants are formed as in the C code: 0.1*PI multiplies the two
// rounded doubles (a Go constant expression would be rounded once), and
// exp(1), exp(−5), exp(0.25) are the correctly rounded values that the C
// library returns. exp of a variable uses fmath.Exp, which gives the same
// bits on every platform (math.Exp is assembly on amd64).
var (
	pi      = math.Pi
	twoPi   = 2 * pi
	tenthPi = 0.1 * pi
)

const (
	euler      = math.E               // exp(1.0)
	expMinus5  = 0.006737946999085467 // exp(−5.0)
	expQuarter = 1.2840254166877414   // exp(0.25)
)

// blockLen is the number of transformed coordinates produced per call of
// fill; the block lives on the stack of Evaluate.
const blockLen = 16

// keepLen is the largest D for which C17/C26 keep y on the stack.
const keepLen = 128

// cube returns y³ rounded once (barring near-ties far below an ulp), like
// the C library's pow(y, 3). With the error-free products y·y = p + e1 and
// p·y = q + e2, y³ = q + e2 + e1·y exactly, and only the small correction
// e2 + e1·y is rounded before the last addition.
func cube(y float64) float64 {
	p, e1 := twoProduct(y, y)
	q, e2 := twoProduct(p, y)
	return q + (e2 + float64(e1*y))
}

// twoProduct returns p = fl(a·b) and e with a·b = p + e exactly (Dekker's
// product with Veltkamp splitting into 26-bit halves; exact unless a·b is
// near the overflow or underflow threshold). It uses no FMA instruction,
// so it is as fast in WebAssembly, where math.FMA is emulated in software,
// as elsewhere.
func twoProduct(a, b float64) (p, e float64) {
	const split = 1<<27 + 1
	p = a * b
	ca := float64(split * a)
	ah := ca - (ca - a)
	al := a - ah
	cb := float64(split * b)
	bh := cb - (cb - b)
	bl := b - bh
	e = float64(float64(float64(ah*bh)-p)+float64(ah*bl)+float64(al*bh)) + float64(al*bl)
	return p, e
}

// sgn is −1, 0 or 1 (0 for 0 and NaN), as the C helper.
func sgn(v float64) float64 {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// s12 returns S12(z) = Σ_i (Σ_{j≤i} z_j)² over z_j = x_j − o_j taking
// every step-th coordinate from first. The C code recomputes each inner
// sum from j = 1; the running sum t is the same floating-point number.
func s12(x, o []float64, first, step int) float64 {
	o = o[:len(x)]
	var f, t float64
	for j := first; j < len(x); j += step {
		t += x[j] - o[j]
		f += float64(t * t)
	}
	return f
}

// maxZ returns max_i z_i, scanning as the C code (t = z_1; t = z_i if z_i > t).
func maxZ(x, o []float64) float64 {
	o = o[:len(x)]
	t := x[0] - o[0]
	for i := range x {
		if z := x[i] - o[i]; z > t {
			t = z
		}
	}
	return t
}

// diffSq returns Σ_{i=1}^{D−1} (z_i − z_{i+1})².
func diffSq(x, o []float64) float64 {
	o = o[:len(x)]
	var s float64
	for i := 0; i+1 < len(x); i++ {
		t := (x[i] - o[i]) - (x[i+1] - o[i+1])
		s += float64(t * t)
	}
	return s
}

func (p *cec) c01(x, g []float64) float64 {
	o := p.o[:len(x)]
	// f = S12(z) (s12's running sums) and z block by block, in one pass.
	var buf [blockLen]float64
	var f, t, g0 float64
	for i0 := 0; i0 < len(x); i0 += blockLen {
		n := min(blockLen, len(x)-i0)
		xs, os, z := x[i0:i0+n], o[i0:i0+n], buf[:n]
		for k := range z {
			zk := xs[k] - os[k]
			z[k] = zk
			t += zk
			f += float64(t * t)
		}
		g0 = rasSum(g0, z, tenthPi, 5000, 4000)
	}
	g[0] = g0
	return f
}

func (p *cec) c02(x, g []float64) float64 {
	o := p.o[:len(x)]
	f := s12(x, o, 0, 1)
	var buf [blockLen]float64
	var g0 float64
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill(buf[:], p.m, x, i0)
		g0 = rasSum(g0, buf[:n], tenthPi, 5000, 4000)
	}
	g[0] = g0
	return f
}

func (p *cec) c03(x, g, h []float64) float64 {
	o := p.o[:len(x)]
	f := s12(x, o, 0, 1)
	// g's terms z² − 5000 cos(0.1πz) − 4000 by rasSum (as C01), h's in the
	// pass that forms z block by block.
	var buf [blockLen]float64
	var g0, h0 float64
	for i0 := 0; i0 < len(x); i0 += blockLen {
		n := min(blockLen, len(x)-i0)
		xs, os, z := x[i0:i0+n], o[i0:i0+n], buf[:n]
		for k := range z {
			zk := xs[k] - os[k]
			z[k] = zk
			h0 += float64(zk * math.Sin(tenthPi*zk))
		}
		g0 = rasSum(g0, z, tenthPi, 5000, 4000)
	}
	g[0] = g0
	h[0] = -h0
	return f
}

// ras is one Rastrigin term u² − 10 cos(2πu) + 10.
func ras(u float64) float64 {
	return float64(u*u) - float64(10*math.Cos(twoPi*u)) + 10
}

// ros is one Rosenbrock term 100 (u² − v)² + (u − 1)².
func ros(u, v float64) float64 {
	t := float64(u*u) - v
	w := u - 1
	return float64(100*t*t) + float64(w*w)
}

func (p *cec) c04(x, g []float64) float64 {
	o := p.o[:len(x)]
	// f's Rastrigin terms ras(z) = (z² − 10 cos(2πz)) − (−10) by rasSum
	// (x − (−10) and x + 10 are the same IEEE operation), g's in the pass
	// that forms z block by block.
	var buf [blockLen]float64
	var f, g0, g1 float64
	for i0 := 0; i0 < len(x); i0 += blockLen {
		n := min(blockLen, len(x)-i0)
		xs, os, z := x[i0:i0+n], o[i0:i0+n], buf[:n]
		for k := range z {
			zk := xs[k] - os[k]
			z[k] = zk
			g0 += float64(zk * math.Sin(2*zk))
			g1 += float64(zk * math.Sin(zk))
		}
		f = rasSum(f, z, twoPi, 10, -10)
	}
	g[0] = -g0
	g[1] = g1
	return f
}

func (p *cec) c05(x, g []float64) float64 {
	o := p.o[:len(x)]
	var f float64
	for i := 0; i+1 < len(x); i++ {
		f += ros(x[i]-o[i], x[i+1]-o[i+1])
	}
	var buf, buf2 [blockLen]float64
	var g0, g1 float64
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill2(buf[:], buf2[:], p.m, p.m2, x, i0)
		g0 = rasSum(g0, buf[:n], twoPi, 50, 40)
		g1 = rasSum(g1, buf2[:n], twoPi, 50, 40)
	}
	g[0], g[1] = g0, g1
	return f
}

func (p *cec) c06(x, h []float64) float64 {
	o := p.o[:len(x)]
	var f, h0, h1, h2, h3, h4 float64
	for i := range x {
		z := x[i] - o[i]
		f += ras(z)
		// math.Sincos gives the same bits as math.Sin and math.Cos.
		s, c := math.Sincos(z)
		sp, cp := math.Sincos(pi * z)
		h0 += float64(z * s)
		h1 += float64(z * sp)
		h2 += float64(z * c)
		h3 += float64(z * cp)
		h4 += float64(z * math.Sin(2*math.Sqrt(math.Abs(z))))
	}
	h[0], h[1], h[2], h[3], h[4], h[5] = -h0, h1, -h2, h3, h4, -h4
	return f
}

func (p *cec) c07(x, h []float64) float64 {
	o := p.o[:len(x)]
	var f, h0 float64
	for i := range x {
		z := x[i] - o[i]
		f += float64(z * math.Sin(z))
		h0 += z - float64(100*math.Cos(0.5*z)) + 100
	}
	h[0], h[1] = h0, -h0
	return f
}

func (p *cec) c08(x, h []float64) float64 {
	o := p.o[:len(x)]
	h[0] = s12(x, o, 0, 2)
	h[1] = s12(x, o, 1, 2)
	return maxZ(x, o)
}

func (p *cec) c09(x, g, h []float64) float64 {
	o := p.o[:len(x)]
	g0 := 1.0
	for j := 1; j < len(x); j += 2 {
		g0 *= x[j] - o[j]
	}
	var h0 float64
	for j := 0; j+2 < len(x); j += 2 {
		a := x[j] - o[j]
		t := float64(a*a) - (x[j+2] - o[j+2])
		h0 += float64(t * t)
	}
	g[0], h[0] = g0, h0
	return maxZ(x, o)
}

func (p *cec) c10(x, h []float64) float64 {
	o := p.o[:len(x)]
	h[0] = s12(x, o, 0, 1)
	h[1] = diffSq(x, o)
	return maxZ(x, o)
}

func (p *cec) c11(x, g, h []float64) float64 {
	o := p.o[:len(x)]
	var f float64
	g0 := 1.0
	for i := range x {
		z := x[i] - o[i]
		f += z
		g0 *= z
	}
	g[0], h[0] = g0, diffSq(x, o)
	return f
}

// C12–C20 and their rotated twins C21–C28 read y block by block through
// fill; p.m is nil for C12–C20.

func (p *cec) c12(x, g []float64) float64 {
	var buf [blockLen]float64
	var f, a, s float64
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill(buf[:], p.m, x, i0)
		for _, y := range buf[:n] {
			f += ras(y)
			a += math.Abs(y)
			s += float64(y * y)
		}
	}
	g[0] = -a + 4
	g[1] = s - 4
	return f
}

func (p *cec) c13(x, g []float64) float64 {
	var buf [blockLen]float64
	var f, r, s, prev float64
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill(buf[:], p.m, x, i0)
		for k, y := range buf[:n] {
			if i0+k > 0 {
				f += ros(prev, y)
			}
			prev = y
			r += ras(y)
			s += y
		}
	}
	g[0] = r - 100
	g[1] = s - float64(2*p.dim)
	g[2] = -s + 5
	return f
}

func (p *cec) c14(x, g, h []float64) float64 {
	var buf [blockLen]float64
	var s, c, s1, y0 float64
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill(buf[:], p.m, x, i0)
		for k, y := range buf[:n] {
			s += float64(y * y)
			c += math.Cos(twoPi * y)
			if i0+k > 0 {
				s1 += float64(y * y)
			} else {
				y0 = y
			}
		}
	}
	nx := float64(p.dim)
	num1 := math.Sqrt(s / nx)
	num2 := c / nx
	g[0] = s1 + 1 - math.Abs(y0)
	h[0] = s - 4
	return float64(-20*fmath.Exp(-0.2*num1)) + 20 - fmath.Exp(num2) + euler
}

func (p *cec) c15(x, g, h []float64) float64 {
	var buf [blockLen]float64
	var f, s float64
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill(buf[:], p.m, x, i0)
		for k, y := range buf[:n] {
			a := math.Abs(y)
			if i0+k == 0 || f < a {
				f = a
			}
			s += float64(y * y)
		}
	}
	h[0] = math.Cos(f) + math.Sin(f)
	g[0] = s - float64(100*p.dim)
	return f
}

func (p *cec) c16(x, g, h []float64) float64 {
	var buf [blockLen]float64
	var f, s float64
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill(buf[:], p.m, x, i0)
		for _, y := range buf[:n] {
			f += math.Abs(y)
			s += float64(y * y)
		}
	}
	w := math.Cos(f) + math.Sin(f)
	h[0] = float64(w*w) - fmath.Exp(w) - 1 + euler
	g[0] = s - float64(100*p.dim)
	return f
}

func (p *cec) c17(x, g, h []float64) float64 {
	var buf [blockLen]float64
	// The sign count needs S = num1 first, so y is read twice: kept on the
	// stack when D ≤ keepLen, computed again otherwise.
	var keep [keepLen]float64
	kept := p.dim <= keepLen
	sq := p.sqrtIdx[:p.dim]
	num1, num2 := 0.0, 1.0
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill(buf[:], p.m, x, i0)
		for k, y := range buf[:n] {
			num1 += float64(y * y)
			num2 *= math.Cos(y / sq[i0+k])
		}
		if kept {
			copy(keep[i0:], buf[:n])
		}
	}
	var c float64
	if kept {
		for _, y := range keep[:p.dim] {
			c += sgn(math.Abs(y) - num1 + float64(y*y) - 1)
		}
	} else {
		for i0 := 0; i0 < p.dim; i0 += blockLen {
			n := p.fill(buf[:], p.m, x, i0)
			for _, y := range buf[:n] {
				c += sgn(math.Abs(y) - num1 + float64(y*y) - 1)
			}
		}
	}
	g[0] = -c + 1
	h[0] = num1 - float64(4*p.dim)
	return num1/4000 + 1 - num2
}

func (p *cec) c18(x, g, h []float64) float64 {
	var buf [blockLen]float64
	var f, a, s, num1, prev float64
	num2 := 1.0
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill(buf[:], p.m, x, i0)
		for k, y := range buf[:n] {
			a += math.Abs(y)
			s += float64(y * y)
			if i0+k > 0 {
				t := float64(prev*prev) - y
				num1 += float64(100 * t * t)
			}
			prev = y
			sn := math.Sin((y - 1) * pi)
			num2 = num2 * sn * sn
			w := y
			if math.Abs(y) >= 0.5 {
				w = 0.5 * math.Round(2*y)
			}
			f += ras(w)
		}
	}
	g[0] = -a + 1
	g[1] = s - float64(100*p.dim)
	h[0] = num1 + num2
	return f
}

func (p *cec) c19(x, g []float64) float64 {
	var buf [blockLen]float64
	var f, g0, g1, prev float64
	for i0 := 0; i0 < p.dim; i0 += blockLen {
		n := p.fill(buf[:], p.m, x, i0)
		for k, y := range buf[:n] {
			f += math.Sqrt(math.Abs(y)) + float64(2*math.Sin(cube(y)))
			if i0+k > 0 {
				r := math.Sqrt(float64(prev*prev) + float64(y*y))
				g0 += float64(-10 * fmath.Exp(-0.2*r))
			}
			prev = y
			sn := math.Sin(2 * y)
			g1 += float64(sn * sn)
		}
	}
	g[0] = g0 + p.g19
	g[1] = g1 - 0.5*float64(p.dim)
	return f
}

// schaffer is the C20 term s(a,b) − 0.5 = (sin²√(a²+b²) − 0.5)/(1 + 0.001√(a²+b²))².
func schaffer(a, b float64) float64 {
	r := math.Sqrt(float64(a*a) + float64(b*b))
	sn := math.Sin(r)
	q := float64(0.001*r) + 1
	return (float64(sn*sn) - 0.5) / float64(q*q)
}

func (p *cec) c20(x, g []float64) float64 {
	o := p.o[:len(x)]
	d := len(x)
	var num1, num3 float64
	for i := range x {
		z := x[i] - o[i]
		if i+1 < d {
			num1 = num1 + 0.5 + schaffer(z, x[i+1]-o[i+1])
		}
		num3 += z
	}
	num2 := 0.5 + schaffer(x[d-1]-o[d-1], x[0]-o[0])
	c := math.Cos(num3)
	g[0] = float64(c*c) - float64(0.25*c) - 0.125
	g[1] = fmath.Exp(c) - expQuarter
	return num1 + num2
}
