package formula

import (
	"math"

	"pcaplay/core/internal/fmath"
)

// A sum or prod whose body holds no loop is evaluated a chunk of indices
// at a time: each node of the body computes its values for up to chunk
// consecutive indices in one Go loop, x[i+c] is a view of x, and only
// then are the values summed (or multiplied), in index order. Every value
// is the same IEEE operation on the same operands as one index at a time,
// so the bits are those of the scalar closures (FuzzEval checks it); only
// the calls per index go.
const chunk = 64

// vec is a compiled node of a vectorised body: sc when its value does not
// depend on the loop's index (evaluated once per chunk), else v, which
// returns its values at the indices lo … lo+n−1 (a view of x, or buffer
// out of the state's buffers).
type vec struct {
	sc   fn
	isC  bool // sc is the constant c
	c    float64
	v    func(x []float64, s *state, lo, n int) []float64
	view bool // v is x[lo+off : lo+off+n]
	off  int
	// sqView says the values are the squares of x[lo+off : lo+off+n],
	// cSqView that they are (c − x[lo+off+j])²
	sqView, cSqView bool
	// sdsq says the values are m·(x[lo+off1+j] − x[lo+off+j]²)²
	sdsq bool
	off1 int
	m    float64
}

// val returns the value of a scalar node, a constant without a call.
func (v *vec) val(x []float64, s *state) float64 {
	if v.isC {
		return v.c
	}
	return v.sc(x, s)
}

// scalar is the vec of a scalar node.
func scalar(f built) vec { return vec{sc: f.f, isC: f.isC, c: f.c} }

// get returns the values of a vector node, a view of x without a call.
func (v *vec) get(x []float64, s *state, lo, n int) []float64 {
	if v.view {
		return x[lo+v.off:][:n]
	}
	return v.v(x, s, lo, n)
}

// vbuilder compiles the body of one loop of index slot.
type vbuilder struct {
	b    *builder
	slot int
	nbuf int // buffers used: indices 0 … nbuf−1
}

func buffer(s *state, i, n int) []float64 { return s.vb[i*chunk : i*chunk+n] }

func hasLoop(n *node) bool {
	if n.kind == kSum || n.kind == kProd {
		return true
	}
	for _, a := range n.args {
		if hasLoop(a) {
			return true
		}
	}
	return false
}

// vectorisable reports whether the body n can be compiled by compile: no
// loop inside.
func vectorisable(n *node) bool { return !hasLoop(n) }

func (vb *vbuilder) use(out int) {
	vb.nbuf = max(vb.nbuf, out+1)
}

// compile compiles n, writing its values into buffer out when it needs a
// buffer; its operands use buffers out and above.
func (vb *vbuilder) compile(n *node, out int) vec {
	if freeSlots(n)&(1<<uint(vb.slot)) == 0 {
		f, _ := vb.b.build(n)
		return scalar(f)
	}
	switch n.kind {
	case kIdx: // the loop's own index
		vb.use(out)
		return vec{v: func(_ []float64, s *state, lo, n int) []float64 {
			o := buffer(s, out, n)
			for j := range o {
				o[j] = float64(lo + j)
			}
			return o
		}}
	case kX:
		if slot, off, ok := vb.b.indexOffset(n.args[0]); ok && slot == vb.slot {
			off--
			return vec{v: func(x []float64, _ *state, lo, n int) []float64 { return x[lo+off : lo+off+n] }, view: true, off: off}
		}
		vb.use(out)
		ix, slot := vb.b.intFn(n.args[0]), vb.slot
		return vec{v: func(x []float64, s *state, lo, n int) []float64 {
			o := buffer(s, out, n)
			for j := range o {
				s.idx[slot] = lo + j
				o[j] = x[ix(s)-1]
			}
			return o
		}}
	case kNeg:
		a := vb.compile(n.args[0], out)
		vb.use(out)
		return negVec(a, out)
	case kAdd, kSub, kMul, kDiv:
		if n.kind == kMul {
			// c·(a op b)² in one loop
			for side := 0; side < 2; side++ {
				c, p := n.args[side], n.args[1-side]
				if freeSlots(c)&(1<<uint(vb.slot)) != 0 || p.kind != kPow || !isConst(p.args[1], vb.b, 2) {
					continue
				}
				if base := p.args[0]; base.kind == kAdd || base.kind == kSub {
					cf, _ := vb.b.build(c)
					scale := scalar(cf)
					v := vb.binarySq(base.kind, vb.compile(base.args[0], out), vb.compile(base.args[1], out+1), out, true, &scale)
					if v.sc == nil {
						return v
					}
				}
			}
		}
		return vb.binary(n.kind, vb.compile(n.args[0], out), vb.compile(n.args[1], out+1), out)
	case kPow:
		if base := n.args[0]; isConst(n.args[1], vb.b, 2) && base.kind >= kAdd && base.kind <= kDiv {
			// (a op b)^2 in one closure: the square is a second pass
			// over the chunk, without a call
			if sq := vb.binarySq(base.kind, vb.compile(base.args[0], out), vb.compile(base.args[1], out+1), out, true, nil); sq.sc == nil {
				return sq
			}
		}
		l, r := vb.compile(n.args[0], out), vb.compile(n.args[1], out+1)
		vb.use(out)
		if r.sc != nil && isConst(n.args[1], vb.b, 2) {
			return squareVec(l, out)
		}
		return vb.binary(kPow, l, r, out)
	case kCall:
		if n.fn == "min" || n.fn == "max" {
			acc := vb.compile(n.args[0], out)
			for _, a := range n.args[1:] {
				k := kMin
				if n.fn == "max" {
					k = kMax
				}
				acc = vb.binary(k, acc, vb.compile(a, out+1), out)
			}
			return acc
		}
		a := vb.compile(n.args[0], out)
		vb.use(out)
		g := unaryFuncs[n.fn]
		return unaryVec(a, n.fn, g, out)
	}
	// a node that depends on the index but is none of the above cannot
	// occur (loops are excluded); keep the scalar meaning all the same
	f, _ := vb.b.build(n)
	vb.use(out)
	slot := vb.slot
	return vec{v: func(x []float64, s *state, lo, n int) []float64 {
		o := buffer(s, out, n)
		for j := range o {
			s.idx[slot] = lo + j
			o[j] = f.f(x, s)
		}
		return o
	}}
}

// kMin and kMax are the element-wise min and max of binary (not kinds of
// nodes).
const (
	kMin = kProd + 1 + iota
	kMax
)

// isConst reports whether n is the constant c at the builder's D.
func isConst(n *node, b *builder, c float64) bool {
	if readsX(n) || freeSlots(n) != 0 {
		return false
	}
	f, _ := b.build(n)
	return f.isC && f.c == c
}

// op applies the binary operation k.
func op(k kind, a, b float64) float64 {
	switch k {
	case kAdd:
		return a + b
	case kSub:
		return a - b
	case kMul:
		return float64(a * b)
	case kDiv:
		return a / b
	case kPow:
		if b == 2 {
			return float64(a * a)
		}
		return pow(a, b)
	case kMin:
		return fmath.Min(a, b)
	case kMax:
		return fmath.Max(a, b)
	}
	return math.NaN()
}

// binary compiles the element-wise operation k of l and r into buffer out.
// At least one of l and r depends on the index.
func (vb *vbuilder) binary(k kind, l, r vec, out int) vec {
	return vb.binarySq(k, l, r, out, false, nil)
}

// binarySq is binary, squared when sq, and the square then multiplied by
// scale (a scalar) when scale is not nil: c·(a − b)² in one loop. The
// product c·(t·t) equals (t·t)·c exactly, so the side of c does not
// matter.
func (vb *vbuilder) binarySq(k kind, l, r vec, out int, sq bool, scale *vec) vec {
	vb.use(out)
	switch {
	case l.sc != nil && r.sc != nil:
		return vec{sc: func(x []float64, s *state) float64 { return op(k, l.val(x, s), r.val(x, s)) }}
	case r.sc != nil:
		return binaryVS(k, l, r, out, sq, scale)
	case l.sc != nil:
		return binarySV(k, l, r, out, sq, scale)
	}
	if r.sqView && sq && k == kSub && scale != nil {
		v := vb.sqDiffOfSquare(l, r.off, out, scale)
		if l.view && scale.isC {
			v.sdsq, v.off1, v.off, v.m = true, l.off, r.off, scale.c
		}
		return v
	}
	return binaryVV(k, l, r, out, sq, scale)
}

// sqDiffOfSquare compiles c·(a − x[i+off]²)² in one loop (Rosenbrock's
// term): the square of x is rounded as the separate node would round it.
//
//go:noinline
func (vb *vbuilder) sqDiffOfSquare(l vec, off, out int, scale *vec) vec {
	return vec{v: func(x []float64, s *state, lo, n int) []float64 {
		av := l.get(x, s, lo, n)
		o := buffer(s, out, n)
		av, bv := av[:len(o)], x[lo+off:][:len(o)]
		m := scale.val(x, s)
		j := 0
		for ; j+4 <= len(o); j += 4 {
			u, v, r := av[j:j+4:j+4], bv[j:j+4:j+4], o[j:j+4:j+4]
			t0, t1, t2, t3 := u[0]-float64(v[0]*v[0]), u[1]-float64(v[1]*v[1]), u[2]-float64(v[2]*v[2]), u[3]-float64(v[3]*v[3])
			r[0], r[1], r[2], r[3] = float64(m*float64(t0*t0)), float64(m*float64(t1*t1)), float64(m*float64(t2*t2)), float64(m*float64(t3*t3))
		}
		for ; j < len(o); j++ {
			t := av[j] - float64(bv[j]*bv[j])
			o[j] = float64(m * float64(t*t))
		}
		return o
	}}
}

// sumPlusSq compiles sum(i, lo, hi, a + (c − x[i+k])²) with the square
// computed in the sum's loop (Rosenbrock's second term). The bounds are
// lo and hi when konst, else lf and hf.
//
// (Not inlined, here and below, so that its closure is part of a small
// function: the compiler inlines only the smallest calls into a big one,
// and vec.get, buffer and vec.val must be inlined.)
//
//go:noinline
func sumPlusSq(l, r vec, lo, hi int, konst bool, lf, hf ifn) built {
	c, off := r.c, r.off
	return built{f: func(x []float64, s *state) float64 {
		acc := 0.0
		k, h := lo, hi
		if !konst {
			k, h = lf(s), hf(s)
		}
		for ; k <= h; k += chunk {
			av := l.get(x, s, k, min(chunk, h-k+1))
			bv := x[k+off:][:len(av)]
			j := 0
			for ; j+4 <= len(av); j += 4 {
				u, v := av[j:j+4:j+4], bv[j:j+4:j+4]
				t0, t1, t2, t3 := c-v[0], c-v[1], c-v[2], c-v[3]
				acc += u[0] + float64(t0*t0)
				acc += u[1] + float64(t1*t1)
				acc += u[2] + float64(t2*t2)
				acc += u[3] + float64(t3*t3)
			}
			for ; j < len(av); j++ {
				t := c - bv[j]
				acc += av[j] + float64(t*t)
			}
		}
		return acc
	}}
}

// binaryVS is binarySq with r one number.
//
//go:noinline
func binaryVS(k kind, l, r vec, out int, sq bool, scale *vec) vec {
	return vec{v: func(x []float64, s *state, lo, n int) []float64 {
		c := r.val(x, s)
		av := l.get(x, s, lo, n)
		o := buffer(s, out, n)
		av = av[:len(o)]
		switch {
		case sq && k == kSub:
			if scale != nil {
				m := scale.val(x, s)
				for j := range o {
					t := av[j] - c
					o[j] = float64(m * float64(t*t))
				}
				return o
			}
			for j := range o {
				t := av[j] - c
				o[j] = float64(t * t)
			}
			return o
		case sq && k == kAdd:
			if scale != nil {
				m := scale.val(x, s)
				for j := range o {
					t := av[j] + c
					o[j] = float64(m * float64(t*t))
				}
				return o
			}
			for j := range o {
				t := av[j] + c
				o[j] = float64(t * t)
			}
			return o
		}
		switch k {
		case kAdd:
			j := 0
			for ; j+4 <= len(o); j += 4 {
				o[j] = av[j] + c
				o[j+1] = av[j+1] + c
				o[j+2] = av[j+2] + c
				o[j+3] = av[j+3] + c
			}
			for ; j < len(o); j++ {
				o[j] = av[j] + c
			}
		case kSub:
			j := 0
			for ; j+4 <= len(o); j += 4 {
				o[j] = av[j] - c
				o[j+1] = av[j+1] - c
				o[j+2] = av[j+2] - c
				o[j+3] = av[j+3] - c
			}
			for ; j < len(o); j++ {
				o[j] = av[j] - c
			}
		case kMul:
			j := 0
			for ; j+4 <= len(o); j += 4 {
				o[j] = float64(av[j] * c)
				o[j+1] = float64(av[j+1] * c)
				o[j+2] = float64(av[j+2] * c)
				o[j+3] = float64(av[j+3] * c)
			}
			for ; j < len(o); j++ {
				o[j] = float64(av[j] * c)
			}
		default:
			for j := range o {
				o[j] = op(k, av[j], c)
			}
		}
		if sq {
			square(o)
		}
		return o
	}}
}

// binarySV is binarySq with l one number.
//
//go:noinline
func binarySV(k kind, l, r vec, out int, sq bool, scale *vec) vec {
	v := vec{v: func(x []float64, s *state, lo, n int) []float64 {
		c := l.val(x, s)
		bv := r.get(x, s, lo, n)
		o := buffer(s, out, n)
		bv = bv[:len(o)]
		switch {
		case sq && k == kSub:
			if scale != nil {
				m := scale.val(x, s)
				for j := range o {
					t := c - bv[j]
					o[j] = float64(m * float64(t*t))
				}
				return o
			}
			{
				bv := bv[:len(o)]
				j := 0
				for ; j+4 <= len(o); j += 4 {
					v, r := bv[j:j+4:j+4], o[j:j+4:j+4]
					t0, t1, t2, t3 := c-v[0], c-v[1], c-v[2], c-v[3]
					r[0], r[1], r[2], r[3] = float64(t0*t0), float64(t1*t1), float64(t2*t2), float64(t3*t3)
				}
				for ; j < len(o); j++ {
					t := c - bv[j]
					o[j] = float64(t * t)
				}
			}
			return o
		case sq && k == kAdd:
			if scale != nil {
				m := scale.val(x, s)
				for j := range o {
					t := c + bv[j]
					o[j] = float64(m * float64(t*t))
				}
				return o
			}
			for j := range o {
				t := c + bv[j]
				o[j] = float64(t * t)
			}
			return o
		}
		switch k {
		case kAdd:
			j := 0
			for ; j+4 <= len(o); j += 4 {
				o[j] = c + bv[j]
				o[j+1] = c + bv[j+1]
				o[j+2] = c + bv[j+2]
				o[j+3] = c + bv[j+3]
			}
			for ; j < len(o); j++ {
				o[j] = c + bv[j]
			}
		case kSub:
			j := 0
			for ; j+4 <= len(o); j += 4 {
				o[j] = c - bv[j]
				o[j+1] = c - bv[j+1]
				o[j+2] = c - bv[j+2]
				o[j+3] = c - bv[j+3]
			}
			for ; j < len(o); j++ {
				o[j] = c - bv[j]
			}
		case kMul:
			j := 0
			for ; j+4 <= len(o); j += 4 {
				o[j] = float64(c * bv[j])
				o[j+1] = float64(c * bv[j+1])
				o[j+2] = float64(c * bv[j+2])
				o[j+3] = float64(c * bv[j+3])
			}
			for ; j < len(o); j++ {
				o[j] = float64(c * bv[j])
			}
		default:
			for j := range o {
				o[j] = op(k, c, bv[j])
			}
		}
		if sq {
			square(o)
		}
		return o
	}}
	if sq && k == kSub && scale == nil && l.isC && r.view {
		v.cSqView, v.c, v.off = true, l.c, r.off
	}
	return v
}

// binaryVV is binarySq with two vectors.
//
//go:noinline
func binaryVV(k kind, l, r vec, out int, sq bool, scale *vec) vec {
	return vec{v: func(x []float64, s *state, lo, n int) []float64 {
		av := l.get(x, s, lo, n)
		bv := r.get(x, s, lo, n)
		o := buffer(s, out, n)
		av, bv = av[:len(o)], bv[:len(o)]
		switch {
		case sq && k == kSub:
			if scale != nil {
				{
					m := scale.val(x, s)
					av, bv := av[:len(o)], bv[:len(o)]
					j := 0
					for ; j+4 <= len(o); j += 4 {
						u, v, r := av[j:j+4:j+4], bv[j:j+4:j+4], o[j:j+4:j+4]
						t0, t1, t2, t3 := u[0]-v[0], u[1]-v[1], u[2]-v[2], u[3]-v[3]
						r[0], r[1], r[2], r[3] = float64(m*float64(t0*t0)), float64(m*float64(t1*t1)), float64(m*float64(t2*t2)), float64(m*float64(t3*t3))
					}
					for ; j < len(o); j++ {
						t := av[j] - bv[j]
						o[j] = float64(m * float64(t*t))
					}
				}
				return o
			}
			for j := range o {
				t := av[j] - bv[j]
				o[j] = float64(t * t)
			}
			return o
		case sq && k == kAdd:
			if scale != nil {
				m := scale.val(x, s)
				for j := range o {
					t := av[j] + bv[j]
					o[j] = float64(m * float64(t*t))
				}
				return o
			}
			for j := range o {
				t := av[j] + bv[j]
				o[j] = float64(t * t)
			}
			return o
		}
		switch k {
		case kAdd:
			j := 0
			for ; j+4 <= len(o); j += 4 {
				o[j] = av[j] + bv[j]
				o[j+1] = av[j+1] + bv[j+1]
				o[j+2] = av[j+2] + bv[j+2]
				o[j+3] = av[j+3] + bv[j+3]
			}
			for ; j < len(o); j++ {
				o[j] = av[j] + bv[j]
			}
		case kSub:
			j := 0
			for ; j+4 <= len(o); j += 4 {
				o[j] = av[j] - bv[j]
				o[j+1] = av[j+1] - bv[j+1]
				o[j+2] = av[j+2] - bv[j+2]
				o[j+3] = av[j+3] - bv[j+3]
			}
			for ; j < len(o); j++ {
				o[j] = av[j] - bv[j]
			}
		case kMul:
			j := 0
			for ; j+4 <= len(o); j += 4 {
				o[j] = float64(av[j] * bv[j])
				o[j+1] = float64(av[j+1] * bv[j+1])
				o[j+2] = float64(av[j+2] * bv[j+2])
				o[j+3] = float64(av[j+3] * bv[j+3])
			}
			for ; j < len(o); j++ {
				o[j] = float64(av[j] * bv[j])
			}
		default:
			for j := range o {
				o[j] = op(k, av[j], bv[j])
			}
		}
		if sq {
			square(o)
		}
		return o
	}}
}

// negVec is the closure of −a.
//
//go:noinline
func negVec(a vec, out int) vec {
	return vec{v: func(x []float64, s *state, lo, n int) []float64 {
		av := a.get(x, s, lo, n)
		o := buffer(s, out, n)
		av = av[:len(o)]
		j := 0
		for ; j+4 <= len(o); j += 4 {
			o[j] = -av[j]
			o[j+1] = -av[j+1]
			o[j+2] = -av[j+2]
			o[j+3] = -av[j+3]
		}
		for ; j < len(o); j++ {
			o[j] = -av[j]
		}
		return o
	}}
}

// squareVec is the closure of a², l a vector.
//
//go:noinline
func squareVec(l vec, out int) vec {
	return vec{sqView: l.view, off: l.off, v: func(x []float64, s *state, lo, n int) []float64 {
		av := l.get(x, s, lo, n)
		o := buffer(s, out, n)
		{
			av := av[:len(o)]
			j := 0
			for ; j+4 <= len(o); j += 4 {
				v, r := av[j:j+4:j+4], o[j:j+4:j+4]
				r[0], r[1], r[2], r[3] = float64(v[0]*v[0]), float64(v[1]*v[1]), float64(v[2]*v[2]), float64(v[3]*v[3])
			}
			for ; j < len(o); j++ {
				o[j] = float64(av[j] * av[j])
			}
		}
		return o
	}}
}

// unaryVec is the closure of g(a).
//
//go:noinline
func unaryVec(a vec, fn string, g func(float64) float64, out int) vec {
	// the common functions by a direct call, which costs less than
	// calling g (under WebAssembly, a call through a function value is a
	// call more)
	code := map[string]int{"cos": 1, "sin": 2, "sqrt": 3, "abs": 4, "exp": 5}[fn]
	return vec{v: func(x []float64, s *state, lo, n int) []float64 {
		av := a.get(x, s, lo, n)
		o := buffer(s, out, n)
		av = av[:len(o)]
		switch code {
		case 1:
			for j := range o {
				o[j] = math.Cos(av[j])
			}
		case 2:
			for j := range o {
				o[j] = math.Sin(av[j])
			}
		case 3:
			for j := range o {
				o[j] = math.Sqrt(av[j])
			}
		case 4:
			for j := range o {
				o[j] = math.Abs(av[j])
			}
		case 5:
			for j := range o {
				o[j] = fmath.Exp(av[j])
			}
		default:
			for j := range o {
				o[j] = g(av[j])
			}
		}
		return o
	}}
}

// sumRosenbrock compiles sum(i, lo, hi, m·(x[i+a] − x[i+b]²)² +
// (c − x[i+d])²), Rosenbrock's function and its shifts, in one loop over
// x with the roundings of the separate nodes.
//
//go:noinline
func sumRosenbrock(l, r vec, lo, hi int, konst bool, lf, hf ifn) built {
	m, a, b, c, d := l.m, l.off1, l.off, r.c, r.off
	return built{f: func(x []float64, s *state) float64 {
		acc := 0.0
		k, h := lo, hi
		if !konst {
			k, h = lf(s), hf(s)
		}
		if k > h {
			return acc
		}
		n := h - k + 1
		xa, xb, xd := x[k+a:][:n], x[k+b:][:n], x[k+d:][:n]
		j := 0
		for ; j+2 <= n; j += 2 {
			u, v, w := xa[j:j+2:j+2], xb[j:j+2:j+2], xd[j:j+2:j+2]
			t0, t1 := u[0]-float64(v[0]*v[0]), u[1]-float64(v[1]*v[1])
			q0, q1 := c-w[0], c-w[1]
			acc += float64(m*float64(t0*t0)) + float64(q0*q0)
			acc += float64(m*float64(t1*t1)) + float64(q1*q1)
		}
		for ; j < n; j++ {
			t, q := xa[j]-float64(xb[j]*xb[j]), c-xd[j]
			acc += float64(m*float64(t*t)) + float64(q*q)
		}
		return acc
	}}
}

// sumPairs compiles sum(i, lo, hi, a + b), a + b added into the sum
// directly, in the same order, without the buffer of the body. The bounds
// are lo and hi when konst, else lf and hf.
//
//go:noinline
func sumPairs(l, r vec, lo, hi int, konst bool, lf, hf ifn) built {
	return built{f: func(x []float64, s *state) float64 {
		acc := 0.0
		k, h := lo, hi
		if !konst {
			k, h = lf(s), hf(s)
		}
		for ; k <= h; k += chunk {
			m := min(chunk, h-k+1)
			av, bv := l.get(x, s, k, m), r.get(x, s, k, m)
			bv = bv[:len(av)]
			j := 0
			for ; j+4 <= len(av); j += 4 {
				u, v := av[j:j+4:j+4], bv[j:j+4:j+4]
				acc += u[0] + v[0]
				acc += u[1] + v[1]
				acc += u[2] + v[2]
				acc += u[3] + v[3]
			}
			for ; j < len(av); j++ {
				acc += av[j] + bv[j]
			}
		}
		return acc
	}}
}

func scaleBy(o []float64, c float64) {
	for j := range o {
		o[j] = float64(c * o[j])
	}
}

func square(o []float64) {
	for j := range o {
		o[j] = float64(o[j] * o[j])
	}
}

// vloop compiles a sum or prod with a vectorisable body; it returns false
// when the body is not.
func (b *builder) vloop(n *node) (built, bool) {
	body := n.args[2]
	if !vectorisable(body) {
		return built{}, false
	}
	vb := &vbuilder{b: b, slot: n.slot}
	v := vb.compile(body, 0)
	b.nbuf = max(b.nbuf, vb.nbuf)
	slot := n.slot
	lf, hf := b.intFn(n.args[0]), b.intFn(n.args[1])
	if v.sc != nil {
		// the body does not depend on the index (it may read x): add it up
		// index by index all the same, for the bits
		bf := v.sc
		if n.kind == kSum {
			return built{f: func(x []float64, s *state) float64 {
				acc := 0.0
				for k, h := lf(s), hf(s); k <= h; k++ {
					s.idx[slot] = k
					acc += bf(x, s)
				}
				return acc
			}}, true
		}
		return built{f: func(x []float64, s *state) float64 {
			acc := 1.0
			for k, h := lf(s), hf(s); k <= h; k++ {
				s.idx[slot] = k
				acc = float64(acc * bf(x, s))
			}
			return acc
		}}, true
	}
	vf := v.v
	lo, lok := b.intConst(n.args[0])
	hi, hok := b.intConst(n.args[1])
	if n.kind == kSum && body.kind == kAdd {
		// sum(i, lo, hi, a + b): add a + b into the sum directly, in the
		// same order, without the buffer of the body
		vb2 := &vbuilder{b: b, slot: n.slot}
		l, r := vb2.compile(body.args[0], 0), vb2.compile(body.args[1], 1)
		if l.sc == nil && r.sc == nil {
			b.nbuf = max(b.nbuf, vb2.nbuf)
			if r.cSqView && l.sdsq {
				return sumRosenbrock(l, r, lo, hi, lok && hok, lf, hf), true
			}
			if r.cSqView {
				return sumPlusSq(l, r, lo, hi, lok && hok, lf, hf), true
			}
			return sumPairs(l, r, lo, hi, lok && hok, lf, hf), true
		}
	}
	if n.kind == kSum && lok && hok {
		return built{f: func(x []float64, s *state) float64 {
			acc := 0.0
			for k := lo; k <= hi; k += chunk {
				vals := vf(x, s, k, min(chunk, hi-k+1))
				{
					j := 0
					for ; j+4 <= len(vals); j += 4 {
						u := vals[j : j+4 : j+4]
						acc += u[0]
						acc += u[1]
						acc += u[2]
						acc += u[3]
					}
					for ; j < len(vals); j++ {
						acc += vals[j]
					}
				}
			}
			return acc
		}}, true
	}
	if n.kind == kSum {
		return built{f: func(x []float64, s *state) float64 {
			acc := 0.0
			for k, h := lf(s), hf(s); k <= h; k += chunk {
				vals := vf(x, s, k, min(chunk, h-k+1))
				{
					j := 0
					for ; j+4 <= len(vals); j += 4 {
						u := vals[j : j+4 : j+4]
						acc += u[0]
						acc += u[1]
						acc += u[2]
						acc += u[3]
					}
					for ; j < len(vals); j++ {
						acc += vals[j]
					}
				}
			}
			return acc
		}}, true
	}
	return built{f: func(x []float64, s *state) float64 {
		acc := 1.0
		for k, h := lf(s), hf(s); k <= h; k += chunk {
			vals := vf(x, s, k, min(chunk, h-k+1))
			for _, t := range vals {
				acc = float64(acc * t)
			}
		}
		return acc
	}}, true
}
